"""The learned bots' network in numpy (``docs/rl.md``): a Q(s, a) multilayer perceptron after
DouZero's Deep Monte-Carlo, read from an ``.npz`` file, so that tables, the arena and search
playouts run it without PyTorch (``paizhuo.rl.dmc`` trains it with PyTorch and writes it).

The input is the state's features then one action's row (:mod:`paizhuo.engine.features`);
the first layer is split in two, ``W0s`` for the state and ``W0a`` for the action, so the
state's part is worked out once for all the legal actions of a decision. Hidden layers use
ReLU; the last layer gives two numbers per action: the expected return (``q``, in units of
``return_scale``) and a behaviour-cloning logit (``bc``, fitted to the heuristic's choices in
the warm start).

A network may also have a belief head (``meta["belief"]`` = ``[others, kinds]``): from the
state alone, one hidden layer of :data:`BELIEF_HIDDEN` (ReLU), then a logit per other seat
(in turn after the observer) and kind of card (the game's
:attr:`~paizhuo.engine.features.Featurizer.belief_kinds`); their softmax over the other seats
is the chance that an unseen card of that kind lies in each one's hand.

A network may also summarise the recent actions (``meta["history"]`` = ``[rows, width]``: the
features' :meth:`~paizhuo.engine.features.Featurizer.encode_history`): an LSTM of
:data:`HISTORY_HIDDEN` reads them in order, and its last hidden state joins the state's part
of the first layer (DouZero's LSTM over the last moves).

The file holds the arrays ``W0s W0a b0 W1 b1 … Wout bout`` (``Bw0 Bb0 Bw1 Bb1`` for the
belief head, ``Hih Hhh Hb W0h`` for the summary) and ``meta``, a JSON text: the game, its
options, the feature sizes, the hidden sizes, the return scale, the frames trained.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from paizhuo.errors import MalformedError

FORMAT = 1
BELIEF_HIDDEN = 256
"""The belief head's hidden layer."""
HISTORY_HIDDEN = 128
"""The summary of the recent actions: an LSTM's hidden state (DouZero's, over its last 15
moves, has 128 too)."""


