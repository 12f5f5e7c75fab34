"""The policies: the bots that decide by their own rules, one decision at a time — the generic
``random``, ``uniform`` and ``greedy``, each game's own bots (``bots/<game>_<bot>.py``:
Shengji's greedy, every game's heuristic) and those a program registers.

Other bots are built on them: the search plays its playouts with a game's policy
(:func:`playout_bot`) and a named strength is a game's heuristic with noise
(:mod:`paizhuo.bots.strengths`). The registry (:mod:`paizhuo.bots.registry`) lists every
bot, those built ones included, so the policies sit under it: a search that looked its
policy up in the registry would import the module that names the search.

A game's own bots are named as ``module:attribute`` and imported the first time they are
asked for (:data:`_LAZY_BY_GAME`), so that listing bots or playing another game never
imports a game's bot (nor its game).

>>> make_policy("greedy", "shengji").name, make_policy("greedy", "gouji").name
('greedy', 'greedy')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

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
"""Policies every game can be played with (and generic bots a program registers)."""
_BY_GAME: dict[tuple[str, str], BotFactory] = {}
"""(game, name) -> factory, for a game's bots registered or already imported."""
_LAZY_BY_GAME: dict[tuple[str, str], str] = {
    # (game, bot name) -> "module:attribute" of the factory, imported on first use
    ("shengji", "greedy"): "paizhuo.bots.shengji_greedy:ShengjiGreedy",
    ("gouji", "heuristic"): "paizhuo.bots.gouji_heuristic:GoujiHeuristic",
    ("shengji", "heuristic"): "paizhuo.bots.shengji_heuristic:ShengjiHeuristic",
    ("baohuang", "heuristic"): "paizhuo.bots.baohuang_heuristic:BaohuangHeuristic",
    # the heuristics as they were before issue 35, frozen: the baseline of paizhuo audit
    ("shengji", "heuristic-v1"): "paizhuo.bots.v1.shengji_heuristic:ShengjiHeuristic",
    ("gouji", "heuristic-v1"): "paizhuo.bots.v1.gouji_heuristic:GoujiHeuristic",
    ("baohuang", "heuristic-v1"): "paizhuo.bots.v1.baohuang_heuristic:BaohuangHeuristic",
}


def register_policy(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot; with ``game`` it replaces the generic bot of that name for that game
    (what :func:`paizhuo.bots.registry.register_bot` does)."""
    if game is None:
        _GENERIC[name] = factory
    else:
        _BY_GAME[(game, name)] = factory


def policy_names(game: str | None = None) -> list[str]:
    """The generic policies' names, then ``game``'s own (those registered first)."""
    names = list(_GENERIC)
    for g, n in (*_BY_GAME, *_LAZY_BY_GAME):
        if g == game and n not in names:
            names.append(n)
    return names


def game_policy(name: str, game: str) -> BotFactory | None:
    """The factory of ``game``'s own bot ``name`` (imported here the first time), or
    ``None`` where the game has none of that name."""
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


def generic_policy(name: str) -> BotFactory | None:
    """The factory of the generic bot ``name``, or ``None``."""
    return _GENERIC.get(name)


def make_policy(name: str, game: str) -> Bot:
    """A new policy by name: ``game``'s own version where it has one, else the generic one
    (a :class:`MalformedError` on ``bots`` where neither exists)."""
    factory = game_policy(name, game) or generic_policy(name)
    if factory is None:
        raise MalformedError("bots", f"unknown policy {describe(name)} for {game}; policies "
                             f"are {', '.join(policy_names(game))}")
    return factory()


def playout_bot(game_name: str) -> Bot:
    """The game's ``heuristic`` bot, or ``greedy`` where it has none: the policy the search
    plays its playouts with."""
    name = "heuristic" if "heuristic" in policy_names(game_name) else "greedy"
    return make_policy(name, game_name)
