"""Throws 甩牌 (SJ-7), ruffs 毙 and the winner of a trick (SJ-8 3–4).

>>> from paizhuo.cards import HEARTS
>>> from paizhuo.notation import parse_cards
>>> from paizhuo.games.shengji.order import TrumpContext
>>> from paizhuo.games.shengji.combos import ComboRules, make_lead
>>> ctx, rules = TrumpContext.make(level=0, trump=HEARTS), ComboRules()
>>> lead = make_lead(parse_cards("5S 4S 4S"), ctx, rules)       # over side 5 4 4 …
>>> plays = [lead.cards, parse_cards("9H 7H 7H"), parse_cards("8H 8H 4H")]
>>> trick_winner(lead, plays, ctx, rules)                         # … 8 8 4 over-ruffs 9 7 7
2
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from paizhuo.cards import Counts
from paizhuo.games.shengji._follow_core import play_vector_bc
from paizhuo.games.shengji.combos import ComboRules, Lead, Unit, decompose
from paizhuo.games.shengji.order import TRUMP, TrumpContext

__all__ = ["check_throw", "play_rank", "trick_winner", "unit_beaten_by"]


def unit_beaten_by(unit: Unit, arr: Sequence[int], g: int, ctx: TrumpContext) -> bool:
    """Does a holding (count array) hold, in group ``g``, a unit of ``unit``'s shape that beats
    it (SJ-7): a higher single; a higher tuple of that size; a tractor of that tuple size, at
    least that long, with a higher top?"""
    slot_ids = ctx.slot_cards[g]
    k, length, top = unit.size, unit.length, unit.top
    if length == 1:
        for s in range(top + 1, len(slot_ids)):
            for x in slot_ids[s]:
                if arr[x] >= k:
                    return True
        return False
    run = 0
    for s in range(len(slot_ids)):
        if any(arr[x] >= k for x in slot_ids[s]):
            run += 1
            if run >= length and s > top:
                return True
        else:
            run = 0
    return False


def check_throw(lead_cards: Sequence[int], leader: int, hands: Sequence[Counts],
                ctx: TrumpContext,
                rules: ComboRules) -> tuple[tuple[int, ...], tuple[Unit, ...]] | None:
    """``None`` if the lead stands (one unit, or every unit highest of its shape against every
    *other* hand, SJ-7); else (the cards the leader must play instead — the failing unit that
    holds the smallest card — and every failing unit).

    >>> from paizhuo.cards import HEARTS
    >>> from paizhuo.notation import parse_cards, format_cards
    >>> ctx, rules = TrumpContext.make(level=0, trump=HEARTS), ComboRules()
    >>> hands = [Counts.of(parse_cards("9S 8S 8S 4S 4S")), Counts.of(parse_cards("QS QS"))]
    >>> forced, failing = check_throw(parse_cards("9S 8S 8S 4S 4S"), 0, hands, ctx, rules)
    >>> format_cards(forced)
    '4S 4S'
    """
    if len(lead_cards) == 1 or (len(lead_cards) == 2 and lead_cards[0] == lead_cards[1]):
        return None
    units = decompose(lead_cards, ctx, rules)
    if len(units) <= 1:
        return None
    g = ctx.group[lead_cards[0]]
    others = [h.array() for i, h in enumerate(hands) if i != leader]
    failing = tuple(u for u in units if any(unit_beaten_by(u, arr, g, ctx) for arr in others))
    if not failing:
        return None
    forced = min(failing, key=lambda u: (u.top - u.length + 1, len(u.cards)))
    return forced.cards, failing


def _unprotected(rules: ComboRules) -> ComboRules:
    if rules.protect_triples or rules.protect_tractors:
        return replace(rules, protect_triples=False, protect_tractors=False)
    return rules


def _run_top(pc: dict[int, int], k: int, length: int, slot: tuple[int, ...]) -> int:
    """Highest top slot of a run of ``length`` slots holding ``k``-tuples in ``pc`` (-1: none)."""
    slots = {slot[x] for x, m in pc.items() if m >= k}
    best = -1
    for s in slots:
        if s > best and all(s - i in slots for i in range(1, length)):
            best = s
    return best


def play_rank(lead: Lead, play: Sequence[int], ctx: TrumpContext,
              rules: ComboRules) -> tuple[int, int] | None:
    """Comparable strength of a play in a trick, or ``None`` if it cannot win (SJ-8 3–4).

    The key is ``(tier, value)``: tier 0 side cards of the led group, 1 trumps (the lead's own
    trumps or a ruff), 2/3 side/trump bombs (option ``bombs``); value is the top slot of the
    play's best unit of the lead's deciding shape. The lead itself always has a key.
    """
    n = lead.n
    if len(play) != n:
        return None
    group = ctx.group
    slot = ctx.slot
    g = lead.group
    if n == 1:
        c = play[0]
        cg = group[c]
        if cg in (g, TRUMP):
            return (1 if cg == TRUMP else 0, slot[c])
        return None
    pgrp = group[play[0]]
    tier = 1 if pgrp == TRUMP else 0
    if rules.is_bomb(play, ctx):
        # SJ-8.4: a bomb of the led group or trumps; SJ-14.8: of any suit where a bomb may be
        # played whatever is owed
        if pgrp in (g, TRUMP) or rules.bomb_follow != "suit":
            return (2 + tier, max(slot[c] for c in play))
        return None
    if pgrp != g and pgrp != TRUMP:
        return None
    for c in play:
        if group[c] != pgrp:
            return None
    if n == 2 and lead.pairs == 1:  # a pair led
        if play[0] == play[1]:
            return (tier, slot[play[0]])
        return None
    pc: dict[int, int] = {}
    for c in play:
        pc[c] = pc.get(c, 0) + 1
    if lead.tuple_sizes:
        plain = _unprotected(rules)
        b, cov = play_vector_bc(pc, pc, lead, ctx, plain, set())
        if b < lead.tractor_length_total() or cov < lead.tuple_size_total():
            return None
    if pgrp != g and rules.throw_compare == "highest_card" and lead.is_throw:
        return (tier, max(slot[c] for c in play))
    k, length = lead.deciding
    if length >= 2:
        value = _run_top(pc, k, length, slot)
    elif k >= 2:
        value = max(slot[x] for x, m in pc.items() if m >= k)
    else:
        value = max(slot[c] for c in play)
    return (tier, value)


def trick_winner(lead: Lead, plays: Sequence[Sequence[int]], ctx: TrumpContext,
                 rules: ComboRules) -> int:
    """Index into ``plays`` (``plays[0]`` is the lead) of the winning play; ties: the earlier."""
    best_i = 0
    best = play_rank(lead, plays[0], ctx, rules)
    if best is None:
        raise ValueError("plays[0] must be the lead's cards")
    if rules.throw_compare in ("all_units", "largest_units") and lead.is_throw:
        return _winner_by_answers(lead, plays, best, ctx, rules)
    for i in range(1, len(plays)):
        key = play_rank(lead, plays[i], ctx, rules)
        if key is not None and key > best:
            best, best_i = key, i
    return best_i


def _winner_by_answers(lead: Lead, plays: Sequence[Sequence[int]], best: tuple[int, int],
                       ctx: TrumpContext, rules: ComboRules) -> int:
    """The winner of a throw answered unit by unit (SJ-14.2). A play that can win
    (:func:`play_rank`) of a higher tier (a ruff over side cards, a bomb) takes the trick; of
    the same tier it takes it only with an answer of its cards to the lead's units that beats
    the winning play's answer — with ``throw_compare = all_units`` each unit above the one it
    answers, with ``largest_units`` the largest unit where they differ (units by their number
    of cards, largest first; singles not compared where the throw holds a tuple; within one
    size the first that differs decides). The first such answer found, highest first, is the
    one the next play must beat (the lead answers its own units); bombs compare as always."""
    units = lead.units
    all_units = rules.throw_compare == "all_units"
    skip_singles = any(len(u.cards) > 1 for u in units)
    order = sorted((i for i in range(len(units))
                    if not (skip_singles and len(units[i].cards) == 1)),
                   key=lambda i: -len(units[i].cards))

    def defeats(new: list[int], old: list[int]) -> bool:
        for i in order:  # the first unit that differs, largest first
            if new[i] != old[i]:
                return new[i] > old[i]
        return False

    best_i = 0
    tops: list[int] | None = [u.top for u in units]
    for i in range(1, len(plays)):
        key = play_rank(lead, plays[i], ctx, rules)
        if key is None or key[0] < best[0]:
            continue
        if key[0] >= 2 or tops is None:  # bombs: by their key
            if key > best:
                best, best_i, tops = key, i, None
            continue
        higher = key[0] > best[0]
        if higher or all_units:
            found = next(_answers(lead, plays[i], ctx, None if higher else tops), None)
        else:
            found = next((a for a in _answers(lead, plays[i], ctx) if defeats(a, tops)), None)
        # (with all_units a higher tier takes the trick even where no answer is found)
        if found is not None or (higher and all_units):
            best, best_i, tops = key, i, found
    return best_i


def _answers(lead: Lead, play: Sequence[int], ctx: TrumpContext,
             floor: list[int] | None = None) -> Iterator[list[int]]:
    """Every assignment of ``play``'s cards to the lead's units (in their order) as the top
    slots it gives them, higher tops first; each top above ``floor[i]`` when a floor is
    given."""
    counts: dict[int, int] = {}
    for c in play:
        counts[c] = counts.get(c, 0) + 1
    slot = ctx.slot
    units = lead.units
    tops: list[int] = []

    def rec(i: int) -> Iterator[list[int]]:
        if i == len(units):
            yield list(tops)
            return
        k, length = units[i].size, units[i].length
        by_slot: dict[int, int] = {}  # slot → an id holding k copies there
        for x in sorted(counts, reverse=True):
            if counts[x] >= k:
                by_slot.setdefault(slot[x], x)
        for top in sorted(by_slot, reverse=True):
            if floor is not None and top <= floor[i]:
                break
            if not all(top - j in by_slot for j in range(length)):
                continue
            ids = [by_slot[top - j] for j in range(length)]
            for x in ids:
                counts[x] -= k
            tops.append(top)
            yield from rec(i + 1)
            tops.pop()
            for x in ids:
                counts[x] += k

    yield from rec(0)
