"""Trump bids 亮主/叫主 (SJ-4) and target bids 竞标 (SJ-12).

A trump bid shows level cards (or jokers) from the hand. Its strength depends on the number
of decks:

=====================  ======  ======  ========  ========
bid                    1 deck  2 decks 3 decks   4 decks
=====================  ======  ======  ========  ========
one ``L``              1       1       1         1
pair of ``L``          —       2       2         2
``SJ BJ`` (option)     2 (NT)  —       —         —
pair of ``SJ``         —       3 (NT)  3 (NT)    3 (NT)
pair of ``BJ``         —       4 (NT)  4 (NT)    4 (NT)
triple of ``L``        —       —       5         5
triple of ``SJ``       —       —       6 (NT)    6 (NT)
triple of ``BJ``       —       —       7 (NT)    7 (NT)
quad of ``L``          —       —       —         8
quad of ``SJ``         —       —       —         9 (NT)
quad of ``BJ``         —       —       —         10 (NT)
=====================  ======  ======  ========  ========

(Seed 003 orders three decks single < pair < joker pair < triple < joker triple; like two
decks, a big-joker tuple beats a small-joker tuple of the same size. Four decks go on in the
same way: quad < joker quad.)

>>> from paizhuo.notation import parse_cards
>>> b = parse_bid(parse_cards("2H 2H"), level=0, decks=2)
>>> b.strength, b.suit
(2, 1)
>>> stronger(parse_bid(parse_cards("SJ SJ"), 0, 2), b)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from paizhuo.cards import BIG_JOKER, SMALL_JOKER, SUIT_CHARS, Counts, make_card
from paizhuo.engine.errors import Words
from paizhuo.notation import format_cards

SUIT_RANK: Final = (3, 2, 1, 0)
"""SJ-4 ``suit_order_overcall``: ♠ > ♥ > ♣ > ♦ (indexed by suit S H C D)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """A trump bid: the cards shown, their strength and the trump they name (None = NT)."""

    cards: tuple[int, ...]
    strength: int
    suit: int | None

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def trump_name(self) -> str:
        return "NT" if self.suit is None else SUIT_CHARS[self.suit]

    def __str__(self) -> str:
        return format_cards(self.cards)


def reinforces(bid: Bid, standing: Bid) -> bool:
    """Whether ``bid`` only reinforces ``standing`` 自保: more copies of the same card (what
    the standing bidder may bid with SJ-14.3 ``own_bid = reinforce_only``)."""
    return bid.size > standing.size and all(c == standing.cards[0] for c in bid.cards)


def retake_bid(hand: Counts, card: int, standing: Bid, level: int, decks: int,
               joker_nt: bool = False, jokers: int = 2,
               big_jokers: int | None = None) -> Bid | None:
    """SJ-14.3 ``own_bid = reinforce_to_equal``: the bid of as many ``card`` (a seat's own
    overcalled card) as ``standing`` shows, equal in strength, that takes the bid back; ``None``
    where the hand lacks them or ``standing`` is a joker bid."""
    if standing.suit is None or hand[card] < standing.size:
        return None
    bid = parse_bid((card,) * standing.size, level, decks, joker_nt, jokers, big_jokers)
    return bid if bid is not None and bid.strength == standing.strength else None


def joker_floor(card: int, jokers: int, big_jokers: int | None) -> int:
    """The fewest identical jokers of ``card``'s kind a joker bid shows: at least a pair
    (SJ-4), at least ``jokers`` (the big joker: ``big_jokers`` where given)."""
    return max(2, big_jokers if big_jokers is not None and card == BIG_JOKER else jokers)


def _joker_strength(card: int, n: int) -> int:
    """Strength of ``n`` (2 to 4) identical jokers: above ``n`` level cards, the big joker's
    tuple above the small's (3/4, 6/7, 9/10)."""
    return 3 * (n - 2) + (3 if card == SMALL_JOKER else 4)


def level_strength(n: int) -> int:
    """Strength of ``n`` identical level cards (1 to 4: 1, 2, 5, 8)."""
    return 1 if n == 1 else 3 * (n - 2) + 2


def parse_bid(cards: tuple[int, ...] | list[int], level: int, decks: int,
              joker_nt: bool = False, jokers: int = 2,
              big_jokers: int | None = None) -> Bid | None:
    """The bid the shown ``cards`` make, or None if they are not a bid at this table (SJ-4).
    ``jokers``: the fewest identical jokers a joker bid shows (SJ-14.3 ``joker_bids``);
    ``big_jokers``: the fewest big jokers, where that differs."""
    cards = tuple(sorted(cards))
    n = len(cards)
    if n == 0 or n > max(decks, 2):
        return None
    if decks == 1 and joker_nt and cards == (SMALL_JOKER, BIG_JOKER):
        return Bid(cards, 2, None)
    if any(c != cards[0] for c in cards) or n > decks:
        return None
    card = cards[0]
    if card in (SMALL_JOKER, BIG_JOKER):
        if n < joker_floor(card, jokers, big_jokers):
            return None
        return Bid(cards, _joker_strength(card, n), None)
    if card >= 52 or card // 4 != level:
        return None
    return Bid(cards, level_strength(n), card % 4)


