"""Building Baohuang positions from card text: for tests, puzzles and bug reports.

>>> g = position(["8H 8H 8H BJ*", "8H 3S", "4S", "5S", "6S"], phase="crown")
>>> act(g, 0, "call", "8H"); g.st.guard
1
"""

from __future__ import annotations

from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.records import Deal, Record
from paizhuo.games.baohuang.game import BaohuangGame
from paizhuo.notation import parse_cards


def position(hands: list[str], *, kitty: str | None = None,
             options: dict[str, Any] | None = None, **start: Any) -> BaohuangGame:
    """A game starting from explicit hands with ``"position": true`` and the given start."""
    return BaohuangGame.from_record(position_record(hands, kitty=kitty, options=options,
                                                    **start))


def position_record(hands: list[str], *, kitty: str | None = None,
                    options: dict[str, Any] | None = None, **start: Any) -> Record:
    start.setdefault("phase", "play")
    deal = Deal(hands=[parse_cards(h) for h in hands],
                kitty=parse_cards(kitty) if kitty is not None else None)
    return Record("baohuang", dict(options or {}), deal, start, [], True)


def act(game: BaohuangGame, seat: int, verb: str, cards: str = "") -> None:
    """Apply ``seat verb cards`` written in the card notation."""
    game.apply(Action.make(seat, verb, parse_cards(cards)))
