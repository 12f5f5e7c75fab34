"""The commands that seat people at a table: ``paizhuo play`` (the terminal table,
:mod:`paizhuo.terminal`: one person, bots at the other seats) and ``paizhuo serve`` (the table
server, :mod:`paizhuo.server`: friends in their browsers)."""

from __future__ import annotations

import os
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
    db_option,
    game_and_options,
    guarded,
    seed_option,
)


@guarded
def play(
    game: GameArgument,
    preset: PresetOption = None,
    seat: Annotated[int, typer.Option(metavar="SEAT", help="Your seat (from 0).")] = 0,
    seed: Annotated[int, seed_option("Seed of the deal.")] = 0,
    bots: Annotated[str, bots_option("Bots at the other seats, comma-separated.")] = "greedy",
    option: RuleOptions = None,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False, show_default="records in the paizhuo data folder",
        help="Folder for the record of every deal ($PAIZHUO_HOME moves the data folder).")]
    = None,
) -> None:
    """Play at a table in the terminal against bots.

    Every deal's record is written to a file (path printed), however the game ends.
    """
    from paizhuo.paths import records_dir
    from paizhuo.terminal.table import TerminalPlay

    cls, options = game_and_options(game, preset, option)
    seats = cls.new(options).num_seats
    names = bot_list(bots, seats - 1, "other seats")
    TerminalPlay(cls, options, seat, seed, names, console,
                 records=records if records is not None else records_dir()).run()


@guarded
def serve(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="PORT",
                                      help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[str | None, db_option(
        "Database: a SQLite file or sqlite:///… URL, or postgresql://user@host/name "
        "(default: SQLite in the data folder).")] = None,
    migrate_only: Annotated[bool, typer.Option(
        "--migrate-only", help="Bring the database to the newest schema and exit.")] = False,
    log_level: Annotated[str, typer.Option(metavar="LEVEL", help="uvicorn's log level.")]
    = "info",
    allow_seeds: Annotated[bool, typer.Option(
        "--allow-seeds", help="Accept a table's settings.seed (tests and demos: whoever "
                              "knows the seed knows every hand).")] = False,
) -> None:
    """The table server: friends sit down at a table, bots take the empty seats (see
    docs/protocol.md)."""
    from paizhuo.server.model import ALLOW_SEEDS_ENV
    from paizhuo.server.run import migrate_database, run_server

    if allow_seeds:
        os.environ[ALLOW_SEEDS_ENV] = "1"

    if migrate_only:
        console.print(f"database at the newest schema: {migrate_database(db)}")
        return
    run_server(host, port, db, log_level)
