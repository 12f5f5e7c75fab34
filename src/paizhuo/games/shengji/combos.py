"""Units and the decomposition of a lead (SJ-3, SJ-6), and the house rules that shape them (SJ-14).

A *unit* is a single, a tuple (pair 对 / triple 三同张) or a tractor 拖拉机 (two or more tuples
of one size on consecutive order slots of one suit group). A lead is decomposed greedily:
larger tuples first, then longer tractors (``docs/shengji.md``).

>>> from paizhuo.notation import parse_cards
>>> from paizhuo.cards import HEARTS
>>> from paizhuo.games.shengji.order import TrumpContext
>>> ctx = TrumpContext.make(level=8, trump=HEARTS)
>>> [(u.size, u.length) for u in decompose(parse_cards("5S 5S 4S 4S 3S"), ctx)]
[(2, 2), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from paizhuo.cards import rank_of
from paizhuo.games.shengji.order import GROUP_NAMES, GROUP_NAMES_ZH, TRUMP, TrumpContext
from paizhuo.notation import format_cards

THROW_COMPARE_CHOICES: Final = ("deciding_unit", "highest_card", "all_units", "largest_units")
FOLLOW_SHAPE_CHOICES: Final = ("strict", "suit_only")
BOMB_CARDS_CHOICES: Final = ("one_rank", "identical")
BOMB_FOLLOW_CHOICES: Final = ("suit", "suit_or_trump", "any_time")
THROW_SPLIT_CHOICES: Final = ("tuples_first", "largest_unit")


@dataclass(frozen=True)
class ComboRules:
    """House rules of SJ-14 that change what a combination is or what following demands.

    The defaults are the reference's defaults.
    """

    min_tractor_length: int = 2
    """SJ-14: a tractor has at least this many tuples."""
    min_tractor_tuple: int = 2
    """SJ-14: the tuple size a tractor needs (2: every tuple forms tractors; 3: only triples and
    larger do; 4: only quads, with four decks)."""
    protect_triples: bool = False
    """SJ-14: a triple need not be broken to follow a pair (with four decks, no tuple need be
    broken to follow a smaller one). A card the follower holds three or more times then counts
    only as a whole tuple, against the lead's tuples at least as large (it is never demanded
    as a smaller tuple, nor as part of a tractor of smaller tuples)."""
    protect_tractors: bool = False
    """SJ-14: a tractor need only be drawn by a tractor. When the lead holds no tractor, the
    follower's tuples that lie in a tractor of his hand are not demanded as tuples."""
    bombs: bool = False
    """SJ-14 bombs 炸弹: a play of four or more cards of one rank, all in one suit group (in
    practice level cards, or 2s with ``constant_twos``) beats every play that is not a bomb,
    whatever the lead's shape. Bombs change nothing in what must be followed (unless
    ``bomb_follow`` says otherwise)."""
    bomb_cards: str = "one_rank"
    """SJ-14.8: a bomb is four or more cards of ``one_rank`` in one group, or four or more
    ``identical`` cards."""
    bomb_follow: str = "suit"
    """SJ-14.8: a follower plays a bomb as the suit allows (``suit``), also a trump bomb while
    holding the led group (``suit_or_trump``; then a void follower's bomb of any suit wins
    too), or whatever is owed (``any_time``; a bomb of any suit wins)."""
    throw_compare: str = "deciding_unit"
    """SJ-14 throw judging: ``deciding_unit`` (SJ-8), ``highest_card`` (a ruff of a throw
    is compared by its highest card only), ``all_units`` (SJ-14.2: a play beats the winning
    play of a throw only if each of its units beats the unit it answers) or ``largest_units``
    (SJ-14.2: the largest unit where the answers differ decides)."""
    throw_split: str = "tuples_first"
    """SJ-14.2 how a lead is split into units where several splits exist: ``tuples_first``
    (SJ-6: larger tuples, then longer tractors) or ``largest_unit`` (the unit of most cards
    first: ``2H 2H 2H 3H 3H`` is a tractor and a single, not a triple and a pair)."""
    follow_shape: str = "strict"
    """SJ-14 trick draw: ``strict`` (SJ-8.2: tractors and tuples must be followed as far as
    the hand allows) or ``suit_only`` (no format-based draw: only the suit is owed; a play
    must still match the lead's shape to win)."""

    def __post_init__(self) -> None:
        if self.min_tractor_length < 2:
            raise ValueError("min_tractor_length must be at least 2")
        if self.min_tractor_tuple not in (2, 3, 4):
            raise ValueError("min_tractor_tuple must be 2, 3 or 4")
        if self.throw_compare not in THROW_COMPARE_CHOICES:
            raise ValueError(f"throw_compare must be one of {THROW_COMPARE_CHOICES}")
        if self.throw_split not in THROW_SPLIT_CHOICES:
            raise ValueError(f"throw_split must be one of {THROW_SPLIT_CHOICES}")
        if self.follow_shape not in FOLLOW_SHAPE_CHOICES:
            raise ValueError(f"follow_shape must be one of {FOLLOW_SHAPE_CHOICES}")
        if self.bomb_cards not in BOMB_CARDS_CHOICES:
            raise ValueError(f"bomb_cards must be one of {BOMB_CARDS_CHOICES}")
        if self.bomb_follow not in BOMB_FOLLOW_CHOICES:
            raise ValueError(f"bomb_follow must be one of {BOMB_FOLLOW_CHOICES}")

    def is_bomb(self, cards: Sequence[int], ctx: TrumpContext) -> bool:
        """Whether ``cards`` are a bomb at this table (``bombs``, SJ-8.4 and SJ-14.8): four or
        more cards of one rank in one group, or (``bomb_cards = identical``) identical."""
        if not self.bombs or len(cards) < 4:
            return False
        c0 = cards[0]
        if self.bomb_cards == "identical":
            return all(c == c0 for c in cards)
        r0, g0, group = rank_of(c0), ctx.group[c0], ctx.group
        return all(rank_of(c) == r0 and group[c] == g0 for c in cards)

    def owes_shape(self, lead: Lead) -> bool:
        """Whether a follower of ``lead`` owes more than its suit (SJ-8.2): the lead holds
        tuples and ``follow_shape`` is ``strict``."""
        return bool(lead.tuple_sizes) and self.follow_shape == "strict"


