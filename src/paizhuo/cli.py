"""The ``paizhuo`` command line: judge records, play in the terminal, simulate, benchmark.

Exit statuses: 0 success (``judge``: legal record), 1 illegal action (``judge``), 2 malformed
input (a record, a file that cannot be read, an unknown game, preset, bot or option, a bad
command line), 3 internal error (a bug in paizhuo; run with ``PAIZHUO_DEBUG=1`` for the
traceback). No input gives a traceback.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import click
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from typer.core import TyperGroup

from paizhuo import __version__
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.game import Game
from paizhuo.engine.judge import MALFORMED, judge_text, malformed_answer
from paizhuo.games import GAME_NAMES, game_class

EXIT_MALFORMED = MALFORMED
"""Every command exits with the judge's status for malformed input."""
EXIT_INTERNAL = 3
MAX_RECORD_BYTES = 16_000_000
"""The judge refuses larger records (``--max-bytes``): a legal deal's record is a few KB."""


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
            _error(exc.format_message())
            if exc.ctx is not None:
                err_console.print(exc.ctx.get_usage(), markup=False, soft_wrap=True)
                err_console.print(f"Try '{exc.ctx.command_path} --help' for help.",
                                  markup=False, soft_wrap=True)
            code = exc.exit_code
        except click.ClickException as exc:
            _error(exc.format_message())
            code = exc.exit_code
        except click.exceptions.Abort:
            err_console.print("stopped")
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    name="paizhuo",
    cls=_Group,
    help="牌桌 paizhuo — Shengji, Gouji and Baohuang: judge records, play, simulate, bench.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


class CommandError(Exception):
    """A problem with the command's input: printed as a message, exit status ``code``."""

    def __init__(self, message: str, code: int = EXIT_MALFORMED) -> None:
        self.message = message
        self.code = code
        super().__init__(message)


