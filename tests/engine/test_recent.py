"""``Game.recent_actions``: the last actions a seat saw taken, in order, as the events show
them to it; Gouji's and Baohuang's observations keep the last 16 as ``details["recent"]``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paizhuo import new_game
from paizhuo.bots.base import bot_action, deciding
from paizhuo.bots.policies import make_policy
from paizhuo.engine.game import RECENT, Game


def seen_actions(game: Game, seat: int | None) -> list[dict[str, Any]]:
    return [{k: e[k] for k in ("seat", "verb", "cards") if k in e}
            for e in game.events_since(seat, 0) if e["type"] == "action"]


@pytest.mark.parametrize(("name", "preset"), [("gouji", "classic"), ("baohuang", "standard")])
def test_the_observation_keeps_the_last_actions_in_order(name: str, preset: str) -> None:
    g = new_game(name, {"preset": preset}, seed=5)
    bot = make_policy("heuristic", name)
    rng = random.Random(2)
    checked = 0
    while not g.is_over:
        for seat in (*range(g.num_seats), None):
            recent = g.observation(seat)["details"]["recent"]
            assert recent == seen_actions(g, seat)[-RECENT:]
            checked += 1
        seat = deciding(g, g.to_act())[0]
        g.apply(bot_action(g, g.to_act(), seat, bot, rng))
    assert len(g.observation(0)["details"]["recent"]) == RECENT
    assert checked > 100


def test_a_bury_shows_its_cards_to_the_burier_only() -> None:
    g = new_game("shengji", {"preset": "tractor"}, seed=1)
    bot = make_policy("heuristic", "shengji")
    rng = random.Random(0)
    while not any(a["verb"] == "bury" for a in g.recent_actions(None)):
        seat = deciding(g, g.to_act())[0]
        g.apply(bot_action(g, g.to_act(), seat, bot, rng))
    burier = next(a["seat"] for a in g.recent_actions(None) if a["verb"] == "bury")
    mine = [a for a in g.recent_actions(burier) if a["verb"] == "bury"]
    theirs = [a for a in g.recent_actions((burier + 1) % 4) if a["verb"] == "bury"]
    assert len(mine[0]["cards"].split()) == 8
    assert theirs == [{"seat": burier, "verb": "bury"}]
    assert g.recent_actions(burier, 3) == g.recent_actions(burier)[-3:]
