"""Bots, the simulation runner and typed actions, on the fake game (the benchmark's
tests are tests/bench/test_bench.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paizhuo.arena.simulate import SimulationError, Summary, _flatten, simulate
from paizhuo.bots import Bot, make_bot, register_bot
from paizhuo.bots import policies as bot_policies
from paizhuo.bots import registry as bot_registry
from paizhuo.bots.base import play_round
from paizhuo.bots.greedy import GreedyBot
from paizhuo.engine.actions import Action, parse_typed_action
from paizhuo.engine.errors import MalformedError
from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.notation import parse_cards


def act(seat: int, verb: str, cards: str = "") -> Action:
    return Action.make(seat, verb, parse_cards(cards))


# -- bots ------------------------------------------------------------------------------------

def test_every_builtin_bot_satisfies_the_protocol() -> None:
    for name in ("random", "uniform", "greedy"):
        bot = make_bot(name)
        assert isinstance(bot, Bot) and bot.name == name
    assert make_bot("random").uses_sampler and not make_bot("uniform").uses_sampler


def test_uniform_bot_picks_only_legal_actions() -> None:
    legal = [act(0, "play", "AS"), act(0, "pass")]
    rng = random.Random(1)
    picks = {make_bot("uniform").act({}, legal, rng) for _ in range(50)}
    assert picks == set(legal)


def test_greedy_sheds_most_cards_then_lowest() -> None:
    greedy = GreedyBot()
    rng = random.Random(0)
    legal = [act(0, "pass"), act(0, "play", "AS"), act(0, "play", "3S 3H"),
             act(0, "play", "KS KH")]
    assert greedy.act({}, legal, rng) == act(0, "play", "3S 3H")
    # jokers are kept: a lone joker waits, a joker added to a play counts against it
    assert greedy.act({}, [act(0, "pass"), act(0, "play", "BJ")], rng).verb == "pass"
    assert greedy.act({}, [act(0, "play", "2S"), act(0, "play", "SJ")], rng).cards == \
        parse_cards("2S")
    assert greedy.act({}, [act(0, "play", "5S 5S SJ"), act(0, "play", "5S 5S")], rng) == \
        act(0, "play", "5S 5S")
    assert greedy.act({}, [act(0, "play", "5S 5S 5H BJ"), act(0, "play", "KS KS")], rng) == \
        act(0, "play", "5S 5S 5H BJ")


def test_unknown_bot_is_malformed() -> None:
    with pytest.raises(MalformedError, match='unknown bot "genius"'):
        make_bot("genius")


def test_a_game_can_register_its_own_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_policies, "_BY_GAME", {})

    class Cautious(GreedyBot):
        name = "greedy"

    register_bot("greedy", Cautious, game="fake")
    assert type(make_bot("greedy", "fake")) is Cautious
    assert type(make_bot("greedy", "gouji")) is GreedyBot  # gouji has no greedy of its own
    assert type(make_bot("greedy", "shengji")).__name__ == "ShengjiGreedy"  # registered lazily
    register_bot("solver", Cautious, game="fake")
    assert "solver" in bot_registry.bot_names("fake")
    with pytest.raises(MalformedError):
        make_bot("solver", "gouji")


# -- simulate --------------------------------------------------------------------------------

def test_flatten_splits_scalars_and_per_seat_fields() -> None:
    scalars: dict[str, Any] = {}
    per_seat: dict[str, dict[int, float]] = {}
    result = {"winner": "attackers", "points": 85, "taken": {"0": 2, "3": 1},
              "levels": {"0": "2", "1": "5", "2": "2", "3": "5"},
              "scores": [3, -1, 0, 2], "finished": [3, 0, 2, 1], "roles": ["a", "b"],
              "kitty": {"points": 10, "multiplier": 4}, "over": True, "next": None}
    _flatten(result, "", 4, scalars, per_seat)
    assert scalars == {"winner": "attackers", "points": 85, "kitty.points": 10,
                       "kitty.multiplier": 4, "over": True, "next": None}
    assert per_seat == {"scores": {0: 3.0, 1: -1.0, 2: 0.0, 3: 2.0}, "taken": {0: 2.0, 3: 1.0}}


def test_summary_counts_and_means() -> None:
    summary = Summary("fake", {}, ["random", "greedy"])
    summary.add_round("over", {"winner": "x", "pts": 10, "score": [1, 5]}, 6,
                      ["random", "greedy"], [3, 3])
    summary.add_round("over", {"winner": "y", "pts": 20, "score": [4, 2]}, 4,
                      ["greedy", "random"], [2, 2])
    assert summary.counts["winner"] == {"x": 1, "y": 1}
    assert summary.means["pts"].mean == 15 and summary.means["decisions"].mean == 5
    assert summary.seat_means["score"][0].mean == 2.5
    assert summary.bot_means["score"]["greedy"].mean == 4.5
    assert summary.bot_means["score"]["random"].mean == 1.5


@pytest.mark.usefixtures("fake_game_cls")
class TestSimulateFake:
    def test_same_seed_same_statistics(self) -> None:
        a = simulate("fake", 30, seed=9, bots=["random", "greedy"])
        b = simulate("fake", 30, seed=9, bots=["random", "greedy"])
        assert a.counts == b.counts and a.decisions == b.decisions
        assert a.games == a.rounds == 30
        c = simulate("fake", 30, seed=10, bots=["random", "greedy"])
        assert c.decisions != a.decisions or c.counts != a.counts

    def test_matches_follow_next_start_with_a_cap(self) -> None:
        full = simulate("fake", 5, matches=True)
        assert full.rounds == 15 and full.rounds_per_game == {3: 5}
        capped = simulate("fake", 5, matches=True, max_rounds=2)
        assert capped.rounds == 10

    def test_progress_is_reported(self) -> None:
        seen: list[int] = []
        simulate("fake", 4, progress=seen.append)
        assert seen == [1, 2, 3, 4]

    def test_greedy_beats_random_at_shedding(self) -> None:
        summary = simulate("fake", 400, bots=["random", "greedy"], options={"preset": "long"})
        score = summary.bot_means["score"]
        assert score["greedy"].mean > score["random"].mean

    def test_engine_failure_carries_a_replayable_record(self) -> None:
        with pytest.raises(SimulationError) as info:
            simulate("fake", 3, options={"explode": 2})
        assert info.value.index == 0 and "exploded" in info.value.message
        record = json.loads(info.value.record_json)
        assert len(record["actions"]) == 2
        record["options"] = {}
        assert judge_text(json.dumps(record))[0] == LEGAL

    def test_unknown_bot_fails_before_playing(self) -> None:
        with pytest.raises(MalformedError):
            simulate("fake", 3, bots=["random", "nobody"])

    def test_play_round_counts_decisions_per_seat(self, fake_game_cls: Any) -> None:
        game = fake_game_cls.new({"preset": "long"}, seed=1)
        made = play_round(game, [make_bot("uniform"), make_bot("greedy")], random.Random(1))
        assert game.is_over and sum(made) == len(game.actions) == game.state_id

    def test_returns_are_a_per_seat_field(self) -> None:
        summary = simulate("fake", 20, bots=["random", "greedy"])
        returns = summary.seat_means["returns"]
        # the fake game's returns are zero-sum: the winner +1, the loser -1
        assert abs(returns[0].mean + returns[1].mean) < 1e-9
        assert summary.bot_means["returns"]["greedy"].count == 20


# -- lazy bots, typed actions ----------------------------------------------------------------

def test_lazy_game_bots_are_imported_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's own bot is named among the policies as ``module:attribute`` and imported only by
    ``make_bot`` for that game (the game package never imports it)."""
    import sys

    monkeypatch.setattr(bot_policies, "_BY_GAME", {})
    monkeypatch.setattr(bot_policies, "_LAZY_BY_GAME",
                        {("fake", "greedy"): "paizhuo.bots.random_bot:UniformBot"})
    assert "greedy" in bot_registry.bot_names("fake")
    assert type(make_bot("greedy", "gouji")) is GreedyBot
    assert make_bot("greedy", "fake").name == "uniform"
    monkeypatch.setitem(bot_policies._LAZY_BY_GAME, ("fake", "lazy"),
                        "paizhuo_no_such_module:Bot")
    assert "paizhuo_no_such_module" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        make_bot("lazy", "fake")


def test_typed_actions_are_forgiving() -> None:
    verbs = frozenset({"play", "call", "pass"})
    assert parse_typed_action("PLAY 10h th", 2, verbs) == act(2, "play", "TH TH")
    assert parse_typed_action("pass", 0, verbs) == Action(0, "pass")
    called = parse_typed_action("call AH nth=1 note=first", 1, verbs)
    assert called.extra == {"nth": 1, "note": "first"}
    with pytest.raises(MalformedError, match="unknown verb"):
        parse_typed_action("fold", 0, verbs)
    with pytest.raises(MalformedError, match='"ZZ"'):
        parse_typed_action("play ZZ", 0, verbs)


def test_paizhuo_parse_action_checks_the_games_verbs(fake_game_cls: Any) -> None:
    import paizhuo

    game = fake_game_cls.new({}, seed=1)
    assert paizhuo.parse_action(game, 1, "play 3s 3h") == act(1, "play", "3S 3H")
    assert paizhuo.parse_action("fake", 0, "PASS") == Action(0, "pass")
    with pytest.raises(MalformedError, match="unknown verb"):
        paizhuo.parse_action(game, 0, "bury 3s")
    with pytest.raises(MalformedError, match="empty"):
        paizhuo.parse_action(game, 0, "  ")
