"""Records, the judge, bad input (malformed → the field; illegal → the GJ rule id) and options."""

from __future__ import annotations

import json

import pytest

from paizhuo.engine.errors import InvalidOptionsError, MalformedError
from paizhuo.engine.judge import ILLEGAL, LEGAL, MALFORMED, judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.games.gouji import GoujiGame, GoujiOptions

POSITION = {
    "game": "gouji", "position": True, "options": {"preset": "classic"},
    "start": {"phase": "play", "leader": 0},
    "deal": {"hands": ["AS AS 5S", "KS KS 6S", "3S 4S", "2S 2S 7S", "3H 4H", "3D 4D"]},
    "actions": [[0, "play", "AS AS"]],
}


def judge(doc: dict[str, object]) -> tuple[int, dict[str, object]]:
    return judge_text(json.dumps(doc))


def test_judge_legal_position() -> None:
    status, out = judge(POSITION)
    assert status == LEGAL
    assert out == {"valid": True, "phase": "play", "to_act": [3], "result": None}


def test_judge_illegal_action_names_the_rule() -> None:
    doc = dict(POSITION, actions=[[0, "play", "AS AS"], [1, "play", "KS KS"]])
    status, out = judge(doc)
    assert status == ILLEGAL
    assert out["index"] == 1 and out["seat"] == 1 and out["rule"] == "GJ-5"
    # the words count seats as people do (seat 1 is the record's seat 0); the fields from 0
    assert out["message"] == "only seat 1's 对头 (seat 4) may answer a gouji play"


@pytest.mark.parametrize(("change", "field"), [
    ({"options": {"preset": "classic", "kill_big": "sometimes"}}, "options.kill_big"),
    ({"options": {"preset": "nope"}}, "options.preset"),
    ({"options": {"colour": 1}}, "options.colour"),
    ({"options": {"stuck": "stay"}}, "options.stuck"),
    ({"start": {"phase": "play", "leader": 9}}, "start.leader"),
    ({"start": {"phase": "bid", "leader": 0}}, "start.phase"),
    ({"start": {"phase": "play", "leader": 0, "weather": 1}}, "start.weather"),
    ({"deal": {"hands": ["AS"]}}, "deal.hands"),
    ({"deal": {"hands": ["AS"] * 6, "kitty": "3S"}}, "deal.kitty"),
    ({"actions": [[0, "fly", "AS"]]}, "actions[0][1]"),
    ({"actions": [[0, "play", "ZZ"]]}, "actions[0][2]"),
])
def test_malformed_records_name_the_field(change: dict[str, object], field: str) -> None:
    status, out = judge(dict(POSITION, **change))
    assert status == MALFORMED
    assert out["field"] == field


def test_incomplete_deck_is_malformed() -> None:
    doc = {"game": "gouji", "options": {}, "deal": {"hands": ["AS " * 36] * 6}, "actions": []}
    status, out = judge(doc)
    assert status == MALFORMED and out["field"] == "deal.hands"


def test_seeded_deal_is_reproducible_and_complete() -> None:
    a = GoujiGame.new({"preset": "tongyong"}, seed=42)
    b = GoujiGame.new({"preset": "tongyong"}, seed=42)
    assert [h.to_tuple() for h in a.hands] == [h.to_tuple() for h in b.hands]
    assert sum(len(h) for h in a.hands) == 198
    assert all(len(h) == 33 for h in a.hands)


def test_record_replays_identically() -> None:
    import random

    g = GoujiGame.new({"preset": "classic"}, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    text = g.record().dumps()
    again, n = replay(Record.loads(text))
    assert n == len(g.actions) and again.result() == g.result()
    status, out = judge_text(text)
    assert status == LEGAL and out["result"] == g.result()


def test_options_presets_and_errors() -> None:
    assert GoujiOptions.from_dict({}) == GoujiOptions()
    t = GoujiOptions.from_dict({"preset": "tongyong"})
    assert (t.deck, t.bie_san, t.stuck, t.open_needs_four, t.burn_needs_open, t.kill_big) == (
        198, True, "last", True, True, "two_for_one")
    assert t.to_dict("tongyong") == {"preset": "tongyong"}
    assert GoujiOptions.from_dict({"burn": False}).to_dict() == {"preset": "classic",
                                                                  "burn": False}
    for bad in ({"deck": 100}, {"series": 0}, {"burn": "yes"}, {"gouji_table": {"X": 3}},
                {"burn": False, "burn_needs_open": True}, {"declare": True, "series": 1}):
        with pytest.raises(InvalidOptionsError):
            GoujiOptions.from_dict(bad)
    assert issubclass(InvalidOptionsError, MalformedError)
