"""How the terminal table (``paizhuo play``) shows cards, hands, seats and events.

Everything here reads only what the person's seat is given — its observation and its events
(:doc:`interface`) — and turns it into what a card table shows: cards with suit symbols and
colour (``♠K``, red ``♥10``), the hand grouped as players sort it, who is partner or opponent,
each play as it happens, and one short status line.

>>> card_label("TH"), card_label("SJ")
('♥10', 'SJ')
>>> [card_label(c) for c in sorted_hand("gouji", "3S AS 2H BJ KD".split(), {})]
['BJ', '♥2', '♠A', '♦K', '♠3']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

SUITS = "SHCD"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RED = frozenset("HD")
RANKS = "23456789TJQKA"
JOKERS = ("SJ", "BJ", "BJ*")
_CLIMBING_ORDER = "3456789TJQKA2"
"""Gouji and Baohuang: 3 lowest, then A, then 2 (above the ace), the jokers on top."""

POSITIONS = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
    5: ("South", "East", "North-east", "North-west", "West"),
    6: ("South", "South-east", "North-east", "North", "North-west", "South-west"),
}
"""Where each seat sits, seen from the person (South), in the order of play."""


def card_label(name: str) -> str:
    """A card as a table shows it: suit symbol then rank (``♠K``, ``♥10``); jokers by name."""
    if name in JOKERS or len(name) != 2 or name[1] not in SUIT_SYMBOLS:
        return name
    rank = "10" if name[0] == "T" else name[0]
    return SUIT_SYMBOLS[name[1]] + rank


def card_style(name: str) -> str:
    if name.startswith("BJ"):
        return "bold red"
    if name == "SJ":
        return "bold"
    return "red" if len(name) == 2 and name[1] in RED else "bold"


def cards_text(cards: str | Sequence[str] | None) -> Text:
    """Cards with symbols and colour; text that is not cards (``hidden``) as it is."""
    names = cards.split() if isinstance(cards, str) else list(cards or [])
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append(card_label(name), style=card_style(name))
    return out


def _is_card(name: str) -> bool:
    return name in JOKERS or (len(name) == 2 and name[0] in RANKS and name[1] in SUITS)


# -- sorting ---------------------------------------------------------------------------------

def _climbing_key(name: str) -> int:
    if name == "SJ":
        return 13
    if name.startswith("BJ"):
        return 14 + (name == "BJ*")
    return _CLIMBING_ORDER.index(name[0]) if name[0] in _CLIMBING_ORDER else -1


def shengji_trump(details: dict[str, Any]) -> tuple[str | None, str | None]:
    """The trump suit (``S`` … ``D``, ``NT`` or None before it is known) and the level rank."""
    trump = details.get("trump")
    level = details.get("level")
    lv = "T" if level == "10" else (str(level) if level is not None else None)
    return (str(trump) if trump is not None else None), lv


def _shengji_trump_key(name: str, trump: str | None, level: str | None) -> int | None:
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


def hand_groups(game: str, hand: Sequence[str],
                details: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The hand as players sort it, strongest first, in named groups.

    Shengji: the trumps together in trump order (big joker, small joker, the trump suit's
    level card, the other level cards, the trump suit), then each plain suit. Gouji and
    Baohuang: one run by rank, 2s above aces, jokers on top. Other games: by suit.
    """
    cards = [c for c in hand if _is_card(c)]
    if game in ("gouji", "baohuang"):
        return [("", sorted(cards, key=_climbing_key, reverse=True))]
    if game == "shengji":
        trump, level = shengji_trump(details)
        trumps: list[tuple[int, str]] = []
        suits: dict[str, list[str]] = {s: [] for s in SUITS}
        for c in cards:
            key = _shengji_trump_key(c, trump, level)
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
    by_suit: dict[str, list[str]] = {}
    for c in sorted(cards, key=lambda c: (c[1:] if c not in JOKERS else "Z",
                                          RANKS.index(c[0]) if c not in JOKERS else 99),
                    reverse=True):
        by_suit.setdefault(SUIT_SYMBOLS.get(c[1], "Jokers") if c not in JOKERS else "Jokers",
                           []).append(c)
    return list(by_suit.items())


