"""Building Gouji games from explicit hands in the card notation (tests, puzzles, bug reports).

>>> g = position(["AS AS 5S", "KS KS", "3S", "2S 2S", "3H", "3D"], leader=0)
>>> act(g, 0, "play", "AS AS"); g.to_act()
[3]
"""

from __future__ import annotations

from typing import Any

from paizhuo.cards import BIG_JOKER, SMALL_JOKER
from paizhuo.engine.actions import Action
from paizhuo.engine.records import Deal, Record
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.setup import full_deck
from paizhuo.notation import parse_cards


def position(hands: list[str], leader: int, options: dict[str, Any] | None = None,
             **start: Any) -> GoujiGame:
    """A play-phase position: six hands (``""`` for seats already out), ``leader`` to lead."""
    st = {"phase": "play", "leader": leader, **start}
    rec = Record("gouji", dict(options or {"preset": "classic"}),
                 Deal(hands=[parse_cards(h) for h in hands]), st, [], True)
    return GoujiGame.from_record(rec)


def full(hands: list[list[int]], options: dict[str, Any] | None = None,
         start: dict[str, Any] | None = None) -> GoujiGame:
    rec = Record("gouji", dict(options or {"preset": "classic"}),
                 Deal(hands=[tuple(h) for h in hands]), start, [], False)
    return GoujiGame.from_record(rec)


def act(game: GoujiGame, seat: int, verb: str, cards: str = "",
        extra: dict[str, Any] | None = None) -> None:
    game.apply(Action.make(seat, verb, list(parse_cards(cards)), extra))


def deal_without_money(poor: list[int], deck: int = 216) -> list[list[int]]:
    """A complete deal in which the seats ``poor`` hold no 2 and no joker."""
    cards = full_deck(deck)
    money = [c for c in cards if c < 4 or c in (SMALL_JOKER, BIG_JOKER)]
    rest = [c for c in cards if not (c < 4 or c >= SMALL_JOKER)]
    size = len(cards) // 6
    hands: list[list[int]] = [[] for _ in range(6)]
    for s in poor:
        hands[s], rest = rest[:size], rest[size:]
    pool = money + rest
    for s in range(6):
        if s not in poor:
            hands[s], pool = pool[:size], pool[size:]
    return hands
