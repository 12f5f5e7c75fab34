"""Observation features for learners: one seat's observation (the dict of
:meth:`~paizhuo.engine.game.Game.observation`) as a flat ``float32`` vector of named planes.

A game offers them through :meth:`~paizhuo.engine.game.Game.featurizer`; its features module
(``games/<game>/features.py``) says what each plane holds, and ``docs/rl.md`` lists every
plane of every game (a test checks the page against :meth:`Featurizer.layout`). The vector
is built from the observation alone — never from the state — so it holds nothing the seat
cannot see: two deals that differ only in cards the seat has not seen give the same vector.

Seats are relative: plane entries "by seat" start with the observing seat itself, then the
seats after it in turn order, so one network serves every seat.

Helpers for the rank-based games (Gouji, Baohuang: 15 ranks, 3 … A, 2, small and big joker)
live here too: :func:`rank_counts` and :func:`thermometer`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from paizhuo.cards import NUM_CARD_IDS, rank_of
from paizhuo.engine.actions import Action
from paizhuo.engine.game import RECENT
from paizhuo.notation import parse_cards

LOW_RANKS = 15
"""Ranks in the order of Gouji and Baohuang: 3 4 5 6 7 8 9 10 J Q K A 2, small joker, big
joker (the emperor card, a big joker with a mark, counts as a big joker)."""
RANK_DEPTH = 16
"""Bits per rank in the four-deck games (Gouji, Baohuang): four decks hold 16 cards of a
plain rank (4 of each joker)."""


@dataclass(frozen=True)
class Plane:
    """A named slice of the feature vector."""

    name: str
    size: int
    what: str
    """One line: what the plane holds, and how (for docs/rl.md)."""


def _offsets(planes: tuple[Plane, ...]) -> tuple[dict[str, tuple[int, int]], int]:
    offsets: dict[str, tuple[int, int]] = {}
    at = 0
    for p in planes:
        if p.name in offsets:
            raise ValueError(f"plane {p.name!r} named twice")
        offsets[p.name] = (at, at + p.size)
        at += p.size
    return offsets, at


class Featurizer(ABC):
    """One game's (and option set's) features: the state's :attr:`planes` in order, filled by
    :meth:`fill` from an observation and the steps already taken in this decision; and, for
    learners that score each legal action from the state and the action (DouZero's Deep
    Monte-Carlo), one row of :attr:`action_planes` per action, filled by
    :meth:`fill_action`."""

    planes: tuple[Plane, ...]
    action_planes: tuple[Plane, ...]
    belief_kinds: int = 0
    """The kinds of card a belief about the hidden hands tells apart (the learned bots'
    belief head: where each unseen card of a kind lies); 0 where the game offers none."""
    max_scored: int = 2048
    """The most legal actions a learned network scores at one decision of this game; a
    longer list is the heuristic's (the learned bot's time per decision grows with the
    list: a row and a pass of the network each)."""

    history_len: int = RECENT
    """Rows of :meth:`encode_history`: the recent actions a learner summarises."""

    def __init__(self, planes: Iterable[Plane], action_planes: Iterable[Plane],
                 history_planes: Iterable[Plane] = ()) -> None:
        self.planes = tuple(planes)
        self.offsets, self.size = _offsets(self.planes)
        self.action_planes = tuple(action_planes)
        self.action_offsets, self.action_size = _offsets(self.action_planes)
        self.history_planes = tuple(history_planes)
        """The planes of one recent action's row (:meth:`encode_history`); none where the
        game offers no history."""
        self.history_offsets, self.history_size = _offsets(self.history_planes)

    def layout(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, size, what)`` for every plane, in order."""
        return [(p.name, self.offsets[p.name][0], p.size, p.what) for p in self.planes]

    def digest(self) -> str:
        """16 hex digits naming the layout (every plane's name and size, the action row's,
        the belief kinds): weights trained on one layout are refused on another."""
        import hashlib
        import json

        text = json.dumps([[(p.name, p.size) for p in self.planes],
                           [(p.name, p.size) for p in self.action_planes], self.belief_kinds])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def history_layout(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, size, what)`` for every plane of a recent action's row."""
        return [(p.name, self.history_offsets[p.name][0], p.size, p.what)
                for p in self.history_planes]

    def history_digest(self) -> str:
        """16 hex digits naming the history's layout (its planes, their sizes, its length):
        a network that summarises the recent actions is refused on another."""
        import hashlib
        import json

        text = json.dumps([[(p.name, p.size) for p in self.history_planes], self.history_len])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def recent(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The recent actions of ``obs`` to summarise, oldest first (at most
        :attr:`history_len`): its details' ``recent`` (``Game.recent_actions``) by default."""
        return list(obs["details"].get("recent") or ())[-self.history_len:]

    def encode_history(self, obs: dict[str, Any]) -> np.ndarray:
        """``(history_len, history_size)``: a row per recent action (:meth:`recent`,
        :meth:`history_rows`), the latest last; where fewer were taken, the first rows stay
        0."""
        out = np.zeros((self.history_len, self.history_size), dtype=np.float32)
        items = self.recent(obs)
        if items:
            out[self.history_len - len(items):] = self.history_rows(obs, items)
        return out

    def history_rows(self, obs: dict[str, Any], items: Sequence[dict[str, Any]]
                     ) -> np.ndarray:
        """``(len(items), history_size)``: the rows of recent actions (each ``{"seat",
        "verb", "cards"?}``), all at once (a learned bot builds them at every decision)."""
        raise NotImplementedError(f"{type(self).__name__} offers no history")

    def action_layout(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, size, what)`` for every plane of an action's row, in order."""
        return [(p.name, self.action_offsets[p.name][0], p.size, p.what)
                for p in self.action_planes]

    def encode_actions(self, obs: dict[str, Any], actions: Sequence[Action]) -> np.ndarray:
        """One row of :attr:`action_size` values per action (``obs``'s seat's actions)."""
        out = np.zeros((len(actions), self.action_size), dtype=np.float32)
        for i, action in enumerate(actions):
            self.fill_action(Writer(out[i], self.action_offsets), obs, action)
        return out

    @abstractmethod
    def fill_action(self, w: Writer, obs: dict[str, Any], action: Action) -> None:
        """Write the row of ``action`` with ``w`` (planes not written stay 0)."""

    def encode(self, obs: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
        """The feature vector of ``obs`` (a seat's observation) with ``prefix``, the steps of
        the current decision already taken (a Shengji play built card by card)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(Writer(out, self.offsets), obs, prefix)
        return out

    @abstractmethod
    def fill(self, w: Writer, obs: dict[str, Any], prefix: Sequence[int]) -> None:
        """Write the planes of ``obs`` with ``w`` (planes not written stay 0)."""

    # -- beliefs about the hidden hands (games with belief_kinds) ---------------------------

    def hand_kinds(self, obs: dict[str, Any]) -> np.ndarray:
        """How many cards of each of the :attr:`belief_kinds` the seat of ``obs`` holds
        (what a belief head learns to guess for the other seats)."""
        raise NotImplementedError(f"{type(self).__name__} offers no beliefs")

    def belief_hints(self, obs: dict[str, Any], odds: np.ndarray) -> dict[str, Any] | None:
        """The keywords of the game's ``determinize`` that draw the hidden cards by ``odds``
        (``(seats, belief_kinds)``: the chance that an unseen card of a kind lies in each
        seat's hand, seats as the table numbers them; the observer's row unused), or
        ``None`` where its determinize takes none."""
        return None


class RankBeliefs(Featurizer):
    """A featurizer whose beliefs tell the 15 ranks apart (Gouji, Baohuang: suits never
    matter there), their odds given to ``determinize`` as ``hand_odds``."""

    belief_kinds = LOW_RANKS

    def hand_kinds(self, obs: dict[str, Any]) -> np.ndarray:
        return np.asarray(rank_counts(obs.get("hand") or ""), dtype=np.float32)

    def belief_hints(self, obs: dict[str, Any], odds: np.ndarray) -> dict[str, Any] | None:
        table = odds.astype(float)

        def hand_odds(seat: int, card: int) -> float:
            return float(table[seat, low_rank(card)])

        return {"hand_odds": hand_odds}


class Writer:
    """Writes named planes into the vector."""

    def __init__(self, out: np.ndarray, offsets: dict[str, tuple[int, int]]) -> None:
        self.out = out
        self.offsets = offsets

    def put(self, name: str, values: Sequence[float] | np.ndarray) -> None:
        a, b = self.offsets[name]
        if len(values) != b - a:
            raise ValueError(f"plane {name!r} holds {b - a} values, not {len(values)}")
        self.out[a:b] = values

    def set(self, name: str, index: int, value: float = 1.0) -> None:
        a, b = self.offsets[name]
        if not 0 <= index < b - a:
            raise ValueError(f"plane {name!r} has no entry {index}")
        self.out[a + index] = value



def low_rank(card: int) -> int:
    """A card's index among :data:`LOW_RANKS` (3 is 0, 2 is 12, the jokers 13 and 14)."""
    r = rank_of(card)
    return r if r >= 13 else (r - 1) % 13


def rank_counts(cards: str | Iterable[int] | None) -> list[int]:
    """How many cards of each of the 15 ranks (``cards`` as text or ids; ``None``: none)."""
    out = [0] * LOW_RANKS
    if cards is None:
        return out
    ids = parse_cards(cards) if isinstance(cards, str) else cards
    for c in ids:
        out[low_rank(c)] += 1
    return out


def thermometer(counts: Sequence[int], depth: int) -> np.ndarray:
    """Each count as ``depth`` bits, the first ``count`` set (DouZero's card matrix): rank
    ``i``'s bits are entries ``i*depth … i*depth + depth - 1``; counts above ``depth`` are
    cut to it."""
    out = np.zeros((len(counts), depth), dtype=np.float32)
    for i, n in enumerate(counts):
        out[i, :min(n, depth)] = 1.0
    return out.reshape(-1)


def relative(seat: int, other: int, seats: int) -> int:
    """``other``'s place seen from ``seat``: 0 itself, 1 the next in turn, …"""
    return (other - seat) % seats


def rank_plane(name: str, what: str) -> Plane:
    """A plane of cards by rank (:func:`rank_bits`): 15 ranks × :data:`RANK_DEPTH` bits."""
    return Plane(name, LOW_RANKS * RANK_DEPTH, f"{what}: 15 ranks (3 … A, 2, SJ, BJ) × "
                 f"{RANK_DEPTH} bits, the first count set")


def rank_bits(cards: str | Iterable[int] | None) -> np.ndarray:
    """``cards`` as a :func:`rank_plane`'s values."""
    return thermometer(rank_counts(cards), RANK_DEPTH)


_LOW_RANK_OF = np.array([low_rank(c) for c in range(NUM_CARD_IDS)], dtype=np.int64)


def rank_bits_rows(card_lists: Sequence[Sequence[int]]) -> np.ndarray:
    """Each list of card ids as a :func:`rank_plane`'s values, one row per list: what
    :func:`rank_bits` gives for each, worked out for all at once (a learned bot's legal
    actions, hundreds at a decision)."""
    counts = rank_count_rows(card_lists)
    bits: np.ndarray = (counts[:, :, None] > np.arange(RANK_DEPTH)).reshape(len(counts), -1)
    return bits.astype(np.float32)


def seat_plane(name: str, what: str, seats: int) -> Plane:
    """A plane with an entry per relative seat (:func:`relative`)."""
    return Plane(name, seats, f"{what}, by relative seat (0 = the observer)")


def verb_plane(verbs: Iterable[str]) -> Plane:
    """The one-hot plane of an action's verb, over ``verbs`` in sorted order."""
    names = sorted(verbs)
    return Plane("verb", len(names), "the verb (one-hot: " + ", ".join(names) + ")")


def rank_history_planes(verbs: Iterable[str], seats: int) -> tuple[Plane, ...]:
    """A recent action's row in a rank game (Gouji, Baohuang): who took it, its verb, its
    cards by rank."""
    return (seat_plane("seat", "who took it", seats), verb_plane(verbs),
            Plane("cards", LOW_RANKS, "its cards: how many of each of the 15 ranks (3 … A, 2, "
                  "SJ, BJ) / 16"))


def rank_history_rows(obs: dict[str, Any], items: Sequence[dict[str, Any]],
                      verbs: Sequence[str], seats: int) -> np.ndarray:
    """The rows of :func:`rank_history_planes` for ``items`` (a verb not in ``verbs`` leaves
    its plane 0)."""
    names = sorted(verbs)
    out = np.zeros((len(items), seats + len(names) + LOW_RANKS), dtype=np.float32)
    seat = int(obs["seat"])
    for i, item in enumerate(items):
        if item.get("seat") is not None:
            out[i, relative(seat, int(item["seat"]), seats)] = 1.0
        if item.get("verb") in names:
            out[i, seats + names.index(item["verb"])] = 1.0
    cards = [parse_cards(item.get("cards") or "") for item in items]
    out[:, seats + len(names):] = rank_count_rows(cards) / RANK_DEPTH
    return out


def rank_count_rows(card_lists: Sequence[Sequence[int]]) -> np.ndarray:
    """``(lists, 15)``: how many cards of each rank each list of card ids holds."""
    n = len(card_lists)
    lens = [len(c) for c in card_lists]
    flat = np.fromiter((c for cards in card_lists for c in cards), dtype=np.int64,
                       count=sum(lens))
    at = np.repeat(np.arange(n) * LOW_RANKS, lens) + _LOW_RANK_OF[flat]
    counts = np.bincount(at, minlength=n * LOW_RANKS).astype(np.float32)
    return counts.reshape(n, LOW_RANKS)


def seat_flags(seat: int, members: Iterable[int | str], seats: int) -> list[float]:
    """A 0/1 entry per relative seat for the seats in ``members``."""
    out = [0.0] * seats
    for m in members:
        out[relative(seat, int(m), seats)] = 1.0
    return out
