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


def _trump_name(trump: str | None, other: str) -> Styled:
    """The trump suit's symbol (red for hearts and diamonds), ``no trump``, or ``other``
    (before the trump is known, or for a name that is none of these)."""
    shown = SUIT_SYMBOLS.get(trump, "no trump" if trump == "NT" else other) if trump else other
    return Styled().append(shown, "red" if trump in RED else "bold")


class ShengjiFace(TextFace):
    """Shengji at a text table (``docs/rules/shengji.md``)."""

    VERB_WORDS: ClassVar[Mapping[str, str]] = {
        **VERB_WORDS, "bury": "buries", "bid_target": "bids the target"}
    ACTION_QUIET_KEYS: ClassVar[tuple[str, ...]] = (*TextFace.ACTION_QUIET_KEYS, "dealt",
                                                    "trump")

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
        title = "Trumps" if trump not in (None, "NT") else (
            "Trumps (no trump suit)" if trump == "NT" else "Level cards & jokers")
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
            side = "dealer" if s == dealer else "dealer's side" if theirs else "attacker"
            if unsettled and not theirs:
                out[s] = "side unknown (friend not found yet)"
            else:
                out[s] = f"{'partner' if theirs == mine else 'opponent'} ({side})"
        return out

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """Level, trump, the standing bid while bidding, dealer, each called friend, and the
        attackers' points against their target (``hidden`` where the rules hide them)."""
        details = obs.get("details") or {}
        trump, _ = shengji_trump(details)
        parts = [Styled(f"level {details.get('level')}"),
                 Styled("trump ").extend(_trump_name(trump, "not yet"))]
        bid = details.get("standing_bid")
        if isinstance(bid, dict) and obs.get("phase") == "bid":
            parts.append(Styled(f"standing bid {seats.short(bid.get('seat'))} ")
                         .cards(str(bid.get("cards", ""))))
        if details.get("dealer") is not None:
            parts.append(Styled(f"dealer {seats.short(details.get('dealer'))}"))
        for call in details.get("friends") or []:
            if not isinstance(call, dict):
                continue
            found = call.get("found")
            parts.append(Styled("friend ").cards(str(call.get("card", "")))
                         .append(f" #{call.get('nth')}: ")
                         .append(seats.short(found) if found is not None else "not yet shown"))
        points = details.get("attackers_points")
        if points is not None or "tricks" in details:
            shown = "hidden" if points is None else str(points)
            parts.append(Styled(f"attackers {shown}/{shengji_target(details)} points",
                                "bold yellow"))
        return parts

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
            line.append(f" {count} cards")
        if cards:
            line.append(" ").cards(str(cards))
        if verb == "call" and isinstance(event.get("card"), str):
            nth = event.get("nth")
            line.append(" ").cards(event["card"])
            nth_word = {1: "1st", 2: "2nd", 3: "3rd"}.get(nth, f"{nth}th") if nth else ""
            line.append(f" as friend (whoever plays the {nth_word} one)" if nth else " as friend")
            event = {k: v for k, v in event.items() if k not in ("card", "nth")}
        return self.append_extras(line, event)

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """A failed throw (甩牌失败) with what was attempted, who blocked it and what was
        played; a trick won; the trump declared; the kitty taken and shown; a friend found."""
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "throw_failed":
            line = Styled("甩牌失败 — failed throw: ", style="bold magenta")
            line.append(f"{seats.name(seat)} tried ").cards(str(event.get("attempted", "")))
            blocker = event.get("blocked_by")
            if blocker is not None:
                line.append(f"; {seats.short(blocker)} holds cards that beat part of it")
            line.append(", so only ").cards(str(event.get("played", "")))
            return line.append(" is played (the rest goes back to the hand)")
        if kind == "trick":
            line = Styled(f"  → trick to {seats.short(event.get('winner'))}", style="cyan")
            if "points" in event:
                line.append(f" ({event['points']} points)")
            return line
        if kind == "trump":
            trump = str(event.get("trump"))
            return (Styled("Trump: ", style="bold").extend(_trump_name(trump, trump))
                    .append(f"; dealer {seats.short(event.get('dealer'))}"))
        if kind == "kitty_taken":
            return Styled(f"{seats.name(seat)} takes the kitty ({event.get('count')} cards)")
        if kind == "kitty":
            return (Styled("Kitty: ").cards(str(event.get("cards", "")))
                    .append(f" ({event.get('points', 0)} points)"))
        if kind == "friend_found":
            return (Styled(f"Friend found: {seats.name(seat)} (the called ", style="bold")
                    .cards(str(event.get("card", ""))).append(")", "bold"))
        return super().describe_event(event, seats)

    def result_summary(self, result: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """``The attackers win — attackers 95 points``."""
        if "winner" not in result:
            return None
        points = result.get("attackers_points")
        line = Styled(f"The {result['winner']} win", style="bold")
        if points is not None:
            line.append(f" — attackers {points} points")
        return line
