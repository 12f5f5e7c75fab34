"""The deal's rules as functions of its state: who acts, every legal action, the forced one,
sampling one and applying one — each sent to its phase.

The phase modules hold the rules themselves: :mod:`.crown` (choosing the emperor, BH-2),
:mod:`.declare` (the declarations, and 明独 at the first lead, BH-2), :mod:`.rounds` (play,
BH-4). This module only routes by ``phase``, as Shengji's and Gouji's ``rules`` do, so that
:class:`~paizhuo.games.baohuang.game.BaohuangGame` stays a thin layer over the state.
"""

from __future__ import annotations

import random

from paizhuo.cards import EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.baohuang import crown, declare, rounds
from paizhuo.games.baohuang.state import CROWN, DECLARE, PLAY, BaohuangState
from paizhuo.games.baohuang.views import Emit


def to_act(st: BaohuangState) -> list[int]:
    """The seats asked now: the seat in turn in play, the crown's or the declarations' seat."""
    phase = st.phase
    if phase == PLAY:
        return [st.turn]
    if phase == CROWN:
        return crown.to_act(st)
    if phase == DECLARE:
        return [st.declare_queue[0]]
    return []


def legal(st: BaohuangState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (``[]`` for a seat not asked)."""
    phase = st.phase
    if phase == PLAY:
        out = rounds.legal(st, seat)
        if declare.may_reveal_at_lead(st, seat):
            out.append(Action(seat, "reveal"))
        return out
    if phase == CROWN:
        return crown.legal(st, seat)
    if phase == DECLARE:
        return declare.legal(st, seat)
    return []


def forced(st: BaohuangState, seat: int) -> Action | None:
    """In play, a pass where nothing in the hand beats the play on the table and neither a
    yield nor a claim is open (BH-4); else ``None``."""
    return rounds.forced(st, seat) if st.phase == PLAY else None


def sample(st: BaohuangState, rng: random.Random) -> Action:
    """A random legal action of the seat asked first, without listing the plays in play."""
    if st.phase == PLAY:
        # 明独 is open only before the first lead: after it, no call on the hot path
        if not st.led and declare.may_reveal_at_lead(st, st.turn) and rng.random() < 0.5:
            return Action(st.turn, "reveal")
        return rounds.sample(st, rng)
    asked = to_act(st)
    actions = legal(st, asked[0]) if asked else []
    if st.phase == CROWN and len(actions) > 1 and actions[-1].verb == "seize":
        # seizing is a rare gamble: keep random games mostly on the call/pass path
        if rng.random() < 0.05:
            return actions[-1]
        actions = actions[:-1]
    return rng.choice(actions)


def apply(st: BaohuangState, action: Action, out: Emit, before: int) -> Action | None:
    """Apply ``action`` (or raise and change nothing) in the phase it belongs to; returns the
    action as the record keeps it where that differs (``None``: as made). ``before`` is the
    number of actions before this one: a void deal dealt again starts a new deal after it."""
    phase = st.phase
    if phase == PLAY:
        if action.verb == "reveal":
            declare.apply_lead_reveal(st, action, out)
        else:
            rounds.apply(st, action, out)
            if action.verb == "play" and st.current_cards != action.cards:
                # BJ and BJ* stand in for each other: record the cards actually played
                return Action(action.seat, "play", st.current_cards)
        return None
    if phase == DECLARE:
        declare.apply(st, action, out)
        return None
    if phase == CROWN:
        redeals = st.redeals
        crown.apply(st, action, out)
        if st.redeals != redeals:  # a void deal, dealt again: a new deal starts after it
            st.deal_from = before + 1
        if action.verb == "call" and action.cards[0] == EMPEROR_CARD:
            return Action(action.seat, "call", (st.called,) if st.called is not None
                          else action.cards)
        return None
    raise IllegalActionError("BH-4", "the deal is over: no more actions", action.seat,
                             zh="这一局已经结束：不能再出牌")
