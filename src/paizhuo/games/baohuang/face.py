"""How a text table shows Baohuang (保皇): the emperor (皇帝) and his guard (保子) as far as the
viewer knows them, the called card, the viewer's role, who is out, and the crown's verbs.

>>> obs = {"seat": 0, "hand_sizes": [1] * 5,
...        "details": {"emperor": 1, "guard": None, "role": "revolutionary"}}
>>> BaohuangFace().relations(obs)[1]
'皇帝 emperor (opponent)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from paizhuo.engine.faces import VERB_WORDS, SeatNames, Styled
from paizhuo.games.climbing_face import ClimbingFace


class BaohuangFace(ClimbingFace):
    """Baohuang at a text table (``docs/rules/baohuang.md``)."""

    VERB_WORDS: ClassVar[Mapping[str, str]] = {
        **VERB_WORDS, "seize": "seizes the crown", "pass_crown": "passes the crown"}
    RANK_NAMES_KEY: ClassVar[str] = "rank_names"

    def relations(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """Each other seat by the viewer's role: the emperor, the guard once revealed (or
        "opponent or guard", "ally or guard" before), the revolutionaries."""
        me = obs.get("seat")
        details = obs.get("details") or {}
        n = len(obs.get("hand_sizes") or [])
        if not isinstance(me, int) or not n:
            return {}
        emperor, guard, role = details.get("emperor"), details.get("guard"), details.get("role")
        if details.get("alone") and emperor is not None:
            guard = emperor  # the emperor plays alone (独保): every other seat is against him
        out: dict[int, str] = {}
        for s in range(n):
            if s == me:
                continue
            if s == emperor:
                out[s] = f"皇帝 emperor ({'your side' if role == 'guard' else 'opponent'})"
            elif guard is not None and s == guard:
                out[s] = ("保子 guard (your side)" if role == "emperor"
                          else "保子 guard (opponent)")
            elif role == "emperor":
                out[s] = "opponent" if guard is not None else "opponent or guard"
            elif role == "guard":
                out[s] = "opponent (revolutionary)"
            elif role == "revolutionary":
                out[s] = "ally (revolutionary)" if guard is not None else "ally or guard"
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """The viewer's role, the emperor, the called card, the seats gone out."""
        details = obs.get("details") or {}
        parts: list[Styled] = []
        if details.get("role"):
            parts.append(Styled(f"you are {details.get('role')}", "bold"))
        if details.get("emperor") not in (None, seats.you):
            parts.append(Styled(f"emperor {seats.short(details.get('emperor'))}"))
        if details.get("called"):
            parts.append(Styled("called ").cards(str(details["called"])))
        return parts + self.finished_part(details, seats)

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """None: the status line and the seats say what matters."""
        return []

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The play to beat and the seat that made it."""
        cur = (obs.get("details") or {}).get("current")
        if isinstance(cur, dict) and cur.get("cards"):
            return [(cur["seat"], cur["cards"])]
        return []

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """The viewer's role as dealt, the guard revealed (and whether the emperor plays
        alone); the rest as in every climbing game."""
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "role":
            return Styled(f"Your role: {event.get('role')}", style="bold")
        if kind == "reveal":
            alone = " — the emperor plays alone" if event.get("alone") else ""
            be = "are" if seat == seats.you else "is"
            return Styled(f"{seats.name(seat)} {be} the guard (保子){alone}", style="bold")
        return super().describe_event(event, seats)
