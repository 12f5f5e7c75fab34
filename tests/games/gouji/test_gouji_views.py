"""GJ-12 views and GJ-7 报牌 / 挑牌: what each seat sees, from explicit hands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji.positions import act, full, position

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import details, log

ELEVEN = "3S 3S 3S 4S 4S 4S 5S 5S 5S 6S 6S"
NINE = "7S 7S 7S 8S 8S 8S 9S 9S 9S"


def test_gj12_own_hand_and_public_play_only() -> None:
    g = position([ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN], leader=0)
    act(g, 0, "play", "6S 6S")
    obs = g.observation(1)
    assert obs["hand"] == ELEVEN
    assert obs["details"]["teammate_hands"] == {}
    assert obs["hand_sizes"] == [9, 11, None, None, None, None]
    assert obs["details"]["round"]["play"] == "6S 6S" and obs["details"]["round"]["maker"] == 0
    assert log(g, 1) == [[0, "play", "6S 6S"]]
    json.dumps(obs)  # JSON-ready
    json.dumps(g.events_since(1, 0))


def test_gj12_teammate_sees_a_hand_of_ten_or_fewer() -> None:
    g = position([NINE, ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN], leader=1)
    assert details(g, 2)["teammate_hands"] == {"0": NINE}
    assert details(g, 4)["teammate_hands"] == {"0": NINE}
    assert details(g, 1)["teammate_hands"] == {}  # not an opponent
    assert details(g, 0)["teammate_hands"] == {}  # 11-card teammates stay hidden
    g = position([NINE, ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN], leader=1,
                 options={"preset": "classic", "advice": False})
    assert details(g, 2)["teammate_hands"] == {}


def test_gj7_a_teammate_who_is_out_sees_at_any_time() -> None:
    g = position(["", ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN], leader=1, finished=[0])
    assert details(g, 0)["teammate_hands"] == {"2": ELEVEN, "4": ELEVEN}
    assert g.observation(0)["hand_sizes"][2] == 11
    assert g.observation(1)["hand_sizes"][2] is None


def test_gj7_advice() -> None:
    g = position([NINE, ELEVEN, ELEVEN, ELEVEN, ELEVEN, ELEVEN], leader=1)
    act(g, 2, "advise", "9S 9S 9S", {"to": 0})
    assert details(g, 0)["advice"] == {"0": {"from": 2, "cards": "9S 9S 9S"}}
    assert details(g, 1)["advice"] == {}
    assert all(e[1] != "advise" for e in log(g, 1))
    assert log(g, 0)[-1] == [2, "advise", "9S 9S 9S", {"to": 0}]
    assert all(e["type"] != "action" for e in g.events_since(None, 0))  # spectators too
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "advise", "3S", {"to": 2})  # seat 2 holds 11 cards
    assert err.value.rule == "GJ-7"
    assert g.to_act() == [1]  # advice is not a turn


def test_gj12_tribute_cards_hidden_from_third_parties() -> None:
    from paizhuo.games.gouji.setup import full_deck

    cards = full_deck(216)
    hands = [cards[s::6] for s in range(6)]
    g = full(hands, start={"game": 2, "tributes": [
        {"kind": "place", "from": 5, "to": 0, "cards": 1}]})
    g.apply(g.legal_actions()[0])
    paid = g.actions[0].to_json()
    assert log(g, 0) == [paid]
    assert log(g, 5) == [paid]
    assert log(g, 3) == [[5, "tribute", "1 hidden"]]
    assert log(g, None) == [[5, "tribute", "1 hidden"]]
    assert g.witnesses(0) == {0, 5}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_gj12_played_counts_match_the_plays(seed: int) -> None:
    """``details.played`` (a 记牌器) counts by rank the cards of every play and burn that
    stood, as the events showed them; a failed burner's lead (its hand leaves play unseen)
    is not counted."""
    import random

    from paizhuo.games import game_class

    g = game_class("gouji").new({}, seed=seed)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    checked = 0
    while not g.is_over:
        before = g.state_id
        g.apply(g.sample_action(rng))
        events = g.events_since(1, before)
        failed = any(e["type"] == "ranked_last" and e["why"] == "failed_burn" for e in events)
        for e in events:
            if e["type"] == "action" and e["verb"] in ("play", "burn") and not failed:
                for card in e["cards"].split():
                    key = {"SJ": "small_joker", "BJ": "big_joker",
                           "BJ*": "big_joker"}.get(card, card[0])
                    seen[key] = seen.get(key, 0) + 1
        d = g.observation(1)["details"]
        if "played" in d:
            assert {k: v for k, v in d["played"].items() if v} == seen
            assert d["played"] == g.observation(None)["details"]["played"]
            checked += 1
    assert checked > 50 and sum(seen.values()) > 100


def test_played_counted_on_is_the_pile_counted_whole() -> None:
    """The observation counts the pile on from where the last one stopped
    (``pile_counted``); a copy shares what was counted and goes its own way — each counts
    what a whole count of its own pile gives, observation after observation."""
    import random

    from paizhuo.games import game_class
    from paizhuo.games.gouji.views import played_counts

    g = game_class("gouji").new({}, seed=11)
    rng = random.Random(11)
    copies = []
    steps = 0
    while not g.is_over:
        g.apply(g.sample_action(rng))
        steps += 1
        if steps % 40 == 0:
            copies.append(g.clone())
        for game in (g, *copies[-2:]):
            if not game.is_over and game.state.play_began:
                assert game.observation(0)["details"]["played"] == played_counts(
                    game.state.pile)
        for c in copies[-2:]:
            if not c.is_over:
                c.apply(c.sample_action(rng))
    assert len(copies) >= 3
    assert sum(g.observation(0)["details"]["played"].values()) > 100
