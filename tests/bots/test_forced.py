"""Forced actions (``Game.forced_action``): where a game says a seat has one legal action, the
list holds exactly that action; a playout then takes it without an observation or its bot."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from paizhuo.bots.base import bot_action
from paizhuo.bots.registry import make_bot
from paizhuo.engine.actions import Action
from paizhuo.games import game_class

from .helpers import positions

CASES = [(game, preset) for game in ("shengji", "gouji", "baohuang")
         for preset in game_class(game).PRESETS]


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_forced_action_is_the_only_legal_one(game: str, preset: str) -> None:
    seen: Counter[str] = Counter()
    for g, seat in positions(preset, range(3), game):
        legal = g.legal_actions(seat)
        forced = g.forced_action(seat)
        seen["one" if len(legal) == 1 else "more"] += 1
        if forced is not None:
            assert legal == [forced], (forced, legal[:5])
            seen["forced"] += 1
        # asking changes nothing: the list after it is the list before it
        assert g.legal_actions(seat) == legal
    # many decisions with one legal action are seen as forced, none with more
    assert seen["forced"] >= seen["one"] / 4 > 0, seen


class Asked:
    """A bot that notes every list it is given and plays its first action."""

    name, uses_sampler = "asked", False

    def __init__(self) -> None:
        self.lists: list[list[Action]] = []

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        self.lists.append(legal)
        return legal[0]


@pytest.mark.parametrize(("game", "preset"), [("shengji", "tractor"), ("gouji", "classic"),
                                              ("baohuang", "standard")])
def test_a_playout_takes_a_forced_action_without_observing(game: str, preset: str) -> None:
    """With a list limit (a playout) a forced decision builds no observation and asks no bot;
    without one (a seat at the table) the bot is asked as always."""
    policy = make_bot("heuristic", game)
    for g, seat in positions(preset, range(3), game):
        forced = g.forced_action(seat)
        if forced is None:
            continue
        copy = g.clone()

        def refuse(seat: int | None) -> dict[str, Any]:
            raise AssertionError("observed")

        copy.observation = refuse  # type: ignore[method-assign]
        assert bot_action(copy, copy.to_act(), seat, policy, random.Random(0),
                          list_limit=2000) == forced
        asked = Asked()
        assert bot_action(g, g.to_act(), seat, asked, random.Random(0)) == forced
        assert asked.lists == [[forced]]
        return
    pytest.fail("no forced decision in three deals")


def test_shengji_with_take_backs_has_no_forced_action() -> None:
    """A take-back is legal beside the play (SJ-14): nothing is forced at such a table."""
    for g, seat in positions("tractor", range(1), "shengji", {"take_backs": True}):
        assert g.forced_action(seat) is None


@pytest.mark.parametrize("preset", ["tractor", "six-three", "friends-5"])
def test_more_legal_than_is_the_count_compared(preset: str) -> None:
    """``more_legal_than`` (a playout's question before it lists a follow) answers as the
    exact count would, for limits small and large, with and without take-backs."""
    for options in ({}, {"take_backs": True}):
        for g, seat in positions(preset, range(1), "shengji", options):
            n = g.count_legal(seat)  # type: ignore[attr-defined]
            for limit in (0, 1, 2, 5, 24, 25, 300, 2000):
                assert g.more_legal_than(seat, limit) == (n > limit), (n, limit)
