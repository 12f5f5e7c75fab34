"""Duplicate deals between two bots: every deal is played in several seat arrangements, so that
the luck of the cards cancels and what is left is the difference between the bots.

Three schemes (docs/arena.md):

- ``teams`` (fixed partners by seat parity: Shengji's fixed-team presets, Gouji): each deal is
  played twice, bot A at the even seats and B at the odd ones, then the sides swapped. Both
  sides are measured in both copies.
- ``solo`` (no fixed teams: Baohuang, Shengji with friends or bidding): each deal is played
  ``2 × seats`` times: for every seat ``r``, A alone at ``r`` against B everywhere else, and B
  alone at ``r`` against A. Only the lone seat is measured, so A and B are each seen once in
  every seat of every deal, in the same position (one against the rest).
- ``lone`` (any game; for a bot far slower than the other): each deal is played ``seats + 1``
  times: for every seat ``r``, A alone at ``r`` against B everywhere else, and once with B in
  every seat. A is measured at its lone seat; B at every seat of the all-B copy, each seat a
  game of its own. The difference per deal is then A's mean over the seats less B's at the
  same seats with the same cards and the same opponents (Bs): what A gains in B's place. It
  plays A in ``seats`` games a deal where ``solo`` plays it in ``seats * (seats - 1) + seats``
  (a search bot costs a fifth as much in Baohuang), and says nothing of B alone against As.

A game's outcome for a seat is its :meth:`~paizhuo.engine.game.Game.returns` (Shengji: levels
gained, Gouji and Baohuang: points). Per deal, a side's figure is the mean over the copies
(and seats) where it is measured; the paired difference A − B per deal is what cancels luck.
Deal ``d`` deals with ``derive_seed(seed, d)`` in every copy; the seat of copy ``c`` draws its
bot's random numbers from ``(seed, d, c, seat)``, so a deal's numbers do not depend on which
process played it, and the same seed gives the same figures for any number of workers.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from paizhuo.arena.cluster import run_on_ray
from paizhuo.bots.base import bot_action, deciding
from paizhuo.bots.registry import make_bot
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import MalformedError, PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.games import game_class

SCHEMES: Final = ("teams", "solo", "lone")
Z95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
MAX_DECISIONS: Final = 100_000


class ArenaError(PaizhuoError):
    """A game of the arena stopped on an engine error (a bug): says which deal and copy."""

    def __init__(self, deal: int, copy: int, seed: int, message: str) -> None:
        self.deal, self.copy, self.seed, self.message = deal, copy, seed, message
        super().__init__(f"deal {deal} copy {copy} (deal seed {seed}): {message}")


@dataclass(frozen=True)
class Copy:
    """One seat arrangement of a deal: the side (``A``/``B``) of every seat, and the seats
    whose outcome is counted (each for its own side). ``each``: every measured seat is a game
    of its own for the win rate (seats that are not partners); else a side's measured seats
    are one game, won when all of them won (partners win together)."""

    sides: tuple[str, ...]
    measured: tuple[int, ...]
    each: bool = False


def arrangements(scheme: str, seats: int) -> list[Copy]:
    """The copies every deal is played in.

    >>> [c.sides for c in arrangements("teams", 4)]
    [('A', 'B', 'A', 'B'), ('B', 'A', 'B', 'A')]
    >>> [("".join(c.sides), c.measured) for c in arrangements("solo", 3)][:4]
    [('ABB', (0,)), ('BAA', (0,)), ('BAB', (1,)), ('ABA', (1,))]
    >>> [("".join(c.sides), c.measured) for c in arrangements("lone", 3)]
    [('ABB', (0,)), ('BAB', (1,)), ('BBA', (2,)), ('BBB', (0, 1, 2))]
    """
    if scheme == "teams":
        if seats % 2:
            raise MalformedError("scheme", f"the teams scheme needs an even number of seats, "
                                 f"not {seats}")
        even = tuple("A" if s % 2 == 0 else "B" for s in range(seats))
        odd = tuple("B" if s % 2 == 0 else "A" for s in range(seats))
        return [Copy(even, tuple(range(seats))), Copy(odd, tuple(range(seats)))]
    if scheme == "solo":
        out = []
        for r in range(seats):
            for lone, rest in (("A", "B"), ("B", "A")):
                out.append(Copy(tuple(lone if s == r else rest for s in range(seats)), (r,)))
        return out
    if scheme == "lone":
        out = [Copy(tuple("A" if s == r else "B" for s in range(seats)), (r,))
               for r in range(seats)]
        return [*out, Copy(("B",) * seats, tuple(range(seats)), each=True)]
    raise MalformedError("scheme", f"unknown scheme {scheme!r}; schemes are "
                         f"{', '.join(SCHEMES)}")


def fixed_teams(game: Game) -> bool:
    """Whether ``game`` has partners fixed by seat (``Game.teams``: then the ``teams``
    scheme fits)."""
    return game.teams() is not None


def default_scheme(game: Game) -> str:
    """``teams`` for a game with fixed partners, ``solo`` otherwise."""
    return "teams" if fixed_teams(game) else "solo"


def units(game_name: str) -> tuple[str, str]:
    """The names of the per-game mean and of the win rate for ``game_name``
    (``Game.ARENA_UNITS``)."""
    return game_class(game_name).ARENA_UNITS


@dataclass(frozen=True)
class ArenaSpec:
    """What the arena plays: everything a worker needs (picklable)."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, str]
    seed: int
    scheme: str

    def copies(self) -> list[Copy]:
        """The copies of every deal."""
        return arrangements(self.scheme, game_class(self.game).new(self.options).num_seats)


