"""How a text table shows Shengji (升级): the trumps held together in trump order, partners
and opponents as far as the viewer knows them (a friend not found yet), the trump, dealer,
called friends and the attackers' points against their target, a failed throw (甩牌失败)
explained, the kitty, each trick won.

>>> face = ShengjiFace()
>>> face.hand_groups(["3S", "2S", "AS", "SJ", "2H", "9H"], {"trump": None, "level": "2"})[0]
('Level cards & jokers', ['SJ', '2S', '2H'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from paizhuo.engine.errors import PaizhuoError
from paizhuo.engine.faces import (
    RANKS,
    RED,
    SUIT_SYMBOLS,
    SUITS,
    VERB_WORDS,
    SeatNames,
    Styled,
    TextFace,
    is_card,
)
from paizhuo.games.shengji.options import ShengjiOptions


def shengji_trump(details: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The trump suit (``S`` … ``D``, ``NT`` or None before it is known) and the level rank."""
    trump = details.get("trump")
    level = details.get("level")
    lv = "T" if level == "10" else (str(level) if level is not None else None)
    return (str(trump) if trump is not None else None), lv


def _trump_key(name: str, trump: str | None, level: str | None) -> int | None:
    """Strength of a trump (higher is stronger), None for a card of a plain suit."""
    if name.startswith("BJ"):
        return 100
    if name == "SJ":
        return 99
    if level is not None and name[0] == level:
        return 98 if name[1] == trump else 97
    if trump is not None and name[1] == trump:
        return RANKS.index(name[0])
    return None


def shengji_target(details: Mapping[str, Any]) -> int | None:
    """Points the attackers need (the bid target, or twice the level step)."""
    target = details.get("target")
    if isinstance(target, int):
        return target
    options = details.get("options") or {}
    step: int | None = None
    if isinstance(options, dict):
        try:  # the table's rule options are public: the step of its preset or its own
            step = int(ShengjiOptions.from_dict(options).step)
        except (PaizhuoError, ValueError, TypeError):
            step = None
    if step is None:
        total = (details.get("cards_to_deal") or 0) + (details.get("kitty_size") or 0)
        decks = max(1, round(total / 54))
        step = 20 * decks
    return 2 * step


def _trump_name(trump: str | None, other: str, no_trump: str = "no trump") -> Styled:
    """The trump suit's symbol (red for hearts and diamonds), ``no trump``, or ``other``
    (before the trump is known, or for a name that is none of these)."""
    shown = SUIT_SYMBOLS.get(trump, no_trump if trump == "NT" else other) if trump else other
    return Styled().append(shown, "red" if trump in RED else "bold")


WORDS_ZH = {
    "trump": "主", "level": "级", "dealer": "庄家", "defenders": "庄家方", "attackers": "闲家",
    "winner": "赢家", "attackers_points": "闲家得分", "card_points": "闲家牌分",
    "kitty": "底牌", "kitty_points": "底牌分", "kitty_multiplier": "扣底倍数",
    "kitty_points_added": "扣底加分", "level_changes": "升级", "new_levels": "新的级",
    "next_dealer": "下一局庄家", "stakes": "倍数", "redeal": "重新发牌",
    "last_trick_winner": "最后一轮赢家", "kitty_third_card": "翻底第三张",
    "kitty_turned_up": "翻开的底牌", "kitty_trump_card": "定主的底牌",
    "match_winners": "整场赢家", "cards_taken_back": "悔牌张数", "target": "叫分",
    "friends": "朋友", "card": "牌", "nth": "第几张", "played": "已出张数", "found": "朋友是",
    "resolved": "已定",
    "S": "♠", "H": "♥", "C": "♣", "D": "♦", "NT": "无主"}
"""Shengji's words at a 中文 table: its result's keys and values, its events' fields."""


