"""The Shengji heuristic's bury (埋底, SJ-5), after the seed text's 坐庄秘诀 (铺底牌):

1. 一定要绝一门付牌 — empty a side suit (the bridge to the partner); a suit left with nothing
   but aces counts as empty, the aces are cashed;
2. 除非扣下这5分能使某门副牌绝掉 — bury points only to empty a suit, or to take them out of a
   side suit of one or two cards, where they fall to the first lead of the suit;
3. keep aces and trumps; bury low cards rather than high ones, singles rather than pairs.

Every plan of what to do with each side suit — keep it, empty it (all but its aces), or take
its point cards out — is filled up to the kitty's size with the cheapest other cards and
scored; the best plan is the bury (3 side suits: 27 plans; at no trump 81).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from paizhuo.cards import RANK_CHARS, rank_of
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points, points_of

ACE = RANK_CHARS.index("A")
VOID_FIRST = 30.0
"""Score of a bury that leaves a side suit empty."""
VOID_MORE = (8.0, 3.0)
"""Score of each further side suit left empty, with a strong trump holding and without (the
seed's 主不强的话，分多的付牌不扣没关系: a weak dealer ruffs little)."""
SHORT_POINTS = 2.0
"""Score lost per point left in a side suit of one or two cards holding 10 points or more."""
POINT_COST = (0.5, 1.0)
"""Score lost per point buried, with a strong trump holding (a third of the hand or more: the
dealer can keep the last trick) and without."""


def _card_cost(c: int, ctx: TrumpContext, copies: Counter[int]) -> float:
    """What burying ``c`` gives up, its points apart: trumps and aces most, then high cards
    and pairs (the points are priced by the plan's :data:`POINT_COST`)."""
    if ctx.group[c] == TRUMP:
        return 40.0 + ctx.slot[c]
    if rank_of(c) == ACE:
        return 60.0
    return 0.5 * ctx.slot[c] + (3.0 if copies[c] >= 2 else 0.0)


def plan_bury(hand: Sequence[int], k: int, ctx: TrumpContext,
              no_points: bool) -> list[int] | None:
    """The ``k`` cards to bury from ``hand`` (the kitty taken up), or ``None`` if no plan
    fills the kitty. ``no_points``: the kitty may hold no point card (SJ-5 option)."""
    plans = plan_buries(hand, k, ctx, no_points, 1)
    return plans[0] if plans else None


def plan_buries(hand: Sequence[int], k: int, ctx: TrumpContext, no_points: bool,
                n: int) -> list[list[int]]:
    """The ``n`` best different buries of :func:`plan_bury`'s plans, best first (a tie goes
    to the bury of the earlier plan): the candidates a search weighs
    (``ShengjiHeuristic.choices``). Empty if no plan fills the kitty."""
    group = ctx.group
    copies = Counter(hand)
    side = [g for g in range(4) if ctx.slot_count[g]]
    by_suit = {g: [c for c in hand if group[c] == g] for g in side}
    trumps = sum(1 for c in hand if group[c] == TRUMP)
    strong = 3 * trumps >= len(hand) - k
    per_point = POINT_COST[0] if strong else POINT_COST[1]
    more = VOID_MORE[0] if strong else VOID_MORE[1]

    def cost(c: int) -> float:
        return _card_cost(c, ctx, copies) + per_point * card_points(c)

    order = sorted(hand, key=lambda c: (cost(c), c))
    scored: dict[tuple[int, ...], tuple[float, int]] = {}  # bury -> (score, plan number)
    for number, plan in enumerate(product(range(3), repeat=len(side))):
        forced: list[int] = []
        for g, p in zip(side, plan, strict=True):
            if p == 1:  # empty it: all but the aces
                forced += [c for c in by_suit[g] if rank_of(c) != ACE]
            elif p == 2:  # take its points out
                forced += [c for c in by_suit[g] if card_points(c)]
        if len(forced) > k or (no_points and points_of(forced)):
            continue
        left = Counter(forced)
        buried = list(forced)
        for c in order:
            if len(buried) == k:
                break
            if left[c]:
                left[c] -= 1
            elif not (no_points and card_points(c)):
                buried.append(c)
        if len(buried) < k:
            continue
        kept = Counter(hand) - Counter(buried)
        score = -sum(cost(c) for c in buried)
        voids = 0
        for g in side:
            held = [c for c in kept.elements() if group[c] == g]
            if all(rank_of(c) == ACE for c in held):
                voids += 1
            elif len(held) <= 2 and points_of(held) >= 10:
                score -= SHORT_POINTS * points_of(held)
        if voids:
            score += VOID_FIRST + more * (voids - 1)
        bury = tuple(sorted(buried))
        if bury not in scored or score > scored[bury][0]:
            scored[bury] = (score, number)  # the first plan that gives it its best score
    ranking = sorted(scored, key=lambda b: (-scored[b][0], scored[b][1]))
    return [list(b) for b in ranking[:n]]
