"""A simple generic greedy bot: shed as many cards as possible, keep the strong ones.

It knows no game: it reads only the cards of the legal actions. Among the actions it prefers
the one that plays the most cards (getting rid of cards is how Gouji and Baohuang are won,
and it leads Shengji combinations), not counting jokers, which it keeps as long as it can;
ties go to the action whose cards are lowest (keep high cards for later); actions without
cards (pass, yield) come after every play without jokers. A game can have a smarter version of
its own in this package, registered in :mod:`paizhuo.bots.policies` for that game.
"""

from __future__ import annotations

import random
from typing import Any

from paizhuo.bots.base import BaseBot
from paizhuo.cards import is_joker, rank_of
from paizhuo.engine.actions import Action


def greedy_key(action: Action) -> tuple[int, int, int, int]:
    """Sort key, smallest is best: most ordinary cards, fewest jokers, then lowest ranks.

    Jokers are the strongest cards of all three games (and wild in some plays), so they are
    kept: a play counts its non-joker cards, and each joker it spends is a cost.
    """
    jokers = sum(1 for c in action.cards if is_joker(c))
    ranks = [rank_of(c) for c in action.cards]
    return (-(len(action.cards) - jokers), jokers, sum(ranks), max(ranks, default=0))


class GreedyBot(BaseBot):
    """Plays the legal action with the most cards, lowest cards first; random among equals."""

    name = "greedy"
    uses_sampler = False

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        keys = [greedy_key(a) for a in legal]
        best = min(keys)
        return rng.choice([a for a, key in zip(legal, keys, strict=True) if key == best])
