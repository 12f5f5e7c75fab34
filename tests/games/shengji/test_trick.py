"""Throws (SJ-7), ruffs and the trick winner (SJ-8 3–4), from explicit hands."""

from __future__ import annotations

import pytest

from paizhuo.cards import HEARTS, Counts
from paizhuo.games.shengji.combos import ComboRules, make_lead
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.games.shengji.trick import check_throw, play_rank, trick_winner
from paizhuo.notation import format_cards, parse_cards

RULES = ComboRules()
# level 2, hearts trump: spades run 3 … A with no gap
LEVEL_2_HEARTS = TrumpContext.make(level=0, trump=HEARTS)
# level J, hearts trump: trumps 9H 9H 8H 8H 7H 2H are plain trump-suit cards
LEVEL_J_HEARTS = TrumpContext.make(level=9, trump=HEARTS)
LEVEL_T_HEARTS = TrumpContext.make(level=8, trump=HEARTS)


def h(text: str) -> Counts:
    return Counts.of(parse_cards(text))


def throw(cards: str, others: list[str], ctx: TrumpContext = LEVEL_2_HEARTS,
          rules: ComboRules = RULES) -> tuple[str, list[str]] | None:
    """check_throw with the leader at seat 0; forced cards and failing units as text."""
    hands = [h(cards)] + [h(o) for o in others]
    result = check_throw(parse_cards(cards), 0, hands, ctx, rules)
    if result is None:
        return None
    forced, failing = result
    return format_cards(forced), [format_cards(u.cards) for u in failing]


def winner(lead: str, plays: list[str], ctx: TrumpContext = LEVEL_J_HEARTS,
           rules: ComboRules = RULES) -> int:
    led = make_lead(parse_cards(lead), ctx, rules)
    return trick_winner(led, [led.cards] + [parse_cards(p) for p in plays], ctx, rules)


# --- SJ-7 throws ---------------------------------------------------------------------------


def test_sj7_seed_a_higher_single_forces_the_nine() -> None:
    """SJ-7 seed: throwing 9 8 8 4 4 when another player holds J forces the 9."""
    assert throw("9S 8S 8S 4S 4S", ["JS 3D", "2C"]) == ("9S", ["9S"])


@pytest.mark.parametrize("holding", ["QS QS", "5S 5S"])
def test_sj7_seed_a_higher_pair_forces_the_low_pair(holding: str) -> None:
    """SJ-7 seed: when another holds QQ or 55 the throw 9 8 8 4 4 forces 4 4."""
    forced, failing = throw("9S 8S 8S 4S 4S", ["3D", holding]) or ("", [])
    assert forced == "4S 4S"
    assert "4S 4S" in failing


def test_sj7_throw_stands_when_nothing_beats_it() -> None:
    """SJ-7: every unit highest of its shape — the throw stands (own cards don't count)."""
    assert throw("AS KS KS", ["QS QS JS", "9S 9S"]) is None
    assert throw("9S 8S 8S 4S 4S", ["3S 3S 2S", "7S 6S"]) is None
    # a single unit is never a throw, even when beaten
    assert throw("4S 4S", ["AS AS"]) is None


def test_sj7_tractor_in_a_throw() -> None:
    """SJ-7: a tractor of the throw fails only to a tractor at least as long with a higher top."""
    assert throw("AS AS KS KS QS", ["JS JS TS TS 9S 9S"]) is None
    assert throw("9S 9S 8S 8S AS", ["JS JS TS TS"]) == ("8S 8S 9S 9S", ["8S 8S 9S 9S"])
    # a longer lead tractor is not beaten by a shorter higher one
    assert throw("9S 9S 8S 8S 7S 7S AS", ["KS KS QS QS"]) is None
    # but a higher pair beats a throw's lone pair, not its tractor
    assert throw("9S 9S 8S 8S 3S 3S", ["QS QS"]) == ("3S 3S", ["3S 3S"])


def test_sj7_off_suit_level_shared_slot() -> None:
    """SJ-7/SJ-3: level T, hearts trump — TD TD TH TH is a tractor above TS TS AH AH, but
    TC TC TD TD (one shared slot) is no tractor at all."""
    lead = "TS TS AH AH BJ"
    assert throw(lead, ["TD TD TH TH"], LEVEL_T_HEARTS) == ("TS TS AH AH", ["TS TS AH AH"])
    assert throw(lead, ["TC TC TD TD"], LEVEL_T_HEARTS) is None
    # an off-suit level single does not beat another off-suit level single (equal order)
    assert throw("TS AH AH", ["TC"], LEVEL_T_HEARTS) is None
    assert throw("TS AH AH", ["TH"], LEVEL_T_HEARTS) == ("TS", ["TS"])


