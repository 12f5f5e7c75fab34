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
    warm_deals: Annotated[int | None, typer.Option(
        min=0, metavar="N", help="Deals of the warm start (the heuristic's own games, some "
                                 "decisions labelled); then the network plays every seat "
                                 "itself. Default: the whole run.")] = None,
    alternatives: Annotated[int, typer.Option(
        min=0, metavar="K", help="In the warm start, legal actions labelled by a heuristic "
                                 "playout at a labelled decision (the heuristic's best half, "
                                 "then random ones; 0, the default: none, the warm start "
                                 "only imitates, several times as many deals an hour).")]
    = 0,
    label_rate: Annotated[float, typer.Option(
        min=0.0, max=1.0, metavar="P", help="The share of the warm start's decisions "
                                             "labelled so.")] = 0.25,
    belief_rate: Annotated[float, typer.Option(
        min=0.0, max=1.0, metavar="P", help="The share of decisions that teach the belief "
                                             "head where the other seats' cards are (0: no "
                                             "belief head).")] = 0.25,
    history: Annotated[bool, typer.Option(
        "--history/--no-history",
        help="Whether the network summarises the recent actions (an LSTM over the last 16, "
             "DouZero's over its last moves); a new run's choice, kept on --resume.")] = True,
    lr: Annotated[float | None, typer.Option(
        "--lr", min=1e-7, metavar="RATE",
        help="The learning rate (Adam; default 3e-4); with --resume, the rest of the run's "
             "(a run that has levelled off may go on at a lower one).")] = None,
    round_deals: Annotated[int, typer.Option(
        min=1, metavar="N", help="Deals played between two updates of the network (split "
                                 "among the workers).")] = 8,
    eval_deals: Annotated[int, typer.Option(
        min=0, metavar="N", help="Duplicate deals against random at each checkpoint "
                                 "(0: none).")] = 20,
    checkpoint_minutes: Annotated[float, typer.Option(
        min=0.1, metavar="M", help="Minutes between checkpoints.")] = 10.0,
    speed: Annotated[float | None, typer.Option(
        min=1.0, metavar="SECONDS", help="Instead of a run: time the trainer for this many "
                                         "seconds in each phase (the warm start, self-play) "
                                         "and print its frames per second.")] = None,
    compare_rlcard: Annotated[bool, typer.Option(
        "--compare-rlcard", help="With --speed: also run RLCard's DMC on Dou Dizhu for as "
                                 "long with --workers actors, and print the ratios (needs "
                                 "pip install 'paizhuo\\[bench]' and the \\[train] extra).")]
    = False,
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
    if compare_rlcard and speed is None:
        raise CommandError("--compare-rlcard goes with --speed SECONDS")
    if speed is not None:
        _speed(cls.name, options, speed, workers, compare_rlcard,
               alternatives=alternatives, label_rate=label_rate, belief_rate=belief_rate,
               deals_per_round=round_deals, history=history)
        return
    if resume:
        trainer = Trainer.resume(out, workers=workers, ray=ray,
                                 **({} if lr is None else {"lr": lr}))
        if trainer.config.game != cls.name:
            raise CommandError(f"the run in {out} trains {trainer.config.game}, not {cls.name}")
    else:
        if (out / "checkpoint.pt").exists():
            raise CommandError(f"{out} already holds a run: --resume it, or choose another "
                               "--out")
        config = TrainConfig(cls.name, options, str(out), seed, warm_deals,
                             deals_per_round=round_deals, workers=workers,
                             alternatives=alternatives, label_rate=label_rate,
                             belief_rate=belief_rate, checkpoint_minutes=checkpoint_minutes,
                             ray=ray, history=history)
        if lr is not None:
            config.lr = lr
        trainer = Trainer(config)

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


def _speed(game: str, options: dict[str, object], seconds: float, workers: int,
           compare: bool, **knobs: object) -> None:
    """``paizhuo train GAME --speed SECONDS [--compare-rlcard]``."""
    from paizhuo.rl.dmc.compare import rlcard_available, rlcard_dmc_speed, trainer_speed

    if compare and not rlcard_available():
        raise CommandError("RLCard's DMC is not installed: pip install 'paizhuo\\[bench]'")
    with console.status(f"timing the trainer on {game}, {seconds:g} s per phase …"):
        mine = trainer_speed(game, options, seconds, workers, **knobs)
    theirs = None
    if compare:
        with console.status(f"timing RLCard's DMC on Dou Dizhu, {seconds:g} s …"):
            theirs = rlcard_dmc_speed(seconds, workers)
    for phase, (frames, fps) in mine.items():
        ratio = f" · {fps / theirs[1]:.2f}× RLCard's" if theirs and theirs[1] else ""
        console.print(f"{game} {phase}: {frames:,} frames, {fps:,.0f} frames/s "
                      f"({workers} workers){ratio}", highlight=False, soft_wrap=True)
    if theirs is not None:
        console.print(f"RLCard DMC doudizhu: {theirs[0]:,} frames, {theirs[1]:,.0f} "
                      f"frames/s ({workers} actors)", highlight=False, soft_wrap=True)
