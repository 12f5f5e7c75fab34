"""A throwaway PostgreSQL cluster for the test suite.

``PostgresCluster`` runs ``initdb`` in a fresh temporary folder, starts the server with
``pg_ctl -w`` on a free TCP port of 127.0.0.1 (its unix socket stays inside that folder),
creates the database ``paizhuo`` and gives back a SQLAlchemy URL for it; ``stop`` kills
the server (``pg_ctl -m immediate stop``: nothing in it is worth keeping) and deletes the
folder. The cluster trades durability for speed (fsync, synchronous_commit and
full_page_writes off).

PostgreSQL refuses to run as root; when the tests run as root the cluster runs as the
``postgres`` system user (``runuser -u postgres --``), which owns the temporary folder.

The binaries (``initdb``, ``pg_ctl``, ``postgres``) are looked for on ``PATH``, then under
``/usr/lib/postgresql/<version>/bin`` (Debian's layout), newest version first.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = [
    "PostgresCluster",
    "PostgresUnavailable",
    "find_postgres_bin",
]

_BINARIES = ("initdb", "pg_ctl", "postgres")
_SUPERUSER = "postgres"
_DATABASE = "paizhuo"
_RUN_AS = "postgres"  # the system user the cluster runs as when the tests run as root
_START_TIMEOUT_S = 60


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can be run here (binaries missing, or root without a
    ``postgres`` user to run it as)."""


def _has_all(directory: Path) -> bool:
    return all(os.access(directory / name, os.X_OK) for name in _BINARIES)


def _version_key(directory: Path) -> tuple[int, ...]:
    # /usr/lib/postgresql/<version>/bin: "15", "9.6" …
    return tuple(int(part) for part in re.findall(r"\d+", directory.parent.name))


