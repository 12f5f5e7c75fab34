"""The registry of games: each game is a package with a :class:`~paizhuo.engine.game.Game`."""

from __future__ import annotations

import importlib

from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.game import Game

_REGISTRY: dict[str, tuple[str, str]] = {
    "shengji": ("paizhuo.games.shengji", "ShengjiGame"),
    "gouji": ("paizhuo.games.gouji", "GoujiGame"),
    "baohuang": ("paizhuo.games.baohuang", "BaohuangGame"),
}

GAME_NAMES = tuple(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The game class registered under ``name``."""
    try:
        module_name, class_name = _REGISTRY[name]
    except KeyError:
        raise MalformedError("game", f"unknown game {describe(name)}; games are "
                             f"{', '.join(GAME_NAMES)}") from None
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls
