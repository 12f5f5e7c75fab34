"""Shared helpers for the server tests: create tables over HTTP, connect websocket clients
through FastAPI's ``TestClient``, sit them, and read their messages with a deadline.

A ``TestClient`` websocket's own ``receive`` waits for ever; :func:`receive` gives up after
``timeout`` seconds (``TimeoutError``), so a message the server never sends fails the test
instead of hanging it.

The server answers one connection's messages in order, and every change is sent to every
client of the table before the change's own reply (``ok``, ``seated``…) goes out. So after a
client's :meth:`Conn.settle` (a ``ping`` answered by a ``pong``) every message the server
had for it is read, and :attr:`Conn.state` is the table's state as that client sees it now —
provided nothing else (a bot, another client) is moving the table meanwhile.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from paizhuo.server.protocol import RATE_BURST, RATE_PER_SECOND, Limits, RateLimit

TIMEOUT = 20.0
"""Seconds to wait for one message the server should send."""
QUICK_BOTS = Limits().but(demo_max_deals=10_000, demo_min_bot_delay=0.0)
"""The server's limits, except that a table of bots only may play as fast as it can (tests
that watch bots play whole deals)."""

_refs = itertools.count(1)


def create_table(client: TestClient, game: str = "gouji", **body: Any) -> dict[str, Any]:
    """``POST /api/tables`` with ``game`` and ``body`` (preset, options, settings, bots);
    returns the answer ``{id, code, ws, table}`` (fails the test unless 201)."""
    r = client.post("/api/tables", json={"game": game, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


async def _receive_within(ws: WebSocketTestSession, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        # the test session's own queue of what the server sent (its receive() has no timeout)
        return await ws._send_rx.receive()


def receive(ws: WebSocketTestSession, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next message the server sent on ``ws`` (decoded JSON), waiting at most ``timeout``
    seconds; a close raises ``WebSocketDisconnect`` (with the close ``code``)."""
    message = ws.portal.call(_receive_within, ws, timeout)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(code=message.get("code", 1000),
                                  reason=message.get("reason", ""))
    assert message["type"] == "websocket.send", message
    text = message.get("text")
    if text is None:
        text = message["bytes"].decode("utf-8")
    out: dict[str, Any] = json.loads(text)
    return out


