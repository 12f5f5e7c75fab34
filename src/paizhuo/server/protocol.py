"""The websocket protocol: JSON messages, each typed by ``type`` (``docs/protocol.md``).

This module checks what a client sends — before anything reaches a table — and names every
fault: a message that is not JSON, not an object, of an unknown type, with a field missing
or of the wrong type, or too long, is answered with an ``error`` of a fixed ``code``.
"""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

MAX_MESSAGE_BYTES = 16_384
"""A client message longer than this closes the connection (websocket code 1009)."""
MAX_NAME = 24
"""Display names: 1 to 24 characters, no control characters."""
MAX_CHAT = 300
RATE_PER_SECOND = 20.0
"""Per connection: a burst of :data:`RATE_BURST` messages, then this many a second."""
RATE_BURST = 40
FLOOD_CLOSE = 200
"""Messages refused for the rate since the connection opened after which it is closed (1008)."""

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_UNSUPPORTED = 1003
CLOSE_INTERNAL = 1011
"""A write to the client failed (or a message could not be encoded): it reconnects and syncs."""


class ProtocolError(Exception):
    """A message the server refuses: answered with ``{"type": "error", "code", "message"}``
    and, where a player can meet it at a table, ``message_zh``: the same in 中文 (the
    browser shows the player's language)."""

    def __init__(self, code: str, message: str, *, zh: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.zh = zh
        self.extra = extra

    def reply(self, ref: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.zh is not None:
            out["message_zh"] = self.zh
        out.update(self.extra)
        if ref is not None:
            out["ref"] = ref
        return out


MALFORMED_ZH = "这个动作的写法不对，服务器看不懂"
"""``message_zh`` of a malformed action whose error has no 中文 of its own (input a program
wrote wrong: the browser never sends one)."""


# every message type a client may send, with its fields: name -> (type, required)
_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "ping": {},
    "sit": {"seat": (int, True), "name": (str, True)},
    "join": {"token": (str, True)},
    "leave": {},
    "bot": {"seat": (int, True), "bot": (str, True)},
    "action": {"state_id": (int, True), "action": ((list, str), True)},
    "trustee": {"on": (bool, True)},
    "chat": {"text": (str, True)},
    "sync": {},
    "check": {"state_id": (int, True), "action": ((list, str), True)},
    "hint": {},
    "host": {"token": (str, True)},
    "ready": {},
}
CLIENT_TYPES = frozenset(_FIELDS)


@dataclass(frozen=True)
class Message:
    type: str
    data: dict[str, Any]
    ref: Any
    """The client's own ``ref`` (any short JSON scalar), echoed in the reply."""


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    return type(value).__name__


_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", list: "a list"}
_FREE_TEXT = {("sit", "name"), ("chat", "text")}
"""The fields of free text: a fault in one is ``bad_text``, as :func:`clean_text` says."""


def _surrogate_in(text: str) -> int | None:
    """The first lone surrogate of ``text`` (its code point), if any."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return ord(text[exc.start])
    return None


def lone_surrogate(value: Any, where: str = "the text") -> tuple[str, int] | None:
    """The first string in ``value`` (decoded JSON: lists and objects searched, their keys
    too) that holds a lone surrogate, as ``(where, code point)``; ``None`` if none does.

    ``json.loads`` turns an escape ``"\\ud800"`` that is not half of a pair into a lone
    surrogate, which UTF-8 cannot carry: sent back (a ``ref``, a name, a key quoted in an
    error) it fails the write. ``where`` grows into the path to it: ``action[2][0]``,
    ``options.decks``, ``a key of options``.

    >>> lone_surrogate({"a": [1, "x\\ud800"]}, "body")
    ('body.a[1]', 55296)
    >>> lone_surrogate(["\\U0001f600"]) is None  # a pair, decoded, is one character
    True
    """
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:  # not recursive: as deep as json.loads went is searched too
        item, path = stack.pop()
        if isinstance(item, str):
            point = _surrogate_in(item)
            if point is not None:
                return path, point
        elif isinstance(item, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(item))))
        elif isinstance(item, dict):
            for key in item:
                point = _surrogate_in(key) if isinstance(key, str) else None
                if point is not None:
                    return f"a key of {path}", point
            stack.extend((v, f"{path}.{k}") for k, v in reversed(list(item.items())))
    return None


def surrogate_message(where: str, point: int) -> str:
    """The refusal of a lone surrogate found by :func:`lone_surrogate`."""
    return (f"{where} holds a lone surrogate (U+{point:04X}): text must be valid Unicode, "
            "where a \\ud800-\\udfff escape is only ever half of a pair")


def _refuse_surrogates(kind: str, data: dict[str, Any], ref: Any) -> None:
    """Refuse a message that holds a lone surrogate anywhere, naming where (the ``ref``
    echoed unless it is the one)."""
    found = lone_surrogate(data.get("ref"), "ref")
    if found is not None:
        raise ProtocolError("bad_message", surrogate_message(*found))
    found = lone_surrogate(kind, "type")
    if found is not None:
        raise ProtocolError("bad_message", surrogate_message(*found), ref=ref)
    for key, value in data.items():
        point = _surrogate_in(key)
        found = ((f"a field name of {kind}", point) if point is not None
                 else lone_surrogate(value, f"{kind}.{key}"))
        if found is not None:
            code = "bad_text" if (kind, key) in _FREE_TEXT else "bad_message"
            raise ProtocolError(code, surrogate_message(*found), ref=ref)


def parse(text: str | bytes) -> Message:
    """A client's message, checked: raises :class:`ProtocolError` with the fault."""
    if isinstance(text, bytes):
        raise ProtocolError("bad_message", "messages are JSON text, not binary frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {_describe(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a \"type\" (a string)")
    ref = data.get("ref")
    if ref is not None and not (isinstance(ref, str | int) and not isinstance(ref, bool)
                                and len(str(ref)) <= 64):
        raise ProtocolError("bad_message", "\"ref\" is a string or number of at most 64 "
                            "characters")
    if "\\u" in text or not text.isascii():  # only an escape (or a non-UTF-8 transport)
        _refuse_surrogates(kind, data, ref)
    fields = _FIELDS.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; the types are "
                            + ", ".join(sorted(_FIELDS)), ref=ref)
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("type", "ref"):
            continue
        spec = fields.get(key)
        if spec is None:
            raise ProtocolError("bad_message", f"{kind}: unknown field {key!r}", ref=ref)
        want = spec[0]
        wanted = want if isinstance(want, tuple) else (want,)
        ok = any(isinstance(value, t) and not (t is int and isinstance(value, bool))
                 for t in wanted)
        if not ok:
            names = " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in wanted)
            raise ProtocolError("bad_message", f"{kind}.{key} must be {names}, not "
                                f"{_describe(value)}", ref=ref)
        out[key] = value
    for key, (_, required) in fields.items():
        if required and key not in out:
            raise ProtocolError("bad_message", f"{kind}: the field {key!r} is missing", ref=ref)
    return Message(kind, out, ref)


