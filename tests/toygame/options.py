"""Climb's table settings: one typed, frozen object, presets, strict parsing (as the real
games keep theirs, so a tool that reads options generically reads these too)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from paizhuo.engine.errors import InvalidOptionsError, describe

DECK_SIZE: Final = 54


@dataclass(frozen=True, slots=True)
class ToyOptions:
    """The rule options of Climb 爬 (rules in :mod:`toygame`).

    >>> ToyOptions.from_dict({"preset": "three"}).seats
    3
    >>> ToyOptions.from_dict({"per_card": False}).per_card
    False
    """

    seats: int = 4
    """TOY-1: players at the table, 3 or 4 (fixed by the preset)."""
    hand_size: int = 13
    """TOY-1: cards dealt to each player (the rest of the deck is set aside unseen)."""
    per_card: bool = True
    """TOY-6: each loser pays one point per card left (default on); off: one point each."""

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ToyOptions:
        """Options from a record's ``options`` (``{"preset": …, overrides}``); invalid ones
        are refused here, when the table is created."""
        data = dict(data or {})
        preset = data.pop("preset", PRESET_NAMES[0])
        if not isinstance(preset, str) or preset not in PRESETS:
            raise InvalidOptionsError("preset", f"unknown preset {describe(preset)}; presets "
                                      f"are {', '.join(PRESET_NAMES)}")
        changes: dict[str, Any] = {}
        for name, value in data.items():
            if name == "per_card":
                if not isinstance(value, bool):
                    raise InvalidOptionsError(name, f"must be true or false, not "
                                              f"{describe(value)}")
            elif name in ("seats", "hand_size"):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise InvalidOptionsError(name, f"must be an integer, not {describe(value)}")
            else:
                raise InvalidOptionsError(name, "unknown option; options are hand_size, "
                                          "per_card, seats")
            changes[name] = value
        options = replace(PRESETS[preset], **changes)
        if options.seats not in (3, 4):
            raise InvalidOptionsError("seats", f"Climb is played by 3 or 4, not "
                                      f"{options.seats}")
        if not 1 <= options.hand_size <= DECK_SIZE // options.seats:
            raise InvalidOptionsError("hand_size", f"must be 1–{DECK_SIZE // options.seats} "
                                      f"for {options.seats} players (one 54-card deck)")
        return options

    def to_dict(self) -> dict[str, Any]:
        """Every option by its record name."""
        return asdict(self)


PRESETS: Final[dict[str, ToyOptions]] = {
    "standard": ToyOptions(),
    "three": ToyOptions(seats=3, hand_size=18),
    "quick": ToyOptions(hand_size=5, per_card=False),
}
"""``standard``: four players, 13 cards each. ``three``: three players share the whole deck.
``quick``: four players, five cards each, one point a loser (short deals for demos and tests)."""
PRESET_NAMES: Final = tuple(PRESETS)