@dataclass
class DealResult:
    """The returns of every copy of one deal (``returns[copy][seat]``) and the seats that won
    it (``winners[copy]``, the game's
    :meth:`~paizhuo.engine.game.Game.winners`)."""

    deal: int
    seed: int
    returns: list[list[float]]
    winners: list[list[int]]


def deal_seed(seed: int, deal: int) -> int:
    """The seed deal ``deal`` of an arena seeded ``seed`` deals with (in every copy)."""
    return derive_seed(seed, deal)


def _rng(seed: int, deal: int, copy: int, who: str) -> random.Random:
    return random.Random(f"paizhuo-arena/{seed}/{deal}/{copy}/{who}")


def play_copy(spec: ArenaSpec, deal: int, index: int,
              copy: Copy) -> tuple[list[float], list[int]]:
    """Play copy ``index`` of deal ``deal`` to its end; the returns of every seat and the seats
    that won (the game's ``winners()``)."""
    cls = game_class(spec.game)
    seed = deal_seed(spec.seed, deal)
    game = cls.new(spec.options, seed=seed)
    bots = [make_bot(spec.bots[0] if side == "A" else spec.bots[1], spec.game)
            for side in copy.sides]
    rngs = [_rng(spec.seed, deal, index, str(s)) for s in range(game.num_seats)]
    table = _rng(spec.seed, deal, index, "table")
    decisions = 0
    try:
        while not game.is_over:
            to_act = game.to_act()
            if not to_act:
                raise RuntimeError(f"nobody may act in phase {game.phase!r}")
            seats = deciding(game, to_act)
            seat = seats[0] if len(seats) == 1 else table.choice(seats)
            game.apply(bot_action(game, to_act, seat, bots[seat], rngs[seat]))
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
        returns = game.returns()
        if returns is None:
            raise RuntimeError("the game is over but has no returns")
    except PaizhuoError:
        raise
    except Exception as exc:  # an engine failure names the deal that shows it
        raise ArenaError(deal, index, seed, f"{type(exc).__name__}: {exc}") from exc
    return [float(v) for v in returns], game.winners()


