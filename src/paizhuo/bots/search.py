"""A determinized Monte-Carlo search bot for every game: for each candidate action, guessed
worlds (every card hidden from the seat dealt again, consistently with what it has seen:
:class:`paizhuo.bots.base.Worlds`) are played out to the end of the deal by a playout policy,
and the playout policy's own choice is kept unless another candidate does better for the seat
(``returns()``), clearly (:meth:`SearchBot._choose`).

Where the playout policy holds beliefs about the hidden cards (``world_hints``: the Shengji
heuristic believes a burier kept its trumps and points), the worlds are guessed with them
(:func:`world_hints`), so that they look like the deals the policy itself would have made.

Each simulation draws one world and plays every candidate from it (common random numbers: the
candidates are compared world by world, on the same guesses, which cancels most of the luck of
the draw).
Candidates: the playout policy's choices ranked (:func:`ranked`: its choice, then its choice
among the other actions, and so on), so that the playouts go to the few moves a good player
would weigh rather than to a random sample of a long list; then, if room is left, a random
sample of the rest. The budget is a number of playouts (reproducible: the same generator gives
the same choice), and more while the decision is open (a candidate ahead of the policy's
choice, not yet clearly), and optionally a time limit.

What a playout is worth to the seat is its ``returns()``, refined where they are coarse
(:func:`value`: Shengji's levels move in steps of SJ-9's ``step`` card points, 40 with two
decks, so the attackers' points break ties between two moves that gain the same levels; a
Gouji game won counts for more than its points, as the win is what the teams play for).

The playout policy is the game's ``heuristic`` bot where it has one, else ``greedy``
(:func:`paizhuo.bots.policies.playout_bot`).
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

from paizhuo.bots.base import BaseBot, Bot, Worlds, WorldsBot, act_unlisted, bot_action, deciding
from paizhuo.bots.policies import playout_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.engine.registry import game_class

MAX_PLAYOUT_DECISIONS = 5_000
"""A playout that has not ended after this many decisions is abandoned (engine safety)."""
MAX_PLAYOUT_LIST = 2_000
"""A playout decision whose list of legal actions would be longer than this (where the game
can count it, ``count_legal``: a Shengji follow to a long throw can have tens of thousands) is
drawn by the game's sampler instead of being listed and judged — it could cost more than the
whole decision's budget. Decisions a bot makes without the list (``act_unlisted``) are not
affected."""


def ranked(policy: Bot, observation: dict[str, Any], legal: list[Action],
            rng: random.Random, k: int) -> list[Action]:
    """Up to ``k`` of ``legal``, best first by ``policy``: its choice, then its choice once that
    is taken away, and so on. Stops early where the policy picks an action that is not in the
    list (one it built itself, like a Shengji bury) or one it already picked, and where it
    cannot choose from what is left (a policy may count on an action every full list has, such
    as a pass). A policy with ``choices(observation, legal, rng, k)`` ranks its own moves
    where that returns a list (a Shengji lead: the leads it tries in turn)."""
    if isinstance(policy, BaseBot):
        mine = policy.choices(observation, legal, rng, k)
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


def value(game: Game, seat: int) -> float | None:
    """What the finished ``game`` is worth to ``seat`` for the search: the game's own
    :meth:`~paizhuo.engine.game.Game.search_value` (its returns, plus what a player plays for
    beyond them: Shengji's card points, a Gouji game won)."""
    return game.search_value(seat)


def world_hints(policy: Bot, observation: dict[str, Any]) -> dict[str, Any] | None:
    """The playout policy's beliefs about the seat's hidden cards, as keywords of the game's
    ``determinize`` (:meth:`BaseBot.world_hints`; ``None`` for a policy without): the
    worlds are then guessed the way the policy itself would have played (a Shengji kitty
    buried as the heuristic buries), not only consistently with what the seat saw."""
    return policy.world_hints(observation) if isinstance(policy, BaseBot) else None


IMPOSSIBLE: Final = 1_000_000
""":func:`misfit` of a world in which the rules forbid a play the table saw (plus the plays
the policy would have made otherwise before it)."""


def misfit(world: Game, seat: int) -> int | None:
    """How many plays of the other seats since the first lead the playout policy would have
    made otherwise in ``world`` (a guess of the hidden cards), each in that seat's place with
    the hands of the guess; :data:`IMPOSSIBLE` more where the rules forbid one of them there.
    ``None`` where the game cannot play its tricks again (no ``play_history``). The fewer,
    the more the guess is like a deal in which the players played as they did — if they play
    like the policy."""
    got = world.play_history()
    if got is None:
        return None
    game, actions = got
    policy = playout_bot(world.name)
    rng = random.Random(0)
    miss = 0
    for action in actions:
        who = action.seat
        if who != seat and not game.more_legal_than(who, MAX_PLAYOUT_LIST):
            observation = game.observation(who)
            choice = act_unlisted(policy, observation, rng)
            if choice is None:
                choice = policy.act(observation, game.legal_actions(who), rng)
            miss += choice != action
        try:
            game.apply(action)
        except PaizhuoError:
            return IMPOSSIBLE + miss
    return miss


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
        seats = to_act if len(to_act) == 1 else deciding(game, to_act)  # (one seat decides)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        game.apply(bot_action(game, to_act, seat, bots[seat], rng,
                              list_limit=MAX_PLAYOUT_LIST))
    return game.is_over


