"""Climb in the tools, as a user runs them: ``paizhuo arena``, ``simulate``, ``judge`` and
``play`` started as processes (the game is found there by its entry point alone, through
``PYTHONPATH``), and the search bot in the arena's own functions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from paizhuo.arena.duplicate import make_spec, run_arena
from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Record


def paizhuo(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m paizhuo ARGS`` in a new process, with the fixture's ``PYTHONPATH``."""
    return subprocess.run([sys.executable, "-m", "paizhuo", *args], input=stdin, text=True,
                          capture_output=True, timeout=180, env=dict(os.environ))


def test_arena_pits_two_bots_on_duplicate_deals(toy_game: type[Game], tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    # two workers: the worker processes find the game by its entry point too
    done = paizhuo("arena", "toy", "--bots", "greedy,random", "--preset", "quick", "--deals",
                   "3", "--seed", "5", "--workers", "2", "--json", str(out), "--no-plot")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "points per game" in done.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["game"] == "toy" and data["bots"] == ["greedy", "random"]
    assert data["deals"] == 3 and data["scheme"] == "solo"  # no fixed partners


def test_the_search_bot_plays_in_the_arena(toy_game: type[Game]) -> None:
    spec = make_spec("toy", ["search", "random"], seed=1, options={"preset": "quick"})
    run = run_arena(spec, deals=1)
    doc = run.to_json()
    assert doc["game"] == "toy" and doc["deals"] == 1
    # every seat arrangement of the deal was played to its end
    assert run.games == len(spec.copies())


def test_simulate_writes_records_the_judge_accepts(toy_game: type[Game],
                                                   tmp_path: Path) -> None:
    done = paizhuo("simulate", "toy", "--games", "3", "--bots", "random,greedy", "--preset",
                   "three", "--records", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 games" in done.stdout and "Outcomes" in done.stdout
    files = sorted(tmp_path.glob("toy-*.json"))
    assert len(files) == 3
    judged = paizhuo("judge", str(files[0]))
    assert judged.returncode == 0, judged.stdout + judged.stderr
    answer = json.loads(judged.stdout)
    record = Record.loads(files[0].read_text(encoding="utf-8"))
    game, applied = replay(record)  # the judge's replay, in this process
    assert answer["valid"] is True and answer["phase"] == "over" == game.phase
    assert answer["result"] == json.loads(json.dumps(game.result()))
    assert applied == len(record.actions) and game.returns() is not None
    # the record a seat keeps (hands, not the seed) replays to the same result
    kept = game.record_for(1)
    assert kept.deal.seed is None and kept.deal.hands is not None
    assert replay(Record.loads(kept.dumps()))[0].result() == game.result()


def test_the_judge_names_the_rule_a_record_breaks(toy_game: type[Game],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({
        "game": "toy", "options": {"preset": "quick"},
        "deal": {"hands": ["3S 3H 9C KD AS", "4S 5H 6C 7D 8S", "4H 5S 6D 7C 8H",
                           "4C 5C 6H 7S 8D"]},
        "actions": [[0, "play", "3S 3H"], [1, "play", "4S"]]}), encoding="utf-8")
    done = paizhuo("judge", str(path))
    assert done.returncode == 1, done.stdout + done.stderr
    answer = json.loads(done.stdout)
    assert answer["rule"] == "TOY-3" and "one 4 does not beat two 3s" in answer["message"]


def test_the_terminal_table_plays_a_deal(toy_game: type[Game], tmp_path: Path) -> None:
    """``paizhuo play``: always the first choice offered, until the deal is over."""
    done = paizhuo("play", "toy", "--preset", "quick", "--seed", "1", "--records",
                   str(tmp_path), stdin="1\n" * 60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Deal over" in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert "Your hand" in done.stdout and "pass" in done.stdout
    [record] = tmp_path.glob("*.json")
    game, _ = replay(Record.loads(record.read_text(encoding="utf-8")))
    assert game.phase == "over"
