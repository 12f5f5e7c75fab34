"""Following (SJ-8 1–2, SJ-15 follow-shape cases), leading (SJ-6) and the step masks."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import brute_force_follows

from paizhuo.cards import HEARTS, Counts
from paizhuo.games.shengji.combos import ComboRules, Lead, make_lead
from paizhuo.games.shengji.follow import (
    count_follows,
    count_leads,
    follow_error,
    follow_mask,
    forced_follow,
    lead_error,
    lead_mask,
    legal_follows,
    legal_leads,
    sample_follow,
    sample_lead,
)
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import format_cards, parse_cards

RULES = ComboRules()
CTX = TrumpContext.make(level=0, trump=HEARTS)  # level 2, hearts trump: spades 3 … A


def h(text: str) -> Counts:
    return Counts.of(parse_cards(text))


def lead_of(text: str, rules: ComboRules = RULES, ctx: TrumpContext = CTX) -> Lead:
    return make_lead(parse_cards(text), ctx, rules)


def follows(lead: str, hand: str, rules: ComboRules = RULES,
            ctx: TrumpContext = CTX) -> set[str]:
    """Legal follows as text; also checks them against the brute-force reference."""
    led, held = lead_of(lead, rules, ctx), h(hand)
    fast = legal_follows(held, led, ctx, rules)
    assert set(fast) == set(brute_force_follows(held, led, ctx, rules))
    assert count_follows(held, led, ctx, rules) == len(fast) == len(set(fast))
    return {format_cards(p) for p in fast}


def error(lead: str, hand: str, play: str, rules: ComboRules = RULES) -> str | None:
    return follow_error(h(hand), lead_of(lead, rules), parse_cards(play), CTX, rules)


# --- SJ-15 follow-shape cases --------------------------------------------------------------


def test_sj15_pair_led_follower_with_a_pair_must_pair() -> None:
    """SJ-15: a pair led, a follower holding a pair of the suit must play a pair."""
    assert follows("KS KS", "7S 7S 9S 3S AH") == {"7S 7S"}
    assert error("KS KS", "7S 7S 9S 3S AH", "7S 9S") == (
        "must follow with a pair: you hold 7♠ 7♠")
    assert error("KS KS", "7S 7S 9S 3S AH", "7S 7S") is None


def test_sj15_pair_inside_a_tractor_must_be_played() -> None:
    """SJ-8 seed: 有对牌必须出对牌（包括拖拉机中的对牌） — pairs inside a tractor count."""
    assert follows("KS KS", "7S 7S 8S 8S 3S") == {"7S 7S", "8S 8S"}


def test_sj15_tractor_led_shorter_tractor_plus_pairs() -> None:
    """SJ-15: a tractor of 3 led, a follower with a tractor of 2 plays it, then his pairs."""
    hand = "4S 4S 5S 5S JS JS QS KS AH"
    assert follows("9S 9S 8S 8S 7S 7S", hand) == {"4S 4S 5S 5S JS JS"}
    assert error("9S 9S 8S 8S 7S 7S", hand, "4S 4S JS JS QS KS") == (
        "must follow the tractor with a tractor: you hold 4♠ 4♠ 5♠ 5♠")
    assert error("9S 9S 8S 8S 7S 7S", hand, "4S 4S 5S 5S QS KS") == (
        "must follow with pairs: you hold 4♠ 4♠, 5♠ 5♠, J♠ J♠")
    # without a further pair, the rest are any spades
    assert follows("9S 9S 8S 8S 7S 7S", "4S 4S 5S 5S QS KS AS AH") == {
        "4S 4S 5S 5S QS KS", "4S 4S 5S 5S QS AS", "4S 4S 5S 5S KS AS"}


def test_sj15_tractor_led_no_tractor_then_pairs() -> None:
    """SJ-8 seed: 若无拖拉机，则必须出对牌 — no tractor, so pairs first."""
    assert follows("9S 9S 8S 8S", "3S 3S 6S 6S JS AH") == {"3S 3S 6S 6S"}
    assert follows("9S 9S 8S 8S", "3S 3S 6S JS AH") == {"3S 3S 6S JS"}


def test_tractor_coverage_splits_a_run_between_two_led_tractors() -> None:
    """SJ-8 2 (b): a follower run may serve two led tractors (6677 + 8899 against two)."""
    throw = "3S 3S 4S 4S JS JS QS QS"
    assert follows(throw, "6S 6S 7S 7S 8S 8S 9S 9S AS KS") == {"6S 6S 7S 7S 8S 8S 9S 9S"}
    # a run of three serves only one tractor of two; its third pair still counts in (c)
    assert follows(throw, "6S 6S 7S 7S 8S 8S AS KS 3D") == {"6S 6S 7S 7S 8S 8S KS AS"}


def test_sj15_only_singles_of_the_suit() -> None:
    """SJ-15: a follower with only singles of the suit plays any of them."""
    got = follows("9S 9S 8S 8S", "3S 5S 9S JS KS AH")
    assert len(got) == 5 and all("AH" not in p for p in got)


def test_sj15_short_of_the_suit_plays_all_of_it() -> None:
    """SJ-8 1: with fewer cards of the suit than led, all of them plus anything."""
    assert follows("9S 9S 8S 8S", "3S 5S AH KD 2C") == {
        "2C 3S 5S AH", "2C 3S 5S KD", "3S 5S KD AH"}
    assert error("9S 9S 8S 8S", "3S 5S AH KD 2C", "3S AH KD 2C") == (
        "must follow spades: you hold 5♠")


def test_sj8_a_forced_follow_is_the_one_legal_follow() -> None:
    """SJ-8 1: holding exactly as many cards of the led suit as the lead has, a follower plays
    all of them; with a hand of as many cards as the lead, all of it. ``forced_follow`` says
    so without listing; where more than one follow is legal it says nothing."""
    cases = [("9S 9S 8S 8S", "3S 5S 7S KS AH KD"),  # four spades: all four
             ("KS KS", "4S 9S AH 2C"),              # two spades, no pair: both
             ("KS KS", "AH 2C"),                    # a hand of two cards: the whole hand
             ("KS", "QS AH 2C")]                    # the one spade
    for lead, hand in cases:
        forced = forced_follow(h(hand), lead_of(lead), CTX)
        assert forced is not None and follows(lead, hand) == {format_cards(forced)}, (lead, hand)
    for lead, hand in [("KS KS", "4S 9S JS AH"), ("9S 9S 8S 8S", "3S 5S AH KD 2C"),
                       ("KS KS", "7S 7S 9S 3S AH")]:  # the last: one follow, by the pair rule
        assert forced_follow(h(hand), lead_of(lead), CTX) is None, (lead, hand)


def test_sj15_void_follower_plays_anything() -> None:
    """SJ-15: a follower void in the suit may play any cards (ruff or discard)."""
    assert len(follows("9S 9S 8S 8S", "3H 5H 9D JD KC AH")) == 15  # C(6, 4)


def test_follow_error_names_the_cards() -> None:
    """SJ-8: errors name the cards and the obligation."""
    assert error("KS", "7S AH", "AH") == "must follow spades: you hold 7♠"
    assert error("KS", "7S AH", "8S") == "you do not hold 8♠"
    assert error("KS KS", "7S 7S AH", "7S") == "a lead of 2 cards (K♠ K♠) is followed with 2, not 1"
    assert error("KS KS", "7S AH", "7S 7S") == "you do not hold 7♠ 7♠ (only 1)"


def test_trump_lead_level_cards_are_trumps() -> None:
    """SJ-2: level cards and jokers are trumps; a trump pair must be met by a trump pair."""
    assert follows("AH AH", "2S 2S 3H KS") == {"2S 2S"}
    assert follows("AH AH", "2S 2C 3H KS") == {"2S 2C", "2C 3H", "2S 3H"}


def test_three_decks_triple_led() -> None:
    """SJ-3/SJ-8, three decks: a triple led draws a triple, else a pair (weight 2)."""
    assert follows("KS KS KS", "7S 7S 7S 8S 8S 9S") == {"7S 7S 7S"}
    assert follows("KS KS KS", "8S 8S 9S 9S 4S") == {
        "8S 8S 9S", "8S 9S 9S", "4S 8S 8S", "4S 9S 9S"}


# --- SJ-14 protections ---------------------------------------------------------------------


def test_sj14_protect_triples() -> None:
    """SJ-14: a triple need not be broken to follow a pair (but a real pair must be played);
    breaking it anyway stays legal, since a protection only ever allows."""
    plain, prot = RULES, ComboRules(protect_triples=True)
    assert follows("KS KS", "7S 7S 7S 9S", plain) == {"7S 7S"}
    assert follows("KS KS", "7S 7S 7S 9S", prot) == {"7S 7S", "7S 9S"}
    assert follows("KS KS", "7S 7S 7S 8S 8S", plain) == {"7S 7S", "8S 8S"}
    assert follows("KS KS", "7S 7S 7S 8S 8S", prot) == {"7S 7S", "8S 8S"}
    assert error("KS KS", "7S 7S 7S 8S 8S 9S", "7S 9S", prot) == \
        "must follow with a pair: you hold 8♠ 8♠"


# titanic (three decks) at level 4, spades trump: 3S and 5S are neighbours, 4S a level card
CTX_4S = TrumpContext.make(level=2, trump=0)


def test_sj14_protection_never_forbids_a_tractor() -> None:
    """Issue 37's bug: with the triple 2S 2S 2S protected, the tractor 2S 2S 3S 3S (legal
    without the protection) stays legal against the trump tractor 7S 7S 8S 8S."""
    prot = ComboRules(protect_triples=True)
    got = follows("7S 7S 8S 8S", "2S 2S 2S 3S 3S 5S 5S", prot, CTX_4S)
    assert got == {"2S 2S 3S 3S", "3S 3S 5S 5S"}
    assert got == follows("7S 7S 8S 8S", "2S 2S 2S 3S 3S 5S 5S", RULES, CTX_4S)
    led = lead_of("7S 7S 8S 8S", prot, CTX_4S)
    assert follow_error(h("2S 2S 2S 3S 3S 5S 5S"), led, parse_cards("2S 2S 3S 3S"), CTX_4S,
                        prot) is None
    # the tractor owed is the one outside the triple: a play with no tractor is told so
    assert str(follow_error(h("2S 2S 2S 3S 3S 5S 5S"), led, parse_cards("2S 2S 2S 5S"),
                            CTX_4S, prot)).startswith("must follow the tractor with a tractor")


def test_sj14_protected_triple_pays_what_is_owed() -> None:
    """SJ-14 (docs/rules/shengji.md): the protection lowers what is owed, not what counts as
    paid. With 2S 2S 2S 3S 5S 5S against 7S 7S 8S 8S, one pair is owed (the 5s; the triple
    owes nothing), and any pair played pays it — 5S 5S, or 2S 2S cut from the triple, as
    rbtying/shengji accepts — while a play with no pair is refused."""
    prot = ComboRules(protect_triples=True)
    led = lead_of("7S 7S 8S 8S", prot, CTX_4S)
    hand = h("2S 2S 2S 3S 5S 5S")

    def err(play: str) -> str | None:
        found = follow_error(hand, led, parse_cards(play), CTX_4S, prot)
        return None if found is None else str(found)

    assert err("2S 2S 5S 3S") is None
    assert err("5S 5S 2S 3S") is None
    assert err("2S 2S 2S 5S") is None  # the whole triple holds a pair
    assert err("2S 2S 5S 5S") is None  # legal without the protection too
    assert err("2S 3S 5S 2S") is None
    assert follow_error(hand, lead_of("7S 7S 8S 8S", RULES, CTX_4S), parse_cards("2S 2S 5S 3S"),
                        CTX_4S, RULES) is not None  # without it both pairs are owed
    refused = follow_error(h("2S 2S 2S 3S 5S 5S 6S"), led, parse_cards("2S 3S 5S 6S"), CTX_4S,
                           prot)
    assert refused is not None and str(refused) == "must follow with pairs: you hold 5♠ 5♠"
    assert refused.zh == "有对子必须跟对子：你有 5♠ 5♠"


def test_sj14_protect_tractors() -> None:
    """SJ-14: a tractor need only be drawn by a tractor (breaking it stays legal)."""
    prot = ComboRules(protect_tractors=True)
    assert follows("KS KS", "7S 7S 8S 8S 9S", RULES) == {"7S 7S", "8S 8S"}
    assert len(follows("KS KS", "7S 7S 8S 8S 9S", prot)) == 5  # any two spades
    assert follows("KS KS", "7S 7S 8S 8S JS JS", prot) == {"7S 7S", "8S 8S", "JS JS"}
    assert "7S 9S" not in follows("KS KS", "7S 7S 8S 8S 9S JS JS", prot)
    assert follows("KS KS QS QS", "7S 7S 8S 8S 9S", prot) == {"7S 7S 8S 8S"}


def test_sj14_follow_shape_suit_only() -> None:
    """SJ-14 ``follow_shape = suit_only`` (no format-based draw): only the suit is owed, so a
    pair or a tractor need not be followed with one; the suit still must be, and a play must
    still match the lead's shape to win (SJ-8.4)."""
    loose = ComboRules(follow_shape="suit_only")
    assert follows("KS KS", "7S 7S 9S AH", RULES) == {"7S 7S"}
    assert follows("KS KS", "7S 7S 9S AH", loose) == {"7S 7S", "7S 9S"}
    assert follows("KS KS QS QS", "7S 7S 8S 8S 9S", loose) == {"7S 7S 8S 8S", "7S 7S 8S 9S",
                                                               "7S 8S 8S 9S"}  # any four
    assert follows("KS KS", "7S AH AH", loose) == {"7S AH"}  # the suit first
    assert error("KS KS", "7S 7S 9S AH", "7S AH", loose) == "must follow spades: you hold 7♠ 9♠"
    assert error("KS KS", "7S 7S 9S AH", "7S 9S", loose) is None
    with pytest.raises(ValueError):
        ComboRules(follow_shape="loose")


