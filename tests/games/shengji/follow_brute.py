"""The tests' oracle for following (SJ-8): the match vector computed literally, by exhaustive
search, and every legal follow by the definition.

Deliberately shares nothing with the fast code (``paizhuo.games.shengji.follow``) but the
definitions of units and of the SJ-14 protections
(:func:`~paizhuo.games.shengji.combos.hand_tractor_ids`) and the sub-multiset generator.
"""

from __future__ import annotations

from itertools import product

from paizhuo.cards import Counts
from paizhuo.games.shengji.combos import ComboRules, Lead, hand_tractor_ids, tables
from paizhuo.games.shengji.follow import sub_multisets
from paizhuo.games.shengji.order import TrumpContext


def brute_force_follows(hand: Counts, lead: Lead, ctx: TrumpContext,
                        rules: ComboRules) -> list[tuple[int, ...]]:
    """Every legal follow by SJ-8's definition, literally: enumerate every ``n``-card
    sub-multiset of the hand, compute its match vector (a, b, c) by exhaustive search, keep
    those no other beats. Slow; the reference for tests."""
    arr = hand.array()
    items = [(x, h) for x, h in enumerate(arr) if h]
    hg = {x: arr[x] for x in tables(ctx).group_ids[lead.group] if arr[x]}
    plays = list(sub_multisets(items, lead.n))
    group = ctx.group
    seen: dict[tuple[int, ...], tuple[int, int, int]] = {}
    vectors = []
    for p in plays:
        key = tuple(c for c in p if group[c] == lead.group)
        if key not in seen:
            seen[key] = literal_vector(p, hg, lead, ctx, rules)
        vectors.append(seen[key])
    top = max(vectors)
    return [p for p, v in zip(plays, vectors, strict=True) if v == top]


def literal_vector(play: tuple[int, ...], hg: dict[int, int], lead: Lead, ctx: TrumpContext,
                   rules: ComboRules) -> tuple[int, int, int]:
    """(a, b, c) of ``play``: cards of the lead's group, tractor coverage, tuple coverage."""
    g = lead.group
    pg: dict[int, int] = {}
    for x in play:
        if ctx.group[x] == g:
            pg[x] = pg.get(x, 0) + 1
    a = sum(pg.values())
    prot: set[int] = set()
    if rules.protect_tractors and not lead.tractors and lead.tuple_sizes:
        prot = hand_tractor_ids(hg, ctx, rules)

    def may_serve(x: int, k: int, j: int) -> bool:
        """May ``k`` copies of ``x`` from the play stand for a lead tuple of size ``j``?"""
        if x in prot:
            return False
        if rules.protect_triples and hg[x] >= 3:
            return k == 3 and j == 3
        return True

    # (c): follower tuples (x, k) for every k ≥ 2 copies in the play, matched to lead tuples
    lead_tuples = list(lead.tuple_sizes)
    memo: dict[tuple[int, frozenset[int]], int] = {}

    def best_c(i: int, used: frozenset[int]) -> int:
        if i == len(lead_tuples):
            return 0
        if (i, used) in memo:
            return memo[i, used]
        j = lead_tuples[i]
        best = best_c(i + 1, used)
        for x, m in pg.items():
            if x in used:
                continue
            for k in range(2, m + 1):
                if may_serve(x, k, j):
                    best = max(best, min(j, k) + best_c(i + 1, used | {x}))
        memo[i, used] = best
        return best

    c = best_c(0, frozenset())

    # (b): every tractor inside the play, then every disjoint assignment to lead tractors
    follower: list[tuple[int, int, frozenset[int]]] = []
    for k in sorted({size for size, _ in lead.tractors}):
        at_slot: dict[int, list[int]] = {}
        for x, m in pg.items():
            if m >= k and may_serve_tractor(x, k, hg, rules, prot):
                at_slot.setdefault(ctx.slot[x], []).append(x)
        for low in at_slot:
            top = low
            while top + 1 in at_slot:
                top += 1
                length = top - low + 1
                if length < rules.min_tractor_length:
                    continue
                for combo in product(*(at_slot[s] for s in range(low, top + 1))):
                    follower.append((k, length, frozenset(combo)))
    tractors = list(lead.tractors)

    def best_b(i: int, used: frozenset[int]) -> int:
        if i == len(tractors):
            return 0
        k, length = tractors[i]
        best = best_b(i + 1, used)
        for fk, flen, ids in follower:
            if fk == k and not (ids & used):
                best = max(best, min(length, flen) + best_b(i + 1, used | ids))
        return best

    b = best_b(0, frozenset())
    return a, b, c


def may_serve_tractor(x: int, k: int, hg: dict[int, int], rules: ComboRules,
                      prot: set[int]) -> bool:
    if x in prot:
        return False
    return not (rules.protect_triples and hg[x] >= 3 and k < 3)
