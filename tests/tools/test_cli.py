"""The command line: exit statuses, messages, and never a traceback (``docs/cli.md``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paizhuo.cli import app

runner = CliRunner()

FAKE_ILLEGAL = json.dumps({"game": "fake", "deal": {"hands": ["AS AH 3C", "KS 2D 2H"]},
                           "actions": [[0, "play", "AS"], [1, "play", "KS 2D"]]})


def cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run the real ``python -m paizhuo`` (no fake game there)."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "paizhuo", *args], input=data,
                          capture_output=True, timeout=120, check=False)


# -- judge, in a real process ---------------------------------------------------------------

@pytest.mark.parametrize(
    "garbage",
    [b"", b"{", b"null", b"[1, 2]", b"\xff\xfe\x00garbage", "1" * 5000, "[" * 50_000,
     b'{"game": "shengji", "deal": {"seed": "x"}}', '{"game": "象棋", "deal": {}}'],
)
def test_judge_garbage_is_malformed_without_traceback(garbage: str | bytes) -> None:
    proc = cli("judge", "-", stdin=garbage)
    assert proc.returncode == 2, proc.stderr
    assert b"Traceback" not in proc.stderr + proc.stdout
    answer = json.loads(proc.stdout)
    assert answer["valid"] is False and answer["malformed"] is True
    assert isinstance(answer["field"], str) and answer["message"]


def test_judge_missing_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    proc = cli("judge", str(missing))
    assert proc.returncode == 2
    assert str(missing).encode() in proc.stderr
    assert b"Traceback" not in proc.stderr


def test_judge_directory_is_unreadable(tmp_path: Path) -> None:
    proc = cli("judge", str(tmp_path))
    assert proc.returncode == 2 and b"cannot read" in proc.stderr


def test_judge_malformed_file_reports_field(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"game": "shengji", "deal": {"hands": ["AS", "XX"]}}', encoding="utf-8")
    proc = cli("judge", str(path))
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["field"] == "deal.hands[1]"


def test_no_command_shows_help_and_unknown_command_is_exit_2() -> None:
    assert b"judge" in cli("--help").stdout
    proc = cli("fly")
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr


def test_serve_migrates_a_database_and_refuses_one_it_cannot_use(tmp_path: Path) -> None:
    db = tmp_path / "new" / "paizhuo.db"
    proc = cli("serve", "--migrate-only", "--db", str(db))
    assert proc.returncode == 0 and b"newest schema" in proc.stdout, proc.stderr
    assert db.exists()
    proc = cli("serve", "--migrate-only", "--db", "nosuchdb://x")
    assert proc.returncode == 2 and b"--db" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("command", ["simulate", "play", "bench"])
def test_unknown_game_is_exit_2_naming_it(command: str) -> None:
    proc = cli(command, "chess")
    assert proc.returncode == 2
    assert b'"chess"' in proc.stderr and b"Traceback" not in proc.stderr


# -- every command on the throwaway fake game -----------------------------------------------

@pytest.mark.usefixtures("fake_game_cls")
class TestOnFakeGame:
    def test_judge_stdin_legal_illegal(self) -> None:
        legal = json.dumps({"game": "fake", "deal": {"seed": 3}, "actions": []})
        result = runner.invoke(app, ["judge", "-"], input=legal)
        assert result.exit_code == 0
        assert json.loads(result.stdout) == {"valid": True, "phase": "play", "to_act": [0],
                                             "result": None}
        result = runner.invoke(app, ["judge", "-"], input=FAKE_ILLEGAL)
        assert result.exit_code == 1
        assert json.loads(result.stdout)["rule"] == "FK-3"

    def test_judge_file_with_bom(self, tmp_path: Path) -> None:
        path = tmp_path / "r.json"
        path.write_bytes(b"\xef\xbb\xbf" + FAKE_ILLEGAL.encode())
        assert runner.invoke(app, ["judge", str(path)]).exit_code == 1

    def test_judge_engine_bug_is_exit_3_with_json(self) -> None:
        doc = json.dumps({"game": "fake", "options": {"explode": 0}, "deal": {"seed": 1},
                          "actions": [[0, "pass"]]})
        result = runner.invoke(app, ["judge", "-"], input=doc)
        assert result.exit_code == 3
        assert json.loads(result.stdout)["internal_error"] is True
        assert "Traceback" not in result.output

    def test_simulate_prints_statistics(self) -> None:
        result = runner.invoke(app, ["simulate", "fake", "--games", "12", "--preset", "long",
                                     "--bots", "random,greedy", "--seed", "5"])
        assert result.exit_code == 0, result.output
        out = result.stdout
        for text in ("12 games", "Outcomes", "won_by", "Means per deal", "decisions",
                     "Per seat", "score", "Per bot", "greedy", "random"):
            assert text in out

    def test_simulate_matches_follow_next_start(self) -> None:
        result = runner.invoke(app, ["simulate", "fake", "--games", "4", "--matches"])
        assert result.exit_code == 0, result.output
        assert "12 deals" in result.stdout and "3×4" in result.stdout

    def test_simulate_options_are_json_or_text(self) -> None:
        ok = runner.invoke(app, ["simulate", "fake", "--games", "2", "-o", "hand=5"])
        assert ok.exit_code == 0 and '"hand": 5' in ok.stdout
        bad = runner.invoke(app, ["simulate", "fake", "--games", "2", "-o", "hand=five"])
        assert bad.exit_code == 2 and "options.hand" in bad.stderr

    @pytest.mark.parametrize(
        ("args", "message"),
        [(["--preset", "huge"], 'unknown preset "huge"'),
         (["-o", "colour=red"], "options.colour"),
         (["-o", "novalue"], "key=value"),
         (["--bots", "genius"], 'unknown bot "genius"'),
         (["--bots", ","], "--bots"),
         (["--games", "0"], "")],
    )
    def test_simulate_bad_input_is_exit_2(self, args: list[str], message: str) -> None:
        result = runner.invoke(app, ["simulate", "fake", *args])
        assert result.exit_code == 2
        assert message in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)

    def test_simulate_engine_bug_is_exit_3_with_the_record(self) -> None:
        result = runner.invoke(app, ["simulate", "fake", "-o", "explode=2"])
        assert result.exit_code == 3
        assert "exploded on purpose" in result.stderr
        assert '"explode": 2' in result.stderr and "Traceback" not in result.output

    def test_bench_prints_figures_per_preset(self) -> None:
        result = runner.invoke(app, ["bench", "fake", "--games", "3"])
        assert result.exit_code == 0, result.output
        for text in ("short", "long", "rounds/s", "decisions/s", "tracemalloc peak",
                     "max RSS", "state, deep sizeof", "state, pickle"):
            assert text in result.stdout

    def test_bench_one_preset_for_some_seconds(self) -> None:
        result = runner.invoke(app, ["bench", "fake", "--preset", "short", "--seconds", "0.1"])
        assert result.exit_code == 0 and "long" not in result.stdout
        assert runner.invoke(app, ["bench", "fake", "--preset", "x"]).exit_code == 2

    def test_play_to_the_end_of_a_match_typing_numbers(self) -> None:
        result = runner.invoke(app, ["play", "fake", "--seed", "2"], input="1\n" * 60)
        assert result.exit_code == 0, result.output
        assert result.stdout.count("Deal over") == 3

    def test_play_reprompts_on_bad_input_then_quits(self) -> None:
        answers = ["99", "dance", "play XX", "play 2S 3S", "", "all", "quit"]
        result = runner.invoke(app, ["play", "fake", "--seed", "4", "--bots", "greedy"],
                               input="\n".join(answers) + "\n")
        assert result.exit_code == 0, result.output
        out = result.stdout
        assert "No action 99" in out
        assert 'unknown verb "dance"' in out
        assert '"XX" is not a card' in out
        assert "Not allowed (FK-" in out
        # quitting saves the deal and says where (issue 34), instead of printing the record
        assert "Stopped" in out and '"game": "fake"' not in out
        assert "saved to" in out

    def test_play_typed_action_in_notation(self) -> None:
        from paizhuo.games import game_class
        from paizhuo.terminal.values import action_text

        game = game_class("fake").new({}, seed=4)
        first = game.legal_actions(0)[0]
        typed = action_text(first).lower()
        result = runner.invoke(app, ["play", "fake", "--seed", "4"], input=typed + "\nquit\n")
        assert result.exit_code == 0
        saved = result.stdout.replace("\n", "").split(" saved to ")[-1].strip()
        assert f'[0, "play", "{action_text(first).split(" ", 1)[1]}"]' in Path(saved).read_text(
            encoding="utf-8")

    def test_play_end_of_input_stops_cleanly(self) -> None:
        result = runner.invoke(app, ["play", "fake"], input="")
        assert result.exit_code == 0 and "Stopped" in result.stdout

    def test_play_bad_seat_is_exit_2(self) -> None:
        result = runner.invoke(app, ["play", "fake", "--seat", "5"])
        assert result.exit_code == 2 and "seat 5 does not exist" in result.stderr
