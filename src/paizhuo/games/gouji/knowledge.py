"""What a seat's view implies about the cards hidden from it: the :class:`Plan` (slots to
fill, the cards to fill them with, the constraints) that :mod:`~paizhuo.games.gouji.determinize`
deals by (GJ-12).

Only the seat's view is read: the deck, its own hand, the hands it sees (a teammate's, GJ-7),
the cards played, public acts and its own private ones.

Kept (see ``docs/gouji.md`` for the list): hand sizes; the seat's hand and every hand it sees;
the cards played; the cards the seat gave or received in a tribute, return or buy, while their
receiver may still hold them; that a revolutionary holds no 2 and no joker; that a buyer holds
exactly the one 3 (4) he bought; that a seat stuck with its 3s holds only 3s, and that a failed
burner's last lead and a stuck hand's 3s are among the cards out of play; the current tribute's
refused ranks and the card on offer, for its two parties; that a tribute was its payer's
highest cards, for its receiver (while the payer was given nothing the receiver did not see);
whom the table may be waiting for: in the ``revolution`` phase and the burn window the seat
asked is hidden, so the copy asks a seat that may be asked in it (one dealt no money; one that
can burn), never the seat itself unless it is asked; and what the first lead 上班 shows
(GJ-11): in a game whose first leader the rules chose, the leader held at the start of play
at least as many 3s (4s with 憋三) of one suit as anybody else, more than any earlier seat —
counted on each hand plus what its seat has played since, for every seat still holding its
own cards (a seat whose hand went out of play unseen is left out, and the check is dropped if
it is the leader's); and, while a burn goes on, that the burner's hand after his burning play
could be led out with a joker in every lead but the last (GJ-6: the engine refuses any other
burn).

Not kept: that no revolution phase was held, so every seat was dealt money (kept only while
the phase lasts: declining is private, so nothing the seat is shown afterwards says whether
anybody was asked); who gave a gift 3 (hand sizes stay, so the two teammates' sizes still
tell it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.records import Record
from paizhuo.games.climbing import (
    BJ,
    CARDS_OF_RANK,
    FOUR,
    SJ,
    STRENGTH_OF_CARD,
    THREE,
    TWO,
)
from paizhuo.games.gouji import buying
from paizhuo.games.gouji.advice import may_see_hand
from paizhuo.games.gouji.burning import burn_plays, candidates
from paizhuo.games.gouji.combos import can_finish_burn
from paizhuo.games.gouji.redeal import Bounds
from paizhuo.games.gouji.setup import full_deck
from paizhuo.games.gouji.state import SEATS, GoujiState
from paizhuo.games.gouji.views import burn_window

DISCARDS: Final = SEATS
"""The slot of the cards out of play."""
VOID: Final = SEATS + 1
"""The slot of the cards a position leaves out (played before it began)."""
MONEY: Final = (TWO, SJ, BJ)
"""The money ranks 2, small joker, big joker (GJ-9: what a revolutionary holds none of)."""

Burning = tuple[int, list[int], tuple[int, ...]]
"""A burn going on (GJ-6): the burner, the rank counts of what he has played since his
burning play, and that play's cards."""

Lead = tuple[int, tuple[int, ...], dict[int, list[int]], int]
"""What the first lead shows (GJ-11): the leader, the card ids of the rank counted (3s, or 4s
with 憋三), for each seat compared how many of each it has played since play began, and the
fewest copies of one of them the leader can have held (more than any earlier seat is known to
have held, as many as any later one)."""


class Plan:
    """What the seat knows, as slots to fill and constraints (built from its view only)."""

    __slots__ = ("burning", "hi", "info", "kind", "lead", "lo", "must", "pool", "seat", "sizes",
                 "slots")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.slots: list[int] = []
        self.sizes: dict[int, int] = {}
        self.pool: list[int] = []
        self.must: dict[int, dict[int, int]] = {}
        self.lo: Bounds = {}
        self.hi: Bounds = {}
        self.kind = ""
        self.info: tuple[object, ...] = ()
        self.lead: Lead | None = None
        self.burning: Burning | None = None

    def bound(self, table: Bounds, slot: int, g: int, n: int, low: bool) -> None:
        if slot not in self.sizes:
            return
        row = table.setdefault(slot, {})
        old = row.get(g)
        row[g] = n if old is None else (max(old, n) if low else min(old, n))


