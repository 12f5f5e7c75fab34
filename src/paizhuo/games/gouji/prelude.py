"""The phases before play, in order, and the first lead (GJ-9, GJ-10, GJ-11).

- ``tribute``: tribute owed from the last game of the series is paid and returned
  (:mod:`~paizhuo.games.gouji.tribute`, GJ-10);
- ``revolution``: players dealt no 2 and no joker may declare revolution (GJ-9);
- ``buy``: with 憋三, players without a 3 (and a 4 in the 198 deck) buy one
  (:mod:`~paizhuo.games.gouji.buying`, GJ-9);
- ``head``: a revolutionary's 对头 chooses 要头 (``keep_head``) or 无头 (``no_head``);
- ``declare``: with option ``declare``, each player may declare 宣点 (GJ-10);

then ``play`` (:mod:`~paizhuo.games.gouji.rounds`). Each phase is skipped when it has nothing to
decide; :func:`advance` moves to the next decision, doing on the way what needs none.
"""

from __future__ import annotations

from typing import Final

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, Words, seat_en, seat_zh, verb_zh
from paizhuo.games.climbing import CARDS_OF_RANK, FOUR, THREE
from paizhuo.games.gouji import buying, rounds, tribute
from paizhuo.games.gouji.state import PHASES, SEATS, GoujiState, opp

VERB_PHASE: Final = {"tribute": "tribute", "return": "tribute", "refuse": "tribute",
                     "revolution": "revolution", "buy": "buy", "keep_head": "head",
                     "no_head": "head", "declare": "declare"}
"""The phase of each decision made only before play."""

PHASE_RULE: Final = {"tribute": "GJ-10", "revolution": "GJ-9", "buy": "GJ-9", "head": "GJ-9",
                     "declare": "GJ-10", "play": "GJ-5", "over": "GJ-7"}


def advance(st: GoujiState) -> None:
    """Move to the next decision before play, doing what needs no decision."""
    opts = st.opts
    while True:
        ph = st.phase
        if ph == "tribute":
            if st.tribute_index < len(st.tributes):
                st.turn = tribute.current_turn(st)
                return
            st.phase = "revolution"
            st.revolution_queue = [s for s in range(SEATS) if opts.revolution
                            and not buying.has_money(st, s)]
        elif ph == "revolution":
            if st.revolution_queue:
                st.turn = st.revolution_queue[0]
                return
            st.phase = "buy"
            if opts.bie_san:
                st.buy_queue = [(s, THREE) for s in range(SEATS)]
                if opts.deck == 198:
                    st.buy_queue += [(s, FOUR) for s in range(SEATS)]
        elif ph == "buy":
            if len(st.revolution) < 2 and buying.next_buyer(st):
                return
            if len(st.revolution) >= 2:
                st.redeal = True
                st.phase, st.turn = "over", -1
                st.news.append(("redeal",))
                return
            st.phase = "head"
            st.head_queue = [opp(r) for r in st.revolution]
        elif ph == "head":
            if st.head_queue:
                st.turn = st.head_queue[0]
                return
            st.phase = "declare"
            if opts.declare:
                st.declare_queue = [s for s in range(SEATS) if s not in st.revolution]
        elif ph == "declare":
            if st.declare_queue:
                st.turn = st.declare_queue[0]
                return
            start_play(st)
            return
        else:  # pragma: no cover - advance is called only before play
            return


def start_play(st: GoujiState) -> None:
    """Play begins: revolutionaries are out, 要头 gives three dead gouji plays (GJ-9), and the
    first leader is found (GJ-11)."""
    active = [s not in st.revolution for s in range(SEATS)]
    st.active = active
    leader = st.start.leader
    if leader is None or not active[leader]:
        leader = first_leader(st) if leader is None else (leader + 1) % SEATS
        while not active[leader]:
            leader = (leader + 1) % SEATS
    for r in st.revolution:
        if st.head_choice.get(opp(r)):
            st.tokens[opp(r)] = 3
    if st.start.leader is None:
        why = Words("the player showing the most " + ("4s" if st.opts.bie_san else "3s")
                    + " of one suit leads (上班)",
                    f"同一花色的{'4' if st.opts.bie_san else '3'}最多的人先出（上班）")
    elif st.start.game > 1:
        why = Words("大落 of the last game leads (his next player still in after a revolution)",
                    "上一局的大落先出（革命后由他下家中还在的人出）")
    else:
        why = Words("the record's start names the first leader", "牌谱的开局指定了先出的人")
    rounds.begin(st, leader, why)


