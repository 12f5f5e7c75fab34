"""The learned bots' shipped weights (``paizhuo/bots/weights/dmc-GAME.npz``): every file is a
registered bot ``dmc`` (and ``search-dmc``, the search guessing its worlds with the weights'
belief head) of its game and every registered ``dmc`` has its file; and a fingerprint of
each — the file's digest and its exact arena figure on fixed duplicate deals against
random (100; Baohuang's 20, ten games each) — which changes only when the weights do, or
how the bot plays them (Shengji's cap on the lists it scores, say; docs/strength.md has their
measured rows).
When new weights are shipped, put their fingerprint below and measure the rows again."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pytest

from paizhuo import new_game
from paizhuo.arena.duplicate import make_spec, run_arena, units
from paizhuo.bots.base import bot_action, deciding
from paizhuo.bots.dmc import DmcBot, featurizer_for, shipped_bot, shipped_weights
from paizhuo.bots.policies import make_policy
from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.bots.search import SearchBot
from paizhuo.games import GAME_NAMES

SHIPPED: dict[str, tuple[str, dict[str, object], float]] = {
    # game: (the first 16 hex digits of the file's sha-256, options, the arena's mean
    # against random on DEALS[game] duplicate deals of seed 2026, in the game's unit)
    "shengji": ("55497e55a4234a3f", {"preset": "tractor"}, 1.48),
    "gouji": ("d9b5e451669ca649", {"preset": "classic"}, 10.84),
    "baohuang": ("0d25245b3e28b4b1", {"preset": "standard"}, 4.12),
}
DEALS = {"shengji": 100, "gouji": 100, "baohuang": 20}
"""Deals of the fingerprint: a Baohuang duplicate deal is ten games (each seat's solo), so 20
of them (200 games) cost what 100 of the others do, and keep the suite's time."""


def test_every_shipped_file_is_a_registered_bot_and_back() -> None:
    for game in GAME_NAMES:
        has = shipped_weights(game) is not None
        assert has == (game in SHIPPED), game
        names = bot_names(game)
        assert has == ("dmc" in names) == ("search-dmc" in names)
        if has:
            assert {"dmc", "search-dmc"} <= set(bot_names(game, baselines=False))
            assert isinstance(make_bot("dmc", game), DmcBot)
            search = make_bot("search-dmc", game)
            assert isinstance(search, SearchBot) and isinstance(search.believer, DmcBot)


@pytest.mark.parametrize("game", list(SHIPPED))
def test_the_shipped_weights_are_the_ones_measured(game: str) -> None:
    digest, options, figure = SHIPPED[game]
    path = shipped_weights(game)
    assert path is not None
    assert hashlib.sha256(path.read_bytes()).hexdigest()[:16] == digest, (
        f"the {game} weights changed: put their digest and arena figure in SHIPPED and "
        "measure docs/strength.md's learned rows again")
    spec = make_spec(game, ["dmc", "random"], seed=2026, options=options)
    summary = run_arena(spec, DEALS[game]).summary
    mean_name, _ = units(game)
    assert summary["results"]["A"][mean_name]["mean"] == figure


def test_a_list_longer_than_the_games_cap_is_the_heuristics(monkeypatch: Any) -> None:
    """Shengji's network scores up to its features' ``max_scored`` (512) legal actions: a
    longer lead (a hand rich in throws) is the heuristic's, a shorter one the network's."""
    bot = shipped_bot("shengji")
    heuristic = make_policy("heuristic", "shengji")
    scored: list[int] = []
    real = bot.preferences

    def counted(obs: dict[str, Any], legal: list[Any]) -> np.ndarray:
        scored.append(len(legal))
        return real(obs, legal)

    monkeypatch.setattr(bot, "preferences", counted)
    g = new_game("shengji", {"preset": "tractor"}, seed=0)
    cap = featurizer_for(g.observation(0)).max_scored
    assert cap == 512
    rng = random.Random(0)
    long_seen = short_seen = 0
    while not g.is_over and not (long_seen and short_seen):
        seat = deciding(g, g.to_act())[0]
        if not g.more_legal_than(seat, 2048):
            obs, legal = g.observation(seat), g.legal_actions(seat)
            scored.clear()
            got = bot.act(obs, legal, random.Random(1))
            if len(legal) > cap:
                assert scored == []
                assert got == heuristic.act(obs, legal, random.Random(1))
                long_seen += 1
            elif len(legal) > 1:
                assert scored == [len(legal)]
                short_seen += 1
        g.apply(bot_action(g, g.to_act(), seat, heuristic, rng))
    assert long_seen and short_seen
