"""``paizhuo judge FILE``: check a game record and print the judge's JSON answer
(:mod:`paizhuo.engine.judge`); every answer is JSON, a record that cannot be read included."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any

import typer

from paizhuo.cli.common import EXIT_INTERNAL, CommandError, error, internal_error
from paizhuo.engine.errors import MalformedError
from paizhuo.engine.judge import MALFORMED, judge_text, malformed_answer

MAX_RECORD_BYTES = 16_000_000
"""The judge refuses larger records (``--max-bytes``): a legal deal's record is a few KB."""


def read_input(file: str, max_bytes: int = MAX_RECORD_BYTES) -> str:
    """The text of ``file`` (``-``: standard input), refused past ``max_bytes``."""
    label = "standard input" if file == "-" else repr(file)
    size = 0
    try:
        if file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data: bytes | str = (stream.read(max_bytes + 1) if stream is not None
                                 else sys.stdin.read(max_bytes + 1))
        else:
            with open(file, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                data = b"" if size > max_bytes else handle.read(max_bytes + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {label}: {exc.strerror or exc}") from None
    if len(data) > max_bytes or (file != "-" and size > max_bytes):
        raise CommandError(f"{label} is larger than {max_bytes:,} bytes, the most the judge "
                           "reads (a deal's record takes a few kilobytes; --max-bytes "
                           "changes the limit)")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CommandError(f"cannot read {label}: not UTF-8 text ({exc.reason} at byte "
                           f"{exc.start})") from None


def emit_json(answer: dict[str, Any]) -> None:
    """Print the answer as one line of JSON (Chinese as it is, where the terminal can)."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        sys.stdout.write(text + "\n")
    except UnicodeEncodeError:  # a terminal that cannot show Chinese still gets the answer
        sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def judge(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A record (JSON) file, or - for standard input.")],
    max_bytes: Annotated[int, typer.Option(
        "--max-bytes", metavar="N", min=1,
        help="Refuse a record larger than N bytes (exit 2).")] = MAX_RECORD_BYTES,
) -> None:
    """Check a game record: print the judge's JSON answer; exit 0 legal, 1 illegal, 2 malformed.
    """
    try:
        text = read_input(file, max_bytes)
    except CommandError as exc:
        emit_json(malformed_answer(MalformedError("", exc.message)))
        error(exc.message)
        raise typer.Exit(MALFORMED) from None
    try:
        status, answer = judge_text(text)
    except Exception as exc:  # an engine bug must still answer in JSON, without a traceback
        emit_json({"valid": False, "internal_error": True,
                   "message": f"{type(exc).__name__}: {exc}"})
        internal_error(exc)
        raise typer.Exit(EXIT_INTERNAL) from None
    emit_json(answer)
    raise typer.Exit(status)
