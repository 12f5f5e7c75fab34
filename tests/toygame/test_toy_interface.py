"""Climb passes the conformance checks every real game passes, run by the same code.

The per-game checks of ``tests/tools/test_interface.py`` and ``tests/tools/conformance.py``
take a game's registered name: they are called here with ``"toy"`` (the registry finds it by
its entry point), every preset. The one check left out is
``test_determinize_keeps_the_seats_view_and_plays_on``, whose last step names Baohuang as the
only game whose determinized copy keeps a record the judge accepts; Climb's copy does too
(its hands are dealt once, before any decision), so that promise is checked here in full.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import tools.conformance as conformance
import tools.test_interface as interface
from paizhuo.engine.game import Game
from paizhuo.engine.judge import LEGAL, judge_text
from toygame.fixtures import toy_installed
from toygame.options import PRESET_NAMES

PER_PRESET = [
    "test_clone_equals_the_original_and_is_independent",
    "test_determinize_uses_no_hidden_information",
    "test_encoding_round_trips_and_masks_are_the_legal_set",
    "test_returns_are_zero_sum_once_over",
    "test_state_id_and_refused_actions_of_each_kind",
    "test_no_message_holds_a_card_its_viewer_may_not_see",
    "test_records_round_trip_through_json",
    "test_record_for_a_seat_replays_without_the_seed",
]
PER_GAME = [
    "test_observations_share_one_header_and_refuse_missing_seats",
    "test_events_since_returns_what_followed",
]


def test_the_registry_finds_the_game_by_its_entry_point(toy_game: type[Game]) -> None:
    from paizhuo.engine import registry

    assert registry.game_names()[:3] == ("shengji", "gouji", "baohuang")
    assert "toy" in registry.game_names() and toy_game.name == "toy"
    assert toy_game.__module__ == "toygame.game"
    assert registry.is_available("toy")


def test_the_installation_is_undone_afterwards(tmp_path: Path) -> None:
    from paizhuo.engine import registry

    path, pythonpath = list(sys.path), os.environ.get("PYTHONPATH")
    with toy_installed(tmp_path):
        assert registry.game_class("toy").name == "toy"
    assert "toy" not in registry.game_names()
    assert sys.path == path and os.environ.get("PYTHONPATH") == pythonpath


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("check", PER_PRESET)
def test_the_interface_suite_per_preset(toy_game: type[Game], check: str, preset: str) -> None:
    getattr(interface, check)("toy", preset)


@pytest.mark.parametrize("check", PER_GAME)
def test_the_interface_suite_per_game(toy_game: type[Game], check: str) -> None:
    getattr(interface, check)("toy")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_games_keep_the_interface(toy_game: type[Game], preset: str) -> None:
    for seed in range(3):
        assert conformance.play_checked(toy_game, preset, seed).is_over


def test_the_judge_answers_mutated_records(toy_game: type[Game]) -> None:
    rng = random.Random(0)
    for _ in range(60):
        text = conformance.mutated_record(toy_game, rng)
        status, answer = judge_text(text)  # any exception here is an engine bug
        assert status in (0, 1, 2), text
        if status == 1:
            assert answer["rule"].startswith("TOY-") and answer["message"], text


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_keeps_the_seats_view_and_its_copy_keeps_a_true_record(
        toy_game: type[Game], preset: str) -> None:
    changed = 0
    for position in interface.positions("toy", preset, seed=21, count=4):
        for seat in range(position.num_seats):
            before = interface.state_text(position)
            view = interface.seat_view(position, seat)
            copy = position.determinize(seat, random.Random(seat))
            assert interface.seat_view(copy, seat) == view, f"seat {seat}'s view changed"
            assert copy.record().deal.seed is None, "a determinized copy keeps the seed"
            assert interface.state_text(position) == before, "determinize changed the original"
            others = [s for s in range(position.num_seats) if s != seat]
            changed += any(copy.observation(s)["hand"] != position.observation(s)["hand"]
                           for s in others)
            assert copy.determinized and copy.clone().determinized
            assert not position.determinized
            interface.play_out(copy, random.Random(seat + 100))
            doc: dict[str, Any] = copy.record_for(seat).to_json()
            status, answer = judge_text(json.dumps(doc))
            assert status == LEGAL, answer
            assert answer["result"] == json.loads(json.dumps(copy.result()))
    assert changed, "determinize never dealt any hidden card differently"
