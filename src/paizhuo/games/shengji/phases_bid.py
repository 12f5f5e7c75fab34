"""The phases before the play: deal + trump bids (SJ-4), and the dispatch of every non-play
action to them, the target auction (SJ-12, :mod:`.phases_auction`), the kitty and kitty fight
(SJ-5, SJ-4 option, :mod:`.phases_kitty`) and friend calls (SJ-11, :mod:`.phases_friends`).

:class:`BidPhases` is the part of :class:`~.game.ShengjiGame` that runs them; the model
(decision points during the deal, the post-deal chance, which passes are recorded) is
described in ``docs/shengji.md`` ("Dealing and bidding").
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from paizhuo.cards import (
    NUM_PLAIN_IDS,
    SUIT_CHARS,
    Counts,
)
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, describe
from paizhuo.games.shengji.bidding import (
    Bid,
    could_beat,
    legal_bids,
    legal_targets,
    parse_bid,
    stronger,
)
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points
from paizhuo.games.shengji.phases_auction import TRUMP_NAMES, AuctionPhases
from paizhuo.games.shengji.phases_kitty import KittyPhases
from paizhuo.games.shengji.phases_setup import FriendCall, Setup, no_extra
from paizhuo.games.shengji.scoring import LEVEL_A, level_name
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.games.shengji.options import ShengjiOptions

def _illegal(rule: str, message: str, seat: int) -> IllegalActionError:
    return IllegalActionError(rule, message, seat)


class BidPhases(KittyPhases, AuctionPhases):
    """Deal, bids, kitty, kitty fight and friend calls of one round (a mixin of the game)."""

    # provided by ShengjiGame
    opts: ShengjiOptions
    n: int
    total: int
    _phase: str

    def start_play(self, leader: int | None = None) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def void(self, reason: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _play(self, action: Action) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- setup --------------------------------------------------------------------------------

    def init_bid_phases(self, setup: Setup) -> None:
        opts = self.opts
        n = self.n
        self.levels: dict[int, int] = dict(setup.levels)
        self.first_round = setup.dealer is None
        self.dealer: int | None = setup.dealer
        self.first = setup.first
        self.level: int = setup.level if setup.level is not None else opts.start_level_index
        self.deal_seq = setup.deal_seq
        self.dealt = 0
        self.committed = 0
        """Cards dealt when the last action was taken: dealing past it (to the next decision
        point) is provisional, and a recorded bid may still come at any card from here on."""
        self.hands: list[Counts] = [Counts() for _ in range(n)]
        self.original_kitty: tuple[int, ...] = setup.kitty
        self.kitty: tuple[int, ...] = setup.kitty
        """The kitty: as dealt until buried, then the buried cards."""
        self.standing: Bid | None = None
        self.bidder: int | None = None
        self.bids: list[dict[str, Any]] = []
        """Public log of every bid (trump bids, targets, kitty-fight overcalls, trump named)."""
        self.ask: int | None = None
        self.queue: list[int] = []
        self.stage = "deal"
        self.trump: int | None = setup.trump
        self.trump_known = False
        self.ctx: TrumpContext | None = None
        self.burier: int | None = None
        self.buried_by: dict[int, tuple[int, ...]] = {}
        self.stakes = setup.stakes
        self.calls: list[FriendCall] = list(setup.calls)
        self.defenders: set[int] = set()
        self.base_points = setup.attackers_points
        self.target: int | None = setup.target
        self.lowest: int | None = None
        self.lowest_bidder: int | None = None
        self.passed: set[int] = set()
        self.turn = setup.first
        self.third_card: int | None = None
        """The kitty card turned up to set trump (SJ-4 ``no_bid``), shown to all."""
        self.position_leader = setup.leader
        self.joker_nt = opts.single_deck_joker_nt
        self.suit_order = opts.suit_order_overcall
        self._phase = "bid"
        if setup.phase == "bid":
            self._begin_deal()
            return
        # a position after the bidding
        self._deal_to(self.total)
        dealer = setup.dealer
        assert dealer is not None
        self.stage = "done"
        self._set_trump(setup.trump)
        if setup.phase == "bury":
            self._take_kitty(dealer)
        elif setup.phase == "call":
            self.buried_by[dealer] = self.kitty
            self._after_bury()
        else:
            self.buried_by[dealer] = self.kitty
            for call in self.calls:
                if call.friend is not None and call.friend != dealer:
                    self.defenders.add(call.friend)
            self._begin_play(resolve=False)

    def trump_name(self) -> str | None:
        if not self.trump_known:
            return None
        return "NT" if self.trump is None else SUIT_CHARS[self.trump]

    def _begin_deal(self) -> None:
        if self.level > LEVEL_A and not self.first_round and self.opts.teams != "bidding":
            # the no-trump level past A (SJ-14 play_past_ace): there is nothing to bid
            self._deal_to(self.total)
            self._finish_bidding()
            return
        if self.opts.teams == "bidding":
            self._deal_to(self.total)
            self.stage = "auction"
            self.turn = self.first
            return
        if self.opts.bidding == "after_deal":
            self._deal_to(self.total)
            self._start_chance()
            return
        self._deal_on()

    # -- dealing ------------------------------------------------------------------------------

    def _deal_to(self, upto: int) -> None:
        """Deal without stopping until ``upto`` cards are out."""
        seq, hands = self.deal_seq, self.hands
        for i in range(self.dealt, upto):
            seat, card = seq[i]
            hands[seat].add(card)
        if upto > self.dealt:
            self.dealt = upto

    def _rewind(self, upto: int) -> None:
        """Take back the provisional dealing after card ``upto`` (no action happened there)."""
        seq, hands = self.deal_seq, self.hands
        for i in range(upto, self.dealt):
            seat, card = seq[i]
            hands[seat].remove(card)
        self.dealt = upto
        self.ask = None
        self.stage = "deal"
        self.queue = []

    def _deal_on(self) -> None:
        """Deal, stopping where the receiver has just got a card giving a stronger bid."""
        seq, hands = self.deal_seq, self.hands
        level, decks = self.level, self.opts.decks
        total = self.total
        while self.dealt < total:
            seat, card = seq[self.dealt]
            hand = hands[seat]
            hand.add(card)
            self.dealt += 1
            if (card >= 52 or card >> 2 == level) and could_beat(
                    hand.array(), level, decks, self.standing, self.joker_nt, self.suit_order):
                self.ask = seat
                return
        self._start_chance()

    def _start_chance(self) -> None:
        """After the deal: every seat in turn from the first receiver may bid once more."""
        self._open_chance()
        self._next_chance()

    def _open_chance(self) -> None:
        self.stage = "chance"
        self.queue = [(self.first + i) % self.n for i in range(self.n)]

    def _next_chance(self) -> None:
        """Ask the next seat of the post-deal chance. Every seat is asked, also one that
        cannot outbid (its only choice is to pass): who is asked then reveals nothing of a
        hand, and records that list every seat's pass replay as written."""
        if self.queue:
            self.ask = self.queue.pop(0)
            return
        self.ask = None
        self._finish_bidding()

    def _finish_bidding(self) -> None:
        opts = self.opts
        self.stage = "done"
        self.ask = None
        self.queue = []
        if self.first_round:
            if self.standing is None:
                self.void("nobody bid in the first deal (SJ-4): it is dealt again")
                return
            self.dealer = self.bidder
        trump: int | None
        if self.level > LEVEL_A:
            trump = None  # the no-trump level past A
        elif self.standing is None:
            if opts.no_bid == "redeal":
                self.void("nobody bid (SJ-4, no_bid = redeal): it is dealt again")
                return
            kitty = self.kitty
            third = kitty[2] if len(kitty) >= 3 else (kitty[-1] if kitty else None)
            self.third_card = third
            trump = None if third is None or third >= 52 else third % 4
        else:
            trump = self.standing.suit
        self._set_trump(trump)
        if opts.redeal_no_trump_or_points and self._some_hand_lacks():
            self.void("a hand holds no trump or no point card (SJ-14): it is dealt again")
            return
        self._take_kitty(self.dealer_seat)

    def _some_hand_lacks(self) -> bool:
        ctx = self.ctx
        assert ctx is not None
        for hand in self.hands:
            cards = hand.distinct()
            if not any(ctx.group[c] == TRUMP for c in cards):
                return True
            if not any(card_points(c) for c in cards):
                return True
        return False

    def _set_trump(self, trump: int | None) -> None:
        self.trump = trump
        self.trump_known = True
        self.ctx = TrumpContext.make(self.level, trump, self.opts.constant_twos)
        dealer = self.dealer_seat
        if self.opts.teams == "fixed":
            self.defenders = {s for s in range(self.n) if s % 2 == dealer % 2}
        elif not self.defenders:
            self.defenders = {dealer}

    # -- to act, legal actions, sampling -------------------------------------------------------

    def bid_to_act(self) -> list[int]:
        phase = self._phase
        if phase == "bid":
            if self.stage == "auction":
                return [self.turn]
            if self.stage == "trump":
                return [self.dealer_seat]
            return [self.ask] if self.ask is not None else []
        if phase == "bury":
            return [self.burier] if self.burier is not None else []
        if phase == "kitty_fight":
            return [self.ask] if self.ask is not None else []
        if phase == "call":
            return [self.dealer_seat]
        return []

    def _bid_actions(self, seat: int) -> list[Action]:
        """Stronger trump bids of ``seat`` now, and the pass when it is asked."""
        out: list[Action] = []
        extra = {"dealt": self.dealt} if self._phase == "bid" and self.stage == "deal" else None
        if seat == self.ask:
            out.append(Action(seat, "pass", (), extra))
        for bid in legal_bids(self.hands[seat], self.level, self.opts.decks, self.standing,
                              self.joker_nt, self.suit_order):
            out.append(Action(seat, "bid", bid.cards, extra))
        return out

    def bid_legal_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == "bid":
            if self.stage == "auction":
                if seat != self.turn:
                    return []
                return [Action(seat, "pass")] + [
                    Action(seat, "bid_target", (), {"target": t})
                    for t in legal_targets(self.lowest, self.opts.max_target)]
            if self.stage == "trump":
                if seat != self.dealer:
                    return []
                return [Action(seat, "bid", (), {"trump": t}) for t in TRUMP_NAMES]
            return self._bid_actions(seat)
        if phase == "kitty_fight":
            if seat == self.burier:
                return []
            return self._bid_actions(seat)
        if phase == "bury":
            if seat != self.burier:
                return []
            return self._bury_list(seat)
        if phase == "call":
            if seat != self.dealer:
                return []
            nths = range(1, 2) if self.opts.friend_by == "holding" else \
                range(1, self.opts.decks + 1)
            return [Action(seat, "call", (), {"card": format_cards((c,)), "nth": k})
                    for c in range(NUM_PLAIN_IDS) for k in nths]
        return []

    def bid_count_legal(self) -> int:
        acting = self.bid_to_act()
        if not acting:
            return 0
        if self._phase == "bury":
            return self.count_buries(acting[0])
        return len(self.bid_legal_actions(acting[0]))

    def bid_sample_action(self, rng: random.Random) -> Action:
        acting = self.bid_to_act()
        if not acting:
            raise ValueError("nobody is to act")
        seat = acting[0]
        phase = self._phase
        if phase == "bury":
            return self.sample_bury(seat, rng)
        if phase == "call":
            nth = 1 if self.opts.friend_by == "holding" else rng.randint(1, self.opts.decks)
            card = rng.randrange(NUM_PLAIN_IDS)
            return Action(seat, "call", (), {"card": format_cards((card,)), "nth": nth})
        if phase == "bid" and self.stage == "auction":
            if self.lowest is not None and rng.random() < 0.5:
                return Action(seat, "pass")
            targets = legal_targets(self.lowest, self.opts.max_target)
            if not targets:
                return Action(seat, "pass")
            return Action(seat, "bid_target", (), {"target": targets[rng.randrange(
                min(4, len(targets)))]})
        return rng.choice(self.bid_legal_actions(seat))

    # -- applying -----------------------------------------------------------------------------

    def bid_apply(self, action: Action) -> bool:
        """Apply a non-play action (or a play that ends a kitty fight); return whether it goes
        into the record. Raises before or after partial changes: the caller restores."""
        verb, seat, phase = action.verb, action.seat, self._phase
        if action.cards and verb in ("pass", "call", "bid_target"):
            raise MalformedError("2", f"a {verb} shows no cards")
        if phase == "over":
            raise _illegal("SJ-10", "the round is over", seat)
        if phase == "bid":
            if self.stage in ("auction", "trump"):
                self._auction(action)
                return True
            if verb == "bid":
                self._deal_bid(action)
                return True
            if verb == "pass":
                return self._deal_pass(action)
            if verb == "bury":
                self._bury_now(action)
                return True
            raise _illegal("SJ-4", f"the bidding is not over: no {verb} yet", seat)
        if phase == "bury":
            if verb == "bury":
                self._bury(action)
                return True
            if verb == "bid" and not self.buried_by and self.opts.teams != "bidding":
                self._late_bid(action)
            raise _illegal("SJ-5", f"seat {self.burier} must first bury {len(self.kitty)} "
                           "cards", seat)
        if phase == "kitty_fight":
            if verb == "bid":
                self._fight_bid(action)
                return True
            if verb == "pass":
                no_extra(action)
                if seat != self.ask:
                    raise _illegal("SJ-4", f"it is seat {self.ask}'s turn to overcall or "
                                   "pass", seat)
                self._next_fight()
                return True
            if verb in ("call", "play"):
                # the record goes on: everyone still to be asked passes
                self.queue = []
                self.ask = None
                self._after_bury()
                if verb == "play" and self._phase == "play":
                    self._play(action)
                    return True
                return self.bid_apply(action)
            raise _illegal("SJ-4", f"the kitty fight is on: no {verb} now", seat)
        if phase == "call":
            if verb == "call":
                self._call(action)
                return True
            raise _illegal("SJ-11", f"the dealer (seat {self.dealer}) must first call "
                           f"{self.opts.num_friends - len(self.calls)} friend(s)", seat)
        if verb == "call":
            # the friend calls are over (SJ-11), or there are none at this table
            k = self.opts.num_friends
            if k:
                friends = "one friend" if k == 1 else f"{k} friends"
                raise _illegal("SJ-11", f"{friends} at this table, already called: no more "
                               "calls", seat)
            raise _illegal("SJ-11", f"no friends are called at this table (teams "
                           f"{self.opts.teams})", seat)
        raise _illegal("SJ-6", f"no {verb} in the play phase", seat)

    def _bid_of(self, action: Action) -> Bid:
        """The bid an action shows. The standing bidder may reinforce 自保 by showing only the
        further identical card(s) (SJ-4: "shows a second identical card"): when that alone is
        no stronger bid, it is read together with his standing bid."""
        bid = parse_bid(action.cards, self.level, self.opts.decks, self.joker_nt)
        standing = self.standing
        if (standing is not None and action.seat == self.bidder and action.cards
                and (bid is None or not stronger(bid, standing, self.suit_order))
                and all(c == standing.cards[0] for c in (*standing.cards, *action.cards))):
            joined = parse_bid(standing.cards + action.cards, self.level, self.opts.decks)
            if joined is not None:
                bid = joined
        if bid is None:
            lv = level_name(self.level)
            jokers = " or SJ BJ" if self.joker_nt else \
                (" or a pair of jokers" if self.opts.decks >= 2 else "")
            raise _illegal("SJ-4", f"{format_cards(action.cards) or 'nothing'} is not a bid: "
                           f"show one or more {lv} of one suit{jokers}", action.seat)
        return bid

    def _check_bid(self, action: Action, bid: Bid, when: str = "") -> None:
        seat = action.seat
        if not self.hands[seat].contains_all(bid.cards):
            raise _illegal("SJ-4", f"you do not hold {bid}{when}", seat)
        if not stronger(bid, self.standing, self.suit_order):
            assert self.standing is not None
            raise _illegal("SJ-4", f"{bid} is not stronger than the standing bid "
                           f"{self.standing} of seat {self.bidder}", seat)

    def _log_bid(self, seat: int, bid: Bid, dealt: int | None, kind: str = "trump") -> None:
        entry: dict[str, Any] = {"seat": seat, "kind": kind, "cards": str(bid),
                                 "trump": bid.trump_name}
        if dealt is not None:
            entry["dealt"] = dealt
        self.bids.append(entry)
        self.standing = bid
        self.bidder = seat

    def _dealt_of(self, action: Action) -> int | None:
        """The action's ``dealt`` count (None: made after the deal), checked as data."""
        dealt = no_extra(action, ("dealt",)).get("dealt")
        if dealt is None:
            return None
        if not isinstance(dealt, int) or isinstance(dealt, bool):
            raise MalformedError("3.dealt", f"the number of cards dealt, not {describe(dealt)}")
        if not 0 <= dealt <= self.total:
            raise MalformedError("3.dealt", f"between 0 and {self.total}, not {dealt}")
        return dealt

    def _deal_bid(self, action: Action) -> None:
        seat = action.seat
        dealt = self._dealt_of(action)
        if dealt is not None:
            if dealt < self.committed:
                raise _illegal("SJ-4", f"too late: {self.committed} cards were out at the last "
                               f"action, this bid was made at {dealt}", seat)
            if self.opts.bidding == "after_deal" and dealt < self.total:
                raise _illegal("SJ-4", "at this table bids are made after the deal", seat)
        bid = self._bid_of(action)
        upto = self.total if dealt is None else dealt
        if upto < self.dealt:
            self._rewind(upto)
        self._deal_to(upto)
        self.committed = upto
        self.ask = None
        when = f" after {upto} cards were dealt" if upto < self.total else ""
        self._check_bid(action, bid, when)
        self._log_bid(seat, bid, dealt)
        if upto < self.total:
            self._deal_on()
            return
        if self.stage != "chance":
            self._open_chance()
        if seat in self.queue:
            del self.queue[:self.queue.index(seat) + 1]
        self._next_chance()

    def _deal_pass(self, action: Action) -> bool:
        """The asked seat declines to bid (SJ-4): during the deal (with ``dealt``), or in the
        post-deal chance, where every seat is asked in turn from the first receiver."""
        seat = action.seat
        dealt = self._dealt_of(action)
        if dealt is not None and (dealt < self.total or self.stage == "deal"):
            if self.stage != "deal" or dealt != self.dealt or seat != self.ask:
                raise _illegal("SJ-4", f"no bid is asked of seat {seat} at card {dealt}", seat)
            # recorded, so that a record cut in the middle of the deal replays to this exact
            # point (the seat is not asked again); see docs/shengji.md
            self.ask = None
            self.committed = dealt
            self._deal_on()
            return True
        if self.stage == "deal":
            self._deal_to(self.total)
            self._start_chance()
        if seat != self.ask:
            raise _illegal("SJ-4", f"it is seat {self.ask}'s turn to bid or pass", seat)
        self.committed = self.total
        self._next_chance()
        return True

    def _late_bid(self, action: Action) -> None:
        """Explain why a bid after the bidding ended cannot stand (SJ-4)."""
        seat = action.seat
        extra = no_extra(action, ("dealt",))
        dealt = extra.get("dealt")
        if isinstance(dealt, int) and not isinstance(dealt, bool) and dealt < self.committed:
            raise _illegal("SJ-4", f"too late: {self.committed} cards were out at the last "
                           f"action, this bid was made at {dealt}", seat)
        bid = self._bid_of(action)
        # nobody could bid any more when the deal ended, so the bid cannot be stronger
        self._check_bid(action, bid)
        raise _illegal("SJ-4", "the bidding is over", seat)  # pragma: no cover

    def _bury_now(self, action: Action) -> None:
        """A bury straight after the bids: the deal ends, nobody else bids."""
        self._deal_to(self.total)
        if self.standing is None and self.first_round:
            raise _illegal("SJ-4", "nobody has bid, so there is no dealer to bury", action.seat)
        self._finish_bidding()
        if self._phase != "bury":
            raise _illegal("SJ-4", "this deal is void: nothing can be buried", action.seat)
        self._bury(action)

