"""Leading 出牌 (SJ-6): every lead, their count by formula, a sampler, step masks and errors.

With throws allowed any non-empty sub-multiset of one suit group may be led (a throw that is
not highest is not illegal: SJ-7 forces a unit back, see :func:`~paizhuo.games.shengji.trick.
check_throw`). Without throws (SJ-12's ``bidding-3`` preset) only single units may be led.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import product
from math import prod

from paizhuo.cards import Counts, card_name
from paizhuo.engine.errors import Words
from paizhuo.games.shengji.combos import ComboRules, decompose, group_name
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import say_cards


def random_held(arr: list[int], rng: random.Random) -> int:
    """A random card id held (uniform over distinct ids): a few blind draws, then a scan."""
    for _ in range(6):
        x = int(rng.random() * 54)
        if arr[x]:
            return x
    held = [x for x, h in enumerate(arr) if h]
    if not held:
        raise ValueError("the hand is empty")
    return held[int(rng.random() * len(held))]


def sub_multisets(items: list[tuple[int, int]], r: int) -> Iterator[tuple[int, ...]]:
    """Every ``r``-card sub-multiset of ``items`` (id, copies), as tuples in the items' order:
    the first item taken as often as possible first."""
    avail_after = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        avail_after[i] = avail_after[i + 1] + items[i][1]
    acc: list[int] = []

    def rec(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            yield tuple(acc)
            return
        if i == len(items) or avail_after[i] < need:
            return
        x, h = items[i]
        for take in range(min(h, need), -1, -1):
            acc.extend((x,) * take)
            yield from rec(i + 1, need - take)
            del acc[len(acc) - take:]

    yield from rec(0, r)


def count_sub_multisets(counts: list[int], r: int) -> int:
    """Number of ``r``-card sub-multisets of a multiset with the given copies per id."""
    ways = [1] + [0] * r
    for h in counts:
        new = [0] * (r + 1)
        for total in range(r + 1):
            if ways[total]:
                for take in range(min(h, r - total) + 1):
                    new[total + take] += ways[total]
        ways = new
    return ways[r]


def _runs(hg: dict[int, int], k: int, ctx: TrumpContext,
          rules: ComboRules) -> Iterator[list[list[int]]]:
    """For tuple size ``k``: each chain of consecutive slots (length ≥ the minimum) as lists of
    the ids holding ``k`` copies at each slot; every start and every length."""
    if k < rules.min_tractor_tuple:
        return
    slot = ctx.slot
    at: dict[int, list[int]] = {}
    for x, h in hg.items():
        if h >= k:
            at.setdefault(slot[x], []).append(x)
    for low in sorted(at):
        chain = [sorted(at[low])]
        s = low + 1
        while s in at:
            chain.append(sorted(at[s]))
            if len(chain) >= rules.min_tractor_length:
                yield list(chain)
            s += 1


def unit_leads(hg: dict[int, int], ctx: TrumpContext,
               rules: ComboRules) -> list[tuple[int, ...]]:
    """Every single-unit lead from one group's holding: singles, tuples, tractors."""
    out: list[tuple[int, ...]] = [(x,) for x in sorted(hg)]
    for k in range(2, 5):
        out.extend((x,) * k for x in sorted(hg) if hg[x] >= k)
    for k in range(2, 5):
        for chain in _runs(hg, k, ctx, rules):
            for combo in product(*chain):
                out.append(tuple(sorted(x for x in combo for _ in range(k))))
    return out


def _count_unit_leads(hg: dict[int, int], ctx: TrumpContext, rules: ComboRules) -> int:
    total = sum(hg.values())  # single, pair, triple, quad per id
    for k in range(2, 5):
        total += sum(prod(len(ids) for ids in chain) for chain in _runs(hg, k, ctx, rules))
    return total


def _holdings(hand: Counts, ctx: TrumpContext) -> list[dict[int, int]]:
    arr = hand.array()
    ids = ctx.group_ids
    return [{x: arr[x] for x in ids[g] if arr[x]} for g in range(5)]


