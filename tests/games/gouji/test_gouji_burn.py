"""GJ-6 burning 烧牌: priority, the joker-in-every-lead and one-play-left conditions, a burn that
succeeds, one that is broken 解烧, one that fails 烧失败, ``burn_needs_open`` and burn tribute."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji.positions import act, position

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import details

# seat 0 leads K K (gouji); seat 1 can burn with A A, leaving SJ 6 6 7 (one joker, two ranks)
BURN = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "3H 4H", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]


def burning() -> object:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    return g


def test_gj6_burn_comes_before_the_duitou() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [1]
    assert g.state.play_began and g.state.stage == "burn"
    legal = {(a.verb, a.cards) for a in g.legal_actions()}
    assert {v for v, _ in legal} == {"burn", "pass"}
    # the 对头 may not burn, and a third seat may not answer (an answer by the 对头 would
    # imply seat 1 declined: see test_gouji_foreign_records)
    with pytest.raises(IllegalActionError) as err:
        act(g, 3, "burn", "3D")
    assert err.value.rule == "GJ-6"
    with pytest.raises(IllegalActionError) as err:
        act(g, 2, "pass")
    assert err.value.rule == "GJ-5"
    assert g.to_act() == [1]


def test_gj6_declining_a_burn_is_not_a_pass() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "pass")
    assert g.to_act() == [3]
    assert g.state.play_began and not g.state.passed[1]


def test_gj6_a_burn_that_succeeds() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    t = g.state
    assert t.burner == 1 and t.burnt == 0
    assert g.to_act() == [4]  # only the burner's own 对头 may answer
    act(g, 4, "pass")
    assert g.to_act() == [1]
    act(g, 1, "play", "SJ 6S 6S")  # every lead but the last holds a joker
    act(g, 4, "pass")
    act(g, 1, "play", "7S")  # the last needs none
    assert t.tops == [1]
    assert t.burns == [(0, 1)]


def test_gj6_the_burners_last_play_is_answered_by_every_seat_in_order() -> None:
    """GJ-6 (docs/rules/gouji.md): the burn succeeds the moment the burner goes out, so his
    last play is an ordinary last play (GJ-7 底牌) that every seat still in may answer in play
    order — not only his 对头, who alone answered his burning plays."""
    hands = list(BURN)
    hands[2] = "3H 4H 9H"
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    assert g.to_act() == [4]  # still burning: only the 对头
    act(g, 4, "pass")
    act(g, 1, "play", "7S")
    t = g.state
    assert t.tops == [1] and t.burns == [(0, 1)] and t.burner == -1  # the burn is over
    assert g.to_act() == [2]  # the next seat in play order, not the 对头 (seat 4)
    act(g, 2, "play", "9H")
    assert g.to_act() == [3]


def test_gj6_a_burn_that_is_broken() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    act(g, 4, "play", "BJ 7D 7D")  # the burner's 对头 beats: 解烧
    t = g.state
    assert t.burner == -1 and t.burns == []


def test_gj6_a_burn_that_fails() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "6S 6S")  # no joker and not his last play: 烧失败
    t = g.state
    assert t.play_began
    assert t.bottoms == [1] and t.failed == [1] and not t.active[1]
    assert g.to_act() == [2]  # the next player still in leads
    assert details(g, 0)["ranks"]["1"] == "大落"


def test_gj6_burn_must_leave_a_hand_that_can_be_played_out() -> None:
    hands = ["KS KS 3S 4S", "AS AS 6S 7S", "3H 4H", "QS 3D", "5D 6D", "3C 4C"]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [3]  # seat 1 could beat, but could not play out 6 and 7 with jokers
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "burn", "AS AS")
    assert err.value.rule == "GJ-6"


def test_gj6_one_play_left_condition() -> None:
    hands = ["KS KS 3S 4S", "AS AS 6S 6S 6S", "3H 4H", "QS 3D", "5D 6D", "3C 4C"]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [1]
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "6S 6S 6S")
    assert g.state.play_began and g.state.burns == [(0, 1)]


def test_gj6_the_makers_teammates_burn_first() -> None:
    hands = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "AS AS", "QS 3D", "5D 6D", "3C 4C"]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [2]  # seat 1 is earlier in play order, but seat 0's teammate goes first
    act(g, 2, "pass")
    assert g.to_act() == [1]


def test_gj6_burn_needs_open() -> None:
    opts = {"preset": "classic", "burn_needs_open": True}
    g = position(BURN, leader=0, options=opts)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [3]
    g = position(BURN, leader=0, options=opts, opened=[1])
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [1]


def test_gj6_burn_off() -> None:
    g = position(BURN, leader=0, options={"preset": "classic", "burn": False})
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [3]


def test_gj6_burn_tribute_is_owed_after_success() -> None:
    hands = ["KS KS 3S 4S", "AS AS 6S 6S 6S", "3H 4H", "QS 3D", "5D 6D", "3C 4C"]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "6S 6S 6S")
    import random

    rng = random.Random(3)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    res = g.result()
    assert res is not None
    assert {"burnt": 0, "burner": 1} in res["burns"]
    kinds = [(t["kind"], t["from"], t["to"]) for t in res["tributes_next"]]
    assert kinds[0] == ("burn", 0, 1) or res["chuan_san_hu"]


# 通用规则 "未开点不可烧牌，或先发4认不开点后才能烧牌" (GJ-6, option burn_needs_open): a player
# who has not opened his point may burn only after leading 4s, which concedes the point 认不开点.
NEEDS_OPEN = {"preset": "classic", "burn_needs_open": True}
# seat 2 will lead K K (gouji); seat 1 could burn it with A A (SJ 6 6 and 4 or 7 are left)
CONCEDE = ["3C 6C", "4H AS AS SJ 6S 6S 7S", "8H KS KS 3H", "QS 3D", "BJ 7D 7D 5D", "3S 8C"]


def lead_then_gouji(first_lead: str) -> object:
    """Seat 1 leads ``first_lead``; seat 2 takes the round with an 8 and leads K K."""
    g = position(CONCEDE, leader=1, options=NEEDS_OPEN)
    act(g, 1, "play", first_lead)
    act(g, 2, "play", "8H")
    for s in (3, 4, 5, 0, 1):
        act(g, s, "pass")
    act(g, 2, "play", "KS KS")
    return g


def test_gj6_not_opened_and_not_conceded_cannot_burn() -> None:
    g = lead_then_gouji("7S")  # a 7 concedes nothing
    assert g.state.play_began and g.state.conceded == [False] * 6
    assert g.to_act() == [5]  # the 对头 answers: seat 1 is not asked
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "burn", "AS AS")
    assert err.value.rule == "GJ-6"
    assert "认不开点" in err.value.message


def test_gj6_leading_4s_concedes_the_point_and_allows_burning() -> None:
    g = lead_then_gouji("4H")
    t = g.state
    assert t.conceded[1] and not t.opened[1]
    assert details(g, 0)["conceded"] == [1]  # leading 4s is public
    assert g.to_act() == [1] and t.stage == "burn"
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    act(g, 4, "pass")
    act(g, 1, "play", "7S")
    assert t.burns == [(2, 1)]


def test_gj5_gj6_a_conceded_point_cannot_be_opened_later() -> None:
    opts = {"preset": "classic", "burn_needs_open": True, "open_needs_four": True}
    hands = ["3C 6C", "4H 4D AS AS 9S", "5H 3H", "QS 3D", "7D 5D", "3S 8C"]
    g = position(hands, leader=1, options=opts)
    act(g, 1, "play", "4H")  # 4s before opening: 认不开点
    for s in (2, 3, 4, 5, 0):
        act(g, s, "pass")
    act(g, 1, "play", "AS AS")  # unanswered gouji play …
    act(g, 4, "pass")
    act(g, 1, "play", "4D")  # … and 4s after it: no opening once conceded
    t = g.state
    assert t.conceded[1] and not t.opened[1]


def test_gj5_4s_led_to_open_the_point_are_no_concession() -> None:
    opts = {"preset": "classic", "burn_needs_open": True, "open_needs_four": True}
    hands = ["3C 6C", "4H 4D AS AS 9S", "5H 3H", "QS 3D", "7D 5D", "3S 8C"]
    g = position(hands, leader=1, options=opts)
    act(g, 1, "play", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "4H")  # 开点发4
    t = g.state
    assert t.opened[1] and not t.conceded[1]


def test_gj6_4s_concede_nothing_without_burn_needs_open() -> None:
    g = position(CONCEDE, leader=1)
    act(g, 1, "play", "4H")
    assert g.state.play_began and g.state.conceded == [False] * 6


def test_gj6_a_burn_broken_by_a_further_burn() -> None:
    """反烧: a burner's gouji play may itself be burnt; the first burn is broken."""
    hands = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "BJ 7H 7H 9H", "QS 3D", "BJ 7D 7D 5D",
             "3C 4C"]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    assert g.to_act() == [2]  # burning comes before seat 1's 对头 (seat 4) answers
    act(g, 2, "burn", "BJ 7H 7H")  # big flowers of a higher rank over small flowers
    t = g.state
    assert t.burner == 2 and t.burnt == 1
    assert g.to_act() == [5]  # only the new burner's 对头
    act(g, 5, "pass")
    act(g, 2, "play", "9H")
    assert t.burns == [(1, 2)]


def test_gj7_gj6_a_dead_gouji_play_may_still_be_burnt() -> None:
    hands = ["3C 4C", "3H 4H", "5D 6D", "AS AS 9S", "2S 2S SJ 6S 6S 7S", "3D 4D"]
    g = position(hands, leader=3, dead_gouji={"3": 1})
    act(g, 3, "play", "AS AS")  # 够死级: nobody may answer it, but seat 4 may burn it
    t = g.state
    assert t.table_dead and g.to_act() == [4]
    assert details(g, 2)["waiting"] == "burn_window"
    act(g, 4, "burn", "2S 2S")
    act(g, 1, "pass")
    act(g, 4, "play", "SJ 6S 6S")
    act(g, 1, "pass")
    act(g, 4, "play", "7S")
    assert t.burns == [(3, 4)]
