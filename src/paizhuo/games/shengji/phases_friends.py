"""Finding friends 找朋友 (SJ-11): the dealer's calls and how friends are found.

A part of :class:`~.game.ShengjiGame` (a mixin of :class:`~.phases_bid.BidPhases`); the
choices are listed in ``docs/shengji.md`` ("Kitty, kitty fight, friends").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.games.shengji.phases_setup import FriendCall, no_extra, parse_friend_call
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.cards import Counts
    from paizhuo.games.shengji.options import ShengjiOptions


class FriendPhases:
    """Friend calls and friend tracking (SJ-11)."""

    opts: ShengjiOptions
    n: int
    dealer: int | None
    hands: list[Counts]
    calls: list[FriendCall]
    defenders: set[int]
    bids: list[dict[str, Any]]
    position_leader: int | None

    @property
    def dealer_seat(self) -> int:
        assert self.dealer is not None
        return self.dealer

    def start_play(self, leader: int | None = None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _call(self, action: Action) -> None:
        seat = action.seat
        if seat != self.dealer:
            raise IllegalActionError(
                "SJ-11", f"the dealer (seat {self.dealer}) calls the friends", seat)
        if action.cards:
            raise MalformedError("2", "a call names its card in the extra: "
                                 "{\"card\": \"AH\", \"nth\": 1}")
        extra = no_extra(action, ("card", "nth"))
        if "card" not in extra:
            raise MalformedError("3", "a call is {\"card\": \"AH\", \"nth\": 1}")
        call = parse_friend_call(extra, "3", self.opts.decks)
        call.played = 0
        call.friend = None
        call.resolved = False
        if not 1 <= call.nth <= self.opts.decks:
            raise IllegalActionError(
                "SJ-11", f"there are {self.opts.decks} copies of each card: call "
                f"copy 1 to {self.opts.decks}, not {call.nth}", seat)
        self.calls.append(call)
        self.bids.append({"seat": seat, "kind": "call", "card": format_cards((call.card,)),
                          "nth": call.nth})
        if self.opts.friend_by == "holding":
            self._resolve_by_holding(call)  # 边锋: known at once
        if len(self.calls) >= self.opts.num_friends:
            self._begin_play()

    def _resolve_by_holding(self, call: FriendCall) -> None:
        """SJ-11 ``friend_by = holding``: the holder nearest after the dealer joins him (none
        when the dealer holds every copy, or nobody else holds one)."""
        call.resolved = True
        dealer = self.dealer_seat
        for k in range(1, self.n):
            s = (dealer + k) % self.n
            if self.hands[s][call.card]:
                call.friend = s
                self.defenders.add(s)
                return

    def _begin_play(self, resolve: bool = True) -> None:
        if resolve and self.opts.teams == "friends" and self.opts.friend_by == "holding":
            # calls a position started with
            for call in self.calls:
                if not call.resolved:
                    self._resolve_by_holding(call)
        self.start_play(self.position_leader)

    def note_friend_cards(self, seat: int, played: tuple[int, ...]) -> None:
        """SJ-11 by play: count the called copies; the Nth one's player joins the dealer."""
        for call in self.calls:
            if call.resolved:
                continue
            k = played.count(call.card)
            if not k:
                continue
            before = call.played
            call.played += k
            if before < call.nth <= call.played:
                call.resolved = True
                if seat != self.dealer:
                    call.friend = seat
                    self.defenders.add(seat)
