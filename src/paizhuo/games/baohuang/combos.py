"""Plays 一套牌 and how one beats another (BH-3), on compact per-rank counts.

A play is described by its *key* ``(r, n, x, y)``: ``n`` cards of one rank plus ``x`` small
and ``y`` big jokers (挂花). ``r`` is the play's *strength rank*::

    0 = 3, 1 = 4, … 10 = K, 11 = A, 12 = 2, 13 = SJ, 14 = BJ

A play of jokers alone has ``n = 0`` and rank 14 when all its jokers are big, else 13 (a
``BJ``+``SJ`` mix counts as small, as in Gouji). So ``n == 0`` exactly when ``r >= 13``.

Hands in hot paths are *strength counts*: a list of 15 ints, ``h[r]`` cards of strength rank
``r`` (``h[14]`` counts the emperor card ``BJ*`` with the other big jokers).

The ranks, the counts, the flower kinds and the beating rules Gouji has too live in
:mod:`paizhuo.games.climbing`, whose key is exactly this key (2s are an ordinary rank here, no
money). What is Baohuang's own: big flowers fall to more big flowers and a higher rank, the
players' words, and the lead and answer generators.

>>> from paizhuo.notation import parse_cards
>>> key_of(parse_cards("SJ SJ 9S 9H 9D"))
(6, 3, 2, 0)
>>> beats(key_of(parse_cards("BJ BJ JS JS JS")), key_of(parse_cards("SJ SJ 9S 9H 9D")))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, SMALL_JOKER
from paizhuo.engine.errors import Words
from paizhuo.games import climbing
from paizhuo.games.climbing import (
    BJ,
    RANK_TEXT,
    RANK_TEXT_ZH,
    SJ,
    STRENGTH_OF_CARD,
    Key,
    card_rank_index,
    size_of,
    steps_up,
)

PlayKey = Key
"""``(r, n, x, y)``: strength rank, plain cards, small jokers, big jokers — the climbing key."""


def key_of(cards: Iterable[int]) -> PlayKey:
    """The key of a list of card ids; raises ``ValueError`` if they are not one play."""
    r = -1
    n = x = y = 0
    for card in cards:
        if card == SMALL_JOKER:
            x += 1
        elif card in (BIG_JOKER, EMPEROR_CARD):
            y += 1
        else:
            s = STRENGTH_OF_CARD[card]
            if r >= 0 and s != r:
                raise ValueError(Words("a play holds cards of one rank only (plus jokers)",
                                       "一手牌只能是同一点数的牌（可以带王）"))
            r = s
            n += 1
    if n + x + y == 0:
        raise ValueError(Words("a play holds at least one card", "一手牌至少要有一张"))
    if n == 0:
        r = SJ if x else BJ
    return (r, n, x, y)


def canonical_cards(hand: Sequence[int], called: int | None, key: PlayKey,
                    called_first: bool = False) -> tuple[int, ...]:
    """The cards the engine plays for ``key`` from a hand (``hand[card]``: copies held):
    suits in order S H C D with the ``called`` card taken last (or first, for the guard's
    revealing variant), plain ``BJ`` before ``BJ*``. A pure function of what the seat sees,
    so a bot can build the action the engine's list holds without the list."""
    r, n, x, y = key
    out: list[int] = []
    if n:
        base = card_rank_index(r) * 4
        order = [base, base + 1, base + 2, base + 3]
        if called is not None and base <= called < base + 4:
            order.remove(called)
            if called_first:
                order.insert(0, called)
            else:
                order.append(called)
        need = n
        for card in order:
            k = hand[card]
            if k:
                take = k if k < need else need
                out.extend([card] * take)
                need -= take
                if not need:
                    break
    if x:
        out.extend([SMALL_JOKER] * x)
    if y:
        plain = hand[BIG_JOKER]
        if plain >= y:
            out.extend([BIG_JOKER] * y)
        else:
            out.extend([BIG_JOKER] * plain)
            out.extend([EMPEROR_CARD] * (y - plain))
    out.sort()
    return tuple(out)


def beats(new: PlayKey, cur: PlayKey) -> bool:
    """True if play ``new`` beats play ``cur`` (BH-3).

    Same size and a higher rank always; then by the current play's flowers: plain — nothing
    more; small — ``new`` has big flowers only, at least as many as ``cur`` has jokers (both as
    in Gouji: :func:`paizhuo.games.climbing.beats`); big — ``new`` has big flowers only, more
    of them.
    """
    if cur[3] and not cur[2]:  # big flowers: Baohuang's own rule
        return new[2] == 0 and new[3] > cur[3] and steps_up(new, cur)
    return climbing.beats(new, cur)


