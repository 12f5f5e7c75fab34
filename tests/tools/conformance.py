"""Helpers for the game-generic conformance tests: which games exist, and one checked game."""

from __future__ import annotations

import json
import random
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.engine.registry import game_class, game_names

HEADER = ["game", "seat", "phase", "state_id", "hand", "hand_sizes", "to_act", "your_turn",
          "result", "details"]
"""The observation header every game shares, in this order (``docs/interface.md``)."""


def available_games() -> list[type[Game]]:
    """Registered games whose package is installed (the registry says which: an entry point
    whose package is missing is "not available"). A game package that exists but fails to
    import is an error, not a skip."""
    found = []
    for name in game_names():
        try:
            found.append(game_class(name))
        except MalformedError:
            continue
    return found


def game_presets() -> list[tuple[str, str]]:
    return [(cls.name, preset) for cls in available_games() for preset in cls.PRESETS]


def _snapshot(game: Game) -> str:
    return json.dumps([game.record().to_json(), game.phase, game.to_act(),
                       [game.observation(s) for s in range(game.num_seats)]], sort_keys=True)


def check_refusal_changes_nothing(game: Game, rng: random.Random) -> None:
    """An action by a seat that may not act is refused (IllegalActionError) and changes nothing.

    The rules never assume a decline nobody made (implied declines are the judge's import
    step, ``implied_before``), so every seat outside ``to_act()`` is refused, whatever it does.
    """
    idle = [s for s in range(game.num_seats) if s not in game.to_act()]
    if not idle:
        return
    seat = rng.choice(idle)
    probe = game.sample_action(rng)
    wrong = Action(seat, probe.verb, probe.cards, probe.extra)
    before = _snapshot(game)
    state_id = game.state_id
    try:
        game.apply(wrong)
    except IllegalActionError as exc:
        assert exc.rule and exc.message, "an illegal action names its rule and says why"
    else:
        raise AssertionError(f"{game.name}: seat {seat} acted out of turn with {wrong}")
    assert game.state_id == state_id, f"{game.name}: a refused action changed state_id"
    assert _snapshot(game) == before, f"{game.name}: a refused action changed the state"


def check_observations(game: Game) -> None:
    """Every seat's and a spectator's observation has the common header and is JSON."""
    for seat in [*range(game.num_seats), None]:
        obs = game.observation(seat)
        assert list(obs) == HEADER, f"{game.name}: observation keys {list(obs)}"
        assert obs["seat"] == seat and obs["state_id"] == game.state_id
        assert obs["your_turn"] == (seat is not None and seat in game.to_act())
        assert seat is not None or obs["hand"] is None, "a spectator holds no hand"
        json.dumps(obs)


def check_listed_action_applies(game: Game, rng: random.Random) -> None:
    """A listed legal action applies to the same position (rebuilt from the record)."""
    seat = rng.choice(game.to_act())
    action = rng.choice(game.legal_actions(seat))
    copy = type(game).from_record(game.record())
    for done in game.record().actions:
        copy.apply(done)
    copy.apply(action)


def play_checked(cls: type[Game], preset: str, seed: int, full: bool = True,
                 max_decisions: int = 50_000) -> Game:
    """Play one random game checking the interface's invariants at every decision."""
    options: dict[str, Any] = {"preset": preset}
    game = cls.new(options, seed=seed)
    twin = cls.new(options, seed=seed)
    assert json.dumps(game.observation(0)) == json.dumps(twin.observation(0)), "seeded deal"
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over:
        to_act = game.to_act()
        assert to_act, f"{cls.name}: nobody may act in phase {game.phase} before the end"
        assert all(0 <= s < game.num_seats for s in to_act)
        if full:
            for seat in to_act:
                assert game.legal_actions(seat), f"{cls.name}: seat {seat} must act, no action"
            check_observations(game)
            if decisions % 7 == 0:
                check_refusal_changes_nothing(game, rng)
            if decisions % 10 == 0:
                check_listed_action_applies(game, rng)
        action = game.sample_action(rng)
        assert action.verb in cls.VERBS
        game.apply(action)  # a sampled action is legal: applying it must not raise
        decisions += 1
        assert game.state_id == decisions, f"{cls.name}: state_id grows by one per action"
        assert decisions <= max_decisions, f"{cls.name}: no end after {max_decisions}"
    result = game.result()
    assert isinstance(result, dict)
    json.dumps(result)
    assert game.to_act() == []
    status, answer = judge_text(game.record().dumps())
    assert status == LEGAL, answer
    assert answer["result"] == json.loads(json.dumps(result)) and answer["phase"] == game.phase
    return game


_ODD_VALUES: list[Any] = [None, True, 0, 1, -1, 3, 99, "x", "2", "T", "H", "NT", [], [0], {},
                          {"0": "2"}, 1.5, "AS", [1, 2]]
_CARD_TEXTS = ["", "AS", "AS AS", "BJ BJ BJ", "3C 4C", "2H", "SJ BJ"]


def mutated_record(cls: type[Game], rng: random.Random) -> str:
    """A record of a real game with one thing made wrong: an odd option, an odd start or a
    mutated action after a random legal prefix (the judge must answer all of them)."""
    roll = rng.random()
    doc: dict[str, Any]
    if roll < 0.2:
        doc = {"game": cls.name, "deal": {"seed": rng.randrange(100)},
               "options": {rng.choice(["preset", "decks", "players", "x"]):
                           rng.choice(_ODD_VALUES + list(cls.PRESETS))}}
    elif roll < 0.4:
        doc = {"game": cls.name, "deal": {"seed": rng.randrange(100)}, "position": True,
               "start": {k: rng.choice(_ODD_VALUES) for k in
                         rng.sample(["phase", "leader", "dealer", "level", "trump",
                                     "finished", "emperor", "guard"], 3)}}
        doc["start"]["phase"] = rng.choice(["play", "bid", "bury", "call", "crown", "x"])
        doc["deal"] = {"hands": [" ".join(rng.choice(_CARD_TEXTS) for _ in range(3))
                                 for _ in range(rng.choice([1, 4, 5, 6]))]}
    else:
        game = cls.new(seed=rng.randrange(100))
        sampler = random.Random(rng.random())
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            game.apply(game.sample_action(sampler))
        doc = game.record().to_json()
        actions = doc["actions"]
        if actions:
            j = rng.randrange(len(actions))
            action = list(actions[j])
            roll = rng.random()
            if roll < 0.3:
                action[0] = rng.randrange(7)
            elif roll < 0.6:
                action = [action[0], action[1], rng.choice(_CARD_TEXTS), *action[3:]]
            else:
                action = [*action[:2], action[2] if len(action) > 2 else "",
                          {"dealt": rng.choice([-1, 0, 5, 999, "x"]), "card": "AH",
                           "nth": rng.choice([0, 1, 9, "x"])}]
            actions[j] = action
            del actions[j + 1:]
    return json.dumps(doc)
