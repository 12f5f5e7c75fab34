"""Who may do what at a table (issue 32, items 1, 2 and 4): a connection speaks for a seat
only while the seat's person is the one it sat down or joined as; spectators change no seat;
chat is limited per table and per address; what a viewer learns of the turn timer comes
from its own view."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.server.app import create_app
from paizhuo.server.model import ALLOW_SEEDS_ENV
from paizhuo.server.protocol import Limits

from .helpers import QUICK_BOTS, Conn, connect, create_table


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", limits=QUICK_BOTS)) as c:
        yield c


def _unseated(conn: Conn) -> dict[str, Any]:
    return conn.until("unseated")


# -- 1. a seat stays with its holder -----------------------------------------------------------


@pytest.mark.parametrize("next_holder", ["person", "bot"])
def test_a_seat_given_up_is_no_longer_anyones_who_joined_it(client: TestClient,
                                                             next_holder: str) -> None:
    """A sits at seat 1 and B joins with A's token; A leaves. B is told, and from then on
    acts, sees and speaks as a spectator — whoever holds seat 1 next."""
    made = create_table(client, "shengji", preset="tractor",
                        settings={"bot_delay": 0, "deals": 1})
    with contextlib.ExitStack() as stack:
        a = stack.enter_context(connect(client, made["id"]))
        b = stack.enter_context(connect(client, made["id"]))
        token = a.sit(1)
        joined = b.request({"type": "join", "token": token})
        assert any(m["type"] == "seated" and m["seat"] == 1 for m in joined)
        left = a.request({"type": "leave", "ref": "bye"})
        assert any(m["type"] == "left" and m["seat"] == 1 for m in left)
        assert not any(m["type"] == "unseated" for m in left)  # the leaver is answered
        told = _unseated(b)
        assert told["seat"] == 1 and told["reason"] == "left", told
        b.settle()
        assert b.state is not None
        assert b.state["observation"] is None or b.state["observation"]["seat"] is None
        host = stack.enter_context(connect(client, made["id"]))
        host.request({"type": "host", "token": made["host_token"]})
        if next_holder == "person":
            c = stack.enter_context(connect(client, made["id"]))
            c.sit(1, "newcomer")
        else:
            host.request({"type": "bot", "seat": 1, "bot": "random"})
        for seat in (0, 2, 3):
            host.request({"type": "bot", "seat": seat, "bot": "random"})
        b.settle()
        assert b.table is not None and b.table["status"] == "playing"
        # nothing B is sent shows seat 1's hand, and it may not act, check, hint or leave
        for msg in b.log[b.log.index(told):]:
            if msg["type"] == "state" and msg["observation"] is not None:
                assert msg["observation"]["seat"] is None and msg["observation"]["hand"] is None
                assert msg["legal"] is None
        for kind in ({"type": "action", "state_id": 0, "action": "pass"},
                     {"type": "check", "state_id": 0, "action": "pass"},
                     {"type": "hint"}, {"type": "trustee", "on": True}, {"type": "leave"}):
            assert b.error(kind)["code"] == "spectator", kind
        said = b.request({"type": "chat", "text": "whose name is this?"})
        line = next(m for m in said if m["type"] == "chat")
        assert line["seat"] is None and line["name"] is None


def test_joining_after_the_seat_changed_hands_is_refused(client: TestClient) -> None:
    made = create_table(client, "gouji", settings={"bot_delay": 0})
    with connect(client, made["id"]) as a, connect(client, made["id"]) as b:
        old = a.sit(2)
        a.request({"type": "leave"})
        b.sit(2, "next")
        assert a.error({"type": "join", "token": old})["code"] == "bad_token"


def test_an_action_checks_the_binding_inside_the_change(tmp_path: Any) -> None:
    """The service refuses an action whose connection's person no longer holds the seat,
    even when the connection's seat number was not cleared yet (another process changed the
    seat: the check runs after catching up, under the table's lock)."""
    import asyncio

    from paizhuo.server.bus import LocalBus
    from paizhuo.server.hub import Service
    from paizhuo.server.model import Client
    from paizhuo.server.protocol import ProtocolError
    from paizhuo.server.store import Store

    from .helpers import Recorder

    async def run() -> None:
        service = Service(Store(f"sqlite:///{tmp_path / 'b.db'}"), LocalBus(), QUICK_BOTS)
        await service.start()
        table = service.create("shengji", {"preset": "tractor"}, {"bot_delay": 0},
                               {"1": "random", "2": "random", "3": "random"})
        await service.sit(table, 0, "first")
        stale = Client(Recorder().send)
        await service.connect(table, stale)
        await service.bind(table, stale, 0)
        holder = stale.holder
        assert holder is not None
        # the seat's person changes behind the connection's back
        table.seats[0] = table.seats[0].__class__("someone else", "0" * 64)
        with pytest.raises(ProtocolError) as refused:
            await service.act(table, 0, "pass", 0, holder=holder)
        assert refused.value.code == "unseated"
        await service.stop()

    asyncio.run(run())


# -- 4. griefing -------------------------------------------------------------------------------


def test_a_spectator_may_not_fill_a_strangers_table_but_its_host_may(
        client: TestClient) -> None:
    made = create_table(client, "shengji", preset="tractor", settings={"bot_delay": 0})
    with connect(client, made["id"]) as stranger:
        for seat in range(4):
            err = stranger.error({"type": "bot", "seat": seat, "bot": "random"})
            assert err["code"] == "forbidden"
        stranger.settle()
        assert stranger.table is not None and stranger.table["status"] == "waiting"
        assert all(s["kind"] == "empty" for s in stranger.table["seats"])
        stranger.request({"type": "host", "token": made["host_token"]})
        stranger.request({"type": "bot", "seat": 3, "bot": "random"})
        assert stranger.table["seats"][3]["kind"] == "bot"


