"""Replays and the rules text for the browser table's pages.

A replay is every step of a deal with every hand shown: built from a record (a stored deal's,
or one a person uploads) by applying its actions one at a time to a fresh game. A record is
checked first as the judge checks it (:func:`paizhuo.engine.judge.replay`): a malformed or
illegal one is refused with the engine's own message, and the frames are built from the game's
own record (any declines another program's record left out written in).

The rules text is ``docs/rules/*.md``, the one source: the package's ``paizhuo/rules`` is a
link to that folder in a checkout (so an editable install reads it), and setuptools copies the
files through the link into the wheel and the sdist as package data.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Record
from paizhuo.engine.registry import game_class, game_names
from paizhuo.server.protocol import ProtocolError

MAX_RECORD_BYTES = 2_000_000
"""The largest record ``POST /api/replay`` reads (a long Baohuang deal is about 30 kB)."""
MAX_STEPS = 3_000
"""The most actions a replay steps through (a deal has a few hundred; each step is a frame)."""
RULES_DOCS = ("README",
              *(name for name in game_names()
                if resources.files("paizhuo").joinpath("rules", f"{name}.md").is_file()),
              "records")
"""The rules reference's documents, served at ``/api/rules/{doc}``: its index, the page of
every registered game that has one, and the record format."""
_FELT_VERBS = {"play", "burn", "pass", "yield"}
"""Verbs shown on the felt in front of their seat (in the play phase)."""


def rules_text(doc: str) -> str:
    """The markdown text of one document of the rules reference (404 for another name)."""
    if doc not in RULES_DOCS:
        raise ProtocolError("not_found", f"no rules document {doc!r}; they are "
                            + ", ".join(RULES_DOCS))
    return resources.files("paizhuo").joinpath("rules", f"{doc}.md").read_text("utf-8")


def parse_upload(body: bytes) -> Record:
    """An uploaded record, checked as the judge checks it; a bad one is a 400 answer with the
    engine's message (and ``field``, or ``index``/``seat``/``rule`` of an illegal action)."""
    if len(body) > MAX_RECORD_BYTES:
        raise ProtocolError("too_large", f"a record may be at most {MAX_RECORD_BYTES} bytes")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("malformed", "the record is not UTF-8 text", field="") from None
    try:
        # as the judge reads a record (paizhuo.engine.judge.judge_text): the same messages
        record, actions = Record.scan(text)
        record.actions = list(actions)
    except MalformedError as exc:
        raise ProtocolError("malformed", exc.message, field=exc.field) from None
    return record


def replay_of(record: Record) -> dict[str, Any]:
    """Every step of ``record``: ``{"game", "options", "seats", "frames", "result",
    "returns"}``; frame 0 is the deal before any action, frame k the state after action k.

    A frame: ``step``, ``action`` (record form, ``None`` for frame 0), ``phase`` (after the
    action), ``to_act``, ``hands`` (every seat's hand, as that seat sees it), ``public`` (a
    spectator's observation), ``events`` (what the action showed, in full), ``felt`` (per
    seat, the cards or the decline in front of it in the current trick or round, or ``None``).
    Frame 0 shows every hand as dealt (:func:`_as_dealt`), also where the cards are dealt
    between decisions (Shengji's bids while cards are dealt, SJ-4).
    """
    if len(record.actions) > MAX_STEPS:
        raise ProtocolError("too_large", f"a replay has at most {MAX_STEPS} actions, this "
                            f"record has {len(record.actions)}", field="actions")
    try:
        final, _ = replay(record)
    except IllegalActionError as exc:
        seat = exc.seat
        if seat is None and exc.index is not None and 0 <= exc.index < len(record.actions):
            seat = record.actions[exc.index].seat
        raise ProtocolError("illegal", exc.message, index=exc.index, seat=seat,
                            rule=exc.rule) from None
    except MalformedError as exc:
        raise ProtocolError("malformed", exc.message, field=exc.field) from None
    cls = game_class(record.game)
    game = cls.from_record(record)
    frames = [_frame(game, 0, None, [], _Felt())]
    felt = _Felt()
    for step, action in enumerate(final.actions, start=1):
        before = game.phase
        mark = len(game.events)
        game.apply(action)
        events = [dict(e.payload) for e in game.events[mark:]]
        felt.step(game, before, action.to_json(), events)
        frames.append(_frame(game, step, action.to_json(), events, felt))
    _as_dealt(frames)
    out: dict[str, Any] = {
        "game": record.game, "options": dict(record.options), "start": record.start,
        "seats": game.num_seats, "frames": frames, "result": game.result(),
        "returns": game.returns(), "over": game.is_over,
    }
    # the frames are JSON as the engine gives it (tuples become lists once, here)
    result: dict[str, Any] = json.loads(json.dumps(out, ensure_ascii=False))
    return result


class _Felt:
    """What lies in front of each seat: the current trick (Shengji), or each seat's last play
    or decline of the current round (Gouji, Baohuang), kept after the trick or round is won
    until the next one begins."""

    def __init__(self) -> None:
        self.shown: dict[int, Any] = {}
        self.won = False

    def step(self, game: Game, phase_before: str, action: list[Any],
             events: list[dict[str, Any]]) -> None:
        seat, verb = action[0], action[1]
        if phase_before == "play" and verb in _FELT_VERBS:
            if self.won:
                self.shown = {}
                self.won = False
            cards = action[2] if len(action) > 2 and action[2] else ""
            self.shown[seat] = {"verb": verb, "cards": cards}
        if any(e.get("type") in ("trick", "round_won") for e in events):
            self.won = True

    def seats(self, game: Game) -> list[Any]:
        own = game.felt(None)
        if own is not None:
            return own
        return [self.shown.get(i) for i in range(game.num_seats)]


def _as_dealt(frames: list[dict[str, Any]]) -> None:
    """Frame 0's hands become the hands as dealt: each seat's hand at the last frame before
    it loses a card or the first phase ends (a deal dealt a card at a time between decisions
    shows its few first cards at frame 0; the kitty the dealer takes afterwards is not dealt
    to him)."""
    first = frames[0]
    hands = list(first["hands"])
    for seat, start in enumerate(hands):
        have = Counter((start or "").split())
        for frame in frames[1:]:
            if frame["phase"] != first["phase"]:
                break
            now = Counter((frame["hands"][seat] or "").split())
            if have - now:
                break
            have = now
            hands[seat] = frame["hands"][seat]
    first["hands"] = hands


def _frame(game: Game, step: int, action: list[Any] | None, events: list[dict[str, Any]],
           felt: _Felt) -> dict[str, Any]:
    public = game.observation(None)
    return {"step": step, "action": action, "phase": game.phase, "to_act": game.to_act(),
            "hands": [game.observation(s)["hand"] for s in range(game.num_seats)],
            "public": public, "events": events, "felt": felt.seats(game)}


__all__ = ["MAX_RECORD_BYTES", "MAX_STEPS", "RULES_DOCS", "parse_upload", "replay_of",
           "rules_text"]
