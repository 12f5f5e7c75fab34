"""BH-1 and BH-2: the deck, calling, passing the crown, forced call, void deal, seizing, the
guard, alone 独保 and the open/secret declarations — from explicit hands."""

from __future__ import annotations

import json

import pytest

from paizhuo.cards import EMPEROR_CARD, card_id
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.judge import ILLEGAL, LEGAL, judge_text, replay
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import act, position
from paizhuo.games.baohuang.setup import full_deck
from paizhuo.games.baohuang.state import holder_of_emperor_card

H8 = card_id("8H")


def test_deck_has_216_cards_and_one_emperor_card() -> None:
    # BH-1: four decks, one BJ marked; 43 each, the 216th card goes to the emperor
    deck = full_deck()
    assert len(deck) == 216 and deck.count(EMPEROR_CARD) == 1 and deck.count(53) == 3
    g = BaohuangGame.new(seed=7)
    assert g.st.sizes == [43] * 5 and len(g.st.extra) == 1
    assert holder_of_emperor_card(g.st) == g.to_act()[0]


def test_call_with_three_copies_finds_the_guard() -> None:
    g = position(["8H 8H 8H BJ* 3S", "4S", "5S", "8H 6S", "7S"], phase="crown", kitty="9S")
    assert {a.verb for a in g.legal_actions()} == {"call", "pass_crown", "seize"}
    act(g, 0, "call", "8H")
    assert g.st.emperor == 0 and g.st.guard == 3 and g.st.called == H8
    assert g.st.sizes[0] == 6  # the extra card went to the emperor (BH-1)
    assert g.phase == "declare"


def test_extra_card_removed_by_option() -> None:
    g = position(["8H 8H 8H BJ* 3S", "4S", "5S", "8H 6S", "7S"], phase="crown", kitty="9S",
                 options={"extra_card": "remove"})
    act(g, 0, "call", "8H")
    assert g.st.sizes[0] == 5 and g.st.extra == []


def test_call_needs_three_identical_cards() -> None:
    g = position(["8H 8H 8S BJ*", "4S", "5S", "6S", "7S"], phase="crown")
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "call", "8H")
    assert err.value.rule == "BH-2"
    assert g.st.emperor is None and g.phase == "crown"  # unchanged
    with pytest.raises(IllegalActionError):
        act(g, 1, "call", "4S")  # only the holder calls


def test_jokers_may_be_called_and_the_emperor_card_counts_as_a_big_joker() -> None:
    g = position(["BJ BJ BJ* 3S", "BJ 4S", "5S", "6S", "7S"], phase="crown")
    assert Action(0, "call", (53,)) in g.legal_actions()
    act(g, 0, "call", "BJ")
    assert g.st.guard == 1


def test_crown_passes_round_the_table_and_the_card_moves() -> None:
    g = position(["BJ* 3S", "4S", "5S", "6S", "7S 7S 7S"], phase="crown")
    for seat in range(4):
        assert holder_of_emperor_card(g.st) == seat and g.to_act()[0] == seat
        act(g, seat, "pass_crown")
        assert g.st.sizes[seat] == 1
    assert holder_of_emperor_card(g.st) == 4 and g.st.sizes[4] == 4
    # seat 4 could call with three 7s; he passes too: the crown has gone round all five
    act(g, 4, "pass_crown")
    assert holder_of_emperor_card(g.st) == 0 and g.st.forced_seat == 4


def test_forced_call_by_the_first_holder_of_exactly_three() -> None:
    g = position(["BJ* 8H 8H 3S", "5D 5D 5D 5D", "7C 7C 7C 7S", "9S 9S 9S", "7C 6S"],
                 phase="crown")
    for seat in range(5):
        act(g, seat, "pass_crown")
    # seat 0 holds no three; seat 1 holds four (not exactly three); seat 2 must call 7C
    assert g.st.forced_seat == 2 and g.to_act()[0] == 2
    assert [a.cards for a in g.legal_actions(2) if a.verb == "call"] == [(card_id("7C"),)]
    with pytest.raises(IllegalActionError):
        act(g, 2, "pass_crown")
    with pytest.raises(IllegalActionError):
        act(g, 3, "call", "9S")
    act(g, 2, "call", "7C")
    assert g.st.emperor == 2 and holder_of_emperor_card(g.st) == 2  # takes the emperor card
    assert g.st.guard == 4


