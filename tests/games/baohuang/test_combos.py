"""BH-3: sets 一套牌 and beating, from the seed examples and by brute force (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.cards import NUM_CARD_IDS
from paizhuo.games.baohuang import views
from paizhuo.games.baohuang.combos import (
    all_keys_of_size,
    beats,
    count_leads,
    key_of,
    leads,
    responses,
)
from paizhuo.games.climbing import BIG, PLAIN, SMALL, kind_of, rank_counts_of_array
from paizhuo.notation import format_cards, parse_cards


def k(text: str) -> tuple[int, int, int, int]:
    return key_of(parse_cards(text))


def test_seed_small_flowers_beaten_by_big_flowers_and_higher_rank() -> None:
    # BH-3 seed: SJ SJ 9 9 9 is beaten by BJ BJ J J J or by BJ BJ BJ J J
    cur = k("SJ SJ 9S 9S 9H")
    assert beats(k("BJ BJ JS JS JD"), cur)
    assert beats(k("BJ BJ BJ JS JC"), cur)
    assert not beats(k("BJ JS JS JD JH"), cur)  # fewer big flowers than its jokers
    assert not beats(k("BJ BJ 9S 9S 9D"), cur)  # rank not higher
    assert not beats(k("BJ SJ JS JS JD"), cur)  # mixed flowers count as small
    assert not beats(k("SJ SJ SJ JS JD"), cur)  # small over small
    assert not beats(k("AS AS AS AS AS"), cur)  # plain over flowers
    assert not beats(k("BJ BJ JS JS"), cur)  # same size only


def test_plain_plays_step_up_with_same_count() -> None:
    assert beats(k("4S 4S"), k("3S 3D"))
    assert not beats(k("4S 4S 4S"), k("3S 3D"))
    assert not beats(k("3S 3S"), k("3H 3D"))
    assert beats(k("2S 2S"), k("AS AD"))  # 2s are an ordinary rank above A (BH-1)
    assert beats(k("SJ 5S 5S"), k("4S 4S 4S"))  # any flowers over plain with a higher rank
    assert not beats(k("BJ 5S 5S"), k("6S 6S 6S"))  # but the rank must be higher


def test_big_flowers_need_more_big_flowers() -> None:
    cur = k("BJ 9S 9S")
    assert beats(k("BJ BJ TS"), cur)
    assert not beats(k("BJ TS TS"), cur)
    assert beats(k("BJ BJ BJ"), cur)


def test_jokers_alone_compare_by_rank() -> None:
    assert k("BJ SJ") == (13, 0, 1, 1)  # a mix counts as small
    assert beats(k("BJ"), k("SJ"))
    assert not beats(k("SJ"), k("SJ"))
    assert not beats(k("BJ"), k("BJ*"))  # the emperor card plays as a BJ
    assert beats(k("BJ BJ"), k("SJ BJ"))
    assert beats(k("SJ SJ"), k("2S 2S"))
    assert kind_of(k("SJ")) == SMALL and kind_of(k("BJ*")) == BIG and kind_of(k("3S")) == PLAIN


def test_not_a_set() -> None:
    with pytest.raises(ValueError):
        key_of(parse_cards("3S 4S"))
    with pytest.raises(ValueError):
        key_of(())


def test_leads_of_a_small_hand() -> None:
    h = strength_counts_of("3S 3S 4H SJ BJ")
    # rank 3: 2 counts × 4 joker choices; rank 4: 4; jokers alone: 3
    assert len(leads(h)) == count_leads(h) == 15


def strength_counts_of(text: str) -> list[int]:
    counts = [0] * 55
    for c in parse_cards(text):
        counts[c] += 1
    return rank_counts_of_array(counts)


keys = st.integers(1, 8).flatmap(lambda size: st.sampled_from(all_keys_of_size(size)))
hands = st.lists(st.integers(0, 6), min_size=13, max_size=13).flatmap(
    lambda plain: st.tuples(st.integers(0, 4), st.integers(0, 4)).map(
        lambda j: [*plain, j[0], j[1]]))


@settings(max_examples=300, deadline=None)
@given(keys, keys)
def test_beating_is_a_strict_order(a: tuple[int, int, int, int],
                                   b: tuple[int, int, int, int]) -> None:
    assert not beats(a, a)
    assert not (beats(a, b) and beats(b, a))
    if beats(a, b):
        assert sum(a[1:]) == sum(b[1:]) and a[0] > b[0]


@settings(max_examples=200, deadline=None)
@given(keys, keys, keys)
def test_beating_is_transitive(a: tuple[int, int, int, int], b: tuple[int, int, int, int],
                               c: tuple[int, int, int, int]) -> None:
    if beats(a, b) and beats(b, c):
        assert beats(a, c)


def holdable(key: tuple[int, int, int, int], h: list[int]) -> bool:
    r, n, x, y = key
    return (n == 0 or h[r] >= n) and h[13] >= x and h[14] >= y


@settings(max_examples=300, deadline=None)
@given(hands, keys)
def test_responses_match_brute_force(h: list[int], cur: tuple[int, int, int, int]) -> None:
    size = sum(cur[1:])
    expected = {key for key in all_keys_of_size(size) if holdable(key, h) and beats(key, cur)}
    got = responses(h, cur)
    assert len(got) == len(set(got))
    assert set(got) == expected


@settings(max_examples=100, deadline=None)
@given(hands)
def test_leads_match_brute_force(h: list[int]) -> None:
    expected = {key for size in range(1, sum(h) + 1) for key in all_keys_of_size(size)
                if holdable(key, h)}
    got = leads(h)
    assert len(got) == len(set(got)) == count_leads(h)
    assert set(got) == expected


@given(st.lists(st.integers(0, NUM_CARD_IDS - 1), max_size=45))
def test_a_plays_notation_is_remembered_in_the_order_given(cards: list[int]) -> None:
    """``views.notation`` (events, the table's play, a seat's pile) writes cards as
    ``format_cards`` does, in the order given, whether they come as a tuple or a list."""
    expected = format_cards(cards)
    assert views.notation(tuple(cards)) == expected
    assert views.notation(cards) == expected
    assert views.notation(tuple(reversed(cards))) == format_cards(list(reversed(cards)))


def test_the_notation_memory_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory of ``views.notation`` is bounded: once it holds ``NOTATION_KEPT`` tuples
    it forgets them all and goes on, answering the same."""
    monkeypatch.setattr(views, "NOTATION_KEPT", 3)
    monkeypatch.setattr(views, "_NOTATION", {})
    for n in range(1, 8):
        assert views.notation((0,) * n) == " ".join(["2S"] * n)
        assert 1 <= len(views._NOTATION) <= 3
    assert views._NOTATION == {(0,) * 7: "2S 2S 2S 2S 2S 2S 2S"}
