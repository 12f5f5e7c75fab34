"""The package's error vocabulary: malformed input, and a well-formed action the rules forbid.

It sits under every other module (it imports nothing of paizhuo), so that the card notation
can word its messages with :func:`describe` without importing the engine. The engine names
the same classes in :mod:`paizhuo.engine.errors`, where the engine's callers and the games
import them from.
"""

from __future__ import annotations

import json
from typing import Any


class PaizhuoError(Exception):
    """Base class of every error this package raises on purpose."""


class Words(str):
    """An English text that carries its 中文 twin in ``zh``: what a helper returns when its
    words end up in an error a player reads (a str everywhere else, so that callers and tests
    that compare the English go on as before).

    >>> why = Words("must follow hearts", "必须跟红桃")
    >>> why == "must follow hearts", why.zh
    (True, '必须跟红桃')
    """

    zh: str

    def __new__(cls, en: str, zh: str) -> Words:
        made = super().__new__(cls, en)
        made.zh = zh
        return made


VERBS_ZH = {
    "play": "出牌", "pass": "不要", "bid": "亮主", "bid_target": "叫分", "bury": "扣底",
    "call": "叫", "take_back": "悔牌", "yield": "让牌", "claim": "申请接风", "burn": "烧",
    "revolution": "革命", "buy": "买牌", "tribute": "进贡", "return": "还贡",
    "refuse": "不要还贡", "declare": "宣点", "advise": "挑牌", "keep_head": "要头",
    "no_head": "无头", "seize": "抢皇", "pass_crown": "让庄", "reveal": "亮保",
    "name_trump": "定主",
}
"""What each game's verbs are called at a 中文 table (the browser's ``verb.*`` labels)."""


def seat_en(seat: int | None) -> str:
    """A seat as people read it in an error: records and the protocol count seats from 0,
    people from 1 (``docs/rules/records.md``), as the table and the terminal show them.

    >>> seat_en(0), seat_zh(5)
    ('seat 1', '6号位')
    """
    return "no seat" if seat is None else f"seat {seat + 1}"


def seat_zh(seat: int | None) -> str:
    """:func:`seat_en` in 中文: ``3号位``, as the table writes it."""
    return "无人" if seat is None else f"{seat + 1}号位"


def verb_zh(verb: str) -> str:
    """A verb in 中文 for a message, in 「」 (an unknown one: 「这个动作」).

    >>> verb_zh("pass"), verb_zh("dance")
    ('「不要」', '「这个动作」')
    """
    return f"「{VERBS_ZH.get(verb, '这个动作')}」"


def _zh_of(message: str, zh: str | None) -> str | None:
    if zh is None and isinstance(message, Words):
        return message.zh
    return zh


class MalformedError(PaizhuoError, ValueError):
    """Input that is not well formed (a bad record field, card text, option or command).

    ``field`` names where the problem is, as a path into the document (``actions[3][2]``,
    ``options.kitty_multiplier``) so that a message can point at it. ``zh``, where a player
    can meet the error at a table (an action the browser sends), says it in 中文.
    """

    def __init__(self, field: str, message: str, *, zh: str | None = None) -> None:
        self.field = field
        self.message = str(message)
        self.zh = _zh_of(message, zh)
        """The message in 中文, or ``None`` (input only a program writes)."""
        super().__init__(f"{field}: {message}" if field else self.message)


class IllegalActionError(PaizhuoError, ValueError):
    """A well-formed action the rules forbid; the state is left unchanged.

    ``rule`` is the rule id of the rules reference (``SJ-8``, ``GJ-5``, ``BH-4``) and
    ``message`` explains it in a player's words, ``zh`` in a 中文 player's (a :class:`Words`
    message brings its own); cards are written as a person writes them
    (:func:`paizhuo.notation.say_cards`: ``5♥``, ``10♠``, 小王).

    >>> IllegalActionError("SJ-8", Words("must follow ♥", "必须跟红桃"), 2).zh
    '必须跟红桃'
    """

    def __init__(self, rule: str, message: str, seat: int | None = None, *,
                 zh: str | None = None) -> None:
        self.rule = rule
        self.message = str(message)
        self.zh = _zh_of(message, zh)
        """The message in 中文 (every refusal a game raises has one)."""
        self.seat = seat
        self.index: int | None = None
        """Position of the action in a record, set when a replay stops on it."""
        super().__init__(f"[{rule}] {self.message}")


class InvalidOptionsError(MalformedError):
    """Options that are unknown, of the wrong type, or impossible together."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"options.{option}" if option else "options", message)


def describe(value: Any) -> str:
    """A JSON value in plain words, for messages (never a Python repr).

    >>> describe(None), describe("chess"), describe(3), describe([1]), describe({}), describe(True)
    ('null', '"chess"', 'the number 3', 'a list', 'an object', 'true')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return json.dumps(shown, ensure_ascii=False)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a value of an unknown kind"
