"""Three players bidding a target 竞标 (SJ-12): the auction and the dealer naming trump.

The choices where the rules are silent are in ``docs/rules/shengji.md`` (SJ-12).
"""

from __future__ import annotations

from paizhuo.cards import SUIT_CHARS
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, seat_en, seat_zh, verb_zh
from paizhuo.games.shengji import kitty, rounds
from paizhuo.games.shengji.bidding import legal_targets, target_error
from paizhuo.games.shengji.deal import set_trump
from paizhuo.games.shengji.state import Emit, RoundState

TRUMP_NAMES = ("S", "H", "C", "D", "NT")


def auction(st: RoundState, action: Action, out: Emit) -> None:
    seat, verb = action.seat, action.verb
    extra = action.extra or {}
    if st.stage == "trump":
        if verb != "bid":
            raise IllegalActionError("SJ-12", f"{seat_en(st.dealer)} names trump now", seat,
                                     zh=f"现在由{seat_zh(st.dealer)}定主")
        if seat != st.dealer:
            raise IllegalActionError("SJ-12", f"the dealer ({seat_en(st.dealer)}) names trump",
                                     seat, zh=f"由庄家（{seat_zh(st.dealer)}）定主")
        name = extra.get("trump")
        if action.cards or name not in TRUMP_NAMES:
            raise MalformedError("[3].trump", f"name trump as one of {', '.join(TRUMP_NAMES)}",
                                 zh="定主要选一门花色（♠ ♥ ♣ ♦）或无主")
        trump = None if name == "NT" else SUIT_CHARS.index(name)
        st.bids.append({"seat": seat, "kind": "trump", "trump": name})
        out({"type": "action", "seat": seat, "verb": "bid", "trump": name}, None, None)
        st.stage = "done"
        set_trump(st, trump)
        kitty.take_kitty(st, seat, out)
        return
    if seat != st.turn:
        raise IllegalActionError("SJ-12", f"it is {seat_en(st.turn)}'s turn to bid a target", seat,
                                 zh=f"现在轮到{seat_zh(st.turn)}叫分")
    if verb == "pass":
        st.passed.add(seat)
        st.bids.append({"seat": seat, "kind": "pass"})
        out({"type": "action", "seat": seat, "verb": "pass"}, None, None)
    elif verb == "bid_target":
        target = extra.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or action.cards:
            raise MalformedError("[3].target", "a target bid is {\"target\": 120}",
                                 zh="叫分要给出一个分数")
        err = target_error(target, st.lowest, st.opts.max_target)
        if err is not None:
            raise IllegalActionError("SJ-12", err, seat)
        st.lowest = target
        st.lowest_bidder = seat
        st.bids.append({"seat": seat, "kind": "target", "target": target})
        out({"type": "action", "seat": seat, "verb": "bid_target", "target": target},
            None, None)
    else:
        raise IllegalActionError("SJ-12", f"bid a target (bid_target) or pass, not {verb}",
                                 seat, zh=f"现在只能叫分或不叫，不能{verb_zh(verb)}")
    next_auction(st, out)


def next_auction(st: RoundState, out: Emit) -> None:
    active = [s for s in range(st.n) if s not in st.passed]
    if not active:
        rounds.void(st, "everyone passed the target auction (SJ-12): it is dealt again", out)
        return
    low = st.lowest_bidder
    others = [s for s in active if s != low]
    if low is not None and (not others or (st.lowest or 0) <= 5):
        st.dealer = low
        st.target = st.lowest
        st.level = st.levels[low]
        st.defenders = {low}
        st.stage = "trump"
        return
    seat = st.turn
    for _ in range(st.n):
        seat = (seat + 1) % st.n
        if seat in active and seat != low:
            st.turn = seat
            return


def auction_actions(st: RoundState, seat: int) -> list[Action]:
    """The seat's actions in the auction: a pass and every target it may bid, or, for the
    winner, naming trump."""
    if st.stage == "trump":
        if seat != st.dealer:
            return []
        return [Action(seat, "bid", (), {"trump": t}) for t in TRUMP_NAMES]
    if seat != st.turn:
        return []
    return [Action(seat, "pass")] + [Action(seat, "bid_target", (), {"target": t})
                                     for t in legal_targets(st.lowest, st.opts.max_target)]


__all__ = ["TRUMP_NAMES", "auction", "auction_actions", "next_auction"]
