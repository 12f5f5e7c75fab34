"""Golden playthroughs: whole recorded deals (one per preset) must still judge legal and give
the same result; a change here is a change of the rules engine and needs a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paizhuo.engine.judge import LEGAL, judge_text

DATA = Path(__file__).parents[2] / "data" / "baohuang"


@pytest.mark.parametrize("preset", ["standard", "no_extra", "basic"])
def test_golden_deal(preset: str) -> None:
    text = (DATA / f"golden_{preset}.json").read_text(encoding="utf-8")
    expected = json.loads((DATA / f"golden_{preset}.result.json").read_text(encoding="utf-8"))
    status, answer = judge_text(text)
    assert status == LEGAL and answer["phase"] == "over"
    assert answer["result"] == expected
