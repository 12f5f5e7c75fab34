"""``paizhuo bench server`` (issue 9): a short real run — a server subprocess, tables of
websocket clients — prints its figures, applies actions and sees no error. The figures are
printed, never held to a time here."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from paizhuo.bench.server import ServerBenchError, percentile, table_plan
from paizhuo.cli import app

runner = CliRunner()


def _figure(text: str, label: str) -> str:
    match = re.search(rf"│ *{re.escape(label)} *│\s*([^│]*?)\s*│", text)
    assert match is not None, f"{label!r} is not printed:\n{text}"
    return match.group(1)


def _number(text: str, label: str) -> float:
    return float(_figure(text, label).replace(",", ""))


def test_a_short_run_plays_every_game_and_prints_its_figures() -> None:
    result = runner.invoke(app, ["bench", "server", "--tables", "4", "--seconds", "3",
                                 "--think", "0"], terminal_width=200)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert _number(out, "tables") == 4
    assert _number(out, "shengji:tractor") == 2
    assert _number(out, "gouji") == _number(out, "baohuang") == 1
    assert _number(out, "clients (websockets)") == 4 + 6 + 5 + 4
    assert _number(out, "actions applied") > 0
    assert _number(out, "actions/s") > 0
    assert _number(out, "latencies measured") > 0
    p50, p90 = _number(out, "latency p50 ms"), _number(out, "latency p90 ms")
    p99, top = _number(out, "latency p99 ms"), _number(out, "latency max ms")
    assert 0 < p50 <= p90 <= p99 <= top
    start = _number(out, "server RSS at start MB")
    assert start > 0 and _number(out, "server RSS at the end MB") > 0
    _number(out, "memory per table MB")
    assert _number(out, "errors") == 0, out
    assert "error " not in out.split("└")[-1], out


def test_server_options_are_refused_for_a_game_bench_and_the_other_way() -> None:
    result = runner.invoke(app, ["bench", "gouji", "--tables", "3"])
    assert result.exit_code == 2 and "--tables" in result.stderr
    result = runner.invoke(app, ["bench", "server", "--games", "3"])
    assert result.exit_code == 2 and "--games" in result.stderr
    result = runner.invoke(app, ["bench", "server", "--game", "chess", "--tables", "1"])
    assert result.exit_code == 2 and "chess" in result.stderr


def test_table_plans() -> None:
    assert table_plan("mix", 4) == [("shengji", "tractor"), ("gouji", None),
                                    ("baohuang", None), ("shengji", "tractor")]
    assert table_plan("Shengji:friends-5", 2) == [("shengji", "friends-5")] * 2
    with pytest.raises(ServerBenchError, match="presets are"):
        table_plan("gouji:tractor", 1)


def test_percentile_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99
    assert percentile(values, 100) == 100 and percentile([7.0], 99) == 7
    assert percentile([], 50) is None
