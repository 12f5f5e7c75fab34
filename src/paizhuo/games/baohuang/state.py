"""The data of a Baohuang deal (:class:`BaohuangState`) and the card moves every phase shares.

The state holds data only; the rules are functions of it in ``crown``, ``declare`` and
``rounds`` (one module per phase). :meth:`BaohuangState.copy` is the cheap copy behind
``clone`` and ``determinize``.
"""

from __future__ import annotations

from collections.abc import Sequence

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_CARD_IDS, ids_of
from paizhuo.games.baohuang.combos import PlayKey
from paizhuo.games.baohuang.options import BaohuangOptions
from paizhuo.games.climbing import STRENGTH_OF_CARD, rank_counts_of_array

NUM_SEATS = 5
HAND_SIZE = 43

CROWN, DECLARE, PLAY, OVER, VOID = "crown", "declare", "play", "over", "void"
"""Phases: choosing the emperor (BH-2), open/secret declarations (BH-2), play (BH-4), the end,
and a void deal 黄庄 that cannot be redealt (explicit hands)."""


class BaohuangState:
    """Everything that changes during a deal (and what ``record_for`` and ``determinize``
    need to know about how it got there)."""

    __slots__ = (
        "answered",
        "beat_emperor",
        "called",
        "circle",
        "claimant",
        "current",
        "current_cards",
        "deal_from",
        "dealt_crown",
        "declare_queue",
        "emperor",
        "extra",
        "finished",
        "first_holder",
        "forced_call",
        "forced_seat",
        "guard",
        "hands",
        "holder",
        "kitty",
        "last_play",
        "led",
        "maker",
        "open",
        "opts",
        "out",
        "passes",
        "phase",
        "played",
        "played_ids",
        "played_names",
        "queue",
        "redeals",
        "revealed",
        "seed",
        "seized",
        "sizes",
        "strengths",
        "turn",
        "yielders",
    )

    def __init__(self, opts: BaohuangOptions) -> None:
        self.opts = opts
        self.seed: int | None = None
        """The deal's seed (``None`` for explicit hands); redeals derive from it."""
        self.redeals = 0
        self.deal_from = 0
        """Index of the first action of the current deal (the actions before it are the
        passes of void deals)."""
        self.dealt_crown = True
        """The deal began by choosing the emperor (not a position that starts in play)."""
        self.hands: list[list[int]] = [[0] * NUM_CARD_IDS for _ in range(NUM_SEATS)]
        """Per seat, the count of each card id held."""
        self.strengths: list[list[int]] = [[0] * 15 for _ in range(NUM_SEATS)]
        """Per seat, the count of each strength rank (``combos``): the hot-path view."""
        self.sizes = [0] * NUM_SEATS
        self.played: list[list[int]] = [[0] * NUM_CARD_IDS for _ in range(NUM_SEATS)]
        """Per seat, the count of each card id played in this deal (all plays are public)."""
        self.played_ids: tuple[tuple[int, ...], ...] = ((),) * NUM_SEATS
        """Per seat, ``played`` as sorted card ids (what its notation is written from)."""
        self.played_names: tuple[str, ...] = ("",) * NUM_SEATS
        """Per seat, ``played`` in notation (written at each play: every observation shows
        it)."""
        self.beat_emperor: tuple[int, ...] = (0,) * NUM_SEATS
        """Per seat, how many plays of the emperor it has beaten this deal (public: a player
        reads the hidden guard from it — the guard seldom beats the emperor)."""
        self.kitty: tuple[int, ...] = ()
        """The left-over card(s) of the deal (BH-1) as dealt, whatever became of them."""
        self.extra: list[int] = []
        """The left-over card(s) while set aside: until given to the emperor or removed."""
        self.phase = CROWN
        # choosing the emperor
        self.holder = 0
        """Who holds the emperor card while the emperor is being chosen."""
        self.first_holder = 0
        self.passes = 0
        self.forced_seat: int | None = None
        self.forced_call = False
        """The emperor was made by a forced call 逼庄 (he held the called card exactly three
        times, and the seats before him none of any card)."""
        self.emperor: int | None = None
        self.guard: int | None = None
        """The guard seat; the emperor himself when alone 独保; ``None`` when seized."""
        self.called: int | None = None
        self.seized = False
        self.open = False
        """Open guard 明保 (or open alone 明独): the scores are doubled."""
        self.revealed = False
        """The guard's identity is public (open, or he played the called card)."""
        self.declare_queue: list[int] = []
        self.led = False
        """The first lead has been made (the declarations are over for good)."""
        # play
        self.finished: list[int] = []
        self.out = [False] * NUM_SEATS
        """Seats that have gone out (the last seat left is put in ``finished`` but not here)."""
        self.current: PlayKey | None = None
        self.current_cards: tuple[int, ...] = ()
        self.maker = 0
        self.last_play = False
        """The current play was its maker's last cards 底牌."""
        self.queue: list[int] = []
        """Seats still to answer the current play in this circle, in order."""
        self.circle = 1
        self.answered = 0
        """Answers given to the current play in its first circle."""
        self.yielders: list[int] = []
        self.claimant: int | None = None
        self.turn = 0

    def copy(self) -> BaohuangState:
        """An independent copy: every list copied, the rest (ints, tuples, options) shared."""
        new = BaohuangState.__new__(BaohuangState)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands]
        new.strengths = [list(h) for h in self.strengths]
        new.sizes = list(self.sizes)
        new.played = [list(h) for h in self.played]
        new.extra = list(self.extra)
        new.declare_queue = list(self.declare_queue)
        new.finished = list(self.finished)
        new.out = list(self.out)
        new.queue = list(self.queue)
        new.yielders = list(self.yielders)
        return new


