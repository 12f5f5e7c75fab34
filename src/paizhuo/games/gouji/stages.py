"""The stages of the play phase and the seats around the table (GJ-1, GJ-5)."""

from __future__ import annotations

from typing import Final

LEAD: Final = "lead"
BURN: Final = "burn"
ANSWER: Final = "answer"
OVER: Final = "over"
SEATS: Final = 6


def opp(seat: int) -> int:
    """A seat's 对头 (GJ-1)."""
    return (seat + 3) % SEATS


def same_team(a: int, b: int) -> bool:
    return a % 2 == b % 2
