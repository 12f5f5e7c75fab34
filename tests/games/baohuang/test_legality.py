"""Brute-force reference for answers (BH-3, BH-4): from small random hands, every sub-multiset
of the hand is tried against the current play; ``apply`` must accept exactly the beating sets,
``legal_actions`` must list one action per beating key, and a refusal changes nothing."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.combos import beats, key_of
from paizhuo.games.baohuang.positions import act, position
from paizhuo.notation import format_cards

CARDS = ["3S", "3H", "4S", "4D", "9S", "9C", "AS", "2S", "SJ", "BJ", "BJ*"]
LEADS = ["3D", "5S 5S", "9H 9H SJ", "KS BJ", "SJ SJ", "AS AS AS", "2D SJ BJ", "BJ"]

hands = st.lists(st.sampled_from(CARDS), min_size=1, max_size=7).map(
    lambda cards: " ".join(c for c in cards if c != "BJ*" or cards.count("BJ*") == 1))


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from(LEADS))
def test_apply_accepts_exactly_the_beating_sets(hand: str, lead: str) -> None:
    def fresh() -> BaohuangGame:
        g = position([lead + " 5D", hand or "3S", "6S", "7S", "8S"], emperor=0, guard=2,
                     called="8H")
        act(g, 0, "play", lead)
        return g

    g = fresh()
    held = sorted(g.st.hands[1][c] * [c] for c in range(55) if g.st.hands[1][c])
    cards = [c for group in held for c in group]
    lead_key = key_of(g.st.current_cards)
    size = sum(lead_key[1:])
    beating_keys: set[tuple[int, int, int, int]] = set()
    before = (list(g.st.hands[1]), g.st.turn, g.st.current)
    for combo in set(combinations(cards, size)):
        try:
            key = key_of(combo)
        except ValueError:
            key = None
        if key is not None and beats(key, lead_key):
            beating_keys.add(key)
            fresh().apply(Action.make(1, "play", combo))
        else:
            try:
                g.apply(Action.make(1, "play", combo))
            except IllegalActionError as err:
                assert err.rule == "BH-3", format_cards(combo)
            else:
                raise AssertionError(f"{format_cards(combo)} was accepted over {lead}")
            assert (list(g.st.hands[1]), g.st.turn, g.st.current) == before
    listed = [a for a in g.legal_actions(1) if a.verb == "play"]
    assert sorted(key_of(a.cards) for a in listed) == sorted(beating_keys)
