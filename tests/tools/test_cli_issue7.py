"""The command line as a newcomer meets it (issue 7): version, help, errors first, records of
every deal kept, simulate's records and match winners, and the judge under big input."""

from __future__ import annotations

import json
import re
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paizhuo import __version__
from paizhuo.cli import app
from paizhuo.engine.judge import ILLEGAL, LEGAL, MALFORMED, judge_text
from paizhuo.games import game_class
from paizhuo.terminal.table import TerminalPlay

runner = CliRunner()
COMMANDS = ("judge", "simulate", "play", "bench", "serve")


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"paizhuo {__version__}"


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_reads_well(command: str | None) -> None:
    result = runner.invoke(app, [command, "--help"] if command else ["--help"],
                           terminal_width=100)
    assert result.exit_code == 0
    text = result.stdout
    assert "Usage: paizhuo" in text
    for leak in ("<bool>", "<str>", "<int>", "list[", "{file}", "{game}"):
        assert leak not in text, f"{leak!r} in the help of {command}"


def test_usage_errors_start_on_their_first_line() -> None:
    result = runner.invoke(app, ["simulate", "shengji", "--games", "0"])
    assert result.exit_code == 2
    first = result.output.strip().splitlines()[0]
    assert first.startswith("error:") and "--games" in first
    assert "Try 'paizhuo simulate --help'" in result.output


def test_unknown_command_error_first() -> None:
    result = runner.invoke(app, ["fly"])
    assert result.exit_code == 2 and result.output.startswith("error:")


