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

from paizhuo.bots.qnet import BELIEF_HIDDEN, FORMAT, HISTORY_HIDDEN, QNet


class TorchQNet(nn.Module):
    """``[state ; action]`` → hidden layers (ReLU) → ``(q, bc)``; the first layer split in a
    state part (with the bias) and an action part. With ``belief`` = ``(others, kinds)``, a
    belief head besides: state → :data:`~paizhuo.bots.qnet.BELIEF_HIDDEN` (ReLU) → a logit
    per other seat and kind of card (where the unseen cards of each kind lie). With
    ``history`` = ``(rows, width)``, an LSTM summary of the recent actions added to the
    state's part of the first layer."""

    def __init__(self, state_size: int, action_size: int,
                 hidden: Sequence[int] = (512, 256, 128),
                 belief: tuple[int, int] | None = None,
                 history: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.state_size, self.action_size, self.hidden = state_size, action_size, list(hidden)
        self.state_in = nn.Linear(state_size, hidden[0])
        self.action_in = nn.Linear(action_size, hidden[0], bias=False)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(hidden))
        self.out = nn.Linear(hidden[-1], 2)
        self.belief = belief
        self.history = history
        if history is not None:
            self.lstm = nn.LSTM(history[1], HISTORY_HIDDEN, batch_first=True)
            self.history_in = nn.Linear(HISTORY_HIDDEN, hidden[0], bias=False)
        if belief is not None:
            self.belief_in = nn.Linear(state_size, BELIEF_HIDDEN)
            self.belief_out = nn.Linear(BELIEF_HIDDEN, belief[0] * belief[1])

    def beliefs(self, states: torch.Tensor) -> torch.Tensor:
        """``(n, others, kinds)`` logits of the belief head (softmax over the others)."""
        assert self.belief is not None
        h = torch.relu(self.belief_in(states))
        out: torch.Tensor = self.belief_out(h).reshape(-1, *self.belief)
        return out

    def state_part(self, states: torch.Tensor,
                   histories: torch.Tensor | None = None) -> torch.Tensor:
        """The first layer's part of each state (and its recent actions), before the
        actions' part is added: worked out once for all the rows of a decision."""
        z: torch.Tensor = self.state_in(states)
        if self.history is not None:
            if histories is None:
                raise ValueError("this network needs the recent actions")
            _, (h, _) = self.lstm(histories)
            z = z + self.history_in(h[-1])
        return z

    def forward(self, states: torch.Tensor, actions: torch.Tensor,
                histories: torch.Tensor | None = None) -> torch.Tensor:
        return self.head(self.state_part(states, histories), actions)

    def head(self, state_part: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
        """``(n, 2)`` from the states' parts (:meth:`state_part`) and one action row each."""
        h = torch.relu(state_part + self.action_in(actions))
        for layer in self.layers:
            h = torch.relu(layer(h))
        out: torch.Tensor = self.out(h)
        return out

    def lstm_parameters(self) -> tuple[torch.Tensor, ...]:
        """The summary's LSTM weights and biases: ``W_ih W_hh b_ih b_hh``."""
        named = dict(self.lstm.named_parameters())
        return tuple(named[k] for k in ("weight_ih_l0", "weight_hh_l0", "bias_ih_l0",
                                        "bias_hh_l0"))

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
        if self.history is not None:
            w_ih, w_hh, b_ih, b_hh = self.lstm_parameters()
            arrays["Hih"], arrays["Hhh"] = arr(w_ih.T), arr(w_hh.T)
            arrays["Hb"] = arr(b_ih + b_hh)
            arrays["W0h"] = arr(self.history_in.weight.T)
            full["history"] = list(self.history)
        return QNet(arrays, full)

    @classmethod
    def from_qnet(cls, net: QNet) -> TorchQNet:
        model = cls(net.state_size, net.action_size, net.hidden, net.belief, net.history)
        with torch.no_grad():
            if net.history is not None:
                # (the two biases are one in numpy: all of it goes to bias_ih)
                w_ih, w_hh, b_ih, b_hh = model.lstm_parameters()
                w_ih.copy_(torch.from_numpy(net.h_ih.T.copy()))
                w_hh.copy_(torch.from_numpy(net.h_hh.T.copy()))
                b_ih.copy_(torch.from_numpy(net.h_b))
                b_hh.zero_()
                model.history_in.weight.copy_(torch.from_numpy(net.w0h.T.copy()))
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
