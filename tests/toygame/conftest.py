"""The fixtures that install Climb (``toygame``) through its entry point: see
:mod:`toygame.fixtures`."""

from __future__ import annotations

from toygame.fixtures import toy_game, toy_module

__all__ = ["toy_game", "toy_module"]
