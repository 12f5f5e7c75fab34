"""Climb's rules, read as the rules: explicit hands in notation, an action, what follows.

These need no registry (the class is used directly): they make sure the fourth game is a
game worth testing the house with, not a stub.
"""

from __future__ import annotations

from typing import Any

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, InvalidOptionsError, MalformedError
from paizhuo.engine.records import Deal, Record
from paizhuo.notation import parse_cards
from toygame.game import ToyGame


def position(hands: list[str], **options: object) -> ToyGame:
    """A deal of the ``quick`` preset (five cards each) with these hands, seat 0 to lead."""
    return ToyGame.from_record(Record("toy", {"preset": "quick", **options},
                                      Deal(hands=[parse_cards(h) for h in hands])))


def act(game: ToyGame, seat: int, text: str) -> None:
    """``seat`` does ``text`` (``play 3S 3H``, ``pass``)."""
    verb, _, cards = text.partition(" ")
    game.apply(Action.make(seat, verb, parse_cards(cards)))


HANDS = ["3S 3H 9C KD BJ", "4S 4H 4C 7D 8S", "5S 5H 6C 2D SJ", "6S 6H 7C 8D 9S"]


def legal(game: ToyGame, seat: int) -> list[str]:
    return [" ".join(map(str, a.to_json()[1:])) for a in game.legal_actions(seat)]


def test_the_leader_may_play_any_set_of_one_rank_and_may_not_pass() -> None:
    game = position(HANDS)
    # perft: 3S, 3H, 3S 3H, 9C, KD, BJ — and no pass
    assert legal(game, 0) == ["play 3S", "play 3H", "play 3S 3H", "play 9C", "play KD",
                              "play BJ"]
    with pytest.raises(IllegalActionError) as refused:
        act(game, 0, "pass")
    assert refused.value.rule == "TOY-4"


def test_a_play_is_beaten_by_more_cards_or_as_many_of_a_higher_rank() -> None:
    game = position(HANDS)
    act(game, 0, "play 3S 3H")
    # seat 1: any two or three 4s, or pass; one card never beats two
    assert legal(game, 1) == ["play 4S 4H", "play 4S 4C", "play 4H 4C", "play 4S 4H 4C",
                              "pass"]
    with pytest.raises(IllegalActionError) as refused:
        act(game, 1, "play 8S")
    assert refused.value.rule == "TOY-3"
    assert "one 8 does not beat two 3s" in refused.value.message
    act(game, 1, "play 4S 4H 4C")  # three of a low rank beat two
    assert legal(game, 2) == ["pass"]
    assert game.forced_action(2) is not None and game.forced_action(2) == \
        game.legal_actions(2)[0]


def test_faults_name_their_rule_and_change_nothing() -> None:
    game = position(HANDS)
    for seat, text, rule in [(1, "play 4S", "TOY-1"), (0, "play 4S", "TOY-2"),
                             (0, "play 3S 9C", "TOY-2"), (0, "play", "TOY-2")]:
        before = game.record().dumps()
        with pytest.raises(IllegalActionError) as refused:
            act(game, seat, text)
        assert refused.value.rule == rule, text
        assert game.record().dumps() == before and game.state_id == 0
    with pytest.raises(MalformedError):
        act(game, 0, "fold")


def test_when_all_others_pass_the_last_player_leads() -> None:
    game = position(HANDS)
    act(game, 0, "play BJ")
    for seat in (1, 2, 3):
        act(game, seat, "pass")
    assert game.to_act() == [0] and game.observation(None)["details"]["to_beat"] is None
    won = [e for e in game.events_since(None, 0) if e["type"] == "round_won"]
    assert won == [{"state_id": 4, "type": "round_won", "seat": 0, "leader": 0}]


def test_first_out_wins_and_the_others_pay_per_card_left() -> None:
    game = position(HANDS, per_card=True)
    act(game, 0, "play 3S 3H")
    act(game, 1, "play 4S 4H 4C")
    for seat in (2, 3):
        act(game, seat, "pass")
    act(game, 0, "pass")
    # seat 1 won the round and leads; a seat may pass although it could beat
    act(game, 1, "play 7D")
    act(game, 2, "play SJ")
    for seat in (3, 0, 1):
        act(game, seat, "pass")
    act(game, 2, "play 5S 5H")
    act(game, 3, "play 6S 6H")
    act(game, 0, "pass")
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 3, "play 9S")
    act(game, 0, "play KD")
    act(game, 1, "pass")
    act(game, 2, "play 2D")
    act(game, 3, "pass")
    act(game, 0, "play BJ")
    for seat in (1, 2, 3):
        act(game, seat, "pass")
    act(game, 0, "play 9C")
    assert game.phase == "over" and game.to_act() == []
    assert game.result() == {"winner": 0, "cards_left": [0, 1, 1, 2], "points": [4, -1, -1, -2]}
    assert game.returns() == [4.0, -1.0, -1.0, -2.0] and game.winners() == [0]
    with pytest.raises(IllegalActionError) as refused:
        act(game, 1, "play 8S")
    assert refused.value.rule == "TOY-6"


def test_options_are_checked_when_the_table_is_made() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"seats": 5}, "options.seats"),
        ({"hand_size": 19, "preset": "three"}, "options.hand_size"),
        ({"per_card": "yes"}, "options.per_card"),
        ({"jokers": True}, "options.jokers"),
        ({"preset": "long"}, "options.preset"),
    ]
    for options, field in cases:
        with pytest.raises(InvalidOptionsError) as refused:
            ToyGame.new(options)
        assert refused.value.field == field
    assert ToyGame.new({"preset": "three"}).num_seats == 3


def test_a_record_must_deal_from_one_deck() -> None:
    hands = ["3S 3H 9C KD BJ", "3S 4H 4C 7D 8S", "5S 5H 6C 2D SJ", "6S 6H 7C 8D 9S"]
    with pytest.raises(MalformedError) as refused:
        position(hands)
    assert refused.value.field == "deal.hands[1]"
