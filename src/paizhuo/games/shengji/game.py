"""升级 Shengji: one round as a :class:`~paizhuo.engine.game.Game` — deal + bid → bury →
(kitty fight) → (call) → play → over.

>>> import random
>>> g = ShengjiGame.new(seed=3)
>>> rng = random.Random(3)
>>> while not g.is_over:
...     g.apply(g.sample_action(rng))
>>> sorted(g.result())[:3], sum(g.returns())
(['attackers', 'attackers_points', 'card_points'], 0.0)

This module only ties the parts to the interface: the state (:mod:`.state`), the rules
(:mod:`.rules` and the phase modules), the views (:mod:`.views`), the encoding
(:mod:`.encoding`), hidden cards dealt again (:mod:`.determinize`) and the judge's import
step (:mod:`.imports`). ``docs/shengji.md`` describes the design.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, describe
from paizhuo.engine.game import Game, View
from paizhuo.engine.records import Deal, Record
from paizhuo.games.shengji import encoding, imports, rules, takeback
from paizhuo.games.shengji.deal import trump_text
from paizhuo.games.shengji.determinize import redeal
from paizhuo.games.shengji.face import ShengjiFace
from paizhuo.games.shengji.options import PRESETS, ShengjiOptions
from paizhuo.games.shengji.rounds import play
from paizhuo.games.shengji.scoring import level_name, levels_json, returns_of
from paizhuo.games.shengji.state import RoundState
from paizhuo.games.shengji.views import observe, record_viewers
from paizhuo.notation import format_cards

POINTS_WEIGHT: Final = 1.0
"""Levels a swing of every card point of the decks is worth on top of the returns in a
search's playouts (:meth:`ShengjiGame.search_value`)."""

if TYPE_CHECKING:
    from paizhuo.games.shengji.features import ShengjiFeatures


