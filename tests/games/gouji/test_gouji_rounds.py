"""GJ-5 rounds, passing, the 对头 rule and yielding; GJ-7 going out, 接风, dead gouji, headless;
GJ-8 chaos — each from explicit hands."""

from __future__ import annotations

import pytest

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji.positions import act, position


def test_gj5_gouji_play_is_answered_only_by_the_duitou() -> None:
    g = position(["AS AS 5S", "KS KS 6S", "3S 4S", "2S 2S 7S", "3H 4H", "3D 4D"], leader=0)
    act(g, 0, "play", "AS AS")
    assert g.to_act() == [3]
    before = g.observation(3)
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "play", "KS KS")
    assert err.value.rule == "GJ-5"
    assert err.value.message == "only seat 1's 对头 (seat 4) may answer a gouji play"
    assert g.observation(3) == before  # state unchanged
    # the 对头 beats with a gouji play: now only seat 0 may answer it
    act(g, 3, "play", "2S 2S")
    assert g.to_act() == [0]


def test_gj5_duitou_passing_ends_the_round_and_opens_the_point() -> None:
    g = position(["AS AS 5S", "KS KS 6S", "3S 4S", "2S 2S 7S", "3H 4H", "3D 4D"], leader=0)
    act(g, 0, "play", "AS AS")
    act(g, 3, "pass")
    assert g.state.play_began
    assert g.state.table_shape is None and g.to_act() == [0]
    assert g.state.opened[0]


def test_gj5_leader_may_not_pass() -> None:
    g = position(["AS 5S", "KS", "3S", "2S", "3H", "3D"], leader=0)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "pass")
    assert err.value.rule == "GJ-5"


def test_gj5_pass_then_answer_to_the_duitou() -> None:
    g = position(["5S 9S 9H", "TH 6S", "7S 3S", "8H 3H", "9D 3D", "TS 3C"], leader=0)
    act(g, 0, "play", "5S")
    act(g, 1, "pass")
    act(g, 2, "play", "7S")
    act(g, 3, "pass")
    act(g, 4, "play", "9D")
    act(g, 5, "pass")
    act(g, 0, "pass")
    # seat 1 passed, but seat 4 is his 对头: he may answer (对头牌)
    assert g.to_act() == [1]
    with pytest.raises(IllegalActionError) as err:
        act(g, 3, "play", "3H")
    assert err.value.rule == "GJ-5" and "passed" in err.value.message
    act(g, 1, "play", "TH")
    # after seat 1's play: seat 2 (not passed) and seat 4 (1's 对头) may answer; 3, 5, 0 not
    assert g.state.play_began and g.state.answer_queue == [2, 4]


def test_gj5_round_ends_when_everyone_passes_and_last_player_leads() -> None:
    g = position(["5S 9S", "6S 3S", "7S 3H", "3D 4D", "4H 4C", "4S 5D"], leader=0)
    act(g, 0, "play", "5S")
    act(g, 1, "play", "6S")
    for s in (2, 3, 4, 5, 0):
        act(g, s, "pass")
    assert g.to_act() == [1]
    assert g.state.play_began and g.state.table_shape is None


HANDS_YIELD = ["6S 3S 3H", "4S 5S", "5H 7H", "9S TS", "8S 4H", "7D 4D"]


def test_gj5_yield_and_only_the_duitou_answers_a_play_made_over_it() -> None:
    g = position(HANDS_YIELD, leader=0)
    act(g, 0, "play", "6S")
    act(g, 1, "pass")
    act(g, 2, "pass")
    assert any(a.verb == "yield" for a in g.legal_actions())
    act(g, 3, "yield")
    assert g.to_act() == [4]
    act(g, 4, "play", "8S")
    assert g.to_act() == [1]  # 4's 对头, although he passed
    with pytest.raises(IllegalActionError) as err:
        act(g, 3, "play", "9S")
    assert err.value.rule == "GJ-5"
    assert err.value.message == "only seat 5's 对头 (seat 2) may answer this play"
    act(g, 1, "pass")
    assert g.to_act() == [4]  # round over: seat 4 leads


