"""The fast follow generator against SJ-8's literal definition, on random positions.

Positions are drawn for 1, 2 and 3 decks, random level / trump / no trump, ``constant_twos``
on and off, the SJ-14 combination options, and leads that include tuples, tractors and
throws. For each: ``set(legal_follows) == set(brute_force_follows)``, ``follow_error`` agrees
with that set, ``sample_follow`` stays inside it and ``follow_mask`` matches it step by step.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import brute_force_follows, literal_vector

from paizhuo.cards import Counts, standard_deck
from paizhuo.games.shengji.combos import ComboRules, Lead, make_lead
from paizhuo.games.shengji.follow import (
    count_follows,
    count_leads,
    follow_error,
    follow_mask,
    follow_steps,
    lead_mask,
    legal_follows,
    legal_leads,
    sample_follow,
)
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import format_cards

Position = tuple[TrumpContext, ComboRules, Lead, Counts]

RULES_POOL = [ComboRules()] * 4 + [
    ComboRules(protect_triples=True), ComboRules(protect_tractors=True),
    ComboRules(min_tractor_length=3), ComboRules(min_tractor_tuple=3),
    ComboRules(protect_triples=True, protect_tractors=True),
    ComboRules(follow_shape="suit_only"), ComboRules(throw_split="largest_unit"),
    ComboRules(throw_split="largest_unit", protect_triples=True),
]


def _context(rng: random.Random) -> TrumpContext:
    return TrumpContext.make(rng.randrange(13), rng.choice([0, 1, 2, 3, None]),
                             rng.random() < 0.3)


def _fill(rng: random.Random, ctx: TrumpContext, g: int, decks: int, hand: list[int],
          n: int) -> None:
    """Add a few cards of other groups, and enough of them to reach ``n`` cards."""
    others = [c for c in standard_deck(decks) if ctx.group[c] != g]
    rng.shuffle(others)
    hand += others[: rng.randrange(0, 5)]
    if len(hand) < n:
        hand += others[5: 5 + n - len(hand)]


def _draw_window(rng: random.Random, ctx: TrumpContext, slots: tuple[tuple[int, ...], ...],
                 hi: int, avail: dict[int, int], sizes: list[int], tractor_p: float,
                 units: int, most: int) -> list[int]:
    """Up to ``most`` cards of ``units`` random units from the copies left in ``avail`` (a
    window of slots below ``hi``): a tuple of a size drawn from ``sizes``, often run on up
    into a tractor (with chance ``tractor_p`` a slot)."""
    out: list[int] = []
    for _ in range(units):
        ids = [c for c in avail if avail[c] > 0]
        if not ids:
            break
        x = rng.choice(ids)
        k = min(avail[x], rng.choice(sizes), most - len(out))
        if k <= 0:
            break
        out += [x] * k
        avail[x] -= k
        s = ctx.slot[x] + 1
        while k >= 2 and s < hi and rng.random() < tractor_p:
            ys = [y for y in slots[s] if avail[y] >= k]
            if not ys or len(out) + k > most:
                break
            y = rng.choice(ys)
            out += [y] * k
            avail[y] -= k
            s += 1
    return out


def window_position(rng: random.Random) -> Position | None:
    """Lead and hand drawn from a window of a few consecutive slots of one group."""
    decks = rng.choice([1, 2, 2, 3])
    ctx, rules = _context(rng), rng.choice(RULES_POOL)
    g = rng.randrange(5)
    slots = ctx.slot_cards[g]
    if not slots:
        return None
    hi = min(len(slots), rng.randrange(len(slots)) + rng.randrange(3, 10))
    lo = max(0, hi - rng.randrange(3, 8))
    avail = {c: decks for s in range(lo, hi) for c in slots[s]}
    tractor_p = rng.choice([0.5, 0.9])

    def draw(units: int, most: int) -> list[int]:
        return _draw_window(rng, ctx, slots, hi, avail, [1, 2, 2, 3], tractor_p, units, most)

    lead = draw(rng.choice([1, 1, 2, 3]), rng.choice([2, 4, 6, 8]))
    if not lead:
        return None
    hand = draw(rng.randrange(1, 9), len(lead) + rng.randrange(0, 8))
    _fill(rng, ctx, g, decks, hand, len(lead))
    return ctx, rules, make_lead(lead, ctx, rules), Counts.of(hand)


def tractor_position(rng: random.Random) -> Position | None:
    """Leads of tractors, tuples and singles (often throws); hands rich in tractors."""
    decks = rng.choice([2, 2, 3])
    ctx, rules = _context(rng), rng.choice(RULES_POOL)
    g = rng.randrange(5)
    slots = ctx.slot_cards[g]
    if len(slots) < 4:
        return None
    avail = {c: decks for s in slots for c in s}

    def unit(k: int, length: int) -> list[int]:
        for _ in range(10):
            lo = rng.randrange(len(slots) - length + 1)
            picks = []
            for s in range(lo, lo + length):
                ys = [y for y in slots[s] if avail[y] >= k]
                if not ys:
                    break
                picks.append(rng.choice(ys))
            else:
                for y in picks:
                    avail[y] -= k
                return [y for y in picks for _ in range(k)]
        return []

    def size() -> int:
        return rng.choice([2, 2, 3]) if decks == 3 else 2

    def draw(units: int, lengths: list[int]) -> list[int]:
        out: list[int] = []
        for _ in range(units):
            r = rng.random()
            out += (unit(size(), rng.choice(lengths)) if r < 0.5
                    else unit(size(), 1) if r < 0.8 else unit(1, 1))
        return out

    lead = draw(rng.choice([1, 1, 2, 2, 3]), [2, 2, 3])
    if not lead:
        return None
    hand = draw(rng.randrange(1, 6), [2, 2, 3, 4])
    _fill(rng, ctx, g, decks, hand, len(lead))
    if len(hand) > 16:
        return None
    return ctx, rules, make_lead(lead, ctx, rules), Counts.of(hand)


def four_deck_position(rng: random.Random) -> Position | None:
    """Four decks (SJ-14.7): leads and hands of quads, triples and pairs, their tractors and
    throws, from a window of a few slots of one group."""
    ctx, rules = _context(rng), rng.choice([*RULES_POOL, ComboRules(min_tractor_tuple=4)])
    g = rng.randrange(5)
    slots = ctx.slot_cards[g]
    if not slots:
        return None
    hi = min(len(slots), rng.randrange(len(slots)) + rng.randrange(3, 8))
    lo = max(0, hi - rng.randrange(3, 7))
    avail = {c: 4 for s in range(lo, hi) for c in slots[s]}

    def draw(units: int, most: int) -> list[int]:
        return _draw_window(rng, ctx, slots, hi, avail, [1, 2, 3, 4, 4], 0.6, units, most)

    lead = draw(rng.choice([1, 1, 2, 3]), rng.choice([2, 4, 4, 6, 8]))
    if not lead:
        return None
    hand = draw(rng.randrange(1, 7), len(lead) + rng.randrange(0, 7))
    _fill(rng, ctx, g, 4, hand, len(lead))
    if len(hand) > 16:
        return None
    return ctx, rules, make_lead(lead, ctx, rules), Counts.of(hand)


def _check(pos: Position, rng: random.Random) -> None:
    ctx, rules, lead, hand = pos
    where = (f"{ctx.describe()} {rules} lead {format_cards(lead.cards)} "
             f"hand {format_cards(hand.to_tuple())}")
    fast = legal_follows(hand, lead, ctx, rules)
    legal = set(brute_force_follows(hand, lead, ctx, rules))
    assert set(fast) == legal, where
    assert len(fast) == len(legal) == count_follows(hand, lead, ctx, rules), where
    cards = hand.to_tuple()
    tries = {tuple(sorted(rng.sample(cards, lead.n))) for _ in range(4)} | set(fast[:2])
    for play in tries:
        assert (follow_error(hand, lead, play, ctx, rules) is None) == (play in legal), (
            where, format_cards(play))
    for _ in range(2):
        assert sample_follow(hand, lead, ctx, rules, rng) in legal, where
    # step masks along one legal follow: the mask is the union of what legal follows add
    target = rng.choice(sorted(legal))
    partial: list[int] = []
    for card in (*target, None):
        mask, complete = follow_mask(hand, lead, partial, ctx, rules)
        expected: set[int] = set()
        for play in legal:
            rest = list(play)
            if all(rest.remove(c) is None for c in partial if c in rest) and (
                    len(rest) == len(play) - len(partial)):
                expected.update(rest)
        assert mask == expected, (where, format_cards(partial))
        assert complete == (card is None), (where, format_cards(partial))
        if card is not None:
            partial.append(card)
    # the step encoding (cards ascending): exactly the next cards of the legal follows that
    # begin with the prefix, along a few of them
    for play in {target, *rng.sample(sorted(legal), min(2, len(legal)))}:
        for k in range(len(play) + 1):
            prefix = play[:k]
            steps, complete = follow_steps(hand, lead, prefix, ctx, rules)
            expected = {p[k] for p in legal if p[:k] == prefix and len(p) > k}
            assert steps == expected, (where, format_cards(prefix))
            assert complete == (prefix in legal), (where, format_cards(prefix))


def _sweep(n: int, seed: int) -> None:
    rng = random.Random(seed)
    makers: list[Callable[[random.Random], Position | None]] = [tractor_position,
                                                                  window_position]
    done = 0
    while done < n:
        pos = rng.choice(makers)(rng)
        if pos is not None:
            _check(pos, rng)
            done += 1


def test_fast_follows_match_the_definition() -> None:
    """SJ-8 2: the fast generator, checker, sampler and masks agree with brute force on
    2,000 random positions (1–3 decks, every trump kind, SJ-14 options)."""
    _sweep(2000, 20261129)


def test_fast_follows_match_the_definition_with_four_decks() -> None:
    """SJ-8 2 with four decks (quads, their tractors, the protections): the general forms
    agree with brute force on 600 random positions."""
    rng = random.Random(20261207)
    done = quads = 0
    while done < 600:
        pos = four_deck_position(rng)
        if pos is not None:
            _check(pos, rng)
            done += 1
            quads += max(pos[3].array()) >= 4 or 4 in pos[2].tuple_sizes
    assert quads > 300


@pytest.mark.slow
def test_fast_follows_match_the_definition_with_four_decks_long() -> None:
    """SJ-8 2 with four decks: as above, 20,000 positions."""
    rng = random.Random(4)
    done = 0
    while done < 20000:
        pos = four_deck_position(rng)
        if pos is not None:
            _check(pos, rng)
            done += 1


@pytest.mark.slow
def test_fast_follows_match_the_definition_long() -> None:
    """SJ-8 2: as above, 30,000 positions."""
    _sweep(30000, 7)


def test_count_leads_matches_listing() -> None:
    """SJ-6: count_leads (formula) equals len(legal_leads) on small random hands, and the
    lead mask of the empty play is every held card."""
    rng = random.Random(5)
    for _ in range(300):
        ctx = _context(rng)
        rules = rng.choice(RULES_POOL)
        deck = standard_deck(rng.choice([1, 2, 3]))
        g = rng.randrange(5)
        pool = [c for c in deck if ctx.group[c] == g]
        rng.shuffle(pool)
        hand = Counts.of(pool[: rng.randrange(1, 9)] + rng.sample(deck, rng.randrange(0, 4)))
        for allow in (True, False):
            leads = legal_leads(hand, ctx, rules, allow)
            assert len(leads) == len(set(leads)) == count_leads(hand, ctx, rules, allow)
        mask, done = lead_mask(hand, (), ctx, rules, False)
        assert mask == set(hand.distinct()) and not done


@pytest.mark.parametrize("four", [False, True], ids=["1-3 decks", "4 decks"])
def test_play_rank_competes_iff_the_shape_is_fully_covered(four: bool) -> None:
    """SJ-8 3–4: a play can win iff it is all of the led group or all trumps and covers every
    led tractor and tuple (literal (b), (c) without protections); the lead always can."""
    from paizhuo.games.shengji.order import TRUMP
    from paizhuo.games.shengji.trick import play_rank

    rng = random.Random(11)
    done = competing = 0
    makers = [four_deck_position] if four else [tractor_position, window_position]
    while done < 600:
        pos = rng.choice(makers)(rng)
        if pos is None:
            continue
        ctx, rules, lead, hand = pos
        plain = ComboRules(min_tractor_length=rules.min_tractor_length,
                           min_tractor_tuple=rules.min_tractor_tuple)
        assert play_rank(lead, lead.cards, ctx, plain) is not None
        cards = hand.to_tuple()
        for play in {tuple(sorted(rng.sample(cards, lead.n))) for _ in range(6)}:
            groups = {ctx.group[c] for c in play}
            g = groups.pop() if len(groups) == 1 else None
            full = False
            if g is not None and (g == lead.group or (g == TRUMP and lead.group != TRUMP)):
                pg = {c: play.count(c) for c in play}
                _, b, c = literal_vector(play, pg, Lead(g, lead.cards, lead.units), ctx, plain)
                full = b == lead.tractor_length_total() and c == lead.tuple_size_total()
                competing += full
            assert (play_rank(lead, play, ctx, plain) is not None) == full, (
                format_cards(lead.cards), format_cards(play))
        done += 1
    assert competing > 100


PROTECTIONS = [ComboRules(protect_triples=True), ComboRules(protect_tractors=True),
               ComboRules(protect_triples=True, protect_tractors=True)]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tractor_shaped=st.booleans(),
       protection=st.sampled_from(PROTECTIONS))
def test_a_protection_only_ever_allows(seed: int, tractor_shaped: bool,
                                       protection: ComboRules) -> None:
    """SJ-14 (issue 37): for every option that protects, on random hands and leads, the legal
    follows with it contain the legal follows without it — and the checker, the counts and
    the step masks say the same."""
    rng = random.Random(seed)
    pos = (tractor_position if tractor_shaped else window_position)(rng)
    assume(pos is not None)
    assert pos is not None
    ctx, base, _, hand = pos
    plain = replace(base, protect_triples=False, protect_tractors=False)
    rules = replace(plain, protect_triples=protection.protect_triples,
                    protect_tractors=protection.protect_tractors)
    lead = make_lead(pos[2].cards, ctx, plain)
    without = set(legal_follows(hand, lead, ctx, plain))
    with_it = legal_follows(hand, lead, ctx, rules)
    assert without <= set(with_it), format_cards(lead.cards)
    assert count_follows(hand, lead, ctx, rules) == len(with_it) >= len(without)
    for play in without:
        assert follow_error(hand, lead, play, ctx, rules) is None, format_cards(play)
        assert follow_steps(hand, lead, (), ctx, rules)[0] >= {play[0]}
