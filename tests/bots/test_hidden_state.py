"""No bot can reach hidden state (issue 11): at positions from every phase of real play, each
bot of each game — by the names a table or the arena uses — makes the same choice in the real
game and in a copy whose every card hidden from the seat has been dealt again
(``game.determinize(seat, rng)``: the same observation for that seat, different hidden hands).
A bot that read another seat's hand, the kitty or the stock would, somewhere, choose
differently. The runners hand a bot only its seat's observation, the legal actions and its
generator (a search bot also :class:`~paizhuo.bots.base.Worlds`, which deal the hidden cards
again themselves); a bot with ``uses_sampler`` is drawn from the game's own sampler, which is
checked here the same way."""

from __future__ import annotations

import random

import pytest

from paizhuo.bots.base import Bot, bot_action, deciding
from paizhuo.bots.policies import playout_bot
from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.bots.search import SearchBot
from paizhuo.engine.game import Game
from paizhuo.games import game_class

GAMES = {"shengji": {"preset": "tractor"}, "gouji": {"preset": "classic"}, "baohuang": {}}
SEARCHING = ("search", "hard", "search-dmc")
"""The search bot's names. ``hard`` is the search bot under a clock, so not reproducible: it
is checked once, as ``search`` with a small playout budget and no clock (the same code)."""


def positions(game_name: str, seed: int, every: int) -> list[tuple[Game, int]]:
    """Copies of one round of heuristic play, every ``every``-th decision and at every
    decision of a phase met for the first time, with the seat to decide."""
    game = game_class(game_name).new(GAMES[game_name], seed=seed)
    policy = [playout_bot(game_name) for _ in range(game.num_seats)]
    rng = random.Random(seed)
    out: list[tuple[Game, int]] = []
    phases: set[str] = set()
    n = 0
    while not game.is_over:
        to_act = game.to_act()
        seats = deciding(game, to_act)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        if (n % every == 0 or game.phase not in phases) and len(game.legal_actions(seat)) > 1:
            out.append((game.clone(), seat))
            phases.add(game.phase)
        game.apply(bot_action(game, to_act, seat, policy[seat], rng))
        n += 1
    return out


def bot_for(name: str, game_name: str) -> Bot:
    if name == "search":
        return SearchBot(playouts=4, candidates=3)
    if name == "search-dmc":  # its worlds guessed with the learned belief head's odds
        return SearchBot(playouts=4, candidates=3, believer=make_bot("dmc", game_name))
    return make_bot(name, game_name)


CASES = [(g, name) for g in GAMES for name in bot_names(g) if name != "hard"]


@pytest.mark.parametrize(("game_name", "name"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_bot_chooses_the_same_whatever_the_hidden_cards(game_name: str, name: str) -> None:
    checked = 0
    for game, seat in positions(game_name, seed=11, every=7):
        if name in SEARCHING and checked >= 3:
            break  # a search decision costs many playouts
        other = game.determinize(seat, random.Random(checked + 1))
        assert other.observation(seat) == game.observation(seat)
        # the position really differs somewhere the seat cannot see, or the check is empty
        hidden = [s for s in range(game.num_seats) if s != seat]
        if any(game.observation(s) != other.observation(s) for s in hidden):
            checked += 1
        ours = bot_action(game, game.to_act(), seat, bot_for(name, game_name),
                          random.Random(7))
        theirs = bot_action(other, other.to_act(), seat, bot_for(name, game_name),
                            random.Random(7))
        assert ours == theirs, (game.phase, seat)
        game.apply(ours)  # and it is a legal action (a bot may build one, as a Shengji bury)
    assert checked >= 2  # positions where the hidden cards did change


def test_every_bot_name_of_a_table_is_checked() -> None:
    for g in GAMES:
        names = set(bot_names(g))
        assert {"random", "greedy", "heuristic", "easy", "normal", "search", "hard"} <= names
        assert names - {"hard"} == {n for game, n in CASES if game == g}
    hard = make_bot("hard", "gouji")
    assert isinstance(hard, SearchBot) and hard.seconds is not None
