"""What moves a table on without a person: bots' turns (and trustees', 托管), turn timers,
the grace of a person who went away, the next deal once the last one's summary is read,
pausing a table nobody follows at the end of a deal, and closing a table nobody comes back to.

Every one of them changes the table only through the change path below
(:class:`~paizhuo.server.tables.Tables`): a bot's action is an ``act`` like a person's,
refused as stale if the state moved on while it thought; a timer that runs out hands the seat
to a bot (``set_trustee``). Each is an asyncio timer or task kept in ``table.timers`` under
its name (``bot<seat>``, ``timer``, ``grace<seat>``, ``idle``, ``next``), so a newer state
cancels what an older one had planned.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

from paizhuo.bots.base import WorldsBot, bot_action, deciding
from paizhuo.bots.registry import make_bot
from paizhuo.server import store as queries
from paizhuo.server.bus import Bus
from paizhuo.server.deals import open_deal, replay
from paizhuo.server.model import DEFAULT_SETTINGS, Table
from paizhuo.server.protocol import Limits, ProtocolError
from paizhuo.server.store import LockedRow, Store, Tx, seen_at
from paizhuo.server.tables import Tables

log = logging.getLogger("paizhuo.server")

TAKEOVER_DELAY = 3.0
"""Seconds past ``bot_delay`` after which a process that caught up with another's change
plays the bot or trustee turn itself: the process that made the change drives its bots, and
one that has died (``kill -9``) would otherwise stall the table (a duplicate is refused as
stale, so taking over a turn that is played anyway is harmless)."""
KEEPALIVE = 10.0
"""Seconds between two :meth:`~paizhuo.server.store.Store.touch` of the tables this process
has clients at and of the seats whose people are connected to it, so that another process does
not close those tables as idle nor hand those seats to a bot (several processes)."""
PRESENT = 2.5 * KEEPALIVE
"""A seat whose person another process saw connected this many seconds ago is not away."""


class Drivers(Tables):
    """The tables of this process, played on by bots and timers where no person acts."""

    def __init__(self, store: Store, bus: Bus | None = None,
                 limits: Limits | None = None) -> None:
        super().__init__(store, bus, limits)
        self.rng = random.Random(secrets.randbits(64))
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        """The process is stopping: nothing new is scheduled."""

    def create(self, game_name: Any, options: Any = None, settings: Any = None,
               bots: Any = None, host_hash: str | None = None) -> Table:
        """A new table (:meth:`Tables.create`), closed if nobody comes; one whose seats the
        bots fill begins at once."""
        table = super().create(game_name, options, settings, bots, host_hash)
        self._arm_idle(table)
        if all(seat.kind != "empty" for seat in table.seats):
            self._spawn(self._begin_if_full(table))
        return table

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    def _cancel(table: Table, key: str) -> None:
        handle = table.timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    # -- bots and turn timers --------------------------------------------------------------

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
        if game is None and table.status == "playing" and table.history:
            self._arm_next(table, takeover)  # between two deals
            return
        self._cancel(table, "next")
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

    def _arm_timer(self, table: Table) -> None:
        """Run the turn timer the change stored
        (:meth:`~paizhuo.server.changes.Changes._plan_deadline`)."""
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

    # -- a person away: the grace, then a bot ----------------------------------------------

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
        # several processes: asked first without taking the table's lock, then again under it
        if not self.store.is_sqlite and \
                self._seen_lately(self.store.seat_seen_at(table.id, seat)):
            self._arm_grace(table, seat)
            return

        def fn(s: Tx, row: LockedRow) -> None:
            held = table.seats[seat]
            if table.seated(seat) or table.status != "playing" or held.kind != "person" \
                    or held.trustee is not None:
                return
            if not self.store.is_sqlite and \
                    self._seen_lately(seen_at(s, table.id, seat)):
                raise ProtocolError("present", "connected to another process")
            self._store_seat(s, table, seat, replace(held, trustee="disconnect"))

        try:
            await self._change(table, fn)
        except ProtocolError as exc:
            if exc.code == "present":
                self._arm_grace(table, seat)

    @staticmethod
    def _seen_lately(when: float | None) -> bool:
        """Whether another process saw a seat's person connected within :data:`PRESENT`
        (``when``: when it last said so, :func:`~paizhuo.server.store.seen_at`)."""
        return when is not None and time.time() - when < PRESENT

    # -- between two deals: the summary read, then the next deal -------------------------

    def _arm_next(self, table: Table, takeover: bool) -> None:
        """Deal the next deal when :attr:`Table.between` says (every person here closed the
        summary, or ``summary_wait`` ran out); at once after a restart; and where another
        process ended the deal (``takeover``), only if that process has not dealt it after
        the wait and :data:`TAKEOVER_DELAY` more."""
        self._cancel(table, "next")
        wait = 0.0
        if table.between is not None:
            wait = max(0.0, float(table.between["at"]) - time.time())
        elif takeover:
            wait = float(table.settings.get("summary_wait", DEFAULT_SETTINGS["summary_wait"])
                         or 0) + TAKEOVER_DELAY
        loop = asyncio.get_running_loop()
        table.timers["next"] = loop.call_later(wait, lambda: self._spawn(self.deal_next(table)))

    async def ready(self, table: Table, seat: int | None) -> None:
        """``seat``'s person closed the deal's summary (or went away): the next deal waits for
        it no more, and is dealt once nobody is left reading."""
        between = table.between
        if between is None or seat is None or seat not in between["waiting"]:
            return
        between["waiting"].discard(seat)
        table.meta += 1  # the others see who is still reading
        if between["waiting"]:
            await self.publish(table)
        else:
            await self.deal_next(table)

    async def deal_next(self, table: Table) -> None:
        """Deal the next deal of a table between two deals, where the last one's result says
        it starts (``next_start``); paused if nobody is here."""
        def fn(s: Tx, row: LockedRow) -> None:
            if table.game is not None or table.status != "playing" or not table.history:
                return  # dealt already (by another process), or over
            last = table.last
            if last is not None and last[0] == table.deal_number:
                start = last[1].next_start()
            else:  # after a restart: the finished deal played again
                done = max((d for d in queries.deals(s, table.id) if d.status == "over"),
                           key=lambda d: d.number)
                start = replay(s, table, done, 0, None).next_start()
            table.between = None
            open_deal(s, row, table, start)
            if not table.clients:
                row.status = table.status = "paused"
            table.meta += 1

        try:
            await self._change(table, fn)
        except ProtocolError as exc:
            log.warning("table %s: could not deal the next deal: %s", table.id, exc.message)

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


__all__ = ["KEEPALIVE", "PRESENT", "TAKEOVER_DELAY", "Drivers"]
