"""The commands on every real game that exists (games being written are skipped)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from paizhuo.cli import app

from .conformance import available_games

runner = CliRunner()
GAMES = [cls.name for cls in available_games()] or [
    pytest.param("-", marks=pytest.mark.skip("no game yet"))]


@pytest.mark.parametrize("game", GAMES)
def test_simulate(game: str) -> None:
    result = runner.invoke(app, ["simulate", game, "--games", "3", "--bots", "random,greedy"])
    assert result.exit_code == 0, result.output
    assert "3 games" in result.stdout and "Outcomes" in result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_simulate_uniform_bot_matches(game: str) -> None:
    result = runner.invoke(app, ["simulate", game, "--games", "1", "--bots", "uniform",
                                 "--matches", "--max-rounds", "2"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("game", GAMES)
def test_bench(game: str) -> None:
    result = runner.invoke(app, ["bench", game, "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_judge_a_random_record(game: str) -> None:
    from paizhuo.games import game_class

    played = game_class(game).new(seed=3)
    rng = random.Random(3)
    for _ in range(20):
        if played.is_over:
            break
        played.apply(played.sample_action(rng))
    result = runner.invoke(app, ["judge", "-"], input=played.record().dumps())
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["valid"] is True and answer["to_act"] == played.to_act()


@pytest.mark.parametrize("game", GAMES)
def test_play_a_few_moves_then_quit(game: str) -> None:
    result = runner.invoke(app, ["play", game, "--seed", "1"], input="1\n" * 5 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Stopped" in result.stdout or "Deal over" in result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_unknown_preset_and_option(game: str) -> None:
    bad = runner.invoke(app, ["simulate", game, "--preset", "no-such-preset"])
    assert bad.exit_code == 2 and "no-such-preset" in bad.stderr
    bad = runner.invoke(app, ["simulate", game, "--games", "1", "-o", "no_such_option=1"])
    assert bad.exit_code == 2 and "no_such_option" in bad.stderr, bad.output


def test_readme_example_record_is_legal() -> None:
    from pathlib import Path

    from paizhuo.engine.judge import LEGAL, judge_text

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    record = readme.split("```json\n", 1)[1].split("```", 1)[0]
    status, answer = judge_text(record)
    assert status == LEGAL, answer
    assert answer == {"valid": True, "phase": "play", "to_act": [3], "result": None}
