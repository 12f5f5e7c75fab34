"""Card ids, ranks, suits and multi-deck counts shared by every game.

A card is a small int (a *card id*). Copies of the same card from different decks are the same
id: the games are played with several decks and never tell copies apart, so a hand is a
multiset, kept either as a sorted tuple of ids or as a per-id count array (:class:`Counts`).

Layout (rank-major, so ``id // 4`` is the rank index for every non-joker)::

    id = rank * 4 + suit      rank 0..12 = 2 3 4 5 6 7 8 9 T J Q K A, suit 0..3 = S H C D
    52 = SJ (small joker)     53 = BJ (big joker)
    54 = BJ* (the Baohuang emperor card: a big joker carrying a mark, 皇帝牌)

>>> card_name(card_id("AS")), card_name(SMALL_JOKER)
('AS', 'SJ')
>>> rank_of(card_id("TH")), suit_of(card_id("TH"))
(8, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "SHCD"
SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
JOKER_SUIT: Final = 4
"""Pseudo-suit of the jokers."""

SMALL_JOKER: Final = 52
BIG_JOKER: Final = 53
EMPEROR_CARD: Final = 54
"""The marked big joker of Baohuang (BJ*); it plays as an ordinary BJ."""
NUM_CARD_IDS: Final = 55
NUM_PLAIN_IDS: Final = 54
"""Ids 0..53: the 54 distinct cards of one ordinary deck."""

RANK_SMALL_JOKER: Final = 13
RANK_BIG_JOKER: Final = 14
"""Pseudo-ranks given to the jokers by :func:`rank_of` (above A)."""

_NAMES: Final[tuple[str, ...]] = tuple(
    [r + s for r in RANK_CHARS for s in SUIT_CHARS] + ["SJ", "BJ", "BJ*"]
)
_RANK: Final[tuple[int, ...]] = tuple([i // 4 for i in range(52)] + [13, 14, 14])
_SUIT: Final[tuple[int, ...]] = tuple([i % 4 for i in range(52)] + [JOKER_SUIT] * 3)
_BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(_NAMES)}
CARD_NAMES: Final[tuple[str, ...]] = _NAMES
"""Canonical notation of every card id, by id (what :func:`card_name` looks up)."""
CARD_IDS: Final[dict[str, int]] = _BY_NAME
"""Card id of every canonical name (what :func:`card_id` looks up)."""


def make_card(rank: int, suit: int) -> int:
    """Card id of a non-joker card from rank index (0 = '2' … 12 = 'A') and suit index."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card with rank index {rank} and suit index {suit}")
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """Rank index: 0 = '2' … 12 = 'A', 13 = small joker, 14 = big joker (and BJ*)."""
    return _RANK[card]


def suit_of(card: int) -> int:
    """Suit index 0..3 (S H C D), or :data:`JOKER_SUIT` for jokers."""
    return _SUIT[card]


def is_joker(card: int) -> bool:
    """Whether ``card`` is a joker (SJ, BJ or the emperor card BJ*)."""
    return card >= SMALL_JOKER


def card_name(card: int) -> str:
    """Canonical notation of one card: ``AS``, ``TH``, ``SJ``, ``BJ``, ``BJ*``."""
    return _NAMES[card]


