"""Storage on SQLite and on PostgreSQL: the schema is the migrations' (and the models'), and a
table rebuilt from the database is the table that was stored — seats, tokens, bots,
trusteeship, the deal with every action, the finished deals and their records."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.server.bus import LocalBus
from paizhuo.server.db import Base, DealRow
from paizhuo.server.hub import Service
from paizhuo.server.migrate import config, current
from paizhuo.server.model import Client
from paizhuo.server.protocol import ProtocolError
from paizhuo.server.store import Store

from .helpers import QUICK_BOTS, Recorder


def test_the_schema_is_the_newest_migration_and_matches_the_models(db_url: str) -> None:
    store = Store(db_url)
    head = ScriptDirectory.from_config(config()).get_current_head()
    assert current(store.engine) == head
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], f"the models and the migrations differ: {diff}"
    Store(db_url)  # migrating again changes nothing
    assert current(store.engine) == head
    store.dispose()


async def _play(db_url: str) -> dict[str, Any]:
    service = Service(Store(db_url), LocalBus())
    await service.start()
    table = service.create("shengji", {"preset": "tractor"}, {"bot_delay": 0},
                           {"2": "greedy", "3": "random"})
    ann = await service.sit(table, 0, "Ann")
    await service.sit(table, 1, "白")
    await service.set_trustee(table, 1, "asked")
    seat0 = Client(Recorder().send)
    await service.connect(table, seat0)
    await service.bind(table, seat0, 0)
    game = table.game
    assert game is not None
    # seat 0 plays its own turns, the bots and the trustee theirs, until the deal is well
    # under way (a void deal dealt again starts over: wait on, within a deadline)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while table.game is None or table.game.state_id <= 15 or table.game.is_over:
        assert loop.time() < deadline, "the deal did not get going"
        await asyncio.sleep(0.01)
        game = table.game
        if game is not None and 0 in game.to_act():
            action = game.legal_actions(0)[0]
            await service.act(table, 0, action.to_json(), game.state_id)
    game = table.game
    with pytest.raises(ProtocolError) as stale:
        await service.act(table, 0, ["0", "pass"], -1)
    assert stale.value.code == "stale"
    await service.stop()
    for task in list(service._tasks):
        task.cancel()
    snapshot = {
        "id": table.id, "token": ann, "state_id": game.state_id,
        "observations": [game.observation(s) for s in [0, 1, 2, 3, None]],
        "seats": [(s.name, s.kind, s.bot, s.trustee) for s in table.seats],
        "public": table.public(), "actions": [a.to_json() for a in game.actions],
    }
    service.store.dispose()
    return snapshot


async def _reload(db_url: str, snapshot: dict[str, Any]) -> None:
    service = Service(Store(db_url), LocalBus())
    table = service._load(snapshot["id"])  # as start() does, without resuming bots
    assert table is not None and table.game is not None
    game = table.game
    assert game.state_id == snapshot["state_id"]
    assert [a.to_json() for a in game.actions] == snapshot["actions"]
    assert [game.observation(s) for s in [0, 1, 2, 3, None]] == snapshot["observations"]
    assert [(s.name, s.kind, s.bot, s.trustee) for s in table.seats] == snapshot["seats"]
    assert service.seat_of(table, snapshot["token"]) == 0
    with pytest.raises(ProtocolError):
        service.seat_of(table, snapshot["token"] + "x")
    public = table.public()
    assert {k: v for k, v in public.items() if k != "seats"} == \
        {k: v for k, v in snapshot["public"].items() if k != "seats"}
    service.store.dispose()


def test_a_table_rebuilt_from_the_database_is_the_one_stored(db_url: str) -> None:
    snapshot = asyncio.run(_play(db_url))
    assert snapshot["state_id"] > 10
    asyncio.run(_reload(db_url, snapshot))


async def _bot_deals(db_url: str) -> tuple[list[dict[str, Any]], list[DealRow]]:
    store = Store(db_url)
    service = Service(store, LocalBus(), QUICK_BOTS)
    await service.start()
    table = service.create("baohuang", {}, {"bot_delay": 0, "deals": 2}, ["random"] * 5)
    # someone watches: a table nobody is connected to pauses after each deal
    await service.connect(table, Client(Recorder().send))
    for _ in range(3000):
        if table.status == "over":
            break
        await asyncio.sleep(0.005)
    assert table.status == "over", "two deals of bots did not finish"
    await service.stop()
    with store.session() as s:
        deals = s.query(DealRow).filter_by(table_id=table.id).order_by(DealRow.number).all()
    results = table.results()
    store.dispose()
    return [results], deals


def test_finished_deals_keep_their_records_and_results(db_url: str) -> None:
    [results], deals = asyncio.run(_bot_deals(db_url))
    assert [d.number for d in deals] == [0, 1] and all(d.status == "over" for d in deals)
    for d in deals:
        assert d.record is not None and "seed" not in d.record["deal"]
        status, answer = judge_text(json.dumps(d.record))
        assert status == LEGAL, answer
        assert d.returns is not None and abs(sum(d.returns)) < 1e-9
    assert results["status"] == "over"
    assert results["totals"] == [sum(col) for col in zip(*(d.returns for d in deals),
                                                          strict=True)]


async def _failed_commit(db_url: str) -> None:
    from sqlalchemy.exc import OperationalError

    from paizhuo.server.store import Tx

    service = Service(Store(db_url), LocalBus())
    await service.start()
    table = service.create("baohuang", {}, {"bot_delay": 0})
    for seat in range(5):
        await service.sit(table, seat, f"p{seat}")
    rec = Recorder()
    client = Client(rec.send)
    await service.connect(table, client)
    game = table.game
    assert game is not None
    before = game.state_id
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0].to_json()
    real = Tx.add_action

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    Tx.add_action = broken  # type: ignore[method-assign]
    try:
        with pytest.raises(ProtocolError) as failed:
            await service.act(table, seat, action, before)
    finally:
        Tx.add_action = real  # type: ignore[method-assign]
    assert failed.value.code == "internal"
    # the game moved on in memory before the commit failed: it is rebuilt from what was
    # stored, in the same object the connections hold, and the action can be made again
    assert service.tables[table.id] is table and table.game is not None
    assert table.game.state_id == before
    assert rec.messages[-1]["type"] == "state" and rec.messages[-1]["state_id"] == before
    await service.act(table, seat, action, before)
    assert table.game.state_id == before + 1
    await service.stop()
    service.store.dispose()


def test_a_commit_that_fails_loses_nothing(db_url: str) -> None:
    asyncio.run(_failed_commit(db_url))
