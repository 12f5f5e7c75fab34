"""Tables in play: the games, seats, bots, timers and connections of one server process.

Every change goes the same way (:meth:`Service._change`): take the table's lock in the
database, catch up with anything another process stored since (:meth:`Service._sync`),
check and apply the change to the game, store it, commit — and only then tell the clients
(:meth:`Service.publish`) and, through the :class:`~paizhuo.server.bus.Bus`, the other
processes. A refused change leaves the game, the database and every client as they were.

What a client is sent comes only from the engine's views of its seat (``observation``,
``events_since``, its own legal actions), so no message can hold a card its seat may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from paizhuo.bots.base import WorldsBot, bot_action, deciding
from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import IllegalActionError, MalformedError, PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.engine.records import Deal, Record, parse_action
from paizhuo.engine.registry import game_class, game_names
from paizhuo.server import views
from paizhuo.server.bus import Bus, LocalBus
from paizhuo.server.db import ActionRow, DealRow, LockedRow, SeatRow, Store, TableRow, Tx
from paizhuo.server.model import (  # the service's vocabulary, re-exported
    CODE_ALPHABET,
    DEFAULT_SETTINGS,
    LEGAL_LIMIT,
    Client,
    Seat,
    Table,
    check_settings,
    hash_token,
)
from paizhuo.server.protocol import MAX_NAME, Limits, ProtocolError, clean_text

log = logging.getLogger("paizhuo.server")

TAKEOVER_DELAY = 3.0
"""Seconds past ``bot_delay`` after which a process that caught up with another's change
plays the bot or trustee turn itself: the process that made the change drives its bots, and
one that has died (``kill -9``) would otherwise stall the table (a duplicate is refused as
stale, so taking over a turn that is played anyway is harmless)."""
KEEPALIVE = 10.0
"""Seconds between two :meth:`~paizhuo.server.db.Store.touch` of the tables this process has
clients at and of the seats whose people are connected to it, so that another process does
not close those tables as idle nor hand those seats to a bot (several processes)."""
PRESENT = 2.5 * KEEPALIVE
"""A seat whose person another process saw connected this many seconds ago is not away."""

def _new_game(game_name: str, options: dict[str, Any], seed: int,
              start: dict[str, Any] | None) -> Game:
    return game_class(game_name).from_record(Record(game_name, dict(options), Deal(seed=seed),
                                                    start))


def _public_result(game: Game) -> dict[str, Any] | None:
    """The result as a spectator may see it (what the history and results show)."""
    result: dict[str, Any] | None = game.observation(None)["result"]
    return result


def _record_viewers(table: Table, game: Game) -> list[str] | None:
    """Who may read the finished deal's record (``DealRow.viewers``): ``None`` anyone, else
    the token hashes of the seats the game names (``record_viewers``) that a person holds.
    A seat a bot holds has no token: a record only a bot's seat saw is read by nobody."""
    seats = game.record_viewers()
    if seats is None:
        return None
    return [seat.token_hash for seat in (table.seats[i] for i in sorted(seats))
            if seat.kind == "person" and seat.token_hash is not None]


