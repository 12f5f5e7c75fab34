"""Gouji table settings: one typed, frozen settings object with presets (``classic``, ``tongyong``).

Every field names its rule id in ``docs/rules/gouji.md`` and its default. A record's
``options`` is ``{"preset": name, **overrides}``.

>>> GoujiOptions.from_dict({"preset": "tongyong"}).deck
198
>>> GoujiOptions.from_dict({"kill_big": "off"}).kill_big
'off'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from paizhuo.engine.errors import InvalidOptionsError, describe

KILL_BIG_VALUES: Final = ("off", "two_for_one", "two_or_three")
STUCK_VALUES: Final = ("last", "stay")
BUY_ORDER_VALUES: Final = ("opponents_first", "team_second")
GOUJI_RANKS: Final = "3456789TJQKA"
BASE_GOUJI_TABLE: Final[dict[str, int]] = {"A": 2, "K": 2, "Q": 3, "J": 4, "T": 5}


@dataclass(frozen=True, slots=True)
class GoujiOptions:
    """Every Gouji house rule. Defaults are the ``classic`` preset."""

    deck: int = 216
    """GJ-1: ``216`` (four full decks, 36 cards each) or ``198`` (通用规则: ten 3s and eight 4s
    removed, 33 each). Default 216."""

    kill_big: str = "two_for_one"
    """GJ-3 杀大花: ``off``, ``two_for_one`` (大王二杀一: two BJ beat a play with exactly one BJ)
    or ``two_or_three`` (also three SJ). Default ``two_for_one``."""

    gouji_table: tuple[tuple[str, int], ...] = ()
    """GJ-4: extra or changed gouji thresholds, rank → minimum count (``{"9": 6}``); merged over
    the fixed table A×2 K×2 Q×3 J×4 T×5. Default none."""

    open_needs_four: bool = False
    """GJ-5 开点发4: an unanswered gouji play opens the point only if its maker then leads 4s.
    Default off (on in 通用规则)."""

    open_plain_only: bool = False
    """GJ-5 (通用规则 "除贴2和挂画外的够级牌，纯2不算开点牌"): only gouji plays without money
    and without jokers, and not 2s alone, open the point. Default off (on in 通用规则)."""

    burn: bool = True
    """GJ-6 烧牌: burning allowed. Default on."""

    burn_needs_open: bool = False
    """GJ-6 (通用规则): a player who has not opened his point may not burn. Default off."""

    advice: bool = True
    """GJ-7 挑牌: teammates see a hand of 10 or fewer cards (a teammate who has gone out sees it
    at any time) and may advise. Default on."""

    revolution: bool = True
    """GJ-9 革命: a player dealt no joker and no 2 may declare revolution. Default on."""

    bie_san: bool = False
    """GJ-9 憋三: a player's last play must be 3s only; players without a 3 buy one (and a 4 in
    the 198 deck). Default off (on in 通用规则)."""

    stuck: str = "last"
    """GJ-9: what happens to a player stuck with his 3s: ``last`` (被闷直接大落: ranked last at
    once) or ``stay`` (憋三留头: stays in, may not 接风, owes 闷贡). Default ``last``."""

    buy_order: str = "opponents_first"
    """GJ-9 buying order: ``opponents_first`` (对头, then the 对头's teammates, then a teammate
    gives one) or ``team_second`` (通用规则: 对头, then a teammate, then the other opponents).
    Default ``opponents_first``."""

    positive_only: bool = False
    """GJ-10 只记正分: only the winning team records its points. Default off."""

    series: int = 5
    """GJ-10: games in a series (tribute is paid before each game after the first; 1 = single
    games, no tribute). Default 5."""

    tribute: bool = True
    """GJ-10 进贡: tribute between the games of a series. Default on."""

    declare: bool = False
    """GJ-10 宣点: players may declare before play; changes the 点贡 table. Default off."""

    titles: bool = True
    """GJ-10: report the titles ladder by total points in results. Default on."""

    # -- derived ---------------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        return 36 if self.deck == 216 else 33

    @property
    def kill_code(self) -> int:
        """0 off, 1 two_for_one, 2 two_or_three (for the hot path)."""
        return KILL_BIG_VALUES.index(self.kill_big)

    def thresholds(self) -> tuple[int, ...]:
        """Minimum count of a gouji play for each base rank 3..A (index 0..11); 99 = never."""
        table = dict(BASE_GOUJI_TABLE)
        table.update(dict(self.gouji_table))
        return tuple(table.get(r, 99) for r in GOUJI_RANKS)

    # -- presets and parsing ---------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> GoujiOptions:
        if name == "classic":
            return cls()
        if name == "tongyong":
            return cls(deck=198, bie_san=True, stuck="last", open_needs_four=True,
                       open_plain_only=True,
                       burn_needs_open=True, kill_big="two_for_one", buy_order="team_second")
        raise InvalidOptionsError("preset", f"unknown preset {describe(name)}; presets are "
                                  f"{', '.join(PRESETS)}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoujiOptions:
        """Options from a record's ``options`` (a preset plus overrides), checked."""
        if not isinstance(data, dict):
            raise InvalidOptionsError("", f"options are an object, not {describe(data)}")
        preset = data.get("preset", "classic")
        if not isinstance(preset, str):
            raise InvalidOptionsError("preset", f"must be a preset name, not {describe(preset)}")
        opts = cls.preset(preset)
        names = {f.name: f for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "preset":
                continue
            if key not in names:
                raise InvalidOptionsError(key, f"unknown Gouji option; options are "
                                          f"{', '.join(sorted(names))}")
            changes[key] = _check(key, value)
        opts = replace(opts, **changes)
        opts.validate()
        return opts

    def validate(self) -> None:
        """Reject impossible combinations."""
        if self.burn_needs_open and not self.burn:
            raise InvalidOptionsError("burn_needs_open", "needs burn on")
        if self.stuck == "stay" and not self.bie_san:
            raise InvalidOptionsError("stuck", "stuck = stay needs bie_san on")
        if self.declare and not (self.tribute and self.series > 1):
            raise InvalidOptionsError("declare", "宣点 only changes tribute: needs tribute on "
                                      "and a series of more than one game")

    def to_dict(self, preset: str = "classic") -> dict[str, Any]:
        """``{"preset": preset, ...fields that differ from it}``."""
        base = GoujiOptions.preset(preset)
        out: dict[str, Any] = {"preset": preset}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(base, f.name):
                out[f.name] = dict(value) if f.name == "gouji_table" else value
        return out


PRESETS: Final = ("classic", "tongyong")


def _check(key: str, value: Any) -> Any:
    bools = {"open_needs_four", "open_plain_only", "burn", "burn_needs_open", "advice",
             "revolution", "bie_san", "positive_only", "tribute", "declare", "titles"}
    if key in bools:
        if not isinstance(value, bool):
            raise InvalidOptionsError(key, f"must be true or false, not {describe(value)}")
        return value
    if key == "deck":
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidOptionsError(key, f"a number is required (216 or 198), not "
                                      f"{describe(value)}")
        if value not in (216, 198):
            raise InvalidOptionsError(key, f"must be 216 or 198, not {value}")
        return value
    if key == "series":
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidOptionsError(key, f"a number is required (games in the series, 1 to "
                                      f"100), not {describe(value)}")
        if not 1 <= value <= 100:
            raise InvalidOptionsError(key, f"must be a whole number of games from 1 to 100, "
                                      f"not {value}")
        return value
    choices = {"kill_big": KILL_BIG_VALUES, "stuck": STUCK_VALUES, "buy_order": BUY_ORDER_VALUES}
    if key in choices:
        if value not in choices[key]:
            raise InvalidOptionsError(key, f"must be one of {', '.join(choices[key])}, not "
                                      f"{describe(value)}")
        return value
    # gouji_table
    if not isinstance(value, dict):
        raise InvalidOptionsError(key, "must be an object of rank → minimum count, e.g. "
                                  "{\"9\": 6}")
    out: list[tuple[str, int]] = []
    for rank, n in value.items():
        r = "T" if rank == "10" else str(rank).upper()
        if r not in GOUJI_RANKS:
            raise InvalidOptionsError(f"{key}.{rank}", "a gouji rank is one of 3..A")
        if not isinstance(n, int) or isinstance(n, bool):
            raise InvalidOptionsError(f"{key}.{rank}", f"a number is required (the minimum "
                                      f"count, 1 to 36), not {describe(n)}")
        if not 1 <= n <= 36:
            raise InvalidOptionsError(f"{key}.{rank}", "the minimum count is 1 to 36")
        out.append((r, n))
    return tuple(sorted(out))
