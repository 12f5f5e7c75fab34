"""Four decks (SJ-14.7, issue 37): quads and their tractors in leads, follows, ruffs, throws,
bids, the kitty multiplier and the presets for eight players."""

from __future__ import annotations

import random
import sys
from collections import namedtuple
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import brute_force_follows, play_out, seeded

from paizhuo.cards import HEARTS, Counts
from paizhuo.engine.errors import InvalidOptionsError
from paizhuo.engine.judge import judge_text
from paizhuo.games.shengji.bidding import legal_bids, parse_bid
from paizhuo.games.shengji.combos import ComboRules, decompose, make_lead
from paizhuo.games.shengji.follow import (
    count_follows,
    follow_error,
    follow_mask,
    follow_steps,
    forced_follow,
    legal_follows,
)
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.games.shengji.scoring import kitty_multiplier
from paizhuo.games.shengji.trick import check_throw, play_rank, trick_winner
from paizhuo.notation import format_cards, parse_cards

CTX = TrumpContext.make(level=0, trump=HEARTS)  # level 2, hearts trump
RULES = ComboRules()


def follows(lead: str, hand: str, rules: ComboRules = RULES) -> set[str]:
    """Legal follows as text, checked against the literal definition (brute force)."""
    led, held = make_lead(parse_cards(lead), CTX, rules), Counts.of(parse_cards(hand))
    fast = legal_follows(held, led, CTX, rules)
    assert set(fast) == set(brute_force_follows(held, led, CTX, rules))
    assert count_follows(held, led, CTX, rules) == len(fast)
    return {format_cards(p) for p in fast}


def shape(cards: str, rules: ComboRules = RULES) -> list[tuple[int, int]]:
    return [(u.size, u.length) for u in decompose(parse_cards(cards), CTX, rules)]


# -- presets and options (SJ-1, SJ-14.7) -----------------------------------------------------


def test_eight_player_four_deck_presets() -> None:
    fixed = ShengjiOptions.from_dict({"preset": "eight-four"})
    assert (fixed.players, fixed.decks, fixed.hand_size, fixed.kitty_size, fixed.step) == (
        8, 4, 26, 8, 80)
    friends = ShengjiOptions.from_dict({"preset": "friends-8-4"})
    assert friends.teams == "friends" and friends.num_friends == 3
    six = ShengjiOptions.from_dict({"preset": "six-three", "decks": 4})
    assert (six.hand_size, six.kitty_size, six.step) == (35, 6, 80)  # derived (SJ-1)
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"preset": "eight-four", "kitty_size": 9})
    assert err.value.field == "options.hand_size"  # no whole hands: never a card removed
    st = seeded({"preset": "eight-four"}, seed=3).state
    assert len(st.deal_seq) == 208 and len(st.original_kitty) == 8
    assert all(sum(1 for _, c in st.deal_seq if c == x) + st.original_kitty.count(x) == 4
               for x in range(54))


# -- units (SJ-3, SJ-6) ----------------------------------------------------------------------


def test_quads_and_tractors_of_quads() -> None:
    assert shape("7S 7S 7S 7S 6S 6S 6S 6S") == [(4, 2)]
    assert shape("7S 7S 7S 7S 6S 6S") == [(4, 1), (2, 1)]  # larger tuples first
    assert shape("7S 7S 7S 7S 6S 6S 6S 5S 5S 5S") == [(4, 1), (3, 2)]
    assert shape("7S 7S 7S 6S 6S 6S 6S", ComboRules(min_tractor_tuple=4)) == [(4, 1), (3, 1)]
    assert shape("7S 7S 7S 7S 6S 6S 6S 6S", ComboRules(min_tractor_tuple=4)) == [(4, 2)]
    assert decompose(parse_cards("9S 9S 9S 9S"), CTX)[0].describe() == "quad 9S 9S 9S 9S"


# -- following (SJ-8.2) ----------------------------------------------------------------------


