"""The ``paizhuo`` command line: judge records, play in the terminal, simulate, benchmark.

``app`` is the Typer application (``paizhuo.cli:main``, the script's entry point, runs it).
Each group of commands lives beside what it drives, and the options they share are defined
once (:mod:`paizhuo.cli.common`):

- :mod:`paizhuo.cli.judge` — ``judge``;
- :mod:`paizhuo.cli.arena` — ``simulate`` and ``arena`` (bots against bots);
- :mod:`paizhuo.cli.audit` — ``audit`` (the bots' blunders counted);
- :mod:`paizhuo.cli.tables` — ``play`` (the terminal table) and ``serve`` (the table server);
- :mod:`paizhuo.cli.bench` — ``bench``.

Exit statuses: 0 success (``judge``: legal record), 1 illegal action (``judge``), 2 malformed
input (a record, a file that cannot be read, an unknown game, preset, bot or option, a bad
command line), 3 internal error (a bug in paizhuo; run with ``PAIZHUO_DEBUG=1`` for the
traceback). No input gives a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any

import click
import typer
from typer.core import TyperGroup

from paizhuo import __version__
from paizhuo.cli import arena, audit, bench, judge, tables, train
from paizhuo.cli.common import EXIT_INTERNAL, console, err_console, error, internal_error


class _Group(TyperGroup):
    """The command group, printing a command-line mistake with the error on its first line.

    Click prints the usage first and the error after it; a reader (and a script reading the
    first line of standard error) wants the error first.
    """

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except click.UsageError as exc:
            error(exc.format_message())
            if exc.ctx is not None:
                err_console.print(exc.ctx.get_usage(), markup=False, soft_wrap=True)
                err_console.print(f"Try '{exc.ctx.command_path} --help' for help.",
                                  markup=False, soft_wrap=True)
            code = exc.exit_code
        except click.ClickException as exc:
            error(exc.format_message())
            code = exc.exit_code
        except click.exceptions.Abort:
            err_console.print("stopped")
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


HELP = ("牌桌 paizhuo — Shengji, Gouji and Baohuang: play at a table (serve: in the browser; "
        "play: in the terminal), judge records, simulate, bench.\n\n"
        "Your files (records of played deals, the server's database) are kept in the data "
        "folder: $PAIZHUO_HOME, else the platform's user data folder (Linux: "
        "~/.local/share/paizhuo); serve --data and play --data move it.")
"""What ``paizhuo --help`` says first."""

app = typer.Typer(
    name="paizhuo",
    cls=_Group,
    help=HELP,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        console.print(f"paizhuo {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_show_version,
        help="Print the version and exit.")] = False,
) -> None:
    """The ``paizhuo`` command group (its help is :data:`HELP`)."""


def short_help(doc: str | None) -> str:
    r"""A command's line in ``paizhuo --help``: the first sentence of its docstring on one
    line (Rich keeps a docstring's line breaks there, which cut its sentences mid-way).

    >>> short_help("Play at a table.\n\n    More.")
    'Play at a table.'
    >>> short_help("The server: friends sit down (see\n    docs/protocol.md). Then more.")
    'The server: friends sit down (see docs/protocol.md).'
    """
    first = paragraphs(doc).split("\n\n")[0]
    end = first.find(". ")
    return first if end < 0 else first[:end + 1]


def paragraphs(doc: str | None) -> str:
    r"""A command's help: its docstring with each paragraph on one line (Rich wraps them
    to the terminal; it would keep the docstring's own line breaks after the first).

    >>> paragraphs("One\n    two.\n\n    Three\n    four.")
    'One two.\n\nThree four.'
    """
    return "\n\n".join(" ".join(part.split()) for part in (doc or "").strip().split("\n\n"))


# in the order ``paizhuo --help`` lists them
for _command in (judge.judge, arena.simulate, tables.play, bench.bench, arena.arena,
                 audit.audit, train.train, tables.serve):
    app.command(short_help=short_help(_command.__doc__),
                help=paragraphs(_command.__doc__))(_command)


def main() -> None:
    """Entry point of the ``paizhuo`` script."""
    try:
        app()
    except Exception as exc:  # last resort: the commands already turn errors into messages
        internal_error(exc)
        sys.exit(EXIT_INTERNAL)


__all__ = ["app", "main"]
