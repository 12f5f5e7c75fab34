"""Seeded dealing: every random choice comes from a seed passed in, never global state."""

from __future__ import annotations

import random
from collections.abc import Sequence


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
