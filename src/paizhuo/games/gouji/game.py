"""The Gouji game: phases before play (tribute, revolution, buying 3s, 要头, 宣点), then the play
phase (:mod:`paizhuo.games.gouji.rounds`), results and the series.

Phases, in order (each skipped when it has nothing to decide):

- ``tribute``: tribute owed from the last game of the series is paid and returned (GJ-10);
- ``revolution``: players dealt no 2 and no joker may declare revolution (GJ-9);
- ``buy``: with 憋三, players without a 3 (and a 4 in the 198 deck) buy one (GJ-9);
- ``head``: a revolutionary's 对头 chooses 要头 (``keep_head``) or 无头 (``no_head``);
- ``declare``: with option ``declare``, each player may declare 宣点 (GJ-10);
- ``play`` and ``over``.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar, Self

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.games.climbing import (
    BJ,
    CARDS_OF_RANK,
    FOUR,
    RANK_TEXT,
    SJ,
    STRENGTH_OF_CARD,
    THREE,
    TWO,
    rank_counts,
)
from paizhuo.games.gouji.options import PRESETS, GoujiOptions
from paizhuo.games.gouji.refusals import burn_refusal
from paizhuo.games.gouji.results import compute_result, next_game_start
from paizhuo.games.gouji.rounds import BURN, OVER, SEATS, Table, opp
from paizhuo.games.gouji.setup import Start, parse_hands, parse_start
from paizhuo.games.gouji.tribute import tribute_apply

PHASES = ("tribute", "revolution", "buy", "head", "declare", "play", "over")


ANSWER_VERBS = ("play", "pass", "yield", "claim")

VERB_PHASE = {"tribute": "tribute", "return": "tribute", "refuse": "tribute",
              "revolution": "revolution", "buy": "buy", "keep_head": "head", "no_head": "head",
              "declare": "declare"}
"""The phase of each decision made only before play."""

PHASE_RULE = {"tribute": "GJ-10", "revolution": "GJ-9", "buy": "GJ-9", "head": "GJ-9",
              "declare": "GJ-10", "play": "GJ-5", "over": "GJ-7"}


class GoujiGame(Game):
    """够级 for six players (``docs/rules/gouji.md``)."""

    name: ClassVar[str] = "gouji"
    VERBS: ClassVar[frozenset[str]] = frozenset({
        "play", "pass", "yield", "burn", "revolution", "buy", "claim", "tribute", "return",
        "refuse", "declare", "advise", "keep_head", "no_head",
    })
    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    RESULT_LABELS: ClassVar[frozenset[str]] = frozenset({"game", "series"})

    def __init__(self, record: Record, opts: GoujiOptions, start: Start,
                 hands: list[Counts]) -> None:
        super().__init__(record)
        self.opts = opts
        self.start = start
        self.hands = hands
        self.revolution: list[int] = list(start.revolution)
        self.redeal = False
        self.declared = [False] * SEATS
        self.exempt = [False] * SEATS
        self.head_choice: dict[int, bool] = {}
        self.advice: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Latest advice 挑牌 to a seat: (advisor, suggested cards)."""
        self.parties: dict[int, tuple[int, int]] = {}
        """Action index → the two seats allowed to see that action's cards (GJ-12)."""
        self.unseen: dict[int, tuple[int, int]] = {}
        """Action index → the only seats that see the action was made at all (GJ-12): a decision
        a seat is asked for only because of its hidden cards (declining a burn or revolution; a
        tribute refusal) and advice. Others' logs leave it out."""
        self.tributes: list[dict[str, Any]] = (
            [dict(t) for t in start.tributes] if opts.tribute and opts.series > 1 else [])
        self.t_index = 0
        self.t_step = "pay"
        self.t_returned = 0
        self.t_refused: set[int] = set()
        self.t_offer = -1
        self.t_offer_index = -1
        self.implied: dict[int, list[tuple[Action, tuple[int, ...] | None]]] = {}
        """Action index → optional declines a record left out before that action (records from
        other programs, see :meth:`accepts_implied`), each with the seats that see it (``None``:
        everyone), exactly as the explicit decline would show. Not part of the record."""
        self.rev_queue: list[int] = []
        self.buy_queue: list[tuple[int, int]] = []
        self.head_queue: list[int] = []
        self.decl_queue: list[int] = []
        self.table: Table | None = None
        self._turn = -1
        self._phase = "tribute"
        self._result: dict[str, Any] | None = None
        if record.position:
            self._start_position()
        else:
            self._advance()

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: Record) -> Self:
        opts = GoujiOptions.from_dict(dict(record.options))
        start = parse_start(record.start, record.position)
        hands = parse_hands(record, opts)
        return cls(record, opts, start, hands)

    def _start_position(self) -> None:
        st = self.start
        assert st.leader is not None
        active = [s not in st.finished and s not in st.revolution for s in range(SEATS)]
        for s in range(SEATS):
            if active[s] and not self.hands[s]:
                raise MalformedError(f"deal.hands[{s}]", f"seat {s} is still in the game but "
                                     "holds no cards (list it in start.finished)")
        tokens = [st.dead_gouji.get(s, 0) for s in range(SEATS)]
        opened = [s in st.opened for s in range(SEATS)]
        exempt = [rank_counts(h)[THREE] == 0 for h in self.hands]
        self.exempt = exempt
        self.table = Table(self.opts, self.hands, leader=st.leader, active=active,
                           tops=list(st.finished), revolution=list(st.revolution),
                           tokens=tokens, opened=opened, exempt=exempt)
        self._phase = "over" if self.table.stage == OVER else "play"

    # -- the interface ----------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return SEATS

    @property
    def phase(self) -> str:
        return self._phase

    def to_act(self) -> list[int]:
        if self._phase == "over":
            return []
        if self._phase == "play":
            assert self.table is not None
            return [self.table.turn]
        return [self._turn]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        acting = self.to_act()
        if not acting:
            return []
        if seat is None:
            seat = acting[0]
        if seat not in acting:
            return []
        if self._phase == "play":
            assert self.table is not None
            return self.table.legal(seat)
        return self._prelude_legal(seat)

    def sample_action(self, rng: random.Random) -> Action:
        if self._phase == "play":
            assert self.table is not None
            return self.table.sample(rng)
        return rng.choice(self.legal_actions())

    def apply(self, action: Action) -> None:
        self._check_not_past(action)
        t = self.table
        if self._phase == "play" and t is not None and action.seat == t.turn \
                and t.stage != BURN:
            pass  # the seat asked answers in its ordinary turn (the fast path of play)
        elif action.verb != "advise" and self._needs_implied(action):
            trial = copy.deepcopy(self)
            trial._imply_declines(action)
            try:
                trial._apply_now(action)
            except IllegalActionError as exc:
                raise self._implied_refusal(action, trial, exc) from None
            self._imply_declines(action)
        self._apply_now(action)

    def _check_not_past(self, action: Action) -> None:
        """A decision of a phase already over (or skipped) names the rule of that phase, not
        whose turn it is: tribute in a first game (GJ-10), revolution once play began (GJ-9)."""
        ph = VERB_PHASE.get(action.verb)
        if ph is None or self._phase == "over" or PHASES.index(ph) >= PHASES.index(self._phase):
            return
        what = {"tribute": "tribute is paid and returned before play, in games after the "
                           "first of a series",
                "revolution": "revolution is declared before play begins",
                "buy": "3s are bought before play begins",
                "head": "要头 or 无头 is chosen before play begins",
                "declare": "宣点 is declared before play begins"}[ph]
        if ph == "tribute" and not self.tributes:
            what = ("no tribute is owed in this game" + (" (the first of the series)"
                                                         if self.start.game == 1 else ""))
        raise IllegalActionError(PHASE_RULE[ph], what, action.seat)

    def _apply_now(self, action: Action) -> None:
        seat = action.seat
        # Only seats that could burn, and only seats dealt no money, are asked (GJ-6, GJ-9):
        # their declining must not show (GJ-12).
        hidden = action.verb == "pass" and (
            self._phase == "revolution"
            or (self._phase == "play" and self.table is not None and self.table.stage == BURN))
        if action.verb == "advise":
            self._advise(action)
        elif self._phase == "over":
            raise IllegalActionError("GJ-7", "the game is over", seat)
        elif self._phase == "play":
            assert self.table is not None
            self.table.apply(action)
            if self.table.stage == OVER:
                self._phase = "over"
        else:
            self._prelude_apply(action)
        if action.verb != "advise":
            self.advice.pop(seat, None)
        if hidden:
            self.unseen[len(self.actions)] = (seat, seat)
        self.actions.append(action)

    # -- optional declines a record leaves out (records from other programs) ----------------

    def _optional_decision(self) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
        """The seat now asked a decision whose decline is ``pass`` and that a record from
        another program leaves out when nobody takes it: revolution (GJ-9), 宣点 (GJ-10),
        refusing a returned card (GJ-10), burning (GJ-6), and a headless player's answer to a
        gouji play whose maker's 对头 is in (GJ-5; our choice, see docs/gouji.md "Headless").
        Returns (seat, the verbs answering it directly, the verbs by that seat that stop the
        declining); ``None`` when the decision now is not such a one."""
        ph = self._phase
        if ph == "revolution" or ph == "declare":
            return self._turn, (ph, "pass"), (ph, "pass")
        if ph == "tribute" and self.t_step == "refuse":
            return self._turn, ("refuse", "pass"), ("refuse", "pass")
        if ph == "play":
            t = self.table
            assert t is not None
            if t.stage == BURN:
                return t.turn, ("burn", "pass"), ("burn",)
            if t.headless_extra():
                return t.turn, ANSWER_VERBS, ANSWER_VERBS
        return None

    def _needs_implied(self, action: Action) -> bool:
        d = self._optional_decision()
        return d is not None and not (action.seat == d[0] and action.verb in d[1])

    def _imply_declines(self, action: Action) -> None:
        """Decline every pending optional decision ahead of ``action``, as if the record held
        the ``pass``: burns until ``action``'s seat is asked (a burn by him) or the window
        closes (any other verb), a headless player's answer until ``action``'s seat answers,
        other optional declarations until ``action`` answers the decision asked or the phase
        has none left. Adds nothing to the record."""
        while (d := self._optional_decision()) is not None:
            seat, _, stop = d
            if seat == action.seat and action.verb in stop:
                return
            seers: tuple[int, ...] | None
            if self._phase == "declare" or (self._phase == "play" and stop is ANSWER_VERBS):
                seers = None  # a 宣点 pass and a pass of the round are public
            elif self._phase == "tribute":
                t = self.tributes[self.t_index]
                seers = (t["from"], t["to"])
            else:
                seers = (seat,)
            decline = Action(seat, "pass")
            if self._phase == "play":
                assert self.table is not None
                self.table.apply(decline)
            else:
                self._prelude_apply(decline)
                self.unseen.pop(len(self.actions), None)
            self.advice.pop(seat, None)
            self.implied.setdefault(len(self.actions), []).append((decline, seers))

    def _implied_refusal(self, action: Action, trial: GoujiGame,
                         exc: IllegalActionError) -> IllegalActionError:
        """Why ``action`` is refused even with the pending declines taken as given: the reason
        of the decision it reached if it reached its seat's turn, else the reason now."""
        seat = action.seat
        if self._phase == "play":
            assert self.table is not None and trial.table is not None
            if action.verb != "burn" or trial.table.stage == BURN:
                return exc
            return burn_refusal(self.table, seat, action.cards)
        d = self._optional_decision()
        if seat in trial.to_act() and (d is None or action.verb not in d[1]
                                       or action.verb == "pass"):
            return exc
        try:
            self._prelude_check(action)
        except IllegalActionError as now:
            return now
        return exc  # pragma: no cover - the seat asked now answers directly

    def accepts_implied(self, action: Action) -> bool:
        """True if ``action``, though its seat is not asked now (``to_act``), is legal once the
        pending optional declines are taken as given: a record from another program leaves
        out burns, revolutions and 宣点 nobody made. The bots' order is unchanged; the
        conformance probe of out-of-turn actions asks this first."""
        if action.verb == "advise" or not self._needs_implied(action):
            return False
        trial = copy.deepcopy(self)
        trial._imply_declines(action)
        try:
            trial._apply_now(action)
        except IllegalActionError:
            return False
        return True

    def observation(self, seat: int) -> dict[str, Any]:
        from paizhuo.games.gouji.views import observation

        return observation(self, seat)

    def result(self) -> dict[str, Any] | None:
        if self._phase != "over":
            return None
        if self._result is None:
            self._result = self._compute_result()
        return self._result

    # -- advice 挑牌 (GJ-7) -------------------------------------------------------------------

    def may_see_hand(self, viewer: int, owner: int) -> bool:
        """GJ-12: a teammate sees a hand of ≤10 cards (any hand once he is out), advice on."""
        if viewer == owner:
            return True
        if not self.opts.advice or viewer % 2 != owner % 2 or self.table is None:
            return False
        t = self.table
        if not t.active[owner] or owner in self.revolution:
            return False
        if viewer in t.tops:
            return True
        return len(self.hands[owner]) <= 10 and viewer not in self.revolution

    def _advise(self, action: Action) -> None:
        seat = action.seat
        extra = action.extra or {}
        to = extra.get("to")
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < SEATS:
            raise MalformedError("extra.to", "advice names the teammate: {\"to\": seat}")
        if self._phase != "play" or not self.may_see_hand(seat, to) or seat == to:
            raise IllegalActionError(
                "GJ-7", "you may advise only a teammate whose hand you see: one with 10 or "
                "fewer cards, or any teammate once you are out (advice on)", seat)
        if not self.hands[to].contains_all(action.cards) or not action.cards:
            raise IllegalActionError("GJ-7", f"seat {to} does not hold these cards", seat)
        self.advice[to] = (seat, action.cards)
        self.parties[len(self.actions)] = self.unseen[len(self.actions)] = (seat, to)

    # -- phases before play -----------------------------------------------------------------

    def _no_money(self, seat: int) -> bool:
        rc = rank_counts(self.hands[seat])
        return rc[TWO] == rc[SJ] == rc[BJ] == 0

    def _advance(self) -> None:
        """Move to the next decision before play, doing what needs no decision."""
        opts = self.opts
        while True:
            ph = self._phase
            if ph == "tribute":
                if self.t_index < len(self.tributes):
                    t = self.tributes[self.t_index]
                    self._turn = t["to"] if self.t_step == "return" else t["from"]
                    return
                self._phase = "revolution"
                self.rev_queue = [s for s in range(SEATS) if opts.revolution
                                  and self._no_money(s)]
            elif ph == "revolution":
                if self.rev_queue:
                    self._turn = self.rev_queue[0]
                    return
                self._phase = "buy"
                if opts.bie_san:
                    self.buy_queue = [(s, THREE) for s in range(SEATS)]
                    if opts.deck == 198:
                        self.buy_queue += [(s, FOUR) for s in range(SEATS)]
            elif ph == "buy":
                if len(self.revolution) < 2 and self._next_buyer():
                    return
                if len(self.revolution) >= 2:
                    self.redeal = True
                    self._phase, self._turn = "over", -1
                    return
                self._phase = "head"
                self.head_queue = [opp(r) for r in self.revolution]
            elif ph == "head":
                if self.head_queue:
                    self._turn = self.head_queue[0]
                    return
                self._phase = "declare"
                if opts.declare:
                    self.decl_queue = [s for s in range(SEATS) if s not in self.revolution]
            elif ph == "declare":
                if self.decl_queue:
                    self._turn = self.decl_queue[0]
                    return
                self._start_play()
                return
            else:  # pragma: no cover
                return

    def _next_buyer(self) -> bool:
        while self.buy_queue:
            s, g = self.buy_queue[0]
            if s in self.revolution or rank_counts(self.hands[s])[g] > 0:
                self.buy_queue.pop(0)
                continue
            if self._buy_source(s, g) is not None:
                self._turn = s
                return True
            self.buy_queue.pop(0)
            if self._no_money(s) and self.opts.revolution:
                self.revolution.append(s)  # GJ-9: nothing to buy with → revolution
            elif g == THREE:
                self.exempt[s] = True
        return False

    def _buy_source(self, buyer: int, g: int) -> tuple[bool, int] | None:
        """(paid?, seller) of the 3 (or 4) ``buyer`` must buy, by the buying order (GJ-9)."""
        rc = rank_counts(self.hands[buyer])
        can_pay = bool(rc[TWO] or rc[SJ] or rc[BJ])
        b = buyer
        paid_opp = [(True, (b + 3) % SEATS)]
        paid_others = [(True, (b + 1) % SEATS), (True, (b + 5) % SEATS)]
        gifts = [(False, (b + 2) % SEATS), (False, (b + 4) % SEATS)]
        order = (paid_opp + paid_others + gifts if self.opts.buy_order == "opponents_first"
                 else paid_opp + gifts + paid_others)
        for paid, seller in order:
            if paid and not can_pay:
                continue
            if seller not in self.revolution and rank_counts(self.hands[seller])[g] >= 2:
                return paid, seller
        return None

    def _start_play(self) -> None:
        active = [s not in self.revolution for s in range(SEATS)]
        leader = self.start.leader
        if leader is None or not active[leader]:
            leader = self._first_lead(active) if leader is None else (leader + 1) % SEATS
            while not active[leader]:
                leader = (leader + 1) % SEATS
        tokens = [0] * SEATS
        for r in self.revolution:
            if self.head_choice.get(opp(r)):
                tokens[opp(r)] = 3
        if self.start.leader is None:
            why = ("the player showing the most " + ("4s" if self.opts.bie_san else "3s")
                   + " of one suit leads (上班)")
        elif self.start.game > 1:
            why = "大落 of the last game leads (his next player still in after a revolution)"
        else:
            why = "the record's start names the first leader"
        self.table = Table(self.opts, self.hands, leader=leader, active=active, tops=[],
                           revolution=list(self.revolution), tokens=tokens,
                           opened=[False] * SEATS, exempt=self.exempt, first_lead=why)
        self._phase = "play"

    def _first_lead(self, active: list[bool]) -> int:
        """GJ-11 上班: most 3s (4s with 憋三) of one suit; ties to the earlier seat."""
        ids = CARDS_OF_RANK[FOUR if self.opts.bie_san else THREE]
        best, best_n = -1, -1
        for s in range(SEATS):
            if active[s]:
                n = max(self.hands[s][c] for c in ids)
                if n > best_n:
                    best, best_n = s, n
        return best

    def highest_cards(self, seat: int, n: int) -> tuple[int, ...]:
        """The ``n`` highest cards of ``seat``'s hand: what he pays as tribute (GJ-10)."""
        hand = self.hands[seat]
        out: list[int] = []
        for g in range(BJ, -1, -1):
            for c in CARDS_OF_RANK[g]:
                while hand[c] > out.count(c) and len(out) < n:
                    out.append(c)
            if len(out) >= n:
                break
        return tuple(sorted(out))

    def _prelude_legal(self, seat: int) -> list[Action]:
        ph = self._phase
        if ph == "tribute":
            t = self.tributes[self.t_index]
            if self.t_step == "pay":
                return [Action(seat, "tribute", self.highest_cards(seat, t["cards"]))]
            if self.t_step == "refuse":
                return [Action(seat, "refuse"), Action(seat, "pass")]
            hand = self.hands[seat]
            return [Action(seat, "return", (c,)) for c in hand.distinct()
                    if STRENGTH_OF_CARD[c] not in self.t_refused
                    and not any(STRENGTH_OF_CARD[d] == STRENGTH_OF_CARD[c]
                                for d in hand.distinct() if d < c)]
        if ph == "revolution":
            return [Action(seat, "revolution"), Action(seat, "pass")]
        if ph == "buy":
            s, g = self.buy_queue[0]
            src = self._buy_source(s, g)
            assert src is not None
            if not src[0]:
                return [Action(seat, "buy")]
            hand = self.hands[seat]
            return [Action(seat, "buy", (CARDS_OF_RANK[r][0] if r >= SJ else
                                         next(c for c in CARDS_OF_RANK[r] if hand[c]),))
                    for r in (TWO, SJ, BJ) if any(hand[c] for c in CARDS_OF_RANK[r])]
        if ph == "head":
            return [Action(seat, "keep_head"), Action(seat, "no_head")]
        return [Action(seat, "declare"), Action(seat, "pass")]

    def _prelude_check(self, a: Action) -> None:
        seat, verb = a.seat, a.verb
        ph = self._phase
        rule = PHASE_RULE[ph]
        if seat != self._turn:
            raise IllegalActionError(rule, f"it is seat {self._turn}'s turn to decide "
                                     f"({ph}), not seat {seat}'s", seat)
        allowed = {a2.verb for a2 in self._prelude_legal(seat)}
        if verb not in allowed:
            raise IllegalActionError(rule, f"now seat {seat} may only "
                                     f"{' or '.join(sorted(allowed))}", seat)

    def _prelude_apply(self, a: Action) -> None:
        self._prelude_check(a)
        seat, verb = a.seat, a.verb
        ph = self._phase
        if ph == "tribute":
            tribute_apply(self, a)
        elif ph == "revolution":
            if verb == "revolution":
                self.revolution.append(seat)
            self.rev_queue.pop(0)
        elif ph == "buy":
            self._buy_apply(a)
        elif ph == "head":
            self.head_choice[seat] = verb == "keep_head"
            self.head_queue.pop(0)
        else:
            self.declared[seat] = verb == "declare"
            self.decl_queue.pop(0)
        self._advance()

    def _buy_apply(self, a: Action) -> None:
        s, g = self.buy_queue[0]
        src = self._buy_source(s, g)
        assert src is not None
        paid, seller = src
        if paid:
            if len(a.cards) != 1 or STRENGTH_OF_CARD[a.cards[0]] < TWO \
                    or not self.hands[s].contains_all(a.cards):
                raise IllegalActionError("GJ-9", f"pay seat {seller} one 2 or joker you hold "
                                         f"for a {RANK_TEXT[g]}", s)
            self.hands[s].remove(a.cards[0])
            self.hands[seller].add(a.cards[0])
        elif a.cards:
            raise IllegalActionError("GJ-9", f"seat {seller}, your teammate, gives you a "
                                     f"{RANK_TEXT[g]}: nothing to pay", s)
        card = next(c for c in CARDS_OF_RANK[g] if self.hands[seller][c])
        self.hands[seller].remove(card)
        self.hands[s].add(card)
        self.parties[len(self.actions)] = (s, seller)
        self.buy_queue.pop(0)

    # -- results and the series -------------------------------------------------------------

    def _compute_result(self) -> dict[str, Any]:
        return compute_result(self)

    def match_winners(self) -> list[int] | None:
        """When this game ended the series: the team with the higher total wins it (``[]``
        when the totals are level)."""
        res = self.result()
        if res is None or res["redeal"] or self.next_start() is not None:
            return None
        totals = res["totals"]
        best = max(totals)
        winners = [seat for seat, total in enumerate(totals) if total == best]
        return winners if len(winners) < len(totals) else []

    def next_start(self) -> dict[str, Any] | None:
        return next_game_start(self)
