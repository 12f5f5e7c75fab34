"""Phase ``crown``, choosing the emperor 皇帝 (BH-2): call 叫庄, pass the crown 让庄, forced
call 逼庄, void deal 黄庄 and seizing 抢庄. A call leads to the declarations (``declare``)."""

from __future__ import annotations

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_PLAIN_IDS
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, seat_en, seat_zh, verb_zh
from paizhuo.games.baohuang import setup, views
from paizhuo.games.baohuang.state import (
    DECLARE,
    NUM_SEATS,
    PLAY,
    VOID,
    BaohuangState,
    copies,
    give,
    take,
)
from paizhuo.games.baohuang.views import Emit
from paizhuo.notation import say_cards


def callable_cards(counts: list[int], exactly_three: bool) -> list[int]:
    """Cards a hand may call with: 3 or 4 identical copies (exactly 3 for a forced call)."""
    out = []
    for card in range(NUM_PLAIN_IDS):
        k = counts[card] + (counts[EMPEROR_CARD] if card == BIG_JOKER else 0)
        if (k == 3) if exactly_three else (k >= 3):
            out.append(card)
    return out


def to_act(st: BaohuangState) -> list[int]:
    """The seat whose decision it is first, then every seat that could seize (BH-2)."""
    first = st.forced_seat if st.forced_seat is not None else st.holder
    if not st.opts.seize:
        return [first]
    return [(first + i) % NUM_SEATS for i in range(NUM_SEATS)]


def legal(st: BaohuangState, seat: int) -> list[Action]:
    out: list[Action] = []
    if st.forced_seat is not None:
        if seat == st.forced_seat:
            out.extend(Action(seat, "call", (c,)) for c in callable_cards(st.hands[seat], True))
    elif seat == st.holder:
        out.extend(Action(seat, "call", (c,)) for c in callable_cards(st.hands[seat], False))
        out.append(Action(seat, "pass_crown"))
    if st.opts.seize:
        out.append(Action(seat, "seize"))
    return out


def apply(st: BaohuangState, action: Action, emit: Emit) -> None:
    seat, verb = action.seat, action.verb
    if verb == "seize":
        if action.cards:
            raise MalformedError("[2]", "a seizure names no cards", zh="抢皇不带牌")
        if not st.opts.seize:
            raise IllegalActionError("BH-2", "seizing the emperor card is off at this table",
                                     seat, zh="本桌不许抢皇帝牌")
        emit(views.action_event(action))
        _crown(st, seat, None, emit)
        return
    if verb == "call":
        if len(action.cards) != 1:
            raise MalformedError("[2]", "a call names one card, such as \"8H\"",
                                 zh="叫庄要亮出一张牌，比如 8♥")
        card = BIG_JOKER if action.cards[0] == EMPEROR_CARD else action.cards[0]
        held = copies(st.hands[seat], card)
        if st.forced_seat is not None:
            if seat != st.forced_seat:
                raise IllegalActionError("BH-2", f"{seat_en(st.forced_seat)} must call now "
                                         "(forced call 逼庄)", seat,
                                         zh=f"现在{seat_zh(st.forced_seat)}必须叫庄（逼庄）")
            if held != 3:
                raise IllegalActionError(
                    "BH-2", f"a forced call names a card held exactly three times; you hold "
                    f"{held} × {say_cards((card,))}", seat,
                    zh=f"逼庄要叫一张正好有三张的牌；你有 {held} 张 {say_cards((card,), 'zh')}")
        else:
            if seat != st.holder:
                raise IllegalActionError("BH-2", f"only the holder of the emperor card "
                                         f"({seat_en(st.holder)}) may call", seat,
                                         zh=f"只有拿皇帝牌的人（{seat_zh(st.holder)}）才能叫庄")
            if held < 3:
                raise IllegalActionError(
                    "BH-2", f"a call needs 3 or 4 identical cards; you hold "
                    f"{held} × {say_cards((card,))}", seat,
                    zh=f"叫庄要三张或四张一样的牌；你有 {held} 张 {say_cards((card,), 'zh')}")
        emit(views.action_event(Action(seat, "call", (card,))))
        _crown(st, seat, card, emit)
        return
    if verb == "pass_crown":
        if action.cards:
            raise MalformedError("[2]", "passing the crown names no cards", zh="让庄不带牌")
        if st.forced_seat is not None:
            raise IllegalActionError("BH-2", "the crown has gone round: now the first holder "
                                     "of exactly three identical cards must call", seat,
                                     zh="皇帝牌已经转了一圈：现在第一个有正好三张一样的牌的人必须叫庄")
        if seat != st.holder:
            raise IllegalActionError("BH-2", f"only the holder of the emperor card "
                                     f"({seat_en(st.holder)}) may pass the crown", seat,
                                     zh=f"只有拿皇帝牌的人（{seat_zh(st.holder)}）才能让庄")
        emit(views.action_event(action))
        nxt = (seat + 1) % NUM_SEATS
        take(st, seat, EMPEROR_CARD)
        give(st, nxt, EMPEROR_CARD)
        st.holder = nxt
        st.passes += 1
        if st.passes >= NUM_SEATS:
            _start_forced(st, emit)
        return
    raise IllegalActionError("BH-2", f"the emperor is being chosen: call, pass the crown or "
                             f"seize, not {verb}", seat,
                             zh=f"正在定皇帝：只能叫庄、让庄或抢皇，不能{verb_zh(verb)}")


def _start_forced(st: BaohuangState, emit: Emit) -> None:
    """The crown went round unclaimed: forced call 逼庄, else void deal 黄庄 (BH-2)."""
    if st.opts.forced_call:
        for i in range(NUM_SEATS):
            seat = (st.first_holder + i) % NUM_SEATS
            if callable_cards(st.hands[seat], True):
                st.forced_seat = seat
                emit({"type": "forced_call", "seat": seat})
                return
    if st.seed is None:  # explicit hands cannot be dealt again: the record ends here
        st.phase = VOID
        views.emit_over(st, emit)
        return
    setup.redeal(st)
    emit({"type": "redeal", "redeals": st.redeals})


def _crown(st: BaohuangState, seat: int, called: int | None, emit: Emit) -> None:
    """``seat`` becomes emperor by calling ``called``, or by seizing when it is ``None``."""
    holder = st.holder
    if holder != seat:
        take(st, holder, EMPEROR_CARD)
        give(st, seat, EMPEROR_CARD)
        st.holder = seat
    st.emperor = seat
    st.forced_call = st.forced_seat is not None
    st.forced_seat = None
    if st.opts.extra_card == "emperor" and st.extra:
        for card in st.extra:
            give(st, seat, card)
        views.emit_extra_card(st, seat, st.extra, emit)
    st.extra = []
    if called is None:
        st.seized = True
        st.guard = None
        st.revealed = True
        start_play(st)
        return
    st.called = called
    st.guard = seat
    for i in range(1, NUM_SEATS):
        other = (seat + i) % NUM_SEATS
        if copies(st.hands[other], called):
            st.guard = other
            break
    views.emit_roles(st, emit)
    st.phase = DECLARE
    # every other seat declares, from the emperor's next seat (BH-2); an alone emperor
    # declares 明独 when he leads
    st.declare_queue = [(seat + i) % NUM_SEATS for i in range(1, NUM_SEATS)]


def start_play(st: BaohuangState) -> None:
    """The emperor leads the first round (BH-4)."""
    assert st.emperor is not None
    st.phase = PLAY
    st.current = None
    st.turn = st.emperor
