"""Scoring 计分 (BH-5): the normal, alone 独保 and seized 抢杠 tables, as exact fractions."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

NORMAL_POINTS: Final = (6, 3, 0, -3, -6)
"""Rank points 头科 二科 第三 二落 大落 with emperor and guard against three."""
ALONE_POINTS: Final = (16, 4, 0, -4, -16)
"""Rank points when the emperor is his own guard 独保."""
SEIZED_WIN: Final = 40
"""抢杠: the seizing emperor gets ±40 and each other seat ∓10."""

RANK_NAMES: Final = ("头科", "二科", "第三", "二落", "大落")
RANK_KEYS: Final = ("first", "second", "third", "fourth", "last")


def score(order: list[int], emperor: int, guard: int | None, *, seized: bool,
          doubled: bool) -> list[Fraction]:
    """Each seat's score; ``order`` lists the five seats from 头科 to 大落.

    ``guard`` is ``None`` when seized, the emperor himself when alone. ``doubled``: open guard
    明保 or open alone 明独.

    >>> [str(s) for s in score([0, 1, 2, 3, 4], 0, 3, seized=False, doubled=False)]
    ['2', '-1', '-1', '1', '-1']
    """
    place = {seat: i for i, seat in enumerate(order)}
    n = len(order)
    out = [Fraction(0)] * n
    if seized or guard is None:
        win = place[emperor] == 0
        for seat in range(n):
            out[seat] = Fraction(SEIZED_WIN if win else -SEIZED_WIN) if seat == emperor else \
                Fraction(-10 if win else 10)
        return out
    if guard == emperor:
        own = ALONE_POINTS[place[emperor]]
        others = Fraction(-own, 4)
        out = [others] * n
        out[emperor] = Fraction(own)
    else:
        side = NORMAL_POINTS[place[emperor]] + NORMAL_POINTS[place[guard]]
        rev = -side
        out = [Fraction(rev, 3)] * n
        out[emperor] = Fraction(2 * side, 3)
        out[guard] = Fraction(side, 3)
    if doubled:
        out = [2 * s for s in out]
    return out


def fraction_json(value: Fraction) -> int | str:
    """An exact score in JSON: an int when whole, else ``"p/q"``."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def display(value: Fraction) -> float:
    """The score rounded to one decimal for display."""
    return round(float(value), 1)


def returns(order: list[int] | None, emperor: int | None, guard: int | None, *, seized: bool,
            doubled: bool, seats: int = 5) -> list[float]:
    """Each seat's score as a number (the engine's ``returns``): zero-sum; ``order`` ``None``
    for a void deal 黄庄, which scores nothing."""
    if order is None or emperor is None:
        return [0.0] * seats
    return [float(s) for s in score(order, emperor, guard, seized=seized, doubled=doubled)]
