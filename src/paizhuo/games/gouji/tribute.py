"""Paying and returning tribute 进贡 / 还贡 before a game of a series (GJ-10).

Each tribute owed (``st.tributes``, in paying order) is paid — the payer's highest cards — and
fully returned, one card per ``return``, before the next. The payer may refuse (``refuse``) a
returned card of a rank he does not hold while the receiver holds another rank not yet refused;
``pass`` keeps it. Whether he may refuse shows what he does not hold, so third seats see a
return only once it is kept (GJ-12; the events are built in :mod:`~paizhuo.games.gouji.views`).
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, seat_en, seat_zh
from paizhuo.games.climbing import BJ, CARDS_OF_RANK, RANK_TEXT, RANK_TEXT_ZH, STRENGTH_OF_CARD
from paizhuo.games.gouji.state import GoujiState
from paizhuo.notation import say_cards


def highest_cards(st: GoujiState, seat: int, n: int) -> tuple[int, ...]:
    """The ``n`` highest cards of ``seat``'s hand: what he pays as tribute (GJ-10)."""
    hand = st.hands[seat]
    out: list[int] = []
    for g in range(BJ, -1, -1):
        for c in CARDS_OF_RANK[g]:
            while hand[c] > out.count(c) and len(out) < n:
                out.append(c)
        if len(out) >= n:
            break
    return tuple(sorted(out))


def current_turn(st: GoujiState) -> int:
    """Who decides the current tribute step: the payer pays and answers a return, the
    receiver returns."""
    t = st.tributes[st.tribute_index]
    return int(t["to"] if st.tribute_step == "return" else t["from"])


def legal(st: GoujiState, seat: int) -> list[Action]:
    t = st.tributes[st.tribute_index]
    if st.tribute_step == "pay":
        return [Action(seat, "tribute", highest_cards(st, seat, t["cards"]))]
    if st.tribute_step == "refuse":
        return [Action(seat, "refuse"), Action(seat, "pass")]
    hand = st.hands[seat]
    # one card per rank: suits do not matter, the lowest id stands for its rank
    seen: set[int] = set()
    out = []
    for c in hand.distinct():
        g = STRENGTH_OF_CARD[c]
        if g not in st.tribute_refused and g not in seen:
            seen.add(g)
            out.append(Action(seat, "return", (c,)))
    return out


def may_refuse(st: GoujiState, card: int) -> bool:
    """Whether the payer may refuse ``card`` returned to him: he holds none of its rank, and
    the receiver holds another rank not yet refused (GJ-10)."""
    t = st.tributes[st.tribute_index]
    g = STRENGTH_OF_CARD[card]
    if st.rank_counts[t["from"]][g]:
        return False
    others = {STRENGTH_OF_CARD[d] for d in st.hands[t["to"]].distinct()} - st.tribute_refused
    return len(others) > 1


def apply(st: GoujiState, a: Action) -> None:
    """Pay, return, or refuse or keep a returned card (GJ-10), advancing the tribute steps.
    The caller has checked that ``a``'s seat decides this step with one of its verbs."""
    t = st.tributes[st.tribute_index]
    payer, receiver, n = t["from"], t["to"], t["cards"]
    seat = a.seat
    if a.cards and not st.hands[seat].contains_all(a.cards):
        raise IllegalActionError("GJ-10", f"you do not hold {say_cards(a.cards)}", seat,
                                 zh=f"你手里没有 {say_cards(a.cards, 'zh')}")
    if st.tribute_step == "pay":
        want = sorted(STRENGTH_OF_CARD[c] for c in highest_cards(st, seat, n))
        if len(a.cards) != n or sorted(STRENGTH_OF_CARD[c] for c in a.cards) != want:
            raise IllegalActionError(
                "GJ-10", f"a tribute is your {n} highest card{'s' if n > 1 else ''}: "
                f"{' '.join(RANK_TEXT[g] for g in reversed(want))}", seat,
                zh=f"进贡要交你最大的 {n} 张牌："
                f"{' '.join(RANK_TEXT_ZH[g] for g in reversed(want))}")
        _move(st, payer, receiver, a.cards)
        st.transfers.append(("tribute", payer, receiver, a.cards))
        st.tribute_step, st.tribute_returned, st.tribute_refused = "return", 0, set()
        return
    if st.tribute_step == "return":
        if len(a.cards) != 1:
            raise IllegalActionError("GJ-10", "return one card you hold", seat,
                                     zh="还贡要还你手里的一张牌")
        c = a.cards[0]
        if STRENGTH_OF_CARD[c] in st.tribute_refused:
            raise IllegalActionError("GJ-10", f"{seat_en(payer)} refused a "
                                     f"{RANK_TEXT[STRENGTH_OF_CARD[c]]}: return another card",
                                     seat, zh=f"{seat_zh(payer)}不要"
                                     f"{RANK_TEXT_ZH[STRENGTH_OF_CARD[c]]}：换一张还")
        st.tribute_offer = c
        if may_refuse(st, c):
            st.tribute_step = "refuse"
            return
        accept_return(st)
        return
    if a.verb == "refuse":
        st.tribute_refused.add(STRENGTH_OF_CARD[st.tribute_offer])
        st.tribute_offer = -1
        st.tribute_step = "return"
    else:
        accept_return(st)


def accept_return(st: GoujiState) -> None:
    """The payer keeps the returned card on offer."""
    t = st.tributes[st.tribute_index]
    card = st.tribute_offer
    _move(st, t["to"], t["from"], (card,))
    st.transfers.append(("return", t["to"], t["from"], (card,)))
    st.tribute_returned += 1
    st.tribute_offer = -1
    st.tribute_step = "return"
    if st.tribute_returned >= t["cards"]:
        st.tribute_index += 1
        st.tribute_step = "pay"


def _move(st: GoujiState, frm: int, to: int, cards: tuple[int, ...]) -> None:
    st.hands[frm].remove_all(cards)
    st.hands[to].add_all(cards)
    for c in cards:
        g = STRENGTH_OF_CARD[c]
        st.rank_counts[frm][g] -= 1
        st.rank_counts[to][g] += 1
