"""Actions: one decision of one seat, as stored in records (``[seat, verb, cards?, extra?]``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paizhuo.notation import format_cards


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``seat`` does ``verb`` with ``cards`` (a multiset, sorted ids).

    ``extra`` holds verb-specific data (``{"dealt": 37}`` on an early bid, the called friend
    ``{"card": "AH", "nth": 1}``); it does not take part in hashing.

    >>> from paizhuo.notation import parse_cards
    >>> Action(1, "play", tuple(sorted(parse_cards("5S 4S 4S")))).to_json()
    [1, 'play', '4S 4S 5S']
    """

    seat: int
    verb: str
    cards: tuple[int, ...] = ()
    extra: Mapping[str, Any] | None = field(default=None, hash=False)

    @classmethod
    def make(
        cls, seat: int, verb: str, cards: tuple[int, ...] | list[int] = (),
        extra: Mapping[str, Any] | None = None,
    ) -> Action:
        """Build an action, putting the cards in canonical (sorted) order."""
        return cls(seat, verb, tuple(sorted(cards)), extra or None)

    def to_json(self) -> list[Any]:
        """The record form ``[seat, verb, cards?, extra?]`` (cards kept when extra follows)."""
        out: list[Any] = [self.seat, self.verb]
        if self.cards or self.extra:
            out.append(format_cards(self.cards))
        if self.extra:
            out.append(dict(self.extra))
        return out

    def __str__(self) -> str:
        text = f"seat {self.seat} {self.verb}"
        if self.cards:
            text += " " + format_cards(self.cards)
        if self.extra:
            text += " " + " ".join(f"{k}={v}" for k, v in self.extra.items())
        return text
