"""The engine's templates (apply, observation, events, registry, import step), on the
throwaway game of tests/fake_game.py, so they are tested apart from any real game."""

from __future__ import annotations

import json
import random

import pytest

import paizhuo
from paizhuo.engine import registry
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.judge import ILLEGAL, LEGAL, judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.notation import parse_cards

DEAL = {"hands": ["AS AH 3C", "2D 2H KS"]}


def fake(actions: list[list[object]]) -> str:
    return json.dumps({"game": "fake", "deal": DEAL, "actions": actions})


def test_the_project_games_come_from_entry_points_in_order() -> None:
    assert registry.game_names()[:3] == ("shengji", "gouji", "baohuang")
    assert registry.is_available("baohuang") and not registry.is_available("chess")


def test_registering_and_forgetting_a_game(fake_game_cls: type[Game]) -> None:
    assert registry.game_class("fake") is fake_game_cls
    assert "fake" in registry.game_names()
    registry.unregister_game("fake")
    with pytest.raises(MalformedError):
        registry.game_class("fake")
    registry.register_game(fake_game_cls)  # the fixture forgets it again


def test_new_game_and_parse_action() -> None:
    game = paizhuo.new_game("baohuang", seed=3)
    assert game.name == "baohuang" and game.state_id == 0
    action = paizhuo.parse_action("shengji", 2, "play as 10s")
    assert action == Action(2, "play", tuple(sorted(parse_cards("AS TS"))))
    with pytest.raises(MalformedError):
        paizhuo.parse_action(game, 0, "   ")
    with pytest.raises(MalformedError) as info:
        paizhuo.parse_action(game, 0, "dance AS")
    assert "unknown verb" in info.value.message
    with pytest.raises(MalformedError):
        paizhuo.new_game("chess")


@pytest.mark.usefixtures("fake_game_cls")
class TestTemplates:
    def game(self) -> Game:
        return registry.game_class("fake").from_record(Record.loads(fake([])))

    @pytest.mark.parametrize(("action", "field"), [
        (Action(2, "pass"), "[0]"),
        (Action(0, "bid"), "[1]"),
        (Action(0, "pass", (), {"dealt": 3}), "[3].dealt"),
    ])
    def test_the_checks_every_action_gets(self, action: Action, field: str) -> None:
        game = self.game()
        with pytest.raises(MalformedError) as info:
            game.apply(action)
        assert info.value.field == field
        assert game.state_id == 0 and game.events == []

    def test_a_refused_action_keeps_no_event_and_no_id(self) -> None:
        game = self.game()
        with pytest.raises(IllegalActionError):
            game.apply(Action(1, "pass"))
        assert game.state_id == 0 and game.events_since(0, 0) == []
        game.apply(Action(0, "pass"))
        assert game.state_id == 1
        assert game.events_since(1, 0) == [{"state_id": 1, "type": "action", "seat": 0,
                                            "verb": "pass"}]

    def test_the_observation_header(self) -> None:
        game = self.game()
        obs = game.observation(0)
        assert list(obs) == ["game", "seat", "phase", "state_id", "hand", "hand_sizes",
                             "to_act", "your_turn", "result", "details"]
        assert obs["your_turn"] and obs["hand"] == "3C AS AH"
        spectator = game.observation(None)
        assert spectator["hand"] is None and not spectator["your_turn"]
        for bad in (-1, 2, "0", 1.0):
            with pytest.raises(MalformedError):
                game.observation(bad)  # type: ignore[arg-type]
        with pytest.raises(MalformedError):
            game.events_since(0, -1)

    def test_flat_encoding(self) -> None:
        game = self.game()
        mask = game.legal_mask(0)
        legal = game.legal_actions(0)
        assert sum(mask) == len(legal) and len(mask) == game.num_actions
        for action in legal:
            assert game.decode(game.encode(action), 0) == action
        with pytest.raises(MalformedError):
            game.decode(game.num_actions, 0)
        with pytest.raises(MalformedError):
            game.legal_mask(0, [1])

    def test_clone_and_determinize(self) -> None:
        game = self.game()
        copy = game.clone()
        copy.apply(Action(0, "pass"))
        assert game.state_id == 0 and copy.state_id == 1
        world = game.determinize(0, random.Random(1))
        assert world.observation(0) == game.observation(0)


@pytest.mark.usefixtures("fake_game_cls")
class TestImportStep:
    def test_an_implied_decline_is_imported_and_written_out(self) -> None:
        status, answer = judge_text(fake([[1, "play", "KS"]]))
        assert status == LEGAL and answer["to_act"] == [0]
        game, applied = replay(Record.loads(fake([[1, "play", "KS"]])))
        assert applied == 1
        assert [a.to_json() for a in game.actions] == [[0, "pass"], [1, "play", "KS"]]

    def test_an_action_illegal_after_the_declines_names_its_own_fault(self) -> None:
        status, answer = judge_text(fake([[1, "play", "AS"]]))
        assert status == ILLEGAL
        assert (answer["index"], answer["rule"]) == (0, "FK-2")  # after the implied pass

    def test_the_rules_themselves_never_imply(self) -> None:
        game = registry.game_class("fake").from_record(Record.loads(fake([])))
        with pytest.raises(IllegalActionError):
            game.apply(Action(1, "play", (parse_cards("KS")[0],)))
