"""The round's rules as functions of its state: the first state, who acts, every legal action,
applying one, sampling one, and the step masks of card-by-card decisions.

The phase modules hold the rules themselves — :mod:`.deal` (deal and trump bids),
:mod:`.kitty` (bury, kitty fight), :mod:`.friends`, :mod:`.auction` (bidding-3),
:mod:`.rounds` (play and the end of the round); this module sends each action to its phase.
"""

from __future__ import annotations

import random

from paizhuo.cards import NUM_PLAIN_IDS, Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, seat_en, seat_zh, verb_zh
from paizhuo.engine.records import Record
from paizhuo.games.shengji import auction, deal, friends, kitty, rounds
from paizhuo.games.shengji.bidding import legal_targets
from paizhuo.games.shengji.follow import (
    count_follows,
    count_leads,
    follow_mask,
    follow_steps,
    forced_follow,
    lead_mask,
    lead_steps,
    legal_follows,
    legal_leads,
    sample_follow,
    sample_lead,
)
from paizhuo.games.shengji.setup import read_setup
from paizhuo.games.shengji.state import Emit, RoundState, quiet
from paizhuo.notation import format_cards

# -- the first state --------------------------------------------------------------------------


def initial_state(record: Record) -> RoundState:
    """The round a record's options, start and deal describe, before any action."""
    setup = read_setup(record)
    opts = setup.opts
    n = opts.players
    st = RoundState.__new__(RoundState)
    st.opts = opts
    st.n = n
    st.rules = opts.combo_rules
    st.allow_throws = opts.allow_throws
    st.joker_nt = opts.single_deck_joker_nt
    st.suit_order = opts.suit_order_overcall
    st.levels = dict(setup.levels)
    st.first = setup.first
    st.first_round = setup.dealer is None
    st.position_leader = setup.leader
    st.base_points = setup.attackers_points
    st.total = len(setup.deal_seq)
    st.phase = "bid"
    st.stage = "deal"
    st.dealer = setup.dealer
    st.level = setup.level if setup.level is not None else opts.start_level_index
    st.deal_seq = setup.deal_seq
    st.dealt = 0
    st.committed = 0
    st.hands = [Counts() for _ in range(n)]
    st.original_kitty = setup.kitty
    st.kitty = setup.kitty
    st.standing = None
    st.bidder = None
    st.bids = []
    st.shown = []
    st.ask = None
    st.queue = []
    st.trump = setup.trump
    st.trump_known = False
    st.ctx = None
    st.turned_card = None
    st.turned_up = ()
    st.burier = None
    st.takers = []
    st.burials = []
    st.stakes = setup.stakes
    st.calls = list(setup.calls)
    st.defenders = set()
    st.target = setup.target
    st.lowest = None
    st.lowest_bidder = None
    st.passed = set()
    st.turn = setup.first
    st.leader = 0
    st.current = 0
    st.trick = []
    st.lead = None
    st.attempted = None
    st.blocked_by = None
    st.tricks = []
    st.won = [0] * n
    st.taken_back = [0] * n
    st.score = None
    st.result = None
    if setup.phase == "bid":
        deal.begin(st, quiet)
        return st
    # a position after the bidding
    deal.deal_to(st, st.total)
    dealer = setup.dealer
    assert dealer is not None
    st.stage = "done"
    deal.set_trump(st, setup.trump)
    if setup.phase == "bury":
        kitty.take_kitty(st, dealer, quiet)
        return st
    st.takers.append(dealer)  # the dealer took up and buried the kitty before the position
    st.burials.append((dealer, st.kitty))
    if setup.phase == "call":
        kitty.after_bury(st, quiet)
        return st
    for made in st.calls:
        if made.friend is not None and made.friend != dealer:
            st.defenders.add(made.friend)
    rounds.begin_play(st, quiet, resolve=False)
    return st


# -- who acts, what is legal ------------------------------------------------------------------


def to_act(st: RoundState) -> list[int]:
    phase = st.phase
    if phase == "play":
        return [st.current]
    if phase == "over":
        return []
    if phase == "bid":
        if st.stage == "auction":
            return [st.turn]
        if st.stage == "trump":
            return [] if st.dealer is None else [st.dealer]
        return [] if st.ask is None else [st.ask]
    if phase == "bury":
        return [] if st.burier is None else [st.burier]
    if phase == "kitty_fight":
        return [] if st.ask is None else [st.ask]
    if phase == "call":
        return [] if st.dealer is None else [st.dealer]
    return []


def call_actions(st: RoundState, seat: int) -> list[Action]:
    nths = range(1, 2) if st.opts.friend_by == "holding" else range(1, st.opts.decks + 1)
    return [Action(seat, "call", (), {"card": format_cards((c,)), "nth": k})
            for c in friends.callable_cards(st, seat) for k in nths]