def stronger(new: Bid, standing: Bid | None, suit_order: bool = False) -> bool:
    """Whether ``new`` may be bid over ``standing`` (SJ-4: strictly stronger; with
    ``suit_order_overcall`` an equal tuple of level cards of a higher suit also overcalls)."""
    if standing is None:
        return True
    if new.strength != standing.strength:
        return new.strength > standing.strength
    return (suit_order and new.size >= 2 and new.suit is not None
            and standing.suit is not None and SUIT_RANK[new.suit] > SUIT_RANK[standing.suit])


def possible_bids(hand: Counts, level: int, decks: int, joker_nt: bool = False,
                  jokers: int = 2, big_jokers: int | None = None) -> list[Bid]:
    """Every bid the hand can show, weakest first."""
    bids: list[Bid] = []
    arr = hand.array()
    for suit in range(4 if level <= 12 else 0):  # level N (past A) has no level cards
        card = make_card(level, suit)
        for n in range(1, min(arr[card], decks) + 1):
            bids.append(Bid((card,) * n, level_strength(n), suit))
    if decks >= 2:
        for card in (SMALL_JOKER, BIG_JOKER):
            for n in range(joker_floor(card, jokers, big_jokers), min(arr[card], decks) + 1):
                bids.append(Bid((card,) * n, _joker_strength(card, n), None))
    elif joker_nt and arr[SMALL_JOKER] and arr[BIG_JOKER]:
        bids.append(Bid((SMALL_JOKER, BIG_JOKER), 2, None))
    bids.sort(key=lambda b: (b.strength, SUIT_RANK[b.suit] if b.suit is not None else 9))
    return bids


def legal_bids(hand: Counts, level: int, decks: int, standing: Bid | None,
               joker_nt: bool = False, suit_order: bool = False, jokers: int = 2,
               big_jokers: int | None = None) -> list[Bid]:
    """The bids from ``hand`` that beat ``standing`` (SJ-4)."""
    return [b for b in possible_bids(hand, level, decks, joker_nt, jokers, big_jokers)
            if stronger(b, standing, suit_order)]


def best_strength(arr: list[int], level: int, decks: int, joker_nt: bool = False,
                  jokers: int = 2, big_jokers: int | None = None) -> int:
    """Strength of the strongest bid a count array holds (0: none); fast, for the deal."""
    best = 0
    base = level * 4
    for suit in range(4 if level <= 12 else 0):
        n = arr[base + suit]
        if n:
            s = level_strength(min(n, decks))
            if s > best:
                best = s
    if decks >= 2:
        for card in (SMALL_JOKER, BIG_JOKER):
            n = min(arr[card], decks)
            if n >= joker_floor(card, jokers, big_jokers):
                s = _joker_strength(card, n)
                if s > best:
                    best = s
    elif joker_nt and arr[SMALL_JOKER] and arr[BIG_JOKER] and best < 2:
        best = 2
    return best


def could_beat(arr: list[int], level: int, decks: int, standing: Bid | None,
               joker_nt: bool = False, suit_order: bool = False, jokers: int = 2,
               big_jokers: int | None = None) -> bool:
    """Whether a count array holds any bid stronger than ``standing`` (fast path)."""
    best = best_strength(arr, level, decks, joker_nt, jokers, big_jokers)
    if standing is None:
        return best > 0
    if best > standing.strength:
        return True
    if (suit_order and best == standing.strength and standing.size >= 2
            and standing.suit is not None):
        n = standing.size
        return level <= 12 and any(arr[level * 4 + s] >= n
                                   and SUIT_RANK[s] > SUIT_RANK[standing.suit] for s in range(4))
    return False


# -- SJ-12 target bids -------------------------------------------------------------------------

TARGET_STEP: Final = 5


def target_error(target: int, lowest: int | None, limit: int) -> Words | None:
    """Why ``target`` may not be bid when the lowest bid so far is ``lowest`` (SJ-12), or None.

    Targets are multiples of 5, at least 5, below ``limit`` (``100·decks`` by default) and
    strictly below every earlier bid.
    """
    if target % TARGET_STEP or target < TARGET_STEP:
        return Words(f"a target is a positive multiple of {TARGET_STEP}, not {target}",
                     f"叫分必须是 {TARGET_STEP} 的正整数倍，不能叫 {target}")
    if target >= limit:
        return Words(f"a target must be below {limit}", f"叫分必须低于 {limit}")
    if lowest is not None and target >= lowest:
        return Words(f"a target must be lower than the standing bid of {lowest}",
                     f"叫分必须比已叫的 {lowest} 分低")
    return None


def legal_targets(lowest: int | None, limit: int) -> list[int]:
    """Every target that may be bid now, highest first."""
    top = (lowest if lowest is not None else limit) - TARGET_STEP
    top -= top % TARGET_STEP
    return list(range(top, TARGET_STEP - 1, -TARGET_STEP))
