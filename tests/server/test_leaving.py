"""Leaving a table (issue 34): before the start the seat is given up; once the table plays it
stays the person's, played by a bot (trustee ``left``) until the person joins again with its
token. And the lobby's history: finished deals grouped by table, newest first."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.server.app import create_app

from .helpers import QUICK_BOTS, connect, create_table


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'l.db'}", limits=QUICK_BOTS)) as c:
        yield c


def _until(check: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.02)


def _table(client: TestClient, key: str) -> dict[str, Any]:
    out: dict[str, Any] = client.get(f"/api/tables/{key}").json()
    return out


def test_leaving_mid_deal_hands_the_seat_to_a_bot_until_the_person_comes_back(
        client: TestClient) -> None:
    made = create_table(client, "baohuang", settings={"bot_delay": 0},
                        bots={str(i): "random" for i in range(1, 5)})
    with connect(client, made["id"]) as person, connect(client, made["id"]) as watcher:
        token = person.sit(0, "Ann")
        person.until("state", lambda m: m["observation"] is not None)
        got = person.request({"type": "leave", "ref": "bye"})
        assert {"type": "left", "ref": "bye", "seat": 0} in got
        # the seat is still Ann's, played for, and everyone is told so
        seen = watcher.until("table", lambda m: m["table"]["seats"][0]["trustee"] == "left")
        seat = seen["table"]["seats"][0]
        assert seat["kind"] == "person" and seat["name"] == "Ann"
        # the leaver watches now: it may not act for the seat
        assert person.error({"type": "trustee", "on": False})["code"] == "spectator"
        # a bot plays the seat to the end of the deal (the person's turns too)
        _until(lambda: _table(client, made["id"])["deals_played"] >= 1, what="deal played")
        assert _table(client, made["id"])["seats"][0]["trustee"] == "left"
        # the token still holds the seat: joining again takes it back from the bot
        back = person
        back.send({"type": "join", "token": token, "ref": "back"})
        assert back.until("seated")["seat"] == 0
        back.until("table", lambda m: m["table"]["seats"][0]["trustee"] is None)


def test_leaving_before_the_start_still_frees_the_seat(client: TestClient) -> None:
    made = create_table(client, "gouji")
    with connect(client, made["id"]) as a:
        a.sit(2)
        a.request({"type": "leave"})
        assert _table(client, made["id"])["seats"][2]["kind"] == "empty"


def test_a_table_everyone_left_is_played_to_the_deal_end_then_closed_when_idle(
        client: TestClient) -> None:
    made = create_table(client, "baohuang", settings={"bot_delay": 0, "idle": 1},
                        bots={str(i): "random" for i in range(1, 5)})
    with connect(client, made["id"]) as person:
        person.sit(0)
        person.until("state", lambda m: m["observation"] is not None)
        person.request({"type": "leave"})
    _until(lambda: _table(client, made["id"])["status"] == "over", what="closed as idle")
    table = _table(client, made["id"])
    assert table["ended"] == "idle" and table["deals_played"] >= 1
    assert made["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    # the lobby's history shows it, ended
    listed = client.get("/api/history").json()["tables"]
    entry = next(t for t in listed if t["id"] == made["id"])
    assert entry["status"] == "over" and entry["ended"] == "idle"


def test_the_history_groups_finished_deals_by_table_newest_first(client: TestClient) -> None:
    first = create_table(client, "baohuang", settings={"bot_delay": 0, "deals": 2},
                         bots={str(i): "random" for i in range(5)})
    with connect(client, first["id"]):  # (a table nobody watches pauses at a deal's end)
        _until(lambda: _table(client, first["id"])["status"] == "over", what="first over")
    second = create_table(client, "gouji", preset="tongyong",
                          settings={"bot_delay": 0, "deals": 1},
                          bots={str(i): "random" for i in range(6)})
    with connect(client, second["id"]):
        _until(lambda: _table(client, second["id"])["status"] == "over", what="second over")
    r = client.get("/api/history")
    assert r.status_code == 200
    tables = r.json()["tables"]
    assert [t["id"] for t in tables] == [second["id"], first["id"]]  # one entry per table
    newest, older = tables
    assert newest["game"] == "gouji" and newest["options"]["preset"] == "tongyong"
    assert newest["ended"] == "deals" and newest["deals_played"] == 1
    assert [s["kind"] for s in newest["seats"]] == ["bot"] * 6
    assert older["deals_played"] == 2 and [d["deal"] for d in older["deals"]] == \
        sorted((d["deal"] for d in older["deals"]), reverse=True)
    deal = older["deals"][0]
    assert deal["replay"] == f"/api/games/{deal['id']}/replay" and not deal["restricted"]
    assert len(deal["returns"]) == 5
    assert older["totals"] == [sum(d["returns"][i] for d in older["deals"]) for i in range(5)]
    # the limits
    assert [t["id"] for t in client.get("/api/history?limit=1").json()["tables"]] == \
        [second["id"]]
    assert len(client.get("/api/history?deals=1").json()["tables"][1]["deals"]) == 1
    assert client.get("/api/history?limit=0").status_code == 400
