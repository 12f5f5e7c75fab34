"""The tables that print the benchmarks' figures (``paizhuo bench``), each figure beside the
target it is held to (✓ met, ✗ missed): the engines per preset, the bots' decision times,
RLCard's Dou Dizhu, the judge on a big record, and the table server."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from paizhuo.bench.engines import CLONE_TARGET_US, DETERMINIZE_TARGET_US, RLCARD_TARGETS
from paizhuo.bench.server import TARGET_MB_PER_TABLE, TARGET_P99_MS, TARGET_TABLES, percentile

if TYPE_CHECKING:
    from paizhuo.bench.bots import BotTiming
    from paizhuo.bench.engines import BenchResult, JudgeBench, RLCardBench
    from paizhuo.bench.server import ServerBenchResult


def _bytes(value: int | None) -> str:
    """A size in bytes as a person reads it (``1.5 MiB``); ``—`` where it was not measured."""
    if value is None:
        return "—"
    if value < 1024:
        return f"{value:,} B"
    size = value / 1024
    for unit in ("KiB", "MiB"):
        if size < 1024:
            return f"{size:,.1f} {unit}"
        size /= 1024
    return f"{size:,.1f} GiB"


# -- the engines ----------------------------------------------------------------------------------

_LABEL_WIDTH = 24
_CELL_WIDTH = 13


def print_bench(results: list[BenchResult], console: Console) -> None:
    """Print benchmark figures: one column per preset, one row per figure (in as many tables
    as the terminal's width needs)."""
    if not results:
        return
    per_table = max(1, (console.width - _LABEL_WIDTH) // _CELL_WIDTH)
    for first in range(0, len(results), per_table):
        _bench_table(results[first:first + per_table], console, first == 0)
    console.print("tracemalloc peak: over one extra round; max RSS: the whole process "
                  "(ru_maxrss); state: one game halfway through a round, as a deep "
                  "sys.getsizeof walk and as pickle length; clone, determinize: median of "
                  "one call halfway through a round, for the seat to act (✓ within the "
                  "target, ✗ over it).")


def print_bot_timings(results: list[BotTiming], console: Console) -> None:
    """Print each bot's time per decision, with issue 11's target where it sets one."""
    if not results:
        return
    first = results[0]
    table = Table(title=f"paizhuo bench {first.game} --bots — ms per decision, one core "
                        f"({first.preset})", title_justify="left")
    for col in ("bot", "decisions", "rounds", "median", "p95", "p99", "slowest", "target"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in results:
        target = ("—" if r.target_ms is None else
                  f"< {r.target_ms:g} {'✓' if r.within_target else '✗'}")
        table.add_row(r.bot, f"{r.decisions:,}", f"{r.rounds:,}", f"{r.median_ms:.3f}",
                      f"{r.quantile(0.95):.3f}", f"{r.quantile(0.99):.3f}", f"{r.max_ms:.3f}",
                      target)
    console.print(table)
    console.print("Positions of heuristic play in every seat (the same seeds for every bot); a "
                  "search bot is timed at one decision in ten. ✓: the 99th percentile is within "
                  "the target (the slowest may be a pause of the garbage collector).",
                  soft_wrap=True)


def _target_cell(value: float | None, target: float) -> str:
    if value is None:
        return "—"
    return f"{value:,.1f} {'✓' if value <= target else '✗'}"


def print_rlcard(results: list[BenchResult], rlcard: RLCardBench, console: Console) -> None:
    """Print RLCard Dou Dizhu's speed measured in the same run and each preset's rounds/s as a
    multiple of it, with the target where the issue sets one."""
    console.print(f"RLCard {rlcard.version} Dou Dizhu, random play in this process: rules "
                  f"engine (DoudizhuGame) {rlcard.games_per_s:,.1f} games/s ({rlcard.games:,} "
                  f"games in {rlcard.seconds:.2f} s); env.run with RandomAgent "
                  f"{rlcard.env_games_per_s:,.1f} games/s (it also builds state features: "
                  "reference only).", soft_wrap=True)
    table = Table(title="rounds/s ÷ RLCard Dou Dizhu games/s (rules engine)",
                  title_justify="left")
    for col in ("preset", "rounds/s", "× RLCard", "target"):
        table.add_column(col, justify="left" if col == "preset" else "right")
    for r in results:
        ratio = r.rounds_per_s / rlcard.games_per_s if rlcard.games_per_s else 0.0
        target = RLCARD_TARGETS.get((r.game, r.preset))
        cell = "—" if target is None else (f"≥ {target:g}× " + ("✓" if ratio >= target
                                                                 else "✗"))
        table.add_row(r.preset, f"{r.rounds_per_s:,.1f}", f"{ratio:,.2f}×", cell)
    console.print(table)


def print_judge_bench(result: JudgeBench, console: Console) -> None:
    """Print the judge's time and peak memory on one big record."""
    mb = result.record_bytes / 1e6
    console.print(f"paizhuo judge on a {mb:.1f} MB {result.game} record (a finished deal of "
                  f"{result.legal_actions} actions, then copies of its last one: illegal at "
                  f"index {result.legal_actions}; exit {result.exit_status}):", soft_wrap=True)
    console.print(f"  {result.seconds:.2f} s, peak RSS {_bytes(result.maxrss_bytes)}; "
                  f"the deal alone: {result.small_seconds:.2f} s, peak RSS "
                  f"{_bytes(result.small_maxrss_bytes)}", soft_wrap=True)
    if result.maxrss_bytes and result.small_maxrss_bytes:
        extra = result.maxrss_bytes - result.small_maxrss_bytes
        console.print(f"  memory beyond the interpreter's: {_bytes(extra)} = "
                      f"{extra / result.record_bytes:.1f} × the record's size", soft_wrap=True)


def _bench_table(results: list[BenchResult], console: Console, titled: bool) -> None:
    title = f"paizhuo bench {results[0].game} — random legal play, one core" if titled else None
    table = Table(title=title, title_justify="left")
    table.add_column("figure", no_wrap=True)
    for r in results:
        table.add_column(r.preset, justify="right", no_wrap=True)
    rows: list[tuple[str, list[str]]] = [
        ("rounds played", [f"{r.rounds:,}" for r in results]),
        ("seconds", [f"{r.seconds:.2f}" for r in results]),
        ("rounds/s", [f"{r.rounds_per_s:,.1f}" for r in results]),
        ("decisions/s", [f"{r.decisions_per_s:,.0f}" for r in results]),
        ("decisions/round", [f"{r.decisions / max(r.rounds, 1):,.1f}" for r in results]),
        ("tracemalloc peak", [_bytes(r.traced_peak_bytes) for r in results]),
        ("max RSS", [_bytes(r.maxrss_bytes) for r in results]),
        ("state, deep sizeof", [_bytes(r.state_bytes) for r in results]),
        ("state, pickle", [_bytes(r.pickle_bytes) for r in results]),
        (f"clone µs (≤ {CLONE_TARGET_US:g})",
         [_target_cell(r.clone_us, CLONE_TARGET_US) for r in results]),
        (f"determinize µs (≤ {DETERMINIZE_TARGET_US:g})",
         [_target_cell(r.determinize_us, DETERMINIZE_TARGET_US) for r in results]),
    ]
    for label, cells in rows:
        table.add_row(label, *cells)
    console.print(table)


# -- the table server -----------------------------------------------------------------------------

def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}"


def _mb(kb: int) -> str:
    return f"{kb / 1024:,.1f}"


def print_server_bench(r: ServerBenchResult, console: Console) -> None:
    """The figures, one a row, with the targets they are held to (✓ met, ✗ missed)."""
    t = Table(title="paizhuo bench server", title_justify="left")
    t.add_column("figure")
    t.add_column("value", justify="right")
    t.add_column("target", justify="right")
    p99 = r.latency(99)
    t.add_row("tables", f"{r.tables:,}", f"{TARGET_TABLES:,}")
    for name, n in r.games.items():
        t.add_row(f"  {name}", f"{n:,}", "")
    t.add_row("clients (websockets)", f"{r.clients:,}", "")
    t.add_row("think s", f"{r.think:g}", "")
    t.add_row("seconds timed", f"{r.seconds:.1f}", "")
    t.add_row("actions applied", f"{r.actions:,}", "")
    t.add_row("actions/s", f"{r.actions_per_s:,.1f}", "")
    t.add_row("latencies measured", f"{len(r.latencies_ms):,}", "")
    t.add_row("latency p50 ms", _ms(r.latency(50)), "")
    t.add_row("latency p90 ms", _ms(r.latency(90)), "")
    t.add_row("latency p99 ms", _ms(p99),
              f"< {TARGET_P99_MS:g} " + ("✓" if p99 is not None and p99 < TARGET_P99_MS
                                         else "✗"))
    t.add_row("latency max ms", _ms(max(r.latencies_ms, default=None)), "")
    t.add_row("server RSS at start MB", _mb(r.rss_start_kb), "")
    t.add_row("server RSS, tables playing MB", _mb(r.rss_tables_kb), "")
    t.add_row("server RSS at the end MB", _mb(r.rss_end_kb), "")
    t.add_row("memory per table MB", f"{r.mb_per_table:,.3f}",
              f"< {TARGET_MB_PER_TABLE:g} " + ("✓" if r.mb_per_table < TARGET_MB_PER_TABLE
                                               else "✗"))
    t.add_row("server CPU %", f"{100 * r.server_cpu_s / r.seconds:,.0f}" if r.seconds else "—",
              "")
    per_action = 1000 * r.server_cpu_s / r.actions if r.actions else None
    t.add_row("server CPU ms per action", _ms(per_action) if per_action is None
              else f"{per_action:,.2f}", "")
    t.add_row("  so one core serves ≈ actions/s",
              "—" if not per_action else f"{1000 / per_action:,.0f}", "")
    t.add_row("clients' CPU % (this process)",
              f"{100 * r.client_cpu_s / r.seconds:,.0f}" if r.seconds else "—", "")
    t.add_row("other processes' CPU %",
              f"{100 * r.others_cpu_s / r.seconds:,.0f}" if r.seconds else "—",
              f"of {100 * (os.cpu_count() or 1)}")
    t.add_row("client loop lag p99 ms", _ms(percentile(r.loop_lag_ms, 99)), "")
    t.add_row("deals finished", f"{r.deals_finished:,}", "")
    t.add_row("matches over", f"{r.tables_over:,}", "")
    t.add_row("stale (raced, refused)", f"{r.stale:,}", "")
    t.add_row("skipped (moved on)", f"{r.skipped:,}", "")
    t.add_row("errors", f"{r.error_count:,}", "0 " + ("✓" if r.error_count == 0 else "✗"))
    console.print(t)
    for code, n in sorted(r.errors.items()):
        console.print(f"  error {code}: {n:,}", markup=False, soft_wrap=True)
    console.print(f"Database: {r.db}. Latency: at the acting client, from sending an action "
                  "to receiving the state after it (stored, committed and published to the "
                  "whole table). Memory per table: (RSS at the end − RSS at start) ÷ tables. "
                  "A clients' CPU near 100 % means the clients' own queueing is in the "
                  "latencies (see the loop lag); other processes' CPU is what the rest of the "
                  "machine took meanwhile (a busy machine slows the server down).",
                  soft_wrap=False)
