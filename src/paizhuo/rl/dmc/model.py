"""The Q network in PyTorch, the twin of :class:`paizhuo.bots.qnet.QNet` (numpy): the same
layers, written to and read from the same arrays, so that what the trainer learns the bot
plays to 1e-5 (``tests/rl/test_dmc.py``)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import torch
from torch import nn

from paizhuo.bots.qnet import BELIEF_HIDDEN, FORMAT, QNet


class TorchQNet(nn.Module):
    """``[state ; action]`` → hidden layers (ReLU) → ``(q, bc)``; the first layer split in a
    state part (with the bias) and an action part. With ``belief`` = ``(others, kinds)``, a
    belief head besides: state → :data:`~paizhuo.bots.qnet.BELIEF_HIDDEN` (ReLU) → a logit
    per other seat and kind of card (where the unseen cards of each kind lie)."""

    def __init__(self, state_size: int, action_size: int,
                 hidden: Sequence[int] = (512, 256, 128),
                 belief: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.state_size, self.action_size, self.hidden = state_size, action_size, list(hidden)
        self.state_in = nn.Linear(state_size, hidden[0])
        self.action_in = nn.Linear(action_size, hidden[0], bias=False)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(hidden))
        self.out = nn.Linear(hidden[-1], 2)
        self.belief = belief
        if belief is not None:
            self.belief_in = nn.Linear(state_size, BELIEF_HIDDEN)
            self.belief_out = nn.Linear(BELIEF_HIDDEN, belief[0] * belief[1])

    def beliefs(self, states: torch.Tensor) -> torch.Tensor:
        """``(n, others, kinds)`` logits of the belief head (softmax over the others)."""
        assert self.belief is not None
        h = torch.relu(self.belief_in(states))
        out: torch.Tensor = self.belief_out(h).reshape(-1, *self.belief)
        return out

    def forward(self, states: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.state_in(states) + self.action_in(actions))
        for layer in self.layers:
            h = torch.relu(layer(h))
        out: torch.Tensor = self.out(h)
        return out

    def linears(self) -> list[nn.Linear]:
        """The hidden layers after the first."""
        return [cast(nn.Linear, layer) for layer in self.layers]

    def to_qnet(self, meta: dict[str, Any]) -> QNet:
        """The numpy network of these weights; ``meta`` adds the game, options, scale …"""
        def arr(t: torch.Tensor) -> np.ndarray:
            return t.detach().cpu().numpy().astype(np.float32).copy()

        arrays = {"W0s": arr(self.state_in.weight.T), "b0": arr(self.state_in.bias),
                  "W0a": arr(self.action_in.weight.T), "Wout": arr(self.out.weight.T),
                  "bout": arr(self.out.bias)}
        for i, layer in enumerate(self.linears(), start=1):
            arrays[f"W{i}"], arrays[f"b{i}"] = arr(layer.weight.T), arr(layer.bias)
        full = {**meta, "format": FORMAT, "hidden": self.hidden,
                "state_size": self.state_size, "action_size": self.action_size}
        if self.belief is not None:
            arrays["Bw0"], arrays["Bb0"] = arr(self.belief_in.weight.T), arr(self.belief_in.bias)
            arrays["Bw1"] = arr(self.belief_out.weight.T)
            arrays["Bb1"] = arr(self.belief_out.bias)
            full["belief"] = list(self.belief)
        return QNet(arrays, full)

    @classmethod
    def from_qnet(cls, net: QNet) -> TorchQNet:
        model = cls(net.state_size, net.action_size, net.hidden, net.belief)
        with torch.no_grad():
            if net.belief is not None:
                assert net.belief_arrays is not None
                bw0, bb0, bw1, bb1 = net.belief_arrays
                model.belief_in.weight.copy_(torch.from_numpy(bw0.T.copy()))
                model.belief_in.bias.copy_(torch.from_numpy(bb0))
                model.belief_out.weight.copy_(torch.from_numpy(bw1.T.copy()))
                model.belief_out.bias.copy_(torch.from_numpy(bb1))
            model.state_in.weight.copy_(torch.from_numpy(net.w0s.T.copy()))
            model.state_in.bias.copy_(torch.from_numpy(net.b0))
            model.action_in.weight.copy_(torch.from_numpy(net.w0a.T.copy()))
            for layer, (w, b) in zip(model.linears(), net.layers, strict=True):
                layer.weight.copy_(torch.from_numpy(w.T.copy()))
                layer.bias.copy_(torch.from_numpy(b))
            model.out.weight.copy_(torch.from_numpy(net.wout.T.copy()))
            model.out.bias.copy_(torch.from_numpy(net.bout))
        return model
