"""The tables of a server as plain data: settings, seats, the clients following a table, and
the :class:`Table` itself (its game, history and totals). :mod:`paizhuo.server.tables` changes
them; nothing here touches the database or the network."""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from paizhuo.engine.game import Game
from paizhuo.server.protocol import ProtocolError

LEGAL_LIMIT = 300
"""A seat is sent its legal actions when it has at most this many (else a count and one
legal action as a hint: a Shengji lead may have tens of thousands)."""
CHAT_KEPT = 50
"""Chat lines a table keeps in memory for a client that comes (or comes back) mid-deal."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
DEFAULT_SETTINGS: dict[str, Any] = {
    "timer": None,
    "bot_delay": 0.6,
    "grace": 20.0,
    "deals": None,
    "seed": None,
    "idle": 1800.0,
    "summary_wait": 10.0,
}
"""Table settings: ``timer`` seconds per decision (``None``: no timer), ``bot_delay`` seconds
a bot waits before acting (so people can follow), ``grace`` seconds a disconnected player
keeps the seat before a bot plays for it, ``deals`` a cap on the deals of the table, ``seed``
the deals' seed (only on a server started with ``--allow-seeds``, for tests and demos: whoever
knows it knows every hand), ``idle`` seconds a table nobody is connected to waits (paused, or
still waiting for players) before it is closed, ``summary_wait`` seconds at most the next deal
waits for the people at the table to close the last one's summary (``ready``)."""
ALLOW_SEEDS_ENV = "PAIZHUO_ALLOW_SEEDS"
"""Set to ``1`` (``paizhuo serve --allow-seeds`` sets it) to accept ``settings.seed``."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seeds_allowed() -> bool:
    return os.environ.get(ALLOW_SEEDS_ENV) == "1"


def check_settings(settings: Any) -> dict[str, Any]:
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise ProtocolError("bad_settings", "settings is an object")
    out = dict(DEFAULT_SETTINGS)
    for key, value in settings.items():
        if key not in DEFAULT_SETTINGS:
            raise ProtocolError("bad_settings", f"unknown setting {key!r}; the settings are "
                                + ", ".join(DEFAULT_SETTINGS))
        if value is None and key in ("timer", "deals", "seed"):
            out[key] = None
            continue
        if key == "seed":
            if not seeds_allowed():
                raise ProtocolError("bad_settings", "settings.seed is refused: this server "
                                    "deals from secret seeds (start it with --allow-seeds "
                                    "for tests and demos)")
            if isinstance(value, bool) or not isinstance(value, int) or \
                    not 0 <= value < 2**62:
                raise ProtocolError("bad_settings", "settings.seed must be an integer "
                                    "from 0 to 2**62 - 1")
            out[key] = value
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ProtocolError("bad_settings", f"settings.{key} must be a number")
        limits = {"timer": (1, 3600), "bot_delay": (0, 10), "grace": (0, 3600),
                  "deals": (1, 10_000), "idle": (1, 7 * 86400),
                  "summary_wait": (0, 60)}[key]
        if not limits[0] <= value <= limits[1]:
            raise ProtocolError("bad_settings", f"settings.{key} must be between {limits[0]} "
                                f"and {limits[1]}")
        out[key] = int(value) if key == "deals" else float(value)
    return out


def check_bots(bots: Any, num_seats: int, names: list[str]) -> dict[int, str]:
    """A new table's ``bots`` (a list by seat, or an object from seat numbers) as seat →
    bot name, each seat existing and each bot one of ``names`` (the game's bots)."""
    if bots is None:
        return {}
    if isinstance(bots, list):
        bots = {str(i): b for i, b in enumerate(bots) if b is not None}
    if not isinstance(bots, dict):
        raise ProtocolError("bad_bots", "bots maps seats to bot names")
    out: dict[int, str] = {}
    for key, name in bots.items():
        # the seat's number exactly: int() alone also takes " 1 ", "+1", "01" and "١"
        if not (isinstance(key, str) and key.isascii() and key.isdigit()
                and key == str(int(key))):
            raise ProtocolError("bad_bots", f"bots: {key!r} is not a seat (a seat is its "
                                "number: \"0\", \"1\" …)")
        seat = int(key)
        if not 0 <= seat < num_seats:
            raise ProtocolError("bad_bots", f"bots: seat {seat} does not exist (seats 0–"
                                f"{num_seats - 1})")
        if name not in names:
            raise ProtocolError("bad_bots", f"bots: unknown bot {name!r}; the bots are "
                                + ", ".join(names))
        out[seat] = name
    return out


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    trustee: str | None = None

    @property
    def kind(self) -> str:
        if self.bot is not None:
            return "bot"
        return "empty" if self.token_hash is None else "person"

    def public(self, connected: bool) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot,
                "trustee": self.trustee, "connected": connected}


