"""The package's error vocabulary: malformed input, and a well-formed action the rules forbid.

It sits under every other module (it imports nothing of paizhuo), so that the card notation
can word its messages with :func:`describe` without importing the engine. The engine names
the same classes in :mod:`paizhuo.engine.errors`, where the engine's callers and the games
import them from.
"""

from __future__ import annotations

import json
from typing import Any


class PaizhuoError(Exception):
    """Base class of every error this package raises on purpose."""


class MalformedError(PaizhuoError, ValueError):
    """Input that is not well formed (a bad record field, card text, option or command).

    ``field`` names where the problem is, as a path into the document (``actions[3][2]``,
    ``options.kitty_multiplier``) so that a message can point at it.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class IllegalActionError(PaizhuoError, ValueError):
    """A well-formed action the rules forbid; the state is left unchanged.

    ``rule`` is the rule id of the rules reference (``SJ-8``, ``GJ-5``, ``BH-4``) and
    ``message`` explains it in a player's words.
    """

    def __init__(self, rule: str, message: str, seat: int | None = None) -> None:
        self.rule = rule
        self.message = message
        self.seat = seat
        self.index: int | None = None
        """Position of the action in a record, set when a replay stops on it."""
        super().__init__(f"[{rule}] {message}")


class InvalidOptionsError(MalformedError):
    """Options that are unknown, of the wrong type, or impossible together."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"options.{option}" if option else "options", message)


def describe(value: Any) -> str:
    """A JSON value in plain words, for messages (never a Python repr).

    >>> describe(None), describe("chess"), describe(3), describe([1]), describe({}), describe(True)
    ('null', '"chess"', 'the number 3', 'a list', 'an object', 'true')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return json.dumps(shown, ensure_ascii=False)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a value of an unknown kind"