def play_deals(spec: ArenaSpec, deals: Sequence[int]) -> list[DealResult]:
    """Play every copy of each of ``deals`` (a worker's chunk)."""
    copies = spec.copies()
    out = []
    for d in deals:
        played = [play_copy(spec, d, i, c) for i, c in enumerate(copies)]
        out.append(DealResult(d, deal_seed(spec.seed, d), [r for r, _ in played],
                              [w for _, w in played]))
    return out


# -- statistics ------------------------------------------------------------------------------

def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean and 95% interval (normal approximation); ``ci`` is ``None`` below two values.

    >>> mean_ci([1.0, 3.0])
    {'mean': 2.0, 'ci': [0.04, 3.96], 'n': 2}
    """
    n = len(values)
    mean = math.fsum(values) / n if n else 0.0
    if n < 2:
        return {"mean": _round(mean), "ci": None, "n": n}
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return {"mean": _round(mean), "ci": [_round(mean - half), _round(mean + half)], "n": n}


def wilson(wins: int, n: int) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval.

    >>> wilson(8, 10)
    {'rate': 0.8, 'ci': [0.49, 0.943], 'wins': 8, 'n': 10}
    """
    if n == 0:
        return {"rate": 0.0, "ci": None, "wins": 0, "n": 0}
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"rate": _round(p), "ci": [_round(max(0.0, centre - half)),
                                      _round(min(1.0, centre + half))],
            "wins": wins, "n": n}


def _round(x: float) -> float:
    return round(x, 3) if abs(x) >= 1e-12 else 0.0


def summarize(spec: ArenaSpec, results: Sequence[DealResult]) -> dict[str, Any]:
    """The arena's figures from the deals' returns (in deal order): see docs/arena.md."""
    results = sorted(results, key=lambda r: r.deal)
    copies = spec.copies()
    seats = len(copies[0].sides)
    mean_name, win_name = units(spec.game)
    per_deal: dict[str, list[float]] = {"A": [], "B": []}
    wins = {"A": 0, "B": 0}
    games = {"A": 0, "B": 0}
    seat_values: dict[str, list[list[float]]] = {"A": [[] for _ in range(seats)],
                                                 "B": [[] for _ in range(seats)]}
    for r in results:
        deal_values: dict[str, list[float]] = {"A": [], "B": []}
        for copy, returns, winners in zip(copies, r.returns, r.winners, strict=True):
            for side in ("A", "B"):
                mine = [s for s in copy.measured if copy.sides[s] == side]
                if not mine:
                    continue
                value = math.fsum(returns[s] for s in mine) / len(mine)
                deal_values[side].append(value)
                if copy.each:
                    games[side] += len(mine)
                    wins[side] += sum(s in winners for s in mine)
                else:
                    games[side] += 1
                    wins[side] += all(s in winners for s in mine)
                for s in mine:
                    seat_values[side][s].append(returns[s])
        for side in ("A", "B"):
            per_deal[side].append(math.fsum(deal_values[side]) / len(deal_values[side]))
    difference = [a - b for a, b in zip(per_deal["A"], per_deal["B"], strict=True)]
    sides = {side: {"bot": spec.bots[i], mean_name: mean_ci(per_deal[side]),
                    win_name: wilson(wins[side], games[side])}
             for i, side in enumerate(("A", "B"))}
    return {
        "game": spec.game,
        "options": spec.options,
        "bots": list(spec.bots),
        "deals": len(results),
        "seed": spec.seed,
        "scheme": spec.scheme,
        "copies": [{"sides": "".join(c.sides), "measured": list(c.measured), "each": c.each}
                   for c in copies],
        "units": {"mean": mean_name, "win": win_name},
        "results": {
            **sides,
            "difference": mean_ci(difference),
        },
        "per_seat": [{"seat": s, "A": mean_ci(seat_values["A"][s]),
                      "B": mean_ci(seat_values["B"][s])} for s in range(seats)],
        "per_deal": [asdict(r) for r in results],
    }


