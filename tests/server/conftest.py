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
