"""Ranks, scoring 计分, tribute 进贡 between the games of a series, titles, a finished game's
result, its returns and the start of the series' next game (GJ-7, GJ-9, GJ-10).

>>> order = [0, 2, 4, 1, 3, 5]              # team {0,2,4} takes 头科, 二科, 三科: 串三户
>>> s = score(order, positive_only=False)
>>> s["chuan_san_hu"], s["team_scores"]
(True, [12, -12])
>>> title(250)
'上等兵'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from paizhuo.games.gouji.setup import Start

if TYPE_CHECKING:
    from paizhuo.games.gouji.state import GoujiState

RANK_NAMES: Final = ("头科", "二科", "三科", "四科", "二落", "大落")
RANK_POINTS: Final = (4, 2, 0, 0, -2, -4)

TITLES: Final = (
    (30, "下等兵"), (200, "上等兵"), (600, "下士"), (1300, "中士"), (2100, "上士"),
    (3000, "准军士长"), (4000, "军士长"), (5500, "总军士长"), (7700, "准尉"), (10000, "少尉"),
    (14000, "中尉"), (20000, "上尉"), (30000, "少校"), (45000, "中校"), (72000, "上校"),
    (100000, "准将"), (150000, "少将"), (300000, "中将"), (500000, "上将"),
)


def title(points: int) -> str:
    """The titles ladder (GJ-10): 列兵 below 30 points."""
    name = "列兵"
    for threshold, t in TITLES:
        if points >= threshold:
            name = t
    return name


def finishing_order(tops: list[int], rest: list[int], bottoms: list[int],
                    revolution: list[int]) -> list[int]:
    """Seats from 头科 to 大落 (GJ-7, GJ-9).

    ``tops`` went out in order, ``rest`` are still in (at most one once the game is over),
    ``bottoms`` were ranked last at once (first = 大落). A revolutionary is 四科, or 三科 when
    his two teammates took 头科 and 二科.
    """
    order = list(tops) + list(rest) + list(reversed(bottoms))
    for r in revolution:
        mates = [s for s in order[:2] if s % 2 == r % 2]
        at = 2 if len(mates) == 2 else 3
        order.insert(min(at, len(order)), r)
    return order


def score(order: list[int], positive_only: bool) -> dict[str, Any]:
    """Points, team results and each seat's score (GJ-10)."""
    points = [0] * 6
    for i, seat in enumerate(order):
        points[seat] = RANK_POINTS[i]
    team = [sum(points[s] for s in range(t, 6, 2)) for t in (0, 1)]
    chuan = len({s % 2 for s in order[:3]}) == 1
    if chuan:
        team = [2 * t for t in team]
    if positive_only:
        team = [max(t, 0) for t in team]
    scores = [team[s % 2] for s in range(6)]
    return {"points": points, "team_scores": team, "scores": scores, "chuan_san_hu": chuan}


def point_tribute(a_declared: bool, a_open: bool, b_declared: bool,
                  b_open: bool) -> tuple[int, int]:
    """点贡 between two 对头 (seed 001's table): (cards a gives b, cards b gives a).

    >>> point_tribute(False, True, False, False)   # nobody declared; a opened, b did not
    (0, 1)
    >>> point_tribute(True, False, True, False)    # both declared, neither opened
    (2, 2)
    """
    if a_declared == b_declared:
        if a_declared:
            if a_open == b_open:
                return (2, 2)
            return (0, 4) if a_open else (4, 0)
        if a_open and b_open:
            return (0, 0)
        if not a_open and not b_open:
            return (1, 1)
        return (0, 1) if a_open else (1, 0)
    if b_declared:
        x, y = point_tribute(b_declared, b_open, a_declared, a_open)
        return (y, x)
    # a declared, b did not
    if a_open and not b_open:
        return (0, 3)
    if not a_open and not b_open:
        return (1, 2)
    if a_open and b_open:
        return (2, 0)
    return (3, 0)


