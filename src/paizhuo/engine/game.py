"""The one interface every game implements; server, bots, arena and RL talk only to it."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from paizhuo.engine.actions import Action
from paizhuo.engine.records import Deal, Record


class Game(ABC):
    """A game in progress: options + deal (+ start) fixed at creation, then actions applied.

    The state is mutable and changes only through :meth:`apply`, which either applies a legal
    action completely or raises :class:`~paizhuo.engine.errors.IllegalActionError` and leaves
    the state unchanged. Everything random was decided by the deal's seed.
    """

    name: ClassVar[str]
    """Registry name: ``shengji``, ``gouji`` or ``baohuang``."""
    VERBS: ClassVar[frozenset[str]]
    """Every verb an action of this game may have (others are malformed)."""
    PRESETS: ClassVar[tuple[str, ...]]
    """Names of the option presets (the first is the default)."""
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset()
    """Numeric fields of :meth:`result` (dotted paths) that name a seat or count games
    (``dealer``, ``game``): statistics count their values and never average them."""

    def __init__(self, record: Record) -> None:
        self.setup = Record(record.game, dict(record.options), record.deal, record.start,
                            [], record.position)
        self.actions: list[Action] = []
        """Every applied action, as it goes into the record."""

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def from_record(cls, record: Record) -> Self:
        """A new game from a record's options, start and deal (its actions are ignored)."""

    @classmethod
    def new(cls, options: dict[str, Any] | None = None, seed: int = 0,
            start: dict[str, Any] | None = None) -> Self:
        """A new game with a seeded deal."""
        return cls.from_record(Record(cls.name, dict(options or {}), Deal(seed=seed), start))

    # -- the interface ----------------------------------------------------------------------

    @property
    @abstractmethod
    def num_seats(self) -> int:
        """Seats at the table (numbered 0 … n-1)."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The current phase name (``bid``, ``bury``, ``play``, ``over`` …)."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now (usually one; empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the first seat to act).

        The list is complete for every decision but one kind: where the legal set is
        astronomically large (a Shengji bury chooses 8 of 33 cards: millions of ways), a game
        returns a bounded, documented selection and offers exact alternatives — a count of the
        legal actions and a card-by-card step mask (Shengji: ``count_legal``, ``play_mask``).
        """

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action, or raise ``IllegalActionError`` and change nothing."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see, as JSON-ready data (never a hidden card)."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """The outcome once the game (or round) has ended, else ``None``."""

    # -- optional hooks with generic defaults -----------------------------------------------

    def sample_action(self, rng: random.Random) -> Action:
        """A random legal action for the first seat to act (games override this for speed;
        the sample need not be uniform, but every action it returns must be legal)."""
        return rng.choice(self.legal_actions())

    def next_start(self) -> dict[str, Any] | None:
        """Once over: the ``start`` of the next deal of the match or series, or ``None`` when
        the match is finished (or the game is not part of one)."""
        return None

    def match_winners(self) -> list[int] | None:
        """When this deal ended its match or series: the seats that won it (``[]`` for a
        draw); otherwise, and for a game that is not part of a match, ``None``."""
        return None

    # -- shared helpers ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game (or round) has ended: it has a result."""
        return self.result() is not None

    def record(self) -> Record:
        """The record of this game so far (replays to this exact state)."""
        rec = self.setup
        return Record(rec.game, dict(rec.options), rec.deal, rec.start, list(self.actions),
                      rec.position)
