"""Real server processes for tests: ``paizhuo serve`` started as a subprocess (so it can be
killed with SIGKILL and started again), and a small synchronous websocket client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect


class ServerProcess:
    """``python -m paizhuo serve --port 0 --db URL``; :attr:`url` once it listens."""

    def __init__(self, db: str, env: dict[str, str] | None = None) -> None:
        self.db = db
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: deque[str] = deque(maxlen=200)
        self._reader: threading.Thread | None = None

    def start(self, timeout: float = 30.0, port: int = 0) -> ServerProcess:
        """Start it (``port`` 0: any free port; a restart passes the last one, so clients
        that reconnect find it again)."""
        self.url = ""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paizhuo", "serve", "--port", str(port), "--db", self.db,
             "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line and self.proc.poll() is not None:
                break
            if line.startswith("paizhuo serving on "):
                self.url = line.split()[3].rstrip("/")
                break
        if not self.url:
            raise RuntimeError(f"the server did not start: {line!r}")
        # keep reading what it prints: a pipe nobody reads fills up (64 KiB) and then stops
        # the server at its next log line; the last lines are kept for a failing test
        self._reader = threading.Thread(target=self._drain, args=(self.proc.stdout,),
                                        daemon=True)
        self._reader.start()
        # the socket is bound before the app's startup has run: wait for /healthz
        while time.monotonic() < deadline:
            try:
                self.get("/healthz")
                return self
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        raise RuntimeError("the server never answered /healthz")

    def _drain(self, stream: Any) -> None:
        try:
            for line in stream:
                self.output.append(line.rstrip("\n"))
        except (OSError, ValueError):  # closed by stop()
            pass

    def tail(self) -> str:
        """The last lines the server printed (after its start)."""
        return "\n".join(self.output)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (the test of restart survival)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self._reader is not None:
            self._reader.join(5)  # the pipe ends with the process: what it printed is read
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()


class Client:
    """A websocket client that keeps every message it received."""

    def __init__(self, url: str) -> None:
        # max_queue=None: the client's reader never pauses for messages the test has not
        # read yet (it keeps them all anyway); with websockets' default of 16 a test that
        # stops reading while the table plays on left the server's answer to close() unread,
        # and close() waited its whole close_timeout (10 s)
        self.ws: ClientConnection = connect(url, open_timeout=10, max_size=None,
                                              max_queue=None, legacy=True)
        self.messages: list[dict[str, Any]] = []

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool],
              timeout: float = 30.0) -> dict[str, Any]:
        """Read messages until one satisfies ``pred`` (which is returned)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message came")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def close(self) -> None:
        self.ws.close()


def my_turn(msg: dict[str, Any]) -> bool:
    obs = msg.get("observation")
    return msg.get("type") == "state" and obs is not None and bool(obs["your_turn"])


def some_action(msg: dict[str, Any]) -> list[Any]:
    """A legal action from a state message (the first listed, or the hint)."""
    legal = msg.get("legal")
    if legal:
        action: list[Any] = legal[0]
        return action
    hint: list[Any] = msg["hint"]
    return hint


def first_turn_in_play(c: Client) -> dict[str, Any]:
    """Act for the client's seat until a play-phase turn of its own, and return that state
    (nobody else decides then, so nothing moves until the seat acts)."""
    while True:
        m = c.until(my_turn)
        if m["observation"]["phase"] == "play":
            return m
        c.send(type="action", state_id=m["state_id"], action=some_action(m))
