"""Records written by other programs (BH-2, BH-4): they usually skip our declaration round and
go from the call straight to the emperor's first lead, or name only the guard's reveal. The
judge's import step (``imports.implied_before``, applied by ``replay``) writes the implied
passes into the game's own record, so the state is the one the explicit passes give: every
seat's observation and events and the result are the same, and the judge answers the record as
written as it answers the explicit one. The rules themselves (``apply``) refuse all of it out of
turn, and anything else out of turn is refused by the judge too — from explicit hands of 43
judged as whole records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paizhuo.cards import EMPEROR_CARD, card_id
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.judge import ILLEGAL, LEGAL, judge_text, replay
from paizhuo.engine.records import Record, parse_action
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import act
from paizhuo.games.baohuang.setup import full_deck
from paizhuo.notation import format_cards

C2 = card_id("2C")
LEAD = [1, "play", "6H SJ"]


def deal(alone: bool = False) -> dict[str, Any]:
    """Four decks dealt by hand: seat 1 holds BJ*, 2C 2C 2C (all four when ``alone``), 6H and
    SJ; seat 3 holds the other 2C (the guard); the kitty (extra card) is a plain card."""
    pool = full_deck()
    fixed: list[list[int]] = [[] for _ in range(5)]
    fixed[1] = [EMPEROR_CARD, C2, C2, C2, card_id("6H"), card_id("SJ")]
    fixed[1 if alone else 3].append(C2)
    for cards in fixed:
        for c in cards:
            pool.remove(c)
    assert C2 not in pool  # the guard is only where he is put
    random.Random(7).shuffle(pool)
    hands = []
    for cards in fixed:
        need = 43 - len(cards)
        hands.append(cards + pool[:need])
        del pool[:need]
    assert len(pool) == 1 and pool[0] != EMPEROR_CARD
    return {"hands": [format_cards(h) for h in hands], "kitty": format_cards(pool)}


def record(actions: list[list[Any]], alone: bool = False) -> dict[str, Any]:
    return {"game": "baohuang", "options": {"preset": "standard"}, "deal": deal(alone),
            "actions": actions}


def game_of(doc: dict[str, Any]) -> BaohuangGame:
    """The game a record gives through the judge's replay (its import step included)."""
    game, _ = replay(Record.loads(json.dumps(doc)))
    assert isinstance(game, BaohuangGame)
    return game


def same_state(a: BaohuangGame, b: BaohuangGame) -> None:
    assert a.phase == b.phase and a.to_act() == b.to_act()
    assert [a.observation(s) for s in range(5)] == [b.observation(s) for s in range(5)]
    assert [a.events_since(s, 0) for s in (*range(5), None)] == [
        b.events_since(s, 0) for s in (*range(5), None)]
    assert a.result() == b.result()


def play_both_to_the_end(implicit: BaohuangGame, explicit: BaohuangGame,
                         written: dict[str, Any]) -> None:
    """The same random actions in both (and appended to the record as written), the states
    equal after each, the same result."""
    rng = random.Random(11)
    while not implicit.is_over:
        action = implicit.sample_action(rng)
        implicit.apply(action)
        explicit.apply(action)
        written["actions"].append(action.to_json())
        same_state(implicit, explicit)
    assert implicit.result() is not None


def judged_like(written: dict[str, Any], explicit: BaohuangGame) -> None:
    """The judge answers the record as the other program wrote it as it answers the game
    with every declaration explicit."""
    status, answer = judge_text(json.dumps(written))
    assert status == LEGAL and answer["valid"], answer
    assert answer["result"] == explicit.result() and answer["phase"] == explicit.phase
    assert answer["to_act"] == explicit.to_act()
    status, again = judge_text(explicit.record().dumps())
    assert status == LEGAL and again == answer