def test_sj7_three_decks_triples() -> None:
    """SJ-7, three decks: a triple fails to a higher triple; a pair to a higher pair (or to
    two cards of a higher triple)."""
    assert throw("KS KS KS QS QS", ["AS AS", "JS JS JS"]) == ("QS QS", ["QS QS"])
    assert throw("KS KS KS QS QS", ["AS AS AS"]) == ("QS QS", ["KS KS KS", "QS QS"])
    assert throw("KS KS KS QS QS", ["JS JS JS", "JS JS"]) is None
    # a Titanic (tractor of triples) in a throw
    assert throw("9S 9S 9S 8S 8S 8S AS", ["KS KS KS QS QS"]) is None
    assert throw("9S 9S 9S 8S 8S 8S AS", ["KS KS KS QS QS QS"]) == (
        "8S 8S 8S 9S 9S 9S", ["8S 8S 8S 9S 9S 9S"])


def test_sj7_a_higher_unit_of_at_least_the_same_size_beats_a_thrown_unit() -> None:
    """SJ-7 (reference wording): a thrown unit fails to a higher unit of at least the same
    size — a higher tuple of at least the same size (a higher triple beats a thrown pair), a
    tractor of at least the same tuple size and length whose top is higher."""
    # same size, higher: the pair fails
    assert throw("AS 9S 9S", ["TS TS"]) == ("9S 9S", ["9S 9S"])
    # larger size, higher: a triple beats a thrown pair
    assert throw("AS 9S 9S", ["TS TS TS"]) == ("9S 9S", ["9S 9S"])
    # smaller size, higher: a pair does not beat a thrown triple, a single not a thrown pair
    assert throw("AS 9S 9S 9S", ["TS TS", "KS"]) is None
    assert throw("AS 9S 9S", ["KS", "QS", "JS"]) is None
    # larger size, not higher: a lower triple does not beat a thrown pair
    assert throw("AS 9S 9S", ["8S 8S 8S"]) is None
    # tractors: a higher Titanic beats a thrown pair tractor, a longer higher tractor too
    assert throw("AS 9S 9S 8S 8S", ["JS JS JS TS TS TS"]) == ("8S 8S 9S 9S", ["8S 8S 9S 9S"])
    assert throw("AS 9S 9S 8S 8S", ["KS KS QS QS JS JS"]) == ("8S 8S 9S 9S", ["8S 8S 9S 9S"])
    # a pair tractor does not beat a thrown Titanic (smaller tuples), nor a shorter one
    assert throw("AS 9S 9S 9S 8S 8S 8S", ["JS JS TS TS"]) is None
    assert throw("AS 9S 9S 8S 8S 7S 7S", ["KS KS QS QS"]) is None


# --- SJ-8 ruffs and the winner -------------------------------------------------------------


def test_sj8_3_a_ruffs_tuples_are_at_least_as_large_as_the_leads() -> None:
    """SJ-8.3 (reference wording): a ruff competes only with tuples each at least as large as
    the tuple it answers — a pair does not answer a led triple; a triple answers a led pair."""
    assert winner("5S 5S 5S", ["9H 9H 7H"]) == 0      # pair + single against a triple: discard
    assert winner("5S 5S 5S", ["7H 7H 7H"]) == 1      # a triple ruffs
    assert winner("5S 5S 5S", ["9H 9H 7H", "7H 7H 7H"]) == 2
    assert winner("AS 5S 5S", ["7H 7H 7H"]) == 1      # a triple answers the thrown pair
    assert winner("AS 5S 5S", ["9H 8H 7H"]) == 0      # singles do not answer a pair
    # tractors: a pair tractor does not answer a led Titanic; a Titanic answers one
    assert winner("6S 6S 6S 5S 5S 5S", ["9H 9H 8H 8H 3H 4H"]) == 0
    assert winner("6S 6S 6S 5S 5S 5S", ["9H 9H 9H 8H 8H 8H"]) == 1
    assert winner("6S 6S 5S 5S AS 3S", ["9H 9H 9H 8H 8H 8H"]) == 1




def test_sj8_seed_ruff_needs_the_leads_shape() -> None:
    """SJ-8 seed: trumps 9 9 8 8 7 2 ruff side A K 5 5 4 4 but not A A 5 5 4 4."""
    ruff = "9H 9H 8H 8H 7H 2H"
    assert winner("AS KS 5S 5S 4S 4S", [ruff]) == 1
    assert winner("AS AS 5S 5S 4S 4S", [ruff]) == 0
    lead = make_lead(parse_cards("AS AS 5S 5S 4S 4S"), LEVEL_J_HEARTS, RULES)
    assert play_rank(lead, parse_cards(ruff), LEVEL_J_HEARTS, RULES) is None


