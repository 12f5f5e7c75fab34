"""Building Shengji positions from card text: for tests, puzzles and bug reports.

A position is a record with ``"position": true``: explicit hands (and kitty) and a ``start``
that names the phase, level, trump and dealer (SJ-14 "Positions"; read by :mod:`.setup`).

>>> g = position(["AH", "KH", "3S", "4S"], phase="play", leader=0,
...              options={"players": 4, "decks": 1})
>>> act(g, 0, "play", "AH"); g.to_act()
[1]
"""

from __future__ import annotations

from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.records import Record
from paizhuo.games.shengji.game import ShengjiGame
from paizhuo.notation import parse_cards


def position(hands: list[str], kitty: str = "", phase: str = "play", *, dealer: int = 0,
             trump: str = "H", level: str = "2", options: dict[str, Any] | None = None,
             **start: Any) -> ShengjiGame:
    """A position (``"position": true``) in ``phase`` with the given hands and start."""
    return ShengjiGame.from_record(position_record(
        hands, kitty, phase, dealer=dealer, trump=trump, level=level, options=options, **start))


def position_record(hands: list[str], kitty: str = "", phase: str = "play", *, dealer: int = 0,
                    trump: str = "H", level: str = "2", options: dict[str, Any] | None = None,
                    **start: Any) -> Record:
    """The record of :func:`position`."""
    st: dict[str, Any] = {"phase": phase, "level": level, "trump": trump, "dealer": dealer}
    st.update(start)
    return Record.from_json({"game": "shengji", "options": dict(options or {}), "position": True,
                             "start": st, "deal": {"hands": hands, "kitty": kitty},
                             "actions": []})


def act(game: ShengjiGame, seat: int, verb: str, cards: str = "",
        extra: dict[str, Any] | None = None) -> None:
    """Apply ``seat verb cards`` written in the card notation."""
    game.apply(Action.make(seat, verb, parse_cards(cards), extra))