def test_a_led_quad_draws_a_quad_else_the_largest_tuple() -> None:
    assert follows("KS KS KS KS", "7S 7S 7S 7S 8S 8S 9S") == {"7S 7S 7S 7S"}
    assert follows("KS KS KS KS", "7S 7S 7S 8S 8S 9S") == {"7S 7S 7S 8S", "7S 7S 7S 9S"}
    hand = Counts.of(parse_cards("7S 7S 7S 8S 8S 9S"))
    lead = make_lead(parse_cards("KS KS KS KS"), CTX, RULES)
    why = follow_error(hand, lead, parse_cards("8S 8S 9S 7S"), CTX, RULES)
    assert why == "must follow with a quad: you hold 7♠ 7♠ 7♠, 8♠ 8♠"
    assert why is not None and why.zh == "有四张必须跟四张：你有 7♠ 7♠ 7♠，8♠ 8♠"


def test_a_tractor_of_quads_led() -> None:
    # a tractor of quads owes a tractor of quads; with none, the tuples it can set
    assert follows("KS KS KS KS QS QS QS QS", "7S 7S 7S 7S 6S 6S 6S 6S 3S") == {
        "6S 6S 6S 6S 7S 7S 7S 7S"}
    # a tractor of triples does not count against a tractor of quads, but its triples do
    legal = follows("KS KS KS KS QS QS QS QS", "7S 7S 7S 6S 6S 6S 3S 3S 4S")
    assert legal == {"3S 4S 6S 6S 6S 7S 7S 7S", "3S 3S 6S 6S 6S 7S 7S 7S"}


def test_protect_triples_protects_every_longer_tuple() -> None:
    """SJ-8.2 protections with four decks: a quad need not be broken for a pair or a triple,
    and breaking it stays legal; a triple still answers a led quad."""
    protect = ComboRules(protect_triples=True)
    assert follows("KS KS", "9S 9S 9S 9S 3S 4S") == {"9S 9S"}
    assert follows("KS KS", "9S 9S 9S 9S 3S 4S", protect) == {
        "3S 4S", "3S 9S", "4S 9S", "9S 9S"}
    assert follows("KS KS KS", "9S 9S 9S 9S 3S 4S", protect) >= {"3S 4S 9S", "9S 9S 9S"}
    assert follows("KS KS KS KS", "7S 7S 7S 3S 4S", protect) == {"3S 7S 7S 7S", "4S 7S 7S 7S"}


def test_protect_tractors_with_quads() -> None:
    protect = ComboRules(protect_tractors=True)
    # the quads lie in a tractor of the hand: a lead without tractor owes nothing of them
    assert "3S 4S 5S 6S" in follows("KS KS KS KS", "7S 7S 7S 7S 6S 6S 6S 6S 3S 4S 5S", protect)
    assert follows("KS KS KS KS", "7S 7S 7S 7S 6S 6S 6S 6S 3S 4S 5S") == {
        "6S 6S 6S 6S", "7S 7S 7S 7S"}


# -- ruffs, winners, throws (SJ-7, SJ-8.3, SJ-8.4) ------------------------------------------


def test_a_quad_is_ruffed_only_by_a_quad() -> None:
    lead = make_lead(parse_cards("5S 5S 5S 5S"), CTX, RULES)
    assert play_rank(lead, parse_cards("3H 3H 3H 4H"), CTX, RULES) is None
    plays = [lead.cards, parse_cards("3H 3H 3H 3H"), parse_cards("4H 4H 4H 4H"),
             parse_cards("9S 9S 9S 9S")]
    assert trick_winner(lead, plays, CTX, RULES) == 2


def test_a_thrown_triple_is_beaten_by_a_higher_quad() -> None:
    hands = [Counts.of(parse_cards("AS AS AS KS")), Counts.of(parse_cards("3S 3S 3S 3S")),
             Counts.of(parse_cards("QS QS QS QS"))]
    # nothing beats the thrown triple of aces (a quad of queens is lower) nor the king
    assert check_throw(parse_cards("AS AS AS KS"), 0, hands, CTX, RULES) is None
    hands[0] = Counts.of(parse_cards("JS JS JS KS AS"))
    forced = check_throw(parse_cards("JS JS JS AS"), 0, hands, CTX, RULES)
    assert forced is not None and format_cards(forced[0]) == "JS JS JS"


