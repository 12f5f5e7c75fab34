"""The one interface every game implements; server, bots, arena and RL talk only to it.

The interface is modelled on OpenSpiel's ``State`` and python-chess's ``Board``. A game is
created from a record's options, start and deal, then changed only by :meth:`Game.apply`.
The engine owns the parts every game shares — the checks every action gets before any rule
(seat, verb, extra fields), the ``state_id``, the common observation header, the event log,
the record — and each game fills in the hooks (``_apply``, ``_observe``, ``_legal`` …) in its
own package. The whole contract is described in ``docs/interface.md``.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.faces import TextFace
from paizhuo.engine.records import Deal, Record

if TYPE_CHECKING:
    from paizhuo.engine.features import Featurizer


RECENT = 16
"""The recent actions :meth:`Game.recent_actions` gives (two or three times round a table)."""


@dataclass(frozen=True, slots=True)
class View:
    """What a game's ``_observe(seat)`` hook returns: the parts of the common observation
    header only the game knows, and its own details (JSON-ready, cards as notation)."""

    hand: str | None
    """The seat's own hand in notation (``None`` for a spectator)."""
    hand_sizes: list[int | None]
    """Each seat's number of cards, ``None`` where the rules hide it from this viewer."""
    to_act: list[int]
    """The seats to act *as this viewer may know them* (never whom the engine privately
    asks: a seat asked only because of its hidden cards is left out for everyone else)."""
    result: dict[str, Any] | None
    """The result as this viewer may see it (``None`` until the deal is over)."""
    details: dict[str, Any]
    """Everything else this viewer may see, under the observation's ``details`` key."""


