"""Helpers for the Shengji round tests: records from explicit hands, acting, random play; and
the tests' oracle for following (SJ-8): the match vector computed literally, by exhaustive
search, and every legal follow by the definition — deliberately sharing nothing with the fast
code (``paizhuo.games.shengji.follow``) but the definitions of units and of the SJ-14
protections (:func:`~paizhuo.games.shengji.combos.hand_tractor_ids`) and the sub-multiset
generator.

``position`` and ``act`` are the package's own (:mod:`paizhuo.games.shengji.positions`), named
here for the tests that take them from this module."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import product
from typing import Any

from paizhuo.cards import RANK_CHARS, Counts, card_id, standard_deck
from paizhuo.engine.actions import Action
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Deal, Record
from paizhuo.games.shengji import ShengjiGame, positions
from paizhuo.games.shengji._follow_leads import sub_multisets
from paizhuo.games.shengji.combos import ComboRules, Lead, hand_tractor_ids
from paizhuo.games.shengji.deal import trump_text
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import format_cards, parse_cards


def record(options: dict[str, Any] | None = None, hands: list[str] | None = None,
           kitty: str | None = None, start: dict[str, Any] | None = None,
           actions: list[list[Any]] | None = None, position: bool = False,
           seed: int | None = None) -> Record:
    data: dict[str, Any] = {"game": "shengji", "options": options or {}}
    if position:
        data["position"] = True
    if start is not None:
        data["start"] = start
    if hands is None:
        data["deal"] = {"seed": seed or 0}
    else:
        data["deal"] = {"hands": hands}
        if kitty is not None:
            data["deal"]["kitty"] = kitty
    data["actions"] = actions or []
    return Record.from_json(data)


def game(options: dict[str, Any] | None = None, hands: list[str] | None = None,
         kitty: str | None = None, start: dict[str, Any] | None = None,
         position: bool = False, seed: int | None = None) -> ShengjiGame:
    return ShengjiGame.from_record(record(options, hands, kitty, start, None, position, seed))


position = positions.position
act = positions.act


def imported(g: ShengjiGame, seat: int, verb: str, cards: str = "",
             extra: dict[str, Any] | None = None) -> ShengjiGame:
    """The game after ``g``'s record with one more action, read as the judge reads a record
    from another program (its import step supplies passes the record leaves out)."""
    rec = g.record()
    rec.actions.append(Action.make(seat, verb, parse_cards(cards), extra))
    again, _ = replay(rec)
    assert isinstance(again, ShengjiGame)
    return again


def trump_of(g: ShengjiGame) -> str | None:
    """``S`` … ``D``, ``NT``, or None before trump is known."""
    return trump_text(g.state)


def details(g: ShengjiGame, seat: int | None) -> dict[str, Any]:
    """The Shengji part of a seat's observation."""
    found: dict[str, Any] = g.observation(seat)["details"]
    return found


