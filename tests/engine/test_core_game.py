"""The generic parts of the ``Game`` interface, on the throwaway game of tests/fake_game.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Deal, Record
from paizhuo.games import GAME_NAMES, game_class


def test_registry_names_the_three_games_and_refuses_others() -> None:
    assert GAME_NAMES == ("shengji", "gouji", "baohuang")
    with pytest.raises(MalformedError) as info:
        game_class("chess")
    assert info.value.field == "game" and "shengji" in info.value.message


@pytest.mark.usefixtures("fake_game_cls")
class TestGameBase:
    def test_new_is_a_seeded_record(self, fake_game_cls: type[Game]) -> None:
        game = fake_game_cls.new({"preset": "long"}, seed=4)
        record = game.record()
        assert record.game == "fake" and record.deal == Deal(seed=4)
        assert record.options == {"preset": "long"} and record.actions == []
        assert game.observation(0) == fake_game_cls.new({"preset": "long"}, 4).observation(0)

    def test_options_passed_in_are_copied(self, fake_game_cls: type[Game]) -> None:
        options: dict[str, Any] = {"preset": "long"}
        game = fake_game_cls.new(options, seed=1)
        options["preset"] = "short"
        assert game.record().options == {"preset": "long"}

    def test_record_replays_to_the_same_state(self, fake_game_cls: type[Game]) -> None:
        game = fake_game_cls.new({}, seed=2)
        rng = random.Random(2)
        game.apply(game.sample_action(rng))
        game.apply(game.sample_action(rng))
        again, applied = replay(Record.loads(game.record().dumps()))
        assert applied == 2
        assert [again.observation(s) for s in range(2)] == [game.observation(s)
                                                             for s in range(2)]
        snapshot = game.record()
        game.apply(game.sample_action(rng))
        assert len(snapshot.actions) == 2, "a record is a copy, not a view of the game"

    def test_refused_action_changes_nothing(self, fake_game_cls: type[Game]) -> None:
        game = fake_game_cls.new({}, seed=2)
        before = game.record().to_json(), game.observation(0), game.observation(1)
        with pytest.raises(IllegalActionError) as info:
            game.apply(Action(1, "pass"))
        assert info.value.rule == "FK-1"
        assert (game.record().to_json(), game.observation(0), game.observation(1)) == before

    def test_default_hooks(self, fake_game_cls: type[Game]) -> None:
        class Plain(fake_game_cls):  # type: ignore[valid-type, misc]
            """The fake game without its own sampler or match."""

            def next_start(self) -> dict[str, Any] | None:
                return Game.next_start(self)

        game = Plain.new({}, seed=3)
        rng = random.Random(0)
        legal = game.legal_actions()
        assert Game.sample_action(game, rng) in legal
        assert not game.is_over and game.next_start() is None
        while not game.is_over:
            game.apply(Game.sample_action(game, rng))
        assert game.result() is not None and game.next_start() is None
