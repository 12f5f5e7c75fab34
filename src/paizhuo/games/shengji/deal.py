"""The deal and the trump bids 亮主 (SJ-4): decision points while cards are dealt, the post-deal
chance, no bid, and naming trump.

The model (decision points during the deal, provisional dealing, the post-deal round of
chances, which passes are recorded) is described in ``docs/rules/shengji.md`` (SJ-4) and
``docs/shengji.md``. Every function takes the round's :class:`~.state.RoundState` and changes
it; a refused action raises before anything changes, or the caller runs it on a copy.
"""

from __future__ import annotations

from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, describe, seat_en, seat_zh
from paizhuo.games.shengji import kitty, rounds
from paizhuo.games.shengji.bidding import (
    Bid,
    could_beat,
    legal_bids,
    parse_bid,
    reinforces,
    retake_bid,
    stronger,
)
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points
from paizhuo.games.shengji.scoring import LEVEL_A, level_name
from paizhuo.games.shengji.state import Emit, RoundState
from paizhuo.notation import format_cards, parse_cards, say_cards

# -- dealing ----------------------------------------------------------------------------------


def begin(st: RoundState, out: Emit) -> None:
    """The start of a round in the bid phase: deal to the first decision point."""
    if st.level > LEVEL_A and not st.first_round and st.opts.teams != "bidding":
        # the no-trump level past A (SJ-14 play_past_ace): there is nothing to bid
        deal_to(st, st.total)
        finish_bidding(st, out)
        return
    if st.opts.teams == "bidding":
        deal_to(st, st.total)
        st.stage = "auction"
        st.turn = st.first
        return
    if st.opts.bidding == "after_deal":
        deal_to(st, st.total)
        start_chance(st, out)
        return
    deal_on(st, out)


def deal_to(st: RoundState, upto: int) -> None:
    """Deal without stopping until ``upto`` cards are out."""
    seq, hands = st.deal_seq, st.hands
    for i in range(st.dealt, upto):
        seat, card = seq[i]
        hands[seat].add(card)
    if upto > st.dealt:
        st.dealt = upto


def rewind(st: RoundState, upto: int) -> None:
    """Take back the provisional dealing after card ``upto`` (no action happened there)."""
    seq, hands = st.deal_seq, st.hands
    for i in range(upto, st.dealt):
        seat, card = seq[i]
        hands[seat].remove(card)
    st.dealt = upto
    st.ask = None
    st.stage = "deal"
    st.queue = []


def deal_on(st: RoundState, out: Emit) -> None:
    """Deal, stopping where the receiver has just got a card giving a stronger bid."""
    seq, hands = st.deal_seq, st.hands
    level, decks = st.level, st.opts.decks
    total = st.total
    i = st.dealt
    while i < total:
        seat, card = seq[i]
        hand = hands[seat]
        hand.add(card)
        i += 1
        if (card >= 52 or card >> 2 == level) and (
                hand[st.standing.cards[0]] > st.standing.size
                if st.standing is not None and seat == st.bidder
                and st.opts.own_bid != "overcall"  # SJ-14.3: he may only reinforce
                else could_beat(hand.array(), level, decks, st.standing, st.joker_nt,
                                st.suit_order, st.opts.joker_bid_min,
                                st.opts.joker_bid_min_big)
                or (card == retake_card(st, seat) and st.standing is not None
                    and hand[card] >= st.standing.size)):
            st.dealt = i
            st.ask = seat
            return
    st.dealt = i
    start_chance(st, out)


def start_chance(st: RoundState, out: Emit) -> None:
    """After the deal: every seat in turn from the first receiver may bid once more."""
    open_chance(st)
    next_chance(st, out)


def open_chance(st: RoundState) -> None:
    st.stage = "chance"
    st.queue = [(st.first + i) % st.n for i in range(st.n)]