class ShengjiGame(Game):
    """One round of 升级 Shengji (``docs/rules/shengji.md``)."""

    name: ClassVar[str] = "shengji"
    VERBS: ClassVar[frozenset[str]] = frozenset(
        {"bid", "pass", "bury", "call", "play", "bid_target", "take_back"})
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {
        "bid": frozenset({"dealt", "trump"}),
        "pass": frozenset({"dealt"}),
        "call": frozenset({"card", "nth"}),
        "bid_target": frozenset({"target"}),
    }
    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    OPTIONS: ClassVar[type | None] = ShengjiOptions
    MAIN_OPTIONS: ClassVar[tuple[str, ...]] = ("start_level", "allow_throws", "kitty_multiplier",
                                               "take_backs")
    OUT_OF_TURN_VERBS: ClassVar[frozenset[str]] = frozenset({"take_back"})
    ARENA_UNITS: ClassVar[tuple[str, str]] = ("levels_per_round", "rounds_won")
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset(
        {"dealer", "next_dealer", "last_trick_winner"})

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.state: RoundState = rules.initial_state(record)
        self._sampled: Action | None = None
        self._undo: list[RoundState | None] | None = [] if self.state.opts.take_backs else None
        """With ``take_backs``: the state before each action still in effect (None where it
        cannot be taken back)."""

    @classmethod
    def from_record(cls, record: Record) -> Self:
        return cls(record)

    # -- the interface ----------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.state.n

    @property
    def opts(self) -> ShengjiOptions:
        return self.state.opts

    @property
    def phase(self) -> str:
        return self.state.phase

    def to_act(self) -> list[int]:
        return rules.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return self.state.result is not None

    def result(self) -> dict[str, Any] | None:
        # a copy: the round's result is shared with clones and with the "over" event
        return copy.deepcopy(self.state.result)

    def returns(self) -> list[float] | None:
        result = self.state.result
        return None if result is None else returns_of(result, self.state.n)

    def match_winners(self) -> list[int] | None:
        """The seats whose level passed A this deal (SJ-10), which ends the match."""
        result = self.state.result
        found = None if result is None else result.get("match_winners")
        return None if found is None else sorted(found)

    def winners(self) -> list[int]:
        """The side the round's result names (SJ-9): the attackers when they take the deal —
        also at 2·step ≤ points < 3·step, where no level changes hands and every return is
        0 —, else the defenders; nobody in a deal dealt again."""
        result = self.state.result
        if result is None or result.get("redeal"):
            return []
        side = result.get("winner")
        if side not in ("attackers", "defenders"):
            return []
        return sorted(int(s) for s in result[side])

    def next_start(self) -> dict[str, Any] | None:
        st = self.state
        if st.result is None:
            return None
        if st.score is None:  # a void deal: the same dealer deals again
            start: dict[str, Any] = {"levels": levels_json(st.levels)}
            if st.dealer is not None and not st.first_round:
                start["dealer"] = st.dealer
            return start
        return st.score.next_start()

    def _apply(self, action: Action) -> Action | None:
        trusted = action is self._sampled
        self._sampled = None
        st = self.state
        if action.verb == "take_back":
            if action.cards:
                raise MalformedError("[2]", "a take_back shows no cards")
            self.state, self._undo = takeback.take_back(st, self.actions, action.seat, self._undo,
                                                        self.emit)
            return None
        if self._undo is None and action.verb == "play" and st.phase == "play":
            play(st, action, trusted, self.emit)  # the hot path: checked whole before it acts
            return None
        keep = self._undo is not None and action.verb in ("bid", "play")
        if trusted or (action.verb == "play" and st.phase == "play"):
            before = st.copy() if keep else None
            rules.apply(st, action, trusted, self.emit)
        else:
            # a refused action may have changed its working state half way: work on a copy
            before = st
            work = st.copy()
            rules.apply(work, action, False, self.emit)
            self.state = work
        if self._undo is not None:
            self._undo.append(before if keep else None)
        return None

    def _legal(self, seat: int) -> list[Action]:
        out = rules.legal(self.state, seat)
        if takeback.allowed(self.state, self.actions, seat):
            out.append(Action(seat, "take_back"))
        return out

    def _observe(self, seat: int | None) -> View:
        return observe(self.state, seat)

    def sample_action(self, rng: random.Random) -> Action:
        # the samplers draw only legal actions: applying this very object (the state has not
        # changed since) may skip the legality check, most of a play's cost, and the copy
        # that lets a refused bid-phase action leave the state as it was
        action = rules.sample(self.state, rng)
        self._sampled = action
        return action

    def implied_before(self, action: Action) -> list[Action]:
        return imports.implied_before(self, action)

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> Self:
        new = object.__new__(type(self))
        self.copy_base_into(new)
        new.state = self.state.copy()
        new._sampled = None
        new._undo = None if self._undo is None else list(self._undo)
        return new

    def determinize(self, seat: int, rng: random.Random,
                    bury_odds: Callable[[int], float] | None = None,
                    hand_odds: Callable[[int, int], float] | None = None) -> Self:
        """See :meth:`Game.determinize`. ``bury_odds``: a belief about how the burier buries
        (each card's relative odds of lying in a buried kitty ``seat`` did not see, rather
        than in the burier's hand); ``hand_odds(other, card)``: a belief about the other
        hands (each card's relative odds of lying in ``other``'s hand, used once the cards
        are played) — :func:`paizhuo.games.shengji.determinize.redeal`. Without them every
        consistent deal is as likely."""
        self.check_seat(seat)
        state, changed = redeal(self.state, seat, rng, bury_odds, hand_odds)
        new = object.__new__(type(self))
        self.copy_base_into(new)
        new.state = state
        new._sampled = None
        new.determinized = True
        # the copy is the seat's world: its record and events hold only what the seat saw
        # (buries it did not see carry the copy's cards; its deal is the copy's own)
        if changed:
            buries = [i for i, a in enumerate(self.actions) if a.verb == "bury"]
            # a position that starts past the bury has a burial with no action of its own
            off = len(state.burials) - len(buries)
            for b in changed:
                if b < off:
                    continue
                old = new.actions[buries[b - off]]
                new.actions[buries[b - off]] = Action(old.seat, "bury", state.burials[b][1])
        setup = self.setup
        new.setup = Record(setup.game, dict(setup.options), _deal_of(state), setup.start, [],
                           setup.position)
        new.events = self.events_seen_by(seat)
        new._undo = None if self._undo is None else takeback.redealt(self._undo, new.state)
        return new

    def record_for(self, seat: int | None) -> Record:
        self.check_seat(seat, spectator=True)
        if self.state.result is None:
            raise IllegalActionError("SJ-13", "the round is not over: a record to keep is made "
                                     "once it is", seat, zh="这一局还没结束：结束后才有牌谱")
        if self.determinized:
            # its hands were dealt again after the bids that the deal's order decided, so
            # no deal order replays them: a guess at the hidden cards, not a deal
            raise IllegalActionError("SJ-13", "a determinized copy is a guess at the hidden "
                                     "cards, not a deal: it has no record to keep", seat,
                                     zh="这是对暗牌的猜测，不是真实的一局：没有牌谱")
        setup = self.setup
        return Record(setup.game, dict(setup.options), _deal_of(self.state), setup.start,
                      list(self.actions), setup.position)

    # -- who saw what -------------------------------------------------------------------------

    def witnesses(self, index: int) -> frozenset[int] | None:
        action = self.actions[index]
        if action.verb == "bury" and not self.state.opts.kitty_no_points:
            return frozenset((action.seat,))
        return None

    def record_viewers(self) -> frozenset[int] | None:
        """Anyone where the kitty is shown to all (``reveal_kitty``, ``kitty_no_points``),
        else the seats that saw every card the kitty held (SJ-13, :func:`.views.record_viewers`)."""
        return record_viewers(self.state)

    def public_cards(self) -> list[int]:
        """The kitty's turned-up cards (bidding-3's three; those turned up when nobody bid) and
        the cards named in friend calls (a call's card is in its extra data, not its cards)."""
        st = self.state
        out = list(st.original_kitty[:3]) if st.opts.teams == "bidding" else []
        out.extend(st.original_kitty[i] for i in st.turned_up)
        out.extend(made.card for made in st.calls)
        return out

    # -- the action encoding ------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return encoding.num_actions(self.state.opts)

    def encode(self, action: Action) -> list[int]:
        return encoding.encode(self.state, action)

    def decode(self, steps: int | Sequence[int], seat: int | None = None) -> Action:
        seat = self.acting_seat(seat)
        return encoding.decode(self.state, [steps] if isinstance(steps, int) else steps, seat)

    def legal_mask(self, seat: int | None = None, prefix: Sequence[int] = ()) -> bytes:
        seat = self.acting_seat(seat)
        total = self.num_actions
        for i in prefix:
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < total:
                raise MalformedError("prefix", f"action index {describe(i)} out of range 0–"
                                     f"{total - 1}")
        mask = bytearray(total)
        st = self.state
        if prefix:
            if prefix[0] < encoding.FINISH and encoding.FINISH not in prefix:
                cards, complete = rules.card_steps(st, seat, tuple(prefix))
                for c in cards:
                    mask[c] = 1
                if complete:
                    mask[encoding.FINISH] = 1
            return bytes(mask)
        if st.phase in ("play", "bury"):
            cards, _ = rules.card_steps(st, seat, ())
            for c in cards:
                mask[c] = 1
        else:
            for action in rules.legal(st, seat):
                mask[encoding.encode(st, action)[0]] = 1
        if takeback.allowed(self.state, self.actions, seat):
            mask[encoding.TAKE_BACK] = 1
        return bytes(mask)

    def is_complete(self, steps: Sequence[int]) -> bool:
        return encoding.is_complete(steps)

    # -- Shengji's own helpers ------------------------------------------------------------------

    def play_history(self) -> tuple[ShengjiGame, list[Action]] | None:
        """This round's tricks played again: a position at the first lead, each hand dealt
        what it holds now and what it has played since, and the play actions since, in order
        (``None`` before the first lead, and where the round started past it or plays were
        taken back). A search uses it on a guessed world (``determinize``) to ask whether
        the players would have played as they did with the hands it guessed — and whether
        the rules let them: a guess keeps suit voids, not the shapes a follow showed, so in
        some guesses a follow the table saw is illegal (SJ-8)."""
        st = self.state
        plays_made = [t.plays for t in st.tricks]
        if st.trick and st.phase == "play":  # (once over, the last trick is in the log)
            plays_made.append(tuple(st.trick))
        if st.phase not in ("play", "over") or not plays_made or (
                self.setup.start or {}).get("phase") == "play":
            return None
        first = max((i for i, a in enumerate(self.actions) if a.verb != "play"), default=-1)
        actions = self.actions[first + 1:]
        # one action a play (a failed throw too); a take-back leaves fewer actions than plays
        if sum(map(len, plays_made)) != len(actions) or actions[0].seat != plays_made[0][0][0]:
            return None
        hands = [list(st.hands[s].to_tuple()) for s in range(st.n)]
        for trick in plays_made:
            for who, cards in trick:
                hands[who].extend(cards)
        start: dict[str, Any] = {"phase": "play", "level": level_name(st.level),
                                 "trump": trump_text(st), "dealer": st.dealer,
                                 "leader": actions[0].seat}
        if st.opts.teams == "bidding":
            start["target"] = st.target
        if st.stakes != 1:
            start["stakes"] = st.stakes
        if st.calls:
            start["friends"] = [{"card": format_cards((c.card,)), "nth": c.nth}
                                for c in st.calls]
        record = Record(self.name, dict(self.setup.options),
                        Deal(hands=[tuple(sorted(h)) for h in hands],
                             kitty=tuple(sorted(st.kitty))),
                        start, [], True)
        return type(self).from_record(record), list(actions)

    def forced_action(self, seat: int) -> Action | None:
        """See :meth:`Game.forced_action`: a lead of a hand's last card, and a follow that
        must play all the cards it holds of the led suit, or its whole hand (SJ-8) — its list
        holds exactly that play (:func:`.rules.forced_play`)."""
        st = self.state
        if st.opts.take_backs:
            return None
        return rules.forced_play(st, seat)

    def more_legal_than(self, seat: int, limit: int) -> bool:
        """Whether ``seat`` has more than ``limit`` legal actions: :meth:`count_legal`, but
        a follow whose hand cannot make that many (``C(hand, n)`` ways to pick the lead's
        ``n`` cards, one take-back beside them) is answered without counting."""
        st = self.state
        lead = st.lead
        if st.phase == "play" and lead is not None and seat == st.current \
                and comb(len(st.hands[seat]), lead.n) + 1 <= limit:
            return False
        return self.count_legal(seat) > limit

    def teams(self) -> tuple[frozenset[int], ...] | None:
        """With ``teams: fixed``, partners sit alternately (seats of one parity)."""
        if self.state.opts.teams != "fixed":
            return None
        n = self.state.n
        return frozenset(range(0, n, 2)), frozenset(range(1, n, 2))

    def featurizer(self) -> ShengjiFeatures:
        """The Shengji features (:mod:`paizhuo.games.shengji.features`)."""
        from paizhuo.games.shengji.features import ShengjiFeatures

        opts = self.state.opts
        return ShengjiFeatures(opts.decks, self.num_seats, opts.combo_rules, opts.constant_twos)

    def search_value(self, seat: int) -> float | None:
        """The returns (levels), plus the card points the attackers took as a share of all
        the decks' points (:data:`POINTS_WEIGHT` levels for every point there is), for the
        attackers, against them for the defenders: a round lost by fewer points is worth
        playing for even where the levels do not move."""
        returns = self.returns()
        if returns is None:
            return None
        out = float(returns[seat])
        result = self.result() or {}
        if "attackers_points" in result and not result.get("redeal"):
            share = float(result["attackers_points"]) / (100 * self.state.opts.decks)
            out += POINTS_WEIGHT * (share if seat in result["attackers"] else -share)
        return out

    def felt(self, viewer: int | None) -> list[dict[str, Any] | None] | None:
        """The trick being played, else (in play or once over) the last trick won."""
        details = self.observation(viewer).get("details") or {}
        plays = details.get("current_trick") or []
        if not plays and details.get("tricks") and self.phase in ("play", "over"):
            plays = details["tricks"][-1]["plays"]
        shown = {p["seat"]: {"verb": "play", "cards": p["cards"]} for p in plays}
        return [shown.get(i) for i in range(self.num_seats)]

    @classmethod
    def text_face(cls, lang: str = "en") -> ShengjiFace:
        return ShengjiFace(lang)

    def count_legal(self, seat: int | None = None) -> int:
        """The number of ``seat``'s legal actions (default: the first to act), every bury
        counted, without listing plays or buries."""
        if seat is None and not self.to_act():
            return 0
        seat = self.acting_seat(seat)
        st = self.state
        return rules.count_legal(st, seat) + int(takeback.allowed(st, self.actions, seat))

    def play_mask(self, partial: Sequence[int] = ()) -> tuple[frozenset[int], bool]:
        """Card ids that may be added to ``partial`` (a play or bury being built one card at
        a time, in any order) so that it can still become legal, and whether ``partial`` may
        be submitted. (The step encoding, :meth:`legal_mask`, takes cards in ascending
        order.)"""
        return rules.play_mask(self.state, tuple(partial))


def _deal_of(state: RoundState) -> Deal:
    """The deal as explicit hands in the order they were dealt (and the kitty as dealt)."""
    hands: list[list[int]] = [[] for _ in range(state.n)]
    for seat, card in state.deal_seq:
        hands[seat].append(card)
    return Deal(hands=[tuple(h) for h in hands], kitty=state.original_kitty)


__all__ = ["ShengjiGame"]
