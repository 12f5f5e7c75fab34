"""The state of one Shengji round as plain data: what the rule functions read and change.

Nothing here knows a rule. :class:`RoundState` holds every field of the round, grouped as the
phases use them; :meth:`RoundState.copy` is the cheap copy behind ``ShengjiGame.clone`` (the
containers a rule changes are copied, everything else is immutable or replaced whole, never
changed in place, so it is shared).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.cards import Counts
    from paizhuo.games.shengji.bidding import Bid
    from paizhuo.games.shengji.combos import ComboRules, Lead
    from paizhuo.games.shengji.options import ShengjiOptions
    from paizhuo.games.shengji.order import TrumpContext
    from paizhuo.games.shengji.scoring import RoundScore

Play = tuple[int, tuple[int, ...]]
"""One play of a trick: (seat, cards)."""

Emit = Callable[[Mapping[str, Any], "frozenset[int] | None", "Mapping[str, Any] | None"], None]
"""Where the rules report what an action showed: ``(payload, audience, others)`` as
:meth:`paizhuo.engine.game.Game.emit` takes them (``audience`` None: everyone; ``others``:
what the rest see, None: nothing)."""


def quiet(payload: Mapping[str, Any], audience: frozenset[int] | None = None,
          others: Mapping[str, Any] | None = None) -> None:
    """An :data:`Emit` that drops everything (building a state, replaying for a take-back)."""


class FriendCall:
    """A called friend 找朋友 (SJ-11): the ``nth`` copy of ``card``; ``played`` copies seen so
    far (``friend_by = play``); ``friend`` the seat found (None: not yet, or nobody)."""

    __slots__ = ("card", "friend", "nth", "played", "resolved")

    def __init__(self, card: int, nth: int, played: int = 0, friend: int | None = None,
                 resolved: bool = False) -> None:
        self.card = card
        self.nth = nth
        self.played = played
        self.friend = friend
        self.resolved = resolved

    def copy(self) -> FriendCall:
        return FriendCall(self.card, self.nth, self.played, self.friend, self.resolved)

    def to_json(self) -> dict[str, Any]:
        return {"card": format_cards((self.card,)), "nth": self.nth, "played": self.played,
                "found": self.friend, "resolved": self.resolved}


class TrickLog:
    """One finished trick: who led, each play, the throw attempt, the winner, its points.
    Never changed once made (copies share it)."""

    __slots__ = ("_names", "attempted", "leader", "plays", "points", "winner")

    def __init__(self, leader: int, plays: tuple[Play, ...], attempted: tuple[int, ...] | None,
                 winner: int, points: int) -> None:
        self.leader = leader
        self.plays = plays
        self.attempted = attempted
        self.winner = winner
        self.points = points
        self._names: tuple[str, ...] | None = None
        """The plays' notation, made once (every observation lists every trick)."""

    def to_json(self) -> dict[str, Any]:
        """A new dict each time (a viewer may change what it is given)."""
        names = self._names
        if names is None:
            names = self._names = tuple(format_cards(c) for _, c in self.plays)
        out: dict[str, Any] = {
            "leader": self.leader,
            "plays": [{"seat": s, "cards": n} for (s, _), n in zip(self.plays, names,
                                                                   strict=True)],
            "winner": self.winner, "points": self.points,
        }
        if self.attempted is not None:
            out["attempted"] = format_cards(self.attempted)
        return out


