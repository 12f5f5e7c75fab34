"""Three players bidding a target 竞标 (SJ-12): the auction and the dealer naming trump.

A part of :class:`~.game.ShengjiGame` (a mixin of :class:`~.phases_bid.BidPhases`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paizhuo.cards import SUIT_CHARS
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.games.shengji.bidding import target_error
from paizhuo.games.shengji.phases_setup import no_extra

if TYPE_CHECKING:
    from paizhuo.games.shengji.options import ShengjiOptions

TRUMP_NAMES = ("S", "H", "C", "D", "NT")


class AuctionPhases:
    """The target auction and naming trump (SJ-12)."""

    opts: ShengjiOptions
    n: int
    dealer: int | None
    levels: dict[int, int]
    level: int
    stage: str
    turn: int
    passed: set[int]
    lowest: int | None
    lowest_bidder: int | None
    target: int | None
    defenders: set[int]
    bids: list[dict[str, Any]]

    def void(self, reason: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _set_trump(self, trump: int | None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _take_kitty(self, seat: int) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _auction(self, action: Action) -> None:
        seat, verb = action.seat, action.verb
        if self.stage == "trump":
            if verb != "bid":
                raise IllegalActionError("SJ-12", f"seat {self.dealer} names trump now", seat)
            if seat != self.dealer:
                raise IllegalActionError(
                    "SJ-12", f"the dealer (seat {self.dealer}) names trump", seat)
            extra = no_extra(action, ("trump",))
            name = extra.get("trump")
            if action.cards or name not in TRUMP_NAMES:
                raise MalformedError("3.trump", f"name trump as one of {', '.join(TRUMP_NAMES)}")
            trump = None if name == "NT" else SUIT_CHARS.index(name)
            self.bids.append({"seat": seat, "kind": "trump", "trump": name})
            self.stage = "done"
            self._set_trump(trump)
            self._take_kitty(seat)
            return
        if seat != self.turn:
            raise IllegalActionError(
                "SJ-12", f"it is seat {self.turn}'s turn to bid a target", seat)
        if verb == "pass":
            no_extra(action)
            self.passed.add(seat)
            self.bids.append({"seat": seat, "kind": "pass"})
        elif verb == "bid_target":
            extra = no_extra(action, ("target",))
            target = extra.get("target")
            if not isinstance(target, int) or isinstance(target, bool) or action.cards:
                raise MalformedError("3.target", "a target bid is {\"target\": 120}")
            err = target_error(target, self.lowest, self.opts.max_target)
            if err is not None:
                raise IllegalActionError("SJ-12", err, seat)
            self.lowest = target
            self.lowest_bidder = seat
            self.bids.append({"seat": seat, "kind": "target", "target": target})
        else:
            raise IllegalActionError(
                "SJ-12", f"bid a target (bid_target) or pass, not {verb}", seat)
        self._next_auction()

    def _next_auction(self) -> None:
        active = [s for s in range(self.n) if s not in self.passed]
        if not active:
            self.void("everyone passed the target auction (SJ-12): it is dealt again")
            return
        low = self.lowest_bidder
        others = [s for s in active if s != low]
        if low is not None and (not others or (self.lowest or 0) <= 5):
            self.dealer = low
            self.target = self.lowest
            self.level = self.levels[low]
            self.defenders = {low}
            self.stage = "trump"
            return
        seat = self.turn
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if seat in active and seat != low:
                self.turn = seat
                return
