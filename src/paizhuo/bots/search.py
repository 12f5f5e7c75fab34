"""A determinized Monte-Carlo search bot for every game: for each candidate action, guessed
worlds (every card hidden from the seat dealt again, consistently with what it has seen:
:class:`paizhuo.bots.base.Worlds`) are played out to the end of the deal by a playout policy,
and the action with the best mean outcome for the seat (``returns()``) is chosen.

Each simulation draws one world and plays every candidate from it (common random numbers: the
candidates are compared on the same guesses, which cancels most of the luck of the draw).
Candidates: the playout policy's choices ranked (:func:`ranked`: its choice, then its choice
among the other actions, and so on), so that the playouts go to the few moves a good player
would weigh rather than to a random sample of a long list; then, if room is left, a random
sample of the rest. The budget is a number of playouts (reproducible: the same generator gives
the same choice) and optionally a time limit.

What a playout is worth to the seat is its ``returns()``, refined where they are coarse
(:func:`value`: Shengji's levels move in steps of SJ-9's ``step`` card points, 40 with two
decks, so the attackers' points break ties between two moves that gain the same levels).

The playout policy is the game's ``heuristic`` bot where it has one, else ``greedy``.
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

from paizhuo.bots.base import Bot, Worlds, bot_action, deciding
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import PaizhuoError
from paizhuo.engine.game import Game

MAX_PLAYOUT_DECISIONS = 5_000
"""A playout that has not ended after this many decisions is abandoned (engine safety)."""
MAX_PLAYOUT_LIST = 2_000
"""A playout decision whose list of legal actions would be longer than this (where the game
can count it, ``count_legal``: a Shengji follow to a long throw can have tens of thousands) is
drawn by the game's sampler instead of being listed and judged — it could cost more than the
whole decision's budget. Decisions a bot makes without the list (``act_unlisted``) are not
affected."""


def playout_bot(game_name: str) -> Bot:
    """The game's ``heuristic`` bot, or ``greedy`` where it has none."""
    from paizhuo.bots.registry import bot_names, make_bot

    name = "heuristic" if "heuristic" in bot_names(game_name) else "greedy"
    return make_bot(name, game_name)


def ranked(policy: Bot, observation: dict[str, Any], legal: list[Action],
            rng: random.Random, k: int) -> list[Action]:
    """Up to ``k`` of ``legal``, best first by ``policy``: its choice, then its choice once that
    is taken away, and so on. Stops early where the policy picks an action that is not in the
    list (one it built itself, like a Shengji bury) or one it already picked, and where it
    cannot choose from what is left (a policy may count on an action every full list has, such
    as a pass). A policy with ``choices(observation, legal, rng, k)`` ranks its own moves
    where that returns a list (a Shengji lead: the leads it tries in turn)."""
    own = getattr(policy, "choices", None)
    if own is not None:
        mine: list[Action] | None = own(observation, legal, rng, k)
        if mine:
            return mine[:k]
    out: list[Action] = []
    left = list(legal)
    while len(out) < k and left:
        try:
            action = policy.act(observation, left, rng)
        except (KeyError, IndexError, ValueError, StopIteration):
            if not out:
                raise  # on the full list it is the policy's own bug
            break
        if action in out:
            break
        if action not in left:
            if not out:
                out.append(action)
            break
        out.append(action)
        left.remove(action)
    return out


SHENGJI_POINTS_WEIGHT: Final = 1.0
"""Levels a swing of every card point of the decks is worth on top of Shengji's returns."""


def value(game: Game, seat: int) -> float | None:
    """What the finished ``game`` is worth to ``seat`` for the search: its ``returns()``,
    plus, in Shengji, the card points the attackers took (for the attackers; against them for
    the defenders) as a share of all the decks' points (:data:`SHENGJI_POINTS_WEIGHT`)."""
    returns = game.returns()
    if returns is None:
        return None
    out = float(returns[seat])
    if game.name == "shengji":
        result = game.result() or {}
        if "attackers_points" in result and not result.get("redeal"):
            total = 100 * int(getattr(getattr(game, "opts", None), "decks", 2))
            share = float(result["attackers_points"]) / total
            out += SHENGJI_POINTS_WEIGHT * (share if seat in result["attackers"] else -share)
    return out


def play_out(game: Game, bots: list[Bot], rng: random.Random,
             deadline: float | None = None) -> bool:
    """Play ``game`` to its end with ``bots`` (seats that may only interrupt wait); with a
    ``deadline`` (a ``time.perf_counter()`` reading) stop there. Whether the game ended."""
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if game.is_over:
            return True
        if deadline is not None and time.perf_counter() > deadline:
            return False
        to_act = game.to_act()
        seats = deciding(game, to_act)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        game.apply(bot_action(game, to_act, seat, bots[seat], rng,
                              list_limit=MAX_PLAYOUT_LIST))
    return game.is_over


class SearchBot:
    """Determinized Monte-Carlo search (see the module's text).

    ``playouts``: the number of playouts per decision, over all candidates; ``seconds``: a time
    limit on top (``None``: none — the choice is then reproducible); ``candidates``: the most
    actions compared (the policy's ranked choices: :func:`ranked`); ``explore``: how many of
    them are a random sample of the other legal actions instead; ``margin``: how many standard
    errors better than the policy's own choice another must be to be chosen.
    """

    name = "search"
    uses_sampler = False
    uses_worlds = True

    def __init__(self, playouts: int = 48, seconds: float | None = None,
                 candidates: int = 4, margin: float = 1.0, explore: int = 0) -> None:
        if playouts < 1 or candidates < 1:
            raise ValueError("playouts and candidates must be at least 1")
        if not 0 <= explore < candidates:
            raise ValueError("explore must be at least 0 and less than candidates")
        self.explore = explore
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
        began = time.perf_counter()  # the clock counts the ranking too
        policy = self._policy(str(observation["game"]))
        if len(legal) <= 1:
            return policy.act(observation, legal, rng)
        candidates = ranked(policy, observation, legal, rng, self.candidates - self.explore)
        others = [a for a in legal if a not in candidates]
        room = min(len(others), self.candidates - len(candidates))
        if room > 0:
            candidates += rng.sample(others, room)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        squares = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        seat = worlds.seat
        done = worlds_done = 0
        out_of_time = False
        deadline = None if self.seconds is None else began + self.seconds
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
                if not play_out(copy, bots, random.Random(playout_seed), deadline):
                    out_of_time = True  # past the clock: this playout is not counted
                    break
                worth = value(copy, seat)
                if worth is None:
                    continue
                totals[i] += worth
                squares[i] += worth ** 2
                counts[i] += 1
                done += 1
            worlds_done += 1
            if out_of_time:
                break
            if self.seconds is not None:
                spent = time.perf_counter() - began
                # stop before a world that would end past the limit (at the pace so far)
                if spent * (worlds_done + 1) / worlds_done > self.seconds:
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


__all__ = ["MAX_PLAYOUT_DECISIONS", "MAX_PLAYOUT_LIST", "SearchBot", "play_out", "playout_bot",
           "ranked", "value"]
