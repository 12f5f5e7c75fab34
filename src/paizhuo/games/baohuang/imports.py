"""The judge's import step for Baohuang records written by other programs (BH-2).

Other programs usually have no declaration round in their records: they go from the call
straight to the emperor's first lead (``[[1, "call", "2C"], [1, "play", "6H SJ"], …]``), or
name only the guard's ``reveal``, or the alone emperor's 明独. The rules (``declare.py``)
refuse all three out of turn; :func:`implied_before` names the passes such a record leaves
out, and the judge (``paizhuo.engine.judge.replay``) applies them before the action when the
action is legal after them, writing them into the game's own record. Nothing else is implied:
seizing is never asked for, seats a forced call skips make no decision, and in play every
answer (pass, yield, claim) is a turn of its own that a record must hold.
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.games.baohuang.state import DECLARE, BaohuangState


def implied_before(st: BaohuangState, action: Action) -> list[Action]:
    """The declaration passes implied before ``action`` (which is not legal now):

    - the emperor's first ``play``: every declaration still pending was ``pass``;
    - a ``reveal`` by a seat still to declare: the seats before him passed (the guard's 明保);
    - the emperor's ``reveal``: every seat still to declare passed (the alone emperor's 明独
      comes as his first lead does).

    Whether the action is legal after them is left to the rules (a reveal by a seat that is
    not the guard stays refused, with the refusal of the action as written).
    """
    if st.phase != DECLARE:
        return []
    queue = st.declare_queue
    seat = action.seat
    if seat == st.emperor and action.verb in ("play", "reveal"):
        return [Action(s, "pass") for s in queue]
    if action.verb == "reveal" and seat in queue:
        return [Action(s, "pass") for s in queue[:queue.index(seat)]]
    return []