# --- sampling and masks --------------------------------------------------------------------


@pytest.mark.parametrize(("lead", "hand"), [
    ("KS", "7S 9S AH"), ("KS", "AH AD"), ("KS KS", "7S 7S 8S"), ("KS KS", "7S 8S 9S"),
    ("9S 9S 8S 8S 7S 7S", "4S 4S 5S 5S JS JS QS KS AH"), ("9S 9S 8S 8S", "3S AH 4D 4D"),
    ("AS KS 5S 5S 4S 4S", "3S 3S 6S 6S 7S 8S 9S JS QS"),
])
def test_sample_follow_is_always_legal(lead: str, hand: str) -> None:
    rng = random.Random(7)
    led, held = lead_of(lead), h(hand)
    legal = set(legal_follows(held, led, CTX, RULES))
    for _ in range(30):
        assert sample_follow(held, led, CTX, RULES, rng) in legal


def test_follow_mask_steps() -> None:
    """Masks: after 7S of a pair lead only the second 7S completes; a complete play is flagged."""
    led, held = lead_of("KS KS"), h("7S 7S 8S 8S 9S AH")
    s7, s8 = parse_cards("7S 8S")
    mask, done = follow_mask(held, led, (), CTX, RULES)
    assert mask == {s7, s8} and not done
    mask, done = follow_mask(held, led, (s7,), CTX, RULES)
    assert mask == {s7} and not done
    assert follow_mask(held, led, (s7, s7), CTX, RULES) == (frozenset(), True)
    assert follow_mask(held, led, (s7, s8), CTX, RULES) == (frozenset(), False)