def test_void_deal_with_explicit_hands_ends_the_record() -> None:
    g = position(["BJ* 8H 8H", "5D 5D", "7C", "9S 9S", "6S"], phase="crown")
    for seat in range(5):
        act(g, seat, "pass_crown")
    assert g.phase == "void" and g.result() == {"void": True, "redeals": 0}
    assert g.to_act() == [] and g.legal_actions() == []


def test_void_deal_redeals_from_the_seed() -> None:
    g = BaohuangGame.new({"forced_call": False}, seed=11)
    before = list(g.st.hands)
    for _ in range(5):
        act(g, g.to_act()[0], "pass_crown")
    assert g.st.redeals == 1 and g.phase == "crown" and g.st.hands != before
    assert g.st.sizes == [43] * 5 and g.st.passes == 0
    assert g.to_act()[0] == holder_of_emperor_card(g.st) == g.st.first_holder


def test_any_seat_may_seize_before_a_call() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "5S", "8H", "7S"], phase="crown", kitty="3D")
    assert 3 in g.to_act() and g.legal_actions(3) == [Action(3, "seize")]
    act(g, 3, "seize")
    assert g.st.emperor == 3 and g.st.seized and g.st.guard is None
    assert holder_of_emperor_card(g.st) == 3 and g.st.sizes[3] == 3  # BJ*, 8H, extra card
    assert g.phase == "play" and g.to_act() == [3]  # no guard: no declarations
    with pytest.raises(IllegalActionError):
        act(g, 1, "seize")


def test_seizing_off() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "5S", "8H", "7S"], phase="crown",
                 options={"preset": "basic"})
    assert g.to_act() == [0]
    with pytest.raises(IllegalActionError):
        act(g, 3, "seize")


