"""Deep Monte-Carlo training (``paizhuo.rl.dmc``) and the learned bot (``paizhuo.bots.dmc``):
the numpy network plays what PyTorch learned (1e-5); a short training per game with finite
losses; a checkpoint that comes back exactly, and a run resumed from it that ends as the run
never stopped; the bot legal in whole deals; ``paizhuo train`` on the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
import torch
from typer.testing import CliRunner

from paizhuo import new_game
from paizhuo.bots.base import Worlds, bot_action, choose_action, deciding
from paizhuo.bots.dmc import DmcBot
from paizhuo.bots.policies import make_policy
from paizhuo.bots.qnet import QNet
from paizhuo.bots.search import SearchBot, play_out
from paizhuo.cli import app
from paizhuo.errors import MalformedError
from paizhuo.rl.dmc.model import TorchQNet
from paizhuo.rl.dmc.selfplay import Task, label, play_task
from paizhuo.rl.dmc.train import TrainConfig, Trainer

GAMES = {"shengji": {"preset": "tractor"}, "gouji": {"preset": "classic"},
         "baohuang": {"preset": "standard"}}


def config(game: str, out: Path, **kw: object) -> TrainConfig:
    base: dict[str, object] = {"warm_deals": 4, "deals_per_round": 2, "hidden": (64, 32),
                               "workers": 1, "seed": 3}
    return TrainConfig(game, GAMES[game], str(out), **{**base, **kw})  # type: ignore[arg-type]


def test_numpy_plays_what_torch_learned() -> None:
    torch.manual_seed(0)
    model = TorchQNet(40, 12, (32, 16, 8))
    net = model.to_qnet({"game": "gouji", "return_scale": 2.5})
    rng = np.random.default_rng(0)
    state = rng.random(40, dtype=np.float32)
    rows = rng.random((7, 12), dtype=np.float32)
    mine = net.scores(state, rows)
    with torch.no_grad():
        theirs = model(torch.from_numpy(np.tile(state, (7, 1))), torch.from_numpy(rows)).numpy()
    theirs[:, 0] *= 2.5
    assert np.allclose(mine, theirs, atol=1e-5)
    # and back: the torch model rebuilt from the arrays is the same network
    again = TorchQNet.from_qnet(net)
    for a, b in zip(model.state_dict().values(), again.state_dict().values(), strict=True):
        assert torch.equal(a, b)


def test_numpy_believes_what_torch_learned() -> None:
    torch.manual_seed(2)
    model = TorchQNet(40, 12, (32, 16), belief=(3, 15))
    net = model.to_qnet({"game": "gouji", "return_scale": 1.0})
    state = np.random.default_rng(1).random(40, dtype=np.float32)
    mine = net.beliefs(state)
    with torch.no_grad():
        theirs = torch.softmax(model.beliefs(torch.from_numpy(state[None])), dim=1)[0].numpy()
    assert mine.shape == (3, 15)
    assert np.allclose(mine, theirs, atol=1e-5)
    assert np.allclose(mine.sum(axis=0), 1.0, atol=1e-5)
    again = TorchQNet.from_qnet(net)
    for a, b in zip(model.state_dict().values(), again.state_dict().values(), strict=True):
        assert torch.equal(a, b)
    with pytest.raises(MalformedError, match="no belief head"):
        TorchQNet(40, 12, (32, 16)).to_qnet({"game": "gouji"}).beliefs(state)


def test_numpy_summarises_the_recent_actions_as_torch_does() -> None:
    """The LSTM summary of the recent actions (``history``) in numpy, to 1e-5, and the
    arrays back to the same torch model (its two biases are one sum in numpy)."""
    torch.manual_seed(5)
    model = TorchQNet(40, 12, (32, 16), history=(16, 9))
    net = model.to_qnet({"game": "gouji", "return_scale": 1.5})
    rng = np.random.default_rng(3)
    state = rng.random(40, dtype=np.float32)
    rows = rng.random((5, 12), dtype=np.float32)
    recent = rng.random((16, 9), dtype=np.float32)
    recent[:4] = 0.0  # (the first rows of an early decision)
    mine = net.scores(state, rows, recent)
    with torch.no_grad():
        theirs = model(torch.from_numpy(np.tile(state, (5, 1))), torch.from_numpy(rows),
                       torch.from_numpy(np.tile(recent, (5, 1, 1)))).numpy()
    theirs[:, 0] *= 1.5
    assert np.allclose(mine, theirs, atol=1e-5)
    # the summary matters: other recent actions, other scores
    assert not np.allclose(net.scores(state, rows, recent[::-1].copy()), mine, atol=1e-4)
    again = TorchQNet.from_qnet(net).to_qnet(dict(net.meta))
    assert np.allclose(again.scores(state, rows, recent), mine, atol=1e-6)
    with pytest.raises(MalformedError, match="needs the recent actions"):
        net.scores(state, rows)
    with pytest.raises(MalformedError, match="recent actions of"):
        net.scores(state, rows, recent[:8])


def test_the_bot_plays_q_or_the_cloned_policy_tilted_by_q() -> None:
    """Without ``q_weight`` in the meta the bot maximizes ``q``; with it, ``log π_bc +
    q_weight · q / return_scale``."""
    g = new_game("gouji", GAMES["gouji"], seed=3)
    seat = deciding(g, g.to_act())[0]
    obs, legal = g.observation(seat), g.legal_actions(seat)
    f = g.featurizer()
    assert f is not None and len(legal) > 1
    torch.manual_seed(4)
    model = TorchQNet(f.size, f.action_size, (16, 8))
    plain = DmcBot(model.to_qnet({"game": "gouji", "return_scale": 2.0}))
    tilted = DmcBot(model.to_qnet({"game": "gouji", "return_scale": 2.0, "q_weight": 3.0}))
    out = plain.net.scores(f.encode(obs), f.encode_actions(obs, legal))
    assert np.allclose(plain.preferences(obs, legal), out[:, 0])
    log_pi = out[:, 1] - np.log(np.exp(out[:, 1]).sum())
    assert np.allclose(tilted.preferences(obs, legal), log_pi + 3.0 * out[:, 0] / 2.0,
                       atol=1e-5)
    assert tilted.act(obs, legal, random.Random(0)) == \
        legal[int(np.argmax(log_pi + 1.5 * out[:, 0]))]


def test_weights_file_round_trip(tmp_path: Path) -> None:
    torch.manual_seed(1)
    net = TorchQNet(20, 6, (8, 4), belief=(4, 15), history=(16, 5)).to_qnet(
        {"game": "baohuang", "return_scale": 1.5})
    net.save(tmp_path / "w.npz")
    back = QNet.load(tmp_path / "w.npz")
    assert back.meta == net.meta
    for k, v in net.arrays().items():
        assert np.array_equal(back.arrays()[k], v), k
    with pytest.raises(MalformedError, match="cannot read"):
        QNet.load(tmp_path / "missing.npz")


@pytest.mark.parametrize("game", GAMES)
def test_a_short_training_learns_and_plays(game: str, tmp_path: Path) -> None:
    """2,000 frames or more (the warm start, then the network's own self-play): finite
    losses, a checkpoint with its weights, a log and curves; then the bot plays whole deals,
    every action legal."""
    trainer = Trainer(config(game, tmp_path))
    while trainer.frames < 2000:
        trainer.run(deals=2)
    phases = {row["phase"] for row in trainer.log}
    assert phases == {"warm", "dmc"}
    assert all(np.isfinite(row["loss_q"]) and np.isfinite(row["loss_bc"]) for row in trainer.log)
    assert any(row["loss_bc"] > 0 for row in trainer.log if row["phase"] == "warm")
    assert all(np.isfinite(row["loss_belief"]) for row in trainer.log)
    assert any(row["loss_belief"] > 0 for row in trainer.log)
    weights = tmp_path / f"dmc-{game}.npz"
    assert weights.exists() and (tmp_path / "log.csv").exists()
    assert (tmp_path / "curves.png").stat().st_size > 1000
    bot = DmcBot(weights)
    assert bot.net.history is not None  # (the default: the recent actions summarised)
    g = new_game(game, GAMES[game], seed=9)
    rng = random.Random(0)
    while not g.is_over:
        seat = deciding(g, g.to_act())[0]
        action = bot_action(g, g.to_act(), seat, bot, rng)
        # (apply refuses an illegal action; a Shengji bury, the heuristic's above the
        # network's cap, may lie beyond the capped legal list)
        g.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_labelled_alternatives_are_the_heuristics_playouts(game: str) -> None:
    """A labelled decision: the heuristic's own choice first, then other legal actions, each
    worth what the seat gets when the heuristic plays the true deal out from it with the
    decision's random numbers (the same for every alternative)."""
    heuristic = make_policy("heuristic", game)
    g = new_game(game, GAMES[game], seed=4)
    rng = random.Random(0)
    checked = 0
    while not g.is_over and checked < 3:
        seat = deciding(g, g.to_act())[0]
        legal = g.legal_actions(seat)
        obs = g.observation(seat)
        if 2 < len(legal) <= 200:
            got = label(g, seat, obs, legal, heuristic, 6, random.Random(1), seed=77)
            actions = [a for a, _ in got]
            assert len(actions) == min(6, len(legal)) == len(set(actions))
            assert set(actions) <= set(legal)
            first = heuristic.act(obs, legal, random.Random(1))  # type: ignore[union-attr]
            assert actions[0] == first
            for action, value in got:
                world = g.clone()
                world.apply(action)
                assert play_out(world, [heuristic] * g.num_seats, random.Random(77))
                assert world.search_value(seat) == value
            checked += 1
        g.apply(bot_action(g, g.to_act(), seat, heuristic, rng))
    assert checked == 3


def test_a_warm_start_with_labels_keeps_them_in_groups(tmp_path: Path) -> None:
    """The heuristic's deals with labelled decisions: each group a decision's alternatives,
    the same state, different actions; the task pure; the trainer fits them with finite
    losses."""
    task = Task("gouji", GAMES["gouji"], [5], alternatives=4, label_rate=0.5)
    got = play_task(task)
    assert got.groups is not None and got.playouts == int((got.groups >= 0).sum()) > 10
    assert (got.groups[got.groups < 0].size + got.playouts) == len(got.returns)
    for group in np.unique(got.groups[got.groups >= 0])[:10]:
        rows = np.flatnonzero(got.groups == group)
        assert len(rows) > 1
        assert all(np.array_equal(got.states[rows[0]], got.states[r]) for r in rows)
        assert len({got.actions[r].tobytes() for r in rows}) == len(rows)
    again = play_task(task)
    assert np.array_equal(got.returns, again.returns)
    assert np.array_equal(got.actions, again.actions)
    trainer = Trainer(config("gouji", tmp_path, alternatives=4, label_rate=0.3))
    trainer.run(deals=2)
    assert np.isfinite(trainer.log[0]["loss_q"]) and trainer.frames > 2 * 100


def test_a_resumed_run_ends_as_one_never_stopped(tmp_path: Path) -> None:
    straight = Trainer(config("gouji", tmp_path / "a"))
    straight.run(deals=8)  # 4 rounds: 2 warm, 2 the network's
    stopped = Trainer(config("gouji", tmp_path / "b"))
    stopped.run(deals=6)
    back = Trainer.resume(tmp_path / "b")
    # the checkpoint comes back exactly
    for a, b in zip(stopped.model.state_dict().values(), back.model.state_dict().values(),
                    strict=True):
        assert torch.equal(a, b)
    assert back.optimizer.state_dict()["state"].keys() == \
        stopped.optimizer.state_dict()["state"].keys()
    assert (back.deals, back.frames, back.return_scale, back.log) == \
        (stopped.deals, stopped.frames, stopped.return_scale, stopped.log)
    back.run(deals=2)
    for a, b in zip(straight.model.state_dict().values(), back.model.state_dict().values(),
                    strict=True):
        assert torch.equal(a, b)


@pytest.mark.parametrize("game", GAMES)
def test_the_belief_head_guesses_worlds_for_the_search(game: str, tmp_path: Path) -> None:
    """A trained belief head: odds over the other seats for every kind of card (none for
    the observer), given to ``determinize`` as ``hand_odds``; a search bot with the learned
    bot as its believer decides from worlds guessed with them."""
    trainer = Trainer(config(game, tmp_path, belief_rate=1.0))
    trainer.run(deals=2)
    bot = DmcBot(trainer.qnet())
    g = new_game(game, GAMES[game], seed=2)
    rng = random.Random(0)
    heuristic = make_policy("heuristic", game)
    searched = 0
    while not g.is_over and searched < 2:
        seat = deciding(g, g.to_act())[0]
        obs = g.observation(seat)
        legal = g.legal_actions(seat)
        if g.phase == "play" and 2 <= len(legal) <= 40:
            odds = bot.odds(obs)
            assert odds.shape[0] == g.num_seats and not odds[seat].any()
            assert np.allclose(np.delete(odds, seat, axis=0).sum(axis=0), 1.0, atol=1e-5)
            hints = bot.world_hints(obs)
            assert hints is not None and set(hints) == {"hand_odds"}
            world = g.determinize(seat, random.Random(1), **hints)
            assert world.observation(seat) == obs
            search = SearchBot(playouts=4, candidates=2, believer=bot)
            assert search.act_worlds(obs, legal, random.Random(3), Worlds(g, seat)) in legal
            searched += 1
        g.apply(bot_action(g, g.to_act(), seat, heuristic, rng))
    assert searched == 2


def test_checkpoints_come_on_time_without_an_evaluation(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A run with no evaluation still writes its checkpoint every ``checkpoint_minutes``,
    not only at its end."""
    trainer = Trainer(config("gouji", tmp_path, warm_deals=0, checkpoint_minutes=1e-9))
    saved: list[int] = []
    real = Trainer.save

    def save(self: Trainer) -> Path:
        saved.append(self.round)
        return real(self)

    monkeypatch.setattr(Trainer, "save", save)
    trainer.run(deals=4)
    assert saved == [1, 2]


def test_the_learned_bot_never_interrupts_to_seize_in_baohuang() -> None:
    """Seizing 抢庄 out of turn is an optional interruption: the runners ask a bot only where
    it must decide (``deciding``), so a learned bot in every seat of the ``standard`` preset
    (seizing on) seizes only as the crown holder's own choice (BH-2 lets him), never in
    another seat's turn — though the rules offer it there in every crown phase."""
    torch.manual_seed(5)
    g0 = new_game("baohuang", GAMES["baohuang"], seed=0)
    f = g0.featurizer()
    assert f is not None
    bot = DmcBot(TorchQNet(f.size, f.action_size, (16, 8)).to_qnet({"game": "baohuang"}))
    offered = 0
    for seed in range(6):
        g = new_game("baohuang", GAMES["baohuang"], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            to_act = g.to_act()
            idle = [s for s in to_act
                    if {a.verb for a in g.legal_actions(s)} == {"seize"}]
            offered += bool(idle) and len(idle) < len(to_act)
            action = choose_action(g, [bot] * g.num_seats, rng)
            if len(idle) < len(to_act):
                assert action.seat not in idle
            g.apply(action)
    assert offered > 0  # the rules offered the interruption


def test_weights_trained_on_other_features_are_not_used(tmp_path: Path) -> None:
    """The weights name the features' layout they were trained on. On another layout (a
    Shengji table of other players or decks, or a plane added since) the bot plays the
    heuristic at a table, and asking the network itself is refused with a clear error."""
    trainer = Trainer(config("gouji", tmp_path))
    trainer.run(deals=2)
    g = new_game("gouji", GAMES["gouji"], seed=1)
    f = g.featurizer()
    assert f is not None and trainer.qnet().meta["features"] == f.digest()
    seat = deciding(g, g.to_act())[0]
    obs, legal = g.observation(seat), g.legal_actions(seat)
    DmcBot(trainer.qnet()).act(obs, legal, random.Random(0))
    stale = trainer.qnet()
    stale.meta["features"] = "0123456789abcdef"
    bot = DmcBot(stale)
    assert not bot.fits(obs) and bot.world_hints(obs) is None
    heuristic = make_policy("heuristic", "gouji")
    assert bot.act(obs, legal, random.Random(0)) == heuristic.act(obs, legal, random.Random(0))
    with pytest.raises(MalformedError, match="trained on other features"):
        bot.preferences(obs, legal)
    # the same for another layout of the recent actions
    assert trainer.qnet().meta["history_features"] == f.history_digest()
    stale = trainer.qnet()
    stale.meta["history_features"] = "0123456789abcdef"
    assert not DmcBot(stale).fits(obs)


def test_the_bot_refuses_another_games_observation(tmp_path: Path) -> None:
    net = TorchQNet(10, 4, (8,)).to_qnet({"game": "gouji"})
    bot = DmcBot(net)
    g = new_game("baohuang", seed=1)
    seat = g.to_act()[0]
    with pytest.raises(MalformedError, match="these weights play gouji, not baohuang"):
        bot.act(g.observation(seat), g.legal_actions(seat), random.Random(0))


def test_paizhuo_train_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "run"
    args = ["train", "baohuang", "--deals", "4", "--warm-deals", "2", "--out", str(out),
            "--workers", "1", "--eval-deals", "1", "--round-deals", "2",
            "--alternatives", "4", "--label-rate", "0.5", "--belief-rate", "0.5",
            "--no-history"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    knobs = json.loads((out / "config.json").read_text(encoding="utf-8"))
    assert (knobs["alternatives"], knobs["label_rate"], knobs["belief_rate"]) == (4, 0.5, 0.5)
    assert "baohuang: 4 deals" in done.output and "against random" in done.output
    assert QNet.load(out / "dmc-baohuang.npz").history is None  # (--no-history)
    assert knobs["history"] is False
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "already holds a run" in again.output
    assert knobs["lr"] == 3e-4
    resumed = runner.invoke(app, [*args[:3], "2", *args[4:], "--resume", "--lr", "1e-4"])
    assert resumed.exit_code == 0, resumed.output
    assert "baohuang: 6 deals" in resumed.output
    # the rest of the run went on at the new rate: its config and its optimizer say so
    assert json.loads((out / "config.json").read_text(encoding="utf-8"))["lr"] == 1e-4
    back = Trainer.resume(out)
    assert [g["lr"] for g in back.optimizer.param_groups] == [1e-4]
    missing = runner.invoke(app, ["train", "gouji", "--resume", "--out", str(tmp_path / "no")])
    assert missing.exit_code == 2 and "nothing to resume" in missing.output


def test_ray_actors_train_as_local_ones(tmp_path: Path) -> None:
    """The rounds' deals as Ray tasks on a local instance: the same weights as in this
    process."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'paizhuo[ray]')")
    local = Trainer(config("baohuang", tmp_path / "local", workers=2))
    local.run(deals=6)
    on_ray = Trainer(config("baohuang", tmp_path / "ray", workers=2, ray="local"))
    on_ray.run(deals=6)
    for a, b in zip(local.model.state_dict().values(), on_ray.model.state_dict().values(),
                    strict=True):
        assert torch.equal(a, b)


def test_the_trainers_speed_is_timed_per_phase(tmp_path: Path) -> None:
    """``paizhuo train GAME --speed S``: a fresh run per phase, timed; ``--compare-rlcard``
    only with ``--speed``; RLCard's log read as its learner's frames over the time since its
    first actor started."""
    from paizhuo.rl.dmc.compare import _read_log

    runner = CliRunner()
    done = runner.invoke(app, ["train", "gouji", "--speed", "1", "--workers", "1",
                               "--round-deals", "1", "--alternatives", "0"])
    assert done.exit_code == 0, done.output
    for phase in ("warm", "dmc"):
        line = next(x for x in done.output.splitlines() if x.startswith(f"gouji {phase}: "))
        assert int(line.split()[2].replace(",", "")) > 0 and "frames/s (1 workers)" in line
    refused = runner.invoke(app, ["train", "gouji", "--compare-rlcard"])
    assert refused.exit_code == 2 and "goes with --speed" in refused.output
    log = tmp_path / "console.log"  # what RLCard writes to the console
    log.write_text(
        "[INFO:1 utils:108 2026-12-07 07:57:36,000] Device cpu Actor 0 started.\n"
        "[INFO:2 trainer:367 2026-12-07 07:57:41,000] After 0 frames: @ 0.0 fps Stats:\n"
        "{'loss_0': 0,\n"
        "[INFO:2 trainer:367 2026-12-07 07:58:16,000] After 9600 frames: @ 640.0 fps Stats:\n",
        encoding="utf-8")
    assert _read_log(log) == (9600, 240.0)
    log.write_text("[INFO:1 utils:108 2026-12-07 07:57:36,000] Device cpu Actor 0 started.\n",
                   encoding="utf-8")
    with pytest.raises(MalformedError, match="logged no frames"):
        _read_log(log)