# -- running ---------------------------------------------------------------------------------

Progress = Callable[[int], None]


@dataclass
class ArenaRun:
    """The figures (:func:`summarize`) and how they were obtained."""

    summary: dict[str, Any]
    workers: int = 1
    ray: str | None = None
    seconds: float = 0.0
    games: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON written by ``paizhuo arena``: the figures and a ``run`` entry (workers,
        Ray address, seconds, games played; ``resumed``: deals taken from an earlier run,
        ``partial``: a checkpoint with deals left — the only part that changes between equal
        runs)."""
        return {**self.summary, "run": {"workers": self.workers, "ray": self.ray,
                                        "seconds": round(self.seconds, 2),
                                        "games": self.games, **self.extra}}


MAX_CHUNK: Final = 4
"""The most deals a worker plays as one task: small, so that a long run of slow bots keeps
its deals as they come (a search deal takes a minute of a core); a task costs its pickled
spec and results on top, small beside even a random bot's four deals."""


def chunks(deals: int | Sequence[int], parts: int) -> list[list[int]]:
    """Deal indices (``range(deals)``, or the given ones in order) in chunks: about four per
    worker, at most :data:`MAX_CHUNK` deals each (a chunk's deals are kept only once all of
    them are done: a run stopped early loses the chunks under way).

    >>> chunks(3, 2)
    [[0], [1], [2]]
    >>> [len(c) for c in chunks(20, 2)]
    [3, 3, 3, 3, 3, 3, 2]
    >>> chunks([2, 5, 6], 1)
    [[2], [5], [6]]
    """
    indices = list(range(deals)) if isinstance(deals, int) else list(deals)
    size = max(1, min(MAX_CHUNK, math.ceil(len(indices) / max(1, 4 * parts))))
    return [indices[i:i + size] for i in range(0, len(indices), size)]


def make_spec(game: str, bots: Sequence[str], seed: int = 0,
              options: dict[str, Any] | None = None, scheme: str | None = None) -> ArenaSpec:
    """Check the game, options, bots and scheme, and return what the arena plays.

    Raises :class:`~paizhuo.engine.errors.MalformedError` for an unknown game, option, bot or
    scheme, for a number of bots other than two, and for the ``teams`` scheme in a game
    without fixed partners."""
    cls = game_class(game)
    options = dict(options or {})
    if len(bots) != 2:
        raise MalformedError("bots", f"the arena pits two bots against each other, not "
                             f"{len(bots)}: e.g. --bots greedy,random")
    for name in bots:
        make_bot(name, cls.name)
    sample = cls.new(options)
    if scheme is None or scheme == "auto":
        scheme = default_scheme(sample)
    elif scheme == "teams" and not fixed_teams(sample):
        raise MalformedError("scheme", f"{cls.name} with these options has no fixed partners: "
                             "use the solo scheme")
    arrangements(scheme, sample.num_seats)  # an unknown scheme fails here
    return ArenaSpec(cls.name, options, (bots[0], bots[1]), seed, scheme)


CHECKPOINT_EVERY: Final = 60.0
"""Seconds between two checkpoints of a run (:func:`run_arena`)."""


