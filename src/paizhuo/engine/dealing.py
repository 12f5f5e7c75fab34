"""Seeded dealing: every random choice comes from a seed passed in, never global state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence


def shuffled(cards: Sequence[int], seed: int) -> list[int]:
    """The cards in the order a shuffle with ``seed`` gives (same seed, same order, always).

    >>> shuffled([1, 2, 3, 4], 7) == shuffled([1, 2, 3, 4], 7)
    True
    """
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    return deck


def deal_round_robin(
    deck: Sequence[int], players: int, hand_size: int, first: int = 0
) -> tuple[list[list[int]], list[int]]:
    """Deal one card at a time in seat order starting at ``first``; the rest is left over.

    Returns each seat's cards in arrival order, and the undealt remainder (a kitty).
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(players * hand_size):
        hands[(first + i) % players].append(deck[i])
    return hands, list(deck[players * hand_size:])


def derive_seed(seed: int, *parts: int) -> int:
    """A new seed from ``seed`` and some integers (for redeals and later rounds).

    Seeded from text (which ``random`` hashes with SHA-512), not from ``hash()``: tuple hashing
    is an interpreter detail, and a record's deals must not change with the Python version.

    >>> derive_seed(5, 1) == derive_seed(5, 1) != derive_seed(5, 2)
    True
    """
    text = "/".join(str(int(p)) for p in (seed, *parts))
    return random.Random(f"paizhuo.derive_seed/{text}").getrandbits(63)


TILT_SWEEPS = 12
"""Proposed swaps per card in :func:`tilt`."""


def tilt(places: list[list[int]], weight: Callable[[int, int], float], rng: random.Random,
         allowed: Callable[[int, int, int, int], bool] | None = None,
         swapped: Callable[[int, int, int, int], None] | None = None,
         sweeps: int = TILT_SWEEPS) -> None:
    """Redraw the cards of ``places`` (lists of cards, changed in place) among them so that a
    deal is drawn in proportion to the product over the cards of ``weight(place, card)``: a
    Metropolis chain of swaps of two cards between two places, from the deal given (which
    should be a uniform draw). ``allowed(p, i, q, j)``: whether card ``i`` of place ``p``
    and card ``j`` of place ``q`` may change places (a constraint of the deal), asked before
    the weights; ``swapped(p, i, q, j)`` is told of each swap made (to keep what goes with
    the positions). Weights are cached per (place, card); a weight of 0 keeps a card out of
    a place it is not already in.

    The draws come from ``rng`` alone and the places are taken as given, so the result
    depends on nothing else (a determinize stays free of hidden information when its
    places are)."""
    busy = [p for p in range(len(places)) if places[p]]
    if len(busy) < 2:
        return
    cache: dict[tuple[int, int], float] = {}

    def w(place: int, card: int) -> float:
        key = (place, card)
        found = cache.get(key)
        if found is None:
            found = cache[key] = max(0.0, float(weight(place, card)))
        return found

    cards = sum(len(places[p]) for p in busy)
    for _ in range(sweeps * cards):
        p, q = rng.sample(busy, 2)
        a, b = places[p], places[q]
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        x, y = a[i], b[j]
        if x == y or (allowed is not None and not allowed(p, i, q, j)):
            continue
        now = w(p, x) * w(q, y)
        then = w(p, y) * w(q, x)
        if then >= now or rng.random() * now < then:
            a[i], b[j] = y, x
            if swapped is not None:
                swapped(p, i, q, j)