def why_not(new: PlayKey, cur: PlayKey) -> Words:
    """Why ``new`` does not beat ``cur``, in a player's words (BH-3)."""
    size, cur_size = size_of(new), size_of(cur)
    was, now = describe(cur), describe(new)
    was_zh, now_zh = describe(cur, "zh"), describe(new, "zh")
    if size != cur_size:
        return Words(f"{was} is {cur_size} cards: answer it with {cur_size} cards",
                     f"{was_zh} 是 {cur_size} 张：要用 {cur_size} 张来管")
    if new[0] <= cur[0]:
        return Words(f"{now} is not higher than {was}: the rank must go up (步步高)",
                     f"{now_zh} 不比 {was_zh} 大：点数必须更大（步步高）")
    if cur[2]:
        return Words(f"{was} has small flowers: beat it with big jokers only, at least "
                     f"{cur[2] + cur[3]} of them, and a higher rank",
                     f"{was_zh} 带小花：只能用点数更大、只带大王的牌来管，"
                     f"至少 {cur[2] + cur[3]} 个大王")
    return Words(f"{was} has big flowers: beat it with more big jokers (at least "
                 f"{cur[3] + 1}, no small ones) and a higher rank",
                 f"{was_zh} 带大花：要用点数更大、大王更多的牌来管（至少 {cur[3] + 1} 个大王，"
                 "不能带小王）")


def describe(key: PlayKey, lang: str = "en") -> str:
    """A player's description: ``3×9 + 2×SJ`` (中文 ``3张9 + 2个小王``)."""
    r, n, x, y = key
    zh = lang == "zh"
    parts = []
    if n:
        parts.append(f"{n}张{RANK_TEXT_ZH[r]}" if zh else f"{n}×{RANK_TEXT[r]}")
    if x:
        parts.append(f"{x}个小王" if zh else f"{x}×SJ")
    if y:
        parts.append(f"{y}个大王" if zh else f"{y}×BJ")
    return " + ".join(parts)


def leads(h: list[int]) -> list[PlayKey]:
    """Every play a hand with strength counts ``h`` can lead, by key."""
    hx, hy = h[SJ], h[BJ]
    out: list[PlayKey] = []
    for r in range(13):
        k = h[r]
        for n in range(1, k + 1):
            for x in range(hx + 1):
                for y in range(hy + 1):
                    out.append((r, n, x, y))
    for x in range(hx + 1):
        for y in range(hy + 1):
            if x + y:
                out.append((SJ if x else BJ, 0, x, y))
    return out


def count_leads(h: list[int]) -> int:
    """``len(leads(h))`` without building the list."""
    jokers = (h[SJ] + 1) * (h[BJ] + 1)
    return sum(h[:13]) * jokers + jokers - 1


def responses(h: Sequence[int], cur: PlayKey) -> list[PlayKey]:
    """Every play a hand with strength counts ``h`` can make that beats ``cur``."""
    cr, cn, cx, cy = cur
    size = cn + cx + cy
    hx, hy = h[SJ], h[BJ]
    out: list[PlayKey] = []
    if cx or cy:
        # flowered current: big flowers only, enough of them, and a higher rank
        ymin = cx + cy if cx else cy + 1
        for y in range(ymin, min(hy, size) + 1):
            n = size - y
            if n == 0:
                if cr < BJ:
                    out.append((BJ, 0, 0, y))
                continue
            for r in range(cr + 1, 13):
                if h[r] >= n:
                    out.append((r, n, 0, y))
        return out
    for r in range(cr + 1, 13):
        k = h[r]
        if not k:
            continue
        for n in range(max(1, size - hx - hy), min(k, size) + 1):
            j = size - n
            for y in range(max(0, j - hx), min(j, hy) + 1):
                out.append((r, n, j - y, y))
    for y in range(max(0, size - hx), min(size, hy) + 1):
        x = size - y
        r = SJ if x else BJ
        if r > cr:
            out.append((r, 0, x, y))
    return out


@lru_cache(maxsize=4096)
def responses_tuple(h: tuple[int, ...], cur: PlayKey) -> tuple[PlayKey, ...]:
    """:func:`responses` of strength counts given as a tuple, remembered: a playout asks it
    twice of most answers (the engine, whether a pass is forced; the bot, its choice), and a
    seat that passes is asked again with the same hand (two in three asks, in a searching
    game)."""
    return tuple(responses(h, cur))


def all_keys_of_size(size: int, max_n: int = 16, max_jokers: int = 4) -> list[PlayKey]:
    """Every key of a given size (for brute-force references and encodings)."""
    out: list[PlayKey] = []
    for x in range(max_jokers + 1):
        for y in range(max_jokers + 1):
            n = size - x - y
            if n < 0 or n > max_n:
                continue
            if n == 0:
                if x + y:
                    out.append((SJ if x else BJ, 0, x, y))
            else:
                out.extend((r, n, x, y) for r in range(13))
    return out
