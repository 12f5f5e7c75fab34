"""What the faces of the climbing games (Gouji, Baohuang) share: the hand sorted by climbing
strength, a seat going out, a round won, the finishing order.

>>> ClimbingFace().sorted_hand("3S AS 2H BJ KD".split(), {})
['BJ', '2H', 'AS', 'KD', '3S']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from paizhuo.engine.faces import SeatNames, Styled, TextFace, is_card

__all__ = ["CLIMBING_ORDER", "ClimbingFace", "climbing_key"]

CLIMBING_ORDER = "3456789TJQKA2"
"""Gouji and Baohuang: 3 lowest, then A, then 2 (above the ace), the jokers on top."""


def climbing_key(name: str) -> int:
    """A card's strength in a climbing game (higher is stronger)."""
    if name == "SJ":
        return 13
    if name.startswith("BJ"):
        return 14 + (name == "BJ*")
    return CLIMBING_ORDER.index(name[0]) if name[0] in CLIMBING_ORDER else -1


class ClimbingFace(TextFace):
    """The climbing games' common face; each game's face names its result's rank key."""

    RANK_NAMES_KEY: ClassVar[str] = "ranks"
    """The result's list of each seat's rank name (Gouji ``ranks``, Baohuang
    ``rank_names``), shown after the seat in the finishing order."""

    def hand_groups(self, hand: Sequence[str],
                    details: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
        """One run by rank, strongest first: 2s above aces, jokers on top."""
        cards = [c for c in hand if is_card(c)]
        return [("", sorted(cards, key=climbing_key, reverse=True))]

    def finished_part(self, details: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """``out: …``, the seats gone out so far, for the status line."""
        if details.get("finished"):
            return [Styled(self.say("out: ", "已出完：") + self.say(", ", "、").join(
                seats.short(s) for s in details["finished"]))]
        return []

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """A round won (and who leads next), a seat gone out (with its place)."""
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "round_won":
            leader = event.get("leader")
            if self.zh:
                then = "，接着出" if leader == seat else f"；{seats.short(leader)} 先出"
                return Styled(f"  → {seats.short(seat)} 赢了这一圈{then}", style="cyan")
            then = ", who leads" if leader == seat else f"; {seats.short(leader)} leads"
            return Styled(f"  → round to {seats.short(seat)}{then}", style="cyan")
        if kind == "out":
            place = event.get("rank") or event.get("place")
            if self.zh:
                return Styled(f"{seats.name(seat)} 出完了" + (f"（{place}）" if place else ""),
                              style="bold green")
            be = "are" if seat == seats.you else "is"
            return Styled(f"{seats.name(seat)} {be} out" + (f" ({place})" if place else ""),
                          style="bold green")
        return super().describe_event(event, seats)

    def result_summary(self, result: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """``Finishing order: you 头科, Seat 3 (North) 二科 …``."""
        order = result.get("order")
        if not isinstance(order, list):
            return None
        names = result.get(self.RANK_NAMES_KEY)
        parts = []
        for seat in order:
            rank = names[seat] if isinstance(names, list) and seat < len(names) else ""
            parts.append(f"{seats.short(seat)} {rank}".strip())
        return Styled(self.say("Finishing order: ", "名次：") + self.say(", ", "，").join(parts),
                      style="bold")
