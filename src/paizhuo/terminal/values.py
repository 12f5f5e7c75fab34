"""Observation and result values as a person reads them: card-id lists in notation, objects
on one line, long logs cut to their latest rows, a whole mapping as a two-column table.

These know no game: the terminal table shows a deal's result with them, and the details of
a game that has no face of its own (:meth:`paizhuo.engine.faces.TextFace.details_rows`).
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from paizhuo.cards import NUM_CARD_IDS
from paizhuo.engine.actions import Action
from paizhuo.notation import format_cards

_CARD_KEYS = ("hand", "card", "kitty", "trick", "play", "bury", "bottom", "tribute")
_NOT_CARD_KEYS = ("count", "num", "size", "left", "point", "score", "seat", "rank", "level")
HIDDEN_KEYS = frozenset({"legal", "legal_actions", "game", "seat", "state_id", "your_turn",
                         "result", "details"})
"""Observation keys not shown in the table: the numbered list of legal actions shows them, the
heading says game, seat and turn, the result comes when the deal is over, and ``details`` is
shown key by key (:func:`observation_rows`)."""
MAX_ROWS = 4
"""Rows of a long list of objects shown (the latest ones, as in a log)."""


def action_text(action: Action) -> str:
    """An action as a person types it: ``play AS AS``, ``call AH nth=1``.

    >>> action_text(Action(0, "pass"))
    'pass'
    """
    parts = [action.verb]
    if action.cards:
        parts.append(format_cards(action.cards))
    if action.extra:
        parts += [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in action.extra.items()]
    return " ".join(parts)


def _looks_like_cards(key: str, value: list[Any]) -> bool:
    """A list of card ids, judged by its key (``hand``, ``kitty`` but not ``hand_counts``)."""
    name = key.lower()
    return (any(word in name for word in _CARD_KEYS)
            and not any(word in name for word in _NOT_CARD_KEYS) and bool(value)
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < NUM_CARD_IDS
                    for v in value))


def _plain(items: list[Any]) -> bool:
    """Whether a list holds only plain values (no objects or lists)."""
    return all(isinstance(v, str | int | float | bool) or v is None for v in items)


def inline(key: str, value: Any) -> str:
    """A value on one line: ``seat=2 cards=5S``, lists of objects in brackets.

    >>> inline("trick", [{"seat": 2, "cards": "5S"}, {"seat": 3, "cards": "4S"}])
    '[seat=2 cards=5S; seat=3 cards=4S]'
    """
    if isinstance(value, dict):
        return " ".join(f"{k}={inline(str(k), v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        items = list(value)
        if _looks_like_cards(key, items):
            return format_cards(items)
        if _plain(items):
            return " ".join(_scalar(v) for v in items)
        return "[" + "; ".join(inline(key, v) for v in items) + "]"
    return _scalar(value)


def render_value(key: str, value: Any) -> RenderableType:
    """One observation value, readable: card-id lists as notation, objects on one line each
    (long lists of objects, such as past tricks, show only their latest rows)."""
    if isinstance(value, list | tuple):
        items = list(value)
        if not items:
            return "—"
        if not (_plain(items) or _looks_like_cards(key, items)):
            table = Table.grid(padding=(0, 1))
            if len(items) > MAX_ROWS:
                table.add_row(Text(f"… {len(items) - MAX_ROWS} earlier", style="dim"))
                items = items[-MAX_ROWS:]
            for item in items:
                table.add_row(Text(inline(key, item)))
            return table
    return inline(key, value)


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def observation_rows(obs: dict[str, Any]) -> dict[str, Any]:
    """The observation as one mapping to show: the header's keys, then the game's own
    ``details`` (a detail named like a header key is shown as ``details.KEY``).

    >>> observation_rows({"phase": "play", "hand": "AS", "details": {"trick": [], "phase": 1}})
    {'phase': 'play', 'hand': 'AS', 'trick': [], 'details.phase': 1}
    """
    rows = {k: v for k, v in obs.items() if k != "details"}
    details = obs.get("details")
    if isinstance(details, dict):
        for key, value in details.items():
            rows[f"details.{key}" if key in obs else str(key)] = value
    return rows


def render_mapping(data: dict[str, Any], title: str | None = None) -> Table:
    """A two-column table of an observation or result; keys naming a hand stand out.

    Empty values and the observation's own list of legal actions are left out.
    """
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    if title:
        table.title = title
    for key, value in data.items():
        label = str(key)
        if label in HIDDEN_KEYS or value is None or value in ("", [], {}):
            continue
        rendered = render_value(label, value)
        if isinstance(rendered, str):  # as text: "[seat=2 …]" is not Rich markup
            rendered = Text(rendered, style="bold yellow" if "hand" in label.lower() else "")
        table.add_row(Text(label), rendered)
    return table


__all__ = ["HIDDEN_KEYS", "MAX_ROWS", "action_text", "inline",
           "observation_rows", "render_mapping", "render_value"]
