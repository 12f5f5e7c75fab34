"""Climb 爬 behind the one game interface (``docs/interface.md``); rules in :mod:`toygame`.

Written as a newcomer would write a fourth game: only the engine's public pieces, the
hooks of :class:`~paizhuo.engine.game.Game`, a flat action encoding, and no declared
capability beyond what the rules give (:meth:`forced_action` for a seat that can only pass).
Every hand is a set of card ids: one deck, so no card appears twice.

>>> game = ToyGame.new({"preset": "quick"}, seed=3)
>>> game.num_seats, game.phase, game.to_act()
(4, 'play', [0])
>>> game.observation(0)["hand_sizes"]
[5, 5, 5, 5]
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any, ClassVar, Final, Self

from paizhuo.cards import NUM_PLAIN_IDS, rank_of, standard_deck, suit_of
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import deal_round_robin, shuffled
from paizhuo.engine.errors import IllegalActionError, MalformedError, describe
from paizhuo.engine.game import FlatEncoding, Game, View
from paizhuo.engine.records import Deal, Record
from paizhuo.notation import format_card, format_cards
from toygame.options import PRESET_NAMES, ToyOptions

_STRENGTH: Final[tuple[int, ...]] = tuple(
    12 if rank_of(c) == 0 else rank_of(c) - 1 if rank_of(c) < 13 else rank_of(c)
    for c in range(NUM_PLAIN_IDS))
"""Climbing strength of each card id (TOY-2): 0 = 3 … 11 = A, 12 = 2, 13 = SJ, 14 = BJ."""
_RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")


def strength(cards: tuple[int, ...]) -> int:
    """The climbing strength of a play's rank (its cards share one)."""
    return _STRENGTH[cards[0]]


def describe_play(cards: tuple[int, ...]) -> str:
    """A play in a player's words: ``two 7s``."""
    count = ("one", "two", "three", "four")[len(cards) - 1] if len(cards) <= 4 else \
        str(len(cards))
    return f"{count} {_RANK_NAMES[strength(cards)]}{'s' if len(cards) > 1 else ''}"


