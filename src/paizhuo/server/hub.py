"""The connections that follow a table, what each is sent, and catching up with the changes
other processes make: the top of the server's three layers, :class:`Service`.

The server is one object per process in three layers, each in its own module, each adding
one job to the one below and calling down only:

- :class:`~paizhuo.server.tables.Tables`: the tables of this process and the one locked path
  by which each changes (it calls up only through three hooks it declares: ``publish``,
  ``_after_change``, ``_caught_up``), built in :mod:`~paizhuo.server.changes`,
  :mod:`~paizhuo.server.seats` and :mod:`~paizhuo.server.tables`, its deals' life in
  :mod:`~paizhuo.server.deals`;
- :class:`~paizhuo.server.drivers.Drivers`: what moves a table on without a person (bots,
  timers, graces, pausing, closing idle tables) — it fills in ``_after_change``;
- :class:`Service` (here): the clients — connecting, binding one to a seat, sending each what
  it has not seen (``publish``), unbinding those whose seat changed hands (``unseated``) —
  and the other processes: what the :class:`~paizhuo.server.bus.Bus` says changed is caught
  up with (``_caught_up``), and what this process follows is said to them.

What a client is sent comes only from the engine's views of its seat
(:mod:`paizhuo.server.views`), so no message can hold a card its seat may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from paizhuo.server import views
from paizhuo.server.drivers import KEEPALIVE, Drivers
from paizhuo.server.model import Client, Seat, Table
from paizhuo.server.protocol import ProtocolError
from paizhuo.server.store import table_row

log = logging.getLogger("paizhuo.server")


class Service(Drivers):
    """Every table of this process, the clients that follow them, and the other processes
    sharing the database."""

    # -- start and stop ----------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every table that is not over from the database, and resume its bots and
        timers; listen for other processes' changes."""
        for table_id in self.store.open_table_ids():
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
        await self.send_log(table, client)
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
        if table.seats[seat].trustee in ("disconnect", "left"):  # back at the seat
            await self.set_trustee(table, seat, None)
        table.meta += 1
        await self.publish(table)
        await self.send_log(table, client)  # the deal so far, as the seat may see it

    async def send_log(self, table: Table, client: Client) -> None:
        """The deal's log so far (:func:`~paizhuo.server.views.log_message`), to a client that
        comes or sits down mid-deal: a reload keeps the table's log."""
        msg = views.log_message(table, table.bound(client))
        if msg is not None:
            await client.send(msg)

    async def disconnect(self, table: Table, client: Client) -> None:
        table.clients.discard(client)
        seat = table.bound(client)
        table.meta += 1
        if seat is not None:
            self._arm_grace(table, seat)
            if not table.seated(seat) and not self.closing:
                await self.ready(table, seat)  # nobody waits for a person who went away
        if not table.clients:
            self._arm_idle(table)
            self._forget_if_unfollowed(table)
        if not self.closing:
            await self.publish(table)

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

    # -- other processes -------------------------------------------------------------------

    async def _on_bus(self, table_id: str) -> None:
        """Another process changed a table: catch up and tell this process's clients."""
        table = self.tables.get(table_id)
        if table is None:
            return
        try:
            with self.store.snapshot() as s:  # the row and its actions as of one moment
                row = table_row(s, table_id)
                if row is None or not self._sync(s, row, table):
                    return
        except Exception:
            log.exception("table %s: catching up with another process failed", table_id)
            return
        await self._caught_up(table)

    async def _caught_up(self, table: Table) -> None:
        """After catching up with another process's changes: tell this process's clients and
        arm the new state's turn timer. Its bots are that process's to drive — unless it
        died: they are taken over after :data:`~paizhuo.server.drivers.TAKEOVER_DELAY`. What
        that process decided without knowing of this one's clients is undone: a table paused
        while someone is here plays on, and a person connected here is not away."""
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
            if held.trustee in ("disconnect", "left") and table.seated(seat):
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
                rows = self.store.versions(list(followed))
            except Exception:
                log.warning("could not compare table versions", exc_info=True)
                continue
            for table_id, version in rows:
                if version != followed[table_id]:
                    await self._on_bus(table_id)

    async def _keepalive(self) -> None:
        """With other processes: say now and then which tables this process has clients at,
        and which seats' people are connected to it, so that no other process closes those
        tables as idle nor hands those seats to a bot."""
        while not self.closing and not self.store.is_sqlite:
            await asyncio.sleep(KEEPALIVE)
            followed = [t for t in self.tables.values() if t.clients]
            seats = {(t.id, seat) for t in followed for c in t.clients
                     if (seat := t.bound(c)) is not None}
            try:
                self.store.touch([t.id for t in followed], sorted(seats))
            except Exception:
                log.warning("could not mark the followed tables", exc_info=True)


__all__ = ["Service"]
