"""GJ-6 burning 烧牌: priority, the joker-in-every-lead and one-play-left conditions, a burn that
succeeds, one that is broken 解烧, one that fails 烧失败, ``burn_needs_open`` and burn tribute."""

from __future__ import annotations

import pytest

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji.positions import act, position

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
    assert g.table is not None and g.table.stage == "burn"
    legal = {(a.verb, a.cards) for a in g.legal_actions()}
    assert {v for v, _ in legal} == {"burn", "pass"}
    # the 对头 must wait for the burn decision
    with pytest.raises(IllegalActionError) as err:
        act(g, 3, "pass")
    assert err.value.rule == "GJ-6"


def test_gj6_declining_a_burn_is_not_a_pass() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "pass")
    assert g.to_act() == [3]
    assert g.table is not None and not g.table.passed[1]


def test_gj6_a_burn_that_succeeds() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    t = g.table
    assert t is not None and t.burner == 1 and t.burnt == 0
    assert g.to_act() == [4]  # only the burner's own 对头 may answer
    act(g, 4, "pass")
    assert g.to_act() == [1]
    act(g, 1, "play", "SJ 6S 6S")  # every lead but the last holds a joker
    act(g, 4, "pass")
    act(g, 1, "play", "7S")  # the last needs none
    assert t.tops == [1]
    assert t.burns == [(0, 1)]


def test_gj6_a_burn_that_is_broken() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    act(g, 4, "play", "BJ 7D 7D")  # the burner's 对头 beats: 解烧
    t = g.table
    assert t is not None and t.burner == -1 and t.burns == []


def test_gj6_a_burn_that_fails() -> None:
    g = position(BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "6S 6S")  # no joker and not his last play: 烧失败
    t = g.table
    assert t is not None
    assert t.bottoms == [1] and t.failed == [1] and not t.active[1]
    assert g.to_act() == [2]  # the next player still in leads
    assert g.observation(0)["ranks"]["1"] == "大落"


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
    assert g.table is not None and g.table.burns == [(0, 1)]


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
