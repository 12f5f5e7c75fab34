"""How the terminal table (``paizhuo play``) shows cards, hands, seats and events, with Rich.

Everything here reads only what the person's seat is given — its observation and its events
(``docs/interface.md``) — and turns it into what a card table shows: cards with suit symbols
and colour (``♠K``, red ``♥10``), the hand grouped as players sort it, who is partner or
opponent, each play as it happens, and one short status line. What differs from game to game
(how a hand is sorted, what a seat is to the person, the game's own events and status) is the
game's face (:class:`paizhuo.engine.faces.TextFace`, from
:meth:`~paizhuo.engine.game.Game.text_face`); this module only draws the face's lines.

>>> from paizhuo.engine.faces import TextFace
>>> hand_text(TextFace(), "AS 3S 2H", {}).plain
'♥2 ♠3 ♠A'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from paizhuo.engine.faces import Styled, TextFace
from paizhuo.terminal.values import inline

POSITIONS = {
    2: ("South", "North"),
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
    5: ("South", "East", "North-east", "North-west", "West"),
    6: ("South", "South-east", "North-east", "North", "North-west", "South-west"),
}
"""Where each seat sits, seen from the person (South), in the order of play."""


def rich_text(line: Styled) -> Text:
    """A face's line as Rich text, run by run over the line's own style."""
    out = Text(style=line.style)
    for text, style in line.runs:
        out.append(text, style=style or None)
    return out


def cards_text(cards: str | Sequence[str] | None) -> Text:
    """Cards with symbols and colour; text that is not cards (``hidden``) as it is."""
    return rich_text(Styled().cards(cards))


def hand_text(face: TextFace, hand: str | None, details: Mapping[str, Any]) -> Text:
    """The grouped hand on one line (groups split by ``│``)."""
    out = Text()
    for i, (title, group) in enumerate(face.hand_groups((hand or "").split(), details)):
        if i:
            out.append("  │  ", style="dim")
        if title:
            out.append(f"{title}: ", style="dim")
        out.append_text(cards_text(group))
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


def describe_event(face: TextFace, event: Mapping[str, Any], seats: Seats) -> Text | None:
    """One event as the table announces it (the face's words), or None for one not worth a
    line (a pass while cards are dealt, the end of the deal whose result is shown next)."""
    line = face.describe_event(event, seats)
    return None if line is None else rich_text(line)


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


def result_summary(face: TextFace, result: Mapping[str, Any], seats: Seats) -> Text | None:
    """The deal's outcome in one line, where the game's result says it."""
    line = face.result_summary(result, seats)
    return None if line is None else rich_text(line)


def status_line(game: str, face: TextFace, obs: Mapping[str, Any], seats: Seats) -> Text:
    """One short line: the game and phase, then what matters now in this deal."""
    parts = [Text(f"{game} · {obs.get('phase')}", style="bold")]
    parts += [rich_text(part) for part in face.status(obs, seats)]
    line = Text()
    for i, part in enumerate(parts):
        if i:
            line.append(" · ", style="dim")
        line.append_text(part)
    return line


def seats_line(face: TextFace, obs: Mapping[str, Any], seats: Seats) -> Text:
    """Each other seat: where it sits, what it is to you, how many cards it holds."""
    rel = face.relations(obs)
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


def details_lines(face: TextFace, obs: Mapping[str, Any]) -> list[Text]:
    """The details the face shows as rows (a game with no face: all of them), one
    ``key: value`` line each."""
    out = []
    for key, value in face.details_rows(obs):
        line = Text(f"{key}: ", style="dim")
        line.append(inline(key, value))
        out.append(line)
    return out


def table_line(face: TextFace, obs: Mapping[str, Any], seats: Seats) -> Text | None:
    """``On the table: Seat 2 (North) ♠K ♠K  you ♠A ♠A``, or None when the table is empty."""
    plays = face.table_plays(obs)
    if not plays:
        return None
    line = Text("On the table: ", style="bold")
    for i, (seat, cards) in enumerate(plays):
        if i:
            line.append("  ")
        line.append(f"{seats.short(seat)} ")
        line.append_text(cards_text(cards))
    return line


__all__ = ["POSITIONS", "Seats", "action_label", "cards_text", "describe_event", "details_lines",
           "hand_text", "result_summary", "rich_text", "seats_line", "status_line", "table_line"]
