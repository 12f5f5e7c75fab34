"""The Baohuang game behind the shared :class:`~paizhuo.engine.game.Game` interface: a thin
layer over the state (``state``), the rules (``rules``, which sends each action to its phase:
``crown``, ``declare``, ``rounds``), the views and events (``views``), the encoding, scoring
and determinizing modules (the file map: ``README.md``)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import FlatEncoding, Game, View
from paizhuo.engine.records import Deal, Record
from paizhuo.games.baohuang import (
    encoding,
    imports,
    rules,
    scoring,
    setup,
    views,
)
from paizhuo.games.baohuang.determinize import determinize
from paizhuo.games.baohuang.face import BaohuangFace
from paizhuo.games.baohuang.options import PRESET_NAMES, BaohuangOptions
from paizhuo.games.baohuang.state import (
    NUM_SEATS,
    OVER,
    VOID,
    BaohuangState,
    cards_of,
)

if TYPE_CHECKING:
    from paizhuo.games.baohuang.features import BaohuangFeatures


class BaohuangGame(FlatEncoding, Game):
    """保皇 Baohuang: five seats, four decks, an emperor and his secret guard against three.

    >>> g = BaohuangGame.new(seed=1)
    >>> g.phase, g.num_seats
    ('crown', 5)
    >>> import random
    >>> rng = random.Random(0)
    >>> while not g.is_over:
    ...     g.apply(g.sample_action(rng))
    >>> sorted(g.result()["ranks"]), sum(g.returns())
    ([1, 2, 3, 4, 5], 0.0)
    """

    name: ClassVar[str] = "baohuang"
    VERBS: ClassVar[frozenset[str]] = frozenset(
        {"call", "pass_crown", "seize", "reveal", "play", "pass", "yield", "claim"})
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """No Baohuang verb takes extra data."""
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES
    OPTIONS: ClassVar[type | None] = BaohuangOptions
    MAIN_OPTIONS: ClassVar[tuple[str, ...]] = ("seize", "yield", "claim", "extra_card")
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"roles.emperor", "roles.guard"})
    OPTIONAL_VERBS: ClassVar[frozenset[str]] = frozenset({"seize"})

    def __init__(self, record: Record, options: BaohuangOptions) -> None:
        super().__init__(record)
        self.options = options
        self.st = BaohuangState(options)

    @classmethod
    def from_record(cls, record: Record) -> Self:
        options = BaohuangOptions.from_dict(record.options)
        game = cls(record, options)
        setup.load(game.st, record)
        return game

    # -- whose turn, what is legal ---------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return NUM_SEATS

    @property
    def phase(self) -> str:
        return self.st.phase

    def to_act(self) -> list[int]:
        return rules.to_act(self.st)

    def _legal(self, seat: int) -> list[Action]:
        return rules.legal(self.st, seat)

    def forced_action(self, seat: int) -> Action | None:
        """See :meth:`Game.forced_action`: in play, a pass where nothing in the hand beats the
        play on the table and neither a yield nor a claim is open (BH-4)."""
        return rules.forced(self.st, seat)

    def sample_action(self, rng: random.Random) -> Action:
        return rules.sample(self.st, rng)

    # -- applying --------------------------------------------------------------------------

    def _apply(self, action: Action) -> Action | None:
        return rules.apply(self.st, action, self.emit, len(self.actions))

    @classmethod
    def text_face(cls, lang: str = "en") -> BaohuangFace:
        return BaohuangFace(lang)

    def implied_before(self, action: Action) -> list[Action]:
        return imports.implied_before(self.st, action)

    # -- what each seat sees -----------------------------------------------------------------

    def _observe(self, seat: int | None) -> View:
        view = views.observe(self.st, seat, self.to_act())
        view.details["recent"] = self.recent_actions(seat)
        return view

    def result(self) -> dict[str, Any] | None:
        return views.result(self.st)

    @property
    def is_over(self) -> bool:
        return self.st.phase in _ENDED  # asked before every move of a playout: no result built

    def featurizer(self) -> BaohuangFeatures:
        """The Baohuang features (:mod:`paizhuo.games.baohuang.features`)."""
        from paizhuo.games.baohuang.features import BaohuangFeatures

        return BaohuangFeatures()

    def returns(self) -> list[float] | None:
        st = self.st
        if st.phase == VOID:
            return [0.0] * NUM_SEATS
        if st.phase != OVER:
            return None
        return scoring.returns(st.finished, st.emperor, st.guard, seized=st.seized,
                               doubled=st.open)

    # -- copies ----------------------------------------------------------------------------

    def clone(self) -> Self:
        other = copy.copy(self)
        self.copy_base_into(other)
        other.st = self.st.copy()
        return other

    def determinize(self, seat: int, rng: random.Random,
                    hand_odds: Callable[[int, int], float] | None = None) -> Self:
        """A copy in which the cards hidden from ``seat`` (and the guard, where ``seat``
        does not know him) are dealt again consistently with what it saw (see
        :mod:`paizhuo.games.baohuang.determinize`); its events are those ``seat`` saw.
        ``hand_odds(other, card)``: a belief about the other hands (each card's relative
        odds of lying in ``other``'s hand), by which the hidden cards are drawn."""
        self.check_seat(seat)
        other = copy.copy(self)
        self.copy_base_into(other)
        other.st = determinize(self.st, seat, rng, hand_odds)
        other.determinized = True
        other.events = self.events_seen_by(seat)
        # the copy keeps no seed: replaying the original deal would show every hidden card
        rec = self.setup
        other.setup = Record(rec.game, dict(rec.options), Deal(), rec.start, [], rec.position)
        return other

    def record_for(self, seat: int | None) -> Record:
        """Once the deal is over: the record with the deal as explicit hands (the hands of
        the last deal, with the number of void deals before it in ``start.redeals``)."""
        self.check_seat(seat, spectator=True)
        st = self.st
        if st.phase not in (OVER, VOID):
            raise IllegalActionError("BH-6", "a deal's record, with every hand, is kept once "
                                     "the deal is over", seat,
                                     zh="这一局结束后才有带各家手牌的牌谱")
        rec = self.setup
        hands = [tuple(cards_of(h)) for h in setup.dealt_hands(st)]
        kitty = st.kitty if st.kitty or rec.deal.kitty is not None else None
        start = rec.start if rec.position else ({"redeals": st.redeals} if st.redeals
                                                else None)
        return Record(rec.game, dict(rec.options), Deal(hands=hands, kitty=kitty),
                      dict(start) if start else None, list(self.actions[st.deal_from:]),
                      rec.position)

    # -- the action encoding -----------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return encoding.NUM_ACTION_IDS

    def _encode_one(self, action: Action) -> int:
        return encoding.encode(self.st, action)

    def _decode_one(self, index: int, seat: int) -> Action:
        action = encoding.decode(self.st, seat, index)
        if encoding.encode(self.st, action) != index:
            raise MalformedError("steps", f"index {index} is no action seat {seat} can take "
                                 "now (it needs cards the seat does not hold)")
        return action


_ENDED = frozenset({OVER, VOID})
