"""A finished Gouji game's result and the start of the series' next game (GJ-7, GJ-9, GJ-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paizhuo.games.gouji.series import RANK_NAMES, finishing_order, score, title, tributes_for
from paizhuo.games.gouji.setup import Start
from paizhuo.games.gouji.stages import SEATS

if TYPE_CHECKING:
    from paizhuo.games.gouji.game import GoujiGame


def compute_result(game: GoujiGame) -> dict[str, Any]:
    """The result of a game that is over (GJ-7, GJ-9, GJ-10): ranks, scores, tribute owed."""
    st, opts = game.start, game.opts
    base: dict[str, Any] = {"game": st.game, "series": opts.series,
                            "revolution": list(game.revolution)}
    if game.redeal:
        return {"redeal": True, **base, "ranks": None, "order": None, "scores": None,
                "team_scores": None, "totals": list(st.totals)}
    t = game.table
    assert t is not None
    rest = [s for s in range(SEATS) if t.active[s]]
    order = finishing_order(t.tops, rest, t.bottoms, t.revolution)
    sc = score(order, opts.positive_only)
    ranks = [""] * SEATS
    for i, s in enumerate(order):
        ranks[s] = RANK_NAMES[i]
    totals = [st.totals[i] + sc["scores"][i] for i in range(SEATS)]
    out: dict[str, Any] = {
        "redeal": False, **base, "ranks": ranks, "order": order, **sc,
        "teams": [[0, 2, 4], [1, 3, 5]],
        "burns": [{"burnt": a, "burner": b} for a, b in t.burns],
        "failed_burns": list(t.failed),
        "stuck": sorted(t.stuck_by),
        "opened": [s for s in range(SEATS) if t.opened[s]],
        "declared": [s for s in range(SEATS) if game.declared[s]],
        "totals": totals,
    }
    if opts.titles:
        out["titles"] = [title(x) for x in totals]
    owed: list[dict[str, Any]] = []
    if opts.tribute and st.game < opts.series:
        owed = tributes_for(order, chuan_san_hu=sc["chuan_san_hu"],
                            stuck=[s for s in range(SEATS) if t.stuck[s]], burns=t.burns,
                            opened=t.opened, declared=game.declared,
                            revolution=t.revolution)
    out["tributes_next"] = owed
    return out


def next_game_start(game: GoujiGame) -> dict[str, Any] | None:
    """The ``start`` of the next game of the series (or of the redeal), once this one is over."""
    res = game.result()
    if res is None:
        return None
    st = game.start
    if res["redeal"]:
        nxt = Start(game=st.game, totals=list(st.totals), tributes=st.tributes,
                    leader=st.leader, redeals=st.redeals + 1, previous=st.previous)
        return nxt.to_json()
    if st.game >= game.opts.series:
        return None
    nxt = Start(game=st.game + 1, totals=list(res["totals"]),
                tributes=list(res["tributes_next"]), leader=res["order"][-1],
                previous=list(res["order"]))
    return nxt.to_json()
