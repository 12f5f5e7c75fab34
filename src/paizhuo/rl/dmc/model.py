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

from paizhuo.bots.qnet import FORMAT, QNet


class TorchQNet(nn.Module):
    """``[state ; action]`` → hidden layers (ReLU) → ``(q, bc)``; the first layer split in a
    state part (with the bias) and an action part."""

    def __init__(self, state_size: int, action_size: int,
                 hidden: Sequence[int] = (512, 256, 128)) -> None:
        super().__init__()
        self.state_size, self.action_size, self.hidden = state_size, action_size, list(hidden)
        self.state_in = nn.Linear(state_size, hidden[0])
        self.action_in = nn.Linear(action_size, hidden[0], bias=False)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(hidden))
        self.out = nn.Linear(hidden[-1], 2)

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
        return QNet(arrays, full)

    @classmethod
    def from_qnet(cls, net: QNet) -> TorchQNet:
        model = cls(net.state_size, net.action_size, net.hidden)
        with torch.no_grad():
            model.state_in.weight.copy_(torch.from_numpy(net.w0s.T.copy()))
            model.state_in.bias.copy_(torch.from_numpy(net.b0))
            model.action_in.weight.copy_(torch.from_numpy(net.w0a.T.copy()))
            for layer, (w, b) in zip(model.linears(), net.layers, strict=True):
                layer.weight.copy_(torch.from_numpy(w.T.copy()))
                layer.bias.copy_(torch.from_numpy(b))
            model.out.weight.copy_(torch.from_numpy(net.wout.T.copy()))
            model.out.bias.copy_(torch.from_numpy(net.bout))
        return model