def test_follow_mask_short_of_suit() -> None:
    led, held = lead_of("KS KS QS"), h("7S AH 3D")
    mask, _ = follow_mask(held, led, (), CTX, RULES)
    assert mask == set(parse_cards("7S AH 3D"))
    mask, _ = follow_mask(held, led, parse_cards("AH 3D"), CTX, RULES)
    assert mask == set(parse_cards("7S"))


# --- leads (SJ-6) --------------------------------------------------------------------------


def test_leads_count_by_formula() -> None:
    """SJ-6: any sub-multiset of one group with throws; single units only without."""
    held = h("AS AS KS QS QS 3D 2H BJ")
    # spades: 3·2·3 − 1 = 17; diamonds 1; trumps (2H, BJ): 2·2 − 1 = 3
    assert count_leads(held, CTX, RULES, True) == 21 == len(legal_leads(held, CTX, RULES, True))
    units = {format_cards(p) for p in legal_leads(held, CTX, RULES, False)}
    assert units == {"AS", "KS", "QS", "AS AS", "QS QS", "3D", "2H", "BJ"}
    assert count_leads(held, CTX, RULES, False) == 8
    held = h("AS AS KS KS QS QS")
    units = {format_cards(p) for p in legal_leads(held, CTX, RULES, False)}
    assert {"KS KS AS AS", "QS QS KS KS", "QS QS KS KS AS AS"} <= units
    assert count_leads(held, CTX, RULES, False) == len(units) == 9