def test_bombs_a_side_quad_is_a_bomb() -> None:
    rules = ComboRules(bombs=True)
    lead = make_lead(parse_cards("KS QS JS 9S"), CTX, rules)
    plays = [lead.cards, parse_cards("3S 3S 3S 3S"), parse_cards("AH KH QH JH")]
    assert trick_winner(lead, plays, CTX, rules) == 1


# -- bids (SJ-4) and the kitty multiplier (SJ-9) ---------------------------------------------


def test_quad_bids() -> None:
    assert parse_bid(parse_cards("2H 2H 2H 2H"), 0, 4).strength == 8  # type: ignore[union-attr]
    assert parse_bid(parse_cards("SJ SJ SJ SJ"), 0, 4).strength == 9  # type: ignore[union-attr]
    assert parse_bid(parse_cards("BJ BJ BJ BJ"), 0, 4).strength == 10  # type: ignore[union-attr]
    assert parse_bid(parse_cards("2H 2H 2H 2H"), 0, 3) is None
    triple_bj = parse_bid(parse_cards("BJ BJ BJ"), 0, 4)
    hand = Counts.of(parse_cards("2S 2S 2S 2S SJ SJ SJ 3C"))
    assert [str(b) for b in legal_bids(hand, 0, 4, triple_bj)] == ["2S 2S 2S 2S"]
    # joker_bids = all_copies: as many jokers as decks
    assert parse_bid(parse_cards("SJ SJ SJ"), 0, 4, jokers=4) is None


def test_kitty_multiplier_of_quads() -> None:
    u = namedtuple("u", "size length")
    assert kitty_multiplier("by_shape", [u(4, 1)]) == 8
    assert kitty_multiplier("by_shape", [u(4, 2), u(3, 3)]) == 32
    assert kitty_multiplier("times", [u(4, 2)]) == 16
    assert kitty_multiplier("doubling", [u(4, 1), u(2, 1)]) == 8


# -- whole rounds --------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"preset": "eight-four", "protect_triples": True, "kitty_multiplier": "by_shape"},
    {"preset": "friends-8-4", "protect_tractors": True, "bombs": True},
    {"preset": "eight-four", "throw_split": "largest_unit", "min_tractor_tuple": 3},
])
def test_four_deck_rounds_replay(options: dict[str, object]) -> None:
    for seed in range(3):
        g = seeded(options, seed=seed, start={"dealer": 1} if seed % 2 else None)
        play_out(g, random.Random(seed))
        status, answer = judge_text(g.record().dumps())
        assert status == 0 and answer["result"] == g.result()


def test_a_quad_is_also_two_pairs() -> None:
    """SJ-8.2 (c) counts disjoint tuples as cards: four identical cards hold two pairs
    (rbtying/shengji's test_legal_play_pairs agrees), unless protected (only whole)."""
    lead = "7S 7S 8S 8S"  # a tractor of spades (a side suit: level 2, hearts trump)
    assert follows(lead, "3S 3S 3S 3S 4S 6S 6S") == {"3S 3S 3S 3S", "3S 3S 6S 6S"}
    assert follows("7S 7S 9S 9S", "3S 3S 3S 3S 4S 6S") == {"3S 3S 3S 3S"}
    protect = ComboRules(protect_triples=True)
    assert "3S 3S 4S 6S" in follows("7S 7S 9S 9S", "3S 3S 3S 3S 4S 6S", protect)
    # two runs of quads: two tractors of pairs against a throw of two pair tractors
    assert follows("KS KS QS QS 9S 9S 8S 8S", "5S 5S 5S 5S 6S 6S 6S 6S 3S 4S") == {
        "5S 5S 5S 5S 6S 6S 6S 6S"}


