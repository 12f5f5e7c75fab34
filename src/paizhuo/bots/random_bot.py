"""Random bots: the baseline every game is played against."""

from __future__ import annotations

import random
from typing import Any

from paizhuo.bots.base import BaseBot
from paizhuo.engine.actions import Action


class UniformBot(BaseBot):
    """Uniformly random over the legal actions it is shown."""

    name = "uniform"
    uses_sampler = False

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        return rng.choice(legal)


class RandomBot(UniformBot):
    """A random legal action drawn by the game's own sampler (fast; see :class:`~.base.Bot`).

    A game's ``sample_action`` need not be uniform over the legal actions (a game may, for
    instance, draw a verb first and then cards), which is what makes it cheap. When a runner
    cannot use the sampler (the seat is not the first to act) :meth:`act` is uniform.
    """

    name = "random"
    uses_sampler = True
