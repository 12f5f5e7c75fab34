"""The Baohuang game behind the shared :class:`~paizhuo.engine.game.Game` interface."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.games.baohuang import crown, rounds, setup, views
from paizhuo.games.baohuang.options import PRESET_NAMES, BaohuangOptions
from paizhuo.games.baohuang.state import CROWN, DECLARE, NUM_SEATS, PLAY, TableState

_PHASE_RULE = {CROWN: "BH-2", DECLARE: "BH-2", PLAY: "BH-4"}


class BaohuangGame(Game):
    """保皇 Baohuang: five seats, four decks, an emperor and his secret guard against three.

    >>> g = BaohuangGame.new(seed=1)
    >>> g.phase, g.num_seats
    ('crown', 5)
    >>> import random
    >>> rng = random.Random(0)
    >>> while not g.is_over:
    ...     g.apply(g.sample_action(rng))
    >>> sorted(g.result()["ranks"])
    [1, 2, 3, 4, 5]
    """

    name: ClassVar[str] = "baohuang"
    VERBS: ClassVar[frozenset[str]] = frozenset(
        {"call", "pass_crown", "seize", "reveal", "play", "pass", "yield", "claim"})
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"roles.emperor", "roles.guard"})

    def __init__(self, record: Record, options: BaohuangOptions) -> None:
        super().__init__(record)
        self.options = options
        self.st = TableState(options)
        self.log: list[Action] = []
        """Every action as the table saw it: ``actions`` plus the declaration passes a record
        from another program leaves implied (``crown.apply_declare``)."""

    @classmethod
    def from_record(cls, record: Record) -> Self:
        options = BaohuangOptions.from_dict(record.options)
        game = cls(record, options)
        setup.load(game.st, record)
        return game

    # -- the interface -------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return NUM_SEATS

    @property
    def phase(self) -> str:
        return self.st.state_phase

    def to_act(self) -> list[int]:
        st = self.st
        phase = st.state_phase
        if phase == PLAY:
            return [st.turn]
        if phase == CROWN:
            return crown.crown_to_act(st)
        if phase == DECLARE:
            return [st.declare_queue[0]]
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        st = self.st
        phase = st.state_phase
        if seat is None:
            seats = self.to_act()
            if not seats:
                return []
            seat = seats[0]
        if phase == PLAY:
            legal = rounds.play_legal(st, seat)
            if crown.may_reveal_at_lead(st, seat):
                legal.append(Action(seat, "reveal"))
            return legal
        if phase == CROWN:
            return crown.crown_legal(st, seat)
        if phase == DECLARE:
            return crown.declare_legal(st, seat)
        return []

    def apply(self, action: Action) -> None:
        st = self.st
        phase = st.state_phase
        if action.extra:
            raise MalformedError("extra", f"{action.verb} takes no extra data in Baohuang")
        if not 0 <= action.seat < NUM_SEATS:
            raise MalformedError("seat", f"seats are 0–{NUM_SEATS - 1}")
        if phase == PLAY and action.verb == "reveal":
            crown.apply_lead_reveal(st, action)
        elif phase == PLAY:
            rounds.apply_play_phase(st, action)
        elif phase == CROWN:
            crown.apply_crown(st, action, self._redeal)
        elif phase == DECLARE:
            # passes implied by a record from another program go into the log, not the record
            for seat in crown.apply_declare(st, action):
                self.log.append(Action(seat, "pass"))
        else:
            raise IllegalActionError("BH-4", "the deal is over: no more actions",
                                     action.seat)
        if action.verb == "play" and st.current_cards != action.cards:
            # BJ and BJ* stand in for each other: record the cards actually played
            action = Action(action.seat, "play", st.current_cards)
        self.actions.append(action)
        self.log.append(action)

    def observation(self, seat: int) -> dict[str, Any]:
        return views.observation(self.st, seat, self.log, self.to_act(),
                                 self.legal_actions(seat))

    def result(self) -> dict[str, Any] | None:
        return views.result(self.st)

    def sample_action(self, rng: random.Random) -> Action:
        st = self.st
        if st.state_phase == PLAY:
            if crown.may_reveal_at_lead(st, st.turn) and rng.random() < 0.5:
                return Action(st.turn, "reveal")
            return rounds.play_sample(st, rng)
        actions = self.legal_actions()
        if st.state_phase == CROWN and len(actions) > 1 and actions[-1].verb == "seize":
            # seizing is a rare gamble: keep random games mostly on the call/pass path
            if rng.random() < 0.05:
                return actions[-1]
            actions = actions[:-1]
        return rng.choice(actions)

    # -- helpers ---------------------------------------------------------------------------

    def _redeal(self) -> bool:
        """Void deal 黄庄: deal again from the seed (BH-2); explicit hands cannot be."""
        st = self.st
        if st.seed is None:
            return False
        st.redeals += 1
        while not setup.deal_seeded(st, st.seed, st.redeals):
            st.redeals += 1
        setup.start_crown(st)
        return True
