"""The table server's benchmark (``paizhuo bench server``; its table is printed by
:func:`paizhuo.bench.report.print_server_bench`).

It starts ``paizhuo serve`` as a subprocess on a free port (default: a fresh SQLite file in a
temporary folder), creates ``--tables`` tables over HTTP and fills every seat with a simulated
player: one real websocket client per seat (the ``websockets`` library), all in this process,
none of them a server-side bot. A client sits down; whenever a ``state`` message says it is
its turn it *thinks* for ``--think`` seconds (simulated players, not a flood: 0 floods the
server as fast as it answers), then sends a random action from ``legal`` (or the ``hint``
when a Shengji seat has too many actions to list). If the state moved on while it thought, it
skips. Tables play deal after deal: the server carries them through their matches.

Figures, over the timed ``--seconds`` (which start once every table is playing):

- actions applied (each acknowledged ``ok``) and actions/s;
- latency, measured at the acting client: from just before it sends an action made against
  ``(deal, state_id)`` to its receiving the first ``state`` of a later ``(deal, state_id)``
  — the store, the commit and the publishing to every client of the table included;
- the server's resident memory (``VmRSS`` in ``/proc/PID/status``) when it has started (no
  table yet), once every table is playing, and at the end; memory per table =
  (end − start) / tables (the games' code is imported lazily, so it is counted in too);
- the CPU the server and this process (every client) used: a client process near 100 % adds
  its own queueing to the latencies, which the client event loop's lag shows; the server's
  CPU per action applied (everything it does for one action: the message, the store and the
  commit, the state and events for every seat of the table) and so the actions/s one core
  could serve — the figure that holds on a busy machine, where latencies do not; and the CPU
  the rest of the machine took meanwhile (other processes: on a shared machine the server
  waits for a core, and the latencies show it);
- what went wrong: ``error`` messages by code (``stale``, an action raced by another seat's
  that got there first, is counted apart: it is the protocol working), lost connections, and
  warnings or errors in the server's log.

The default think time, 1 s (:data:`DEFAULT_THINK`), is a quick person's pace (people take
seconds; the server's own bots wait 0.6 s by default): 200 tables then ask about 200 actions
a second. A shorter think time measures how the server saturates (one process serves about
1 / its CPU per action).

The targets (issue 9, on the 2-core machine): :data:`TARGET_TABLES` tables with a p99 latency
under :data:`TARGET_P99_MS` ms and under :data:`TARGET_MB_PER_TABLE` MB of server memory per
table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from paizhuo.engine.errors import MalformedError
from paizhuo.engine.registry import game_class, game_names
from paizhuo.server.protocol import RELAXED_LIMITS_ENV

DEFAULT_THINK = 1.0
"""Seconds a simulated player thinks before acting, unless ``--think`` says otherwise."""

TARGET_TABLES = 200
TARGET_P99_MS = 100.0
TARGET_MB_PER_TABLE = 1.0
MIX_PRESETS: Final[dict[str, str]] = {"shengji": "tractor"}
"""The preset a game's tables name in ``--game mix`` (and in the figures: ``shengji:tractor``,
one among Shengji's many); a game not listed plays its default options."""
START_TIMEOUT = 60.0
"""Seconds the server may take to print its address, and the tables to start playing."""
_SERVING = re.compile(r"serving on (http://\S+?)/?\s")


class ServerBenchError(Exception):
    """The benchmark could not run (a bad option, a server that did not start)."""


@dataclass
class ServerBenchResult:
    tables: int
    clients: int
    games: dict[str, int]
    """Tables per ``game[:preset]``."""
    think: float
    seconds: float
    """The timed window, as measured."""
    actions: int
    latencies_ms: list[float]
    rss_start_kb: int
    rss_tables_kb: int
    rss_end_kb: int
    server_cpu_s: float
    client_cpu_s: float
    others_cpu_s: float
    """CPU seconds the rest of the machine used in the window (other processes)."""
    loop_lag_ms: list[float]
    deals_finished: int
    tables_over: int
    stale: int
    skipped: int
    errors: Counter[str] = field(default_factory=Counter)
    db: str = ""

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def latency(self, q: float) -> float | None:
        return percentile(self.latencies_ms, q)

    @property
    def mb_per_table(self) -> float:
        return (self.rss_end_kb - self.rss_start_kb) / 1024 / self.tables

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())