def test_the_rules_refuse_what_the_import_step_implies() -> None:
    # apply asks every seat in turn: the lead, the guard's and the alone emperor's reveals out
    # of turn are refused (BH-2) and change nothing; implied_before names the passes
    for alone, action, implied in [(False, LEAD, [2, 3, 4, 0]), (False, [3, "reveal"], [2]),
                                   (True, [1, "reveal"], [2, 3, 4, 0])]:
        g = game_of(record([[1, "call", "2C"]], alone=alone))
        before = (g.record().to_json(), [g.observation(s) for s in range(5)], g.events[:])
        move = parse_action(action)
        with pytest.raises(IllegalActionError) as err:
            g.apply(move)
        assert err.value.rule == "BH-2" and err.value.message
        assert (g.record().to_json(), [g.observation(s) for s in range(5)], g.events) == before
        assert g.implied_before(move) == [Action(s, "pass") for s in implied]


def test_call_then_the_first_lead_directly() -> None:
    # BH-2 declarations, BH-4 the emperor leads: the other program recorded no declarations
    written = record([[1, "call", "2C"], LEAD])
    implicit = game_of(written)
    explicit = game_of(record([[1, "call", "2C"], [2, "pass"], [3, "pass"], [4, "pass"],
                               [0, "pass"], LEAD]))
    assert implicit.phase == "play" and implicit.to_act() == [2]
    # the import step writes the implied passes into the game's own record
    assert [a.to_json() for a in implicit.record().actions] == [
        [1, "call", "2C"], [2, "pass"], [3, "pass"], [4, "pass"], [0, "pass"], LEAD]
    assert implicit.observation(0)["details"]["guard"] is None
    assert implicit.observation(3)["details"]["guard"] == 3
    assert not implicit.st.open and not implicit.st.revealed
    same_state(implicit, explicit)
    judged_like(written, explicit)
    play_both_to_the_end(implicit, explicit, written)
    judged_like(written, explicit)
    assert implicit.result() == explicit.result()


def test_lead_after_some_explicit_passes() -> None:
    implicit = game_of(record([[1, "call", "2C"], [2, "pass"], LEAD]))
    explicit = game_of(record([[1, "call", "2C"], [2, "pass"], [3, "pass"], [4, "pass"],
                               [0, "pass"], LEAD]))
    same_state(implicit, explicit)


def test_guard_reveals_out_of_turn_then_the_lead() -> None:
    # BH-2 明保 before the first lead: seat 2, the emperor's next seat, passed implicitly
    written = record([[1, "call", "2C"], [3, "reveal"]])
    implicit = game_of(written)
    explicit = game_of(record([[1, "call", "2C"], [2, "pass"], [3, "reveal"]]))
    # the reveal ends the declarations (BH-2): seats 4 and 0 are not asked, the emperor leads
    assert implicit.phase == "play" and implicit.to_act() == [1]
    assert implicit.st.open and implicit.observation(0)["details"]["guard"] == 3
    same_state(implicit, explicit)
    act(implicit, 1, "play", "6H SJ")
    act(explicit, 1, "play", "6H SJ")
    written["actions"].append(LEAD)
    same_state(implicit, explicit)
    assert [a.to_json() for a in implicit.record().actions] == [
        [1, "call", "2C"], [2, "pass"], [3, "reveal"], LEAD]
    play_both_to_the_end(implicit, explicit, written)
    judged_like(written, explicit)
    result = implicit.result()
    assert result is not None and result["multiplier"] == 2 and result["roles"]["open"]


def test_alone_emperor_reveals_then_leads() -> None:
    # 明独: the other seats declare first (BH-2); the alone emperor reveals as he leads, or
    # out of turn before, when every seat still to declare is taken to have passed
    written = record([[1, "call", "2C"], [1, "reveal"], LEAD], alone=True)
    implicit = game_of(written)
    explicit = game_of(record([[1, "call", "2C"], [2, "pass"], [3, "pass"], [4, "pass"],
                               [0, "pass"], [1, "reveal"]], alone=True))
    assert explicit.phase == "play" and explicit.to_act() == [1]
    act(explicit, 1, "play", "6H SJ")
    assert implicit.st.guard == 1 and implicit.st.open
    same_state(implicit, explicit)
    play_both_to_the_end(implicit, explicit, written)
    judged_like(written, explicit)


