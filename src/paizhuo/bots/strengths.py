"""Named strengths: the bot levels a person picks at a table or pits against each other.

- ``easy``: the game's heuristic bot, but one decision in four (:data:`EASY_NOISE`) is a
  uniformly random legal action instead;
- ``normal``: the game's heuristic bot;
- ``hard``: the determinized search bot (:mod:`paizhuo.bots.search`) over the heuristic, with
  a time limit (registered as a generic bot in :mod:`paizhuo.bots.registry`); its strength
  against ``normal`` is in ``docs/strength.md``.

The registry (:mod:`paizhuo.bots.registry`) names them for every game of
:data:`STRENGTH_GAMES`, so they work wherever a bot name does: ``paizhuo simulate/arena
--bots``, the server's bot seats and its lobby list (``bot_names(game)``). A strength finds
its base among the policies (:mod:`paizhuo.bots.policies`), under the registry.

>>> bot = make_strength("easy", "shengji")
>>> bot.name, bot.noise
('easy', 0.25)
"""

from __future__ import annotations

import random
from typing import Any, Final

from paizhuo.bots.base import BaseBot, Bot, act_unlisted
from paizhuo.bots.policies import make_policy
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError, describe

EASY_NOISE: Final = 0.25
"""Share of ``easy``'s decisions that are a random legal action."""

STRENGTHS: Final[dict[str, tuple[str, float]]] = {
    "easy": ("heuristic", EASY_NOISE),
    "normal": ("heuristic", 0.0),
}
"""Strength name -> (the game's bot it plays, share of random decisions)."""

STRENGTH_GAMES: Final = ("shengji", "gouji", "baohuang")
"""Games whose heuristic bot the strengths are built on."""


class StrengthBot(BaseBot):
    """A bot under a strength's name: ``base`` decides, except that with probability
    ``noise`` a uniformly random legal action is taken instead.

    The coin is drawn from the same ``rng`` the base bot gets, so a seeded game stays
    reproducible. The base bot's game sampler is never used (a noisy decision must be one of
    the legal actions shown)."""

    uses_sampler = False

    def __init__(self, name: str, base: Bot, noise: float) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.name = name
        self.base = base
        self.noise = noise

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        if self.noise and rng.random() < self.noise:
            return rng.choice(legal)
        return self.base.act(observation, legal, rng)

    def act_unlisted(self, observation: dict[str, Any], rng: random.Random) -> Action | None:
        """The base bot's decision made without the legal list, where it has one — never
        with noise (a random legal action needs the list)."""
        if self.noise:
            return None
        return act_unlisted(self.base, observation, rng)


def make_strength(name: str, game: str) -> StrengthBot:
    """The bot of strength ``name`` for ``game``."""
    if name not in STRENGTHS:
        raise MalformedError("bots", f"unknown strength {describe(name)}; strengths are "
                             f"{', '.join(STRENGTHS)}")
    base, noise = STRENGTHS[name]
    return StrengthBot(name, make_policy(base, game), noise)