DEFAULT_RULES: Final = ComboRules()


@dataclass(frozen=True, slots=True)
class Unit:
    """A single, tuple or tractor: ``size`` copies per slot, ``length`` slots, ``top`` slot."""

    size: int
    length: int
    top: int
    cards: tuple[int, ...]

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2

    @property
    def shape(self) -> tuple[int, int]:
        return (self.size, self.length)

    def describe(self) -> str:
        if self.length >= 2:
            kind = "tractor"
        else:
            kind = {1: "single", 2: "pair", 3: "triple", 4: "quad"}.get(self.size,
                                                                         f"{self.size}-tuple")
        return f"{kind} {format_cards(self.cards)}"


class _Tables:
    """Per-context lookup tables (built once per :class:`TrumpContext`)."""

    __slots__ = (
        "group",
        "group_ids",
        "level",
        "slot",
        "slot_count",
        "slot_ids",
        "small_leads",
    )

    def __init__(self, ctx: TrumpContext) -> None:
        self.group = ctx.group
        self.slot = ctx.slot
        self.slot_count = ctx.slot_count
        self.slot_ids = ctx.slot_cards
        self.group_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for s in ctx.slot_cards[g] for c in s) for g in range(5)
        )
        self.level = ctx.level
        self.small_leads: dict[tuple[int, ...], Lead] = {}
        """Leads of one card or one pair (they do not depend on the rules), built once."""


_TABLES: dict[tuple[int, int | None, bool], _Tables] = {}
_BY_OBJECT: dict[int, tuple[TrumpContext, _Tables]] = {}
"""The same tables by the context object's id (contexts are made once and shared, so this is
the usual way in; the object is kept with them so that an id is never reused)."""


def tables(ctx: TrumpContext) -> _Tables:
    """The cached lookup tables of a context (kept here, not on the context, so that a
    pickled game state stays small)."""
    found = _BY_OBJECT.get(id(ctx))
    if found is not None and found[0] is ctx:
        return found[1]
    key = (ctx.level, ctx.trump, ctx.constant_twos)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(ctx)
    if len(_BY_OBJECT) < 4096:
        _BY_OBJECT[id(ctx)] = (ctx, t)
    return t


def group_of(cards: Iterable[int], ctx: TrumpContext) -> int | None:
    """The one suit group all ``cards`` belong to; ``None`` if they are mixed (or empty)."""
    group = ctx.group
    g: int | None = None
    for c in cards:
        cg = group[c]
        if g is None:
            g = cg
        elif cg != g:
            return None
    return g