def run_arena(spec: ArenaSpec, deals: int, workers: int = 1, ray: str | None = None,
              progress: Progress | None = None, *,
              previous: Sequence[DealResult] = (),
              checkpoint: Callable[[ArenaRun], None] | None = None,
              checkpoint_every: float = CHECKPOINT_EVERY) -> ArenaRun:
    """Play ``deals`` duplicate deals, in this process (``workers`` 1), in ``workers``
    processes, or as Ray tasks (``ray``: ``auto``, ``local`` or a cluster's address).

    ``previous``: deals already played (:func:`load_results`: an earlier run's JSON, whole or
    cut short): only the other deals of ``range(deals)`` are played, and the figures are those
    of all of them — the same as one run of ``deals`` deals. ``progress`` counts the deals done,
    the previous ones included. ``checkpoint``: called with the figures of every deal done so
    far (``partial`` set in its ``run``) at most every ``checkpoint_every`` seconds while deals
    are left, so that a run stopped early keeps them (``paizhuo arena`` writes its JSON)."""
    if deals < 1:
        raise MalformedError("deals", f"the arena needs at least one deal, not {deals}")
    if workers < 1:
        raise MalformedError("workers", f"the arena needs at least one worker, not {workers}")
    todo = deals_left(previous, deals)
    began = time.perf_counter()
    last_checkpoint = began
    results: list[DealResult] = list(previous)
    per_deal_games = len(spec.copies())

    def run_of(summary: dict[str, Any], partial: bool) -> ArenaRun:
        extra: dict[str, Any] = {"resumed": len(previous)} if previous else {}
        if partial:
            extra["partial"] = True
        return ArenaRun(summary, workers, ray, time.perf_counter() - began,
                        (len(results) - len(previous)) * per_deal_games, extra)

    def collect(chunk: list[DealResult]) -> None:
        nonlocal last_checkpoint
        results.extend(chunk)
        if progress is not None:
            progress(len(results))
        now = time.perf_counter()
        if checkpoint is not None and len(results) < deals and \
                now - last_checkpoint >= checkpoint_every:
            last_checkpoint = now
            checkpoint(run_of(summarize(spec, results), partial=True))

    if previous and progress is not None:
        progress(len(results))
    if todo and ray is not None:
        run_on_ray(play_deals, spec, chunks(todo, max(workers, 4)), ray, collect)
    elif todo and workers == 1:
        for d in todo:
            collect(play_deals(spec, [d]))
    elif todo:
        _run_processes(spec, chunks(todo, workers), workers, collect)
    return run_of(summarize(spec, results), partial=False)


def deals_left(previous: Sequence[DealResult], deals: int) -> list[int]:
    """The deals of ``range(deals)`` that ``previous`` lacks; raises
    :class:`~paizhuo.engine.errors.MalformedError` where it holds a deal past them (the figures
    would silently leave it out)."""
    had = {r.deal for r in previous}
    beyond = max((d for d in had if d >= deals), default=None)
    if beyond is not None:
        raise MalformedError("deals", f"the earlier run holds deals up to {beyond}, which "
                             f"{deals} deals (0–{deals - 1}) would leave out: ask for at "
                             f"least {beyond + 1}")
    return [d for d in range(deals) if d not in had]


