"""A random legal action of the play phase without listing them all (random playouts).

Leads are drawn by shape from the rank counts (the full list of leads holds hundreds); the
sample is not uniform over the legal actions, but every action it returns is legal.
"""

from __future__ import annotations

import random

from paizhuo.engine.actions import Action
from paizhuo.games.climbing import SJ, TWO
from paizhuo.games.gouji.combos import Shape, cards_for, keeps_three_rule, size
from paizhuo.games.gouji.rounds import answer_plays, can_claim, can_yield, lead_plays
from paizhuo.games.gouji.state import BURN, LEAD, GoujiState, bound_by_three


def sample(st: GoujiState, rng: random.Random) -> Action:
    """A random legal action of the seat asked."""
    seat = st.turn
    hand = st.hands[seat]
    if st.stage == BURN:
        if rng.random() < 0.3 and st.burn_choices:
            return Action(seat, "burn", cards_for(rng.choice(st.burn_choices), hand))
        return Action(seat, "pass")
    if st.stage == LEAD:
        return Action(seat, "play", cards_for(_sample_lead(st, seat, rng), hand))
    ps = answer_plays(st, seat)
    if ps and rng.random() < 0.6:
        return Action(seat, "play", cards_for(rng.choice(ps), hand))
    if rng.random() < 0.15 and can_yield(st, seat):
        return Action(seat, "yield")
    if rng.random() < 0.3 and can_claim(st, seat):
        return Action(seat, "claim")
    return Action(seat, "pass")


def _sample_lead(st: GoujiState, seat: int, rng: random.Random) -> Shape:
    h = st.rank_counts[seat]
    three = bound_by_three(st, seat)
    if seat == st.burner:
        ps = lead_plays(st, seat)
        good = [p for p in ps if p[3] or p[4] or size(p) == len(st.hands[seat])]
        return rng.choice(good if good and rng.random() < 0.95 else ps)
    ranks = [g for g in range(13) if h[g]]
    for _ in range(8):
        if not ranks or rng.random() < 0.03:
            s, b = h[SJ], h[SJ + 1]
            if not s and not b:
                continue
            if rng.random() < 0.5:
                s, b = (s, 0) if s and (not b or rng.random() < 0.5) else (0, b)
            p: Shape = (SJ if s else SJ + 1, 0, 0, s, b)
        else:
            g = rng.choice(ranks)
            k = h[g] if rng.random() < 0.6 else rng.randint(1, h[g])
            m = 0
            if g != TWO and h[TWO] and rng.random() < 0.15:
                m = rng.randint(1, h[TWO])
            s = 1 if h[SJ] and rng.random() < 0.08 else 0
            b = 1 if h[SJ + 1] and rng.random() < 0.08 else 0
            p = (g, k, m, s, b)
        if not three or keeps_three_rule(h, p):
            return p
    return rng.choice(lead_plays(st, seat))