def test_bots_are_still_asked_every_declaration() -> None:
    # to_act and legal_actions are unchanged: the lead is not offered during the round
    g = game_of(record([[1, "call", "2C"]]))
    assert g.to_act() == [2] and g.legal_actions(2) == [Action(2, "pass")]
    assert g.legal_actions(3) == [] and g.legal_actions(1) == []


def judged_illegal(actions: list[list[Any]], index: int, rule: str) -> dict[str, Any]:
    status, answer = judge_text(json.dumps(record(actions)))
    assert status == ILLEGAL and answer["index"] == index and answer["rule"] == rule, answer
    assert answer["seat"] == actions[index][0] and answer["message"]
    return answer


@pytest.mark.parametrize("seat", [0, 2, 4])
def test_a_non_guard_cannot_reveal(seat: int) -> None:
    judged_illegal([[1, "call", "2C"], [seat, "reveal"]], 1, "BH-2")
    judged_illegal([[1, "call", "2C"], [2, "pass"], [3, "pass"], [4, "pass"], [seat, "reveal"]],
                   4, "BH-2")


def test_the_emperor_with_a_guard_cannot_reveal() -> None:
    judged_illegal([[1, "call", "2C"], [1, "reveal"]], 1, "BH-2")


def test_the_guard_reveals_only_before_his_pass_and_before_the_lead() -> None:
    judged_illegal([[1, "call", "2C"], [2, "pass"], [3, "pass"], [3, "reveal"]], 3, "BH-2")
    judged_illegal([[1, "call", "2C"], LEAD, [3, "reveal"]], 2, "BH-2")


def test_other_declarations_out_of_turn_are_refused() -> None:
    judged_illegal([[1, "call", "2C"], [3, "pass"]], 1, "BH-2")
    judged_illegal([[1, "call", "2C"], [1, "pass"]], 1, "BH-2")  # the emperor does not declare
    judged_illegal([[1, "call", "2C"], [2, "pass"], [4, "pass"]], 2, "BH-2")


@pytest.mark.parametrize("seat", [0, 2, 3, 4])
def test_a_non_emperor_cannot_lead(seat: int) -> None:
    g = game_of(record([[1, "call", "2C"]]))
    card = format_cards([next(c for c in range(54) if g.st.hands[seat][c])])
    answer = judged_illegal([[1, "call", "2C"], [seat, "play", card]], 1, "BH-4")
    assert "emperor" in answer["message"]
    before = [g.observation(s) for s in range(5)]
    with pytest.raises(IllegalActionError):
        act(g, seat, "play", card)
    assert [g.observation(s) for s in range(5)] == before and g.phase == "declare"


def test_an_illegal_first_lead_changes_nothing() -> None:
    written = record([[1, "call", "2C"], [2, "pass"]])
    g = game_of(written)
    before = [g.observation(s) for s in range(5)]
    for cards in ("2C 2C 2C 2C", "6H 2C", ""):  # not held, not one set, no cards
        with pytest.raises(IllegalActionError):
            act(g, 1, "play", cards)
        assert [g.observation(s) for s in range(5)] == before
        assert g.phase == "declare" and g.to_act() == [3] and g.st.declare_queue == [3, 4, 0]
        # the judge refuses it at that index, though the passes before it could be implied
        status, answer = judge_text(json.dumps(
            {**written, "actions": [*written["actions"], [1, "play", cards]]}))
        assert status == ILLEGAL and answer["index"] == 2 and answer["seat"] == 1, answer
    written["actions"].append([1, "play", "6H SJ"])
    g = game_of(written)
    assert g.phase == "play" and g.to_act() == [2]
