"""The record parser: strict, and every problem names its field (``records.md``)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError
from paizhuo.engine.records import Deal, Record, parse_action
from paizhuo.notation import parse_cards

SEEDED: dict[str, Any] = {"game": "shengji", "options": {"preset": "tractor"},
                          "deal": {"seed": 7}, "actions": []}

POSITION = {
    "game": "shengji", "position": True,
    "options": {"preset": "tractor"},
    "start": {"phase": "play", "level": "T", "trump": "H", "dealer": 0, "leader": 1,
              "attackers_points": 60},
    "deal": {"hands": ["KH KH 3C", "5S 4S 4S", "AS 7H 7H", "9H 9H 8H"], "kitty": "5C 5C"},
    "actions": [[1, "play", "5S 4S 4S"], [2, "play", "AS 7H 7H"]],
}


def with_(base: dict[str, Any], **changes: Any) -> str:
    doc = json.loads(json.dumps(base))
    for key, value in changes.items():
        if value is _DROP:
            doc.pop(key, None)
        else:
            doc[key] = value
    return json.dumps(doc, ensure_ascii=False)


_DROP = object()


def field_of(text: str) -> str:
    with pytest.raises(MalformedError) as info:
        Record.loads(text)
    return info.value.field


def test_the_position_example_of_records_md_parses() -> None:
    record = Record.loads(json.dumps(POSITION))
    assert record.position and record.start is not None and record.start["phase"] == "play"
    assert record.deal.hands is not None and len(record.deal.hands) == 4
    assert record.deal.kitty == parse_cards("5C 5C")
    assert record.actions[0] == Action(1, "play", tuple(sorted(parse_cards("5S 4S 4S"))))


def test_seeded_record_round_trips() -> None:
    record = Record.loads(json.dumps(SEEDED))
    assert record.deal == Deal(seed=7)
    assert Record.loads(record.dumps()).to_json() == record.to_json()
    assert json.loads(record.dumps()) == SEEDED


def test_explicit_record_round_trips_canonically() -> None:
    doc = dict(POSITION, deal={"hands": ["kh,kh 3c", "5s 4s 4s", "as 7h 7h", "9h 9h 8h"],
                               "kitty": "5c 5c"})
    record = Record.loads(json.dumps(doc))
    out = record.to_json()
    assert out["deal"] == POSITION["deal"]  # hands keep arrival order, canonical spelling
    assert out["actions"] == [[1, "play", "4S 4S 5S"], [2, "play", "7H 7H AS"]]
    assert Record.loads(record.dumps()).to_json() == out


def test_actions_with_and_without_cards_and_extra() -> None:
    text = with_(SEEDED, actions=[[0, "pass"], [1, "bid", "2H", {"dealt": 37}],
                                  [2, "call", "", {"card": "AH", "nth": 1}]])
    record = Record.loads(text)
    assert record.actions[0] == Action(0, "pass")
    assert record.actions[1].extra == {"dealt": 37}
    assert [a.to_json() for a in record.actions] == [
        [0, "pass"], [1, "bid", "2H", {"dealt": 37}], [2, "call", "", {"card": "AH", "nth": 1}]]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("", ""),
        ("{", ""),
        ("[]", ""),
        ("null", ""),
        ('"shengji"', ""),
        ("1" * 5000, ""),  # past Python's int digit limit: still just malformed
        ("[" * 100_000, ""),
        (with_(SEEDED, game="chess"), "game"),
        (with_(SEEDED, game=_DROP), "game"),
        (with_(SEEDED, game=["shengji"]), "game"),
        (with_(SEEDED, options=[]), "options"),
        (with_(SEEDED, options="tractor"), "options"),
        (with_(SEEDED, start=3), "start"),
        (with_(SEEDED, position="yes"), "position"),
        (with_(SEEDED, position=True), "start"),
        (with_(SEEDED, deal=_DROP), "deal"),
        (with_(SEEDED, deal=[]), "deal"),
        (with_(SEEDED, deal={"seed": 1, "hands": ["AS"]}), "deal"),
        (with_(SEEDED, deal={"seed": "7"}), "deal.seed"),
        (with_(SEEDED, deal={"seed": 7.0}), "deal.seed"),
        (with_(SEEDED, deal={"seed": True}), "deal.seed"),
        (with_(SEEDED, deal={"seed": 1, "shuffle": 2}), "deal.shuffle"),
        (with_(SEEDED, deal={}), "deal.hands"),
        (with_(SEEDED, deal={"hands": []}), "deal.hands"),
        (with_(SEEDED, deal={"hands": "AS KS"}), "deal.hands"),
        (with_(SEEDED, deal={"hands": ["AS", "XX"]}), "deal.hands[1]"),
        (with_(SEEDED, deal={"hands": ["AS", ["KS"]]}), "deal.hands[1]"),
        (with_(SEEDED, deal={"hands": ["AS", "KS"], "kitty": "ZZ"}), "deal.kitty"),
        (with_(SEEDED, deal={"hands": ["AS", "KS"], "kitty": 5}), "deal.kitty"),
        (with_(SEEDED, actions={}), "actions"),
        (with_(SEEDED, actions=[0]), "actions[0]"),
        (with_(SEEDED, actions=[[0]]), "actions[0]"),
        (with_(SEEDED, actions=[[0, "play", "AS", {}, 1]]), "actions[0]"),
        (with_(SEEDED, actions=[["0", "play"]]), "actions[0][0]"),
        (with_(SEEDED, actions=[[-1, "play"]]), "actions[0][0]"),
        (with_(SEEDED, actions=[[True, "play"]]), "actions[0][0]"),
        (with_(SEEDED, actions=[[1.5, "play"]]), "actions[0][0]"),
        (with_(SEEDED, actions=[[0, 3]]), "actions[0][1]"),
        (with_(SEEDED, actions=[[0, ""]]), "actions[0][1]"),
        (with_(SEEDED, actions=[[0, "pass"], [1, "play", "AS XX"]]), "actions[1][2]"),
        (with_(SEEDED, actions=[[0, "play", ["AS"]]]), "actions[0][2]"),
        (with_(SEEDED, actions=[[0, "bid", "2H", [37]]]), "actions[0][3]"),
        (with_(SEEDED, surprise=1), "surprise"),
    ],
)
def test_malformed_records_name_the_field(text: str, field: str) -> None:
    assert field_of(text) == field


def test_malformed_message_is_readable() -> None:
    with pytest.raises(MalformedError) as info:
        Record.loads(with_(SEEDED, deal={"hands": ["AS", "XX"]}))
    assert '"XX"' in info.value.message
    assert str(info.value).startswith("deal.hands[1]: ")


def test_parse_action_default_location() -> None:
    with pytest.raises(MalformedError) as info:
        parse_action("play")
    assert info.value.field == "action"
    assert parse_action([2, "play", "as 10s"]).cards == tuple(sorted(parse_cards("AS TS")))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20,
)
record_keys = st.sampled_from(["game", "options", "start", "deal", "actions", "position"])
record_like = st.fixed_dictionaries(
    {"game": st.sampled_from(["shengji", "gouji", "baohuang", "x"]) | json_values,
     "deal": st.fixed_dictionaries({}, optional={
         "seed": st.integers() | json_values,
         "hands": st.lists(st.sampled_from(["AS KS", "10h 小王", "XX", ""]) | json_values,
                           max_size=4),
         "kitty": st.sampled_from(["5C 5C", "Q"]) | json_values}),
     "actions": st.lists(st.lists(st.integers(-1, 6) | st.sampled_from(["play", "pass", "AS"])
                                  | json_values, max_size=5), max_size=4)},
    optional={"options": json_values, "start": json_values, "position": json_values},
)


@settings(max_examples=300)
@given(st.one_of(json_values, record_like, st.dictionaries(record_keys, json_values)))
def test_from_json_raises_only_malformed(data: Any) -> None:
    try:
        record = Record.from_json(data)
    except MalformedError as exc:
        assert isinstance(exc.field, str)
        return
    assert Record.loads(record.dumps()).to_json() == record.to_json()


@settings(max_examples=300)
@given(st.text())
def test_loads_raises_only_malformed_on_any_text(text: str) -> None:
    with contextlib.suppress(MalformedError):
        Record.loads(text)
