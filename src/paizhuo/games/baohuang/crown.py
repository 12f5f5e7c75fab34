"""Choosing the emperor 皇帝 (BH-2): call 叫庄, pass the crown 让庄, forced call 逼庄, void deal
黄庄, seizing 抢庄, and the open/secret declarations 明保/暗保 (明独) before the first lead."""

from __future__ import annotations

from collections.abc import Callable

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_PLAIN_IDS, card_name
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.games.baohuang import rounds
from paizhuo.games.baohuang.state import DECLARE, NUM_SEATS, PLAY, VOID, TableState

Redeal = Callable[[], bool]
"""Deals again after a void deal; returns False when it cannot (explicit hands)."""


def callable_cards(st: TableState, seat: int, exactly_three: bool) -> list[int]:
    """Cards ``seat`` may call with: 3 or 4 identical copies (exactly 3 for a forced call)."""
    hand = st.hands[seat]
    out = []
    for card in range(NUM_PLAIN_IDS):
        k = hand[card] + (hand[EMPEROR_CARD] if card == BIG_JOKER else 0)
        if (k == 3) if exactly_three else (k >= 3):
            out.append(card)
    return out


def crown_to_act(st: TableState) -> list[int]:
    """The seat whose decision it is first, then every seat that could seize (BH-2)."""
    first = st.forced_seat if st.forced_seat is not None else st.holder
    if not st.opts.seize:
        return [first]
    return [(first + i) % NUM_SEATS for i in range(NUM_SEATS)]


def crown_legal(st: TableState, seat: int) -> list[Action]:
    out: list[Action] = []
    if st.forced_seat is not None:
        if seat == st.forced_seat:
            out.extend(Action(seat, "call", (c,)) for c in callable_cards(st, seat, True))
    elif seat == st.holder:
        out.extend(Action(seat, "call", (c,)) for c in callable_cards(st, seat, False))
        out.append(Action(seat, "pass_crown"))
    if st.opts.seize:
        out.append(Action(seat, "seize"))
    return out


def apply_crown(st: TableState, action: Action, redeal: Redeal) -> None:
    seat, verb = action.seat, action.verb
    if verb == "seize":
        if action.cards:
            raise MalformedError("cards", "a seizure names no cards")
        if not st.opts.seize:
            raise IllegalActionError("BH-2", "seizing the emperor card is off at this table",
                                     seat)
        _crown(st, seat, None)
        return
    if verb == "call":
        if len(action.cards) != 1:
            raise MalformedError("cards", "a call names one card, such as \"8H\"")
        card = BIG_JOKER if action.cards[0] == EMPEROR_CARD else action.cards[0]
        if st.forced_seat is not None:
            if seat != st.forced_seat:
                raise IllegalActionError("BH-2", f"seat {st.forced_seat} must call now "
                                         "(forced call 逼庄)", seat)
            if st.copies(seat, card) != 3:
                raise IllegalActionError(
                    "BH-2", f"a forced call names a card held exactly three times; you hold "
                    f"{st.copies(seat, card)} × {card_name(card)}", seat)
        else:
            if seat != st.holder:
                raise IllegalActionError("BH-2", f"only the holder of the emperor card (seat "
                                         f"{st.holder}) may call", seat)
            if st.copies(seat, card) < 3:
                raise IllegalActionError(
                    "BH-2", f"a call needs 3 or 4 identical cards; you hold "
                    f"{st.copies(seat, card)} × {card_name(card)}", seat)
        _crown(st, seat, card)
        return
    if verb == "pass_crown":
        if action.cards:
            raise MalformedError("cards", "passing the crown names no cards")
        if st.forced_seat is not None:
            raise IllegalActionError("BH-2", "the crown has gone round: now the first holder "
                                     "of exactly three identical cards must call", seat)
        if seat != st.holder:
            raise IllegalActionError("BH-2", f"only the holder of the emperor card (seat "
                                     f"{st.holder}) may pass the crown", seat)
        nxt = (seat + 1) % NUM_SEATS
        st.take(seat, EMPEROR_CARD)
        st.give(nxt, EMPEROR_CARD)
        st.holder = nxt
        st.passes += 1
        if st.passes >= NUM_SEATS:
            _start_forced(st, redeal)
        return
    raise IllegalActionError("BH-2", f"the emperor is being chosen: call, pass the crown or "
                             f"seize, not {verb}", seat)


def _start_forced(st: TableState, redeal: Redeal) -> None:
    """The crown went round unclaimed: forced call 逼庄, else void deal 黄庄 (BH-2)."""
    if st.opts.forced_call:
        for i in range(NUM_SEATS):
            seat = (st.first_holder + i) % NUM_SEATS
            if callable_cards(st, seat, True):
                st.forced_seat = seat
                return
    if not redeal():
        st.state_phase = VOID


