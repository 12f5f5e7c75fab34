"""Gouji observation features (:class:`~paizhuo.engine.features.Featurizer`): the cards by
rank as DouZero's matrices (each of the 15 ranks as 16 bits, the first ``count`` set: four
decks hold 16 of a plain rank), the round on the table, who has finished, opened, conceded,
and the flags of the rules, every seat relative to the observing one. Every plane is listed
in ``docs/rl.md``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from paizhuo.engine.actions import Action
from paizhuo.engine.features import (
    RANK_DEPTH,
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
    thermometer,
    verb_plane,
)
from paizhuo.games.gouji.state import PHASES, SEATS
from paizhuo.games.gouji.views import PLAYED_RANKS

WAITING: Final = ("over", "tribute", "return", "revolution", "buy", "head", "declare", "lead",
                  "answer", "burn_window")
"""What the table waits for (the observation's ``details.waiting``)."""
HAND_FULL: Final = 36.0


def _seats(name: str, what: str) -> Plane:
    return seat_plane(name, what, SEATS)


PLANES: Final = (
    rank_plane("hand", "the seat's hand"),
    rank_plane("played", "every card played so far, by everyone (记牌器, `details.played`)"),
    rank_plane("on_table", "the play to beat (`round.play`); 0 when the seat leads"),
    rank_plane("mate_hand_2", "the hand of the teammate two seats on, where GJ-12 shows it"),
    rank_plane("mate_hand_4", "the hand of the teammate four seats on, where GJ-12 shows it"),
    Plane("hand_sizes", SEATS, "each hand's size / 36 where the seat may know it (its own, "
          "10 or fewer: 报牌), by relative seat"),
    Plane("size_known", SEATS, "1 where that size is known, by relative seat"),
    _seats("maker", "who made the play to beat (one-hot)"),
    _seats("passed", "who passed on it this round"),
    _seats("finished", "who has gone out"),
    Plane("finish_order", SEATS, "the order of going out, (place) / 6, by relative seat"),
    _seats("ranked_last", "who is ranked from the bottom (out of the deal without finishing)"),
    _seats("opened", "who has opened the point (开点)"),
    _seats("conceded", "who has conceded"),
    _seats("headless", "who is headless (无头)"),
    _seats("stuck", "who is stuck (憋)"),
    _seats("revolution", "who called a revolution (革命)"),
    Plane("dead_gouji", SEATS, "dead-gouji tokens held / 4, by relative seat"),
    _seats("burner", "the seat burning the play (烧牌), one-hot"),
    _seats("yielding", "the seat yielding (让牌), one-hot"),
    _seats("claim", "the seat claiming (要头), one-hot"),
    Plane("round_flags", 4, "the round: leader to play, the play is a gouji play (够级), "
          "dead (死够级), chaos (乱)"),
    Plane("waiting", len(WAITING), "what the table waits for (one-hot: " +
          ", ".join(WAITING) + ")"),
    Plane("to_decide", 1, "1 when the seat is asked to decide now"),
    Plane("phase", len(PHASES), "the phase (one-hot: " + ", ".join(PHASES) + ")"),
    _seats("tribute_from", "the seat paying the tribute under way (进贡)"),
    _seats("tribute_to", "the seat receiving it"),
)


VERBS: Final = ("advise", "burn", "buy", "claim", "declare", "keep_head", "no_head", "pass",
                 "play", "refuse", "return", "revolution", "tribute", "yield")
_VERB_INDEX: Final = {v: i for i, v in enumerate(VERBS)}
ACTION_PLANES: Final = (
    verb_plane(VERBS),
    rank_plane("cards", "the action's cards"),
    Plane("count", 1, "how many cards / 16"),
    _seats("target", "the seat an action names (advice: the teammate advised), one-hot"),
)
"""A whole action's row (:meth:`GoujiFeatures.encode_actions`)."""


class GoujiFeatures(RankBeliefs):
    """The planes of :data:`PLANES` and :data:`ACTION_PLANES`."""

    def __init__(self) -> None:
        super().__init__(PLANES, ACTION_PLANES, rank_history_planes(VERBS, SEATS))

    def history_rows(self, obs: dict[str, Any], items: Sequence[dict[str, Any]]
                     ) -> np.ndarray:
        return rank_history_rows(obs, items, VERBS, SEATS)

    def fill_action(self, w: Writer, obs: dict[str, Any], action: Action) -> None:
        w.set("verb", VERBS.index(action.verb))
        if action.cards:
            w.put("cards", rank_bits(action.cards))
            w.put("count", [len(action.cards) / 16])
        to = (action.extra or {}).get("to")
        if to is not None:
            w.set("target", relative(int(obs["seat"]), int(to), SEATS))

    def encode_actions(self, obs: dict[str, Any], actions: Sequence[Action]) -> np.ndarray:
        """The rows of :meth:`fill_action`, the card planes worked out for all at once."""
        out = np.zeros((len(actions), self.action_size), dtype=np.float32)
        verb = self.action_offsets["verb"][0]
        a, b = self.action_offsets["cards"]
        count = self.action_offsets["count"][0]
        target = self.action_offsets["target"][0]
        seat = int(obs["seat"])
        for i, action in enumerate(actions):
            out[i, verb + _VERB_INDEX[action.verb]] = 1.0
            to = (action.extra or {}).get("to")
            if to is not None:
                out[i, target + relative(seat, int(to), SEATS)] = 1.0
        out[:, a:b] = rank_bits_rows([action.cards for action in actions])
        out[:, count] = [len(action.cards) / 16 for action in actions]
        return out

    def fill(self, w: Writer, obs: dict[str, Any], prefix: Sequence[int]) -> None:
        seat = int(obs["seat"])
        d = obs["details"]
        w.put("hand", rank_bits(obs["hand"]))
        played = d.get("played")
        if played is not None:
            w.put("played", thermometer([int(played[k]) for k in PLAYED_RANKS], RANK_DEPTH))
        mates = d.get("teammate_hands") or {}
        for s, hand in mates.items():
            w.put(f"mate_hand_{relative(seat, int(s), SEATS)}", rank_bits(hand))
        sizes = obs["hand_sizes"]
        for s, n in enumerate(sizes):
            if n is not None:
                w.set("hand_sizes", relative(seat, s, SEATS), n / HAND_FULL)
                w.set("size_known", relative(seat, s, SEATS))
        rnd = d.get("round")
        if rnd is not None:
            if rnd["play"] is not None:
                w.put("on_table", rank_bits(rnd["play"]))
            for name in ("maker", "burner", "yielding", "claim"):
                if rnd[name] is not None:
                    w.set(name, relative(seat, int(rnd[name]), SEATS))
            w.put("passed", seat_flags(seat, rnd["passed"], SEATS))
            w.put("round_flags", [float(bool(rnd[k]))
                                  for k in ("leader_to_play", "gouji", "dead", "chaos")])
        for name in ("finished", "ranked_last", "opened", "conceded", "headless", "stuck",
                     "revolution"):
            w.put(name, seat_flags(seat, d.get(name) or (), SEATS))
        for place, s in enumerate(d.get("finished") or ()):
            w.set("finish_order", relative(seat, int(s), SEATS), (place + 1) / SEATS)
        for s, n in enumerate(d.get("dead_gouji") or ()):
            w.set("dead_gouji", relative(seat, s, SEATS), n / 4)
        waiting = d.get("waiting")
        if waiting not in WAITING:
            raise ValueError(f"Gouji features know no waiting {waiting!r}")
        w.set("waiting", WAITING.index(waiting))
        w.put("to_decide", [float(bool(obs.get("your_turn")))])
        w.set("phase", PHASES.index(obs["phase"]))
        tr = d.get("tribute")
        if tr is not None:
            w.set("tribute_from", relative(seat, int(tr["from"]), SEATS))
            w.set("tribute_to", relative(seat, int(tr["to"]), SEATS))
