"""The judge: read a record, answer whether it is legal, where it stands, and its result.

Exit status 0 legal, 1 illegal action, 2 malformed (``docs/rules/records.md``). The record
format (:mod:`paizhuo.engine.records`) only parses; the judge finds the record's game in the
registry and plays the actions through it (:func:`replay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.engine.registry import game_class

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


def replay(record: Record, actions: Iterable[Action] | None = None) -> tuple[Game, int]:
    """Build the game a record describes and apply all its actions.

    ``actions`` replaces ``record.actions`` (a lazy reader from :meth:`Record.scan`). Returns
    the game and the number of the record's actions applied; an illegal action stops the
    replay by raising :class:`IllegalActionError` with ``index`` set to its position.

    This is also the judge's import step for records written by other programs: where an
    action is not legal as it stands, the optional declines such a record leaves out before it
    (:meth:`~paizhuo.engine.game.Game.implied_before`) are tried first; when the action is
    legal after them, they are applied (and so written into the game's own record).
    """
    cls = game_class(record.game)
    game = cls.from_record(record)
    applied = 0
    for i, action in enumerate(record.actions if actions is None else actions):
        where = f"actions[{i}]"
        try:
            try:
                game.apply(action)
            except IllegalActionError as original:
                implied = game.implied_before(action)
                if not implied:
                    raise
                trial = game.clone()
                try:
                    for decline in implied:
                        trial.apply(decline)
                except (IllegalActionError, MalformedError):
                    raise original from None
                # the declines stand: what is still wrong is the action itself, at the
                # decision the record reached (a play that does not beat, not "out of turn")
                trial.apply(action)
                game = trial
                applied += 1
                continue
        except IllegalActionError as exc:
            exc.index = i
            raise
        except MalformedError as exc:
            field = exc.field
            path = f"{where}{field}" if field.startswith("[") else (
                f"{where}.{field}" if field else where)
            raise MalformedError(path, exc.message) from None
        applied += 1
    return game, applied
