"""Random-game sweeps over every preset: cards conserved (BH-1), five ranks (BH-4), every score
table sums to zero (BH-5), records replay identically, the secret guard never shows in another
seat's observation before he is revealed and no other hand ever shows (BH-6), the sampler only
picks listed actions, and an illegal action changes nothing."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from paizhuo.cards import EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.judge import replay
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.options import PRESET_NAMES
from paizhuo.games.baohuang.setup import full_deck
from paizhuo.notation import format_cards

DECK = Counter(full_deck())


def fingerprint(g: BaohuangGame) -> tuple[Any, ...]:
    st = g.st
    return (tuple(tuple(h) for h in st.hands), tuple(st.sizes), st.phase, st.turn,
            st.current, tuple(st.queue), tuple(st.yielders), st.claimant, st.circle,
            st.revealed, st.open, st.emperor, st.guard, len(g.actions), tuple(st.finished))


def check_cards(g: BaohuangGame) -> None:
    st = g.st
    seen: Counter[int] = Counter()
    for seat in range(5):
        for card, k in enumerate(st.hands[seat]):
            seen[card] += k
        assert sum(st.hands[seat]) == st.sizes[seat]
    for a in g.actions:
        if a.verb == "play":
            seen.update(a.cards)
    seen.update(st.extra)
    removed = 1 if st.emperor is not None and g.options.extra_card == "remove" else 0
    assert sum(seen.values()) == 216 - removed
    assert all(seen[c] <= DECK[c] for c in seen)
    assert seen[EMPEROR_CARD] == 1


def check_views(g: BaohuangGame) -> None:
    st = g.st
    for seat in (*range(5), None):
        obs = g.observation(seat)
        details = obs["details"]
        mine = None if seat is None else format_cards(
            c for c, k in enumerate(st.hands[seat]) for _ in range(k))
        assert obs["hand"] == mine and obs["hand_sizes"] == st.sizes
        assert obs["to_act"] == g.to_act()  # every seat asked is asked in public
        hidden = st.guard is not None and st.guard != st.emperor and not st.revealed
        if hidden and seat != st.guard:
            assert details["guard"] is None and details["role"] != "guard"
            assert details["alone"] in (None, False)
        # bots get their legal actions from legal_actions, never inside an observation
        assert "legal" not in obs and "legal" not in details


def play_random(seed: int, preset: str, rng: random.Random, check_every: int) -> BaohuangGame:
    g = BaohuangGame.new({"preset": preset}, seed=seed)
    step = 0
    while not g.is_over:
        seat = g.to_act()[0]
        action = g.sample_action(rng)
        if step % check_every == 0:
            assert action in g.legal_actions(seat)
            check_cards(g)
            check_views(g)
            before = fingerprint(g)
            wrong = Action((seat + 1 + rng.randrange(4)) % 5, action.verb, action.cards)
            if wrong not in g.legal_actions(wrong.seat):
                with pytest.raises((IllegalActionError, MalformedError)):
                    g.apply(wrong)
                assert fingerprint(g) == before
        was_hidden = g.st.guard is not None and not g.st.revealed
        g.apply(action)
        if was_hidden and g.st.revealed:
            check_views(g)
        step += 1
    check_cards(g)
    check_views(g)
    return g


def check_result(g: BaohuangGame) -> dict[str, Any]:
    result = g.result()
    assert result is not None and not result["void"]
    assert sorted(result["ranks"]) == [1, 2, 3, 4, 5]
    assert sorted(result["order"]) == [0, 1, 2, 3, 4]
    assert sum(Fraction(str(s)) for s in result["scores"]) == 0
    again, _ = replay(g.record())
    assert again.result() == result
    assert [again.observation(s) for s in range(5)] == [g.observation(s) for s in range(5)]
    return result


def sweep(games: int, check_every: int) -> Counter[str]:
    tables: Counter[str] = Counter()
    rng = random.Random(2026)
    for preset in PRESET_NAMES:
        for seed in range(games):
            g = play_random(seed, preset, rng, check_every)
            tables[check_result(g)["table"]] += 1
    return tables


def test_random_sweep() -> None:
    tables = sweep(games=6, check_every=6)
    assert tables["normal"] + tables["alone"] + tables["seized"] == 6 * len(PRESET_NAMES)


@pytest.mark.slow
def test_random_sweep_large() -> None:
    tables = sweep(games=200, check_every=4)
    assert tables["normal"] and tables["alone"] and tables["seized"]