class Service:
    """Every table of this process, and the one path by which they change."""

    def __init__(self, store: Store, bus: Bus | None = None,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.bus = bus or LocalBus()
        self.limits = limits or Limits.from_env()
        self.tables: dict[str, Table] = {}
        self.rng = random.Random(secrets.randbits(64))
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False

    # -- start and stop ----------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every table that is not over from the database, and resume its bots and
        timers; listen for other processes' changes."""
        with self.store.session() as s:
            ids = s.execute(select(TableRow.id).where(TableRow.status != "over")).scalars().all()
        for table_id in ids:
            table = self._load(table_id)
            if table is not None:
                self._after_change(table)
                # nobody is connected yet: a person who does not come back within the grace
                # is played for, exactly as after a disconnect, and a table nobody comes
                # back to is closed after its idle time
                self._arm_graces(table)
                self._arm_idle(table)
        await self.bus.start(self._on_bus)
        if not self.store.is_sqlite:
            self._spawn(self._watch())
        self._spawn(self._keepalive())

    async def stop(self) -> None:
        self.closing = True
        for table in self.tables.values():
            for handle in table.timers.values():
                handle.cancel()
            table.timers.clear()
        for task in list(self._tasks):
            task.cancel()
        await self.bus.stop()

    # -- loading -----------------------------------------------------------------------------

    def find(self, key: str) -> Table:
        """A table by id or by code (case-insensitive), loaded from the database if another
        process made it or it is over."""
        key = key.strip()
        for t in self.tables.values():
            if t.id == key or t.code == key.upper():
                return t
        with self.store.session() as s:
            row = s.execute(select(TableRow).where(
                (TableRow.id == key) | (TableRow.code == key.upper()))).scalar_one_or_none()
            found = None if row is None else row.id
        if found is not None:
            table = self._load(found)
            if table is not None:
                if table.status == "over":
                    # nothing changes at a table that is over: it is not kept in memory
                    self.tables.pop(table.id, None)
                return table
        raise ProtocolError("not_found", f"no table {key!r}")

    def _load(self, table_id: str) -> Table | None:
        with self.store.snapshot() as s:  # the row and its actions as of one moment
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            table = Table(row.id, row.code, row.game, dict(row.options), dict(row.settings),
                          0, row.status, row.deal_number, row.version, 0, row.deadline,
                          host_hash=row.host_hash, ended=row.ended)
            self._read_seats(s, table)
            table.num_seats = len(table.seats)
            deals = s.execute(select(DealRow).where(DealRow.table_id == table_id)
                              .order_by(DealRow.number)).scalars().all()
            for d in deals:
                if d.status == "over":
                    table.history.append(self._summary(d))
            current = next((d for d in deals if d.status == "playing"), None)
            if current is not None:
                table.deal_id = current.id
                table.game = self._replay(s, current, 0, None)
        self.tables[table.id] = table
        return table

    @staticmethod
    def _summary(d: DealRow) -> dict[str, Any]:
        rec = d.record or {}
        return {"deal": d.number, "id": d.id, "result": (d.result or {}).get("public"),
                "returns": d.returns, "match_winners": (d.result or {}).get("match_winners"),
                "actions": len(rec.get("actions", ()))}

    @staticmethod
    def _read_seats(s: Session | Tx, table: Table) -> None:
        rows = s.execute(select(SeatRow).where(SeatRow.table_id == table.id)
                         .order_by(SeatRow.seat)).scalars().all()
        table.seats = [Seat(r.name, r.token_hash, r.bot, r.trustee) for r in rows]

    def _replay(self, s: Session | Tx, d: DealRow, since: int, game: Game | None) -> Game:
        if game is None:
            table_game = s.get(TableRow, d.table_id)
            assert table_game is not None
            game = _new_game(table_game.game, dict(table_game.options), d.seed, d.start)
        rows = s.execute(select(ActionRow).where(ActionRow.deal_id == d.id,
                                                 ActionRow.idx >= since)
                         .order_by(ActionRow.idx)).scalars().all()
        for r in rows:
            game.apply(parse_action(r.action))
        return game

    def _sync(self, s: Session | Tx, row: TableRow | LockedRow, table: Table) -> bool:
        """Catch the in-memory table up with the database (another process changed it).
        Returns whether anything changed."""
        if row.version == table.version:
            return False
        table.status, table.deadline, table.ended = row.status, row.deadline, row.ended
        table.settings = dict(row.settings)
        self._read_seats(s, table)
        if row.deal_number != table.deal_number or table.game is None:
            finished = table.game
            old_number = table.deal_number
            deals = s.execute(select(DealRow).where(DealRow.table_id == table.id)
                              .order_by(DealRow.number)).scalars().all()
            table.history = [self._summary(d) for d in deals if d.status == "over"]
            if finished is not None and table.deal_id is not None:
                old = s.get(DealRow, table.deal_id)
                if old is not None:
                    self._replay(s, old, finished.state_id, finished)
                    table.last = (old_number, finished)
            current = next((d for d in deals if d.status == "playing"), None)
            table.deal_number = row.deal_number
            table.deal_id = None if current is None else current.id
            table.game = None if current is None else self._replay(s, current, 0, None)
        else:
            d = s.get(DealRow, table.deal_id)
            assert d is not None
            self._replay(s, d, table.game.state_id, table.game)
        table.version = row.version
        table.meta += 1
        return True

    # -- creating a table --------------------------------------------------------------------

    def create(self, game_name: Any, options: Any = None, settings: Any = None,
               bots: Any = None, host_hash: str | None = None) -> Table:
        """A new table (validated by the engine: an invalid option gets its message);
        ``host_hash``: the hash of the host's token (it may seat bots and close the table).
        A table with a bot in every seat plays by itself: it needs a deal cap and a bot
        delay within :attr:`limits`."""
        if not isinstance(game_name, str) or game_name not in game_names():
            raise ProtocolError("bad_game", f"unknown game {game_name!r}; the games are "
                                + ", ".join(sorted(game_names())))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ProtocolError("bad_options", "options is an object")
        try:
            trial = game_class(game_name).new(dict(options), seed=0)
        except MalformedError as exc:
            raise ProtocolError("bad_options", str(exc), field=exc.field) from None
        n = trial.num_seats
        table_settings = check_settings(settings)
        bot_seats = self._check_bots(game_name, n, bots)
        if len(bot_seats) == n:
            self._check_demo(table_settings)
        now = time.time()
        with self.store.session() as s:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
                if s.execute(select(TableRow.id).where(TableRow.code == code)).first() is None:
                    break
            row = TableRow(id=secrets.token_hex(8), code=code, game=game_name,
                           options=dict(options), settings=table_settings, status="waiting",
                           deal_number=0, version=1, deadline=None, created_at=now,
                           updated_at=now, host_hash=host_hash)
            s.add(row)
            s.flush()
            for i in range(n):
                bot = bot_seats.get(i)
                s.add(SeatRow(table_id=row.id, seat=i, name=None if bot is None else
                              f"{bot} bot", bot=bot))
            table_id = row.id
        table = self._load(table_id)
        assert table is not None
        self._arm_idle(table)
        if all(seat.kind != "empty" for seat in table.seats):
            self._spawn(self._begin_if_full(table))
        return table

    def _check_demo(self, settings: dict[str, Any]) -> None:
        """A table of bots only plays on without anyone: bound its deals and its pace."""
        most, least = self.limits.demo_max_deals, self.limits.demo_min_bot_delay
        deals = settings.get("deals")
        if deals is None or deals > most:
            raise ProtocolError("bad_settings", f"a table with a bot in every seat needs "
                                f"settings.deals, at most {most}")
        if float(settings.get("bot_delay") or 0) < least:
            raise ProtocolError("bad_settings", f"a table with a bot in every seat needs "
                                f"settings.bot_delay of at least {least:g} seconds")

    @staticmethod
    def _check_bots(game_name: str, n: int, bots: Any) -> dict[int, str]:
        if bots is None:
            return {}
        if isinstance(bots, list):
            bots = {str(i): b for i, b in enumerate(bots) if b is not None}
        if not isinstance(bots, dict):
            raise ProtocolError("bad_bots", "bots maps seats to bot names")
        out: dict[int, str] = {}
        names = bot_names(game_name)
        for key, name in bots.items():
            # the seat's number exactly: int() alone also takes " 1 ", "+1", "01" and "١"
            if not (isinstance(key, str) and key.isascii() and key.isdigit()
                    and key == str(int(key))):
                raise ProtocolError("bad_bots", f"bots: {key!r} is not a seat (a seat is its "
                                    "number: \"0\", \"1\" …)")
            seat = int(key)
            if not 0 <= seat < n:
                raise ProtocolError("bad_bots", f"bots: seat {seat} does not exist (seats 0–"
                                    f"{n - 1})")
            if name not in names:
                raise ProtocolError("bad_bots", f"bots: unknown bot {name!r}; the bots are "
                                    + ", ".join(names))
            out[seat] = name
        return out

    # -- the one path of every change ------------------------------------------------------

    async def _change(self, table: Table, fn: Callable[[Tx, LockedRow], Any]) -> Any:
        """Run ``fn`` under the table's database lock (after catching up), commit, then tell
        everyone. ``fn`` raises to refuse: nothing is stored, and only what catching up
        brought (another process's changes) is sent."""
        synced = False
        try:
            with self.store.locked(table.id) as (s, row):
                synced = self._sync(s, row, table)
                out = fn(s, row)
                self._plan_deadline(row, table)
                self.bus.prepare(s, table.id)
        except ProtocolError:
            # refused before anything changed (the engine leaves its state as it was). The
            # catching up stands, and this process's clients must hear of it now: the other
            # process's notification, when it comes, finds the table already at that version
            # and sends nothing (a stale action just after another process ended a deal
            # would otherwise keep that deal's end from this process's clients for good).
            if synced:
                await self._caught_up(table)
            raise
        except Exception:
            # the database refused the commit after the game moved on: the stored table is
            # the truth, rebuild it from there
            log.exception("table %s: a change failed to commit; reloading it", table.id)
            for handle in table.timers.values():
                handle.cancel()
            table.timers.clear()
            reloaded = self._load(table.id)
            if reloaded is not None:
                # into the same object: every connection of the table holds it
                for name in ("status", "deal_number", "version", "deadline", "seats",
                             "deal_id", "game", "history", "settings"):
                    setattr(table, name, getattr(reloaded, name))
                table.last = None
                table.meta += 1
                self.tables[table.id] = table
                for client in table.clients:
                    client.deal = -1  # a fresh state, no events from the lost change
                await self.publish(table)
                self._after_change(table)
            raise ProtocolError("internal", "the server could not store this change; "
                                "nothing was lost, try again") from None
        table.version += 1
        await self.publish(table)
        self._after_change(table)
        return out

    # -- seats -----------------------------------------------------------------------------

    async def sit(self, table: Table, seat: int, name: str) -> str:
        """Take an empty seat: returns the seat's secret token."""
        name = clean_text(name, MAX_NAME, "the name")
        token = secrets.token_urlsafe(24)

        def fn(s: Tx, row: LockedRow) -> None:
            self._check_empty(table, seat)
            self._store_seat(s, table, seat, Seat(name, hash_token(token)))

        await self._change(table, fn)
        await self._begin_if_full(table)
        return token

    def seat_of(self, table: Table, token: str) -> int:
        """The seat a token is for (compared in constant time)."""
        digest = hash_token(token)
        found = self._seat_with(table, digest)
        if found is None:
            # another process may have seated it since: read the seats again
            with self.store.session() as s:
                self._read_seats(s, table)
            found = self._seat_with(table, digest)
        if found is None:
            raise ProtocolError("bad_token", "this token is not for a seat of this table")
        return found

    async def seat_bot(self, table: Table, seat: int, bot: str) -> None:
        """Put a bot in an empty seat (before the game starts, or in a seat left empty)."""
        if bot not in bot_names(table.game_name):
            raise ProtocolError("bad_bots", f"unknown bot {bot!r}; the bots are "
                                + ", ".join(bot_names(table.game_name)))

        def fn(s: Tx, row: LockedRow) -> None:
            self._check_empty(table, seat)
            if all(x.kind == "bot" for i, x in enumerate(table.seats) if i != seat):
                self._check_demo(table.settings)  # the last seat: bots only from now on
            self._store_seat(s, table, seat, Seat(f"{bot} bot", None, bot))

        await self._change(table, fn)
        await self._begin_if_full(table)

    async def leave(self, table: Table, seat: int, client: Client | None = None) -> None:
        """Give up a seat before the table starts (afterwards: hand it to a bot). With
        ``client``: only while it speaks for the seat; it is unbound quietly (its reply says
        ``left``), every other client bound to the seat is unbound and told."""
        holder = None if client is None else client.holder

        def fn(s: Tx, row: LockedRow) -> None:
            self._check_holder(table, seat, holder, client is not None)
            if table.status != "waiting":
                raise ProtocolError("started", "the table has started: hand the seat to a "
                                    "bot (trustee) instead of leaving")
            self._store_seat(s, table, seat, Seat())
            if client is not None:
                client.seat = client.holder = None

        await self._change(table, fn)

    async def set_trustee(self, table: Table, seat: int, reason: str | None,
                          holder: str | None = None) -> None:
        """托管: a bot plays for a person (``reason``), or the person takes the seat back.
        With ``holder``: only while that person holds the seat."""
        def fn(s: Tx, row: LockedRow) -> bool:
            self._check_holder(table, seat, holder, holder is not None)
            if table.seats[seat].kind != "person" or table.seats[seat].trustee == reason:
                return False
            self._store_seat(s, table, seat, replace(table.seats[seat], trustee=reason))
            return True

        await self._change(table, fn)

    @staticmethod
    def _check_holder(table: Table, seat: int, holder: str | None, required: bool) -> None:
        """Within a change: refuse a connection whose seat changed hands since it was bound
        (checked after catching up with other processes)."""
        if required and (holder is None or table.seats[seat].token_hash != holder):
            raise ProtocolError("unseated", f"this connection no longer speaks for seat "
                                f"{seat}: the seat changed hands")

    def is_host(self, table: Table, token: str) -> bool:
        """Whether ``token`` is the table's host token (compared in constant time)."""
        return table.host_hash is not None and hmac.compare_digest(table.host_hash,
                                                                   hash_token(token))

    def _end(self, s: Tx, row: LockedRow, table: Table, why: str) -> None:
        """Within a change: the table is over now (the deal in play is abandoned)."""
        if table.deal_id is not None:
            d = s.get(DealRow, table.deal_id)
            if d is not None and d.status == "playing":
                d.status = "abandoned"
                d.finished_at = time.time()
        row.status = table.status = "over"
        row.ended = table.ended = why
        row.deadline = table.deadline = None
        table.game = None
        table.deal_id = None
        table.meta += 1

    async def close(self, table: Table, why: str = "closed") -> bool:
        """End the table now (its host closed it, or nobody came back): the deal being
        played is abandoned (its actions stay stored), finished deals keep their records.
        Returns whether this closed it (``False``: it was over already)."""
        def fn(s: Tx, row: LockedRow) -> bool:
            if table.status == "over":
                return False
            self._end(s, row, table, why)
            return True

        done: bool = await self._change(table, fn)
        return done

    @staticmethod
    def _check_seat_number(table: Table, seat: int) -> None:
        if not 0 <= seat < table.num_seats:
            raise ProtocolError("bad_seat", f"seat {seat} does not exist (seats 0–"
                                f"{table.num_seats - 1})")

    @classmethod
    def _check_empty(cls, table: Table, seat: int) -> None:
        cls._check_seat_number(table, seat)
        if table.seats[seat].kind != "empty":
            raise ProtocolError("seat_taken", f"seat {seat} is taken")

    @staticmethod
    def _seat_with(table: Table, digest: str) -> int | None:
        found = None
        for i, seat in enumerate(table.seats):  # every seat compared: constant time
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = i
        return found

    @staticmethod
    def _store_seat(s: Tx, table: Table, seat: int, new: Seat) -> None:
        """Within a change: the seat becomes ``new``, in the database and in memory."""
        r = s.get(SeatRow, (table.id, seat))
        assert r is not None
        r.name, r.token_hash, r.bot, r.trustee = new.name, new.token_hash, new.bot, new.trustee
        table.seats[seat] = new
        table.meta += 1

    # -- deals -----------------------------------------------------------------------------

    async def _begin_if_full(self, table: Table) -> None:
        if table.status != "waiting" or any(s.kind == "empty" for s in table.seats):
            return

        def fn(s: Tx, row: LockedRow) -> None:
            if table.status != "waiting" or any(x.kind == "empty" for x in table.seats):
                return
            row.status = table.status = "playing"
            self._open_deal(s, row, table, None)
            table.meta += 1

        await self._change(table, fn)

    def _open_deal(self, s: Tx, row: LockedRow, table: Table,
                   start: dict[str, Any] | None) -> None:
        number = row.deal_number if table.game is None and not table.history else \
            row.deal_number + 1
        fixed = table.settings.get("seed")
        seed = secrets.randbits(62) if fixed is None else derive_seed(fixed, number)
        deal = DealRow(id=f"{table.id}-{number}", table_id=table.id, number=number, seed=seed,
                       start=start, status="playing", created_at=time.time())
        s.add(deal)
        row.deal_number = table.deal_number = number
        table.deal_id = deal.id
        table.game = _new_game(table.game_name, table.options, seed, start)

    def _close_deal(self, s: Tx, row: LockedRow, table: Table) -> None:
        """The deal is over: store its result and record; the next deal or the end."""
        game = table.game
        assert game is not None and table.deal_id is not None
        d = s.get(DealRow, table.deal_id)
        assert d is not None
        winners = game.match_winners()
        public = _public_result(game)
        d.status = "over"
        d.result = {"public": public, "match_winners": winners}
        d.returns = game.returns()
        d.record = game.record_for(None).to_json()
        d.viewers = _record_viewers(table, game)
        d.finished_at = time.time()
        table.history.append(self._summary(d))
        table.last = (table.deal_number, game)
        cap = table.settings.get("deals")
        if winners is not None or (cap is not None and len(table.history) >= cap):
            row.status = table.status = "over"
            row.ended = table.ended = "match" if winners is not None else "deals"
            table.game = None
            table.deal_id = None
        else:
            self._open_deal(s, row, table, game.next_start())
            if not table.clients:
                # nobody is here: the bots do not play on alone. The next deal is dealt and
                # waits; whoever connects resumes it (another process with clients at the
                # table does so when it catches up with this change)
                row.status = table.status = "paused"
        table.meta += 1

    # -- actions ---------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, action: Any, state_id: int,
                  by_bot: bool = False, holder: str | None = None,
                  for_person: bool = False) -> None:
        """Apply ``seat``'s action made against ``state_id``: refused if stale, malformed or
        illegal (``ProtocolError`` with the engine's rule and message); with ``holder`` (a
        connection's binding) also if the seat changed hands. A bot (``by_bot``) acts for a
        person's seat only while it is 托管, or once where the person's timer ran out on a
        decision nobody else saw asked (``for_person``)."""
        def fn(s: Tx, row: LockedRow) -> None:
            self._check_holder(table, seat, holder, holder is not None)
            held = table.seats[seat]
            if by_bot and not for_person and held.kind == "person" and held.trustee is None:
                # the person took the seat back (perhaps through another process) while the
                # bot thought
                raise ProtocolError("stale", "the seat's person plays it again")
            game = table.game
            if game is None:
                raise ProtocolError("not_playing", "no deal is being played at this table")
            deal_ref = table.deal_number
            if state_id != game.state_id:
                raise ProtocolError("stale", f"the action was made against state {state_id}, "
                                    f"the deal is at state {game.state_id}",
                                    state_id=game.state_id, deal=deal_ref)
            act = self._parse_action(game, seat, action)
            if act.seat != seat:
                raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not "
                                    f"seat {act.seat}")
            try:
                game.apply(act)
            except IllegalActionError as exc:
                raise ProtocolError("illegal", exc.message, rule=exc.rule) from None
            except MalformedError as exc:
                # the engine names the action's part ("[1]" the verb): within the message
                # that is the field "action[1]", as the parser names it
                where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
                raise ProtocolError("malformed", exc.message, field=where) from None
            stored = game.actions[-1]
            assert table.deal_id is not None
            s.add_action(table.deal_id, game.state_id - 1, stored.to_json(), by_bot)
            seat_row = table.seats[seat]
            if not by_bot and seat_row.trustee in ("timeout", "disconnect"):
                self._store_seat(s, table, seat, replace(seat_row, trustee=None))
            if game.is_over:
                self._close_deal(s, row, table)

        await self._change(table, fn)

    def check(self, table: Table, seat: int, action: Any, state_id: int) -> dict[str, Any]:
        """Would ``seat``'s action be accepted now? Tried on a copy (nothing changes, nothing
        is stored or sent): ``{"ok": true}`` or the refusal's ``code`` / ``rule`` /
        ``message`` — what a player interface shows before the play button is pressed."""
        game = table.game
        if game is None:
            raise ProtocolError("not_playing", "no deal is being played at this table")
        if state_id != game.state_id:
            raise ProtocolError("stale", f"the check was made against state {state_id}, the "
                                f"deal is at state {game.state_id}", state_id=game.state_id,
                                deal=table.deal_number)
        act = self._parse_action(game, seat, action)
        if act.seat != seat:
            raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not seat "
                                f"{act.seat}")
        try:
            game.clone().apply(act)
        except IllegalActionError as exc:
            return {"ok": False, "code": "illegal", "rule": exc.rule, "message": exc.message}
        except MalformedError as exc:
            where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
            return {"ok": False, "code": "malformed", "field": where, "message": exc.message}
        return {"ok": True}

    def hint(self, table: Table, seat: int) -> dict[str, Any] | None:
        """What a bot (the game's ``greedy``) would play for ``seat`` now, from the seat's own
        view only; ``None`` when the seat has nothing to decide."""
        game = table.game
        if game is None or seat not in game.to_act():
            return None
        bot = make_bot("greedy", table.game_name)
        action = bot_action(game, game.to_act(), seat, bot, random.Random(game.state_id))
        return {"action": action.to_json(), "bot": bot.name}

    @staticmethod
    def _parse_action(game: Game, seat: int, action: Any) -> Action:
        try:
            if isinstance(action, str):
                from paizhuo import parse_action as parse_text

                return parse_text(game, seat, action)
            return parse_action(action)
        except MalformedError as exc:
            raise ProtocolError("malformed", str(exc), field=exc.field) from None
        except PaizhuoError as exc:
            raise ProtocolError("malformed", str(exc)) from None

    # -- what clients are sent ---------------------------------------------------------------

    def state_message(self, table: Table, seat: int | None) -> dict[str, Any]:
        return views.state_message(table, seat)

    async def catch_up(self, table: Table, client: Client) -> None:
        """Send ``client`` what it has not seen (:func:`~paizhuo.server.views.pending`)."""
        for msg in views.pending(table, client):
            await client.send(msg)

    async def publish(self, table: Table) -> None:
        await self._unbind_stale(table)
        for client in list(table.clients):
            try:
                await self.catch_up(table, client)
            except Exception:  # a client gone mid-send is dropped by its own handler
                log.debug("send failed", exc_info=True)

    async def _unbind_stale(self, table: Table) -> None:
        """Every client still bound to a seat that changed hands (given up, a bot, another
        person: by a change here or one caught up with) speaks for it no more: it is unbound,
        told (``unseated``, before anything else), and sent the table again as a spectator."""
        for client in list(table.clients):
            seat = client.seat
            if seat is None or table.bound(client) == seat:
                continue
            new = table.seats[seat] if 0 <= seat < len(table.seats) else Seat()
            client.seat = client.holder = None
            client.meta = client.deal = -1
            why = {"empty": "left", "bot": "bot", "person": "person"}[new.kind]
            text = {"left": "the seat was given up", "bot": "a bot sits there now",
                    "person": "another person holds it now"}[why]
            with contextlib.suppress(Exception):
                await client.send({"type": "unseated", "seat": seat, "reason": why,
                                   "message": f"seat {seat} is no longer yours: {text}"})

    # -- bots, timers and trusteeship ------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _after_change(self, table: Table, takeover: bool = False) -> None:
        """Schedule what the new state asks for: bots (and trustees) to act, a timer.
        ``takeover``: the state was caught up with (another process made it and drives its
        bots): play them only if that process has not after :data:`TAKEOVER_DELAY` more."""
        if self.closing:
            return
        if table.status == "over":
            self._forget_if_unfollowed(table)
        game = table.game
        current = asyncio.current_task()
        for key in [k for k in table.timers if k.startswith("bot")]:
            handle = table.timers.pop(key)
            if handle is not current:
                handle.cancel()
        if game is None or table.status != "playing":
            return
        delay = float(table.settings.get("bot_delay") or 0)
        if takeover:
            delay += TAKEOVER_DELAY
        to_act = game.to_act()
        for seat in deciding(game, to_act):
            s = table.seats[seat]
            if s.kind == "bot" or s.trustee is not None:
                task = asyncio.ensure_future(self._bot_turn(table, seat, game.state_id,
                                                            table.deal_number, delay))
                table.timers[f"bot{seat}"] = task
        self._arm_timer(table)

    @staticmethod
    def _plan_deadline(row: LockedRow, table: Table) -> None:
        """Within a change: the turn timer of the new state (stored with it, so that a
        restart resumes it), kept while the state is the same, ``None`` without a timer or
        when no person is to decide."""
        game = table.game
        limit = table.settings.get("timer")
        dl = None
        if game is not None and limit is not None and table.status == "playing":
            # a person who may only interrupt (Baohuang's seize) has nothing to decide
            people = [s for s in deciding(game, game.to_act())
                      if table.seats[s].kind == "person" and table.seats[s].trustee is None]
            if people:
                dl = table.deadline
                if dl is None or dl.get("state_id") != game.state_id or \
                        dl.get("deal") != table.deal_number:
                    dl = {"deal": table.deal_number, "state_id": game.state_id,
                          "at": round(time.time() + float(limit), 3), "seats": people}
        if dl != row.deadline:
            row.deadline = dl
        table.deadline = dl

    def _arm_timer(self, table: Table) -> None:
        game = table.game
        old = table.timers.pop("timer", None)
        if old is not None:
            old.cancel()
        dl = table.deadline
        if game is None or dl is None or dl.get("state_id") != game.state_id \
                or dl.get("deal") != table.deal_number:
            return
        wait = max(0.0, float(dl["at"]) - time.time())
        loop = asyncio.get_running_loop()
        table.timers["timer"] = loop.call_later(
            wait, lambda: self._spawn(self._timeout(table, dl["deal"], dl["state_id"])))

    async def _timeout(self, table: Table, deal: int, state_id: int) -> None:
        game = table.game
        if game is None or table.deal_number != deal or game.state_id != state_id:
            return
        # who is asked may be secret (Shengji's bids while cards are dealt, SJ-13): a seat
        # the others do not see asked is not marked 托管 for all to see — the bot answers
        # this one decision for it, and its next decision has a timer of its own
        public = set(game.observation(None)["to_act"])
        for seat in deciding(game, game.to_act()):
            if table.seats[seat].kind != "person" or table.seats[seat].trustee is not None:
                continue
            if seat in public:
                with contextlib.suppress(ProtocolError):
                    await self.set_trustee(table, seat, "timeout")
            else:
                await self._bot_turn(table, seat, state_id, deal, 0.0, for_person=True)

    async def _bot_turn(self, table: Table, seat: int, state_id: int, deal: int,
                        delay: float, for_person: bool = False) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            game = table.game
            if game is None or game.state_id != state_id or table.deal_number != deal:
                return
            if seat not in game.to_act():
                return
            s = table.seats[seat]
            name = s.bot or "greedy"
            bot = make_bot(name, table.game_name)
            rng = random.Random(self.rng.getrandbits(64))
            if isinstance(bot, WorldsBot):
                # a search bot thinks for up to a second: on a copy, in a thread, so that no
                # table of this process waits for it (the act below checks the state is the
                # same one)
                copy = game.clone()
                action = await asyncio.to_thread(bot_action, copy, copy.to_act(), seat, bot,
                                                 rng)
            else:
                action = bot_action(game, game.to_act(), seat, bot, rng)
            await self.act(table, seat, action.to_json(), state_id, by_bot=True,
                           for_person=for_person)
        except ProtocolError as exc:
            if exc.code not in ("stale", "not_playing"):
                log.warning("bot at table %s seat %d refused: %s", table.id, seat, exc.message)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("bot at table %s seat %d failed", table.id, seat)

    # -- connections -----------------------------------------------------------------------

    async def connect(self, table: Table, client: Client) -> None:
        table.clients.add(client)
        client.meta = -1
        self._cancel(table, "idle")
        if not self.store.is_sqlite:
            # with other processes the table may have moved on unseen here, and the process
            # that drove its bots may be gone: catch up, and play a turn nobody plays
            await self._on_bus(table.id)
            if not any(key.startswith("bot") for key in table.timers):
                self._after_change(table, takeover=True)
                self._arm_graces(table, again=False)
        await self.catch_up(table, client)
        if table.status == "paused":
            self._spawn(self._resume(table))

    async def bind(self, table: Table, client: Client, seat: int) -> None:
        """The client now speaks for ``seat`` (sat down, or came back with the token), as
        long as the seat's person stays the same one: a bot playing for it because it was
        away stops."""
        client.seat = seat
        client.holder = table.seats[seat].token_hash
        client.deal = -1
        client.meta = -1
        self._cancel(table, f"grace{seat}")
        if not self.store.is_sqlite:  # other processes: the person is here now
            self.store.touch([table.id], [(table.id, seat)])
        if table.seats[seat].trustee == "disconnect":
            await self.set_trustee(table, seat, None)
        table.meta += 1
        await self.publish(table)

    async def disconnect(self, table: Table, client: Client) -> None:
        table.clients.discard(client)
        seat = table.bound(client)
        table.meta += 1
        if seat is not None:
            self._arm_grace(table, seat)
        if not table.clients:
            self._arm_idle(table)
            self._forget_if_unfollowed(table)
        if not self.closing:
            await self.publish(table)

    def _arm_grace(self, table: Table, seat: int, again: bool = True) -> None:
        """A person with no connection keeps the seat ``grace`` seconds; then a bot plays
        for it (trustee ``disconnect``) until the person comes back. ``again``: start the
        grace anew if one runs already."""
        if table.seated(seat) or table.status != "playing" \
                or table.seats[seat].kind != "person" or table.seats[seat].trustee is not None:
            self._cancel(table, f"grace{seat}")
            return
        if not again and f"grace{seat}" in table.timers:
            return
        self._cancel(table, f"grace{seat}")
        grace = float(table.settings.get("grace") or 0)
        loop = asyncio.get_running_loop()
        table.timers[f"grace{seat}"] = loop.call_later(
            grace, lambda: self._spawn(self._gone(table, seat)))

    def _arm_graces(self, table: Table, again: bool = True) -> None:
        """The grace of every person not connected here (after a restart, on resuming, and
        with several processes whenever this one follows the table)."""
        for seat in range(len(table.seats)):
            self._arm_grace(table, seat, again)

    async def _gone(self, table: Table, seat: int) -> None:
        """The grace ran out: a bot plays for the seat's person until it comes back — unless
        (several processes) another process saw the person connected lately."""
        table.timers.pop(f"grace{seat}", None)
        if table.seated(seat) or table.status != "playing":
            return
        if not self.store.is_sqlite:
            with self.store.session() as s:  # first without taking the table's lock
                if self._seen_lately(s, table, seat):
                    self._arm_grace(table, seat)
                    return

        def fn(s: Tx, row: LockedRow) -> None:
            held = table.seats[seat]
            if table.seated(seat) or table.status != "playing" or held.kind != "person" \
                    or held.trustee is not None:
                return
            if not self.store.is_sqlite and self._seen_lately(s, table, seat):
                raise ProtocolError("present", "connected to another process")
            self._store_seat(s, table, seat, replace(held, trustee="disconnect"))

        try:
            await self._change(table, fn)
        except ProtocolError as exc:
            if exc.code == "present":
                self._arm_grace(table, seat)

    @staticmethod
    def _seen_lately(s: Session | Tx, table: Table, seat: int) -> bool:
        """Whether another process saw ``seat``'s person connected within :data:`PRESENT`."""
        r = s.get(SeatRow, (table.id, seat))
        return r is not None and r.seen_at is not None and time.time() - r.seen_at < PRESENT

    @staticmethod
    def _cancel(table: Table, key: str) -> None:
        handle = table.timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    # -- a table's life: paused while nobody is here, closed when nobody comes back ---------

    async def _resume(self, table: Table) -> None:
        """Someone is here: a paused table plays on (its people who are not get their grace
        again)."""
        def fn(s: Tx, row: LockedRow) -> bool:
            if table.status != "paused":
                return False
            row.status = table.status = "playing"
            table.meta += 1
            return True

        try:
            if await self._change(table, fn):
                self._arm_graces(table)
        except ProtocolError as exc:
            log.warning("table %s: could not resume: %s", table.id, exc.message)

    def _arm_idle(self, table: Table) -> None:
        """Nobody is connected here: close the table after its ``idle`` seconds unless
        someone comes (or another process says its clients follow it)."""
        if table.clients or table.status == "over" or self.closing:
            return
        self._cancel(table, "idle")
        idle = float(table.settings.get("idle") or DEFAULT_SETTINGS["idle"])
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a table made outside the server's loop (a script, a test)
            return
        table.timers["idle"] = loop.call_later(idle, lambda: self._spawn(self._idle(table)))

    async def _idle(self, table: Table) -> None:
        table.timers.pop("idle", None)
        if table.clients or table.status == "over":
            return
        if table.status == "playing":
            # bots finish the deal, then it pauses: wait again
            self._arm_idle(table)
            return
        idle = float(table.settings.get("idle") or DEFAULT_SETTINGS["idle"])

        def fn(s: Tx, row: LockedRow) -> None:
            if table.clients or table.status not in ("waiting", "paused") \
                    or time.time() - row.updated_at < idle:
                raise ProtocolError("not_idle", "the table is followed")
            self._end(s, row, table, "idle")

        try:
            await self._change(table, fn)
        except ProtocolError:
            self._arm_idle(table)
        else:
            log.info("table %s closed: nobody came back for %g s", table.id, idle)

    def _forget_if_unfollowed(self, table: Table) -> None:
        """A table that is over and has no client here is dropped from memory (it is read
        from the database again if anyone asks)."""
        if table.status != "over" or table.clients:
            return
        current = asyncio.current_task()
        for handle in table.timers.values():
            if handle is not current:
                handle.cancel()
        table.timers.clear()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]

    async def _keepalive(self) -> None:
        """With other processes: say now and then which tables this process has clients at,
        so that no other process closes them as idle."""
        while not self.closing and not self.store.is_sqlite:
            await asyncio.sleep(KEEPALIVE)
            followed = [t for t in self.tables.values() if t.clients]
            seats = {(t.id, seat) for t in followed for c in t.clients
                     if (seat := t.bound(c)) is not None}
            try:
                self.store.touch([t.id for t in followed], sorted(seats))
            except Exception:
                log.warning("could not mark the followed tables", exc_info=True)

    # -- other processes -------------------------------------------------------------------

    async def _on_bus(self, table_id: str) -> None:
        """Another process changed a table: catch up and tell this process's clients."""
        table = self.tables.get(table_id)
        if table is None:
            return
        try:
            with self.store.snapshot() as s:  # the row and its actions as of one moment
                row = s.get(TableRow, table_id)
                if row is None or not self._sync(s, row, table):
                    return
        except Exception:
            log.exception("table %s: catching up with another process failed", table_id)
            return
        await self._caught_up(table)

    async def _caught_up(self, table: Table) -> None:
        """After catching up with another process's changes: tell this process's clients and
        arm the new state's turn timer. Its bots are that process's to drive — unless it
        died: they are taken over after :data:`TAKEOVER_DELAY`. What that process decided
        without knowing of this one's clients is undone: a table paused while someone is
        here plays on, and a person connected here is not away."""
        await self.publish(table)
        self._after_change(table, takeover=True)
        # a person connected to a process that died is away too (the other processes'
        # seen_at keeps this from handing over a seat whose person is connected elsewhere)
        self._arm_graces(table, again=False)
        if not table.clients:
            self._arm_idle(table)
            return
        if table.status == "paused":
            self._spawn(self._resume(table))
        for seat, held in enumerate(table.seats):
            if held.trustee == "disconnect" and table.seated(seat):
                self._spawn(self._back(table, seat))

    async def _back(self, table: Table, seat: int) -> None:
        with contextlib.suppress(ProtocolError):
            await self.set_trustee(table, seat, None)

    async def _watch(self, every: float = 2.0) -> None:
        """With other processes: now and then compare the versions of the tables this process
        has clients at with the database, so a notification lost (a LISTEN connection that
        dropped and came back) delays an update by seconds instead of stalling a table."""
        while not self.closing:
            await asyncio.sleep(every)
            followed = {t.id: t.version for t in self.tables.values() if t.clients}
            if not followed:
                continue
            try:
                with self.store.session() as s:
                    rows = s.execute(select(TableRow.id, TableRow.version)
                                     .where(TableRow.id.in_(list(followed)))).all()
            except Exception:
                log.warning("could not compare table versions", exc_info=True)
                continue
            for table_id, version in rows:
                if version != followed[table_id]:
                    await self._on_bus(table_id)


__all__ = ["DEFAULT_SETTINGS", "LEGAL_LIMIT", "Client", "Seat", "Service", "Table",
           "check_settings", "hash_token"]
