"""How the server reads and writes what it stores: the database, its transactions, the lock
of a table, and every query (the schema is :mod:`paizhuo.server.db`).

SQLite (the default: one file in the user's data folder) or PostgreSQL by URL. Every change of
a table — a seat taken, a bot seated, an action applied, a deal ended — is one transaction,
committed before any message about it is sent (``docs/protocol.md``).

A table's changes are serialised through the database: :meth:`Store.locked` takes the table's
row lock (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` write lock), so
two server processes sharing one PostgreSQL never apply two actions against the same state.

Two kinds of query live here. A :class:`Store` method that is a whole transaction by itself
(list the open tables, find a table's id by its code …) opens and commits its own. A function
of this module whose first argument is a transaction (:data:`Reader`, or the :class:`Tx` of a
locked change) reads or writes within the caller's: rebuilding a table reads its row, seats,
deals and actions in one snapshot, and a change writes its seat, deal and action rows in the
transaction that holds the table's lock.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, event, func, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session, defer, sessionmaker
from sqlalchemy.pool import StaticPool

from paizhuo.paths import data_dir
from paizhuo.server.db import ActionRow, DealRow, SeatRow, TableRow
from paizhuo.server.migrate import upgrade
from paizhuo.server.model import CODE_ALPHABET, Seat

_T = TypeVar("_T")


def default_url() -> str:
    """The embedded default: SQLite in the user's data folder (created if missing)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'paizhuo.db'}"