def find_postgres_bin() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or None.

    ``PATH`` first (the folder of the ``initdb`` found there, or of its link's target,
    when it holds the other two as well), then the newest
    ``/usr/lib/postgresql/*/bin``."""
    found = shutil.which("initdb")
    if found is not None:
        for directory in (Path(found).parent, Path(found).resolve().parent):
            if _has_all(directory):
                return directory
    candidates = [d for d in Path("/usr/lib/postgresql").glob("*/bin") if _has_all(d)]
    if candidates:
        return max(candidates, key=_version_key)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresCluster:
    """One throwaway PostgreSQL server with a database ``paizhuo``.

    Use as a context manager, or call ``start`` and ``stop``; ``url`` is the SQLAlchemy
    URL (``postgresql+psycopg://postgres@127.0.0.1:PORT/paizhuo``) once started."""

    def __init__(self, bin_dir: Path | None = None, *, name: str = "pg") -> None:
        found = bin_dir if bin_dir is not None else find_postgres_bin()
        if found is None:
            raise PostgresUnavailable(
                "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or under "
                "/usr/lib/postgresql/*/bin; install PostgreSQL (Debian: apt-get install "
                "postgresql)")
        self.bin_dir = found
        self.name = name
        self._run_as_postgres = os.geteuid() == 0
        if self._run_as_postgres:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable(
                    "running as root, and PostgreSQL refuses root, but runuser is missing "
                    "to run it as the postgres user")
            try:
                import pwd
                entry = pwd.getpwnam(_RUN_AS)
            except KeyError:
                raise PostgresUnavailable(
                    f"running as root, and PostgreSQL refuses root, but there is no "
                    f"{_RUN_AS!r} system user to run it as") from None
            self._uid, self._gid = entry.pw_uid, entry.pw_gid
        self.port: int | None = None
        self.url: str | None = None
        self.startup_s: float | None = None
        self._tmp: Path | None = None
        self._running = False

    # -- paths ---------------------------------------------------------------------------

    @property
    def _data(self) -> Path:
        assert self._tmp is not None
        return self._tmp / "data"

    @property
    def _socket_dir(self) -> Path:
        assert self._tmp is not None
        return self._tmp / "socket"

    @property
    def _log(self) -> Path:
        assert self._tmp is not None
        return self._tmp / "server.log"

    # -- running the binaries ------------------------------------------------------------

    def _cmd(self, binary: str, *args: str) -> list[str]:
        command = [str(self.bin_dir / binary), *args]
        if self._run_as_postgres:
            command = ["runuser", "-u", _RUN_AS, "--", *command]
        return command

    def _run(self, binary: str, *args: str, timeout: float = 120) -> None:
        # Output goes to a file, not a pipe: the server pg_ctl starts would inherit a pipe
        # and keep it open, and reading it to its end would wait for the server to stop.
        with tempfile.TemporaryFile() as out:
            result = subprocess.run(
                self._cmd(binary, *args), stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, cwd=self._tmp, timeout=timeout, check=False)
            if result.returncode != 0:
                out.seek(0)
                text = out.read().decode(errors="replace")
                raise RuntimeError(
                    f"{binary} {' '.join(args)} failed (exit {result.returncode}):\n"
                    f"{text}{self._log_tail()}")

    def _log_tail(self) -> str:
        try:
            lines = self._log.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\nserver log:\n" + "\n".join(lines[-30:])

    # -- life cycle ----------------------------------------------------------------------

    def start(self) -> str:
        """Create and start the cluster; returns the SQLAlchemy URL."""
        if self._running:
            assert self.url is not None
            return self.url
        began = time.monotonic()
        self._tmp = Path(tempfile.mkdtemp(prefix=f"paizhuo-{self.name}-"))
        atexit.register(self.stop)  # a session that ends badly still stops the server
        try:
            if self._run_as_postgres:
                os.chown(self._tmp, self._uid, self._gid)
            self._initdb()
            for attempt in range(5):
                self.port = _free_port()
                self._configure(self.port)
                try:
                    self._run("pg_ctl", "-D", str(self._data), "-l", str(self._log),
                              "-w", "-t", str(_START_TIMEOUT_S), "start",
                              timeout=_START_TIMEOUT_S + 30)
                except RuntimeError:
                    # Another process may have taken the port between our probe and the
                    # server's bind (xdist workers start clusters at the same time).
                    if attempt == 4 or "in use" not in self._log_tail():
                        raise
                    continue
                break
            self._running = True
            self._create_database()
        except BaseException:
            self.stop()
            raise
        self.url = f"postgresql+psycopg://{_SUPERUSER}@127.0.0.1:{self.port}/{_DATABASE}"
        self.startup_s = time.monotonic() - began
        return self.url

    def _initdb(self) -> None:
        if self._run_as_postgres:
            # Folders created by root inside the temporary folder would not be postgres's.
            self._socket_dir.mkdir()
            os.chown(self._socket_dir, self._uid, self._gid)
            self._log.touch()
            os.chown(self._log, self._uid, self._gid)
        else:
            self._socket_dir.mkdir()
        self._run("initdb", "-D", str(self._data), "--auth=trust", "--encoding=UTF8",
                  "--locale=C", f"--username={_SUPERUSER}", "--no-sync", "--no-instructions")

    def _configure(self, port: int) -> None:
        settings = {
            "listen_addresses": "'127.0.0.1'",
            "port": str(port),
            "unix_socket_directories": f"'{self._socket_dir}'",
            "max_connections": "200",
            "shared_buffers": "32MB",
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_parallel_workers_per_gather": "0",
            "logging_collector": "off",
        }
        # postgresql.auto.conf is read last and belongs to the cluster's owner already;
        # rewritten whole, so a retry on another port replaces the port.
        auto = self._data / "postgresql.auto.conf"
        stat = auto.stat()
        auto.write_text("".join(f"{key} = {value}\n" for key, value in settings.items()))
        if self._run_as_postgres:
            os.chown(auto, stat.st_uid, stat.st_gid)

    def _create_database(self) -> None:
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.port, user=_SUPERUSER,
                             dbname="postgres", autocommit=True, connect_timeout=10) as conn:
            conn.execute(f"CREATE DATABASE {_DATABASE}")

    def stop(self) -> None:
        """Stop the server (immediately) and delete its folder; safe to call twice."""
        with contextlib.suppress(Exception):
            atexit.unregister(self.stop)
        if self._tmp is None:
            return
        if self._running or (self._data / "postmaster.pid").exists():
            with contextlib.suppress(Exception):
                self._run("pg_ctl", "-D", str(self._data), "-m", "immediate", "-w",
                          "-t", "30", "stop", timeout=60)
        self._running = False
        shutil.rmtree(self._tmp, ignore_errors=True)
        self._tmp = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
