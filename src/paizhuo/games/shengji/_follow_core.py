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
                       prune_below: list[int] | None = None,
                       usable: Callable[[int, int, int], bool] | None = None) -> None:
    """Enumerate assignments of disjoint follower tractors to the lead's tractors.

    ``avail``: id → (kind, count) of the follower's tuples. Calls ``leaf(b, used)`` with
    ``b = Σ min(lead length, assigned length)`` and ``used`` id → copies the tractors take.
    Tractors are disjoint as cards: an id stands in another tractor while copies are left
    (four copies: two pairs, each in a tractor of pairs; with at most three copies an id
    stands in one tractor). Ids of the same slot, kind, count and copies left are
    interchangeable, so one of them stands for all. ``prune_below[0]``, if given, is a
    running best b: branches that cannot reach it are cut. ``usable(kind, count, k)`` says
    whether a tuple may stand in a tractor of ``k``-tuples (default: the kinds of tables of
    at most three decks).
    """
    n_tr = len(tractors)
    remaining = [0] * (n_tr + 1)
    for i in range(n_tr - 1, -1, -1):
        remaining[i] = remaining[i + 1] + tractors[i][1]
    left = {x: h for x, (_, h) in avail.items()}
    used: dict[int, int] = {}

    def rec(i: int, b: int) -> None:
        if prune_below is not None and b + remaining[i] < prune_below[0]:
            return
        if i == n_tr:
            leaf(b, used)
            return
        k, length = tractors[i]
        reps: dict[int, list[int]] = {}
        seen: set[tuple[int, int, int, int]] = set()
        for x in sorted(avail):
            kind, h = avail[x]
            if left[x] < k or not (_usable(kind, k) if usable is None else usable(kind, h, k)):
                continue
            key = (slot[x], kind, h, left[x])
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
                        left[x] -= k
                        used[x] = used.get(x, 0) + k
                    rec(i + 1, b + ln)
                    for x in combo:
                        left[x] += k
                        used[x] -= k
                        if not used[x]:
                            del used[x]
        rec(i + 1, b)

    rec(0, 0)


def play_vector_bc(pg: Holding, hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules,
                   prot: set[int]) -> tuple[int, int]:
    """(b, c) of a play's cards in the lead's group ``pg`` (the hand's holding ``hg``)."""
    if four_deck(hg, lead):
        return _general_bc(pg, hg, lead, ctx, rules, prot)
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
    return _best_b(avail, lead, ctx, rules), c


def _best_b(avail: dict[int, tuple[int, int]], lead: Lead, ctx: TrumpContext,
            rules: ComboRules, usable: Callable[[int, int, int], bool] | None = None) -> int:
    """The best tractor coverage (b) of the tuples ``avail`` against the lead's tractors."""
    best = [0]

    def leaf(b: int, used: dict[int, int]) -> None:
        if b > best[0]:
            best[0] = b

    tractor_structures(avail, lead.tractors, ctx.slot, rules.min_tractor_length, leaf, best,
                       usable)
    return best[0]


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
    if four_deck(hg, lead):
        return _general_optimum(hg, lead, ctx, rules, prot, shuffle)
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


# --------------------------------------------------------------------------- four decks
#
# With four decks a holding or a lead can hold four identical cards, and the kinds above
# (pairs and triples) no longer describe a tuple. These general forms are used only where a
# tuple of four is in the holding or the lead, so tables of one to three decks keep the code
# above. A follower tuple is ``(kind, size)``: ``FREE`` (any size from 2, which may be cut
# down, and four identical cards are also two disjoint pairs: they may answer two of the
# lead's tuples, or stand in two tractors of pairs) or ``WHOLE`` (``protect_triples``: a card
# held three or more times counts only whole, and only against the lead's tuples at least as
# large).

FREE: Final = 1
WHOLE: Final = 2


def four_deck(hg: Holding, lead: Lead) -> bool:
    """Whether the general (four-deck) forms are needed: a tuple of 4+ held or led."""
    return (bool(lead.tuple_sizes) and lead.tuple_sizes[0] >= 4) or any(
        h >= 4 for h in hg.values())


def _general_usable(kind: int, size: int, k: int) -> bool:
    """May a ``size``-tuple of this kind stand in a tractor of ``k``-tuples (SJ-8.2 (b))?"""
    return size >= k and (kind == FREE or size == k)


def c_general(lead_sizes: tuple[int, ...], free: list[int], whole: list[int]) -> int:
    """Tuple coverage (c) of SJ-8.2 for any tuple sizes: the best matching of the follower's
    tuples (``free`` sizes, which serve any lead tuple with weight ``min``, a free 4 also as two
    pairs; ``whole`` sizes, which serve only lead tuples at least as large, with their own
    size) to the lead's tuples.

    Without whole tuples a matching of both lists sorted largest first is optimal, and its
    value is ``Σ_j min(#lead ≥ j, #follower ≥ j)`` (min is supermodular); how many free 4s
    are split is tried every way. A whole tuple takes a lead tuple of its own size where one
    is left (never worse, by exchange); where none is, how many take larger ones is tried
    every way.
    """
    quads = free.count(4)
    if quads and len(free) < len(lead_sizes):
        rest = [f for f in free if f != 4]
        return max(_c_whole(lead_sizes, [*rest, *[4] * (quads - s), *[2] * (2 * s)], whole)
                   for s in range(quads + 1))
    return _c_whole(lead_sizes, free, whole)


