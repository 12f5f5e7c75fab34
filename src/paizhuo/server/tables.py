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

from paizhuo.bots.base import bot_action, deciding
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
from paizhuo.server.protocol import MAX_NAME, ProtocolError, clean_text

log = logging.getLogger("paizhuo.server")

def _new_game(game_name: str, options: dict[str, Any], seed: int,
              start: dict[str, Any] | None) -> Game:
    return game_class(game_name).from_record(Record(game_name, dict(options), Deal(seed=seed),
                                                    start))


def _public_result(game: Game) -> dict[str, Any] | None:
    """The result as a spectator may see it (what the history and results show)."""
    result: dict[str, Any] | None = game.observation(None)["result"]
    return result


class Service:
    """Every table of this process, and the one path by which they change."""

    def __init__(self, store: Store, bus: Bus | None = None) -> None:
        self.store = store
        self.bus = bus or LocalBus()
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
        await self.bus.start(self._on_bus)
        if not self.store.is_sqlite:
            self._spawn(self._watch())

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
                return table
        raise ProtocolError("not_found", f"no table {key!r}")

    def _load(self, table_id: str) -> Table | None:
        with self.store.snapshot() as s:  # the row and its actions as of one moment
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            table = Table(row.id, row.code, row.game, dict(row.options), dict(row.settings),
                          0, row.status, row.deal_number, row.version, 0, row.deadline)
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
        table.status, table.deadline = row.status, row.deadline
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
               bots: Any = None) -> Table:
        """A new table (validated by the engine: an invalid option gets its message)."""
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
        now = time.time()
        with self.store.session() as s:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
                if s.execute(select(TableRow.id).where(TableRow.code == code)).first() is None:
                    break
            row = TableRow(id=secrets.token_hex(8), code=code, game=game_name,
                           options=dict(options), settings=table_settings, status="waiting",
                           deal_number=0, version=1, deadline=None, created_at=now,
                           updated_at=now)
            s.add(row)
            s.flush()
            for i in range(n):
                bot = bot_seats.get(i)
                s.add(SeatRow(table_id=row.id, seat=i, name=None if bot is None else
                              f"{bot} bot", bot=bot))
            table_id = row.id
        table = self._load(table_id)
        assert table is not None
        if all(seat.kind != "empty" for seat in table.seats):
            self._spawn(self._begin_if_full(table))
        return table

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
            try:
                seat = int(key)
            except (TypeError, ValueError):
                raise ProtocolError("bad_bots", f"bots: {key!r} is not a seat") from None
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
            self._store_seat(s, table, seat, Seat(f"{bot} bot", None, bot))

        await self._change(table, fn)
        await self._begin_if_full(table)

    async def leave(self, table: Table, seat: int) -> None:
        """Give up a seat before the table starts (afterwards: hand it to a bot)."""
        def fn(s: Tx, row: LockedRow) -> None:
            if table.status != "waiting":
                raise ProtocolError("started", "the table has started: hand the seat to a "
                                    "bot (trustee) instead of leaving")
            self._store_seat(s, table, seat, Seat())

        await self._change(table, fn)

    async def set_trustee(self, table: Table, seat: int, reason: str | None) -> None:
        """托管: a bot plays for a person (``reason``), or the person takes the seat back."""
        def fn(s: Tx, row: LockedRow) -> bool:
            if table.seats[seat].kind != "person" or table.seats[seat].trustee == reason:
                return False
            self._store_seat(s, table, seat, replace(table.seats[seat], trustee=reason))
            return True

        await self._change(table, fn)

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
        d.finished_at = time.time()
        table.history.append(self._summary(d))
        table.last = (table.deal_number, game)
        cap = table.settings.get("deals")
        if winners is not None or (cap is not None and len(table.history) >= cap):
            row.status = table.status = "over"
            table.game = None
            table.deal_id = None
        else:
            self._open_deal(s, row, table, game.next_start())
        table.meta += 1

    # -- actions ---------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, action: Any, state_id: int,
                  by_bot: bool = False) -> None:
        """Apply ``seat``'s action made against ``state_id``: refused if stale, malformed or
        illegal (``ProtocolError`` with the engine's rule and message)."""
        def fn(s: Tx, row: LockedRow) -> None:
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
        for client in list(table.clients):
            try:
                await self.catch_up(table, client)
            except Exception:  # a client gone mid-send is dropped by its own handler
                log.debug("send failed", exc_info=True)

    # -- bots, timers and trusteeship ------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _after_change(self, table: Table) -> None:
        """Schedule what the new state asks for: bots (and trustees) to act, a timer."""
        if self.closing:
            return
        game = table.game
        current = asyncio.current_task()
        for key in [k for k in table.timers if k.startswith("bot")]:
            handle = table.timers.pop(key)
            if handle is not current:
                handle.cancel()
        if game is None or table.status != "playing":
            return
        delay = float(table.settings.get("bot_delay") or 0)
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
        for seat in deciding(game, game.to_act()):
            if table.seats[seat].kind == "person" and table.seats[seat].trustee is None:
                with contextlib.suppress(ProtocolError):
                    await self.set_trustee(table, seat, "timeout")

    async def _bot_turn(self, table: Table, seat: int, state_id: int, deal: int,
                        delay: float) -> None:
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
            if getattr(bot, "uses_worlds", False):
                # a search bot thinks for up to a second: on a copy, in a thread, so that no
                # table of this process waits for it (the act below checks the state is the
                # same one)
                copy = game.clone()
                action = await asyncio.to_thread(bot_action, copy, copy.to_act(), seat, bot,
                                                 rng)
            else:
                action = bot_action(game, game.to_act(), seat, bot, rng)
            await self.act(table, seat, action.to_json(), state_id, by_bot=True)
        except ProtocolError as exc:
            if exc.code != "stale":
                log.warning("bot at table %s seat %d refused: %s", table.id, seat, exc.message)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("bot at table %s seat %d failed", table.id, seat)

    # -- connections -----------------------------------------------------------------------

    async def connect(self, table: Table, client: Client) -> None:
        table.clients.add(client)
        client.meta = -1
        await self.catch_up(table, client)

    async def bind(self, table: Table, client: Client, seat: int) -> None:
        """The client now speaks for ``seat`` (sat down, or came back with the token): a bot
        playing for it because it was away stops."""
        client.seat = seat
        client.deal = -1
        client.meta = -1
        grace = table.timers.pop(f"grace{seat}", None)
        if grace is not None:
            grace.cancel()
        if table.seats[seat].trustee == "disconnect":
            await self.set_trustee(table, seat, None)
        table.meta += 1
        await self.publish(table)

    async def disconnect(self, table: Table, client: Client) -> None:
        table.clients.discard(client)
        seat = client.seat
        table.meta += 1
        if seat is not None and not table.seated(seat) and table.status == "playing" \
                and table.seats[seat].kind == "person" and table.seats[seat].trustee is None:
            grace = float(table.settings.get("grace") or 0)
            loop = asyncio.get_running_loop()
            table.timers[f"grace{seat}"] = loop.call_later(
                grace, lambda: self._spawn(self._gone(table, seat)))
        if not self.closing:
            await self.publish(table)

    async def _gone(self, table: Table, seat: int) -> None:
        table.timers.pop(f"grace{seat}", None)
        if not table.seated(seat) and table.status == "playing":
            with contextlib.suppress(ProtocolError):
                await self.set_trustee(table, seat, "disconnect")

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
        arm the new state's turn timer (its bots are that process's to drive)."""
        await self.publish(table)
        self._arm_timer(table)

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