def _unit_order(u: Unit) -> tuple[int, int, int]:
    return (-u.size, -u.length, -u.top)


def decompose(cards: Sequence[int], ctx: TrumpContext,
              rules: ComboRules = DEFAULT_RULES) -> list[Unit]:
    """Units of ``cards`` (all of one suit group), SJ-6 order: larger tuples, longer tractors.

    Raises ``ValueError`` if the cards are of several groups.
    """
    if not cards:
        return []
    if group_of(cards, ctx) is None:
        raise ValueError(f"cards of several suit groups: {format_cards(cards)}")
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return decompose_counts(counts, ctx, rules)


def decompose_counts(counts: dict[int, int], ctx: TrumpContext,
                     rules: ComboRules = DEFAULT_RULES) -> list[Unit]:
    """:func:`decompose` on a count dict (card id → copies) of one group (mutates a copy)."""
    counts = dict(counts)
    if rules.throw_split == "largest_unit":
        return _largest_first(counts, ctx, rules)
    slot = ctx.slot
    units: list[Unit] = []
    for k in range(max(counts.values(), default=0), 1, -1):
        ids_k = sorted(x for x, m in counts.items() if m >= k)
        if not ids_k:
            continue
        if k >= rules.min_tractor_tuple and len(ids_k) >= rules.min_tractor_length:
            by_slot: dict[int, list[int]] = {}
            for x in ids_k:
                by_slot.setdefault(slot[x], []).append(x)
            while True:
                best_len, best_top = 0, -1
                for s in sorted(by_slot, reverse=True):
                    if not by_slot[s] or by_slot.get(s + 1):
                        continue  # empty, or not the top of a run
                    low = s
                    while by_slot.get(low - 1):
                        low -= 1
                    if s - low + 1 > best_len:
                        best_len, best_top = s - low + 1, s
                if best_len < rules.min_tractor_length:
                    break
                run: list[int] = []
                for s in range(best_top - best_len + 1, best_top + 1):
                    x = by_slot[s].pop(0)
                    counts[x] -= k
                    run.extend((x,) * k)
                units.append(Unit(k, best_len, best_top, tuple(sorted(run))))
            ids_k = sorted(x for xs in by_slot.values() for x in xs)
        for x in ids_k:
            counts[x] -= k
            units.append(Unit(k, 1, slot[x], (x,) * k))
    for x in sorted(counts):
        for _ in range(counts[x]):
            units.append(Unit(1, 1, slot[x], (x,)))
    units.sort(key=_unit_order)
    return units


def _largest_first(counts: dict[int, int], ctx: TrumpContext, rules: ComboRules) -> list[Unit]:
    """SJ-14.2 ``throw_split = largest_unit``: take the unit of most cards (a whole run of
    tuples, or one tuple), then the next: ties go to larger tuples, then the higher top."""
    slot = ctx.slot
    units: list[Unit] = []
    while True:
        best: tuple[int, int, int, list[int]] | None = None  # (cards, size, top, ids)
        for k in range(max(counts.values(), default=0), 1, -1):
            by_slot: dict[int, list[int]] = {}
            for x in sorted(counts):
                if counts[x] >= k:
                    by_slot.setdefault(slot[x], []).append(x)
            for top, here in by_slot.items():
                runs = [[here[0]]]  # the tuple alone, and the whole run it tops
                if k >= rules.min_tractor_tuple and top + 1 not in by_slot:
                    low = top
                    while low - 1 in by_slot:
                        low -= 1
                    if top - low + 1 >= rules.min_tractor_length:
                        runs.append([by_slot[t][0] for t in range(low, top + 1)])
                for ids in runs:
                    key = (k * len(ids), k, top, ids)
                    if best is None or key[:3] > best[:3]:
                        best = key
        if best is None:
            break
        _, k, top, ids = best
        for x in ids:
            counts[x] -= k
        units.append(Unit(k, len(ids), top, tuple(sorted(x for x in ids for _ in range(k)))))
    for x in sorted(counts):
        for _ in range(counts[x]):
            units.append(Unit(1, 1, slot[x], (x,)))
    units.sort(key=_unit_order)
    return units


