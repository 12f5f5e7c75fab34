"""The heuristics' decisions, fingerprinted: every action of a few all-heuristic deals per
game, run as a search's playouts run them (``bot_action`` with a list limit: forced actions
and decisions made without the list included).

A speed-up must keep every decision: the search rows of ``docs/strength.md`` grow across
sessions by ``paizhuo arena --resume``, which sums only deals played by the same bots. When a
change to a heuristic (or to the engine under it) is meant to change how it plays, put the new
fingerprint below, and measure the rows again from the start: an old row cannot be resumed.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from paizhuo.bots.base import bot_action
from paizhuo.bots.registry import make_bot
from paizhuo.games import game_class

FINGERPRINTS = {
    # game, preset: (deals, decisions, the first 16 hex digits of the sha-256)
    ("shengji", "tractor"): (20, 1751, "fe9c2d73f86d28bb"),
    ("shengji", "friends-5"): (20, 2544, "1aa05ecdb00a7bba"),
    ("gouji", "classic"): (20, 2722, "64e8e8950057bb11"),
    ("baohuang", "standard"): (20, 5936, "fc7ba2d768f7da98"),
}


FINGERPRINTS_V1 = {
    # heuristic-v1 (paizhuo.bots.v1), frozen: the heuristics as they were before issue 35,
    # the baseline of paizhuo audit; these never change
    ("shengji", "tractor"): (20, 1686, "31399b28074ce5a1"),
    ("shengji", "friends-5"): (20, 2512, "9d11175ef0d6d6ee"),
    ("gouji", "classic"): (20, 2764, "862eb9b3d937f560"),
    ("baohuang", "standard"): (20, 5242, "b2131b566ee2594d"),
}


def fingerprint(game: str, preset: str, deals: int,
                bot_name: str = "heuristic") -> tuple[int, str]:
    """(decisions, digest) of ``deals`` deals of seeds 0, 1, … with ``bot_name`` in every
    seat."""
    bot = make_bot(bot_name, game)
    digest = hashlib.sha256()
    decisions = 0
    for seed in range(deals):
        g = game_class(game).new({"preset": preset}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            to_act = g.to_act()
            action = bot_action(g, to_act, to_act[0], bot, rng, list_limit=2000)
            digest.update(repr(action).encode())
            decisions += 1
            g.apply(action)
        digest.update(repr(g.returns()).encode())
    return decisions, digest.hexdigest()[:16]


@pytest.mark.parametrize(("game", "preset"), list(FINGERPRINTS))
def test_the_heuristic_plays_as_it_did(game: str, preset: str) -> None:
    deals, decisions, digest = FINGERPRINTS[game, preset]
    got = fingerprint(game, preset, deals)
    assert got == (decisions, digest), (
        f"the {game} heuristic now plays otherwise ({got}): the stored search rows cannot be "
        "resumed with this code (docs/strength.md); if that is meant, put the new fingerprint "
        "in FINGERPRINTS and measure the rows again")


@pytest.mark.parametrize(("game", "preset"), list(FINGERPRINTS_V1))
def test_heuristic_v1_stays_as_it_was(game: str, preset: str) -> None:
    deals, decisions, digest = FINGERPRINTS_V1[game, preset]
    assert fingerprint(game, preset, deals, "heuristic-v1") == (decisions, digest), (
        f"heuristic-v1 of {game} plays otherwise: it is the frozen baseline (paizhuo.bots.v1), "
        "and must not change")
