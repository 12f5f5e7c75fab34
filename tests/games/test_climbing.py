"""The machinery shared by the climbing games: strength ranks, rank counts, flower kinds (GJ-2,
BH-3) and the beating rules GJ-3 and BH-3 have in common — and that both games really use it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.cards import NUM_PLAIN_IDS, rank_of
from paizhuo.games import climbing
from paizhuo.games.baohuang import combos as baohuang
from paizhuo.games.climbing import (
    BIG,
    BJ,
    CARDS_OF_RANK,
    PLAIN,
    SJ,
    SMALL,
    STRENGTH_OF_CARD,
    TWO,
    Key,
    beats,
    card_rank_index,
    kind_of,
    rank_counts,
    rank_counts_of_array,
    size_of,
)
from paizhuo.games.gouji import combos as gouji
from paizhuo.notation import parse_cards


def key(n: int, rank: str, x: int = 0, y: int = 0) -> Key:
    """``n`` cards of ``rank`` plus ``x`` SJ and ``y`` BJ."""
    return (climbing.RANK_TEXT.index(rank), n, x, y)


def jokers(x: int, y: int) -> Key:
    return (SJ if x else BJ, 0, x, y)


# -- strength ranks and counts ----------------------------------------------------------------

def test_strength_ranks_run_three_to_big_joker() -> None:
    ids = parse_cards("3S AS 2D SJ BJ BJ*")
    assert [STRENGTH_OF_CARD[c] for c in ids] == [0, 11, TWO, SJ, BJ, BJ]


def test_cards_of_rank_partition_one_deck() -> None:
    seen = sorted(c for cards in CARDS_OF_RANK for c in cards)
    assert seen == list(range(NUM_PLAIN_IDS))  # BJ* is left out: it plays as a BJ
    assert all(STRENGTH_OF_CARD[c] == r for r, cards in enumerate(CARDS_OF_RANK) for c in cards)
    assert all(card_rank_index(r) == rank_of(CARDS_OF_RANK[r][0]) for r in range(13))


@given(st.lists(st.integers(0, 54), max_size=40))
def test_both_ways_of_counting_agree(cards: list[int]) -> None:
    array = [0] * 55
    for c in cards:
        array[c] += 1
    assert rank_counts(cards) == rank_counts_of_array(array)
    assert sum(rank_counts(cards)) == len(cards)


def test_flower_kinds_a_mix_counts_as_small() -> None:
    # GJ-2 / BH-3: BJ SJ 2 2 5 5 5 5 has small flowers
    assert kind_of(key(4, "5", 1, 1)) == SMALL
    assert kind_of(key(3, "2", 0, 2)) == BIG
    assert kind_of(key(3, "2")) == PLAIN
    assert kind_of(jokers(1, 1)) == SMALL and kind_of(jokers(0, 2)) == BIG


# -- GJ-3 and BH-3 in common ------------------------------------------------------------------

def test_plain_falls_to_same_size_higher_rank_flowered_or_not() -> None:
    assert beats(key(2, "4"), key(2, "3"))
    assert not beats(key(3, "4"), key(2, "3"))  # same count only
    assert not beats(key(2, "3"), key(2, "3"))
    assert beats(key(2, "5", 1), key(3, "4"))  # flowers of a higher rank
    assert not beats(key(2, "5", 0, 1), key(3, "6"))  # the rank must still go up
    assert beats(jokers(1, 0), key(1, "2"))  # jokers alone beat everything plain


def test_seed_small_flowers_fall_to_enough_big_flowers_and_higher_rank() -> None:
    # GJ-3 seed: SJ SJ 8 8 8 is beaten by BJ BJ 9 9 9 or by BJ BJ BJ 9 9
    cur = key(3, "8", 2)
    assert beats(key(3, "9", 0, 2), cur)
    assert beats(key(2, "9", 0, 3), cur)
    assert not beats(key(4, "9", 0, 1), cur)  # fewer BJ than its jokers
    assert not beats(key(3, "9", 1, 1), cur)  # a mix is small
    assert not beats(key(3, "8", 0, 2), cur)  # rank not higher
    assert not beats(key(5, "A"), cur)  # plain never beats flowers
    # BH-3 seed: SJ SJ 9 9 9 is beaten by BJ BJ J J J or by BJ BJ BJ J J
    assert beats(key(3, "J", 0, 2), key(3, "9", 2))
    assert beats(key(2, "J", 0, 3), key(3, "9", 2))


def test_jokers_alone_compare_by_rank_at_the_same_count() -> None:
    assert beats(jokers(0, 1), jokers(1, 0))
    assert beats(jokers(0, 2), jokers(1, 1))
    assert not beats(jokers(1, 0), jokers(1, 0))
    assert not beats(jokers(0, 2), jokers(0, 1))


def test_big_flowers_are_left_to_each_game() -> None:
    cur = key(2, "9", 0, 1)
    assert not beats(key(1, "T", 0, 2), cur)
    bj_9_9 = gouji.shape_of(parse_cards("BJ 9S 9S"))
    bj_bj_t = gouji.shape_of(parse_cards("BJ BJ TS"))
    assert bj_9_9 is not None and bj_bj_t is not None
    assert gouji.beats(bj_bj_t, bj_9_9, gouji.KILL_TWO)  # 大王二杀一
    assert not gouji.beats(bj_bj_t, bj_9_9, gouji.KILL_OFF)  # dead
    assert baohuang.beats(key(1, "T", 0, 2), cur)  # more big flowers
    assert not baohuang.beats(key(2, "T", 0, 1), cur)


# -- properties --------------------------------------------------------------------------------

@st.composite
def keys(draw: st.DrawFn) -> Key:
    x, y = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    n = draw(st.integers(0 if x + y else 1, 5))
    return jokers(x, y) if n == 0 else (draw(st.integers(0, TWO)), n, x, y)


@st.composite
def shapes(draw: st.DrawFn) -> gouji.Shape:
    """Gouji plays, money (2s counted as the rank) included."""
    r, n, x, y = draw(keys())
    if n == 0:
        return (r, 0, 0, x, y)
    money = 0 if r == TWO else draw(st.integers(0, n - 1))
    return (r, n - money, money, x, y)


@settings(max_examples=300, deadline=None)
@given(keys(), keys())
def test_never_beats_itself_and_beating_needs_equal_counts(a: Key, b: Key) -> None:
    assert not beats(a, a)
    assert not (beats(a, b) and beats(b, a))
    if beats(a, b):
        assert size_of(a) == size_of(b) and a[0] > b[0]


@settings(max_examples=300, deadline=None)
@given(keys(), keys(), keys())
def test_beating_is_transitive(a: Key, b: Key, c: Key) -> None:
    if beats(a, b) and beats(b, c):
        assert beats(a, c)


@settings(max_examples=400, deadline=None)
@given(shapes(), shapes(), st.sampled_from([gouji.KILL_OFF, gouji.KILL_TWO,
                                             gouji.KILL_TWO_OR_THREE]))
def test_both_games_beat_as_the_shared_rule_except_over_big_flowers(
        new: gouji.Shape, cur: gouji.Shape, kill: int) -> None:
    a, b = gouji.climbing_key(new), gouji.climbing_key(cur)
    if kind_of(b) == BIG:
        assert not beats(a, b)
        for game_beats in (gouji.beats(new, cur, kill), baohuang.beats(a, b)):
            if game_beats:
                assert climbing.steps_up(a, b)
    else:
        assert gouji.beats(new, cur, kill) == beats(a, b) == baohuang.beats(a, b)
