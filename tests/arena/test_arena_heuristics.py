"""The heuristic bots beat random and greedy players on the arena's duplicate deals: what
``paizhuo arena GAME --bots heuristic,OTHER`` prints, on few deals with fixed seeds (so the
figures are reproducible). The bots only hold their policy; the arena measures them."""

from __future__ import annotations

from typing import Any

import pytest

from paizhuo.arena.duplicate import make_spec, run_arena, units


def arena_results(game: str, other: str, deals: int, seed: int,
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The arena's figures (``results``) of ``heuristic`` (A) against ``other`` (B), played
    in this process with the game's default scheme."""
    spec = make_spec(game, ["heuristic", other], seed, options)
    results: dict[str, Any] = run_arena(spec, deals).summary["results"]
    return results


# -- Shengji: fixed partners, every deal played twice (the heuristic team at the even seats,
# then at the odd ones) ---------------------------------------------------------------------

def test_shengji_heuristic_beats_random_on_duplicate_deals() -> None:
    """40 deals of ``tractor`` (measured: all 80 rounds won, about +1.5 levels a round)."""
    results = arena_results("shengji", "random", 40, seed=0, options={"preset": "tractor"})
    levels, won = units("shengji")
    rounds = results["A"][won]
    assert rounds["wins"] >= 0.95 * rounds["n"], rounds
    assert results["A"][levels]["ci"][0] > 1.0, results["A"]


def test_shengji_heuristic_ahead_of_greedy_on_duplicate_deals() -> None:
    """The same with greedy players on the other team. Forty deals are too few for an interval
    clear of zero (the edge is about +0.17 levels a round, measured on 300 deals with
    ``paizhuo arena shengji --bots heuristic,greedy --deals 300``: see docs/shengji.md, Bots);
    these forty must at least come out ahead."""
    results = arena_results("shengji", "greedy", 40, seed=0, options={"preset": "tractor"})
    levels, _ = units("shengji")
    assert results["A"][levels]["mean"] > 0, results["A"]


# -- Baohuang: no fixed partners, each seat played by the heuristic among four of the other
# bot and by the other bot among four heuristics (the solo scheme) ---------------------------

@pytest.mark.parametrize(("baseline", "margin"), [("random", 1.0), ("greedy", 0.0)])
def test_baohuang_heuristic_beats_the_baseline_on_duplicate_deals(baseline: str,
                                                                  margin: float) -> None:
    """16 deals × 5 seats: the lower end of the 95% interval of the difference (the
    heuristic's points at a seat less the baseline's at the same seat of the same deal) must
    clear the margin (measured on these deals: about +15 points a seat against random, +8
    against greedy)."""
    results = arena_results("baohuang", baseline, 16, seed=100)
    difference = results["difference"]
    assert difference["ci"][0] > margin, difference
