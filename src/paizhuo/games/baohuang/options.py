"""Baohuang table settings: one typed, frozen object; presets; strict parsing."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from paizhuo.engine.errors import InvalidOptionsError, describe

EXTRA_CARD_CHOICES: Final = ("emperor", "remove")


@dataclass(frozen=True, slots=True)
class BaohuangOptions:
    """The rule options of Baohuang (``docs/rules/baohuang.md``).

    >>> BaohuangOptions.from_dict({"preset": "standard", "extra_card": "remove"}).extra_card
    'remove'
    """

    extra_card: str = "emperor"
    """BH-1: the 216th card goes to the emperor once he is known (``emperor``, default) or is
    taken out of play (``remove``)."""
    seize: bool = True
    """BH-2: a player may seize the emperor card 抢庄 before any call (default on)."""
    forced_call: bool = True
    """BH-2: when the crown has gone round unclaimed, the first holder of exactly three
    identical cards must call 逼庄 (default on); off: the deal is void 黄庄 at once."""
    yield_: bool = True
    """BH-4: players may yield 让牌 in the first circle (default on). Written ``yield``."""
    claim: bool = True
    """BH-4: the next player may claim the lead 申请接风 over a last play (default on)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> BaohuangOptions:
        """Options from a record's ``options`` (``{"preset": …, overrides}``)."""
        data = dict(data or {})
        preset = data.pop("preset", PRESET_NAMES[0])
        if not isinstance(preset, str) or preset not in PRESETS:
            raise InvalidOptionsError("preset", f"unknown preset {describe(preset)}; presets are "
                                      f"{', '.join(PRESET_NAMES)}")
        base = PRESETS[preset]
        changes: dict[str, Any] = {}
        for name, value in data.items():
            attr = _ATTR.get(name)
            if attr is None:
                raise InvalidOptionsError(name, f"unknown option; options are "
                                          f"{', '.join(sorted(_ATTR))}")
            if attr == "extra_card":
                if value not in EXTRA_CARD_CHOICES:
                    raise InvalidOptionsError(name, f"must be one of "
                                              f"{', '.join(EXTRA_CARD_CHOICES)}, not "
                                              f"{describe(value)}")
            elif not isinstance(value, bool):
                raise InvalidOptionsError(name, f"must be true or false, not {describe(value)}")
            changes[attr] = value
        return replace(base, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option by its record name."""
        return {_NAME[f.name]: getattr(self, f.name) for f in fields(self)}


_NAME: Final = {f.name: f.name.rstrip("_") for f in fields(BaohuangOptions)}
_ATTR: Final = {v: k for k, v in _NAME.items()}

PRESETS: Final[dict[str, BaohuangOptions]] = {
    "standard": BaohuangOptions(),
    "no_extra": BaohuangOptions(extra_card="remove"),
    "basic": BaohuangOptions(seize=False, yield_=False, claim=False),
}
"""``standard``: the reference defaults. ``no_extra``: the 216th card is removed.
``basic``: no seizing, yielding or claiming (a simpler table for beginners and tests)."""
PRESET_NAMES: Final = tuple(PRESETS)
