"""What each seat sees (BH-6): observations, the events the rules emit, and the result (BH-5).

Every action of Baohuang is public (calls, passes, seizures, declarations, plays); what is
private is each hand, the extra card the emperor receives, and — until he is revealed — who
the guard is (the guard knows; the emperor knows only whether he is alone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from paizhuo.cards import card_name
from paizhuo.engine.actions import Action
from paizhuo.engine.game import View
from paizhuo.games.baohuang.options import BaohuangOptions
from paizhuo.games.baohuang.scoring import RANK_NAMES, display, fraction_json, score
from paizhuo.games.baohuang.state import (
    NUM_SEATS,
    OVER,
    VOID,
    BaohuangState,
    holder_of_emperor_card,
)
from paizhuo.notation import format_cards, format_counts


class Emit(Protocol):
    """The game's ``emit``: what an action showed, to whom (see ``Game.emit``)."""

    def __call__(self, payload: Mapping[str, Any], audience: frozenset[int] | None = None,
                 others: Mapping[str, Any] | None = None) -> None: ...


def role_of(st: BaohuangState, seat: int | None) -> str | None:
    """``emperor``, ``guard`` or ``revolutionary`` once the emperor is known (each seat knows
    its own role: the guard knows he is the guard, the others that they are not)."""
    if st.emperor is None or seat is None:
        return None
    if seat == st.emperor:
        return "emperor"
    return "guard" if seat == st.guard else "revolutionary"


def visible_guard(st: BaohuangState, seat: int | None) -> int | None:
    """The guard as ``seat`` knows him: only once revealed, or to the guard himself."""
    if st.guard is None or st.emperor is None:
        return None
    if st.revealed or (seat is not None and seat == st.guard):
        return st.guard
    return None


def visible_alone(st: BaohuangState, seat: int | None) -> bool | None:
    """Whether the emperor is his own guard: known to him, to everyone once revealed."""
    if st.emperor is None or not (st.revealed or seat == st.emperor):
        return None
    return st.guard == st.emperor


_OPTIONS: dict[BaohuangOptions, dict[str, Any]] = {}


def options_json(opts: BaohuangOptions, copy: bool = True) -> dict[str, Any]:
    """The table's options by their record names (a new dict each time: a viewer may change
    what it is given; ``copy=False``, the one kept, for a reader that never changes it),
    made once per set of options."""
    made = _OPTIONS.get(opts)
    if made is None:
        made = _OPTIONS[opts] = opts.to_dict()
    return dict(made) if copy else made


def observe(st: BaohuangState, seat: int | None, to_act: list[int]) -> View:
    """Everything ``seat`` may see (``None``: a spectator): own hand, counts, the public
    course of the deal, the roles as far as they are known to this viewer, and the table's
    options (whether yielding and claiming are played, BH-4: a player knows the rules)."""
    return View(
        hand=None if seat is None else format_counts(st.hands[seat]),
        hand_sizes=list(st.sizes),
        to_act=to_act,  # every seat asked is asked in public (BH-2 declarations included)
        result=result(st),
        details={
            "options": options_json(st.opts),
            "emperor_card_holder": holder_of_emperor_card(st),
            "crown_passes": st.passes,
            "forced_seat": st.forced_seat,
            "redeals": st.redeals,
            "emperor": st.emperor,
            "called": None if st.called is None else card_name(st.called),
            "guard": visible_guard(st, seat),
            "alone": visible_alone(st, seat),
            "seized": st.seized,
            "open": st.open,
            # public: whether the guard is known to all (declared, shown by the called card,
            # the end; a seizure has none to hide) — the guard himself needs it to know
            "revealed": st.revealed,
            "role": role_of(st, seat),
            "finished": list(st.finished),
            # every play is public: what each seat has played this deal, so that a viewer (a
            # bot that takes a seat over mid-deal) knows what a player would remember
            "played": list(st.played_names),
            # public too: how often each seat has beaten the emperor's play (the hidden guard
            # seldom does: a player reads him from it)
            "beat_emperor": list(st.beat_emperor),
            "current": current_play(st),
            "circle": st.circle,
            "yielded": list(st.yielders),
            "claimant": st.claimant,
        },
    )


def current_play(st: BaohuangState) -> dict[str, Any] | None:
    """The play on the table, as every view shows it (``None`` before a lead)."""
    if st.current is None:
        return None
    return {"seat": st.maker, "cards": notation(st.current_cards),
            "last_play": st.last_play}


def result(st: BaohuangState) -> dict[str, Any] | None:
    if st.phase == VOID:
        return {"void": True, "redeals": st.redeals}
    if st.phase != OVER:
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


# -- events ----------------------------------------------------------------------------------
# Each applied action emits one public ``action`` event, then what it made happen. Cards are
# notation strings; only the extra card's event is private (to the emperor who receives it).


_NOTATION: dict[tuple[int, ...], str] = {}
NOTATION_KEPT = 16384
"""How many card tuples :func:`notation` remembers before it starts again (about 10 MB at
worst, every one a whole pile of 44 cards; most are a play of a few cards)."""


def notation(cards: Sequence[int]) -> str:
    """Cards in notation, in the given order — :func:`~paizhuo.notation.format_cards`,
    remembered by the tuple of ids: every play of a playout is put in notation for its event,
    the table's play and its seat's pile, and the same sets and piles come back in play after
    play and world after world."""
    key = tuple(cards)  # (a tuple is itself)
    text = _NOTATION.get(key)
    if text is None:
        if len(_NOTATION) >= NOTATION_KEPT:
            _NOTATION.clear()
        text = _NOTATION[key] = format_cards(key)
    return text


def action_event(action: Action) -> dict[str, Any]:
    if action.cards:
        return {"type": "action", "seat": action.seat, "verb": action.verb,
                "cards": notation(action.cards)}
    return {"type": "action", "seat": action.seat, "verb": action.verb}


def emit_roles(st: BaohuangState, emit: Emit) -> None:
    """After a call each seat learns its own role: the guard that he is the guard, the
    emperor whether he is alone, the others that they are revolutionaries (BH-2, BH-6)."""
    emperor, guard = st.emperor, st.guard
    assert emperor is not None
    emit({"type": "role", "role": "emperor", "alone": guard == emperor}, frozenset({emperor}))
    if guard is not None and guard != emperor:
        emit({"type": "role", "role": "guard"}, frozenset({guard}))
    rest = frozenset(s for s in range(NUM_SEATS) if s != emperor and s != guard)
    emit({"type": "role", "role": "revolutionary"}, rest)


def emit_extra_card(st: BaohuangState, seat: int, cards: list[int], emit: Emit) -> None:
    """The extra card goes to the emperor (BH-1): he sees it, the others only that he got it."""
    emit({"type": "extra_card", "seat": seat, "cards": format_cards(cards)}, frozenset({seat}),
         {"type": "extra_card", "seat": seat, "count": len(cards)})


def emit_reveal(st: BaohuangState, how: str, emit: Emit) -> None:
    """The guard becomes public: by declaring (``declared``), by playing the called card
    (``called_card``) or at the end (``end``)."""
    emit({"type": "reveal", "seat": st.guard, "alone": st.guard == st.emperor, "how": how,
          "open": st.open})


def emit_over(st: BaohuangState, emit: Emit) -> None:
    emit({"type": "over", "result": result(st)})
