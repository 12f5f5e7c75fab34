"""One deal of a paizhuo game as a PettingZoo AEC environment (``docs/rl.md``).

:class:`CardTableEnv` serves every game through the engine's interface (no game's name
here): agents ``seat_0 …``; each step is one index of the game's action encoding
(:meth:`~paizhuo.engine.game.Game.legal_mask`), so where a decision takes several steps
(Shengji's plays and buries, card by card, then FINISH) the same agent steps until it is
complete, and the steps taken so far are in its observation (the ``prefix`` plane);
observations are ``{"observation": float32 features, "action_mask": int8}`` from the game's
:meth:`~paizhuo.engine.game.Game.featurizer`, built from the seat's own observation; the
rewards come at the end, from :meth:`~paizhuo.engine.game.Game.returns` (``"returns"``) or
as +1 for the seats that won, −1 for the others and 0 for all in a draw (``"win"``).

Where several seats may act at once (a Shengji declaration while cards are dealt), the seat
asked is drawn as the arena draws it (:func:`~paizhuo.bots.base.deciding`), from a generator
seeded by the deal's seed: the same seed, the same actions give the same episode. A seat
that may only interrupt (Baohuang's seizing while the crown's holder decides) is asked
first, with one more index than the game's encoding, ``let_pass``, to let the moment pass.
Actions that a seat takes out of turn (Shengji's take-back, SJ-14) are masked out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from paizhuo.bots.base import deciding
from paizhuo.cards import card_name
from paizhuo.engine.faces import card_label
from paizhuo.engine.features import Featurizer
from paizhuo.engine.game import Game
from paizhuo.engine.registry import game_class
from paizhuo.errors import MalformedError

REWARDS = ("returns", "win")


class CardTableEnv(AECEnv):  # type: ignore[misc]
    """A deal of ``game`` with ``options`` (``preset`` among them, or given apart)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, preset: str | None = None,
                 options: dict[str, Any] | None = None, reward: str = "returns",
                 render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise MalformedError("reward", f"{reward!r} is not one of {', '.join(REWARDS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedError("render_mode", f"{render_mode!r} is not 'ansi' or None")
        self.game_name = game
        self.options = dict(options or {})
        if preset is not None:
            self.options["preset"] = preset
        self.reward = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"paizhuo_{game}_v0"}
        probe = game_class(game).new(self.options, seed=0)
        featurizer = probe.featurizer()
        if featurizer is None:
            raise MalformedError("game", f"{game} offers no observation features")
        self.featurizer: Featurizer = featurizer
        self.let_pass = probe.num_actions
        """The one index past the game's encoding: let the moment pass (decline an optional
        interruption, such as Baohuang's seizing, while another seat decides)."""
        self.num_actions = probe.num_actions + 1
        self.possible_agents = [f"seat_{s}" for s in range(probe.num_seats)]
        self.obs_size = featurizer.size + featurizer.history_len * featurizer.history_size
        """The observation's length: the state's planes, then the recent actions' rows."""
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (self.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        # one object per agent, the same at every call (PettingZoo's api_test checks it)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, np.inf, (self.obs_size * probe.num_seats,),
                                      np.float32)
        self.game: Game = probe
        self.prefix: list[int] = []
        self._seed: int | None = None
        self._table = random.Random(0)
        self._mask: tuple[tuple[int, int, tuple[int, ...]], np.ndarray] | None = None
        self._declined: tuple[int, set[int]] = (0, set())
        """(the state, by its action count; the seats that let an optional interruption
        pass in it)."""
        self._optional = False
        """Whether the agent asked now may only interrupt, or let the moment pass."""

    # -- PettingZoo's API ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: ``seed`` deals as ``paizhuo.new_game(game, options, seed)`` does;
        without one, the seed after the last one given (a fresh random one at first)."""
        if seed is None:
            seed = self._seed + 1 if self._seed is not None else random.randrange(2**31)
        self._seed = seed
        self.game = game_class(self.game_name).new(self.options, seed=seed)
        self._table = random.Random(f"paizhuo-rl/{seed}")
        self.prefix = []
        self._mask = None
        self._declined = (0, set())
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._choose_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        acting = agent == self.agent_selection and not self.game.is_over
        obs = self.game.observation(seat)
        features = self._features(obs, self.prefix if acting else ())
        mask = self._legal(seat) if acting else np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": features, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or \
                not 0 <= action < self.num_actions:
            raise MalformedError("action", f"{action!r} is not an index below {self.num_actions}")
        action = int(action)
        if not self._legal(seat)[action]:
            raise MalformedError(
                "action", f"index {action} is not legal for {agent} now (its action_mask is 0"
                + (f" after the steps {self.prefix}" if self.prefix else "") + ")")
        self._cumulative_rewards[agent] = 0.0
        self._mask = None
        if action == self.let_pass:
            self._declined[1].add(seat)
            self._choose_agent()
            self._accumulate_rewards()
            return
        self.prefix.append(action)
        if self.game.is_complete(self.prefix):
            self.game.apply(self.game.decode(self.prefix, seat))
            self.prefix = []
            if self.game.is_over:
                self._finish()
            else:
                self._choose_agent()
        self._accumulate_rewards()

    def state(self) -> np.ndarray:
        """Perfect information, for researchers: every seat's features from its own
        observation (every hand), in seat order."""
        return np.concatenate([self._features(self.game.observation(s))
                               for s in range(len(self.possible_agents))])

    def _features(self, obs: dict[str, Any], prefix: list[int] | tuple[()] = ()
                  ) -> np.ndarray:
        """The state's planes (with the steps taken), then the recent actions' rows, flat."""
        f = self.featurizer
        return np.concatenate([f.encode(obs, prefix), f.encode_history(obs).reshape(-1)])

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self.game
        lines = [f"{self.game_name} · {g.phase}"
                 + ("" if g.is_over else f" · to act: {self.agent_selection}")]
        face = g.text_face()
        for s in range(g.num_seats):
            obs = g.observation(s)
            hand = (obs.get("hand") or "").split()
            shown = " ".join(card_label(c) for c in face.sorted_hand(hand, obs["details"]))
            lines.append(f"seat_{s} ({len(hand)}): {shown}")
        if g.actions:
            last = g.actions[-1]
            lines.append(f"last: seat_{last.seat} {last.verb} "
                         + " ".join(card_label(card_name(c)) for c in last.cards))
        if g.is_over:
            lines.append(f"returns: {g.returns()}")
        return "\n".join(lines)

    def close(self) -> None:
        pass

    # -- inside ----------------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise MalformedError("agent", f"{agent!r} is not one of {self.possible_agents}")
        return self.possible_agents.index(agent)

    def _choose_agent(self) -> None:
        """The seat to ask: first, in turn, each seat that may only interrupt (and has not
        let this moment pass); then one of those that must decide."""
        to_act = self.game.to_act()
        seats = deciding(self.game, to_act)
        state = len(self.game.actions)
        if self._declined[0] != state:
            self._declined = (state, set())
        optional = [s for s in to_act if s not in seats and s not in self._declined[1]]
        self._optional = bool(optional)
        if optional:
            seat = optional[0]
        else:
            seat = seats[0] if len(seats) == 1 else self._table.choice(seats)
        self.agent_selection = self.possible_agents[seat]

    def _legal(self, seat: int) -> np.ndarray:
        """The action mask of ``seat`` after the steps taken (cached for the state)."""
        key = (len(self.game.actions), seat, tuple(self.prefix))
        if self._mask is not None and self._mask[0] == key:
            return self._mask[1]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[:self.let_pass] = np.frombuffer(self.game.legal_mask(seat, self.prefix), np.int8)
        mask[self.let_pass] = self._optional
        out_of_turn = self.game.OUT_OF_TURN_VERBS
        if out_of_turn and not self.prefix:
            for i in np.flatnonzero(mask[:self.let_pass]):
                if self.game.is_complete([int(i)]) and \
                        self.game.decode([int(i)], seat).verb in out_of_turn:
                    mask[i] = 0
        self._mask = (key, mask)
        return mask

    def _finish(self) -> None:
        returns = self.game.returns()
        assert returns is not None
        if self.reward == "returns":
            values = [float(r) for r in returns]
        else:
            won = set(self.game.winners())
            values = [0.0 if not won else (1.0 if s in won else -1.0)
                      for s in range(len(self.possible_agents))]
        for agent, v in zip(self.possible_agents, values, strict=True):
            self.rewards[agent] = v
            self.terminations[agent] = True
            self.infos[agent] = {"returns": float(returns[self._seat(agent)])}


def env_functions(game: str) -> tuple[Callable[..., CardTableEnv], Callable[..., Any]]:
    """``raw_env`` and ``env`` of ``game``'s module under :mod:`paizhuo.rl.pettingzoo`: the
    bare environment, and it wrapped as PettingZoo wraps its classic games (order
    enforcing). Both take ``preset``, ``options``, ``reward`` and ``render_mode``."""

    def raw_env(preset: str | None = None, options: dict[str, Any] | None = None,
                reward: str = "returns", render_mode: str | None = None) -> CardTableEnv:
        return CardTableEnv(game, preset=preset, options=options, reward=reward,
                            render_mode=render_mode)

    def env(preset: str | None = None, options: dict[str, Any] | None = None,
            reward: str = "returns", render_mode: str | None = None) -> Any:
        return wrappers.OrderEnforcingWrapper(raw_env(preset, options, reward, render_mode))

    return raw_env, env
