"""Plays 一套牌 and how one beats another (BH-3), on compact per-rank counts.

A play is described by its *key* ``(r, n, x, y)``: ``n`` cards of one rank plus ``x`` small
and ``y`` big jokers (挂花). ``r`` is the play's *strength rank*::

    0 = 3, 1 = 4, … 10 = K, 11 = A, 12 = 2, 13 = SJ, 14 = BJ

A play of jokers alone has ``n = 0`` and rank 14 when all its jokers are big, else 13 (a
``BJ``+``SJ`` mix counts as small, as in Gouji). So ``n == 0`` exactly when ``r >= 13``.

Hands in hot paths are *strength counts*: a list of 15 ints, ``h[r]`` cards of strength rank
``r`` (``h[14]`` counts the emperor card ``BJ*`` with the other big jokers).

>>> from paizhuo.notation import parse_cards
>>> key_of(parse_cards("SJ SJ 9S 9H 9D"))
(6, 3, 2, 0)
>>> beats(key_of(parse_cards("BJ BJ JS JS JS")), key_of(parse_cards("SJ SJ 9S 9H 9D")))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, SMALL_JOKER

PlayKey = tuple[int, int, int, int]
"""``(r, n, x, y)``: strength rank, plain cards, small jokers, big jokers."""

SJ_RANK: Final = 13
BJ_RANK: Final = 14
NUM_STRENGTHS: Final = 15
PLAIN, SMALL, BIG = 0, 1, 2
"""Flower kinds: no jokers, small flowers (any ``SJ``), big flowers (only ``BJ``)."""

STRENGTH_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
                         "SJ", "BJ")

# card id -> strength rank (ids 0..51 are rank-major with '2' first)
STRENGTH_OF_CARD: Final[tuple[int, ...]] = tuple(
    [12 if c // 4 == 0 else c // 4 - 1 for c in range(52)] + [SJ_RANK, BJ_RANK, BJ_RANK]
)


def rank_index(r: int) -> int:
    """The card-id rank index (0 = '2' … 12 = 'A') of a non-joker strength rank."""
    return 0 if r == 12 else r + 1


def strength_counts(counts: list[int]) -> list[int]:
    """Strength counts of a hand given as a per-card-id count list (55 entries)."""
    h = [0] * NUM_STRENGTHS
    for card, k in enumerate(counts):
        if k:
            h[STRENGTH_OF_CARD[card]] += k
    return h


def key_of(cards: Iterable[int]) -> PlayKey:
    """The key of a list of card ids; raises ``ValueError`` if they are not one play."""
    r = -1
    n = x = y = 0
    for card in cards:
        if card == SMALL_JOKER:
            x += 1
        elif card in (BIG_JOKER, EMPEROR_CARD):
            y += 1
        else:
            s = STRENGTH_OF_CARD[card]
            if r >= 0 and s != r:
                raise ValueError("a play holds cards of one rank only (plus jokers)")
            r = s
            n += 1
    if n + x + y == 0:
        raise ValueError("a play holds at least one card")
    if n == 0:
        r = SJ_RANK if x else BJ_RANK
    return (r, n, x, y)


def kind_of(key: PlayKey) -> int:
    """Flower kind of a play: PLAIN, SMALL (any small joker) or BIG (big jokers only)."""
    if key[2]:
        return SMALL
    return BIG if key[3] else PLAIN


def beats(new: PlayKey, cur: PlayKey) -> bool:
    """True if play ``new`` beats play ``cur`` (BH-3).

    Same size and a higher rank always; then by the current play's flowers: plain — nothing
    more; small — ``new`` has big flowers only, at least as many as ``cur`` has jokers; big —
    ``new`` has big flowers only, more of them.
    """
    r, n, x, y = new
    cr, cn, cx, cy = cur
    if n + x + y != cn + cx + cy or r <= cr:
        return False
    if cx:
        return x == 0 and y >= cx + cy
    if cy:
        return x == 0 and y > cy
    return True


def why_not(new: PlayKey, cur: PlayKey) -> str:
    """Why ``new`` does not beat ``cur``, in a player's words (BH-3)."""
    size, cur_size = size_of(new), size_of(cur)
    if size != cur_size:
        return f"{describe(cur)} is {cur_size} cards: answer it with {cur_size} cards"
    if new[0] <= cur[0]:
        return (f"{describe(new)} is not higher than {describe(cur)}: the rank must go up "
                "(步步高)")
    if cur[2]:
        return (f"{describe(cur)} has small flowers: beat it with big jokers only, at least "
                f"{cur[2] + cur[3]} of them, and a higher rank")
    return (f"{describe(cur)} has big flowers: beat it with more big jokers (at least "
            f"{cur[3] + 1}, no small ones) and a higher rank")


