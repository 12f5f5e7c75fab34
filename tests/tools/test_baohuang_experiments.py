"""``tools/baohuang_experiments.py``, the experiments behind the Baohuang heuristic's measured
thresholds (docs/strength.md): bots with attributes set, paired figures, reproducible runs."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "baohuang_experiments.py"


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("baohuang_experiments", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> list[str]:
    out = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True,
                         check=True, timeout=300)
    return out.stdout.splitlines()


def test_a_bot_is_made_with_its_attributes_set() -> None:
    t = tool()
    bot = t.make("heuristic:beat_maybes=0:bar_crown=1.5:seize_from=7.5")
    assert (bot.beat_maybes, bot.bar_crown, bot.seize_from) == (False, 1.5, 7.5)
    assert t.make("heuristic").beat_maybes is True
    with pytest.raises(SystemExit, match="no attribute 'fight'"):
        t.make("heuristic:fight=3")


def test_the_same_bot_twice_is_no_change_and_the_figures_repeat() -> None:
    first = run("seized", "--rebels", "heuristic,heuristic", "--deals", "12", "--seed", "3")
    assert first[1].endswith("change +0.000 ± 0.000")
    assert run("seized", "--rebels", "heuristic,heuristic", "--deals", "12",
               "--seed", "3") == first


def test_normal_games_leave_out_seized_and_alone_deals() -> None:
    lines = run("normal", "--bots", "heuristic,heuristic-v1", "--deals", "10", "--seed", "3")
    kept = int(lines[0].split(" over ")[1].split()[0])
    assert 0 < kept <= 10
    assert "change" in lines[1] and "change" not in lines[0]


def test_seizing_both_ways_prints_every_band_of_the_deals() -> None:
    lines = run("seize-ways", "--deals", "8", "--seed", "3")
    assert lines[0].startswith("strength")
    assert sum(int(line.split()[1]) for line in lines[1:]) == 8


def test_seizures_can_be_kept_to_strong_hands_and_one_rebel_can_differ() -> None:
    t = tool()
    # the strength filter keeps only deals whose holder is that strong
    kept = [t.seized_one((d, 3, "heuristic", "heuristic", 7.0)) for d in range(12)]
    for d, won in enumerate(kept):
        game = t.new_game(3, d)
        holder = game.to_act()[0]
        strong = t.control(t.read_hand(game.observation(holder)["hand"])[1]) >= 7.0
        assert (won is not None) == strong
    # A/B: one rebel A, three B; A/A plays as A
    assert [t.seized_one((d, 3, "heuristic", "heuristic/heuristic", 0.0)) for d in range(6)] \
        == [t.seized_one((d, 3, "heuristic", "heuristic", 0.0)) for d in range(6)]
    lines = run("seized", "--seizer", "heuristic-v1,heuristic", "--rebels",
                "heuristic,heuristic-v1/heuristic", "--deals", "10", "--seed", "3",
                "--strength-from", "6")
    assert len(lines) == 4 and "change" not in lines[0]
    assert all("change" in line for line in lines[1:])
    assert lines[3].startswith("seizer heuristic, rebels heuristic-v1/heuristic")


def test_the_lead_short_split_counts_a_part_of_the_normal_games_leads() -> None:
    lines = run("lead-short", "--bots", "heuristic", "--deals", "6", "--seed", "1")
    assert len(lines) == 1 and lines[0].startswith("heuristic: ")
    normal = int(lines[0].split("normal games ")[1].split(",")[0])
    whole = int(lines[0].rsplit(" ", 1)[1])
    assert 0 <= whole <= normal
    decisions = int(lines[0].split(": ")[1].split()[0])
    assert decisions > 0