def _crown(st: TableState, seat: int, called: int | None) -> None:
    """``seat`` becomes emperor by calling ``called``, or by seizing when it is ``None``."""
    holder = st.holder
    if holder != seat:
        st.take(holder, EMPEROR_CARD)
        st.give(seat, EMPEROR_CARD)
        st.holder = seat
    st.emperor = seat
    st.forced_seat = None
    if st.opts.extra_card == "emperor":
        for card in st.extra:
            st.give(seat, card)
    st.extra = []
    if called is None:
        st.seized = True
        st.guard = None
        st.revealed = True
        _start_play(st)
        return
    st.called = called
    st.guard = seat
    for i in range(1, NUM_SEATS):
        other = (seat + i) % NUM_SEATS
        if st.copies(other, called):
            st.guard = other
            break
    st.state_phase = DECLARE
    # every other seat declares, from the emperor's next seat (BH-2); an alone emperor
    # declares 明独 when he leads, or out of turn before
    st.declare_queue = [(seat + i) % NUM_SEATS for i in range(1, NUM_SEATS)]


def declare_legal(st: TableState, seat: int) -> list[Action]:
    if not st.declare_queue or seat != st.declare_queue[0]:
        return []
    if may_reveal(st, seat):
        return [Action(seat, "reveal"), Action(seat, "pass")]
    return [Action(seat, "pass")]


def may_reveal(st: TableState, seat: int) -> bool:
    """The guard (or the alone emperor, 明独) may declare himself openly."""
    return seat == st.guard


def apply_declare(st: TableState, action: Action) -> list[int]:
    """Apply a declaration, or the emperor's first lead; returns the seats whose ``pass`` the
    action implies. A reveal ends the declarations at once and the emperor leads (BH-2).

    Records from other programs usually skip the declaration round (or name only the guard's
    reveal): the emperor's lead means every declaration still pending was ``pass``, and the
    guard (or the alone emperor) revealing out of turn means the seats before him passed. The
    state then is the one the explicit passes give; anything else out of turn is refused.
    """
    seat, verb = action.seat, action.verb
    if verb == "play":
        return _lead_now(st, action)
    if verb not in ("reveal", "pass"):
        raise IllegalActionError("BH-2", f"before the first lead each seat says reveal or "
                                 f"pass, not {verb}", seat)
    if action.cards:
        raise MalformedError("cards", f"{verb} names no cards here")
    queue = st.declare_queue
    implied: list[int] = []
    if seat != queue[0]:
        if verb != "reveal" or not may_reveal(st, seat) or (
                seat not in queue and seat != st.emperor):
            raise IllegalActionError("BH-2", f"seat {queue[0]} declares now: each seat in "
                                     "turn from the emperor's next seat says reveal or pass",
                                     seat)
        # the guard out of turn: the seats before him passed; the alone emperor (明独) comes
        # after every other seat, so all of them did
        implied = queue[:queue.index(seat)] if seat in queue else list(queue)
    elif verb == "reveal" and not may_reveal(st, seat):
        raise IllegalActionError("BH-2", "only the guard (or an emperor who is his own "
                                 "guard, 明独) may declare openly", seat)
    if verb == "reveal":
        # the declarations end at once: the seats after him are not asked, the emperor leads
        st.open = True
        st.revealed = True
        del queue[:]
    else:
        del queue[0]
    if not queue:
        _start_play(st)
    return implied


def may_reveal_at_lead(st: TableState, seat: int) -> bool:
    """The alone emperor may declare 明独 before his first lead, every other seat having
    passed (BH-2)."""
    return (seat == st.emperor == st.guard and not st.led and not st.open
            and st.current is None and st.turn == seat)


def apply_lead_reveal(st: TableState, action: Action) -> None:
    """The alone emperor declares 明独 as he is about to lead: the stakes double."""
    seat = action.seat
    if action.cards:
        raise MalformedError("cards", "reveal names no cards here")
    if not may_reveal_at_lead(st, seat):
        raise IllegalActionError("BH-2", "only the guard (or an emperor who is his own guard, "
                                 "明独) may declare openly, and only before the first lead",
                                 seat)
    st.open = True
    st.revealed = True


def _lead_now(st: TableState, action: Action) -> list[int]:
    """The emperor leads before every seat has declared: the rest pass (BH-2, BH-4)."""
    seat = action.seat
    if seat != st.emperor:
        raise IllegalActionError("BH-4", f"the emperor (seat {st.emperor}) leads the first "
                                 "round; before it each seat in turn says reveal or pass",
                                 seat)
    pending, turn = st.declare_queue, st.turn
    st.declare_queue = []
    _start_play(st)
    try:
        rounds.apply_play_phase(st, action)
    except BaseException:
        st.state_phase, st.declare_queue, st.turn = DECLARE, pending, turn
        raise
    return pending


def _start_play(st: TableState) -> None:
    """The emperor leads the first round (BH-4)."""
    assert st.emperor is not None
    st.state_phase = PLAY
    st.current = None
    st.turn = st.emperor
