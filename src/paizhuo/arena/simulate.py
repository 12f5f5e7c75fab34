"""Play whole games (or whole matches) between bots and gather generic outcome statistics.

Everything goes through the :class:`~paizhuo.engine.game.Game` interface and the registry,
so the same runner serves every game. A result dict is summarised without knowing its game:

- text and true/false fields are counted (``winner: attackers × 61``);
- numeric fields are averaged;
- a list with one number per seat, or an object of numbers keyed by seat numbers, is a
  *per-seat* field (``scores``): its values are averaged per seat and per bot. A list that is
  an order of the seats (``finished: [3, 0, 5, …]``) is not per-seat and is skipped, and so
  is an object of text keyed by seats;
- the interface's :meth:`~paizhuo.engine.game.Game.returns` (one number per seat, the same
  convention in every game) is the per-seat field ``returns``.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paizhuo.bots.base import play_round
from paizhuo.bots.registry import make_bot
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.games import game_class

MAX_DISTINCT = 12
"""A text field with more distinct values than this is not counted (it is not a category)."""


def is_category(counter: Counter[str]) -> bool:
    """Whether a counted text field is worth showing: few values, and values that repeat.

    >>> is_category(Counter({"attackers": 6, "defenders": 4}))
    True
    >>> is_category(Counter({f"kitty {i}": 1 for i in range(10)}))
    False
    """
    distinct, total = len(counter), sum(counter.values())
    return 0 < distinct <= MAX_DISTINCT and (distinct <= 3 or 2 * distinct <= total)


class SimulationError(PaizhuoError):
    """A game stopped on an engine error (a bug): says which game and carries its record."""

    def __init__(self, index: int, seed: int, message: str, record_json: str) -> None:
        self.index = index
        self.seed = seed
        self.message = message
        self.record_json = record_json
        super().__init__(f"game {index} (seed {seed}): {message}")


@dataclass
class Mean:
    """A running mean."""

    total: float = 0.0
    count: int = 0

    def add(self, value: float) -> None:
        """Count one more value."""
        self.total += value
        self.count += 1

    @property
    def mean(self) -> float:
        """The mean so far (0 before any value)."""
        return self.total / self.count if self.count else 0.0


@dataclass
class Summary:
    """What :func:`simulate` found, ready to print."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    games: int = 0
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    seats: int = 0
    rounds_per_game: Counter[int] = field(default_factory=Counter)
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    means: dict[str, Mean] = field(default_factory=dict)
    seat_means: dict[str, dict[int, Mean]] = field(default_factory=dict)
    bot_means: dict[str, dict[str, Mean]] = field(default_factory=dict)
    bot_decisions: Counter[str] = field(default_factory=Counter)
    bot_seats: Counter[str] = field(default_factory=Counter)
    """Seat-rounds each bot played (the denominator of its decision count)."""
    uncounted: set[str] = field(default_factory=set)
    """Text fields with too many different values to count."""
    labels: frozenset[str] = frozenset()
    """Numeric result fields that name seats or games: counted, not averaged."""
    matches: bool = False
    """Whether whole matches were played (then the match figures below mean something)."""
    match_winners: Counter[str] = field(default_factory=Counter)
    """Finished matches by who won them (``seats 0 2``, or ``draw``)."""
    match_bot_wins: Counter[str] = field(default_factory=Counter)
    """Finished matches won by a side on which this bot played."""
    unfinished_matches: int = 0
    """Matches stopped by the limit on deals before they ended."""
    single_deals: int = 0
    """With matches asked for, games that are not part of a match (one deal each)."""

    @property
    def mixed_bots(self) -> bool:
        """Whether more than one kind of bot played (then per-bot figures mean something)."""
        return len(set(self.bots)) > 1

    def add_round(self, phase: str, result: dict[str, Any], decisions: int,
                  seat_bots: Sequence[str], seat_decisions: Sequence[int],
                  returns: Sequence[float] | None = None) -> None:
        """Fold one finished round into the statistics (``returns``: the game's
        :meth:`~paizhuo.engine.game.Game.returns`, one number per seat)."""
        self.rounds += 1
        self.decisions += decisions
        self._count("phase", phase)
        self.means.setdefault("decisions", Mean()).add(decisions)
        for bot, n in zip(seat_bots, seat_decisions, strict=True):
            self.bot_decisions[bot] += n
            self.bot_seats[bot] += 1
        scalars: dict[str, Any] = {}
        per_seat: dict[str, dict[int, float]] = {}
        _flatten(result, "", len(seat_bots), scalars, per_seat)
        if returns is not None:
            per_seat["returns"] = {s: float(v) for s, v in enumerate(returns)}
        for key, value in scalars.items():
            if isinstance(value, bool | str) or value is None or key in self.labels:
                self._count(key, value)
            else:
                self.means.setdefault(key, Mean()).add(float(value))
        for key, values in per_seat.items():
            seat_stats = self.seat_means.setdefault(key, {})
            bot_stats = self.bot_means.setdefault(key, {})
            for seat, value in values.items():
                seat_stats.setdefault(seat, Mean()).add(value)
                bot_stats.setdefault(seat_bots[seat], Mean()).add(value)

    def add_match(self, winners: list[int] | None, ended: bool,
                  seat_bots: Sequence[str]) -> None:
        """Count one finished (or stopped) match: ``winners`` from
        :meth:`~paizhuo.engine.game.Game.match_winners`, ``ended`` when the match ended."""
        if not ended:
            self.unfinished_matches += 1
        elif winners is None:
            self.single_deals += 1
        elif not winners:
            self.match_winners["draw"] += 1
        else:
            self.match_winners["seats " + " ".join(map(str, sorted(winners)))] += 1
            for bot in sorted({seat_bots[s] for s in winners}):
                self.match_bot_wins[bot] += 1

    def _count(self, key: str, value: Any) -> None:
        if key in self.uncounted:
            return
        counter = self.counts.setdefault(key, Counter())
        counter[_label(value)] += 1
        if len(counter) > MAX_DISTINCT:  # not a category: stop counting (and storing) it
            del self.counts[key]
            self.uncounted.add(key)


