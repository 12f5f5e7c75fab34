"""The learned bot (``dmc``, ``docs/rl.md``): at each decision it scores every legal action
with the trained network (:class:`~paizhuo.bots.qnet.QNet`, numpy) from the seat's
observation features and the action's row (the game's
:meth:`~paizhuo.engine.game.Game.featurizer`), and plays the best
(:meth:`DmcBot.preferences`: ``q``, or the behaviour-cloning policy tilted by ``q`` where the
weights say so); ties go to the first listed. It sees what every bot sees: the observation
and the legal actions.

A decision with more legal actions than the game's features'
:attr:`~paizhuo.engine.features.Featurizer.max_scored` (a Shengji lead's throws, a bury) is the
heuristic's: the network scores lists of ordinary size only, within the time a decision has.

The weights trained for a game ship in the package (``paizhuo/bots/weights/dmc-GAME.npz``,
:func:`shipped_weights`); the bot ``dmc`` of a game that has them plays them
(:func:`shipped_bot`, named in :mod:`paizhuo.bots.registry`).
"""

from __future__ import annotations

import functools
import importlib.resources
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

MAX_SCORED = Featurizer.max_scored
"""The most legal actions a network scores at one decision, the games' default (a game may
score fewer: its features' :attr:`~paizhuo.engine.features.Featurizer.max_scored`); the
warm start keeps samples of lists this long."""

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
        self._checked: set[int] = set()
        self._misfits: set[int] = set()

    def fits(self, observation: dict[str, Any]) -> bool:
        """Whether the weights were trained on this table's layout of features (their meta's
        ``features`` digest): a Shengji table of other players or decks, say, has another."""
        f = featurizer_for(observation)
        if id(f) in self._checked:
            return True
        if id(f) in self._misfits:
            return False
        trained = self.net.meta.get("features")
        recent = self.net.meta.get("history_features")
        if (trained is not None and trained != f.digest()) or (
                self.net.history is not None and recent != f.history_digest()):
            self._misfits.add(id(f))
            return False
        self._checked.add(id(f))
        return True

    def _features(self, observation: dict[str, Any]) -> Featurizer:
        """The observation's features, refused where the weights were trained on another
        layout of them (:meth:`fits`)."""
        f = featurizer_for(observation)
        if not self.fits(observation):
            raise MalformedError("weights", f"these {self.game} weights were trained on "
                                 f"other features ({self.net.meta.get('features')}, not "
                                 f"{f.digest()}): train them again")
        return f

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        if observation["game"] != self.game:
            raise MalformedError("game", f"these weights play {self.game}, "
                                 f"not {observation['game']}")
        if len(legal) == 1:
            return legal[0]
        if len(legal) > featurizer_for(observation).max_scored or not self.fits(observation):
            # too many to score, or a table these weights were not trained for: the heuristic
            return self._fallback.act(observation, legal, rng)
        return legal[int(np.argmax(self.preferences(observation, legal)))]

    def preferences(self, observation: dict[str, Any], legal: list[Action]) -> np.ndarray:
        """What the bot maximizes over ``legal``: with a ``q_weight`` λ in the weights' meta,
        ``log π_bc(a) + λ · q(a) / return_scale`` — the behaviour-cloning head's policy
        tilted toward the actions the network values (a KL-regularised step of policy
        improvement, DouZero's own argmax of ``q`` as λ grows); without one, ``q``."""
        f = self._features(observation)
        return preferences(self.net, self.net.scores(
            f.encode(observation), f.encode_actions(observation, legal),
            self._history(f, observation)))

    def world_hints(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        """The belief head's guess of where the unseen cards lie, as the keywords of the
        game's ``determinize`` (``hand_odds``); ``None`` for a network without one."""
        if self.net.belief is None or not self.fits(observation):
            return None
        f = self._features(observation)
        if not f.belief_kinds:
            return None
        return f.belief_hints(observation, self.odds(observation))

    def odds(self, observation: dict[str, Any]) -> np.ndarray:
        """``(seats, kinds)``: the belief head's chance that an unseen card of each kind lies
        in each seat's hand, seats as the table numbers them (the observer's row 0)."""
        f = self._features(observation)
        probs = self.net.beliefs(f.encode(observation))
        others, kinds = probs.shape
        seat = int(observation["seat"])
        out = np.zeros((others + 1, kinds), dtype=np.float32)
        for r in range(1, others + 1):
            out[(seat + r) % (others + 1)] = probs[r - 1]
        return out

    def q_values(self, observation: dict[str, Any], legal: list[Action]) -> np.ndarray:
        """Each legal action's expected return by the network."""
        f = self._features(observation)
        state = f.encode(observation)
        rows = f.encode_actions(observation, legal)
        return self.net.scores(state, rows, self._history(f, observation))[:, 0]

    def _history(self, f: Featurizer, observation: dict[str, Any]) -> np.ndarray | None:
        """The recent actions, for a network that summarises them."""
        return f.encode_history(observation) if self.net.history is not None else None


def preferences(net: QNet, out: np.ndarray) -> np.ndarray:
    """What a player of ``net`` maximizes over the actions it scored (``out``, from
    :meth:`QNet.scores`): ``q``, or with a ``q_weight`` λ in its meta the behaviour-cloning
    policy tilted by ``λ · q / return_scale`` (:meth:`DmcBot.preferences`; the trainer's
    self-play plays the same)."""
    weight = net.meta.get("q_weight")
    if weight is None:
        q: np.ndarray = out[:, 0]
        return q
    bc = out[:, 1] - out[:, 1].max()
    log_pi = bc - np.log(np.exp(bc).sum())
    tilted: np.ndarray = log_pi + float(weight) * out[:, 0] / net.return_scale
    return tilted


WEIGHTS_PACKAGE = "paizhuo.bots.weights"
"""The package whose data files are the shipped weights, ``dmc-GAME.npz``."""


def shipped_weights(game: str) -> Path | None:
    """The path of the weights shipped for ``game``, or ``None`` where none are."""
    path = Path(str(importlib.resources.files(WEIGHTS_PACKAGE) / f"dmc-{game}.npz"))
    return path if path.is_file() else None


@functools.cache
def _shipped_net(game: str) -> QNet:
    path = shipped_weights(game)
    if path is None:
        raise MalformedError("bots", f"no learned weights are shipped for {game}")
    return QNet.load(path)


def shipped_bot(game: str) -> DmcBot:
    """The learned bot of ``game`` with its shipped weights (read once per process)."""
    return DmcBot(_shipped_net(game))


def learned_search(game: str) -> BaseBot:
    """``search-dmc``: the search bot (``search``'s budget) with the learned bot of ``game``
    as its believer: its worlds are guessed with the belief head's odds."""
    from paizhuo.bots.search import SearchBot

    return SearchBot(believer=shipped_bot(game))
