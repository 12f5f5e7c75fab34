"""Units, tractors and the decomposition of a lead (SJ-3, SJ-6, SJ-14 tractor options)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.cards import CLUBS, HEARTS, SPADES
from paizhuo.games.shengji.combos import (
    ComboRules,
    Unit,
    decompose,
    group_of,
    make_lead,
)
from paizhuo.games.shengji.order import TRUMP, TrumpContext
from paizhuo.notation import format_cards, parse_cards

RULES = ComboRules()
LEVEL_T_HEARTS = TrumpContext.make(level=8, trump=HEARTS)
LEVEL_5_SPADES = TrumpContext.make(level=3, trump=SPADES)
LEVEL_5_NT = TrumpContext.make(level=3, trump=None)


def is_tractor(text: str, ctx: TrumpContext, rules: ComboRules = RULES) -> bool:
    """One unit, and that unit a tractor (cards of several groups are never one)."""
    cards = parse_cards(text)
    if group_of(cards, ctx) is None:
        return False
    units = decompose(cards, ctx, rules)
    return len(units) == 1 and units[0].length >= 2


def shapes(text: str, ctx: TrumpContext, rules: ComboRules = RULES) -> list[tuple[int, int]]:
    return [u.shape for u in decompose(parse_cards(text), ctx, rules)]


# --- SJ-3 worked examples ------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "KS KS QS QS", "JS JS 9S 9S", "5S 5S 4S 4S 3S 3S", "SJ SJ TH TH", "TH TH TS TS",
    "TS TS AH AH", "TH TH TC TC AH AH",
])
def test_sj3_tractors_level_t_hearts(text: str) -> None:
    """SJ-3: tractors at level T, hearts trump (T removed from side suits: 9 9 J J)."""
    assert is_tractor(text, LEVEL_T_HEARTS)


@pytest.mark.parametrize("text", [
    "5S 5S 4S", "5S 4S 4S", "5S 5S 3S 3S", "TS TS TC TC", "JS JS TS TS", "AS AS 2S 2S",
])
def test_sj3_not_tractors_level_t_hearts(text: str) -> None:
    """SJ-3: not tractors — a single short, a gap, one shared slot, two groups, no wrap."""
    assert not is_tractor(text, LEVEL_T_HEARTS)


def test_sj3_same_slot_pairs_are_two_lone_pairs() -> None:
    """SJ-3: off-suit level pairs share one slot, so TS TS TC TC is two pairs."""
    assert shapes("TS TS TC TC", LEVEL_T_HEARTS) == [(2, 1), (2, 1)]


@pytest.mark.parametrize("text", [
    "3H 3H 4H 4H", "4H 4H 6H 6H", "5C 5C 5S 5S", "BJ BJ SJ SJ", "AS AS 5C 5C", "5S 5S SJ SJ",
])
def test_sj3_tractors_level_5_spades(text: str) -> None:
    """SJ-3: level 5, spades trump (4H 4H 6H 6H: 5 is gone from hearts)."""
    assert is_tractor(text, LEVEL_5_SPADES)


def test_sj3_not_tractor_level_5_spades() -> None:
    """SJ-3: 5S 5S 6S 6S is not a tractor (the level card leaves the suit order)."""
    assert not is_tractor("5S 5S 6S 6S", LEVEL_5_SPADES)


def test_sj3_no_trump_level_pairs_are_not_a_tractor() -> None:
    """SJ-3: with no trump every level card shares one slot: 5S 5S 5H 5H is not a tractor."""
    assert not is_tractor("5S 5S 5H 5H", LEVEL_5_NT)
    assert is_tractor("5S 5S SJ SJ", LEVEL_5_NT)


def test_sj3_constant_twos_no_trump_twos_and_levels_are_adjacent() -> None:
    """SJ-2/SJ-3: no trump, level 5, constant twos: the 2s slot lies just below the level
    slot, so a pair of 2s and a pair of 5s form a tractor."""
    ctx = TrumpContext.make(level=3, trump=None, constant_twos=True)
    assert is_tractor("2S 2S 5S 5S", ctx)
    assert is_tractor("2D 2D 5H 5H SJ SJ", ctx)
    assert not is_tractor("2S 2S 2H 2H", ctx)


def test_sj3_titanic_tractor_of_triples() -> None:
    """SJ-3: three-deck triples on consecutive slots are a tractor of triples (Titanic)."""
    units = decompose(parse_cards("9S 9S 9S 8S 8S 8S"), LEVEL_T_HEARTS)
    assert [u.shape for u in units] == [(3, 2)]


# --- SJ-6 decomposition --------------------------------------------------------------------


def test_sj6_tractor_then_single() -> None:
    """SJ-6: 5S 5S 4S 4S 3S is tractor 5544 plus single 3."""
    units = decompose(parse_cards("5S 5S 4S 4S 3S"), LEVEL_T_HEARTS)
    assert [(u.shape, format_cards(u.cards)) for u in units] == [
        ((2, 2), "4S 4S 5S 5S"), ((1, 1), "3S")]


def test_sj6_larger_tuples_first() -> None:
    """SJ-6: larger tuples first — 5S×3 4S×2 3S×2 is triple 555 then tractor 4433."""
    units = decompose(parse_cards("5S 5S 5S 4S 4S 3S 3S"), LEVEL_T_HEARTS)
    assert [u.shape for u in units] == [(3, 1), (2, 2)]


def test_sj6_longer_tractors_first_across_a_shared_slot() -> None:
    """SJ-6: at a shared slot only one tuple joins a run; the longest run is taken first."""
    # level 5, spades trump: AS < {5H,5C,5D} < 5S; AS AS 5C 5C 5S 5S + 5D 5D
    units = decompose(parse_cards("AS AS 5C 5C 5D 5D 5S 5S"), LEVEL_5_SPADES)
    assert [u.shape for u in units] == [(2, 3), (2, 1)]


def test_sj14_minimum_tractor_length_and_tuple() -> None:
    """SJ-14: with a minimum of 3 tuples 5544 is two pairs; with triples only, so is 5544."""
    assert shapes("5S 5S 4S 4S", LEVEL_T_HEARTS, ComboRules(min_tractor_length=3)) == [
        (2, 1), (2, 1)]
    assert shapes("5S 5S 4S 4S 3S 3S", LEVEL_T_HEARTS,
                  ComboRules(min_tractor_length=3)) == [(2, 3)]
    assert shapes("5S 5S 4S 4S", LEVEL_T_HEARTS, ComboRules(min_tractor_tuple=3)) == [
        (2, 1), (2, 1)]
    assert shapes("5S 5S 5S 4S 4S 4S", LEVEL_T_HEARTS,
                  ComboRules(min_tractor_tuple=3)) == [(3, 2)]


def test_lead_summary() -> None:
    """SJ-8 4: a lead knows its tractors, tuples and deciding shape."""
    lead = make_lead(parse_cards("AS KS 5S 5S 4S 4S"), LEVEL_T_HEARTS, RULES)
    assert lead.group == SPADES and lead.n == 6 and lead.is_throw
    assert lead.tractors == ((2, 2),) and lead.tuple_sizes == (2, 2)
    assert lead.deciding == (2, 2)
    assert make_lead(parse_cards("5S 4S 4S"), LEVEL_T_HEARTS, RULES).deciding == (2, 1)
    assert make_lead(parse_cards("7S"), LEVEL_T_HEARTS, RULES).deciding == (1, 1)


def test_make_lead_refuses_mixed_groups_and_empty() -> None:
    """SJ-6: a lead is of one suit group."""
    with pytest.raises(ValueError, match="one suit group"):
        make_lead(parse_cards("AS AH"), LEVEL_5_SPADES, RULES)
    with pytest.raises(ValueError):
        make_lead((), LEVEL_5_SPADES, RULES)
    assert group_of(parse_cards("5C 5D AS BJ"), LEVEL_5_SPADES) == TRUMP
    assert group_of(parse_cards("AC KC"), LEVEL_5_SPADES) == CLUBS


# --- properties ----------------------------------------------------------------------------

CONTEXTS = [TrumpContext.make(level, trump, twos)
            for level in (0, 3, 8, 12) for trump in (0, 1, None) for twos in (False, True)]


@st.composite
def group_cards(draw: st.DrawFn) -> tuple[TrumpContext, ComboRules, tuple[int, ...]]:
    ctx = draw(st.sampled_from(CONTEXTS))
    rules = draw(st.sampled_from([RULES, ComboRules(min_tractor_length=3),
                                  ComboRules(min_tractor_tuple=3)]))
    g = draw(st.sampled_from([g for g in range(5) if ctx.slot_count[g]]))
    ids = [c for s in ctx.slot_cards[g] for c in s]
    counts = draw(st.lists(st.integers(0, 3), min_size=len(ids), max_size=len(ids)))
    cards = tuple(c for c, k in zip(ids, counts, strict=True) for _ in range(k))
    if not cards:
        cards = (ids[0],)
    return ctx, rules, cards


@settings(max_examples=300, deadline=None)
@given(group_cards())
def test_decomposition_partitions_the_cards(case: tuple[TrumpContext, ComboRules,
                                                        tuple[int, ...]]) -> None:
    """SJ-6: the units use every card exactly once, in SJ-6 order."""
    ctx, rules, cards = case
    units = decompose(cards, ctx, rules)
    assert sorted(c for u in units for c in u.cards) == sorted(cards)
    keys = [(-u.size, -u.length) for u in units]
    assert keys == sorted(keys)


@settings(max_examples=300, deadline=None)
@given(group_cards())
def test_units_are_units(case: tuple[TrumpContext, ComboRules, tuple[int, ...]]) -> None:
    """SJ-3: re-decomposing a unit gives that unit; a one-unit lead is that unit; tractor
    slots are consecutive, each filled by one id with ``size`` copies."""
    ctx, rules, cards = case
    for u in decompose(cards, ctx, rules):
        assert decompose(u.cards, ctx, rules) == [u]
        lead = make_lead(u.cards, ctx, rules)
        assert lead.units == (u,) and not lead.is_throw
        ids = sorted(set(u.cards), key=lambda c: ctx.slot[c])
        assert [ctx.slot[c] for c in ids] == list(range(u.top - u.length + 1, u.top + 1))
        assert all(u.cards.count(c) == u.size for c in ids)
        if u.length >= 2:
            assert u.length >= rules.min_tractor_length and u.size >= rules.min_tractor_tuple


def test_unit_describe() -> None:
    assert Unit(2, 2, 3, parse_cards("4S 4S 5S 5S")).describe() == "tractor 4S 4S 5S 5S"
    assert Unit(3, 1, 3, parse_cards("4S 4S 4S")).describe() == "triple 4S 4S 4S"