def load_results(spec: ArenaSpec, doc: Any) -> list[DealResult]:
    """The deals of an earlier run's JSON (``paizhuo arena``'s, whole or a checkpoint) to go on
    from, checked against ``spec``: the same game, options, bots, seed and scheme, and every
    deal well formed, dealt with its seed, once. Raises
    :class:`~paizhuo.engine.errors.MalformedError` naming the field that is wrong. (Whether the
    same code played them is for the caller to check: :func:`check_replays`.)"""
    if not isinstance(doc, dict):
        raise MalformedError("", "an arena's results are a JSON object")
    wanted = {"game": spec.game, "options": spec.options, "bots": list(spec.bots),
              "seed": spec.seed, "scheme": spec.scheme}
    for key, value in wanted.items():
        if key not in doc:
            raise MalformedError(key, "missing: these are not an arena's results")
        if doc[key] != value:
            raise MalformedError(key, f"the earlier run has {json.dumps(doc[key])}, this one "
                                 f"{json.dumps(value)}: only the same arena can go on")
    rows = doc.get("per_deal")
    if not isinstance(rows, list):
        raise MalformedError("per_deal", "missing or not a list: the run kept no deals")
    copies = spec.copies()
    seats = len(copies[0].sides)
    out: list[DealResult] = []
    seen: set[int] = set()
    for i, row in enumerate(rows):
        where = f"per_deal[{i}]"
        if not isinstance(row, dict):
            raise MalformedError(where, "must be an object")
        deal = row.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
            raise MalformedError(f"{where}.deal", "must be a non-negative integer")
        if deal in seen:
            raise MalformedError(f"{where}.deal", f"deal {deal} is there twice")
        seen.add(deal)
        if row.get("seed") != deal_seed(spec.seed, deal):
            raise MalformedError(f"{where}.seed", f"is not the seed of deal {deal} of seed "
                                 f"{spec.seed}")
        returns, winners = row.get("returns"), row.get("winners")
        if not (isinstance(returns, list) and len(returns) == len(copies) and all(
                isinstance(r, list) and len(r) == seats and all(
                    isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                    for v in r) for r in returns)):
            raise MalformedError(f"{where}.returns", f"must be {len(copies)} lists (one per "
                                 f"copy) of {seats} numbers (one per seat)")
        if not (isinstance(winners, list) and len(winners) == len(copies) and all(
                isinstance(w, list) and all(
                    isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats
                    for s in w) for w in winners)):
            raise MalformedError(f"{where}.winners", f"must be {len(copies)} lists (one per "
                                 f"copy) of seats 0–{seats - 1}")
        out.append(DealResult(deal, row["seed"], [[float(v) for v in r] for r in returns],
                              [list(w) for w in winners]))
    return sorted(out, key=lambda r: r.deal)


def check_replays(spec: ArenaSpec, kept: DealResult) -> None:
    """Play ``kept``'s deal again and raise :class:`~paizhuo.engine.errors.MalformedError`
    unless every copy ends as it says: the arena is deterministic, so a deal played
    differently means other bots or another engine made the earlier run, whose figures must
    not be mixed with this code's."""
    again = play_deals(spec, [kept.deal])[0]
    if again.returns != kept.returns or [sorted(w) for w in again.winners] != \
            [sorted(w) for w in kept.winners]:
        raise MalformedError("per_deal", f"deal {kept.deal} plays otherwise with this code "
                             f"(returns {again.returns}, the earlier run {kept.returns}): the "
                             "earlier run was made by other bots or another engine, and the "
                             "two cannot be summed")


PARENT_POLL: Final = 0.5
"""Seconds between a worker's checks that the arena that started it is still running."""


def watch_parent(parent: int) -> None:
    """A worker's initializer: leave as soon as the process that started it (``parent``)
    is gone. An arena stopped by a signal it cannot catch (SIGTERM, SIGKILL: a job's time
    limit, ``kill``) exits without shutting its pool, and its workers would play their
    chunk on and then wait for work forever; this daemon thread ends them within
    :data:`PARENT_POLL` seconds instead."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def one_thread_each() -> None:
    """Processes started from now on (and this one, if numpy or torch is not loaded yet) use
    one BLAS/OpenMP thread unless the environment says otherwise: for processes that each
    take one core. With numpy's default of a thread per core, every worker spread its
    products over every core: two learned-bot workers on two cores ran five times slower
    side by side than with one thread each. The numbers do not change."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def spawn_context() -> multiprocessing.context.SpawnContext:
    """The ``spawn`` start method (safe under any platform's default) for worker processes
    that each take one core (:func:`one_thread_each`)."""
    one_thread_each()  # read by the children as they start
    return multiprocessing.get_context("spawn")


def _run_processes(spec: ArenaSpec, parts: list[list[int]], workers: int,
                   collect: Callable[[list[DealResult]], None]) -> None:
    """Play the chunks in ``workers`` processes (:func:`spawn_context`)."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = spawn_context()
    with ProcessPoolExecutor(max_workers=workers, mp_context=context,
                             initializer=watch_parent, initargs=(os.getpid(),)) as pool:
        pending = {pool.submit(play_deals, spec, part) for part in parts}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    collect(future.result())
        except BaseException:
            for future in pending:
                future.cancel()
            raise
