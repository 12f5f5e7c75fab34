"""The determinized search bot (paizhuo.bots.search): it sees its seat's view and guessed
worlds only — two games that differ only in cards hidden from the seat get the same choice —,
its choice is reproducible from its generator, and it plays legal actions in every game."""

from __future__ import annotations

import random

import pytest

from paizhuo.arena.simulate import choose_action
from paizhuo.bots.base import Worlds, bot_action
from paizhuo.bots.registry import make_bot
from paizhuo.bots.search import SearchBot
from paizhuo.engine.game import Game
from paizhuo.games import game_class

GAMES = ["shengji", "gouji", "baohuang"]


def midgame(name: str, seed: int, decisions: int = 30) -> Game:
    game = game_class(name).new({}, seed=seed)
    bots = [make_bot("greedy", name) for _ in range(game.num_seats)]
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(choose_action(game, bots, rng))
    return game


def a_choice(game: Game) -> tuple[int, int]:
    """A seat to act with more than one legal action (playing on until there is one)."""
    bots = [make_bot("greedy", game.name) for _ in range(game.num_seats)]
    rng = random.Random(1)
    while not game.is_over:
        for seat in game.to_act():
            if len(game.legal_actions(seat)) > 1:
                return seat, len(game.legal_actions(seat))
        game.apply(choose_action(game, bots, rng))
    raise AssertionError("no choice")


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_depends_on_nothing_the_seat_cannot_see(name: str) -> None:
    game = midgame(name, 3)
    seat, _ = a_choice(game)
    # another deal, the same to this seat: its hidden cards dealt again
    other = game.determinize(seat, random.Random(99))
    assert other.observation(seat) == game.observation(seat)
    bot = SearchBot(playouts=6, candidates=3)
    ours = bot_action(game, game.to_act(), seat, bot, random.Random(5))
    theirs = bot_action(other, other.to_act(), seat, bot, random.Random(5))
    assert ours == theirs
    assert ours in game.legal_actions(seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_is_reproducible_and_legal(name: str) -> None:
    game = midgame(name, 4)
    seat, _ = a_choice(game)
    bot = SearchBot(playouts=6, candidates=3)
    picks = {bot_action(game, game.to_act(), seat, bot, random.Random(7)) for _ in range(2)}
    assert len(picks) == 1
    assert picks.pop() in game.legal_actions(seat)


def test_worlds_give_copies_not_the_game() -> None:
    game = midgame("baohuang", 5)
    worlds = Worlds(game, 0)
    a, b = worlds.sample(random.Random(1)), worlds.sample(random.Random(1))
    assert a is not game and a.determinized and b.determinized
    assert a.observation(0) == game.observation(0)
    assert a.observation(0) == b.observation(0)


def test_without_worlds_it_plays_its_policy() -> None:
    game = midgame("gouji", 6)
    seat, _ = a_choice(game)
    bot = SearchBot()
    action = bot.act(game.observation(seat), game.legal_actions(seat), random.Random(1))
    assert action in game.legal_actions(seat)


def test_a_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(playouts=0)


def test_the_policys_choice_stays_unless_another_is_clearly_better() -> None:
    bot = SearchBot(margin=1.0)
    # candidate 1 is ahead by a little, with much spread: luck, not evidence
    totals, squares, counts = [0.0, 3.0], [60.0, 63.0], [6, 6]
    assert bot._choose(totals, squares, counts) == 0
    # ahead by far with little spread: chosen
    totals, squares, counts = [0.0, 30.0], [0.0, 150.0], [6, 6]
    assert bot._choose(totals, squares, counts) == 1