def size_of(key: PlayKey) -> int:
    return key[1] + key[2] + key[3]


def describe(key: PlayKey) -> str:
    """A player's description: ``three 9s with two small jokers``."""
    r, n, x, y = key
    parts = []
    if n:
        parts.append(f"{n}×{STRENGTH_NAMES[r]}")
    if x:
        parts.append(f"{x}×SJ")
    if y:
        parts.append(f"{y}×BJ")
    return " + ".join(parts)


def leads(h: list[int]) -> list[PlayKey]:
    """Every play a hand with strength counts ``h`` can lead, by key."""
    hx, hy = h[SJ_RANK], h[BJ_RANK]
    out: list[PlayKey] = []
    for r in range(13):
        k = h[r]
        for n in range(1, k + 1):
            for x in range(hx + 1):
                for y in range(hy + 1):
                    out.append((r, n, x, y))
    for x in range(hx + 1):
        for y in range(hy + 1):
            if x + y:
                out.append((SJ_RANK if x else BJ_RANK, 0, x, y))
    return out


def count_leads(h: list[int]) -> int:
    """``len(leads(h))`` without building the list."""
    jokers = (h[SJ_RANK] + 1) * (h[BJ_RANK] + 1)
    return sum(h[:13]) * jokers + jokers - 1


def responses(h: list[int], cur: PlayKey) -> list[PlayKey]:
    """Every play a hand with strength counts ``h`` can make that beats ``cur``."""
    cr, cn, cx, cy = cur
    size = cn + cx + cy
    hx, hy = h[SJ_RANK], h[BJ_RANK]
    out: list[PlayKey] = []
    if cx or cy:
        # flowered current: big flowers only, enough of them, and a higher rank
        ymin = cx + cy if cx else cy + 1
        for y in range(ymin, min(hy, size) + 1):
            n = size - y
            if n == 0:
                if cr < BJ_RANK:
                    out.append((BJ_RANK, 0, 0, y))
                continue
            for r in range(cr + 1, 13):
                if h[r] >= n:
                    out.append((r, n, 0, y))
        return out
    for r in range(cr + 1, 13):
        k = h[r]
        if not k:
            continue
        for n in range(max(1, size - hx - hy), min(k, size) + 1):
            j = size - n
            for y in range(max(0, j - hx), min(j, hy) + 1):
                out.append((r, n, j - y, y))
    for y in range(max(0, size - hx), min(size, hy) + 1):
        x = size - y
        r = SJ_RANK if x else BJ_RANK
        if r > cr:
            out.append((r, 0, x, y))
    return out


def all_keys_of_size(size: int, max_n: int = 16, max_jokers: int = 4) -> list[PlayKey]:
    """Every key of a given size (for brute-force references and encodings)."""
    out: list[PlayKey] = []
    for x in range(max_jokers + 1):
        for y in range(max_jokers + 1):
            n = size - x - y
            if n < 0 or n > max_n:
                continue
            if n == 0:
                if x + y:
                    out.append((SJ_RANK if x else BJ_RANK, 0, x, y))
            else:
                out.extend((r, n, x, y) for r in range(13))
    return out
