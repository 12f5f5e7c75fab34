"""Register Climb through the real entry-point mechanism, for one test or one module.

A game that is not part of the project is installed the way any plug-in is: a distribution
whose metadata declares an entry point of the group ``paizhuo.games``. The fixtures write such
a distribution's metadata (``toygame-0.dist-info``: ``METADATA`` and ``entry_points.txt``) into
a temporary folder and put that folder and ``tests/`` (where the ``toygame`` package lives) on
``sys.path``, and on ``PYTHONPATH`` for the processes a test starts (the CLI, the table
server). The registry reads entry points once per process, so its cache is emptied for the
test and put back afterwards: the game is found by ``importlib.metadata``, exactly as an
installed game would be, never by :func:`paizhuo.engine.registry.register_game`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from paizhuo.engine import registry
from paizhuo.engine.game import Game

TESTS = Path(__file__).resolve().parents[1]
"""The folder that holds the ``toygame`` package."""
ENTRY_POINTS = f"[{registry.ENTRY_POINT_GROUP}]\ntoy = toygame.game:ToyGame\n"


def write_distribution(site: Path) -> Path:
    """Write ``toygame-0.dist-info`` into ``site`` (a folder to put on the path)."""
    info = site / "toygame-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toygame\nVersion: 0\n"
                                   "Summary: Climb, the fourth game of paizhuo's tests\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return site


@contextmanager
def toy_installed(site: Path) -> Iterator[type[Game]]:
    """While inside: Climb is an installed game of this process and of the processes it
    starts; the registry's class. Everything is put back on the way out."""
    write_distribution(site)
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(TESTS))
        mp.syspath_prepend(str(site))  # (it also empties importlib's finder caches)
        inherited = os.environ.get("PYTHONPATH")
        mp.setenv("PYTHONPATH", os.pathsep.join(
            [str(site), str(TESTS), *([inherited] if inherited else [])]))
        # the registry read the entry points before the folder was on the path: read again
        mp.setattr(registry, "_loaded", False)
        mp.setattr(registry, "_ENTRIES", {})
        mp.setattr(registry, "_CLASSES", {})
        assert "toy" in registry.game_names(), "the toygame entry point was not found"
        yield registry.game_class("toy")


@pytest.fixture
def toy_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[type[Game]]:
    """Climb installed for one test: the game class, as the registry gives it."""
    with toy_installed(tmp_path_factory.mktemp("toy-site")) as cls:
        yield cls


@pytest.fixture(scope="module")
def toy_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[type[Game]]:
    """Climb installed for a whole module (its server process is started once)."""
    with toy_installed(tmp_path_factory.mktemp("toy-site")) as cls:
        yield cls