def legal_leads(hand: Counts, ctx: TrumpContext, rules: ComboRules,
                allow_throws: bool) -> list[tuple[int, ...]]:
    """Every lead: any non-empty sub-multiset of one group, or (no throws) single units only."""
    out: list[tuple[int, ...]] = []
    for hg in _holdings(hand, ctx):
        if not hg:
            continue
        if not allow_throws:
            out.extend(unit_leads(hg, ctx, rules))
            continue
        items = sorted(hg.items())
        for takes in product(*(range(h + 1) for _, h in items)):
            play = tuple(x for (x, _), t in zip(items, takes, strict=True) for _ in range(t))
            if play:
                out.append(play)
    return out


def count_leads(hand: Counts, ctx: TrumpContext, rules: ComboRules, allow_throws: bool) -> int:
    """Number of leads, by formula (no listing)."""
    total = 0
    for hg in _holdings(hand, ctx):
        if not hg:
            continue
        if allow_throws:
            total += prod(h + 1 for h in hg.values()) - 1
        else:
            total += _count_unit_leads(hg, ctx, rules)
    return total


def sample_lead(hand: Counts, ctx: TrumpContext, rules: ComboRules, allow_throws: bool,
                rng: random.Random) -> tuple[int, ...]:
    """A random lead (not uniform): mostly singles, tuples and tractors, now and then a throw."""
    arr = hand.array()
    x = random_held(arr, rng)
    r = rng.random()
    group = ctx.group
    g = group[x]
    if allow_throws and r < 0.1:
        play = [x]
        for y in ctx.group_ids[g]:
            h = arr[y] - (y == x)
            if h > 0 and rng.random() < 0.3:
                play.extend([y] * (1 + int(rng.random() * h)))
        return tuple(sorted(play))
    h = arr[x]
    if h < 2 or r > 0.7:
        return (x,)
    k = 3 if h >= 3 and rng.random() < 0.5 else 2
    if k == 3 and h >= 4 and rng.random() < 0.5:
        k = 4  # (a draw only where a quad is held: fewer decks keep their sequences)
    if k >= rules.min_tractor_tuple and rng.random() < 0.7:
        slot = ctx.slot
        slot_ids = ctx.slot_cards[g]
        run = [x]
        s = slot[x] + 1
        while s < len(slot_ids):
            ys = [y for y in slot_ids[s] if arr[y] >= k]
            if not ys:
                break
            run.append(ys[0])
            s += 1
        s = slot[x] - 1
        while s >= 0:
            ys = [y for y in slot_ids[s] if arr[y] >= k]
            if not ys:
                break
            run.append(ys[0])
            s -= 1
        if len(run) >= rules.min_tractor_length:
            return tuple(sorted(y for y in run for _ in range(k)))
    return (x,) * k


def lead_mask(hand: Counts, partial: Sequence[int], ctx: TrumpContext, rules: ComboRules,
              allow_throws: bool) -> tuple[frozenset[int], bool]:
    """Card ids that can be added to ``partial`` so it still completes to a lead, and whether
    ``partial`` itself is one."""
    arr = hand.array()
    q: dict[int, int] = {}
    for c in partial:
        q[c] = q.get(c, 0) + 1
    if any(arr[c] < m for c, m in q.items()):
        return frozenset(), False
    if not partial:
        return frozenset(x for x, h in enumerate(arr) if h), False
    group = ctx.group
    g = group[partial[0]]
    if any(group[c] != g for c in partial):
        return frozenset(), False
    ids = ctx.group_ids[g]
    if allow_throws:
        return frozenset(x for x in ids if arr[x] > q.get(x, 0)), True
    hg = {x: arr[x] for x in ids if arr[x]}
    mask: set[int] = set()
    complete = False
    want = tuple(sorted(partial))
    for unit in unit_leads(hg, ctx, rules):
        if len(unit) < len(want):
            continue
        uc: dict[int, int] = {}
        for c in unit:
            uc[c] = uc.get(c, 0) + 1
        if any(uc.get(c, 0) < m for c, m in q.items()):
            continue
        if unit == want:
            complete = True
        mask.update(c for c, m in uc.items() if m > q.get(c, 0))
    return frozenset(mask), complete