def _flood(client: TestClient, table: str, connections: int, lines: int) -> tuple[int, float]:
    """``connections`` spectators each send ``lines`` chat lines at once; returns how many
    lines one more spectator (the player reading) was sent, and the seconds it took."""
    with contextlib.ExitStack() as stack:
        reader = stack.enter_context(connect(client, table))
        senders = [stack.enter_context(connect(client, table)) for _ in range(connections)]
        began = time.monotonic()
        for sender in senders:
            sender.paced = False
            for i in range(lines):
                sender.send({"type": "chat", "text": f"spam {i}"})
        for sender in senders:
            sender.settle()
        took = time.monotonic() - began
        got = [m for m in reader.settle() if m["type"] == "chat"]
    return len(got), took


def test_chat_is_limited_per_table(tmp_path: Any) -> None:
    """20 connections (as if from 20 addresses) send 40 lines each in a burst: the table
    passes its burst and its rate, not 800 lines."""
    limits = QUICK_BOTS.but(chat_address_burst=10**6, chat_address_per_second=10**6)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}", limits=limits)) as c:
        made = create_table(c, "gouji")
        got, took = _flood(c, made["id"], 20, 40)
    most = limits.chat_table_burst + limits.chat_table_per_second * took + 1
    assert 0 < got <= most, (got, took)


def test_chat_is_limited_per_address(tmp_path: Any) -> None:
    limits = Limits().but(chat_table_burst=10**6, chat_table_per_second=10**6)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.db'}", limits=limits)) as c:
        first = create_table(c, "gouji")
        got, took = _flood(c, first["id"], 5, 20)
    most = limits.chat_address_burst + limits.chat_address_per_second * took + 1
    assert 0 < got <= most, (got, took)


def test_creating_tables_and_sitting_are_limited_per_address(tmp_path: Any) -> None:
    limits = Limits()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'e.db'}", limits=limits)) as c:
        answers = [c.post("/api/tables", json={"game": "gouji"})
                   for _ in range(limits.create_burst + 2)]
        assert [r.status_code for r in answers[:limits.create_burst]] == \
            [201] * limits.create_burst
        refused = answers[-1]
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        table = answers[0].json()["id"]
        with connect(c, table) as conn:
            taken = 0
            for _ in range(limits.sit_burst + 20):  # the bucket refills a little meanwhile
                answer = conn.request({"type": "sit", "seat": 0, "name": "again"})
                if any(m["type"] == "error" for m in answer):
                    err = next(m for m in answer if m["type"] == "error")
                    break
                taken += 1
                conn.request({"type": "leave"})
            else:
                raise AssertionError("sitting down was never limited")
        assert err["code"] == "rate_limited", err
        assert limits.sit_burst <= taken < limits.sit_burst + 20


# -- 2. what a viewer learns of the turn timer ---------------------------------------------------


def test_the_timer_tells_nobody_who_is_asked_while_cards_are_dealt(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shengji's bids while cards are dealt ask only a seat that a card gave a stronger bid;
    the others must not learn it from the deadline, nor from a 托管 flag when the asked seat
    lets its timer run out (a bot answers that one decision, unseen)."""
    monkeypatch.setenv(ALLOW_SEEDS_ENV, "1")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'f.db'}", limits=QUICK_BOTS)) as c:
        made = create_table(c, "shengji", preset="tractor",
                            settings={"bot_delay": 0, "timer": 1, "seed": 5})
        with contextlib.ExitStack() as stack:
            conns = [stack.enter_context(connect(c, made["id"])) for _ in range(4)]
            for seat, conn in enumerate(conns):
                conn.sit(seat)
            watcher = stack.enter_context(connect(c, made["id"]))
            # nobody acts: every ask times out; wait until the deal leaves the dealing stage
            deadline = time.monotonic() + 60
            hidden_asks = 0
            while True:
                assert time.monotonic() < deadline, "the dealing stage never ended"
                msg = watcher.recv()
                if msg["type"] == "state" and msg["observation"] is not None:
                    details = msg["observation"]["details"]
                    if details.get("stage") != "deal" or msg["observation"]["phase"] != "bid":
                        break
            # what the watcher was sent while cards were dealt (later, a public ask's timeout
            # marks its seat 托管 for all to see, as it should)
            dealing = len(watcher.log)
            for conn in [*conns, watcher]:
                conn.settle()
            for conn in [*conns, watcher]:
                for i, msg in enumerate(conn.log):
                    if msg["type"] == "state" and msg["observation"] is not None:
                        obs = msg["observation"]
                        dl = msg["deadline"]
                        if dl is not None:
                            assert set(dl["seats"]) <= set(obs["to_act"]), (conn.seat, msg)
                        if obs["phase"] == "bid" and obs["details"].get("stage") == "deal" \
                                and obs["your_turn"]:
                            hidden_asks += 1
                    if msg["type"] == "table" and conn is watcher and i < dealing:
                        assert all(s["trustee"] != "timeout" for s in msg["table"]["seats"]), \
                            "a timeout while cards were dealt marked a seat for all to see"
    assert hidden_asks > 0, "no seat was asked while cards were dealt: choose another seed"
