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

WHERE = {"you": ("you", "你"), "right": ("right", "下家"), "across": ("across", "对家"),
         "left": ("left", "上家"), "upper right": ("upper right", "右上"),
         "upper left": ("upper left", "左上")}
"""Where a seat sits seen from the person, in English and 中文, as the browser table says it
(``static/look.js``): play goes to the right, so the next seat is 下家 and the one before 上家."""
BOT_NAMES_ZH = {"random": "随机", "uniform": "均匀随机", "greedy": "贪心", "search": "搜索",
                "hard": "困难", "normal": "普通", "easy": "简单", "heuristic": "启发式"}
"""The bots a table seats by default or by strength, in 中文 (a name the person typed that
is not here shows as typed)."""


def seat_where(seat: int, you: int, num_seats: int, lang: str = "en") -> str:
    """Where ``seat`` sits seen from seat ``you``.

    >>> [seat_where(s, 0, 4) for s in range(4)]
    ['you', 'right', 'across', 'left']
    >>> [seat_where(s, 2, 5, "zh") for s in range(5)]
    ['左上', '上家', '你', '下家', '右上']
    """
    k = (seat - you) % num_seats
    key = ("you" if k == 0 else "across" if 2 * k == num_seats else "right" if k == 1
           else "left" if k == num_seats - 1 else "upper right" if 2 * k < num_seats
           else "upper left")
    return WHERE[key][1 if lang == "zh" else 0]


def rich_text(line: Styled) -> Text:
    """A face's line as Rich text, run by run over the line's own style."""
    out = Text(style=line.style)
    for text, style in line.runs:
        out.append(text, style=style or None)
    return out


def cards_text(cards: str | Sequence[str] | None, lang: str = "en") -> Text:
    """Cards with symbols and colour (jokers in ``lang``); text that is not cards
    (``hidden``) as it is."""
    return rich_text(Styled().cards(cards, lang))


def hand_text(face: TextFace, hand: str | None, details: Mapping[str, Any]) -> Text:
    """The grouped hand on one line (groups split by ``│``)."""
    out = Text()
    for i, (title, group) in enumerate(face.hand_groups((hand or "").split(), details)):
        if i:
            out.append("  │  ", style="dim")
        if title:
            out.append(f"{title}{face.say(': ', '：')}", style="dim")
        out.append_text(cards_text(group, face.lang))
    return out


class Seats:
    """Names for the seats as people number them, 1 to N with where each sits seen from the
    person (records and the engine keep 0-based seats): ``Seat 3 (across, greedy)``,
    ``You (seat 1)``; 中文 ``3号位（对家，机器人·贪心）``, ``你（1号位）``.

    >>> seats = Seats(4, 0, ["you", "greedy", "greedy", "random"])
    >>> seats.name(2), seats.short(3), seats.name(0)
    ('Seat 3 (across, greedy)', 'Seat 4 (left)', 'You (seat 1)')
    """

    def __init__(self, num_seats: int, you: int, bots: Sequence[str], lang: str = "en") -> None:
        self.n = num_seats
        self.you = you
        self.lang = lang
        zh = lang == "zh"
        self.bots = [f"机器人·{BOT_NAMES_ZH.get(b, b)}" if zh else b for b in bots]
        self.places = [seat_where(s, you, num_seats, lang) for s in range(num_seats)]

    def _seat(self, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n

    def name(self, seat: Any) -> str:
        if not self._seat(seat):
            return str(seat)
        if self.lang == "zh":
            if seat == self.you:
                return f"你（{seat + 1}号位）"
            return f"{seat + 1}号位（{self.places[seat]}，{self.bots[seat]}）"
        if seat == self.you:
            return f"You (seat {seat + 1})"
        return f"Seat {seat + 1} ({self.places[seat]}, {self.bots[seat]})"

    def short(self, seat: Any) -> str:
        if not self._seat(seat):
            return str(seat)
        if self.lang == "zh":
            return "你" if seat == self.you else f"{seat + 1}号位（{self.places[seat]}）"
        return "you" if seat == self.you else f"Seat {seat + 1} ({self.places[seat]})"


def describe_event(face: TextFace, event: Mapping[str, Any], seats: Seats) -> Text | None:
    """One event as the table announces it (the face's words), or None for one not worth a
    line (a pass while cards are dealt, the end of the deal whose result is shown next)."""
    line = face.describe_event(event, seats)
    return None if line is None else rich_text(line)


def action_label(verb: str, cards: str, extra: Mapping[str, Any] | None,
                 face: TextFace | None = None) -> Text:
    """A listed choice: the verb (in the face's language), the cards with symbols, extras a
    person would type (``dealt``, which the table fills in, left out)."""
    face = face or TextFace()
    out = Text(face.choice_verb(verb))
    if cards:
        out.append(" ")
        out.append_text(cards_text(cards, face.lang))
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
    parts = [Text(f"{face.title(game)} · {face.phase_name(obs.get('phase'))}", style="bold")]
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
        count = None if sizes[s] is None else face.count_text(sizes[s])
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
    """``On the table: Seat 3 (across) ♠K ♠K  you ♠A ♠A``, or None when the table is empty."""
    plays = face.table_plays(obs)
    if not plays:
        return None
    line = Text(face.say("On the table: ", "桌上："), style="bold")
    for i, (seat, cards) in enumerate(plays):
        if i:
            line.append("  ")
        line.append(f"{seats.short(seat)} ")
        line.append_text(cards_text(cards, face.lang))
    return line


__all__ = ["BOT_NAMES_ZH", "WHERE", "Seats", "action_label", "cards_text", "describe_event",
           "details_lines", "hand_text", "result_summary", "rich_text", "seat_where",
           "seats_line", "status_line", "table_line"]
