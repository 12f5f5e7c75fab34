"""Records and positions (``records.md``): start keys, deal checks, and perft counts.

``tests/data/shengji/perft.json`` holds fixed play-phase positions (leads and follows, one to
three decks) with their number of legal plays; each count is checked against
``count_legal()``, the full listing, and the brute-force reference of ``follow.py``.
"""

from __future__ import annotations

import json
import sys
from itertools import product
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import act, brute_force_follows, full_deal, game, record

from paizhuo.engine.errors import MalformedError
from paizhuo.engine.judge import judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.games.shengji import ShengjiGame
from paizhuo.games.shengji.combos import tables
from paizhuo.games.shengji.follow import legal_leads

PERFT = Path(__file__).resolve().parents[2] / "data" / "shengji" / "perft.json"
CASES: list[dict[str, Any]] = json.loads(PERFT.read_text())


def test_perft_file_has_enough_variety() -> None:
    assert len(CASES) >= 10
    decks = {ShengjiGame.from_record(Record.from_json(c["record"])).opts.decks for c in CASES}
    assert decks == {1, 2, 3}
    kinds = {bool(c["record"]["actions"]) for c in CASES}
    assert kinds == {True, False}          # leads and follows


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft_counts(case: dict[str, Any]) -> None:
    g, _ = replay(Record.from_json(case["record"]))
    assert isinstance(g, ShengjiGame) and g.phase == "play"
    assert g.count_legal() == case["count"]
    assert len(g.legal_actions()) == case["count"]
    ctx = g.state.ctx
    assert ctx is not None
    hand = g.state.hands[g.state.current]
    if g.state.lead is not None:
        assert len(brute_force_follows(hand, g.state.lead, ctx, g.state.rules)) == case["count"]
    elif g.state.allow_throws:
        # every non-empty sub-multiset of one suit group (SJ-6; failed throws are forced back)
        arr = hand.array()
        total = 0
        for ids in tables(ctx).group_ids:
            held = [arr[x] for x in ids if arr[x]]
            total += sum(1 for t in product(*(range(h + 1) for h in held)) if any(t))
        assert total == case["count"]
    else:
        assert len(legal_leads(hand, ctx, g.state.rules, False)) == case["count"]


# -- the records.md example -------------------------------------------------------------------

EXAMPLE: dict[str, Any] = {
    "game": "shengji", "position": True,
    "options": {"preset": "tractor"},
    "start": {"phase": "play", "level": "T", "trump": "H", "dealer": 0, "leader": 1,
              "attackers_points": 60},
    "deal": {"hands": ["KH KH 3C", "5S 4S 4S", "AS 7H 7H", "9H 9H 8H"], "kitty": "5C 5C"},
    "actions": [[1, "play", "5S 4S 4S"], [2, "play", "AS 7H 7H"]],
}


def test_records_md_example_throw_fails_against_the_ace_sj7() -> None:
    # seat 2 holds AS, higher than the thrown single 5S: seat 1 must lead 5S alone, so
    # seat 2's three cards do not follow a one-card lead
    status, answer = judge_text(json.dumps(EXAMPLE))
    assert status == 1 and answer["index"] == 1 and answer["rule"] == "SJ-8"


def test_records_md_example_with_a_standing_throw() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["deal"]["hands"][2] = "3S 7H 7H"
    data["actions"][1] = [2, "play", "3S 7H 7H"]
    status, answer = judge_text(json.dumps(data))
    assert status == 0 and answer["phase"] == "play" and answer["to_act"] == [3]
    assert answer["result"] is None


def test_position_plays_to_a_result() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["deal"]["hands"] = ["KH", "5S", "AS", "9H"]
    data["actions"] = [[1, "play", "5S"], [2, "play", "AS"], [3, "play", "9H"],
                       [0, "play", "KH"]]
    status, answer = judge_text(json.dumps(data))
    assert status == 0 and answer["phase"] == "over"
    result = answer["result"]
    assert result["dealer"] == 0 and result["trump"] == "H" and result["level"] == "T"
    # seat 0 (dealer) wins the last trick with KH: the attackers keep 60 + 0
    assert result["attackers_points"] == 60 and result["winner"] == "defenders"


# -- start keys -------------------------------------------------------------------------------


def test_levels_per_team_and_per_seat() -> None:
    g = game(seed=3, start={"dealer": 1, "levels": {"0": "5", "1": "9"}})
    assert g.state.levels == {0: 3, 1: 7, 2: 3, 3: 7} and g.state.level == 7
    g = game({"preset": "friends-5"}, seed=3, start={"dealer": 2, "levels": {"2": "K"}})
    assert g.state.levels[2] == 11 and g.state.levels[0] == 0 and g.state.level == 11


