"""A whole match of any game: deals from one seed, each starting where the last one's result
said (:meth:`~paizhuo.engine.game.Game.next_start`), until the game reports the match's
winners (:meth:`~paizhuo.engine.game.Game.match_winners`) — for Shengji, a side winning as
dealer at A (SJ-10).

Each deal is an ordinary :class:`~paizhuo.engine.game.Game` created from the match's options,
a seed derived from the match seed, and the ``start`` the previous deal handed on. A policy
chooses every action::

    >>> import random
    >>> match = Match("shengji", {"preset": "tractor"}, seed=7)
    >>> outcome = match.play(random_policy(random.Random(7)))
    >>> outcome.finished, outcome.rounds[-1].result["level"]
    (True, 'A')

Seeds: deal ``r`` is dealt with ``seed`` (``r = 0``) or ``derive_seed(seed, r)`` (as
``paizhuo simulate --matches`` does while no deal is void); a void deal (its result says
``"redeal": true`` — Shengji SJ-4: nobody bid in the first round, or ``no_bid = redeal``;
SJ-12: everyone passed the auction; SJ-14's redeal rule) is not a round: it is dealt again
with ``derive_seed(seed, r, k)`` for the ``k``-th redeal, from the same start.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.engine.registry import game_class

Policy = Callable[[Game], Action]
"""Chooses the next action of a round in progress (for the first seat to act)."""


def random_policy(rng: random.Random) -> Policy:
    """A policy playing uniformly-ish random legal actions (``Game.sample_action``)."""
    def choose(game: Game) -> Action:
        return game.sample_action(rng)
    return choose


class MatchError(RuntimeError):
    """A round that cannot finish (a policy or engine bug): carries the round's record."""

    def __init__(self, message: str, record: Record) -> None:
        self.record = record
        super().__init__(message)


@dataclass(frozen=True)
class PlayedRound:
    """One finished round of a match."""

    number: int
    """0 for the first round."""
    seed: int
    """The seed the round was dealt with."""
    redeals: int
    """Void deals thrown in before this one."""
    start: dict[str, Any] | None
    """The round's ``start`` (``None`` for the first round of a match from scratch)."""
    record: Record
    result: dict[str, Any]


@dataclass
class MatchResult:
    """The rounds played, and who won (``None`` when the round cap came first)."""

    rounds: list[PlayedRound]
    winners: frozenset[int] | None
    next_start: dict[str, Any] | None
    """Where the match would go on (``None`` once won)."""

    @property
    def finished(self) -> bool:
        return self.winners is not None


def _is_void(result: Mapping[str, Any]) -> bool:
    """A deal thrown in: the round ended without scoring (``{"redeal": true, …}``)."""
    return bool(result.get("redeal"))


@dataclass
class Match:
    """A match in progress: the game, options, seed, and the start of its next round."""

    game: str
    """The registry name of the game (``shengji`` …)."""
    options: Mapping[str, Any] | None = None
    seed: int = 0
    start: dict[str, Any] | None = None
    """The next round's ``start``; ``None`` begins from scratch (Shengji: seat 0 deals,
    everyone at the start level)."""
    max_rounds: int = 200
    max_redeals: int = 100
    max_decisions: int = 100_000
    """Per round: a round still going after this many actions is a bug."""
    rounds: list[PlayedRound] = field(default_factory=list)
    winners: frozenset[int] | None = None

    @property
    def over(self) -> bool:
        return self.winners is not None or len(self.rounds) >= self.max_rounds

    def round_seed(self, number: int, redeal: int = 0) -> int:
        if redeal:
            return derive_seed(self.seed, number, redeal)
        return self.seed if number == 0 else derive_seed(self.seed, number)

    def new_round(self, redeal: int = 0) -> Game:
        """The game of the next round (dealt, nothing played yet)."""
        cls = game_class(self.game)
        return cls.new(dict(self.options or {}), seed=self.round_seed(len(self.rounds), redeal),
                       start=self.start)

    def play_round(self, choose: Policy) -> PlayedRound:
        """Deal (again while void), play the next round with ``choose``, carry its outcome."""
        if self.over:
            raise ValueError("the match is over")
        number = len(self.rounds)
        for redeal in range(self.max_redeals + 1):
            game = self.new_round(redeal)
            result = _play(game, choose, self.max_decisions)
            if not _is_void(result):
                break
        else:
            raise MatchError(f"round {number}: {self.max_redeals + 1} void deals in a row",
                             game.record())
        played = PlayedRound(number, self.round_seed(number, redeal), redeal, self.start,
                             game.record(), result)
        self.rounds.append(played)
        won = game.match_winners()
        self.winners = None if won is None else frozenset(won)
        nxt = game.next_start()
        if nxt is None and self.winners is None:
            raise MatchError(f"round {number} ended the match without match winners",
                             game.record())
        self.start = nxt
        return played

    def play(self, choose: Policy) -> MatchResult:
        """Play rounds until a side wins the match or the round cap."""
        while not self.over:
            self.play_round(choose)
        return MatchResult(list(self.rounds), self.winners, self.start)


def _play(game: Game, choose: Policy, max_decisions: int) -> dict[str, Any]:
    for _ in range(max_decisions):
        result = game.result()
        if result is not None:
            return result
        game.apply(choose(game))
    raise MatchError(f"no end after {max_decisions} actions (phase {game.phase!r})",
                     game.record())