_WHAT_ZH = {"the name": "名字", "the message": "聊天内容"}


def clean_text(text: str, limit: int, what: str) -> str:
    """Free text from a client (a display name, a chat line): trimmed, 1 to ``limit``
    characters, no control or formatting characters (the UI shows it as text, never as
    HTML, so nothing needs escaping here beyond that)."""
    text = unicodedata.normalize("NFC", text).strip()
    what_zh = _WHAT_ZH.get(what, "文字")
    if not text:
        raise ProtocolError("bad_text", f"{what} is empty", zh=f"{what_zh}不能是空的")
    if len(text) > limit:
        raise ProtocolError("bad_text", f"{what} is longer than {limit} characters",
                            zh=f"{what_zh}不能超过 {limit} 个字")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ProtocolError("bad_text", f"{what} holds a control character "
                                f"(U+{ord(ch):04X})", zh=f"{what_zh}里有控制字符")
    return text


class RateLimit:
    """A token bucket: :data:`RATE_BURST` messages at once, :data:`RATE_PER_SECOND` after."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last: float | None = None
        self.refused = 0

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


RELAXED_LIMITS_ENV = "PAIZHUO_RELAXED_LIMITS"
"""Set to ``1`` to serve without the per-address and per-table limits and with no minimum
for all-bot tables (the server benchmark and tests that drive hundreds of tables from one
address); never on a public server."""


@dataclass(frozen=True)
class Limits:
    """What the server allows one address, one table and one all-bot table
    (``docs/protocol.md``, "Limits")."""

    create_burst: int = 10
    """``POST /api/tables`` per address: this many at once …"""
    create_per_minute: float = 10.0
    """… then this many a minute."""
    sit_burst: int = 20
    """Websocket ``sit`` per address: this many at once …"""
    sit_per_minute: float = 30.0
    """… then this many a minute."""
    chat_table_burst: int = 20
    """Chat lines of one table, every connection together: this many at once …"""
    chat_table_per_second: float = 4.0
    """… then this many a second."""
    chat_address_burst: int = 10
    """Chat lines from one address, every table together: this many at once …"""
    chat_address_per_second: float = 2.0
    """… then this many a second."""
    demo_max_deals: int = 50
    """A table with a bot in every seat needs ``settings.deals``, at most this many …"""
    demo_min_bot_delay: float = 0.2
    """… and ``settings.bot_delay`` of at least this many seconds."""

    @classmethod
    def relaxed(cls) -> Limits:
        """No per-address or per-table limit, no minimum for all-bot tables."""
        many = 10**9
        return cls(many, float(many), many, float(many), many, float(many), many,
                   float(many), 10_000, 0.0)

    @classmethod
    def from_env(cls) -> Limits:
        """:meth:`relaxed` where :data:`RELAXED_LIMITS_ENV` is ``1``, else the defaults."""
        return cls.relaxed() if os.environ.get(RELAXED_LIMITS_ENV) == "1" else cls()

    def but(self, **changes: Any) -> Limits:
        return replace(self, **changes)


class AddressLimit:
    """One :class:`RateLimit` per address (a client's IP), forgotten once full again."""

    def __init__(self, burst: int, per_second: float, keep: int = 10_000) -> None:
        self.burst = burst
        self.per_second = per_second
        self.keep = keep
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, address: str, now: float) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                self._forget(now)
            bucket = self.buckets[address] = RateLimit(self.per_second, self.burst)
        return bucket.allow(now)

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again (they hold nothing to remember)."""
        for address, bucket in list(self.buckets.items()):
            last = bucket.last if bucket.last is not None else now
            if bucket.tokens + (now - last) * bucket.rate >= bucket.burst:
                del self.buckets[address]


__all__ = ["CLIENT_TYPES", "CLOSE_INTERNAL", "CLOSE_POLICY", "CLOSE_TOO_BIG",
           "CLOSE_UNSUPPORTED", "MAX_CHAT",
           "MAX_MESSAGE_BYTES", "MAX_NAME", "RELAXED_LIMITS_ENV", "AddressLimit", "Limits",
           "Message", "ProtocolError", "RateLimit",
           "clean_text", "lone_surrogate", "parse", "surrogate_message"]
