"""Rich tables of simulation statistics and benchmark figures."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from paizhuo.arena.simulate import Summary, is_category
from paizhuo.bench import CLONE_TARGET_US, DETERMINIZE_TARGET_US, RLCARD_TARGETS

if TYPE_CHECKING:
    from paizhuo.bench import BenchResult, JudgeBench, RLCardBench
    from paizhuo.bots.timing import BotTiming


def _num(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}"


def _bytes(value: int | None) -> str:
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


def print_summary(summary: Summary, console: Console) -> None:
    """Print what a simulation found: totals, outcome counts, means, per-seat and per-bot."""
    options = json.dumps(summary.options, ensure_ascii=False) if summary.options else "defaults"
    rate = summary.rounds / summary.seconds if summary.seconds else 0.0
    console.print(f"[bold]{summary.game}[/bold] options {options}, bots "
                  f"{', '.join(summary.bots)}: {summary.games} games, {summary.rounds} deals, "
                  f"{summary.decisions:,} decisions in {summary.seconds:.2f} s "
                  f"({rate:,.1f} deals/s)", soft_wrap=True)
    if len(summary.rounds_per_game) > 1 or max(summary.rounds_per_game, default=1) > 1:
        spread = ", ".join(f"{k}×{v}" for k, v in sorted(summary.rounds_per_game.items()))
        console.print(f"deals per game: {spread}")
    if summary.matches:
        _print_matches(summary, console)

    counts = Table(title="Outcomes (counted)", title_justify="left")
    for col in ("field", "value", "count", "share"):
        counts.add_column(col, justify="right" if col in ("count", "share") else "left")
    skipped = sorted(summary.uncounted)
    for key, counter in summary.counts.items():
        if not is_category(counter):
            skipped.append(key)
            continue
        total = sum(counter.values())
        for value, n in counter.most_common():
            counts.add_row(key, value, str(n), f"{n / total:.1%}")
            key = ""
    console.print(counts)
    if skipped:
        console.print(f"[dim]not counted (too many different values): {', '.join(skipped)}[/dim]",
                      soft_wrap=True)

    means = Table(title="Means per deal", title_justify="left")
    means.add_column("field")
    means.add_column("mean", justify="right")
    for key, mean in summary.means.items():
        means.add_row(key, _num(mean.mean))
    console.print(means)

    if summary.seat_means:
        seats = Table(title="Per seat (mean)", title_justify="left")
        seats.add_column("field")
        for seat in range(summary.seats):
            seats.add_column(f"seat {seat}", justify="right")
        for key, by_seat in summary.seat_means.items():
            seats.add_row(key, *(_num(by_seat[s].mean) if s in by_seat else "—"
                                 for s in range(summary.seats)))
        console.print(seats)

    if summary.mixed_bots:
        bots = sorted(summary.bot_seats)
        table = Table(title="Per bot (mean per seat and deal)", title_justify="left")
        table.add_column("field")
        for bot in bots:
            table.add_column(bot, justify="right")
        table.add_row("decisions", *(_num(summary.bot_decisions[b] / summary.bot_seats[b])
                                     for b in bots))
        for key, by_bot in summary.bot_means.items():
            table.add_row(key, *(_num(by_bot[b].mean) if b in by_bot else "—" for b in bots))
        console.print(table)


def _print_matches(summary: Summary, console: Console) -> None:
    """Who won the matches: by winning seats, by bot, and how many did not finish."""
    finished = sum(summary.match_winners.values())
    if summary.single_deals:
        console.print(f"{summary.game} deals are not part of matches: {summary.single_deals} "
                      "single deals")
    if finished or summary.unfinished_matches:
        table = Table(title="Matches (who won)", title_justify="left")
        for col in ("winners", "matches", "share"):
            table.add_column(col, justify="left" if col == "winners" else "right")
        total = finished + summary.unfinished_matches
        for winners, n in summary.match_winners.most_common():
            table.add_row(winners, str(n), f"{n / total:.1%}")
        if summary.mixed_bots:
            for bot, n in summary.match_bot_wins.most_common():
                table.add_row(f"a side with {bot}", str(n), f"{n / total:.1%}")
        if summary.unfinished_matches:
            table.add_row("unfinished (deal limit)", str(summary.unfinished_matches),
                          f"{summary.unfinished_matches / total:.1%}")
        console.print(table)


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
