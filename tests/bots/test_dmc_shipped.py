"""The learned bots' shipped weights (``paizhuo/bots/weights/dmc-GAME.npz``): every file is a
registered bot ``dmc`` (and ``search-dmc``, the search guessing its worlds with the weights'
belief head) of its game and every registered ``dmc`` has its file; and a fingerprint of
each — the file's digest and its exact arena figure on fixed duplicate deals against
random (100; Baohuang's 20, ten games each) — which changes only when the weights do
(docs/strength.md has their measured rows).
When new weights are shipped, put their fingerprint below and measure the rows again."""

from __future__ import annotations

import hashlib

import pytest

from paizhuo.arena.duplicate import make_spec, run_arena, units
from paizhuo.bots.dmc import DmcBot, shipped_weights
from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.bots.search import SearchBot
from paizhuo.games import GAME_NAMES

SHIPPED: dict[str, tuple[str, dict[str, object], float]] = {
    # game: (the first 16 hex digits of the file's sha-256, options, the arena's mean
    # against random on DEALS[game] duplicate deals of seed 2026, in the game's unit)
    "shengji": ("55497e55a4234a3f", {"preset": "tractor"}, 1.245),
    "gouji": ("d9b5e451669ca649", {"preset": "classic"}, 10.84),
    "baohuang": ("7672e17ac34c0d21", {"preset": "standard"}, 3.97),
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
