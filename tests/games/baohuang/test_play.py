"""BH-4 play and BH-6 views: the first lead, beating, yield and the second circle, closing 扣牌,
last plays and 接风, the guard revealed by the called card, the end — from explicit hands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import act, position
from paizhuo.notation import parse_cards

HANDS = ["3S 3S 9S", "4S 4S TS", "8H 8S 8S 5S", "6S 6S JS", "7S 7S QS"]


def table(hands: list[str] | None = None, **start: Any) -> BaohuangGame:
    start.setdefault("emperor", 0)
    start.setdefault("guard", 2)
    start.setdefault("called", "8H")
    return position(hands or HANDS, **start)


def snapshot(g: BaohuangGame) -> str:
    return json.dumps([g.observation(s) for s in range(5)] + [g.result()])


def test_emperor_leads_the_first_round() -> None:
    g = position(["BJ* 8H 8H 8H 3S", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        act(g, seat, "pass")
    assert g.to_act() == [0]
    assert all(a.verb == "play" for a in g.legal_actions())  # a lead: no pass


def test_beat_then_everyone_passes_and_the_maker_leads() -> None:
    g = table()
    act(g, 0, "play", "3S")
    act(g, 1, "play", "4S")
    for seat in (2, 3, 4, 0):
        act(g, seat, "pass")
    assert g.to_act() == [1] and g.st.current is None


def test_a_pass_does_not_bar_a_later_answer() -> None:
    g = table()
    act(g, 0, "play", "3S")
    act(g, 1, "pass")
    act(g, 2, "play", "5S")
    act(g, 3, "pass")
    act(g, 4, "pass")
    act(g, 0, "play", "9S")  # 0 answers the new play
    act(g, 1, "play", "TS")  # and so may 1, who passed on the first one
    assert g.st.maker == 1


def test_yield_then_second_circle() -> None:
    g = table()
    act(g, 0, "play", "3S")
    assert Action(1, "yield") in g.legal_actions()
    act(g, 1, "yield")
    for seat in (2, 3, 4):
        act(g, seat, "pass")
    # nobody beat it in the first circle: the yielder answers again, alone
    assert g.to_act() == [1] and g.st.circle == 2
    assert Action(1, "yield") not in g.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "yield")
    assert err.value.rule == "BH-4"
    with pytest.raises(IllegalActionError):
        act(g, 2, "play", "5S")  # passed in the first circle: counts as passing again
    act(g, 1, "play", "4S")
    assert g.st.maker == 1 and g.to_act() == [2] and g.st.circle == 1


def test_closing_after_two_silent_circles() -> None:
    g = table()
    act(g, 0, "play", "3S")
    act(g, 1, "yield")
    act(g, 2, "yield")
    act(g, 3, "pass")
    act(g, 4, "pass")
    act(g, 1, "pass")
    assert g.to_act() == [2]
    act(g, 2, "pass")
    assert g.st.current is None and g.to_act() == [0]  # 扣牌: the maker leads


def test_closing_at_once_when_everyone_passes() -> None:
    g = table()
    act(g, 0, "play", "3S")
    for seat in (1, 2, 3, 4):
        act(g, seat, "pass")
    assert g.st.current is None and g.to_act() == [0]


def test_yield_off_by_option() -> None:
    g = table(options={"yield": False})
    act(g, 0, "play", "3S")
    assert Action(1, "yield") not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        act(g, 1, "yield")


LAST = ["AS", "4S 4S", "2S 5S", "6S", "7S"]


def test_claim_succeeds_when_everyone_passes() -> None:
    g = table(LAST)
    act(g, 0, "play", "AS")
    assert g.st.finished == [0]
    assert Action(1, "claim") in g.legal_actions()
    act(g, 1, "claim")
    assert Action(2, "yield") not in g.legal_actions(2)  # answer a claim by beating or passing
    for seat in (2, 3, 4):
        act(g, seat, "pass")
    assert g.to_act() == [1] and g.st.current is None  # 接风


def test_claim_fails_when_someone_beats() -> None:
    g = table(LAST)
    act(g, 0, "play", "AS")
    act(g, 1, "claim")
    act(g, 2, "play", "2S")
    assert g.st.claimant is None and g.st.maker == 2
    for seat in (3, 4, 1):
        act(g, seat, "pass")
    assert g.to_act() == [2]


def test_unbeaten_last_play_without_claim_passes_the_lead_on() -> None:
    g = table(LAST)
    act(g, 0, "play", "AS")
    act(g, 1, "yield")
    act(g, 2, "pass")
    act(g, 3, "pass")
    act(g, 4, "pass")
    act(g, 1, "pass")
    assert g.to_act() == [1]  # the maker is out: his next player still in leads


def test_only_the_next_player_may_claim() -> None:
    g = table(LAST)
    act(g, 0, "play", "AS")
    act(g, 1, "pass")
    with pytest.raises(IllegalActionError):
        act(g, 2, "claim")
    g2 = table()
    act(g2, 0, "play", "3S")
    with pytest.raises(IllegalActionError):
        act(g2, 1, "claim")  # not a last play


def test_guard_revealed_by_playing_the_called_card() -> None:
    g = table(leader=2)
    legal = g.legal_actions(2)
    singles = [a.cards for a in legal if len(a.cards) == 1]
    assert sorted(singles) == sorted([parse_cards("8S"), parse_cards("8H"), parse_cards("5S")])
    act(g, 2, "play", "8S")
    assert not g.st.revealed and g.observation(1)["details"]["guard"] is None
    for seat in (3, 4, 0, 1):
        act(g, seat, "pass")
    assert g.observation(0)["details"]["guard"] is None  # not even the emperor knows
    act(g, 2, "play", "8H")
    assert g.st.revealed and not g.st.open
    assert all(g.observation(s)["details"]["guard"] == 2 for s in range(5))


def test_secret_guard_revealed_at_the_end() -> None:
    g = table(["3S", "4S", "5S", "6S", "7S"], leader=1)
    for seat in (1, 2, 3, 4):
        act(g, seat, "play", ["4S", "5S", "6S", "7S"][seat - 1])
    assert g.is_over and g.observation(1)["details"]["guard"] == 2
    assert g.result()["order"] == [1, 2, 3, 4, 0]  # type: ignore[index]


def test_illegal_plays_name_the_rule_and_change_nothing() -> None:
    g = table()
    act(g, 0, "play", "3S 3S")
    before = snapshot(g)
    cases = [
        ((1, "play", "TS"), "BH-3"),  # one card against two
        ((1, "play", "3H 3H"), "BH-4"),  # not higher and not held: not held is said first
        ((1, "play", "5S 5S"), "BH-4"),  # higher, but not held
        ((2, "pass", ""), "BH-4"),  # not his turn
        ((1, "play", "4S TS"), "BH-3"),  # not one set
        ((1, "call", "4S"), "BH-4"),
    ]
    for (seat, verb, cards), rule in cases:
        with pytest.raises(IllegalActionError) as err:
            act(g, seat, verb, cards)
        assert err.value.rule == rule, (verb, cards)
        assert err.value.message and snapshot(g) == before
    with pytest.raises(MalformedError):
        act(g, 1, "pass", "4S")
    assert snapshot(g) == before


def test_cards_not_held_are_named_before_any_comparison() -> None:
    # `play AC AC AC AC` with no aces over 4×A: "you do not hold …", not "not higher"
    g = table(["AS AS AS AS 5D", "3S 3S 3S 3S", "6S", "7S", "8S"])
    act(g, 0, "play", "AS AS AS AS")
    before = snapshot(g)
    for cards, named in [("AC AC AC AC", "4 × A♣"), ("AC AC AC AC BJ", "4 × A♣"),
                         ("4S", "1 × 4♠")]:  # not held, not even the same size
        with pytest.raises(IllegalActionError) as err:
            act(g, 1, "play", cards)
        assert err.value.rule == "BH-4" and err.value.seat == 1
        assert err.value.message.startswith(f"you do not hold {named} "), err.value.message
        assert "higher" not in err.value.message and snapshot(g) == before
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "play", "AC AC AC AC BJ")
    assert err.value.message == "you do not hold 4 × A♣ (you hold 0) and 1 × BJ (you hold 0)"


@pytest.mark.parametrize(("hand", "cards", "message"), [
    ("BJ* 3S", "BJ BJ", "you do not hold 2 × BJ (you hold 1 × BJ, the emperor card BJ* "
                        "included)"),
    ("BJ 3S", "BJ BJ", "you do not hold 2 × BJ (you hold 1)"),
    ("3S", "BJ", "you do not hold 1 × BJ (you hold 0)"),
    ("3S", "BJ*", "you do not hold 1 × BJ* (you hold 0)"),
    ("BJ 3S", "BJ* BJ", "you do not hold 2 × BJ/BJ* (you hold 1)"),
])
def test_missing_big_jokers_are_named_as_written(hand: str, cards: str, message: str) -> None:
    # a plain BJ the player does not hold is not shown as the emperor card BJ*
    g = table([hand, "4S", "5S", "6S", "7S"], seized=True, guard=None, called=None)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "play", cards)
    assert err.value.rule == "BH-4" and err.value.message == message


def test_lead_may_not_pass() -> None:
    g = table()
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "pass")
    assert err.value.rule == "BH-4"


def test_big_joker_and_emperor_card_stand_in_for_each_other() -> None:
    g = table(["BJ* 3S", "4S", "5S", "6S", "7S"], seized=True, guard=None, called=None)
    act(g, 0, "play", "BJ")
    assert g.actions[-1].cards == parse_cards("BJ*")


def test_hands_never_show_in_other_seats_observations() -> None:
    g = table()
    obs = g.observation(1)
    assert obs["hand"] == "4S 4S TS" and obs["hand_sizes"] == [3, 3, 4, 3, 3]
    text = json.dumps(obs)
    assert "QS" not in text and "JS" not in text and "8H 8S" not in text


def test_bh4_a_pass_is_forced_only_where_nothing_beats_and_no_yield_or_claim_is_open() -> None:
    """BH-4: a seat that cannot beat the play may still yield in the first circle, or claim
    the lead over a last play; only where neither is open is passing its one action, which
    ``forced_action`` names without the list."""
    g = table(options={"yield": False})
    act(g, 0, "play", "9S")  # seat 1's TS beats it
    assert Action(1, "play", parse_cards("TS")) in g.legal_actions(1)
    assert g.forced_action(1) is None
    g = table(["AS AS", "3S", "4S", "5S", "6S"], options={"yield": False})
    act(g, 0, "play", "AS")
    assert g.legal_actions(1) == [Action(1, "pass")] == [g.forced_action(1)]
    assert g.forced_action(2) is None  # not its turn
    g = table(["AS AS", "3S", "4S", "5S", "6S"])  # yielding on: the first circle may yield
    act(g, 0, "play", "AS")
    assert Action(1, "yield") in g.legal_actions(1) and g.forced_action(1) is None
    g = table(LAST, options={"yield": False})
    act(g, 0, "play", "AS")  # a last play: seat 1 may claim the lead
    assert Action(1, "claim") in g.legal_actions(1) and g.forced_action(1) is None
