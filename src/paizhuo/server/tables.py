"""The one path by which a table changes: create, sit, seat a bot, leave, hand over (托管),
act, close — each a locked change of one table.

Every change goes the same way (:meth:`Tables._change`): take the table's lock in the
database, catch up with anything another process stored since (:meth:`Tables._sync`),
check and apply the change to the game, store it, commit — and only then tell the clients
(:meth:`Tables.publish`) and, through the :class:`~paizhuo.server.bus.Bus`, the other
processes. A refused change leaves the game, the database and every client as they were.

This is the lowest of the server's three layers (:mod:`paizhuo.server.hub` says how they
stack): it knows no connection and drives no bot, and calls the layers above only through
the three hooks it declares (:meth:`Tables.publish`, :meth:`Tables._after_change`,
:meth:`Tables._caught_up`).
"""

from __future__ import annotations

import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from paizhuo import parse_action as parse_typed
from paizhuo.bots.base import bot_action, deciding
from paizhuo.bots.registry import bot_names, make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import IllegalActionError, MalformedError, PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.engine.records import Deal, Record, parse_action
from paizhuo.engine.registry import game_class, game_names
from paizhuo.server import store as queries
from paizhuo.server.bus import Bus, LocalBus
from paizhuo.server.db import DealRow, TableRow
from paizhuo.server.model import Client, Seat, Table, check_bots, check_settings, hash_token
from paizhuo.server.protocol import MALFORMED_ZH, MAX_NAME, Limits, ProtocolError, clean_text
from paizhuo.server.store import LockedRow, Reader, Store, Tx

log = logging.getLogger("paizhuo.server")


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


def _summary(d: DealRow) -> dict[str, Any]:
    """A finished deal as the table's history shows it to anyone."""
    rec = d.record or {}
    return {"deal": d.number, "id": d.id, "result": (d.result or {}).get("public"),
            "returns": d.returns, "match_winners": (d.result or {}).get("match_winners"),
            "actions": len(rec.get("actions", ()))}