class ShengjiFace(TextFace):
    """Shengji at a text table (``docs/rules/shengji.md``)."""

    VERB_WORDS: ClassVar[Mapping[str, str]] = {
        **VERB_WORDS, "bury": "buries", "bid_target": "bids the target"}
    ACTION_QUIET_KEYS: ClassVar[tuple[str, ...]] = (*TextFace.ACTION_QUIET_KEYS, "dealt",
                                                    "trump")
    TITLE_ZH: ClassVar[str] = "升级"
    WORDS_ZH: ClassVar[Mapping[str, str]] = WORDS_ZH
    WORDS_EN: ClassVar[Mapping[str, str]] = {
        "S": "♠", "H": "♥", "C": "♣", "D": "♦", "NT": "no trump"}
    RESULT_KEYS: ClassVar[tuple[str, ...]] = (
        "winner", "attackers_points", "kitty", "kitty_points", "kitty_multiplier",
        "level_changes", "new_levels", "redeal")
    RESULT_SEATS: ClassVar[frozenset[str]] = frozenset({
        "dealer", "defenders", "attackers", "next_dealer", "last_trick_winner",
        "match_winners", "friends.found"})
    RESULT_BY_SEAT: ClassVar[frozenset[str]] = frozenset({
        "level_changes", "new_levels", "cards_taken_back"})

    def hand_groups(self, hand: Sequence[str],
                    details: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
        """The trumps together in trump order (big joker, small joker, the trump suit's
        level card, the other level cards, the trump suit), then each plain suit."""
        cards = [c for c in hand if is_card(c)]
        trump, level = shengji_trump(details)
        trumps: list[tuple[int, str]] = []
        suits: dict[str, list[str]] = {s: [] for s in SUITS}
        for c in cards:
            key = _trump_key(c, trump, level)
            if key is None:
                suits[c[1]].append(c)
            else:
                trumps.append((key, c))
        trumps.sort(key=lambda kc: (-kc[0], SUITS.index(kc[1][1]) if kc[1][1] in SUITS else 0))
        title = self.say("Trumps", "主牌") if trump not in (None, "NT") else (
            self.say("Trumps (no trump suit)", "主牌（无主）") if trump == "NT"
            else self.say("Level cards & jokers", "级牌和王"))
        groups = [(title, [c for _, c in trumps])] if trumps else []
        for s in SUITS:
            if suits[s]:
                groups.append((SUIT_SYMBOLS[s], sorted(suits[s], key=lambda c: RANKS.index(c[0]),
                                                       reverse=True)))
        return groups

    def relations(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """Partner or opponent, and which side (the dealer's or the attackers'); a seat's
        side is unknown while a called friend has not been found."""
        me = obs.get("seat")
        details = obs.get("details") or {}
        n = len(obs.get("hand_sizes") or [])
        defenders = details.get("defenders")
        if not isinstance(me, int) or not n or not isinstance(defenders, list):
            return {}
        friends = details.get("friends") or []
        unsettled = any(not f.get("resolved") for f in friends if isinstance(f, dict))
        dealer = details.get("dealer")
        mine = me in defenders
        out: dict[int, str] = {}
        for s in range(n):
            if s == me:
                continue
            theirs = s in defenders
            side = (self.say("dealer", "庄家") if s == dealer
                    else self.say("dealer's side", "庄家方") if theirs
                    else self.say("attacker", "闲家"))
            if unsettled and not theirs:
                out[s] = self.say("side unknown (friend not found yet)", "未知（朋友还没出现）")
            elif self.zh:
                out[s] = f"{'队友' if theirs == mine else '对手'}（{side}）"
            else:
                out[s] = f"{'partner' if theirs == mine else 'opponent'} ({side})"
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """Level, trump, the standing bid while bidding, dealer, each called friend, and the
        attackers' points against their target (``hidden`` where the rules hide them)."""
        details = obs.get("details") or {}
        trump, _ = shengji_trump(details)
        parts = [Styled(self.say(f"level {details.get('level')}", f"打{details.get('level')}")),
                 Styled(self.say("trump ", "主 ")).extend(
                     _trump_name(trump, self.say("not yet", "未定"), self.say("no trump", "无主")))]
        bid = details.get("standing_bid")
        if isinstance(bid, dict) and obs.get("phase") == "bid":
            parts.append(Styled(self.say("standing bid ", "亮主 ") + seats.short(bid.get("seat"))
                                + " ").cards(str(bid.get("cards", "")), self.lang))
        if details.get("dealer") is not None:
            parts.append(Styled(self.say("dealer ", "庄家 ") + seats.short(details.get("dealer"))))
        for call in details.get("friends") or []:
            if not isinstance(call, dict):
                continue
            found = call.get("found")
            parts.append(Styled(self.say("friend ", "朋友 ")).cards(str(call.get("card", "")),
                                                                   self.lang)
                         .append(self.say(f" #{call.get('nth')}: ", f" 第{call.get('nth')}张："))
                         .append(seats.short(found) if found is not None
                                 else self.say("not yet shown", "还没出现")))
        points = details.get("attackers_points")
        if points is not None or "tricks" in details:
            shown = self.say("hidden", "不公开") if points is None else str(points)
            target = shengji_target(details)
            parts.append(Styled(self.say(f"attackers {shown}/{target} points",
                                         f"闲家 {shown}/{target} 分"), "bold yellow"))
        return parts

    def phase_help(self, obs: Mapping[str, Any]) -> str | None:
        """Bidding while the cards are dealt (SJ-4), burying (SJ-5), calling friends (SJ-11)
        and the play (SJ-6, SJ-8), in words."""
        details = obs.get("details") or {}
        phase = obs.get("phase")
        level = details.get("level")
        if phase == "bid":
            return self.say(
                "Cards are being dealt one at a time: you may declare trump (亮主) when you "
                f"hold a level card (a {level}): show it and its suit becomes trump. A pair of "
                "one level card, or a pair of jokers (no trump), outbids a single; the last "
                "bid standing when the deal ends makes the trump. Pass to wait for a better "
                "card (SJ-4).",
                f"正在一张一张发牌：手里有级牌（{level}）时可以亮主——亮出它，它的花色就是主。"
                "一对相同的级牌，或一对王（无主），比单张大；发完牌时最后一个亮主的定主。"
                "选「不要」可以等更好的牌（SJ-4）。")
        if phase == "bury":
            n = details.get("kitty_size")
            return self.say(
                f"You took the kitty: choose {n} cards to bury face down (扣底). If the "
                "attackers win the last trick, the points buried count for them, multiplied "
                "(SJ-5).",
                f"你拿了底牌：选 {n} 张扣回底牌。闲家若赢最后一轮，"
                "底牌里的分翻倍算给闲家（SJ-5）。")
        if phase == "call":
            return self.say(
                "Call your friends (找朋友): name a card and which copy of it; whoever plays "
                "that copy joins your side (SJ-11).",
                "叫朋友：说一张牌和第几张；谁打出那一张，谁就是你这边的（SJ-11）。")
        if phase == "play":
            return self.say(
                "The play: the leader plays a single, a pair, a tractor or a throw; the others "
                "follow the suit led (trumps count as one suit), with the same shape where "
                "they can; the highest play wins the trick and leads next (SJ-6, SJ-8).",
                "出牌：首家出单张、对子、拖拉机或甩牌；其他人跟同一门（主牌算一门），"
                "能跟同样牌型就要跟；最大的赢这一轮，下一轮先出（SJ-6、SJ-8）。")
        return None

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """None: the status line and the seats say what matters."""
        return []

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The trick being played, seat by seat."""
        trick = (obs.get("details") or {}).get("current_trick") or []
        return [(p["seat"], p["cards"]) for p in trick if isinstance(p, dict)]

    def describe_action(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """As in any game, but a pass while cards are dealt (no bid) is not worth a line, a
        bury hidden from the viewer says how many cards, and a friend call names the card and
        which copy of it makes the friend."""
        verb = str(event.get("verb", ""))
        if verb == "pass" and "dealt" in event:
            return None
        line = self.action_head(event, seats)
        cards = event.get("cards")
        count = event.get("count")
        if verb == "bury" and not cards and isinstance(count, int):
            line.append(" " + self.count_text(count))
        if cards:
            line.append(" ").cards(str(cards), self.lang)
        if verb == "call" and isinstance(event.get("card"), str):
            nth = event.get("nth")
            line.append(" ").cards(event["card"], self.lang)
            nth_word = {1: "1st", 2: "2nd", 3: "3rd"}.get(nth, f"{nth}th") if nth else ""
            if self.zh:
                line.append(f" 为朋友（谁打出第{nth}张谁就是）" if nth else " 为朋友")
            else:
                line.append(f" as friend (whoever plays the {nth_word} one)" if nth
                            else " as friend")
            event = {k: v for k, v in event.items() if k not in ("card", "nth")}
        return self.append_extras(line, event)

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """A failed throw (甩牌失败) with what was attempted, who blocked it and what was
        played; a trick won; the trump declared; the kitty taken and shown; a friend found."""
        kind = event.get("type")
        seat = event.get("seat")
        lang = self.lang
        if kind == "throw_failed":
            line = Styled(self.say("甩牌失败 — failed throw: ", "甩牌失败："), style="bold magenta")
            line.append(seats.name(seat) + self.say(" tried ", " 想甩 ")).cards(
                str(event.get("attempted", "")), lang)
            blocker = event.get("blocked_by")
            if blocker is not None:
                line.append(self.say(f"; {seats.short(blocker)} holds cards that beat part of it",
                                     f"；{seats.short(blocker)} 有更大的牌"))
            line.append(self.say(", so only ", "，只能出 ")).cards(str(event.get("played", "")),
                                                                 lang)
            return line.append(self.say(" is played (the rest goes back to the hand)",
                                        "（其余收回手里）"))
        if kind == "trick":
            winner = seats.short(event.get("winner"))
            line = Styled(self.say(f"  → trick to {winner}", f"  → {winner} 赢了这一轮"),
                          style="cyan")
            if "points" in event:
                line.append(self.say(f" ({event['points']} points)", f"（{event['points']} 分）"))
            return line
        if kind == "trump":
            trump = str(event.get("trump"))
            dealer = seats.short(event.get("dealer"))
            return (Styled(self.say("Trump: ", "主："), style="bold")
                    .extend(_trump_name(trump, trump, self.say("no trump", "无主")))
                    .append(self.say(f"; dealer {dealer}", f"；庄家 {dealer}")))
        if kind == "kitty_taken":
            n = self.count_text(int(event.get("count") or 0))
            return Styled(self.say(f"{seats.name(seat)} takes the kitty ({n})",
                                   f"{seats.name(seat)} 拿底牌（{n}）"))
        if kind == "kitty":
            points = event.get("points", 0)
            return (Styled(self.say("Kitty: ", "底牌：")).cards(str(event.get("cards", "")), lang)
                    .append(self.say(f" ({points} points)", f"（{points} 分）")))
        if kind == "friend_found":
            return (Styled(self.say(f"Friend found: {seats.name(seat)} (the called ",
                                    f"朋友出现：{seats.name(seat)}（叫的 "), style="bold")
                    .cards(str(event.get("card", "")), lang).append(self.say(")", "）"), "bold"))
        return super().describe_event(event, seats)

    def result_summary(self, result: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """``The attackers win — attackers 95 points``."""
        if "winner" not in result:
            return None
        points = result.get("attackers_points")
        if self.zh:
            line = Styled("闲家上台" if result["winner"] == "attackers" else "庄家方守住了",
                          style="bold")
            if points is not None:
                line.append(f"——闲家 {points} 分")
            return line
        line = Styled(f"The {result['winner']} win", style="bold")
        if points is not None:
            line.append(f" — attackers {points} points")
        return line
