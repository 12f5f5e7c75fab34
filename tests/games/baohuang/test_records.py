"""Records, positions, options and the judge for Baohuang: legal, illegal (rule id and a
sentence, state unchanged) and malformed (the field named)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paizhuo.engine.errors import InvalidOptionsError
from paizhuo.engine.judge import ILLEGAL, LEGAL, MALFORMED, judge_text, replay
from paizhuo.engine.records import Deal, Record
from paizhuo.games import game_class
from paizhuo.games.baohuang import BaohuangGame, BaohuangOptions
from paizhuo.notation import format_cards


def random_game(seed: int, moves: int | None = None) -> BaohuangGame:
    g = BaohuangGame.new(seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (moves is None or len(g.actions) < moves):
        g.apply(g.sample_action(rng))
    return g


def test_registry_finds_the_game() -> None:
    assert game_class("baohuang") is BaohuangGame
    assert BaohuangGame.PRESETS[0] == "standard"


def test_judge_a_finished_game() -> None:
    g = random_game(3)
    status, answer = judge_text(g.record().dumps())
    assert status == LEGAL and answer["valid"] and answer["phase"] == "over"
    assert answer["to_act"] == [] and answer["result"] == g.result()


def test_judge_a_game_in_progress() -> None:
    g = random_game(4, moves=40)
    status, answer = judge_text(g.record().dumps())
    assert status == LEGAL and answer["result"] is None and answer["to_act"] == g.to_act()


def test_judge_an_illegal_action() -> None:
    g = random_game(5, moves=30)
    data = g.record().to_json()
    seat = g.to_act()[0]
    data["actions"].append([(seat + 1) % 5, "call", "3S"])
    status, answer = judge_text(json.dumps(data))
    assert status == ILLEGAL and answer["index"] == 30 and answer["seat"] == (seat + 1) % 5
    assert answer["rule"] in ("BH-2", "BH-4") and answer["message"]


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["options"].update(extra_card="kitty"), "options.extra_card"),
    (lambda d: d["options"].update(tribute=True), "options.tribute"),
    (lambda d: d["options"].update(preset="fast"), "options.preset"),
    (lambda d: d["options"].update(seize="yes"), "options.seize"),
    (lambda d: d.update(start={"leader": 1}), "start"),
    (lambda d: d["actions"].append([0, "play", "3S", {"x": 1}]), "actions[0][3].x"),
    (lambda d: d["actions"].append([0, "fold"]), "actions[0][1]"),
    (lambda d: d["actions"].append([0, "play", "3Z"]), "actions[0][2]"),
    (lambda d: d["actions"].append([9, "pass"]), "actions[0][0]"),
])
def test_judge_malformed_names_the_field(change: Any, field: str) -> None:
    data = {"game": "baohuang", "options": {"preset": "standard"}, "deal": {"seed": 1},
            "actions": []}
    change(data)
    status, answer = judge_text(json.dumps(data))
    assert status == MALFORMED and answer["field"] == field, answer


def explicit_record(g: BaohuangGame) -> dict[str, Any]:
    st = g.st
    hands = [format_cards(c for c, k in enumerate(h) for _ in range(k)) for h in st.hands]
    return {"game": "baohuang", "deal": {"hands": hands, "kitty": format_cards(st.extra)},
            "actions": []}


def test_explicit_full_deal_plays_like_the_seeded_one() -> None:
    seeded = BaohuangGame.new(seed=8)
    data = explicit_record(seeded)
    g = BaohuangGame.from_record(Record.from_json(data))
    assert g.phase == "crown" and g.to_act() == seeded.to_act()
    rng = random.Random(1)
    while not seeded.is_over:
        action = seeded.sample_action(rng)
        seeded.apply(action)
        g.apply(action)
    assert g.result() == seeded.result()


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["deal"].update(kitty=""), "deal.kitty"),
    (lambda d: d["deal"]["hands"].pop(), "deal.hands"),
    (lambda d: d["deal"].update(hands=[h.replace("3S", "4S", 1) for h in d["deal"]["hands"]]),
     "deal"),
])
def test_incomplete_explicit_deal_is_malformed(change: Any, field: str) -> None:
    data = explicit_record(BaohuangGame.new(seed=8))
    change(data)
    status, answer = judge_text(json.dumps(data))
    assert status == MALFORMED and answer["field"].startswith(field), answer


@pytest.mark.parametrize(("start", "field"), [
    ({"phase": "bid"}, "start.phase"),
    ({"phase": "play", "emperor": 7, "guard": 1, "called": "8H"}, "start.emperor"),
    ({"phase": "play", "emperor": 0, "guard": 1}, "start.called"),
    ({"phase": "play", "emperor": 0, "guard": 1, "called": "8H", "finished": [1]},
     "start.finished[0]"),
    ({"phase": "play", "emperor": 0, "guard": 1, "called": "8H", "trump": "H"}, "start.trump"),
])
def test_bad_position_start(start: dict[str, Any], field: str) -> None:
    data = {"game": "baohuang", "position": True, "start": start,
            "deal": {"hands": ["3S", "4S", "5S", "6S", "7S"]}}
    status, answer = judge_text(json.dumps(data))
    assert status == MALFORMED and answer["field"] == field, answer


def test_position_with_every_start_key() -> None:
    data = {"game": "baohuang", "position": True, "options": {"preset": "standard"},
            "start": {"phase": "play", "emperor": 1, "guard": 3, "called": "8H",
                      "open_guard": True, "leader": 2, "finished": [0]},
            "deal": {"hands": ["", "4S", "5S 5S", "8H", "7S"]},
            "actions": [[2, "play", "5S"], [3, "play", "8H"]]}
    status, answer = judge_text(json.dumps(data))
    assert status == LEGAL and answer["to_act"] == [4]
    g, _ = replay(Record.from_json(data))
    assert isinstance(g, BaohuangGame) and g.st.finished == [0, 3] and g.st.open


def test_options() -> None:
    assert BaohuangOptions.from_dict({}) == BaohuangOptions()
    assert BaohuangOptions.from_dict({"preset": "no_extra"}).extra_card == "remove"
    assert BaohuangOptions.from_dict({"preset": "basic", "yield": True}).yield_
    assert BaohuangOptions().to_dict() == {"extra_card": "emperor", "seize": True,
                                           "forced_call": True, "yield": True, "claim": True}
    with pytest.raises(InvalidOptionsError):
        BaohuangOptions.from_dict({"yield_": True})


def test_seed_deals_are_reproducible() -> None:
    a, b = BaohuangGame.new(seed=42), BaohuangGame.new(seed=42)
    assert a.st.hands == b.st.hands and a.st.extra == b.st.extra
    assert BaohuangGame.new(seed=43).st.hands != a.st.hands
    record = Record("baohuang", {}, Deal(seed=42))
    assert BaohuangGame.from_record(record).st.hands == a.st.hands
