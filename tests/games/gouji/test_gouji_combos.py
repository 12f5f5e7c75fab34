"""GJ-2 plays, GJ-3 beating, GJ-4 gouji plays: the seed examples and every threshold row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.cards import Counts
from paizhuo.games.climbing import BIG, PLAIN, SMALL, rank_counts
from paizhuo.games.gouji.combos import (
    Shape,
    all_plays,
    beating_plays,
    beats,
    can_finish_burn,
    cards_for,
    describe,
    flower,
    is_gouji,
    keeps_three_rule,
    plays_of_size,
    shape_of,
    size,
)
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.notation import parse_cards

OFF, TWO_FOR_ONE, TWO_OR_THREE = 0, 1, 2


def sh(text: str) -> Shape:
    p = shape_of(parse_cards(text))
    assert p is not None
    return p


# -- GJ-2 -------------------------------------------------------------------------------------

def test_gj2_money_counts_as_the_rank() -> None:
    assert describe(sh("2S 2H 3S 3S 3D")) == "five 3s"
    assert describe(sh("2D 6S 6H")) == "three 6s"
    assert flower(sh("2D 6S 6H")) == PLAIN


def test_gj2_twos_alone_are_rank_two() -> None:
    assert sh("2S 2H") == (12, 2, 0, 0, 0)


def test_gj2_mixed_jokers_are_small_flowers() -> None:
    p = sh("BJ SJ 2S 2S 5S 5S 5H 5D")
    assert describe(p) == "six 5s with two small flowers"
    assert flower(p) == SMALL


def test_gj2_big_flowers_with_twos() -> None:
    p = sh("BJ BJ 2S 2S 2H")
    assert describe(p) == "three 2s with two big flowers"
    assert flower(p) == BIG


def test_gj2_jokers_alone() -> None:
    assert sh("BJ BJ")[0] == 14
    assert sh("BJ SJ")[0] == 13
    assert sh("SJ")[0] == 13


def test_gj2_two_ranks_are_not_one_play() -> None:
    assert shape_of(parse_cards("5S 6S")) is None
    assert shape_of(parse_cards("5S 6S SJ")) is None
    assert shape_of(()) is None


# -- GJ-3 -------------------------------------------------------------------------------------

def test_gj3_plain_needs_same_count_and_higher_rank() -> None:
    assert beats(sh("9S 9S"), sh("8S 8S"), TWO_FOR_ONE)
    assert not beats(sh("9S 9S 9S"), sh("8S 8S"), TWO_FOR_ONE)
    assert not beats(sh("8H 8H"), sh("8S 8S"), TWO_FOR_ONE)
    assert beats(sh("2S 9S 9S"), sh("8S 8S 8S"), TWO_FOR_ONE)  # money counts as 9s
    assert not beats(sh("2S 2S 8S"), sh("AS AS AS"), TWO_FOR_ONE)  # it is three 8s
    assert beats(sh("SJ 9S"), sh("8S 8S"), TWO_FOR_ONE)  # flowered play of higher rank
    assert beats(sh("SJ SJ"), sh("2S 2S"), TWO_FOR_ONE)  # jokers alone beat plain


def test_gj3_seed_small_flowers_fall_to_big_flowers() -> None:
    cur = sh("SJ SJ 8S 8S 8S")
    assert beats(sh("BJ BJ 9S 9S 9S"), cur, OFF)
    assert beats(sh("BJ BJ BJ 9S 9S"), cur, OFF)
    assert not beats(sh("BJ BJ 8H 8H 8H"), cur, OFF)  # rank not higher
    assert not beats(sh("BJ SJ 9S 9S 9S"), cur, OFF)  # not big flowers
    assert not beats(sh("BJ 9S 9S 9S 9S"), cur, OFF)  # fewer BJ than the current jokers
    assert not beats(sh("AS AS AS AS AS"), cur, OFF)  # plain never beats flowers


@pytest.mark.parametrize("kill", [OFF, TWO_FOR_ONE, TWO_OR_THREE])
def test_gj3_big_flowers_and_kill_big(kill: int) -> None:
    cur = sh("BJ 9S 9S")
    assert beats(sh("BJ BJ TS"), cur, kill) == (kill != OFF)
    assert not beats(sh("BJ BJ 9H"), cur, kill)  # the rank must still be higher
    assert beats(sh("SJ SJ SJ TS"), sh("BJ 9S 9S 9S"), kill) == (kill == TWO_OR_THREE)
    # a play holding two BJ is never killed
    assert not beats(sh("BJ BJ BJ TS"), sh("BJ BJ 9S 9S"), kill)
    assert not beats(sh("BJ TS TS"), cur, kill)  # one BJ does not kill one BJ


def test_gj3_answers_to_a_flowered_play_start_just_above_its_rank() -> None:
    """GJ-3: the answers offered to a play with jokers attached (挂花) are those of a higher
    rank than its own, the next rank included: to 3 SJ BJ BJ, 4 BJ BJ BJ; to 3 SJ BJ,
    4 BJ BJ (and never a play of the same rank)."""
    for hand, table, answer in [("4S BJ BJ BJ", "3S SJ BJ BJ", "4S BJ BJ BJ"),
                                ("4S 3H BJ BJ", "3S SJ BJ", "4S BJ BJ")]:
        got = beating_plays(rank_counts(parse_cards(hand)), sh(table), OFF)
        assert sh(answer) in got, (hand, table)
        assert all(p[0] > sh(table)[0] for p in got)


def test_gj3_jokers_alone_compare_by_rank() -> None:
    assert beats(sh("BJ"), sh("SJ"), OFF)
    assert beats(sh("BJ BJ"), sh("SJ SJ"), OFF)
    assert not beats(sh("BJ SJ"), sh("SJ SJ"), OFF)
    assert not beats(sh("SJ"), sh("BJ"), TWO_OR_THREE)
    assert not beats(sh("BJ"), sh("BJ"), TWO_OR_THREE)


# -- GJ-4 -------------------------------------------------------------------------------------

TABLE = GoujiOptions().thresholds()


@pytest.mark.parametrize(("at", "below", "with_money"), [
    ("AS AS", "AS", "2S AS"),
    ("KS KS", "KS", "2S KS"),
    ("QS QS QS", "QS QS", "2S QS QS"),
    ("JS JS JS JS", "JS JS JS", "2S 2S JS JS"),
    ("TS TS TS TS TS", "TS TS TS TS", "2S 2S 2S TS TS"),
])
def test_gj4_threshold_rows(at: str, below: str, with_money: str) -> None:
    assert is_gouji(sh(at), TABLE)
    assert not is_gouji(sh(below), TABLE)
    assert is_gouji(sh(with_money), TABLE)


def test_gj4_jokers_and_twos_are_always_gouji() -> None:
    for text in ("SJ", "BJ", "2S", "SJ 3S", "BJ 4S 4S", "2S 2S"):
        assert is_gouji(sh(text), TABLE)
    for text in ("9S 9S 9S 9S 9S 9S 9S 9S", "3S", "2S 8S"):
        assert not is_gouji(sh(text), TABLE)


def test_gj4_gouji_table_option_extends_it() -> None:
    table = GoujiOptions.from_dict({"gouji_table": {"9": 6}}).thresholds()
    assert is_gouji(sh("9S 9S 9S 9S 9S 9S"), table)
    assert is_gouji(sh("2S 9S 9S 9S 9S 9S"), table)
    assert not is_gouji(sh("9S 9S 9S 9S 9S"), table)
    assert not is_gouji(sh("9S 9S 9S 9S 9S 9S"), TABLE)


# -- Hypothesis: construction and comparison --------------------------------------------------

hands = st.lists(st.integers(0, 53), min_size=1, max_size=24)


@settings(max_examples=150, deadline=None)
@given(hands)
def test_every_generated_play_round_trips_through_real_cards(cards_: list[int]) -> None:
    hand = Counts.of(cards_)
    h = rank_counts(cards_)
    for p in all_plays(h):
        real = cards_for(p, hand)
        assert hand.contains_all(real)
        assert shape_of(real) == p
        assert len(real) == size(p)


@settings(max_examples=150, deadline=None)
@given(hands, hands, st.sampled_from([OFF, TWO_FOR_ONE, TWO_OR_THREE]))
def test_beating_is_irreflexive_asymmetric_and_counts_cards(
        a: list[int], b: list[int], kill: int) -> None:
    pa, pb = all_plays(rank_counts(a)), all_plays(rank_counts(b))
    for p in pa[:40]:
        assert not beats(p, p, kill)
        for q in pb[:40]:
            if beats(p, q, kill):
                assert size(p) == size(q)
                assert not beats(q, p, kill)


@settings(max_examples=100, deadline=None)
@given(hands, hands, st.sampled_from([OFF, TWO_FOR_ONE, TWO_OR_THREE]))
def test_beating_plays_is_exactly_the_beating_subset(
        a: list[int], b: list[int], kill: int) -> None:
    ha = rank_counts(a)
    for cur in all_plays(rank_counts(b))[:25]:
        want = sorted(p for p in all_plays(ha) if beats(p, cur, kill))
        assert sorted(beating_plays(ha, cur, kill)) == want
        assert sorted(plays_of_size(ha, size(cur))) == sorted(
            p for p in all_plays(ha) if size(p) == size(cur))


def test_seed001_examples() -> None:
    """Seed 001: 2个钱+3个八 is five 8s and five 9s beat it; 2个大花+3个2+4个9 is two big
    flowers with seven 9s; 2小花+3个九 falls to 2个大花带3个J or to 3个大花带2个J."""
    assert beats(sh("9S 9S 9S 9S 9S"), sh("2S 2S 8S 8S 8S"), TWO_FOR_ONE)
    assert describe(sh("BJ BJ 2S 2S 2S 9S 9S 9S 9S")) == "seven 9s with two big flowers"
    cur = sh("SJ SJ 9S 9S 9S")
    assert beats(sh("BJ BJ JS JS JS"), cur, OFF)
    assert beats(sh("BJ BJ BJ JS JS"), cur, OFF)
    assert not beats(sh("BJ BJ BJ 9H 9H"), cur, OFF)


def test_seed001_team_score_example() -> None:
    """Seed 001: a team of 头科, 三科 and 二落 scores 4 + 0 − 2 = 2 each."""
    from paizhuo.games.gouji.scoring import score

    s = score([0, 1, 2, 3, 4, 5], positive_only=False)  # team {0,2,4}: 头科, 三科, 二落
    assert s["scores"][0] == s["scores"][2] == s["scores"][4] == 2


# -- GJ-9 憋三 and GJ-6 burns ------------------------------------------------------------------


def test_gj9_bie_san_last_play_is_threes_only() -> None:
    """GJ-9 憋三: a play must keep a 3, or be the last play and 3s only — so 3S 3H BJ as the
    last play is refused, 3S 3H is allowed, and a play that leaves no 3 but other cards is
    refused."""
    def keeps(hand: str, play: str) -> bool:
        return keeps_three_rule(rank_counts(parse_cards(hand)), sh(play))

    assert not keeps("3S 3H BJ", "3S 3H BJ")
    assert not keeps("3S 3H 2S", "3S 3H 2S")
    assert keeps("3S 3H", "3S 3H")
    assert keeps("3S 3H 5S", "5S")
    assert not keeps("3S 5S", "3S")


def test_gj6_a_burn_needs_a_joker_in_every_lead_but_the_last() -> None:
    """GJ-6: what is left after a burning play can be led out with a joker in each lead but
    the last; under 憋三 (GJ-9) the last lead is the 3s, so every other rank needs its joker
    and with no 3 left the burn cannot be finished at all."""
    def left(text: str) -> list[int]:
        return rank_counts(parse_cards(text))

    # without 憋三: ranks 3, 5, 7 need two jokers (the last lead goes bare)
    assert not can_finish_burn(left("3S 5S 7S SJ"), False)  # one joker short
    assert can_finish_burn(left("3S 5S 7S SJ BJ"), False)
    # with 憋三: 5 and 7 each need a joker, the 3 goes last
    assert not can_finish_burn(left("3S 5S 7S SJ"), True)
    assert can_finish_burn(left("3S 5S 7S SJ BJ"), True)
    assert not can_finish_burn(left("5S 7S SJ BJ"), True)  # no 3 left for the last lead
    assert can_finish_burn(left("5S 7S SJ BJ"), False)
    assert can_finish_burn(left("3S 3H"), True)
    assert can_finish_burn(left(""), True)
    assert not can_finish_burn(left("2S SJ"), True)  # 2s are not 3s
    assert can_finish_burn(left("3S 2S SJ"), True)
