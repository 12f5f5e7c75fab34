"""What every command of the ``paizhuo`` command line shares: its consoles, the one way an
error becomes a message and an exit status, the reading of a game, its preset, its rule
options and a list of bots, and the options several commands take (defined once here, so
that ``--option`` or ``--preset`` reads the same in every command's help).

Exit statuses: 0 success (``judge``: legal record), 1 illegal action (``judge``), 2 malformed
input (a record, a file that cannot be read, an unknown game, preset, bot or option, a bad
command line), 3 internal error (a bug in paizhuo; run with ``PAIZHUO_DEBUG=1`` for the
traceback). No input gives a traceback.
"""

from __future__ import annotations

import functools
import json
import os
import traceback
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import click
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.game import Game
from paizhuo.engine.judge import MALFORMED
from paizhuo.games import GAME_NAMES, game_class

EXIT_MALFORMED = MALFORMED
"""Every command exits with the judge's status for malformed input."""
EXIT_INTERNAL = 3

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


# -- the options several commands take -------------------------------------------------------

GameArgument = Annotated[str, typer.Argument(
    metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}.")]
"""The game a command plays (``simulate``, ``play``, ``arena``)."""
PresetOption = Annotated[str | None, typer.Option(
    metavar="PRESET", help="Option preset (default: the game's).")]
"""The rule preset, ``None`` for the game's default options."""
RuleOptions = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="A rule option key=value (value read as JSON if it is).")]
"""Rule options one at a time (:func:`parse_option`), over the preset's."""


def seed_option(help_text: str) -> Any:
    """``--seed SEED``, with what the seed decides in this command."""
    return typer.Option(metavar="SEED", help=help_text)


def count_option(help_text: str) -> Any:
    """A number of games, deals or rounds: ``N``, at least 1."""
    return typer.Option(min=1, metavar="N", help=help_text)


def bots_option(help_text: str, metavar: str = "BOTS") -> Any:
    """``--bots``: bot names separated by commas (:func:`bot_list` reads them)."""
    return typer.Option(metavar=metavar, help=help_text)


def _shown_home() -> str:
    """The platform's data folder as help shows it (``~/.local/share/paizhuo``)."""
    from pathlib import Path

    from paizhuo.paths import platform_data_dir

    folder = platform_data_dir()
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


def data_option() -> Any:
    """``--data DIR``: the data folder (records, the server's database), which
    ``$PAIZHUO_HOME`` also sets."""
    return typer.Option(
        "--data", metavar="DIR", file_okay=False,
        show_default=f"$PAIZHUO_HOME, else {_shown_home()}",
        help="The data folder: the records of played deals and the server's SQLite database. "
             "The environment variable PAIZHUO_HOME sets it too.")


def use_data_dir(folder: Any) -> None:
    """Make ``--data DIR`` the data folder of this process (as ``PAIZHUO_HOME`` would)."""
    if folder is not None:
        from paizhuo.paths import HOME_ENV

        os.environ[HOME_ENV] = str(folder)


def db_option(help_text: str) -> Any:
    """``--db URL``: the table server's database."""
    return typer.Option(metavar="URL", help=help_text)


def progress_bar() -> Progress:
    """The progress bar of a long run (games or deals done of all), on standard error and
    gone when done, so that standard output holds only the figures."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console, transient=True)


# -- errors ------------------------------------------------------------------------------------

class CommandError(Exception):
    """A problem with the command's input: printed as a message, exit status ``code``."""

    def __init__(self, message: str, code: int = EXIT_MALFORMED) -> None:
        self.message = message
        self.code = code
        super().__init__(message)


def guarded(func: Callable[P, R]) -> Callable[P, R]:
    """Turn every error into a message and an exit status; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, click.exceptions.Exit, click.ClickException,
                click.exceptions.Abort):
            raise
        except CommandError as exc:
            error(exc.message)
            raise typer.Exit(exc.code) from None
        except MalformedError as exc:
            error(str(exc))
            raise typer.Exit(EXIT_MALFORMED) from None
        except KeyboardInterrupt:
            err_console.print("interrupted")
            raise typer.Exit(130) from None
        except Exception as exc:
            internal_error(exc)
            raise typer.Exit(EXIT_INTERNAL) from None

    return wrapper


def error(message: str) -> None:
    """Print ``error: message`` on standard error."""
    err_console.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)


def internal_error(exc: BaseException) -> None:
    """Print a bug in paizhuo as one line (the traceback too with ``PAIZHUO_DEBUG=1``)."""
    if os.environ.get("PAIZHUO_DEBUG"):
        err_console.print(traceback.format_exc(), markup=False)
    err_console.print("[red]internal error[/red] (a bug in paizhuo, please report it): "
                      f"{escape(f'{type(exc).__name__}: {exc}')}", soft_wrap=True)


# -- reading a game, its options and bots ------------------------------------------------------

def game_of(name: str) -> type[Game]:
    """The game class named ``name`` (in any case), or a :class:`CommandError`."""
    try:
        return game_class(name.strip().lower())
    except MalformedError as exc:
        raise CommandError(exc.message) from None


def presets(cls: type[Game], preset: str | None, allow_all: bool = False) -> list[str]:
    """The presets ``--preset`` names: none, one, or (``allow_all``) ``all`` of them."""
    if preset is None:
        return []
    if allow_all and preset == "all":
        return list(cls.PRESETS)
    if preset not in cls.PRESETS:
        raise CommandError(f"unknown preset {describe(preset)} for {cls.name}; presets are "
                           f"{', '.join(cls.PRESETS)}" + (" (or all)" if allow_all else ""))
    return [preset]


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with the value read as JSON when it is JSON, else as text.

    >>> parse_option("decks=3"), parse_option("kitty_multiplier=doubling")
    (('decks', 3), ('kitty_multiplier', 'doubling'))
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise CommandError(f"bad --option {describe(text)}: write key=value, e.g. --option decks=3")
    try:
        return key.strip(), json.loads(value)
    except ValueError:
        return key.strip(), value


def parse_options(option: list[str] | None) -> dict[str, Any]:
    """Every ``--option`` as a dict (a later key wins)."""
    return dict(parse_option(o) for o in option or [])


def options_of(cls: type[Game], preset: str | None,
               option: list[str] | None) -> dict[str, Any]:
    """The rule options of ``--preset`` and ``--option`` together."""
    options = parse_options(option)
    if preset is not None:
        options["preset"] = presets(cls, preset)[0]  # --preset wins over -o preset=…
    return options


def game_and_options(game: str, preset: str | None,
                     option: list[str] | None) -> tuple[type[Game], dict[str, Any]]:
    """The game a command names and its rule options (:func:`game_of`, :func:`options_of`)."""
    cls = game_of(game)
    return cls, options_of(cls, preset, option)


def bot_list(text: str, seats: int | None = None, what: str = "seats") -> list[str]:
    """Bot names from ``--bots``: comma-separated, none empty, at most ``seats`` of them."""
    names = [n.strip() for n in text.split(",")]
    if not any(names):
        raise CommandError("--bots needs at least one bot name, e.g. --bots random,greedy")
    if not all(names):
        raise CommandError(f"--bots {describe(text)} has an empty name: write names separated by "
                           "commas, e.g. --bots random,greedy")
    if seats is not None and len(names) > seats:
        raise CommandError(f"--bots names {len(names)} bots but there are only {seats} {what}")
    return names