class Seen(Protocol):
    """What :func:`plan_for` reads of a game: its state, its actions and whether it began at a
    position — a game's own record of what happened, from which only ``seat``'s view is
    taken (:class:`~paizhuo.games.gouji.game.GoujiGame` is one)."""

    @property
    def state(self) -> GoujiState: ...

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def setup(self) -> Record: ...


_DECKS: dict[int, list[int]] = {}


def _deck(deck: int) -> list[int]:
    """Copies of each card id in the deck (computed once per deck)."""
    if deck not in _DECKS:
        _DECKS[deck] = Counts.of(full_deck(deck)).array()
    return _DECKS[deck]


def plan_for(game: Seen, seat: int) -> Plan:
    """What ``seat``'s view of ``game`` implies about the cards hidden from it (module doc)."""
    st = game.state
    plan = Plan(seat)
    fixed = {s for s in range(SEATS) if s == seat or may_see_hand(st, seat, s)
             or not st.hands[s]}
    deck = _deck(st.opts.deck)
    known = [0] * 55
    for s in fixed:
        for c, n in enumerate(st.hands[s].array()):
            known[c] += n
    for c in st.pile:
        known[c] += 1
    slots = [s for s in range(SEATS) if s not in fixed]
    sizes = {s: len(st.hands[s]) for s in slots}
    if st.discards:
        slots.append(DISCARDS)
        sizes[DISCARDS] = len(st.discards)
    need = sum(sizes.values())
    factor = 1
    while True:  # a position may hold more copies than one deck: never run short
        pool = [c for c in range(55) for _ in range(max(0, factor * deck[c] - known[c]))]
        if len(pool) >= need:
            break
        factor += 1
    if len(pool) > need:
        slots.append(VOID)
        sizes[VOID] = len(pool) - need
    plan.slots, plan.sizes, plan.pool = slots, sizes, pool
    _card_knowledge(game, plan)
    _turn_knowledge(st, plan)
    plan.lead = _lead_knowledge(game, plan)
    plan.burning = _burn_knowledge(game, plan)
    return plan


def _burn_knowledge(game: Seen, plan: Plan) -> Burning | None:
    """A burn going on by a seat whose hand is hidden (GJ-6): the engine accepted it, so
    the burner's hand after his burning play could be led out with a joker in every lead
    but the last. ``None`` where there is none (or it began before a position)."""
    st = game.state
    burner = st.burner
    if burner < 0 or burner not in plan.sizes:
        return None
    at = next((i for i in range(len(game.actions) - 1, -1, -1)
               if game.actions[i].seat == burner and game.actions[i].verb == "burn"), None)
    if at is None:
        return None
    since = [0] * 15
    for a in game.actions[at + 1:]:
        if a.seat == burner and a.verb == "play":
            for c in a.cards:
                since[STRENGTH_OF_CARD[c]] += 1
    return burner, since, game.actions[at].cards


def burn_kept(st: GoujiState, burning: Burning) -> bool:
    """Whether the burner's hand in ``st``, with what he has played since his burning play,
    could be led out as the burn asks (GJ-6; 憋三 as it bound him when he burnt)."""
    burner, since, cards = burning
    left = [n + m for n, m in zip(st.rank_counts[burner], since, strict=True)]
    three = st.opts.bie_san and (left[THREE] + sum(1 for c in cards
                                                   if STRENGTH_OF_CARD[c] == THREE)) > 0
    return can_finish_burn(left, three)


def _lead_knowledge(game: Seen, plan: Plan) -> Lead | None:
    """What the first lead of the game showed (GJ-11), where the rules chose the leader: the
    leader is the seat that made the first play, or the one the table waits for to make it;
    seats whose hands went out of play unseen (a failed burn, stuck) are not compared."""
    st = game.state
    if game.setup.position or st.start.leader is not None or st.phase not in ("play", "over"):
        return None
    leader = next((a.seat for a in game.actions if a.verb == "play"), None)
    if leader is None:
        if not st.first_lead:
            return None
        leader = st.turn  # nobody has played yet: the table waits for the first leader
    dropped = {s for s, _ in st.drops}
    if leader in dropped:
        return None
    ids = CARDS_OF_RANK[FOUR if st.opts.bie_san else THREE]
    index = {c: i for i, c in enumerate(ids)}
    played = {s: [0] * len(ids) for s in range(SEATS)
              if s not in st.revolution and s not in dropped}
    for a in game.actions:
        if a.verb in ("play", "burn") and a.seat in played:
            row = played[a.seat]
            for c in a.cards:
                i = index.get(c)
                if i is not None:
                    row[i] += 1
    need = 0  # what each seat is known to have held, one more for a seat before the leader
    for s, row in played.items():
        held = row if s in plan.sizes else [n + st.hands[s][c]
                                            for c, n in zip(ids, row, strict=True)]
        need = max(need, max(held) + (s < leader))
    return leader, ids, played, need


