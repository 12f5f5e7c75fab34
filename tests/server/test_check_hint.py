"""``check`` (would this action be accepted now? — what a player interface asks before it
enables its play button) and ``hint`` (a bot's suggestion for the seat): neither changes the
table, and both answer only for the connection's own seat."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paizhuo.cards import CARD_NAMES
from paizhuo.server.app import create_app

from .helpers import create_table, seat_everyone


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}")) as c:
        yield c


def test_check_says_yes_or_the_rule_and_changes_nothing(client: TestClient) -> None:
    table = create_table(client, "baohuang", settings={"bot_delay": 0})
    with contextlib.ExitStack() as stack:
        conns = seat_everyone(stack, client, table["id"], 5)
        actor = next(c for c in conns if c.obs["your_turn"])  # (every seat may seize first)
        before = actor.state_id
        good = actor.state["legal"][0]  # type: ignore[index]
        got = [m for m in actor.request({"type": "check", "state_id": before, "action": good,
                                         "ref": "c1"}) if m["type"] == "checked"]
        assert got == [{"type": "checked", "ref": "c1", "ok": True}]
        held = set(actor.obs["hand"].split())
        # a plain card the seat does not hold (43 cards cannot hold all 52 plain ids; a
        # fixed short list of candidates was all held in about one deal in seventy)
        missing = next(c for c in CARD_NAMES[:52] if c not in held)
        bad = [actor.seat, "play", missing]
        answer = next(m for m in actor.request({"type": "check", "state_id": before,
                                                "action": bad}) if m["type"] == "checked")
        assert answer["ok"] is False and answer["code"] == "illegal"
        assert answer["rule"].startswith("BH-") and answer["message"]
        text = next(m for m in actor.request({"type": "check", "state_id": before,
                                              "action": "fly away"})
                    if m["type"] in ("checked", "error"))
        assert text["type"] == "error" and text["code"] == "malformed"
        stale = actor.error({"type": "check", "state_id": before + 5, "action": good})
        assert stale["code"] == "stale"
        for conn in conns:
            conn.settle()
            assert conn.state_id == before, "a check changed the table"
        other = next(c for c in conns if c is not actor)
        forbidden = other.error({"type": "check", "state_id": before, "action": good})
        assert forbidden["code"] == "forbidden"


def test_hint_is_a_legal_action_for_the_seat_and_changes_nothing(client: TestClient) -> None:
    table = create_table(client, "shengji", preset="tractor", settings={"bot_delay": 0})
    with contextlib.ExitStack() as stack:
        conns = seat_everyone(stack, client, table["id"], 4)
        for _ in range(12):  # through the deal's decisions, each time taking the hint
            for conn in conns:
                conn.settle()
            mine = [c for c in conns if c.state is not None and c.state["observation"]
                    and c.state["observation"]["your_turn"]]
            if not mine:
                break
            actor = mine[0]
            before = actor.state_id
            hinted = next(m for m in actor.request({"type": "hint", "ref": "h"})
                          if m["type"] == "hinted")
            # the best bot that answers at once: the game's heuristic, not greedy
            assert hinted["ref"] == "h" and hinted["hint"]["bot"] == "heuristic"
            action = hinted["hint"]["action"]
            assert action[0] == actor.seat
            assert actor.state_id == before
            ok = [m for m in actor.request({"type": "action", "state_id": before,
                                            "action": action, "ref": "a"})
                  if m.get("ref") == "a"]
            assert ok and ok[0]["type"] == "ok", ok
        for conn in conns:  # every state the last action sent, before choosing an idle seat
            conn.settle()
        idle = next(c for c in conns if c.state is not None
                    and not c.state["observation"]["your_turn"])
        nothing = next(m for m in idle.request({"type": "hint"}) if m["type"] == "hinted")
        assert nothing["hint"] is None


def test_a_spectator_may_not_check_or_ask_for_hints(client: TestClient) -> None:
    table = create_table(client, "gouji", settings={"bot_delay": 0})
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.receive_json()
        ws.receive_json()
        for msg in ({"type": "hint"}, {"type": "check", "state_id": 0, "action": "pass"}):
            ws.send_json(msg)
            assert ws.receive_json()["code"] == "spectator"
