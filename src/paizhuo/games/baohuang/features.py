"""Baohuang observation features (:class:`~paizhuo.engine.features.Featurizer`): the cards by
rank as DouZero's matrices (each of the 15 ranks as 16 bits, the first ``count`` set), what
each seat has played, the play on the table, the roles as the seat knows them (emperor,
guard once revealed, the called card) and who beat the emperor how often, every seat
relative to the observing one. Every plane is listed in ``docs/rl.md``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from paizhuo.cards import EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.features import (
    Plane,
    RankBeliefs,
    Writer,
    rank_bits,
    rank_bits_rows,
    rank_history_planes,
    rank_history_rows,
    rank_plane,
    relative,
    seat_flags,
    seat_plane,
    verb_plane,
)
from paizhuo.games.baohuang.state import CROWN, DECLARE, NUM_SEATS, OVER, PLAY, VOID
from paizhuo.notation import parse_card, parse_cards

PHASES: Final = (CROWN, DECLARE, PLAY, OVER, VOID)
ROLES: Final = ("emperor", "guard", "revolutionary")
HAND_FULL: Final = 43.0
CARD_IDS: Final = 55
"""Card ids 0 … 54 (54: the emperor card), for the called card."""


def _seats(name: str, what: str) -> Plane:
    return seat_plane(name, what, NUM_SEATS)


PLANES: Final = (
    rank_plane("hand", "the seat's hand (the emperor card counts as a big joker)"),
    Plane("emperor_card", 1, "1 when the hand holds the emperor card (皇帝牌)"),
    *(rank_plane(f"played_{k}", f"what the seat {k} places on has played this deal")
      for k in range(NUM_SEATS)),
    rank_plane("on_table", "the play to beat (`details.current`); 0 when the seat leads"),
    _seats("maker", "who made it (one-hot)"),
    Plane("last_play", 1, "1 when it was its maker's last cards"),
    Plane("hand_sizes", NUM_SEATS, "each hand's size / 43, by relative seat"),
    _seats("finished", "who has gone out"),
    Plane("finish_order", NUM_SEATS, "the order of going out, (place) / 5, by relative seat"),
    _seats("yielded", "who yielded this circle (让)"),
    _seats("claimant", "who claims (one-hot)"),
    Plane("beat_emperor", NUM_SEATS, "how often each seat beat the emperor's play / 10 (at "
          "most 1): the hidden guard seldom does"),
    _seats("emperor", "the emperor (one-hot), once known"),
    _seats("guard", "the guard (one-hot), as the seat knows him: revealed, or itself"),
    _seats("card_holder", "who was dealt the emperor card (one-hot)"),
    _seats("forced", "the seat forced to be emperor (one-hot)"),
    Plane("role", len(ROLES), "the seat's own role (one-hot: " + ", ".join(ROLES) + ")"),
    Plane("called", CARD_IDS, "the card the emperor called for his guard (one-hot by card id)"),
    Plane("flags", 4, "the emperor is alone (独), the crown was seized (抢), the hands are open "
          "(明), the guard is revealed"),
    Plane("phase", len(PHASES), "the phase (one-hot: " + ", ".join(PHASES) + ")"),
    Plane("counters", 3, "the circle / 10, the crown's passes / 5, redeals / 5 (at most 1)"),
    Plane("to_decide", 1, "1 when the seat is asked to decide now"),
)


VERBS: Final = ("call", "claim", "pass", "pass_crown", "play", "reveal", "seize", "yield")
_VERB_INDEX: Final = {v: i for i, v in enumerate(VERBS)}
ACTION_PLANES: Final = (
    verb_plane(VERBS),
    rank_plane("cards", "the action's cards (a play; the card a call names)"),
    Plane("emperor_card", 1, "1 when they hold the emperor card"),
    Plane("count", 1, "how many cards / 16"),
)
"""A whole action's row (:meth:`BaohuangFeatures.encode_actions`)."""