def card_id(name: str) -> int:
    """Card id of a canonical card name (strict; see :mod:`paizhuo.notation` for forgiving)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"not a card: {name!r}") from None


def standard_deck(decks: int = 1, *, jokers: bool = True) -> list[int]:
    """All cards of ``decks`` ordinary decks, in id order (54 per deck with jokers)."""
    one = list(range(NUM_PLAIN_IDS if jokers else 52))
    return [c for c in one for _ in range(decks)]


class Counts:
    """A multiset of cards as a per-id count array (the multi-deck hand representation).

    Mutable and cheap to copy; ``list(counts)`` gives the count per id.

    >>> from paizhuo.notation import parse_cards
    >>> h = Counts.of(parse_cards("AS AS KS"))
    >>> h[card_id("AS")], len(h), h.to_tuple() == tuple(sorted(parse_cards("AS AS KS")))
    (2, 3, True)
    """

    __slots__ = ("_c", "_n")

    def __init__(self, counts: Sequence[int] | None = None) -> None:
        self._c: list[int] = list(counts) if counts is not None else [0] * NUM_CARD_IDS
        if len(self._c) != NUM_CARD_IDS:
            raise ValueError(f"a count array has {NUM_CARD_IDS} entries, not {len(self._c)}")
        self._n = sum(self._c)

    @classmethod
    def of(cls, cards: Iterable[int]) -> Counts:
        """The multiset of ``cards`` (any order, copies repeated)."""
        c = [0] * NUM_CARD_IDS
        for card in cards:
            c[card] += 1
        return cls(c)

    def __getitem__(self, card: int) -> int:
        return self._c[card]

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[int]:
        """Iterate over the cards (each copy once), in id order."""
        for card, n in enumerate(self._c):
            for _ in range(n):
                yield card

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARD_IDS and self._c[card] > 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counts) and self._c == other._c

    def __hash__(self) -> int:
        return hash(tuple(self._c))

    def __repr__(self) -> str:
        # the notation's canonical text (``format_cards``), written here from the names the
        # notation itself uses: the notation is built on this module, not the reverse
        text = " ".join([CARD_NAMES[c] for c in self.to_tuple()])
        return f"Counts.of(parse_cards({text!r}))"

    def copy(self) -> Counts:
        """An independent copy (the count array is copied, not shared)."""
        new = Counts.__new__(Counts)
        new._c = self._c.copy()
        new._n = self._n
        return new

    def array(self) -> list[int]:
        """The underlying count list (do not mutate; use :meth:`add`/:meth:`remove`)."""
        return self._c

    def add(self, card: int, n: int = 1) -> None:
        """Add ``n`` copies of ``card``."""
        self._c[card] += n
        self._n += n

    def remove(self, card: int, n: int = 1) -> None:
        """Remove ``n`` copies of ``card``, or raise ``ValueError`` if fewer are held."""
        if self._c[card] < n:
            raise ValueError(f"cannot remove {n} × {card_name(card)}: only {self._c[card]} held")
        self._c[card] -= n
        self._n -= n

    def add_all(self, cards: Iterable[int]) -> None:
        """Add every card of ``cards`` (copies counted)."""
        for card in cards:
            self.add(card)

    def remove_all(self, cards: Iterable[int]) -> None:
        """Remove every card of the multiset ``cards``, or raise and remove none of them."""
        need = _tally(cards)
        for card, n in need.items():
            if self._c[card] < n:
                raise ValueError(f"cannot remove {n} × {card_name(card)}: "
                                 f"only {self._c[card]} held")
        for card, n in need.items():
            self._c[card] -= n
            self._n -= n

    def contains_all(self, cards: Iterable[int]) -> bool:
        """True if every card of the multiset ``cards`` is here (copies counted)."""
        return all(self._c[card] >= n for card, n in _tally(cards).items())

    def distinct(self) -> list[int]:
        """Ids held at least once, ascending."""
        return [card for card, n in enumerate(self._c) if n]

    def to_tuple(self) -> tuple[int, ...]:
        """The cards as a sorted tuple of ids (the canonical multiset form)."""
        return tuple(ids_of(self._c))


def ids_of(counts: Sequence[int]) -> list[int]:
    """The card ids of a count array (``counts[id]`` copies of each), ascending — on the hot
    path of every observation, so zero counts are skipped without a loop of their own."""
    out: list[int] = []
    append, extend = out.append, out.extend
    for card, n in enumerate(counts):
        if n:
            if n == 1:
                append(card)
            else:
                extend([card] * n)
    return out


def _tally(cards: Iterable[int]) -> dict[int, int]:
    """How many copies of each card ``cards`` holds, in order of first appearance."""
    need: dict[int, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
    return need
