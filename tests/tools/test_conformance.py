"""Every registered game, every preset: random games keep the interface's promises.

Game packages still being written are skipped until they import. The default run plays a
few fully checked games per preset; ``--runslow`` plays many more.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paizhuo.engine.judge import judge_text
from paizhuo.games import game_class

from .conformance import available_games, game_presets, mutated_record, play_checked

PRESETS = game_presets() or [pytest.param("-", "-", marks=pytest.mark.skip("no game yet"))]


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_random_games_keep_the_interface(game: str, preset: str) -> None:
    cls = game_class(game)
    for seed in range(2):
        play_checked(cls, preset, seed)


@pytest.mark.parametrize("preset", ["short", "long"])
def test_the_checks_pass_on_the_throwaway_game(fake_game_cls: Any, preset: str) -> None:
    """The checker itself works whatever state the real games are in."""
    for seed in range(5):
        assert play_checked(fake_game_cls, preset, seed).is_over


def test_the_checks_catch_an_observation_without_the_header(fake_game_cls: Any) -> None:
    class Headless(fake_game_cls):  # type: ignore[misc, valid-type]
        def observation(self, seat: int | None) -> dict[str, Any]:
            obs = super().observation(seat)
            del obs["to_act"]
            return obs

    with pytest.raises(AssertionError, match="observation keys"):
        play_checked(Headless, "short", 0)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_many_random_games(game: str, preset: str) -> None:
    cls = game_class(game)
    for seed in range(100, 140):
        play_checked(cls, preset, seed, full=seed < 110)


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_next_start_begins_a_legal_next_deal(game: str, preset: str) -> None:
    cls = game_class(game)
    first = play_checked(cls, preset, 7, full=False)
    start = first.next_start()
    if start is None:
        pytest.skip(f"{game} {preset}: no next deal")
    nxt = cls.new({"preset": preset}, seed=8, start=start)
    assert not nxt.is_over and nxt.to_act()


GAMES = [cls.name for cls in available_games()] or [
    pytest.param("-", marks=pytest.mark.skip("no game yet"))]


def _judge_mutated(game: str, seed: int, count: int) -> None:
    cls = game_class(game)
    rng = random.Random(seed)
    for _ in range(count):
        text = mutated_record(cls, rng)
        status, answer = judge_text(text)  # any exception here is an engine bug
        assert status in (0, 1, 2), text
        if status == 1:
            assert answer["rule"] and answer["message"], text


@pytest.mark.parametrize("game", GAMES)
def test_judge_answers_mutated_records(game: str) -> None:
    _judge_mutated(game, 0, 40)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_judge_answers_many_mutated_records(game: str) -> None:
    _judge_mutated(game, 1, 1000)
