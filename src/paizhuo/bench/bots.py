"""How long bots take to decide (``paizhuo bench GAME --bots A,B``): performance is measured
here and printed, never asserted in a unit test.

The positions are those of real play: rounds are played by the game's playout policy (its
``heuristic`` bot, :func:`paizhuo.bots.policies.playout_bot`) in every seat, and at a share of
the decisions (``sample``: every one for a fast bot, one in ten for a search bot, whose
decisions cost up to a second) the bot under test is asked what it would do, exactly as the
arena and the server ask it (:func:`~paizhuo.bots.base.bot_action`: the seat's observation and
legal actions, and guessed worlds for a search bot), and that call is timed — the bot's
thinking only: building the observation and the list of legal actions is the engine's work,
which ``paizhuo bench GAME`` times. The policy's own
action is then applied, so every bot is timed on the same positions of the same seeds. One
bot object per seat and round, as at a table (a bot may remember what it saw of the round).

Everything runs in this process, on one core. The targets (issue 11): a heuristic decision
(``heuristic``, ``normal``, ``easy``) under :data:`FAST_TARGET_MS`, a ``hard`` one under
:data:`HARD_TARGET_MS`; the learned bot's (issue 36: ``dmc``) within
:data:`LEARNED_TARGET_MS` — judged on the 99th percentile of the decisions timed (the slowest
is printed too: a pause of Python's garbage collector can land on any decision).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from paizhuo.bots.base import Bot, Worlds, WorldsBot, bot_action, decide, deciding
from paizhuo.bots.policies import playout_bot
from paizhuo.bots.registry import make_bot
from paizhuo.bots.search import MAX_PLAYOUT_DECISIONS
from paizhuo.engine.game import Game

FAST_TARGET_MS: Final = 2.0
HARD_TARGET_MS: Final = 1000.0
LEARNED_TARGET_MS: Final = 5.0
TARGETS_MS: Final[dict[str, float]] = {"heuristic": FAST_TARGET_MS, "normal": FAST_TARGET_MS,
                                       "easy": FAST_TARGET_MS, "hard": HARD_TARGET_MS,
                                       "dmc": LEARNED_TARGET_MS}
"""The most milliseconds issue 11 allows one decision of a named bot, and issue 36 the
learned one (others: no target)."""
SEARCH_SAMPLE: Final = 0.1
"""Share of the decisions a search bot is timed at (others: every decision)."""
MIN_DECISIONS: Final = 10
"""A bot is timed at least this many times, whatever the time limit."""


@dataclass
class BotTiming:
    """The decision times of one bot (milliseconds)."""

    game: str
    preset: str
    bot: str
    times_ms: list[float]
    rounds: int
    target_ms: float | None

    @property
    def decisions(self) -> int:
        """Decisions timed."""
        return len(self.times_ms)

    def quantile(self, q: float) -> float:
        """The ``q`` quantile of the times (nearest rank)."""
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    @property
    def median_ms(self) -> float:
        """The median decision time."""
        return statistics.median(self.times_ms)

    @property
    def max_ms(self) -> float:
        """The slowest decision timed."""
        return max(self.times_ms)

    @property
    def within_target(self) -> bool | None:
        """Whether the 99th percentile is within the target (``None``: no target)."""
        return None if self.target_ms is None else self.quantile(0.99) <= self.target_ms


def _decision_time(game: Game, to_act: Sequence[int], seat: int, bot: Bot, rng: random.Random,
                   clock: Callable[[], float]) -> float:
    """Seconds ``bot`` takes to choose for ``seat``, given what the runners give it
    (:func:`~paizhuo.bots.base.bot_action`): the seat's observation and legal actions are
    built before the clock starts (that is the engine's work, timed by ``paizhuo bench
    GAME``), a search bot's guessed worlds are drawn inside it (that is the bot's)."""
    if bot.uses_sampler and seat == to_act[0]:
        began = clock()
        game.sample_action(rng)
        return clock() - began
    observation, legal = game.observation(seat), game.legal_actions(seat)
    worlds = Worlds(game, seat)
    began = clock()
    decide(bot, observation, legal, rng, worlds)
    return clock() - began


def time_bot(cls: type[Game], options: dict[str, Any], bot_name: str, *,
             seconds: float = 3.0, games: int | None = None, seed: int = 0,
             sample: float | None = None,
             clock: Callable[[], float] = time.perf_counter) -> BotTiming:
    """Time ``bot_name``'s decisions on rounds of ``cls`` (seeds ``seed``, ``seed + 1`` …)
    until ``seconds`` of its thinking have been timed (and at least :data:`MIN_DECISIONS`
    decisions), or ``games`` rounds have been played."""
    probe = make_bot(bot_name, cls.name)  # an unknown bot fails before any play
    if sample is None:
        sample = SEARCH_SAMPLE if isinstance(probe, WorldsBot) else 1.0
    if not 0.0 < sample <= 1.0:
        raise ValueError(f"sample must be above 0 and at most 1, not {sample}")
    times: list[float] = []
    thought = 0.0
    rounds = 0
    coin = random.Random(f"paizhuo-bench-bots/{seed}")
    while True:
        if games is not None and rounds >= games:
            break
        if games is None and thought >= seconds and len(times) >= MIN_DECISIONS:
            break
        game = cls.new(options, seed=seed + rounds)
        policy = [playout_bot(cls.name) for _ in range(game.num_seats)]
        tested = [make_bot(bot_name, cls.name) for _ in range(game.num_seats)]
        rngs = [random.Random(f"paizhuo-bench-bots/{seed + rounds}/{s}")
                for s in range(game.num_seats)]
        # who moves where several seats may: drawn apart from the sampling coin, so that every
        # bot meets the same positions whatever share of them it is timed at
        table = random.Random(f"paizhuo-bench-bots/{seed + rounds}/table")
        for _ in range(MAX_PLAYOUT_DECISIONS):
            if game.is_over:
                break
            to_act = game.to_act()
            seats = deciding(game, to_act)
            seat = seats[0] if len(seats) == 1 else table.choice(seats)
            if coin.random() < sample:
                spent = _decision_time(game, to_act, seat, tested[seat],
                                       random.Random(coin.getrandbits(64)), clock)
                times.append(spent * 1000.0)
                thought += spent
                if games is None and thought >= seconds and len(times) >= MIN_DECISIONS:
                    break
            game.apply(bot_action(game, to_act, seat, policy[seat], rngs[seat]))
        rounds += 1
    return BotTiming(cls.name, str(options.get("preset", "default")), bot_name, times, rounds,
                     TARGETS_MS.get(bot_name))


__all__ = ["FAST_TARGET_MS", "HARD_TARGET_MS", "LEARNED_TARGET_MS", "TARGETS_MS", "BotTiming",
           "time_bot"]
