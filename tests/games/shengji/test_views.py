"""What each seat sees (SJ-13): never another player's hand, the kitty only where allowed.

The strongest check is a perturbation: two games that differ only in cards a seat may not see
must give that seat the very same observation.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import act, details, full_deal, game, position, seeded, trump_of

from paizhuo.games.shengji import PRESETS, ShengjiGame
from paizhuo.games.shengji.views import hand_order
from paizhuo.notation import format_cards, parse_cards


def swap_hidden(hands: list[str], a: int, b: int, rng: random.Random) -> list[str]:
    """Exchange one random card between seats ``a`` and ``b`` (sizes unchanged)."""
    ha, hb = list(parse_cards(hands[a])), list(parse_cards(hands[b]))
    i, j = rng.randrange(len(ha)), rng.randrange(len(hb))
    ha[i], hb[j] = hb[j], ha[i]
    out = list(hands)
    out[a], out[b] = format_cards(ha), format_cards(hb)
    return out


def random_position(rng: random.Random, preset: str) -> tuple[list[str], str, ShengjiGame]:
    g = seeded({"preset": preset}, seed=rng.randrange(10_000))
    while g.phase != "play" and not g.is_over:
        g.apply(g.sample_action(rng))
    for _ in range(rng.randrange(0, 4) * g.num_seats):    # some whole tricks
        if g.is_over or g.state.trick:
            break
        g.apply(g.sample_action(rng))
    while g.state.trick and not g.is_over:
        g.apply(g.sample_action(rng))
    hands = [format_cards(h.to_tuple()) for h in g.state.hands]
    return hands, format_cards(g.state.kitty), g


@pytest.mark.parametrize("preset", ["tractor", "single-deck", "titanic", "six-three"])
def test_observation_does_not_depend_on_other_hands_sj13(preset: str) -> None:
    rng = random.Random(len(preset))
    for _ in range(5):
        hands, kitty, g = random_position(rng, preset)
        if g.is_over or min(len(h) for h in g.state.hands) == 0:
            continue
        trump = trump_of(g)
        start = {"level": "23456789TJQKA"[g.state.level], "trump": trump, "dealer": g.state.dealer,
                 "leader": g.state.leader}
        base = position(hands, kitty, options={"preset": preset}, **start)
        for seat in range(g.num_seats):
            others = [s for s in range(g.num_seats) if s != seat]
            a, b = rng.sample(others, 2)
            other = position(swap_hidden(hands, a, b, rng), kitty, options={"preset": preset},
                                  **start)
            assert base.observation(seat) == other.observation(seat)
            # and after the same lead, as long as the lead is legal in both
            lead = base.sample_action(random.Random(seat))
            if lead.seat != seat:
                continue
            base2 = position(hands, kitty, options={"preset": preset}, **start)
            base2.apply(lead)
            other.apply(lead)
            assert base2.observation(seat) == other.observation(seat)


def test_kitty_is_hidden_from_all_but_the_burier_sj13() -> None:
    hands = ["2H 3S 4S", "8S 9S JS", "QS AS 3C", "4C 6C 7C"]
    g1 = position(hands, kitty="5H 6H", phase="bury")
    g2 = position(hands, kitty="7H 8H", phase="bury")
    for seat in (1, 2, 3):
        assert g1.observation(seat) == g2.observation(seat)
    assert details(g1, 0)["kitty"] == "5H 6H"
    assert "5H" in g1.observation(0)["hand"]


def test_hide_points_sj14() -> None:
    hands = ["KS 3C", "TS 4C", "AS 5C", "5S 6C"]
    g = position(hands, "TC TC", options={"hide_points": True}, attackers_points=30)
    for seat, c in enumerate(["KS", "TS", "AS", "5S"]):
        act(g, seat, "play", c)
    assert details(g, 0)["attackers_points"] is None
    assert details(g, 2)["points_won"] is None
    assert "points" not in details(g, 2)["tricks"][0]
    assert details(g, 1)["attackers_points"] == 30


@pytest.mark.parametrize(("preset", "total", "step", "need"), [
    ("tractor", 200, 40, 80), ("single-deck", 100, 20, 40), ("friends-5", 300, 60, 120)])
def test_what_the_attackers_play_for_sj9(preset: str, total: int, step: int, need: int) -> None:
    """Every viewer sees the deal's card points, the level step and the attackers' goal."""
    g = seeded({"preset": preset}, seed=2)
    for seat in (0, None):
        d = g.observation(seat)["details"]
        assert (d["points_total"], d["step"], d["attackers_need"]) == (total, step, need)


def test_the_attackers_goal_is_the_bid_target_sj12() -> None:
    g = seeded({"preset": "bidding-3"}, seed=2)
    rng = random.Random(2)
    assert details(g, 0)["attackers_need"] is None  # no target bid yet
    while g.phase != "play" and not g.is_over:
        g.apply(g.sample_action(rng))
    assert g.phase == "play" and g.state.target is not None
    assert details(g, 1)["attackers_need"] == g.state.target


def test_bids_and_friends_are_public_sj13() -> None:
    g = seeded({"preset": "friends-5"}, seed=4)
    rng = random.Random(4)
    while g.phase != "play":
        g.apply(g.sample_action(rng))
    for seat in range(g.num_seats):
        obs = g.observation(seat)
        assert obs["details"]["bids"] == g.state.bids and len(obs["details"]["friends"]) == 1
        assert obs["details"]["trump"] == trump_of(g) and obs["details"]["dealer"] == g.state.dealer


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_show_each_seat_only_its_own_hand_sj13(preset: str) -> None:
    rng = random.Random(11)
    g = seeded({"preset": preset}, seed=11)
    steps = 0
    while not g.is_over:
        g.apply(g.sample_action(rng))
        steps += 1
        if steps % 7:
            continue
        for seat in range(g.num_seats):
            obs = g.observation(seat)
            text = json.dumps(obs)
            assert obs["hand"] == format_cards(hand_order(g.state, g.state.hands[seat].to_tuple()))
            assert tuple(sorted(parse_cards(obs["hand"]))) == g.state.hands[seat].to_tuple()
            assert "hands" not in obs
            for other in range(g.num_seats):
                cards = g.state.hands[other].to_tuple()
                if other != seat and len(cards) >= 6:
                    assert format_cards(cards) not in text
                    assert format_cards(hand_order(g.state, cards)) not in text
            if g.phase == "play" and seat not in g.state.buried_by and not g.opts.kitty_no_points:
                assert obs["details"]["kitty"] is None
    for seat in range(g.num_seats):
        assert g.observation(seat)["result"] is not None


def test_who_is_asked_to_bid_stays_hidden_sj13() -> None:
    """SJ-4 asks a seat during the deal only when it holds a stronger bid, so the list of seats
    asked would tell the others it holds a level card: a seat sees only whether it is asked."""
    hands, kitty = full_deal(["3S", "2H"])
    g = game(hands=hands, kitty=kitty, start={"dealer": 0})
    assert g.to_act() == [1]                      # seat 1 just received 2H
    assert g.observation(1)["to_act"] == [1]
    for seat in (0, 2, 3):
        assert g.observation(seat)["to_act"] == []
    act(g, 1, "pass", "", {"dealt": 2})
    while g.state.stage == "deal":
        acting = g.to_act()[0]
        assert all(g.observation(s)["to_act"] == ([s] if s == acting else []) for s in range(4))
        act(g, acting, "pass", "", {"dealt": g.state.dealt})
    # after the deal every seat is asked in turn, which is public
    assert g.state.stage == "chance"
    while g.phase == "bid":
        assert all(g.observation(s)["to_act"] == g.to_act() for s in range(4))
        act(g, g.to_act()[0], "pass")


def test_hand_is_shown_sorted_by_suit_with_trumps_last() -> None:
    g = position(["3C 2S AH 5H BJ 4S", "3D 3D 4D 4D 5D 5D", "6S 6S 7S 7S 8S 8S",
                  "9S 9S TS TS JS JS"], "", leader=0)
    assert g.observation(0)["hand"] == "4S 3C 5H AH 2S BJ"
