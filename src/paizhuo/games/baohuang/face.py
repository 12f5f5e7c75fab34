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

from paizhuo.engine.faces import VERB_WORDS, SeatNames, Styled, TextFace
from paizhuo.games.climbing_face import ClimbingFace


class BaohuangFace(ClimbingFace):
    """Baohuang at a text table (``docs/rules/baohuang.md``)."""

    VERB_WORDS: ClassVar[Mapping[str, str]] = {
        **VERB_WORDS, "seize": "seizes the crown", "pass_crown": "passes the crown"}
    RANK_NAMES_KEY: ClassVar[str] = "rank_names"
    TITLE_ZH: ClassVar[str] = "保皇"
    PHASES_ZH: ClassVar[Mapping[str, str]] = {**TextFace.PHASES_ZH, "declare": "亮保"}
    WORDS_ZH: ClassVar[Mapping[str, str]] = {
        "emperor": "皇帝", "guard": "保子", "revolutionary": "革命党",
        "second_circle": "第二圈", "seats": "座位", "extra_card": "皇帝多拿一张牌",
        "count": "张数", "cards": "牌", "redeal": "重新发牌", "rank_names": "名次",
        "scores": "得分", "multiplier": "倍数", "void": "作废", "redeals": "重新发牌次数",
        "table": "牌局", "normal": "正常", "seized": "抢庄", "alone": "独保", "order": "走牌顺序",
        "ranks": "第几名", "display": "得分（小数）", "roles": "身份", "revolutionaries": "革命党",
        "called": "亮的保子牌", "open": "明保"}
    RESULT_KEYS: ClassVar[tuple[str, ...]] = ("rank_names", "scores", "multiplier", "void",
                                              "redeals")
    RESULT_SEATS: ClassVar[frozenset[str]] = frozenset({
        "order", "roles.emperor", "roles.guard", "roles.revolutionaries"})

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
        say = self.say
        for s in range(n):
            if s == me:
                continue
            if s == emperor:
                out[s] = (say("皇帝 emperor (your side)", "皇帝（你这边）") if role == "guard"
                          else say("皇帝 emperor (opponent)", "皇帝（对手）"))
            elif guard is not None and s == guard:
                out[s] = (say("保子 guard (your side)", "保子（你这边）") if role == "emperor"
                          else say("保子 guard (opponent)", "保子（对手）"))
            elif role == "emperor":
                out[s] = (say("opponent", "对手") if guard is not None
                          else say("opponent or guard", "对手或保子"))
            elif role == "guard":
                out[s] = say("opponent (revolutionary)", "对手（革命党）")
            elif role == "revolutionary":
                out[s] = (say("ally (revolutionary)", "盟友（革命党）") if guard is not None
                          else say("ally or guard", "盟友或保子"))
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """The viewer's role, the emperor, the called card, the seats gone out."""
        details = obs.get("details") or {}
        parts: list[Styled] = []
        if details.get("role"):
            parts.append(Styled(self.say(f"you are {details.get('role')}",
                                         f"你是{self.word(str(details.get('role')))}"), "bold"))
        if details.get("emperor") not in (None, seats.you):
            parts.append(Styled(self.say("emperor ", "皇帝 ")
                                + seats.short(details.get("emperor"))))
        if details.get("called"):
            parts.append(Styled(self.say("called ", "叫的牌 ")).cards(str(details["called"]),
                                                                     self.lang))
        return parts + self.finished_part(details, seats)

    def phase_help(self, obs: Mapping[str, Any]) -> str | None:
        """Choosing the emperor (BH-2), the declarations that hide the guard (BH-2) and the
        play (BH-3, BH-4), in words."""
        phase = obs.get("phase")
        if phase == "crown":
            return self.say(
                "Choosing the emperor: the holder of the emperor card (a marked big joker) calls "
                "a card he holds three or four copies of — he is the emperor, whoever holds "
                "another copy is his secret guard — or passes the crown on. Before any call, "
                "anyone may seize it and play alone against four (BH-2).",
                "定皇帝：拿皇帝牌（做了记号的大王）的人叫一张自己有三张或四张一样的牌——他就是"
                "皇帝，拿着另一张的人是暗保——或者让庄给下家。有人叫庄之前，谁都可以抢庄，"
                "一个人打四个（BH-2）。")
        if phase == "declare":
            return self.say(
                "Declarations: every other player says in turn whether he is the guard revealed "
                "(明保, doubling the stakes) or not, so that nobody can tell who the guard is "
                "(BH-2).",
                "亮保：其他人轮流表态亮保（明保，分数翻倍）还是不亮，这样谁也看不出谁是保子"
                "（BH-2）。")
        if phase == "play":
            return self.say(
                "The play: lead any number of cards of one rank, jokers may be added; answer "
                "with as many cards of a higher rank (jokers decide what can beat jokers), or "
                "pass. The emperor and his guard play against the three others; go out early "
                "(BH-3, BH-4).",
                "出牌：出同一点数的任意张，可以加王；管牌要同样张数、更大的点数（带王的牌要看王），"
                "否则不要。皇帝和保子对其他三家；先走完的名次高（BH-3、BH-4）。")
        return None

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
            return Styled(self.say(f"Your role: {event.get('role')}",
                                   f"你的身份：{self.word(str(event.get('role')))}"), style="bold")
        if kind == "reveal":
            if self.zh:
                alone = "——皇帝独保" if event.get("alone") else ""
                return Styled(f"{seats.name(seat)} 是保子{alone}", style="bold")
            alone = " — the emperor plays alone" if event.get("alone") else ""
            be = "are" if seat == seats.you else "is"
            return Styled(f"{seats.name(seat)} {be} the guard (保子){alone}", style="bold")
        return super().describe_event(event, seats)
