"""Soak: does a server's memory come back after websocket connections close?

A plain script, not a test (pytest collects only ``test_*.py``)::

    python tests/server/soak_connections.py --connections 2000

It starts a real ``paizhuo serve`` (a subprocess on 127.0.0.1, SQLite in a temporary folder,
as ``tests/server/procs.py`` starts one for the tests), creates one Gouji table and opens and
closes ``--connections`` websocket connections to it one after another: each reads the
opening ``table`` and ``state`` and pings; every fourth also chats, and every tenth sits down
and leaves again. It prints the server's resident memory (``VmRSS`` of
``/proc/PID/status``, so Linux only) at the start, after every ``--every`` connections and at
the end. A server that frees each closed connection stays flat after its first few hundred
(allocator arenas, caches); one that keeps them grows by a fixed amount per connection.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from websockets.sync.client import connect

# run as a script: the tests folder is put on the path, and the test servers' helper is used
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from server.procs import ServerProcess

MAX_CONNECTIONS = 20_000
"""A bound on ``--connections`` (each is a few milliseconds)."""


def rss_kib(pid: int) -> int:
    """The process's resident set size (``VmRSS``) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def one_connection(url: str, i: int, timeout: float, errors: Counter[str]) -> None:
    """Open, use and close one connection (every message it is sent read up to the pong;
    the codes of the errors among them counted in ``errors``)."""
    with connect(url, open_timeout=timeout, close_timeout=timeout, max_size=None) as ws:
        kinds = [json.loads(ws.recv(timeout=timeout))["type"] for _ in range(2)]
        assert kinds == ["table", "state"], kinds
        if i % 4 == 0:
            ws.send(json.dumps({"type": "chat", "text": f"hello {i}"}))
        if i % 10 == 0:
            ws.send(json.dumps({"type": "sit", "seat": 0, "name": f"soak {i}"}))
            ws.send(json.dumps({"type": "leave"}))
        ws.send(json.dumps({"type": "ping", "ref": i}))
        while True:
            msg = json.loads(ws.recv(timeout=timeout))
            if msg["type"] == "error":
                errors[msg["code"]] += 1
            if msg["type"] == "pong":
                return


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--connections", type=int, default=2000)
    p.add_argument("--every", type=int, default=500, help="print the RSS after this many")
    p.add_argument("--time-limit", type=float, default=600.0,
                   help="stop (and say so) after this many seconds")
    args = p.parse_args(argv)
    if not 1 <= args.connections <= MAX_CONNECTIONS:
        p.error(f"--connections must be from 1 to {MAX_CONNECTIONS}")
    with tempfile.TemporaryDirectory() as tmp:
        # one address opens every connection: without the per-address limits
        server = ServerProcess(f"sqlite:///{tmp}/soak.db",
                               env={"PAIZHUO_HOME": tmp, "PAIZHUO_RELAXED_LIMITS": "1"}).start()
        try:
            assert server.proc is not None
            pid = server.proc.pid
            table = server.post("/api/tables", {"game": "gouji"})
            url = f"{server.ws_url}/ws/{table['id']}"
            start = rss_kib(pid)
            began = time.monotonic()
            print(f"server pid {pid}; RSS at start: {start} KiB", flush=True)
            done = 0
            errors: Counter[str] = Counter()
            for i in range(args.connections):
                if time.monotonic() - began > args.time_limit:
                    print(f"time limit ({args.time_limit} s) reached after {done} "
                          "connections", flush=True)
                    break
                one_connection(url, i, 10.0, errors)
                done += 1
                if done % args.every == 0:
                    time.sleep(0.2)  # let the server finish closing the last one
                    rss = rss_kib(pid)
                    print(f"after {done:6d} connections: RSS {rss} KiB "
                          f"({rss - start:+d} KiB, {(rss - start) * 1024 / done:+.0f} B "
                          "per connection)", flush=True)
            time.sleep(0.5)
            end = rss_kib(pid)
            print(f"at the end ({done} connections, {time.monotonic() - began:.1f} s): "
                  f"RSS {end} KiB ({end - start:+d} KiB)", flush=True)
            if errors:
                print("errors answered: " + ", ".join(f"{c} {n}" for c, n in errors.items()))
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
