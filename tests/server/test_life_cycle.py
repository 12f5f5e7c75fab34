"""A table's life (issue 32, items 5 and 8): bots do not play on alone, a table nobody comes
back to is closed, its host may close it, all-bot tables are bounded, and a restart gives
every absent person the same grace a disconnect does."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.server.app import create_app
from paizhuo.server.bus import LocalBus
from paizhuo.server.db import DealRow, TableRow
from paizhuo.server.hub import Service
from paizhuo.server.model import Client
from paizhuo.server.protocol import Limits
from paizhuo.server.store import Store

from .helpers import QUICK_BOTS, Recorder, connect, create_table


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'l.db'}", limits=QUICK_BOTS)) as c:
        yield c


def _service(client: TestClient) -> Service:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    return service


def _until(check: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.02)


def _table(client: TestClient, key: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{key}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


# -- all-bot tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(("settings", "fault"), [
    ({"bot_delay": 0.6}, "settings.deals"),
    ({"bot_delay": 0.6, "deals": Limits().demo_max_deals + 1}, "settings.deals"),
    ({"bot_delay": 0.0, "deals": 3}, "settings.bot_delay"),
])
def test_a_table_of_bots_only_needs_a_cap_and_a_pace(tmp_path: Any, settings: dict[str, Any],
                                                      fault: str) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.db'}")) as c:
        r = c.post("/api/tables", json={"game": "baohuang", "bots": ["random"] * 5,
                                        "settings": settings})
        assert r.status_code == 400, r.text
        assert r.json()["error"] == "bad_settings" and fault in r.json()["message"]
        ok = c.post("/api/tables", json={"game": "baohuang", "bots": ["random"] * 5,
                                         "settings": {"deals": 2, "bot_delay": 0.2}})
        assert ok.status_code == 201, ok.text


# -- paused while nobody is here ---------------------------------------------------------------


def test_bots_do_not_play_on_alone_and_resume_when_someone_comes(client: TestClient) -> None:
    made = create_table(client, "baohuang", settings={"bot_delay": 0, "deals": 3},
                        bots=["random"] * 5)
    _until(lambda: _table(client, made["id"])["status"] == "paused", what="a pause")
    paused = _table(client, made["id"])
    assert paused["deals_played"] == 1 and paused["deal"] == 1
    time.sleep(0.5)
    assert _table(client, made["id"])["deals_played"] == 1, "bots played on alone"
    service = _service(client)
    game = service.tables[made["id"]].game
    assert game is not None and game.state_id == 0  # the next deal is dealt and waits
    assert made["id"] in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    with connect(client, made["id"]) as watcher:
        watcher.until("table", lambda m: m["table"]["status"] == "playing")
        watcher.until("deal_over", timeout=60)
    _until(lambda: _table(client, made["id"])["deals_played"] >= 2, what="deal 1 played")


def test_a_person_who_leaves_midway_is_played_for_to_the_end_of_the_deal_then_it_pauses(
        client: TestClient) -> None:
    made = create_table(client, "baohuang", settings={"bot_delay": 0, "grace": 0.2},
                        bots={str(i): "random" for i in range(1, 5)})
    with connect(client, made["id"]) as person:
        person.sit(0)
        person.settle()
    _until(lambda: _table(client, made["id"])["status"] == "paused", what="a pause")
    table = _table(client, made["id"])
    assert table["deals_played"] == 1 and table["seats"][0]["trustee"] == "disconnect"


# -- closed when nobody comes back -------------------------------------------------------------


def test_a_table_nobody_comes_to_is_closed_after_its_idle_time(client: TestClient) -> None:
    made = create_table(client, "gouji", settings={"idle": 1})
    kept = create_table(client, "gouji", settings={"idle": 1})
    with connect(client, kept["id"]) as someone:
        _until(lambda: _table(client, made["id"])["status"] == "over", what="closed")
        assert _table(client, made["id"])["ended"] == "idle"
        someone.settle()
        assert _table(client, kept["id"])["status"] == "waiting"
    listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert made["id"] not in listed and kept["id"] in listed
    assert made["id"] not in _service(client).tables  # nothing of it kept in memory
    _until(lambda: _table(client, kept["id"])["status"] == "over", what="closed once left")


def test_a_paused_table_is_closed_after_its_idle_time_and_keeps_its_deals(
        client: TestClient) -> None:
    made = create_table(client, "baohuang", settings={"bot_delay": 0, "deals": 3, "idle": 1},
                        bots=["random"] * 5)
    _until(lambda: _table(client, made["id"])["ended"] == "idle", what="closed as idle")
    table = _table(client, made["id"])
    assert table["status"] == "over" and table["deals_played"] == 1
    games = client.get("/api/games", params={"table": made["id"]}).json()["games"]
    assert len(games) == 1
    assert client.get(games[0]["record"]).status_code == 200


# -- its host closes it ------------------------------------------------------------------------


def test_its_host_closes_a_table_and_nobody_else_can(client: TestClient) -> None:
    # no deal cap: bots at full speed play deals faster than this test reads their ends
    made = create_table(client, "baohuang", settings={"bot_delay": 0},
                        bots={str(i): "random" for i in range(1, 5)})
    url = f"/api/tables/{made['id']}"
    with connect(client, made["id"]) as person:
        person.sit(0)
        person.request({"type": "trustee", "on": True})
        person.until("deal_over", timeout=60)
        for headers in ({}, {"Authorization": "Bearer forged"},
                        {"Authorization": f"Basic {made['host_token']}"}):
            r = client.delete(url, headers=headers)
            assert r.status_code == 403 and r.json()["error"] == "forbidden", r.text
        r = client.delete(url, headers={"Authorization": f"Bearer {made['host_token']}"})
        assert r.status_code == 200, r.text
        assert r.json() == {"id": made["id"], "status": "over", "ended": "closed"}
        person.until("table", lambda m: m["table"]["status"] == "over")
        person.settle()
        assert person.state is not None and person.state["status"] == "over"
        assert person.error({"type": "action", "state_id": 0, "action": "pass"})["code"] \
            == "not_playing"
    again = client.delete(url, headers={"Authorization": f"Bearer {made['host_token']}"})
    assert again.status_code == 409 and again.json()["error"] == "over"
    table = _table(client, made["id"])
    assert table["status"] == "over" and table["ended"] == "closed"
    games = client.get("/api/games", params={"table": made["id"]}).json()["games"]
    assert len(games) == table["deals_played"] >= 1  # the finished deals stay
    store = _service(client).store
    with store.session() as s:
        deals = s.query(DealRow).filter_by(table_id=made["id"]).all()
        assert {d.status for d in deals} <= {"over", "abandoned"}
        assert s.get(TableRow, made["id"]).ended == "closed"  # type: ignore[union-attr]
    assert made["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]


# -- a restart gives absent people their grace -------------------------------------------------


async def _restart(db: str) -> tuple[str, str | None]:
    first = Service(Store(db), LocalBus(), QUICK_BOTS)
    await first.start()
    table = first.create("baohuang", {}, {"bot_delay": 0, "grace": 0.3},
                         {str(i): "random" for i in range(1, 5)})
    await first.sit(table, 0, "will not come back")
    person = Client(Recorder().send)
    await first.connect(table, person)
    await first.bind(table, person, 0)
    # the process dies: no disconnect runs, no grace is armed
    first.closing = True
    for t in list(first._tasks):
        t.cancel()
    for handle in table.timers.values():
        handle.cancel()
    again = Service(Store(db), LocalBus(), QUICK_BOTS)
    await again.start()
    reloaded = again.tables[table.id]
    for _ in range(200):
        if reloaded.seats[0].trustee is not None:
            break
        await asyncio.sleep(0.02)
    trustee = reloaded.seats[0].trustee
    await again.stop()
    return table.id, trustee


def test_after_a_restart_a_person_who_does_not_come_back_is_played_for(tmp_path: Any) -> None:
    _, trustee = asyncio.run(_restart(f"sqlite:///{tmp_path / 'r.db'}"))
    assert trustee == "disconnect"


def test_memory_is_not_kept_for_tables_that_are_over(client: TestClient) -> None:
    made = create_table(client, "gouji")
    r = client.delete(f"/api/tables/{made['id']}",
                      headers={"Authorization": f"Bearer {made['host_token']}"})
    assert r.status_code == 200
    assert made["id"] not in _service(client).tables
    assert _table(client, made["code"])["status"] == "over"  # read from the database
    assert made["id"] not in _service(client).tables