def next_chance(st: RoundState, out: Emit) -> None:
    """Ask the next seat of the post-deal chance. Every seat is asked, also one that cannot
    outbid (its only choice is to pass): who is asked then reveals nothing of a hand, and
    records that list every seat's pass replay as written."""
    if st.queue:
        st.ask = st.queue.pop(0)
        return
    st.ask = None
    finish_bidding(st, out)


def finish_bidding(st: RoundState, out: Emit) -> None:
    """The bids are over: the dealer, trump (or the kitty's third card), the kitty taken."""
    opts = st.opts
    st.stage = "done"
    st.ask = None
    st.queue = []
    if st.first_round:
        if st.standing is None:
            rounds.void(st, "nobody bid in the first deal (SJ-4): it is dealt again", out)
            return
        st.dealer = st.bidder
        if opts.first_dealer == "first_bid":  # SJ-14.3: the first bid's seat deals
            st.dealer = next(b["seat"] for b in st.bids if b["kind"] == "trump")
    trump: int | None
    if st.level > LEVEL_A:
        trump = None  # the no-trump level past A
    elif st.standing is None:
        if opts.no_bid == "redeal":
            rounds.void(st, "nobody bid (SJ-4, no_bid = redeal): it is dealt again", out)
            return
        turned = turn_up(st)
        trump = None if turned is None or turned >= 52 else turned % 4
    else:
        trump = st.standing.suit
    set_trump(st, trump)
    event: dict[str, Any] = {"type": "trump", "trump": trump_text(st), "dealer": st.dealer}
    if st.turned_card is not None:
        if opts.no_bid == "kitty_third_card":
            event["kitty_third_card"] = format_cards((st.turned_card,))
        else:
            event["kitty_turned_up"] = format_cards([st.kitty[i] for i in st.turned_up])
            event["kitty_trump_card"] = format_cards((st.turned_card,))
    out(event, None, None)
    if opts.redeal_no_trump_or_points and some_hand_lacks(st):
        rounds.void(st, "a hand holds no trump or no point card (SJ-14): it is dealt again", out)
        return
    assert st.dealer is not None
    kitty.take_kitty(st, st.dealer, out)


