"""What the server stores: SQLAlchemy 2 tables, migrated by Alembic (``migrations/``).

What is stored is what the server is rebuilt from after a restart: the tables and their
settings, the seats (with a hash of each seat's token, never the token), every deal with its
secret seed, and every action. How it is read and written — every query, the transactions and
the table's lock — is :mod:`paizhuo.server.store`; this module is only the schema, which
Alembic's revisions follow (``docs/deploy.md``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


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


__all__ = ["ActionRow", "Base", "DealRow", "SeatRow", "TableRow"]
