"""The fixed-size action encoding: every listed action has its own index, and the index decodes
back to the same action (random games over every preset)."""

from __future__ import annotations

import random

import pytest

from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.encoding import NUM_ACTION_IDS, decode, encode, legal_mask
from paizhuo.games.baohuang.options import PRESET_NAMES
from paizhuo.games.baohuang.positions import position


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_encoding_is_a_bijection_on_legal_actions(preset: str) -> None:
    rng = random.Random(9)
    for seed in range(3):
        g = BaohuangGame.new({"preset": preset}, seed=seed)
        while not g.is_over:
            for seat in g.to_act():
                legal = g.legal_actions(seat)
                mask = legal_mask(g.st, legal)
                assert len(set(mask)) == len(mask)
                assert all(0 <= i < NUM_ACTION_IDS for i in mask)
                assert [decode(g.st, seat, i) for i in mask] == legal
            g.apply(g.sample_action(rng))


def test_guard_variant_has_its_own_index() -> None:
    g = position(["3S", "4S", "8H 8S 8S 5S", "6S", "7S"], emperor=0, guard=2, called="8H",
                 leader=2)
    legal = [a for a in g.legal_actions() if len(a.cards) == 1 and a.cards[0] != 12]
    assert len(legal) == 2
    a, b = (encode(g.st, x) for x in legal)
    assert a != b and abs(a - b) == 1