def hand_tractor_ids(counts: dict[int, int], ctx: TrumpContext, rules: ComboRules) -> set[int]:
    """Card ids of one group's holding that lie in some tractor of that holding.

    Used by ``protect_tractors``: such tuples need only be drawn by a tractor.
    """
    slot = ctx.slot
    out: set[int] = set()
    for k in range(2, max(counts.values(), default=0) + 1):
        if k < rules.min_tractor_tuple:
            continue
        by_slot: dict[int, list[int]] = {}
        for x, h in counts.items():
            if h < k or (h > k and rules.protect_triples):
                continue  # (protect_triples: a longer tuple is not cut into a tractor)
            by_slot.setdefault(slot[x], []).append(x)
        for s in by_slot:
            if s + 1 in by_slot:
                continue
            low = s
            while low - 1 in by_slot:
                low -= 1
            if s - low + 1 >= rules.min_tractor_length:
                for t in range(low, s + 1):
                    out.update(by_slot[t])
    return out


@dataclass(frozen=True)
class Lead:
    """A lead: its suit group, cards (sorted) and units (SJ-6 order), with shape summaries."""

    group: int
    cards: tuple[int, ...]
    units: tuple[Unit, ...]
    n: int = field(init=False)
    """Number of cards every follower plays."""
    tractors: tuple[tuple[int, int], ...] = field(init=False)
    """``(size, length)`` of each tractor, largest size then longest first."""
    tuple_sizes: tuple[int, ...] = field(init=False)
    """Sizes of every tuple of the lead, those inside tractors included, largest first."""
    pairs: int = field(init=False)
    """Tuples of size 2 (inside tractors included)."""
    triples: int = field(init=False)
    """Tuples of size 3 (inside tractors included)."""
    deciding: tuple[int, int] = field(init=False)
    """Shape ``(size, length)`` of the deciding unit (SJ-8 4): longest tractor (ties: larger
    tuple), else largest tuple, else a single."""

    def __post_init__(self) -> None:
        tractors = sorted(((u.size, u.length) for u in self.units if u.length >= 2),
                          reverse=True)
        sizes = sorted((u.size for u in self.units if u.size >= 2 for _ in range(u.length)),
                       reverse=True)
        object.__setattr__(self, "n", len(self.cards))
        object.__setattr__(self, "tractors", tuple(tractors))
        object.__setattr__(self, "tuple_sizes", tuple(sizes))
        object.__setattr__(self, "pairs", sizes.count(2))
        object.__setattr__(self, "triples", sizes.count(3))
        if tractors:
            deciding = max((u.length, u.size) for u in self.units if u.length >= 2)
            object.__setattr__(self, "deciding", (deciding[1], deciding[0]))
        else:
            object.__setattr__(self, "deciding", (max(u.size for u in self.units), 1))

    @property
    def is_throw(self) -> bool:
        """A lead of several units 甩牌 (SJ-7)."""
        return len(self.units) > 1

    @property
    def has_tuples(self) -> bool:
        return bool(self.tuple_sizes)

    def tractor_length_total(self) -> int:
        return sum(length for _, length in self.tractors)

    def tuple_size_total(self) -> int:
        return sum(self.tuple_sizes)

    def __repr__(self) -> str:
        return f"Lead({format_cards(self.cards)!r}, group={self.group})"


def make_lead(cards: Sequence[int], ctx: TrumpContext,
              rules: ComboRules = DEFAULT_RULES) -> Lead:
    """The :class:`Lead` of ``cards``; ``ValueError`` if empty or of several suit groups."""
    n = len(cards)
    if n == 1 or (n == 2 and cards[0] == cards[1]):
        small = tables(ctx).small_leads
        key = tuple(cards)
        lead = small.get(key)
        if lead is None:
            c = cards[0]
            lead = Lead(ctx.group[c], key, (Unit(n, 1, ctx.slot[c], key),))
            small[key] = lead
        return lead
    if not cards:
        raise ValueError("a lead needs at least one card")
    g = group_of(cards, ctx)
    if g is None:
        raise ValueError(f"a lead must be of one suit group (SJ-6): {format_cards(cards)}")
    return Lead(g, tuple(sorted(cards)), tuple(decompose(cards, ctx, rules)))


def group_name(g: int, lang: str = "en") -> str:
    """``spades`` … ``diamonds``, ``trumps`` (中文 ``黑桃`` … ``方块``, ``主牌``)."""
    return (GROUP_NAMES_ZH if lang == "zh" else GROUP_NAMES)[g]


__all__ = [
    "DEFAULT_RULES",
    "TRUMP",
    "ComboRules",
    "Lead",
    "Unit",
    "decompose",
    "decompose_counts",
    "group_name",
    "group_of",
    "hand_tractor_ids",
    "make_lead",
    "tables",
]
