"""Parsing and printing cards in the shared notation (``docs/rules/README.md``), and saying
them as a person writes them (:func:`say_cards`: ``5♥``, for messages people read).

Input is forgiving — lower case, ``10`` for ``T``, suit symbols ``♠♥♣♦`` (also ``♤♡♧♢``),
Chinese joker names ``小王``/``大王`` (and 小花/大花/小鬼/大鬼), commas or spaces between cards,
and joker spellings ``sj``/``bj``; output is canonical (``TH``, ``SJ``, ``BJ``, ``BJ*``).

>>> format_cards(parse_cards("10♥ as 小王"))
'TH AS SJ'
>>> parse_card("qd") == parse_card("QD")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from paizhuo.cards import (
    BIG_JOKER,
    CARD_IDS,
    CARD_NAMES,
    EMPEROR_CARD,
    RANK_CHARS,
    SMALL_JOKER,
    SUIT_CHARS,
    card_name,
    ids_of,
    make_card,
)
from paizhuo.errors import describe

_SUIT_SYMBOLS: Final = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♣": "C", "♧": "C",
                        "♦": "D", "♢": "D"}
_TO_LETTERS: Final = str.maketrans(_SUIT_SYMBOLS)
_JOKERS: Final = {
    "SJ": SMALL_JOKER, "小王": SMALL_JOKER, "小花": SMALL_JOKER, "小鬼": SMALL_JOKER,
    "BJ": BIG_JOKER, "大王": BIG_JOKER, "大花": BIG_JOKER, "大鬼": BIG_JOKER,
    "BJ*": EMPEROR_CARD, "大王*": EMPEROR_CARD,
}
_RANKS: Final = {ch: i for i, ch in enumerate(RANK_CHARS)} | {"10": 8}
_SPLIT: Final = re.compile(r"[\s,;]+")


class NotationError(ValueError):
    """Text that is not a card or a list of cards in the shared notation."""


def parse_card(text: str) -> int:
    """Card id of one card written in the (forgiving) notation."""
    token = text.strip()
    upper = token.upper()  # the Chinese joker names have no case: upper() leaves them be
    if upper in _JOKERS:
        return _JOKERS[upper]
    # a suit symbol may stand first (♠A) or last (A♠); a suit letter only last (AS)
    if upper[:1] in _SUIT_SYMBOLS:
        upper = upper[1:] + upper[0]
    upper = upper.translate(_TO_LETTERS)
    rank, suit = upper[:-1], upper[-1:]
    if rank in _RANKS and suit and suit in SUIT_CHARS:
        return make_card(_RANKS[rank], SUIT_CHARS.index(suit))
    raise NotationError(f"{describe(text)} is not a card: write rank then suit "
                        "(AS, TH, 10h, 5♣) or SJ / BJ for jokers")


def parse_cards(text: str) -> tuple[int, ...]:
    """Card ids of a space- or comma-separated list, in the order written.

    >>> parse_cards("")
    ()
    """
    try:  # canonical notation (what the engine writes) by one look-up a card
        return tuple([CARD_IDS[t] for t in text.split(" ")]) if text else ()
    except KeyError:
        pass
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    return tuple(parse_card(t) for t in tokens)


def format_card(card: int) -> str:
    """Canonical notation of one card (the same as :func:`paizhuo.cards.card_name`)."""
    return card_name(card)


def format_cards(cards: Iterable[int]) -> str:
    """Canonical notation of a list of cards, in the given order."""
    return " ".join([CARD_NAMES[c] for c in cards])


_COUNTS_TEXT: dict[tuple[int, ...], str] = {}
COUNTS_TEXT_KEPT: Final = 8192
"""How many multisets :func:`format_counts` remembers before it starts again (a few MB: a
hand is asked again within a few decisions, until its seat plays)."""


def format_counts(counts: Sequence[int]) -> str:
    """Canonical notation of a multiset given as a count array (``counts[id]`` copies of
    each card), in id order — ``format_cards(ids_of(counts))``, remembered: a hand is shown
    in every observation of its seat (every decision of a playout) and changes only when it
    plays.

    >>> counts = [0] * 55
    >>> counts[parse_card("AS")] = 2
    >>> format_counts(counts)
    'AS AS'
    """
    key = tuple(counts)
    text = _COUNTS_TEXT.get(key)
    if text is None:
        if len(_COUNTS_TEXT) >= COUNTS_TEXT_KEPT:
            _COUNTS_TEXT.clear()
        text = _COUNTS_TEXT[key] = format_cards(ids_of(counts))
    return text


_SUIT_SHOWN: Final = "♠♥♣♦"
_JOKERS_SHOWN: Final = {"en": ("SJ", "BJ", "BJ★"), "zh": ("小王", "大王", "大王★")}
_SAID: Final = {lang: tuple([(("10" if r == "T" else r) + _SUIT_SHOWN[s]) for r in RANK_CHARS
                             for s in range(4)] + list(jokers))
                for lang, jokers in _JOKERS_SHOWN.items()}


def say_card(card: int, lang: str = "en") -> str:
    """One card as a person writes it, in messages people read: rank then suit symbol
    (``5♥``, ``10♠``), jokers ``SJ`` / ``BJ`` (中文 ``小王`` / ``大王``) — the browser's
    ``cardText`` — never the notation's ``5H``.

    >>> say_card(parse_card("TH")), say_card(parse_card("SJ"), "zh")
    ('10♥', '小王')
    """
    return _SAID["zh" if lang == "zh" else "en"][card]


def say_cards(cards: Iterable[int], lang: str = "en") -> str:
    """A list of cards as a person writes them (:func:`say_card`), in the given order.

    >>> say_cards(parse_cards("5H 5H BJ")), say_cards(parse_cards("AS BJ*"), "zh")
    ('5♥ 5♥ BJ', 'A♠ 大王★')
    """
    said = _SAID["zh" if lang == "zh" else "en"]
    return " ".join([said[c] for c in cards])
