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
    actions compared.
    """

    name = "search"
    uses_sampler = False
    uses_worlds = True

    def __init__(self, playouts: int = 48, seconds: float | None = None,
                 candidates: int = 8) -> None:
        if playouts < 1 or candidates < 1:
            raise ValueError("playouts and candidates must be at least 1")
        self.playouts = playouts
        self.seconds = seconds
        self.candidates = candidates
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
                bots = [self._policy(str(observation["game"]))] * copy.num_seats
                play_out(copy, bots, random.Random(playout_seed))
                returns = copy.returns()
                if returns is None:
                    continue
                totals[i] += returns[seat]
                counts[i] += 1
                done += 1
            if self.seconds is not None and time.perf_counter() - began > self.seconds:
                break
        best = 0
        for i in range(1, len(candidates)):
            if counts[i] and (not counts[best] or
                              totals[i] / counts[i] > totals[best] / counts[best] + 1e-9):
                best = i
        return candidates[best]


__all__ = ["SearchBot", "play_out", "playout_bot"]
