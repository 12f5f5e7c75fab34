"""Strict JSON reading for records: duplicate keys refused, the action list read lazily.

A record is one JSON object whose ``actions`` list is by far its largest part, and the judge
stops at the first illegal action. :func:`scan_record` therefore reads the document once to
check that all of it is well-formed JSON (keeping every top-level field but ``actions``, whose
items are checked and dropped one at a time) and hands back a reader that decodes the actions
again one by one as the replay asks for them. Peak memory is the text plus one action, not the
tenfold of a decoded list of lists.

Python's own :mod:`json` decoder reads every value (:meth:`json.JSONDecoder.raw_decode`); only
the top-level object and the action list are walked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from paizhuo.engine.errors import MalformedError

T = TypeVar("T")
_SPACE = re.compile(r"[ \t\n\r]*")
_SPACE_CHARS = frozenset(" \t\n\r")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates)


def _malformed(exc: Exception, where: str = "") -> MalformedError:
    if isinstance(exc, _DuplicateKey):
        return MalformedError(where, f"the key \"{exc.key}\" appears twice in one object")
    if isinstance(exc, RecursionError):
        return MalformedError(where, "not valid JSON: nested too deeply")
    return MalformedError("", f"not valid JSON: {exc}")


def loads(text: str) -> Any:
    """Decode JSON text strictly: a duplicate key is malformed, as is anything but JSON."""
    try:
        return DECODER.decode(text)
    except (ValueError, RecursionError) as exc:  # ValueError covers JSONDecodeError
        raise _malformed(exc) from None


class _Cursor:
    """A position in the text, with the few steps the top-level walk needs."""

    def __init__(self, text: str, pos: int = 0) -> None:
        self.text = text
        self.pos = pos
        self.where = ""
        """The field being read, named in the error about a key given twice."""

    def skip(self) -> str:
        """Skip white space; the next character, or ``""`` at the end."""
        match = _SPACE.match(self.text, self.pos)
        self.pos = match.end() if match else self.pos
        return self.text[self.pos:self.pos + 1]

    def expect(self, chars: str, what: str) -> str:
        found = self.skip()
        if not found or found not in chars:
            shown = "the end of the text" if not found else repr(found)
            raise json.JSONDecodeError(f"expected {what}, found {shown}", self.text, self.pos)
        self.pos += 1
        return found

    def value(self) -> Any:
        self.skip()
        value, self.pos = DECODER.raw_decode(self.text, self.pos)
        return value


def _items(cursor: _Cursor, convert: Callable[[Any, str], T]) -> Iterator[T]:
    """The items of a JSON list whose ``[`` has been read, as ``convert(item, where)``;
    the cursor is left after the ``]``.

    The loop calls the decoder's C scanner directly and steps over separators by hand: it
    runs once per action of a record that may hold millions.
    """
    scan: Callable[[str, int], tuple[Any, int]] = DECODER.scan_once  # type: ignore[attr-defined]
    text, space = cursor.text, _SPACE.match
    if cursor.skip() == "]":
        cursor.pos += 1
        return
    pos, index = cursor.pos, 0
    while True:
        cursor.where = f"actions[{index}]"
        try:
            value, pos = scan(text, pos)
        except StopIteration as stop:
            raise json.JSONDecodeError("expected a value", text, stop.value) from None
        yield convert(value, f"actions[{index}]")
        index += 1
        sep = text[pos:pos + 1]
        if sep in _SPACE_CHARS:
            pos = space(text, pos).end()  # type: ignore[union-attr]  # always matches
            sep = text[pos:pos + 1]
        if sep == "]":
            cursor.pos = pos + 1
            return
        if sep != ",":
            raise json.JSONDecodeError("expected ',' or ']' in the action list", text, pos)
        pos += 1
        if text[pos:pos + 1] in _SPACE_CHARS:
            pos = space(text, pos).end()  # type: ignore[union-attr]


ACTIONS_FOLLOW: Any = object()
"""Stands in a scanned document for an action list that :func:`iter_list` yields."""


def scan_record(text: str, check_action: Callable[[Any, str], Any]) -> tuple[Any, int | None]:
    """Check ``text`` is one well-formed JSON document and split off its action list.

    Returns the decoded document, in which a top-level ``actions`` list is replaced by
    :data:`ACTIONS_FOLLOW`, and the offset of that list's first item (``None`` when there is
    none) for :func:`iter_list`. ``check_action(item, where)`` is called on every item of the
    list as it is read; nothing of the items is kept.
    """
    cursor = _Cursor(text)
    try:
        if cursor.skip() != "{":
            return loads(text), None
        cursor.pos += 1
        doc: dict[str, Any] = {}
        actions_at: int | None = None
        if cursor.skip() == "}":
            cursor.pos += 1
        else:
            while True:
                cursor.skip()
                key = cursor.value()
                if not isinstance(key, str):
                    raise json.JSONDecodeError("expected a key in double quotes", text,
                                               cursor.pos)
                cursor.where = key
                if key in doc:
                    raise _DuplicateKey(key)
                cursor.expect(":", "':' after a key")
                if key == "actions" and cursor.skip() == "[":
                    cursor.pos += 1
                    actions_at = cursor.pos
                    doc[key] = ACTIONS_FOLLOW
                    for _ in _items(cursor, check_action):
                        pass
                else:
                    doc[key] = cursor.value()
                if cursor.expect(",}", "',' or '}' after a field") == "}":
                    break
        if cursor.skip():
            raise json.JSONDecodeError("extra data after the record", text, cursor.pos)
    except (ValueError, RecursionError) as exc:
        raise _malformed(exc, cursor.where) from None
    return doc, actions_at


def iter_list(text: str, start: int | None, convert: Callable[[Any, str], T]) -> Iterator[T]:
    """Decode again, one at a time, the items of the action list that :func:`scan_record`
    found at ``start`` (none when ``start`` is ``None``), yielding ``convert(item, where)``."""
    if start is not None:
        yield from _items(_Cursor(text, start), convert)