def leads_first(st: GoujiState, lead: Lead) -> bool:
    """Whether the hands of ``st``, with what each seat has played since, give the first lead
    to the seat that made it (GJ-11: the most of one suit, ties to the earlier seat)."""
    leader, ids, played, _ = lead

    def most(s: int) -> int:
        hand = st.hands[s]
        return max(hand[c] + n for c, n in zip(ids, played[s], strict=True))

    best = most(leader)
    for s in played:
        if s != leader:
            n = most(s)
            if n > best or (n == best and s < leader):
                return False
    return True


def _card_knowledge(game: Seen, plan: Plan) -> None:
    """Constraints on hidden hands from public acts and the seat's own private ones."""
    st, seat = game.state, plan.seat
    for r in st.revolution:  # GJ-9: dealt no 2 and no joker, and out of play since
        for g in MONEY:
            plan.bound(plan.hi, r, g, 0, False)
    for s in range(SEATS):
        if st.stuck[s] and st.active[s]:  # stuck with his 3s: holds nothing else
            for g in range(15):
                if g != THREE:
                    plan.bound(plan.hi, s, g, 0, False)
    must: dict[int, dict[int, int]] = {}
    bought: list[tuple[int, int]] = []
    for kind, frm, to, cards in st.transfers:
        if seat in (frm, to):
            if to != seat:
                row = must.setdefault(to, {})
                for c in cards:
                    row[c] = row.get(c, 0) + 1
            if frm != seat:
                row = must.get(frm, {})
                for c in cards:
                    if row.get(c):
                        row[c] -= 1
        elif kind in ("tribute", "return"):
            must.pop(frm, None)  # he gave cards the seat did not see: perhaps its own
        elif kind == "pay":
            _drop_ranks(must, [frm], MONEY)
        else:  # a 3 (4) sold by a seller the seat does not know
            g = STRENGTH_OF_CARD[cards[0]]
            _drop_ranks(must, [s for s in range(SEATS) if s != to], (g,))
        if kind == "sell":
            bought.append((to, STRENGTH_OF_CARD[cards[0]]))
    played: dict[int, list[int]] = {}
    if must or bought:
        for a in game.actions:
            if a.verb in ("play", "burn") and (a.seat in must or any(a.seat == b for b, _ in
                                                                        bought)):
                played.setdefault(a.seat, []).extend(a.cards)
    for s, row in must.items():
        for c in played.get(s, ()):
            if row.get(c):
                row[c] -= 1
        slot = DISCARDS if s in st.bottoms else s
        if slot in plan.sizes:
            dest = plan.must.setdefault(slot, {})
            for c, n in row.items():
                if n > 0:
                    dest[c] = dest.get(c, 0) + n
    for b, g in bought:  # none of that rank before, one bought: one, less what he played
        if st.active[b]:
            left = 1 - sum(1 for c in played.get(b, ()) if STRENGTH_OF_CARD[c] == g)
            plan.bound(plan.lo, b, g, max(left, 0), True)
            plan.bound(plan.hi, b, g, max(left, 0), False)
    if st.discards and DISCARDS in plan.sizes:
        dest = plan.must.setdefault(DISCARDS, {})
        for f in st.failed:  # the failing lead was shown, then put out of play with the hand
            last = next((a for a in reversed(game.actions) if a.seat == f
                         and a.verb == "play"), None)
            if last is not None:
                for c in last.cards:
                    dest[c] = dest.get(c, 0) + 1
        threes = sum(n for s, n in st.drops if s in st.stuck_by and s not in st.failed)
        if threes:
            plan.bound(plan.lo, DISCARDS, THREE, threes, True)
    _tribute_knowledge(game, plan)
    if st.phase == "tribute" and st.tribute_index < len(st.tributes):
        t = st.tributes[st.tribute_index]
        payer, receiver = t["from"], t["to"]
        if seat in (payer, receiver):
            gone = set(st.tribute_refused)
            if st.tribute_step == "refuse" and st.tribute_offer >= 0:
                gone.add(STRENGTH_OF_CARD[st.tribute_offer])
                row = plan.must.setdefault(receiver, {}) if receiver in plan.sizes else {}
                row[st.tribute_offer] = max(row.get(st.tribute_offer, 0), 1)
            for g in gone:  # only ranks he lacked could be refused (GJ-10)
                plan.bound(plan.hi, payer, g, 0, False)


