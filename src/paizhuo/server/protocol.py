"""The websocket protocol: JSON messages, each typed by ``type`` (``docs/protocol.md``).

This module checks what a client sends — before anything reaches a table — and names every
fault: a message that is not JSON, not an object, of an unknown type, with a field missing
or of the wrong type, or too long, is answered with an ``error`` of a fixed ``code``.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
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


class ProtocolError(Exception):
    """A message the server refuses: answered with ``{"type": "error", "code", "message"}``."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def reply(self, ref: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        out.update(self.extra)
        if ref is not None:
            out["ref"] = ref
        return out


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


def clean_text(text: str, limit: int, what: str) -> str:
    """Free text from a client (a display name, a chat line): trimmed, 1 to ``limit``
    characters, no control or formatting characters (the UI shows it as text, never as
    HTML, so nothing needs escaping here beyond that)."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ProtocolError("bad_text", f"{what} is empty")
    if len(text) > limit:
        raise ProtocolError("bad_text", f"{what} is longer than {limit} characters")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ProtocolError("bad_text", f"{what} holds a control character "
                                f"(U+{ord(ch):04X})")
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


__all__ = ["CLIENT_TYPES", "CLOSE_POLICY", "CLOSE_TOO_BIG", "CLOSE_UNSUPPORTED", "MAX_CHAT",
           "MAX_MESSAGE_BYTES", "MAX_NAME", "Message", "ProtocolError", "RateLimit",
           "clean_text", "parse"]
