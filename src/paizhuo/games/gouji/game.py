"""The Gouji game: the engine's interface (:class:`~paizhuo.engine.game.Game`) over the state
(:mod:`~paizhuo.games.gouji.state`) and the rules of each phase.

The rules are functions of the state, each action sent to its phase by
:mod:`~paizhuo.games.gouji.rules` (the file map: ``README.md``): the phases before play in
:mod:`~paizhuo.games.gouji.prelude` (with :mod:`~paizhuo.games.gouji.tribute` and
:mod:`~paizhuo.games.gouji.buying`), the play phase in :mod:`~paizhuo.games.gouji.rounds` (with
:mod:`~paizhuo.games.gouji.burning`), advice in :mod:`~paizhuo.games.gouji.advice`. What a seat
sees is :mod:`~paizhuo.games.gouji.views`; the action index is
:mod:`~paizhuo.games.gouji.encoding`; results :mod:`~paizhuo.games.gouji.scoring`; re-dealing
hidden cards :mod:`~paizhuo.games.gouji.determinize`; records from other programs
:mod:`~paizhuo.games.gouji.imports`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.game import Event, FlatEncoding, Game, View
from paizhuo.engine.records import Deal, Record
from paizhuo.games.gouji import (
    advice,
    encoding,
    imports,
    knowledge,
    rules,
    sampling,
    scoring,
    views,
)
from paizhuo.games.gouji.determinize import determinize
from paizhuo.games.gouji.face import GoujiFace
from paizhuo.games.gouji.knowledge import Plan
from paizhuo.games.gouji.options import PRESETS, GoujiOptions
from paizhuo.games.gouji.state import SEATS, GoujiState

PRIVATE: Final = {"tribute", "return", "refuse", "buy", "advise"}
"""Verbs whose cards (or very existence) only their parties see (GJ-12)."""

if TYPE_CHECKING:
    from paizhuo.games.gouji.features import GoujiFeatures


WIN_WEIGHT: Final = 6.0
"""Points a game won (lost) is worth on top of its returns in a search's playouts
(:meth:`GoujiGame.search_value`). Measured on 60 deals of seed 2026 against the heuristic:
60.0% of games won at 6, 54.2% at 2 (paired over the deals +5.8 ± 9.0 points of win rate),
+2.400 points per game at both."""


class GoujiGame(FlatEncoding, Game):
    """够级 for six players (``docs/rules/gouji.md``)."""

    name: ClassVar[str] = "gouji"
    VERBS: ClassVar[frozenset[str]] = frozenset({
        "play", "pass", "yield", "burn", "revolution", "buy", "claim", "tribute", "return",
        "refuse", "declare", "advise", "keep_head", "no_head",
    })
    MESSAGE_VERBS: ClassVar[frozenset[str]] = frozenset({"advise"})
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {"advise": frozenset({"to"})}
    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    OPTIONS: ClassVar[type | None] = GoujiOptions
    MAIN_OPTIONS: ClassVar[tuple[str, ...]] = ("series", "burn", "revolution", "tribute", "advice")
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"game", "series"})
    SEARCH_EXTRA_PLAYOUTS: ClassVar[int] = 2

    def __init__(self, record: Record, state: GoujiState,
                 dealt: tuple[tuple[int, ...], ...] | None) -> None:
        super().__init__(record)
        self.state = state
        self.dealt = dealt
        """The hands as dealt (before tribute), for :meth:`record_for`; ``None`` in a
        determinized copy, which has no real deal."""
        self._result: dict[str, Any] | None = None
        self._sampled: Action | None = None
        """The action :meth:`sample_action` just drew: legal by construction, so applying
        that very object (nothing applied since) skips the check (as Shengji's does)."""
        self._plan: tuple[int, int, Plan] | None = None
        """What :meth:`determinize` last worked out of a seat's view (state id, seat, plan):
        a search asks for many worlds of one position."""

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: Record) -> Self:
        st, dealt = rules.initial_state(record)
        return cls(record, st, dealt)

    # -- the interface ----------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return SEATS

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def hands(self) -> list[Counts]:
        """Every hand (omniscient: for tests, the judge and the leak checker)."""
        return self.state.hands

    def to_act(self) -> list[int]:
        # :func:`.rules.to_act` written out: asked before every decision of a playout
        turn = self.state.turn
        return [] if turn < 0 else [turn]

    def _legal(self, seat: int) -> list[Action]:
        return rules.legal(self.state, seat)

    def forced_action(self, seat: int) -> Action | None:
        """See :meth:`Game.forced_action`: an answer in play (GJ-5) that can only pass —
        nothing beats the play and no yield or claim is open (:func:`.rounds.forced_answer`)."""
        return rules.forced(self.state, seat)

    def sample_action(self, rng: random.Random) -> Action:
        st = self.state
        if st.phase != "play":
            return rules.sample(st, rng)
        action = self._sampled = sampling.sample(st, rng)  # the hot path: no detour
        return action

    def _apply(self, action: Action) -> Action | None:
        trusted = action is self._sampled
        self._sampled = None
        rules.apply(self.state, action, trusted, self.emit)
        if self.state.phase == "over":
            self.emit({"type": "over", "result": self.result()})
        return None

    def _observe(self, seat: int | None) -> View:
        view = views.observe(self.state, seat, dict(self.setup.options), self.result())
        view.details["recent"] = self.recent_actions(seat)
        return view

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"  # asked before every move of a playout: no copy

    def result(self) -> dict[str, Any] | None:
        res = self._shared_result()
        # a copy: the cached result is shared with clones and with the "over" event
        return None if res is None else copy.deepcopy(res)

    def _shared_result(self) -> dict[str, Any] | None:
        """The result, worked out once: the game's own, never to be changed (the scoring
        below only reads it; a search asks for the returns after every playout)."""
        if self.state.phase != "over":
            return None
        if self._result is None:
            self._result = scoring.compute_result(self.state)
        return self._result

    @classmethod
    def text_face(cls, lang: str = "en") -> GoujiFace:
        return GoujiFace(lang)

    def teams(self) -> tuple[frozenset[int], ...] | None:
        """Seats 0, 2, 4 against 1, 3, 5, always (GJ-1)."""
        return frozenset(range(0, SEATS, 2)), frozenset(range(1, SEATS, 2))

    def featurizer(self) -> GoujiFeatures:
        """The Gouji features (:mod:`paizhuo.games.gouji.features`)."""
        from paizhuo.games.gouji.features import GoujiFeatures

        return GoujiFeatures()

    def search_value(self, seat: int) -> float | None:
        """The returns (points), plus :data:`WIN_WEIGHT` for a game won and less as much
        for one lost: the team's points move in steps of 2 (GJ-10), and a draw turned into a
        win counts for more than a win made bigger."""
        returns = self.returns()
        if returns is None:
            return None
        out = float(returns[seat])
        winners = self.winners()
        if seat in winners:
            out += WIN_WEIGHT
        elif winners:
            out -= WIN_WEIGHT
        return out

    def returns(self) -> list[float] | None:
        res = self._shared_result()
        return None if res is None else scoring.returns(res)

    def next_start(self) -> dict[str, Any] | None:
        res = self._shared_result()
        return None if res is None else scoring.next_start(self.state, res)

    def match_winners(self) -> list[int] | None:
        res = self._shared_result()
        if res is None:
            return None
        return scoring.match_winners(res, self.next_start() is None)

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        self.copy_base_into(new)
        new.state = self.state.copy()
        new.dealt = self.dealt
        new._result = self._result
        new._sampled = None
        new._plan = None
        return new

    def determinize(self, seat: int, rng: random.Random,
                    hand_odds: Callable[[int, int], float] | None = None) -> Self:
        """A copy with every card hidden from ``seat`` dealt again (:mod:`.determinize`) by
        what its view implies (:mod:`.knowledge`, worked out once per position and seat); its
        events are those ``seat`` saw. ``hand_odds(other, card)``: a belief about the other
        hands (each card's relative odds of lying in ``other``'s hand), by which the cards
        no constraint places are drawn."""
        self.check_seat(seat)
        memo = self._plan
        if memo is not None and memo[0] == self.state_id and memo[1] == seat:
            plan = memo[2]  # the same position and seat: what its view implies is the same
        else:
            plan = knowledge.plan_for(self, seat)
            self._plan = (self.state_id, seat, plan)
        world = self.__class__.__new__(self.__class__)
        self.copy_base_into(world)
        world.events = self.events_seen_by(seat)
        world.state = determinize(self.state, plan, rng, hand_odds)
        # the world is a hypothesis, not a deal: it keeps neither the real hands as dealt nor
        # the seed (from either, every hidden card could be read); record_for refuses it
        world.dealt = None
        world.determinized = True
        rec = self.setup
        world.setup = Record(rec.game, dict(rec.options), Deal(), rec.start, [], rec.position)
        world._result = self._result
        world._sampled = None
        world._plan = None
        return world

    def record_for(self, seat: int | None) -> Record:
        """Once the game is over: the record with the hands as dealt instead of the seed;
        advice between other seats (a private message that changes nothing) is left out."""
        self.check_seat(seat, spectator=True)
        if not self.is_over:
            raise IllegalActionError("GJ-7", "a player keeps the record once the game is over",
                                     seat, zh="这一局结束后才有牌谱")
        if self.dealt is None:
            raise IllegalActionError("GJ-7", "a determinized copy is a guess at the hidden "
                                     "cards, not a deal: it has no record to keep", seat,
                                     zh="这是对暗牌的猜测，不是真实的一局：没有牌谱")
        rec = self.setup
        kept = [a for a in self.actions if a.verb != "advise" or (
            seat is not None and seat in (a.seat, (a.extra or {}).get("to")))]
        return Record(rec.game, dict(rec.options), Deal(hands=list(self.dealt)), rec.start,
                      kept, rec.position)

    # -- who saw what -----------------------------------------------------------------------

    def witnesses(self, index: int) -> frozenset[int] | None:
        """The seats that saw the cards of action ``index``: the two parties of a tribute,
        return, paid buy or advice (GJ-12); ``None`` for everything else."""
        action = self.actions[index]
        if action.verb not in PRIVATE or not action.cards:
            return None
        for event in self._events_of(index):
            if event.payload.get("type") == "action" and event.audience is not None:
                return event.audience
        return None  # pragma: no cover - every private action emits its parties' event

    def _events_of(self, index: int) -> list[Event]:
        sid = index + 1
        return [e for e in self.events if e.state_id == sid]

    def seats_seen_by(self, seat: int | None) -> frozenset[int]:
        st = self.state
        if seat is None:
            return frozenset()
        return frozenset(s for s in range(SEATS) if s != seat and advice.may_see_hand(st, seat, s))

    def implied_before(self, action: Action) -> list[Action]:
        return imports.implied_before(self, action)

    # -- the action encoding (one index per decision: encoding.py) ----------------------------

    @property
    def num_actions(self) -> int:
        return encoding.NUM_ACTIONS

    def _encode_one(self, action: Action) -> int:
        return encoding.encode(action)

    def _decode_one(self, index: int, seat: int) -> Action:
        return encoding.decode(self.state, index, seat)

