"""What the server stores, and how: SQLAlchemy 2 tables, migrated by Alembic.

SQLite (the default: one file in the user's data folder) or PostgreSQL by URL. Every change of
a table — a seat taken, a bot seated, an action applied, a deal ended — is one transaction,
committed before any message about it is sent (``docs/protocol.md``). What is stored is what
the server is rebuilt from after a restart: the tables and their settings, the seats (with a
hash of each seat's token, never the token), every deal with its secret seed, and every action.

A table's changes are serialised through the database: :meth:`Store.locked` takes the table's
row lock (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` write lock), so
two server processes sharing one PostgreSQL never apply two actions against the same state.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

from paizhuo.paths import data_dir

_T = TypeVar("_T")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: one game with its options, played deal after deal."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting`` (seats open), ``playing``, ``paused`` (nobody was connected when a deal
    ended: the next deal is dealt and waits), ``over`` (see ``ended``)."""
    deal_number: Mapped[int] = mapped_column(Integer, default=0)
    """The number of the current deal (0 for the first; void deals count)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Grows with every change of the table (seats, deals, actions): what other processes
    are told about."""
    deadline: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The running turn timer: ``{"seat": n, "state_id": k, "at": epoch seconds}``."""
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the host's token (given to whoever created the table): it may seat bots
    and close the table."""
    ended: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Why a table is ``over``: ``match`` (the engine's match or series ended), ``deals``
    (``settings.deals`` reached), ``closed`` (by its host), ``idle`` (nobody came back)."""


class SeatRow(Base):
    """A seat of a table: empty, a person (by token hash), or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The bot sitting in this seat (a bot seat) — ``None`` for a person or an empty seat."""
    trustee: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """托管: why a bot plays for the person now (``asked``, ``timeout``, ``disconnect``)."""
    seen_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When a process last said the seat's person is connected to it (several processes:
    another process's grace for the seat does not run out while it is recent)."""


class DealRow(Base):
    """One deal of a table, with the secret seed it was dealt from."""

    __tablename__ = "deals"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``playing``, ``over``, or ``abandoned`` (the table was closed during it)."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    returns: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Once over: the deal's record (explicit hands, no seed)."""
    viewers: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """Who may read ``record``: ``None`` anyone; else the token hashes of the seats the
    rules let see everything it holds (Shengji's kitty with ``reveal_kitty`` off, SJ-13)."""
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ActionRow(Base):
    """One applied action of a deal; ``idx`` is the ``state_id`` before it."""

    __tablename__ = "actions"

    deal_id: Mapped[str] = mapped_column(ForeignKey("deals.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[list[Any]] = mapped_column(JSON)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column(Float)


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
        from paizhuo.server.migrate import upgrade

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


__all__ = ["ActionRow", "Base", "DealRow", "LockedRow", "SeatRow", "Store", "TableRow", "Tx",
           "default_url", "normalise_url"]
