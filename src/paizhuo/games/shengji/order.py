"""Trumps and card order for one round of Shengji (SJ-2): suit groups, order slots, points.

A :class:`TrumpContext` is built once per round (level rank, trump suit, ``constant_twos``)
and precomputes, for every card id, its *suit group* (门) and its *order slot* within the group.
Slots are dense integers, higher is stronger, and cards of equal order share a slot (all
off-suit level cards do), so "consecutive order slots" (SJ-3 tractors) is ``slot + 1``.

>>> from paizhuo.cards import card_id, HEARTS
>>> ctx = TrumpContext.make(level=8, trump=HEARTS)   # level T, hearts trump
>>> ctx.group[card_id("TS")] == TRUMP, ctx.slot[card_id("TS")] == ctx.slot[card_id("TC")]
(True, True)
>>> ctx.slot[card_id("JS")] - ctx.slot[card_id("9S")]   # T is gone from spades: 9 J adjacent
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from paizhuo.cards import (
    BIG_JOKER,
    NUM_CARD_IDS,
    SMALL_JOKER,
    SUIT_CHARS,
    make_card,
)

TRUMP: Final = 4
"""The suit group of trumps; side suits are groups 0..3 (their suit index)."""
GROUP_NAMES: Final = ("spades", "hearts", "clubs", "diamonds", "trumps")
GROUP_NAMES_ZH: Final = ("黑桃", "红桃", "梅花", "方块", "主牌")
NO_TRUMP: Final = None

RANK_FIVE, RANK_TEN, RANK_KING, RANK_TWO = 3, 8, 11, 0
LEVEL_PAST_ACE: Final = 13
"""The level after A when play goes on past it (SJ-14): no level cards, only jokers trump."""
POINTS: Final = tuple(
    5 if c < 52 and c // 4 == RANK_FIVE else 10 if c < 52 and c // 4 in (RANK_TEN, RANK_KING)
    else 0
    for c in range(NUM_CARD_IDS)
)
"""Points of each card id (SJ-1)."""


def card_points(card: int) -> int:
    """Points of one card: 5s are worth 5, Ts and Ks 10 (SJ-1)."""
    return POINTS[card]


def points_of(cards: tuple[int, ...] | list[int]) -> int:
    return sum(POINTS[c] for c in cards)


@dataclass(frozen=True)
class TrumpContext:
    """Level rank, trump suit and the per-card tables derived from them (SJ-2)."""

    level: int
    """Rank index of the level rank L (0 = '2' … 12 = 'A'); 13 is the no-trump level past A
    (SJ-14 ``play_past_ace``), which has no level cards."""
    trump: int | None
    """Trump suit index, or ``None`` for no trump 无主."""
    constant_twos: bool = False
    group: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """Suit group of each card id: 0..3 side suits, :data:`TRUMP` for trumps (-1 unused ids)."""
    slot: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """Order slot of each card id within its group: dense, 0 = lowest, equal order equal slot."""
    slot_count: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """Number of slots in each group (index by group)."""
    slot_cards: tuple[tuple[tuple[int, ...], ...], ...] = field(default=(), repr=False,
                                                                compare=False)
    """``slot_cards[group][slot]``: the card ids occupying that slot."""
    group_ids: tuple[tuple[int, ...], ...] = field(default=(), repr=False, compare=False)
    """``group_ids[group]``: every card id of that group, low to high in order."""

    @classmethod
    def make(cls, level: int, trump: int | None, constant_twos: bool = False) -> TrumpContext:
        """The context of a round (made once per distinct round setting and shared: it is
        immutable)."""
        key = (level, trump, constant_twos)
        made = _MADE.get(key)
        if made is None:
            made = _MADE[key] = cls._build(level, trump, constant_twos)
        return made

    @classmethod
    def _build(cls, level: int, trump: int | None, constant_twos: bool) -> TrumpContext:
        group = [-1] * NUM_CARD_IDS
        slot = [-1] * NUM_CARD_IDS
        twos_special = constant_twos and level != RANK_TWO
        slot_cards: list[list[tuple[int, ...]]] = []
        for g in range(5):
            ladder = _ladder(g, level, trump, twos_special)
            slot_cards.append([])
            for s, cards in enumerate(ladder):
                slot_cards[g].append(cards)
                for c in cards:
                    group[c] = g
                    slot[c] = s
        return cls(level, trump, constant_twos, tuple(group), tuple(slot),
                   tuple(len(s) for s in slot_cards),
                   tuple(tuple(s) for s in slot_cards),
                   tuple(tuple(c for cards in g for c in cards) for g in slot_cards))

    def is_trump(self, card: int) -> bool:
        return self.group[card] == TRUMP

    def describe(self) -> str:
        trump = "no trump" if self.trump is None else f"trump {SUIT_CHARS[self.trump]}"
        return f"level {'23456789TJQKA'[self.level]}, {trump}"


_MADE: dict[tuple[int, int | None, bool], TrumpContext] = {}


def _ladder(g: int, level: int, trump: int | None, twos: bool) -> list[tuple[int, ...]]:
    """Slots of group ``g`` from lowest to highest, each a tuple of card ids."""
    def plain(suit: int) -> list[tuple[int, ...]]:
        return [(make_card(r, suit),) for r in range(13)
                if r != level and not (twos and r == RANK_TWO)]

    if g != TRUMP:
        return [] if g == trump else plain(g)
    slots: list[tuple[int, ...]] = [] if trump is None else plain(trump)
    others = [s for s in range(4) if s != trump]
    if twos:
        if trump is not None:
            slots.append(tuple(make_card(RANK_TWO, s) for s in others))
            slots.append((make_card(RANK_TWO, trump),))
        else:
            slots.append(tuple(make_card(RANK_TWO, s) for s in range(4)))
    if level < LEVEL_PAST_ACE:
        if trump is not None:
            slots.append(tuple(make_card(level, s) for s in others))
            slots.append((make_card(level, trump),))
        else:
            slots.append(tuple(make_card(level, s) for s in range(4)))
    slots.append((SMALL_JOKER,))
    slots.append((BIG_JOKER,))
    return slots