class SearchBot(WorldsBot):
    """Determinized Monte-Carlo search (see the module's text).

    ``playouts``: the number of playouts per decision, over all candidates; ``seconds``: a time
    limit on top (``None``: none — the choice is then reproducible); ``candidates``: the most
    actions compared (the policy's ranked choices: :func:`ranked`); ``explore``: how many of
    them are a random sample of the other legal actions instead; ``margin``: how many standard
    errors better than the policy's own choice another must be to be chosen; ``drop``: how
    many standard errors worse than the policy's choice a candidate must be, after
    ``min_worlds`` worlds, to be played no more (``None``: never) — the playouts go to the
    candidates still in question, and where none is left the policy's choice is taken at once.
    ``extra``: playouts beyond ``playouts`` spent while the decision is open — a candidate
    better than the policy's choice by more than ``promising`` standard errors, not yet by
    ``margin`` — so that the budget goes where a better move may be found (``None``: the
    game's ``SEARCH_EXTRA_PLAYOUTS`` times ``playouts``). ``hints``: whether the worlds are
    guessed with the playout policy's beliefs (:func:`world_hints`) or only consistently.
    ``fit``: once the tricks have begun, each world is the best of this many guesses by
    :func:`misfit` (how the other seats would have played in it, and whether the rules let
    them): 1, the default, takes every guess as it comes (docs/strength.md: the best of 3
    measured no better in Shengji). ``believer``: a bot whose beliefs about the hidden cards
    (its :meth:`~paizhuo.bots.base.BaseBot.world_hints`: a learned bot's belief head) are
    added to the playout policy's, and win where both give the same keyword.
    """

    name = "search"
    uses_sampler = False

    def __init__(self, playouts: int = 48, seconds: float | None = None,
                 candidates: int = 4, margin: float = 2.0, explore: int = 0,
                 drop: float | None = 2.0, min_worlds: int = 4, extra: int | None = None,
                 promising: float = 1.0, hints: bool = True, fit: int = 1,
                 believer: Bot | None = None) -> None:
        if playouts < 1 or candidates < 1:
            raise ValueError("playouts and candidates must be at least 1")
        if extra is not None and extra < 0:
            raise ValueError("extra must be at least 0")
        if not 0 <= promising <= margin:
            raise ValueError("promising must be at least 0 and at most margin")
        if not 0 <= explore < candidates:
            raise ValueError("explore must be at least 0 and less than candidates")
        if fit < 1:
            raise ValueError("fit must be at least 1")
        self.fit = fit
        self.believer = believer
        self.extra = extra
        self.hints = hints
        self.promising = promising
        self.explore = explore
        self.playouts = playouts
        self.seconds = seconds
        self.candidates = candidates
        self.margin = margin
        self.drop = drop
        self.min_worlds = max(2, min_worlds)
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
        rows: list[list[float | None]] = []  # per world, each candidate's worth
        dropped: set[int] = set()  # candidates no longer played: clearly worse than the first
        seat = worlds.seat
        done = 0
        out_of_time = False
        deadline = None if self.seconds is None else began + self.seconds
        extra = self.extra_for(str(observation["game"]))
        hints = self._hints(policy, observation) if self.hints else None
        fit = self.fit if self.fit > 1 and observation.get("phase") == "play" else 1
        while done < self.playouts or (done < self.playouts + extra
                                       and self._open(rows, dropped)):
            world = self._world(worlds, random.Random(rng.getrandbits(64)), hints, fit)
            playout_seed = rng.getrandbits(64)
            row: list[float | None] = [None] * len(candidates)
            for i, action in enumerate(candidates):
                if i in dropped:
                    continue
                copy = world.clone()
                try:
                    copy.apply(action)
                except PaizhuoError:
                    continue  # not legal in this guess (it should always be: the seat's view
                    # is the same in every world)
                # a bot per seat, new for each playout (a bot may remember what it saw)
                bots = [playout_bot(str(observation["game"])) for _ in range(copy.num_seats)]
                if not play_out(copy, bots, random.Random(playout_seed), deadline):
                    out_of_time = True  # past the clock: this world is not counted
                    break
                row[i] = value(copy, seat)
                done += 1
            if out_of_time:
                break
            rows.append(row)
            if self.drop is not None and len(rows) >= self.min_worlds:
                for i in range(1, len(candidates)):
                    n, gain, error = _paired(rows, i)
                    if i not in dropped and n >= self.min_worlds and \
                            gain + self.drop * error < 0:
                        dropped.add(i)
                if len(dropped) == len(candidates) - 1:
                    return candidates[0]  # every other is clearly worse: no need to go on
            if self.seconds is not None:
                spent = time.perf_counter() - began
                # stop before a world that would end past the limit (at the pace so far)
                if spent * (len(rows) + 1) / len(rows) > self.seconds:
                    break
        return candidates[self._choose(rows)]

    def _hints(self, policy: Bot, observation: dict[str, Any]) -> dict[str, Any] | None:
        """The keywords the worlds are guessed with: the playout policy's beliefs, then the
        believer's."""
        mine = world_hints(policy, observation)
        if self.believer is None:
            return mine
        theirs = world_hints(self.believer, observation)
        if not theirs:
            return mine
        return {**(mine or {}), **theirs}

    @staticmethod
    def _world(worlds: Worlds, rng: random.Random, hints: dict[str, Any] | None,
               fit: int) -> Game:
        """A guessed world; with ``fit`` above 1, the one of ``fit`` guesses that fits the
        table's plays best (:func:`misfit`: the first with none the policy would have made
        otherwise, else the fewest; the rules' verdict first)."""
        if fit <= 1:
            return worlds.sample(rng, hints)
        best: tuple[int, Game] | None = None
        for _ in range(fit):
            world = worlds.sample(random.Random(rng.getrandbits(64)), hints)
            miss = misfit(world, worlds.seat)
            if miss is None:
                return world
            if best is None or miss < best[0]:
                best = (miss, world)
            if miss == 0:
                break
        assert best is not None
        return best[1]

    def extra_for(self, game_name: str) -> int:
        """The extra playouts an open decision of ``game_name`` may take."""
        if self.extra is not None:
            return self.extra
        return game_class(game_name).SEARCH_EXTRA_PLAYOUTS * self.playouts

    def _open(self, rows: list[list[float | None]], dropped: set[int]) -> bool:
        """Whether a candidate still played is better than the policy's choice by more than
        ``promising`` standard errors but not by more than ``margin``."""
        width = max((len(r) for r in rows), default=0)
        for i in range(1, width):
            if i in dropped:
                continue
            n, gain, error = _paired(rows, i)
            if n >= 2 and self.promising * error < gain and not self._clearly(gain, error):
                return True
        return False

    def _clearly(self, gain: float, error: float) -> bool:
        """Whether a mean gain over the policy's choice is more than ``margin`` standard
        errors: what makes :meth:`_choose` take another candidate (and an open decision
        closed)."""
        return gain > self.margin * error + 1e-9

    def _choose(self, rows: list[list[float | None]]) -> int:
        """The candidate whose worth is best — but the policy's own choice (index 0) stays
        unless another is better by more than ``margin`` standard errors. Both are judged on
        the paired differences, world by world (each world played with every candidate):
        what the guess of the hidden cards gave or took from all of them cancels out, so the
        test sees the difference the move makes, not the spread of the deals."""
        width = max((len(r) for r in rows), default=0)
        if not any(r[0] is not None for r in rows):
            # the policy's choice never played out (not legal in the guesses): best mean
            def mean(i: int) -> float:
                seen = [w for r in rows if (w := r[i]) is not None]
                return sum(seen) / len(seen) if seen else float("-inf")
            return max(range(width), key=mean, default=0)
        best, best_gain = 0, 0.0
        for i in range(1, width):
            n, gain, error = _paired(rows, i)
            if n >= 2 and self._clearly(gain, error) and gain > best_gain:
                best, best_gain = i, gain
        return best


def _paired(rows: list[list[float | None]], i: int) -> tuple[int, float, float]:
    """Candidate ``i`` against candidate 0 on the worlds where both were played out: their
    number, the mean difference of ``i``'s worth over 0's, and its standard error (infinite
    on fewer than two)."""
    diffs = []
    for r in rows:
        own, other = r[0], r[i]
        if own is not None and other is not None:
            diffs.append(other - own)
    n = len(diffs)
    if n < 2:
        return n, sum(diffs) / n if n else 0.0, float("inf")
    gain = sum(diffs) / n
    var = max(0.0, sum(x * x for x in diffs) / n - gain * gain) / (n - 1)
    return n, gain, var ** 0.5


__all__ = ["IMPOSSIBLE", "MAX_PLAYOUT_DECISIONS",
           "MAX_PLAYOUT_LIST", "SearchBot", "misfit", "play_out", "ranked",
           "value"]
