"""What a table carries from deal to deal, and what only some seats are told: Shengji's levels
and dealer go on into the next deal; Gouji's advice 挑牌 reaches only the two teammates GJ-7
lets it (never the other seats or a spectator). In-process, on the service."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from paizhuo.games.gouji.advice import may_see_hand
from paizhuo.notation import format_cards
from paizhuo.server.bus import LocalBus
from paizhuo.server.db import DealRow
from paizhuo.server.hub import Service
from paizhuo.server.model import Client
from paizhuo.server.store import Store

from .helpers import QUICK_BOTS, Recorder


async def _seated(service: Service, game: str, options: dict[str, Any],
                  seats: int) -> tuple[Any, list[Recorder]]:
    table = service.create(game, options, {"bot_delay": 0})
    recorders = []
    for seat in range(seats):
        await service.sit(table, seat, f"p{seat}")
    for seat in [*range(seats), None]:
        rec = Recorder()
        client = Client(rec.send)
        await service.connect(table, client)
        if seat is not None:
            await service.bind(table, client, seat)
        recorders.append(rec)
    return table, recorders


async def _advice(db: str) -> None:
    service = Service(Store(db), LocalBus())
    await service.start()
    table, recorders = await _seated(service, "gouji", {}, 6)
    rng = random.Random(3)
    for _ in range(5000):
        game = table.game
        st = game.state
        pair = next(((a, b) for a in range(6) for b in range(6) if a != b and a % 2 == b % 2
                     and st.phase == "play" and may_see_hand(st, a, b)), None)
        if pair is not None:
            break
        action = game.sample_action(rng)
        await service.act(table, action.seat, action.to_json(), game.state_id)
    else:
        raise AssertionError("no teammate ever saw another's hand")
    adviser, advised = pair
    for rec in recorders:
        rec.messages.clear()
    hand = sorted(game.state.hands[advised])
    cards = format_cards(hand[:1])
    await service.act(table, adviser, [adviser, "advise", cards, {"to": advised}],
                      game.state_id)
    told = []
    for who, rec in zip([*range(6), None], recorders, strict=True):
        events = [e for m in rec.messages if m["type"] == "events" for e in m["events"]]
        if any(json.dumps(e).find("advi") >= 0 for e in events):
            told.append(who)
    assert told == sorted([adviser, advised]), f"advice reached {told}"
    await service.stop()
    service.store.dispose()


def test_gouji_advice_reaches_only_the_two_teammates(tmp_path: Path) -> None:
    asyncio.run(_advice(f"sqlite:///{tmp_path / 'a.db'}"))


async def _levels(db: str) -> None:
    store = Store(db)
    service = Service(store, LocalBus(), QUICK_BOTS)
    await service.start()
    table = service.create("shengji", {"preset": "tractor"}, {"bot_delay": 0, "deals": 3},
                           ["random"] * 4)
    # someone watches: a table nobody is connected to pauses after each deal
    await service.connect(table, Client(Recorder().send))
    for _ in range(4000):
        if table.status == "over":
            break
        await asyncio.sleep(0.005)
    assert table.status == "over"
    await service.stop()
    with store.session() as s:
        deals = s.query(DealRow).filter_by(table_id=table.id).order_by(DealRow.number).all()
        starts = [(d.number, d.start) for d in deals]
        records = [d.record for d in deals]
    store.dispose()
    assert [n for n, _ in starts] == [0, 1, 2]
    assert starts[0][1] is None  # the first deal of a match: everyone at the start level
    for (number, start), record in zip(starts[1:], records[1:], strict=True):
        assert start is not None and "levels" in start, f"deal {number} began from scratch"
        assert record is not None and record.get("start") == start
    # each next deal starts where the last one's result said
    from paizhuo.engine.judge import replay
    from paizhuo.engine.records import Record

    for previous, (number, start) in zip(records, starts[1:], strict=False):
        game, _ = replay(Record.from_json(previous))
        assert game.next_start() == start, f"deal {number} did not carry the levels on"


def test_shengji_levels_and_dealer_carry_into_the_next_deal(tmp_path: Path) -> None:
    asyncio.run(_levels(f"sqlite:///{tmp_path / 'l.db'}"))