class ToyGame(FlatEncoding, Game):
    """A deal of Climb: hands, whose turn, the play to beat and the passes since it."""

    name: ClassVar[str] = "toy"
    VERBS: ClassVar[frozenset[str]] = frozenset({"play", "pass"})
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"winner"})

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.options = ToyOptions.from_dict(record.options)
        n = self.options.seats
        start = record.start or {}
        for key in start:
            if key != "leader":
                raise MalformedError(f"start.{key}", "unknown field; a Climb start may name "
                                     "only the leader")
        leader = start.get("leader", 0)
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n:
            raise MalformedError("start.leader", f"must be a seat 0–{n - 1}, not "
                                 f"{describe(leader)}")
        self.hands: list[set[int]] = [set(h) for h in self._deal(record.deal, n)]
        self.turn = leader
        self.last: Action | None = None
        """The play to beat (``None``: the turn is a lead)."""
        self.passes = 0
        """Passes since the last play (TOY-5: ``seats - 1`` of them end the round)."""
        self.round: list[Action | None] = [None] * n
        """Each seat's latest play or pass of this round, for the views."""
        self.winner: int | None = None

    def _deal(self, deal: Deal, n: int) -> list[tuple[int, ...]]:
        """TOY-1: the seeded deal, or a record's explicit hands checked against one deck."""
        size = self.options.hand_size
        if deal.hands is None:
            hands, _ = deal_round_robin(shuffled(standard_deck(1), deal.seed or 0), n, size)
            return [tuple(h) for h in hands]
        if deal.kitty is not None:
            raise MalformedError("deal.kitty", "Climb has no kitty: the cards left over are "
                                 "set aside unseen")
        if len(deal.hands) != n:
            raise MalformedError("deal.hands", f"{n} hands for {n} players, not "
                                 f"{len(deal.hands)}")
        seen: set[int] = set()
        for i, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise MalformedError(f"deal.hands[{i}]", f"{size} cards, not {len(hand)}")
            for card in hand:
                if card >= NUM_PLAIN_IDS or card in seen:
                    raise MalformedError(f"deal.hands[{i}]", f"{format_card(card)} is not "
                                         "left in one 54-card deck")
                seen.add(card)
        return [tuple(h) for h in deal.hands]

    @classmethod
    def from_record(cls, record: Record) -> Self:
        return cls(record)

    # -- the state ---------------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.options.seats

    @property
    def phase(self) -> str:
        return "play" if self.winner is None else "over"

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def _plays(self, seat: int) -> list[tuple[int, ...]]:
        """Every set of cards of one rank ``seat`` holds (TOY-2), lowest rank first."""
        by_rank: dict[int, list[int]] = {}
        for card in sorted(self.hands[seat]):
            by_rank.setdefault(_STRENGTH[card], []).append(card)
        out: list[tuple[int, ...]] = []
        for _, cards in sorted(by_rank.items()):
            for k in range(1, len(cards) + 1):
                out.extend(itertools.combinations(cards, k))
        return out

    def _beats(self, cards: tuple[int, ...]) -> bool:
        """TOY-3: more cards, or as many of a higher rank, than the play to beat."""
        last = self.last
        if last is None:
            return True
        return len(cards) > len(last.cards) or (
            len(cards) == len(last.cards) and strength(cards) > strength(last.cards))

    def _legal(self, seat: int) -> list[Action]:
        if self.winner is not None or seat != self.turn:
            return []
        out = [Action(seat, "play", cards) for cards in self._plays(seat) if self._beats(cards)]
        if self.last is not None:
            out.append(Action(seat, "pass"))
        return out

    def forced_action(self, seat: int) -> Action | None:
        """A pass where nothing in the hand beats the play (TOY-3, TOY-4)."""
        last = self.last
        if self.winner is not None or seat != self.turn or last is None:
            return None
        counts: dict[int, int] = {}
        for card in self.hands[seat]:
            counts[_STRENGTH[card]] = counts.get(_STRENGTH[card], 0) + 1
        need, rank = len(last.cards), strength(last.cards)
        if any(k > need or (k == need and r > rank) for r, k in counts.items()):
            return None
        return Action(seat, "pass")

    # -- applying an action ------------------------------------------------------------------

    def _apply(self, action: Action) -> Action | None:
        seat = action.seat
        if self.winner is not None:
            raise IllegalActionError("TOY-6", f"the deal is over: seat {self.winner} went out "
                                     "first", seat)
        if seat != self.turn:
            raise IllegalActionError("TOY-1", f"it is seat {self.turn}'s turn, not yours", seat)
        if action.verb == "pass":
            self._pass(action)
        else:
            self._play(action)
        return None

    def _pass(self, action: Action) -> None:
        if action.cards:
            raise MalformedError("[2]", "a pass takes no cards")
        if self.last is None:
            raise IllegalActionError("TOY-4", "you lead this round: play a set of cards of "
                                     "one rank", action.seat)
        self.emit({"type": "action", "seat": action.seat, "verb": "pass"})
        self.round[action.seat] = action
        self.passes += 1
        if self.passes < self.num_seats - 1:
            self.turn = (action.seat + 1) % self.num_seats
            return
        leader = self.last.seat  # TOY-5: everyone else passed
        self.emit({"type": "round_won", "seat": leader, "leader": leader})
        self.last, self.passes, self.turn = None, 0, leader
        self.round = [None] * self.num_seats

    def _play(self, action: Action) -> None:
        seat, cards = action.seat, action.cards
        hand = self.hands[seat]
        if not cards:
            raise IllegalActionError("TOY-2", "play at least one card, or pass", seat)
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalActionError("TOY-2", f"you do not hold {format_cards(missing)}", seat)
        if len({_STRENGTH[c] for c in cards}) != 1:
            raise IllegalActionError("TOY-2", f"{format_cards(cards)} mixes ranks: a play is "
                                     "cards of one rank", seat)
        if not self._beats(cards):
            assert self.last is not None
            raise IllegalActionError(
                "TOY-3", f"{describe_play(cards)} {'does' if len(cards) == 1 else 'do'} not "
                f"beat {describe_play(self.last.cards)}: play more cards, or "
                f"{len(self.last.cards)} of a higher rank", seat)
        hand.difference_update(cards)
        self.emit({"type": "action", "seat": seat, "verb": "play", "cards": format_cards(cards)})
        self.round[seat] = action
        self.last, self.passes = action, 0
        if hand:
            self.turn = (seat + 1) % self.num_seats
            return
        self.winner = seat  # TOY-6
        self.emit({"type": "out", "seat": seat, "place": 1})
        self.emit({"type": "over", "result": self.result()})

    # -- what the seats see ------------------------------------------------------------------

    def _observe(self, seat: int | None) -> View:
        last = self.last
        return View(
            hand=None if seat is None else format_cards(sorted(self.hands[seat])),
            hand_sizes=[len(h) for h in self.hands],
            to_act=self.to_act(),
            result=self.result(),
            details={
                "to_beat": None if last is None else {"seat": last.seat,
                                                      "cards": format_cards(last.cards)},
                "passes": self.passes,
                "round": [None if a is None else {"verb": a.verb,
                                                  "cards": format_cards(a.cards)}
                          for a in self.round],
                "per_card": self.options.per_card,
            },
        )

    def result(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        left = [len(h) for h in self.hands]
        return {"winner": self.winner, "cards_left": left, "points": self._points()}

    def _points(self) -> list[int]:
        """TOY-6: each loser pays the winner its cards left (or one point)."""
        assert self.winner is not None
        paid = [len(h) if self.options.per_card else 1 for h in self.hands]
        paid[self.winner] = 0
        return [sum(paid) if s == self.winner else -paid[s] for s in range(self.num_seats)]

    def returns(self) -> list[float] | None:
        return None if self.winner is None else [float(p) for p in self._points()]

    # -- copies and records ------------------------------------------------------------------

    def clone(self) -> Self:
        other = copy.copy(self)
        self.copy_base_into(other)
        other.hands = [set(h) for h in self.hands]
        other.round = list(self.round)
        return other

    def _dealt(self) -> list[tuple[int, ...]]:
        """Each hand as dealt: what it holds now and what it played."""
        hands = [set(h) for h in self.hands]
        for action in self.actions:
            hands[action.seat].update(action.cards)
        return [tuple(sorted(h)) for h in hands]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Every card ``seat`` has not seen (the other hands and the cards set aside) dealt
        again at random; the hand sizes are public, and nothing else constrains a hand."""
        self.check_seat(seat)
        other = self.clone()
        played = {c for a in self.actions for c in a.cards}
        pool = sorted(set(range(NUM_PLAIN_IDS)) - self.hands[seat] - played)
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if s != seat:
                other.hands[s] = set(pool[:len(hand)])
                del pool[:len(hand)]
        other.determinized = True
        # a guess is not a deal: the copy keeps its own hands as dealt, never the seed
        other.setup = Record(self.name, dict(self.setup.options), Deal(hands=other._dealt()),
                             self.setup.start)
        return other

    def record_for(self, seat: int | None) -> Record:
        """TOY-7: once over, the deal with every hand as dealt (a copy's too: its hands were
        dealt once, before any decision, so the judge replays it)."""
        self.check_seat(seat, spectator=True)
        if self.winner is None:
            raise IllegalActionError("TOY-7", "the deal is not over: its record is kept at the "
                                     "end", seat)
        setup = self.setup
        return Record(self.name, dict(setup.options), Deal(hands=self._dealt()), setup.start,
                      list(self.actions))

    # -- the action encoding: 0 = pass, then a rank (15) and a set of suits (15) ------------

    @property
    def num_actions(self) -> int:
        return 1 + 15 * 15

    def _encode_one(self, action: Action) -> int:
        if action.verb == "pass":
            return 0
        suits = 0
        for card in action.cards:
            suits |= 1 << (suit_of(card) & 3)  # a joker (suit 4) is the only card of its rank
        return 1 + rank_of(action.cards[0]) * 15 + suits - 1

    def _decode_one(self, index: int, seat: int) -> Action:
        for action in self._legal(seat):
            if self._encode_one(action) == index:
                return action
        raise MalformedError("steps", f"index {index} is no legal action of seat {seat} now")
