"""SJ-2: which cards are trumps and the order of every suit group."""

from __future__ import annotations

from paizhuo.cards import CLUBS, HEARTS, SPADES, card_id, card_name
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points, points_of
from paizhuo.notation import parse_cards


def ladder(ctx: TrumpContext, group: int) -> list[str]:
    """The group's slots from high to low, equal cards joined by '='."""
    return ["=".join(sorted(card_name(c) for c in cards))
            for cards in reversed(ctx.slot_cards[group])]


def test_trump_order_level_ten_hearts_sj2() -> None:
    ctx = TrumpContext.make(level=8, trump=HEARTS)
    top = ladder(ctx, TRUMP)[:5]
    assert top == ["BJ", "SJ", "TH", "TC=TD=TS", "AH"]
    # hearts below the level card skip T: A K Q J 9 8 …
    assert ladder(ctx, TRUMP)[4:9] == ["AH", "KH", "QH", "JH", "9H"]
    assert len(ctx.slot_cards[TRUMP]) == 2 + 1 + 1 + 12
    assert ctx.slot_cards[HEARTS] == ()


def test_side_suit_skips_the_level_rank_sj2() -> None:
    ctx = TrumpContext.make(level=8, trump=HEARTS)
    assert ladder(ctx, SPADES) == ["AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S",
                                   "3S", "2S"]
    assert ctx.slot[card_id("JS")] == ctx.slot[card_id("9S")] + 1


def test_no_trump_level_cards_are_all_equal_sj2() -> None:
    ctx = TrumpContext.make(level=3, trump=None)
    assert ladder(ctx, TRUMP) == ["BJ", "SJ", "5C=5D=5H=5S"]
    assert all(ctx.group[c] != TRUMP for c in parse_cards("AS AH AC AD"))


def test_constant_twos_sit_between_level_cards_and_the_trump_suit_sj2() -> None:
    ctx = TrumpContext.make(level=8, trump=CLUBS, constant_twos=True)
    assert ladder(ctx, TRUMP)[:7] == ["BJ", "SJ", "TC", "TD=TH=TS", "2C", "2D=2H=2S", "AC"]
    assert ctx.group[card_id("2S")] == TRUMP
    assert "2S" not in ladder(ctx, SPADES)
    # at level 2 the 2s are level cards already
    at_two = TrumpContext.make(level=0, trump=CLUBS, constant_twos=True)
    assert ladder(at_two, TRUMP)[:5] == ["BJ", "SJ", "2C", "2D=2H=2S", "AC"]


def test_level_past_ace_has_no_level_cards_sj14() -> None:
    ctx = TrumpContext.make(level=13, trump=None)
    assert ladder(ctx, TRUMP) == ["BJ", "SJ"]
    assert ladder(ctx, SPADES)[0] == "AS" and len(ctx.slot_cards[SPADES]) == 13
    with_suit = TrumpContext.make(level=13, trump=SPADES)
    assert ladder(with_suit, TRUMP)[:3] == ["BJ", "SJ", "AS"]


def test_points_sj1() -> None:
    assert [card_points(c) for c in parse_cards("5S TH KD QC SJ")] == [5, 10, 10, 0, 0]
    assert points_of(parse_cards("5S 5S TH TH KD KD")) == 50
