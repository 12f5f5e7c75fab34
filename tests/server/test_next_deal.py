"""Between two deals: the next deal is not dealt until every person connected at the table has
closed the last one's summary (``ready``), a person went away, or ``summary_wait`` seconds
passed; a table of bots does not wait. And the log a client is sent when it comes mid-deal: the
deal's events as its seat may see them, and the chat said meanwhile. In-process, on the
service."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paizhuo.server.bus import LocalBus
from paizhuo.server.hub import Service
from paizhuo.server.model import Client, Table, check_settings
from paizhuo.server.protocol import ProtocolError, parse
from paizhuo.server.store import Store

from .helpers import QUICK_BOTS, Recorder


async def _until(what: Callable[[], bool], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.005)


async def _table(db: str, wait: float, people: int = 1, trustee: bool = True,
                 ) -> tuple[Service, Table, list[Client], list[Recorder]]:
    """A Baohuang table (basic: nobody waits for a seize) of ``people`` persons played for by
    a bot (托管 asked: they stay connected; unless not ``trustee``) and bots, at deal 0."""
    service = Service(Store(db), LocalBus(), QUICK_BOTS)
    await service.start()
    table = service.create("baohuang", {"preset": "basic"},
                           {"bot_delay": 0, "summary_wait": wait},
                           {str(i): "random" for i in range(people, 5)})
    clients, recorders = [], []
    for seat in range(people):
        await service.sit(table, seat, f"p{seat}")
        rec = Recorder()
        client = Client(rec.send)
        await service.connect(table, client)
        await service.bind(table, client, seat)
        if trustee:
            await service.set_trustee(table, seat, "asked")
        clients.append(client)
        recorders.append(rec)
    return service, table, clients, recorders


async def _stop(service: Service) -> None:
    await service.stop()
    service.store.dispose()


async def _waits_for_ready(db: str) -> None:
    service, table, _, recs = await _table(db, 30.0, people=2)
    await _until(lambda: table.history != [])
    assert table.game is None and table.deal_number == 0, "the next deal was dealt at once"
    assert table.public()["next_deal"]["waiting"] == [0, 1]
    for rec in recs:  # each person was told the deal ended, and nothing of a next one
        kinds = [m["type"] for m in rec.messages]
        assert "deal_over" in kinds
        assert not [m for m in rec.messages if m.get("deal", 0) > 0]
    await asyncio.sleep(0.3)
    assert table.game is None, "the next deal did not wait"
    await service.ready(table, 0)
    await service.ready(table, 0)  # twice is once
    assert table.game is None and table.public()["next_deal"]["waiting"] == [1]
    await service.ready(table, None)  # a spectator's summary is no one's wait
    assert table.game is None
    await service.ready(table, 1)
    assert table.game is not None and table.deal_number == 1 and table.between is None
    assert table.public()["next_deal"] is None
    states = [m for m in recs[0].messages if m["type"] == "state" and m["deal"] == 1]
    assert states and states[-1]["observation"] is not None
    await _stop(service)


def test_the_next_deal_waits_until_each_person_closed_the_summary(tmp_path: Path) -> None:
    asyncio.run(_waits_for_ready(f"sqlite:///{tmp_path / 'r.db'}"))


async def _waits_at_most(db: str) -> None:
    service, table, _, _ = await _table(db, 0.5)
    await _until(lambda: table.history != [])
    ended = time.monotonic()
    assert table.game is None
    await _until(lambda: table.game is not None, timeout=10)
    assert 0.3 < time.monotonic() - ended < 5, "the wait is summary_wait seconds"
    assert table.deal_number == 1 and table.status == "playing"
    await _stop(service)


def test_the_next_deal_waits_no_longer_than_summary_wait(tmp_path: Path) -> None:
    asyncio.run(_waits_at_most(f"sqlite:///{tmp_path / 'w.db'}"))


async def _gone(db: str) -> None:
    service, table, clients, _ = await _table(db, 30.0)
    await _until(lambda: table.history != [])
    assert table.game is None
    await service.disconnect(table, clients[0])  # the only person here went away
    assert table.game is not None and table.deal_number == 1
    assert table.status == "paused"  # nobody is here: dealt, and it waits
    await _stop(service)


def test_a_person_who_went_away_is_not_waited_for(tmp_path: Path) -> None:
    asyncio.run(_gone(f"sqlite:///{tmp_path / 'g.db'}"))


async def _bots(db: str) -> None:
    service = Service(Store(db), LocalBus(), QUICK_BOTS)
    await service.start()
    table = service.create("baohuang", {"preset": "basic"}, {"bot_delay": 0, "deals": 3},
                           ["random"] * 5)
    await service.connect(table, Client(Recorder().send))  # a spectator: no one to wait for
    seen: set[Any] = set()
    for _ in range(20000):
        seen.add(table.public()["next_deal"] is not None)
        if table.status == "over":
            break
        await asyncio.sleep(0.001)
    assert table.status == "over" and seen == {False}
    await _stop(service)


def test_a_table_of_bots_does_not_wait(tmp_path: Path) -> None:
    asyncio.run(_bots(f"sqlite:///{tmp_path / 'b.db'}"))


async def _restart(db: str) -> None:
    service, table, _, _ = await _table(db, 30.0)
    await _until(lambda: table.history != [])
    assert table.game is None
    await _stop(service)
    # a restart between two deals deals the next one (nobody is waiting any more)
    again = Service(Store(db), LocalBus(), QUICK_BOTS)
    await again.start()
    copy = again.tables[table.id]
    await _until(lambda: copy.game is not None, timeout=10)
    assert copy.deal_number == 1 and copy.status == "paused"
    await _stop(again)


def test_a_restart_between_two_deals_deals_the_next(tmp_path: Path) -> None:
    asyncio.run(_restart(f"sqlite:///{tmp_path / 's.db'}"))


async def _log(db: str) -> None:
    service, table, _, _ = await _table(db, 30.0, trustee=False)
    game = table.game
    assert game is not None
    for _ in range(3):  # the person plays: the deal goes on only when it acts
        await _until(lambda: 0 in game.to_act())
        await service.act(table, 0, game.legal_actions(0)[0].to_json(), game.state_id)
    await _until(lambda: 0 in game.to_act())
    table.chat.append({"type": "chat", "seat": 0, "name": "p0", "text": "hi", "deal": 0,
                       "state_id": game.state_id})
    table.chat.append({"type": "chat", "seat": 0, "name": "p0", "text": "old", "deal": -1,
                       "state_id": 0})
    # the person's page reloads: a new connection, then the seat's token
    rec = Recorder()
    client = Client(rec.send)
    await service.connect(table, client)
    await service.bind(table, client, 0)
    logs = [m for m in rec.messages if m["type"] == "log"]
    assert len(logs) == 2  # a spectator's, then the seat's
    spectator, seat = logs
    assert spectator["events"] == game.events_since(None, 0)
    assert seat["events"] == game.events_since(0, 0) and seat["deal"] == 0
    assert [line["text"] for line in seat["chat"]] == ["hi"]  # this deal's lines only
    assert rec.messages.index(seat) > max(i for i, m in enumerate(rec.messages)
                                          if m["type"] == "state")
    await _stop(service)


def test_a_client_that_comes_mid_deal_is_sent_the_deal_log(tmp_path: Path) -> None:
    asyncio.run(_log(f"sqlite:///{tmp_path / 'l.db'}"))


def test_ready_and_summary_wait_are_checked() -> None:
    assert parse('{"type": "ready"}').type == "ready"
    with pytest.raises(ProtocolError) as bad:
        parse('{"type": "ready", "seat": 1}')
    assert bad.value.code == "bad_message"
    assert check_settings({})["summary_wait"] == 10.0
    assert check_settings({"summary_wait": 0})["summary_wait"] == 0.0
    for wrong in (-1, 61, "5", True):
        with pytest.raises(ProtocolError) as err:
            check_settings({"summary_wait": wrong})
        assert err.value.code == "bad_settings"