class Tables:
    """Every table of this process, and the one path by which they change."""

    def __init__(self, store: Store, bus: Bus | None = None,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.bus = bus or LocalBus()
        self.limits = limits or Limits.from_env()
        self.tables: dict[str, Table] = {}

    # -- what the layers above do after a change -------------------------------------------

    async def publish(self, table: Table) -> None:
        """Tell the table's clients what they have not seen. The change path has no clients:
        :class:`~paizhuo.server.hub.Service` sends."""

    def _after_change(self, table: Table, takeover: bool = False) -> None:
        """Schedule what the new state asks for (bots, a timer). Nothing plays here:
        :class:`~paizhuo.server.drivers.Drivers` does. ``takeover``: the state was caught
        up with, another process drives it."""

    async def _caught_up(self, table: Table) -> None:
        """A change was refused after catching up with another process's changes: tell the
        clients and drive the new state (:class:`~paizhuo.server.hub.Service`)."""

    # -- loading -----------------------------------------------------------------------------

    def find(self, key: str) -> Table:
        """A table by id or by code (case-insensitive), loaded from the database if another
        process made it or it is over."""
        key = key.strip()
        for t in self.tables.values():
            if t.id == key or t.code == key.upper():
                return t
        found = self.store.table_id_of(key)
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
            row = queries.table_row(s, table_id)
            if row is None:
                return None
            table = Table(row.id, row.code, row.game, dict(row.options), dict(row.settings),
                          0, row.status, row.deal_number, row.version, 0, row.deadline,
                          host_hash=row.host_hash, ended=row.ended)
            table.seats = queries.seats(s, table.id)
            table.num_seats = len(table.seats)
            deals = queries.deals(s, table_id)
            for d in deals:
                if d.status == "over":
                    table.history.append(_summary(d))
            current = next((d for d in deals if d.status == "playing"), None)
            if current is not None:
                table.deal_id = current.id
                table.game = self._replay(s, table, current, 0, None)
        self.tables[table.id] = table
        return table

    @staticmethod
    def _replay(s: Reader, table: Table, d: DealRow, since: int, game: Game | None) -> Game:
        """``game`` (``None``: the deal as dealt) with the deal's actions from ``since`` on
        applied."""
        if game is None:
            game = _new_game(table.game_name, table.options, d.seed, d.start)
        for action in queries.actions(s, d.id, since):
            game.apply(parse_action(action))
        return game

    def _sync(self, s: Reader, row: TableRow | LockedRow, table: Table) -> bool:
        """Catch the in-memory table up with the database (another process changed it).
        Returns whether anything changed."""
        if row.version == table.version:
            return False
        table.status, table.deadline, table.ended = row.status, row.deadline, row.ended
        table.settings = dict(row.settings)
        table.seats = queries.seats(s, table.id)
        playing = None if table.deal_id is None else queries.deal_row(s, table.deal_id)
        if row.deal_number != table.deal_number or table.game is None or playing is None \
                or playing.status != "playing":  # (over, the next one not dealt yet)
            finished = table.game
            old_number = table.deal_number
            deals = queries.deals(s, table.id)
            table.history = [_summary(d) for d in deals if d.status == "over"]
            if finished is not None and table.deal_id is not None:
                old = queries.deal_row(s, table.deal_id)
                if old is not None:
                    self._replay(s, table, old, finished.state_id, finished)
                    table.last = (old_number, finished)
            current = next((d for d in deals if d.status == "playing"), None)
            table.deal_number = row.deal_number
            table.deal_id = None if current is None else current.id
            table.game = None if current is None else self._replay(s, table, current, 0, None)
        else:
            self._replay(s, table, playing, table.game.state_id, table.game)
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
        bot_seats = check_bots(bots, n, bot_names(game_name))
        if len(bot_seats) == n:
            self._check_demo(table_settings)
        table_id = self.store.create_table(game_name, dict(options), table_settings, n,
                                           bot_seats, host_hash)
        table = self._load(table_id)
        assert table is not None
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

    @staticmethod
    def _plan_deadline(row: LockedRow, table: Table) -> None:
        """Within a change: the turn timer of the new state (stored with it, so that a
        restart resumes it), kept while the state is the same, ``None`` without a timer or
        when no person is to decide. (:class:`~paizhuo.server.drivers.Drivers` arms it.)"""
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
            table.seats = self.store.current_seats(table.id)
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

    async def leave(self, table: Table, seat: int, client: Client | None = None) -> bool:
        """Leave a seat. Before the table starts it is given up (every other client bound to
        it is unbound and told); once started it stays the person's, played by a bot (trustee
        ``left``) until the person joins again with its token. With ``client``: only while it
        speaks for the seat; it is unbound quietly (its reply says ``left``). Returns whether
        the seat was kept."""
        holder = None if client is None else client.holder

        def fn(s: Tx, row: LockedRow) -> bool:
            self._check_holder(table, seat, holder, client is not None)
            kept = table.status != "waiting"
            if not kept:
                self._store_seat(s, table, seat, Seat())
            elif table.status != "over" and table.seats[seat].trustee != "left":
                self._store_seat(s, table, seat, replace(table.seats[seat], trustee="left"))
            if client is not None:
                client.seat = client.holder = None
            return kept

        kept: bool = await self._change(table, fn)
        return kept

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
                                f"{seat}: the seat changed hands",
                                zh=f"你已经不代表座位 {seat} 了：这个座位换了人")

    def is_host(self, table: Table, token: str) -> bool:
        """Whether ``token`` is the table's host token (compared in constant time)."""
        return table.host_hash is not None and hmac.compare_digest(table.host_hash,
                                                                   hash_token(token))

    def _end(self, s: Tx, row: LockedRow, table: Table, why: str) -> None:
        """Within a change: the table is over now (the deal in play is abandoned)."""
        if table.deal_id is not None:
            queries.abandon_deal(s, table.deal_id)
        row.status = table.status = "over"
        row.ended = table.ended = why
        row.deadline = table.deadline = None
        table.game = table.between = None
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
                                f"{table.num_seats - 1})",
                                zh=f"没有座位 {seat}（座位是 0–{table.num_seats - 1}）")

    @classmethod
    def _check_empty(cls, table: Table, seat: int) -> None:
        cls._check_seat_number(table, seat)
        if table.seats[seat].kind != "empty":
            raise ProtocolError("seat_taken", f"seat {seat} is taken", zh=f"座位 {seat} 已经有人了")

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
        queries.write_seat(s, table.id, seat, new)
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
        deal_id = f"{table.id}-{number}"
        queries.add_deal(s, deal_id, table.id, number, seed, start)
        row.deal_number = table.deal_number = number
        table.deal_id = deal_id
        table.game = _new_game(table.game_name, table.options, seed, start)

    def _close_deal(self, s: Tx, row: LockedRow, table: Table) -> None:
        """The deal is over: store its result and record; the next deal or the end."""
        game = table.game
        assert game is not None and table.deal_id is not None
        winners = game.match_winners()
        d = queries.finish_deal(s, table.deal_id,
                                {"public": _public_result(game), "match_winners": winners},
                                game.returns(), game.record_for(None).to_json(),
                                _record_viewers(table, game))
        table.history.append(_summary(d))
        table.last = (table.deal_number, game)
        cap = table.settings.get("deals")
        if winners is not None or (cap is not None and len(table.history) >= cap):
            row.status = table.status = "over"
            row.ended = table.ended = "match" if winners is not None else "deals"
            table.game = None
            table.deal_id = None
        elif table.hold_next_deal():  # dealt once the summary is read (Drivers.deal_next)
            table.game = table.deal_id = None
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
                raise ProtocolError("stale", "the seat's person plays it again",
                                    zh="这个座位的玩家又自己打了")
            game = table.game
            if game is None:
                raise ProtocolError("not_playing", "no deal is being played at this table",
                                    zh="这张桌子现在没有在打牌")
            deal_ref = table.deal_number
            if state_id != game.state_id:
                raise ProtocolError("stale", f"the action was made against state {state_id}, "
                                    f"the deal is at state {game.state_id}",
                                    zh="牌局已经往下走了：这一步是按旧的局面出的",
                                    state_id=game.state_id, deal=deal_ref)
            act = self._parse_action(game, seat, action)
            if act.seat != seat:
                raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not "
                                    f"seat {act.seat}", zh=f"你只能替座位 {seat} 出牌")
            try:
                game.apply(act)
            except IllegalActionError as exc:
                raise ProtocolError("illegal", exc.message, rule=exc.rule,
                                    zh=exc.zh) from None
            except MalformedError as exc:
                # the engine names the action's part ("[1]" the verb): within the message
                # that is the field "action[1]", as the parser names it
                where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
                raise ProtocolError("malformed", exc.message, field=where,
                                    zh=exc.zh or MALFORMED_ZH) from None
            stored = game.actions[-1]
            assert table.deal_id is not None
            s.add_action(table.deal_id, game.state_id - 1, stored.to_json(), by_bot)
            seat_row = table.seats[seat]
            if not by_bot and seat_row.trustee in ("timeout", "disconnect", "left"):
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
            raise ProtocolError("not_playing", "no deal is being played at this table",
                                zh="这张桌子现在没有在打牌")
        if state_id != game.state_id:
            raise ProtocolError("stale", f"the check was made against state {state_id}, the "
                                f"deal is at state {game.state_id}", state_id=game.state_id,
                                zh="牌局已经往下走了：这一步是按旧的局面出的",
                                deal=table.deal_number)
        act = self._parse_action(game, seat, action)
        if act.seat != seat:
            raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not seat "
                                f"{act.seat}", zh=f"你只能替座位 {seat} 出牌")
        try:
            game.clone().apply(act)
        except IllegalActionError as exc:
            return {"ok": False, "code": "illegal", "rule": exc.rule, "message": exc.message,
                    "message_zh": exc.zh}
        except MalformedError as exc:
            where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
            return {"ok": False, "code": "malformed", "field": where, "message": exc.message,
                    "message_zh": exc.zh or MALFORMED_ZH}
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
                return parse_typed(game, seat, action)
            return parse_action(action)
        except MalformedError as exc:
            raise ProtocolError("malformed", str(exc), field=exc.field,
                                zh=exc.zh or MALFORMED_ZH) from None
        except PaizhuoError as exc:
            raise ProtocolError("malformed", str(exc), zh=MALFORMED_ZH) from None


__all__ = ["Tables"]
