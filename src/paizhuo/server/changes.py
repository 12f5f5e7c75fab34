"""The one path by which a table changes, and the tables it changes: every table of this
process in memory, loaded from the database and kept caught up with it (:meth:`Changes._load`,
:meth:`Changes._sync`).

Every change goes the same way (:meth:`Changes._change`): take the table's lock in the
database, catch up with anything another process stored since (:meth:`Changes._sync`),
check and apply the change to the game, store it, commit — and only then tell the clients
(:meth:`Changes.publish`) and, through the :class:`~paizhuo.server.bus.Bus`, the other
processes. A refused change leaves the game, the database and every client as they were. The
changes themselves (create, sit, seat a bot, leave, hand over, act, close) are
:class:`~paizhuo.server.tables.Tables`' (:mod:`paizhuo.server.seats` holds those of seats).

This is the bottom of the server's lowest layer (:mod:`paizhuo.server.hub` says how they
stack): it knows no connection and drives no bot, and calls the layers above only through
the three hooks it declares (:meth:`Changes.publish`, :meth:`Changes._after_change`,
:meth:`Changes._caught_up`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from paizhuo.bots.base import deciding
from paizhuo.server import store as queries
from paizhuo.server.bus import Bus, LocalBus
from paizhuo.server.db import TableRow
from paizhuo.server.deals import replay, summary
from paizhuo.server.model import Table
from paizhuo.server.protocol import Limits, ProtocolError
from paizhuo.server.store import LockedRow, Reader, Store, Tx

log = logging.getLogger("paizhuo.server")


class Changes:
    """The tables of this process in memory, and the one path by which they change (the base
    of :class:`~paizhuo.server.tables.Tables`)."""

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
                    table.history.append(summary(d))
            current = next((d for d in deals if d.status == "playing"), None)
            if current is not None:
                table.deal_id = current.id
                table.game = replay(s, table, current, 0, None)
        self.tables[table.id] = table
        return table

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
            table.history = [summary(d) for d in deals if d.status == "over"]
            if finished is not None and table.deal_id is not None:
                old = queries.deal_row(s, table.deal_id)
                if old is not None:
                    replay(s, table, old, finished.state_id, finished)
                    table.last = (old_number, finished)
            current = next((d for d in deals if d.status == "playing"), None)
            table.deal_number = row.deal_number
            table.deal_id = None if current is None else current.id
            table.game = None if current is None else replay(s, table, current, 0, None)
        else:
            replay(s, table, playing, table.game.state_id, table.game)
        table.version = row.version
        table.meta += 1
        return True

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



__all__ = ["Changes"]
