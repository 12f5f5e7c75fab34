"""Alembic's environment: the connection comes from :func:`paizhuo.server.migrate.upgrade`
(or, for ``alembic revision --autogenerate``, from ``sqlalchemy.url`` in alembic.ini)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from paizhuo.server.db import Base

config = context.config
target = Base.metadata


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
        with engine.begin() as own:
            context.configure(connection=own, target_metadata=target,
                              render_as_batch=own.dialect.name == "sqlite")
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=conn, target_metadata=target,
                      render_as_batch=conn.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run()
