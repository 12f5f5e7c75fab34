"""Buying 3s 买三 (and 4s 买四 in the 198 deck) before play, with 憋三 on (GJ-9).

A seat without a 3 buys one: for a 2 or a joker from his 对头, failing that (by ``buy_order``)
from the 对头's teammates, or as a gift from a teammate; a seller needs two. A seat that can buy
nothing plays free of the 3 rule, or — holding no 2 or joker either — is in revolution. Buying
is public; the card paid and the seller are seen only by the two (GJ-12).
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, seat_en, seat_zh
from paizhuo.games.climbing import (
    BJ,
    CARDS_OF_RANK,
    RANK_TEXT,
    RANK_TEXT_ZH,
    SJ,
    STRENGTH_OF_CARD,
    TWO,
)
from paizhuo.games.gouji.state import SEATS, GoujiState


def has_money(st: GoujiState, seat: int) -> bool:
    """Holds a 2 or a joker (GJ-9)."""
    rc = st.rank_counts[seat]
    return bool(rc[TWO] or rc[SJ] or rc[BJ])


def source(st: GoujiState, buyer: int, g: int) -> tuple[bool, int] | None:
    """(paid?, seller) of the 3 (or 4) ``buyer`` must buy, by the buying order (GJ-9)."""
    can_pay = has_money(st, buyer)
    b = buyer
    paid_opp = [(True, (b + 3) % SEATS)]
    paid_others = [(True, (b + 1) % SEATS), (True, (b + 5) % SEATS)]
    gifts = [(False, (b + 2) % SEATS), (False, (b + 4) % SEATS)]
    order = (paid_opp + paid_others + gifts if st.opts.buy_order == "opponents_first"
             else paid_opp + gifts + paid_others)
    for paid, seller in order:
        if paid and not can_pay:
            continue
        if seller not in st.revolution and st.rank_counts[seller][g] >= 2:
            return paid, seller
    return None


def next_buyer(st: GoujiState) -> bool:
    """Serve the queue up to the next seat that must buy (``True``, his turn), settling the
    seats that need not or cannot buy on the way."""
    while st.buy_queue:
        s, g = st.buy_queue[0]
        if s in st.revolution or st.rank_counts[s][g] > 0:
            st.buy_queue.pop(0)
            continue
        if source(st, s, g) is not None:
            st.turn = s
            return True
        st.buy_queue.pop(0)
        if not has_money(st, s) and st.opts.revolution:
            st.revolution.append(s)  # GJ-9: nothing to buy with → revolution
            st.news.append(("revolution", s, RANK_TEXT[g]))
        # else he plays free of the 3 rule: holding no 3 is what frees him (state.py)
    return False


def legal(st: GoujiState, seat: int) -> list[Action]:
    s, g = st.buy_queue[0]
    src = source(st, s, g)
    assert src is not None
    if not src[0]:
        return [Action(seat, "buy")]
    hand = st.hands[seat]
    return [Action(seat, "buy", (CARDS_OF_RANK[r][0] if r >= SJ else
                                 next(c for c in CARDS_OF_RANK[r] if hand[c]),))
            for r in (TWO, SJ, BJ) if any(hand[c] for c in CARDS_OF_RANK[r])]


def apply(st: GoujiState, a: Action) -> int:
    """Buy the 3 (or 4) now due; returns the seller (the caller has checked the turn)."""
    s, g = st.buy_queue[0]
    src = source(st, s, g)
    assert src is not None
    paid, seller = src
    hands, rc = st.hands, st.rank_counts
    if paid:
        if len(a.cards) != 1 or STRENGTH_OF_CARD[a.cards[0]] < TWO \
                or not hands[s].contains_all(a.cards):
            raise IllegalActionError("GJ-9", f"pay {seat_en(seller)} one 2 or joker you hold "
                                     f"for a {RANK_TEXT[g]}", s,
                                     zh=f"买一张{RANK_TEXT_ZH[g]}要付给{seat_zh(seller)}"
                                     "你手里的一张2或王")
        pay = a.cards[0]
        hands[s].remove(pay)
        hands[seller].add(pay)
        rc[s][STRENGTH_OF_CARD[pay]] -= 1
        rc[seller][STRENGTH_OF_CARD[pay]] += 1
        st.transfers.append(("pay", s, seller, a.cards))
    elif a.cards:
        raise IllegalActionError("GJ-9", f"{seat_en(seller)}, your teammate, gives you a "
                                 f"{RANK_TEXT[g]}: nothing to pay", s,
                                 zh=f"你的队友{seat_zh(seller)}给你一张{RANK_TEXT_ZH[g]}：不用付牌")
    card = next(c for c in CARDS_OF_RANK[g] if hands[seller][c])
    hands[seller].remove(card)
    hands[s].add(card)
    rc[seller][g] -= 1
    rc[s][g] += 1
    st.transfers.append(("sell", seller, s, (card,)))
    st.buy_queue.pop(0)
    return seller
