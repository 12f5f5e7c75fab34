"""The PettingZoo environments (``paizhuo.rl.pettingzoo``, ``docs/rl.md``): PettingZoo's own
``api_test`` and ``seed_test`` on every game and preset, warnings as errors but the two any
``Dict`` observation gives; whole episodes to their end with the rewards the engine's
returns; masks that hold exactly what the engine allows (take-backs out); bad input refused
with words, and the episode goes on."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from paizhuo import new_game
from paizhuo.errors import MalformedError
from paizhuo.games.baohuang.options import PRESET_NAMES as BAOHUANG_PRESETS
from paizhuo.games.gouji.options import PRESETS as GOUJI_PRESETS
from paizhuo.games.shengji import PRESETS as SHENGJI_PRESETS
from paizhuo.rl.env import CardTableEnv
from paizhuo.rl.pettingzoo import baohuang_v0, gouji_v0, shengji_v0

MODULES = {"shengji": shengji_v0, "gouji": gouji_v0, "baohuang": baohuang_v0}
CASES = ([("shengji", p) for p in SHENGJI_PRESETS] + [("gouji", p) for p in GOUJI_PRESETS]
         + [("baohuang", p) for p in BAOHUANG_PRESETS])
DICT_WARNINGS = ("Observation space for each agent probably should be",
                 "Observation is not a NumPy array")
"""What PettingZoo's api_test says of any Dict observation (the action mask's form)."""


@contextmanager
def strict_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        yield


def make(game: str, preset: str, **kw: Any) -> Any:
    return MODULES[game].env(preset=preset, **kw)


def play_out(env: Any, seed: int, pick: Callable[[np.ndarray, random.Random], int] | None = None
             ) -> dict[str, float]:
    """One episode with random legal steps; each agent's rewards summed."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal), f"{agent} is to act with nothing legal"
        env.step(int(pick(legal, rng) if pick else rng.choice(list(legal))))
    return total


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_pettingzoo_api_and_seed_tests(game: str, preset: str) -> None:
    with strict_warnings():
        api_test(make(game, preset), num_cycles=200)
        seed_test(lambda **_: make(game, preset), num_cycles=200)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_an_episode_ends_with_the_engines_returns(game: str, preset: str) -> None:
    env = make(game, preset)
    total = play_out(env, seed=3)
    raw: CardTableEnv = env.unwrapped
    assert raw.game.is_over
    returns = raw.game.returns()
    assert returns is not None
    assert total == {f"seat_{s}": float(r) for s, r in enumerate(returns)}
    assert env.agents == []  # every agent stepped out after its termination


@pytest.mark.parametrize("game", MODULES)
def test_win_rewards(game: str) -> None:
    env = MODULES[game].env(reward="win")
    total = play_out(env, seed=5)
    won = set(env.unwrapped.game.winners())
    expected = {f"seat_{s}": (0.0 if not won else 1.0 if s in won else -1.0)
                for s in range(len(env.possible_agents))}
    assert total == expected


@pytest.mark.parametrize(("game", "preset"), [("shengji", "tractor"), ("gouji", "classic")])
def test_reset_deals_as_new_game_and_masks_are_the_engines(game: str, preset: str) -> None:
    env = make(game, preset)
    env.reset(seed=11)
    raw: CardTableEnv = env.unwrapped
    fresh = new_game(game, {"preset": preset}, seed=11)
    assert [raw.game.observation(s)["hand"] for s in range(fresh.num_seats)] == \
        [fresh.observation(s)["hand"] for s in range(fresh.num_seats)]
    # at each of the first decisions the mask is the engine's, the other agents' all zero
    rng = random.Random(1)
    for _ in range(40):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        mask = env.observe(agent)["action_mask"]
        assert bytes(mask[:-1]) == raw.game.legal_mask(seat, raw.prefix)
        assert mask[-1] == 0  # let_pass: no seat of these first decisions may only interrupt
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(list(np.flatnonzero(mask)))))


def test_take_backs_are_masked_out() -> None:
    env = shengji_v0.env(preset="tractor", options={"take_backs": True})
    seen_take_back = False
    raw: CardTableEnv = env.unwrapped

    def pick(legal: np.ndarray, rng: random.Random) -> int:
        nonlocal seen_take_back
        seat = int(env.agent_selection.split("_")[1])
        engine = np.flatnonzero(np.frombuffer(raw.game.legal_mask(seat, raw.prefix), np.int8))
        seen_take_back |= len(engine) > len(legal)
        if not raw.prefix:
            assert all(raw.game.decode([int(i)], seat).verb != "take_back" for i in legal
                       if raw.game.is_complete([int(i)]))
        return int(rng.choice(list(legal)))

    play_out(env, seed=2, pick=pick)
    assert seen_take_back  # the engine offered take-backs, the mask left them out


