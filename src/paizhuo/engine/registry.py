"""The registry of games: games register with the engine, the engine never imports a game.

A game package declares itself as an entry point of the group ``paizhuo.games`` (see
``pyproject.toml``: ``shengji = "paizhuo.games.shengji:ShengjiGame"``), which the registry
reads the first time a game is looked up and imports only when that game is asked for; a
program can also register a class directly with :func:`register_game` (tests do, for a
throwaway game). Dependencies point one way: games import the engine, not the reverse.

>>> "shengji" in game_names()
True
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import TYPE_CHECKING

from paizhuo.engine.errors import MalformedError, describe

if TYPE_CHECKING:
    from paizhuo.engine.game import Game

ENTRY_POINT_GROUP = "paizhuo.games"

_BUILT_IN_ORDER = ("shengji", "gouji", "baohuang")
"""The project's own games come first, in this order, in every listing."""

_ENTRIES: dict[str, str] = {}
"""Game name → ``module:attribute`` of its class, from the entry points (loaded lazily)."""
_CLASSES: dict[str, type[Game]] = {}
"""Game name → class, for games already imported or registered directly."""
_loaded = False


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    found = {ep.name: ep.value for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    for name in sorted(found, key=lambda n: (*_BUILT_IN_ORDER, n).index(n)):
        _ENTRIES.setdefault(name, found[name])


def register_game(cls: type[Game], name: str | None = None) -> None:
    """Register a game class under ``name`` (default ``cls.name``)."""
    _load_entry_points()
    key = name or cls.name
    _CLASSES[key] = cls
    _ENTRIES.setdefault(key, f"{cls.__module__}:{cls.__qualname__}")


def unregister_game(name: str) -> None:
    """Forget a game registered with :func:`register_game` (tests)."""
    _CLASSES.pop(name, None)
    _ENTRIES.pop(name, None)


def game_names() -> tuple[str, ...]:
    """Every registered game's name, the project's own first."""
    _load_entry_points()
    return tuple(_ENTRIES)


def is_available(name: str) -> bool:
    """Whether ``name`` is registered and its package can be imported here."""
    try:
        game_class(name)
    except MalformedError:
        return False
    return True


def game_class(name: str) -> type[Game]:
    """The game class registered under ``name``.

    An unknown name, or a registered game whose package is not installed, is a
    :class:`MalformedError` on the field ``game``; a broken import inside an installed game
    package is a bug and is raised as it is.
    """
    _load_entry_points()
    cls = _CLASSES.get(name)
    if cls is not None:
        return cls
    target = _ENTRIES.get(name) if isinstance(name, str) else None
    if target is None:
        raise MalformedError("game", f"unknown game {describe(name)}; games are "
                             f"{', '.join(game_names())}")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if not exc.name or not module_name.startswith(exc.name):
            raise
        raise MalformedError("game", f"the game {describe(name)} is not available in this "
                             "installation") from None
    found = getattr(module, attr, None)
    if found is None:
        raise MalformedError("game", f"the game {describe(name)} is not available in this "
                             "installation")
    _CLASSES[name] = found
    return found  # type: ignore[no-any-return]
