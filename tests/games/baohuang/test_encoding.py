"""The fixed-size action encoding behind ``num_actions``, ``encode``, ``decode`` and
``legal_mask``: every listed action has its own index, the index decodes back to the same
action, the mask is exactly the legal set (random games over every preset)."""

from __future__ import annotations

import random

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.encoding import NUM_ACTION_IDS, PLAY_BASE, encode
from paizhuo.games.baohuang.options import PRESET_NAMES
from paizhuo.games.baohuang.positions import position
from paizhuo.notation import parse_cards


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_encoding_is_a_bijection_on_legal_actions(preset: str) -> None:
    rng = random.Random(9)
    for seed in range(3):
        g = BaohuangGame.new({"preset": preset}, seed=seed)
        assert g.num_actions == NUM_ACTION_IDS
        while not g.is_over:
            for seat in g.to_act():
                legal = g.legal_actions(seat)
                indices = [i for a in legal for i in g.encode(a)]
                assert len(set(indices)) == len(indices) == len(legal)
                assert all(0 <= i < NUM_ACTION_IDS for i in indices)
                assert [g.decode(i, seat) for i in indices] == legal
                assert [g.decode([i], seat) for i in indices] == legal
                mask = g.legal_mask(seat)
                assert len(mask) == g.num_actions
                assert {i for i, bit in enumerate(mask) if bit} == set(indices)
                assert set(mask) <= {0, 1}
            action = g.sample_action(rng)
            assert g.legal_mask()[g.encode(action)[0]] == 1  # the sampler stays in the mask
            g.apply(action)
        assert g.legal_mask() == bytes(NUM_ACTION_IDS)  # nobody acts once it is over


def test_guard_variant_has_its_own_index() -> None:
    g = position(["3S", "4S", "8H 8S 8S 5S", "6S", "7S"], emperor=0, guard=2, called="8H",
                 leader=2)
    legal = [a for a in g.legal_actions() if len(a.cards) == 1 and a.cards[0] != 12]
    assert len(legal) == 2
    a, b = (encode(g.st, x) for x in legal)
    assert a != b and abs(a - b) == 1
    assert {g.decode(a, 2), g.decode(b, 2)} == set(legal)


def test_indices_of_cards_not_held_are_refused() -> None:
    g = position(["3S", "4S", "8H 8S 8S 5S", "6S", "7S"], emperor=0, guard=2, called="8H",
                 leader=2)
    pair_of_5s = g.encode(Action(2, "play", parse_cards("5S 5S")))[0]  # he holds one 5
    assert g.legal_mask(2)[pair_of_5s] == 0
    for steps in (pair_of_5s, NUM_ACTION_IDS, -1, [1, 2]):
        with pytest.raises(MalformedError):
            g.decode(steps, 2)
    with pytest.raises(MalformedError):
        g.legal_mask(2, prefix=[PLAY_BASE])  # one step per decision: no prefix
