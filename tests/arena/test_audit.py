"""The blunder audit's machinery (``paizhuo audit``, :mod:`paizhuo.arena.audit`): seeded,
the same counts every run, each pattern counted per decision and per chance, the worst
examples pointing at a record that replays to the decision."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paizhuo.arena import audit as audit_module
from paizhuo.arena.audit import AuditRun, BasePattern, Decision, Finding, audit
from paizhuo.cli import app
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record


class PassedWhenItCouldPlay(BasePattern):
    """A test pattern: every decision with a play on offer is a chance; a pass is the
    mistake, weighed by the cards held."""

    key = "test.pass"
    title = "passed with a play on offer"
    source = "the test"

    def check(self, d: Decision) -> Finding | None:
        if d.game.phase != "play" or not any(a.verb == "play" for a in d.legal):
            return None
        return Finding(d.action.verb == "pass", f"passed holding {d.hand}",
                       weight=len(d.hand.split()))


class DealsPlayed(BasePattern):
    """A test pattern that speaks once the deal is over: the last decision, always."""

    key = "test.last"
    title = "the last decision"
    source = "the test"

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        assert game.is_over
        return [(len(decisions) - 1, Finding(True, "the deal ended here"))]


@pytest.fixture
def test_patterns() -> Iterator[None]:
    audit_module.register_patterns("baohuang", lambda: [PassedWhenItCouldPlay(), DealsPlayed()])
    yield
    del audit_module._REGISTERED["baohuang"]


def test_the_audit_counts_each_pattern_the_same_every_run(test_patterns: None,
                                                          tmp_path: Path) -> None:
    run = AuditRun("baohuang", "random", 2, 7, {}, tmp_path)
    first = audit(run, keep=3)
    again = audit(AuditRun("baohuang", "random", 2, 7, {}, tmp_path), keep=3)
    assert first == again
    passed, last = first["patterns"]
    assert last["made"] == last["chances"] == 2
    assert 0 < passed["made"] < passed["chances"]
    assert passed["per_100_decisions"] == round(100 * passed["made"] / first["decisions"], 3)
    assert passed["per_chance"] == round(passed["made"] / passed["chances"], 4)
    # the worst first, at most three, each pointing at its deal's record and decision
    worst = passed["worst"]
    assert len(worst) == 3
    assert [w["weight"] for w in worst] == sorted((w["weight"] for w in worst), reverse=True)
    for w in worst:
        record = Record.loads(Path(w["record"]).read_text(encoding="utf-8"))
        action = record.actions[w["index"]]
        assert action.seat == w["seat"] and action.verb == "pass"


def test_another_seed_plays_other_deals(test_patterns: None, tmp_path: Path) -> None:
    a = audit(AuditRun("baohuang", "greedy", 1, 1, {}, tmp_path))
    b = audit(AuditRun("baohuang", "greedy", 1, 2, {}, tmp_path))
    assert a["decisions"] != b["decisions"] or a["patterns"] != b["patterns"]


def test_the_command_prints_the_rates_and_writes_json_and_a_plot(test_patterns: None,
                                                                  tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    plot = tmp_path / "a.png"
    result = CliRunner().invoke(app, [
        "audit", "baohuang", "--bots", "greedy,random", "--deals", "1", "--seed", "3",
        "--json", str(out), "--plot", str(plot), "--records", str(tmp_path / "rec")])
    assert result.exit_code == 0, result.output
    assert "test.pass" in result.output and "greedy" in result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [a["bot"] for a in doc["audits"]] == ["greedy", "random"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_bot_or_game_is_a_command_line_mistake() -> None:
    result = CliRunner().invoke(app, ["audit", "baohuang", "--bots", "nobody", "--deals", "1"])
    assert result.exit_code == 2 and "unknown bot" in result.output