def test_gj5_yield_then_both_pass_and_the_yielder_decides() -> None:
    g = position(HANDS_YIELD, leader=0)
    act(g, 0, "play", "6S")
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 3, "yield")
    act(g, 4, "pass")
    act(g, 5, "pass")
    assert g.to_act() == [3]
    verbs = {a.verb for a in g.legal_actions()}
    assert "yield" not in verbs and {"play", "pass"} <= verbs
    act(g, 3, "play", "9S")


def test_gj5_no_yield_unless_both_between_passed() -> None:
    g = position(HANDS_YIELD, leader=0)
    act(g, 0, "play", "6S")
    act(g, 1, "pass")
    act(g, 2, "play", "7H")
    with pytest.raises(IllegalActionError) as err:
        act(g, 3, "yield")
    assert err.value.rule == "GJ-5"


def test_gj5_open_needs_four() -> None:
    hands = ["AS AS 4S 5S", "3S 3H", "3D 3C", "KS 3H", "4H 5H", "4D 5D"]
    g = position(hands, leader=0, options={"preset": "classic", "open_needs_four": True})
    act(g, 0, "play", "AS AS")
    act(g, 3, "pass")
    assert g.state.play_began and not g.state.opened[0]
    act(g, 0, "play", "4S")
    assert g.state.opened[0]
    g = position(hands, leader=0, options={"preset": "classic", "open_needs_four": True})
    act(g, 0, "play", "AS AS")
    act(g, 3, "pass")
    act(g, 0, "play", "5S")
    assert g.state.play_began and not g.state.opened[0]


def test_gj5_jokers_and_a_single_two_do_not_open() -> None:
    g = position(["SJ 5S 2S 9S", "3S 3H", "3D 3C", "4S 3H", "4H 5H", "4D 5D"], leader=0)
    act(g, 0, "play", "SJ 5S")
    act(g, 3, "pass")
    act(g, 0, "play", "2S")
    act(g, 3, "pass")
    assert g.state.play_began and not g.state.opened[0]


# -- GJ-7 -------------------------------------------------------------------------------------

HANDS_OUT = ["9S", "3S 4S 5S", "TS 3H", "JS 3D AS AS", "4H 5H", "4D 5D 5C 5C"]


def test_gj7_going_out_and_jiefeng() -> None:
    g = position(HANDS_OUT, leader=0)
    act(g, 0, "play", "9S")
    assert g.state.play_began and g.state.tops == [0]
    for s in (1, 2, 3, 4, 5):
        act(g, s, "pass")
    assert g.to_act() == [1]  # 接风: next player still in


def test_gj7_claiming_the_lead() -> None:
    g = position(HANDS_OUT, leader=0)
    act(g, 0, "play", "9S")
    assert any(a.verb == "claim" for a in g.legal_actions())
    act(g, 1, "claim")
    for s in (2, 3, 4, 5):
        act(g, s, "pass")
    assert g.to_act() == [1]


def test_gj7_a_claim_fails_when_someone_beats() -> None:
    g = position(HANDS_OUT, leader=0)
    act(g, 0, "play", "9S")
    act(g, 1, "claim")
    act(g, 2, "play", "TS")
    assert g.state.play_began and 1 in g.state.answer_queue  # the claimant did not pass


def test_gj7_only_the_heir_may_claim() -> None:
    g = position(HANDS_OUT, leader=0)
    act(g, 0, "play", "9S")
    act(g, 1, "pass")
    with pytest.raises(IllegalActionError) as err:
        act(g, 2, "claim")
    assert err.value.rule == "GJ-7"


def test_gj7_dead_gouji_for_the_duitou_of_toupke() -> None:
    g = position(HANDS_OUT, leader=0)
    act(g, 0, "play", "9S")
    assert g.state.play_began and g.state.tokens[3] == 1
    for s in (1, 2, 3, 4, 5):
        act(g, s, "pass")
    act(g, 1, "play", "5S")
    act(g, 2, "play", "TS")
    act(g, 3, "play", "JS")
    for s in (4, 5, 1, 2):
        act(g, s, "pass")
    act(g, 3, "play", "AS AS")  # a gouji play with a dead-gouji right: nobody may answer
    assert g.state.tokens[3] == 0
    assert g.state.table_shape is None and g.to_act() == [3]


