"""The replay's step 0 shows the whole deal: every hand as dealt, also where the cards are
dealt between decisions (Shengji's bids while cards are dealt, SJ-4) — not the few cards
dealt before the first decision (issue 34)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from paizhuo.engine.registry import game_class
from paizhuo.server.replay import replay_of

DEALT = {"shengji": (4, 25), "gouji": (6, 36), "baohuang": (5, 43)}


def _played_out(game: str, seed: int) -> dict[str, object]:
    g = game_class(game).new({}, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    return replay_of(g.record())


@pytest.mark.parametrize("game", list(DEALT))
def test_step_0_shows_every_hand_as_dealt(game: str) -> None:
    seats, size = DEALT[game]
    frames = _played_out(game, 5)["frames"]
    assert isinstance(frames, list)
    hands = [Counter(h.split()) for h in frames[0]["hands"]]
    assert [sum(h.values()) for h in hands] == [size] * seats
    # every card a seat holds later in the first phase was dealt to it at step 0
    for frame in frames[1:]:
        if frame["phase"] != frames[0]["phase"]:
            break
        for seat in range(seats):
            assert Counter(frame["hands"][seat].split()) <= hands[seat]


def test_the_shengji_kitty_is_not_dealt_to_the_dealer() -> None:
    frames = _played_out("shengji", 7)["frames"]
    bury = next(f for f in frames if f["phase"] == "bury")
    # the dealer picks up 8 more cards after the deal; step 0 shows the 25 dealt
    assert max(len(h.split()) for h in bury["hands"]) == 33
    assert all(len(h.split()) == 25 for h in frames[0]["hands"])
    # step 1 is still the deal's first few cards: only step 0 changes
    assert sum(len(h.split()) for h in frames[1]["hands"]) < 100
