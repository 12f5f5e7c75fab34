"""SJ-14 house rules added for issue 37, each through the judge on records (positions and
whole random rounds): the option's default is today's behaviour, and setting it changes exactly
what the rules reference says."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import play_out, seeded

from paizhuo.engine.judge import judge_text


def judged(options: dict[str, Any], hands: list[str], actions: list[list[Any]],
           **start: Any) -> tuple[int, dict[str, Any]]:
    """The judge's answer on a position record (level T, hearts trump, seat 0 deals)."""
    doc = {"game": "shengji", "position": True, "options": {"preset": "tractor", **options},
           "start": {"phase": "play", "level": "T", "trump": "H", "dealer": 0, "leader": 1,
                     **start},
           "deal": {"hands": hands, "kitty": "5C 5C"}, "actions": actions}
    return judge_text(json.dumps(doc))


# -- follow_shape (SJ-14 trick draw) ----------------------------------------------------------

PAIR_LED = (["KH 3C 4C", "5S 5S 6C", "7S 7S 9S", "9H 8H 8D"],
            [[1, "play", "5S 5S"], [2, "play", "7S 9S"]])


def test_follow_shape_strict_is_the_default_and_owes_the_pair() -> None:
    status, answer = judged({}, *PAIR_LED)
    assert status == 1 and answer["rule"] == "SJ-8" and answer["index"] == 1
    assert "pair" in answer["message"]


def test_follow_shape_suit_only_owes_only_the_suit() -> None:
    status, answer = judged({"follow_shape": "suit_only"}, *PAIR_LED)
    assert status == 0 and answer["to_act"] == [3]
    # the suit is still owed: seat 3 holds a spade and must play it
    hands = ["KH 3C 4C", "5S 5S 6C", "7S 7S 9S", "6S 8H 8D"]
    status, answer = judged({"follow_shape": "suit_only"}, hands,
                            [[1, "play", "5S 5S"], [2, "play", "7S 9S"], [3, "play", "8H 8D"]])
    assert status == 1 and answer["index"] == 2 and answer["rule"] == "SJ-8"
    assert answer["message"].startswith("must follow spades")


@pytest.mark.parametrize("options", [{"follow_shape": "suit_only"},
                                     {"preset": "titanic", "follow_shape": "suit_only"}])
def test_random_rounds_with_house_rules_replay(options: dict[str, Any]) -> None:
    """Whole rounds played by random legal actions replay through the judge to the same
    result (the option travels in the record)."""
    for seed in range(3):
        g = seeded(options, seed=seed)
        play_out(g, random.Random(seed))
        text = g.record().dumps()
        assert json.loads(text)["options"]["follow_shape"] == "suit_only"
        status, answer = judge_text(text)
        assert status == 0 and answer["result"] == g.result()
