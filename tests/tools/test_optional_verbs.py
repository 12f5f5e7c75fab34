"""Optional interruptions (``Game.OPTIONAL_VERBS``: Baohuang's seize 抢皇, BH-2 — the rule is
unchanged and tested with explicit hands in tests/games/baohuang; this is how runners treat
it): a seat that may only
interrupt has nothing to decide, so the runners leave the moment to the seats that do — the
arena, the server's bot seats (``paizhuo.bots.base.deciding``) and the terminal table, which
asks the person and takes an empty answer as no."""

from __future__ import annotations

import random

from rich.console import Console

from paizhuo.bots.base import choose_action, deciding, waits
from paizhuo.bots.registry import make_bot
from paizhuo.games import game_class
from paizhuo.terminal.table import TerminalPlay

from ..terminal.test_terminal_table import Asked


def crown_game(seat_not_holding: int = 0):  # type: ignore[no-untyped-def]
    cls = game_class("baohuang")
    for seed in range(50):
        game = cls.new({}, seed=seed)
        holder = game.observation(None)["details"]["emperor_card_holder"]
        if game.phase == "crown" and holder != seat_not_holding:
            return game, holder, seed
    raise AssertionError("no deal found")


def test_only_the_crown_holder_decides_while_the_crown_is_open() -> None:
    game, holder, _ = crown_game()
    to_act = game.to_act()
    assert len(to_act) == 5
    others = [s for s in to_act if s != holder]
    assert all({a.verb for a in game.legal_actions(s)} == {"seize"} for s in others)
    assert all(waits(game, to_act, s) for s in others)
    assert not waits(game, to_act, holder)
    assert deciding(game, to_act) == [holder]


def test_no_other_game_has_optional_verbs() -> None:
    for name in ("shengji", "gouji"):
        game = game_class(name).new({}, seed=1)
        assert not game_class(name).OPTIONAL_VERBS
        assert deciding(game, game.to_act()) == game.to_act()


def test_the_arena_leaves_seizing_to_nobody_but_the_holder_decides() -> None:
    game, holder, _ = crown_game()
    bots = [make_bot("greedy", "baohuang") for _ in range(5)]
    rng = random.Random(4)
    first = choose_action(game, bots, rng)
    assert first.seat == holder and first.verb != "seize"
    # whole deals: the bots never interrupt
    for seed in range(6):
        g = game_class("baohuang").new({}, seed=seed)
        while not g.is_over:
            g.apply(choose_action(g, bots, rng))
        assert not any(a.verb == "seize" for a in g.actions)


def test_the_terminal_asks_before_seizing_and_an_empty_answer_is_no() -> None:
    _, _, seed = crown_game()
    asked = Asked(["", "quit"])
    console = Console(record=True, width=160, force_terminal=False)
    play = TerminalPlay(game_class("baohuang"), {}, 0, seed, ["greedy"], console, ask=asked,
                        pause=0)
    play.run()
    assert "seize" in asked.prompts[0] and "[y/N]" in asked.prompts[0]
    assert not any(a.verb == "seize" and a.seat == 0 for a in play.game.actions)


def test_the_terminal_seizes_when_told_to() -> None:
    _, _, seed = crown_game()
    asked = Asked(["y", "quit"])
    console = Console(record=True, width=160, force_terminal=False)
    play = TerminalPlay(game_class("baohuang"), {}, 0, seed, ["greedy"], console, ask=asked,
                        pause=0)
    play.run()
    assert play.game.actions[0].seat == 0 and play.game.actions[0].verb == "seize"
