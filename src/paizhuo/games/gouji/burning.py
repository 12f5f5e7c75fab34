"""Burning 烧牌 (GJ-6): who is asked after a gouji play, and with which plays.

After a gouji play the seats that *could* burn it are asked first, in priority order: the
maker's teammates, then the other team, each in play order from the maker; the 对头 answers
only after them. Who is on that list (:func:`candidates`) follows from public facts only;
who among them can burn (:func:`burn_plays`) follows from their cards, so the views never show
who is asked (GJ-12).
"""

from __future__ import annotations

from paizhuo.games.gouji.combos import (
    Shape,
    after,
    beating_plays,
    can_finish_burn,
    keeps_three_rule,
)
from paizhuo.games.gouji.state import SEATS, GoujiState, bound_by_three, opp, same_team


def candidates(st: GoujiState, maker: int) -> list[int]:
    """The seats that may burn ``maker``'s play on the table, in priority order (GJ-6):
    burning on, no chaos, a gouji play; seats still in, not the 对头, not passed in the round
    (过牌不烧), and with ``burn_needs_open`` opened or conceded. Public facts only."""
    if not st.opts.burn or st.chaos or not st.table_gouji:
        return []
    o = opp(maker)
    order = [(maker + i) % SEATS for i in range(1, SEATS)]
    cands = ([s for s in order if same_team(s, maker)]
             + [s for s in order if not same_team(s, maker) and s != o])
    needs_open = st.opts.burn_needs_open
    return [s for s in cands if st.active[s] and not st.passed[s]
            and (not needs_open or st.opened[s] or st.conceded[s])]


def burn_plays(st: GoujiState, seat: int) -> list[Shape]:
    """Plays with which ``seat`` could burn the play on the table: it beats it, and the rest
    can then be led out with a joker in every lead but the last (GJ-6), keeping the 3 rule."""
    assert st.table_shape is not None
    h = st.rank_counts[seat]
    three = bound_by_three(st, seat)
    return [p for p in beating_plays(h, st.table_shape, st.kill_code)
            if can_finish_burn(after(h, p), three)
            and (not three or keeps_three_rule(h, p))]
