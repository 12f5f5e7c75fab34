"""A determinized Monte-Carlo search bot for every game: for each candidate action, guessed
worlds (every card hidden from the seat dealt again, consistently with what it has seen:
:class:`paizhuo.bots.base.Worlds`) are played out to the end of the deal by a playout policy,
and the action with the best mean outcome for the seat (``returns()``) is chosen.

Each simulation draws one world and plays every candidate from it (common random numbers: the
candidates are compared on the same guesses, which cancels most of the luck of the draw).
Candidates: every legal action when there are few, else the playout policy's own choice and a
random sample of the others. The budget is a number of playouts (reproducible: the same
generator gives the same choice) and optionally a time limit.

The playout policy is the game's ``heuristic`` bot where it has one, else ``greedy``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from paizhuo.bots.base import Bot, Worlds, bot_action, deciding
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import PaizhuoError
from paizhuo.engine.game import Game

MAX_PLAYOUT_DECISIONS = 5_000
"""A playout that has not ended after this many decisions is abandoned (engine safety)."""


def playout_bot(game_name: str) -> Bot:
    """The game's ``heuristic`` bot, or ``greedy`` where it has none."""
    from paizhuo.bots.registry import bot_names, make_bot

    name = "heuristic" if "heuristic" in bot_names(game_name) else "greedy"
    return make_bot(name, game_name)


def play_out(game: Game, bots: list[Bot], rng: random.Random) -> None:
    """Play ``game`` to its end with ``bots`` (seats that may only interrupt wait)."""
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if game.is_over:
            return
        to_act = game.to_act()
        seats = deciding(game, to_act)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        game.apply(bot_action(game, to_act, seat, bots[seat], rng))


class SearchBot:
    """Determinized Monte-Carlo search (see the module's text).

    ``playouts``: the number of playouts per decision, over all candidates; ``seconds``: a time
    limit on top (``None``: none — the choice is then reproducible); ``candidates``: the most
    actions compared; ``margin``: how many standard errors better than the policy's own
    choice another must be to be chosen.
    """

    name = "search"
    uses_sampler = False
    uses_worlds = True

    def __init__(self, playouts: int = 48, seconds: float | None = None,
                 candidates: int = 8, margin: float = 1.0) -> None:
        if playouts < 1 or candidates < 1:
            raise ValueError("playouts and candidates must be at least 1")
        self.playouts = playouts
        self.seconds = seconds
        self.candidates = candidates
        self.margin = margin
        self._policies: dict[str, Bot] = {}

    def _policy(self, game_name: str) -> Bot:
        if game_name not in self._policies:
            self._policies[game_name] = playout_bot(game_name)
        return self._policies[game_name]

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        """Without worlds (a runner that offers none): the playout policy's choice."""
        return self._policy(str(observation["game"])).act(observation, legal, rng)

    def act_worlds(self, observation: dict[str, Any], legal: list[Action],
                   rng: random.Random, worlds: Worlds) -> Action:
        policy = self._policy(str(observation["game"]))
        first = policy.act(observation, legal, rng)
        if len(legal) <= 1:
            return first
        others = [a for a in legal if a != first]
        if len(others) >= self.candidates:
            others = rng.sample(others, self.candidates - 1)
        candidates = [first, *others]
        totals = [0.0] * len(candidates)
        squares = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        seat = worlds.seat
        began = time.perf_counter()
        done = 0
        while done < self.playouts:
            world = worlds.sample(random.Random(rng.getrandbits(64)))
            playout_seed = rng.getrandbits(64)
            for i, action in enumerate(candidates):
                copy = world.clone()
                try:
                    copy.apply(action)
                except PaizhuoError:
                    continue  # not legal in this guess (it should always be: the seat's view
                    # is the same in every world)
                # a bot per seat, new for each playout (a bot may remember what it saw)
                bots = [playout_bot(str(observation["game"])) for _ in range(copy.num_seats)]
                play_out(copy, bots, random.Random(playout_seed))
                returns = copy.returns()
                if returns is None:
                    continue
                totals[i] += returns[seat]
                squares[i] += returns[seat] ** 2
                counts[i] += 1
                done += 1
            if self.seconds is not None and time.perf_counter() - began > self.seconds:
                break
        return candidates[self._choose(totals, squares, counts)]

    def _choose(self, totals: list[float], squares: list[float], counts: list[int]) -> int:
        """The candidate with the best mean — but the policy's own choice (index 0) stays
        unless another is better by more than ``margin`` standard errors of the difference:
        with a few playouts each, the best mean of several is often luck."""
        def mean(i: int) -> float:
            return totals[i] / counts[i]

        def var(i: int) -> float:
            m = mean(i)
            return max(0.0, squares[i] / counts[i] - m * m)

        if not counts[0]:
            return max((i for i in range(len(counts)) if counts[i]), key=mean, default=0)
        best = max((i for i in range(len(counts)) if counts[i]), key=mean)
        if best == 0:
            return 0
        spread = (var(0) / counts[0] + var(best) / counts[best]) ** 0.5
        return best if mean(best) - mean(0) > self.margin * spread + 1e-9 else 0


__all__ = ["SearchBot", "play_out", "playout_bot"]
