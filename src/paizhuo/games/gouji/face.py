"""How a text table shows Gouji (够级): teammates and the head across (对头), the round's
stage, who is out, and Gouji's own verbs (要头, 无头, 烧).

>>> obs = {"seat": 0, "hand_sizes": [10] * 6, "details": {}}
>>> GoujiFace().relations(obs)[3]
'对头 (opponent across)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from paizhuo.engine.faces import VERB_WORDS, SeatNames, Styled
from paizhuo.games.climbing_face import ClimbingFace


class GoujiFace(ClimbingFace):
    """Gouji at a text table (``docs/rules/gouji.md``)."""

    VERB_WORDS: ClassVar[Mapping[str, str]] = {
        **VERB_WORDS, "burn": "burns (烧)", "keep_head": "keeps the head (要头)",
        "no_head": "plays headless (无头)", "revolution": "declares revolution",
        "buy": "buys", "advise": "advises", "tribute": "pays tribute"}
    SEAT_KEYS: ClassVar[tuple[str, ...]] = ("burner", "by")
    RANK_NAMES_KEY: ClassVar[str] = "ranks"

    def relations(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """At six seats: the seat across is the head's opponent (对头), every second seat a
        teammate, the others opponents."""
        me = obs.get("seat")
        n = len(obs.get("hand_sizes") or [])
        if not isinstance(me, int) or n != 6:
            return {}
        out: dict[int, str] = {}
        for s in range(n):
            if s == me:
                continue
            if s == (me + 3) % 6:
                out[s] = "对头 (opponent across)"
            else:
                out[s] = "teammate" if (s - me) % 2 == 0 else "opponent"
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """A revolution and its seats, the round's stage, the seats gone out."""
        details = obs.get("details") or {}
        rnd = details.get("round") or {}
        parts: list[Styled] = []
        if details.get("revolution"):
            parts.append(Styled("revolution: "
                                + ", ".join(seats.short(s) for s in details["revolution"])))
        if rnd.get("stage"):
            parts.append(Styled(f"{rnd.get('stage')}"))
        return parts + self.finished_part(details, seats)

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """None: the status line and the seats say what matters."""
        return []

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The play to beat and the seat that made it."""
        rnd = (obs.get("details") or {}).get("round") or {}
        if rnd.get("play") and rnd.get("maker") is not None:
            return [(rnd["maker"], rnd["play"])]
        return []