def test_game_names_are_case_insensitive() -> None:
    result = runner.invoke(app, ["simulate", "ShengJi", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "shengji" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [(["simulate", "shengji", "--bots", "greedy,"], "empty name"),
     (["simulate", "shengji", "--bots", "greedy,,random"], "empty name"),
     (["simulate", "shengji", "--bots", "random,random,random,random,random"],
      "only 4 seats"),
     (["play", "shengji", "--bots", "greedy,greedy,greedy,greedy"], "only 3 other seats")],
)
def test_bot_lists_are_checked(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output.startswith("error:") and message in result.output


# -- records of every deal ---------------------------------------------------------------------

def _judged_legal(path: Path) -> dict[str, object]:
    status, answer = judge_text(path.read_text(encoding="utf-8"))
    assert status == LEGAL, (path.name, answer)
    return answer


@pytest.mark.usefixtures("fake_game_cls")
class TestPlayKeepsRecords:
    def test_a_whole_match_writes_every_deal(self, tmp_path: Path) -> None:
        result = runner.invoke(app, ["play", "fake", "--seed", "2", "--records", str(tmp_path)],
                               input="1\n" * 60)
        assert result.exit_code == 0, result.output
        files = sorted(tmp_path.glob("fake-*.json"))
        assert len(files) == 3 and [f.name[-10:] for f in files] == [
            "deal1.json", "deal2.json", "deal3.json"]
        for path in files:
            assert str(path) in result.stdout.replace("\n", "")
            assert _judged_legal(path)["result"] is not None

    @pytest.mark.parametrize("answers", ["quit\n", ""], ids=["quit", "end-of-input"])
    def test_quit_or_end_of_input_writes_the_deal_so_far(self, tmp_path: Path,
                                                          answers: str) -> None:
        result = runner.invoke(app, ["play", "fake", "--seed", "4", "--records", str(tmp_path)],
                               input="1\n" + answers)
        assert result.exit_code == 0, result.output
        (path,) = tmp_path.glob("fake-*.json")
        assert _judged_legal(path)["result"] is None
        assert json.loads(path.read_text(encoding="utf-8"))["actions"]

    def test_ctrl_c_writes_the_deal_so_far(self, tmp_path: Path) -> None:
        from rich.console import Console

        answers = iter(["1"])

        def ask(prompt: str) -> str:
            try:
                return next(answers)
            except StopIteration:
                raise KeyboardInterrupt from None

        table = TerminalPlay(game_class("fake"), {}, 0, 4, ["greedy"],
                             Console(file=open("/dev/null", "w")), ask=ask,  # noqa: SIM115
                             records=tmp_path)
        with pytest.raises(KeyboardInterrupt):
            table.run()
        (path,) = tmp_path.glob("fake-*.json")
        assert _judged_legal(path)["result"] is None

    def test_the_default_folder_is_the_data_folder(self, _paizhuo_home: Path) -> None:
        result = runner.invoke(app, ["play", "fake", "--seed", "4"], input="1\nquit\n")
        assert result.exit_code == 0
        assert list((_paizhuo_home / "records").glob("fake-*.json"))


def test_simulate_records_are_all_legal(tmp_path: Path) -> None:
    for game in ("shengji", "gouji", "baohuang"):
        folder = tmp_path / game
        result = runner.invoke(app, ["simulate", game, "--games", "2", "--matches",
                                     "--max-rounds", "2", "--records", str(folder)])
        assert result.exit_code == 0, result.output
        files = sorted(folder.glob(f"{game}-*.json"))
        rounds = int(re.search(r"(\d+) deals", result.stdout).group(1))  # type: ignore[union-attr]
        assert len(files) == rounds >= 2
        for path in files:
            assert _judged_legal(path)["result"] is not None


@pytest.mark.usefixtures("fake_game_cls")
def test_simulate_matches_says_who_won_and_counts_seat_fields() -> None:
    result = runner.invoke(app, ["simulate", "fake", "--games", "6", "--matches",
                                 "--bots", "random,greedy"], terminal_width=150)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Matches (who won)" in out and "a side with greedy" in out
    wins = [int(n) for n in re.findall(r"seats \d\s+│\s+(\d+)", out)]
    assert sum(wins) == 6
    means = out.split("Means per deal")[1].split("Per seat")[0]
    assert "round" not in means, "a game number is counted, not averaged"
    counted = out.split("Outcomes (counted)")[1].split("Means per deal")[0]
    assert re.search(r"round\s+│\s+1\s+│\s+6", counted), "each game number 6 times"


@pytest.mark.usefixtures("fake_game_cls")
def test_simulate_unfinished_matches_are_reported() -> None:
    result = runner.invoke(app, ["simulate", "fake", "--games", "2", "--matches",
                                 "--max-rounds", "2"], terminal_width=150)
    assert result.exit_code == 0 and "unfinished (deal limit)" in result.stdout


# -- the judge: plain words, strict JSON, big input ----------------------------------------------

@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [("{}", "game", "missing: say which game"),
     ('{"game": null, "deal": {"seed": 1}}', "game", "not null"),
     ('{"game": "shengji", "deal": {"seed": 1}, "moves": []}', "moves",
      "a record has the fields game, options, start, deal, actions, position"),
     ('{"game": "shengji", "game": "gouji", "deal": {"seed": 1}}', "game", "appears twice"),
     ('{"game": "shengji", "deal": {"seed": 1, "seed": 2}}', "deal", "appears twice"),
     ('{"game": "shengji", "deal": {"seed": 1}, "actions": [[0, "bid", "2H", '
      '{"dealt": 1, "dealt": 2}]]}', "actions[0]", "appears twice"),
     ('{"game": "gouji", "options": {"deck": "198"}, "deal": {"seed": 1}}', "options.deck",
      "a number is required"),
     ('{"game": "shengji", "options": {"decks": "2"}, "deal": {"seed": 1}}', "options.decks",
      "a number is required"),
     ('{"game": "gouji", "options": {"series": "3"}, "deal": {"seed": 1}}', "options.series",
      "a number is required"),
     ('{"game": "shengji", "deal": {"seed": 1}, "actions": [[-1, "pass"]]}', "actions[0][0]",
      "not the number -1")],
)
def test_judge_malformed_in_plain_words(doc: str, field: str, words: str) -> None:
    status, answer = judge_text(doc)
    assert status == MALFORMED and answer["field"] == field and words in answer["message"]
    for repr_sign in ("None", "['", "'}", "not '"):
        assert repr_sign not in answer["message"], answer["message"]


def _padded_record(megabytes: float) -> tuple[str, int]:
    """A legal finished deal followed by copies of its last action up to ``megabytes``."""
    game = game_class("shengji").new({}, seed=3)
    import random

    rng = random.Random(3)
    while not game.is_over:
        game.apply(game.sample_action(rng))
    doc = game.record().to_json()
    legal = len(doc["actions"])
    doc["actions"].extend([doc["actions"][-1]] * int(megabytes * 1e6 / 20))
    return json.dumps(doc), legal


def test_a_big_record_is_judged_in_about_its_own_size_of_memory() -> None:
    text, legal = _padded_record(2)
    tracemalloc.start()
    try:
        status, answer = judge_text(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == ILLEGAL and answer["index"] == legal
    assert peak < 0.5 * len(text), f"peak {peak:,} bytes for a record of {len(text):,}"


def test_the_first_problem_in_the_record_decides() -> None:
    text, legal = _padded_record(0.01)
    doc = json.loads(text)
    doc["actions"].append([0, "play", "XX"])  # malformed, after the first illegal action
    status, answer = judge_text(json.dumps(doc))
    assert status == ILLEGAL and answer["index"] == legal
    broken = text[:-2] + ", [0, }"  # but the whole text must be JSON
    assert judge_text(broken)[0] == MALFORMED


def test_judge_refuses_records_past_max_bytes(tmp_path: Path) -> None:
    text, _ = _padded_record(0.05)
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    for args, stdin in (([str(path)], None), (["-"], text)):
        result = runner.invoke(app, ["judge", "--max-bytes", "10000", *args], input=stdin)
        assert result.exit_code == 2
        answer = json.loads(result.stdout)
        assert answer["malformed"] is True and "larger than 10,000 bytes" in answer["message"]
    assert runner.invoke(app, ["judge", "--max-bytes", str(len(text) + 10), str(path)]
                         ).exit_code == 1


def test_bench_judge_prints_time_and_memory() -> None:
    result = runner.invoke(app, ["bench", "gouji", "--judge-mb", "0.2"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "0.2 MB gouji record" in result.stdout and "exit 1" in result.stdout
    assert re.search(r"peak RSS \d", result.stdout) and "× the record's size" in result.stdout


@pytest.mark.parametrize(("game", "args"), [("gouji", ["-o", "series=2"]),
                                            ("shengji", ["--bots", "greedy,random"])])
def test_every_finished_match_has_winners(game: str, args: list[str]) -> None:
    from paizhuo.arena.simulate import simulate

    options = {"series": 2} if game == "gouji" else {}
    bots = ["greedy", "random"] if game == "shengji" else ["random"]
    summary = simulate(game, 3, seed=1, bots=bots, options=options, matches=True)
    assert summary.unfinished_matches == 0 and summary.single_deals == 0
    assert sum(summary.match_winners.values()) == 3
    assert all(k == "draw" or k.startswith("seats ") for k in summary.match_winners)
    assert "dealer" not in summary.means and "game" not in summary.means
