"""Shared test setup: the ``--runslow`` switch and the throwaway ``fake`` game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from paizhuo.arena.duplicate import one_thread_each

sys.path.insert(0, str(Path(__file__).parent))  # tests/ helpers such as fake_game

import fake_game  # found through the path above

# One BLAS and one OpenMP thread per test process, set before numpy or torch load (the
# imports above load neither): the suite runs one process per core (pytest-xdist), and each
# process's numpy spreading its products over every core as well made the learned bots'
# tests five times slower side by side (88 s instead of 16 s for the two 100-deal
# fingerprints on two cores).
one_thread_each()

# Timing is not what Hypothesis tests check here, and a loaded CI machine must not make them
# flaky: no per-example deadline.
settings.register_profile("paizhuo", deadline=None)
settings.load_profile("paizhuo")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run the tests marked slow (long random sweeps)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _paizhuo_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes the user's paizhuo files (records of played deals …) to a
    temporary folder, never to the real data folder."""
    home = tmp_path_factory.mktemp("paizhuo-home")
    monkeypatch.setenv("PAIZHUO_HOME", str(home))
    return home


@pytest.fixture
def fake_game_cls(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[fake_game.FakeGame]]:
    """Register the throwaway ``fake`` game (see ``tests/fake_game.py``) for one test."""
    import paizhuo.games as games
    from paizhuo.engine import registry

    monkeypatch.setitem(sys.modules, "paizhuo_test_fake_game", fake_game)
    registry.register_game(fake_game.FakeGame)
    monkeypatch.setattr(games, "GAME_NAMES", (*games.GAME_NAMES, "fake"))
    try:
        yield fake_game.FakeGame
    finally:
        registry.unregister_game("fake")
