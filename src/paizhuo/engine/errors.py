"""The two kinds of error: malformed input, and a well-formed action the rules forbid.

They are defined under the engine, in :mod:`paizhuo.errors` (the card notation words its
messages with :func:`describe` too, and must not import the engine); this is the name the
engine, the games and their callers use for them.
"""

from __future__ import annotations

from paizhuo.errors import (
    IllegalActionError,
    InvalidOptionsError,
    MalformedError,
    PaizhuoError,
    Words,
    describe,
    seat_en,
    seat_zh,
    verb_zh,
)

__all__ = ["IllegalActionError", "InvalidOptionsError", "MalformedError", "PaizhuoError",
           "Words", "describe", "seat_en", "seat_zh", "verb_zh"]
