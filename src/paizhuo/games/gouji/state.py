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
from paizhuo.games.gouji.combos import Shape
from paizhuo.games.gouji.options import GoujiOptions
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
    """Every fact of one deal (see the module docstring); copied by :meth:`copy`.

    ``__slots__`` keeps a copy cheap (a search copies the state at every playout); the fields
    are grouped as :meth:`__init__` sets them: the deal, the phases before play, the play
    (grouped by meaning, not sorted: hence the ``noqa``).
    """

    __slots__ = (  # noqa: RUF023
        # -- the deal (set by _init_deal) --
        "opts",              # the table's GoujiOptions (shared by copies)
        "thresholds",        # per strength rank, how many cards make a gouji play (GJ-4)
        "kill_code",         # the options' 杀大花 setting, read on the hot path (GJ-3)
        "start",             # the record's start, checked (shared by copies)
        "hands",             # each seat's cards (Counts)
        "rank_counts",       # each hand as counts per strength rank, in step with hands
        "phase",             # tribute, revolution, buy, head, declare, play or over
        "turn",              # the seat asked now, -1 for nobody
        "news",              # what the last action caused beyond itself (for the events)
        # -- the phases before play (set by _init_prelude) --
        "revolution",        # seats that declared a revolution 革命 (GJ-9)
        "redeal",            # the deal is thrown in (a revolution declared by both teams)
        "declared",          # per seat, whether it made its 宣点 declaration (GJ-10)
        "head_choice",       # the revolutionary's 对头 -> chose 要头 (GJ-9)
        "tributes",          # tribute owed before this game, in paying order (GJ-10)
        "tribute_index",     # the tribute being paid now, an index into tributes
        "tribute_step",      # pay, return or refuse (GJ-10)
        "tribute_returned",  # cards returned so far in the current tribute
        "tribute_refused",   # strength ranks the payer refused in the current tribute
        "tribute_offer",     # the returned card awaiting the payer's answer, else -1
        "revolution_queue",  # seats still to be asked whether they declare a revolution
        "buy_queue",         # (buyer, strength rank) still to be served (GJ-9)
        "head_queue",        # seats still to choose 要头 or 无头 (GJ-9)
        "declare_queue",     # seats still to be asked for 宣点 (GJ-10)
        "transfers",         # cards that changed hands before play: (kind, from, to, cards)
        "advice",            # latest advice 挑牌 to a seat: seat -> (advisor, cards) (GJ-7)
        # -- the play (set by _init_play) --
        "play_began",        # whether play has begun (the fields below mean something)
        "active",            # per seat, still in the game
        "tops",              # seats that went out, in order (头科 first)
        "bottoms",           # seats ranked from the bottom at once (failed burn, stuck)
        "tokens",            # dead gouji plays 够死级 left per seat (GJ-7, GJ-9)
        "opened",            # per seat, whether it opened its point 开点 (GJ-5)
        "pending_four",      # an unanswered gouji play opens the point if the seat leads 4s
        "conceded",          # led 4s before opening the point: conceded it 认不开点
        "stuck",             # stuck with the 3s and staying in (stuck = stay, GJ-9)
        "passed",            # per seat, passed on the play now on the table
        "burns",             # successful burns: (burnt seat, burner) (GJ-6)
        "failed",            # seats whose burn failed, in order (GJ-6)
        "stuck_by",          # a seat stuck 被闷 -> the seat whose play shut it in (GJ-9)
        "pile",              # every card played so far, in order
        "pile_counted",      # (cards of the pile counted, their count per rank)
        "discards",          # cards out of play: hands of failed or stuck seats
        "drops",             # (seat, cards) of each hand put out of play, in order
        "table_shape",       # the shape of the play on the table, None between rounds
        "table_cards",       # the cards of the play on the table
        "maker",             # the seat that made the play on the table, -1 for none
        "table_gouji",       # the play on the table is a gouji play (GJ-4)
        "table_dead",        # ... and a dead one 够死级: nobody may answer it (GJ-7)
        "table_restricted",  # made over a yielding seat: only its maker's 对头 answers
        "burn_queue",        # burn candidates still to be asked, in priority order (hidden)
        "answer_queue",      # seats still to answer the play on the table, in order
        "burn_choices",      # the burns open to the seat asked in the burn window
        "yielding",          # the seat that yielded 让牌 on this play, -1 for none (GJ-5)
        "yield_used",        # a yield was made in this round
        "claim",             # the seat that claimed the lead 接风 now, -1 for none
        "burner",            # the seat burning 烧 now, -1 for none (GJ-6)
        "burnt",             # the seat being burnt, -1 for none
        "ended",             # (maker, gouji?, dead?) of the round that just ended
        "first_lead",        # why the leader leads, until the first play (GJ-11)
        "stage",             # lead, burn, answer or over
        "chaos",             # 四户乱缠: anyone may answer anyone (GJ-8)
        "quiet",             # no public action since the play on the table (GJ-12)
    )

    def __init__(self, opts: GoujiOptions, start: Start, hands: list[Counts]) -> None:
        self._init_deal(opts, start, hands)
        self._init_prelude(opts, start)
        self._init_play()

    def _init_deal(self, opts: GoujiOptions, start: Start, hands: list[Counts]) -> None:
        """The options, the start and the hands, in the first phase."""
        self.opts = opts
        self.thresholds = opts.thresholds()
        self.kill_code = opts.kill_code
        self.start = start
        """The record's start, read-only (shared by copies)."""
        self.hands = hands
        self.rank_counts: list[list[int]] = [rank_counts(h) for h in hands]
        """Rank counts of each hand (the hot path's view of it), kept in step with ``hands``."""
        self.phase = "tribute"
        self.turn = -1
        """The seat asked now (``-1``: nobody)."""
        self.news: list[tuple[Any, ...]] = []
        """What the last action caused beyond itself (a seat out, a round won, a burn …), for
        the events; emptied by the game after each action, never copied."""

    def _init_prelude(self, opts: GoujiOptions, start: Start) -> None:
        """The phases before play: tribute, revolution, buying, 要头, 宣点 (GJ-9, GJ-10)."""
        self.revolution: list[int] = list(start.revolution)
        self.redeal = False
        self.declared = [False] * SEATS
        self.head_choice: dict[int, bool] = {}
        """The revolutionary's 对头 → chose 要头 (GJ-9)."""
        self.tributes: list[dict[str, Any]] = (
            [dict(t) for t in start.tributes] if opts.tribute and opts.series > 1 else [])
        """Tribute owed before this game, in paying order (read-only; shared by copies)."""
        self.tribute_index = 0
        self.tribute_step = "pay"
        """``pay``, ``return`` (the receiver returns a card) or ``refuse`` (the payer may
        refuse the card offered)."""
        self.tribute_returned = 0
        self.tribute_refused: set[int] = set()
        """Strength ranks the payer refused in the current tribute."""
        self.tribute_offer = -1
        """The returned card awaiting the payer's answer (refuse step), else ``-1``."""
        self.revolution_queue: list[int] = []
        self.buy_queue: list[tuple[int, int]] = []
        """(buyer, strength rank) still to be served, in order (GJ-9)."""
        self.head_queue: list[int] = []
        self.declare_queue: list[int] = []
        self.transfers: list[tuple[str, int, int, tuple[int, ...]]] = []
        """Cards that changed hands before play, in order: (kind, from, to, cards) with kind
        ``tribute``, ``return``, ``pay`` (a buyer's 2 or joker) or ``sell`` (the 3 or 4
        bought) — what :mod:`~paizhuo.games.gouji.knowledge` knows a party saw."""
        self.advice: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Latest advice 挑牌 to a seat: (advisor, suggested cards)."""

    def _init_play(self) -> None:
        """The play phase, before it begins: who is in, the ranking, the round."""
        self.play_began = False
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
        self._init_round()

    def _init_round(self) -> None:
        """The round: the play on the table, who is asked about it, yields, claims, burns."""
        self.table_shape: Shape | None = None
        self.table_cards: tuple[int, ...] = ()
        self.maker = -1
        self.table_gouji = False
        self.table_dead = False
        self.table_restricted = False
        """The play was made over a yielding player: only its maker's 对头 answers (GJ-5.3)."""
        self.burn_queue: list[int] = []
        """Burn candidates still to be asked, in priority order (GJ-6; hidden)."""
        self.answer_queue: list[int] = []
        """Seats still to answer the play on the table, in order (public)."""
        self.burn_choices: list[Shape] = []
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

    def copy(self) -> GoujiState:
        """An independent copy: every list, set and dict copied one level (their items are
        immutable), the options and start shared."""
        new = GoujiState.__new__(GoujiState)
        new.opts = self.opts
        new.thresholds = self.thresholds
        new.kill_code = self.kill_code
        new.start = self.start
        new.hands = [h.copy() for h in self.hands]
        new.rank_counts = [r.copy() for r in self.rank_counts]
        new.phase = self.phase
        new.turn = self.turn
        new.revolution = self.revolution.copy()
        new.redeal = self.redeal
        new.declared = self.declared.copy()
        new.head_choice = self.head_choice.copy()
        new.tributes = self.tributes
        new.tribute_index = self.tribute_index
        new.tribute_step = self.tribute_step
        new.tribute_returned = self.tribute_returned
        new.tribute_refused = self.tribute_refused.copy()
        new.tribute_offer = self.tribute_offer
        new.revolution_queue = self.revolution_queue.copy()
        new.buy_queue = self.buy_queue.copy()
        new.head_queue = self.head_queue.copy()
        new.declare_queue = self.declare_queue.copy()
        new.transfers = self.transfers.copy()
        new.advice = self.advice.copy()
        new.play_began = self.play_began
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
        new.table_shape = self.table_shape
        new.table_cards = self.table_cards
        new.maker = self.maker
        new.table_gouji = self.table_gouji
        new.table_dead = self.table_dead
        new.table_restricted = self.table_restricted
        new.burn_queue = self.burn_queue.copy()
        new.answer_queue = self.answer_queue.copy()
        new.burn_choices = self.burn_choices.copy()
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
    return st.opts.bie_san and st.rank_counts[seat][THREE] > 0


def holds_only_threes(st: GoujiState, seat: int) -> bool:
    """A seat bound by 憋三 down to its 3s after a play: if that play is beaten he is stuck
    被闷 (GJ-9). A stuck seat that stays in (``stuck = stay``) is no longer waiting."""
    n = len(st.hands[seat])
    return (st.opts.bie_san and n > 0 and st.rank_counts[seat][THREE] == n and st.active[seat]
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