def test_gj7_headless_plays_may_be_answered_by_anyone() -> None:
    hands = ["", "KS KS 3S", "3H 4H", "AS AS 5S 6S", "2S 2H 7D 8D", "3D 4D 5D"]
    g = position(hands, leader=3, finished=[0])
    act(g, 3, "play", "AS AS")  # seat 3 has no 对头 any more
    assert g.to_act() == [4]
    act(g, 4, "play", "2S 2H")  # seat 4 has a 对头: his 对头 answers, and headless seat 3
    assert g.to_act() == [1]
    assert g.state.play_began and g.state.answer_queue == [1, 3]


def test_gj7_headless_player_answers_a_gouji_play() -> None:
    hands = ["", "KS KS 3S", "3H 4H", "AS AS 5S 6S", "8D 7D", "3D 4D 5D"]
    g = position(hands, leader=1, finished=[0])
    act(g, 1, "play", "KS KS")  # gouji: 对头 seat 4 answers, and headless seat 3 may too
    assert g.to_act() == [3]
    assert g.state.play_began and g.state.answer_queue == [3, 4]


def test_gj7_counts_shown_at_ten_or_fewer() -> None:
    big = "3S 3S 3S 4S 4S 4S 5S 5S 5S 6S 6S"  # 11 cards
    g = position([big, "3H 4H", big, big, big, big], leader=0)
    obs = g.observation(1)
    assert obs["hand_sizes"] == [None, 2, None, None, None, None]
    act(g, 0, "play", "6S 6S")  # down to 9
    assert g.observation(1)["hand_sizes"][0] == 9


# -- GJ-8 -------------------------------------------------------------------------------------

def test_gj8_chaos_after_erke() -> None:
    hands = ["", "", "5S AS AS 3S", "6S 9S", "7S 3H", "4D 5D"]
    g = position(hands, leader=2, finished=[0, 1])
    assert g.state.play_began and g.state.chaos
    act(g, 2, "play", "5S")
    act(g, 3, "pass")
    act(g, 4, "play", "7S")
    act(g, 5, "pass")
    act(g, 2, "pass")
    assert g.to_act() == [3]  # a player who passed may play again in chaos
    act(g, 3, "play", "9S")
    for s in (4, 5, 2):
        act(g, s, "pass")
    act(g, 3, "play", "6S")
    act(g, 4, "pass")
    act(g, 5, "pass")
    act(g, 2, "pass")
    # seat 3 went out? no: he still holds nothing else? he held 6S 9S → out now
    assert 3 in g.state.tops


def test_gj8_gouji_plays_are_open_to_all_in_chaos() -> None:
    hands = ["", "", "AS AS 3S", "2S 2S 9S", "2H 2H 3H", "4D 5D"]
    g = position(hands, leader=2, finished=[0, 1])
    act(g, 2, "play", "AS AS")
    assert g.to_act() == [3]  # next in order, no 对头 rule, no burn window


def test_gj8_revolution_then_toupke_means_chaos() -> None:
    hands = ["", "", "5S", "6S", "7S", "8S"]
    g = position(hands, leader=2, finished=[0], revolution=[1])
    assert g.state.play_began and g.state.chaos


def test_gj5_tongyong_opening_excludes_money_and_twos() -> None:
    hands = ["KS 2S AS AS 4S 2H 2D", "3S 3H", "3D 3C", "QS 3H", "4H 5H", "4D 5D"]
    opts = {"preset": "classic", "open_plain_only": True}
    g = position(hands, leader=0, options=opts)
    act(g, 0, "play", "KS 2S")  # K with money: gouji, but does not open under 通用规则
    act(g, 3, "pass")
    assert g.state.play_began and not g.state.opened[0]
    act(g, 0, "play", "AS AS")
    act(g, 3, "pass")
    assert g.state.opened[0]
    g = position(hands, leader=0)
    act(g, 0, "play", "KS 2S")
    act(g, 3, "pass")
    assert g.state.play_began and g.state.opened[0]
