"""The deal's rules as functions of its state: the first state, who acts, every legal action,
the forced one, sampling one and applying one — each sent to its phase.

The phase modules hold the rules themselves: :mod:`.prelude` (the phases before play, with
:mod:`.tribute` and :mod:`.buying`), :mod:`.rounds` (play, with :mod:`.burning`),
:mod:`.advice` (挑牌, at any time). This module only routes by ``phase`` and turns what an
action caused into events (built in :mod:`.views`), as Shengji's and Baohuang's ``rules`` do,
so that :class:`~paizhuo.games.gouji.game.GoujiGame` stays a thin layer over the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final, Protocol

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.records import Record
from paizhuo.games.gouji import advice, prelude, rounds, sampling, views
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.games.gouji.setup import parse_hands, parse_start
from paizhuo.games.gouji.state import BURN, SEATS, GoujiState
from paizhuo.games.gouji.views import NAMES, SELF, action_event

PLAY_VERBS: Final = frozenset({"play", "pass", "burn", "yield", "claim"})
"""The verbs of the play phase."""


class Emit(Protocol):
    """The game's ``emit``: what an action showed, to whom (see ``Game.emit``)."""

    def __call__(self, payload: Mapping[str, Any], audience: frozenset[int] | None = None,
                 others: Mapping[str, Any] | None = None) -> None: ...


# -- the first state --------------------------------------------------------------------------


def initial_state(record: Record) -> tuple[GoujiState, tuple[tuple[int, ...], ...]]:
    """The deal a record's options, start and deal describe, before any action, with the
    hands as dealt (before tribute, for the record a player keeps)."""
    opts = GoujiOptions.from_dict(dict(record.options))
    start = parse_start(record.start, record.position)
    hands = parse_hands(record, opts)
    dealt = tuple(h.to_tuple() for h in hands)
    st = GoujiState(opts, start, hands)
    if record.position:
        _start_position(st)
    else:
        prelude.advance(st)
    st.news.clear()
    return st, dealt


def _start_position(st: GoujiState) -> None:
    """A record that starts in the play phase (``"position": true``, GJ-9 "Positions")."""
    start = st.start
    assert start.leader is not None
    active = [s not in start.finished and s not in start.revolution for s in range(SEATS)]
    for s in range(SEATS):
        if active[s] and not st.hands[s]:
            raise MalformedError(f"deal.hands[{s}]", f"seat {s} is still in the game but "
                                 "holds no cards (list it in start.finished)")
    st.active = active
    st.tops = list(start.finished)
    st.tokens = [start.dead_gouji.get(s, 0) for s in range(SEATS)]
    st.opened = [s in start.opened for s in range(SEATS)]
    rounds.begin(st, start.leader)


# -- who acts, what is legal ------------------------------------------------------------------


def to_act(st: GoujiState) -> list[int]:
    """The one seat asked now (``[]`` once the game is over)."""
    turn = st.turn
    return [] if turn < 0 else [turn]


def legal(st: GoujiState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (``[]`` for a seat not asked)."""
    if seat != st.turn:
        return []
    if st.phase == "play":
        return rounds.legal(st, seat)
    return prelude.legal(st, seat)


def forced(st: GoujiState, seat: int) -> Action | None:
    """An answer in play (GJ-5) that can only pass — nothing beats the play and no yield or
    claim is open (:func:`.rounds.forced_answer`); else ``None``."""
    if st.phase != "play":
        return None
    return rounds.forced_answer(st, seat)


def sample(st: GoujiState, rng: random.Random) -> Action:
    """A random legal action of the seat asked, without listing the plays in play."""
    if st.phase == "play":
        return sampling.sample(st, rng)
    asked = to_act(st)
    return rng.choice(legal(st, asked[0]) if asked else [])


# -- applying ---------------------------------------------------------------------------------


def apply(st: GoujiState, action: Action, trusted: bool, out: Emit) -> None:
    """Apply ``action`` (or raise and change nothing) in the phase it belongs to, and emit
    what it showed. ``trusted``: drawn by :func:`sample` from this very state (legal by
    construction: the play phase skips its check)."""
    verb = action.verb
    if st.phase == "play" and verb in PLAY_VERBS:  # the hot path
        stage = st.stage
        rounds.apply(st, action, trusted)
        seat = action.seat
        cards = action.cards
        if cards:
            event = {"type": "action", "seat": seat, "verb": verb,
                     "cards": " ".join([NAMES[c] for c in cards])}
            # a gouji play (GJ-4) or a dead one (GJ-7) says so, so that no viewer works it out
            if st.table_gouji:
                event["gouji"] = True
                if st.table_dead:
                    event["dead"] = True
            out(event)
        elif verb == "pass" and stage == BURN:
            # only seats that could burn are asked: declining must not show (GJ-12)
            out(action_event(action), SELF[seat])
        else:
            out(action_event(action))
    elif verb == "advise":
        to = advice.advise(st, action)
        out({**action_event(action), "to": to}, frozenset({action.seat, to}))
        return
    else:
        if verb in prelude.VERB_PHASE:
            prelude.check_not_past(st, action)
        if st.phase == "over":
            raise IllegalActionError("GJ-7", "the game is over", action.seat,
                                     zh="这一局已经结束")
        # in play, only a decision of a phase before play gets here, refused just above
        _apply_prelude(st, action, out)
    if st.advice:
        st.advice.pop(action.seat, None)
    if st.news:
        for payload, audience, others in views.news_events(st):
            out(payload, audience, others)
        st.news.clear()


def _apply_prelude(st: GoujiState, action: Action, out: Emit) -> None:
    phase, t_step = st.phase, st.tribute_step
    tr = st.tributes[st.tribute_index] if phase == "tribute" else None
    seller = prelude.apply(st, action)
    for payload, audience, others in views.prelude_events(st, action, phase, t_step, tr,
                                                          seller):
        out(payload, audience, others)