class QNet:
    """The network's arrays and what it was trained for."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.meta = meta
        self.hidden = [int(h) for h in meta["hidden"]]
        self.w0s = np.asarray(arrays["W0s"], dtype=np.float32)
        self.w0a = np.asarray(arrays["W0a"], dtype=np.float32)
        self.b0 = np.asarray(arrays["b0"], dtype=np.float32)
        self.layers = [(np.asarray(arrays[f"W{i}"], dtype=np.float32),
                        np.asarray(arrays[f"b{i}"], dtype=np.float32))
                       for i in range(1, len(self.hidden))]
        self.wout = np.asarray(arrays["Wout"], dtype=np.float32)
        self.bout = np.asarray(arrays["bout"], dtype=np.float32)
        self.state_size = self.w0s.shape[0]
        self.action_size = self.w0a.shape[0]
        belief = meta.get("belief")
        self.belief: tuple[int, int] | None = None
        self.belief_arrays: tuple[np.ndarray, ...] | None = None
        if belief is not None:
            self.belief = (int(belief[0]), int(belief[1]))
            self.belief_arrays = tuple(np.asarray(arrays[k], dtype=np.float32)
                                       for k in ("Bw0", "Bb0", "Bw1", "Bb1"))
        history = meta.get("history")
        self.history: tuple[int, int] | None = None
        """``(rows, width)`` of the recent actions the network summarises, or ``None``."""
        if history is not None:
            self.history = (int(history[0]), int(history[1]))
            self.h_ih = np.asarray(arrays["Hih"], dtype=np.float32)
            self.h_hh = np.asarray(arrays["Hhh"], dtype=np.float32)
            self.h_b = np.asarray(arrays["Hb"], dtype=np.float32)
            self.w0h = np.asarray(arrays["W0h"], dtype=np.float32)
        if (self.state_size, self.action_size) != (meta["state_size"], meta["action_size"]):
            raise MalformedError("meta", "the arrays' sizes differ from the meta's")

    @property
    def return_scale(self) -> float:
        return float(self.meta.get("return_scale", 1.0))

    def summary(self, history: np.ndarray) -> np.ndarray:
        """The LSTM's last hidden state over ``history`` (``(rows, width)``, the latest row
        last; PyTorch's gates in its order: input, forget, cell, output)."""
        if self.history is None:
            raise MalformedError("weights", "this network summarises no recent actions")
        if history.shape != self.history:
            raise MalformedError("features", f"the network takes recent actions of "
                                 f"{self.history}, not {history.shape}")
        n = HISTORY_HIDDEN
        h = np.zeros(n, dtype=np.float32)
        c = np.zeros(n, dtype=np.float32)
        for x in history @ self.h_ih + self.h_b:
            g = x + h @ self.h_hh
            i, f = _sigmoid(g[:n]), _sigmoid(g[n:2 * n])
            c = f * c + i * np.tanh(g[2 * n:3 * n])
            h = _sigmoid(g[3 * n:]) * np.tanh(c)
        return h

    def scores(self, state: np.ndarray, actions: np.ndarray,
               history: np.ndarray | None = None) -> np.ndarray:
        """``(n, 2)``: each action's ``q`` (in returns, the scale applied) and ``bc`` logit,
        for ``state`` (one vector), ``actions`` (one row each) and, for a network that
        summarises them, the recent actions' ``history``."""
        if state.shape != (self.state_size,) or actions.ndim != 2 or \
                actions.shape[1] != self.action_size:
            raise MalformedError("features", f"the network takes a state of {self.state_size} "
                                 f"and action rows of {self.action_size}, not {state.shape} "
                                 f"and {actions.shape}")
        base = state @ self.w0s + self.b0
        if self.history is not None:
            if history is None:
                raise MalformedError("features", "this network needs the recent actions")
            base = base + self.summary(history) @ self.w0h
        h = np.maximum(actions @ self.w0a + base, 0.0)
        for w, b in self.layers:
            h = np.maximum(h @ w + b, 0.0)
        out = h @ self.wout + self.bout
        out[:, 0] *= self.return_scale
        return out

    def beliefs(self, state: np.ndarray) -> np.ndarray:
        """``(others, kinds)``: the chance that an unseen card of each kind lies in each other
        seat's hand (the others in turn after the observer), by the belief head."""
        if self.belief_arrays is None or self.belief is None:
            raise MalformedError("weights", "this network has no belief head")
        if state.shape != (self.state_size,):
            raise MalformedError("features", f"the network takes a state of {self.state_size}"
                                 f", not {state.shape}")
        bw0, bb0, bw1, bb1 = self.belief_arrays
        logits = (np.maximum(state @ bw0 + bb0, 0.0) @ bw1 + bb1).reshape(self.belief)
        logits -= logits.max(axis=0, keepdims=True)
        e = np.exp(logits)
        out: np.ndarray = e / e.sum(axis=0, keepdims=True)
        return out

    def arrays(self) -> dict[str, np.ndarray]:
        out = {"W0s": self.w0s, "W0a": self.w0a, "b0": self.b0, "Wout": self.wout,
               "bout": self.bout}
        for i, (w, b) in enumerate(self.layers, start=1):
            out[f"W{i}"], out[f"b{i}"] = w, b
        if self.belief_arrays is not None:
            for k, a in zip(("Bw0", "Bb0", "Bw1", "Bb1"), self.belief_arrays, strict=True):
                out[k] = a
        if self.history is not None:
            out.update(Hih=self.h_ih, Hhh=self.h_hh, Hb=self.h_b, W0h=self.w0h)
        return out

    def save(self, path: Path) -> None:
        """Write the ``.npz`` (``meta`` as JSON text)."""
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True)),
                                  **self.arrays()}
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path) -> QNet:
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError) as exc:
            raise MalformedError("weights", f"cannot read {path}: {exc}") from exc
        if "meta" not in arrays:
            raise MalformedError("weights", f"{path} holds no meta")
        meta = json.loads(str(arrays.pop("meta")))
        if meta.get("format") != FORMAT:
            raise MalformedError("weights", f"{path} is of format {meta.get('format')!r}, "
                                 f"not {FORMAT}")
        return cls(arrays, meta)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-x))
    return out
