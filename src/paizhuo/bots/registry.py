"""Bots by name; a game may have its own version of a bot (``bots/<game>_<bot>.py``).

Dependencies point one way: bots import games, never the reverse, so a game's own bot is
registered with the policies (:mod:`paizhuo.bots.policies`, lazily, as ``module:attribute``)
or by a program with :func:`register_bot`. This module adds the bots built on the policies —
the search (``search``, ``hard``) and the named strengths (``easy``, ``normal``) — and is the
one place that lists them all; nothing it names imports it back.

>>> make_bot("greedy").name
'greedy'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from paizhuo.bots.base import Bot
from paizhuo.bots.policies import (
    BotFactory,
    game_policy,
    generic_policy,
    policy_names,
    register_policy,
)
from paizhuo.bots.search import SearchBot
from paizhuo.bots.strengths import STRENGTH_GAMES, STRENGTHS, make_strength
from paizhuo.engine.errors import MalformedError, describe


def _hard() -> Bot:
    """The ``hard`` strength: the search bot with a time limit (under a second a decision):
    up to 192 playouts, four times ``search``'s 48 (and, in Gouji, its extra playouts for an
    open decision), where they fit in 0.8 s."""
    return SearchBot(playouts=192, seconds=0.8)


_SEARCH: dict[str, BotFactory] = {
    # determinized Monte-Carlo search over the game's heuristic (reproducible: a playout
    # budget, no clock); "hard" is the same under a time limit, for tables
    "search": SearchBot,
    "hard": _hard,
}

_LEARNED: dict[tuple[str, str], str] = {
    # the learned bots of the games whose weights are shipped (paizhuo/bots/weights,
    # paizhuo.bots.dmc, imported on first use; tests/bots/test_dmc_shipped.py keeps this
    # list and the files equal). Here, not among the policies: the learned bot plays the
    # heuristic (a policy) where a list is too long, and search-dmc is a search. Each names
    # a function of the game that makes the bot.
    ("shengji", "dmc"): "paizhuo.bots.dmc:shipped_bot",
    ("shengji", "search-dmc"): "paizhuo.bots.dmc:learned_search",
    ("gouji", "dmc"): "paizhuo.bots.dmc:shipped_bot",
    ("gouji", "search-dmc"): "paizhuo.bots.dmc:learned_search",
    ("baohuang", "dmc"): "paizhuo.bots.dmc:shipped_bot",
    ("baohuang", "search-dmc"): "paizhuo.bots.dmc:learned_search",
}


def _learned(game: str, name: str) -> Bot | None:
    """``game``'s learned bot ``name`` (its module imported here), or ``None``."""
    target = _LEARNED.get((game, name))
    if target is None:
        return None
    module, _, attr = target.partition(":")
    make = cast(Callable[[str], Bot], getattr(importlib.import_module(module), attr))
    return make(game)


BOT_NAMES: tuple[str, ...] = (*policy_names(), *_SEARCH)
"""Bots every game can be played with."""


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot; with ``game`` it replaces the generic bot of that name for that game.

    ``register_bot("greedy", ShengjiGreedy, game="shengji")`` makes ``make_bot("greedy",
    "shengji")`` give it. A registered bot is one of the policies (:mod:`paizhuo.bots.policies`):
    the search plays a game's registered ``heuristic`` in its playouts.
    """
    register_policy(name, factory, game)


def _strengths(game: str | None) -> tuple[str, ...]:
    return tuple(STRENGTHS) if game in STRENGTH_GAMES else ()


BASELINES: tuple[str, ...] = ("heuristic-v1",)
"""Bots kept only to measure the others against (:mod:`paizhuo.bots.v1`): accepted
everywhere a bot name is, but not offered to players in the lobby."""


def bot_names(game: str | None = None, baselines: bool = True) -> list[str]:
    """Names :func:`make_bot` accepts (for ``game``, including its own bots); without the
    :data:`BASELINES` if ``baselines`` is false (the lobby's list)."""
    names = [*policy_names(), *_SEARCH]
    learned = [n for g, n in _LEARNED if g == game]
    for name in (*policy_names(game), *learned, *_strengths(game)):
        if name not in names:
            names.append(name)
    return names if baselines else [n for n in names if n not in BASELINES]


def make_bot(name: str, game: str | None = None) -> Bot:
    """A new bot by name; the game's own version when it has one."""
    if game is not None:
        own = game_policy(name, game)
        if own is not None:
            return own()
        if name in _strengths(game):
            return make_strength(name, game)
        learned = _learned(game, name)
        if learned is not None:
            return learned
    factory = generic_policy(name) or _SEARCH.get(name)
    if factory is None:
        raise MalformedError("bots", f"unknown bot {describe(name)}; bots are "
                             f"{', '.join(bot_names(game))}")
    return factory()
