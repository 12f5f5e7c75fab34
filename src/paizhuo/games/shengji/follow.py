"""Following 跟牌 and leading 出牌: legality, generators, samplers and step masks (SJ-6, SJ-8).

A follow of a lead of ``n`` cards from suit group ``G`` is legal unless another follow from
the same hand has a lexicographically larger *match vector* ``(a, b, c)``: (a) cards of ``G``,
(b) tractor coverage, (c) tuple coverage (``docs/shengji.md``). :func:`legal_follows` builds
the legal follows directly; the tests compare it with a literal reading of the definition
(``brute_force_follows`` in ``tests/games/shengji/sj_helpers.py``).

>>> from paizhuo.cards import Counts, HEARTS
>>> from paizhuo.notation import parse_cards
>>> from paizhuo.games.shengji.order import TrumpContext
>>> from paizhuo.games.shengji.combos import ComboRules, make_lead
>>> ctx, rules = TrumpContext.make(level=0, trump=HEARTS), ComboRules()
>>> lead = make_lead(parse_cards("KS KS"), ctx, rules)
>>> hand = Counts.of(parse_cards("7S 7S 9S AH"))
>>> follow_error(hand, lead, parse_cards("7S 9S"), ctx, rules)
'must follow with a pair: you hold 7♠ 7♠'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import prod

from paizhuo.cards import Counts, rank_of
from paizhuo.engine.errors import Words
from paizhuo.games.shengji._follow_core import (
    Holding,
    Optimum,
    optimum,
    play_vector_bc,
    protected_ids,
)
from paizhuo.games.shengji._follow_leads import (
    ascending_counts,
    count_leads,
    count_sub_multisets,
    lead_error,
    lead_mask,
    lead_steps,
    legal_leads,
    random_held,
    sample_lead,
    sub_multisets,
)
from paizhuo.games.shengji.combos import ComboRules, Lead, decompose_counts, group_name
from paizhuo.games.shengji.order import TRUMP, TrumpContext
from paizhuo.notation import say_cards

__all__ = [
    "bomb_follows",
    "count_follows",
    "count_leads",
    "follow_error",
    "follow_mask",
    "follow_steps",
    "lead_error",
    "lead_mask",
    "lead_steps",
    "legal_follows",
    "legal_leads",
    "sample_follow",
    "sample_lead",
]


def _holding(arr: list[int], ids: tuple[int, ...]) -> Holding:
    return {x: arr[x] for x in ids if arr[x]}


def _fmt_holding(h: Holding, lang: str = "en") -> str:
    return say_cards([x for x in sorted(h) for _ in range(h[x])], lang)


# --------------------------------------------------------------------------- the demand


@dataclass(frozen=True)
class _Demand:
    """What a follow in the led group owes (SJ-8.2 with the SJ-14 protections).

    A play's ``(b, c)`` is counted by ``rules`` (``prot``: ids that count for nothing); the
    play is legal iff it reaches one of ``targets`` in both b and c. Without a protection in
    play that is the hand's optimum, which only the optimal plays reach. A protection only
    ever allows: it lowers what is owed (``owed``: the optimum of the protected reading, where
    a protected triple or tractor counts for nothing) but every tuple played still counts, and
    a follow legal without the protection stays legal (the plain optimum is a target too).
    """

    rules: ComboRules
    prot: set[int]
    targets: tuple[tuple[int, int], ...]
    owed: Optimum
    owed_rules: ComboRules
    owed_prot: set[int]

    def met(self, b: int, c: int) -> bool:
        return any(b >= tb and c >= tc for tb, tc in self.targets)


def _demand(hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules,
            shuffle: Callable[[list[int]], None] | None = None) -> _Demand:
    prot = protected_ids(hg, lead, ctx, rules)
    owed = optimum(hg, lead, ctx, rules, prot, shuffle)
    if not prot and not (rules.protect_triples and any(h >= 3 for h in hg.values())):
        return _Demand(rules, prot, ((owed.b, owed.c),), owed, rules, prot)
    plain = replace(rules, protect_triples=False, protect_tractors=False)
    full = optimum(hg, lead, ctx, plain, set())
    if full.b >= owed.b and full.c >= owed.c:
        targets: tuple[tuple[int, int], ...] = ((owed.b, owed.c),)
    else:
        targets = ((full.b, full.c), (owed.b, owed.c))
    return _Demand(plain, set(), targets, owed, rules, prot)


# --------------------------------------------------------------------------- checking


def _follow_error(hand: Counts, lead: Lead, play: Sequence[int], ctx: TrumpContext,
                  rules: ComboRules) -> Words | None:
    """``None`` if ``play`` legally follows ``lead`` from ``hand`` (SJ-8 1–2), else why not
    (in English and 中文)."""
    n = lead.n
    if len(play) != n:
        return Words(f"a lead of {n} card{'s' if n > 1 else ''} ({say_cards(lead.cards)}) is "
                     f"followed with {n}, not {len(play)}",
                     f"首家出了 {n} 张（{say_cards(lead.cards, 'zh')}），跟牌也要出 {n} 张，"
                     f"不是 {len(play)} 张")
    arr = hand.array()
    group = ctx.group
    g = lead.group
    if n == 1:
        c = play[0]
        if not arr[c]:
            return Words(f"you do not hold {say_cards((c,))}",
                         f"你手里没有 {say_cards((c,), 'zh')}")
        if group[c] == g:
            return None
        hg = _holding(arr, ctx.group_ids[g])
        if hg:
            return _must_follow(g, hg)
        return None
    pc: Holding = {}
    for c in play:
        pc[c] = pc.get(c, 0) + 1
    for c, m in pc.items():
        if arr[c] < m:
            held = arr[c]
            return Words(f"you do not hold {say_cards([c] * m)}"
                         + (f" (only {held})" if held else ""),
                         f"你手里没有 {say_cards([c] * m, 'zh')}"
                         + (f"（只有 {held} 张）" if held else ""))
    hg = _holding(arr, ctx.group_ids[g])
    size_g = sum(hg.values())
    pg = {x: m for x, m in pc.items() if group[x] == g}
    a = sum(pg.values())
    if a < min(n, size_g):
        rest = {x: h - pg.get(x, 0) for x, h in hg.items() if h > pg.get(x, 0)}
        return _must_follow(g, rest)
    if size_g <= n or not rules.owes_shape(lead):
        return None  # all of G is played, or only (a) matters
    plain_rules = rules
    if rules.protect_triples or rules.protect_tractors:
        plain_rules = replace(rules, protect_triples=False, protect_tractors=False)
    b, c = play_vector_bc(pg, hg, lead, ctx, plain_rules, set())
    if b == lead.tractor_length_total() and c == lead.tuple_size_total():
        return None  # the lead's whole shape is matched: nothing can be better
    demand = _demand(hg, lead, ctx, rules)
    if demand.rules is not plain_rules:
        b, c = play_vector_bc(pg, hg, lead, ctx, demand.rules, demand.prot)
    if demand.met(b, c):
        return None
    owed = demand.owed
    if b < owed.b:
        return Words(f"must follow the tractor with a tractor: you hold "
                     f"{_tractor_text(hg, ctx, demand.owed_rules, owed.skeleton)}",
                     f"首家出拖拉机，有拖拉机必须跟拖拉机：你有 "
                     f"{_tractor_text(hg, ctx, demand.owed_rules, owed.skeleton, 'zh')}")
    return _tuple_message(hg, lead, demand.owed_rules, demand.owed_prot)


def _must_follow(g: int, held: Holding) -> Words:
    return Words(f"must follow {group_name(g)}: you hold {_fmt_holding(held)}",
                 f"必须跟{group_name(g, 'zh')}：你有 {_fmt_holding(held, 'zh')}")


def _tractor_text(hg: Holding, ctx: TrumpContext, rules: ComboRules, sk: Holding,
                  lang: str = "en") -> str:
    """The tractors of the holding (or, failing that, the optimal play's tuples)."""
    units = [u for u in decompose_counts(hg, ctx, rules) if u.length >= 2]
    if units:
        return ("，" if lang == "zh" else ", ").join(say_cards(u.cards, lang) for u in units)
    return _fmt_holding(sk, lang)


def _tuple_message(hg: Holding, lead: Lead, rules: ComboRules, prot: set[int]) -> Words:
    top = lead.tuple_sizes[0]
    tuples = [x for x, h in sorted(hg.items())
              if h >= 2 and x not in prot and not (rules.protect_triples and h >= 3
                                                    and top < h)]
    many = len(lead.tuple_sizes) > 1
    what, zh = {2: (("pairs" if many else "a pair"), "对子"),
                3: (("triples and pairs" if many else "a triple"),
                    ("三张和对子" if many else "三张")),
                }.get(top, (("quads, triples and pairs" if many else "a quad"),
                            ("四张、三张和对子" if many else "四张")))
    held = ", ".join(say_cards([x] * hg[x]) for x in tuples)
    held_zh = "，".join(say_cards([x] * hg[x], "zh") for x in tuples)
    return Words(f"must follow with {what}: you hold {held}",
                 f"有{zh}必须跟{zh}：你有 {held_zh}")


# --------------------------------------------------------------------------- generating


def _skeleton_plays(hg: Holding, lead: Lead, ctx: TrumpContext,
                    demand: _Demand) -> Iterator[Holding]:
    """Every exact tuple structure S (id → copies ≥ 2) of a legal follow from ``hg``.

    A legal follow is S plus single copies of distinct ids outside S; S must meet the
    demand (reach one of its targets in b and c) within ``lead.n`` cards.
    """
    n = lead.n
    tuple_ids = sorted(x for x, h in hg.items() if h >= 2)
    n_ids = len(hg)
    chosen: Holding = {}
    rules, prot = demand.rules, demand.prot

    def reachable(i: int) -> bool:
        """Can the choices so far still meet the demand? (Bound: every undecided tuple
        taken whole, which only raises b and c.)"""
        bound = dict(chosen)
        for x in tuple_ids[i:]:
            bound[x] = hg[x]
        return demand.met(*play_vector_bc(bound, hg, lead, ctx, rules, prot))

    def rec(i: int, used: int, tight: bool) -> Iterator[Holding]:
        if not tight and not reachable(i):
            return
        if i == len(tuple_ids):
            if n_ids - len(chosen) < n - used:
                return
            if demand.met(*play_vector_bc(chosen, hg, lead, ctx, rules, prot)):
                yield dict(chosen)
            return
        x = tuple_ids[i]
        h = hg[x]
        yield from rec(i + 1, used, False)
        for m in range(2, h + 1):
            if used + m > n:
                break
            chosen[x] = m
            yield from rec(i + 1, used + m, m == h)
            del chosen[x]

    yield from rec(0, 0, False)


def _plays_of_skeleton(sk: Holding, hg: Holding, r: int) -> Iterator[tuple[int, ...]]:
    pool = [x for x in sorted(hg) if x not in sk]
    base = [x for x in sorted(sk) for _ in range(sk[x])]
    for extra in combinations(pool, r):
        yield tuple(sorted(base + list(extra)))


def _legal_follows(hand: Counts, lead: Lead, ctx: TrumpContext,
                   rules: ComboRules) -> list[tuple[int, ...]]:
    """Every legal follow (SJ-8 1–2) as a distinct sorted tuple of card ids."""
    arr = hand.array()
    n = lead.n
    g = lead.group
    hg = _holding(arr, ctx.group_ids[g])
    size_g = sum(hg.values())
    if size_g <= n:
        base = tuple(x for x in sorted(hg) for _ in range(hg[x]))
        others = [(x, h) for x, h in enumerate(arr) if h and ctx.group[x] != g]
        return [tuple(sorted(base + extra)) for extra in sub_multisets(others, n - size_g)]
    if not rules.owes_shape(lead):
        return list(sub_multisets(sorted(hg.items()), n))
    out: list[tuple[int, ...]] = []
    for sk in _skeleton_plays(hg, lead, ctx, _demand(hg, lead, ctx, rules)):
        out.extend(_plays_of_skeleton(sk, hg, n - sum(sk.values())))
    return out


def forced_follow(hand: Counts, lead: Lead, ctx: TrumpContext,
                  rules: ComboRules | None = None) -> tuple[int, ...] | None:
    """The one legal follow where that is plain without listing (SJ-8 1): a hand of as many
    cards as the lead plays all of them, and one holding exactly as many cards of the led
    suit as the lead has plays those. ``None`` otherwise, which says nothing (a pair rule can
    leave one follow too). With ``rules`` whose bombs SJ-14.8 lets be played, also None where
    the hand holds such a bomb."""
    if rules is not None and bomb_follows(hand, lead, ctx, rules):
        return None
    arr = hand.array()
    if len(hand) == lead.n:
        return hand.to_tuple()
    held = [x for x in ctx.group_ids[lead.group] if arr[x]]
    if sum([arr[x] for x in held]) != lead.n:
        return None
    return tuple(sorted([x for x in held for _ in range(arr[x])]))


def _count_follows(hand: Counts, lead: Lead, ctx: TrumpContext, rules: ComboRules) -> int:
    """Number of legal follows (by formula where the lead holds no tuple)."""
    arr = hand.array()
    n = lead.n
    g = lead.group
    hg = _holding(arr, ctx.group_ids[g])
    size_g = sum(hg.values())
    if size_g <= n:
        return count_sub_multisets([h for x, h in enumerate(arr) if h and ctx.group[x] != g],
                                    n - size_g)
    if not rules.owes_shape(lead):
        return count_sub_multisets(list(hg.values()), n)
    total = 0
    for sk in _skeleton_plays(hg, lead, ctx, _demand(hg, lead, ctx, rules)):
        pool = len(hg) - len(sk)
        r = n - sum(sk.values())
        total += _comb(pool, r)
    return total


def _comb(a: int, b: int) -> int:
    if b < 0 or b > a:
        return 0
    return prod(range(a - b + 1, a + 1)) // prod(range(1, b + 1))


def sample_follow(hand: Counts, lead: Lead, ctx: TrumpContext, rules: ComboRules,
                  rng: random.Random) -> tuple[int, ...]:
    """A random legal follow (not uniform), fast: skeleton of tuples plus random filler."""
    arr = hand.array()
    n = lead.n
    g = lead.group
    ids = ctx.group_ids[g]
    if n == 1:
        held = [x for x in ids if arr[x]]
        if held:
            return (held[int(rng.random() * len(held))],)
        return (random_held(arr, rng),)
    hg = {x: arr[x] for x in ids if arr[x]}
    size_g = sum(hg.values())
    if size_g <= n:
        base = [x for x in hg for _ in range(hg[x])]
        if size_g < n:
            group = ctx.group
            others = [x for x, h in enumerate(arr) if h and group[x] != g for _ in range(h)]
            base.extend(rng.sample(others, n - size_g))
        return tuple(sorted(base))
    if not rules.owes_shape(lead):
        cards = [x for x in hg for _ in range(hg[x])]
        return tuple(sorted(rng.sample(cards, n)))
    if not lead.tractors and lead.n == 2 and not rules.protect_tractors:
        pairs = [x for x, h in hg.items() if h >= 2 and not (h >= 3 and rules.protect_triples)]
        if pairs:
            x = pairs[int(rng.random() * len(pairs))]
            return (x, x)
        cards = [x for x in hg for _ in range(hg[x])]
        return tuple(sorted(rng.sample(cards, 2)))
    prot = protected_ids(hg, lead, ctx, rules)
    best = optimum(hg, lead, ctx, rules, prot, rng.shuffle)
    sk = best.skeleton
    play = [x for x in sk for _ in range(sk[x])]
    rest = [x for x, h in hg.items() for _ in range(h - sk.get(x, 0))]
    play.extend(rng.sample(rest, n - len(play)))
    return tuple(sorted(play))


# --------------------------------------------------------------------------- masks


def _follow_mask(hand: Counts, lead: Lead, partial: Sequence[int], ctx: TrumpContext,
                 rules: ComboRules) -> tuple[frozenset[int], bool]:
    """Card ids that can be added to ``partial`` so it still completes to a legal follow, and
    whether ``partial`` itself is a complete legal follow."""
    arr = hand.array()
    n = lead.n
    g = lead.group
    group = ctx.group
    q: Holding = {}
    for c in partial:
        q[c] = q.get(c, 0) + 1
    if any(arr[c] < m for c, m in q.items()) or len(partial) > n:
        return frozenset(), False
    if len(partial) == n:
        return frozenset(), follow_error(hand, lead, partial, ctx, rules) is None
    hg = _holding(arr, ctx.group_ids[g])
    size_g = sum(hg.values())
    qg = sum(m for c, m in q.items() if group[c] == g)
    if size_g <= n:
        out_budget = n - size_g - (len(partial) - qg)
        if out_budget < 0:
            return frozenset(), False
        mask = {x for x, h in hg.items() if h > q.get(x, 0)}
        if out_budget > 0:
            mask.update(x for x, h in enumerate(arr) if h > q.get(x, 0) and group[x] != g)
        return frozenset(mask), False
    if qg != len(partial):
        return frozenset(), False
    if not rules.owes_shape(lead):
        return frozenset(x for x, h in hg.items() if h > q.get(x, 0)), False
    mask = set()
    for sk in _skeleton_plays(hg, lead, ctx, _demand(hg, lead, ctx, rules)):
        r = n - sum(sk.values())
        singles = 0
        ok = True
        for x, m in q.items():
            if x in sk:
                if m > sk[x]:
                    ok = False
                    break
            elif m > 1:
                ok = False
                break
            else:
                singles += 1
        if not ok or singles > r:
            continue
        for x, m in sk.items():
            if q.get(x, 0) < m:
                mask.add(x)
        if singles < r:
            mask.update(x for x in hg if x not in sk and x not in q)
    return frozenset(mask), False


# --------------------------------------------------------------------------- steps


def _follow_steps(hand: Counts, lead: Lead, prefix: Sequence[int], ctx: TrumpContext,
                  rules: ComboRules) -> tuple[set[int], bool]:
    """The step encoding of a follow: cards in ascending order. The cards ``c`` (not below
    the prefix's last) such that ``prefix + c`` begins, in ascending order, some legal follow;
    and whether ``prefix`` is itself a legal follow.

    Every legal follow is a fixed part plus a free choice of ``r`` cards from a pool of other
    ids (all of the led group plus any other cards; any cards of the group; or a tuple
    structure plus distinct singles, one case per structure), so each step is decided by
    :func:`_fixed_plus_choice` without listing the follows.
    """
    arr = hand.array()
    n = lead.n
    g = lead.group
    hg = _holding(arr, ctx.group_ids[g])
    size_g = sum(hg.values())
    if size_g <= n:
        pool = {x: h for x, h in enumerate(arr) if h and ctx.group[x] != g}
        return _fixed_plus_choice(hg, pool, n - size_g, prefix)
    if not rules.owes_shape(lead):
        return _fixed_plus_choice({}, hg, n, prefix)
    mask: set[int] = set()
    complete = False
    for sk in _skeleton_plays(hg, lead, ctx, _demand(hg, lead, ctx, rules)):
        singles = {x: 1 for x in hg if x not in sk}
        found, done = _fixed_plus_choice(sk, singles, n - sum(sk.values()), prefix)
        mask |= found
        complete = complete or done
    return mask, complete


def _fixed_plus_choice(fixed: Holding, pool: Holding, r: int,
                       prefix: Sequence[int]) -> tuple[set[int], bool]:
    """Steps through the plays ``fixed + R`` (``R``: any ``r`` cards of ``pool``; the two hold
    different ids), cards in ascending order: the next cards after ``prefix`` and whether
    ``prefix`` is a whole play."""
    used = ascending_counts(prefix)
    if used is None:
        return set(), False
    last = prefix[-1] if prefix else -1
    from_pool = 0
    for x, m in used.items():
        if x in fixed:
            if m > fixed[x]:
                return set(), False
        elif m > pool.get(x, 0):
            return set(), False
        else:
            from_pool += m
    need = r - from_pool
    if need < 0:
        return set(), False
    # the lowest fixed card not yet taken: every later step is at most it, and it must come
    none = 1 << 30
    low_fixed = min((x for x, h in fixed.items() if h > used.get(x, 0)), default=none)
    if low_fixed < last:
        return set(), False
    mask: set[int] = set()
    free_above = 0  # free pool copies at ids ≥ the id looked at (from the top down)
    for x in sorted(pool, reverse=True):
        if x < last:
            break
        free = pool[x] - used.get(x, 0)
        free_above += free
        if free and x < low_fixed and need >= 1 and free_above >= need:
            mask.add(x)
    if free_above < need:
        return set(), False  # too few cards left above the prefix to complete it
    if low_fixed != none and sum(pool[x] - used.get(x, 0)
                                 for x in pool if x >= low_fixed) >= need:
        mask.add(low_fixed)
    return mask, low_fixed == none and need == 0


# --------------------------------------------------------------------------- bombs


def bomb_follows(hand: Counts, lead: Lead, ctx: TrumpContext,
                 rules: ComboRules) -> list[tuple[int, ...]]:
    """SJ-14.8 ``bomb_follow``: the bombs of ``lead.n`` cards ``hand`` may play beyond what
    SJ-8 allows — with ``suit_or_trump`` those of the led group or trumps, with ``any_time``
    any. Empty unless the table has bombs that override what is owed."""
    n = lead.n
    if not rules.bombs or rules.bomb_follow == "suit" or n < 4:
        return []
    arr = hand.array()
    groups = (lead.group, TRUMP) if rules.bomb_follow == "suit_or_trump" else range(5)
    classes: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for g in set(groups):
        for x in ctx.group_ids[g]:
            if arr[x]:
                key = (g, x if rules.bomb_cards == "identical" else rank_of(x))
                classes.setdefault(key, []).append((x, arr[x]))
    out: list[tuple[int, ...]] = []
    for items in classes.values():
        if sum(h for _, h in items) >= n:
            for play in sub_multisets(sorted(items), n):
                if rules.is_bomb(play, ctx) and _follow_error(hand, lead, play, ctx, rules):
                    out.append(tuple(sorted(play)))
    return out


def follow_error(hand: Counts, lead: Lead, play: Sequence[int], ctx: TrumpContext,
                 rules: ComboRules) -> Words | None:
    """``None`` if ``play`` legally follows ``lead`` from ``hand`` (SJ-8 1–2, and a bomb
    SJ-14.8 lets be played), else why not (in English and 中文)."""
    why = _follow_error(hand, lead, play, ctx, rules)
    if (why is not None and rules.bombs and rules.bomb_follow != "suit" and len(play) >= 4
            and tuple(sorted(play)) in bomb_follows(hand, lead, ctx, rules)):
        return None
    return why


def legal_follows(hand: Counts, lead: Lead, ctx: TrumpContext,
                  rules: ComboRules) -> list[tuple[int, ...]]:
    """Every legal follow (SJ-8 1–2; bombs SJ-14.8 allows) as a distinct sorted tuple."""
    return _legal_follows(hand, lead, ctx, rules) + bomb_follows(hand, lead, ctx, rules)


def count_follows(hand: Counts, lead: Lead, ctx: TrumpContext, rules: ComboRules) -> int:
    """Number of legal follows (by formula where the lead holds no tuple)."""
    return _count_follows(hand, lead, ctx, rules) + len(bomb_follows(hand, lead, ctx, rules))


def follow_mask(hand: Counts, lead: Lead, partial: Sequence[int], ctx: TrumpContext,
                rules: ComboRules) -> tuple[frozenset[int], bool]:
    """Card ids that can be added to ``partial`` so it still completes to a legal follow, and
    whether ``partial`` itself is a complete legal follow."""
    mask, done = _follow_mask(hand, lead, partial, ctx, rules)
    extra = bomb_follows(hand, lead, ctx, rules)
    if not extra:
        return mask, done
    q: dict[int, int] = {}
    for c in partial:
        q[c] = q.get(c, 0) + 1
    more = set(mask)
    for bomb in extra:
        b: dict[int, int] = {}
        for c in bomb:
            b[c] = b.get(c, 0) + 1
        if all(b.get(c, 0) >= m for c, m in q.items()):
            if len(partial) == len(bomb):
                done = True
            more.update(c for c, m in b.items() if m > q.get(c, 0))
    return frozenset(more), done


def follow_steps(hand: Counts, lead: Lead, prefix: Sequence[int], ctx: TrumpContext,
                 rules: ComboRules) -> tuple[set[int], bool]:
    """The step encoding of a follow (cards in ascending order): the next cards of the legal
    follows that begin with ``prefix``, and whether ``prefix`` is one (see
    :func:`_follow_steps`; the bombs SJ-14.8 allows added)."""
    steps, done = _follow_steps(hand, lead, prefix, ctx, rules)
    k = len(prefix)
    for bomb in bomb_follows(hand, lead, ctx, rules):
        if bomb[:k] == tuple(prefix):
            if len(bomb) > k:
                steps.add(bomb[k])
            else:
                done = True
    return steps, done
