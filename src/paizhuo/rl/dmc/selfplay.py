"""Self-play for Deep Monte-Carlo: whole deals played by one policy in every seat, each
decision kept as (the seat's state features, the chosen action's row, the seat's final
return). The policy is the heuristic (the warm start, which also keeps some legal actions'
rows and the heuristic's choice among them, for the behaviour-cloning head) or the network,
ε-greedy. A task is pure: the same task gives the same samples, in any process.

The warm start may also label alternatives (``Task.alternatives``): at some of the
heuristic's decisions, several legal actions — the heuristic's best few and some drawn at
random — are each played on a copy of the true deal and the rest of the deal played out by
the heuristic in every seat; each gives a sample (the state, that action, the seat's value
at the end), and the samples of one decision share a ``group``. The network so learns what
each action is worth when the heuristic plays on (its Q), not only what the heuristic's own
choice is worth: playing the best of those is a step of policy improvement over the
heuristic, the same step the search bot takes with its playouts, learned once.

The value learned is the finished game's :meth:`~paizhuo.engine.game.Game.search_value`
(its returns and what a player plays for beyond them: Shengji's card points, a Gouji game
won), in every phase."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from paizhuo.bots.base import BaseBot, Bot, deciding
from paizhuo.bots.dmc import MAX_SCORED, preferences
from paizhuo.bots.policies import make_policy
from paizhuo.bots.qnet import QNet
from paizhuo.bots.search import play_out, ranked
from paizhuo.engine.actions import Action
from paizhuo.engine.registry import game_class


@dataclass
class Task:
    """Deals ``seeds`` of ``game`` with ``options``, played by the network of ``arrays`` and
    ``meta`` (ε-greedy), or by the heuristic where ``arrays`` is ``None``."""

    game: str
    options: dict[str, Any]
    seeds: list[int]
    arrays: dict[str, np.ndarray] | None = None
    meta: dict[str, Any] | None = None
    epsilon: float = 0.01
    bc_rows: int = 16
    """Legal actions' rows kept per decision for the behaviour-cloning head (the chosen one
    among them), in the heuristic's games only."""
    alternatives: int = 0
    """In the heuristic's games: actions labelled by a playout at a labelled decision (the
    heuristic's best ``alternatives // 2``, then drawn at random); 0: none."""
    label_rate: float = 0.25
    """The share of the heuristic's decisions (with a choice) that are labelled."""
    belief_rate: float = 0.0
    """The share of decisions (with a choice) that also give the belief head a sample: how
    many cards of each kind each other seat holds (0: none)."""
    history: bool = False
    """Whether each sample keeps its recent actions (``Featurizer.encode_history``), for a
    network that summarises them."""


@dataclass
class Samples:
    """What a task's deals give, as arrays."""

    states: np.ndarray
    actions: np.ndarray
    returns: np.ndarray
    bc_index: np.ndarray
    """For each behaviour-cloning sample, its decision's index in ``states``."""
    bc_rows: np.ndarray
    """(samples, rows, action size): the rows of some legal actions, the heuristic's choice
    at ``bc_target`` (the others drawn at random); unused rows are zero, out of
    ``bc_mask``."""
    bc_mask: np.ndarray
    bc_target: np.ndarray
    belief_index: np.ndarray | None = None
    """For each belief sample, its decision's index in ``states``."""
    belief_target: np.ndarray | None = None
    """(samples, others, kinds): the cards of each kind in each other seat's hand, the
    others in turn after the deciding seat."""
    groups: np.ndarray | None = None
    """For each sample, the labelled decision it is an alternative of (−1: a played
    decision's own sample); ``None`` where nothing was labelled."""
    histories: np.ndarray | None = None
    """(samples, rows, width): each sample's recent actions (``Task.history``), else
    ``None``."""
    playouts: int = 0
    decisions: int = 0
    deals: int = 0
    seconds: float = 0.0
    mean_return: dict[int, float] = field(default_factory=dict)