def _tribute_knowledge(game: Seen, plan: Plan) -> None:
    """GJ-10: a tribute card is the payer's highest card, so a seat paid a tribute knows the
    payer kept nothing of a higher rank than the lowest card it received: he holds only what
    of those ranks he was since given in the seat's sight, less what he played. Not used where
    the payer may since have been given cards the seat did not see (another receiver's
    return, a buy: a seller is not shown)."""
    st, seat = game.state, plan.seat
    last: dict[int, int] = {}
    for i, (kind, frm, to, _) in enumerate(st.transfers):
        if kind == "tribute" and to == seat and frm != seat:
            last[frm] = i
    dropped = {s for s, _ in st.drops}
    for payer, i in last.items():
        if payer not in plan.sizes or payer in dropped:
            continue
        top = min(STRENGTH_OF_CARD[c] for c in st.transfers[i][3])
        given = [0] * 15
        seen = True
        for kind, frm, to, cards in st.transfers[i + 1:]:
            if seat in (frm, to):
                if to == payer:
                    for c in cards:
                        given[STRENGTH_OF_CARD[c]] += 1
            elif kind in ("pay", "sell") or to == payer:
                seen = False  # (a buy's seller is hidden: he may be the payer)
                break
        if not seen:
            continue
        for a in game.actions:
            if a.seat == payer and a.verb in ("play", "burn"):
                for c in a.cards:
                    given[STRENGTH_OF_CARD[c]] -= 1
        for g in range(top + 1, 15):
            plan.bound(plan.hi, payer, g, max(given[g], 0), False)


def _drop_ranks(must: dict[int, dict[int, int]], seats: list[int], ranks: tuple[int, ...]
                ) -> None:
    for s in seats:
        row = must.get(s)
        if row:
            for c in [c for c in row if STRENGTH_OF_CARD[c] in ranks]:
                del row[c]


def _turn_knowledge(st: GoujiState, plan: Plan) -> None:
    """Where the seat the table waits for is hidden, what the seat knows of it."""
    seat = plan.seat
    if st.phase == "revolution":
        revs = st.revolution
        mine = st.turn == seat
        eligible = not buying.has_money(st, seat)
        done = eligible and seat not in st.revolution_queue
        low = max([*revs, *([seat] if done else [])], default=-1) + 1
        cands = [x for x in range(low, SEATS) if x != seat and x not in revs
                 and (not eligible or done or x < seat)]
        plan.kind, plan.info = "revolution", (mine, cands)
    elif st.phase == "buy":
        b, g = st.buy_queue[0]
        plan.bound(plan.hi, b, g, 0, False)
        plan.kind, plan.info = "buy", (b, g)
    elif st.phase == "tribute" and st.tribute_index < len(st.tributes):
        t = st.tributes[st.tribute_index]
        plan.kind = "tribute" if seat in (t["from"], t["to"]) else "tribute_third"
    elif st.phase == "play" and burn_window(st):
        maker = st.maker
        window = candidates(st, maker)
        mine = st.turn == seat
        can = seat in window and bool(burn_plays(st, seat))
        if mine:
            cands, pending = [], False
        elif can and seat in st.burn_queue:  # not yet asked: someone ahead of it is
            cands, pending = window[:window.index(seat)], True
        elif can:  # declined: the rest of the window, or the answer
            cands, pending = window[window.index(seat) + 1:], False
        else:
            cands, pending = [x for x in window if x != seat], False
        force = pending or not st.answer_queue or st.answer_queue[0] == seat
        plan.kind, plan.info = "burn", (mine, window, cands, force)
