"""Running the server: ``paizhuo serve`` (uvicorn on one process; several processes on one
PostgreSQL behind a reverse proxy, ``docs/deploy.md``)."""

from __future__ import annotations

import gc
import logging
import socket
import sys

from sqlalchemy.exc import SQLAlchemyError

from paizhuo.engine.errors import MalformedError
from paizhuo.server.store import Store


def open_store(db: str | None) -> Store:
    """The database, migrated; a URL that cannot be used is the user's mistake, said so."""
    try:
        return Store(db)
    except SQLAlchemyError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise MalformedError("--db", f"cannot use the database {db!r}: {first}") from None


def migrate_database(db: str | None) -> str:
    """Migrate the database and return where it is (its URL without a password)."""
    store = open_store(db)
    try:
        return store.engine.url.render_as_string(hide_password=True)
    finally:
        store.dispose()


def run_server(host: str, port: int, db: str | None, log_level: str = "info") -> None:
    import uvicorn

    from paizhuo.server.app import create_app

    app = create_app(store=open_store(db))
    store = app.state.store
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise MalformedError("--port", f"cannot listen on {host}:{port}: {exc.strerror}") \
            from None
    bound = sock.getsockname()[1]
    where = store.engine.url.render_as_string(hide_password=True)
    shown = f"[{host}]" if ":" in host else host
    print(f"paizhuo serving on http://{shown}:{bound}/  (database: {where})", flush=True)
    logging.getLogger("paizhuo.server").setLevel(log_level.upper())
    # card-table messages are small: compressing them costs more CPU than it saves, and its
    # state is about 50 KB per connection (half of a table's memory)
    config = uvicorn.Config(app, log_level=log_level, ws_max_size=1 << 20,
                            ws_ping_interval=20, ws_ping_timeout=20,
                            ws_per_message_deflate=False)
    # what was loaded at start (the app, every table rebuilt) is never garbage: leave it out
    # of the collector's full passes, which otherwise stop every table for tenths of a second
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles the signal itself
        sys.exit(0)


__all__ = ["migrate_database", "run_server"]
