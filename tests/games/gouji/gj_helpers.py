"""Deals and games shared by the Gouji tests."""

from __future__ import annotations

import random
from typing import Any

from paizhuo.engine.game import Game
from paizhuo.engine.records import Deal, Record
from paizhuo.games.climbing import SJ, STRENGTH_OF_CARD, TWO
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.positions import full
from paizhuo.games.gouji.setup import full_deck

SEVEN = 4
"""Gouji rank of the 7s."""


def deal_without_money(poor: list[int]) -> list[list[int]]:
    """A complete 216-card deal in which exactly the seats ``poor`` hold no 2 and no joker."""
    cards = full_deck(216)
    money = [c for c in cards if STRENGTH_OF_CARD[c] >= TWO]
    rest = [c for c in cards if STRENGTH_OF_CARD[c] < TWO]
    rich = [s for s in range(6) if s not in poor]
    hands: list[list[int]] = [[] for _ in range(6)]
    for i, c in enumerate(money):
        hands[rich[i % len(rich)]].append(c)
    for s in range(6):
        need = 36 - len(hands[s])
        hands[s], rest = hands[s] + rest[:need], rest[need:]
    return hands


def tribute_game() -> tuple[GoujiGame, int]:
    """Game 2 of a series: seat 5 pays seat 0 one card (落贡) and holds no 7; seat 0 holds 7s,
    so a returned 7 may be refused (GJ-10). Returns the game after the tribute and a 7 of
    seat 0."""
    cards = full_deck(216)
    hands = [list(cards[s::6]) for s in range(6)]
    for i, c in enumerate(hands[5]):
        if STRENGTH_OF_CARD[c] == SEVEN:
            j = next(k for k, d in enumerate(hands[4]) if STRENGTH_OF_CARD[d] not in (SEVEN, TWO)
                     and STRENGTH_OF_CARD[d] < SJ)
            hands[5][i], hands[4][j] = hands[4][j], hands[5][i]
    g = full(hands, start={"game": 2, "tributes": [
        {"kind": "place", "from": 5, "to": 0, "cards": 1}]})
    g.apply(g.legal_actions()[0])  # seat 5 pays his highest card
    return g, next(c for c in g.hands[0].distinct() if STRENGTH_OF_CARD[c] == SEVEN)


def log(game: Game, seat: int | None) -> list[list[Any]]:
    """The actions ``seat`` saw, from its events, in the record's form ``[seat, verb,
    cards?, extra?]``; cards it saw only counted read ``"N hidden"``."""
    out: list[list[Any]] = []
    for e in game.events_since(seat, 0):
        if e["type"] != "action":
            continue
        entry: list[Any] = [e["seat"], e["verb"]]
        if "cards" in e:
            entry.append(e["cards"])
        elif "count" in e:
            entry.append(f"{e['count']} hidden")
        if "to" in e:
            entry.append({"to": e["to"]})
        out.append(entry)
    return out


def details(game: Game, seat: int | None) -> dict[str, Any]:
    """The game's own part of ``seat``'s observation."""
    out: dict[str, Any] = game.observation(seat)["details"]
    return out


def random_endgame(rng: random.Random, opts: dict[str, Any], max_cards: int = 8,
                   random_opened: bool = False) -> GoujiGame:
    """A position with small, joker-rich hands (3 … ``max_cards`` plain cards and at most one
    joker each), where gouji plays, burns, dead gouji and chaos are common; with
    ``random_opened`` each seat has opened its point with probability ½."""
    deck = full_deck(216)
    rng.shuffle(deck)
    jokers = [c for c in deck if c >= 52]
    plain = [c for c in deck if c < 52]
    hands = []
    for _ in range(6):
        h = [plain.pop() for _ in range(rng.randint(3, max_cards))]
        h += [jokers.pop() for _ in range(rng.randint(0, 1))]
        hands.append(tuple(h))
    start: dict[str, Any] = {"phase": "play", "leader": rng.randrange(6)}
    if random_opened:
        start["opened"] = [s for s in range(6) if rng.random() < 0.5]
    return GoujiGame.from_record(Record("gouji", dict(opts), Deal(hands=hands), start, [], True))
