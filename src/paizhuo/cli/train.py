"""``paizhuo train``: Deep Monte-Carlo self-play training of a learned bot
(:mod:`paizhuo.rl.dmc`, ``docs/rl.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from paizhuo.cli.common import (
    CommandError,
    GameArgument,
    PresetOption,
    RuleOptions,
    console,
    count_option,
    err_console,
    game_and_options,
    guarded,
    seed_option,
)

if TYPE_CHECKING:
    from paizhuo.bots.qnet import QNet


@guarded
def train(
    game: GameArgument,
    preset: PresetOption = None,
    option: RuleOptions = None,
    minutes: Annotated[float, typer.Option(
        min=0.0, metavar="M", help="Stop after this many minutes (at the end of a round).")]
    = 110.0,
    deals: Annotated[int | None, typer.Option(
        min=1, metavar="N", help="Stop after this many more deals (whichever comes first; "
                                 "at the end of a round).")]
    = None,
    out: Annotated[Path, typer.Option(
        metavar="DIR", file_okay=False,
        help="Where the checkpoint, the weights (dmc-GAME.npz), log.csv and curves.png go.")]
    = Path("runs/dmc"),
    resume: Annotated[bool, typer.Option(
        "--resume", help="Go on from the checkpoint in --out (its game, options and knobs; "
                         "--workers and --ray may change).")] = False,
    workers: Annotated[int, typer.Option(
        min=1, metavar="K", help="Processes playing the self-play deals.")] = 2,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="Play the self-play deals as Ray tasks: auto (the running cluster), local (a "
             "new instance here) or a head's host:port; each round is split in --workers "
             "tasks (needs Ray: pip install 'paizhuo\\[ray]').")] = None,
    seed: Annotated[int, seed_option("Seeds the deals, the initial weights and the "
                                     "learner's shuffling.")] = 0,
    warm_deals: Annotated[int, count_option(
        "Deals of the heuristic's own games the network first learns from (the warm "
        "start).")] = 2000,
    round_deals: Annotated[int, typer.Option(
        min=1, metavar="N", help="Deals played between two updates of the network (split "
                                 "among the workers).")] = 8,
    eval_deals: Annotated[int, typer.Option(
        min=0, metavar="N", help="Duplicate deals against random at each checkpoint "
                                 "(0: none).")] = 20,
    checkpoint_minutes: Annotated[float, typer.Option(
        min=0.1, metavar="M", help="Minutes between checkpoints.")] = 10.0,
) -> None:
    """Train a learned bot by Deep Monte-Carlo self-play (DouZero's method): a network scores
    each legal action from the seat's features and the action's; it first learns the
    heuristic's own games (the warm start), then plays every seat itself, ε-greedy, and
    learns the final returns. Checkpoints every few minutes in --out; --resume goes on from
    there, here or on another machine. The weights it writes (dmc-GAME.npz) are played by
    numpy alone (docs/rl.md)."""
    try:
        from paizhuo.rl.dmc.train import Progress, TrainConfig, Trainer, evaluate_against
    except ImportError as exc:
        raise CommandError(f"paizhuo train needs PyTorch and the [rl] packages ({exc.name} is "
                           "missing): pip install 'paizhuo\\[train]'") from exc
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    cls, options = game_and_options(game, preset, option)
    if resume:
        trainer = Trainer.resume(out, workers=workers, ray=ray)
        if trainer.config.game != cls.name:
            raise CommandError(f"the run in {out} trains {trainer.config.game}, not {cls.name}")
    else:
        if (out / "checkpoint.pt").exists():
            raise CommandError(f"{out} already holds a run: --resume it, or choose another "
                               "--out")
        trainer = Trainer(TrainConfig(cls.name, options, str(out), seed, warm_deals,
                                      deals_per_round=round_deals, workers=workers,
                                      checkpoint_minutes=checkpoint_minutes, ray=ray))

    def evaluate(net: QNet) -> float:
        return evaluate_against(net, deals=eval_deals)

    bar = Bar(TextColumn("[bold]{task.description}"), BarColumn(), TimeElapsedColumn(),
              TextColumn("{task.fields[status]}"), console=err_console, transient=True)
    with bar:
        task = bar.add_task(f"train {cls.name}", total=minutes * 60 or 1, status="")

        def show(p: Progress) -> None:
            ev = "" if p.eval is None else f" · vs random {p.eval:+.3f}"
            bar.update(task, completed=min(bar.tasks[0].elapsed or 0, minutes * 60),
                       status=f"{p.phase} · {p.frames:,} frames · {p.frames_per_s:,.0f}/s · "
                              f"loss q {p.loss_q:.4f} bc {p.loss_bc:.4f} belief "
                              f"{p.loss_belief:.4f}{ev}")

        trainer.run(minutes=minutes, deals=deals, progress=show,
                    evaluate=evaluate if eval_deals else None)
    last = trainer.log[-1]
    console.print(f"{cls.name}: {trainer.deals:,} deals, {trainer.frames:,} frames in "
                  f"{trainer.seconds:,.0f} s of rounds; last loss q {last['loss_q']:.4f}"
                  + (f", against random {last['eval']:+.3f}" if last["eval"] is not None
                     else ""), highlight=False, soft_wrap=True)
    console.print(f"weights: {out / f'dmc-{cls.name}.npz'} · log: {out / 'log.csv'} · "
                  f"curves: {out / 'curves.png'}", highlight=False, soft_wrap=True)
