"""The whole state of one Gouji deal as plain data, with a cheap copy (GJ-1 … GJ-12).

:class:`GoujiState` holds every fact of the deal — hands, the phase before play, the play
phase's round — and nothing else: the rules are functions of a state and an action in the
phase modules (:mod:`~paizhuo.games.gouji.tribute`, :mod:`~paizhuo.games.gouji.prelude`,
:mod:`~paizhuo.games.gouji.buying`, :mod:`~paizhuo.games.gouji.rounds`,
:mod:`~paizhuo.games.gouji.burning`), and what a seat sees is computed in
:mod:`~paizhuo.games.gouji.views`.

Phases (``phase``), in order, each skipped when it has nothing to decide: ``tribute``,
``revolution``, ``buy``, ``head``, ``declare``, ``play``, ``over``. The play phase moves through
stages (``stage``): ``lead`` (the leader must play), ``burn`` (a seat that could burn a gouji
play is asked, GJ-6), ``answer`` (the seats that may answer the play on the table are asked in
turn, ``queue``) and ``over``.

What follows from the cards is derived, never stored, so a re-dealt copy
(:mod:`~paizhuo.games.gouji.determinize`) cannot disagree with its hands: whether the 3 rule
binds a seat (憋三: it holds a 3 — a seat that could buy none holds none) and whether a seat is
down to its 3s (:func:`bound_by_three`, :func:`holds_only_threes`).
"""

from __future__ import annotations

from typing import Any, Final

from paizhuo.cards import Counts
from paizhuo.games.climbing import THREE, rank_counts
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.games.gouji.plays import Shape
from paizhuo.games.gouji.setup import Start

SEATS: Final = 6
LEAD: Final = "lead"
BURN: Final = "burn"
ANSWER: Final = "answer"
OVER: Final = "over"
PHASES: Final = ("tribute", "revolution", "buy", "head", "declare", "play", "over")


def opp(seat: int) -> int:
    """A seat's 对头, the player opposite (GJ-1)."""
    return (seat + 3) % SEATS


def same_team(a: int, b: int) -> bool:
    """Seats 0, 2, 4 play against 1, 3, 5 (GJ-1)."""
    return a % 2 == b % 2


