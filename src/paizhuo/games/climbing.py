"""Play machinery shared by the climbing games (Gouji, Baohuang): strength ranks, rank
counts, flower kinds, and the comparisons GJ-3 and BH-3 have in common.

Suits never matter when plays are compared, so both games work on *strength ranks* (ranks for
short) 0..14::

    0 = 3, 1 = 4, … 10 = K, 11 = A, 12 = 2, 13 = SJ, 14 = BJ (and BJ*, the emperor card)

(not the card-id rank index of :mod:`paizhuo.cards`, where 0 is the 2). A hand in a hot path is
its *rank counts*: 15 ints, ``h[r]`` cards of rank ``r``.

A play is compared through its *climbing key* ``(r, n, x, y)``: ``n`` cards of rank ``r`` plus
``x`` small and ``y`` big jokers (挂花); jokers alone have ``n = 0`` and rank ``BJ`` when all are
big, else ``SJ``. Its *flower kind* is plain (no joker), small (any SJ — a BJ+SJ mix counts as
small) or big (only BJ).

Why a shared key rather than one play type for both games: Baohuang's play key *is* this key
(2s are an ordinary rank there), while a Gouji play must also remember its money 贴钱 — the 2s
that count as its rank — for the gouji thresholds (GJ-4), opening the point (GJ-5) and choosing
real cards. Giving Baohuang a money field that is always 0 would widen its hot-path tuples for
nothing, so Gouji keeps its five-field shape and folds its money into ``n`` when it compares
(:func:`paizhuo.games.gouji.combos.climbing_key`). The play generators stay in each game too: they
enumerate each game's own key shape (Gouji also spends 2s as money).

What is *not* shared: how big flowers are beaten. Here nothing beats them; Gouji adds 杀大花
(option ``kill_big``), Baohuang adds "more big flowers and a higher rank".

>>> from paizhuo.notation import parse_cards
>>> rank_counts(parse_cards("2S 3S 3H SJ BJ BJ*"))
[2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2]
>>> beats((6, 3, 0, 2), (5, 3, 2, 0))      # BJ BJ 9 9 9 over SJ SJ 8 8 8
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from paizhuo.cards import NUM_PLAIN_IDS

Key = tuple[int, int, int, int]
"""``(r, n, x, y)``: rank, cards of that rank, small jokers, big jokers."""

THREE: Final = 0
FOUR: Final = 1
ACE: Final = 11
TWO: Final = 12
SJ: Final = 13
BJ: Final = 14
NUM_RANKS: Final = 15
RANK_TEXT: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")
RANK_TEXT_ZH: Final = (*"3456789", "10", *"JQKA2", "小王", "大王")
"""The ranks as a 中文 message writes them (``10``, 小王, 大王)."""

PLAIN, SMALL, BIG = 0, 1, 2
"""Flower kinds: no joker, small flowers (any SJ), big flowers (only BJ)."""

# card ids 0..51 are rank-major with the 2 first; then SJ, BJ, BJ*
STRENGTH_OF_CARD: Final[tuple[int, ...]] = tuple(
    [TWO if c // 4 == 0 else c // 4 - 1 for c in range(52)] + [SJ, BJ, BJ]
)
"""Strength rank of each card id."""
CARDS_OF_RANK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c in range(NUM_PLAIN_IDS) if STRENGTH_OF_CARD[c] == r) for r in range(NUM_RANKS)
)
"""Card ids of each strength rank, suits in id order (S H C D; BJ* is left out)."""


def card_rank_index(r: int) -> int:
    """The card-id rank index (0 = '2' … 12 = 'A') of a non-joker strength rank."""
    return 0 if r == TWO else r + 1


def rank_counts(cards: Iterable[int]) -> list[int]:
    """The rank counts of some card ids."""
    out = [0] * NUM_RANKS
    for c in cards:
        out[STRENGTH_OF_CARD[c]] += 1
    return out


def rank_counts_of_array(counts: Sequence[int]) -> list[int]:
    """The rank counts of a hand given as a per-card-id count array (55 entries)."""
    out = [0] * NUM_RANKS
    for card, k in enumerate(counts):
        if k:
            out[STRENGTH_OF_CARD[card]] += k
    return out


def flower_kind(small: int, big: int) -> int:
    """PLAIN, SMALL or BIG for a play holding ``small`` SJ and ``big`` BJ (GJ-2, BH-3)."""
    if small:
        return SMALL
    return BIG if big else PLAIN


def kind_of(key: Key) -> int:
    """The flower kind of a play."""
    return flower_kind(key[2], key[3])


def size_of(key: Key) -> int:
    """Cards in a play."""
    return key[1] + key[2] + key[3]


def steps_up(new: Key, cur: Key) -> bool:
    """Same number of cards 张数相同 and a higher rank 步步高: every beat needs both."""
    return new[0] > cur[0] and new[1] + new[2] + new[3] == cur[1] + cur[2] + cur[3]


def beats(new: Key, cur: Key) -> bool:
    """True if ``new`` beats ``cur`` by the rules GJ-3 and BH-3 share.

    Both need the same size and a higher rank; then, by the current play's flowers: plain —
    nothing more (a flowered play of higher rank beats it too); small — ``new`` has big flowers
    only, at least as many BJ as ``cur`` has jokers; big — nothing beats it *here*: each game
    adds its own rule. Jokers alone follow from this: ``BJ`` beats ``SJ``, same count.

    >>> beats((6, 2, 0, 3), (5, 3, 2, 0)), beats((6, 4, 0, 1), (5, 3, 2, 0))
    (True, False)
    >>> beats((14, 0, 0, 1), (13, 0, 1, 0)), beats((7, 2, 0, 1), (6, 2, 0, 1))
    (True, False)
    """
    r, n, x, y = new
    cr, cn, cx, cy = cur
    if n + x + y != cn + cx + cy or r <= cr:
        return False
    if cx:
        return x == 0 and y >= cx + cy
    return not cy