def percentile(values: list[float], q: float) -> float | None:
    """The ``q``-th percentile (0–100) by the nearest-rank method; ``None`` for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def mix() -> list[tuple[str, str | None]]:
    """``--game mix``: every registered game, the project's own first, each with its preset
    from :data:`MIX_PRESETS` (``None``: the game's default options).

    >>> mix()[:3]
    [('shengji', 'tractor'), ('gouji', None), ('baohuang', None)]
    """
    return [(name, MIX_PRESETS.get(name)) for name in game_names()]


def table_plan(game: str, tables: int) -> list[tuple[str, str | None]]:
    """The ``(game, preset)`` of each table: ``mix`` cycles :func:`mix`; else one game, with
    an optional preset (``shengji:friends-5``)."""
    spec = game.strip().lower()
    if spec == "mix":
        games = mix()
        return [games[i % len(games)] for i in range(tables)]
    name, _, preset = spec.partition(":")
    try:
        cls = game_class(name)
    except MalformedError:
        raise ServerBenchError(f"unknown --game {game!r}: write mix, or one of "
                               f"{', '.join(game_names())} (with a preset: shengji:friends-5)"
                               ) from None
    if preset and preset not in cls.PRESETS:
        raise ServerBenchError(f"unknown preset {preset!r} for {name}; presets are "
                               f"{', '.join(cls.PRESETS)}")
    return [(name, preset or None)] * tables


# -- the server process ----------------------------------------------------------------------

def read_rss_kb(pid: int) -> int:
    """The resident set size of process ``pid`` in KiB (``VmRSS``)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise ServerBenchError(f"no VmRSS for process {pid}")


def read_cpu_s(pid: int) -> float:
    """User + system CPU seconds process ``pid`` used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_machine_busy_s() -> float:
    """CPU seconds every process of the machine used so far (``/proc/stat``: all but idle
    and iowait), to tell how much others used while the benchmark ran."""
    with open("/proc/stat", encoding="ascii") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def server_command(db: str) -> list[str]:
    """How the server is started: ``paizhuo serve`` on a free port, quiet but for warnings."""
    return [sys.executable, "-m", "paizhuo", "serve", "--host", "127.0.0.1", "--port", "0",
            "--db", db, "--log-level", "warning"]


class ServerProcess:
    """``paizhuo serve --port 0`` in a subprocess; its address from its first line."""

    def __init__(self, db: str, log_path: Path) -> None:
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        # one address creates every table and takes every seat: the per-address limits of a
        # public server are not what is measured
        env = {**os.environ, RELAXED_LIMITS_ENV: "1"}
        self.proc = subprocess.Popen(server_command(db), stdout=subprocess.PIPE, stderr=self._log,
                                     stdin=subprocess.DEVNULL, env=env)
        self.lines: list[str] = []
        self._first = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._first.wait(START_TIMEOUT) or not self.lines:
            self.stop()
            raise ServerBenchError("the server did not start: " + self.log_tail())
        match = _SERVING.search(self.lines[0] + " ")
        if match is None:
            self.stop()
            raise ServerBenchError(f"the server's first line is not its address: "
                                   f"{self.lines[0]!r}")
        self.base = match.group(1)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:  # drained to the end, so the server never blocks on it
            self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
            self._first.set()
        self._first.set()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log_tail(self, n: int = 20) -> str:
        self._log.flush()
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-n:]) or f"(exit status {self.proc.poll()})"

    def log_problems(self) -> int:
        """Lines of the server's log that are warnings, errors or tracebacks."""
        self._log.flush()
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return sum(1 for line in text.splitlines()
                   if re.match(r"(WARNING|ERROR|CRITICAL)\b|Traceback", line.strip()))

    def stop(self) -> None:
        """Terminate (uvicorn shuts down), then kill if it takes too long."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._reader.join(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._log.close()


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode("utf-8"),
                                 headers={"content-type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            out: dict[str, Any] = json.load(resp)
    except urllib.error.HTTPError as exc:
        raise ServerBenchError(f"POST {path} {json.dumps(body)}: the server answered "
                               f"{exc.code} {exc.read().decode('utf-8', 'replace')}") from None
    return out


def _get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(base + path, timeout=60) as resp:
        out: dict[str, Any] = json.load(resp)
    return out


def _wait_until_up(server: ServerProcess) -> None:
    """The server prints its address once its socket is bound, a moment before uvicorn
    accepts on it: ask ``/healthz`` until it answers."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            _get(server.base, "/healthz")
            return
        except OSError as exc:
            if server.proc.poll() is not None:
                raise ServerBenchError("the server stopped: " + server.log_tail()) from None
            if time.monotonic() > deadline:
                raise ServerBenchError(f"the server does not answer: {exc}") from None
            time.sleep(0.05)


# -- the clients -----------------------------------------------------------------------------

class _Run:
    """What every client of one run shares: the counters and the timing window."""

    def __init__(self, clients: int, think: float, seed: int) -> None:
        self.think = think
        self.rng = random.Random(seed)
        self.recording = False
        self.to_start = clients
        self.all_started = asyncio.Event()
        self.actions = 0
        self.latencies: list[float] = []
        self.deals_finished = 0
        self.tables_over = 0
        self.stale = 0
        self.skipped = 0
        self.errors: Counter[str] = Counter()
        self.stopping = False

    def error(self, code: str) -> None:
        self.errors[code] += 1


_SKIP_PREFIXES = ('{"type":"events"', '{"type":"table"', '{"type":"seated"', '{"type":"pong"')
"""Messages a simulated player has no use for, recognised without parsing them (what a
message says is only read from it when it starts otherwise)."""


class _Player:
    """One simulated player: one websocket client sitting at one seat."""

    def __init__(self, run: _Run, url: str, seat: int) -> None:
        self.run = run
        self.url = url
        self.seat = seat
        self.started = False
        self.over = False
        self.latest: tuple[int, int] | None = None
        """The (deal, state_id) of the last state this client was sent."""
        self.pending: tuple[tuple[int, int], float, bool] | None = None
        """The action in flight: the (deal, state_id) it was made against, when it was sent,
        whether it was sent inside the timed window."""
        self.acting: asyncio.Task[None] | None = None
        self.acted_for: tuple[int, int] | None = None
        """The (deal, state_id) an action was last chosen for (a state sent again, as after a
        seat change, is not a second turn)."""
        self.ws: Any = None

    async def play(self, gate: asyncio.Semaphore) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        try:
            async with gate:
                ws = await connect(self.url, open_timeout=START_TIMEOUT, ping_interval=None,
                                   max_size=1 << 22, close_timeout=2)
            self.ws = ws
            async with ws:
                await ws.send(json.dumps({"type": "sit", "seat": self.seat,
                                          "name": f"bench {self.seat}"}))
                async for raw in ws:
                    self.on_message(raw if isinstance(raw, str) else raw.decode("utf-8"))
        except ConnectionClosed:
            if not self.run.stopping:
                self.run.error("connection closed")
        except OSError as exc:
            if not self.run.stopping:
                self.run.error(f"connection failed ({type(exc).__name__})")
        finally:
            if self.acting is not None:
                self.acting.cancel()

    def on_message(self, raw: str) -> None:
        if raw.startswith(_SKIP_PREFIXES):
            return
        msg = json.loads(raw)
        kind = msg.get("type")
        run = self.run
        if kind == "state":
            self.on_state(msg)
        elif kind == "ok":
            if run.recording:
                run.actions += 1
        elif kind == "deal_over":
            if self.seat == 0 and run.recording:
                run.deals_finished += 1
        elif kind == "error":
            self.pending = None
            code = msg.get("code", "?")
            if code == "stale":
                if run.recording:
                    run.stale += 1
            else:
                run.error(code)

    def on_state(self, msg: dict[str, Any]) -> None:
        run = self.run
        state_id = msg.get("state_id")
        if state_id is None:
            if msg.get("status") == "over" and self.started and not self.over:
                self.over = True
                if self.seat == 0:
                    run.tables_over += 1
            return
        key = (int(msg["deal"]), int(state_id))
        if not self.started:
            self.started = True
            run.to_start -= 1
            if run.to_start == 0:
                run.all_started.set()
        self.latest = key
        if self.pending is not None and key > self.pending[0]:
            if self.pending[2] and run.recording:
                run.latencies.append((time.perf_counter() - self.pending[1]) * 1000)
            self.pending = None
        obs = msg.get("observation") or {}
        if not obs.get("your_turn") or run.stopping or key == self.acted_for:
            return
        legal = msg.get("legal")
        if legal:
            action = run.rng.choice(legal)
        elif msg.get("hint") is not None:
            action = msg["hint"]
        else:
            run.error("your turn without an action")
            return
        if self.acting is not None:
            self.acting.cancel()
        self.acted_for = key
        self.acting = asyncio.ensure_future(self.act(key, action))

    async def act(self, key: tuple[int, int], action: Any) -> None:
        if self.run.think > 0:
            await asyncio.sleep(self.run.think)
        if self.latest != key or self.run.stopping:
            if self.run.recording:
                self.run.skipped += 1
            return
        self.pending = (key, time.perf_counter(), self.run.recording)
        with contextlib.suppress(Exception):  # a closed connection is counted by play()
            await self.ws.send(json.dumps({"type": "action", "state_id": key[1],
                                           "action": action}))


async def _watch_loop(lags: list[float], run: _Run, every: float = 0.05) -> None:
    """How late this process's event loop wakes up (ms): the clients' own queueing."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(every)
        if run.recording:
            lags.append(max(0.0, (loop.time() - before - every) * 1000))


@contextlib.contextmanager
def _server(db: str | None) -> Iterator[tuple[ServerProcess, str]]:
    folder = Path(tempfile.mkdtemp(prefix="paizhuo-bench-"))
    server = None
    try:
        url = db if db is not None else f"sqlite:///{folder / 'bench.db'}"
        server = ServerProcess(url, folder / "server.log")
        yield server, url
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def bench_server(tables: int = TARGET_TABLES, seconds: float = 30.0, game: str = "mix",
                 think: float = 1.0, db: str | None = None, seed: int = 0,
                 status: Callable[[str], None] | None = None) -> ServerBenchResult:
    """Run the benchmark (see the module's docstring); ``status`` is told what it is doing."""
    if tables < 1:
        raise ServerBenchError("--tables must be at least 1")
    if think < 0 or seconds <= 0:
        raise ServerBenchError("--think must be ≥ 0 and --seconds > 0")
    plan = table_plan(game, tables)
    say = status or (lambda _text: None)
    say("starting the server…")
    with _server(db) as (server, url):
        _wait_until_up(server)
        rss_start = read_rss_kb(server.pid)
        say(f"creating {tables} tables…")
        created = []
        for name, preset in plan:
            body: dict[str, Any] = {"game": name, "settings": {"timer": None}}
            if preset is not None:
                body["preset"] = preset
            created.append(_post(server.base, "/api/tables", body))
        result = asyncio.run(_drive(server, created, plan, seconds, think, seed, rss_start,
                                    say))
        result.db = url if db is not None else "SQLite (temporary file)"
        problems = server.log_problems()
        if problems:
            result.errors["server log warnings/errors"] += problems
        return result


async def _drive(server: ServerProcess, created: list[dict[str, Any]],
                 plan: list[tuple[str, str | None]], seconds: float, think: float, seed: int,
                 rss_start: int, say: Callable[[str], None]) -> ServerBenchResult:
    ws_base = server.base.replace("http://", "ws://", 1)
    seats = [len(t["table"]["seats"]) for t in created]
    run = _Run(sum(seats), think, seed)
    players = [_Player(run, ws_base + t["ws"], seat)
               for t, n in zip(created, seats, strict=True) for seat in range(n)]
    gate = asyncio.Semaphore(64)
    say(f"seating {len(players)} clients…")
    tasks = [asyncio.ensure_future(p.play(gate)) for p in players]
    lags: list[float] = []
    watcher = asyncio.ensure_future(_watch_loop(lags, run))
    try:
        try:
            await asyncio.wait_for(run.all_started.wait(), START_TIMEOUT + len(players) / 20)
        except TimeoutError:
            raise ServerBenchError(f"{run.to_start} of {len(players)} clients never saw their "
                                   f"table start; errors: {dict(run.errors)}; server log: "
                                   + server.log_tail(5)) from None
        rss_tables = read_rss_kb(server.pid)
        say(f"{len(created)} tables playing: timing {seconds:g} s…")
        busy0, cpu0, mine0 = read_machine_busy_s(), read_cpu_s(server.pid), time.process_time()
        t0 = time.perf_counter()
        run.recording = True
        await asyncio.sleep(seconds)
        run.recording = False
        elapsed = time.perf_counter() - t0
        busy1, cpu1, mine1 = read_machine_busy_s(), read_cpu_s(server.pid), time.process_time()
        rss_end = read_rss_kb(server.pid)
    finally:
        run.stopping = True
        watcher.cancel()
        say("closing the clients…")
        await asyncio.gather(*(p.ws.close() for p in players if p.ws is not None),
                             return_exceptions=True)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, watcher, return_exceptions=True)
    counts = Counter(name if preset is None else f"{name}:{preset}" for name, preset in plan)
    return ServerBenchResult(
        tables=len(created), clients=len(players), games=dict(counts), think=think,
        seconds=elapsed, actions=run.actions, latencies_ms=run.latencies,
        rss_start_kb=rss_start, rss_tables_kb=rss_tables, rss_end_kb=rss_end,
        server_cpu_s=cpu1 - cpu0, client_cpu_s=mine1 - mine0,
        others_cpu_s=max(0.0, (busy1 - busy0) - (cpu1 - cpu0) - (mine1 - mine0)), loop_lag_ms=lags,
        deals_finished=run.deals_finished, tables_over=run.tables_over, stale=run.stale,
        skipped=run.skipped, errors=run.errors)


__all__ = ["DEFAULT_THINK", "MIX_PRESETS", "TARGET_MB_PER_TABLE", "TARGET_P99_MS",
           "TARGET_TABLES", "ServerBenchError", "ServerBenchResult", "bench_server", "mix",
           "percentile", "read_cpu_s", "read_rss_kb", "server_command", "table_plan"]
