"""The table server's protocol, end to end through FastAPI's ``TestClient``: every client
message type, every error code (each followed by a check that the table did not move and a
good action still works), the limits (size, rate, text), and the HTTP endpoints — down to a
whole bot deal whose stored record the judge finds legal."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.judge import judge_text
from paizhuo.engine.records import parse_action
from paizhuo.engine.registry import game_class
from paizhuo.server.app import create_app
from paizhuo.server.hub import Service
from paizhuo.server.protocol import FLOOD_CLOSE, MAX_CHAT, MAX_MESSAGE_BYTES, MAX_NAME

from .helpers import (
    QUICK_BOTS,
    Conn,
    acting,
    connect,
    create_table,
    seat_everyone,
    text_of,
    wait_for_game,
)

GOUJI_SEATS = 6


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app("sqlite:///" + str(tmp_path / "t.db"), limits=QUICK_BOTS)
    with TestClient(app) as c:
        yield c


def service_of(client: TestClient) -> Service:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    return service


@dataclass
class Full:
    """A Gouji table of six people (nothing moves unless a test acts) and a spectator."""

    client: TestClient
    id: str
    conns: list[Conn]
    spectator: Conn

    @property
    def actor(self) -> Conn:
        return acting(self.conns)

    @property
    def idle(self) -> Conn:
        """A seated client whose seat is not to act."""
        return self.conns[(self.actor.seat or 0) + 1 - GOUJI_SEATS]

    def everyone(self) -> list[Conn]:
        return [*self.conns, self.spectator]

    def settle(self) -> None:
        for conn in self.everyone():
            conn.settle()

    def server_state_id(self) -> int:
        game = service_of(self.client).tables[self.id].game
        assert game is not None
        return game.state_id


@pytest.fixture
def full(client: TestClient) -> Iterator[Full]:
    created = create_table(client, "gouji", settings={"bot_delay": 0})
    with contextlib.ExitStack() as stack:
        conns = seat_everyone(stack, client, created["id"], GOUJI_SEATS)
        spectator = stack.enter_context(connect(client, created["id"]))
        spectator.settle()
        yield Full(client, created["id"], conns, spectator)


def steady(conn: Conn) -> list[Any]:
    """The seat's first legal action that cannot end the deal: the first listed may be a
    revolution, and a Gouji deal where two seats declare one is redealt (GJ-9) — the next
    state is a new deal's state 0. Two steps of "the first listed" in a row ended the deal in
    about one table in 5,000 (seed 3754 of ``GoujiGame.new``)."""
    assert conn.state is not None and conn.state["legal"], conn.state
    legal: list[list[Any]] = conn.state["legal"]
    return next((a for a in legal if a[1] != "revolution"), legal[0])


def good_action(full: Full) -> None:
    """The acting seat plays a legal action (:func:`steady`): ``ok``, and every client is
    sent the next state of the same deal."""
    actor = full.actor
    before = actor.state_id
    got = actor.request({"type": "action", "state_id": before,
                         "action": steady(actor), "ref": "good"})
    assert [m for m in got if m["type"] == "ok"] == [{"type": "ok", "ref": "good"}], got
    assert not [m for m in got if m["type"] == "error"], got
    for conn in full.everyone():
        conn.settle()
        assert conn.state_id == before + 1
        assert conn.obs["seat"] == conn.seat
    assert full.server_state_id() == before + 1


# -- ping, sit, join ---------------------------------------------------------------------------


def test_ping_pong_echoes_ref(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        for ref in ("abc", 7):
            c.send({"type": "ping", "ref": ref})
            pong = c.recv()
            assert pong["type"] == "pong" and pong["ref"] == ref
            assert isinstance(pong["time"], float)
        c.send({"type": "ping"})
        assert c.recv()["ref"] is None


def test_sit_answers_seated_with_token_then_table_and_state(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["code"]) as c:
        c.send({"type": "sit", "seat": 2, "name": " Ann ", "ref": "s"})
        seated = c.until("seated")
        assert seated["seat"] == 2 and seated["ref"] == "s"
        assert isinstance(seated["token"], str) and len(seated["token"]) >= 16
        after = c.settle()
        assert [m["type"] for m in after][-2:] == ["table", "state"]
        seat = c.table["seats"][2]  # type: ignore[index]
        assert seat == {"name": "Ann", "kind": "person", "bot": None, "trustee": None,
                        "connected": True}
        assert c.state is not None
        assert c.state["status"] == "waiting" and c.state["observation"] is None
        assert c.state["state_id"] is None


def test_sit_on_a_taken_seat(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as a, connect(client, table["id"]) as b:
        a.sit(0)
        err = b.error({"type": "sit", "seat": 0, "name": "Bob", "ref": 1})
        assert err["code"] == "seat_taken" and err["ref"] == 1
        b.sit(1)  # the connection is still a spectator and may take a free seat


@pytest.mark.parametrize("seat", [6, -1, 10**9])
def test_sit_on_a_seat_that_does_not_exist(client: TestClient, seat: int) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        err = c.error({"type": "sit", "seat": seat, "name": "Ann"})
        assert err["code"] == "bad_seat" and "0–5" in err["message"]


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_NAME + 1), "a\x00b", "a\nb",
                                  "a\u200bb", "\u202eevil"])
def test_sit_with_a_bad_name(client: TestClient, name: str) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        assert c.error({"type": "sit", "seat": 0, "name": name})["code"] == "bad_text"
        assert c.seat is None
        c.sit(0, "x" * MAX_NAME)  # the longest name is fine
        assert c.table["seats"][0]["name"] == "x" * MAX_NAME  # type: ignore[index]


def test_sitting_twice(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        c.sit(0)
        err = c.error({"type": "sit", "seat": 1, "name": "again"})
        assert err["code"] == "seated"
        assert c.table["seats"][1]["kind"] == "empty"  # type: ignore[index]


def test_join_with_a_token_from_a_second_connection(full: Full) -> None:
    actor = full.actor
    with connect(full.client, full.id) as again:
        again.send({"type": "join", "token": actor.token, "ref": "j"})
        seated = again.until("seated")
        assert seated == {"type": "seated", "ref": "j", "seat": actor.seat}
        again.settle()
        assert again.obs["seat"] == actor.seat
        assert again.obs["hand"] is not None and again.obs["hand"] == actor.obs["hand"]
        assert again.state["legal"] == actor.state["legal"]  # type: ignore[index]
        # the second connection speaks for the seat too
        before = again.state_id
        got = again.request({"type": "action", "state_id": before,
                             "action": again.state["legal"][0]})  # type: ignore[index]
        assert "ok" in [m["type"] for m in got]
        assert again.state_id == before + 1
        actor.settle()
        assert actor.state_id == before + 1


def test_join_with_a_bad_token(client: TestClient) -> None:
    table = create_table(client)
    other = create_table(client)
    with connect(client, other["id"]) as o:
        token = o.sit(0)
    with connect(client, table["id"]) as c:
        for bad in ("", "nope", token):  # a token of another table is no token here
            assert c.error({"type": "join", "token": bad})["code"] == "bad_token"
        assert c.seat is None


# -- bots and the start --------------------------------------------------------------------------


def test_bot_errors(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        # a spectator changes no seat (issue 32: strangers filled waiting tables with bots)
        err = c.error({"type": "bot", "seat": 1, "bot": "random"})
        assert err["code"] == "forbidden" and "host" in err["message"]
        c.sit(0)
        err = c.error({"type": "bot", "seat": 1, "bot": "deep-blue"})
        assert err["code"] == "bad_bots" and "greedy" in err["message"]
        assert c.error({"type": "bot", "seat": 6, "bot": "random"})["code"] == "bad_seat"
        assert c.error({"type": "bot", "seat": 0, "bot": "random"})["code"] == "seat_taken"
        assert all(s["kind"] != "bot" for s in c.table["seats"])  # type: ignore[index]


def test_table_starts_when_every_seat_is_filled_and_bots_play(client: TestClient) -> None:
    table = create_table(client, "shengji", preset="tractor",
                         settings={"bot_delay": 0, "deals": 1})
    with connect(client, table["id"]) as c:
        assert c.error({"type": "host", "token": "forged"})["code"] == "bad_token"
        hosting = c.request({"type": "host", "token": table["host_token"], "ref": "h"})
        assert any(m["type"] == "hosting" and m["ref"] == "h" for m in hosting), hosting
        for seat in range(3):
            c.request({"type": "bot", "seat": seat, "bot": "random"})
            assert c.table["seats"][seat] == {  # type: ignore[index]
                "name": "random bot", "kind": "bot", "bot": "random", "trustee": None,
                "connected": False}
            assert c.table["status"] == "waiting"  # type: ignore[index]
        c.send({"type": "bot", "seat": 3, "bot": "greedy"})
        started = c.until("state", lambda m: m["observation"] is not None)
        assert started["status"] == "playing"
        assert started["observation"]["phase"] is not None
        assert started["observation"]["seat"] is None and started["observation"]["hand"] is None
        assert started["legal"] is None
        over = c.until("deal_over", timeout=60)
        assert over["deal"] == started["deal"]
        assert over["returns"] is not None and len(over["returns"]) == 4
        record = client.get(over["record"])
        assert record.status_code == 200
        status, _ = judge_text(json.dumps(record.json()))
        assert status == 0
        c.settle()
        assert c.table["status"] == "over"  # type: ignore[index]


# -- actions ------------------------------------------------------------------------------------


def test_action_ok_then_a_state_with_a_higher_state_id(full: Full) -> None:
    assert full.actor.state_id == 0
    good_action(full)
    good_action(full)
    assert full.server_state_id() == 2


def test_typed_text_action(full: Full) -> None:
    actor = full.actor
    before = actor.state_id
    text = text_of(actor.state["legal"][0])  # type: ignore[index]
    got = actor.request({"type": "action", "state_id": before, "action": text, "ref": "t"})
    assert {"type": "ok", "ref": "t"} in got
    assert actor.state_id == before + 1
    full.settle()
    good_action(full)


def test_spectator_sees_no_hand_and_cannot_act(full: Full) -> None:
    spec = full.spectator
    assert spec.obs["seat"] is None and spec.obs["hand"] is None
    assert spec.state["legal"] is None  # type: ignore[index]
    for seat in full.conns:
        assert seat.obs["hand"]  # every seat sees its own cards
    legal = full.actor.state["legal"][0]  # type: ignore[index]
    for msg in ({"type": "action", "state_id": spec.state_id, "action": legal},
                {"type": "trustee", "on": True}, {"type": "leave"}):
        assert spec.error(msg)["code"] == "spectator"
    good_action(full)


def test_trustee_on_a_bot_plays_for_the_seat_then_off(full: Full) -> None:
    actor = full.actor
    seat, before = actor.seat, actor.state_id
    assert seat is not None
    actor.send({"type": "trustee", "on": True})
    moved = actor.until("state", lambda m: m["state_id"] == before + 1)
    assert not moved["observation"]["your_turn"]
    assert actor.table["seats"][seat]["trustee"] == "asked"  # type: ignore[index]
    actor.settle()
    assert actor.state_id == before + 1  # the bot played once: the next seat is a person
    actor.request({"type": "trustee", "on": False})
    assert actor.table["seats"][seat]["trustee"] is None  # type: ignore[index]
    assert service_of(full.client).tables[full.id].seats[seat].trustee is None
    full.settle()
    good_action(full)


def test_leave_before_the_start_frees_the_seat(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as a, connect(client, table["id"]) as b:
        a.sit(3)
        got = a.request({"type": "leave", "ref": "bye"})
        assert {"type": "left", "ref": "bye", "seat": 3} in got
        assert a.table["seats"][3]["kind"] == "empty"  # type: ignore[index]
        assert a.error({"type": "leave"})["code"] == "spectator"  # no seat to leave now
        b.sit(3)
        assert b.table["seats"][3]["name"] == "player 3"  # type: ignore[index]


def test_action_before_the_start_is_not_playing(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        c.sit(0)
        err = c.error({"type": "action", "state_id": 0, "action": [0, "play", "3S"]})
        assert err["code"] == "not_playing"


# -- chat and sync ------------------------------------------------------------------------------


def test_chat_reaches_every_client_and_is_checked(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as a, connect(client, table["id"]) as b:
        a.sit(0, "Ann")
        b.settle()
        a.send({"type": "chat", "text": "  你好 hello  "})
        want = {"type": "chat", "seat": 0, "name": "Ann", "text": "你好 hello"}
        assert a.until("chat") == want
        assert b.until("chat") == want
        b.send({"type": "chat", "text": "x" * MAX_CHAT})
        assert a.until("chat") == {"type": "chat", "seat": None, "name": None,
                                   "text": "x" * MAX_CHAT}
        for bad in ("x" * (MAX_CHAT + 1), "", "   ", "bell\x07", "rtl\u202e"):
            err = b.error({"type": "chat", "text": bad, "ref": "c"})
            assert err["code"] == "bad_text" and err["ref"] == "c"
        assert not [m for m in a.settle() if m["type"] == "chat"]  # refused lines went nowhere


def test_sync_resends_the_table_and_the_state(full: Full) -> None:
    for conn in (full.actor, full.spectator):
        old = conn.state
        got = conn.request({"type": "sync", "ref": "s"})
        assert [m["type"] for m in got] == ["table", "state"]
        assert got[1] == old
    good_action(full)


# -- message-level errors -------------------------------------------------------------------------


BAD_MESSAGES: list[tuple[str, str, str]] = [
    # (raw text, error code, a word of the message)
    ('{"type": "fly", "ref": "r"}', "unknown_type", "unknown message type"),
    ("{not json", "bad_json", "not JSON"),
    ("", "bad_json", "not JSON"),
    ("[1, 2]", "bad_message", "a list"),
    ('"ping"', "bad_message", "a string"),
    ("null", "bad_message", "null"),
    ('{"ref": 1}', "bad_message", "type"),
    ('{"type": 5}', "bad_message", "type"),
    ('{"type": "sit", "seat": "0", "name": "Ann"}', "bad_message", "sit.seat"),
    ('{"type": "sit", "seat": true, "name": "Ann"}', "bad_message", "sit.seat"),
    ('{"type": "sit", "seat": 0.5, "name": "Ann"}', "bad_message", "sit.seat"),
    ('{"type": "sit", "name": "Ann"}', "bad_message", "missing"),
    ('{"type": "ping", "colour": "red"}', "bad_message", "unknown field"),
    ('{"type": "action", "state_id": 0, "action": {}}', "bad_message", "action.action"),
    ('{"type": "trustee", "on": 1}', "bad_message", "trustee.on"),
    ('{"type": "chat", "text": null}', "bad_message", "chat.text"),
    ('{"type": "ping", "ref": true}', "bad_message", "ref"),
    ('{"type": "ping", "ref": "' + "r" * 65 + '"}', "bad_message", "ref"),
]


@pytest.mark.parametrize(("raw", "code", "word"), BAD_MESSAGES)
def test_bad_messages_are_answered_and_the_connection_stays(
        client: TestClient, raw: str, code: str, word: str) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        err = c.error(raw, text=True)
        assert err["code"] == code and word in err["message"], err
        if code == "unknown_type":
            assert err["ref"] == "r"
        c.sit(0)  # the connection still works


def test_a_binary_frame_is_a_bad_message(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        c.ws.send_bytes(b'{"type": "ping"}')
        err = c.until("error")
        assert err["code"] == "bad_message" and "binary" in err["message"]


@pytest.mark.parametrize("text", ["x" * MAX_MESSAGE_BYTES, "你" * (MAX_MESSAGE_BYTES // 3)],
                         ids=["ascii", "multibyte"])
def test_a_message_over_16_kb_closes_with_1009(client: TestClient, text: str) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        raw = json.dumps({"type": "chat", "text": text}, ensure_ascii=False)
        assert len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES
        c.send_text(raw)
        code, seen = c.closed()
        assert code == 1009
        assert [m["code"] for m in seen if m["type"] == "error"] == ["too_large"]


def test_a_message_of_exactly_16_kb_is_read(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as c:
        head = '{"type":"chat","text":"'
        raw = head + "x" * (MAX_MESSAGE_BYTES - len(head) - 2) + '"}'
        assert len(raw) == MAX_MESSAGE_BYTES
        assert c.error(raw, text=True)["code"] == "bad_text"  # too long a chat line, no more


def test_a_flood_is_rate_limited_then_closed_with_1008(client: TestClient) -> None:
    table = create_table(client)
    with connect(client, table["id"]) as flood, connect(client, table["id"]) as calm:
        flood.paced = False
        for _ in range(1000):
            flood.send({"type": "ping"})
        code, seen = flood.closed()
        assert code == 1008
        kinds = [m.get("code") or m["type"] for m in seen]
        assert kinds.count("rate_limited") == FLOOD_CLOSE
        assert kinds.count("pong") >= 40  # the burst is answered
        assert kinds[:40] == ["pong"] * 40
        calm.sit(0)  # another connection is not limited by it


def test_connecting_to_a_table_that_does_not_exist(client: TestClient) -> None:
    with client.websocket_connect("/ws/NOSUCH") as ws:
        conn = Conn(ws)
        code, seen = conn.closed()
    assert code == 4404
    assert len(seen) == 1 and seen[0]["type"] == "error" and seen[0]["code"] == "not_found"


# -- after every error the table is as it was ---------------------------------------------------


def _legal(conn: Conn) -> list[Any]:
    assert conn.state is not None and conn.state["legal"]
    action: list[Any] = conn.state["legal"][0]
    return action


def _act(conn: Conn, action: Any, state_id: int | None = None) -> dict[str, Any]:
    return conn.error({"type": "action", "state_id": conn.state_id if state_id is None
                       else state_id, "action": action, "ref": "e"})


def _stale(f: Full, delta: int) -> dict[str, Any]:
    a = f.actor
    err = _act(a, _legal(a), a.state_id + delta)
    assert err["state_id"] == a.state_id and err["ref"] == "e"
    state = err["state"]
    assert state["type"] == "state" and state["state_id"] == a.state_id
    assert state["observation"]["seat"] == a.seat and state["legal"] == a.state["legal"]  # type: ignore[index]
    return err


def _illegal_cards_not_held(f: Full) -> dict[str, Any]:
    a = f.actor
    action = [a.seat, "play", "BJ BJ BJ BJ BJ"]  # four decks hold four big jokers
    err = _act(a, action)
    game = service_of(f.client).tables[f.id].game
    assert game is not None
    with pytest.raises(IllegalActionError) as engine:
        game.clone().apply(parse_action(action))
    assert err["rule"] == engine.value.rule and err["message"] == engine.value.message
    assert err["message_zh"] == engine.value.zh and err["message_zh"]  # both languages
    if a.obs["phase"] == "play":
        assert err["rule"] == "GJ-2" and "do not hold" in err["message"]
    return err


def _illegal_not_your_turn(f: Full) -> dict[str, Any]:
    idle = f.idle
    err = _act(idle, [idle.seat, "play", idle.obs["hand"].split()[0]])
    assert isinstance(err["rule"], str) and err["rule"].startswith("GJ-")
    return err


def _malformed(f: Full, action: Any, field: str | None) -> dict[str, Any]:
    err = _act(f.actor, action)
    assert isinstance(err["field"], str) and err["field"]  # where in the action the fault is
    if field is not None:
        assert err["field"] == field
    return err


def _forbidden(f: Full) -> dict[str, Any]:
    a, idle = f.actor, f.idle
    action = [idle.seat, *_legal(a)[1:]]
    err = _act(a, action)
    assert str(idle.seat) in err["message"]
    return _act(idle, _legal(a))  # and the other way round


def _raw(who: str, raw: str) -> Callable[[Full], dict[str, Any]]:
    def case(f: Full) -> dict[str, Any]:
        conn = f.actor if who == "actor" else f.spectator
        return conn.error(raw, text=True)
    return case


def _msg(who: str, msg: dict[str, Any]) -> Callable[[Full], dict[str, Any]]:
    def case(f: Full) -> dict[str, Any]:
        conn = {"actor": f.actor, "idle": f.idle, "spectator": f.spectator}[who]
        return conn.error(msg)
    return case


def _spectator_acts(f: Full) -> dict[str, Any]:
    return _act(f.spectator, _legal(f.actor), f.spectator.state_id)


ERROR_CASES: dict[str, tuple[Callable[[Full], dict[str, Any]], str]] = {
    "stale-ahead": (lambda f: _stale(f, 3), "stale"),
    "stale-behind": (lambda f: _stale(f, -1), "stale"),
    "illegal-cards-not-held": (_illegal_cards_not_held, "illegal"),
    "illegal-not-your-turn": (_illegal_not_your_turn, "illegal"),
    "malformed-verb": (lambda f: _malformed(f, [f.actor.seat, "fly"], "action[1]"),
                       "malformed"),
    "malformed-card": (lambda f: _malformed(f, [f.actor.seat, "play", "ZZ"], "action[2]"),
                       "malformed"),
    "malformed-cards-type": (lambda f: _malformed(f, [f.actor.seat, "play", 5], "action[2]"),
                             "malformed"),
    "malformed-seat": (lambda f: _malformed(f, [0.5, "play", "3S"], "action[0]"), "malformed"),
    "malformed-empty": (lambda f: _malformed(f, [], "action"), "malformed"),
    "malformed-text": (lambda f: _malformed(f, "fly me to the moon", "action"), "malformed"),
    "malformed-text-card": (lambda f: _malformed(f, "play ZZ", "action"), "malformed"),
    "forbidden": (_forbidden, "forbidden"),
    "spectator": (_spectator_acts, "spectator"),
    "unknown_type": (_raw("actor", '{"type": "undo"}'), "unknown_type"),
    "bad_json": (_raw("actor", '{"type": "action", "state_id": 0,'), "bad_json"),
    "bad_message-array": (_raw("actor", '[{"type": "ping"}]'), "bad_message"),
    "bad_message-state_id-string": (
        _raw("actor", '{"type": "action", "state_id": "0", "action": "pass"}'), "bad_message"),
    "bad_message-unknown-field": (
        _raw("actor", '{"type": "action", "state_id": 0, "action": "pass", "undo": true}'),
        "bad_message"),
    "bad_message-missing-state_id": (_raw("actor", '{"type": "action", "action": "pass"}'),
                                     "bad_message"),
    "seated": (_msg("actor", {"type": "sit", "seat": 0, "name": "x"}), "seated"),
    "seat_taken": (_msg("spectator", {"type": "sit", "seat": 0, "name": "x"}), "seat_taken"),
    "seat_taken-bot": (_msg("actor", {"type": "bot", "seat": 0, "bot": "random"}),
                       "seat_taken"),
    "forbidden-bot": (_msg("spectator", {"type": "bot", "seat": 0, "bot": "random"}),
                      "forbidden"),
    "bad_seat": (_msg("spectator", {"type": "sit", "seat": 6, "name": "x"}), "bad_seat"),
    "bad_text": (_msg("spectator", {"type": "sit", "seat": 0, "name": ""}), "bad_text"),
    "bad_token": (_msg("spectator", {"type": "join", "token": "forged"}), "bad_token"),
    "bad_bots": (_msg("actor", {"type": "bot", "seat": 0, "bot": "hal"}), "bad_bots"),
    "chat-too-long": (_msg("idle", {"type": "chat", "text": "x" * (MAX_CHAT + 1)}),
                      "bad_text"),
}


@pytest.mark.parametrize("case", list(ERROR_CASES))
def test_after_every_error_the_table_is_unaffected(full: Full, case: str) -> None:
    good_action(full)  # not at the very first state: a stale "behind" is a real state id
    before = full.actor.state_id
    seats = [s["kind"] for s in full.actor.table["seats"]]  # type: ignore[index]
    hands = [c.obs["hand"] for c in full.conns]
    run, code = ERROR_CASES[case]
    err = run(full)
    assert err["type"] == "error" and err["code"] == code, err
    assert isinstance(err["message"], str) and err["message"]
    for conn in full.everyone():
        for msg in conn.settle():
            assert msg["type"] != "state" or msg["state_id"] == before, (case, msg)
        assert conn.state_id == before
    assert full.server_state_id() == before
    assert [s["kind"] for s in full.actor.table["seats"]] == seats  # type: ignore[index]
    assert [c.obs["hand"] for c in full.conns] == hands
    good_action(full)


# -- HTTP ---------------------------------------------------------------------------------------


def test_healthz_and_kinds(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] is True and body["database"] == "sqlite" and body["tables"] == 0
    create_table(client)
    assert client.get("/healthz").json()["tables"] == 1
    kinds = {g["name"]: g for g in client.get("/api/games/kinds").json()["games"]}
    assert {"shengji", "gouji", "baohuang"} <= set(kinds)
    assert "tractor" in kinds["shengji"]["presets"] and "random" in kinds["gouji"]["bots"]


@pytest.mark.parametrize(("game", "preset", "seats"),
                         [("shengji", "tractor", 4), ("baohuang", None, 5), ("gouji", None, 6)])
def test_create_a_table(client: TestClient, game: str, preset: str | None, seats: int) -> None:
    body: dict[str, Any] = {"settings": {"bot_delay": 0, "timer": 30}, "bots": {"1": "random"}}
    if preset is not None:
        body["preset"] = preset
    created = create_table(client, game, **body)
    assert created["ws"] == f"/ws/{created['id']}"
    table = created["table"]
    assert table["game"] == game and table["status"] == "waiting" and table["code"] == \
        created["code"]
    assert len(table["seats"]) == seats
    assert [s["kind"] for s in table["seats"]] == ["empty", "bot"] + ["empty"] * (seats - 2)
    assert table["settings"]["timer"] == 30 and table["settings"]["bot_delay"] == 0


def _engine_message(game: str, options: dict[str, Any]) -> str:
    try:
        game_class(game).new(options, seed=0)
    except Exception as exc:
        return str(exc)
    raise AssertionError(f"the engine takes {options}")


BAD_TABLES: list[tuple[dict[str, Any], str]] = [
    ({"game": "chess"}, "bad_game"),
    ({}, "bad_game"),
    ({"game": ["gouji"]}, "bad_game"),
    ({"game": "shengji", "preset": "nope"}, "bad_options"),
    ({"game": "shengji", "preset": 5}, "bad_options"),
    ({"game": "gouji", "options": {"nope": 1}}, "bad_options"),
    ({"game": "gouji", "options": "fast"}, "bad_options"),
    ({"game": "gouji", "options": [1]}, "bad_options"),
    ({"game": "gouji", "options": []}, "bad_options"),
    ({"game": "gouji", "colour": "red"}, "bad_request"),
    ({"game": "gouji", "settings": "fast"}, "bad_settings"),
    ({"game": "gouji", "settings": {"speed": 1}}, "bad_settings"),
    ({"game": "gouji", "settings": {"bot_delay": -1}}, "bad_settings"),
    ({"game": "gouji", "settings": {"bot_delay": "0"}}, "bad_settings"),
    ({"game": "gouji", "settings": {"timer": True}}, "bad_settings"),
    ({"game": "gouji", "settings": {"deals": 0}}, "bad_settings"),
    ({"game": "gouji", "bots": {"0": "hal"}}, "bad_bots"),
    ({"game": "gouji", "bots": {"6": "random"}}, "bad_bots"),
    ({"game": "gouji", "bots": {"first": "random"}}, "bad_bots"),
    ({"game": "gouji", "bots": "random"}, "bad_bots"),
]


@pytest.mark.parametrize("raw", ["[1, 2]", "not json", '"gouji"'])
def test_a_body_that_is_not_an_object_is_a_400_like_the_others(client: TestClient,
                                                               raw: str) -> None:
    r = client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    out = r.json()
    assert out["error"] == "bad_request" and out["message"]


@pytest.mark.parametrize(("body", "code"), BAD_TABLES)
def test_create_a_table_with_bad_input(client: TestClient, body: dict[str, Any],
                                       code: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    out = r.json()
    assert out["error"] == code and isinstance(out["message"], str) and out["message"]
    options = body.get("options")
    if code == "bad_options" and (isinstance(options, dict) or "preset" in body):
        opts = dict(options or {})
        if "preset" in body:
            opts["preset"] = body["preset"]
        assert out["message"] == _engine_message(body["game"], opts)
    assert client.get("/healthz").json()["tables"] == 0  # nothing was made


def test_list_and_find_tables(client: TestClient) -> None:
    a = create_table(client)
    b = create_table(client, "baohuang")
    listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert set(listed) == {a["id"], b["id"]}
    waiting = client.get("/api/tables", params={"status": "waiting"}).json()["tables"]
    assert {t["id"] for t in waiting} == {a["id"], b["id"]}
    assert client.get("/api/tables", params={"status": "over"}).json()["tables"] == []
    for key in (a["id"], a["code"], a["code"].lower()):
        r = client.get(f"/api/tables/{key}")
        assert r.status_code == 200
        got = r.json()
        assert got["id"] == a["id"] and got["game"] == "gouji"
        assert got["results"]["deals"] == []
    r = client.get("/api/tables/NOSUCH")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert client.get("/api/tables/NOSUCH/results").status_code == 404
    assert client.get("/api/games", params={"table": "NOSUCH"}).status_code == 404


def test_a_record_is_409_until_the_deal_is_over(full: Full) -> None:
    table = full.client.get(f"/api/tables/{full.id}").json()
    assert table["status"] == "playing"
    r = full.client.get(f"/api/games/{full.id}-{table['deal']}/record")
    assert r.status_code == 409 and r.json()["error"] == "not_over"
    r = full.client.get(f"/api/games/{full.id}-99/record")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert full.client.get("/api/games", params={"table": full.id}).json()["games"] == []


@pytest.mark.parametrize(("game", "preset", "seats"),
                         [("shengji", "tractor", 4), ("baohuang", None, 5), ("gouji", None, 6)])
def test_a_whole_bot_deal_has_a_record_the_judge_finds_legal(
        client: TestClient, game: str, preset: str | None, seats: int) -> None:
    body: dict[str, Any] = {"settings": {"bot_delay": 0, "deals": 1},
                            "bots": {str(i): "random" for i in range(seats)}}
    if preset is not None:
        body["preset"] = preset
    created = create_table(client, game, **body)
    listed = wait_for_game(client, created["code"])
    assert listed["table"] == created["id"]
    r = client.get(listed["record"])
    assert r.status_code == 200
    record = r.json()
    assert record["actions"]
    status, report = judge_text(json.dumps(record))
    assert status == 0, report
    results = client.get(f"/api/tables/{created['id']}/results").json()
    assert [d["id"] for d in results["deals"]] == [listed["id"]]
    assert results["deals"][0]["returns"] == listed["returns"]
    assert results["deals"][0]["actions"] == len(record["actions"])
    assert len(results["totals"]) == seats
    assert results["status"] == "over"  # one deal was the cap
    assert created["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
