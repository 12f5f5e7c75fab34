"""Micro-benchmark of the Shengji rules core: µs per call on positions from random play.

Run ``python -m paizhuo.bench.shengji_follow [rounds] [decks]``. It plays random
4-player rounds (leads by :func:`sample_lead`, failed throws forced back, follows by
:func:`sample_follow`), records every decision's inputs, then times each function over the
recorded inputs and reports the best of several repeats (robust to a busy machine). Not a
test: performance is measured here, never asserted.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from paizhuo.cards import Counts, standard_deck
from paizhuo.games.shengji.combos import ComboRules, Lead, make_lead
from paizhuo.games.shengji.follow import follow_error, lead_error, sample_follow, sample_lead
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.games.shengji.trick import check_throw, trick_winner

LeadCase = tuple[Counts, TrumpContext, int, list[Counts]]
FollowCase = tuple[Counts, Lead, TrumpContext, tuple[int, ...]]
TrickCase = tuple[Lead, list[tuple[int, ...]], TrumpContext]


def record(rounds: int, decks: int, seed: int = 1) -> tuple[list[LeadCase], list[FollowCase],
                                                            list[TrickCase]]:
    """The inputs of every lead, follow and trick of ``rounds`` random 4-player rounds."""
    rng = random.Random(seed)
    rules = ComboRules()
    leads: list[LeadCase] = []
    follows: list[FollowCase] = []
    tricks: list[TrickCase] = []
    for _ in range(rounds):
        deck = standard_deck(decks)
        rng.shuffle(deck)
        per = (len(deck) - 8) // 4
        hands = [Counts.of(deck[i * per:(i + 1) * per]) for i in range(4)]
        ctx = TrumpContext.make(rng.randrange(13), rng.choice([0, 1, 2, 3, None]),
                                rng.random() < 0.2)
        leader = 0
        while len(hands[leader]):
            leads.append((hands[leader].copy(), ctx, leader, [h.copy() for h in hands]))
            cards = sample_lead(hands[leader], ctx, rules, True, rng)
            forced = check_throw(cards, leader, hands, ctx, rules)
            if forced is not None:
                cards = forced[0]
            lead = make_lead(cards, ctx, rules)
            hands[leader].remove_all(cards)
            plays = [lead.cards]
            for i in range(1, 4):
                seat = (leader + i) % 4
                play = sample_follow(hands[seat], lead, ctx, rules, rng)
                follows.append((hands[seat].copy(), lead, ctx, play))
                hands[seat].remove_all(play)
                plays.append(play)
            tricks.append((lead, plays, ctx))
            leader = (leader + trick_winner(lead, plays, ctx, rules)) % 4
    return leads, follows, tricks


def _best(fn: Callable[[], None], calls: int, repeats: int = 5) -> float:
    """µs per call of the fastest of ``repeats`` runs (the others waited for the machine)."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best / calls * 1e6


def main(rounds: int = 200, decks: int = 2) -> None:
    """Record ``rounds`` rounds with ``decks`` decks, then print each function's µs per call."""
    rules = ComboRules()
    leads, follows, tricks = record(rounds, decks)
    rng = random.Random(2)

    def run_sample_lead() -> None:
        for hand, ctx, _, _ in leads:
            sample_lead(hand, ctx, rules, True, rng)

    def run_lead_checks() -> None:
        for hand, ctx, leader, hands in leads:
            cards = sample_lead(hand, ctx, rules, True, rng)
            lead_error(hand, cards, ctx, rules, True)
            check_throw(cards, leader, hands, ctx, rules)

    def run_sample_follow() -> None:
        for hand, lead, ctx, _ in follows:
            sample_follow(hand, lead, ctx, rules, rng)

    def run_follow_error() -> None:
        for hand, lead, ctx, play in follows:
            follow_error(hand, lead, play, ctx, rules)

    def run_trick_winner() -> None:
        for lead, plays, ctx in tricks:
            trick_winner(lead, plays, ctx, rules)

    def run_make_lead() -> None:
        for lead, _, ctx in tricks:
            make_lead(lead.cards, ctx, rules)

    print(f"{rounds} rounds, {decks} decks: {len(leads)} leads, {len(follows)} follows")
    per_round = 0.0
    for name, fn, n, k in [
        ("sample_lead", run_sample_lead, len(leads), 1),
        ("sample_lead + lead_error + check_throw", run_lead_checks, len(leads), 1),
        ("make_lead", run_make_lead, len(tricks), 1),
        ("sample_follow", run_sample_follow, len(follows), 1),
        ("follow_error", run_follow_error, len(follows), 1),
        ("trick_winner", run_trick_winner, len(tricks), 1),
    ]:
        us = _best(fn, n)
        if name != "sample_lead":
            per_round += us * n / rounds * k
        print(f"  {name:40s} {us:6.1f} µs/call  ({n / rounds:.0f} calls/round)")
    print(f"  rules core per round: {per_round / 1000:.2f} ms "
          f"(≈ {1e6 / per_round:.0f} rounds/s if nothing else ran)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
