"""``paizhuo audit``: a bot in every seat of seeded deals, each decision put to the game's
mistake patterns (:mod:`paizhuo.arena.audit`; the patterns in ``docs/strength.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from paizhuo.cli.common import (
    CommandError,
    GameArgument,
    PresetOption,
    RuleOptions,
    bot_list,
    bots_option,
    console,
    count_option,
    game_and_options,
    guarded,
    progress_bar,
    seed_option,
)


@guarded
def audit(
    game: GameArgument,
    bots: Annotated[str, bots_option(
        "The bots to audit, comma-separated (each plays every seat of the same deals), e.g. "
        "heuristic-v1,heuristic.", "BOTS")] = "heuristic",
    preset: PresetOption = None,
    option: RuleOptions = None,
    deals: Annotated[int, count_option("Deals each bot plays.")] = 200,
    seed: Annotated[int, seed_option(
        "Deal d deals with derive_seed(SEED, d); the same seed gives the same counts.")] = 0,
    examples: Annotated[int, typer.Option(
        min=0, metavar="N", help="The worst examples kept per pattern.")] = 5,
    json_path: Annotated[Path | None, typer.Option(
        "--json", metavar="FILE", dir_okay=False,
        help="Where to write the counts and examples (default audit-GAME.json).")] = None,
    plot_path: Annotated[Path | None, typer.Option(
        "--plot", metavar="FILE", dir_okay=False,
        help="Where to draw the rates as a PNG (default audit-GAME.png).")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Draw no plot.")] = False,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False,
        help="Where the deals' records go, for the examples (default audit-GAME-records).")]
    = None,
) -> None:
    """Count the bots' blunders: each bot plays every seat of the same seeded deals, and
    every decision is checked against the game's mistake patterns (a joker spent on a
    pointless trick, a set broken to answer a small play, a rebel who lets the seizer go
    out …, defined in docs/strength.md). Prints each pattern's rate per 100 decisions and per
    chance to make it, and writes them with the worst examples (record file, action index,
    hand, action, why) as JSON and a PNG plot."""
    from rich.progress import TaskID
    from rich.table import Table

    from paizhuo.arena.audit import AuditRun, iter_rows, patterns_of, write_json, write_plot
    from paizhuo.arena.audit import audit as run_audit
    from paizhuo.bots.registry import make_bot

    cls, options = game_and_options(game, preset, option)
    names = bot_list(bots)
    for name in names:
        make_bot(name, cls.name)  # an unknown bot is a command-line mistake, before any deal
    patterns_of(cls.name)
    if deals < 1:
        raise CommandError("--deals must be at least 1")
    json_file = json_path or Path(f"audit-{cls.name}.json")
    plot_file = None if no_plot else plot_path or Path(f"audit-{cls.name}.png")
    folder = records or Path(f"audit-{cls.name}-records")
    results = []
    progress = progress_bar()
    with progress:
        for name in names:
            task = progress.add_task(f"{cls.name}: auditing {name}", total=deals)
            run = AuditRun(cls.name, name, deals, seed, options, folder)

            def advance(done: int, task: TaskID = task) -> None:
                progress.update(task, completed=done)

            results.append(run_audit(run, examples, advance))
    table = Table(title=f"{cls.name} audit: {deals} deals, seed {seed} — mistakes per 100 "
                        "decisions (made/chances, per chance)")
    table.add_column("pattern")
    table.add_column("what")
    for r in results:
        table.add_column(f"{r['bot']} ({r['decisions']} decisions)", justify="right")
    for row in iter_rows(results):
        table.add_row(*row)
    console.print(table)
    for r in results:
        for p in r["patterns"]:
            for e in p["worst"][:1]:
                console.print(f"{r['bot']} · {p['key']}: {e['why']} ({e['record']} "
                              f"actions[{e['index']}], seat {e['seat'] + 1})",
                              markup=False, soft_wrap=True)
    try:
        write_json(results, json_file)
        if plot_file is not None:
            write_plot(results, plot_file)
    except OSError as exc:
        raise CommandError(f"cannot write the results: {exc.strerror or exc}") from None
    console.print(f"results written to {json_file}"
                  + (f", plot to {plot_file}" if plot_file is not None else "")
                  + f", records in {folder}", markup=False, soft_wrap=True)
