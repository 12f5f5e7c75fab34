"""Several ``paizhuo serve`` processes on one PostgreSQL (issue 9): a table's seats connected
to different processes play a whole deal; actions are serialised by the table's row lock and
updates cross between the processes through LISTEN/NOTIFY."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.engine.records import Record, replay

from .procs import Client, ServerProcess, first_turn_in_play, my_turn, some_action


@pytest.fixture
def two_servers(pg_db: str) -> Any:
    a = ServerProcess(pg_db).start()
    b = ServerProcess(pg_db).start()
    yield a, b
    a.stop()
    b.stop()


def _play(c: Client, out: dict[str, Any], timeout: float = 120.0) -> None:
    """Play seat's turns until the deal is over (in a thread: one per seat)."""
    try:
        deadline = time.monotonic() + timeout
        while True:
            m = c.until(lambda m: my_turn(m) or m["type"] in ("deal_over", "error"),
                        timeout=deadline - time.monotonic())
            if m["type"] == "error" and m["code"] != "stale":
                out["error"] = m
                return
            if m["type"] == "deal_over":
                out["over"] = m
                return
            if my_turn(m):
                c.send(type="action", state_id=m["state_id"], action=some_action(m))
    except Exception as exc:  # reported by the test
        out["exception"] = repr(exc)


# one deal in the default run; ``--runslow`` plays 20, each on two fresh processes (the races
# between the processes' changes and notifications differ from run to run: CI once caught a
# seat that never heard of a deal's end, see test_catching_up.py)
@pytest.mark.parametrize("run", [0, *(pytest.param(i, marks=pytest.mark.slow)
                                      for i in range(1, 20))])
def test_seats_on_two_processes_play_a_whole_deal(two_servers: Any, run: int) -> None:
    a, b = two_servers
    table = a.post("/api/tables", {"game": "shengji", "preset": "tractor",
                                   "bots": {"2": "greedy", "3": "random"},
                                   "settings": {"bot_delay": 0}})
    ca = Client(f"{a.ws_url}/ws/{table['id']}")
    cb = Client(f"{b.ws_url}/ws/{table['code']}")
    ca.send(type="sit", seat=0, name="on A")
    ca.until(lambda m: m["type"] == "seated")
    cb.send(type="sit", seat=1, name="on B")
    cb.until(lambda m: m["type"] == "seated")
    watch_b = Client(f"{b.ws_url}/ws/{table['id']}")  # a spectator on the other process
    results: list[dict[str, Any]] = [{}, {}]
    threads = [threading.Thread(target=_play, args=(c, r)) for c, r in zip((ca, cb), results,
                                                                             strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(150)
    for r in results:
        assert "over" in r, (r, "server A printed:", a.tail(), "server B printed:", b.tail())
    # both processes agree on the deal, and its record is legal
    record = b.get(results[0]["over"]["record"])
    assert record == a.get(results[1]["over"]["record"])
    status, answer = judge_text(json.dumps(record))
    assert status == LEGAL, answer
    actions = record["actions"]
    by_seat = {s: sum(1 for x in actions if x[0] == s) for s in range(4)}
    assert by_seat[0] and by_seat[1], "both people acted"
    # the spectator on B saw every public action, in order, whichever process applied it
    watch_b.until(lambda m: m["type"] == "deal_over", timeout=30)
    first = next(m for m in watch_b.messages if m["type"] == "state" and m["deal"] == 0)
    seen = [e for m in watch_b.messages if m["type"] == "events" and m["deal"] == 0
            for e in m["events"]]
    game, _ = replay(Record.from_json(record))
    assert seen == game.events_since(None, first["state_id"]), \
        "the spectator on B did not see what a spectator sees of the deal"
    for c in (ca, cb, watch_b):
        c.close()


def test_one_action_wins_when_both_processes_get_one_for_the_same_state(
        two_servers: Any) -> None:
    """The same seat joined on both processes sends its action twice against one state: the
    row lock lets one through and the other is refused as stale."""
    a, b = two_servers
    table = a.post("/api/tables", {"game": "shengji", "preset": "tractor",
                                   "bots": {"1": "greedy", "2": "greedy", "3": "greedy"},
                                   "settings": {"bot_delay": 0}})
    ca = Client(f"{a.ws_url}/ws/{table['id']}")
    ca.send(type="sit", seat=0, name="twice")
    token = ca.until(lambda m: m["type"] == "seated")["token"]
    cb = Client(f"{b.ws_url}/ws/{table['id']}")
    cb.send(type="join", token=token)
    cb.until(lambda m: m["type"] == "seated")
    m = first_turn_in_play(ca)
    mb = cb.until(lambda x: my_turn(x) and x["state_id"] == m["state_id"])
    action = some_action(m)
    ca.send(type="action", state_id=m["state_id"], action=action, ref="a")
    cb.send(type="action", state_id=mb["state_id"], action=action, ref="b")
    ra = ca.until(lambda x: x.get("ref") == "a")
    rb = cb.until(lambda x: x.get("ref") == "b")
    kinds = sorted([ra["type"] if ra["type"] == "ok" else ra["code"],
                    rb["type"] if rb["type"] == "ok" else rb["code"]])
    assert kinds == ["ok", "stale"], (ra, rb)
    for c in (ca, cb):
        c.close()
