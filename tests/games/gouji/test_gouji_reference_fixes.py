"""Places where the engine disagreed with the corrected rules reference: 要头 (GJ-9), opening the
point by going out (GJ-5.5), a headless burner (GJ-6/GJ-7), a burn that cannot be completed
(GJ-6), the rule each refusal names, and "you do not hold" before any comparison."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.positions import act, full, position
from paizhuo.games.gouji.setup import full_deck

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import details


def refused(g: GoujiGame, seat: int, verb: str, cards: str = "") -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        act(g, seat, verb, cards)
    return err.value


# -- GJ-9 要头 ----------------------------------------------------------------------------------

# seat 1 declared revolution; his 对头 seat 4 chose 要头 (three dead gouji plays left)
YAO_TOU = ["AS AS 3S", "", "3H 4H", "5D 6D", "2S 2S 5S 6S", "3C 4C"]


def test_gj9_yao_tou_player_may_not_answer_a_gouji_play_before_his_dead_plays() -> None:
    g = position(YAO_TOU, leader=0, revolution=[1], dead_gouji={"4": 3})
    t = g.state
    assert t.play_began
    act(g, 0, "play", "AS AS")  # gouji: only seat 0's 对头, seat 3, may answer
    assert g.to_act() == [3] and t.answer_queue == [3]
    act(g, 3, "pass")  # the 对头 passes: the round ends and seat 0 leads again
    assert g.to_act() == [0] and t.table_shape is None
    err = refused(g, 4, "play", "2S 2S")
    assert err.rule == "GJ-9"
    assert "要头" in err.message
    assert details(g, 4)["headless"] == []  # not headless until his dead plays are used


def test_gj9_yao_tou_refusal_while_the_duitou_is_asked() -> None:
    g = position(YAO_TOU, leader=0, revolution=[1], dead_gouji={"4": 3})
    act(g, 0, "play", "AS AS")
    err = refused(g, 4, "play", "2S 2S")
    assert err.rule == "GJ-9"


def test_gj9_no_head_player_is_headless_at_once() -> None:
    g = position(YAO_TOU, leader=0, revolution=[1])  # 无头: no dead plays
    act(g, 0, "play", "AS AS")
    assert g.state.play_began and g.state.answer_queue == [3, 4]
    assert details(g, 4)["headless"] == [4]


# -- GJ-5.5 opening the point ----------------------------------------------------------------

OUT_WITH_GOUJI = ["AS AS", "3H", "4H", "5H", "6H", "7H"]


@pytest.mark.parametrize("options", [{"preset": "classic"},
                                     {"preset": "classic", "open_needs_four": True}])
def test_gj5_going_out_with_an_unanswered_gouji_play_does_not_open(
        options: dict[str, object]) -> None:
    g = position(OUT_WITH_GOUJI, leader=0, options=options)
    act(g, 0, "play", "AS AS")  # seat 0 goes out; nobody can answer; he does not lead again
    act(g, 3, "pass")
    t = g.state
    assert t.turn == 1
    assert not t.opened[0]
    while g.phase != "over":  # the rest lead their single cards and go out
        seat = g.to_act()[0]
        g.apply(next(a for a in g.legal_actions() if a.verb in ("play", "pass")
                     and (a.verb == "pass") == (t.stage != "lead")))
        assert seat != 0
    res = g.result()
    assert res is not None and 0 not in res["opened"]


def test_gj5_an_unanswered_gouji_play_opens_when_its_maker_leads_again() -> None:
    g = position(["AS AS 5S", "3H", "4H", "5H", "6H", "7H"], leader=0)
    act(g, 0, "play", "AS AS")
    act(g, 3, "pass")
    assert g.state.play_began and g.state.opened[0] and g.to_act() == [0]


# -- GJ-6 with a headless burner --------------------------------------------------------------

# seat 4 is out, so seat 1 is headless; seat 0 leads K K, seat 1 burns with A A (then SJ 6 6 7)
HEADLESS_BURN = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "2S 2H 5D 8D", "QS 3D", "", "3C 4C"]


def test_gj6_headless_burners_play_may_be_beaten_by_anyone_breaking_the_burn() -> None:
    g = position(HEADLESS_BURN, leader=0, finished=[4])
    t = g.state
    assert t.play_began
    act(g, 0, "play", "KS KS")
    assert t.stage == "burn" and g.to_act() == [1]
    act(g, 1, "burn", "AS AS")
    assert t.burner == 1 and g.to_act() == [2]
    act(g, 2, "play", "2S 2H")  # anyone may beat a headless burner: the burn is broken
    assert t.burner == -1 and t.maker == 2


def test_gj6_headless_burners_play_that_stands_lets_him_lead_again() -> None:
    g = position(HEADLESS_BURN, leader=0, finished=[4])
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    for s in (2, 3, 5, 0):
        act(g, s, "pass")
    t = g.state
    assert t.burner == 1 and g.to_act() == [1] and t.stage == "lead"


# -- GJ-6 a burn that cannot be completed ------------------------------------------------------

def test_gj6_a_burn_that_cannot_be_completed_is_refused_saying_why() -> None:
    # seat 1 could beat K K with A A but then holds 6 and 7 and no joker
    g = position(["KS KS 3S 4S", "AS AS 6S 7S", "3H 4H", "QS 3D", "7D 5D", "3C 4C"], leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [3]  # nobody could burn: the 对头 answers
    err = refused(g, 1, "burn", "AS AS")
    assert err.rule == "GJ-6"
    assert "could not then play out your hand" in err.message


# -- the rule each refusal names -------------------------------------------------------------

def test_gj7_answering_a_dead_gouji_names_gj7() -> None:
    g = position(["3C 4C", "5D 6D", "3H 4H", "AS AS 5S", "2S 2S 6S 7S", "7H 8H"], leader=3,
                 dead_gouji={"3": 1})
    act(g, 3, "play", "AS AS")  # dead gouji: nobody may answer it
    assert g.to_act() == [3]
    err = refused(g, 4, "play", "2S 2S")
    assert err.rule == "GJ-7" and "dead gouji" in err.message


def test_gj7_answering_a_dead_gouji_during_its_burn_window_names_gj7() -> None:
    g = position(["3C 4C", "3H 4H", "5D 6D", "AS AS 9S", "2S 2S SJ 6S 6S 7S", "2H 2H 5H 8H"],
                 leader=3, dead_gouji={"3": 1})
    act(g, 3, "play", "AS AS")  # seat 4 may burn it; nobody may answer it
    assert g.to_act() == [4]
    err = refused(g, 5, "play", "2H 2H")
    assert err.rule == "GJ-7" and "dead gouji" in err.message


def test_gj9_answering_a_yao_tou_dead_gouji_names_gj9() -> None:
    g = position(["3C 4C", "", "3H 4H", "5D 6D", "AS AS 5S", "2S 2S 6S 7S"], leader=4,
                 revolution=[1], dead_gouji={"4": 3})
    act(g, 4, "play", "AS AS")
    assert g.to_act() == [4]
    err = refused(g, 5, "play", "2S 2S")
    assert err.rule == "GJ-9" and "要头" in err.message


def first_game() -> GoujiGame:
    cards = full_deck(216)
    g = full([list(cards[s::6]) for s in range(6)])
    assert g.phase == "play" and g.to_act() == [0]
    return g


def test_gj11_the_wrong_first_leader_names_gj11() -> None:
    g = first_game()
    c = next(iter(g.hands[1].distinct()))
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(1, "play", (c,)))
    assert err.value.rule == "GJ-11" and "上班" in err.value.message


def test_gj10_tribute_in_the_first_game_names_gj10() -> None:
    g = first_game()
    c = next(iter(g.hands[1].distinct()))
    for seat in (0, 1):
        with pytest.raises(IllegalActionError) as err:
            g.apply(Action(seat, "tribute", (c,)))
        assert err.value.rule == "GJ-10"


def test_gj9_revolution_after_play_began_names_gj9() -> None:
    g = first_game()
    for seat in (0, 3):
        assert refused(g, seat, "revolution").rule == "GJ-9"


def test_gj8_a_yield_in_chaos_names_gj8() -> None:
    g = position(["", "", "3H 4H 9H", "5D 6D", "7S 8S", "TC JC"], leader=5, finished=[0, 1])
    assert g.state.play_began and g.state.chaos
    act(g, 5, "play", "TC")
    for seat in (2, 3):  # 2 (the 对头, in turn) and 3 (out of turn)
        assert refused(g, seat, "yield").rule == "GJ-8"


# -- "you do not hold" before any comparison -------------------------------------------------

def test_gj2_cards_not_held_are_named_before_any_comparison() -> None:
    g = position(["KS KS 3S 4S", "AS 6S 7S", "3H 4H", "QS 3D", "7D 5D", "3C 4C"], leader=0)
    act(g, 0, "play", "KS KS")
    err = refused(g, 3, "play", "QS QS")  # would not beat K K either
    assert err.rule == "GJ-2" and "you do not hold Q♠ Q♠" in err.message
    err = refused(g, 1, "burn", "AS AH")
    assert "you do not hold A♠ A♥" in err.message
    err = refused(g, 2, "burn", "3H 3H")  # neither held nor higher
    assert "you do not hold 3♥ 3♥" in err.message


def test_gj7_a_headless_play_over_a_yielding_player_may_be_beaten_by_anyone() -> None:
    # seat 1 is out: seat 4, who plays over seat 3's yield, is headless (GJ-7), so his play is
    # not kept for his 对头 (GJ-5.3) but open to anyone
    g = position(["5S 9S", "", "3H 4H", "6D 7D 8D", "7S KS", "8C 3C"], leader=0, finished=[1])
    act(g, 0, "play", "5S")
    act(g, 2, "pass")
    act(g, 3, "yield")
    act(g, 4, "play", "7S")
    t = g.state
    assert g.to_act() == [5] and t.answer_queue == [5, 0, 3]
    act(g, 5, "play", "8C")
    assert t.maker == 5


def test_gj10_tribute_cards_not_held_are_named() -> None:
    cards = full_deck(216)
    g = full([list(cards[s::6]) for s in range(6)],
             start={"game": 2, "tributes": [{"kind": "place", "from": 5, "to": 0, "cards": 1}]})
    assert g.phase == "tribute" and g.to_act() == [5]
    c = next(c for c in g.hands[0].distinct() if not g.hands[5][c])
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(5, "tribute", (c,)))
    assert err.value.rule == "GJ-10" and err.value.message.startswith("you do not hold")
    g.apply(g.legal_actions()[0])
    assert g.to_act() == [0]
    c = next(c for c in g.hands[5].distinct() if not g.hands[0][c])
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(0, "return", (c,)))
    assert err.value.rule == "GJ-10" and err.value.message.startswith("you do not hold")
