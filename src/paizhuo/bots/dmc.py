"""The learned bot (``dmc``, ``docs/rl.md``): at each decision it scores every legal action
with the trained Q network (:class:`~paizhuo.bots.qnet.QNet`, numpy) from the seat's
observation features and the action's row (the game's
:meth:`~paizhuo.engine.game.Game.featurizer`), and plays the best; ties go to the first
listed. It sees what every bot sees: the observation and the legal actions.

A decision with more legal actions than :data:`MAX_SCORED` (a Shengji lead's throws, a bury)
is the heuristic's: the network scores lists of ordinary size only.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np

from paizhuo.bots.base import BaseBot
from paizhuo.bots.policies import make_policy
from paizhuo.bots.qnet import QNet
from paizhuo.engine.actions import Action
from paizhuo.engine.features import Featurizer
from paizhuo.engine.registry import game_class
from paizhuo.errors import MalformedError

MAX_SCORED = 2048
"""The most legal actions the network scores at one decision."""

_FEATURIZERS: dict[tuple[str, str], Featurizer] = {}


def featurizer_for(obs: dict[str, Any]) -> Featurizer:
    """The features of the observation's game and options (one per option set, kept)."""
    game = obs["game"]
    options = obs["details"].get("options") or {}
    key = (game, json.dumps(options, sort_keys=True))
    f = _FEATURIZERS.get(key)
    if f is None:
        made = game_class(game).new(options, seed=0).featurizer()
        if made is None:
            raise MalformedError("game", f"{game} offers no observation features")
        f = _FEATURIZERS[key] = made
    return f


class DmcBot(BaseBot):
    """Plays the best action by the network in ``weights`` (an ``.npz`` written by
    ``paizhuo train``)."""

    name = "dmc"

    def __init__(self, weights: Path | QNet) -> None:
        self.net = weights if isinstance(weights, QNet) else QNet.load(weights)
        self.game = str(self.net.meta["game"])
        self._fallback = make_policy("heuristic", self.game)

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        if observation["game"] != self.game:
            raise MalformedError("game", f"these weights play {self.game}, "
                                 f"not {observation['game']}")
        if len(legal) == 1:
            return legal[0]
        if len(legal) > MAX_SCORED:
            return self._fallback.act(observation, legal, rng)
        return legal[int(np.argmax(self.q_values(observation, legal)))]

    def q_values(self, observation: dict[str, Any], legal: list[Action]) -> np.ndarray:
        """Each legal action's expected return by the network."""
        f = featurizer_for(observation)
        state = f.encode(observation)
        rows = f.encode_actions(observation, legal)
        return self.net.scores(state, rows)[:, 0]