def _guarded(func: Callable[P, R]) -> Callable[P, R]:
    """Turn every error into a message and an exit status; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, click.exceptions.Exit, click.ClickException,
                click.exceptions.Abort):
            raise
        except CommandError as exc:
            _error(exc.message)
            raise typer.Exit(exc.code) from None
        except MalformedError as exc:
            _error(str(exc))
            raise typer.Exit(EXIT_MALFORMED) from None
        except KeyboardInterrupt:
            err_console.print("interrupted")
            raise typer.Exit(130) from None
        except Exception as exc:
            _internal_error(exc)
            raise typer.Exit(EXIT_INTERNAL) from None

    return wrapper


def _error(message: str) -> None:
    err_console.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)


def _internal_error(exc: BaseException) -> None:
    if os.environ.get("PAIZHUO_DEBUG"):
        err_console.print(traceback.format_exc(), markup=False)
    err_console.print("[red]internal error[/red] (a bug in paizhuo, please report it): "
                      f"{escape(f'{type(exc).__name__}: {exc}')}", soft_wrap=True)


def _game(name: str) -> type[Game]:
    try:
        return game_class(name.strip().lower())
    except MalformedError as exc:
        raise CommandError(exc.message) from None


def _presets(cls: type[Game], preset: str | None, allow_all: bool = False) -> list[str]:
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


def _parse_options(option: list[str] | None) -> dict[str, Any]:
    return dict(parse_option(o) for o in option or [])


def _options(cls: type[Game], preset: str | None, option: list[str] | None) -> dict[str, Any]:
    options = _parse_options(option)
    if preset is not None:
        options["preset"] = _presets(cls, preset)[0]  # --preset wins over -o preset=…
    return options


def _bot_list(text: str, seats: int | None = None, what: str = "seats") -> list[str]:
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
    """牌桌 paizhuo — Shengji, Gouji and Baohuang: judge records, play, simulate, bench."""


# -- judge -----------------------------------------------------------------------------------

def _read_input(file: str, max_bytes: int = MAX_RECORD_BYTES) -> str:
    """The text of ``file`` (``-``: standard input), refused past ``max_bytes``."""
    label = "standard input" if file == "-" else repr(file)
    size = 0
    try:
        if file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data: bytes | str = (stream.read(max_bytes + 1) if stream is not None
                                 else sys.stdin.read(max_bytes + 1))
        else:
            with open(file, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                data = b"" if size > max_bytes else handle.read(max_bytes + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {label}: {exc.strerror or exc}") from None
    if len(data) > max_bytes or (file != "-" and size > max_bytes):
        raise CommandError(f"{label} is larger than {max_bytes:,} bytes, the most the judge "
                           "reads (a deal's record takes a few kilobytes; --max-bytes "
                           "changes the limit)")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CommandError(f"cannot read {label}: not UTF-8 text ({exc.reason} at byte "
                           f"{exc.start})") from None


def _emit_json(answer: dict[str, Any]) -> None:
    text = json.dumps(answer, ensure_ascii=False)
    try:
        sys.stdout.write(text + "\n")
    except UnicodeEncodeError:  # a terminal that cannot show Chinese still gets the answer
        sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


@app.command()
def judge(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A record (JSON) file, or - for standard input.")],
    max_bytes: Annotated[int, typer.Option(
        "--max-bytes", metavar="N", min=1,
        help="Refuse a record larger than N bytes (exit 2).")] = MAX_RECORD_BYTES,
) -> None:
    """Check a game record: print the judge's JSON answer; exit 0 legal, 1 illegal, 2 malformed.
    """
    try:
        text = _read_input(file, max_bytes)
    except CommandError as exc:
        _emit_json(malformed_answer(MalformedError("", exc.message)))
        _error(exc.message)
        raise typer.Exit(MALFORMED) from None
    try:
        status, answer = judge_text(text)
    except Exception as exc:  # an engine bug must still answer in JSON, without a traceback
        _emit_json({"valid": False, "internal_error": True,
                    "message": f"{type(exc).__name__}: {exc}"})
        _internal_error(exc)
        raise typer.Exit(EXIT_INTERNAL) from None
    _emit_json(answer)
    raise typer.Exit(status)


# -- simulate --------------------------------------------------------------------------------

@app.command()
@_guarded
def simulate(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}.")],
    preset: Annotated[str | None, typer.Option(
        metavar="PRESET", help="Option preset (default: the game's).")]
    = None,
    games: Annotated[int, typer.Option(
        min=1, metavar="N", help="Games (or matches) to play.")] = 100,
    seed: Annotated[int, typer.Option(
        metavar="SEED", help="Game i deals with seed SEED+i.")] = 0,
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Bots round the table, comma-separated (e.g. random,greedy).")]
    = "random",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE",
        help="A rule option key=value (value read as JSON if it is).")]
    = None,
    matches: Annotated[bool, typer.Option(
        "--matches", help="Play whole matches: deal again until the match ends.")] = False,
    max_rounds: Annotated[int, typer.Option(
        min=1, metavar="N", help="Most deals in one match.")] = 200,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False,
        help="Write every deal's record to this folder (GAME-GAMENO-DEALNO.json).")] = None,
) -> None:
    """Play many games between bots and print outcome statistics."""
    from paizhuo.arena.report import print_summary
    from paizhuo.arena.simulate import SimulationError
    from paizhuo.arena.simulate import simulate as run_simulation

    cls = _game(game)
    options = _options(cls, preset, option)
    bot_names = _bot_list(bots, cls.new(options).num_seats)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                        transient=True)
    with progress:
        task = progress.add_task(f"{cls.name} {'matches' if matches else 'games'}",
                                 total=games)
        try:
            summary = run_simulation(cls.name, games, seed, bot_names, options, matches,
                                     max_rounds, lambda done: progress.update(task,
                                                                              completed=done),
                                     records)
        except SimulationError as exc:
            progress.stop()
            err_console.print(f"[red]engine error[/red] in {escape(str(exc))}", soft_wrap=True)
            err_console.print("record of the failing game:", soft_wrap=True)
            err_console.print(exc.record_json, markup=False, soft_wrap=True)
            raise typer.Exit(EXIT_INTERNAL) from None
    print_summary(summary, console)
    if records is not None:
        console.print(f"records of {summary.rounds} deals written to {records}",
                      highlight=False, markup=False, soft_wrap=True)


# -- play ------------------------------------------------------------------------------------

@app.command()
@_guarded
def play(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}.")],
    preset: Annotated[str | None, typer.Option(
        metavar="PRESET", help="Option preset (default: the game's).")]
    = None,
    seat: Annotated[int, typer.Option(metavar="SEAT", help="Your seat (from 0).")] = 0,
    seed: Annotated[int, typer.Option(metavar="SEED", help="Seed of the deal.")] = 0,
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Bots at the other seats, comma-separated.")]
    = "greedy",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE",
        help="A rule option key=value (value read as JSON if it is).")]
    = None,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False, show_default="records in the paizhuo data folder",
        help="Folder for the record of every deal ($PAIZHUO_HOME moves the data folder).")]
    = None,
) -> None:
    """Play at a table in the terminal against bots.

    Every deal's record is written to a file (path printed), however the game ends.
    """
    from paizhuo.arena.terminal import TerminalPlay
    from paizhuo.paths import records_dir

    cls = _game(game)
    options = _options(cls, preset, option)
    seats = cls.new(options).num_seats
    names = _bot_list(bots, seats - 1, "other seats")
    TerminalPlay(cls, options, seat, seed, names, console,
                 records=records if records is not None else records_dir()).run()


# -- bench -----------------------------------------------------------------------------------

@app.command()
@_guarded
def bench(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}; or server: the table server's "
                             "benchmark (websocket clients at many tables).")],
    preset: Annotated[str, typer.Option(metavar="PRESET", help="A preset, or all.")] = "all",
    games: Annotated[int | None, typer.Option(
        min=1, metavar="N", help="Rounds per preset.")] = None,
    seconds: Annotated[float | None, typer.Option(
        min=0.0, metavar="SECONDS",
        help="Seconds per preset (default 3, or unlimited with --games); server: seconds "
             "timed (default 30).")] = None,
    seed: Annotated[int, typer.Option(metavar="SEED", help="First seed.")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE",
        help="A rule option key=value (value read as JSON if it is).")]
    = None,
    judge_mb: Annotated[float | None, typer.Option(
        "--judge-mb", min=0.001, metavar="MB",
        help="Instead: time the judge and its peak memory on a record of about MB megabytes.")]
    = None,
    compare_rlcard: Annotated[bool, typer.Option(
        "--compare-rlcard",
        help="Also time RLCard's Dou Dizhu in this run and print each preset's rounds/s as a "
             "multiple of its games/s (needs: pip install 'paizhuo[bench]').")] = False,
    tables: Annotated[int | None, typer.Option(
        min=1, metavar="N", help="server: tables played at once (default 200).")] = None,
    table_game: Annotated[str | None, typer.Option(
        "--game", metavar="GAME",
        help="server: the tables' game: mix (default: shengji tractor, gouji, baohuang in "
             "turn), or shengji, gouji, baohuang, or GAME:PRESET.")] = None,
    think: Annotated[float | None, typer.Option(
        min=0.0, metavar="SECONDS",
        help="server: how long a simulated player thinks before it acts (default 1, a "
             "quick person's pace; 0 floods the server as fast as it answers).")] = None,
    db: Annotated[str | None, typer.Option(
        metavar="URL", help="server: the server's database (default: a fresh SQLite file "
                            "in a temporary folder).")] = None,
    bots: Annotated[str | None, typer.Option(
        metavar="A,B,…",
        help="Instead: time these bots' decisions (median, p95, p99, slowest ms) on positions of "
             "heuristic play, against issue 11's targets (heuristic < 2 ms, hard < 1 s); "
             "--preset all means the game's first preset.")] = None,
) -> None:
    """Benchmark random legal play on one core: rounds/s, decisions/s, memory, state size,
    clone and determinize times. With --bots: each bot's time per decision. GAME server:
    start the table server, play many tables with one websocket client per seat, and print
    actions/s, latency percentiles and the server's memory per table."""
    if game.strip().lower() == "server":
        _bench_server(tables, seconds, table_game, think, db, seed,
                      games=games, judge_mb=judge_mb, compare_rlcard=compare_rlcard,
                      option=option, preset=preset)
        return
    given = [name for name, value in (("--tables", tables), ("--game", table_game),
                                      ("--think", think), ("--db", db)) if value is not None]
    if given:
        raise CommandError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for "
                           "paizhuo bench server only")
    if bots is not None:
        if judge_mb is not None or compare_rlcard:
            raise CommandError("--bots times bots: it does not go with --judge-mb or "
                               "--compare-rlcard")
        _bench_bots(_game(game), bots, preset, option, games, seconds, seed)
        return
    from paizhuo.arena.report import print_bench, print_judge_bench, print_rlcard
    from paizhuo.bench import (
        RLCARD_MISSING,
        BenchResult,
        RLCardMissing,
        bench_judge,
        bench_preset,
        bench_rlcard,
    )

    cls = _game(game)
    if judge_mb is not None:
        with err_console.status(f"judging a {judge_mb:g} MB {cls.name} record…"):
            print_judge_bench(bench_judge(cls, judge_mb, seed), console)
        return
    presets = _presets(cls, preset, allow_all=True)
    options = _parse_options(option)
    limit = seconds if seconds is not None else (math.inf if games is not None else 3.0)
    if compare_rlcard and importlib.util.find_spec("rlcard") is None:
        raise CommandError(RLCARD_MISSING)  # before minutes of benchmarking, not after
    results: list[BenchResult] = []
    for name in presets:
        with err_console.status(f"{cls.name} {name}…"):
            results.append(bench_preset(cls, name, games=games, seconds=limit, seed=seed,
                                        options=options))
    print_bench(results, console)
    if compare_rlcard:
        with err_console.status("RLCard Dou Dizhu…"):
            try:
                rlcard = bench_rlcard(limit, seed, games)
            except RLCardMissing as exc:
                raise CommandError(str(exc)) from None
        print_rlcard(results, rlcard, console)


