"""Plays 一手牌 (GJ-2), beating (GJ-3), gouji plays (GJ-4) and play generation.

Suits do not matter in Gouji, so the hot path works on the strength ranks 0..14 — ``3 4 5 6 7 8
9 T J Q K A 2 SJ BJ`` — and rank counts shared by the climbing games
(:mod:`paizhuo.games.climbing`). A play is a *shape*, the tuple ``(rank, base, money, small,
big)``:

- ``rank`` 0..12: the rank of the play's ordinary cards (12 = 2s as the base); 13/14: jokers
  alone (13 if any SJ is among them, else 14);
- ``base`` cards of that rank (0 for jokers alone), ``money`` 2s added (贴钱; 0 when the base is
  2s), ``small`` SJs and ``big`` BJs added (挂花).

What is Gouji's own: money (a shape keeps it apart, as GJ-4 and GJ-5 need it, and folds it into
the rank for comparing: :func:`climbing_key`), 杀大花 over big flowers, the gouji thresholds.

>>> from paizhuo.notation import parse_cards
>>> shape_of(parse_cards("2S 2H 3S 3S 3D"))      # five 3s
(0, 3, 2, 0, 0)
>>> describe(shape_of(parse_cards("BJ SJ 2S 2S 5H 5H 5H 5H")))
'six 5s with two small flowers'
>>> beats(shape_of(parse_cards("BJ BJ 9S 9S 9S")), shape_of(parse_cards("SJ SJ 8S 8S 8S")), 1)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from paizhuo.cards import Counts
from paizhuo.games import climbing
from paizhuo.games.climbing import (
    BJ,
    CARDS_OF_RANK,
    RANK_TEXT,
    RANK_TEXT_ZH,
    SJ,
    THREE,
    TWO,
    Key,
    flower_kind,
    rank_counts,
    steps_up,
)

Shape = tuple[int, int, int, int, int]
"""(rank, base, money, small, big) — see the module docstring."""

KILL_OFF, KILL_TWO, KILL_TWO_OR_THREE = 0, 1, 2


def shape_of(cards: Sequence[int]) -> Shape | None:
    """The play some cards make, or ``None`` if they are not one play (GJ-2)."""
    if not cards:
        return None
    cnt = rank_counts(cards)
    base_rank = -1
    for g in range(12):
        if cnt[g]:
            if base_rank >= 0:
                return None
            base_rank = g
    if base_rank >= 0:
        return (base_rank, cnt[base_rank], cnt[TWO], cnt[SJ], cnt[BJ])
    if cnt[TWO]:
        return (TWO, cnt[TWO], 0, cnt[SJ], cnt[BJ])
    return (SJ if cnt[SJ] else BJ, 0, 0, cnt[SJ], cnt[BJ])


def size(p: Shape) -> int:
    return p[1] + p[2] + p[3] + p[4]


def climbing_key(p: Shape) -> Key:
    """The shared climbing key of a play: its money counts as its rank (GJ-2).

    >>> climbing_key((0, 3, 2, 0, 0))      # 2 2 3 3 3 is five 3s
    (0, 5, 0, 0)
    """
    return (p[0], p[1] + p[2], p[3], p[4])


def flower(p: Shape) -> int:
    """PLAIN, SMALL or BIG (GJ-2: a BJ+SJ mix counts as small flowers)."""
    return flower_kind(p[3], p[4])


def beats(new: Shape, cur: Shape, kill: int) -> bool:
    """True if ``new`` beats ``cur`` (GJ-3); ``kill`` is the ``kill_big`` code.

    Plain and small-flowered plays fall as in every climbing game
    (:func:`paizhuo.games.climbing.beats`); big flowers are dead unless 杀大花.

    >>> from paizhuo.notation import parse_cards as p
    >>> beats(shape_of(p("BJ BJ BJ 9S 9S")), shape_of(p("SJ SJ 8S 8S 8S")), 1)
    True
    >>> beats(shape_of(p("BJ BJ TS")), shape_of(p("BJ 9S 9S")), 0)  # big flowers are dead
    False
    >>> beats(shape_of(p("BJ BJ TS")), shape_of(p("BJ 9S 9S")), 1)  # 大王二杀一
    True
    """
    if cur[4] and not cur[3]:  # big flowers: dead unless 杀大花 kills a single BJ
        if kill == KILL_OFF or cur[4] != 1 or not steps_up(climbing_key(new), climbing_key(cur)):
            return False
        return new[4] >= 2 or (kill == KILL_TWO_OR_THREE and new[3] >= 3)
    return climbing.beats(climbing_key(new), climbing_key(cur))


def is_gouji(p: Shape, thresholds: Sequence[int]) -> bool:
    """GJ-4: holds a joker, or is 2s alone, or reaches its rank's threshold (money counted).

    >>> from paizhuo.games.gouji.options import GoujiOptions
    >>> t = GoujiOptions().thresholds()
    >>> is_gouji((10, 1, 1, 0, 0), t), is_gouji((9, 2, 0, 0, 0), t)   # K 2 yes, Q Q no
    (True, False)
    """
    if p[3] or p[4] or p[0] == TWO:
        return True
    if p[0] > TWO:
        return True
    return p[1] + p[2] >= thresholds[p[0]]


def opens_point(p: Shape, plain_only: bool = False) -> bool:
    """GJ-5: a gouji play that opens the point when unanswered: no joker, not a single 2
    (with ``plain_only``, 通用规则: no money either, and never 2s alone)."""
    if p[3] or p[4]:
        return False
    if plain_only:
        return p[2] == 0 and p[0] != TWO
    return not (p[0] == TWO and p[1] == 1)


_NUMBERS: Final = {"en": ("", "one", "two", "three", "four", "five", "six", "seven", "eight",
                           "nine", "ten"),
                    "zh": tuple("零一两三四五六七八九十")}


def describe(p: Shape, lang: str = "en") -> str:
    """A player's words for a play: ``three 8s with two big flowers``; 中文 ``三张8带两个大花``."""
    zh = lang == "zh"
    numbers = _NUMBERS["zh" if zh else "en"]
    rank, base, money, small, big = p

    def many(n: int, what: str, unit: str = "张") -> str:
        name = numbers[n] if n < len(numbers) else str(n)
        return f"{name}{unit}{what}" if zh else f"{name} {what}{'s' if n != 1 else ''}"

    if rank >= SJ:
        jokers = ((big, "大王" if zh else "BJ"), (small, "小王" if zh else "SJ"))
        return ("和" if zh else " and ").join(many(n, what) for n, what in jokers if n)
    text = many(base + money, (RANK_TEXT_ZH if zh else RANK_TEXT)[rank])
    if small + big:
        if zh:
            text += f"带{many(small + big, '小花' if small else '大花', '个')}"
        else:
            text += f" with {many(small + big, 'small flower' if small else 'big flower')}"
    return text


