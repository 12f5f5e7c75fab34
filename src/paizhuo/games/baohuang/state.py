"""The mutable table state of a Baohuang deal and the card moves every phase shares."""

from __future__ import annotations

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_CARD_IDS, card_name
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.baohuang.options import BaohuangOptions
from paizhuo.games.baohuang.plays import PlayKey
from paizhuo.games.climbing import STRENGTH_OF_CARD, rank_counts_of_array

NUM_SEATS = 5
HAND_SIZE = 43

CROWN, DECLARE, PLAY, OVER, VOID = "crown", "declare", "play", "over", "void"
"""Phases: choosing the emperor (BH-2), open/secret declarations (BH-2), play (BH-4), the end,
and a void deal 黄庄 that cannot be redealt (explicit hands)."""


class TableState:
    """Everything that changes during a deal; rules live in ``crown`` and ``rounds``."""

    def __init__(self, opts: BaohuangOptions) -> None:
        self.opts = opts
        self.seed: int | None = None
        self.redeals = 0
        self.hands: list[list[int]] = [[0] * NUM_CARD_IDS for _ in range(NUM_SEATS)]
        """Per seat, the count of each card id held."""
        self.strengths: list[list[int]] = [[0] * 15 for _ in range(NUM_SEATS)]
        """Per seat, the count of each strength rank (``plays``): the hot-path view."""
        self.sizes = [0] * NUM_SEATS
        self.extra: list[int] = []
        """The left-over card(s) of the deal (BH-1), until given to the emperor or removed."""
        self.state_phase = CROWN
        # choosing the emperor
        self.holder = 0
        """Who holds the emperor card while the emperor is being chosen."""
        self.first_holder = 0
        self.passes = 0
        self.forced_seat: int | None = None
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

    # -- cards ---------------------------------------------------------------------------

    def set_hands(self, hands: list[list[int]] | list[tuple[int, ...]]) -> None:
        for seat, cards in enumerate(hands):
            counts = [0] * NUM_CARD_IDS
            for c in cards:
                counts[c] += 1
            self.hands[seat] = counts
            self.strengths[seat] = rank_counts_of_array(counts)
            self.sizes[seat] = len(cards)

    def give(self, seat: int, card: int) -> None:
        self.hands[seat][card] += 1
        self.strengths[seat][STRENGTH_OF_CARD[card]] += 1
        self.sizes[seat] += 1

    def take(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.strengths[seat][STRENGTH_OF_CARD[card]] -= 1
        self.sizes[seat] -= 1

    def holder_of_emperor_card(self) -> int | None:
        for seat in range(NUM_SEATS):
            if self.hands[seat][EMPEROR_CARD]:
                return seat
        return None

    def copies(self, seat: int, card: int) -> int:
        """Identical copies of ``card`` held (the emperor card counts as a ``BJ``)."""
        hand = self.hands[seat]
        if card == BIG_JOKER:
            return hand[BIG_JOKER] + hand[EMPEROR_CARD]
        return hand[card]

    def held_cards(self, seat: int, cards: tuple[int, ...], rule: str) -> tuple[int, ...]:
        """The cards as held, ``BJ`` and ``BJ*`` standing in for each other; else illegal,
        naming every missing card as the player wrote it (a plain ``BJ`` is not ``BJ*``)."""
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        hand = self.hands[seat]
        big = need.get(BIG_JOKER, 0) + need.get(EMPEROR_CARD, 0)
        have = hand[BIG_JOKER] + hand[EMPEROR_CARD]
        short_of_big = big > have
        missing: list[str] = []
        for c, k in need.items():
            if c in (BIG_JOKER, EMPEROR_CARD):
                if not short_of_big:
                    continue
                short_of_big = False  # the big jokers are named once, where first written
                written = ("BJ" if not need.get(EMPEROR_CARD) else
                           "BJ*" if not need.get(BIG_JOKER) else "BJ/BJ*")
                held = (f"{have} × BJ, the emperor card BJ* included" if hand[EMPEROR_CARD]
                        else str(have))
                missing.append(f"{big} × {written} (you hold {held})")
            elif k > hand[c]:
                missing.append(f"{k} × {card_name(c)} (you hold {hand[c]})")
        if missing:
            raise IllegalActionError(rule, "you do not hold " + " and ".join(missing), seat)
        if not big:
            return cards
        star = min(need.get(EMPEROR_CARD, 0), hand[EMPEROR_CARD])
        plain = big - star
        if plain > hand[BIG_JOKER]:
            star += plain - hand[BIG_JOKER]
            plain = hand[BIG_JOKER]
        need[BIG_JOKER], need[EMPEROR_CARD] = plain, star
        return tuple(sorted(c for c, k in need.items() for _ in range(k)))

    def active_after(self, seat: int) -> list[int]:
        """Seats still in, in play order after ``seat`` (``seat`` itself excluded)."""
        out = self.out
        return [s for s in _AFTER[seat] if not out[s]]


_AFTER = tuple(tuple((seat + i) % NUM_SEATS for i in range(1, NUM_SEATS))
               for seat in range(NUM_SEATS))
