"""``paizhuo bench``: the benchmarks of :mod:`paizhuo.bench` — random legal play per preset
(and RLCard's Dou Dizhu, or the judge on a big record), the bots' decision times
(``--bots``), and the table server under many clients (``paizhuo bench server``)."""

from __future__ import annotations

import importlib.util
import math
from typing import Annotated, Any

import typer

from paizhuo.cli.common import (
    CommandError,
    RuleOptions,
    bot_list,
    bots_option,
    console,
    count_option,
    db_option,
    err_console,
    game_of,
    guarded,
    options_of,
    parse_options,
    presets,
    seed_option,
)
from paizhuo.engine.errors import MalformedError
from paizhuo.engine.game import Game
from paizhuo.games import GAME_NAMES


@guarded
def bench(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help=f"One of {', '.join(GAME_NAMES)}; or server: the table server's "
                             "benchmark (websocket clients at many tables).")],
    preset: Annotated[str, typer.Option(metavar="PRESET", help="A preset, or all.")] = "all",
    games: Annotated[int | None, count_option("Rounds per preset.")] = None,
    seconds: Annotated[float | None, typer.Option(
        min=0.0, metavar="SECONDS",
        help="Seconds per preset (default 3, or unlimited with --games); server: seconds "
             "timed (default 30).")] = None,
    seed: Annotated[int, seed_option("First seed.")] = 0,
    option: RuleOptions = None,
    judge_mb: Annotated[float | None, typer.Option(
        "--judge-mb", min=0.001, metavar="MB",
        help="Instead: time the judge and its peak memory on a record of about MB megabytes.")]
    = None,
    compare_rlcard: Annotated[bool, typer.Option(
        "--compare-rlcard",
        help="Also time RLCard's Dou Dizhu in this run and print each preset's rounds/s as a "
             "multiple of its games/s (needs: pip install 'paizhuo\\[bench]').")] = False,
    tables: Annotated[int | None, count_option(
        "server: tables played at once (default 200).")] = None,
    table_game: Annotated[str | None, typer.Option(
        "--game", metavar="GAME",
        help="server: the tables' game: mix (default: shengji tractor, gouji, baohuang in "
             "turn), or shengji, gouji, baohuang, or GAME:PRESET.")] = None,
    think: Annotated[float | None, typer.Option(
        min=0.0, metavar="SECONDS",
        help="server: how long a simulated player thinks before it acts (default 1, a "
             "quick person's pace; 0 floods the server as fast as it answers).")] = None,
    db: Annotated[str | None, db_option(
        "server: the server's database (default: a fresh SQLite file in a temporary "
        "folder).")] = None,
    bots: Annotated[str | None, bots_option(
        "Instead: time these bots' decisions (median, p95, p99, slowest ms) on positions of "
        "heuristic play, against issue 11's targets (heuristic < 2 ms, hard < 1 s); "
        "--preset all means the game's first preset.", "A,B,…")] = None,
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
        _bench_bots(game_of(game), bots, preset, option, games, seconds, seed)
        return
    from paizhuo.bench.engines import (
        RLCARD_MISSING,
        BenchResult,
        RLCardMissing,
        bench_judge,
        bench_preset,
        bench_rlcard,
    )
    from paizhuo.bench.report import print_bench, print_judge_bench, print_rlcard

    cls = game_of(game)
    if judge_mb is not None:
        with err_console.status(f"judging a {judge_mb:g} MB {cls.name} record…"):
            print_judge_bench(bench_judge(cls, judge_mb, seed), console)
        return
    chosen = presets(cls, preset, allow_all=True)
    options = parse_options(option)
    limit = seconds if seconds is not None else (math.inf if games is not None else 3.0)
    if compare_rlcard and importlib.util.find_spec("rlcard") is None:
        raise CommandError(RLCARD_MISSING)  # before minutes of benchmarking, not after
    results: list[BenchResult] = []
    for name in chosen:
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
    """``paizhuo bench GAME --bots A,B``: each bot's time per decision (paizhuo.bench.bots)."""
    from paizhuo.bench.bots import time_bot
    from paizhuo.bench.report import print_bot_timings
    from paizhuo.bots.registry import make_bot

    names = bot_list(bots)
    for name in names:
        try:
            make_bot(name, cls.name)
        except MalformedError as exc:
            raise CommandError(exc.message) from None
    options = options_of(cls, cls.PRESETS[0] if preset == "all" else preset, option)
    results = []
    for name in names:
        with err_console.status(f"timing {name} on {cls.name} {options['preset']}…"):
            results.append(time_bot(cls, options, name, games=games, seed=seed,
                                    seconds=3.0 if seconds is None else seconds))
    print_bot_timings(results, console)


def _bench_server(tables: int | None, seconds: float | None, table_game: str | None,
                  think: float | None, db: str | None, seed: int, **game_only: Any) -> None:
    """``paizhuo bench server``: the table server's benchmark (paizhuo.bench.server)."""
    from paizhuo.bench.report import print_server_bench
    from paizhuo.bench.server import DEFAULT_THINK, TARGET_TABLES, ServerBenchError, bench_server

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
            result = bench_server(tables if tables is not None else TARGET_TABLES,
                                  seconds if seconds is not None else 30.0,
                                  table_game or "mix",
                                  think if think is not None else DEFAULT_THINK,
                                  db, seed, status=lambda text: shown.update(text))
        except ServerBenchError as exc:
            raise CommandError(str(exc)) from None
    print_server_bench(result, console)