class GoujiState:
    """Every fact of one deal (see the module docstring); copied by :meth:`copy`."""

    __slots__ = (
        "active", "advice", "began", "bottoms", "burn_opts", "burner", "burns", "burnt",
        "buy_queue", "chaos", "claim", "conceded", "cur", "cur_cards", "cur_dead", "cur_gouji",
        "cur_restricted", "decl_queue", "declared", "discards", "drops", "ended", "failed",
        "first_lead", "hands", "head_choice", "head_queue", "kill", "maker", "news", "opened",
        "opts", "passed", "pending_four", "phase", "pile", "pile_counted", "queue", "quiet", "rc",
        "redeal", "rev_queue", "revolution", "stage", "start", "stuck", "stuck_by", "t_index",
        "t_offer", "t_refused", "t_returned", "t_step", "th", "tokens", "tops", "transfers",
        "tributes", "turn", "window", "yield_used", "yielding",
    )

    def __init__(self, opts: GoujiOptions, start: Start, hands: list[Counts]) -> None:
        self.opts = opts
        self.th = opts.thresholds()
        self.kill = opts.kill_code
        self.start = start
        """The record's start, read-only (shared by copies)."""
        self.hands = hands
        self.rc: list[list[int]] = [rank_counts(h) for h in hands]
        """Rank counts of each hand (the hot path's view of it), kept in step with ``hands``."""
        self.phase = "tribute"
        self.turn = -1
        """The seat asked now (``-1``: nobody)."""

        self.revolution: list[int] = list(start.revolution)
        self.redeal = False
        self.declared = [False] * SEATS
        self.head_choice: dict[int, bool] = {}
        """The revolutionary's 对头 → chose 要头 (GJ-9)."""
        self.tributes: list[dict[str, Any]] = (
            [dict(t) for t in start.tributes] if opts.tribute and opts.series > 1 else [])
        """Tribute owed before this game, in paying order (read-only; shared by copies)."""
        self.t_index = 0
        self.t_step = "pay"
        """``pay``, ``return`` (the receiver returns a card) or ``refuse`` (the payer may
        refuse the card offered)."""
        self.t_returned = 0
        self.t_refused: set[int] = set()
        """Strength ranks the payer refused in the current tribute."""
        self.t_offer = -1
        """The returned card awaiting the payer's answer (refuse step), else ``-1``."""
        self.rev_queue: list[int] = []
        self.buy_queue: list[tuple[int, int]] = []
        """(buyer, strength rank) still to be served, in order (GJ-9)."""
        self.head_queue: list[int] = []
        self.decl_queue: list[int] = []
        self.transfers: list[tuple[str, int, int, tuple[int, ...]]] = []
        """Cards that changed hands before play, in order: (kind, from, to, cards) with kind
        ``tribute``, ``return``, ``pay`` (a buyer's 2 or joker) or ``sell`` (the 3 or 4
        bought) — what :mod:`~paizhuo.games.gouji.determinize` knows a party saw."""
        self.advice: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Latest advice 挑牌 to a seat: (advisor, suggested cards)."""

        self.began = False
        """Whether play has begun (the play fields below mean something)."""
        self.active = [True] * SEATS
        self.tops: list[int] = []
        """Seats that went out, in order (头科 first)."""
        self.bottoms: list[int] = []
        """Seats ranked from the bottom at once (failed burn, stuck), first = 大落."""
        self.tokens = [0] * SEATS
        """Dead gouji plays 够死级 left per seat (GJ-7, GJ-9)."""
        self.opened = [False] * SEATS
        self.pending_four = [False] * SEATS
        """An unanswered gouji play opened the point if the seat now leads 4s (开点发4)."""
        self.conceded = [False] * SEATS
        """Seats that led 4s before opening their point, conceding it 认不开点 (option
        ``burn_needs_open``): they may burn, and can no longer open the point (GJ-5, GJ-6)."""
        self.stuck = [False] * SEATS
        """Stuck with the 3s and staying in (``stuck = stay``, GJ-9)."""
        self.passed = [False] * SEATS
        self.burns: list[tuple[int, int]] = []
        """Successful burns (burnt seat, burner)."""
        self.failed: list[int] = []
        self.stuck_by: dict[int, int] = {}
        self.pile: list[int] = []
        """Cards played so far (only ever added to)."""
        self.pile_counted: tuple[int, tuple[int, ...]] = (0, (0,) * 15)
        """How many of the pile's first cards were counted, and their count per rank (13 ranks
        and the two jokers): every observation shows the pile's counts (``played``), so each
        counts on from the last. Replaced, never changed (copies share it)."""
        self.discards: list[int] = []
        """Cards out of play (hands of failed or stuck players; nobody sees them)."""
        self.drops: list[tuple[int, int]] = []
        """(seat, cards) of each hand put out of play, in order."""
        self.cur: Shape | None = None
        self.cur_cards: tuple[int, ...] = ()
        self.maker = -1
        self.cur_gouji = False
        self.cur_dead = False
        self.cur_restricted = False
        """The play was made over a yielding player: only its maker's 对头 answers (GJ-5.3)."""
        self.window: list[int] = []
        """Burn candidates still to be asked, in priority order (GJ-6; hidden)."""
        self.queue: list[int] = []
        """Seats still to answer the play on the table, in order (public)."""
        self.burn_opts: list[Shape] = []
        """The burns open to the seat asked in the burn window."""
        self.yielding = -1
        self.yield_used = False
        self.claim = -1
        self.burner = -1
        self.burnt = -1
        self.ended: tuple[int, bool, bool] | None = None
        """(maker, gouji?, dead?) of the last play of the round that just ended, until the next
        play: a seat that tries to answer it is told why it may not."""
        self.first_lead = ""
        """Why the leader leads, until the first play of a game (GJ-11); empty in positions."""
        self.stage = LEAD
        self.chaos = False
        self.quiet = False
        """No public action since the play on the table: while a gouji play is unanswered in
        public, the table is in the burn window for every viewer (GJ-12)."""
        self.news: list[tuple[Any, ...]] = []
        """What the last action caused beyond itself (a seat out, a round won, a burn …), for
        the events; emptied by the game after each action, never copied."""

    def copy(self) -> GoujiState:
        """An independent copy: every list, set and dict copied one level (their items are
        immutable), the options and start shared."""
        new = GoujiState.__new__(GoujiState)
        new.opts = self.opts
        new.th = self.th
        new.kill = self.kill
        new.start = self.start
        new.hands = [h.copy() for h in self.hands]
        new.rc = [r.copy() for r in self.rc]
        new.phase = self.phase
        new.turn = self.turn
        new.revolution = self.revolution.copy()
        new.redeal = self.redeal
        new.declared = self.declared.copy()
        new.head_choice = self.head_choice.copy()
        new.tributes = self.tributes
        new.t_index = self.t_index
        new.t_step = self.t_step
        new.t_returned = self.t_returned
        new.t_refused = self.t_refused.copy()
        new.t_offer = self.t_offer
        new.rev_queue = self.rev_queue.copy()
        new.buy_queue = self.buy_queue.copy()
        new.head_queue = self.head_queue.copy()
        new.decl_queue = self.decl_queue.copy()
        new.transfers = self.transfers.copy()
        new.advice = self.advice.copy()
        new.began = self.began
        new.active = self.active.copy()
        new.tops = self.tops.copy()
        new.bottoms = self.bottoms.copy()
        new.tokens = self.tokens.copy()
        new.opened = self.opened.copy()
        new.pending_four = self.pending_four.copy()
        new.conceded = self.conceded.copy()
        new.stuck = self.stuck.copy()
        new.passed = self.passed.copy()
        new.burns = self.burns.copy()
        new.failed = self.failed.copy()
        new.stuck_by = self.stuck_by.copy()
        new.pile = self.pile.copy()
        new.pile_counted = self.pile_counted
        new.discards = self.discards.copy()
        new.drops = self.drops.copy()
        new.cur = self.cur
        new.cur_cards = self.cur_cards
        new.maker = self.maker
        new.cur_gouji = self.cur_gouji
        new.cur_dead = self.cur_dead
        new.cur_restricted = self.cur_restricted
        new.window = self.window.copy()
        new.queue = self.queue.copy()
        new.burn_opts = self.burn_opts.copy()
        new.yielding = self.yielding
        new.yield_used = self.yield_used
        new.claim = self.claim
        new.burner = self.burner
        new.burnt = self.burnt
        new.ended = self.ended
        new.first_lead = self.first_lead
        new.stage = self.stage
        new.chaos = self.chaos
        new.quiet = self.quiet
        new.news = []
        return new