def describe_zh(p: Shape) -> str:
    """:func:`describe` in 中文."""
    return describe(p, "zh")


def cards_for(p: Shape, hand: Counts) -> tuple[int, ...]:
    """Real cards for a play from a hand (lowest suit ids first), sorted."""
    rank, base, money, small, big = p
    arr = hand.array()
    out: list[int] = []
    for g, n in ((rank, base), (TWO, money)):
        if n and g < SJ:
            for c in CARDS_OF_RANK[g]:
                take = min(n, arr[c])
                out.extend([c] * take)
                n -= take
                if not n:
                    break
    out.extend([52] * small)
    out.extend([53] * big)
    return tuple(sorted(out))


def plays_of_size(h: Sequence[int], n: int, min_rank: int = -1) -> list[Shape]:
    """Every play of exactly ``n`` cards from rank counts ``h`` with rank above ``min_rank``."""
    out: list[Shape] = []
    h2, hs, hb = h[TWO], h[SJ], h[BJ]
    low = min_rank + 1 if min_rank >= 0 else 0
    if not hs and not hb:  # the common case, in the same order as the loop below
        first = n - h2 if n - h2 > 1 else 1
        for g in range(low, 12):
            hg = h[g]
            if hg >= first:
                for k in range(first, (hg if hg < n else n) + 1):
                    out.append((g, k, n - k, 0, 0))
        if low <= TWO and h2 >= n:
            out.append((TWO, n, 0, 0, 0))
        return out
    extras = h2 + hs + hb
    for g in range(low, 13):
        hg = h[g]
        if not hg:
            continue
        if g == TWO:
            extras = hs + hb
        for k in range(1 if n - extras < 1 else n - extras, (hg if hg < n else n) + 1):
            rest = n - k
            if not rest:
                out.append((g, k, 0, 0, 0))
                continue
            for b in range(min(hb, rest) + 1):
                for s in range(min(hs, rest - b) + 1):
                    m = rest - b - s
                    if g == TWO:
                        if m == 0:
                            out.append((g, k, 0, s, b))
                    elif m <= h2:
                        out.append((g, k, m, s, b))
    if hs + hb >= n:
        for b in range(min(hb, n) + 1):
            s = n - b
            if s <= hs:
                r = SJ if s else BJ
                if r > min_rank:
                    out.append((r, 0, 0, s, b))
    return out