def ascending_counts(prefix: Sequence[int]) -> dict[int, int] | None:
    """The copies of each card in a step-encoded prefix, or ``None`` if its cards are not in
    ascending order (no action is built that way)."""
    counts: dict[int, int] = {}
    last = -1
    for c in prefix:
        if c < last:
            return None
        counts[c] = counts.get(c, 0) + 1
        last = c
    return counts


def lead_steps(hand: Counts, prefix: Sequence[int], ctx: TrumpContext, rules: ComboRules,
               allow_throws: bool) -> tuple[set[int], bool]:
    """The step encoding of a lead: cards in ascending order. The cards ``c`` (not below the
    prefix's last) such that ``prefix + c`` begins, in ascending order, some lead; and whether
    ``prefix`` is itself one."""
    arr = hand.array()
    q = ascending_counts(prefix)
    if q is None:
        return set(), False
    last = prefix[-1] if prefix else -1
    if any(arr[c] < m for c, m in q.items()):
        return set(), False
    group = ctx.group
    if allow_throws:
        if not prefix:
            return {x for x, h in enumerate(arr) if h}, False
        g = group[prefix[0]]
        if any(group[c] != g for c in prefix):
            return set(), False
        return {x for x in ctx.group_ids[g] if x >= last and arr[x] > q.get(x, 0)}, True
    mask: set[int] = set()
    complete = False
    want = tuple(prefix)
    k = len(want)
    groups = range(5) if not prefix else (group[prefix[0]],)
    ids = ctx.group_ids
    for g in groups:
        hg = {x: arr[x] for x in ids[g] if arr[x]}
        if not hg:
            continue
        for unit in unit_leads(hg, ctx, rules):
            if len(unit) < k or unit[:k] != want:
                continue
            if len(unit) == k:
                complete = True
            else:
                mask.add(unit[k])
    return mask, complete


def lead_error(hand: Counts, cards: Sequence[int], ctx: TrumpContext, rules: ComboRules,
               allow_throws: bool) -> tuple[str, Words] | None:
    """``None`` if ``cards`` may be led, else ``(rule, why)``: SJ-6 for an empty lead, cards
    not held or mixed groups; SJ-12 for a throw where throws are not allowed."""
    if not cards:
        return "SJ-6", Words("a lead needs at least one card", "出牌至少要出一张")
    arr = hand.array()
    if len(cards) == 1:
        return None if arr[cards[0]] else ("SJ-6", _not_held(cards[:1]))
    q: dict[int, int] = {}
    for c in cards:
        q[c] = q.get(c, 0) + 1
    for c, m in q.items():
        if arr[c] < m:
            return "SJ-6", _not_held([c] * m)
    group = ctx.group
    groups = sorted({group[c] for c in cards})
    if len(groups) > 1:
        def parts(lang: str) -> str:
            return ("；" if lang == "zh" else "; ").join(
                f"{say_cards([c for c in sorted(cards) if group[c] == g], lang)}"
                f"{'：' if lang == 'zh' else ': '}{group_name(g, lang)}" for g in groups)
        return "SJ-6", Words(f"a lead must be of one suit group (SJ-6): {parts('en')}",
                             f"出牌必须是同一门（主牌或同一花色的副牌）：{parts('zh')}")
    if not allow_throws and len(decompose(cards, ctx, rules)) > 1:
        return "SJ-12", Words(
            f"throws are not allowed at this table: {say_cards(sorted(cards))} "
            f"is not one single, tuple or tractor",
            f"本桌不许甩牌：{say_cards(sorted(cards), 'zh')} 不是一张单牌、一个对子（三张）"
            f"或一个拖拉机")
    return None


def _not_held(cards: Sequence[int]) -> Words:
    return Words(f"you do not hold {say_cards(cards)}", f"你手里没有 {say_cards(cards, 'zh')}")


__all__ = ["ascending_counts", "card_name", "count_leads", "count_sub_multisets", "lead_error",
           "lead_mask", "lead_steps", "legal_leads", "sample_lead", "sub_multisets", "unit_leads"]