def _c_whole(lead_sizes: tuple[int, ...], free: list[int], whole: list[int]) -> int:
    if not whole:
        return _c_sorted(lead_sizes, free)
    left = sorted(lead_sizes, reverse=True)
    placed = 0
    over: list[int] = []
    for w in sorted(whole, reverse=True):
        if w in left:
            left.remove(w)
            placed += w
        else:
            over.append(w)
    return placed + _c_over(tuple(left), over, free)


def _c_over(left: tuple[int, ...], over: list[int], free: list[int]) -> int:
    if not over:
        return _c_sorted(left, free)
    w, rest = over[0], over[1:]
    best = _c_over(left, rest, free)  # this whole tuple unmatched
    for k in sorted(set(left)):
        if k > w:
            lst = list(left)
            lst.remove(k)
            best = max(best, w + _c_over(tuple(lst), rest, free))
    return best


def _c_sorted(lead_sizes: tuple[int, ...] | list[int], free: list[int]) -> int:
    a = sorted(lead_sizes, reverse=True)
    b = sorted(free, reverse=True)
    return sum(min(x, y) for x, y in zip(a, b, strict=False))


def _general_bc(pg: Holding, hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules,
                prot: set[int]) -> tuple[int, int]:
    pt = rules.protect_triples
    avail: dict[int, tuple[int, int]] = {}
    free: list[int] = []
    whole: list[int] = []
    for x, m in pg.items():
        if m < 2 or x in prot:
            continue
        h = hg.get(x, m)
        if pt and h >= 3:
            if m == h:
                avail[x] = (WHOLE, m)
                whole.append(m)
        else:
            avail[x] = (FREE, m)
            free.append(m)
    c = c_general(lead.tuple_sizes, free, whole)
    if not lead.tractors or not avail:
        return 0, c
    return _best_b(avail, lead, ctx, rules, _general_usable), c


def _general_optimum(hg: Holding, lead: Lead, ctx: TrumpContext, rules: ComboRules,
                     prot: set[int],
                     shuffle: Callable[[list[int]], None] | None) -> Optimum:
    """:func:`optimum` for any tuple sizes: each tractor structure, then the best choice of
    further tuples (and larger copies of the tractors' tuples) within the lead's size."""
    pt = rules.protect_triples
    n = lead.n
    sizes = lead.tuple_sizes
    avail: dict[int, tuple[int, int]] = {}
    for x, h in hg.items():
        if h >= 2 and x not in prot:
            avail[x] = (WHOLE if pt and h >= 3 else FREE, h)
    if not avail:
        return Optimum(0, 0, {})
    order = sorted(avail)
    if shuffle is not None:
        shuffle(order)
    full_b, full_c = lead.tractor_length_total(), lead.tuple_size_total()
    best: list[tuple[int, int, Holding]] = [(-1, -1, {})]
    best_b = [0]

    def leaf(b: int, used: dict[int, int]) -> None:
        if b < best[0][0]:
            return
        c, sk = _extend(used, order, avail, sizes, n)
        if (b, c) <= best[0][:2]:
            return
        if b > best_b[0]:
            best_b[0] = b
        if b == full_b and c == full_c:
            best_b[0] = _STOP  # nothing can do better: cut every remaining branch
        best[0] = (b, c, sk)

    if lead.tractors:
        tractor_structures(avail, lead.tractors, ctx.slot, rules.min_tractor_length, leaf,
                           best_b, _general_usable)
    else:
        leaf(0, {})
    b, c, sk = best[0]
    return Optimum(b, c, sk)


def _extend(used: dict[int, int], order: list[int], avail: dict[int, tuple[int, int]],
            sizes: tuple[int, ...], n: int) -> tuple[int, Holding]:
    """The best c once the tractors' cards ``used`` (id → copies) are fixed, and a skeleton
    reaching it: every id chooses how many copies it plays (a tractor's tuple at least its
    size), within ``n`` cards; states by the multiset of tuple sizes (more tuples than the
    lead holds are of no use)."""
    cap = len(sizes)
    # state: (sorted free sizes, sorted whole sizes) → (cards, choices)
    start_cards = sum(used.values())
    states: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[tuple[int, int], ...]]]
    states = {((), ()): (start_cards, ())}
    for x in order:
        kind, h = avail[x]
        k0 = used.get(x, 0)
        if kind == WHOLE:
            options = [h] if k0 else [0, h]
        else:
            options = list(range(k0, h + 1)) if k0 else [0, *range(2, h + 1)]
        nxt: dict[tuple[tuple[int, ...], tuple[int, ...]],
                  tuple[int, tuple[tuple[int, int], ...]]] = {}
        for (fr, wh), (cards, picks) in states.items():
            for m in options:
                extra = m - k0
                if cards + extra > n:
                    break
                if m == 0:
                    key = (fr, wh)
                elif len(fr) + len(wh) >= cap:
                    continue  # a tuple no lead tuple is left for
                elif kind == WHOLE:
                    key = (fr, tuple(sorted((*wh, m))))
                else:
                    key = (tuple(sorted((*fr, m))), wh)
                found = nxt.get(key)
                if found is None or cards + extra < found[0]:
                    nxt[key] = (cards + extra, (*picks, (x, m)) if m else picks)
        states = nxt
    best_c = -1
    best_picks: tuple[tuple[int, int], ...] = ()
    for (fr, wh), (_cards, picks) in states.items():
        c = c_general(sizes, list(fr), list(wh))
        if c > best_c:
            best_c, best_picks = c, picks
    sk: Holding = dict(used)
    for x, m in best_picks:
        sk[x] = m
    return best_c, sk
