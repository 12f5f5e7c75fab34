"""Phase ``declare``, the open/secret declarations 明保 / 暗保 (BH-2), and 明独: the alone
emperor's declaration as he is about to make the first lead.

Every seat but the emperor is asked in turn, from the emperor's next seat, so that whose turn
it is does not show who the guard is. Records from other programs that leave the round out
(or name only the guard's reveal) are accepted by the judge's import step, ``imports.py``;
the rules here take every declaration in its turn.
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, seat_en, seat_zh, verb_zh
from paizhuo.games.baohuang import views
from paizhuo.games.baohuang.crown import start_play
from paizhuo.games.baohuang.state import BaohuangState
from paizhuo.games.baohuang.views import Emit


def legal(st: BaohuangState, seat: int) -> list[Action]:
    if not st.declare_queue or seat != st.declare_queue[0]:
        return []
    if seat == st.guard:
        return [Action(seat, "reveal"), Action(seat, "pass")]
    return [Action(seat, "pass")]


def apply(st: BaohuangState, action: Action, emit: Emit) -> None:
    """A declaration in its turn; a reveal ends the declarations at once and the emperor
    leads (BH-2)."""
    seat, verb = action.seat, action.verb
    queue = st.declare_queue
    if verb not in ("reveal", "pass"):
        if verb == "play" and seat == st.emperor:
            raise IllegalActionError("BH-2", f"{seat_en(queue[0])} declares now: the emperor leads "
                                     "once every seat has said reveal or pass (or the guard "
                                     "has revealed)", seat,
                                     zh=f"现在轮到{seat_zh(queue[0])}表态：每家都说过亮保或不亮"
                                     "（或保子已经亮保）之后，皇帝才出牌")
        if verb == "play":
            raise IllegalActionError("BH-4", f"the emperor ({seat_en(st.emperor)}) leads the first "
                                     "round; before it each seat in turn says reveal or pass",
                                     seat, zh=f"第一轮由皇帝（{seat_zh(st.emperor)}）先出；"
                                     "在这之前每家轮流说亮保或不亮")
        raise IllegalActionError("BH-2", f"before the first lead each seat says reveal or "
                                 f"pass, not {verb}", seat,
                                 zh=f"第一手出牌前每家说亮保或不亮，不能{verb_zh(verb)}")
    if action.cards:
        raise MalformedError("[2]", f"{verb} names no cards here", zh=f"{verb_zh(verb)}不带牌")
    if seat != queue[0]:
        who = ("the emperor does not declare: an emperor who is his own guard declares 明独 "
               "as his first lead comes" if seat == st.emperor else
               "each seat declares once, in turn from the emperor's next seat")
        who_zh = ("皇帝不表态：自己当保子的皇帝在第一手出牌时宣布明独" if seat == st.emperor
                  else "从皇帝的下家起，每家轮流表态一次")
        raise IllegalActionError("BH-2", f"{seat_en(queue[0])} declares now: {who}", seat,
                                 zh=f"现在轮到{seat_zh(queue[0])}表态：{who_zh}")
    if verb == "reveal" and seat != st.guard:
        raise IllegalActionError("BH-2", "only the guard (or an emperor who is his own "
                                 "guard, 明独) may declare openly", seat,
                                 zh="只有保子（或自己当保子的皇帝，明独）才能亮保")
    emit(views.action_event(action))
    if verb == "reveal":
        # the declarations end at once: the seats after him are not asked, the emperor leads
        st.open = True
        st.revealed = True
        del queue[:]
        views.emit_reveal(st, "declared", emit)
    else:
        del queue[0]
    if not queue:
        start_play(st)


def may_reveal_at_lead(st: BaohuangState, seat: int) -> bool:
    """The alone emperor may declare 明独 before his first lead, every other seat having
    passed (BH-2)."""
    return (seat == st.emperor == st.guard and not st.led and not st.open
            and st.current is None and st.turn == seat)


def apply_lead_reveal(st: BaohuangState, action: Action, emit: Emit) -> None:
    """The alone emperor declares 明独 as he is about to lead: the stakes double."""
    seat = action.seat
    if action.cards:
        raise MalformedError("[2]", "reveal names no cards here")
    if not may_reveal_at_lead(st, seat):
        raise IllegalActionError("BH-2", "only the guard (or an emperor who is his own guard, "
                                 "明独) may declare openly, and only before the first lead",
                                 seat, zh="只有保子（或自己当保子的皇帝，明独）才能亮保，"
                                 "而且只能在第一手出牌之前")
    emit(views.action_event(action))
    st.open = True
    st.revealed = True
    views.emit_reveal(st, "declared", emit)
