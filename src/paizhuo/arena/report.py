"""Rich tables of simulation statistics (``paizhuo simulate``); the benchmarks' tables are
:mod:`paizhuo.bench.report`'s."""

from __future__ import annotations

import json

from rich.console import Console
from rich.table import Table

from paizhuo.arena.simulate import Summary, is_category


def _num(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}"


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