class Client:
    """One websocket client of a table (``seat`` ``None``: a spectator), as the service
    sees it: where it stands in the table's stream, and how to send it a message.

    A client speaks for a seat only while its binding is current: ``seat`` and the
    ``holder`` (the token hash of the person it sat down or joined as) must still be that
    seat's (:meth:`Table.bound`). When the seat changes hands (given up, a bot, another
    person) the service unbinds every client still bound to it and tells it
    (``unseated``)."""

    def __init__(self, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        self.send = send
        self.seat: int | None = None
        self.holder: str | None = None
        """The token hash of the seat's person when the client was bound."""
        self.host = False
        """Whether the client proved it holds the table's host token."""
        self.deal = -1
        """The deal number the client's ``state_id`` refers to."""
        self.state_id = 0
        self.meta = -1
        """The table's meta version last sent (seats, status)."""


@dataclass
class Table:
    id: str
    code: str
    game_name: str
    options: dict[str, Any]
    settings: dict[str, Any]
    num_seats: int
    status: str = "waiting"
    deal_number: int = 0
    version: int = 0
    meta: int = 0
    """Grows with every change clients are sent ``table`` for (not with actions)."""
    deadline: dict[str, Any] | None = None
    seats: list[Seat] = field(default_factory=list)
    deal_id: str | None = None
    game: Game | None = None
    last: tuple[int, Game] | None = None
    """The deal just finished (number, game), for clients still reading its events."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """Per finished deal: ``{"deal", "id", "result", "returns"}`` as anyone may see it."""
    clients: set[Client] = field(default_factory=set)
    timers: dict[str, asyncio.TimerHandle | asyncio.Task[None]] = field(default_factory=dict)
    host_hash: str | None = None
    """SHA-256 of the host token (whoever created the table may seat bots and close it)."""
    ended: str | None = None
    """Why the table is over: ``match``, ``deals``, ``closed`` (by its host), ``idle``."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    """The recent chat lines (at most :data:`CHAT_KEPT`), each with the ``deal`` and
    ``state_id`` it was said at: the log a client is sent when it comes (:func:`views.log`)."""
    between: dict[str, Any] | None = None
    """Between two deals, the next not dealt yet: ``{"at": epoch seconds, "waiting": seats}``
    — the people here still reading the last deal's summary (:meth:`hold_next_deal`)."""

    def bound(self, client: Client) -> int | None:
        """The seat ``client`` speaks for now: its seat, if the seat's person is still the
        one it was bound as (else ``None``: the seat changed hands)."""
        seat = client.seat
        if seat is None or client.holder is None or not 0 <= seat < len(self.seats):
            return None
        return seat if self.seats[seat].token_hash == client.holder else None

    def seated(self, seat: int) -> bool:
        """Whether a client of this process speaks for ``seat`` now."""
        return any(self.bound(c) == seat for c in self.clients)

    def hold_next_deal(self) -> bool:
        """At the end of a deal that is not the table's last: whether the next one waits for
        the people connected here to close the summary (``ready``), at most ``summary_wait``
        seconds (:attr:`between`). A table of bots, or nobody here, does not wait."""
        wait = float(self.settings.get("summary_wait", DEFAULT_SETTINGS["summary_wait"]) or 0)
        people = {i for i, x in enumerate(self.seats) if x.kind == "person" and self.seated(i)}
        if not people or wait <= 0:
            return False
        self.between = {"at": round(time.time() + wait, 3), "waiting": people}
        return True

    def totals(self) -> list[float]:
        out = [0.0] * self.num_seats
        for h in self.history:
            for i, r in enumerate(h["returns"] or ()):
                out[i] += r
        return out

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id, "code": self.code, "game": self.game_name,
            "options": self.options, "settings": self.settings, "status": self.status,
            "deal": self.deal_number,
            "seats": [s.public(self.seated(i)) for i, s in enumerate(self.seats)],
            "deals_played": len(self.history), "totals": self.totals(),
            "ended": self.ended,
            "next_deal": None if self.between is None else
            {"at": self.between["at"], "waiting": sorted(self.between["waiting"])},
        }

    def results(self) -> dict[str, Any]:
        winners = None
        if self.status == "over" and self.history:
            winners = self.history[-1].get("match_winners")
        return {"id": self.id, "game": self.game_name, "status": self.status,
                "deals": self.history, "totals": self.totals(), "match_winners": winners}


__all__ = ["CHAT_KEPT", "CODE_ALPHABET", "DEFAULT_SETTINGS", "LEGAL_LIMIT", "Client", "Seat",
           "Table", "check_bots", "check_settings", "hash_token"]
