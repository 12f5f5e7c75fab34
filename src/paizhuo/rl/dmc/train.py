"""The Deep Monte-Carlo trainer behind ``paizhuo train GAME`` (``docs/rl.md``).

Rounds of: actors play deals (:func:`~paizhuo.rl.dmc.selfplay.play_task`, in ``workers``
processes), then the learner fits the network on them — mean squared error of ``q`` to the
final return (divided by the return scale), and in the warm start a behaviour-cloning loss
(the heuristic's choice among some legal actions, cross-entropy of the ``bc`` logits). The
first ``warm_deals`` deals (all of them by default) are the heuristic's own games, some of
their decisions labelled by playouts; after them the network plays every
seat, ε-greedy.

Everything is seeded: the deals of round ``r`` are fixed by the seed, and the learner's
shuffling and initial weights too, so a run is the same whoever runs it on the same machine.
A checkpoint (``checkpoint.pt``: the network, the optimizer, the counters, the log) is
written every ``checkpoint_minutes`` and at the end, with the numpy weights
(``dmc-GAME.npz``), the log (``log.csv``) and its curves (``curves.png``); ``resume`` goes on
from it, here or on another machine.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from paizhuo.arena import cluster
from paizhuo.arena.duplicate import spawn_context
from paizhuo.bots.qnet import QNet
from paizhuo.engine.registry import game_class
from paizhuo.errors import MalformedError
from paizhuo.rl.dmc.model import TorchQNet
from paizhuo.rl.dmc.selfplay import Samples, Task, play_task

LOG_FIELDS = ("round", "deals", "frames", "seconds", "phase", "loss_q", "loss_bc",
              "loss_belief", "frames_per_s", "eval")


@dataclass
class TrainConfig:
    """What a training run is: the game, its options, and the knobs."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    out: str = "runs/dmc"
    seed: int = 0
    warm_deals: int | None = None
    """Deals of the warm start (the heuristic's own games, labelled); ``None``: the whole
    run (the measured best on two cores, docs/rl.md); after them the network plays every
    seat itself."""
    deals_per_round: int = 8
    hidden: tuple[int, ...] = (512, 256, 128)
    lr: float = 3e-4
    batch: int = 256
    epochs: int = 2
    epsilon: float = 0.02
    bc_weight: float = 1.0
    bc_rows: int = 16
    alternatives: int = 0
    """In the warm start, actions labelled by a heuristic playout at a labelled decision
    (:class:`~paizhuo.rl.dmc.selfplay.Task`); 0: none, the warm start only imitates."""
    label_rate: float = 0.25
    advantage_weight: float = 1.0
    """The weight of the labelled alternatives' centred loss: each one's ``q`` less its
    decision's mean, to its value less theirs (what the deal's luck does not blur)."""
    belief_rate: float = 0.25
    """The share of decisions that teach the belief head where the other seats' cards are
    (0: no belief head)."""
    belief_weight: float = 1.0
    history: bool = True
    """Whether the network summarises the recent actions (an LSTM over the features'
    ``encode_history``, DouZero's over its last moves)."""
    q_weight: float | None = 2.0
    """How the bot plays the weights (written in their meta, :meth:`DmcBot.preferences`):
    the behaviour-cloning policy tilted by ``q_weight · q``; ``None``: the best ``q``."""
    workers: int = 1
    checkpoint_minutes: float = 10.0
    ray: str | None = None
    """Play the rounds' deals as Ray tasks at this address (``auto``, ``local`` or a head's
    ``host:port``) instead of local processes; a round is split in ``workers`` tasks."""


@dataclass
class Progress:
    """What the trainer tells its caller after each round."""

    round: int
    deals: int
    frames: int
    seconds: float
    phase: str
    loss_q: float
    loss_bc: float
    loss_belief: float
    frames_per_s: float
    eval: float | None = None


