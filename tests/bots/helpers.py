"""Positions for the bot tests: every decision of heuristic play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from paizhuo.bots.base import bot_action
from paizhuo.bots.registry import make_bot
from paizhuo.engine.game import Game
from paizhuo.games import game_class


def positions(preset: str, seeds: range, game: str = "shengji",
              options: dict[str, Any] | None = None) -> Iterator[tuple[Game, int]]:
    """Every decision of heuristic rounds of ``game`` and ``preset`` (with ``options`` on
    top): the game and the seat to act."""
    policy = make_bot("heuristic", game)
    for seed in seeds:
        g = game_class(game).new({"preset": preset, **(options or {})}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act()[0]
            yield g, seat
            g.apply(bot_action(g, g.to_act(), seat, policy, rng))