def _label(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _seat_keys(value: dict[Any, Any], seats: int) -> bool:
    names = {str(s) for s in range(seats)}
    return bool(value) and all(str(k) in names for k in value)


def _flatten(value: Any, path: str, seats: int, scalars: dict[str, Any],
             per_seat: dict[str, dict[int, float]]) -> None:
    """Split a result into scalar fields and per-seat numeric fields, by dotted path.

    An object keyed by seat numbers is per-seat when its values are numbers, and skipped
    otherwise (per-seat text, such as each seat's level, would only repeat other fields).
    """
    if isinstance(value, dict):
        if _seat_keys(value, seats):
            if all(_is_number(v) for v in value.values()):
                per_seat[path] = {int(k): float(v) for k, v in value.items()}
            return
        for key, item in value.items():
            _flatten(item, f"{path}.{key}" if path else str(key), seats, scalars, per_seat)
    elif isinstance(value, list | tuple):
        if (len(value) == seats and all(_is_number(v) for v in value)
                and sorted(value) != list(range(seats))):
            per_seat[path] = {s: float(v) for s, v in enumerate(value)}
    elif value is None or isinstance(value, bool | str) or _is_number(value):
        scalars[path or "result"] = value


def seat_bots(bot_names: Sequence[str], seats: int, rotation: int) -> list[str]:
    """Bot name of each seat: the list repeated round the table, turned by ``rotation``.

    >>> seat_bots(["random", "greedy"], 4, 0)
    ['random', 'greedy', 'random', 'greedy']
    >>> seat_bots(["random", "greedy"], 4, 1)
    ['greedy', 'random', 'greedy', 'random']
    """
    return [bot_names[(s + rotation) % len(bot_names)] for s in range(seats)]


def record_path(folder: Path, game_name: str, index: int, deal: int) -> Path:
    """Where ``simulate --records`` writes deal ``deal`` (from 0) of game ``index``."""
    return folder / f"{game_name}-{index:05d}-{deal:03d}.json"


def write_record(path: Path, game: Game) -> None:
    """Write ``game``'s record to ``path`` whole or not at all (a temporary file, renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(game.record().dumps(indent=None) + "\n", encoding="utf-8")
    os.replace(partial, path)


def simulate(game_name: str, games: int, seed: int = 0, bots: Sequence[str] = ("random",),
             options: dict[str, Any] | None = None, matches: bool = False,
             max_rounds: int = 200,
             progress: Callable[[int], None] | None = None,
             records: Path | None = None) -> Summary:
    """Play ``games`` games (or whole matches) of ``game_name`` and summarise them.

    Game ``i`` deals with seed ``seed + i``; later deals of a match with
    ``derive_seed(seed + i, round)``. ``progress`` is called after each game with the number done.
    With ``records`` (a folder) every deal's record is written there (:func:`record_path`).
    Unknown games, options or bots raise :class:`~paizhuo.engine.errors.MalformedError`;
    an engine failure raises :class:`SimulationError`.
    """
    cls = game_class(game_name)
    options = dict(options or {})
    for name in bots:
        make_bot(name, game_name)  # unknown names fail before any game is played
    summary = Summary(game_name, options, list(bots), labels=cls.RESULT_LABELS,
                      matches=matches)
    began = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        rng = random.Random(f"paizhuo-simulate/{game_seed}")
        game = cls.new(options, seed=game_seed)
        summary.seats = game.num_seats
        names = seat_bots(bots, game.num_seats, index)
        players = [make_bot(name, game_name) for name in names]
        rounds = 0
        while True:
            try:
                made = play_round(game, players, rng)
            except Exception as exc:  # any engine failure is reported with the game's record
                raise SimulationError(index, game_seed, f"{type(exc).__name__}: {exc}",
                                      game.record().dumps()) from exc
            if records is not None:
                write_record(record_path(records, game_name, index, rounds), game)
            rounds += 1
            result = game.result() or {}
            summary.add_round(game.phase, result, sum(made), names, made, game.returns())
            start = game.next_start() if matches else None
            if start is None or rounds >= max_rounds:
                if matches:
                    summary.add_match(game.match_winners(), start is None, names)
                break
            game = cls.new(options, seed=derive_seed(game_seed, rounds), start=start)
        summary.games += 1
        summary.rounds_per_game[rounds] += 1
        if progress is not None:
            progress(index + 1)
    summary.seconds = time.perf_counter() - began
    return summary
