"""Dealing cards into slots under constraints, for :mod:`~paizhuo.games.gouji.determinize`:
hands (and the cards out of play) of fixed sizes that must hold some cards, at least or at most
so many of a rank, or be able to burn the play on the table (GJ-6)."""

from __future__ import annotations

import random
from collections.abc import Callable

from paizhuo.engine.dealing import tilt
from paizhuo.games.climbing import BJ, CARDS_OF_RANK, SJ, STRENGTH_OF_CARD, THREE, TWO
from paizhuo.games.gouji.combos import Shape, after, beating_plays, can_finish_burn, size
from paizhuo.games.gouji.state import SEATS

Bounds = dict[int, dict[int, int]]
"""slot → strength rank → a count."""


def deal(pool: list[int], slots: list[int], sizes: dict[int, int],
         must: dict[int, dict[int, int]], lo: Bounds, hi: Bounds,
         rng: random.Random, odds: Callable[[int, int], float] | None = None
         ) -> dict[int, list[int]] | None:
    """Fill every slot (``sizes[slot]`` cards) from ``pool``: the cards it must hold, the least
    it must hold of a rank, then the rest at random, never over a slot's most of a rank
    (``lo`` and ``hi``: slot → strength rank → count). ``None`` if that fails.

    ``odds(slot, card)``: a belief about where the cards lie (a slot that is no seat's hand
    counts 1); the cards dealt "at random" are then drawn again among the slots in
    proportion to it (:func:`~paizhuo.engine.dealing.tilt`), the cards a slot must hold and
    its least of a rank staying where they are and its most of a rank still kept."""
    avail = [0] * 55
    for c in pool:
        avail[c] += 1
    out: dict[int, list[int]] = {s: [] for s in slots}
    counts: dict[int, list[int]] = {s: [0] * 15 for s in slots}
    for s in slots:
        row = must.get(s)
        if row:
            for c in sorted(row):
                n = row[c]
                if n <= 0:
                    continue
                if avail[c] < n:
                    return None
                avail[c] -= n
                out[s].extend([c] * n)
                counts[s][STRENGTH_OF_CARD[c]] += n
    for s in slots:
        row = lo.get(s)
        if row:
            for g in sorted(row):
                need = row[g] - counts[s][g]
                if need <= 0:
                    continue
                ids = [c for c in CARDS_OF_RANK[g] for _ in range(avail[c])]
                if g == BJ:
                    ids += [54] * avail[54]
                if len(ids) < need:
                    return None
                for c in rng.sample(ids, need):
                    avail[c] -= 1
                    out[s].append(c)
                counts[s][g] += need
    cap = {s: sizes[s] - len(out[s]) for s in slots}
    if any(v < 0 for v in cap.values()):
        return None
    fixed = {s: len(out[s]) for s in slots}
    rest = [c for c in range(55) for _ in range(avail[c])]
    rng.shuffle(rest)
    limited = {g for s in slots if cap[s] > 0 for g in hi.get(s, {})}
    if limited:
        free = []
        for c in rest:
            g = STRENGTH_OF_CARD[c]
            if g not in limited:
                free.append(c)
                continue
            ok = [s for s in slots if cap[s] > 0
                  and (g not in hi.get(s, {}) or counts[s][g] < hi[s][g])]
            if not ok:
                return None
            total = sum(cap[s] for s in ok)
            pick = rng.random() * total
            for s in ok:
                pick -= cap[s]
                if pick < 0:
                    break
            out[s].append(c)
            counts[s][g] += 1
            cap[s] -= 1
        rest = free
    i = 0
    for s in slots:
        n = cap[s]
        if n:
            out[s].extend(rest[i:i + n])
            i += n
    for s in slots:
        row = hi.get(s)
        if row and any(counts[s][g] > n for g, n in row.items()):
            return None  # the cards it had to hold already break a most (never in play)
    if odds is not None:
        _tilt(out, slots, fixed, counts, hi, odds, rng)
    return out


def _tilt(out: dict[int, list[int]], slots: list[int], fixed: dict[int, int],
          counts: dict[int, list[int]], hi: Bounds, odds: Callable[[int, int], float],
          rng: random.Random) -> None:
    """The cards dealt at random (past ``fixed[slot]`` in each slot) drawn again by
    ``odds``, each slot's most of a rank kept."""
    free = [out[s][fixed[s]:] for s in slots]

    def weight(place: int, card: int) -> float:
        slot = slots[place]
        return odds(slot, card) if slot < SEATS else 1.0

    def allowed(p: int, i: int, q: int, j: int) -> bool:
        gx, gy = STRENGTH_OF_CARD[free[p][i]], STRENGTH_OF_CARD[free[q][j]]
        sp, sq = slots[p], slots[q]
        return gx == gy or (counts[sq][gx] + 1 <= hi.get(sq, {}).get(gx, 99)
                            and counts[sp][gy] + 1 <= hi.get(sp, {}).get(gy, 99))

    def swapped(p: int, i: int, q: int, j: int) -> None:
        gy, gx = STRENGTH_OF_CARD[free[p][i]], STRENGTH_OF_CARD[free[q][j]]  # (now swapped)
        sp, sq = slots[p], slots[q]
        counts[sp][gx] -= 1
        counts[sp][gy] += 1
        counts[sq][gy] -= 1
        counts[sq][gx] += 1

    tilt(free, weight, rng, allowed, swapped)
    for s, cards in zip(slots, free, strict=True):
        out[s] = out[s][:fixed[s]] + cards


