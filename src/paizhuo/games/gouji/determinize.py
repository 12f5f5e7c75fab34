"""Dealing again every card a seat has not seen, consistently with what it saw (``determinize``).

The copy is the seat's world: everything it knows stays, everything else is dealt again from
the cards it cannot place, under the constraints its view implies. Only the seat's view is read
to build them — the deck, its own hand, the hands it sees (a teammate's, GJ-7), the cards
played, public acts and its own private ones — and the unplaced cards are listed in sorted
order before the generator touches them, so two games that differ only in cards hidden from
the seat give the same copy for generators in the same state.

What the view implies is worked out in :mod:`~paizhuo.games.gouji.knowledge` (the constraints
kept and not kept are listed there and in ``docs/gouji.md``); this module deals by it: up to
:data:`ATTEMPTS` deals against every constraint, then with fewer. The game builds its copy
around the state dealt here (:meth:`~paizhuo.games.gouji.game.GoujiGame.determinize`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Final

from paizhuo.cards import Counts
from paizhuo.games.climbing import BJ, SJ, TWO, rank_counts
from paizhuo.games.gouji import buying, tribute
from paizhuo.games.gouji.burning import burn_plays
from paizhuo.games.gouji.knowledge import DISCARDS, Plan, burn_kept, leads_first
from paizhuo.games.gouji.redeal import burnable_hand, deal, finishable_hand
from paizhuo.games.gouji.state import ANSWER, BURN, SEATS, GoujiState, opp

ATTEMPTS: Final = 24
"""Deals tried against every constraint before any is dropped."""
FORCE_FROM: Final = 2
"""Attempts before the seat the table waits for is made able to act, and a hidden first
leader to hold the 3s he led by (rejection first keeps the deal closer to uniform)."""


def determinize(st: GoujiState, plan: Plan, rng: random.Random,
                hand_odds: Callable[[int, int], float] | None = None) -> GoujiState:
    """A copy of ``st`` with every card hidden from ``plan.seat`` dealt again by ``plan``
    (:func:`~paizhuo.games.gouji.knowledge.plan_for` of the same state and seat);
    ``hand_odds(other, card)``: a belief about the other hands, by which the cards no
    constraint places are drawn (:func:`~paizhuo.games.gouji.redeal.deal`)."""
    new: GoujiState | None = None
    for attempt in range(ATTEMPTS):
        new = _attempt(st, plan, rng, attempt >= FORCE_FROM, False, hand_odds)
        if new is not None:
            break
    if new is None:
        new = _attempt(st, plan, rng, True, True, hand_odds)
    if new is None and (plan.lead is not None or plan.burning is not None):
        # no deal in 25 kept the first lead (about one world in two thousand in heuristic
        # games) or a burner's hand: keep the cards' constraints, not those facts
        plan = copy.copy(plan)  # (the remembered plan stays whole)
        plan.lead = plan.burning = None
        new = _attempt(st, plan, rng, True, True)
    if new is None:
        # Never for a game's own state (its true deal meets every constraint); a copy made
        # for another seat can hold facts its deal contradicts: deal with sizes alone.
        plan = copy.copy(plan)
        plan.must, plan.lo, plan.hi, plan.lead, plan.burning = {}, {}, {}, None, None
        new = _attempt(st, plan, rng, True, True)
    assert new is not None, "no deal fits even the hand sizes"
    return new


# -- one attempt ---------------------------------------------------------------------------

def _attempt(st: GoujiState, plan: Plan, rng: random.Random, force: bool,
             last: bool, hand_odds: Callable[[int, int], float] | None = None
             ) -> GoujiState | None:
    must, lo, hi = plan.must, plan.lo, plan.hi
    forced: int = -1
    if plan.kind == "revolution":
        mine, cands = plan.info
        if not mine and cands:
            assert isinstance(cands, list)
            forced = rng.choice(cands)
            hi = {**hi, forced: {**hi.get(forced, {}), TWO: 0, SJ: 0, BJ: 0}}
    elif plan.kind == "buy" and force:
        b, g = plan.info
        assert isinstance(b, int) and isinstance(g, int)
        mates = [x for x in ((b + 2) % SEATS, (b + 4) % SEATS, opp(b)) if x in plan.sizes
                 and x not in st.revolution]
        if mates:
            x = mates[rng.randrange(len(mates))] if not last else mates[0]
            lo = {**lo, x: {**lo.get(x, {}), g: 2}}
    elif plan.kind == "burn" and force and plan.info[3]:
        cands = plan.info[2]
        assert isinstance(cands, list)
        hidden = [c for c in cands if c in plan.sizes and c not in must and c not in lo
                  and c not in hi]
        if hidden:
            c = rng.choice(hidden)
            assert st.table_shape is not None
            hand = burnable_hand(plan.pool, plan.must, plan.sizes[c], st.table_shape, st.kill_code,
                                 st.opts.bie_san, rng)
            if hand is not None:
                row: dict[int, int] = {}
                for card in hand:
                    row[card] = row.get(card, 0) + 1
                must = {**must, c: row}
    if plan.lead is not None and force:
        must = _leader_must(plan, must, rng, last)
    if plan.burning is not None and force and not st.opts.bie_san:
        burner = plan.burning[0]
        if burner not in must and burner not in lo and burner not in hi:
            hand = finishable_hand(plan.pool, must, plan.sizes[burner], rng)
            if hand is not None:  # (a hand that can be led out alone can with his plays too)
                row = {}
                for card in hand:
                    row[card] = row.get(card, 0) + 1
                must = {**must, burner: row}
    dealt = deal(plan.pool, plan.slots, plan.sizes, must, lo, hi, rng, hand_odds)
    if dealt is None:
        return None
    new = st.copy()
    for slot in plan.slots:
        if slot < SEATS:
            new.hands[slot] = Counts.of(dealt[slot])
            new.rank_counts[slot] = rank_counts(dealt[slot])
    if plan.lead is not None and not leads_first(new, plan.lead):
        return None
    if plan.burning is not None and not burn_kept(new, plan.burning):
        return None
    if DISCARDS in plan.sizes:
        new.discards = dealt[DISCARDS]
    seat = plan.seat
    new.advice = {to: v for to, v in st.advice.items() if seat in (to, v[0])}
    if new.stage != BURN:
        new.burn_choices = []  # a past window's plays: nothing the seat saw
    if new.phase != "tribute":
        new.tribute_refused, new.tribute_offer = set(), -1
    if plan.kind == "revolution":
        mine, cands = plan.info
        later = [x for x in range(SEATS) if x not in new.revolution
                 and not buying.has_money(new, x)]
        head = seat if mine else forced
        if head < 0:  # never in a real game: somebody the seat cannot rule out is asked
            if not later:
                return None
            head = later[0]
        new.revolution_queue = [head] + [x for x in later if x > head]
        new.turn = head
    elif plan.kind == "buy":
        b, g = plan.info
        assert isinstance(b, int) and isinstance(g, int)
        if new.rank_counts[b][g] or buying.source(new, b, g) is None:
            return None
    elif plan.kind == "tribute_third":
        if new.tribute_step != "pay":  # refusals and an offer on the table are the two's secret
            new.tribute_step, new.tribute_offer, new.tribute_refused = "return", -1, set()
            new.turn = tribute.current_turn(new)
    elif plan.kind == "tribute":
        if new.tribute_step == "refuse" and not tribute.may_refuse(new, new.tribute_offer):
            return None
        if new.tribute_step == "return" and not tribute.legal(new, new.turn):
            return None
    elif plan.kind == "burn" and not _burn_turn(new, plan, last):
        return None
    return new


def _leader_must(plan: Plan, must: dict[int, dict[int, int]], rng: random.Random,
                 last: bool) -> dict[int, dict[int, int]]:
    """``must`` with a hidden first leader made to hold enough 3s (4s) of one suit to have led
    (GJ-11): the suit drawn among those with copies enough left (the first with ``last``)."""
    assert plan.lead is not None
    leader, ids, played, need = plan.lead
    if leader not in plan.sizes:
        return must
    row = must.get(leader, {})
    left = [0] * len(ids)
    index = {c: i for i, c in enumerate(ids)}
    for c in plan.pool:
        i = index.get(c)
        if i is not None:
            left[i] += 1
    for s, other in must.items():
        if s != leader:
            for i, c in enumerate(ids):
                left[i] -= other.get(c, 0)
    options = []
    for i, c in enumerate(ids):
        k = need - played[leader][i]
        if k <= row.get(c, 0):
            return must  # his cards already show it
        if k <= left[i]:
            options.append((c, k))
    if not options:
        return must
    c, k = options[0] if last else options[rng.randrange(len(options))]
    return {**must, leader: {**row, c: k}}


def _burn_turn(new: GoujiState, plan: Plan, last: bool) -> bool:
    """Set whom the copy asks in the burn window; ``False`` if its deal cannot ask anyone the
    seat might be waiting for."""
    mine, window, cands, force = plan.info
    assert isinstance(window, list) and isinstance(cands, list)
    seat = plan.seat
    if mine:
        if new.stage == BURN:
            new.burn_queue = window[window.index(seat):]
            new.burn_choices = burn_plays(new, seat)
        else:
            new.burn_queue = []
        return True
    for c in cands:
        if new.active[c]:
            opts = burn_plays(new, c)
            if opts:
                new.burn_queue = window[window.index(c):]
                new.burn_choices = opts
                new.turn, new.stage = c, BURN
                return True
    if not force:
        new.burn_queue, new.burn_choices = [], []
        new.turn, new.stage = new.answer_queue[0], ANSWER
        return True
    if last and cands:
        # Nothing the deal gives can burn: the seat must still see the table wait, so the
        # first candidate is asked and may only decline.
        c = cands[0]
        new.burn_queue = window[window.index(c):]
        new.burn_choices = burn_plays(new, c)
        new.turn, new.stage = c, BURN
        return True
    return False