def first_leader(st: GoujiState) -> int:
    """GJ-11 上班: most 3s (4s with 憋三) of one suit; ties to the earlier seat."""
    ids = CARDS_OF_RANK[FOUR if st.opts.bie_san else THREE]
    best, best_n = -1, -1
    for s in range(SEATS):
        if st.active[s] and s not in st.revolution:
            n = max(st.hands[s][c] for c in ids)
            if n > best_n:
                best, best_n = s, n
    return best


def check_not_past(st: GoujiState, action: Action) -> None:
    """A decision of a phase already over (or skipped) names the rule of that phase, not
    whose turn it is: tribute in a first game (GJ-10), revolution once play began (GJ-9)."""
    ph = VERB_PHASE.get(action.verb)
    if ph is None or st.phase == "over" or PHASES.index(ph) >= PHASES.index(st.phase):
        return
    what = {"tribute": Words("tribute is paid and returned before play, in games after the "
                             "first of a series", "进贡和还贡在出牌之前，从第二局起才有"),
            "revolution": Words("revolution is declared before play begins", "革命要在出牌前宣布"),
            "buy": Words("3s are bought before play begins", "买三要在出牌前"),
            "head": Words("要头 or 无头 is chosen before play begins", "要头还是无头要在出牌前选"),
            "declare": Words("宣点 is declared before play begins", "宣点要在出牌前")}[ph]
    if ph == "tribute" and not st.tributes:
        first = st.start.game == 1
        what = Words("no tribute is owed in this game" + (" (the first of the series)"
                                                          if first else ""),
                     "这一局没有人要进贡" + ("（这是第一局）" if first else ""))
    raise IllegalActionError(PHASE_RULE[ph], what, action.seat)


def legal(st: GoujiState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (the seat asked) in a phase before play."""
    ph = st.phase
    if ph == "tribute":
        return tribute.legal(st, seat)
    if ph == "revolution":
        return [Action(seat, "revolution"), Action(seat, "pass")]
    if ph == "buy":
        return buying.legal(st, seat)
    if ph == "head":
        return [Action(seat, "keep_head"), Action(seat, "no_head")]
    return [Action(seat, "declare"), Action(seat, "pass")]


_VERBS: Final = {"revolution": ("pass", "revolution"), "head": ("keep_head", "no_head"),
                 "declare": ("declare", "pass")}
_PHASES_ZH: Final = {"tribute": "进贡", "revolution": "革命", "buy": "买三", "head": "要头",
                     "declare": "宣点"}


def check(st: GoujiState, a: Action) -> None:
    """Refuse an action of a seat not asked, or a verb the decision asked does not take."""
    seat, verb = a.seat, a.verb
    ph = st.phase
    rule = PHASE_RULE[ph]
    if seat != st.turn:
        raise IllegalActionError(rule, f"it is {seat_en(st.turn)}'s turn to decide "
                                 f"({ph}), not {seat_en(seat)}'s", seat,
                                 zh=f"现在轮到{seat_zh(st.turn)}决定（{_PHASES_ZH.get(ph, ph)}），"
                                 f"不是{seat_zh(seat)}")
    if ph == "tribute":
        allowed: tuple[str, ...] = {"pay": ("tribute",), "return": ("return",),
                                    "refuse": ("pass", "refuse")}[st.tribute_step]
    elif ph == "buy":
        allowed = ("buy",)
    else:
        allowed = _VERBS[ph]
    if verb not in allowed:
        raise IllegalActionError(rule, f"now {seat_en(seat)} may only "
                                 f"{' or '.join(sorted(allowed))}", seat,
                                 zh=f"现在{seat_zh(seat)}只能"
                                 f"{'或'.join(verb_zh(v) for v in sorted(allowed))}")
    if a.cards and verb not in ("tribute", "return", "buy"):
        raise IllegalActionError(rule, f"{verb} takes no cards", seat,
                                 zh=f"{verb_zh(verb)}不带牌")


def apply(st: GoujiState, a: Action) -> int:
    """Apply a decision before play; returns the seller of a buy (else ``-1``)."""
    check(st, a)
    seat, verb = a.seat, a.verb
    ph = st.phase
    seller = -1
    if ph == "tribute":
        tribute.apply(st, a)
    elif ph == "revolution":
        if verb == "revolution":
            st.revolution.append(seat)
        st.revolution_queue.pop(0)
    elif ph == "buy":
        seller = buying.apply(st, a)
    elif ph == "head":
        st.head_choice[seat] = verb == "keep_head"
        st.head_queue.pop(0)
    else:
        st.declared[seat] = verb == "declare"
        st.declare_queue.pop(0)
    advance(st)
    return seller
