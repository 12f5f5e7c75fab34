"""Getting started (issue 34): the README's first command, help that names the data folder and
never cuts a sentence, and ``paizhuo play`` as a newcomer meets it — a random deal each time
(its seed printed, ``--seed`` to repeat it), a first screen with the seat, partners and hand
before any bot acts, quitting that says where the record was saved, the bidding explained in
words, and a table entirely in 中文 (``--lang zh``).
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from paizhuo.cli import app
from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.games import game_class
from paizhuo.terminal.table import TerminalPlay

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
COMMANDS = ("judge", "simulate", "play", "bench", "arena", "serve")


def play(*args: str, answers: str = "quit\n", lang: str = "en") -> str:
    result = runner.invoke(app, ["play", *args, "--lang", lang], input=answers,
                           terminal_width=120)
    assert result.exit_code == 0, result.output
    return result.stdout


# -- the README's first command ----------------------------------------------------------------

def test_readme_first_command_makes_a_virtual_environment() -> None:
    """A fresh Debian/Ubuntu Python refuses ``pip install`` outside a virtual environment
    (PEP 668): the first command makes one and runs the server from it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)\n```", readme, re.S)
    assert first is not None
    assert first.group(1) == ("python3 -m venv .venv && .venv/bin/pip install -e . "
                              "&& .venv/bin/paizhuo serve")


# -- help --------------------------------------------------------------------------------------

def _help(command: str | None, width: int) -> str:
    # Rich reads the width from COLUMNS
    result = runner.invoke(app, [command, "--help"] if command else ["--help"],
                           terminal_width=width, env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", ["serve", "play"])
def test_help_names_the_data_folder_option_and_paizhuo_home(command: str) -> None:
    text = " ".join(_help(command, 80).split())
    assert "--data" in text and "PAIZHUO_HOME" in text, text
    assert "data folder" in text


def test_top_help_names_the_data_folder() -> None:
    assert "PAIZHUO_HOME" in _help(None, 80)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\s│╭╮╰╯─]+", text)


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_no_help_text_breaks_mid_sentence_or_mid_word(command: str | None) -> None:
    """Wide, every paragraph and every option's help is one line (a docstring's own line
    breaks would cut sentences); at 80 columns Rich wraps between words only."""
    wide = _help(command, 400)
    lines = wide.splitlines()
    for above, line in itertools.pairwise(lines):
        if line.startswith(" ") and above.startswith(" ") and line.strip() and above.strip():
            raise AssertionError(f"a paragraph broken over two lines:\n{above}\n{line}")
        inner = line.strip("│ ")
        if line.startswith("│") and re.match(r"│\s{12,}", line) and inner:
            assert inner.startswith(("[default", "[required]")), f"a help broken: {line!r}"
    assert "``" not in wide and "pip install 'paizhuo'" not in " ".join(wide.split())
    assert set(_words(_help(command, 80))) <= set(_words(wide)), "a word cut at 80 columns"


def test_serve_data_option_moves_the_database(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--migrate-only", "--data", str(tmp_path / "d")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "d" / "paizhuo.db").exists()


@pytest.mark.usefixtures("fake_game_cls")
def test_play_data_option_moves_the_records(tmp_path: Path) -> None:
    out = play("fake", "--seed", "4", "--data", str(tmp_path), answers="1\nquit\n")
    assert list((tmp_path / "records").glob("fake-*.json")), out


# -- paizhuo play: the deal, the first screen, quitting ----------------------------------------

def _seed(out: str) -> int:
    found = re.search(r"seed (\d+) \(--seed \1 deals", out)
    assert found, out
    return int(found.group(1))


def _hand(out: str) -> str:
    found = re.search(r"Your hand \(\d+ cards\): (.*)", out)
    assert found, out
    return found.group(1)


def test_play_deals_a_new_random_deal_each_time_and_seed_repeats_it() -> None:
    first, second = play("gouji"), play("gouji")
    assert _seed(first) != _seed(second)
    assert _hand(first) != _hand(second)
    again = play("gouji", "--seed", str(_seed(first)))
    assert _seed(again) == _seed(first) and _hand(again) == _hand(first)


@pytest.mark.parametrize(("game", "partners"), [("gouji", "Partners: Seat "),
                                                ("shengji", "Partner: Seat "),
                                                ("baohuang", "Partners are not fixed")])
def test_first_screen_shows_seat_partners_and_hand_before_any_bot_acts(
        game: str, partners: str) -> None:
    # seed 1: a bot acts first in each game (Gouji's seat 1 leads, Baohuang's crown, the
    # Shengji deal goes round the table)
    out = play(game, "--seed", "1", answers="1\n" * 3 + "quit\n")
    you = re.search(r"You \(seat \d\)\. ", out)
    assert you is not None, out
    intro = you.start()
    assert out.index(partners) > intro and out.index("Your hand") > intro
    first_bot = re.search(r"Seat \d \([^)]*greedy\) ", out)
    assert first_bot is not None, out
    assert max(out.index(partners), out.index("Your hand")) < first_bot.start()


def test_quitting_says_where_the_record_is_saved_and_saves_it(_paizhuo_home: Path) -> None:
    out = play("gouji", "--seed", "2")  # quit at the first question: the deal is saved all
    assert "Stopped" in out and '"game"' not in out
    found = re.search(r"saved to (\S+\.json)", out.replace("\n", ""))
    assert found, out
    path = Path(found.group(1))
    assert path.exists() and path.parent == _paizhuo_home / "records"
    status, answer = judge_text(path.read_text(encoding="utf-8"))
    assert status == LEGAL, answer
    assert json.loads(path.read_text(encoding="utf-8"))["deal"]["seed"] == 2


def test_shengji_bidding_is_explained_in_words() -> None:
    out = " ".join(play("shengji", "--seed", "1").split())
    assert "Cards are being dealt one at a time: you may declare trump" in out
    assert "level card (a 2)" in out
    zh = " ".join(play("shengji", "--seed", "1", lang="zh").split())
    assert "正在一张一张发牌" in zh and "可以亮主" in zh


# -- 中文 ---------------------------------------------------------------------------------------

ALLOWED = re.compile(
    r"(?:SJ|GJ|BH)-[\d.]+"      # rule ids
    r"|--seed"                   # the option that repeats a deal, as typed
    r"|/\S+"                     # the path a record is saved to
    r"|(?<![A-Za-z])[AKQJ](?![A-Za-z])")  # card ranks
"""What a 中文 table may print in Latin letters: rule ids, card ranks, a typed option, a path."""


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", ALLOWED.sub(" ", text))


def whole_deal(game: str, seed: int, lang: str) -> str:
    """A whole deal at the terminal table, the person choosing the first listed choice."""
    console = Console(record=True, width=120, force_terminal=False,
                      file=open("/dev/null", "w"))  # noqa: SIM115
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "否" if "[是/否" in prompt else "1"

    TerminalPlay(game_class(game), {}, 0, seed, ["greedy"], console, ask=ask, pause=0,
                 lang=lang).run()
    return console.export_text() + "\n".join(prompts)


@pytest.mark.parametrize("game", ["shengji", "gouji", "baohuang"])
def test_a_whole_deal_in_chinese_has_no_english_word(game: str) -> None:
    text = whole_deal(game, 5, "zh")
    assert "本局结束" in text
    assert english_words(text) == [], sorted(set(english_words(text)))
    assert english_words(whole_deal(game, 5, "en")), "the test finds English where it is"


@pytest.mark.parametrize("game", ["shengji", "gouji", "baohuang"])
def test_play_lang_zh_on_the_command_line(game: str) -> None:
    out = play(game, "--seed", "3", answers="1\n" * 4 + "退出\n", lang="zh")
    assert "已退出" in out and "牌谱已保存到" in out
    assert english_words(out) == [], sorted(set(english_words(out)))


def test_typed_chinese_verb_and_chinese_refusal() -> None:
    """A 中文 player may type the verb in 中文; a refusal is in 中文 with its rule id; input
    that is not understood says so in 中文."""
    console = Console(record=True, width=120, force_terminal=False,
                      file=open("/dev/null", "w"))  # noqa: SIM115
    answers = iter(["跳舞", "不要", "出牌 ♠3 ♠3"])  # seat 1 leads at seed 1 and holds ♠3 ♠3

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    table = TerminalPlay(game_class("gouji"), {}, 1, 1, ["greedy"], console, ask=ask, pause=0,
                         lang="zh")
    table.run()
    text = console.export_text()
    assert "看不懂：" in text
    assert "不允许（GJ-5）：该你先出，不能不要" in text
    assert "你（2号位）：出牌 ♠3 ♠3" in text


def test_locale_picks_the_language_and_a_bad_one_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    result = runner.invoke(app, ["play", "gouji", "--seed", "1"], input="退出\n")
    assert result.exit_code == 0 and "你的手牌" in result.stdout
    bad = runner.invoke(app, ["play", "gouji", "--lang", "fr"])
    assert bad.exit_code == 2 and "en (English) or zh (中文)" in bad.output