def test_sj8_seed_over_ruff_by_the_pair() -> None:
    """SJ-8 seed: over side 5 4 4, trumps 9 7 7 ruff and 8 8 4 over-ruffs (88 > 77)."""
    assert winner("5S 4S 4S", ["9H 7H 7H"]) == 1
    assert winner("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"]) == 2
    assert winner("5S 4S 4S", ["8H 8H 4H", "9H 7H 7H"]) == 1


def test_sj8_4_ruffs_of_a_throw_with_a_tractor_are_decided_by_the_tractor() -> None:
    """SJ-8.4: two ruffs of a throw holding a 2-long tractor are compared by the top of their
    tractors (the deciding unit), not by their highest pair: with 5 5 6 6 9 9 led, the ruff
    9 9 10 10 3 3 is not beaten by 7 7 8 8 K K on the pair of kings, and beats it when later."""
    lead = "5S 5S 6S 6S 9S 9S"
    tens, kings = "9H 9H TH TH 3H 3H", "7H 7H 8H 8H KH KH"
    assert winner(lead, [tens, kings], LEVEL_2_HEARTS) == 1
    assert winner(lead, [kings, tens], LEVEL_2_HEARTS) == 2
    led = make_lead(parse_cards(lead), LEVEL_2_HEARTS, RULES)
    rank_tens = play_rank(led, parse_cards(tens), LEVEL_2_HEARTS, RULES)
    rank_kings = play_rank(led, parse_cards(kings), LEVEL_2_HEARTS, RULES)
    assert rank_tens is not None and rank_kings is not None and rank_tens > rank_kings


def test_sj14_throw_compare_all_units() -> None:
    """SJ-14.2 ``throw_compare = all_units``: over a side throw 6S 4S, the ruff 3H 4H beats
    the ruff 2H 3H unit by unit (4 > 3, 3 > 2), and 2H BJ does not beat 3H 4H (its 2H is not
    above the 3H) though its highest card is; by the deciding unit (the highest single) or
    the highest card, BJ wins."""
    ctx = TrumpContext.make(level=11, trump=HEARTS)  # level K, hearts trump
    plays = ["2H 3H", "3H 4H", "2H BJ"]
    assert winner("6S 4S", plays, ctx, ComboRules(throw_compare="all_units")) == 2
    assert winner("6S 4S", plays, ctx) == 3
    assert winner("6S 4S", plays, ctx, ComboRules(throw_compare="highest_card")) == 3
    # not a throw: one unit, compared as always
    assert winner("6S", ["2H", "BJ"], ctx, ComboRules(throw_compare="all_units")) == 2
    # a pair and a single: each unit must be above — 5H 5H 3H over 4H 4H 9H fails on the single
    pair_single = ["4H 4H 9H", "5H 5H 3H", "5H 5H TH"]
    assert winner("7S 7S 6S", pair_single, ctx, ComboRules(throw_compare="all_units")) == 3


def test_sj8_seed_over_singles_the_highest_card_decides() -> None:
    """SJ-8 seed: over side 5 6 7, 9 7 7 ruffs and 8 8 4 does not (9 > 8)."""
    assert winner("5S 6S 7S", ["9H 7H 7H", "8H 8H 4H"]) == 1
    assert winner("5S 6S 7S", ["8H 8H 4H", "9H 7H 7H"]) == 2


def test_sj8_following_suit_and_discards() -> None:
    """SJ-8 4: a higher card of the led suit wins; off-suit side cards never win; equal → first."""
    assert winner("9S", ["KS", "AD", "3S"]) == 1
    assert winner("9S", ["KS", "2H"]) == 2  # any trump beats side cards
    assert winner("9S 9S", ["KS QS", "AS AS"]) == 2  # a non-pair cannot win over a pair
    assert winner("9S 9S", ["3H 3H", "2H 2H"]) == 1  # ruffs compare by their pair
    # equal order (two off-suit level cards): the first played wins
    assert winner("3D", ["JS", "JC"]) == 1
    assert winner("JS", ["JC", "JD"], LEVEL_J_HEARTS) == 0


def test_sj8_tractor_lead_needs_a_tractor() -> None:
    """SJ-8 3: a ruff of a tractor must hold a tractor as long; pairs alone are discards."""
    assert winner("9S 9S 8S 8S", ["3H 3H 5H 5H"]) == 0
    assert winner("9S 9S 8S 8S", ["3H 3H 4H 4H"]) == 1
    assert winner("9S 9S 8S 8S", ["3H 3H 4H 4H", "KH KH AH AH"]) == 2
    # level J: J leaves the spades, so TS TS QS QS is a tractor; TS TS KS KS is not
    assert winner("9S 9S 8S 8S", ["TS TS QS QS"]) == 1
    assert winner("9S 9S 8S 8S", ["TS TS KS KS"]) == 0
    assert winner("9S 9S 8S 8S", ["QS QS KS KS"]) == 1


