"""How server processes tell each other a table changed.

One process (SQLite, or one PostgreSQL client): :class:`LocalBus`, nothing to tell. Several
processes on one PostgreSQL: :class:`PgBus`, PostgreSQL's ``LISTEN/NOTIFY``. The notification
is issued inside the transaction of the change (:meth:`Bus.prepare`), so PostgreSQL delivers
it exactly when the change commits and never for a change rolled back; each process then
reads what changed from the database (:meth:`paizhuo.server.changes.Changes._sync`). The
payload names only the table and the sending process, never a card.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from paizhuo.server.store import Tx

log = logging.getLogger("paizhuo.server")

CHANNEL = "paizhuo_tables"
Handler = Callable[[str], Coroutine[Any, Any, None]]


class Bus:
    """No other process: nothing is sent (the base of the real buses)."""

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    def prepare(self, tx: Tx, table_id: str) -> None:
        """Within the change's transaction: arrange for the others to hear of it."""

    async def stop(self) -> None:
        pass


LocalBus = Bus


class PgBus(Bus):
    """``LISTEN/NOTIFY`` on a shared PostgreSQL: a thread waits on a dedicated connection
    and hands each notification to the event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.me = secrets.token_hex(6)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._conn: Any = None

    async def start(self, handler: Handler) -> None:
        import psycopg

        self.handler = handler
        self.loop = asyncio.get_running_loop()
        dsn = self.url.replace("postgresql+psycopg://", "postgresql://", 1)
        self._conn = psycopg.connect(dsn, autocommit=True)
        self._conn.execute(f"LISTEN {CHANNEL}")
        self._thread = threading.Thread(target=self._listen, name="paizhuo-listen",
                                        daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                for note in self._conn.notifies(timeout=0.5, stop_after=64):
                    sender, _, table_id = note.payload.partition(":")
                    if sender != self.me and table_id:
                        asyncio.run_coroutine_threadsafe(self.handler(table_id), self.loop)
            except Exception:  # the connection dropped: reconnect and listen again
                if self._stop.is_set():
                    return
                log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                self._reconnect()

    def _reconnect(self) -> None:
        import psycopg

        dsn = self.url.replace("postgresql+psycopg://", "postgresql://", 1)
        while not self._stop.wait(1.0):
            try:
                self._conn = psycopg.connect(dsn, autocommit=True)
                self._conn.execute(f"LISTEN {CHANNEL}")
                return
            except Exception:
                continue

    def prepare(self, tx: Tx, table_id: str) -> None:
        tx.sql("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.me}:{table_id}"))

    async def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, 2.0)
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()


__all__ = ["CHANNEL", "Bus", "LocalBus", "PgBus"]