def test_four_copies_make_the_emperor_alone() -> None:
    g = position(["BJ* 8H 8H 8H 8H", "4S", "5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    assert g.st.guard == 0  # 独保: his own guard
    # BH-2: every other seat declares from the emperor's next seat; nobody else may reveal
    assert g.phase == "declare" and g.to_act() == [1]
    assert g.legal_actions(1) == [Action(1, "pass")]
    with pytest.raises(IllegalActionError):
        act(g, 1, "reveal")
    # the alone emperor's 明独 comes as he leads: out of turn the rules refuse it, changing
    # nothing; a record that has it is imported with the passes it implies (imports.py), as
    # every seat still to declare passed, and he leads
    before = (g.record().to_json(), [g.observation(s) for s in range(5)])
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "reveal")
    assert err.value.rule == "BH-2"
    assert (g.record().to_json(), [g.observation(s) for s in range(5)]) == before
    record = g.record()
    record.actions.append(Action(0, "reveal"))
    imported, _ = replay(record)
    assert isinstance(imported, BaohuangGame)
    g = imported
    assert g.st.open and g.phase == "play" and g.to_act() == [0]
    assert [(a.seat, a.verb) for a in g.actions[-5:]] == [(1, "pass"), (2, "pass"), (3, "pass"),
                                                          (4, "pass"), (0, "reveal")]
    for seat in range(1, 5):
        assert g.legal_actions(seat) == []
        with pytest.raises(IllegalActionError):
            act(g, seat, "reveal")
        with pytest.raises(IllegalActionError):
            act(g, seat, "pass")
    assert Action(0, "reveal") not in g.legal_actions(0)  # declared once


def test_alone_emperor_hears_every_seat_then_may_reveal_as_he_leads() -> None:
    g = position(["BJ* 8H 8H 8H 8H", "4S", "5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        assert g.phase == "declare" and g.to_act() == [seat]
        assert g.legal_actions(seat) == [Action(seat, "pass")]
        assert g.legal_actions(0) == []  # his turn to declare is his lead
        act(g, seat, "pass")
    assert g.phase == "play" and g.to_act() == [0] and not g.st.open
    assert Action(0, "reveal") in g.legal_actions(0)
    act(g, 0, "reveal")
    assert g.st.open and g.to_act() == [0] and Action(0, "reveal") not in g.legal_actions(0)
    act(g, 0, "play", "8H")
    assert g.result() is None and g.to_act() == [1]


def test_alone_emperor_who_leads_without_revealing_stays_secret() -> None:
    g = position(["BJ* 8H 8H 8H 8H", "4S", "5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        act(g, seat, "pass")
    act(g, 0, "play", "8H")
    assert not g.st.open
    # the round goes on; once anyone has led, 明独 is too late
    while g.to_act() != [0]:
        seat = g.to_act()[0]
        act(g, seat, "pass")
    assert Action(0, "reveal") not in g.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "reveal")
    assert err.value.rule == "BH-2"


def test_a_guard_who_is_not_the_emperor_has_no_reveal_at_the_lead() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        act(g, seat, "pass")
    assert g.phase == "play" and Action(0, "reveal") not in g.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "reveal")
    assert err.value.rule == "BH-2"


def test_open_guard_declares_before_the_first_lead() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    assert g.to_act() == [1] and g.legal_actions(0) == []  # the emperor does not declare
    act(g, 1, "pass")
    assert g.observation(1)["details"]["guard"] is None
    act(g, 2, "reveal")
    assert g.st.open and all(g.observation(s)["details"]["guard"] == 2 for s in (0, 1, None))
    assert g.phase == "play" and g.to_act() == [0]


def test_the_guards_reveal_ends_the_declarations_and_the_emperor_leads() -> None:
    # BH-2: "The declarations end at once when the guard reveals — the emperor then leads";
    # seats 3 and 4 are not asked: state, to_act, legal actions and the judge agree
    g = position(["BJ* 8H 8H 8H 3S", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    act(g, 1, "pass")
    act(g, 2, "reveal")
    assert g.phase == "play" and g.to_act() == [0] and g.st.declare_queue == []
    assert g.legal_actions(3) == [] and g.legal_actions(4) == []
    assert Action(0, "play", (card_id("3S"),)) in g.legal_actions(0)
    for seat in (3, 4):
        with pytest.raises(IllegalActionError) as err:
            act(g, seat, "pass")
        assert err.value.rule == "BH-4"
    assert g.observation(3)["to_act"] == [0]
    act(g, 0, "play", "3S")
    assert g.to_act() == [1]
    status, answer = judge_text(g.record().dumps())
    assert status == LEGAL and answer["phase"] == "play" and answer["to_act"] == [1]
    late = g.record().to_json()
    late["actions"] = [*late["actions"][:4], [3, "pass"]]
    status, answer = judge_text(json.dumps(late))
    assert status == ILLEGAL and answer["index"] == 4 and answer["rule"] == "BH-4", answer


def test_secret_guard_declares_pass_like_everyone() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        act(g, seat, "pass")
    assert not g.st.open and not g.st.revealed
    assert g.phase == "play" and g.to_act() == [0]
    assert g.observation(0)["details"]["guard"] is None
    assert g.observation(2)["details"]["guard"] == 2


def test_call_by_the_player_the_crown_was_passed_to() -> None:
    g = position(["BJ* 3S", "8H 8H 8H 4S", "5S", "6S", "8H"], phase="crown")
    with pytest.raises(IllegalActionError):
        act(g, 1, "call", "8H")
    act(g, 0, "pass_crown")
    act(g, 1, "call", "8H")
    assert g.st.emperor == 1 and g.st.guard == 4 and g.st.sizes[1] == 5


def test_emperor_card_left_over_means_a_redeal() -> None:
    # seed 295 leaves BJ* as the 216th card: nobody could hold the crown, so it is dealt again
    g = BaohuangGame.new(seed=295)
    assert g.st.redeals >= 1 and holder_of_emperor_card(g.st) is not None
    assert g.st.extra != [EMPEROR_CARD] and g.st.sizes == [43] * 5
