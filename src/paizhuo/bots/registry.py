"""Bots by name; a game package may register its own version of a bot for its game.

>>> make_bot("greedy").name
'greedy'
"""

from __future__ import annotations

from collections.abc import Callable

from paizhuo.bots.base import Bot
from paizhuo.bots.greedy import GreedyBot
from paizhuo.bots.random_bot import RandomBot, UniformBot
from paizhuo.engine.errors import MalformedError, describe

BotFactory = Callable[[], Bot]

_GENERIC: dict[str, BotFactory] = {
    "random": RandomBot,
    "uniform": UniformBot,
    "greedy": GreedyBot,
}
_BY_GAME: dict[tuple[str, str], BotFactory] = {}

BOT_NAMES: tuple[str, ...] = tuple(_GENERIC)
"""Bots every game can be played with."""


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot; with ``game`` it replaces the generic bot of that name for that game.

    A game package calls this on import, e.g. ``register_bot("greedy", ShengjiGreedy,
    game="shengji")``; :func:`make_bot` then gives it for ``make_bot("greedy", "shengji")``.
    """
    if game is None:
        _GENERIC[name] = factory
    else:
        _BY_GAME[(game, name)] = factory


def bot_names(game: str | None = None) -> list[str]:
    """Names :func:`make_bot` accepts (for ``game``, including its own bots)."""
    names = list(_GENERIC)
    names += [n for (g, n) in _BY_GAME if g == game and n not in names]
    return names


def make_bot(name: str, game: str | None = None) -> Bot:
    """A new bot by name; the game's own version when its package registered one."""
    factory = _BY_GAME.get((game, name)) if game is not None else None
    if factory is None:
        factory = _GENERIC.get(name)
    if factory is None:
        raise MalformedError("bots", f"unknown bot {describe(name)}; bots are "
                             f"{', '.join(bot_names(game))}")
    return factory()
