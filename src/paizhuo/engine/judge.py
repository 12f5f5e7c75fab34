"""The judge: read a record, answer whether it is legal, where it stands, and its result.

Exit status 0 legal, 1 illegal action, 2 malformed (``docs/rules/records.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.records import Record, replay

LEGAL, ILLEGAL, MALFORMED = 0, 1, 2


def judge_text(text: str) -> tuple[int, dict[str, Any]]:
    """Judge a record given as JSON text; returns (exit status, answer)."""
    try:
        record, actions = Record.scan(text)
    except MalformedError as exc:
        return MALFORMED, malformed_answer(exc)
    return judge_record(record, actions)


def judge_record(record: Record,
                 actions: Iterable[Action] | None = None) -> tuple[int, dict[str, Any]]:
    """Judge a parsed record by replaying it (with ``actions`` in place of its own, if given);
    returns (exit status, answer)."""
    try:
        game, _ = replay(record, actions)
    except IllegalActionError as exc:
        index = exc.index if exc.index is not None else -1
        seat = exc.seat
        if seat is None and 0 <= index < len(record.actions):
            seat = record.actions[index].seat
        return ILLEGAL, {"valid": False, "index": index, "seat": seat, "rule": exc.rule,
                         "message": exc.message}
    except MalformedError as exc:
        return MALFORMED, malformed_answer(exc)
    return LEGAL, {"valid": True, "phase": game.phase, "to_act": game.to_act(),
                   "result": game.result()}


def malformed_answer(exc: MalformedError) -> dict[str, Any]:
    """The judge's answer to a malformed document: the field at fault and why."""
    return {"valid": False, "malformed": True, "field": exc.field, "message": exc.message}