def all_plays(h: Sequence[int]) -> list[Shape]:
    """Every play a hand can lead."""
    out: list[Shape] = []
    h2, hs, hb = h[TWO], h[SJ], h[BJ]
    for g in range(13):
        hg = h[g]
        if not hg:
            continue
        for k in range(1, hg + 1):
            for m in range(h2 + 1 if g != TWO else 1):
                for s in range(hs + 1):
                    for b in range(hb + 1):
                        out.append((g, k, m, s, b))
    for s in range(hs + 1):
        for b in range(hb + 1):
            if s or b:
                out.append((SJ if s else BJ, 0, 0, s, b))
    return out


def beating_plays(h: Sequence[int], cur: Shape, kill: int) -> list[Shape]:
    """Every play from ``h`` that beats ``cur`` (GJ-3)."""
    if not (cur[3] or cur[4]):  # plain: every play of the size and a higher rank beats it
        return plays_of_size(h, cur[1] + cur[2], cur[0])
    if not cur[3] and (kill == KILL_OFF or cur[4] != 1):
        return []
    return [p for p in plays_of_size(h, size(cur), cur[0]) if beats(p, cur, kill)]


@lru_cache(maxsize=4096)
def beating_tuple(h: tuple[int, ...], cur: Shape, kill: int) -> tuple[Shape, ...]:
    """:func:`beating_plays` of rank counts given as a tuple, remembered: a playout asks it
    twice of one answer (the engine, whether the answer is forced; the bot, its choice)."""
    return tuple(beating_plays(h, cur, kill))


def after(h: Sequence[int], p: Shape) -> list[int]:
    """Rank counts left after playing ``p``."""
    out = list(h)
    rank, base, money, small, big = p
    if rank < SJ:
        out[rank] -= base
    out[TWO] -= money
    out[SJ] -= small
    out[BJ] -= big
    return out


def keeps_three_rule(h: Sequence[int], p: Shape) -> bool:
    """GJ-9 憋三: a play must leave a 3 in hand, or be the last play and 3s only."""
    left = after(h, p)
    if sum(left) == 0:
        return p[0] == THREE and p[2] == p[3] == p[4] == 0
    return left[THREE] > 0


def can_finish_burn(left: Sequence[int], bie_san: bool) -> bool:
    """GJ-6: can these cards be led out in plays each holding a joker except the last?"""
    jokers = left[SJ] + left[BJ]
    plain = [g for g in range(12) if left[g]]
    if not plain and not jokers and not left[TWO]:
        return True
    if bie_san:
        if not left[THREE]:
            return False
        others = [g for g in plain if g != THREE]
        groups = len(others) + (1 if left[TWO] and not others else 0)
        return jokers >= groups
    groups = len(plain) + (1 if left[TWO] and not plain else 0)
    return jokers >= groups - 1
