"""The card notation: forgiving input, canonical output (``docs/rules/README.md``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_CARD_IDS, SMALL_JOKER, card_id
from paizhuo.notation import (
    NotationError,
    format_card,
    format_cards,
    format_counts,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"), ("as", "AS"), ("aS", "AS"), ("TH", "TH"), ("th", "TH"), ("10h", "TH"),
        ("10H", "TH"), ("2d", "2D"), ("qc", "QC"),
        ("A♠", "AS"), ("♠A", "AS"), ("10♥", "TH"), ("♥10", "TH"), ("5♣", "5C"), ("♦K", "KD"),
        ("a♤", "AS"), ("♡q", "QH"), ("7♧", "7C"), ("♢2", "2D"),
        ("SJ", "SJ"), ("sj", "SJ"), ("bj", "BJ"), ("BJ", "BJ"), ("BJ*", "BJ*"), ("bj*", "BJ*"),
        ("小王", "SJ"), ("大王", "BJ"), ("小花", "SJ"), ("大花", "BJ"), ("小鬼", "SJ"),
        ("大鬼", "BJ"), ("大王*", "BJ*"), ("  AS  ", "AS"),
    ],
)
def test_forgiving_card_input(text: str, canonical: str) -> None:
    assert format_card(parse_card(text)) == canonical


@pytest.mark.parametrize(
    "bad", ["", "A", "S", "1S", "11S", "AX", "ZZ", "AS AS", "♠", "A♠♠", "王", "T10", "AS*"]
)
def test_bad_cards_raise_notation_error_naming_the_text(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(bad)
    shown = {json.dumps(bad.strip(), ensure_ascii=False), json.dumps(bad, ensure_ascii=False)}
    assert any(s in str(info.value) for s in shown)


def test_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS AS KS", "AS AS KS"),
        ("as,as,ks", "AS AS KS"),
        ("as, as ,  ks", "AS AS KS"),
        ("10♥ as 小王", "TH AS SJ"),
        ("♠A ♠A 大王", "AS AS BJ"),
        ("5s;5s", "5S 5S"),
        ("\tTH\n9h ", "TH 9H"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_card_lists_keep_order_and_print_canonically(text: str, canonical: str) -> None:
    assert format_cards(parse_cards(text)) == canonical


def test_bad_card_in_a_list_names_it() -> None:
    with pytest.raises(NotationError, match='"XX"'):
        parse_cards("AS XX KS")


def test_copies_are_the_same_id() -> None:
    assert parse_cards("AS as A♠ ♠A") == (card_id("AS"),) * 4
    assert parse_cards("SJ BJ BJ*") == (SMALL_JOKER, BIG_JOKER, EMPEROR_CARD)


def test_every_card_round_trips() -> None:
    every = list(range(NUM_CARD_IDS))
    assert list(parse_cards(format_cards(every))) == every
    assert list(parse_cards(format_cards(every).lower())) == every


@given(st.lists(st.integers(min_value=0, max_value=NUM_CARD_IDS - 1), max_size=40))
def test_round_trip_any_list(cards: list[int]) -> None:
    text = format_cards(cards)
    assert list(parse_cards(text)) == cards
    assert format_cards(parse_cards(text)) == text
    assert list(parse_cards(text.replace(" ", ","))) == cards


@given(st.text())
def test_parse_cards_raises_only_notation_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except NotationError:
        return
    assert all(0 <= c < NUM_CARD_IDS for c in cards)
    assert parse_cards(format_cards(cards)) == cards


@given(st.text(alphabet="23456789TJQKA10SHCDshcdjb*♠♥♣♦♤♡♧♢小大王花鬼 ,;\t", max_size=30))
def test_parse_cards_on_near_notation_text(text: str) -> None:
    try:
        cards = parse_cards(text)
    except NotationError:
        return
    assert format_cards(parse_cards(format_cards(cards))) == format_cards(cards)


@given(st.text())
def test_parse_card_raises_only_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert 0 <= card < NUM_CARD_IDS


@given(st.lists(st.integers(0, NUM_CARD_IDS - 1), max_size=60))
def test_format_counts_is_the_sorted_notation_of_a_count_array(cards: list[int]) -> None:
    """``format_counts`` remembers what it wrote: the same answer for an array it has seen,
    and an array changed afterwards is written as it is now."""
    counts = [0] * NUM_CARD_IDS
    for c in cards:
        counts[c] += 1
    assert format_counts(counts) == format_cards(sorted(cards))
    assert format_counts(counts) == format_cards(sorted(cards))
    counts[0] += 1
    assert format_counts(counts) == format_cards(sorted([*cards, 0]))