def full_deal(prefix: list[str], options: dict[str, Any] | None = None, level: str = "2",
              kitty: str | None = None) -> tuple[list[str], str]:
    """Complete hands for a non-position deal: seat ``i`` receives ``prefix[i]`` first, then
    cards that make no bid (not level ``level``, no jokers); level cards and jokers left over go
    to the kitty first and then to the very end of the hands (dealt last)."""
    opts = ShengjiOptions.from_dict(options or {})
    lv = RANK_CHARS.index(level)
    pool = Counter(standard_deck(opts.decks))
    pre = [list(parse_cards(p)) for p in prefix] + [[] for _ in range(opts.players - len(prefix))]
    for p in pre:
        pool.subtract(p)
    fixed_kitty = list(parse_cards(kitty)) if kitty is not None else None
    if fixed_kitty is not None:
        pool.subtract(fixed_kitty)
    assert all(v >= 0 for v in pool.values()), "prefix uses more copies than the decks hold"
    cards = sorted(pool.elements())
    special = [c for c in cards if c >= 52 or c // 4 == lv]
    neutral = [c for c in cards if not (c >= 52 or c // 4 == lv)]
    if fixed_kitty is None:
        k = opts.kitty_size
        take = special[:k]
        special = special[k:]
        short = k - len(take)
        if short:
            take += neutral[len(neutral) - short:]
            neutral = neutral[:len(neutral) - short]
        fixed_kitty = take
    needs = [opts.hand_size - len(p) for p in pre]
    # leftover specials go to the last places of the hands, spread from the last seat back
    n_special = [0] * opts.players
    seat = opts.players - 1
    left = len(special)
    while left:
        if n_special[seat] < needs[seat]:
            n_special[seat] += 1
            left -= 1
        seat = (seat - 1) % opts.players
    hands: list[list[int]] = []
    for i, p in enumerate(pre):
        k = needs[i] - n_special[i]
        hands.append(p + neutral[:k] + special[:n_special[i]])
        neutral = neutral[k:]
        special = special[n_special[i]:]
    assert not neutral and not special
    return [format_cards(h) for h in hands], format_cards(fixed_kitty)


def card(name: str) -> int:
    return card_id(name)


def play_out(g: ShengjiGame, rng: random.Random, limit: int = 100_000) -> None:
    for _ in range(limit):
        if g.is_over:
            return
        g.apply(g.sample_action(rng))
    raise AssertionError("the round did not end")


def pass_all(g: ShengjiGame) -> None:
    """Every seat asked in the bidding passes."""
    while g.phase == "bid":
        g.apply(next(a for a in g.legal_actions() if a.verb == "pass"))


def seeded(options: dict[str, Any] | None = None, seed: int = 0,
           start: dict[str, Any] | None = None) -> ShengjiGame:
    return ShengjiGame.from_record(Record("shengji", dict(options or {}), Deal(seed=seed),
                                          start))


# -- the follow oracle -------------------------------------------------------------------


def brute_force_follows(hand: Counts, lead: Lead, ctx: TrumpContext,
                        rules: ComboRules) -> list[tuple[int, ...]]:
    """Every legal follow by SJ-8's definition, literally: enumerate every ``n``-card
    sub-multiset of the hand, compute its match vector (a, b, c) by exhaustive search, keep
    those no other beats. Slow; the reference for tests."""
    arr = hand.array()
    items = [(x, h) for x, h in enumerate(arr) if h]
    hg = {x: arr[x] for x in ctx.group_ids[lead.group] if arr[x]}
    plays = list(sub_multisets(items, lead.n))
    group = ctx.group

    def vectors_by(reading: ComboRules) -> list[tuple[int, int, int]]:
        """Each play's literal (a, b, c) under ``reading`` (plays alike in the led group
        share it)."""
        seen: dict[tuple[int, ...], tuple[int, int, int]] = {}
        out = []
        for p in plays:
            key = tuple(c for c in p if group[c] == lead.group)
            if key not in seen:
                seen[key] = literal_vector(p, hg, lead, ctx, reading)
            out.append(seen[key])
        return out

    vectors = vectors_by(rules)
    top = max(vectors)
    if rules.follow_shape == "suit_only":  # SJ-14: only the suit is owed
        return [p for p, v in zip(plays, vectors, strict=True) if v[0] == top[0]]
    if not (rules.protect_triples or rules.protect_tractors):
        return [p for p, v in zip(plays, vectors, strict=True) if v == top]
    # SJ-14 protections only ever allow: a follow legal without them stays legal, and one
    # that plays at least the tractors and tuples the protected reading demands (counting
    # every tuple it plays, a pair cut from a protected triple too) is legal as well.
    plain_vectors = vectors_by(replace(rules, protect_triples=False, protect_tractors=False))
    plain_top = max(plain_vectors)
    return [p for p, v in zip(plays, plain_vectors, strict=True)
            if v == plain_top or (v[0] == top[0] and v[1] >= top[1] and v[2] >= top[2])]


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
        if rules.protect_triples and hg[x] >= 3:  # only whole, against tuples as large
            return k == hg[x] and j >= k
        return True

    # (c): disjoint tuples inside the play (k ≥ 2 identical cards each; four decks: four
    # identical cards hold two disjoint pairs), matched to the lead's tuples
    lead_tuples = list(lead.tuple_sizes)
    ids = sorted(pg)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def best_c(i: int, rem: tuple[int, ...]) -> int:
        if i == len(lead_tuples):
            return 0
        if (i, rem) in memo:
            return memo[i, rem]
        j = lead_tuples[i]
        best = best_c(i + 1, rem)
        for t, x in enumerate(ids):
            for k in range(2, rem[t] + 1):
                if may_serve(x, k, j) and (rem[t] == pg[x] or not whole(x)):
                    left = (*rem[:t], rem[t] - k, *rem[t + 1:])
                    best = max(best, min(j, k) + best_c(i + 1, left))
        memo[i, rem] = best
        return best

    def whole(x: int) -> bool:
        return rules.protect_triples and hg[x] >= 3

    c = best_c(0, tuple(pg[x] for x in ids))

    # (b): every tractor inside the play, then every assignment to lead tractors whose
    # tractors are disjoint (as cards: an id gives each tractor ``k`` of its copies)
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

    def best_b(i: int, rem: dict[int, int]) -> int:
        if i == len(tractors):
            return 0
        k, length = tractors[i]
        best = best_b(i + 1, rem)
        for fk, flen, fids in follower:
            if fk == k and all(rem[x] >= k for x in fids):
                for x in fids:
                    rem[x] -= k
                best = max(best, min(length, flen) + best_b(i + 1, rem))
                for x in fids:
                    rem[x] += k
        return best

    b = best_b(0, dict(pg))
    return a, b, c


def may_serve_tractor(x: int, k: int, hg: dict[int, int], rules: ComboRules,
                      prot: set[int]) -> bool:
    if x in prot:
        return False
    return not (rules.protect_triples and hg[x] >= 3 and k < hg[x])