class Conn:
    """One websocket client of a table, remembering the last ``table`` and ``state`` it was
    sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.token: str | None = None
        self.table: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        """Every message received, in order."""
        self.paced = True
        """Whether :meth:`send` keeps within the server's rate limit (a flood test turns it
        off)."""
        self.bucket = RateLimit(RATE_PER_SECOND * 0.75, RATE_BURST - 10)

    # -- reading -----------------------------------------------------------------------------

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        msg = receive(self.ws, timeout)
        self.log.append(msg)
        if msg.get("type") == "table":
            self.table = msg["table"]
        elif msg.get("type") == "state":
            self.state = msg
        return msg

    def until(self, kind: str, pred: Callable[[dict[str, Any]], bool] | None = None,
              timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read messages until one of type ``kind`` (and matching ``pred``) arrives, within
        ``timeout`` seconds in all; returns it. An ``error`` on the way fails (unless
        ``kind`` is ``"error"``)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} message within {timeout} s")
            msg = self.recv(left)
            if msg.get("type") == kind and (pred is None or pred(msg)):
                return msg
            assert msg.get("type") != "error", f"waiting for {kind!r}, got {msg}"

    def closed(self, timeout: float = TIMEOUT) -> tuple[int, list[dict[str, Any]]]:
        """Read until the server closes the socket: (close code, the messages before)."""
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the socket was not closed within {timeout} s")
            try:
                seen.append(self.recv(left))
            except WebSocketDisconnect as exc:
                return exc.code, seen

    # -- writing -----------------------------------------------------------------------------

    def _pace(self) -> None:
        """Wait, as a well-behaved client does, until the server's rate limit (a burst of
        ``RATE_BURST`` messages, then ``RATE_PER_SECOND``) would take one more message —
        with a margin, as the server counts a message when it reads it, not when it was
        sent. A test that sends many messages quickly (through :meth:`settle`'s pings) was
        refused now and then, and its ping's pong never came."""
        if not self.paced:
            return
        while not self.bucket.allow(time.monotonic()):
            time.sleep(1 / self.bucket.rate)

    def send(self, msg: Any) -> None:
        self._pace()
        self.ws.send_json(msg)

    def send_text(self, text: str) -> None:
        self._pace()
        self.ws.send_text(text)

    def settle(self) -> list[dict[str, Any]]:
        """Ping and read until the pong: returns what came before it (everything the server
        had queued for this client)."""
        ref = f"settle-{next(_refs)}"
        self.send({"type": "ping", "ref": ref})
        out: list[dict[str, Any]] = []
        while True:
            msg = self.recv()
            if msg.get("type") == "pong" and msg.get("ref") == ref:
                return out
            out.append(msg)

    def request(self, msg: Any, text: bool = False) -> list[dict[str, Any]]:
        """Send ``msg`` (JSON, or raw text when ``text``) and return every message the server
        sent this client until it answered a ping sent right after."""
        if text:
            self.send_text(msg)
        else:
            self.send(msg)
        return self.settle()

    def error(self, msg: Any, text: bool = False) -> dict[str, Any]:
        """Send ``msg`` and return the one error it is answered with."""
        errors = [m for m in self.request(msg, text) if m.get("type") == "error"]
        assert len(errors) == 1, errors
        return errors[0]

    # -- seats -------------------------------------------------------------------------------

    def sit(self, seat: int, name: str | None = None) -> str:
        """Sit at ``seat``: returns the seat's token (also kept as :attr:`token`)."""
        self.send({"type": "sit", "seat": seat, "name": name or f"player {seat}",
                   "ref": f"sit{seat}"})
        msg = self.until("seated")
        assert msg["seat"] == seat and msg["ref"] == f"sit{seat}", msg
        assert isinstance(msg["token"], str) and msg["token"]
        self.seat, self.token = seat, msg["token"]
        return self.token

    @property
    def state_id(self) -> int:
        assert self.state is not None
        sid: int = self.state["state_id"]
        return sid

    @property
    def obs(self) -> dict[str, Any]:
        assert self.state is not None and self.state["observation"] is not None
        obs: dict[str, Any] = self.state["observation"]
        return obs


@contextlib.contextmanager
def connect(client: TestClient, table: str) -> Iterator[Conn]:
    """A websocket client of ``table`` (id or code), its opening ``table`` and ``state``
    read."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        conn = Conn(ws)
        assert conn.recv()["type"] == "table"
        assert conn.recv()["type"] == "state"
        yield conn


def seat_everyone(stack: contextlib.ExitStack, client: TestClient, table: str,
                  seats: int) -> list[Conn]:
    """Connect one client per seat and sit each (the table starts with the last), each
    settled: its :attr:`Conn.state` is the first state of the deal."""
    conns = []
    for seat in range(seats):
        conn = stack.enter_context(connect(client, table))
        conn.sit(seat)
        conns.append(conn)
    for conn in reversed(conns):  # the last to sit first: its reply ends the start's messages
        conn.settle()
    return conns


def acting(conns: list[Conn]) -> Conn:
    """The one client whose seat is to act, by each client's last state (so settle them all
    first). Each seat's own observation says whether it is to act: ``to_act`` may hide a
    secret decision (Gouji's revolution) from the other seats."""
    mine = [c for c in conns if c.state is not None and c.state["observation"] is not None
            and c.state["observation"]["your_turn"]]
    assert len(mine) == 1, [c.state for c in conns]
    conn = mine[0]
    assert conn.state is not None and conn.state["legal"], conn.state
    return conn


def wait_for_game(client: TestClient, table: str, timeout: float = 30.0) -> dict[str, Any]:
    """Poll ``GET /api/games?table=…`` until it lists a finished deal of ``table``; returns
    that listing's newest entry."""
    deadline = time.monotonic() + timeout
    while True:
        r = client.get("/api/games", params={"table": table})
        assert r.status_code == 200, r.text
        games = r.json()["games"]
        if games:
            newest: dict[str, Any] = games[0]
            return newest
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {table}: no finished deal within {timeout} s")
        time.sleep(0.05)


class Recorder:
    """A :class:`paizhuo.server.model.Client`'s ``send`` for tests that drive a ``Service``
    directly: keeps every message, as the JSON a websocket would carry."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send(self, msg: dict[str, Any]) -> None:
        self.messages.append(json.loads(json.dumps(msg)))


def text_of(action: list[Any]) -> str:
    """An action in record form ``[seat, verb, cards?, …]`` as typed text ("play 3S 3S")."""
    parts = [action[1]]
    if len(action) > 2 and action[2]:
        parts.append(action[2])
    return " ".join(parts)


__all__ = ["QUICK_BOTS", "TIMEOUT", "Conn", "Recorder", "acting", "connect", "create_table",
           "receive", "seat_everyone", "text_of", "wait_for_game"]
