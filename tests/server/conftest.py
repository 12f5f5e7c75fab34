"""Fixtures for the server tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from .pgcluster import PostgresCluster, PostgresUnavailable


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """SQLAlchemy URL of a throwaway PostgreSQL database, one cluster per test process
    (each xdist worker starts its own, on its own free port), stopped and deleted at the
    end of the session.

    Without PostgreSQL installed the tests using it are skipped, unless
    ``PAIZHUO_REQUIRE_POSTGRES=1`` (CI sets it), in which case they fail."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    try:
        cluster = PostgresCluster(name=f"pg-{worker}")
    except PostgresUnavailable as exc:
        if os.environ.get("PAIZHUO_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PAIZHUO_REQUIRE_POSTGRES=1 but PostgreSQL cannot run: {exc}",
                        pytrace=False)
        pytest.skip(f"PostgreSQL not available: {exc}")
    with cluster as url:
        yield url


@pytest.fixture
def pg_db(postgres_url: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database of its own for one test (a server loads every table
    of its database at start: tests sharing one would run each other's bots)."""
    import secrets

    from sqlalchemy import create_engine, text

    name = f"t_{secrets.token_hex(6)}"
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield postgres_url.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """The storage tests run on both databases the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/paizhuo.db"
    url: str = request.getfixturevalue("pg_db")
    return url
