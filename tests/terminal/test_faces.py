"""Each game's face (``Game.text_face``) and the default face a game without one gets.

A game written only under tests/ — the throwaway ``fake`` game — has no face of its own, and
the terminal table still shows it readably: its hand in card-id order, each seat's card
count, its details as ``key: value`` rows, every event as a line and its result as rows.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from paizhuo.engine.faces import Styled, TextFace, card_label
from paizhuo.games import GAME_NAMES, game_class
from paizhuo.games.baohuang.face import BaohuangFace
from paizhuo.games.gouji.face import GoujiFace
from paizhuo.games.shengji.face import ShengjiFace
from paizhuo.notation import format_cards, parse_cards
from paizhuo.terminal.table import TerminalPlay
from paizhuo.terminal.view import Seats, rich_text

TERMINAL = Path(__file__).resolve().parents[2] / "src" / "paizhuo" / "terminal"


@pytest.mark.parametrize(("name", "face"), [("shengji", ShengjiFace), ("gouji", GoujiFace),
                                            ("baohuang", BaohuangFace)])
def test_each_game_declares_its_own_face(name: str, face: type[TextFace]) -> None:
    assert type(game_class(name).text_face()) is face
    assert face.__module__ == f"paizhuo.games.{name}.face"


def test_every_registered_game_has_a_face_of_its_own() -> None:
    """A game of this project that forgot its face would fall back to the generic one."""
    for name in GAME_NAMES:
        assert type(game_class(name).text_face()) is not TextFace, name


def test_a_game_without_a_face_gets_the_default(fake_game_cls: Any) -> None:
    assert type(fake_game_cls.text_face()) is TextFace


def test_the_terminal_package_names_no_game() -> None:
    """What is game-specific lives in the game's face: the table never asks a game's name."""
    for path in sorted(TERMINAL.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r'"(shengji|gouji|baohuang)"', text), path.name


# -- the default face ------------------------------------------------------------------------

def test_default_hand_is_in_card_id_order() -> None:
    hand = ["BJ", "AS", "3H", "2D", "2S", "hidden", "SJ"]
    assert TextFace().hand_groups(hand, {}) == [("", ["2S", "2D", "3H", "AS", "SJ", "BJ"])]
    assert TextFace().hand_groups([], {}) == []


def test_default_details_are_key_value_rows_and_nothing_else_is_guessed() -> None:
    obs = {"seat": 0, "hand_sizes": [3, 2],
           "details": {"round": 2, "last": None, "pile": [], "note": "x"}}
    face = TextFace()
    assert face.details_rows(obs) == [("round", 2), ("note", "x")]
    assert face.relations(obs) == {} and face.status(obs, Seats(2, 0, ["a", "b"])) == []
    assert face.table_plays(obs) == []
    assert face.result_summary({"winner": 1}, Seats(2, 0, ["a", "b"])) is None


def test_default_events_name_the_seat_and_show_every_field() -> None:
    seats = Seats(3, 0, ["you", "greedy", "random"])
    face = TextFace()
    played = face.describe_event({"state_id": 1, "type": "action", "seat": 1, "verb": "play",
                                  "cards": "TH TH", "note": "first"}, seats)
    assert played is not None
    assert played.plain == "Seat 2 (right, greedy) plays ♥10 ♥10 (note first)"
    mine = face.describe_event({"state_id": 2, "type": "action", "seat": 0, "verb": "pass"},
                               seats)
    assert mine is not None and mine.plain == "You (seat 1) pass" and mine.style == "bold"
    bonus = face.describe_event({"state_id": 3, "type": "bonus_paid", "seat": 2, "points": 5,
                                 "cards": "AS"}, seats)
    assert bonus is not None
    assert bonus.plain == "bonus paid: Seat 3 (left, random), points 5, cards ♠A"
    assert face.describe_event({"state_id": 4, "type": "over", "result": {}}, seats) is None


def test_styled_lines_become_rich_text_with_the_same_colours() -> None:
    line = Styled("Kitty: ", "bold").cards("AH KS").append(" (10 points)", "dim")
    text = rich_text(line)
    assert text.plain == "Kitty: ♥A ♠K (10 points)" and str(text.style) == "bold"
    styles = {text.plain[s.start:s.end]: str(s.style) for s in text.spans}
    assert styles == {"♥A": "red", "♠K": "bold", " (10 points)": "dim"}


def test_the_fake_game_plays_at_the_terminal_table(fake_game_cls: Any) -> None:
    """A whole deal of a game with no face: the table shows its hand, counts, details,
    plays and result, all from the default face."""
    answers = iter(["1"] * 50)

    def ask(prompt: str) -> str:
        return "n" if "next deal" in prompt else next(answers)

    console = Console(record=True, width=160, force_terminal=False)
    play = TerminalPlay(fake_game_cls, {}, 0, 3, ["greedy"], console, ask=ask, pause=0)
    first_hand = play.game.observation(0)["hand"]
    play.run()
    text = console.export_text()
    in_id_order = " ".join(card_label(c) for c in format_cards(sorted(parse_cards(first_hand)))
                           .split())
    assert f"Your hand: {in_id_order}" in text
    assert re.search(r"^fake · play$", text, re.M)
    assert re.search(r"^Seat 2 \(across\) \d cards?$", text, re.M)
    assert re.search(r"^round: 1$", text, re.M)
    assert "You (seat 1) play" in text and "Seat 2 (across, greedy) " in text
    assert play.game.is_over
    after = text.split("Deal over")[1]
    assert re.search(r"winner\s+\d", after) and re.search(r"won_by\s+(sweep|close)", after)


@pytest.mark.parametrize("name", ["shengji", "gouji", "baohuang"])
def test_every_phase_a_person_meets_is_explained_in_both_languages(name: str) -> None:
    """``paizhuo play`` explains each phase in words when it begins (``phase_help``): every
    phase that random deals of each preset reach, except the end, has words in English and
    中文, and the 中文 holds no English word but rule ids."""
    import random

    cls = game_class(name)
    phases: dict[str, dict[str, Any]] = {}
    for seed, preset in enumerate(list(cls.PRESETS) * 3):
        game = cls.new({"preset": preset}, seed=seed)
        rng = random.Random(seed)
        while game.result() is None:
            seat = game.to_act()[0]
            phases.setdefault(game.phase, game.observation(seat))
            game.apply(game.sample_action(rng))
    assert "play" in phases
    for phase, obs in phases.items():
        en = game.text_face("en").phase_help(obs)
        zh = game.text_face("zh").phase_help(obs)
        assert en and zh, (name, phase)
        latin = set(re.findall(r"[A-Za-z]+", re.sub(r"\b(?:SJ|GJ|BH)-\d+\b", "", zh)))
        assert latin <= {"A", "K", "Q", "J"}, (phase, latin)
