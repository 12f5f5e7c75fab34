"""A whole match (SJ-10): rounds chained by scoring until a side wins as dealer at A."""

from __future__ import annotations

import itertools
import random

import pytest

from paizhuo.arena.match import Match, MatchError, Policy, random_policy
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.games.shengji import PRESETS


def _check_chain(match: Match) -> None:
    """Each round starts where the previous round's scoring said (SJ-10)."""
    for before, after in itertools.pairwise(match.rounds):
        res = before.result
        assert after.start == {"dealer": res["next_dealer"], "levels": res["new_levels"]}
        if "target" not in after.result:  # bidding-3: the auction starting there decides
            assert after.result["dealer"] == res["next_dealer"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_match_runs_until_a_side_wins_at_ace(preset: str) -> None:
    """SJ-9/SJ-10: the match ends when the dealer side wins a round at level A."""
    match = Match("shengji", {"preset": preset}, seed=11, max_rounds=400)
    outcome = match.play(random_policy(random.Random(11)))
    assert outcome.finished and outcome.next_start is None
    last = outcome.rounds[-1].result
    assert last["winner"] == "defenders" and last["level"] == "A"
    assert outcome.winners == frozenset(last["match_winners"])
    assert outcome.winners <= set(last["defenders"])
    assert all(r.result["match_winners"] is None for r in outcome.rounds[:-1])
    _check_chain(match)
    assert [r.number for r in outcome.rounds] == list(range(len(outcome.rounds)))


def test_fixed_partners_win_together() -> None:
    outcome = Match("shengji", {"preset": "tractor"}, seed=3).play(random_policy(random.Random(3)))
    assert outcome.winners in (frozenset({0, 2}), frozenset({1, 3}))


def test_same_seed_same_match() -> None:
    a = Match("shengji", {"preset": "friends-5"}, seed=5).play(random_policy(random.Random(1)))
    b = Match("shengji", {"preset": "friends-5"}, seed=5).play(random_policy(random.Random(1)))
    assert [r.record.dumps() for r in a.rounds] == [r.record.dumps() for r in b.rounds]


def test_round_seeds_and_records_replay() -> None:
    """Round r deals with derive_seed(seed, r); every round's record replays to its result."""
    match = Match("shengji", {"preset": "single-deck"}, seed=21, max_rounds=4)
    outcome = match.play(random_policy(random.Random(2)))
    assert [r.seed for r in outcome.rounds] == [21] + [derive_seed(21, r) for r in (1, 2, 3)]
    for played in outcome.rounds:
        assert played.record.deal.seed == played.seed
        game, _ = replay(played.record)
        assert game.result() == played.result


def test_round_cap_leaves_the_match_unfinished() -> None:
    match = Match("shengji", {"preset": "titanic"}, seed=1, max_rounds=2)
    outcome = match.play(random_policy(random.Random(1)))
    assert len(outcome.rounds) == 2 and not outcome.finished and outcome.winners is None
    assert outcome.next_start is not None and set(outcome.next_start) == {"dealer", "levels"}
    assert match.over
    with pytest.raises(ValueError, match="over"):
        match.play_round(random_policy(random.Random(1)))


def test_a_match_can_start_mid_way() -> None:
    """A given start (here both sides at A) is the first round's start."""
    start = {"dealer": 1, "levels": {"0": "A", "1": "A", "2": "A", "3": "A"}}
    match = Match("shengji", {"preset": "tractor"}, seed=8, start=start)
    outcome = match.play(random_policy(random.Random(8)))
    assert outcome.rounds[0].start == start and outcome.rounds[0].result["dealer"] == 1
    assert outcome.finished
    # everyone is at A: the first defenders' win ends it
    first_win = next(i for i, r in enumerate(outcome.rounds)
                     if r.result["winner"] == "defenders")
    assert first_win == len(outcome.rounds) - 1


def _passing_first(deals_to_pass: int) -> tuple[list[int], Policy]:
    """A policy that passes every bid of its first ``deals_to_pass`` deals."""
    seen: list[int] = []
    rng = random.Random(4)

    def choose(game: Game) -> Action:
        if not seen or seen[-1] != id(game):
            seen.append(id(game))
        if len(seen) <= deals_to_pass:
            passes = [a for a in game.legal_actions() if a.verb == "pass"]
            if passes:
                return passes[0]
        return game.sample_action(rng)

    return seen, choose


def test_void_first_deal_is_dealt_again_with_a_derived_seed() -> None:
    """SJ-4: nobody bids in the first deal → it is dealt again; the void deal is no round."""
    _, choose = _passing_first(2)
    match = Match("shengji", {"preset": "tractor"}, seed=9, max_rounds=1)
    played = match.play_round(choose)
    assert played.number == 0 and played.redeals == 2
    assert played.seed == derive_seed(9, 0, 2) and played.record.deal.seed == played.seed
    assert "redeal" not in played.result and played.result["winner"] in ("defenders",
                                                                         "attackers")


def test_endless_void_deals_stop_with_an_error() -> None:
    _, choose = _passing_first(10**6)
    match = Match("shengji", {"preset": "tractor"}, seed=9, max_redeals=3)
    with pytest.raises(MatchError, match="4 void deals"):
        match.play_round(choose)


def test_play_past_ace_match_ends_at_the_no_trump_level() -> None:
    """SJ-14 play_past_ace: A is not the end; winning as dealer at N is."""
    start = {"dealer": 0, "levels": {"0": "A", "1": "N", "2": "A", "3": "N"}}
    match = Match("shengji", {"preset": "tractor", "play_past_ace": True}, seed=4, start=start)
    outcome = match.play(random_policy(random.Random(4)))
    assert outcome.finished
    last = outcome.rounds[-1].result
    assert last["winner"] == "defenders"
    assert all(last["new_levels"][str(s)] == "N" for s in outcome.winners or ())
    assert all(r.result["match_winners"] is None for r in outcome.rounds[:-1])