def test_lead_error() -> None:
    """SJ-6: one suit group, cards held; throws only where allowed (SJ-12)."""
    held = h("AS AS KS QS 3D 2H")
    assert lead_error(held, parse_cards("AS KS"), CTX, RULES, True) is None
    assert lead_error(held, parse_cards("AS 3D"), CTX, RULES, True) == (
        "SJ-6", "a lead must be of one suit group (SJ-6): A♠: spades; 3♦: diamonds")
    assert lead_error(held, parse_cards("JS"), CTX, RULES, True) == ("SJ-6", "you do not hold J♠")
    assert lead_error(held, (), CTX, RULES, True) == ("SJ-6", "a lead needs at least one card")
    assert lead_error(held, parse_cards("AS KS"), CTX, RULES, False) == (
        "SJ-12", "throws are not allowed at this table: K♠ A♠ is not one single, tuple or tractor")
    assert lead_error(held, parse_cards("KS KS"), CTX, RULES, False) == (
        "SJ-6", "you do not hold K♠ K♠")
    assert lead_error(held, parse_cards("AS AS"), CTX, RULES, False) is None


def test_lead_mask() -> None:
    held = h("AS AS KS KS 3D 2H")
    a_s = parse_cards("AS")[0]
    mask, done = lead_mask(held, (a_s,), CTX, RULES, True)
    assert mask == set(parse_cards("AS KS")) and done
    mask, done = lead_mask(held, (a_s,), CTX, RULES, False)
    assert mask == set(parse_cards("AS KS")) and done  # AS AS, KS KS AS AS
    mask, done = lead_mask(held, parse_cards("AS KS"), CTX, RULES, False)
    assert mask == set(parse_cards("AS KS")) and not done


