"""Bots by name; a game may have its own version of a bot (``bots/<game>_<bot>.py``).

Dependencies point one way: bots import games, never the reverse, so a game's own bot is
registered here — lazily, as ``module:attribute``, imported the first time it is asked for
(:data:`_LAZY_BY_GAME`) — or by a program with :func:`register_bot`.

>>> make_bot("greedy").name
'greedy'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from paizhuo.bots.base import Bot
from paizhuo.bots.greedy import GreedyBot
from paizhuo.bots.random_bot import RandomBot, UniformBot
from paizhuo.bots.search import SearchBot
from paizhuo.engine.errors import MalformedError, describe

BotFactory = Callable[[], Bot]

def _hard() -> Bot:
    """The ``hard`` strength: the search bot with a time limit (under a second a decision):
    up to 192 playouts, four times ``search``'s 48 (and, in Gouji, its extra playouts for an
    open decision), where they fit in 0.8 s."""
    return SearchBot(playouts=192, seconds=0.8)


_GENERIC: dict[str, BotFactory] = {
    "random": RandomBot,
    "uniform": UniformBot,
    "greedy": GreedyBot,
    # determinized Monte-Carlo search over the game's heuristic (reproducible: a playout
    # budget, no clock); "hard" is the same under a time limit, for tables
    "search": SearchBot,
    "hard": _hard,
}
_BY_GAME: dict[tuple[str, str], BotFactory] = {}

_LAZY_BY_GAME: dict[tuple[str, str], str] = {
    # (game, bot name) -> "module:attribute" of the factory, imported on first use so that
    # listing bots or playing another game never imports a game's bot (nor its game).
    ("shengji", "greedy"): "paizhuo.bots.shengji_greedy:ShengjiGreedy",
    ("gouji", "heuristic"): "paizhuo.bots.gouji_heuristic:GoujiHeuristic",
    ("shengji", "heuristic"): "paizhuo.bots.shengji_heuristic:ShengjiHeuristic",
    ("baohuang", "heuristic"): "paizhuo.bots.baohuang_heuristic:BaohuangHeuristic",
    # named strengths (bots/strengths.py): easy = heuristic with noise, normal = heuristic
    ("shengji", "easy"): "paizhuo.bots.strengths:shengji_easy",
    ("shengji", "normal"): "paizhuo.bots.strengths:shengji_normal",
    ("gouji", "easy"): "paizhuo.bots.strengths:gouji_easy",
    ("gouji", "normal"): "paizhuo.bots.strengths:gouji_normal",
    ("baohuang", "easy"): "paizhuo.bots.strengths:baohuang_easy",
    ("baohuang", "normal"): "paizhuo.bots.strengths:baohuang_normal",
}

BOT_NAMES: tuple[str, ...] = tuple(_GENERIC)
"""Bots every game can be played with."""


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot; with ``game`` it replaces the generic bot of that name for that game.

    ``register_bot("greedy", ShengjiGreedy, game="shengji")`` makes ``make_bot("greedy",
    "shengji")`` give it.
    """
    if game is None:
        _GENERIC[name] = factory
    else:
        _BY_GAME[(game, name)] = factory


def bot_names(game: str | None = None) -> list[str]:
    """Names :func:`make_bot` accepts (for ``game``, including its own bots)."""
    names = list(_GENERIC)
    for g, n in (*_BY_GAME, *_LAZY_BY_GAME):
        if g == game and n not in names:
            names.append(n)
    return names


def _game_factory(name: str, game: str) -> BotFactory | None:
    factory = _BY_GAME.get((game, name))
    if factory is not None:
        return factory
    target = _LAZY_BY_GAME.get((game, name))
    if target is None:
        return None
    module, _, attr = target.partition(":")
    factory = cast(BotFactory, getattr(importlib.import_module(module), attr))
    _BY_GAME[(game, name)] = factory
    return factory


def make_bot(name: str, game: str | None = None) -> Bot:
    """A new bot by name; the game's own version when it has one."""
    factory = _game_factory(name, game) if game is not None else None
    if factory is None:
        factory = _GENERIC.get(name)
    if factory is None:
        raise MalformedError("bots", f"unknown bot {describe(name)}; bots are "
                             f"{', '.join(bot_names(game))}")
    return factory()
