"""Card counts 报牌 and advice 挑牌 (GJ-7): whose hand a teammate sees, and advising.

With ``advice`` on, a teammate sees a hand of 10 or fewer cards, and a teammate who has gone out
sees it at any time (GJ-12); he may then advise that player — a message shown only to the two,
at any time, never a turn; it is cleared when the advised seat acts.
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, seat_en, seat_zh
from paizhuo.games.gouji.state import SEATS, GoujiState


def may_see_hand(st: GoujiState, viewer: int | None, owner: int) -> bool:
    """GJ-12: a teammate sees a hand of ≤ 10 cards (any hand once he is out), advice on."""
    if viewer == owner:
        return True
    if viewer is None or not st.opts.advice or viewer % 2 != owner % 2 or not st.play_began:
        return False
    if not st.active[owner] or owner in st.revolution:
        return False
    if viewer in st.tops:
        return True
    return len(st.hands[owner]) <= 10 and viewer not in st.revolution


def advise(st: GoujiState, action: Action) -> int:
    """Record ``action``'s advice; returns the advised seat."""
    seat = action.seat
    extra = action.extra or {}
    to = extra.get("to")
    if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < SEATS:
        raise MalformedError("[3].to", "advice names the teammate: {\"to\": seat}",
                             zh="挑牌要说明给哪位队友")
    if st.phase != "play" or seat == to or not may_see_hand(st, seat, to):
        raise IllegalActionError(
            "GJ-7", "you may advise only a teammate whose hand you see: one with 10 or "
            "fewer cards, or any teammate once you are out (advice on)", seat,
            zh="只能给看得见手牌的队友挑牌：剩 10 张或更少的队友，或者你走了以后的任何队友")
    if not action.cards or not st.hands[to].contains_all(action.cards):
        raise IllegalActionError("GJ-7", f"{seat_en(to)} does not hold these cards", seat,
                                 zh=f"{seat_zh(to)}手里没有这些牌")
    st.advice[to] = (seat, action.cards)
    return to
