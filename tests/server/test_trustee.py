"""托管 trusteeship: a bot plays for a person who disconnects (after the table's grace) or lets
the turn timer run out, until the person comes back; and one who asks for it, until taken
back. Against a real server process, with the person's connection really closed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .procs import Client, ServerProcess, my_turn, some_action


def seat0(m: dict[str, Any]) -> dict[str, Any] | None:
    if m["type"] != "table":
        return None
    seat: dict[str, Any] = m["table"]["seats"][0]
    return seat


def test_disconnect_grace_then_a_bot_until_the_person_is_back(tmp_path: Path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'p.db'}").start()
    try:
        table = srv.post("/api/tables", {
            "game": "gouji", "bots": {str(i): "random" for i in range(1, 6)},
            "settings": {"bot_delay": 0, "grace": 1}})
        c = Client(f"{srv.ws_url}/ws/{table['id']}")
        c.send(type="sit", seat=0, name="away")
        token = c.until(lambda m: m["type"] == "seated")["token"]
        m = c.until(my_turn)
        gone_at = time.monotonic()
        c.close()
        watcher = Client(f"{srv.ws_url}/ws/{table['id']}")
        t = watcher.until(lambda m: (seat0(m) or {}).get("trustee") == "disconnect")
        assert time.monotonic() - gone_at >= 0.9, "the bot came before the grace was over"
        assert seat0(t) == {"name": "away", "kind": "person", "bot": None,
                            "trustee": "disconnect", "connected": False}
        # a bot plays seat 0's turn now
        # the deal was waiting for seat 0: it goes on, a bot playing for seat 0
        watcher.until(lambda x: x["type"] == "state" and x["state_id"] > m["state_id"])
        back = Client(f"{srv.ws_url}/ws/{table['id']}")
        back.send(type="join", token=token)
        back.until(lambda m: m["type"] == "seated")
        back.until(lambda m: (seat0(m) or {}).get("trustee", "?") is None
                   and (seat0(m) or {}).get("connected") is True)
        # the person plays again: the next turn of seat 0 waits for it
        m = back.until(my_turn, timeout=60)
        time.sleep(0.3)
        again = srv.get(f"/api/tables/{table['id']}")
        assert again["seats"][0]["trustee"] is None
        back.send(type="action", state_id=m["state_id"], action=some_action(m), ref=1)
        assert back.until(lambda x: x.get("ref") == 1)["type"] == "ok"
        for x in (watcher, back):
            x.close()
    finally:
        srv.stop()


def test_asked_trusteeship_holds_until_taken_back(tmp_path: Path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'p.db'}").start()
    try:
        table = srv.post("/api/tables", {
            "game": "baohuang", "bots": {str(i): "random" for i in range(1, 5)},
            "settings": {"bot_delay": 0.05}})
        c = Client(f"{srv.ws_url}/ws/{table['id']}")
        c.send(type="sit", seat=0, name="lazy")
        c.until(lambda m: m["type"] == "seated")
        first = c.until(my_turn)
        c.send(type="trustee", on=True)
        c.until(lambda m: (seat0(m) or {}).get("trustee") == "asked")
        # the bot plays seat 0 through several of its turns while the person watches
        c.until(lambda m: m["type"] == "state" and m["state_id"] is not None
                and m["state_id"] > first["state_id"] + 15, timeout=60)
        c.send(type="trustee", on=False)
        c.until(lambda m: (seat0(m) or {}).get("trustee", "?") is None)
        m = c.until(my_turn, timeout=60)
        time.sleep(0.3)  # nobody plays for seat 0 any more
        now = srv.get(f"/api/tables/{table['id']}")
        assert now["seats"][0]["trustee"] is None
        c.send(type="action", state_id=m["state_id"], action=some_action(m), ref="mine")
        assert c.until(lambda x: x.get("ref") == "mine")["type"] == "ok"
        c.close()
    finally:
        srv.stop()