class RoundState:
    """Every field of one round. Built by :func:`~.setup.initial_state`; changed only by the
    rule functions (:mod:`.rules` and the phase modules)."""

    # -- the table (fixed for the round) -------------------------------------------------------
    opts: ShengjiOptions
    n: int
    rules: ComboRules
    allow_throws: bool
    joker_nt: bool
    suit_order: bool
    levels: dict[int, int]
    """Level per seat before the round (never changed)."""
    first: int
    """The first seat to receive a card (the dealer; seat 0 in a first round)."""
    first_round: bool
    """No dealer yet: the first bidder becomes the dealer (SJ-4)."""
    position_leader: int | None
    base_points: int
    """A position's starting ``attackers_points``."""
    total: int
    """Cards dealt to the hands (the kitty aside)."""

    # -- deal and bids (SJ-4) -------------------------------------------------------------------
    phase: str
    stage: str
    """Within the bid phase: ``deal`` (cards still coming), ``chance`` (one more bid each after
    the deal), ``auction`` / ``trump`` (bidding-3), ``done``."""
    dealer: int | None
    level: int
    deal_seq: list[tuple[int, int]]
    """(seat, card) in dealing order (never changed in place)."""
    dealt: int
    committed: int
    """Cards dealt when the last action was taken: dealing past it (to the next decision
    point) is provisional, and a recorded bid may still come at any card from here on."""
    hands: list[Counts]
    original_kitty: tuple[int, ...]
    kitty: tuple[int, ...]
    """The kitty: as dealt until buried, then the buried cards (while a seat buries, the cards
    it took up)."""
    standing: Bid | None
    bidder: int | None
    bids: list[dict[str, Any]]
    """Public log of every bid (trump bids, targets, kitty-fight overcalls, trump named)."""
    shown: list[tuple[int, tuple[int, ...], int]]
    """Cards shown in trump bids and overcalls: (seat, cards, kitty takes before the bid)."""
    ask: int | None
    queue: list[int]
    trump: int | None
    trump_known: bool
    ctx: TrumpContext | None
    turned_card: int | None
    """The kitty card that set trump when nobody bid (SJ-4 ``no_bid``), shown to all."""
    turned_up: tuple[int, ...]
    """Positions in the dealt kitty of every card turned up then (SJ-14.3), shown to all."""

    # -- kitty (SJ-5), kitty fight (SJ-4), friends (SJ-11), bidding-3 (SJ-12) -------------------
    burier: int | None
    takers: list[int]
    """Seats that took up the kitty, in order (the dealer, then kitty-fight overcallers)."""
    burials: list[tuple[int, tuple[int, ...]]]
    """Every bury in order: (seat, cards). The last one is the kitty lying there."""
    stakes: int
    calls: list[FriendCall]
    defenders: set[int]
    target: int | None
    lowest: int | None
    lowest_bidder: int | None
    passed: set[int]
    turn: int

    # -- play (SJ-6 … SJ-8) ----------------------------------------------------------------------
    leader: int
    current: int
    trick: list[Play]
    lead: Lead | None
    attempted: tuple[int, ...] | None
    blocked_by: int | None
    """The seat whose cards made the running trick's throw fail."""
    tricks: list[TrickLog]
    won: list[int]
    taken_back: list[int]

    # -- the end --------------------------------------------------------------------------------
    score: RoundScore | None
    result: dict[str, Any] | None

    @property
    def buried_by(self) -> dict[int, tuple[int, ...]]:
        """Each seat's last bury."""
        return {seat: cards for seat, cards in self.burials}

    @property
    def kitty_owner(self) -> int | None:
        """The seat whose bury is the kitty lying there (None before the first bury and while
        a seat buries)."""
        if self.phase == "bury" or not self.burials:
            return None
        return self.burials[-1][0]

    def copy(self) -> RoundState:
        """An independent copy: the containers rules change are copied, the rest shared."""
        new = RoundState.__new__(RoundState)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = [h.copy() for h in self.hands]
        d["bids"] = self.bids.copy()
        d["shown"] = self.shown.copy()
        d["queue"] = self.queue.copy()
        d["takers"] = self.takers.copy()
        d["burials"] = self.burials.copy()
        d["calls"] = [c.copy() for c in self.calls] if self.calls else []
        d["defenders"] = self.defenders.copy()
        d["passed"] = self.passed.copy()
        d["trick"] = self.trick.copy()
        d["tricks"] = self.tricks.copy()
        d["won"] = self.won.copy()
        d["taken_back"] = self.taken_back.copy()
        return new


__all__ = ["Emit", "FriendCall", "Play", "RoundState", "TrickLog", "quiet"]