class Event:
    """One thing that happened, for the seats that may see it (see :meth:`Game.events_since`).

    ``payload`` goes to ``audience`` (``None``: every seat and spectators); everybody else gets
    ``others`` instead (``None``: nothing at all). Treat it as immutable. (A plain slotted
    class, not a frozen dataclass: one is built per action on the hot path, and a frozen
    dataclass costs several times more to build.)
    """

    __slots__ = ("audience", "others", "payload", "state_id")

    def __init__(self, state_id: int, payload: Mapping[str, Any],
                 audience: frozenset[int] | None = None,
                 others: Mapping[str, Any] | None = None) -> None:
        self.state_id = state_id
        self.payload = payload
        self.audience = audience
        self.others = others

    def _key(self) -> tuple[Any, ...]:
        return (self.state_id, self.payload, self.audience, self.others)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Event({self.state_id!r}, {self.payload!r}, {self.audience!r}, "
                f"{self.others!r})")

    def seen_by(self, seat: int | None) -> Mapping[str, Any] | None:
        """What ``seat`` (``None``: a spectator) sees of this event, or ``None``."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return self.payload
        return self.others


class Game(ABC):
    """A game in progress: options + deal (+ start) fixed at creation, then actions applied.

    The state is mutable and changes only through :meth:`apply`, which either applies a legal
    action completely or raises and leaves the state unchanged. Everything random was
    decided by the deal's seed (or is drawn from a generator passed in, as in
    :meth:`determinize`).
    """

    name: ClassVar[str]
    """Registry name: ``shengji``, ``gouji`` or ``baohuang``."""
    VERBS: ClassVar[frozenset[str]]
    """Every verb an action of this game may have (others are malformed)."""
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Per verb, the keys its ``extra`` object may hold; a verb not listed takes no extra."""
    PRESETS: ClassVar[tuple[str, ...]]
    """Names of the option presets (the first is the default)."""
    OPTIONAL_VERBS: ClassVar[frozenset[str]] = frozenset()
    """Verbs a seat may take while other seats are asked too, but never has to — an
    interruption such as Baohuang's seize 抢皇 while the crown is open. Such a seat has no
    decline to make: :func:`paizhuo.bots.base.waits` says a bot lets the window pass."""
    MESSAGE_VERBS: ClassVar[frozenset[str]] = frozenset()
    """Verbs that carry a message rather than decide anything — Gouji's 挑牌 advice to a
    teammate (GJ-7): a seat may send one before its decision, the turn stays its own, and
    they are never among :meth:`legal_actions`. A bot may send one; a hint shows the decision
    (:func:`paizhuo.bots.base.decision_of`)."""
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset()
    """Numeric fields of :meth:`result` (dotted paths) that name a seat or count games
    (``dealer``, ``game``): statistics count their values and never average them."""
    OPTIONS: ClassVar[type | None] = None
    """The game's options class (a frozen dataclass with ``from_dict`` and one attribute
    docstring per field, starting with its rule id), from which the lobby's list of rules is
    read (:func:`paizhuo.games.option_docs.describe_options`); ``None``: no options."""
    MAIN_OPTIONS: ClassVar[tuple[str, ...]] = ()
    """The options a table's host most often changes, shown up front in the lobby; the rest
    go under "more rules"."""
    OUT_OF_TURN_VERBS: ClassVar[frozenset[str]] = frozenset()
    """Verbs a seat may be able to use while it is not to act (Shengji's ``take_back``,
    SJ-14): a table then asks for the legal actions of a seat whose turn it is not."""
    ARENA_UNITS: ClassVar[tuple[str, str]] = ("points_per_game", "win_rate")
    """The arena's names for its two figures of this game: the mean of a seat's
    :meth:`returns` per deal, and the share of deals it won (Shengji: ``levels_per_round``,
    ``rounds_won``)."""
    SEARCH_EXTRA_PLAYOUTS: ClassVar[int] = 0
    """How many times its playouts a search may give an open decision on top (Gouji: 2,
    measured in ``docs/strength.md``); 0, the default, for none."""

    def __init__(self, record: Record) -> None:
        self.setup = Record(record.game, dict(record.options), record.deal, record.start,
                            [], record.position)
        self.actions: list[Action] = []
        """Every applied action, as it goes into the record (append-only)."""
        self.events: list[Event] = []
        """What each applied action showed, to whom (append-only; see :meth:`emit`)."""
        self.determinized = False
        """Whether this game is (a clone of) a :meth:`determinize` copy: a guess at the hidden
        cards made for one seat, not a deal (it has no seed, and Shengji and Gouji refuse its
        :meth:`record_for`)."""

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

    # -- what every game provides -----------------------------------------------------------

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
        """Seats that may act now (usually one; empty once the game is over).

        This is the judge's answer and may name a seat that is asked only because of its
        hidden cards; observations show the public part (:attr:`View.to_act`)."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """The outcome once the game (or round) has ended, else ``None``."""

    @abstractmethod
    def returns(self) -> list[float] | None:
        """Once over: each seat's outcome as one number, ``None`` before.

        One convention in every game: the seat's score change for this deal as the game
        scores it (Shengji: levels gained, negative for the other side's gains; Gouji and
        Baohuang: points), summing to zero; a void or thrown-in deal returns zeros."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (a change to either never shows in the other); cheap."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which every card hidden from ``seat`` is dealt again at random,
        consistently with everything ``seat`` has observed; ``seat``'s observation is the
        same in the copy. Uses no hidden information: two games that differ only in cards
        hidden from ``seat`` give the same copy for generators in the same state.

        A game may also take a caller's beliefs about the hidden cards as keywords, which
        change how likely each consistent copy is, never which are consistent (Shengji's
        ``bury_odds``); without them every consistent copy may be drawn."""

    @abstractmethod
    def record_for(self, seat: int | None) -> Record:
        """The record of the deal for ``seat`` (``None``: a spectator) once it is over.

        It replays to the same result, and gives the deal as explicit hands, never as the
        seed (from which every hand, and later deals of a series, could be recomputed). Who
        may keep it is :meth:`record_viewers`' answer."""

    # -- hooks the templates below call --------------------------------------------------

    @abstractmethod
    def _apply(self, action: Action) -> Action | None:
        """Apply a well-formed action by the rules, or raise ``IllegalActionError`` (or a
        game-level ``MalformedError``) leaving the state unchanged. Returns the action as it
        goes into the record when it differs from the one given (else ``None``)."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Every legal action of an existing ``seat`` (``[]`` when it may not act)."""

    @abstractmethod
    def _observe(self, seat: int | None) -> View:
        """The game's part of ``seat``'s observation (``None``: a spectator)."""

    # -- the templates ----------------------------------------------------------------------

    @property
    def state_id(self) -> int:
        """Grows by one with every applied action (the number applied so far); a server
        refuses an action made against a stale id."""
        return len(self.actions)

    def check_seat(self, seat: object, spectator: bool = False) -> None:
        """Refuse a seat that does not exist (``None`` is a spectator where allowed)."""
        if seat is None and spectator:
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_seats:
            raise MalformedError("seat", f"seat {describe(seat)} does not exist: this table has "
                                 f"seats 0–{self.num_seats - 1}")

    def check_action(self, action: Action) -> None:
        """The checks every action gets before any rule: the seat exists, the verb is one of
        this game's, the extra fields are the verb's. A fault is a :class:`MalformedError`
        whose field is the action's part: ``[0]`` seat, ``[1]`` verb, ``[3]`` extra."""
        seat = action.seat
        if seat.__class__ is not int or not 0 <= seat < self.num_seats:
            raise MalformedError("[0]", f"seat {describe(seat)} does not exist: this table has "
                                 f"seats 0–{self.num_seats - 1}")
        if action.verb not in self.VERBS:
            raise MalformedError("[1]", f"unknown verb {describe(action.verb)} for {self.name}; "
                                 f"verbs are {', '.join(sorted(self.VERBS))}")
        if action.extra:
            allowed = self.EXTRA_KEYS.get(action.verb, frozenset())
            for key in action.extra:
                if key not in allowed:
                    where = (f"; a {action.verb} takes {', '.join(sorted(allowed))}" if allowed
                             else f"; a {action.verb} takes no extra data")
                    raise MalformedError(f"[3].{key}", f"unknown field {describe(key)}{where}")

    def apply(self, action: Action) -> None:
        """Apply a legal action, or raise and change nothing.

        A malformed action raises :class:`~paizhuo.engine.errors.MalformedError`; a
        well-formed one the rules forbid raises
        :class:`~paizhuo.engine.errors.IllegalActionError` naming the rule.
        """
        self.check_action(action)
        mark = len(self.events)
        try:
            recorded = self._apply(action)
        except BaseException:
            del self.events[mark:]  # the events of a refused action go with it
            raise
        self.actions.append(action if recorded is None else recorded)

    def emit(self, payload: Mapping[str, Any], audience: frozenset[int] | None = None,
             others: Mapping[str, Any] | None = None) -> None:
        """From inside ``_apply``: record an event of the action being applied (kept only if
        the action is). ``payload`` is what ``audience`` sees (``None``: everyone); ``others``
        what the rest see (``None``: nothing)."""
        self.events.append(Event(len(self.actions) + 1, payload, audience, others))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the first seat to act); complete."""
        if seat is None:
            acting = self.to_act()
            if not acting:
                return []
            seat = acting[0]
        self.check_seat(seat)
        return self._legal(seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: a spectator), as JSON-ready data.

        One header in every game — ``game``, ``seat``, ``phase``, ``state_id``, ``hand``,
        ``hand_sizes``, ``to_act``, ``your_turn``, ``result`` — and the game's own details
        under ``details``. Never a card the viewer may not see, never whom the engine
        privately asks (``your_turn`` tells the viewer only about itself).
        """
        self.check_seat(seat, spectator=True)
        view = self._observe(seat)
        return {
            "game": self.name,
            "seat": seat,
            "phase": self.phase,
            "state_id": self.state_id,
            "hand": view.hand,
            "hand_sizes": view.hand_sizes,
            "to_act": view.to_act,
            "your_turn": seat is not None and seat in self.to_act(),
            # (a copy: what a viewer does with its observation never reaches the game)
            "result": None if view.result is None else copy.deepcopy(view.result),
            "details": view.details,
        }

    def events_since(self, seat: int | None, state_id: int) -> list[dict[str, Any]]:
        """What ``seat`` (``None``: a spectator) saw happen after ``state_id``, oldest first:
        each event a JSON-ready dict with the ``state_id`` of the action that caused it."""
        self.check_seat(seat, spectator=True)
        if not isinstance(state_id, int) or isinstance(state_id, bool) or state_id < 0:
            raise MalformedError("state_id", f"must be a non-negative integer, not "
                                 f"{describe(state_id)}")
        events = self.events
        lo, hi = 0, len(events)
        while lo < hi:  # the first event after state_id (ids only grow)
            mid = (lo + hi) // 2
            if events[mid].state_id <= state_id:
                lo = mid + 1
            else:
                hi = mid
        out: list[dict[str, Any]] = []
        for event in events[lo:]:
            shown = event.seen_by(seat)
            if shown is not None:
                # a deep copy: the log is append-only and shared with clones
                out.append(copy.deepcopy({"state_id": event.state_id, **shown}))
        return out

    def recent_actions(self, seat: int | None, n: int = RECENT) -> list[dict[str, Any]]:
        """The last ``n`` actions ``seat`` saw taken, oldest first: ``{"seat", "verb"}`` and
        the ``cards`` it saw (Gouji's and Baohuang's details keep them as ``recent``)."""
        out: list[dict[str, Any]] = []
        for event in reversed(self.events):
            if len(out) == n:
                break
            shown = event.seen_by(seat)
            if shown is not None and shown.get("type") == "action":
                item = {"seat": shown["seat"], "verb": shown["verb"]}
                out.append(item if "cards" not in shown else {**item, "cards": shown["cards"]})
        return out[::-1]

    def events_seen_by(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` saw it, for a copy that is ``seat``'s world
        (:meth:`determinize`): an event ``seat`` did not see is dropped, or kept in the form
        ``seat`` saw it (its ``others``), so the log holds nothing a re-deal contradicts."""
        out: list[Event] = []
        for event in self.events:
            audience = event.audience
            if audience is None or (seat is not None and seat in audience):
                out.append(event)
            elif event.others is not None:
                out.append(Event(event.state_id, event.others))
        return out

    def acting_seat(self, seat: int | None) -> int:
        """``seat`` checked, or by default the first seat to act (refused once nobody is)."""
        if seat is None:
            acting = self.to_act()
            if not acting:
                raise MalformedError("seat", "nobody is to act: the game is over")
            seat = acting[0]
        self.check_seat(seat)
        return seat

    def copy_base_into(self, other: Game) -> None:
        """Share or copy the engine's parts of the state into a clone (games call this from
        :meth:`clone`): the setup is never changed, the logs are append-only lists of
        immutable items, so a shallow list copy makes them independent."""
        other.setup = self.setup
        other.actions = list(self.actions)
        other.events = list(self.events)
        other.determinized = self.determinized

    # -- the action encoding ----------------------------------------------------------------

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """The size of the action encoding: every index is in ``range(num_actions)``; the
        same for every state of a game with the same options."""

    @abstractmethod
    def encode(self, action: Action) -> list[int]:
        """The steps that build ``action`` (a legal action of the current state).

        Most decisions are one step (one index). Where a decision is too large to list (a
        Shengji lead, throw or bury) the action is built one card per step and ended by a
        finish step; see the game's encoding module.
        """

    @abstractmethod
    def decode(self, steps: int | Sequence[int], seat: int | None = None) -> Action:
        """The action that ``steps`` (one index, or a complete step sequence) build for
        ``seat`` (default: the first seat to act) in the current state."""

    @abstractmethod
    def legal_mask(self, seat: int | None = None, prefix: Sequence[int] = ()) -> bytes:
        """One byte (0 or 1) per action index: the steps ``seat`` may take next after
        ``prefix`` (the steps already taken in this decision). Every index set leads to at
        least one legal action and every legal action is reachable: the legal set is
        complete, every bury included."""

    def is_complete(self, steps: Sequence[int]) -> bool:
        """Whether ``steps`` build a whole action (single-step encodings: one step)."""
        return len(steps) == 1

    # -- optional hooks with generic defaults -----------------------------------------------

    def sample_action(self, rng: random.Random) -> Action:
        """A random legal action for the first seat to act (games override this for speed;
        the sample need not be uniform, but every action it returns must be legal)."""
        return rng.choice(self.legal_actions())

    def forced_action(self, seat: int) -> Action | None:
        """``seat``'s only legal action, where the game can tell so without much work (the
        last card of a hand, a follow that must play every card it holds of the suit, an
        answer that can only pass); ``None`` says nothing — the seat may have one action or
        many. A playout takes a forced action without building an observation or asking its
        bot (whose choice it must be). Default: ``None``."""
        return None

    def implied_before(self, action: Action) -> list[Action]:
        """For the judge's import of records written by other programs: the optional
        declines (passes) such a record leaves out before ``action``, which is not legal now
        but would be after them. Default: none. This is not part of the rules: a game's
        ``apply`` never assumes them."""
        return []

    # -- who may see what (for the leak checker, the server and record_for) ----------------

    def witnesses(self, index: int) -> frozenset[int] | None:
        """The seats that saw the cards of the record's action ``index``: ``None`` when they
        were shown to everyone (a play, a bid, a call); a set for a private action (a bury:
        the burier; a tribute: payer and receiver)."""
        return None

    def seats_seen_by(self, seat: int | None) -> frozenset[int]:
        """Other seats whose whole hand ``seat`` may see now (Gouji: a teammate it advises,
        GJ-7); usually none."""
        return frozenset()

    def public_cards(self) -> list[int]:
        """Cards shown to everyone by a rule rather than by an action (Shengji: the kitty's
        turned-up cards), as card ids; usually none."""
        return []

    def record_viewers(self) -> frozenset[int] | None:
        """Once over: the seats that may keep this deal's full record (:meth:`record_for`,
        which shows every hand as dealt and every action's cards). ``None``, the default:
        anyone, spectators included — the rules show the deal once it is over. A game whose
        rules keep some of those cards hidden after the deal names the seats that saw all of
        them at the table, possibly none (Shengji's kitty without ``reveal_kitty``, SJ-13)."""
        return None

    def next_start(self) -> dict[str, Any] | None:
        """Once over: the ``start`` of the next deal of the match or series, or ``None`` when
        the match is finished (or the game is not part of one)."""
        return None

    def match_winners(self) -> list[int] | None:
        """When this deal ended its match or series: the seats that won it (``[]`` for a
        draw); otherwise, and for a game that is not part of a match, ``None``."""
        return None

    # -- capabilities the tools use, declared with defaults ----------------------------------

    def count_legal(self, seat: int | None = None) -> int | None:
        """The number of ``seat``'s legal actions (default: the first to act) where the game
        can count them without listing them, else ``None`` (the default: list them). Shengji
        counts, because a follow to a long throw or a bury can have tens of thousands; a
        server then sends the count and a hint instead of the list, and a search's playout
        draws such a decision with :meth:`sample_action`."""
        return None

    def more_legal_than(self, seat: int, limit: int) -> bool:
        """Whether ``seat`` has more than ``limit`` legal actions, as far as the game can tell
        without listing them (by default from :meth:`count_legal`; ``False`` where it cannot
        count)."""
        count = self.count_legal(seat)
        return count is not None and count > limit

    def teams(self) -> tuple[frozenset[int], ...] | None:
        """The partnerships, when the rules fix them by seat before a card is dealt (Gouji:
        seats 0, 2, 4 against 1, 3, 5; Shengji with ``teams: fixed``: by seat parity);
        ``None``, the default, where partners are found in play (Baohuang's guard, Shengji's
        friends or bidding) or there are none. The arena's ``teams`` scheme needs them."""
        return None

    def search_value(self, seat: int) -> float | None:
        """What this finished game is worth to ``seat`` for a search bot's playouts (``None``
        before the end). Default: its :meth:`returns`. A game adds what its returns leave out
        and a player plays for (Shengji: the share of card points taken; Gouji: the game won
        or lost) — see each override."""
        returns = self.returns()
        return None if returns is None else float(returns[seat])

    def featurizer(self) -> Featurizer | None:
        """The observation features of this game with its options, for learners
        (:mod:`paizhuo.engine.features`, ``paizhuo.rl``): a seat's observation as a vector
        of named planes, the same for every state of a game with the same options. ``None``,
        the default, where the game offers none."""
        return None

    def play_history(self) -> tuple[Game, list[Action]] | None:
        """The current round's plays played again: a game at its first lead, each hand dealt
        what it holds now and what it played since, and those plays in order; ``None``, the
        default, where the game cannot tell (a search then cannot ask how likely its guess of
        the hidden cards makes the plays the table saw). Shengji has it."""
        return None

    def felt(self, viewer: int | None) -> list[dict[str, Any] | None] | None:
        """What lies in front of each seat as ``viewer`` sees it (``{"verb", "cards"}`` or
        ``None`` per seat) where the game's own state says (Shengji: the trick being played,
        else the last one won); ``None``, the default, where a viewer shows each seat's last
        play or pass of the round as it happened (the climbing games)."""
        return None

    @classmethod
    def text_face(cls, lang: str = "en") -> TextFace:
        """How a text table (``paizhuo play``) shows this game, in ``lang`` (``en`` or
        ``zh``): its hand order, what each seat is to the viewer, its status line, its own
        events and its outcome. Default: the generic :class:`~paizhuo.engine.faces.TextFace`
        (hand in card-id order, card counts, the details as ``key: value`` rows); each game's
        ``face.py`` has its own."""
        return TextFace(lang)

    def winners(self) -> list[int]:
        """The seats that won this deal, sorted (none before its end, none in a deal thrown
        in): by default the seats whose returns are above 0. A game whose result names the
        winning side where the returns may not show it overrides this (Shengji, SJ-9)."""
        returns = self.returns()
        return [] if returns is None else [s for s, v in enumerate(returns) if v > 0]

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


class FlatEncoding:
    """Mixin for games in which every decision is one index: they implement
    ``_encode_one``, ``_decode_one`` and ``num_actions``; masks come from ``legal_actions``."""

    def _encode_one(self, action: Action) -> int:
        raise NotImplementedError  # pragma: no cover - every user defines it

    def _decode_one(self, index: int, seat: int) -> Action:
        raise NotImplementedError  # pragma: no cover - every user defines it

    def encode(self, action: Action) -> list[int]:
        return [self._encode_one(action)]

    def decode(self, steps: int | Sequence[int], seat: int | None = None) -> Action:
        game: Any = self
        seat = game.acting_seat(seat)
        if not isinstance(steps, int):
            if len(steps) != 1:
                raise MalformedError("steps", f"every {game.name} decision is one index, not "
                                     f"{len(steps)}")
            steps = steps[0]
        if not 0 <= steps < game.num_actions:
            raise MalformedError("steps", f"action index {steps} out of range 0–"
                                 f"{game.num_actions - 1}")
        return self._decode_one(steps, seat)

    def legal_mask(self, seat: int | None = None, prefix: Sequence[int] = ()) -> bytes:
        game: Any = self
        if prefix:
            raise MalformedError("prefix", f"every {game.name} decision is one index: no "
                                 "prefix")
        mask = bytearray(game.num_actions)
        for action in game.legal_actions(seat):
            mask[self._encode_one(action)] = 1
        return bytes(mask)