_LISTS = frozenset({"hands", "strengths", "sizes", "played", "extra", "declare_queue",
                    "finished", "out", "queue", "yielders"})
_SCALARS = tuple(n for n in BaohuangState.__slots__ if n not in _LISTS)


# -- cards -----------------------------------------------------------------------------------


def set_hand(st: BaohuangState, seat: int, cards: Sequence[int]) -> None:
    counts = [0] * NUM_CARD_IDS
    for c in cards:
        counts[c] += 1
    st.hands[seat] = counts
    st.strengths[seat] = rank_counts_of_array(counts)
    st.sizes[seat] = len(cards)


def give(st: BaohuangState, seat: int, card: int) -> None:
    st.hands[seat][card] += 1
    st.strengths[seat][STRENGTH_OF_CARD[card]] += 1
    st.sizes[seat] += 1


def take(st: BaohuangState, seat: int, card: int) -> None:
    st.hands[seat][card] -= 1
    st.strengths[seat][STRENGTH_OF_CARD[card]] -= 1
    st.sizes[seat] -= 1


def cards_of(counts: list[int]) -> list[int]:
    """The card ids of a count array, sorted."""
    return ids_of(counts)


def holder_of_emperor_card(st: BaohuangState) -> int | None:
    for seat in range(NUM_SEATS):
        if st.hands[seat][EMPEROR_CARD]:
            return seat
    return None


def copies(counts: list[int], card: int) -> int:
    """Identical copies of ``card`` in a count array (the emperor card counts as a ``BJ``)."""
    if card == BIG_JOKER:
        return counts[BIG_JOKER] + counts[EMPEROR_CARD]
    return counts[card]


def active_after(st: BaohuangState, seat: int) -> list[int]:
    """Seats still in, in play order after ``seat`` (``seat`` itself excluded)."""
    out = st.out
    return [s for s in AFTER[seat] if not out[s]]


AFTER = tuple(tuple((seat + i) % NUM_SEATS for i in range(1, NUM_SEATS))
              for seat in range(NUM_SEATS))
"""Per seat, the other seats in play order after it."""
