"""What each seat sees (BH-6), computed in one place; and the result of a deal (BH-5)."""

from __future__ import annotations

from typing import Any

from paizhuo.cards import card_name
from paizhuo.engine.actions import Action
from paizhuo.games.baohuang.scoring import (
    RANK_NAMES,
    display,
    fraction_json,
    score,
)
from paizhuo.games.baohuang.state import NUM_SEATS, OVER, VOID, TableState
from paizhuo.notation import format_cards


def role_of(st: TableState, seat: int) -> str | None:
    """``emperor``, ``guard`` or ``revolutionary`` once the emperor is known."""
    if st.emperor is None:
        return None
    if seat == st.emperor:
        return "emperor"
    return "guard" if seat == st.guard else "revolutionary"


def visible_guard(st: TableState, seat: int) -> int | None:
    """The guard as ``seat`` knows him: only once revealed, or to the guard himself."""
    if st.guard is None or st.emperor is None:
        return None
    if st.revealed or seat == st.guard:
        return st.guard
    return None


def observation(st: TableState, seat: int, log: list[Action], to_act: list[int],
                legal: list[Action]) -> dict[str, Any]:
    """Everything ``seat`` may see: own hand, counts, public actions, revealed roles."""
    hand = st.hands[seat]
    guard = visible_guard(st, seat)
    return {
        "game": "baohuang",
        "seat": seat,
        "phase": st.state_phase,
        "hand": format_cards(c for c, k in enumerate(hand) for _ in range(k)),
        "hand_counts": list(st.sizes),
        "emperor_card_holder": st.holder_of_emperor_card(),
        "crown_passes": st.passes,
        "forced_seat": st.forced_seat,
        "redeals": st.redeals,
        "emperor": st.emperor,
        "called": None if st.called is None else card_name(st.called),
        "guard": guard,
        "alone": st.guard == st.emperor if (st.revealed or seat == st.emperor) and
        st.emperor is not None else None,
        "seized": st.seized,
        "open": st.open,
        "role": role_of(st, seat),
        "finished": list(st.finished),
        "current": None if st.current is None else {
            "seat": st.maker, "cards": format_cards(st.current_cards),
            "last_play": st.last_play},
        "circle": st.circle,
        "yielded": list(st.yielders),
        "claimant": st.claimant,
        "to_act": to_act,
        "legal": [a.to_json() for a in legal],
        "log": [a.to_json() for a in log],
    }


def result(st: TableState) -> dict[str, Any] | None:
    if st.state_phase == VOID:
        return {"void": True, "redeals": st.redeals}
    if st.state_phase != OVER:
        return None
    emperor = st.emperor
    assert emperor is not None
    order = st.finished
    doubled = st.open
    scores = score(order, emperor, st.guard, seized=st.seized, doubled=doubled)
    table = "seized" if st.seized else "alone" if st.guard == emperor else "normal"
    place = {s: i for i, s in enumerate(order)}
    revolutionaries = [s for s in range(NUM_SEATS) if s != emperor and s != st.guard]
    return {
        "void": False,
        "table": table,
        "order": list(order),
        "ranks": [place[s] + 1 for s in range(NUM_SEATS)],
        "rank_names": [RANK_NAMES[place[s]] for s in range(NUM_SEATS)],
        "scores": [fraction_json(v) for v in scores],
        "display": [display(v) for v in scores],
        "multiplier": 2 if doubled else 1,
        "roles": {
            "emperor": emperor,
            "guard": st.guard,
            "revolutionaries": revolutionaries,
            "called": None if st.called is None else card_name(st.called),
            "alone": table == "alone",
            "seized": st.seized,
            "open": st.open,
        },
        "redeals": st.redeals,
    }
