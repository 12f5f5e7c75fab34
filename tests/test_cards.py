"""Card ids, ranks, suits and the multi-deck ``Counts`` multiset."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paizhuo.cards import (
    BIG_JOKER,
    EMPEROR_CARD,
    JOKER_SUIT,
    NUM_CARD_IDS,
    RANK_BIG_JOKER,
    RANK_SMALL_JOKER,
    SMALL_JOKER,
    Counts,
    card_id,
    card_name,
    ids_of,
    is_joker,
    make_card,
    rank_of,
    standard_deck,
    suit_of,
)
from paizhuo.notation import parse_cards

card_ids = st.integers(min_value=0, max_value=NUM_CARD_IDS - 1)


def test_layout_is_rank_major() -> None:
    assert card_id("2S") == 0
    assert card_id("2H") == 1
    assert card_id("AD") == 51
    assert (SMALL_JOKER, BIG_JOKER, EMPEROR_CARD) == (52, 53, 54)
    for card in range(52):
        assert rank_of(card) == card // 4
        assert suit_of(card) == card % 4
        assert make_card(rank_of(card), suit_of(card)) == card


def test_jokers_rank_above_aces_and_have_no_suit() -> None:
    assert rank_of(SMALL_JOKER) == RANK_SMALL_JOKER > rank_of(card_id("AS"))
    assert rank_of(BIG_JOKER) == rank_of(EMPEROR_CARD) == RANK_BIG_JOKER
    assert {suit_of(c) for c in (SMALL_JOKER, BIG_JOKER, EMPEROR_CARD)} == {JOKER_SUIT}
    assert is_joker(SMALL_JOKER) and is_joker(EMPEROR_CARD) and not is_joker(card_id("AD"))


def test_names_round_trip() -> None:
    for card in range(NUM_CARD_IDS):
        assert card_id(card_name(card)) == card
    assert card_name(EMPEROR_CARD) == "BJ*"


@pytest.mark.parametrize("bad", ["", "as", "10H", "1S", "AX", "BJ**"])
def test_card_id_is_strict(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card_id(bad)


@pytest.mark.parametrize(("rank", "suit"), [(-1, 0), (13, 0), (0, 4), (0, -1)])
def test_make_card_refuses_out_of_range(rank: int, suit: int) -> None:
    with pytest.raises(ValueError):
        make_card(rank, suit)


def test_standard_deck() -> None:
    assert len(standard_deck()) == 54
    assert len(standard_deck(4)) == 216
    assert len(standard_deck(2, jokers=False)) == 104
    four = Counts.of(standard_deck(4))
    assert all(four[c] == 4 for c in range(54)) and four[EMPEROR_CARD] == 0


def test_counts_multiset_behaviour() -> None:
    hand = Counts.of(parse_cards("AS AS KS SJ"))
    assert len(hand) == 4
    assert hand[card_id("AS")] == 2
    assert card_id("KS") in hand and card_id("QS") not in hand
    assert "AS" not in hand and -1 not in hand and NUM_CARD_IDS not in hand
    assert hand.contains_all(parse_cards("AS AS"))
    assert not hand.contains_all(parse_cards("AS AS AS"))
    assert hand.distinct() == sorted(set(parse_cards("AS KS SJ")))
    assert hand.to_tuple() == tuple(sorted(parse_cards("AS AS KS SJ")))
    assert list(hand) == list(hand.to_tuple())


def test_counts_add_remove_and_refuse_missing_cards() -> None:
    hand = Counts.of(parse_cards("7H 7H"))
    hand.add(card_id("8H"))
    hand.remove(card_id("7H"))
    assert hand.to_tuple() == tuple(sorted(parse_cards("7H 8H")))
    with pytest.raises(ValueError, match="only 0 held"):
        hand.remove(card_id("9H"))
    with pytest.raises(ValueError, match="2 × 8H: only 1 held"):
        hand.remove_all(parse_cards("8H 8H"))
    assert hand.to_tuple() == tuple(sorted(parse_cards("7H 8H"))), "remove_all is all or none"
    hand.add_all(parse_cards("9H 9H"))
    assert len(hand) == 4


def test_counts_copy_is_independent_and_equal() -> None:
    hand = Counts.of(parse_cards("AS KS"))
    twin = hand.copy()
    assert twin == hand and hash(twin) == hash(hand)
    twin.add(card_id("QS"))
    assert twin != hand and len(hand) == 2
    assert hand != hand.to_tuple()


def test_counts_from_array_checks_length() -> None:
    assert len(Counts([1] * NUM_CARD_IDS)) == NUM_CARD_IDS
    assert len(Counts()) == 0
    with pytest.raises(ValueError, match="entries"):
        Counts([0] * 54)


def test_counts_repr_pastes_back() -> None:
    from paizhuo.notation import parse_cards as parse_cards_  # noqa: F401  (used by eval)

    hand = Counts.of(parse_cards("TH 2S BJ"))
    assert repr(hand) == "Counts.of(parse_cards('2S TH BJ'))"
    assert eval(repr(hand), {"Counts": Counts, "parse_cards": parse_cards}) == hand


@given(st.lists(card_ids, max_size=60))
def test_counts_of_agrees_with_sorting(cards: list[int]) -> None:
    counts = Counts.of(cards)
    assert counts.to_tuple() == tuple(sorted(cards)) == tuple(counts)
    assert ids_of(counts.array()) == sorted(cards)
    assert len(counts) == len(cards)
    assert sum(counts.array()) == len(cards)
    assert counts.contains_all(cards)