@pytest.mark.parametrize(("start", "position", "field"), [
    ({"dealer": 0, "levels": {"0": "5", "2": "6"}}, False, "start.levels.2"),
    ({"dealer": 7}, False, "start.dealer"),
    ({"dealer": 0, "levels": {"x": "5"}}, False, "start.levels.x"),
    ({"dealer": 0, "levels": {"0": "Z"}}, False, "start.levels.0"),
    ({"phase": "play", "dealer": 0, "trump": "H"}, False, "start.phase"),
    ({"phase": "dance"}, True, "start.phase"),
    ({"phase": "play", "dealer": 0}, True, "start.trump"),
    ({"phase": "play", "trump": "H"}, True, "start.dealer"),
    ({"phase": "play", "dealer": 0, "trump": "X"}, True, "start.trump"),
    ({"phase": "play", "dealer": 0, "trump": "H", "leader": 9}, True, "start.leader"),
    ({"phase": "play", "dealer": 0, "trump": "H", "attackers_points": 7}, True,
     "start.attackers_points"),
    ({"colour": 1}, False, "start.colour"),
])
def test_bad_starts_are_malformed(start: dict[str, Any], position: bool, field: str) -> None:
    hands = ["3C 4C", "5C 6C", "7C 8C", "9C TC"] if position else None
    with pytest.raises(MalformedError) as err:
        ShengjiGame.from_record(record({}, hands, "JC", start, None, position))
    assert err.value.field == field


def test_play_position_needs_equal_hands() -> None:
    with pytest.raises(MalformedError) as err:
        ShengjiGame.from_record(record({}, ["3C 4C", "5C", "7C 8C", "9C TC"], "JC",
                                       {"phase": "play", "dealer": 0, "trump": "H"}, None,
                                       True))
    assert err.value.field == "deal.hands"


def test_non_position_deal_must_be_complete() -> None:
    hands, kitty = full_deal(["2H"])
    broken = list(hands)
    broken[0] = broken[0].replace("2H", "3H", 1)
    with pytest.raises(MalformedError) as err:
        ShengjiGame.from_record(record({}, broken, kitty))
    assert "complete" in err.value.message and "3H" in err.value.message
    with pytest.raises(MalformedError):
        ShengjiGame.from_record(record({}, hands[:3], kitty))
    with pytest.raises(MalformedError):
        ShengjiGame.from_record(record({}, hands, kitty + " 3H"))


def test_seeded_deal_is_reproducible_and_dealt_from_the_dealer() -> None:
    a = game(seed=42, start={"dealer": 2})
    b = game(seed=42, start={"dealer": 2})
    assert a.state.deal_seq == b.state.deal_seq and a.state.deal_seq[0][0] == 2
    assert game(seed=42).state.deal_seq[0][0] == 0


def test_bid_phase_position_with_short_hands() -> None:
    g = game({}, hands=["2H 3C", "4C", "5C 6C 7C", ""], kitty="8C 9C TC",
             start={"phase": "bid", "dealer": 0}, position=True)
    assert g.phase == "bid" and g.to_act() == [0]
    act(g, 0, "bid", "2H", {"dealt": 1})
    assert g.phase == "bid" and g.state.stage == "chance"     # every seat has one more chance
    for seat in range(4):
        act(g, seat, "pass")
    assert g.phase == "bury" and len(g.state.hands[0]) == 5


def test_call_position_with_a_friend_already_called() -> None:
    hands = ["AH 3C 4C", "AH 5C 6C", "7C 8C 9C", "JC QC KC", "3D 4D 5D", "6D 7D 8D"]
    g = game({"preset": "six-three", "teams": "friends"}, hands=hands, kitty="9D TD",
             start={"phase": "call", "dealer": 0, "trump": "S", "level": "2",
                    "friends": [{"card": "AH", "nth": 2}]}, position=True)
    assert g.phase == "call"
    act(g, 0, "call", "", {"card": "KC", "nth": 1})
    assert g.phase == "play" and len(g.state.calls) == 2


def test_play_position_with_friends_found() -> None:
    hands = ["3C", "5C", "7C", "JC", "3D"]
    g = game({"preset": "friends-5"}, hands=hands, kitty="9D",
             start={"phase": "play", "dealer": 0, "trump": "S",
                    "friends": [{"card": "AH", "nth": 1, "played": 1, "found": 3}]},
             position=True)
    assert g.state.defenders == {0, 3} and g.state.calls[0].resolved
