"""The commands that seat people at a table: ``paizhuo play`` (the terminal table,
:mod:`paizhuo.terminal`: one person, bots at the other seats) and ``paizhuo serve`` (the table
server, :mod:`paizhuo.server`: friends in their browsers)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Annotated

import typer

from paizhuo.cli.common import (
    GameArgument,
    PresetOption,
    RuleOptions,
    bot_list,
    bots_option,
    console,
    data_option,
    db_option,
    game_and_options,
    guarded,
    seed_option,
    use_data_dir,
)
from paizhuo.engine.errors import MalformedError

SEED_RANGE = 1_000_000
"""``paizhuo play`` without ``--seed`` deals with a seed drawn below this (short to retype)."""


def table_language() -> str:
    """The terminal table's language when ``--lang`` is not given: 中文 where the locale is
    Chinese (``LANG=zh_CN.UTF-8``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


@guarded
def play(
    game: GameArgument,
    preset: PresetOption = None,
    seat: Annotated[int, typer.Option(
        metavar="SEAT", help="Your seat, 1 to N as the table numbers them.")] = 1,
    seed: Annotated[int | None, seed_option(
        "Seed of the deal (default: a new random deal each time; the seed is printed, and "
        "--seed with it deals the same cards again).")] = None,
    bots: Annotated[str, bots_option("Bots at the other seats, comma-separated.")] = "greedy",
    option: RuleOptions = None,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False, show_default="records in the paizhuo data folder",
        help="Folder for the record of every deal.")]
    = None,
    data: Annotated[Path | None, data_option()] = None,
    lang: Annotated[str | None, typer.Option(
        metavar="LANG", show_default="zh where the locale is Chinese, else en",
        help="The table's language: en (English) or zh (中文).")] = None,
) -> None:
    """Play at a table in the terminal against bots.

    Every deal's record is written to a file, however the game ends (quitting included),
    and its path printed.
    """
    from paizhuo.paths import records_dir
    from paizhuo.terminal.table import TerminalPlay

    use_data_dir(data)
    cls, options = game_and_options(game, preset, option)
    seats = cls.new(options).num_seats
    if not 1 <= seat <= seats:
        raise MalformedError("seat", f"seat {seat} does not exist: this table has seats "
                             f"1–{seats}")
    names = bot_list(bots, seats - 1, "other seats")
    if seed is None:
        seed = secrets.randbelow(SEED_RANGE)
    TerminalPlay(cls, options, seat - 1, seed, names, console,
                 records=records if records is not None else records_dir(),
                 lang=table_language() if lang is None else lang.strip().lower()).run()


@guarded
def serve(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="PORT",
                                      help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[str | None, db_option(
        "Database: a SQLite file or sqlite:///… URL, or postgresql://user@host/name "
        "(default: paizhuo.db, SQLite, in the data folder: --data).")] = None,
    migrate_only: Annotated[bool, typer.Option(
        "--migrate-only", help="Bring the database to the newest schema and exit.")] = False,
    log_level: Annotated[str, typer.Option(metavar="LEVEL", help="uvicorn's log level.")]
    = "info",
    allow_seeds: Annotated[bool, typer.Option(
        "--allow-seeds", help="Accept a table's settings.seed (tests and demos: whoever "
                              "knows the seed knows every hand).")] = False,
    data: Annotated[Path | None, data_option()] = None,
) -> None:
    """The table server: friends sit down at a table, bots take the empty seats (see
    docs/protocol.md).

    Its SQLite database is paizhuo.db in the data folder: --data DIR, or the environment
    variable PAIZHUO_HOME, moves it.
    """
    from paizhuo.server.model import ALLOW_SEEDS_ENV
    from paizhuo.server.run import migrate_database, run_server

    if allow_seeds:
        os.environ[ALLOW_SEEDS_ENV] = "1"
    use_data_dir(data)

    if migrate_only:
        console.print(f"database at the newest schema: {migrate_database(db)}")
        return
    run_server(host, port, db, log_level)
