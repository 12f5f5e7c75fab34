"""paizhuo 牌桌 — rules engines, bots and a web table for Shengji, Gouji and Baohuang.

>>> import paizhuo
>>> game = paizhuo.new_game("baohuang", seed=1)
>>> game.phase, game.num_seats
('crown', 5)
>>> paizhuo.parse_action(game, 0, "call bj").to_json()
[0, 'call', 'BJ']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paizhuo.engine.actions import Action
    from paizhuo.engine.game import Game

__version__ = "0.1.0"

__all__ = ["__version__", "new_game", "parse_action"]


def new_game(name: str, options: dict[str, Any] | None = None, seed: int = 0) -> Game:
    """A new game of ``name`` (``shengji``, ``gouji``, ``baohuang``) with a seeded deal;
    ``options`` may name a ``preset`` and override any option of the game."""
    from paizhuo.engine.registry import game_class

    return game_class(name).new(options, seed=seed)


def parse_action(game: Game | str, seat: int, text: str) -> Action:
    """An action typed as a person types it: the verb, cards in the forgiving notation, then
    ``key=value`` extras (``play as 10s``, ``call AH nth=1``); checked for the game's verbs,
    not against its rules (``game.apply`` does that)."""
    from paizhuo.engine.actions import parse_typed_action
    from paizhuo.engine.registry import game_class

    cls = game_class(game) if isinstance(game, str) else type(game)
    if not text.strip():
        from paizhuo.engine.errors import MalformedError

        raise MalformedError("action", "empty: type a verb such as \"play\", then cards")
    return parse_typed_action(text, seat, cls.VERBS)