def sorted_hand(game: str, hand: Sequence[str], details: dict[str, Any]) -> list[str]:
    """The hand in the order :func:`hand_groups` shows it."""
    return [c for _, group in hand_groups(game, hand, details) for c in group]


def hand_text(game: str, hand: str | None, details: dict[str, Any]) -> Text:
    """The grouped hand on one line (groups split by ``│``)."""
    out = Text()
    for i, (title, group) in enumerate(hand_groups(game, (hand or "").split(), details)):
        if i:
            out.append("  │  ", style="dim")
        if title and title not in SUIT_SYMBOLS:
            out.append(f"{title}: ", style="dim")
        out.append_text(cards_text(group))
    return out


# -- seats -----------------------------------------------------------------------------------

def relations(game: str, obs: dict[str, Any]) -> dict[int, str]:
    """What each other seat is to the person, as far as their observation says it."""
    me = obs.get("seat")
    details = obs.get("details") or {}
    sizes = obs.get("hand_sizes") or []
    n = len(sizes)
    if not isinstance(me, int) or not n:
        return {}
    out: dict[int, str] = {}
    others = [s for s in range(n) if s != me]
    if game == "shengji":
        defenders = details.get("defenders")
        if not isinstance(defenders, list):
            return {}
        friends = details.get("friends") or []
        unsettled = any(not f.get("resolved") for f in friends if isinstance(f, dict))
        dealer = details.get("dealer")
        mine = me in defenders
        for s in others:
            theirs = s in defenders
            side = "dealer" if s == dealer else "dealer's side" if theirs else "attacker"
            if unsettled and not theirs:
                out[s] = "side unknown (friend not found yet)"
            else:
                out[s] = f"{'partner' if theirs == mine else 'opponent'} ({side})"
        return out
    if game == "gouji" and n == 6:
        for s in others:
            if s == (me + 3) % 6:
                out[s] = "对头 (opponent across)"
            else:
                out[s] = "teammate" if (s - me) % 2 == 0 else "opponent"
        return out
    if game == "baohuang":
        emperor, guard, role = details.get("emperor"), details.get("guard"), details.get("role")
        if details.get("alone") and emperor is not None:
            guard = emperor  # the emperor plays alone (独保): every other seat is against him
        for s in others:
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
    return out