def legal(st: RoundState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` but a take-back (a bury list may be a selection, see
    :func:`.kitty.bury_list`)."""
    phase = st.phase
    if phase == "play":
        if seat != st.current:
            return []
        ctx = st.ctx
        assert ctx is not None
        hand = st.hands[seat]
        if st.lead is None:
            plays = legal_leads(hand, ctx, st.rules, st.allow_throws)
        else:
            plays = legal_follows(hand, st.lead, ctx, st.rules)
        return [Action(seat, "play", tuple(sorted(p))) for p in plays]
    if phase == "bid":
        if st.stage in ("auction", "trump"):
            return auction.auction_actions(st, seat)
        return deal.bid_actions(st, seat)
    if phase == "kitty_fight":
        return deal.fight_actions(st, seat)
    if phase == "bury":
        return kitty.bury_list(st, seat) if seat == st.burier else []
    if phase == "call":
        return call_actions(st, seat) if seat == st.dealer else []
    return []


def forced_play(st: RoundState, seat: int) -> Action | None:
    """``seat``'s only legal play where that is plain without listing: the lead of a hand's
    last card, a follow :func:`.follow.forced_follow` finds. ``None`` otherwise (which says
    nothing) and outside the play."""
    if st.phase != "play" or seat != st.current:
        return None
    hand = st.hands[seat]
    lead = st.lead
    if lead is None:
        return Action(seat, "play", hand.to_tuple()) if len(hand) == 1 else None
    ctx = st.ctx
    assert ctx is not None
    cards = forced_follow(hand, lead, ctx, st.rules)
    return None if cards is None else Action(seat, "play", cards)


def count_legal(st: RoundState, seat: int) -> int:
    """``len(legal(st, seat))`` for the whole legal set (every bury counted), without listing
    plays or buries."""
    phase = st.phase
    if phase == "play":
        if seat != st.current:
            return 0
        ctx = st.ctx
        assert ctx is not None
        hand = st.hands[seat]
        if st.lead is None:
            return count_leads(hand, ctx, st.rules, st.allow_throws)
        return count_follows(hand, st.lead, ctx, st.rules)
    if phase == "bury":
        return kitty.count_buries(st, seat) if seat == st.burier else 0
    return len(legal(st, seat))


def sample(st: RoundState, rng: random.Random) -> Action:
    """A random legal action of the first seat to act (fast; not uniform over every action)."""
    if st.phase == "play":
        ctx = st.ctx
        assert ctx is not None
        seat = st.current
        hand = st.hands[seat]
        if st.lead is None:
            return Action(seat, "play", sample_lead(hand, ctx, st.rules, st.allow_throws, rng))
        return Action(seat, "play", sample_follow(hand, st.lead, ctx, st.rules, rng))
    acting = to_act(st)
    if not acting:
        raise ValueError("the round is over: nobody is to act")
    seat = acting[0]
    phase = st.phase
    if phase == "bury":
        return kitty.sample_bury(st, seat, rng)
    if phase == "call":
        nth = 1 if st.opts.friend_by == "holding" else rng.randint(1, st.opts.decks)
        if st.opts.friend_cards == "any" and not st.opts.friend_not_all_held:
            card = rng.randrange(NUM_PLAIN_IDS)
        else:
            cards = friends.callable_cards(st, seat)
            card = cards[int(rng.random() * len(cards))]
        return Action(seat, "call", (), {"card": format_cards((card,)), "nth": nth})
    if phase == "bid" and st.stage == "auction":
        if st.lowest is not None and rng.random() < 0.5:
            return Action(seat, "pass")
        targets = legal_targets(st.lowest, st.opts.max_target)
        if not targets:
            return Action(seat, "pass")
        return Action(seat, "bid_target", (),
                      {"target": targets[rng.randrange(min(4, len(targets)))]})
    return rng.choice(legal(st, seat))


# -- applying ---------------------------------------------------------------------------------


def apply(st: RoundState, action: Action, trusted: bool, out: Emit) -> None:
    """Apply ``action`` by the rules, or raise. A play is checked whole before it changes
    anything; any other action may raise after changing the state, so the caller applies an
    action it does not trust to a copy."""
    verb, seat, phase = action.verb, action.seat, st.phase
    if phase == "play" and verb == "play":
        rounds.play(st, action, trusted, out)
        return
    if action.cards and verb in ("pass", "call", "bid_target"):
        raise MalformedError("[2]", f"a {verb} shows no cards", zh=f"{verb_zh(verb)}不出牌")
    if phase == "over":
        raise IllegalActionError("SJ-10", "the round is over", seat, zh="这一局已经结束")
    if phase == "bid":
        _bid_phase(st, action, out)
    elif phase == "bury":
        if verb == "bury":
            kitty.bury(st, action, out)
            return
        if verb == "bid" and not st.burials and st.opts.teams != "bidding":
            deal.late_bid(st, action)
        raise IllegalActionError("SJ-5", f"{seat_en(st.burier)} must first bury {len(st.kitty)} "
                                 "cards", seat,
                                 zh=f"{seat_zh(st.burier)}要先扣 {len(st.kitty)} 张底牌")
    elif phase == "kitty_fight":
        if verb == "bid":
            deal.fight_bid(st, action, out)
        elif verb == "pass":
            if action.extra:
                raise MalformedError("[3]", "a pass in the kitty fight carries no extra data",
                                     zh="反底时的不反不带别的数据")
            kitty.fight_pass(st, action, out)
        else:
            raise IllegalActionError(
                "SJ-4", f"the kitty fight is on: {seat_en(st.ask)} is asked whether to overcall "
                f"(no {verb} yet)", seat,
                zh=f"正在反底：问{seat_zh(st.ask)}反不反（还不能{verb_zh(verb)}）")
    elif phase == "call":
        if verb != "call":
            raise IllegalActionError(
                "SJ-11", f"the dealer ({seat_en(st.dealer)}) must first call "
                f"{st.opts.num_friends - len(st.calls)} friend(s)", seat,
                zh=f"庄家（{seat_zh(st.dealer)}）要先叫 {st.opts.num_friends - len(st.calls)} "
                f"个朋友")
        friends.call(st, action, out)
        if len(st.calls) >= st.opts.num_friends:
            rounds.begin_play(st, out)
    elif verb == "call":
        # the friend calls are over (SJ-11), or there are none at this table
        k = st.opts.num_friends
        if k:
            named = "one friend" if k == 1 else f"{k} friends"
            raise IllegalActionError("SJ-11", f"{named} at this table, already called: no "
                                     "more calls", seat,
                                     zh=f"本桌叫 {k} 个朋友，已经叫过了：不能再叫")
        raise IllegalActionError("SJ-11", f"no friends are called at this table (teams "
                                 f"{st.opts.teams})", seat,
                                 zh="本桌不叫朋友")
    else:
        raise IllegalActionError("SJ-6", f"no {verb} in the play phase", seat,
                                 zh=f"出牌阶段不能{verb_zh(verb)}")


def _bid_phase(st: RoundState, action: Action, out: Emit) -> None:
    verb, seat, extra = action.verb, action.seat, action.extra or {}
    if st.stage in ("auction", "trump"):
        if "dealt" in extra:
            raise MalformedError("[3].dealt", "the target auction counts no cards dealt")
        if st.stage == "auction" and "trump" in extra:
            raise MalformedError("[3].trump", "trump is named once the auction is won")
        auction.auction(st, action, out)
        return
    if "trump" in extra:
        raise MalformedError("[3].trump", "trump is named by showing level cards (SJ-4)")
    if verb == "bid":
        deal.deal_bid(st, action, out)
    elif verb == "pass":
        deal.deal_pass(st, action, out)
    elif st.stage == "deal":
        raise IllegalActionError("SJ-4", f"the deal is not over: {seat_en(st.ask)} is asked "
                                 f"whether to bid at card {st.dealt} (no {verb} yet)", seat,
                                 zh=f"牌还没发完：发到第 {st.dealt} 张，问{seat_zh(st.ask)}亮不亮主"
                                 f"（还不能{verb_zh(verb)}）")
    else:
        raise IllegalActionError("SJ-4", f"the bidding is not over: {seat_en(st.ask)} may still "
                                 f"bid (no {verb} yet)", seat,
                                 zh=f"亮主还没结束：{seat_zh(st.ask)}还可以亮主"
                                 f"（还不能{verb_zh(verb)}）")


# -- masks ------------------------------------------------------------------------------------


def play_mask(st: RoundState, partial: tuple[int, ...]) -> tuple[frozenset[int], bool]:
    """Card ids that may be added to ``partial`` (a play or bury built one card at a time, in
    any order) so that it can still become legal, and whether ``partial`` may be submitted."""
    if st.phase == "play":
        ctx = st.ctx
        assert ctx is not None
        hand = st.hands[st.current]
        if st.lead is None:
            return lead_mask(hand, partial, ctx, st.rules, st.allow_throws)
        return follow_mask(hand, st.lead, partial, ctx, st.rules)
    if st.phase == "bury":
        return kitty.bury_mask(st, partial)
    raise ValueError(f"play_mask applies to choosing cards (play, bury), not the {st.phase} "
                     "phase")


def card_steps(st: RoundState, seat: int, prefix: tuple[int, ...]) -> tuple[set[int], bool]:
    """The step encoding of plays and buries (cards in ascending order, :mod:`.encoding`):
    the cards that may come next after ``prefix`` and whether ``prefix`` is a whole action.
    Nothing for a seat that is not choosing cards now."""
    phase = st.phase
    if phase == "play" and seat == st.current:
        ctx = st.ctx
        assert ctx is not None
        hand = st.hands[seat]
        if st.lead is None:
            return lead_steps(hand, prefix, ctx, st.rules, st.allow_throws)
        return follow_steps(hand, st.lead, prefix, ctx, st.rules)
    if phase == "bury" and seat == st.burier:
        return kitty.bury_steps(st, prefix)
    return set(), False


__all__ = ["apply", "card_steps", "count_legal", "initial_state", "legal", "play_mask",
           "sample", "to_act"]