def turn_up(st: RoundState) -> int | None:
    """Nobody bid in a later round (SJ-4, SJ-14.3 ``no_bid``): turn up the kitty's cards the
    option names and return the one that sets trump (its suit; a joker: no trump). Sets
    ``turned_card`` and ``turned_up``. ``None`` for an empty kitty (no trump)."""
    pile = st.kitty
    if not pile:
        return None
    rule = st.opts.no_bid
    if rule == "kitty_first_card":
        shown = [0]
    elif rule == "kitty_level_card":
        # one by one until a level card or a joker; none: all of them, the highest decides
        shown = []
        for i, c in enumerate(pile):
            shown.append(i)
            if c >= 52 or c // 4 == st.level:
                break
    else:
        shown = [2 if len(pile) >= 3 else len(pile) - 1]
    last = pile[shown[-1]]
    if rule == "kitty_level_card" and not (last >= 52 or last // 4 == st.level):
        order = TrumpContext.make(st.level, None, st.opts.constant_twos)
        top = max(order.slot[c] + (100 if order.group[c] == TRUMP else 0) for c in pile)
        last = next(c for c in pile
                    if order.slot[c] + (100 if order.group[c] == TRUMP else 0) == top)
    st.turned_up = tuple(shown)
    st.turned_card = last
    return last


def trump_text(st: RoundState) -> str | None:
    """``S`` … ``D`` or ``NT`` once trump is known, else None."""
    if not st.trump_known:
        return None
    return "NT" if st.trump is None else "SHCD"[st.trump]


def some_hand_lacks(st: RoundState) -> bool:
    ctx = st.ctx
    assert ctx is not None
    for hand in st.hands:
        cards = hand.distinct()
        if not any(ctx.group[c] == TRUMP for c in cards):
            return True
        if not any(card_points(c) for c in cards):
            return True
    return False


def set_trump(st: RoundState, trump: int | None) -> None:
    st.trump = trump
    st.trump_known = True
    st.ctx = TrumpContext.make(st.level, trump, st.opts.constant_twos)
    dealer = st.dealer
    assert dealer is not None
    if st.opts.teams == "fixed":
        st.defenders = {s for s in range(st.n) if s % 2 == dealer % 2}
    elif not st.defenders:
        st.defenders = {dealer}


# -- bids -------------------------------------------------------------------------------------


def bid_of(st: RoundState, action: Action) -> Bid:
    """The bid an action shows. The standing bidder may reinforce 自保 by showing only the
    further identical card(s) (SJ-4: "shows a second identical card"): when that alone is no
    stronger bid, it is read together with his standing bid."""
    decks = st.opts.decks
    bid = parse_bid(action.cards, st.level, decks, st.joker_nt, st.opts.joker_bid_min,
                    st.opts.joker_bid_min_big)
    standing = st.standing
    if (standing is not None and action.seat == st.bidder and action.cards
            and (bid is None or not stronger(bid, standing, st.suit_order))
            and all(c == standing.cards[0] for c in (*standing.cards, *action.cards))):
        joined = parse_bid(standing.cards + action.cards, st.level, decks,
                           jokers=st.opts.joker_bid_min, big_jokers=st.opts.joker_bid_min_big)
        if joined is not None:
            bid = joined
    if bid is None:
        lv = level_name(st.level).replace("T", "10")
        fewest = st.opts.joker_bid_min  # SJ-14.3 joker_bids
        big = st.opts.joker_bid_min_big
        jokers = " or SJ BJ" if st.joker_nt else (
            "" if decks < 2 or fewest > decks else
            f" or {fewest} small or {big} big jokers" if big != fewest else
            " or a pair of jokers" if fewest <= 2 else f" or {fewest} identical jokers")
        jokers_zh = "，或小王大王" if st.joker_nt else (
            "" if decks < 2 or fewest > decks else
            f"，或 {fewest} 张小王、{big} 张大王" if big != fewest else
            "，或一对王" if fewest <= 2 else f"，或 {fewest} 张相同的王")
        raise IllegalActionError(
            "SJ-4", f"{say_cards(action.cards) or 'nothing'} is not a "
            f"bid: show one or more {lv} of one suit{jokers}", action.seat,
            zh=(f"{say_cards(action.cards, 'zh')} 不能亮主" if action.cards else "没有亮出牌")
            + f"：亮主要亮出一张或几张同花色的级牌 {lv}{jokers_zh}")
    return bid


def check_bid(st: RoundState, action: Action, bid: Bid, upto: int | None = None) -> None:
    """Whether ``bid`` may stand (SJ-4): held (``upto``: by the ``upto``-th card dealt) and
    stronger than the standing bid."""
    seat = action.seat
    if not st.hands[seat].contains_all(bid.cards):
        when = f" after {upto} cards were dealt" if upto is not None else ""
        when_zh = f"（发到第 {upto} 张时）" if upto is not None else ""
        raise IllegalActionError("SJ-4", f"you do not hold {say_cards(bid.cards)}{when}", seat,
                                 zh=f"你手里没有 {say_cards(bid.cards, 'zh')}{when_zh}")
    if not may_bid_again(st, seat, bid):
        assert st.standing is not None
        raise IllegalActionError(
            "SJ-14.3", f"your {say_cards(st.standing.cards)} stands: you may only reinforce "
            f"it with more {say_cards(st.standing.cards[:1])}", seat,
            zh=f"你亮的 {say_cards(st.standing.cards, 'zh')} 还在：只能再加 "
            f"{say_cards(st.standing.cards[:1], 'zh')} 自保")
    if not stronger(bid, st.standing, st.suit_order) and not retakes(st, seat, bid):
        assert st.standing is not None
        raise IllegalActionError(
            "SJ-4", f"{say_cards(bid.cards)} is not stronger than the standing bid "
            f"{say_cards(st.standing.cards)} of {seat_en(st.bidder)}", seat,
            zh=f"{say_cards(bid.cards, 'zh')} 反不了{seat_zh(st.bidder)}亮的 "
            f"{say_cards(st.standing.cards, 'zh')}")


def may_bid_again(st: RoundState, seat: int, bid: Bid) -> bool:
    """SJ-14.3 ``own_bid`` other than ``overcall``: the standing bidder may only reinforce
    (more copies of the card he showed), never overcall himself with another bid."""
    standing = st.standing
    if st.opts.own_bid == "overcall" or standing is None or seat != st.bidder:
        return True
    return reinforces(bid, standing)


def retake_card(st: RoundState, seat: int) -> int | None:
    """SJ-14.3 ``own_bid = reinforce_to_equal``: the card ``seat`` bid last in this bidding,
    when another seat's bid of level cards (not jokers) now stands over it: he may show as
    many of his card as that bid shows and take the bid back. ``None`` otherwise."""
    standing = st.standing
    if (st.opts.own_bid != "reinforce_to_equal" or st.phase != "bid" or standing is None
            or seat == st.bidder or standing.suit is None):
        return None
    mine = [b for b in st.bids if b["seat"] == seat and b["kind"] == "trump"]
    if not mine:
        return None
    card = parse_cards(mine[-1]["cards"])[0]
    return card if card < 52 else None


def retakes(st: RoundState, seat: int, bid: Bid) -> bool:
    """Whether ``bid`` takes back ``seat``'s overcalled bid (:func:`retake_card`): his card,
    as many copies as the standing bid, of equal strength."""
    card = retake_card(st, seat)
    standing = st.standing
    return (card is not None and standing is not None and bid.size == standing.size
            and bid.strength == standing.strength and all(c == card for c in bid.cards))


def log_bid(st: RoundState, seat: int, bid: Bid, dealt: int | None, out: Emit,
            kind: str = "trump") -> None:
    entry: dict[str, Any] = {"seat": seat, "kind": kind, "cards": str(bid),
                             "trump": bid.trump_name}
    if dealt is not None:
        entry["dealt"] = dealt
    st.bids.append(entry)
    st.shown.append((seat, bid.cards, len(st.takers)))
    st.standing = bid
    st.bidder = seat
    event: dict[str, Any] = {"type": "action", "seat": seat, "verb": "bid",
                             "cards": entry["cards"], "trump": bid.trump_name}
    if kind != "trump":
        event["kind"] = kind
    if dealt is not None:
        event["dealt"] = dealt
    out(event, None, None)


def dealt_of(st: RoundState, action: Action) -> int | None:
    """The action's ``dealt`` count (None: made after the deal), checked as data."""
    dealt = (action.extra or {}).get("dealt")
    if dealt is None:
        return None
    if not isinstance(dealt, int) or isinstance(dealt, bool):
        raise MalformedError("[3].dealt", f"the number of cards dealt, not {describe(dealt)}")
    if not 0 <= dealt <= st.total:
        raise MalformedError("[3].dealt", f"between 0 and {st.total}, not {dealt}")
    return dealt


def _not_over(st: RoundState, seat: int) -> IllegalActionError:
    """A decision made as if the deal had gone on past the seat asked now (a record from
    another program; the judge's import step supplies the passes, see :mod:`.imports`)."""
    return IllegalActionError(
        "SJ-4", f"the deal stops at card {st.dealt}: {seat_en(st.ask)} is asked whether to bid "
        "before more cards are dealt", seat,
        zh=f"发牌停在第 {st.dealt} 张：先问{seat_zh(st.ask)}亮不亮主，再往下发")


def deal_bid(st: RoundState, action: Action, out: Emit) -> None:
    """A trump bid in the bid phase, during the deal (``dealt``) or in the post-deal chance."""
    seat = action.seat
    dealt = dealt_of(st, action)
    if dealt is not None:
        if dealt < st.committed:
            raise _too_late(st, dealt, seat)
        if st.opts.bidding == "after_deal" and dealt < st.total:
            raise IllegalActionError("SJ-4", "at this table bids are made after the deal", seat,
                                     zh="本桌发完牌才亮主")
    upto = st.total if dealt is None else dealt
    bid = bid_of(st, action)
    # (a refused bid leaves the state as it was: the caller applies it to a copy)
    when = upto if upto < st.total else None
    if st.stage == "deal" and upto > st.dealt:
        # the deal has not got there: say what is wrong with the bid itself first
        not_over = _not_over(st, seat)
        deal_to(st, upto)
        check_bid(st, action, bid, when)
        raise not_over
    if upto < st.dealt:
        rewind(st, upto)
    st.committed = upto
    st.ask = None
    check_bid(st, action, bid, when)
    log_bid(st, seat, bid, dealt, out)
    if upto < st.total:
        deal_on(st, out)
        return
    if st.stage != "chance":
        open_chance(st)
    if seat in st.queue:
        del st.queue[:st.queue.index(seat) + 1]
    next_chance(st, out)


def deal_pass(st: RoundState, action: Action, out: Emit) -> None:
    """The asked seat declines to bid (SJ-4): during the deal (with ``dealt``), or in the
    post-deal chance, where every seat is asked in turn from the first receiver."""
    seat = action.seat
    dealt = dealt_of(st, action)
    if st.stage == "deal":
        if dealt is None or dealt != st.dealt or seat != st.ask:
            if dealt is None or dealt > st.dealt:
                raise _not_over(st, seat)
            raise IllegalActionError("SJ-4", f"no bid is asked of {seat_en(seat)} at card {dealt}",
                                     seat, zh=f"发到第 {dealt} 张时没有问{seat_zh(seat)}亮主")
        # recorded, so that a record cut in the middle of the deal replays to this exact
        # point (the seat is not asked again); seen only by the seat itself, since being asked
        # shows that it could bid (docs/shengji.md)
        out({"type": "action", "seat": seat, "verb": "pass", "dealt": dealt},
            frozenset((seat,)), None)
        st.ask = None
        st.committed = dealt
        deal_on(st, out)
        return
    if dealt is not None and dealt < st.total:
        raise IllegalActionError("SJ-4", f"no bid is asked of {seat_en(seat)} at card {dealt}: "
                                 "the deal is over", seat,
                                 zh=f"发到第 {dealt} 张时没有问{seat_zh(seat)}亮主：牌已经发完了")
    if seat != st.ask:
        raise IllegalActionError("SJ-4", f"it is {seat_en(st.ask)}'s turn to bid or pass", seat,
                                 zh=f"现在轮到{seat_zh(st.ask)}亮主或不亮")
    out({"type": "action", "seat": seat, "verb": "pass"}, None, None)
    st.committed = st.total
    next_chance(st, out)


def late_bid(st: RoundState, action: Action) -> None:
    """Explain why a bid after the bidding ended cannot stand (SJ-4); always raises."""
    seat = action.seat
    dealt = (action.extra or {}).get("dealt")
    if isinstance(dealt, int) and not isinstance(dealt, bool) and dealt < st.committed:
        raise _too_late(st, dealt, seat)
    bid = bid_of(st, action)
    # nobody could bid any more when the deal ended, so the bid cannot be stronger
    check_bid(st, action, bid)
    raise IllegalActionError("SJ-4", "the bidding is over", seat,  # pragma: no cover
                             zh="亮主已经结束")


def _too_late(st: RoundState, dealt: int, seat: int) -> IllegalActionError:
    return IllegalActionError("SJ-4", f"too late: {st.committed} cards were out at the last "
                              f"action, this bid was made at {dealt}", seat,
                              zh=f"晚了：上一个动作时已经发出 {st.committed} 张，这次亮主是在第 "
                              f"{dealt} 张时")


def fight_bid(st: RoundState, action: Action, out: Emit) -> None:
    """An overcall in the kitty fight (SJ-4): the stakes double, the overcaller takes up the
    kitty and buries again."""
    seat = action.seat
    if action.extra:
        raise MalformedError("[3]", "a bid in the kitty fight carries no extra data")
    bid = bid_of(st, action)
    if fight_reinforces(st, seat, bid):
        # SJ-14.3 fight_reinforce: the standing bidder defends his bid; trump, the kitty and
        # the stakes stay; made when asked, it is his turn's answer (like an overcall, it
        # may also come while another seat is asked)
        check_bid(st, action, bid)
        log_bid(st, seat, bid, None, out, "reinforce")
        if seat == st.ask:
            kitty.next_fight(st, out)
        return
    if seat == st.burier:
        if st.opts.fight_reinforce and seat == st.bidder:
            assert st.standing is not None
            raise IllegalActionError(
                "SJ-14.3", "you buried this kitty: you may only reinforce your bid with more "
                f"{say_cards(st.standing.cards[:1])}", seat,
                zh=f"这副底是你扣的：只能再亮 {say_cards(st.standing.cards[:1], 'zh')} 加固")
        raise IllegalActionError("SJ-4", "you buried this kitty: another player may overcall",
                                 seat, zh="这副底是你扣的：只有别人可以反底")
    check_bid(st, action, bid)
    log_bid(st, seat, bid, None, out, "overcall")
    st.stakes *= 2
    st.ask = None
    st.queue = []
    set_trump(st, bid.suit)
    kitty.take_kitty(st, seat, out)


def fight_reinforces(st: RoundState, seat: int, bid: Bid) -> bool:
    """SJ-14.3 ``fight_reinforce``: whether ``bid`` (a bid in a kitty fight) is the standing
    bidder reinforcing his bid — more copies of his card — rather than an overcall."""
    return (st.opts.fight_reinforce and st.phase == "kitty_fight" and seat == st.bidder
            and st.standing is not None and reinforces(bid, st.standing))


def fight_actions(st: RoundState, seat: int) -> list[Action]:
    """A seat's actions in a kitty fight: the pass when asked; overcalls (not by the burier);
    with ``fight_reinforce`` the standing bidder's reinforcements."""
    acts = bid_actions(st, seat)
    if seat != st.burier:
        return acts
    return [a for a in acts
            if a.verb == "pass" or fight_reinforces(st, seat, bid_of(st, a))]


def bid_actions(st: RoundState, seat: int) -> list[Action]:
    """Stronger trump bids of ``seat`` now, and the pass when it is asked."""
    out: list[Action] = []
    extra = {"dealt": st.dealt} if st.phase == "bid" and st.stage == "deal" else None
    if seat == st.ask:
        out.append(Action(seat, "pass", (), extra))
    for bid in legal_bids(st.hands[seat], st.level, st.opts.decks, st.standing, st.joker_nt,
                          st.suit_order, st.opts.joker_bid_min, st.opts.joker_bid_min_big):
        if may_bid_again(st, seat, bid):
            out.append(Action(seat, "bid", bid.cards, extra))
    card = retake_card(st, seat)
    if card is not None and st.standing is not None:
        back = retake_bid(st.hands[seat], card, st.standing, st.level, st.opts.decks,
                          st.joker_nt, st.opts.joker_bid_min, st.opts.joker_bid_min_big)
        if back is not None:
            out.append(Action(seat, "bid", back.cards, extra))
    return out


__all__ = ["begin", "bid_actions", "deal_bid", "deal_pass", "fight_actions", "fight_bid",
           "fight_reinforces", "finish_bidding",
           "late_bid", "set_trump", "trump_text"]
