"""The kitty 底牌 (SJ-5): taking it, burying, the bury list and mask; the kitty fight 炒地皮
(SJ-4 option ``kitty_fight``).

A part of :class:`~.game.ShengjiGame` (a mixin of :class:`~.phases_bid.BidPhases`); the
choices are listed in ``docs/shengji.md`` ("Kitty, kitty fight, friends").
"""

from __future__ import annotations

import random
from itertools import islice
from typing import TYPE_CHECKING

from paizhuo.cards import NUM_PLAIN_IDS, Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.shengji.follow import count_sub_multisets, sub_multisets
from paizhuo.games.shengji.order import TrumpContext, card_points
from paizhuo.games.shengji.phases_friends import FriendPhases
from paizhuo.games.shengji.phases_setup import no_extra
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.games.shengji.bidding import Bid

BURY_LIST_CAP = 2000
"""``legal_actions`` lists every bury only up to this many (see :meth:`KittyPhases._bury_list`)."""


class KittyPhases(FriendPhases):
    """Burying the kitty and the kitty fight (SJ-5, SJ-4)."""

    hands: list[Counts]
    kitty: tuple[int, ...]
    burier: int | None
    buried_by: dict[int, tuple[int, ...]]
    ctx: TrumpContext | None
    ask: int | None
    queue: list[int]
    stakes: int
    _phase: str

    # provided by BidPhases
    def _bid_of(self, action: Action) -> Bid:  # pragma: no cover - overridden
        raise NotImplementedError

    def _check_bid(self, action: Action, bid: Bid,
                   when: str = "") -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _log_bid(self, seat: int, bid: Bid, dealt: int | None,
                 kind: str = "trump") -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _set_trump(self, trump: int | None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- the bury -----------------------------------------------------------------------------

    def _take_kitty(self, seat: int) -> None:
        self.hands[seat].add_all(self.kitty)
        self.burier = seat
        self._phase = "bury"

    def _buryable(self, seat: int) -> list[int]:
        counts = list(self.hands[seat].array()[:NUM_PLAIN_IDS])
        if self.opts.kitty_no_points:
            counts = [0 if card_points(c) else k for c, k in enumerate(counts)]
        return counts

    def _bury_list(self, seat: int) -> list[Action]:
        """Every bury when there are at most :data:`BURY_LIST_CAP`; otherwise a fixed,
        documented selection: the buries a player would consider first — low side cards
        without points, then side point cards, trumps last (a full list can run to millions;
        :meth:`count_legal` and :meth:`play_mask` stay exact)."""
        counts = self._buryable(seat)
        ctx = self.ctx
        assert ctx is not None, "trump is known before the bury"
        order = sorted((c for c, m in enumerate(counts) if m),
                       key=lambda c: (ctx.is_trump(c), card_points(c) > 0, ctx.slot[c], c))
        buries = sub_multisets([(c, counts[c]) for c in order], len(self.kitty))
        return [Action(seat, "bury", tuple(sorted(cards)))
                for cards in islice(buries, BURY_LIST_CAP)]

    def bury_mask(self, partial: tuple[int, ...]) -> tuple[frozenset[int], bool]:
        seat = self.burier
        assert seat is not None
        counts = self._buryable(seat)
        for c in partial:
            if c >= len(counts) or counts[c] == 0:
                return frozenset(), False
            counts[c] -= 1
        k = len(self.kitty)
        if len(partial) >= k:
            return frozenset(), len(partial) == k
        return frozenset(c for c, m in enumerate(counts) if m), False

    def count_buries(self, seat: int) -> int:
        """The number of legal buries (exact, by formula)."""
        return count_sub_multisets(self._buryable(seat), len(self.kitty))

    def sample_bury(self, seat: int, rng: random.Random) -> Action:
        """A uniformly random bury of any buryable cards."""
        counts = self._buryable(seat)
        pool = [c for c, m in enumerate(counts) for _ in range(m)]
        return Action(seat, "bury", tuple(sorted(rng.sample(pool, len(self.kitty)))))

    def _bury(self, action: Action) -> None:
        seat, cards = action.seat, action.cards
        no_extra(action)
        if seat != self.burier:
            raise IllegalActionError("SJ-5", f"seat {self.burier} buries the kitty", seat)
        k = len(self.kitty)
        if len(cards) != k:
            raise IllegalActionError("SJ-5", f"bury exactly {k} cards, not {len(cards)}", seat)
        if any(c >= NUM_PLAIN_IDS for c in cards) or not self.hands[seat].contains_all(cards):
            raise IllegalActionError("SJ-5", f"you do not hold {_missing(self.hands[seat], cards)}",
                                     seat)
        if self.opts.kitty_no_points:
            pts = [c for c in cards if card_points(c)]
            if pts:
                raise IllegalActionError(
                    "SJ-5", f"the kitty may hold no point card at this table (kitty_no_points): "
                    f"{format_cards(pts)}", seat)
        self.hands[seat].remove_all(cards)
        self.kitty = cards
        self.buried_by[seat] = cards
        if self.opts.kitty_fight:
            self._phase = "kitty_fight"
            self.queue = [(seat + i) % self.n for i in range(1, self.n)]
            self._next_fight()
        else:
            self._after_bury()

    def _after_bury(self) -> None:
        self.ask = None
        if self.opts.teams == "friends" and len(self.calls) < self.opts.num_friends:
            self._phase = "call"
            return
        self._begin_play()

    # -- the kitty fight ------------------------------------------------------------------------

    def _next_fight(self) -> None:
        """Ask the next seat whether it overcalls. Every other seat is asked in turn (SJ-4
        kitty fight), so whose turn it is reveals nothing of a hand."""
        if self.queue:
            self.ask = self.queue.pop(0)
            return
        self.ask = None
        self._after_bury()

    def _fight_bid(self, action: Action) -> None:
        seat = action.seat
        no_extra(action)
        if seat == self.burier:
            raise IllegalActionError(
                "SJ-4", "you buried this kitty: another player may overcall", seat)
        bid = self._bid_of(action)
        self._check_bid(action, bid)
        self._log_bid(seat, bid, None, "overcall")
        self.stakes *= 2
        self.ask = None
        self.queue = []
        self._set_trump(bid.suit)
        self._take_kitty(seat)


def _missing(hand: Counts, cards: tuple[int, ...]) -> str:
    """Only the cards of ``cards`` not held, as a follow names them: ``3S 3S (only 1)``."""
    arr = hand.array()
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    out = []
    for c, m in need.items():
        held = arr[c] if c < NUM_PLAIN_IDS else 0
        if held < m:
            out.append(format_cards([c] * m) + (f" (only {held})" if held else ""))
    return ", ".join(out)
