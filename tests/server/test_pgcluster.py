"""The throwaway PostgreSQL cluster (``postgres_url``) works for what the server needs:
SQLAlchemy through psycopg, and LISTEN/NOTIFY between two connections."""

from __future__ import annotations

import psycopg
import sqlalchemy as sa
from sqlalchemy.engine import make_url


def _conninfo(url: str) -> str:
    """The psycopg connection string for a ``postgresql+psycopg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def test_sqlalchemy_table_round_trip(postgres_url: str) -> None:
    engine = sa.create_engine(postgres_url)
    try:
        metadata = sa.MetaData()
        table = sa.Table(
            "pgcluster_probe", metadata,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(50), nullable=False),
        )
        metadata.create_all(engine)
        try:
            with engine.begin() as conn:
                conn.execute(table.insert().values(id=1, name="牌桌"))
            with engine.connect() as conn:
                rows = conn.execute(sa.select(table.c.id, table.c.name)).all()
                version = conn.execute(sa.text("SELECT version()")).scalar_one()
                database = conn.execute(sa.text("SELECT current_database()")).scalar_one()
        finally:
            metadata.drop_all(engine)
    finally:
        engine.dispose()
    assert [tuple(row) for row in rows] == [(1, "牌桌")]
    assert version.startswith("PostgreSQL ")
    assert database == "paizhuo"


def test_listen_notify_between_connections(postgres_url: str) -> None:
    conninfo = _conninfo(postgres_url)
    with psycopg.connect(conninfo, autocommit=True) as listener, \
            psycopg.connect(conninfo, autocommit=True) as sender:
        listener.execute("LISTEN pgcluster_probe")
        sender.execute("NOTIFY pgcluster_probe, 'hello'")
        received = [(n.channel, n.payload) for n in listener.notifies(timeout=5, stop_after=1)]
    assert received == [("pgcluster_probe", "hello")]
