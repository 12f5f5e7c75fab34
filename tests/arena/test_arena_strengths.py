"""Named strengths (``easy``, ``normal``): bots by name in every game, and at a table."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.bots.strengths import EASY_NOISE, STRENGTHS, StrengthBot, make_strength
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError
from paizhuo.server.app import create_app
from paizhuo.server.protocol import Limits


class FirstBot:
    """Always the first legal action (to see the noise)."""

    name = "first"
    uses_sampler = False

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        return legal[0]


@pytest.mark.parametrize("game", ["shengji", "gouji", "baohuang"])
def test_strengths_are_bot_names_of_every_game(game: str) -> None:
    names = bot_names(game)
    assert {"easy", "normal", "hard"} <= set(names)
    assert set(STRENGTHS) == {"easy", "normal"}  # the heuristic's; hard is the search bot
    hard = make_bot("hard", game)
    assert hard.name == "search" and getattr(hard, "seconds", None) is not None
    # at least the arena's search bot's playouts wherever they fit in its time
    assert getattr(hard, "playouts", 0) >= getattr(make_bot("search", game), "playouts", 1)


def test_strength_bots_play_the_heuristic() -> None:
    easy, normal = make_bot("easy", "shengji"), make_bot("normal", "shengji")
    assert isinstance(easy, StrengthBot) and isinstance(normal, StrengthBot)
    assert easy.name == "easy" and easy.noise == EASY_NOISE
    assert normal.name == "normal" and normal.noise == 0.0
    assert easy.base.name == normal.base.name == "heuristic"
    with pytest.raises(MalformedError, match="unknown strength"):
        make_strength("hard", "shengji")


def test_easy_takes_a_random_action_a_quarter_of_the_time() -> None:
    bot = StrengthBot("easy", FirstBot(), EASY_NOISE)
    legal = [Action(0, "play", ())]
    rng = random.Random(3)
    options = [Action(0, "play", (c,)) for c in range(10)]
    picks = [bot.act({}, options, rng) for _ in range(4000)]
    off_first = sum(p is not options[0] for p in picks) / len(picks)
    assert 0.2 < off_first < 0.25  # 0.25 x 9/10 of the noisy draws miss the first action
    assert bot.act({}, legal, rng) is legal[0]


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    quick = Limits().but(demo_min_bot_delay=0.0)  # bots only, at a test's pace
    with TestClient(create_app(f"sqlite:///{tmp_path / 's.db'}", limits=quick)) as c:
        yield c


def test_the_lobby_offers_the_strengths_and_a_table_plays_them(client: TestClient) -> None:
    kinds = client.get("/api/games/kinds")
    assert kinds.status_code == 200, kinds.text
    listed = str(kinds.json())
    assert "'easy'" in listed and "'normal'" in listed
    r = client.post("/api/tables", json={
        "game": "shengji", "preset": "tractor", "settings": {"bot_delay": 0, "deals": 1},
        "bots": {"0": "easy", "1": "normal", "2": "easy", "3": "normal"}})
    assert r.status_code == 201, r.text
    table = r.json()["id"]
    deadline = time.monotonic() + 60
    while True:
        games = client.get("/api/games", params={"table": table}).json()["games"]
        if games:
            break
        assert time.monotonic() < deadline, "no finished deal"
        time.sleep(0.05)
    assert len(games[0]["returns"]) == 4