class Seats:
    """Names for the seats: ``Seat 2 (North, greedy)``, ``You``."""

    def __init__(self, num_seats: int, you: int, bots: Sequence[str]) -> None:
        self.n = num_seats
        self.you = you
        self.bots = list(bots)
        places = POSITIONS.get(num_seats)
        self.places = [places[(s - you) % num_seats] if places else f"seat {s}"
                       for s in range(num_seats)]

    def name(self, seat: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            return str(seat)
        if seat == self.you:
            return f"You (seat {seat})"
        return f"Seat {seat} ({self.places[seat]}, {self.bots[seat]})"

    def short(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n:
            return "you" if seat == self.you else f"Seat {seat} ({self.places[seat]})"
        return str(seat)


# -- events ----------------------------------------------------------------------------------

_VERB_WORDS = {"play": "plays", "pass": "passes", "bid": "bids", "bury": "buries",
               "call": "calls", "yield": "yields", "seize": "seizes the crown",
               "pass_crown": "passes the crown", "take_back": "takes back",
               "declare": "declares", "buy": "buys", "keep_head": "keeps the head (要头)",
               "no_head": "plays headless (无头)", "bid_target": "bids the target",
               "advise": "advises", "burn": "burns (烧)", "claim": "claims",
               "refuse": "refuses", "return": "returns", "revolution": "declares revolution",
               "tribute": "pays tribute", "reveal": "reveals"}


def _you_verb(verb: str) -> str:
    """``plays`` → ``play``: the verb after "You"."""
    words = _VERB_WORDS.get(verb)
    if words is None:
        return verb.replace("_", " ")
    first, _, rest = words.partition(" ")
    base = {"buries": "bury", "passes": "pass", "pays": "pay"}.get(first, first[:-1])
    return f"{base} {rest}".strip()


def _extra_text(event: dict[str, Any], skip: Sequence[str]) -> str:
    parts = []
    for key, value in event.items():
        if key in skip or value is None:
            continue
        shown = " ".join(card_label(v) for v in value.split()) if isinstance(value, str) and all(
            _is_card(v) for v in value.split()) and value else value
        parts.append(f"{key.replace('_', ' ')} {shown}")
    return ", ".join(parts)


def describe_event(event: dict[str, Any], seats: Seats) -> Text | None:
    """One event as a table announces it, or None for one not worth a line (a pass while
    cards are dealt, the end of the deal whose result is shown next)."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "over":
        return None
    if kind == "action":
        verb = str(event.get("verb", ""))
        if verb == "pass" and "dealt" in event:
            return None  # Shengji: no bid as a card was dealt
        mine = seat == seats.you
        line = Text(seats.name(seat) + " ", style="bold" if mine else "")
        line.append(_you_verb(verb) if mine else _VERB_WORDS.get(verb, verb.replace("_", " ")))
        cards = event.get("cards")
        count = event.get("count")
        if verb == "bury" and not cards and isinstance(count, int):
            line.append(f" {count} cards")
        if cards:
            line.append(" ")
            line.append_text(cards_text(str(cards)))
        if verb == "call" and isinstance(event.get("card"), str):  # Shengji: a friend
            nth = event.get("nth")
            line.append(" ")
            line.append_text(cards_text(event["card"]))
            nth_word = {1: "1st", 2: "2nd", 3: "3rd"}.get(nth, f"{nth}th") if nth else ""
            line.append(f" as friend (whoever plays the {nth_word} one)" if nth else " as friend")
            event = {k: v for k, v in event.items() if k not in ("card", "nth")}
        rest = _extra_text(event, ("state_id", "type", "seat", "verb", "cards", "count", "dealt",
                                   "trump"))
        if rest:
            line.append(f" ({rest})", style="dim")
        return line
    if kind == "throw_failed":
        line = Text("甩牌失败 — failed throw: ", style="bold magenta")
        line.append(f"{seats.name(seat)} tried ")
        line.append_text(cards_text(str(event.get("attempted", ""))))
        blocker = event.get("blocked_by")
        if blocker is not None:
            line.append(f"; {seats.short(blocker)} holds cards that beat part of it")
        line.append(", so only ")
        line.append_text(cards_text(str(event.get("played", ""))))
        line.append(" is played (the rest goes back to the hand)")
        return line
    if kind == "trick":
        line = Text(f"  → trick to {seats.short(event.get('winner'))}", style="cyan")
        if "points" in event:
            line.append(f" ({event['points']} points)")
        return line
    if kind == "trump":
        line = Text("Trump: ", style="bold")
        trump = str(event.get("trump"))
        line.append(SUIT_SYMBOLS.get(trump, "no trump" if trump == "NT" else trump),
                    style="red" if trump in RED else "bold")
        line.append(f"; dealer {seats.short(event.get('dealer'))}")
        return line
    if kind == "kitty_taken":
        return Text(f"{seats.name(seat)} takes the kitty ({event.get('count')} cards)")
    if kind == "kitty":
        line = Text("Kitty: ")
        line.append_text(cards_text(str(event.get("cards", ""))))
        line.append(f" ({event.get('points', 0)} points)")
        return line
    if kind == "friend_found":
        line = Text(f"Friend found: {seats.name(seat)} (the called ", style="bold")
        line.append_text(cards_text(str(event.get("card", ""))))
        line.append(")", style="bold")
        return line
    if kind == "round_won":
        leader = event.get("leader")
        then = ", who leads" if leader == seat else f"; {seats.short(leader)} leads"
        return Text(f"  → round to {seats.short(seat)}{then}", style="cyan")
    if kind == "out":
        place = event.get("rank") or event.get("place")
        be = "are" if seat == seats.you else "is"
        return Text(f"{seats.name(seat)} {be} out" + (f" ({place})" if place else ""),
                    style="bold green")
    if kind == "role":
        return Text(f"Your role: {event.get('role')}", style="bold")
    if kind == "reveal":
        alone = " — the emperor plays alone" if event.get("alone") else ""
        be = "are" if seat == seats.you else "is"
        return Text(f"{seats.name(seat)} {be} the guard (保子){alone}", style="bold")
    named: dict[str, Any] = {k: seats.short(v) for k, v in event.items()
                             if k in ("burner", "by")}
    if isinstance(event.get("seats"), list):
        named["seats"] = ", ".join(seats.short(s) for s in event["seats"])
    rest = _extra_text({**event, **named}, ("state_id", "type", "seat"))
    if seat is not None:
        rest = seats.name(seat) + (f", {rest}" if rest else "")
    label = str(kind).replace("_", " ")
    return Text(f"{label}: {rest}" if rest else label, style="italic")


def action_label(verb: str, cards: str, extra: Mapping[str, Any] | None) -> Text:
    """A listed choice: the verb, the cards with symbols, extras a person would type
    (``dealt``, which the table fills in, left out)."""
    out = Text(verb.replace("_", " "))
    if cards:
        out.append(" ")
        out.append_text(cards_text(cards))
    shown = {k: v for k, v in (extra or {}).items() if k != "dealt"}
    if shown:
        out.append(" " + " ".join(f"{k}={v}" for k, v in shown.items()), style="dim")
    return out


def result_summary(game: str, result: dict[str, Any], seats: Seats) -> Text | None:
    """The deal's outcome in one line, where the game's result says it."""
    if game == "shengji" and "winner" in result:
        points = result.get("attackers_points")
        line = Text(f"The {result['winner']} win", style="bold")
        if points is not None:
            line.append(f" — attackers {points} points")
        return line
    order = result.get("order")
    if game in ("gouji", "baohuang") and isinstance(order, list):
        names = result.get("ranks") if game == "gouji" else result.get("rank_names")
        parts = []
        for seat in order:
            rank = names[seat] if isinstance(names, list) and seat < len(names) else ""
            parts.append(f"{seats.short(seat)} {rank}".strip())
        return Text("Finishing order: " + ", ".join(parts), style="bold")
    return None


# -- the status line and the table ---------------------------------------------------------

def shengji_target(details: dict[str, Any]) -> int | None:
    """Points the attackers need (the bid target, or twice the level step)."""
    target = details.get("target")
    if isinstance(target, int):
        return target
    options = details.get("options") or {}
    step: int | None = None
    if isinstance(options, dict):
        from paizhuo.engine.errors import PaizhuoError
        from paizhuo.games.shengji.options import ShengjiOptions

        try:  # the table's rule options are public: the step of its preset or its own
            step = int(ShengjiOptions.from_dict(options).step)
        except (PaizhuoError, ValueError, TypeError):
            step = None
    if step is None:
        total = (details.get("cards_to_deal") or 0) + (details.get("kitty_size") or 0)
        decks = max(1, round(total / 54))
        step = 20 * decks
    return 2 * step


def status_line(game: str, obs: dict[str, Any], seats: Seats) -> Text:
    """One short line: what matters now in this deal."""
    details = obs.get("details") or {}
    parts: list[Text] = []

    def add(text: str | Text, style: str = "") -> None:
        parts.append(text if isinstance(text, Text) else Text(text, style=style))

    add(f"{game} · {obs.get('phase')}", "bold")
    if game == "shengji":
        trump, _ = shengji_trump(details)
        add(f"level {details.get('level')}")
        t = Text("trump ")
        t.append(SUIT_SYMBOLS.get(trump, "no trump" if trump == "NT" else "not yet")
                 if trump else "not yet", style="red" if trump in RED else "bold")
        add(t)
        bid = details.get("standing_bid")
        if isinstance(bid, dict) and obs.get("phase") == "bid":
            t = Text(f"standing bid {seats.short(bid.get('seat'))} ")
            t.append_text(cards_text(str(bid.get("cards", ""))))
            add(t)
        if details.get("dealer") is not None:
            add(f"dealer {seats.short(details.get('dealer'))}")
        for call in details.get("friends") or []:
            if not isinstance(call, dict):
                continue
            t = Text("friend ")
            t.append_text(cards_text(str(call.get("card", ""))))
            t.append(f" #{call.get('nth')}: ")
            found = call.get("found")
            t.append(seats.short(found) if found is not None else "not yet shown")
            add(t)
        points = details.get("attackers_points")
        if points is not None or "tricks" in details:
            target = shengji_target(details)
            shown = "hidden" if points is None else str(points)
            add(f"attackers {shown}/{target} points", "bold yellow")
    elif game == "gouji":
        rnd = details.get("round") or {}
        if details.get("revolution"):
            add(f"revolution: {', '.join(seats.short(s) for s in details['revolution'])}")
        if rnd.get("stage"):
            add(f"{rnd.get('stage')}")
        if details.get("finished"):
            add("out: " + ", ".join(seats.short(s) for s in details["finished"]))
    elif game == "baohuang":
        if details.get("role"):
            add(f"you are {details.get('role')}", "bold")
        if details.get("emperor") not in (None, seats.you):
            add(f"emperor {seats.short(details.get('emperor'))}")
        if details.get("called"):
            t = Text("called ")
            t.append_text(cards_text(str(details["called"])))
            add(t)
        if details.get("finished"):
            add("out: " + ", ".join(seats.short(s) for s in details["finished"]))
    line = Text()
    for i, part in enumerate(parts):
        if i:
            line.append(" · ", style="dim")
        line.append_text(part)
    return line


def seats_line(game: str, obs: dict[str, Any], seats: Seats) -> Text:
    """Each other seat: where it sits, what it is to you, how many cards it holds."""
    rel = relations(game, obs)
    sizes = obs.get("hand_sizes") or []
    out = Text()
    for s in range(len(sizes)):
        if s == seats.you:
            continue
        if out:
            out.append("   ")
        out.append(seats.short(s), style="bold")
        count = None if sizes[s] is None else f"{sizes[s]} card{'' if sizes[s] == 1 else 's'}"
        bits = [b for b in (rel.get(s), count) if b]
        if bits:
            out.append(" " + " · ".join(bits), style="dim")
    return out


def table_plays(game: str, obs: dict[str, Any]) -> list[tuple[int, str]]:
    """The cards on the table now: (seat, cards) of the trick or round in progress."""
    details = obs.get("details") or {}
    if game == "shengji":
        trick = details.get("current_trick") or []
        return [(p["seat"], p["cards"]) for p in trick if isinstance(p, dict)]
    if game == "gouji":
        rnd = details.get("round") or {}
        if rnd.get("play") and rnd.get("maker") is not None:
            return [(rnd["maker"], rnd["play"])]
        return []
    if game == "baohuang":
        cur = details.get("current")
        if isinstance(cur, dict) and cur.get("cards"):
            return [(cur["seat"], cur["cards"])]
    return []


__all__ = ["Seats", "action_label", "card_label", "cards_text", "describe_event",
           "hand_groups", "hand_text", "relations", "result_summary", "seats_line",
           "shengji_target", "sorted_hand", "status_line", "table_plays"]
