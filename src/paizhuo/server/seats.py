"""A table's seats: taking one (a person's secret token, or a bot), finding a token's seat,
leaving one, handing one over to a bot and back (托管), the host's token, the bounds of a table
with a bot in every seat — and, once every seat is taken, the first deal.

Each change of a seat goes through the one change path
(:meth:`~paizhuo.server.changes.Changes._change`), checked there against the seats as stored
(:meth:`Seats._check_holder`: a connection whose seat changed hands since is refused) and
stored by :meth:`Seats._store_seat`, in the database and in memory at once.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import replace
from typing import Any

from paizhuo.bots.registry import bot_names
from paizhuo.server import store as queries
from paizhuo.server.changes import Changes
from paizhuo.server.deals import open_deal
from paizhuo.server.model import Client, Seat, Table, hash_token
from paizhuo.server.protocol import MAX_NAME, ProtocolError, clean_text
from paizhuo.server.store import LockedRow, Tx


class Seats(Changes):
    """The tables of this process, and the changes of their seats (the base of
    :class:`~paizhuo.server.tables.Tables`)."""

    # -- taking, leaving and handing over a seat -------------------------------------------

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

    # -- the checks (a table of bots only too), and the seat stored ------------------------

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

    # -- the seats full: the first deal ----------------------------------------------------

    async def _begin_if_full(self, table: Table) -> None:
        """Every seat is taken at a waiting table: it plays, its first deal is dealt."""
        if table.status != "waiting" or any(s.kind == "empty" for s in table.seats):
            return

        def fn(s: Tx, row: LockedRow) -> None:
            if table.status != "waiting" or any(x.kind == "empty" for x in table.seats):
                return
            row.status = table.status = "playing"
            open_deal(s, row, table, None)
            table.meta += 1

        await self._change(table, fn)


__all__ = ["Seats"]