def _choose(net: QNet | None, heuristic: BaseBot, game: Any, seat: int, obs: dict[str, Any],
            f: Any, epsilon: float, rng: random.Random, listed: list[Action] | None = None,
            history: np.ndarray | None = None
            ) -> tuple[Action, list[Action] | None, np.ndarray | None]:
    """The action, the legal list where it was built (``listed``: already built), and the
    state's features where the network needed them."""
    cap = f.max_scored  # the longest list the network scores
    if net is None or game.more_legal_than(seat, cap):
        early = heuristic.act_unlisted(obs, rng)
        if early is not None:
            return early, listed, None
        legal = listed if listed is not None else game.legal_actions(seat)
        if len(legal) > cap or net is None:
            return heuristic.act(obs, legal, rng), legal, None
    else:
        legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0], legal, None
    if rng.random() < epsilon:
        return legal[rng.randrange(len(legal))], legal, None
    state = f.encode(obs)
    best = preferences(net, net.scores(state, f.encode_actions(obs, legal), history))
    return legal[int(np.argmax(best))], legal, state


def label(game: Any, seat: int, obs: dict[str, Any], legal: list[Action],
          heuristic: BaseBot, alternatives: int, rng: random.Random, seed: int
          ) -> list[tuple[Action, float]]:
    """The labelled alternatives of a decision, the heuristic's choice first: each action
    with the seat's value once the deal is played out from it by the heuristic in every
    seat. Every playout draws from ``random.Random(seed)``, so that they differ by the action
    only; ``rng`` draws the alternatives beyond the heuristic's best."""
    bots: list[Bot] = [heuristic] * game.num_seats
    k = min(alternatives, len(legal))
    picked = [a for a in ranked(heuristic, obs, legal, rng, max(1, k // 2)) if a in legal]
    rest = [a for a in legal if a not in picked]
    rng.shuffle(rest)
    picked += rest[:k - len(picked)]
    out: list[tuple[Action, float]] = []
    for action in picked:
        world = game.clone()
        world.apply(action)
        if play_out(world, bots, random.Random(seed)):
            v = world.search_value(seat)
            if v is not None:
                out.append((action, float(v)))
    return out


def play_task(task: Task) -> Samples:
    """Play the task's deals; every decision with a choice becomes a sample."""
    began = time.perf_counter()
    cls = game_class(task.game)
    net = QNet(task.arrays, task.meta or {}) if task.arrays is not None else None
    heuristic = make_policy("heuristic", task.game)
    assert isinstance(heuristic, BaseBot)
    states: list[np.ndarray] = []
    actions: list[np.ndarray] = []
    returns: list[float] = []
    bc: list[tuple[int, np.ndarray, int]] = []
    labels: list[tuple[np.ndarray, np.ndarray, float, int, np.ndarray | None]] = []
    histories: list[np.ndarray] = []
    keep_history = task.history or (net is not None and net.history is not None)
    beliefs: list[tuple[int, np.ndarray]] = []
    n_groups = playouts = 0
    decisions = 0
    action_size = 0
    totals: dict[int, list[float]] = {}
    for seed in task.seeds:
        game = cls.new(task.options, seed=seed)
        f = game.featurizer()
        assert f is not None
        action_size = f.action_size
        rng = random.Random(f"paizhuo-dmc/{seed}")
        seats_of: list[int] = []
        while not game.is_over:
            seats = deciding(game, game.to_act())
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            obs = game.observation(seat)
            labelled: list[tuple[Action, float]] = []
            listed: list[Action] | None = None
            if net is None and (task.bc_rows > 1 or task.alternatives > 1) and \
                    not game.more_legal_than(seat, MAX_SCORED):
                # the heuristic's games: every decision's list, for its behaviour-cloning
                # rows and its labels (the heuristic itself decides many without one)
                listed = game.legal_actions(seat)
            if (listed is not None and task.alternatives > 1 and 1 < len(listed) <= MAX_SCORED
                    and rng.random() < task.label_rate):
                labelled = label(game, seat, obs, listed, heuristic, task.alternatives,
                                 rng, rng.randrange(1 << 30))
                playouts += len(labelled)
            history = f.encode_history(obs) if keep_history else None
            action, legal, state = _choose(net, heuristic, game, seat, obs, f, task.epsilon,
                                           rng, listed, history)
            hands = None
            if task.belief_rate and f.belief_kinds and (legal is None or len(legal) > 1) \
                    and rng.random() < task.belief_rate:
                # the other seats' hands as the seat decides (what the belief head guesses)
                n_seats = game.num_seats
                hands = np.stack([f.hand_kinds(game.observation((seat + r) % n_seats))
                                  for r in range(1, n_seats)])
            game.apply(action)
            decisions += 1
            if legal is not None and len(legal) == 1:
                continue  # no choice: nothing to learn
            state = state if state is not None else f.encode(obs)
            states.append(state)
            if history is not None:
                histories.append(history)
            actions.append(f.encode_actions(obs, [action])[0])
            seats_of.append(seat)
            if hands is not None:
                beliefs.append((len(states) - 1, hands))
            if len(labelled) > 1:
                rows = f.encode_actions(obs, [a for a, _ in labelled])
                labels.extend((state, row, v, n_groups, history)
                              for row, (_, v) in zip(rows, labelled, strict=True))
                n_groups += 1
            if net is None and legal is not None and task.bc_rows > 1 and action in legal:
                # (a bot may build an action the list leaves out: a Gouji advice, a bury
                # beyond the capped list — no behaviour-cloning sample then)
                chosen = legal.index(action)
                others = [i for i in range(len(legal)) if i != chosen]
                rng.shuffle(others)
                picked = [chosen, *others[:task.bc_rows - 1]]
                rows_bc = f.encode_actions(obs, [legal[i] for i in picked])
                bc.append((len(states) - 1, rows_bc, 0))
        final = game.returns()
        assert final is not None
        for s in seats_of:
            v = game.search_value(s)
            returns.append(float(final[s]) if v is None else float(v))
        for s, r in enumerate(final):
            totals.setdefault(s, []).append(float(r))
    # the labelled alternatives after every played decision (the behaviour-cloning indices
    # point at played ones)
    groups = [-1] * len(states)
    for state, row, v, group, history in labels:
        states.append(state)
        if history is not None:
            histories.append(history)
        actions.append(row)
        returns.append(v)
        groups.append(group)
    n = len(states)
    k = max(task.bc_rows, 1)
    bc_rows = np.zeros((len(bc), k, action_size), dtype=np.float32)
    bc_mask = np.zeros((len(bc), k), dtype=bool)
    for j, (_, rows_bc, _) in enumerate(bc):
        bc_rows[j, :len(rows_bc)] = rows_bc
        bc_mask[j, :len(rows_bc)] = True
    return Samples(
        states=np.stack(states) if n else np.zeros((0, 0), np.float32),
        actions=np.stack(actions) if n else np.zeros((0, action_size), np.float32),
        returns=np.asarray(returns, dtype=np.float32),
        bc_index=np.asarray([i for i, _, _ in bc], dtype=np.int64),
        bc_rows=bc_rows, bc_mask=bc_mask,
        bc_target=np.asarray([t for _, _, t in bc], dtype=np.int64),
        groups=np.asarray(groups, dtype=np.int64) if labels else None, playouts=playouts,
        histories=np.stack(histories) if keep_history and n else None,
        belief_index=np.asarray([i for i, _ in beliefs], dtype=np.int64) if beliefs else None,
        belief_target=np.stack([t for _, t in beliefs]) if beliefs else None,
        decisions=decisions, deals=len(task.seeds), seconds=time.perf_counter() - began,
        mean_return={s: float(np.mean(v)) for s, v in totals.items()})