def _left_over(pool: list[int], must: dict[int, dict[int, int]]) -> list[int]:
    """Copies of each card id in ``pool`` less every card some slot must hold."""
    avail = [0] * 55
    for card in pool:
        avail[card] += 1
    for row in must.values():
        for card, k in row.items():
            avail[card] = max(0, avail[card] - k)
    return avail


def burnable_hand(pool: list[int], must: dict[int, dict[int, int]], n: int, cur: Shape,
                  kill: int, bie_san: bool, rng: random.Random) -> list[int] | None:
    """A hand of ``n`` cards, from ``pool`` less every card some slot must hold, that can
    burn ``cur`` (GJ-6); it holds no 3 when 憋三 is on, so the 3 rule does not bind it.
    ``None`` if none is found quickly."""
    avail = _left_over(pool, must)
    prc = [0] * 15
    for card in range(55):
        prc[STRENGTH_OF_CARD[card]] += avail[card]
    if bie_san:
        prc[THREE] = 0
    shapes = [p for p in beating_plays(prc, cur, kill) if size(p) <= n]
    rng.shuffle(shapes)
    for p in shapes[:8]:
        ranks = _burn_ranks(after(prc, p), n - size(p))
        if ranks is None:
            continue
        hand_rc = ranks
        hand_rc[p[0] if p[0] < SJ else SJ] += p[1]
        hand_rc[TWO] += p[2]
        hand_rc[SJ] += p[3]
        hand_rc[BJ] += p[4]
        if not _can_burn(hand_rc, cur, kill):
            continue
        hand: list[int] = []
        for g in range(15):
            if hand_rc[g]:
                ids = [card for card in range(55) if STRENGTH_OF_CARD[card] == g
                       for _ in range(avail[card])]
                hand.extend(rng.sample(ids, hand_rc[g]))
        return hand
    return None


def finishable_hand(pool: list[int], must: dict[int, dict[int, int]], n: int,
                    rng: random.Random) -> list[int] | None:
    """A hand of ``n`` cards, from ``pool`` less every card some slot must hold, that can be
    led out with a joker in every lead but the last (GJ-6, without 憋三): a burner's hand —
    ``j`` jokers (drawn), cards of at most ``j + 1`` plain ranks (drawn) and 2s. ``None`` if
    a few draws find none."""
    avail = _left_over(pool, must)
    jokers = [card for card in range(55) if STRENGTH_OF_CARD[card] >= SJ
              for _ in range(avail[card])]
    twos = [card for card in range(55) if STRENGTH_OF_CARD[card] == TWO
            for _ in range(avail[card])]
    ranks = [g for g in range(TWO) if any(avail[c] for c in CARDS_OF_RANK[g])]
    for _ in range(8):
        j = rng.randint(0, min(len(jokers), n))
        chosen = rng.sample(ranks, min(j + 1, len(ranks)))
        rest = twos + [card for g in chosen for card in CARDS_OF_RANK[g]
                       for _ in range(avail[card])]
        if len(rest) >= n - j:
            return rng.sample(jokers, j) + rng.sample(rest, n - j)
    return None


def _burn_ranks(rest: list[int], m: int) -> list[int] | None:
    """Rank counts of ``m`` cards from ``rest`` that can be led out with a joker in every lead
    but the last: ``j`` jokers and cards of at most ``j + 1`` ranks (2s ride along)."""
    jokers = rest[SJ] + rest[BJ]
    plain = sorted(((rest[g], g) for g in range(12) if rest[g]), reverse=True)
    for j in range(min(jokers, m) + 1):
        need = m - j
        top = plain[:j + 1]
        if rest[TWO] + sum(k for k, _ in top) < need:
            continue
        out = [0] * 15
        small = min(rest[SJ], j)
        out[SJ], out[BJ] = small, j - small
        for k, g in top:
            take = min(k, need)
            out[g] += take
            need -= take
        out[TWO] += need
        return out
    return None


def _can_burn(h: list[int], cur: Shape, kill: int) -> bool:
    return any(can_finish_burn(after(h, p), False) for p in beating_plays(h, cur, kill))
