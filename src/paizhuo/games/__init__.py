"""The project's games, one package each; they register with the engine's registry
(:mod:`paizhuo.engine.registry`) through the ``paizhuo.games`` entry points.

``game_class`` and ``GAME_NAMES`` are the registry's, re-exported for convenience.
"""

from __future__ import annotations

from paizhuo.engine.registry import game_class, game_names

GAME_NAMES = game_names()

__all__ = ["GAME_NAMES", "game_class", "game_names"]
