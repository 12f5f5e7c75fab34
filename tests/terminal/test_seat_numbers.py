"""One seat numbering for people (issue 34): the terminal table names seats 1 to N with where
each sits seen from the person, as the browser does; the engine and records keep 0-based
seats. The engine's refusals and the result under the summary count seats the same way."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.game import Game
from paizhuo.engine.registry import game_class
from paizhuo.terminal.view import Seats, seat_where


def test_seats_are_numbered_from_one_with_their_direction() -> None:
    seats = Seats(4, 1, ["greedy", "you", "random", "normal"])
    assert seats.name(1) == "You (seat 2)"
    assert [seats.short(s) for s in (2, 3, 0)] == ["Seat 3 (right)", "Seat 4 (across)",
                                                    "Seat 1 (left)"]
    assert seats.name(3) == "Seat 4 (across, normal)"


def test_six_and_five_seats() -> None:
    assert [seat_where(s, 0, 6) for s in range(6)] == [
        "you", "right", "upper right", "across", "upper left", "left"]
    assert [seat_where(s, 0, 5) for s in range(5)] == [
        "you", "right", "upper right", "upper left", "left"]
    assert seat_where(1, 0, 2) == "across"


def test_in_chinese() -> None:
    seats = Seats(6, 0, ["you", "greedy", "greedy", "greedy", "greedy", "greedy"], lang="zh")
    assert seats.name(0) == "你（1号位）"
    assert seats.short(3) == "4号位（对家）"
    assert seats.short(1) == "2号位（下家）" and seats.short(5) == "6号位（上家）"


# -- the engine's refusals and the deal's result, as people read them ------------------------

def _finished(name: str, options: dict[str, Any] | None, seed: int) -> Game:
    game = game_class(name).new(options, seed=seed)
    rng = random.Random(seed)
    while game.result() is None:
        game.apply(game.sample_action(rng))
    return game


def test_a_refusal_names_seats_from_one() -> None:
    """The engine refuses a seat that acts out of turn naming the seats as people count
    (`seat 2` / `2号位` for the engine's seat 1), the same in both languages. The seat that
    acts is two after the one to act, so that no number could be read both ways."""
    for name in ("shengji", "gouji", "baohuang"):
        game = game_class(name).new(None, seed=3)
        turn = game.to_act()[0]
        other = (turn + 2) % game.num_seats
        mine = game.legal_actions(turn)[0]
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Action(other, mine.verb, mine.cards, mine.extra))
        en = {int(n) for n in re.findall(r"seat (\d+)", refused.value.message)}
        zh = {int(n) for n in re.findall(r"(\d+)号位", refused.value.zh or "")}
        assert en and en == zh, (refused.value.message, refused.value.zh)
        assert en <= {turn + 1, other + 1}, (turn, other, refused.value.message)


# keys whose numbers are seats, checked against the record's 0-based value
SEATED = {"shengji": ("dealer", "next_dealer", "last_trick_winner"),
          "gouji": ("order",), "baohuang": ("order",)}
LETTERS = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize("name", ["shengji", "gouji", "baohuang"])
def test_the_result_counts_seats_from_one_and_speaks_chinese(name: str) -> None:
    presets = list(game_class(name).PRESETS)
    for seed, preset in enumerate(presets * 2):
        game = _finished(name, {"preset": preset}, seed)
        result = game.result()
        assert result is not None
        en = game.text_face("en").result_rows(result)
        zh = game.text_face("zh").result_rows(result)
        # every key shows in both languages, none lost to another of the same name
        assert len(en) == len(zh) == len(result)
        for key in SEATED[name]:
            value = result[key]
            if value is None:
                continue
            want = [v + 1 for v in value] if isinstance(value, list) else value + 1
            assert en[key] == want, (key, en[key], value)
        # cards as people write them: no card id such as 5H or TS is left
        text = repr(en)
        assert not re.search(r"'(?:[2-9TJQKA][SHCD] ?)+'", text), text
        # 中文: only card ranks (and the jokers' letters, never shown) are Latin letters
        words = {w for w in LETTERS.findall(repr(zh))} - {"J", "Q", "K", "A", "None"}
        assert not words, (preset, words, zh)
