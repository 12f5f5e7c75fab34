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
    TITLE_ZH: ClassVar[str] = "够级"
    WORDS_ZH: ClassVar[Mapping[str, str]] = {
        "point_opened": "开点", "burn_succeeded": "烧成功", "burn_broken": "解烧",
        "ranked_last": "直接大落", "stuck": "被闷", "chaos": "四户乱缠", "revolution": "革命",
        "redeal": "两人革命：重新发牌", "burner": "烧牌的", "burnt": "被烧的", "by": "被",
        "why": "原因", "to": "给", "seller": "卖给", "bought": "买到", "count": "张数",
        "series": "每系列局数", "ranks": "名次", "points": "得分", "team_scores": "两队得分",
        "totals": "总分", "titles": "军衔", "chuan_san_hu": "串三户",
        "lead": "发牌", "answer": "管牌", "burn_window": "可以烧", "burn": "烧牌",
        "over": "结束", "game": "本系列第几局", "order": "走牌顺序", "scores": "分数",
        "teams": "两队", "burns": "烧牌", "failed_burns": "烧失败",
        "opened": "开点", "declared": "宣点", "tributes_next": "下局进贡", "kind": "原因",
        "from": "进贡的", "cards": "张数", "point": "点", "place": "落"}
    RESULT_KEYS: ClassVar[tuple[str, ...]] = (
        "series", "ranks", "points", "team_scores", "totals", "titles", "chuan_san_hu",
        "redeal")
    RESULT_SEATS: ClassVar[frozenset[str]] = frozenset({
        "order", "teams", "revolution", "burns.burnt", "burns.burner", "failed_burns", "stuck",
        "opened", "declared", "tributes_next.from", "tributes_next.to"})

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
                out[s] = self.say("对头 (opponent across)", "对头")
            elif (s - me) % 2 == 0:
                out[s] = self.say("teammate", "队友")
            else:
                out[s] = self.say("opponent", "对手")
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """A revolution and its seats, the round's stage, the seats gone out."""
        details = obs.get("details") or {}
        rnd = details.get("round") or {}
        parts: list[Styled] = []
        if details.get("revolution"):
            parts.append(Styled(self.say("revolution: ", "革命：") + self.say(", ", "、").join(
                seats.short(s) for s in details["revolution"])))
        if rnd.get("stage"):
            parts.append(Styled(self.word(str(rnd.get("stage")))))
        return parts + self.finished_part(details, seats)

    def append_extras(self, line: Styled, event: Mapping[str, Any]) -> Styled:
        """As in every game; at a 中文 table a gouji play (够级牌, GJ-4) says so in words."""
        if self.zh and "gouji" in event:
            if event.get("gouji"):
                line.append("（够级牌）", style="dim")
            event = {k: v for k, v in event.items() if k not in ("gouji", "dead")}
        return super().append_extras(line, event)

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """At a 中文 table Gouji's own events in words (the browser's); the rest as in every
        climbing game."""
        kind = event.get("type")
        if self.zh and kind in ("point_opened", "burn_succeeded", "burn_broken", "ranked_last",
                                "stuck", "revolution"):
            name = seats.name(event.get("seat"))
            text = {"point_opened": f"{name} 开点了",
                    "burn_succeeded": f"烧成功：{seats.short(event.get('burner'))} 烧了 "
                                      f"{seats.short(event.get('burnt'))}",
                    "burn_broken": f"解烧：{seats.short(event.get('by'))} 管住了 "
                                   f"{seats.short(event.get('burner'))}",
                    "ranked_last": f"{name} 直接大落",
                    "stuck": f"{name} 被 {seats.short(event.get('by'))} 闷住了",
                    "revolution": f"{name} 革命"}[str(kind)]
            return Styled(text, style="italic")
        return super().describe_event(event, seats)

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """None: the status line and the seats say what matters."""
        return []

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The play to beat and the seat that made it."""
        rnd = (obs.get("details") or {}).get("round") or {}
        if rnd.get("play") and rnd.get("maker") is not None:
            return [(rnd["maker"], rnd["play"])]
        return []
