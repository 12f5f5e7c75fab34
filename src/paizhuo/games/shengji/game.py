"""The Shengji round state machine: deal + bid → bury → (kitty fight) → (call) → play → over.

>>> import random
>>> g = ShengjiGame.new(seed=3)
>>> rng = random.Random(3)
>>> while not g.is_over:
...     g.apply(g.sample_action(rng))
>>> sorted(g.result())[:3]
['attackers', 'attackers_points', 'card_points']

The dealing and bidding model, the action shapes and every choice made where the rules are
silent are described in ``docs/shengji.md``. The non-play phases live in
:mod:`.phases_bid` (deal, bids, kitty, kitty fight), :mod:`.phases_auction` (bidding-3) and
:mod:`.phases_friends` (friend calls); this module holds the interface, the play phase and
the end of the round.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, describe
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.games.shengji.combos import Lead, decompose, make_lead
from paizhuo.games.shengji.follow import (
    count_follows,
    count_leads,
    follow_error,
    follow_mask,
    lead_error,
    lead_mask,
    legal_follows,
    legal_leads,
    sample_follow,
    sample_lead,
)
from paizhuo.games.shengji.options import PRESETS, ShengjiOptions
from paizhuo.games.shengji.order import points_of
from paizhuo.games.shengji.phases_bid import BidPhases
from paizhuo.games.shengji.phases_setup import read_setup
from paizhuo.games.shengji.scoring import (
    RoundInput,
    RoundScore,
    level_name,
    levels_json,
    score_round,
)
from paizhuo.games.shengji.trick import check_throw, trick_winner
from paizhuo.games.shengji.views import observation as _observation
from paizhuo.notation import format_cards


class TrickLog:
    """One finished (or running) trick: who led, each play, the throw attempt, the winner."""

    __slots__ = ("attempted", "leader", "plays", "points", "winner")

    def __init__(self, leader: int, plays: list[tuple[int, tuple[int, ...]]],
                 attempted: tuple[int, ...] | None, winner: int | None, points: int) -> None:
        self.leader = leader
        self.plays = plays
        self.attempted = attempted
        self.winner = winner
        self.points = points

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "leader": self.leader,
            "plays": [{"seat": s, "cards": format_cards(c)} for s, c in self.plays],
            "winner": self.winner, "points": self.points,
        }
        if self.attempted is not None:
            out["attempted"] = format_cards(self.attempted)
        return out


class ShengjiGame(BidPhases, Game):
    """One round of 升级 Shengji (``docs/rules/shengji.md``)."""

    name: ClassVar[str] = "shengji"
    VERBS: ClassVar[frozenset[str]] = frozenset(
        {"bid", "pass", "bury", "call", "play", "bid_target"})
    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset(
        {"dealer", "next_dealer", "last_trick_winner"})

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        setup = read_setup(record)
        opts = setup.opts
        self.opts: ShengjiOptions = opts
        self.n = opts.players
        self.rules = opts.combo_rules
        self.allow_throws = opts.allow_throws
        self.total = len(setup.deal_seq)
        # play state
        self.leader = 0
        self.current = 0
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.lead: Lead | None = None
        self.attempted: tuple[int, ...] | None = None
        self.tricks: list[TrickLog] = []
        self.won = [0] * self.n
        self.taken_back = [0] * self.n
        self.score: RoundScore | None = None
        self._sampled: Action | None = None
        self._result: dict[str, Any] | None = None
        self.init_bid_phases(setup)

    @classmethod
    def from_record(cls, record: Record) -> Self:
        return cls(record)

    # -- the interface ----------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.n

    @property
    def phase(self) -> str:
        return self._phase

    def to_act(self) -> list[int]:
        if self._phase == "play":
            return [self.current]
        if self._phase == "over":
            return []
        return self.bid_to_act()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            acting = self.to_act()
            if not acting:
                return []
            seat = acting[0]
        if self._phase == "play":
            if seat != self.current:
                return []
            assert self.ctx is not None
            hand = self.hands[seat]
            if self.lead is None:
                plays = legal_leads(hand, self.ctx, self.rules, self.allow_throws)
            else:
                plays = legal_follows(hand, self.lead, self.ctx, self.rules)
            return [Action(seat, "play", tuple(sorted(p))) for p in plays]
        if self._phase == "over":
            return []
        return self.bid_legal_actions(seat)

    def take_back(self, seat: int) -> Action:
        """Take back ``seat``'s last bid or play before anyone else acts (SJ-14 ``take_backs``);
        returns the action taken back. The round is rebuilt from its record without it, so
        the state is exactly as if it had never been made (and the record no longer holds it).
        """
        if not self.opts.take_backs:
            raise IllegalActionError("SJ-14", "take-backs are off at this table", seat)
        if self._phase == "over":
            raise IllegalActionError("SJ-14", "the round is over: nothing can be taken back", seat)
        last = self.actions[-1] if self.actions else None
        if last is None or last.seat != seat or last.verb not in ("bid", "play"):
            raise IllegalActionError(
                "SJ-14", "only your own last bid or play can be taken back, before the next "
                "player acts", seat)
        rebuilt = type(self).from_record(self.setup)
        for action in self.actions[:-1]:
            rebuilt.apply(action)
        self.__dict__.update(rebuilt.__dict__)
        return last

    def count_legal(self) -> int:
        """Number of legal actions of the first seat to act, without listing them."""
        if self._phase == "play":
            assert self.ctx is not None
            hand = self.hands[self.current]
            if self.lead is None:
                return count_leads(hand, self.ctx, self.rules, self.allow_throws)
            return count_follows(hand, self.lead, self.ctx, self.rules)
        if self._phase == "over":
            return 0
        return self.bid_count_legal()

    def play_mask(self, partial: list[int] | tuple[int, ...] = ()) -> tuple[frozenset[int], bool]:
        """Card ids that may be added to ``partial`` (a play or bury being built one card at a
        time) so that it can still become legal, and whether ``partial`` may be submitted."""
        if self._phase == "play":
            assert self.ctx is not None
            hand = self.hands[self.current]
            if self.lead is None:
                return lead_mask(hand, tuple(partial), self.ctx, self.rules, self.allow_throws)
            return follow_mask(hand, self.lead, tuple(partial), self.ctx, self.rules)
        if self._phase == "bury":
            return self.bury_mask(tuple(partial))
        raise ValueError(f"play_mask applies to choosing cards (play, bury), not the "
                         f"{self._phase} phase")

    def sample_action(self, rng: random.Random) -> Action:
        if self._phase == "play":
            assert self.ctx is not None
            seat = self.current
            hand = self.hands[seat]
            if self.lead is None:
                cards = sample_lead(hand, self.ctx, self.rules, self.allow_throws, rng)
            else:
                cards = sample_follow(hand, self.lead, self.ctx, self.rules, rng)
            action = Action(seat, "play", tuple(sorted(cards)))
        elif self._phase == "over":
            raise ValueError("the round is over")
        else:
            action = self.bid_sample_action(rng)
        # the samplers only draw legal actions: applying this very object (the state has not
        # changed since) may skip the legality check, most of a play's cost, and the snapshot
        # that lets a refused bid-phase action leave the state as it was
        self._sampled = action
        return action

    def apply(self, action: Action) -> None:
        trusted = action is self._sampled
        self._sampled = None
        if action.verb == "play" and self._phase == "play":
            self._play(action, trusted)
            self.actions.append(action)
            return
        if trusted:
            if self.bid_apply(action):
                self.actions.append(action)
            return
        if action.verb not in self.VERBS:
            raise MalformedError("1", f"unknown verb {describe(action.verb)}")
        snap = self._snapshot()
        try:
            keep = self.bid_apply(action)
        except (IllegalActionError, MalformedError):
            self._restore(snap)
            raise
        if keep:
            self.actions.append(action)

    def observation(self, seat: int) -> dict[str, Any]:
        return _observation(self, seat)

    def result(self) -> dict[str, Any] | None:
        return self._result

    def match_winners(self) -> list[int] | None:
        """The seats whose level passed A this deal (SJ-10), which ends the match."""
        found = (self._result or {}).get("match_winners") if self._phase == "over" else None
        return None if found is None else sorted(found)

    def next_start(self) -> dict[str, Any] | None:
        if self._phase != "over" or self._result is None:
            return None
        if self.score is None:  # a void deal: the same dealer deals again
            start: dict[str, Any] = {"levels": levels_json(self.levels)}
            if self.dealer is not None and self.first_round is False:
                start["dealer"] = self.dealer
            return start
        return self.score.next_start()

    # -- atomicity ----------------------------------------------------------------------------

    _SHARED = frozenset({"deal_seq", "actions", "setup", "tricks", "won", "taken_back"})
    """State never changed by a non-play action (or only appended to by ``apply`` itself)."""

    def _snapshot(self) -> dict[str, Any]:
        snap = dict(self.__dict__)
        for key, value in snap.items():
            if key in self._SHARED:
                continue
            if isinstance(value, list):
                snap[key] = [v.copy() if isinstance(v, Counts) else v for v in value]
            elif isinstance(value, dict | set):
                snap[key] = value.copy()
        snap["calls"] = [c.__class__(**vars(c)) for c in self.calls]
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        self.__dict__.clear()
        self.__dict__.update(snap)

    # -- the play phase (SJ-6 … SJ-8) ---------------------------------------------------------

    def start_play(self, leader: int | None = None) -> None:
        self._phase = "play"
        self.leader = self.current = self.dealer_seat if leader is None else leader
        self.trick = []
        self.lead = None
        self.attempted = None

    def _play(self, action: Action, trusted: bool = False) -> None:
        seat, cards = action.seat, action.cards
        if action.extra:
            raise MalformedError("3", "a play carries no extra data")
        if seat != self.current:
            raise IllegalActionError("SJ-6" if self.lead is None else "SJ-8",
                                     f"it is seat {self.current}'s turn to play", seat)
        if not cards:
            raise IllegalActionError("SJ-6", "a play needs at least one card", seat)
        ctx = self.ctx
        assert ctx is not None
        hand = self.hands[seat]
        lead = self.lead
        if lead is None:
            refused = None if trusted else lead_error(hand, cards, ctx, self.rules,
                                                      self.allow_throws)
            if refused is not None:
                raise IllegalActionError(*refused, seat)
            new_lead = make_lead(cards, ctx, self.rules)
            played = cards
            attempted: tuple[int, ...] | None = None
            if new_lead.is_throw:
                res = check_throw(cards, seat, self.hands, ctx, self.rules)
                if res is not None:
                    attempted = cards
                    played = tuple(sorted(res[0]))
                    new_lead = make_lead(played, ctx, self.rules)
            # -- mutate (everything checked) --
            hand.remove_all(played)
            if attempted is not None:
                self.taken_back[seat] += len(attempted) - len(played)
            self.lead = new_lead
            self.attempted = attempted
            self.trick = [(seat, played)]
        else:
            err = None if trusted else follow_error(hand, lead, cards, ctx, self.rules)
            if err is not None:
                if self.attempted is not None:
                    err += (f" (the throw {format_cards(self.attempted)} failed and was taken "
                            f"back to {format_cards(lead.cards)}, SJ-7)")
                raise IllegalActionError("SJ-8", err, seat)
            hand.remove_all(cards)
            played = cards
            self.trick.append((seat, played))
        if self.calls and self.opts.friend_by == "play":
            self.note_friend_cards(seat, played)
        if len(self.trick) == self.n:
            self._end_trick()
        else:
            self.current = (seat + 1) % self.n

    def _end_trick(self) -> None:
        ctx = self.ctx
        lead = self.lead
        assert ctx is not None and lead is not None
        plays = [c for _, c in self.trick]
        idx = trick_winner(lead, plays, ctx, self.rules)
        winner = self.trick[idx][0]
        pts = sum(points_of(c) for c in plays)
        self.won[winner] += pts
        self.tricks.append(TrickLog(self.leader, self.trick, self.attempted, winner, pts))
        if len(self.hands[winner]) == 0:
            self._end_round(winner, plays[idx])
            return
        self.leader = self.current = winner
        self.trick = []
        self.lead = None
        self.attempted = None

    def attackers(self) -> frozenset[int]:
        return frozenset(range(self.n)) - self.defenders

    def running_points(self) -> int:
        """The attackers' score so far (SJ-13): their trick points, penalties, the start."""
        attackers = self.attackers()
        pts = self.base_points + sum(self.won[s] for s in attackers)
        if self.opts.throw_penalty != "per_card":
            return pts
        for s, k in enumerate(self.taken_back):
            if k:
                pts += 10 * k if s not in attackers else -10 * k
        return max(0, pts)

    def _end_round(self, last_winner: int, last_cards: tuple[int, ...]) -> None:
        ctx = self.ctx
        assert ctx is not None
        opts = self.opts
        defenders = frozenset(self.defenders)
        attackers = self.attackers()
        kitty_pts = points_of(self.kitty)
        card_pts = self.running_points()
        units = tuple(decompose(last_cards, ctx, self.rules)) if last_cards else ()
        target = self.target
        inp = RoundInput(
            num_players=self.n, decks=opts.decks, step=opts.step, teams=opts.teams,
            dealer=self.dealer_seat, defenders=defenders, attackers=attackers,
            card_points=card_pts, kitty_points=kitty_pts,
            last_trick_winner=last_winner, last_trick_units=units,
            last_trick_cards=tuple(last_cards), levels=dict(self.levels),
            level_rank=self.level,
            stakes=self.stakes, target=target,
            kitty_multiplier=opts.kitty_multiplier, dealer_stays=opts.dealer_stays,
            must_play_levels=opts.must_play_level_indices, overflow=opts.overflow,
            hook_j=opts.hook_j, round_points=opts.round_points,
            round_points_base=opts.round_points_stake, play_past_ace=opts.play_past_ace,
        )
        score = score_round(inp)
        self.score = score
        self._phase = "over"
        out: dict[str, Any] = {
            "trump": self.trump_name(),
            "level": level_name(self.level),
            "dealer": self.dealer_seat,
            "defenders": sorted(defenders),
            "attackers": sorted(attackers),
            "card_points": card_pts,
        }
        out.update(score.to_json())
        out["kitty"] = format_cards(self.kitty)
        out["last_trick_winner"] = last_winner
        out["stakes"] = self.stakes
        if target is not None:
            out["target"] = target
        if self.calls:
            out["friends"] = [c.to_json() for c in self.calls]
        if any(self.taken_back):
            out["cards_taken_back"] = {str(s): k for s, k in enumerate(self.taken_back) if k}
        self._result = out

    def void(self, reason: str) -> None:
        """The deal is thrown in (SJ-4 no bid, SJ-12 all pass, SJ-14 redeal rule)."""
        self._phase = "over"
        self._result = {"redeal": True, "reason": reason}
