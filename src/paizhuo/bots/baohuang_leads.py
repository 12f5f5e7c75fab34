"""The Baohuang heuristic's lead that denies an opposing hand about to go out at any cost
(issue 35; the audit's ``bh.lead_into_seizer``, ``bh.lead_short`` and ``bh.lead_into_guard``,
docs/strength.md). The bot plays it as a rebel against a seizer, where his going out first
decides every score; elsewhere it leads only a whole set bigger than the short hands, as
denying them at this cost was measured to lose (``BaohuangHeuristic.safe_leads``).

A hand of a few cards goes out on any lead it can beat, so the leader looks, in turn, for:

1. a lead of more cards than every such hand holds (:func:`lead_over`): nobody can answer it;
2. a lead that no play of the cards the leader cannot see beats (:func:`lead_unbeatable`),
   counted from the four decks less its hand and what has been played (every play is
   public): nobody can answer it, whoever holds what;
3. for each smaller short hand in turn, a plain lead of more cards than it holds, the one the
   unseen cards answer in the fewest ways (:func:`lead_least_answered`: a bigger short hand
   may still hold an answer), else one with jokers added (:func:`lead_over`).

Nothing here reads an observation: the bot gives the hand's strength counts, its whole sets,
the short hands' sizes, the unseen counts (asked only when needed) and its cost of a play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from paizhuo.games.baohuang.combos import PlayKey, leads, responses_tuple
from paizhuo.games.climbing import BJ, SJ, TWO

JOKERS_EACH = 4
"""Four decks: four small and four big jokers (the emperor card is one of the big ones)."""
DECK_COUNTS = (16,) * 13 + (JOKERS_EACH, JOKERS_EACH)
"""Cards of each strength rank (3 … 2, small joker, big joker) in the four decks; the 216th
card, set aside or removed, is counted as unseen."""


def unseen_counts(h: Sequence[int], played: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The cards of each strength rank a seat cannot see: the four decks less its hand ``h``
    and each seat's played cards (strength counts)."""
    seen = list(h)
    for counts in played:
        for r, n in enumerate(counts):
            seen[r] += n
    return tuple(DECK_COUNTS[r] - seen[r] for r in range(len(seen)))


def lead_into_short(h: list[int], sets: list[PlayKey], short: Sequence[int],
                    unseen: Callable[[], tuple[int, ...]],
                    cost: Callable[[PlayKey], float]) -> PlayKey | None:
    """The lead the module's text describes, or ``None`` where the hand has none of them.
    ``sets``: the hand's whole sets of plain ranks; ``short``: the short hands' sizes;
    ``unseen``: gives :func:`unseen_counts` (asked only past the first step); ``cost``: what
    playing a key spends (the bot's answer cost)."""
    dangers = sorted(set(short), reverse=True)
    safe = lead_over(h, sets, dangers[0])
    if safe is not None:
        return safe
    hidden = unseen()
    safe = lead_unbeatable(h, hidden, cost)
    for danger in dangers[1:]:
        if safe is not None:
            break
        safe = lead_least_answered(h, danger, hidden, cost) or lead_over(h, sets, danger)
    return safe


def lead_unbeatable(h: list[int], unseen: tuple[int, ...],
                    cost: Callable[[PlayKey], float]) -> PlayKey | None:
    """The cheapest lead (then the most cards, the lowest rank) that no play of the
    ``unseen`` cards beats; ``None`` if every lead could be beaten."""
    safe = [k for k in leads(h) if not responses_tuple(unseen, k)]
    if not safe:
        return None
    return min(safe, key=lambda k: (cost(k), -(k[1] + k[2] + k[3]), k[0]))


def lead_least_answered(h: list[int], danger: int, unseen: tuple[int, ...],
                        cost: Callable[[PlayKey], float]) -> PlayKey | None:
    """A plain lead of more cards than a short hand of ``danger`` cards holds, the one the
    ``unseen`` cards answer in the fewest ways, then the cheapest, the lowest; ``None`` if no
    plain set is that big."""
    over = [(r, n, 0, 0) for r in range(TWO + 1) for n in range(danger + 1, h[r] + 1)]
    if not over:
        return None
    return min(over, key=lambda k: (len(responses_tuple(unseen, k)), cost(k), k[0]))


def lead_over(h: list[int], sets: list[PlayKey], danger: int) -> PlayKey | None:
    """A lead of more cards than a short hand of ``danger`` cards holds (it cannot be
    answered): a whole set, else part of one, else a set with jokers added (small ones
    first), else jokers alone — the lowest rank of each; ``None`` if the hand has none."""
    bigger = [k for k in sets if k[1] > danger]
    if bigger:
        return min(bigger)
    need = danger + 1
    for r in range(TWO + 1):
        if h[r] >= need:
            return (r, need, 0, 0)
    if h[SJ] + h[BJ] and sets:
        r, n = max(((k[0], k[1]) for k in sets), key=lambda rn: (rn[1], -rn[0]))
        x = min(h[SJ], need - n)
        y = min(h[BJ], need - n - x)
        if n + x + y >= need:
            return (r, n, x, y)
    if h[SJ] + h[BJ] >= need:
        x = min(h[SJ], need)
        y = need - x
        return (SJ if x else BJ, 0, x, y)
    return None
