"""The Shengji greedy bot: legal on every preset, sensible in explicit positions, stronger than
random play."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import act, game, seeded

from paizhuo.bots import make_bot
from paizhuo.bots.base import Bot, play_round
from paizhuo.bots.shengji_greedy import ShengjiGreedy
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.games.shengji import PRESETS, ShengjiGame
from paizhuo.games.shengji.combos import make_lead
from paizhuo.games.shengji.kitty import BURY_LIST_CAP
from paizhuo.games.shengji.order import TRUMP
from paizhuo.notation import format_cards

PLAY_AT_TWO = {"phase": "play", "dealer": 0, "trump": "S", "level": "2"}


def bot_choice(g: ShengjiGame, seat: int) -> Action:
    return ShengjiGreedy().act(g.observation(seat), g.legal_actions(seat), random.Random(0))


def test_registered_for_shengji_only() -> None:
    assert isinstance(make_bot("greedy", "shengji"), ShengjiGreedy)
    assert not isinstance(make_bot("greedy", "gouji"), ShengjiGreedy)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_decision_is_legal(preset: str) -> None:
    """Whole rounds with the bot at every seat; each action is one of ``legal``.

    The one exception is a bury when ``legal`` is the engine's capped list (the buries of the
    lowest card ids only): the bot's bury is then legal by the rules, and the engine takes it.
    """
    rounds = 2 if preset == "titanic" else 3
    bot = ShengjiGreedy()
    for seed in range(rounds):
        g = seeded({"preset": preset}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            action = bot.act(g.observation(seat), legal, rng)
            if action not in legal:
                assert action.verb == "bury" and len(legal) == BURY_LIST_CAP
                assert g.count_legal() > BURY_LIST_CAP
            if g.phase == "play" and not g.state.trick:
                assert g.state.ctx is not None
                assert not make_lead(action.cards, g.state.ctx, g.state.rules).is_throw
            g.apply(action)


def test_wins_a_trick_it_can_win_cheaply() -> None:
    hands = ["9H 3C 4C", "QH KH AH", "5C 6C 7C", "8C 9C TC"]
    g = game({}, hands=hands, kitty="3D 4D 5D 6D 7D 8D 9D TD", start=PLAY_AT_TWO, position=True)
    act(g, 0, "play", "9H")
    assert format_cards(bot_choice(g, 1).cards) == "QH"


def test_adds_points_when_partner_is_winning() -> None:
    hands = ["KH 5H 7H", "3H 3C 4C", "AH 5C 6C", "4H 8C 9C"]
    g = game({}, hands=hands, kitty="3D 4D 5D 6D 7D 8D 9D TD",
             start=dict(PLAY_AT_TWO, leader=1), position=True)
    act(g, 1, "play", "3H")
    act(g, 2, "play", "AH")
    act(g, 3, "play", "4H")
    assert format_cards(bot_choice(g, 0).cards) == "KH"


def test_gives_away_little_when_it_cannot_win() -> None:
    hands = ["AH 3C 4C", "KH 5H 6H", "5C 6C 7C", "8C 9C TC"]
    g = game({}, hands=hands, kitty="3D 4D 5D 6D 7D 8D 9D TD", start=PLAY_AT_TWO, position=True)
    act(g, 0, "play", "AH")
    assert format_cards(bot_choice(g, 1).cards) == "6H"


def test_buries_side_cards_and_voids_a_short_suit() -> None:
    hands = ["3S 4S 2H BJ SJ 3H 9H TH QH AH 6C 7C 9D", "", "", ""]
    g = game({}, hands=hands, kitty="4C 8C 5D 6D 7D 8D JD KD",
             start={"phase": "bury", "dealer": 0, "trump": "S", "level": "2"}, position=True)
    action = bot_choice(g, 0)
    assert action.verb == "bury"
    ctx = g.state.ctx
    assert ctx is not None
    assert all(ctx.group[c] != TRUMP for c in action.cards)
    buried = set(format_cards(action.cards).split())
    assert {"4C", "6C", "7C", "8C"} <= buried  # clubs, the shortest side suit, are voided
    assert not {"TH", "5D", "KD", "AH"} & buried  # points and aces stay
    g.apply(action)


def test_never_attempts_a_throw() -> None:
    # The generic greedy bot would lead all five spades at once (a throw); this bot leads the
    # tractor nobody can beat.
    hands = ["AH AH KH KH QH 3C 4C", "3H 5C 6C 7C 8C 9C TC", "4H 5D 6D 7D 8D 9D TD",
             "5H JD QD KD AD 3D 4D"]
    g = game({}, hands=hands, kitty="JC QC KC AC 6H 7H 8H 9H", start=PLAY_AT_TWO,
             position=True)
    action = bot_choice(g, 0)
    assert g.state.ctx is not None
    assert not make_lead(action.cards, g.state.ctx).is_throw
    assert format_cards(action.cards) == "KH KH AH AH"


def test_leads_low_from_its_longest_side_suit_without_winners() -> None:
    hands = ["3H 6H 8H 9C 4D", "AH KH QC JD 3S", "AC KC JC TD 4S", "AD KD QD 5S 6S"]
    g = game({}, hands=hands, kitty="7D 8D 9D 2C 3C 4C 5C 6C", start=PLAY_AT_TWO,
             position=True)
    assert format_cards(bot_choice(g, 0).cards) == "3H"


def test_bids_a_pair_of_level_cards_not_a_lone_one() -> None:
    hands = ["2H 3C 2H 5H 7H", "3D", "4D", "5D"]
    g = game({}, hands=hands, kitty="6D 7D 8D", start={"phase": "bid", "dealer": 0},
             position=True)
    bot, rng = ShengjiGreedy(), random.Random(0)
    seen = []
    while g.phase == "bid":
        seat = g.to_act()[0]
        action = bot.act(g.observation(seat), g.legal_actions(seat), rng)
        seen.append(str(action))
        g.apply(action)
    # asked at its first 2H (passes), bids the pair at its second; after the deal every seat is
    # asked once more and the others, holding no level card, can only pass
    assert seen[:2] == ["seat 0 pass dealt=1", "seat 0 bid 2H 2H dealt=6"]
    assert all(s.endswith("pass") for s in seen[2:])


# -- strength ----------------------------------------------------------------------------------


def _play_deal(seed: int, bots: list[Bot]) -> dict[str, object]:
    """A first round of the tractor preset dealt with ``seed`` (redealt when nobody bids)."""
    for k in range(20):
        g = ShengjiGame.new({}, seed=seed if k == 0 else derive_seed(seed, 0, k))
        play_round(g, bots, random.Random(f"greedy-test/{seed}/{k}"))
        result = g.result()
        assert result is not None
        if not result.get("redeal"):
            return result
    raise AssertionError("no bid in 20 deals")


def _team_outcome(result: dict[str, object], team: set[int]) -> tuple[bool, float]:
    """Whether ``team`` won the round, and its level change minus the other team's."""
    winners = result["defenders"] if result["winner"] == "defenders" else result["attackers"]
    assert isinstance(winners, list)
    changes = result["level_changes"]
    assert isinstance(changes, dict)
    mine = sum(changes[str(s)] for s in team) / len(team)
    theirs = sum(changes[str(s)] for s in range(4) if s not in team) / (4 - len(team))
    return bool(team & set(winners)), mine - theirs


def test_greedy_team_beats_random_on_duplicate_deals() -> None:
    """Each of 40 deals is played twice with the greedy team on either side, and once by
    random players only (the baseline: the same team, random)."""
    deals = range(40)
    greedy_wins = random_wins = 0
    greedy_margin = random_margin = 0.0
    for seed in deals:
        for team in ({0, 2}, {1, 3}):
            bots = [make_bot("greedy" if s in team else "random", "shengji") for s in range(4)]
            won, margin = _team_outcome(_play_deal(seed, bots), team)
            greedy_wins += won
            greedy_margin += margin
        won, margin = _team_outcome(_play_deal(seed, [make_bot("random")] * 4), {0, 2})
        random_wins += 2 * won
        random_margin += 2 * margin
    rounds = 2 * len(deals)
    # measured: greedy wins 79 of 80, random (the same seats) about half
    assert greedy_wins >= 0.8 * rounds
    assert greedy_wins - random_wins >= 0.25 * rounds
    assert greedy_margin / rounds >= random_margin / rounds + 1.0
