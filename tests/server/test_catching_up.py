"""A process that hears of another process's changes only when it next changes the table
itself (its notification is late, or lost): the catching up inside a change is sent to its
clients even when the change is refused, so no client misses a deal's end (issue 9; found by
the two-process test, whose seat on one process once waited for a deal_over that never came).

Two services on one database, each with no bus: exactly the late notification, on demand.
And catching up on a notification reads the table's row and its actions as of one moment, so
a seat is not sent the same state twice."""

from __future__ import annotations

import asyncio

import pytest

from paizhuo.server.bus import LocalBus
from paizhuo.server.hub import Service
from paizhuo.server.model import Client
from paizhuo.server.protocol import ProtocolError
from paizhuo.server.store import Store

from .helpers import Recorder


async def _stale_after_the_other_process_ended_the_deal(db_url: str) -> None:
    a = Service(Store(db_url), LocalBus())
    b = Service(Store(db_url), LocalBus())
    await a.start()
    await b.start()
    table_a = a.create("shengji", {"preset": "tractor"}, {"bot_delay": 0})
    for seat in range(4):
        await a.sit(table_a, seat, f"p{seat}")
    rec = Recorder()
    client = Client(rec.send)
    await a.connect(table_a, client)
    await a.bind(table_a, client, 0)
    game_a = table_a.game
    assert game_a is not None
    for _ in range(3):  # a few actions on A: the state it last saw is not a new deal's first
        seat = game_a.to_act()[0]
        await a.act(table_a, seat, game_a.legal_actions(seat)[0].to_json(), game_a.state_id)
    seen = game_a.state_id
    action = game_a.legal_actions(game_a.to_act()[0])[0].to_json()
    # every seat's actions, on the other process, to the end of the deal
    table_b = b.find(table_a.id)
    for _ in range(1000):
        game_b = table_b.game
        assert game_b is not None
        if table_b.deal_number != 0:
            break
        seat = game_b.to_act()[0]
        await b.act(table_b, seat, game_b.legal_actions(seat)[0].to_json(), game_b.state_id)
    assert table_b.deal_number == 1, "the deal did not end"
    assert game_a.state_id == seen, "process A heard of B's actions some other way"
    before = len(rec.messages)
    # a seat on A acts against the state A last saw: refused as stale, after catching up
    with pytest.raises(ProtocolError) as refused:
        await a.act(table_a, action[0], action, seen)
    assert refused.value.code == "stale"
    new = rec.messages[before:]
    kinds = [m["type"] for m in new]
    assert "deal_over" in kinds, f"A's client was not told the deal ended: {kinds}"
    over = next(m for m in new if m["type"] == "deal_over")
    assert over["deal"] == 0 and over["record"].endswith(f"{table_a.id}-0/record")
    events = [e for m in new if m["type"] == "events" and m["deal"] == 0 for e in m["events"]]
    assert events == game_a.events_since(0, seen), "the deal's last events were not sent"
    state = new[-1]
    assert table_a.game is not None and table_b.game is not None
    assert state["type"] == "state" and state["deal"] == 1
    assert state["state_id"] == table_a.game.state_id == table_b.game.state_id
    # the notification coming late changes nothing more and sends nothing twice
    await a._on_bus(table_a.id)
    assert len(rec.messages) == before + len(new)
    for service in (a, b):
        await service.stop()
        service.store.dispose()


def test_a_refused_change_still_sends_what_catching_up_brought(db_url: str) -> None:
    asyncio.run(_stale_after_the_other_process_ended_the_deal(db_url))


def test_catching_up_reads_one_moment_of_the_database(pg_db: str) -> None:
    """PostgreSQL: what another process commits while a process catches up is not half seen
    (the table's row of before, its actions of after), so the next notification does not
    send the same state again."""
    from paizhuo.server.db import TableRow

    store, other = Store(pg_db), Store(pg_db)
    service = Service(store, LocalBus())
    table = service.create("shengji", {"preset": "tractor"}, {"bot_delay": 0})
    with store.snapshot() as s:
        row = s.get(TableRow, table.id)
        assert row is not None
        before = row.version
        with other.locked(table.id) as _:  # another process's change, committed meanwhile
            pass
        s.expire_all()
        again = s.get(TableRow, table.id)
        assert again is not None and again.version == before
    with store.session() as s:
        now = s.get(TableRow, table.id)
        assert now is not None and now.version == before + 1
    store.dispose()
    other.dispose()
