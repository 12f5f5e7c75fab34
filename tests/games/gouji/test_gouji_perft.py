"""Perft-style legal-action counts for fixed positions (``tests/data/gouji/perft.json``).

The first five and the burn, 憋三 and chaos counts were worked out by hand (see each name);
the others guard the move generator against unintended change.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from paizhuo.engine.judge import replay
from paizhuo.engine.records import Record

DATA = Path(__file__).parents[2] / "data" / "gouji" / "perft.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))


def test_at_least_ten_positions() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft(case: dict[str, Any]) -> None:
    game, _ = replay(Record.from_json(case["record"]))
    legal = game.legal_actions()
    assert game.to_act() == case["to_act"]
    assert len(legal) == case["legal"]
    assert dict(Counter(a.verb for a in legal)) == case["verbs"]
    assert len(set(legal)) == len(legal)  # no action listed twice


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_legal_actions_have_distinct_fixed_size_indices(case: dict[str, Any]) -> None:
    from paizhuo.games.gouji.encoding import NUM_ACTIONS, action_index

    game, _ = replay(Record.from_json(case["record"]))
    idx = [action_index(a) for a in game.legal_actions()]
    assert len(set(idx)) == len(idx)
    assert all(0 <= i < NUM_ACTIONS for i in idx)


GOLDEN: list[dict[str, Any]] = json.loads(
    (DATA.parent / "golden.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=[c["record"]["options"]["preset"] for c in GOLDEN])
def test_golden_playthrough(case: dict[str, Any]) -> None:
    """Whole recorded games replay to the recorded result (catches unintended rule changes)."""
    game, _ = replay(Record.from_json(case["record"]))
    assert game.result() == case["result"]
    assert game.next_start() == case["next_start"]