def test_sample_lead_is_a_lead() -> None:
    rng = random.Random(3)
    held = h("AS AS KS KS QS 3D 3D 2H BJ BJ")
    for allow in (True, False):
        for _ in range(200):
            cards = sample_lead(held, CTX, RULES, allow, rng)
            assert lead_error(held, cards, CTX, RULES, allow) is None


# --- perft: legal-follow counts of a fixed 25-card hand --------------------------------------

PERFT_HAND = ("AS AS KS QS QS JS 9S 9S 8S 5S 5S 4S 2S TH TH AH KH KH 3H SJ TC 7D 7D 6C 3C")
PERFT_CTX = TrumpContext.make(level=8, trump=HEARTS)  # level T, hearts trump


@pytest.mark.parametrize(("lead", "count"), [
    ("7S", 9),                        # any of the nine spades
    ("6S 6S", 4),                     # one of four spade pairs
    ("7S 7S 6S 6S", 6),               # no spade tractor: two of the four pairs
    ("3S 3S 2S AS", 118),             # a throw: one pair and any two other spades
    ("4H 4H 5H 5H", 1),               # trumps: the only two trump pairs
    ("BJ BJ", 2),
    ("AH AH KH KH SJ", 4),            # trump pairs TH TH KH KH and any other trump
    ("AD AD", 1),
    ("QC QC JC JC", 127),             # two clubs and any two other cards
    ("KS KS 8S 7S 7S 6S 6S", 24),     # tractor + pair + single: three pairs and a single
])
def test_perft_follow_counts(lead: str, count: int) -> None:
    """SJ-8: legal-follow counts of fixed positions (checked against brute force once)."""
    led, held = lead_of(lead, ctx=PERFT_CTX), h(PERFT_HAND)
    assert count_follows(held, led, PERFT_CTX, RULES) == count
    assert len(set(legal_follows(held, led, PERFT_CTX, RULES))) == count