def _bench_bots(cls: type[Game], bots: str, preset: str, option: list[str] | None,
                games: int | None, seconds: float | None, seed: int) -> None:
    """``paizhuo bench GAME --bots A,B``: each bot's time per decision (paizhuo.bots.timing)."""
    from paizhuo.arena.report import print_bot_timings
    from paizhuo.bots.registry import make_bot
    from paizhuo.bots.timing import time_bot

    names = _bot_list(bots)
    for name in names:
        try:
            make_bot(name, cls.name)
        except MalformedError as exc:
            raise CommandError(exc.message) from None
    options = _options(cls, cls.PRESETS[0] if preset == "all" else preset, option)
    results = []
    for name in names:
        with err_console.status(f"timing {name} on {cls.name} {options['preset']}…"):
            results.append(time_bot(cls, options, name, games=games, seed=seed,
                                    seconds=3.0 if seconds is None else seconds))
    print_bot_timings(results, console)


def _bench_server(tables: int | None, seconds: float | None, table_game: str | None,
                  think: float | None, db: str | None, seed: int, **game_only: Any) -> None:
    """``paizhuo bench server``: the table server's benchmark (paizhuo.server.bench)."""
    from paizhuo.server.bench import (
        DEFAULT_THINK,
        ServerBenchError,
        bench_server,
        print_server_bench,
    )

    defaults = {"games": None, "judge_mb": None, "compare_rlcard": False, "option": None,
                "preset": "all"}
    wrong = [f"--{k.replace('_', '-')}" for k, v in game_only.items()
             if v != defaults[k] and not (k == "option" and not v)]
    if wrong:
        raise CommandError(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not for "
                           "paizhuo bench server (its options: --tables, --seconds, --game, "
                           "--think, --db, --seed)")
    if seconds is not None and seconds <= 0:
        raise CommandError("--seconds must be more than 0 for paizhuo bench server")
    with err_console.status("server bench…") as shown:
        try:
            result = bench_server(tables if tables is not None else 200,
                                  seconds if seconds is not None else 30.0,
                                  table_game or "mix",
                                  think if think is not None else DEFAULT_THINK,
                                  db, seed, status=lambda text: shown.update(text))
        except ServerBenchError as exc:
            raise CommandError(str(exc)) from None
    print_server_bench(result, console)


