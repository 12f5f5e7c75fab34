"""Several ``paizhuo serve`` processes on one PostgreSQL (issue 9): a table's seats connected
to different processes play a whole deal; actions are serialised by the table's row lock and
updates cross between the processes through LISTEN/NOTIFY."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from paizhuo.engine.judge import LEGAL, judge_text, replay
from paizhuo.engine.records import Record

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


def test_a_bot_turn_left_by_a_killed_process_is_played_by_the_other(two_servers: Any) -> None:
    """Issue 32: a person on A plays, a bot is to act, A is killed before the bot acts; the
    person joins on B, which takes the bot's turn over (``docs/deploy.md``: clients
    reconnect and carry on)."""
    a, b = two_servers
    table = a.post("/api/tables", {"game": "baohuang",
                                   "bots": {str(i): "random" for i in range(1, 5)},
                                   "settings": {"bot_delay": 5, "grace": 60}})
    ca = Client(f"{a.ws_url}/ws/{table['id']}")
    ca.send(type="sit", seat=0, name="on A")
    token = ca.until(lambda m: m["type"] == "seated")["token"]
    while True:
        m = ca.until(lambda m: m["type"] == "state" and m["observation"] is not None)
        if my_turn(m):
            ca.send(type="action", state_id=m["state_id"], action=some_action(m))
        elif any(seat != 0 for seat in m["observation"]["to_act"]):
            break  # a bot is to act: A's bot waits its 5 s
    a.kill()
    cb = Client(f"{b.ws_url}/ws/{table['id']}")
    cb.send(type="join", token=token)
    cb.until(lambda x: x["type"] == "seated")
    moved = cb.until(lambda x: x["type"] == "state" and x["state_id"] is not None
                     and (x["deal"], x["state_id"]) > (m["deal"], m["state_id"]), timeout=40)
    assert moved["status"] == "playing", ("B never took the bot's turn over:", b.tail())
    cb.close()


def test_a_restarted_process_leaves_a_person_connected_to_another_alone(
        two_servers: Any) -> None:
    """A process that starts gives every person not connected to it a grace; one connected
    to another process is seen there (``seats.seen_at``) and keeps the seat."""
    a, b = two_servers
    table = a.post("/api/tables", {"game": "baohuang",
                                   "bots": {str(i): "random" for i in range(1, 5)},
                                   "settings": {"bot_delay": 0, "grace": 1}})
    person = Client(f"{a.ws_url}/ws/{table['id']}")
    person.send(type="sit", seat=0, name="stays on A")
    person.until(lambda m: m["type"] == "seated")
    person.until(my_turn)  # the deal waits on seat 0
    b.stop()
    b.start()
    time.sleep(4)  # B's grace for seat 0 (1 s) runs out meanwhile
    view = b.get(f"/api/tables/{table['id']}")
    assert view["seats"][0]["trustee"] is None, (view, b.tail())
    assert not any(m["type"] == "table" and m["table"]["seats"][0]["trustee"] is not None
                   for m in person.messages), "the person was handed to a bot for a while"
    person.close()