# -- bombs of identical cards, and when they may be played (SJ-14.8) -------------------------

THROW = "KS QS JS 9S"
BOMB_HAND = "5H 5H 5H 5H 8C 8C 8C 8C 3S 4S 6S 7S"


def bombs(follow: str, cards: str = "one_rank") -> ComboRules:
    return ComboRules(bombs=True, bomb_follow=follow, bomb_cards=cards)


def consistent(lead: str, hand: str, rules: ComboRules) -> set[str]:
    """The legal follows as text, with the count, checker, mask and steps agreeing."""
    led, held = make_lead(parse_cards(lead), CTX, rules), Counts.of(parse_cards(hand))
    legal = set(legal_follows(held, led, CTX, rules))
    assert count_follows(held, led, CTX, rules) == len(legal)
    for play in legal:
        assert follow_error(held, led, play, CTX, rules) is None
        for k in range(len(play) + 1):
            steps, done = follow_steps(held, led, play[:k], CTX, rules)
            assert steps == {p[k] for p in legal if p[:k] == play[:k] and len(p) > k}
            assert done == (play[:k] in legal)
        mask, done = follow_mask(held, led, play[:2], CTX, rules)
        assert not done and set(play[2:]) <= mask
    return {format_cards(p) for p in legal}


def test_bomb_follow_suit_changes_nothing_owed() -> None:
    assert consistent(THROW, BOMB_HAND, bombs("suit")) == {"3S 4S 6S 7S"}


def test_bomb_follow_suit_or_trump_lets_a_trump_bomb_be_played() -> None:
    legal = consistent(THROW, BOMB_HAND, bombs("suit_or_trump"))
    assert legal == {"3S 4S 6S 7S", "5H 5H 5H 5H"}
    lead = make_lead(parse_cards(THROW), CTX, bombs("suit_or_trump"))
    plays = [lead.cards, parse_cards("3S 4S 6S 7S"), parse_cards("5H 5H 5H 5H")]
    assert trick_winner(lead, plays, CTX, bombs("suit_or_trump")) == 2
    # a void follower's bomb of a third suit wins too
    assert play_rank(lead, parse_cards("8C 8C 8C 8C"), CTX, bombs("suit_or_trump")) == (2, 5)
    assert play_rank(lead, parse_cards("8C 8C 8C 8C"), CTX, bombs("suit")) is None


def test_bomb_follow_any_time() -> None:
    legal = consistent(THROW, BOMB_HAND, bombs("any_time"))
    assert legal == {"3S 4S 6S 7S", "5H 5H 5H 5H", "8C 8C 8C 8C"}
    forced = forced_follow(Counts.of(parse_cards(BOMB_HAND)),
                           make_lead(parse_cards(THROW), CTX, bombs("any_time")), CTX,
                           bombs("any_time"))
    assert forced is None


def test_bomb_cards_identical() -> None:
    """Four level cards of different suits are one rank in one group: a bomb with
    ``one_rank``, with ``identical`` only a follow of trumps (tier 1)."""
    lead = make_lead(parse_cards("9H 8H 7H 6H"), CTX, bombs("suit"))
    mixed = parse_cards("2S 2C 2D 2H")
    assert play_rank(lead, mixed, CTX, bombs("suit"))[0] == 3  # type: ignore[index]
    assert play_rank(lead, mixed, CTX, bombs("suit", "identical"))[0] == 1  # type: ignore[index]
    assert play_rank(lead, parse_cards("2S 2S 2S 2S"), CTX, bombs("suit", "identical")) == (3, 12)


def test_bomb_options_need_bombs() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"bomb_follow": "any_time"})
    assert err.value.field == "options.bomb_follow"
    opts = ShengjiOptions.from_dict({"preset": "eight-four", "bombs": True,
                                     "bomb_cards": "identical", "bomb_follow": "any_time"})
    assert opts.combo_rules.bomb_follow == "any_time"