class BaohuangFeatures(RankBeliefs):
    """The planes of :data:`PLANES` and :data:`ACTION_PLANES`."""

    def __init__(self) -> None:
        super().__init__(PLANES, ACTION_PLANES, rank_history_planes(VERBS, NUM_SEATS))

    def history_rows(self, obs: dict[str, Any], items: Sequence[dict[str, Any]]
                     ) -> np.ndarray:
        return rank_history_rows(obs, items, VERBS, NUM_SEATS)

    def fill_action(self, w: Writer, obs: dict[str, Any], action: Action) -> None:
        w.set("verb", VERBS.index(action.verb))
        if action.cards:
            w.put("cards", rank_bits(action.cards))
            w.put("emperor_card", [float(EMPEROR_CARD in action.cards)])
            w.put("count", [len(action.cards) / 16])

    def encode_actions(self, obs: dict[str, Any], actions: Sequence[Action]) -> np.ndarray:
        """The rows of :meth:`fill_action`, the card planes worked out for all at once."""
        out = np.zeros((len(actions), self.action_size), dtype=np.float32)
        verb = self.action_offsets["verb"][0]
        a, b = self.action_offsets["cards"]
        emperor = self.action_offsets["emperor_card"][0]
        count = self.action_offsets["count"][0]
        for i, action in enumerate(actions):
            out[i, verb + _VERB_INDEX[action.verb]] = 1.0
        out[:, a:b] = rank_bits_rows([action.cards for action in actions])
        out[:, emperor] = [float(EMPEROR_CARD in action.cards) for action in actions]
        out[:, count] = [len(action.cards) / 16 for action in actions]
        return out

    def fill(self, w: Writer, obs: dict[str, Any], prefix: Sequence[int]) -> None:
        seat = int(obs["seat"])
        d = obs["details"]
        hand = parse_cards(obs["hand"])
        w.put("hand", rank_bits(hand))
        w.put("emperor_card", [float(EMPEROR_CARD in hand)])
        for s, cards in enumerate(d.get("played") or ()):
            w.put(f"played_{relative(seat, s, NUM_SEATS)}", rank_bits(cards))
        cur = d.get("current")
        if cur is not None:
            w.put("on_table", rank_bits(cur["cards"]))
            w.set("maker", relative(seat, int(cur["seat"]), NUM_SEATS))
            w.put("last_play", [float(bool(cur.get("last_play")))])
        for s, n in enumerate(obs["hand_sizes"]):
            if n is not None:
                w.set("hand_sizes", relative(seat, s, NUM_SEATS), n / HAND_FULL)
        w.put("finished", seat_flags(seat, d.get("finished") or (), NUM_SEATS))
        for place, s in enumerate(d.get("finished") or ()):
            w.set("finish_order", relative(seat, int(s), NUM_SEATS), (place + 1) / NUM_SEATS)
        w.put("yielded", seat_flags(seat, d.get("yielded") or (), NUM_SEATS))
        for s, n in enumerate(d.get("beat_emperor") or ()):
            w.set("beat_emperor", relative(seat, s, NUM_SEATS), min(n / 10, 1.0))
        for name, key in (("claimant", "claimant"), ("emperor", "emperor"), ("guard", "guard"),
                          ("card_holder", "emperor_card_holder"), ("forced", "forced_seat")):
            if d.get(key) is not None:
                w.set(name, relative(seat, int(d[key]), NUM_SEATS))
        if d.get("role") is not None:
            w.set("role", ROLES.index(d["role"]))
        if d.get("called"):
            w.set("called", parse_card(d["called"]))
        w.put("flags", [float(bool(d.get(k))) for k in ("alone", "seized", "open", "revealed")])
        w.set("phase", PHASES.index(obs["phase"]))
        w.put("counters", [min(d.get("circle", 0) / 10, 1.0),
                           min(d.get("crown_passes", 0) / 5, 1.0),
                           min(d.get("redeals", 0) / 5, 1.0)])
        w.put("to_decide", [float(bool(obs.get("your_turn")))])
