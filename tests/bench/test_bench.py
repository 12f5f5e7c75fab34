"""The engines' benchmark: its figures on the fake game, the copy figures (clone,
determinize) and the RLCard comparison (issue 8).

Figures are printed, never asserted against a time: only that they are measured and shown.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from paizhuo.bench.engines import (
    RLCARD_MISSING,
    RLCardMissing,
    bench_preset,
    bench_rlcard,
    deep_sizeof,
    time_copies,
)
from paizhuo.cli import app

runner = CliRunner()


def test_deep_sizeof_counts_shared_objects_once() -> None:
    inner = list(range(100))
    assert deep_sizeof([inner, inner]) < deep_sizeof([inner, list(range(100))])
    assert deep_sizeof({"a": inner}) > deep_sizeof(inner)

    class Slotted:
        __slots__ = ("x",)

        def __init__(self) -> None:
            self.x = list(range(50))

    assert deep_sizeof(Slotted()) > deep_sizeof(list(range(50)))


@pytest.mark.usefixtures("fake_game_cls")
def test_bench_preset_on_the_fake_game(fake_game_cls: Any) -> None:
    result = bench_preset(fake_game_cls, "long", games=5, seconds=60)
    assert result.rounds == 5 and result.decisions >= 5 * 6
    assert result.rounds_per_s > 0 and result.decisions_per_s > 0
    assert result.traced_peak_bytes > 0 and result.state_bytes > 0
    assert result.pickle_bytes is not None and result.pickle_bytes > 0
    quick = bench_preset(fake_game_cls, "short", seconds=0.0)
    assert quick.rounds == 1


@pytest.mark.usefixtures("fake_game_cls")
class TestCopyFigures:
    def test_bench_times_clone_and_determinize(self, fake_game_cls: Any) -> None:
        result = bench_preset(fake_game_cls, "long", games=2, copy_calls=20)
        assert result.clone_us is not None and result.clone_us > 0
        assert result.determinize_us is not None and result.determinize_us > 0
        skipped = bench_preset(fake_game_cls, "long", games=1, copy_calls=0)
        assert skipped.clone_us is None and skipped.determinize_us is None

    def test_time_copies_measures_positions_halfway(self, fake_game_cls: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        seen: list[tuple[int, int, int]] = []  # (state_id, seat, seat to act)
        original = fake_game_cls.determinize

        def spy(game: Any, seat: int, rng: Any) -> Any:
            seen.append((game.state_id, seat, game.to_act()[0]))
            return original(game, seat, rng)

        monkeypatch.setattr(fake_game_cls, "determinize", spy)
        time_copies(fake_game_cls, {"preset": "long"}, seed=3, positions=2, calls=4)
        assert len(seen) == 8
        assert all(state_id > 0 and seat == acting for state_id, seat, acting in seen)

    def test_the_command_prints_them_with_their_targets(self) -> None:
        result = runner.invoke(app, ["bench", "fake", "--games", "2"], terminal_width=200)
        assert result.exit_code == 0, result.output
        assert "clone µs (≤ 50)" in result.stdout
        assert "determinize µs (≤ 500)" in result.stdout


def test_compare_rlcard_without_rlcard_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, fake_game_cls: Any) -> None:
    monkeypatch.setitem(sys.modules, "rlcard", None)  # as if it were not installed
    with pytest.raises(RLCardMissing, match="paizhuo\\[bench\\]"):
        bench_rlcard(seconds=0.0, games=1)
    result = runner.invoke(app, ["bench", "fake", "--games", "1", "--compare-rlcard"])
    assert result.exit_code == 2
    assert RLCARD_MISSING in result.stderr.replace("\n", " ")
    assert "rounds/s" not in result.stdout, "refused before benchmarking anything"


def test_rlcard_dou_dizhu_is_timed_in_the_same_run(fake_game_cls: Any) -> None:
    pytest.importorskip("rlcard", reason="rlcard is not installed (pip install "
                                         "'paizhuo[bench]'): the comparison is not run")
    figures = bench_rlcard(seconds=60.0, games=2)
    assert figures.games == 2 and figures.env_games == 2
    assert figures.games_per_s > 0 and figures.env_games_per_s > 0
    result = runner.invoke(app, ["bench", "fake", "--games", "2", "--compare-rlcard"],
                           terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "RLCard" in result.stdout and "× RLCard" in result.stdout
    assert "games/s" in result.stdout
