"""A tiny throwaway game for testing the game-generic tools (CLI, arena, bench, bots).

"Race": two (or more) seats, a seeded one-deck deal; in turn each seat plays one or more
cards of one rank, or passes (never twice in a row round the table); the first seat out of
cards wins. A match is three deals. Option ``explode`` makes the engine fail on purpose
after that many actions, to test how tools report engine bugs.
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any, ClassVar, Self

from paizhuo.cards import Counts, rank_of, standard_deck
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import deal_round_robin, shuffled
from paizhuo.engine.errors import IllegalActionError, InvalidOptionsError, MalformedError
from paizhuo.engine.game import FlatEncoding, Game, View
from paizhuo.engine.records import Record
from paizhuo.notation import format_cards

_PRESETS = {"short": 3, "long": 6}


class FakeGame(FlatEncoding, Game):
    name: ClassVar[str] = "fake"
    VERBS: ClassVar[frozenset[str]] = frozenset({"play", "pass"})
    PRESETS: ClassVar[tuple[str, ...]] = ("short", "long")
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"round"})

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        opts = dict(record.options)
        preset = opts.pop("preset", "short")
        if preset not in _PRESETS:
            raise InvalidOptionsError("preset", f"unknown preset {preset!r}")
        hand_size = opts.pop("hand", _PRESETS[preset])
        self.seats = opts.pop("seats", 2)
        self.explode = opts.pop("explode", None)
        if opts:
            raise InvalidOptionsError(next(iter(opts)), "unknown option")
        if not isinstance(hand_size, int) or not 1 <= hand_size <= 20:
            raise InvalidOptionsError("hand", "must be an integer 1–20")
        self.round = int((record.start or {}).get("round", 1))
        if record.deal.hands is not None:
            if len(record.deal.hands) != self.seats:
                raise MalformedError("deal.hands", f"needs {self.seats} hands")
            hands = [list(h) for h in record.deal.hands]
        else:
            deck = shuffled(standard_deck(1), record.deal.seed or 0)
            hands, _ = deal_round_robin(deck, self.seats, hand_size)
        self.hands = [Counts.of(h) for h in hands]
        self.turn = 0
        self.passed = False
        self.last: Action | None = None

    @classmethod
    def from_record(cls, record: Record) -> Self:
        return cls(record)

    @property
    def num_seats(self) -> int:
        return int(self.seats)

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "play"

    def _winner(self) -> int | None:
        for seat, hand in enumerate(self.hands):
            if len(hand) == 0:
                return seat
        return None

    def to_act(self) -> list[int]:
        return [] if self._winner() is not None else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self._winner() is not None:
            return []
        out: list[Action] = []
        hand = self.hands[seat]
        by_rank: dict[int, list[int]] = {}
        for card in hand:
            by_rank.setdefault(rank_of(card), []).append(card)
        for cards in by_rank.values():
            seen: set[tuple[int, ...]] = set()
            for n in range(1, len(cards) + 1):
                for combo in itertools.combinations(cards, n):
                    if combo not in seen:
                        seen.add(combo)
                        out.append(Action.make(seat, "play", combo))
        if not self.passed:
            out.append(Action(seat, "pass"))
        return out

    def sample_action(self, rng: random.Random) -> Action:
        return rng.choice(self.legal_actions())

    def _apply(self, action: Action) -> Action | None:
        if self.explode is not None and len(self.actions) >= self.explode:
            raise RuntimeError("the fake engine exploded on purpose")
        if self._winner() is not None:
            raise IllegalActionError("FK-0", "the game is over", action.seat)
        if action.seat != self.turn:
            raise IllegalActionError("FK-1", f"it is seat {self.turn}'s turn", action.seat)
        if action.verb == "pass":
            if action.cards:
                raise MalformedError("", "a pass has no cards")
            if self.passed:
                raise IllegalActionError("FK-4", "the last seat passed: you must play",
                                         action.seat)
            self.passed = True
        else:
            hand = self.hands[action.seat]
            if not action.cards:
                raise IllegalActionError("FK-3", "play at least one card", action.seat)
            if not hand.contains_all(action.cards):
                raise IllegalActionError("FK-2", f"you do not hold {format_cards(action.cards)}",
                                         action.seat)
            if len({rank_of(c) for c in action.cards}) != 1:
                raise IllegalActionError("FK-3", "the cards of a play must share one rank",
                                         action.seat)
            hand.remove_all(action.cards)
            self.passed = False
        self.last = action
        self.emit({"type": "action", **_action_json(action)})
        self.turn = (self.turn + 1) % self.num_seats
        return None

    def _observe(self, seat: int | None) -> View:
        return View(
            hand=None if seat is None else format_cards(self.hands[seat].to_tuple()),
            hand_sizes=[len(h) for h in self.hands],
            to_act=self.to_act(),
            result=self.result(),
            details={"last": str(self.last) if self.last else None, "round": self.round},
        )

    def returns(self) -> list[float] | None:
        winner = self._winner()
        if winner is None:
            return None
        n = self.num_seats
        return [float(n - 1) if s == winner else -1.0 for s in range(n)]

    def clone(self) -> Self:
        other = copy.copy(self)
        self.copy_base_into(other)
        other.hands = [h.copy() for h in self.hands]
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        pool = sorted(c for s, h in enumerate(self.hands) if s != seat for c in h.to_tuple())
        rng.shuffle(pool)
        for s, h in enumerate(self.hands):
            if s != seat:
                size = len(h)
                other.hands[s] = Counts.of(pool[:size])
                pool = pool[size:]
        return other

    def implied_before(self, action: Action) -> list[Action]:
        """A record from another program may leave out the pass of the seat before."""
        if action.seat == (self.turn + 1) % self.num_seats and not self.passed:
            return [Action(self.turn, "pass")]
        return []

    def record_for(self, seat: int | None) -> Record:
        return self.record()

    @property
    def num_actions(self) -> int:
        return 1 + 15 * 15  # pass; a rank (15, jokers too) and a non-empty set of suits (15)

    def _encode_one(self, action: Action) -> int:
        if action.verb == "pass":
            return 0
        suits = 0
        for c in action.cards:
            suits |= 1 << (c & 3)
        return 1 + rank_of(action.cards[0]) * 15 + suits - 1

    def _decode_one(self, index: int, seat: int) -> Action:
        for action in self._legal(seat):
            if self._encode_one(action) == index:
                return action
        raise MalformedError("steps", f"index {index} is no legal action now")

    def result(self) -> dict[str, Any] | None:
        winner = self._winner()
        if winner is None:
            return None
        left = [len(h) for h in self.hands]
        return {"winner": winner, "won_by": "sweep" if max(left) >= 3 else "close",
                "score": [10 - n for n in left], "cards_left": sum(left), "round": self.round}

    def next_start(self) -> dict[str, Any] | None:
        return {"round": self.round + 1} if self.is_over and self.round < 3 else None

    def match_winners(self) -> list[int] | None:
        """The winner of the third deal wins the match."""
        winner = self._winner()
        return [winner] if winner is not None and self.round >= 3 else None


def _action_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat, "verb": action.verb}
    if action.cards:
        out["cards"] = format_cards(action.cards)
    return out