def tributes_for(order: list[int], *, chuan_san_hu: bool, stuck: list[int],
                 burns: list[tuple[int, int]], opened: list[bool], declared: list[bool],
                 revolution: list[int]) -> list[dict[str, Any]]:
    """The tribute owed before the next game, in paying order 闷 > 烧 > 点 > 落 (GJ-10).

    Tribute is never paid between teammates (seed 000: teammates settle it themselves), and
    not at all after 串三户.
    """
    if chuan_san_hu:
        return []
    out: list[dict[str, Any]] = []

    def owe(kind: str, payer: int, receiver: int, n: int) -> None:
        if n > 0 and payer % 2 != receiver % 2:
            out.append({"kind": kind, "from": payer, "to": receiver, "cards": n})

    for s in stuck:
        owe("stuck", s, (s + 3) % 6, 1)
    for burnt, burner in burns:
        owe("burn", burnt, burner, 1)
    opened = list(opened)
    for r in revolution:  # a revolution counts as not opened, and his 对头 as opened
        opened[r] = False
        opened[(r + 3) % 6] = True
    for a in range(3):
        b = a + 3
        give_a, give_b = point_tribute(declared[a], opened[a], declared[b], opened[b])
        owe("point", a, b, give_a)
        owe("point", b, a, give_b)
    owe("place", order[5], order[0], 2)
    owe("place", order[4], order[1], 1)
    return out


def compute_result(st: GoujiState) -> dict[str, Any]:
    """The result of a game that is over (GJ-7, GJ-9, GJ-10): ranks, scores, tribute owed."""
    start, opts = st.start, st.opts
    base: dict[str, Any] = {"game": start.game, "series": opts.series,
                            "revolution": list(st.revolution)}
    if st.redeal:
        return {"redeal": True, **base, "ranks": None, "order": None, "scores": None,
                "team_scores": None, "totals": list(start.totals)}
    rest = [s for s in range(6) if st.active[s]]
    order = finishing_order(st.tops, rest, st.bottoms, st.revolution)
    sc = score(order, opts.positive_only)
    ranks = [""] * 6
    for i, s in enumerate(order):
        ranks[s] = RANK_NAMES[i]
    totals = [start.totals[i] + sc["scores"][i] for i in range(6)]
    out: dict[str, Any] = {
        "redeal": False, **base, "ranks": ranks, "order": order, **sc,
        "teams": [[0, 2, 4], [1, 3, 5]],
        "burns": [{"burnt": a, "burner": b} for a, b in st.burns],
        "failed_burns": list(st.failed),
        "stuck": sorted(st.stuck_by),
        "opened": [s for s in range(6) if st.opened[s]],
        "declared": [s for s in range(6) if st.declared[s]],
        "totals": totals,
    }
    if opts.titles:
        out["titles"] = [title(x) for x in totals]
    owed: list[dict[str, Any]] = []
    if opts.tribute and start.game < opts.series:
        owed = tributes_for(order, chuan_san_hu=sc["chuan_san_hu"],
                            stuck=[s for s in range(6) if st.stuck[s]], burns=st.burns,
                            opened=st.opened, declared=st.declared,
                            revolution=st.revolution)
    out["tributes_next"] = owed
    return out


def returns(result: dict[str, Any]) -> list[float]:
    """Each seat's points for the deal, zero-sum: its team's score (doubled on 串三户). Under
    ``positive_only`` the losing team *records* 0, but the deal is still lost by what the
    winners won, so returns keep the zero-sum points; a redeal returns zeros."""
    if result["redeal"]:
        return [0.0] * 6
    points = result["points"]
    team = [sum(points[s] for s in range(t, 6, 2)) for t in (0, 1)]
    if result["chuan_san_hu"]:
        team = [2 * t for t in team]
    return [float(team[s % 2]) for s in range(6)]


def next_start(st: GoujiState, result: dict[str, Any]) -> dict[str, Any] | None:
    """The ``start`` of the next game of the series (or of the redeal), once this one is over."""
    start = st.start
    if result["redeal"]:
        nxt = Start(game=start.game, totals=list(start.totals), tributes=start.tributes,
                    leader=start.leader, redeals=start.redeals + 1, previous=start.previous)
        return nxt.to_json()
    if start.game >= st.opts.series:
        return None
    nxt = Start(game=start.game + 1, totals=list(result["totals"]),
                tributes=list(result["tributes_next"]), leader=result["order"][-1],
                previous=list(result["order"]))
    return nxt.to_json()


def match_winners(result: dict[str, Any], finished: bool) -> list[int] | None:
    """When this game ended the series (``finished``): the team with the higher total wins
    it (``[]`` when the totals are level)."""
    if result["redeal"] or not finished:
        return None
    totals = result["totals"]
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    return winners if len(winners) < len(totals) else []
