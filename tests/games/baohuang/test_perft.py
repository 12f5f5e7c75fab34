"""Perft-style legal-action counts (BH-2, BH-3, BH-4) for fixed positions in
``tests/data/baohuang/perft.json``: depth 1 is the number of decisions open to the seats that may
act, depth 2 the sum of those counts after each decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Record

DATA = Path(__file__).parents[2] / "data" / "baohuang" / "perft.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))


def decisions(game: Game) -> list[Action]:
    return [a for seat in game.to_act() for a in game.legal_actions(seat)]


def perft(record: Record, depth: int) -> int:
    game, _ = replay(record)
    moves = decisions(game)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = Record.from_json(record.to_json())
        child.actions.append(move)
        total += perft(child, depth - 1)
    return total


def test_there_are_at_least_ten_positions() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft(case: dict[str, Any]) -> None:
    record = Record.from_json(case["record"])
    for depth, expected in enumerate(case["perft"], start=1):
        assert perft(record, depth) == expected, f"depth {depth}: {case['note']}"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_every_listed_action_applies_and_nothing_repeats(case: dict[str, Any]) -> None:
    record = Record.from_json(case["record"])
    game, _ = replay(record)
    moves = decisions(game)
    assert len(set(moves)) == len(moves)
    for move in moves:
        child, _ = replay(record)
        child.apply(move)