def bound_by_three(st: GoujiState, seat: int) -> bool:
    """憋三 binds a seat holding a 3 (GJ-9). A seat that could buy none holds none and plays
    free (``exempt``), and a bound seat keeps a 3 until its last play, so holding one is the
    whole test."""
    return st.opts.bie_san and st.rc[seat][THREE] > 0


def holds_only_threes(st: GoujiState, seat: int) -> bool:
    """A seat bound by 憋三 down to its 3s after a play: if that play is beaten he is stuck
    被闷 (GJ-9). A stuck seat that stays in (``stuck = stay``) is no longer waiting."""
    n = len(st.hands[seat])
    return (st.opts.bie_san and n > 0 and st.rc[seat][THREE] == n and st.active[seat]
            and not st.stuck[seat])


def keeps_head(st: GoujiState, seat: int) -> bool:
    """GJ-9 要头: the revolutionary's 对头 while his dead gouji plays last: he has no 对头
    but is not yet headless (he may not answer another player's gouji play)."""
    return st.tokens[seat] > 0 and opp(seat) in st.revolution


def headless(st: GoujiState, seat: int) -> bool:
    """GJ-7 无头: his 对头 is out (after 要头, only once its dead plays are made)."""
    return st.active[seat] and not st.active[opp(seat)] and not keeps_head(st, seat)


def dead_rule(st: GoujiState, maker: int) -> str:
    """The rule that makes ``maker``'s gouji play dead: 要头 (GJ-9) or 够死级 (GJ-7)."""
    return "GJ-9" if opp(maker) in st.revolution else "GJ-7"