def test_sj14_throw_compare_highest_card() -> None:
    """SJ-14: a ruff of a throw compared by its highest card only."""
    highest = ComboRules(throw_compare="highest_card")
    # side throw A + 5 5: ruffs 3H 3H KH (deciding pair 33, highest K) vs 4H 4H 6H
    assert winner("AS 5S 5S", ["3H 3H KH", "4H 4H 6H"]) == 2
    assert winner("AS 5S 5S", ["3H 3H KH", "4H 4H 6H"], rules=highest) == 1


def test_sj14_bombs() -> None:
    """SJ-14 bombs (our reading): four level cards beat any non-bomb play of four cards."""
    bombs = ComboRules(bombs=True)
    level_5 = TrumpContext.make(level=3, trump=HEARTS)
    # four level cards are no tractor: without bombs they cannot beat a led tractor
    assert winner("AH AH KH KH", ["5S 5C 5D 5H"], level_5) == 0
    assert winner("AH AH KH KH", ["5S 5C 5D 5H"], level_5, bombs) == 1
    assert winner("AS AS KS KS", ["3H 3H 4H 4H", "5S 5C 5D 5H"], level_5) == 1
    assert winner("AS AS KS KS", ["3H 3H 4H 4H", "5S 5C 5D 5H"], level_5, bombs) == 2
    assert winner("5S 5C 5D 5H", ["5S 5C 5D 5H"], level_5, bombs) == 0  # equal: first wins


def test_check_throw_matches_a_literal_search() -> None:
    """SJ-7: a unit fails iff another hand holds, in the group, a single unit of exactly its
    shape with a higher top (found by listing every single-unit lead of that hand)."""
    import random

    from paizhuo.cards import standard_deck
    from paizhuo.games.shengji._follow_leads import unit_leads
    from paizhuo.games.shengji.combos import decompose

    rng = random.Random(4)
    checked = failed = 0
    while checked < 400:
        decks = rng.choice([1, 2, 3])
        ctx = TrumpContext.make(rng.randrange(13), rng.choice([0, 1, 2, 3, None]),
                                rng.random() < 0.3)
        deck = standard_deck(decks)
        rng.shuffle(deck)
        g = ctx.group[deck[0]]
        group_cards = [c for c in deck if ctx.group[c] == g]
        hands = [Counts.of(group_cards[i * 6:(i + 1) * 6]) for i in range(3)]
        held = hands[0].to_tuple()
        lead = tuple(sorted(c for c in held if rng.random() < 0.7)) or held[:1]
        units = decompose(lead, ctx, RULES)
        if len(units) < 2:
            continue
        checked += 1
        shapes_above: list[tuple[int, int, int]] = []
        for other in hands[1:]:
            hg = {x: other[x] for x in set(other.to_tuple())}
            for cards in unit_leads(hg, ctx, RULES):
                (u,) = decompose(cards, ctx, RULES)
                shapes_above.append((u.size, u.length, u.top))
        expect = [u for u in units
                  if any((s, n) == (u.size, u.length) and top > u.top
                         for s, n, top in shapes_above)]
        result = check_throw(lead, 0, hands, ctx, RULES)
        if not expect:
            assert result is None, format_cards(lead)
            continue
        failed += 1
        assert result is not None, format_cards(lead)
        forced, failing = result
        assert list(failing) == expect, format_cards(lead)
        low = min(ctx.slot[c] for u in expect for c in u.cards)
        assert min(ctx.slot[c] for c in forced) == low
    assert failed > 50


def test_sj14_2_largest_units_decide_where_the_deciding_units_tie() -> None:
    """SJ-14.2 ``throw_compare = largest_units`` (rbtying/shengji's "trick unit length"):
    the ruffs' triples tie (off-suit level cards), so the pairs decide; ``deciding_unit``
    gives the tie to the earlier play, ``largest_units`` looks on to the next unit."""
    ctx = TrumpContext.make(level=0, trump=0)  # level 2, spades trump
    plays = ["AH KH KH KH 9H 9H", "2H 2H 2H QS QS AS", "2D 2D 2D AS AS 4S"]
    cards = [parse_cards(p) for p in plays]
    for compare, won in (("deciding_unit", 1), ("largest_units", 2), ("all_units", 1)):
        rules = ComboRules(throw_compare=compare)
        lead = make_lead(cards[0], ctx, rules)
        assert trick_winner(lead, cards, ctx, rules) == won, compare
    # the singles are not compared where the throw holds a tuple: a lower single does not
    # lose it, and a higher one does not win it
    rules = ComboRules(throw_compare="largest_units")
    lead = make_lead(cards[0], ctx, rules)
    low = parse_cards("2D 2D 2D AS AS 3S")
    assert trick_winner(lead, [cards[0], cards[1], low], ctx, rules) == 2