# -- arena -----------------------------------------------------------------------------------

@app.command()
@_guarded
def arena(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}.")],
    bots: Annotated[str, typer.Option(
        metavar="A,B", help="The two bots, comma-separated (e.g. greedy,random; named "
                            "strengths: easy, normal).")],
    preset: Annotated[str | None, typer.Option(
        metavar="PRESET", help="Option preset (default: the game's).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE",
        help="A rule option key=value (value read as JSON if it is).")]
    = None,
    deals: Annotated[int, typer.Option(
        min=1, metavar="N", help="Deals; each is played in every seat arrangement.")] = 100,
    seed: Annotated[int, typer.Option(
        metavar="SEED", help="Deal d deals with derive_seed(SEED, d); the same seed gives "
                             "the same figures.")] = 0,
    workers: Annotated[int, typer.Option(
        min=1, metavar="K", help="Processes playing the deals (the figures do not depend "
                                 "on it).")] = 1,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="Play the deals as Ray tasks: auto (the running cluster), local (a new "
             "instance here) or a head's host:port (needs Ray: pip install "
             "'paizhuo\\[ray]').")]
    = None,
    scheme: Annotated[str, typer.Option(
        metavar="SCHEME", help="auto, teams (fixed partners: A at the even seats, then the "
                               "odd), solo (A alone at each seat, then B) or lone (A alone "
                               "at each seat, and B in every seat once).")] = "auto",
    json_path: Annotated[Path | None, typer.Option(
        "--json", metavar="FILE", dir_okay=False,
        help="Where to write the results (default arena-GAME-A-B.json).")] = None,
    plot_path: Annotated[Path | None, typer.Option(
        "--plot", metavar="FILE", dir_okay=False,
        help="Where to draw the results as a PNG (default arena-GAME-A-B.png).")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Draw no plot.")] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="FILE", dir_okay=False,
        help="Go on from an earlier run's JSON (the same game, options, bots, seed and "
             "scheme; whole or cut short): play only the deals it lacks.")] = None,
    no_check: Annotated[bool, typer.Option(
        "--no-check", help="With --resume: do not play the earlier run's last deal again "
                           "to check that this code plays it the same.")] = False,
) -> None:
    """Pit two bots against each other on duplicate deals (every deal in every seat
    arrangement, so the luck of the cards cancels); print the figures with 95% intervals and
    write them as JSON and a PNG plot (see docs/arena.md). While deals are left the JSON is
    written every minute with the deals done so far (``"partial": true``), so that a run
    stopped early can go on with --resume."""
    from rich.table import Table

    from paizhuo.arena.duplicate import (
        SCHEMES,
        ArenaError,
        ArenaRun,
        check_replays,
        deals_left,
        load_results,
        make_spec,
        run_arena,
    )
    from paizhuo.arena.plot import table_rows, write_plot

    cls = _game(game)
    options = _options(cls, preset, option)
    names = _bot_list(bots)
    if len(names) != 2:
        raise CommandError(f"--bots names {len(names)} bot{'s' if len(names) != 1 else ''}; "
                           "the arena pits two against each other, e.g. --bots greedy,random")
    if scheme not in ("auto", *SCHEMES):
        raise CommandError(f"unknown --scheme {describe(scheme)}; schemes are auto, "
                           f"{', '.join(SCHEMES)}")
    spec = make_spec(cls.name, names, seed, options, scheme)
    stem = f"arena-{cls.name}-{names[0]}-{names[1]}"
    json_file = json_path or Path(f"{stem}.json")
    plot_file = None if no_plot else plot_path or Path(f"{stem}.png")
    previous = []
    if resume is not None:
        try:
            doc = json.loads(resume.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"cannot read --resume {resume}: {exc.strerror or exc}"
                               ) from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"--resume {resume} is not JSON: {exc}") from None
        try:
            previous = load_results(spec, doc)
            deals_left(previous, deals)
        except MalformedError as exc:
            raise CommandError(f"--resume {resume}: {exc}") from None

    def write_json(run: ArenaRun) -> None:
        """The results as they stand, written whole or not at all (a run stopped while
        writing keeps the file it had)."""
        json_file.parent.mkdir(parents=True, exist_ok=True)
        part = json_file.with_name(json_file.name + ".part")
        part.write_text(json.dumps(run.to_json(), ensure_ascii=False) + "\n",
                        encoding="utf-8")
        part.replace(json_file)

    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                        transient=True)
    with progress:
        try:
            if previous and not no_check:
                kept = previous[-1]
                check = progress.add_task(f"checking deal {kept.deal} of {resume}", total=None)
                try:
                    check_replays(spec, kept)
                except MalformedError as exc:
                    progress.stop()
                    raise CommandError(f"--resume {resume}: {exc.message} (--no-check "
                                       "sums them anyway)") from None
                progress.remove_task(check)
            task = progress.add_task(f"{cls.name} duplicate deals ({spec.scheme})",
                                     total=deals)
            run = run_arena(spec, deals, workers, ray,
                            lambda done: progress.update(task, completed=done),
                            previous=previous, checkpoint=write_json)
        except ArenaError as exc:
            progress.stop()
            err_console.print(f"[red]engine error[/red] in {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(EXIT_INTERNAL) from None
        except OSError as exc:
            progress.stop()
            raise CommandError(f"cannot write the results: {exc.strerror or exc}") from None
    summary = run.summary
    games = deals * len(summary["copies"])
    resumed = f" ({len(previous)} deals from {resume})" if previous else ""
    table = Table(title=f"{cls.name}: {names[0]} (A) vs {names[1]} (B), {deals} duplicate "
                        f"deals{resumed}, {games} games, seed {seed}")
    for column in ("figure", "bot", "value", "95% CI", "n"):
        table.add_column(column, justify="left" if column in ("figure", "bot") else "right")
    for row in table_rows(summary):
        table.add_row(*row)
    console.print(table)
    try:
        write_json(run)
        if plot_file is not None:
            write_plot(summary, plot_file)
    except OSError as exc:
        raise CommandError(f"cannot write the results: {exc.strerror or exc}") from None
    console.print(f"results written to {json_file}"
                  + (f", plot to {plot_file}" if plot_file is not None else "")
                  + f" ({run.seconds:.1f} s)", markup=False, soft_wrap=True)


# -- serve -----------------------------------------------------------------------------------

@app.command()
@_guarded
def serve(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="PORT",
                                      help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[str | None, typer.Option(
        metavar="URL", help="Database: a SQLite file or sqlite:///… URL, or "
                            "postgresql://user@host/name (default: SQLite in the data "
                            "folder).")] = None,
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


def main() -> None:
    """Entry point of the ``paizhuo`` script."""
    try:
        app()
    except Exception as exc:  # last resort: the commands already turn errors into messages
        _internal_error(exc)
        sys.exit(EXIT_INTERNAL)
