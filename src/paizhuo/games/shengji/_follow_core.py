"""The follow match vector (a, b, c) of SJ-8 2 and its optimum over a hand (``docs/shengji.md``).

Internal to :mod:`paizhuo.games.shengji.follow`. Everything works on count dicts of one
suit group (card id → copies). A follower's tuple is classified by *kind*:

- ``P2``: a pair (2 copies in the play), serves a lead pair or triple with weight 2;
- ``U``: a triple that may also be cut to serve a pair (weight 3 against a triple, 2 else);
- ``W``: a triple that only serves triples (``protect_triples``);
- ``0``: not a tuple, or a tuple the protections exempt.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Final

from paizhuo.games.shengji.combos import ComboRules, Lead, hand_tractor_ids
from paizhuo.games.shengji.order import TrumpContext

P2: Final = 1
U: Final = 2
W: Final = 3

Holding = dict[int, int]
"""Card id → copies, all of one suit group."""


def protected_ids(hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules) -> set[int]:
    """Ids exempt from being demanded as tuples (``protect_tractors``, lead without tractor)."""
    if rules.protect_tractors and not lead.tractors and lead.tuple_sizes:
        return hand_tractor_ids(hg, ctx, rules)
    return set()


def kind_of(m: int, h: int, x: int, prot: set[int], protect_triples: bool) -> int:
    """Kind of ``m`` copies of card ``x`` in a play, the hand holding ``h`` copies."""
    if m < 2 or x in prot:
        return 0
    if h >= 3 and protect_triples:
        return W if m >= 3 else 0
    return U if m >= 3 else P2


def c_value(t2: int, t3: int, n_p: int, n_u: int, n_w: int) -> int:
    """Tuple coverage (c): best matching of follower tuples to ``t2`` lead pairs, ``t3`` triples.

    Weight ``min(lead size, follower size)``; ``W`` only serves triples. Greedy is exact:
    triple-only tuples to triples, then universal triples to triples (+1 each), then the rest.
    """
    xw = min(t3, n_w)
    xu = min(t3 - xw, n_u)
    y = min(t2 + t3 - xw - xu, n_p + n_u - xu)
    return 3 * (xw + xu) + 2 * y


def _usable(kind: int, k: int) -> bool:
    return (kind in (P2, U)) if k == 2 else (kind in (U, W))


Leaf = Callable[[int, dict[int, int]], None]
_STOP: Final = 1 << 30
"""A running best no branch can reach: set once the optimum is known to be found."""


def tractor_structures(avail: dict[int, tuple[int, int]], tractors: tuple[tuple[int, int], ...],
                       slot: tuple[int, ...], minlen: int, leaf: Leaf,
                       prune_below: list[int] | None = None) -> None:
    """Enumerate assignments of disjoint follower tractors to the lead's tractors.

    ``avail``: id → (kind, hand count) of the follower's tuples. Calls ``leaf(b, used)`` with
    ``b = Σ min(lead length, assigned length)`` and ``used`` id → tuple size used. Ids of the
    same slot, kind and hand count are interchangeable, so one of them stands for all.
    ``prune_below[0]``, if given, is a running best b: branches that cannot reach it are cut.
    """
    n_tr = len(tractors)
    remaining = [0] * (n_tr + 1)
    for i in range(n_tr - 1, -1, -1):
        remaining[i] = remaining[i + 1] + tractors[i][1]
    used: dict[int, int] = {}

    def rec(i: int, b: int) -> None:
        if prune_below is not None and b + remaining[i] < prune_below[0]:
            return
        if i == n_tr:
            leaf(b, used)
            return
        k, length = tractors[i]
        reps: dict[int, list[int]] = {}
        seen: set[tuple[int, int, int]] = set()
        for x in sorted(avail):
            kind, h = avail[x]
            if x in used or not _usable(kind, k):
                continue
            key = (slot[x], kind, h)
            if key in seen:
                continue
            seen.add(key)
            reps.setdefault(slot[x], []).append(x)
        for low in sorted(reps, reverse=True):
            chain: list[list[int]] = []
            s = low
            while s in reps and len(chain) < length:
                chain.append(reps[s])
                s += 1
            # longest first, so the running best rises early
            for ln in range(len(chain), minlen - 1, -1):
                for combo in product(*chain[:ln]):
                    for x in combo:
                        used[x] = k
                    rec(i + 1, b + ln)
                    for x in combo:
                        del used[x]
        rec(i + 1, b)

    rec(0, 0)


def play_vector_bc(pg: Holding, hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules,
                   prot: set[int]) -> tuple[int, int]:
    """(b, c) of a play's cards in the lead's group ``pg`` (the hand's holding ``hg``)."""
    pt = rules.protect_triples
    n_k = [0, 0, 0, 0]
    avail: dict[int, tuple[int, int]] = {}
    for x, m in pg.items():
        if m >= 2:
            kd = kind_of(m, hg.get(x, m), x, prot, pt)
            if kd:
                n_k[kd] += 1
                avail[x] = (kd, hg.get(x, m))
    c = c_value(lead.pairs, lead.triples, n_k[P2], n_k[U], n_k[W])
    if not lead.tractors or not avail:
        return 0, c
    best = [0]

    def leaf(b: int, used: dict[int, int]) -> None:
        if b > best[0]:
            best[0] = b

    tractor_structures(avail, lead.tractors, ctx.slot, rules.min_tractor_length, leaf, best)
    return best[0], c


class Optimum:
    """The best (b, c) a hand can reach and one play skeleton (tuples) reaching it."""

    __slots__ = ("b", "c", "skeleton")

    def __init__(self, b: int, c: int, skeleton: Holding) -> None:
        self.b = b
        self.c = c
        self.skeleton = skeleton


def optimum(hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules, prot: set[int],
            shuffle: Callable[[list[int]], None] | None = None) -> Optimum:
    """Best (b, c) over plays of ``lead.n`` cards from ``hg`` (which holds more than that).

    The skeleton holds only tuples; any filler from the rest of the holding keeps (b, c)
    optimal, since b and c can only grow when cards are added. ``shuffle`` randomises which
    of several equivalent tuples the skeleton uses.
    """
    pt = rules.protect_triples
    n = lead.n
    t2, t3 = lead.pairs, lead.triples
    avail: dict[int, tuple[int, int]] = {}
    for x, h in hg.items():
        if h >= 2:
            kd = kind_of(h, h, x, prot, pt)
            if kd:
                avail[x] = (kd, h)
    if not avail:
        return Optimum(0, 0, {})
    best_b = [0]
    full_b, full_c = lead.tractor_length_total(), lead.tuple_size_total()
    best: list[tuple[int, int, Holding]] = [(-1, -1, {})]
    order = sorted(avail)
    if shuffle is not None:
        shuffle(order)

    def leaf(b: int, used: dict[int, int]) -> None:
        if b < best[0][0]:
            return
        paid = 0
        u_p: list[int] = []
        u_u2: list[int] = []
        n_u = n_w = 0
        for x, k in used.items():
            paid += k
            if k == 3:
                if pt:
                    n_w += 1
                else:
                    n_u += 1
            elif avail[x][1] >= 3:
                u_u2.append(x)
            else:
                u_p.append(x)
        a_p: list[int] = []
        a_u: list[int] = []
        a_w: list[int] = []
        for x in order:
            if x in used:
                continue
            kd = avail[x][0]
            (a_p if kd == P2 else a_u if kd == U else a_w).append(x)
        budget = n - paid
        c, choice = _c_extend(t2, t3, len(u_p), len(u_u2), n_u, n_w,
                              len(a_p), len(a_u), len(a_w), budget)
        if (b, c) <= best[0][:2]:
            return
        if b > best_b[0]:
            best_b[0] = b
        if b == full_b and c == full_c:
            best_b[0] = _STOP  # nothing can do better: cut every remaining branch
        up, aw, au3, e = choice
        sk: Holding = dict(used)
        for x in u_u2[:up]:
            sk[x] = 3
        for x in a_w[:aw]:
            sk[x] = 3
        for x in a_u[:au3]:
            sk[x] = 3
        for x in (a_p + a_u[au3:])[:e]:
            sk[x] = 2
        best[0] = (b, c, sk)

    if lead.tractors:
        tractor_structures(avail, lead.tractors, ctx.slot, rules.min_tractor_length, leaf,
                           best_b)
    else:
        leaf(0, {})
    b, c, sk = best[0]
    return Optimum(b, c, sk)


def _c_extend(t2: int, t3: int, u_p: int, u_u2: int, u_u: int, u_w: int,
              a_p: int, a_u: int, a_w: int, budget: int) -> tuple[int, tuple[int, int, int, int]]:
    """Best c once tractors are fixed: which further tuples to add within ``budget`` cards.

    Returns c and (upgrades of used cut triples, added W triples, added U triples, added pairs).
    """
    total = t2 + t3
    best_c, best_choice = -1, (0, 0, 0, 0)
    for up in range(min(u_u2, t3) + 1):
        b1 = budget - up
        if b1 < 0:
            break
        for aw in range(min(a_w, t3) + 1):
            b2 = b1 - 3 * aw
            if b2 < 0:
                break
            for au3 in range(min(a_u, t3) + 1):
                b3 = b2 - 3 * au3
                if b3 < 0:
                    break
                n_w = u_w + aw
                n_u = u_u + up + au3
                base_p = u_p + u_u2 - up
                e = min(a_p + a_u - au3, b3 // 2, total)
                c = c_value(t2, t3, base_p + e, n_u, n_w)
                while e > 0 and c_value(t2, t3, base_p + e - 1, n_u, n_w) == c:
                    e -= 1
                if c > best_c:
                    best_c, best_choice = c, (up, aw, au3, e)
    return best_c, best_choice
