"""Alembic migrations, run from code (no ``alembic.ini``): :func:`upgrade` brings a database
to the newest revision when the server starts; ``paizhuo serve --migrate-only`` just that.

A new revision: ``alembic -c src/paizhuo/server/migrations/alembic.ini revision -m "…"`` after
changing :mod:`paizhuo.server.db` (``docs/deploy.md``).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).parent / "migrations"
_LOCK_ID = 0x7061697A  # "paiz": one migrating process at a time on a shared PostgreSQL


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database behind ``engine`` to ``revision`` (in one transaction)."""
    cfg = config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_ID})")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def current(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for an empty one)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


__all__ = ["MIGRATIONS", "config", "current", "upgrade"]
