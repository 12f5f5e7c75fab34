"""The commands that play bots against each other (:mod:`paizhuo.arena`): ``paizhuo simulate``
(many games, outcome statistics) and ``paizhuo arena`` (two bots on duplicate deals, with
intervals, JSON and a plot)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from paizhuo.cli.common import (
    EXIT_INTERNAL,
    CommandError,
    GameArgument,
    PresetOption,
    RuleOptions,
    bot_list,
    bots_option,
    console,
    count_option,
    err_console,
    game_and_options,
    guarded,
    progress_bar,
    seed_option,
)
from paizhuo.engine.errors import MalformedError, describe


@guarded
def simulate(
    game: GameArgument,
    preset: PresetOption = None,
    games: Annotated[int, count_option("Games (or matches) to play.")] = 100,
    seed: Annotated[int, seed_option("Game i deals with seed SEED+i.")] = 0,
    bots: Annotated[str, bots_option(
        "Bots round the table, comma-separated (e.g. random,greedy).")] = "random",
    option: RuleOptions = None,
    matches: Annotated[bool, typer.Option(
        "--matches", help="Play whole matches: deal again until the match ends.")] = False,
    max_rounds: Annotated[int, count_option("Most deals in one match.")] = 200,
    records: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False,
        help="Write every deal's record to this folder (GAME-GAMENO-DEALNO.json).")] = None,
) -> None:
    """Play many games between bots and print outcome statistics."""
    from paizhuo.arena.report import print_summary
    from paizhuo.arena.simulate import SimulationError
    from paizhuo.arena.simulate import simulate as run_simulation

    cls, options = game_and_options(game, preset, option)
    bot_names = bot_list(bots, cls.new(options).num_seats)
    progress = progress_bar()
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


@guarded
def arena(
    game: GameArgument,
    bots: Annotated[str, bots_option("The two bots, comma-separated (e.g. greedy,random; "
                                     "named strengths: easy, normal).", "A,B")],
    preset: PresetOption = None,
    option: RuleOptions = None,
    deals: Annotated[int, count_option(
        "Deals; each is played in every seat arrangement.")] = 100,
    seed: Annotated[int, seed_option(
        "Deal d deals with derive_seed(SEED, d); the same seed gives the same figures.")] = 0,
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
    written every minute with the deals done so far ("partial": true), so that a run
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

    cls, options = game_and_options(game, preset, option)
    names = bot_list(bots)
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

    progress = progress_bar()
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
