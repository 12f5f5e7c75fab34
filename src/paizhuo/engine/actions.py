"""Actions: one decision of one seat, as stored in records (``[seat, verb, cards?, extra?]``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paizhuo.engine.errors import MalformedError, describe
from paizhuo.notation import NotationError, format_cards, parse_cards


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


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_typed_action(text: str, seat: int, verbs: frozenset[str]) -> Action:
    """An action typed in notation: verb, cards, then ``key=value`` extras.

    >>> parse_typed_action("play as 10s", 1, frozenset({"play"})).to_json()
    [1, 'play', 'TS AS']
    """
    tokens = text.split()
    verb = tokens[0].lower()
    if verb not in verbs:
        raise MalformedError("action", f"unknown verb {describe(verb)}; verbs are "
                             f"{', '.join(sorted(verbs))}")
    card_tokens: list[str] = []
    extra: dict[str, Any] = {}
    for token in tokens[1:]:
        if "=" in token:
            key, _, value = token.partition("=")
            extra[key] = _parse_value(value)
        else:
            card_tokens.append(token)
    try:
        cards = parse_cards(" ".join(card_tokens))
    except NotationError as exc:
        raise MalformedError("action", str(exc)) from None
    return Action.make(seat, verb, cards, extra or None)
