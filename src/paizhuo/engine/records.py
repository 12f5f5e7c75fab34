"""Records and positions: the JSON interchange format of ``docs/rules/records.md``.

A :class:`Record` is parsed strictly: every problem raises :class:`MalformedError` naming the
field (``deal.hands[2]``, ``actions[4][2]``). Rules are not checked here; replaying the actions
through a game (:func:`paizhuo.engine.judge.replay`) does that.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from paizhuo.engine import jsontext
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.registry import game_names
from paizhuo.notation import NotationError, format_cards, parse_cards

RECORD_FIELDS = ("game", "options", "start", "deal", "actions", "position")
"""The fields of a record, in the order records.md gives them."""


@dataclass
class Deal:
    """Either a seed (the engine shuffles) or explicit hands in arrival order (and a kitty)."""

    seed: int | None = None
    hands: list[tuple[int, ...]] | None = None
    kitty: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``deal`` field of a record."""
        if self.hands is None:
            return {"seed": self.seed}
        out: dict[str, Any] = {"hands": [format_cards(h) for h in self.hands]}
        if self.kitty is not None:
            out["kitty"] = format_cards(self.kitty)
        return out


@dataclass
class Record:
    """A game, or a position in one, exactly enough to replay it."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    deal: Deal = field(default_factory=Deal)
    start: dict[str, Any] | None = None
    actions: list[Action] = field(default_factory=list)
    position: bool = False

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (the inverse of :meth:`from_json`)."""
        out: dict[str, Any] = {"game": self.game}
        if self.position:
            out["position"] = True
        out["options"] = dict(self.options)
        if self.start is not None:
            out["start"] = dict(self.start)
        out["deal"] = self.deal.to_json()
        out["actions"] = [a.to_json() for a in self.actions]
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text (Chinese kept as it is)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=indent)

    @classmethod
    def loads(cls, text: str) -> Record:
        """Parse a record from JSON text (malformed JSON, or a key given twice in one object,
        is a :class:`MalformedError`)."""
        return cls.from_json(jsontext.loads(text))

    @classmethod
    def scan(cls, text: str) -> tuple[Record, Iterable[Action]]:
        """Parse a record from JSON text, leaving its actions to be parsed one by one.

        The whole text must be JSON (checked here, with duplicate keys refused) and every
        field but ``actions`` is parsed here as :meth:`from_json` does; each action is decoded
        and parsed only when the returned iterable reaches it (raising
        :class:`MalformedError` then). A replay that stops at an early illegal action never
        builds the rest, so a record of many megabytes costs about its own size in memory.
        """
        doc, start = jsontext.scan_record(text, _ignore)
        if not isinstance(doc, dict) or doc.get("actions") is not jsontext.ACTIONS_FOLLOW:
            record = cls.from_json(doc)
            return record, record.actions
        record = cls.from_json({k: v for k, v in doc.items() if k != "actions"})
        return record, jsontext.iter_list(text, start, parse_action)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Parse a record from decoded JSON, strictly (see the module docstring)."""
        if not isinstance(data, dict):
            raise MalformedError("", f"a record is a JSON object, not {describe(data)}")
        for key in data:
            if key not in RECORD_FIELDS:
                raise MalformedError(str(key), "unknown field; a record has the fields "
                                     + ", ".join(RECORD_FIELDS))
        GAME_NAMES = game_names()
        if "game" not in data:
            raise MalformedError("game", f"missing: say which game, one of {', '.join(GAME_NAMES)}")
        game = data["game"]
        if game not in GAME_NAMES:
            raise MalformedError("game", f"must be one of {', '.join(GAME_NAMES)}, "
                                 f"not {describe(game)}")
        position = data.get("position", False)
        if not isinstance(position, bool):
            raise MalformedError("position", f"must be true or false, not {describe(position)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise MalformedError("options", f"must be an object, not {describe(options)}")
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise MalformedError("start", f"must be an object, not {describe(start)}")
        if position and start is None:
            raise MalformedError("start", "a position needs a start naming its phase")
        if "deal" not in data:
            raise MalformedError("deal", "missing: give {\"seed\": N} or {\"hands\": [...]}")
        deal = _parse_deal(data["deal"])
        actions_data = data.get("actions", [])
        if not isinstance(actions_data, list):
            raise MalformedError("actions", f"must be a list, not {describe(actions_data)}")
        actions = [parse_action(a, f"actions[{i}]") for i, a in enumerate(actions_data)]
        return cls(game, dict(options), deal, dict(start) if start else start, actions, position)


def _ignore(item: Any, where: str) -> None:
    """The first reading of a scanned action list checks only that it is JSON."""


def _cards(text: Any, where: str) -> tuple[int, ...]:
    if not isinstance(text, str):
        raise MalformedError(where, "cards are written as a string such as \"AS AS KS\", not "
                             f"{describe(text)}")
    try:
        return parse_cards(text)
    except NotationError as exc:
        raise MalformedError(where, str(exc)) from None


def _parse_deal(data: Any) -> Deal:
    if not isinstance(data, dict):
        raise MalformedError("deal", f"must be an object, not {describe(data)}")
    for key in data:
        if key not in ("seed", "hands", "kitty"):
            raise MalformedError(f"deal.{key}", "unknown field; a deal has a seed, or hands and "
                                 "a kitty")
    if "seed" in data:
        if "hands" in data or "kitty" in data:
            raise MalformedError("deal", "give either a seed or explicit hands, not both")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise MalformedError("deal.seed", f"must be an integer, not {describe(seed)}")
        return Deal(seed=seed)
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise MalformedError("deal.hands", "must be a non-empty list of card strings")
    parsed = [_cards(h, f"deal.hands[{i}]") for i, h in enumerate(hands)]
    kitty = _cards(data["kitty"], "deal.kitty") if "kitty" in data else None
    return Deal(hands=parsed, kitty=kitty)


def parse_action(data: Any, where: str = "action") -> Action:
    """Parse ``[seat, verb, cards?, extra?]``; verb validity is checked by the game."""
    if not isinstance(data, list) or not 2 <= len(data) <= 4:
        raise MalformedError(where, "an action is [seat, verb, cards?, extra?]")
    seat, verb = data[0], data[1]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise MalformedError(f"{where}[0]", "seat must be a non-negative integer, not "
                             f"{describe(seat)}")
    if not isinstance(verb, str) or not verb:
        raise MalformedError(f"{where}[1]", f"verb must be a word such as \"play\", not "
                             f"{describe(verb)}")
    cards = _cards(data[2], f"{where}[2]") if len(data) >= 3 else ()
    extra = data[3] if len(data) == 4 else None
    if extra is not None and not isinstance(extra, dict):
        raise MalformedError(f"{where}[3]", f"extra must be an object, not {describe(extra)}")
    return Action.make(seat, verb, cards, extra)