def _groups(samples: list[Samples], offsets: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
    """The labelled decisions of a round's samples: for each, its alternatives' indices in
    the concatenated samples (padded with its first) and which of them are real."""
    rows: list[list[int]] = []
    for s, o in zip(samples, offsets[:-1], strict=True):
        if s.groups is None:
            continue
        by: dict[int, list[int]] = {}
        for i, group in enumerate(s.groups.tolist()):
            if group >= 0:
                by.setdefault(group, []).append(int(o) + i)
        rows.extend(by.values())
    if not rows:
        return torch.zeros((0, 1), dtype=torch.int64), torch.zeros((0, 1))
    width = max(len(r) for r in rows)
    members = torch.tensor([r + [r[0]] * (width - len(r)) for r in rows], dtype=torch.int64)
    mask = torch.tensor([[1.0] * len(r) + [0.0] * (width - len(r)) for r in rows])
    return members, mask


def _beliefs(samples: list[Samples], offsets: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
    """The belief samples of a round: their decisions' indices in the concatenated samples,
    and their targets (the cards of each kind in each other seat's hand)."""
    index = [s.belief_index + o for s, o in zip(samples, offsets[:-1], strict=True)
             if s.belief_index is not None]
    target = [s.belief_target for s in samples if s.belief_target is not None]
    if not index:
        return torch.zeros(0, dtype=torch.int64), torch.zeros((0, 1, 1))
    return (torch.from_numpy(np.concatenate(index)),
            torch.from_numpy(np.concatenate(target).astype(np.float32)))


class Trainer:
    """One run: its network, optimizer, counters and log, in ``config.out``."""

    def __init__(self, config: TrainConfig) -> None:
        self.config = config
        self.out = Path(config.out)
        probe = game_class(config.game).new(config.options, seed=0)
        f = probe.featurizer()
        if f is None:
            raise MalformedError("game", f"{config.game} offers no observation features")
        torch.manual_seed(config.seed)
        belief = (probe.num_seats - 1, f.belief_kinds) \
            if f.belief_kinds and config.belief_rate > 0 else None
        history = (f.history_len, f.history_size) \
            if config.history and f.history_size else None
        self.model = TorchQNet(f.size, f.action_size, config.hidden, belief, history)
        self.features = f.digest()
        self.history_features = f.history_digest() if history else None
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config.lr)
        self.round = 0
        self.deals = 0
        self.frames = 0
        self.seconds = 0.0
        self.return_scale = 0.0
        self.log: list[dict[str, Any]] = []

    # -- checkpoints -----------------------------------------------------------------------

    @property
    def checkpoint_path(self) -> Path:
        return self.out / "checkpoint.pt"

    def save(self) -> Path:
        """Write the checkpoint, the numpy weights, the log and its curves."""
        self.out.mkdir(parents=True, exist_ok=True)
        state = {"config": asdict(self.config), "model": self.model.state_dict(),
                 "optimizer": self.optimizer.state_dict(), "round": self.round,
                 "deals": self.deals, "frames": self.frames, "seconds": self.seconds,
                 "return_scale": self.return_scale, "log": self.log}
        tmp = self.checkpoint_path.with_suffix(".tmp")
        torch.save(state, tmp)
        tmp.replace(self.checkpoint_path)  # a run stopped mid-write keeps the last one
        weights = self.out / f"dmc-{self.config.game}.npz"
        self.qnet().save(weights)
        self._write_log()
        return weights

    @classmethod
    def resume(cls, out: Path, **overrides: Any) -> Trainer:
        """The run in ``out``, as its last checkpoint left it (``overrides``: knobs that may
        change between sessions, such as ``workers``)."""
        path = out / "checkpoint.pt"
        if not path.exists():
            raise MalformedError("resume", f"{path} does not exist: nothing to resume")
        state = torch.load(path, weights_only=False)
        # (a run begun before the belief head had none, and played the best q)
        # (and one begun before the summary of the recent actions, none)
        saved = {"belief_rate": 0.0, "q_weight": None, "history": False, **state["config"]}
        config = TrainConfig(**{**saved, "hidden": tuple(saved["hidden"]), "out": str(out),
                                **overrides})
        trainer = cls(config)
        trainer.model.load_state_dict(state["model"])
        trainer.optimizer.load_state_dict(state["optimizer"])
        for group in trainer.optimizer.param_groups:
            group["lr"] = config.lr  # (an override goes on at the new rate)
        for key in ("round", "deals", "frames", "seconds", "return_scale", "log"):
            setattr(trainer, key, state[key])
        return trainer

    def qnet(self) -> QNet:
        meta = {"game": self.config.game, "options": self.config.options,
                "return_scale": self.return_scale or 1.0, "frames": self.frames,
                "q_weight": self.config.q_weight, "features": self.features,
                "deals": self.deals, "seed": self.config.seed}
        if self.history_features is not None:
            meta["history_features"] = self.history_features
        return self.model.to_qnet(meta)

    # -- training --------------------------------------------------------------------------

    @property
    def warm(self) -> bool:
        """Whether the next round is the warm start's."""
        c = self.config
        return c.warm_deals is None or self.deals < c.warm_deals

    def tasks(self) -> list[Task]:
        """The next round's tasks: its deals split among the workers."""
        c = self.config
        seeds = [c.seed * 1_000_003 + self.deals + i for i in range(c.deals_per_round)]
        warm = self.warm
        arrays = meta = None
        if not warm:
            net = self.qnet()
            arrays, meta = net.arrays(), net.meta
        parts = max(1, min(c.workers, len(seeds)))
        return [Task(c.game, c.options, seeds[i::parts], arrays, meta, c.epsilon,
                     c.bc_rows if warm else 0, c.alternatives if warm else 0, c.label_rate,
                     c.belief_rate if self.model.belief is not None else 0.0,
                     self.model.history is not None)
                for i in range(parts)]

    def learn(self, samples: list[Samples]) -> tuple[float, float, float]:
        """Fit the network on a round's samples; the mean losses (q, bc, belief)."""
        c = self.config
        samples = [s for s in samples if len(s.returns)]
        if not samples:
            return 0.0, 0.0, 0.0
        states = torch.from_numpy(np.concatenate([s.states for s in samples]))
        actions = torch.from_numpy(np.concatenate([s.actions for s in samples]))
        hist: torch.Tensor | None = None
        if self.model.history is not None:
            hist = torch.from_numpy(np.concatenate([s.histories for s in samples
                                                    if s.histories is not None]))
            assert len(hist) == len(states), "every sample keeps its recent actions"

        def part(i: torch.Tensor) -> torch.Tensor:
            """The states' parts of the first layer, for the samples ``i``."""
            return self.model.state_part(states[i], None if hist is None else hist[i])

        returns = np.concatenate([s.returns for s in samples])
        if not self.return_scale:
            # fixed once, from the first round: the network predicts returns in these units
            self.return_scale = float(max(np.std(returns), 1e-3))
        target = torch.from_numpy(returns / self.return_scale)
        offsets = np.cumsum([0] + [len(s.returns) for s in samples])
        bc_index = torch.from_numpy(np.concatenate(
            [s.bc_index + o for s, o in zip(samples, offsets[:-1], strict=True)]))
        bc_rows = torch.from_numpy(np.concatenate([s.bc_rows for s in samples]))
        bc_mask = torch.from_numpy(np.concatenate([s.bc_mask for s in samples]))
        bc_target = torch.from_numpy(np.concatenate([s.bc_target for s in samples]))
        members, member_mask = _groups(samples, offsets)
        belief_index, belief_target = _beliefs(samples, offsets)
        g = torch.Generator().manual_seed(c.seed * 7_919 + self.round)
        losses_q, losses_bc, losses_belief = [], [], []
        n = len(target)
        for _ in range(c.epochs):
            order = torch.randperm(n, generator=g)
            for start in range(0, n, c.batch):
                idx = order[start:start + c.batch]
                out = self.model.head(part(idx), actions[idx])
                loss_q = torch.mean((out[:, 0] - target[idx]) ** 2)
                loss = loss_q
                loss_bc = torch.zeros(())
                if len(bc_index):
                    pick = torch.randint(len(bc_index), (min(len(idx), len(bc_index)),),
                                         generator=g)
                    rows = bc_rows[pick]
                    k = rows.shape[1]
                    st = part(bc_index[pick]).unsqueeze(1).expand(-1, k, -1)
                    logits = self.model.head(st.reshape(-1, st.shape[-1]),
                                             rows.reshape(-1, rows.shape[-1]))[:, 1]
                    logits = logits.reshape(-1, k)
                    logits = logits.masked_fill(~bc_mask[pick], -1e9)
                    loss_bc = torch.nn.functional.cross_entropy(logits, bc_target[pick])
                    loss = loss + c.bc_weight * loss_bc
                if len(members):
                    pick = torch.randint(len(members), (max(1, len(idx) // members.shape[1]),),
                                         generator=g)
                    m, mask = members[pick], member_mask[pick]
                    flat = m.reshape(-1)
                    q = self.model.head(part(flat), actions[flat])[:, 0].reshape(m.shape)
                    t = target[flat].reshape(m.shape)
                    count = mask.sum(dim=1, keepdim=True)
                    q_c = q - (q * mask).sum(dim=1, keepdim=True) / count
                    t_c = t - (t * mask).sum(dim=1, keepdim=True) / count
                    loss_adv = ((q_c - t_c) ** 2 * mask).sum() / mask.sum()
                    loss = loss + c.advantage_weight * loss_adv
                if len(belief_index):
                    pick = torch.randint(len(belief_index),
                                         (min(len(idx), len(belief_index)),), generator=g)
                    logp = torch.log_softmax(self.model.beliefs(states[belief_index[pick]]),
                                             dim=1)
                    counts = belief_target[pick]
                    loss_belief = -(counts * logp).sum() / counts.sum().clamp(min=1.0)
                    loss = loss + c.belief_weight * loss_belief
                    losses_belief.append(float(loss_belief.detach()))
                self.optimizer.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call]
                self.optimizer.step()
                losses_q.append(float(loss_q.detach()))
                losses_bc.append(float(loss_bc.detach()))
        return (float(np.mean(losses_q)), float(np.mean(losses_bc)) if losses_bc else 0.0,
                float(np.mean(losses_belief)) if losses_belief else 0.0)

    def run(self, minutes: float | None = None, deals: int | None = None,
            progress: Callable[[Progress], None] | None = None,
            evaluate: Callable[[QNet], float] | None = None) -> Trainer:
        """Train until ``minutes`` have passed or ``deals`` more deals are played (whichever
        comes first; at least one round), checkpointing on the way and at the end."""
        c = self.config
        began = time.perf_counter()
        last_checkpoint = began
        start_deals = self.deals
        pool = None
        ray_started = False
        if c.ray is not None:
            # the same tasks as Ray tasks, their results in the same order: the same run
            ray = cluster.ray_module()
            ray_started = cluster.connect(c.ray)
            remote = ray.remote(play_task)

            def play(tasks: list[Task]) -> list[Samples]:
                return list(ray.get([remote.remote(t) for t in tasks]))
        elif c.workers > 1:
            pool = spawn_context().Pool(c.workers)  # one BLAS thread each

            def play(tasks: list[Task]) -> list[Samples]:
                assert pool is not None
                return pool.map(play_task, tasks)
        else:
            def play(tasks: list[Task]) -> list[Samples]:
                return [play_task(t) for t in tasks]
        try:
            while True:
                round_began = time.perf_counter()
                phase = "warm" if self.warm else "dmc"
                results = play(self.tasks())
                loss_q, loss_bc, loss_belief = self.learn(results)
                self.round += 1
                self.deals += sum(r.deals for r in results)
                frames = sum(len(r.returns) for r in results)
                self.frames += frames
                spent = time.perf_counter() - round_began
                self.seconds += spent
                now = time.perf_counter()
                done = (minutes is not None and now - began >= minutes * 60) or (
                    deals is not None and self.deals - start_deals >= deals)
                ev = None
                checkpoint = done or now - last_checkpoint >= c.checkpoint_minutes * 60
                if checkpoint:
                    ev = evaluate(self.qnet()) if evaluate else None
                row = Progress(self.round, self.deals, self.frames, round(self.seconds, 2),
                               phase, round(loss_q, 6), round(loss_bc, 6),
                               round(loss_belief, 6),
                               round(frames / spent, 1) if spent else 0.0, ev)
                self.log.append(asdict(row))
                if progress:
                    progress(row)
                if checkpoint:
                    self.save()
                    last_checkpoint = time.perf_counter()
                if done:
                    return self
        finally:
            if pool:
                pool.close()
                pool.join()
            if ray_started:
                cluster.ray_module().shutdown()

    def _write_log(self) -> None:
        with (self.out / "log.csv").open("w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=LOG_FIELDS)
            w.writeheader()
            for row in self.log:
                w.writerow(row)
        (self.out / "config.json").write_text(json.dumps(asdict(self.config), indent=1),
                                              encoding="utf-8")
        self._plot()

    def _plot(self) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        if not self.log:
            return
        frames = [r["frames"] for r in self.log]
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
        ax1.plot(frames, [r["loss_q"] for r in self.log], label="q (MSE)")
        ax1.plot(frames, [r["loss_bc"] for r in self.log], label="bc (cross-entropy)")
        if any(r.get("loss_belief") for r in self.log):
            ax1.plot(frames, [r.get("loss_belief", 0.0) for r in self.log],
                     label="belief (cross-entropy)")
        ax1.set_xlabel("frames (decisions)")
        ax1.set_title("losses")
        ax1.legend()
        evals = [(r["frames"], r["eval"]) for r in self.log if r["eval"] is not None]
        if evals:
            ax2.plot(*zip(*evals, strict=True), marker="o")
        ax2.set_xlabel("frames (decisions)")
        ax2.set_title("against random (the arena's figure)")
        fig.suptitle(f"paizhuo train {self.config.game}")
        fig.tight_layout()
        fig.savefig(self.out / "curves.png", dpi=90)
        plt.close(fig)


def evaluate_against(net: QNet, opponent: str = "random", deals: int = 20,
                     seed: int = 2026) -> float:
    """The arena's figure of the network's bot against ``opponent`` on ``deals`` duplicate
    deals (in this process): its mean return per game (Shengji: levels per round)."""
    from paizhuo.arena.duplicate import make_spec, run_arena, units
    from paizhuo.bots.dmc import DmcBot
    from paizhuo.bots.registry import register_bot

    game = str(net.meta["game"])
    register_bot("dmc-training", lambda: DmcBot(net), game=game)
    spec = make_spec(game, ["dmc-training", opponent], seed=seed,
                     options=dict(net.meta.get("options") or {}))
    summary = run_arena(spec, deals).summary
    mean_name, _ = units(game)
    return float(summary["results"]["A"][mean_name]["mean"])
