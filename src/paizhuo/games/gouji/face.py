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

    def phase_help(self, obs: Mapping[str, Any]) -> str | None:
        """Tribute (GJ-10), revolution, 买三 and 要头 (GJ-9) and the play (GJ-5), in words."""
        phase = obs.get("phase")
        if phase == "tribute":
            return self.say(
                "Tribute (进贡) before this game: 大落 gives his two highest cards to 头科, 二落 "
                "one to 二科, and the burn, stuck and point tributes owed are paid; whoever "
                "receives gives back as many cards of his choice. No tribute passes between "
                "teammates (GJ-10).",
                "进贡：大落把最大的两张给头科，二落一张给二科，欠的烧贡、闷贡、点贡也在这时交；"
                "收贡的人还回同样张数、自己挑的牌。队友之间不进贡（GJ-10）。")
        if phase == "revolution":
            return self.say(
                "Revolution (革命): a player dealt no 2 and no joker may declare revolution and "
                "drop out of this game (ranked 四科, or 三科 if his teammates take 头科 and "
                "二科); pass to play on. Two revolutions, one on each team, deal again (GJ-9).",
                "革命：手里没有 2 也没有王的人可以宣布革命，这一局就不打了（算四科；队友拿头科、"
                "二科时算三科）；选「不要」就照常打。两队各有一人革命就重新发牌（GJ-9）。")
        if phase == "buy":
            return self.say(
                "买三: a player with no 3 buys one before the play, paying a 2 or a joker to the "
                "seller (a teammate gives his for nothing) (GJ-9).",
                "买三：手里没有 3 的人出牌前要买一张 3，付给卖的人一张 2 或王"
                "（队友给的不用付）（GJ-9）。")
        if phase == "head":
            return self.say(
                "要头 or 无头: your 对头 declared revolution. Keep the head (要头) and your first "
                "three gouji plays cannot be answered, then you are headless; or play headless "
                "(无头) at once: anyone may beat your plays and you anyone's (GJ-9).",
                "要头还是无头：你的对头革命了。要头：你的前三手够级牌没人能管，之后变成无头；"
                "无头：马上谁都能管你的牌，你也能管任何人的牌（GJ-9）。")
        if phase == "play":
            return self.say(
                "The play: lead any number of cards of one rank (2s added count as its rank, "
                "jokers added are flowers); answer with as many cards of a higher rank, or "
                "pass. A gouji play (two As, two Ks, three Qs, four Js, five 10s, 2s or a "
                "joker) may be answered only by its maker's 对头 — across from him — or burnt "
                "(烧) by another; whoever plays out first ranks highest (GJ-5, GJ-6, GJ-7).",
                "出牌：首家出同一点数的任意张（加的 2 算这个点数，加的王是挂花）；管牌要同样张数、"
                "更大的点数，否则不要。够级牌（两张 A、两张 K、三张 Q、四张 J、五张 10、"
                "纯 2 或带王）只有出牌人的对头（对面那家）能管，别人可以烧；"
                "先走完的名次高（GJ-5、GJ-6、GJ-7）。")
        return None

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """None: the status line and the seats say what matters."""
        return []

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The play to beat and the seat that made it."""
        rnd = (obs.get("details") or {}).get("round") or {}
        if rnd.get("play") and rnd.get("maker") is not None:
            return [(rnd["maker"], rnd["play"])]
        return []
