"""Climb at the table server: a real ``paizhuo serve`` process that finds the game by its
entry point (``PYTHONPATH`` from the fixture), a table of bots watched to the end of its deal,
and a table where a person plays a legal action over the websocket."""

from __future__ import annotations

import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paizhuo.engine.game import Game
from server.procs import Client, ServerProcess, my_turn, some_action


@pytest.fixture(scope="module")
def toy_server(toy_module: type[Game], tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("toy-server") / "paizhuo.db"
    srv = ServerProcess(f"sqlite:///{db}", env={"PAIZHUO_ALLOW_SEEDS": "1",
                                                 "PAIZHUO_RELAXED_LIMITS": "1"}).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_the_lobby_lists_the_game(toy_server: ServerProcess) -> None:
    try:
        kinds = toy_server.get("/api/games/kinds")
    except urllib.error.HTTPError as exc:
        pytest.fail(f"/api/games/kinds answered {exc.code}; the server said:\n"
                    f"{toy_server.tail()}")
    games = {g["name"]: g for g in kinds["games"]}
    assert games["toy"]["presets"] == ["standard", "three", "quick"]
    assert {"random", "greedy", "search"} <= set(games["toy"]["bots"])


def test_a_table_of_bots_plays_its_deal_to_the_end(toy_server: ServerProcess) -> None:
    made: dict[str, Any] = toy_server.post("/api/tables", {
        "game": "toy", "preset": "quick", "bots": ["greedy", "random", "search", "greedy"],
        "settings": {"deals": 1, "bot_delay": 0.05, "seed": 4}})
    # (a short bot delay: with none a deal of bots may end before the watcher's first look,
    # and a table that is over sends no deal_over to a newcomer)
    watcher = Client(f"{toy_server.ws_url}/ws/{made['id']}")
    try:
        over = watcher.until(lambda m: m["type"] == "deal_over", timeout=60)
    finally:
        watcher.close()
    returns = over["returns"]
    assert len(returns) == 4 and sum(returns) == 0 and max(returns) > 0
    assert over["result"]["winner"] == returns.index(max(returns))
    states = [m for m in watcher.messages if m["type"] == "state" and m["observation"]]
    assert all(m["observation"]["hand"] is None for m in states), "a spectator holds no hand"
    # the watcher joins once the table is made, maybe after the bots' first moves: those come
    # in the deal's log (views.log_message), the rest as events
    played = [e for m in watcher.messages if m["type"] in ("log", "events")
              for e in m["events"] if e["type"] == "action"]
    results = toy_server.get(f"/api/tables/{made['id']}/results")
    assert [d["returns"] for d in results["deals"]] == [returns]
    record = toy_server.get(over["record"])
    assert record["game"] == "toy" and "hands" in record["deal"]
    # the deal opens with a play, and the watcher saw every action of the record, in order
    assert played and played[0]["verb"] == "play"
    assert [[e["seat"], e["verb"]] for e in played] == [a[:2] for a in record["actions"]]


def test_a_person_plays_a_legal_action(toy_server: ServerProcess) -> None:
    made: dict[str, Any] = toy_server.post("/api/tables", {
        "game": "toy", "preset": "quick", "bots": {"1": "greedy", "2": "greedy", "3": "greedy"},
        "settings": {"bot_delay": 0, "seed": 9}})
    person = Client(f"{toy_server.ws_url}/ws/{made['id']}")
    try:
        person.send(type="sit", seat=0, name="Ann")
        person.until(lambda m: m["type"] == "seated")
        turn = person.until(my_turn)  # seat 0 leads the first round (TOY-1)
        obs = turn["observation"]
        assert obs["seat"] == 0 and len(obs["hand"].split()) == 5 and turn["legal"]
        action = some_action(turn)
        assert action[1] == "play", "a leader may not pass (TOY-4)"
        person.send(type="action", state_id=turn["state_id"], action=action)
        moved = person.until(lambda m: m["type"] == "events" and any(
            e["type"] == "action" and e["seat"] == 0 for e in m["events"]))
        mine = next(e for e in moved["events"] if e["type"] == "action" and e["seat"] == 0)
        assert mine["cards"] == action[2]
        later = person.until(lambda m: m["type"] == "state" and m["state_id"] is not None
                             and m["state_id"] > turn["state_id"])
        assert len(later["observation"]["hand"].split()) == 5 - len(action[2].split())
    finally:
        person.close()