def test_an_illegal_step_is_refused_and_the_episode_goes_on() -> None:
    env = gouji_v0.env(preset="classic")
    env.reset(seed=4)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(MalformedError, match=f"index {illegal} is not legal for {agent}"):
        env.step(illegal)
    for bad in (10**9, -1, "3", 2.0, None, True):
        with pytest.raises(MalformedError, match="is not an index below"):
            env.step(bad)
    assert env.agent_selection == agent
    env.step(int(np.flatnonzero(mask)[0]))  # the same agent plays on
    assert env.unwrapped.game.actions


def test_bad_arguments_are_named() -> None:
    with pytest.raises(MalformedError, match="reward: 'points' is not one of returns, win"):
        shengji_v0.env(reward="points")
    with pytest.raises(MalformedError, match="render_mode"):
        gouji_v0.env(render_mode="human")
    with pytest.raises(MalformedError, match="preset"):
        baohuang_v0.env(preset="no-such-preset")


def test_state_render_and_spaces() -> None:
    env = shengji_v0.env(preset="tractor", render_mode="ansi")
    env.reset(seed=1)
    raw: CardTableEnv = env.unwrapped
    state = env.state()
    assert state.shape == raw.state_space.shape and state.dtype == np.float32
    assert raw.state_space.contains(state)
    # perfect information: every hand is in it, each seat's from its own observation
    f = raw.featurizer
    size = raw.obs_size
    assert size == f.size + 16 * f.history_size
    for s in range(4):
        obs = raw.game.observation(s)
        assert np.array_equal(state[s * size:s * size + f.size], f.encode(obs))
        assert np.array_equal(state[s * size + f.size:(s + 1) * size],
                              f.encode_history(obs).reshape(-1))
    # an agent's observation ends with its recent actions: the last play's row last
    env.reset(seed=2)
    pick = random.Random(0)
    while len(raw.featurizer.recent(raw.game.observation(0))) < 6:
        agent = env.agent_selection
        env.step(pick.choice(np.flatnonzero(env.observe(agent)["action_mask"]).tolist()))
    seen = env.observe("seat_0")["observation"]
    assert seen.shape == (size,)
    assert np.array_equal(seen[f.size:].reshape(16, -1), f.encode_history(
        raw.game.observation(0))) and seen[f.size:].any()
    text = env.render()
    assert "shengji" in text and "seat_3 (" in text
    assert env.observation_space("seat_0") is env.observation_space("seat_0")
    assert env.action_space("seat_2").n == raw.game.num_actions + 1  # and let_pass


def test_a_reset_without_seed_follows_the_last_seed() -> None:
    a, b = gouji_v0.env(), gouji_v0.env()
    a.reset(seed=20)
    a.reset()
    b.reset(seed=21)
    assert a.unwrapped.game.observation(0)["hand"] == b.unwrapped.game.observation(0)["hand"]


def test_baohuang_seats_may_seize_or_let_it_pass() -> None:
    """While the crown's holder decides, every other seat may seize (抢皇, an optional
    interruption): each is asked first, in turn, with the seize and ``let_pass``; letting it
    pass changes nothing in the game; then the holder decides. A seat that seizes takes the
    crown."""
    env = baohuang_v0.env()
    env.reset(seed=3)
    raw: CardTableEnv = env.unwrapped
    holder = raw.game.to_act()[0]
    others = [s for s in raw.game.to_act() if s != holder]
    asked = []
    for _ in others:
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        seat = int(agent.split("_")[1])
        assert mask[raw.let_pass] == 1
        assert [raw.game.decode([int(i)], seat).verb
                for i in np.flatnonzero(mask[:-1])] == ["seize"]
        asked.append(seat)
        env.step(raw.let_pass)
        assert not raw.game.actions  # nothing happened in the game
    assert asked == others
    assert env.agent_selection == f"seat_{holder}"
    assert env.observe(env.agent_selection)["action_mask"][raw.let_pass] == 0
    with pytest.raises(MalformedError, match="is not legal"):
        env.step(raw.let_pass)  # the holder must decide
    # again, and the first seat asked seizes
    env.reset(seed=3)
    seizer = int(env.agent_selection.split("_")[1])
    seize = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"][:-1])[0])
    env.step(seize)
    assert raw.game.actions[-1].verb == "seize" and raw.game.actions[-1].seat == seizer


@pytest.mark.parametrize("game", ["shengji", "gouji"])
def test_let_pass_is_never_offered_where_nothing_is_optional(game: str) -> None:
    env = MODULES[game].env()
    raw: CardTableEnv = env.unwrapped

    def pick(legal: np.ndarray, rng: random.Random) -> int:
        assert raw.let_pass not in legal
        return int(rng.choice(list(legal)))

    play_out(env, seed=8, pick=pick)