def normalise_url(url: str) -> str:
    """``postgresql://…`` means the psycopg 3 driver; a bare path means a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


class Store:
    """The database of one server (or of several processes sharing PostgreSQL)."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        self.url = normalise_url(url) if url else default_url()
        self.is_sqlite = self.url.startswith("sqlite")
        self.engine: Engine = _make_engine(self.url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._writer: Connection | None = None
        if migrate:
            self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (a new database is created)."""
        upgrade(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed at the end, rolled back on an error."""
        with self.sessions() as s:
            try:
                yield s
                s.commit()
            except BaseException:
                s.rollback()
                raise

    @contextmanager
    def snapshot(self) -> Iterator[Session]:
        """A transaction whose reads all see the database as it was at its first one
        (PostgreSQL: ``REPEATABLE READ``; a SQLite transaction reads one snapshot already).
        Catching up with another process reads a table's row and then its actions: under
        PostgreSQL's default each statement sees the newest commits, so the actions could
        be newer than the row's version, and the next notification would send the same
        state again."""
        with self.session() as s:
            if not self.is_sqlite:
                s.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield s

    @contextmanager
    def locked(self, table_id: str) -> Iterator[tuple[Tx, LockedRow]]:
        """A transaction holding the table's lock (one change of a table at a time, across
        every process): the row is read ``FOR UPDATE`` (SQLite: the write lock is taken at
        ``BEGIN``). The caller changes the row's fields; they are written back, with the
        version grown by one, when the block ends without an error; an error rolls it all
        back.

        The common change — an action — runs on the driver's SQL (:meth:`Tx.add_action`), a
        few times cheaper than the ORM; rarer ones use :attr:`Tx.session`, an ORM session in
        the same transaction."""
        conn = self._writer
        if conn is None or conn.invalidated or conn.closed:
            # one connection for every locked change of this process, kept between them (a
            # pool checkout per change costs more than the change's SQL); changes run one
            # after another on the event loop, never two at once
            conn = self._writer = self.engine.connect()
        tx = Tx(conn, self.is_sqlite)
        try:
            with conn.begin():
                lock = "" if self.is_sqlite else " FOR UPDATE"
                got: Any = tx.sql("SELECT version, status, deal_number, deadline, settings, "
                                  "ended, updated_at FROM tables WHERE id = %s" + lock,
                                  (table_id,)).fetchone()
                if got is None:
                    raise LookupError(f"no table {table_id!r}")
                row = LockedRow(table_id, got[0], got[1], got[2], _json_in(got[3]),
                                _json_in(got[4]) or {}, got[5], got[6])
                before = (row.status, row.deal_number, row.deadline, row.ended)
                yield tx, row
                tx.flush()
                params: tuple[Any, ...] = (row.version + 1, time.time(), table_id)
                if (row.status, row.deal_number, row.deadline, row.ended) == before:
                    tx.sql("UPDATE tables SET version = %s, updated_at = %s WHERE id = %s",
                           params)
                else:
                    tx.sql("UPDATE tables SET status = %s, deal_number = %s, deadline = %s, "
                           "ended = %s, version = %s, updated_at = %s WHERE id = %s",
                           (row.status, row.deal_number, _json_out(row.deadline), row.ended,
                            *params))
                row.version += 1
        except Exception:
            if conn.invalidated:  # the database went away: a fresh connection next time
                self._writer = None
            raise
        finally:
            tx.close()

    def touch(self, table_ids: Sequence[str], seats: Sequence[tuple[str, int]] = ()) -> None:
        """Say that these tables are followed (a process has clients at them) and these
        seats' people are connected: their ``updated_at`` and ``seen_at`` are now, so no
        other process closes the tables as idle or hands the seats to a bot."""
        now = time.time()
        with self.session() as s:
            if table_ids:
                s.execute(update(TableRow).where(TableRow.id.in_(table_ids))
                          .values(updated_at=now))
            for table_id, seat in seats:
                s.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                                SeatRow.seat == seat).values(seen_at=now))

    # -- queries that are a transaction by themselves ---------------------------------------

    def open_table_ids(self) -> list[str]:
        """Every table that is not over (what a server rebuilds when it starts)."""
        with self.session() as s:
            return list(s.execute(select(TableRow.id).where(TableRow.status != "over"))
                        .scalars().all())

    def table_id_of(self, key: str) -> str | None:
        """The id of the table whose id is ``key`` or whose code is ``key`` upper-cased."""
        with self.session() as s:
            row = s.execute(select(TableRow).where(
                (TableRow.id == key) | (TableRow.code == key.upper()))).scalar_one_or_none()
            return None if row is None else row.id

    def create_table(self, game: str, options: dict[str, Any], settings: dict[str, Any],
                     num_seats: int, bots: dict[int, str], host_hash: str | None) -> str:
        """Store a new table, ``waiting``, under a fresh code, with its seats empty or held
        by the ``bots`` named (seat → bot); returns its id."""
        now = time.time()
        with self.session() as s:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
                if s.execute(select(TableRow.id).where(TableRow.code == code)).first() is None:
                    break
            row = TableRow(id=secrets.token_hex(8), code=code, game=game, options=options,
                           settings=settings, status="waiting", deal_number=0, version=1,
                           deadline=None, created_at=now, updated_at=now, host_hash=host_hash)
            s.add(row)
            s.flush()
            for i in range(num_seats):
                bot = bots.get(i)
                s.add(SeatRow(table_id=row.id, seat=i, name=None if bot is None else
                              f"{bot} bot", bot=bot))
            return row.id

    def current_seats(self, table_id: str) -> list[Seat]:
        """The table's seats as stored now (another process may have changed them)."""
        with self.session() as s:
            return seats(s, table_id)

    def seat_seen_at(self, table_id: str, seat: int) -> float | None:
        """:func:`seen_at` in a transaction of its own (without the table's lock)."""
        with self.session() as s:
            return seen_at(s, table_id, seat)

    def versions(self, table_ids: Sequence[str]) -> list[tuple[str, int]]:
        """``(id, version)`` of these tables (those that exist)."""
        with self.session() as s:
            rows = s.execute(select(TableRow.id, TableRow.version)
                             .where(TableRow.id.in_(list(table_ids)))).all()
            return [(table_id, version) for table_id, version in rows]

    def count_tables(self) -> int:
        """How many tables were ever made (over or not)."""
        with self.session() as s:
            count: int = s.execute(select(func.count()).select_from(TableRow)).scalar_one()
            return count

    def table_ids(self, status: str | None, limit: int = 200) -> list[str]:
        """The newest tables' ids, newest first: those of ``status``, else every table
        that is not over."""
        with self.session() as s:
            q = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
            q = q.where(TableRow.status == status) if status else \
                q.where(TableRow.status != "over")
            return [r.id for r in s.execute(q).scalars().all()]

    def finished_deals(self, table_id: str | None, limit: int) -> list[DealRow]:
        """The newest finished deals (of one table, or of all), newest first."""
        with self.session() as s:
            q = select(DealRow).where(DealRow.status == "over")
            if table_id is not None:
                q = q.where(DealRow.table_id == table_id)
            return list(s.execute(q.order_by(DealRow.finished_at.desc()).limit(limit))
                        .scalars())

    def finished_by_table(self, limit: int) -> list[tuple[TableRow, list[Seat], list[DealRow]]]:
        """The ``limit`` tables whose last deal finished most lately, that one first: each
        with its seats and its finished deals, newest first (their records left unread)."""
        with self.session() as s:
            last = func.max(DealRow.finished_at)
            ids = [r[0] for r in s.execute(
                select(DealRow.table_id).where(DealRow.status == "over")
                .group_by(DealRow.table_id).order_by(last.desc()).limit(limit)).all()]
            out = []
            for table_id in ids:
                row = s.get(TableRow, table_id)
                if row is None:
                    continue
                deals = s.execute(select(DealRow).options(defer(DealRow.record))
                                  .where(DealRow.table_id == table_id,
                                         DealRow.status == "over")
                                  .order_by(DealRow.number.desc())).scalars().all()
                out.append((row, seats(s, table_id), list(deals)))
            return out

    def deal(self, deal_id: str) -> DealRow | None:
        """One deal's row (its record, result and viewers), or ``None``."""
        with self.session() as s:
            return deal_row(s, deal_id)

    def dispose(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()


def _json_in(value: Any) -> Any:
    """A JSON column read through the driver: text on SQLite, decoded already by psycopg."""
    return json.loads(value) if isinstance(value, str) else value


def _json_out(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"))


@dataclass
class LockedRow:
    """The fields of a table's row a change reads and may set (see :meth:`Store.locked`)."""

    id: str
    version: int
    status: str
    deal_number: int
    deadline: dict[str, Any] | None
    settings: dict[str, Any]
    ended: str | None = None
    updated_at: float = 0.0
    """When the table last changed, or a process with clients at it said it is followed
    (:meth:`Store.touch`)."""


class Tx:
    """One locked change of a table: the driver's SQL for the frequent statements, an ORM
    session in the same transaction for the rest."""

    def __init__(self, conn: Connection, sqlite: bool) -> None:
        self.conn = conn
        self.sqlite = sqlite
        self._session: Session | None = None
        self._cursor: Any = None

    def sql(self, statement: str, params: tuple[Any, ...] = ()) -> Any:
        """Run SQL written with ``%s`` placeholders (SQLite's are ``?``) on the driver's own
        cursor, in this transaction; gives the cursor (``fetchone``, ``fetchall``)."""
        if self.sqlite:
            statement = statement.replace("%s", "?")
        if self._cursor is None:
            self._cursor = self.conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        self._cursor.execute(statement, params)
        return self._cursor

    def add_action(self, deal_id: str, idx: int, action: list[Any], by_bot: bool) -> None:
        self.sql("INSERT INTO actions (deal_id, idx, action, by_bot, created_at) "
                 "VALUES (%s, %s, %s, %s, %s)",
                 (deal_id, idx, _json_out(action), by_bot, time.time()))

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session(bind=self.conn, expire_on_commit=False)
        return self._session

    # the ORM calls of the rarer changes, on that session
    def get(self, entity: type[_T], key: Any) -> _T | None:
        return self.session.get(entity, key)

    def add(self, obj: Any) -> None:
        self.session.add(obj)

    def execute(self, statement: Any) -> Any:
        return self.session.execute(statement)

    def flush(self) -> None:
        if self._session is not None:
            self._session.flush()

    def close(self) -> None:
        if self._cursor is not None:
            self._cursor.close()
        if self._session is not None:
            self._session.close()


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False,
                                                   "timeout": 30}}
        if path == ":memory:" or not path:
            kwargs["poolclass"] = StaticPool  # one connection holds the whole database
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            conn.isolation_level = None  # transactions are begun below, not by the driver
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a committed transaction survives the process being killed (it is
            # in the operating system's hands); only a power cut may lose the last ones
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # take the write lock at once: one writer at a time, no lock upgrade deadlocks
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


Reader = Session | Tx
"""The transaction a query of this module runs in: a session (:meth:`Store.session`, a
:meth:`Store.snapshot`) or a locked change (:meth:`Store.locked`)."""


# -- reading a table, within the caller's transaction -----------------------------------------

def table_row(s: Reader, table_id: str) -> TableRow | None:
    """The table's row, or ``None`` if there is no such table."""
    return s.get(TableRow, table_id)


def seats(s: Reader, table_id: str) -> list[Seat]:
    """The table's seats in order, as the service holds them."""
    rows = s.execute(select(SeatRow).where(SeatRow.table_id == table_id)
                     .order_by(SeatRow.seat)).scalars().all()
    return [Seat(r.name, r.token_hash, r.bot, r.trustee) for r in rows]


def deals(s: Reader, table_id: str) -> list[DealRow]:
    """Every deal of the table, first first."""
    return list(s.execute(select(DealRow).where(DealRow.table_id == table_id)
                          .order_by(DealRow.number)).scalars().all())


def deal_row(s: Reader, deal_id: str) -> DealRow | None:
    return s.get(DealRow, deal_id)


def actions(s: Reader, deal_id: str, since: int) -> list[list[Any]]:
    """The deal's stored actions from state ``since`` on, in order (record form)."""
    rows = s.execute(select(ActionRow).where(ActionRow.deal_id == deal_id,
                                             ActionRow.idx >= since)
                     .order_by(ActionRow.idx)).scalars().all()
    return [r.action for r in rows]


def seen_at(s: Reader, table_id: str, seat: int) -> float | None:
    """When a process last said the seat's person is connected to it (:meth:`Store.touch`)."""
    r = s.get(SeatRow, (table_id, seat))
    return None if r is None else r.seen_at


# -- writing, within a locked change ----------------------------------------------------------

def write_seat(s: Tx, table_id: str, seat: int, new: Seat) -> None:
    """The seat becomes ``new`` (a person, a bot, empty; its trustee)."""
    r = s.get(SeatRow, (table_id, seat))
    assert r is not None
    r.name, r.token_hash, r.bot, r.trustee = new.name, new.token_hash, new.bot, new.trustee


def add_deal(s: Tx, deal_id: str, table_id: str, number: int, seed: int,
             start: dict[str, Any] | None) -> None:
    """A new deal being played, dealt from ``seed`` (the secret that every hand follows from)."""
    s.add(DealRow(id=deal_id, table_id=table_id, number=number, seed=seed, start=start,
                  status="playing", created_at=time.time()))


def finish_deal(s: Tx, deal_id: str, result: dict[str, Any], returns: list[float] | None,
                record: dict[str, Any], viewers: list[str] | None) -> DealRow:
    """The deal is over: its result, returns and record (``viewers``: who may read it)."""
    d = s.get(DealRow, deal_id)
    assert d is not None
    d.status = "over"
    d.result = result
    d.returns = returns
    d.record = record
    d.viewers = viewers
    d.finished_at = time.time()
    return d


def abandon_deal(s: Tx, deal_id: str) -> None:
    """The table closed while the deal was played: it stays stored, ``abandoned``."""
    d = s.get(DealRow, deal_id)
    if d is not None and d.status == "playing":
        d.status = "abandoned"
        d.finished_at = time.time()


__all__ = ["LockedRow", "Reader", "Store", "Tx", "abandon_deal", "actions", "add_deal",
           "deal_row", "deals", "default_url", "finish_deal", "normalise_url", "seats",
           "seen_at", "table_row", "write_seat"]
