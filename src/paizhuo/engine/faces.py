"""How a text table shows a game: its *face*, one per game, with a default for any game.

A face turns what one seat is given — its observation and its events (``docs/interface.md``)
— into what a card table shows: the hand sorted as that game's players sort it, cards with
suit symbols (``♠K``, ``♥10``), what each other seat is to the viewer (partner, opponent,
对头, emperor …), what matters now in one short status line, each event as the table
announces it, the outcome in one line. The terminal table (:mod:`paizhuo.terminal`) asks a
game for its face through :meth:`paizhuo.engine.game.Game.text_face` and never asks the
game's name; each game's package holds its own face (``games/<game>/face.py``).

:class:`TextFace`, the default, knows no game's vocabulary and still gives a readable table
for any game: the hand in card-id order, each seat's card count, the observation's
``details`` as ``key: value`` rows, every event as a line.

A face speaks one language, ``en`` or ``zh`` (:data:`LANGS`): in 中文 everything it writes is
中文 except card ranks and rule ids (:meth:`TextFace.say` holds each text in both).

A face writes :class:`Styled` lines — runs of text with a style name (``"bold"``,
``"red"``, ``"dim"``: Rich's names, which the terminal passes on as they are) — so that the
engine imports no terminal library.

>>> card_label("TH"), card_label("SJ"), card_label("BJ", "zh")
('♥10', 'SJ', '大王')
>>> TextFace().sorted_hand("AS 3S 2H BJ".split(), {})
['2H', '3S', 'AS', 'BJ']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from paizhuo.errors import MalformedError, describe
from paizhuo.notation import NotationError, parse_card

SUITS = "SHCD"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RED = frozenset("HD")
RANKS = "23456789TJQKA"
JOKERS = ("SJ", "BJ", "BJ*")
JOKERS_ZH = {"SJ": "小王", "BJ": "大王", "BJ*": "大王*"}
LANGS = ("en", "zh")
"""The languages a face speaks."""


def card_label(name: str, lang: str = "en") -> str:
    """A card as a table shows it: suit symbol then rank (``♠K``, ``♥10``); jokers by name
    (中文: 小王, 大王)."""
    if name in JOKERS:
        return JOKERS_ZH[name] if lang == "zh" else name
    if len(name) != 2 or name[1] not in SUIT_SYMBOLS:
        return name
    rank = "10" if name[0] == "T" else name[0]
    return SUIT_SYMBOLS[name[1]] + rank


def card_style(name: str) -> str:
    """The colour of a card: red suits and the big joker red, the others bold."""
    if name.startswith("BJ"):
        return "bold red"
    if name == "SJ":
        return "bold"
    return "red" if len(name) == 2 and name[1] in RED else "bold"


def is_card(name: str) -> bool:
    """Whether ``name`` is a card in canonical notation (not ``hidden`` or a count)."""
    return name in JOKERS or (len(name) == 2 and name[0] in RANKS and name[1] in SUITS)


class Styled:
    """One line of a table: text in runs, each with a style, over a style for the whole line.

    It has the shape of Rich's ``Text`` (``Text(text, style)``, ``append``) so that a face
    reads like the table it draws, without the engine importing Rich.

    >>> line = Styled("Kitty: ", "bold").cards("AH 5C").append(" (5 points)")
    >>> line.plain, line.runs[1]
    ('Kitty: ♥A ♣5 (5 points)', ('♥A', 'red'))
    """

    __slots__ = ("runs", "style")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.style = style
        """The style of the whole line (a run's own style is laid over it)."""
        self.runs: list[tuple[str, str]] = [(text, "")] if text else []
        """The text in order, each run with its own style (``""``: the line's)."""

    def append(self, text: str, style: str = "") -> Styled:
        """Add ``text`` at the end; the line itself, so that calls chain."""
        if text:
            self.runs.append((text, style))
        return self

    def extend(self, other: Styled) -> Styled:
        """Add another line's runs (its whole-line style on each run that has none)."""
        for text, style in other.runs:
            self.runs.append((text, style or other.style))
        return self

    def cards(self, cards: str | Sequence[str] | None, lang: str = "en") -> Styled:
        """Add cards with symbols and colour (jokers in ``lang``); text that is not a card
        (``hidden``) as it is."""
        names = cards.split() if isinstance(cards, str) else list(cards or [])
        for i, name in enumerate(names):
            if i:
                self.append(" ")
            self.append(card_label(name, lang), card_style(name))
        return self

    @property
    def plain(self) -> str:
        """The line's text without styles."""
        return "".join(text for text, _ in self.runs)

    def __repr__(self) -> str:
        return f"Styled({self.plain!r})"


class SeatNames(Protocol):
    """How the table names seats: ``You (seat 1)``, ``Seat 3 (across, greedy)``."""

    you: int
    """The viewer's seat."""

    def name(self, seat: Any) -> str:
        """The seat's full name (``Seat 2 (North, greedy)``)."""
        ...

    def short(self, seat: Any) -> str:
        """The seat's short name (``Seat 2 (North)``, ``you``)."""
        ...


VERB_WORDS: Mapping[str, str] = {
    "play": "plays", "pass": "passes", "bid": "bids", "call": "calls", "yield": "yields",
    "claim": "claims", "declare": "declares", "reveal": "reveals", "take_back": "takes back",
    "refuse": "refuses", "return": "returns"}
"""Verbs as a table announces them (``Seat 2 plays``), in words every game may use; a face
adds its game's own (a verb without words shows as it is)."""

VERB_NAMES_ZH: Mapping[str, str] = {
    "play": "出牌", "pass": "不要", "bid": "亮主", "bid_target": "叫分", "bury": "扣底",
    "call": "叫朋友", "take_back": "悔牌", "yield": "让牌", "claim": "申请接风", "burn": "烧",
    "revolution": "革命", "buy": "买三", "tribute": "进贡", "return": "还贡", "declare": "宣点",
    "advise": "挑牌", "keep_head": "要头", "no_head": "无头", "refuse": "拒收", "seize": "抢皇",
    "pass_crown": "不当皇帝", "reveal": "亮保"}
"""Every game's verbs in 中文, as the browser table names them (its ``verb.*`` labels): the
choices listed, the actions announced, and what a 中文 player may type instead of the verb."""

PHASES_ZH: Mapping[str, str] = {
    "bid": "亮主", "bury": "扣底", "call": "叫朋友", "play": "出牌", "crown": "选皇帝",
    "tribute": "进贡", "over": "结束", "kitty_fight": "炒地皮", "revolution": "革命",
    "buy": "买三", "head": "要头", "declare": "宣点", "bid_target": "叫分"}
"""The phases of the games in 中文 (a phase not here shows as it is)."""


def extra_text(event: Mapping[str, Any], skip: Sequence[str], lang: str = "en",
               keys: Mapping[str, str] | None = None) -> str:
    """An event's other fields as ``key value`` parts, cards with symbols; in 中文 each key by
    its name in ``keys`` (a key not there shows as it is), yes and no as 是 and 否.

    >>> extra_text({"seat": 1, "points": 10, "kitty": "AH 5C", "note": None}, ("seat",))
    'points 10, kitty ♥A ♣5'
    >>> extra_text({"points": 10, "open": True}, (), "zh", {"points": "分"})
    '分 10，open 是'
    """
    parts = []
    for key, value in event.items():
        if key in skip or value is None:
            continue
        shown = " ".join(card_label(v, lang) for v in value.split()) if isinstance(
            value, str) and all(is_card(v) for v in value.split()) and value else value
        if isinstance(shown, bool) and lang == "zh":
            shown = "是" if shown else "否"
        name = (keys or {}).get(key, key) if lang == "zh" else key.replace("_", " ")
        parts.append(f"{name} {shown}")
    return ("，" if lang == "zh" else ", ").join(parts)


class TextFace:
    """The face of a game with no face of its own, and the base of every game's face.

    Every method reads only a seat's observation (``obs``), its details, its events or the
    result it was shown, so that a face can never show a card the seat may not see.
    """

    VERB_WORDS: ClassVar[Mapping[str, str]] = VERB_WORDS
    """The game's verbs as announced (``bury`` → ``buries``)."""
    ACTION_QUIET_KEYS: ClassVar[tuple[str, ...]] = ("state_id", "type", "seat", "verb",
                                                    "cards", "count")
    """Fields of an action event not repeated after it (the line already says them)."""
    SEAT_KEYS: ClassVar[tuple[str, ...]] = ()
    """Fields of the game's own events that hold a seat (shown by the seat's name)."""
    TITLE_ZH: ClassVar[str] = ""
    """The game's name in 中文 (``升级``); empty: its name as it is."""
    VERB_NAMES_ZH: ClassVar[Mapping[str, str]] = VERB_NAMES_ZH
    """The game's verbs in 中文 (:data:`VERB_NAMES_ZH`, and a game's own)."""
    PHASES_ZH: ClassVar[Mapping[str, str]] = PHASES_ZH
    """The game's phases in 中文."""
    WORDS_ZH: ClassVar[Mapping[str, str]] = {}
    """The game's own words in 中文: its events' kinds and fields, its result's keys and
    values (``attackers_points`` → 闲家得分)."""
    WORDS_EN: ClassVar[Mapping[str, str]] = {}
    """The game's own words in English where the engine's word is not one (``H`` → ♥)."""
    RESULT_KEYS: ClassVar[tuple[str, ...]] = ()
    """The result's keys shown first under the summary, in order (the others follow)."""
    RESULT_SEATS: ClassVar[frozenset[str]] = frozenset()
    """Paths in the result whose numbers are seats (``dealer``, ``teams``, ``burns.burner``:
    a list's items share its path), shown counted from 1 as people count seats; records keep
    them 0-based (``docs/rules/records.md``)."""
    RESULT_BY_SEAT: ClassVar[frozenset[str]] = frozenset()
    """Paths of the result's mappings keyed by seat (``new_levels``): keys counted from 1."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise MalformedError("lang", f"unknown language {describe(lang)}: the table speaks "
                                 "en (English) or zh (中文)")
        self.lang = lang
        """The language the face speaks (:data:`LANGS`)."""

    @property
    def zh(self) -> bool:
        """Whether the face speaks 中文."""
        return self.lang == "zh"

    def say(self, en: str, zh: str) -> str:
        """``en`` or ``zh``, in the face's language.

        >>> TextFace("zh").say("partner", "对家")
        '对家'
        """
        return zh if self.lang == "zh" else en

    def word(self, text: str) -> str:
        """A word of the game's own (an event kind, a result key or value) in the face's
        language: from :attr:`WORDS_ZH` or :attr:`WORDS_EN` where they have it, else the
        text as it is."""
        return self.WORDS_ZH.get(text, text) if self.zh else self.WORDS_EN.get(text, text)

    def title(self, name: str) -> str:
        """The game's name as the status line starts (``shengji``; 中文 ``升级``)."""
        return self.TITLE_ZH or name if self.zh else name

    def phase_name(self, phase: Any) -> str:
        """A phase as the status line names it (中文: 亮主, 出牌 …)."""
        return self.PHASES_ZH.get(str(phase), str(phase)) if self.zh else str(phase)

    def phase_help(self, obs: Mapping[str, Any]) -> str | None:
        """What the person may do in this phase, in words, for one who does not know the
        game's flow (Shengji's bidding while the cards are dealt); shown when the phase
        begins. Default: none."""
        return None

    def count_text(self, n: int) -> str:
        """A number of cards: ``1 card``, ``5 cards``; 中文 ``5张``."""
        return self.say(f"{n} card{'' if n == 1 else 's'}", f"{n}张")

    def card_run(self, cards: str | Sequence[str] | None) -> Styled:
        """Cards with symbols and colour, jokers in the face's language."""
        return Styled().cards(cards, self.lang)

    def choice_verb(self, verb: str) -> str:
        """A verb as a listed choice names it (``take back``; 中文 ``悔牌``)."""
        if self.zh:
            return self.VERB_NAMES_ZH.get(verb, verb)
        return verb.replace("_", " ")

    # -- the hand ---------------------------------------------------------------------------

    def hand_groups(self, hand: Sequence[str],
                    details: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
        """The hand as players sort it, in named groups (``("Trumps", [...])``; a group
        titled ``""`` shows no title). Default: one group, in card-id order (2s first, by suit,
        jokers last), the only order that every game's cards have."""
        ids = []
        for name in hand:
            if is_card(name):
                try:
                    ids.append((parse_card(name), name))
                except NotationError:  # pragma: no cover - is_card admits only real cards
                    continue
        return [("", [name for _, name in sorted(ids)])] if ids else []

    def sorted_hand(self, hand: Sequence[str], details: Mapping[str, Any]) -> list[str]:
        """The hand in the order :meth:`hand_groups` shows it."""
        return [c for _, group in self.hand_groups(hand, details) for c in group]

    # -- the seats and the table ------------------------------------------------------------

    def relations(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """What each other seat is to the viewer, as far as the observation says it
        (``partner``, ``对头 (opponent across)`` …). Default: nothing."""
        return {}

    def status(self, obs: Mapping[str, Any], seats: SeatNames) -> list[Styled]:
        """What matters now, in short parts after the game and phase (trump, dealer, points
        against the target …). Default: nothing; :meth:`details_rows` shows the details."""
        return []

    def details_rows(self, obs: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """Details shown as ``key: value`` rows under the status line. Default: every
        detail that has a value, since a game without a face says nothing else; a game's
        face leaves them out (its status line says what matters)."""
        details = obs.get("details") or {}
        return [(str(k), v) for k, v in details.items() if v not in (None, "", [], {})]

    def table_plays(self, obs: Mapping[str, Any]) -> list[tuple[int, str]]:
        """The cards on the table now: ``(seat, cards)`` of the trick or round in progress.
        Default: none known."""
        return []

    # -- events -----------------------------------------------------------------------------

    def verb_text(self, verb: str, mine: bool) -> str:
        """A verb as the table announces it: ``plays`` after a seat, ``play`` after "You".

        >>> TextFace().verb_text("pass", False), TextFace().verb_text("take_back", True)
        ('passes', 'take back')
        """
        if self.zh:
            return self.VERB_NAMES_ZH.get(verb, verb)
        words = self.VERB_WORDS.get(verb)
        if words is None:
            return verb.replace("_", " ")
        if not mine:
            return words
        first, _, rest = words.partition(" ")
        base = {"buries": "bury", "passes": "pass", "pays": "pay"}.get(first, first[:-1])
        return f"{base} {rest}".strip()

    def action_head(self, event: Mapping[str, Any], seats: SeatNames) -> Styled:
        """Who acted and the verb: ``Seat 3 (across, greedy) plays``, ``You (seat 1) pass``
        (the viewer's own line in bold)."""
        seat = event.get("seat")
        mine = seat == seats.you
        line = Styled(seats.name(seat) + self.say(" ", "："), style="bold" if mine else "")
        return line.append(self.verb_text(str(event.get("verb", "")), mine))

    def append_extras(self, line: Styled, event: Mapping[str, Any]) -> Styled:
        """Add an action's other fields, dimmed, in brackets."""
        rest = extra_text(event, self.ACTION_QUIET_KEYS, self.lang, self.WORDS_ZH)
        if rest:
            line.append(self.say(f" ({rest})", f"（{rest}）"), style="dim")
        return line

    def describe_action(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """An action as announced: ``Seat 2 (North, greedy) plays ♠K ♠K``; None for one not
        worth a line."""
        line = self.action_head(event, seats)
        cards = event.get("cards")
        if cards:
            line.append(" ").cards(str(cards), self.lang)
        return self.append_extras(line, event)

    def describe_event(self, event: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """One event as the table announces it, or None for one not worth a line (the end
        of the deal, whose result is shown next). A face handles its game's own events and
        leaves the rest to this: actions, and any other event as ``kind: fields``."""
        kind = event.get("type")
        if kind == "over":
            return None
        if kind == "action":
            return self.describe_action(event, seats)
        seat = event.get("seat")
        named: dict[str, Any] = {k: seats.short(v) for k, v in event.items()
                                 if k in self.SEAT_KEYS}
        if isinstance(event.get("seats"), list):
            named["seats"] = self.say(", ", "、").join(seats.short(s) for s in event["seats"])
        rest = extra_text({**event, **named}, ("state_id", "type", "seat"), self.lang,
                          self.WORDS_ZH)
        if seat is not None:
            rest = seats.name(seat) + (self.say(", ", "，") + rest if rest else "")
        label = self.word(str(kind)) if self.zh else str(kind).replace("_", " ")
        return Styled(f"{label}{self.say(': ', '：')}{rest}" if rest else label, style="italic")

    # -- the outcome ------------------------------------------------------------------------

    def result_summary(self, result: Mapping[str, Any], seats: SeatNames) -> Styled | None:
        """The deal's outcome in one line, where the game's result says it (the whole
        result is shown under it anyway). Default: none."""
        return None

    def result_rows(self, result: Mapping[str, Any]) -> dict[str, Any]:
        """The result as people read it under the summary: the keys of :attr:`RESULT_KEYS`
        first, then the others; seats counted from 1 (:attr:`RESULT_SEATS`,
        :attr:`RESULT_BY_SEAT`), cards with suit symbols, yes and no as words; in 中文 every
        key and word of the game's own by its 中文 name (:attr:`WORDS_ZH`).

        >>> class Face(TextFace):
        ...     RESULT_KEYS = ("winner",)
        ...     RESULT_SEATS = frozenset({"order", "burns.by"})
        ...     RESULT_BY_SEAT = frozenset({"levels"})
        >>> Face().result_rows({"order": [2, 0, 1], "levels": {"0": "3"}, "kitty": "TH BJ",
        ...                     "burns": [{"by": 0, "count": 2}], "winner": "attackers",
        ...                     "void": False})
        {'winner': 'attackers', 'order': [3, 1, 2], 'levels': {'1': '3'}, 'kitty': '♥10 BJ', \
'burns': [{'by': 1, 'count': 2}], 'void': 'no'}
        """
        keys = [k for k in self.RESULT_KEYS if k in result]
        keys += [k for k in result if k not in keys]
        return {self.word(k): self._for_people(result[k], k) for k in keys}

    def _for_people(self, value: Any, path: str) -> Any:
        """One value of the result (at ``path``) as :meth:`result_rows` shows it."""
        if isinstance(value, bool):
            return self.say("yes", "是") if value else self.say("no", "否")
        if isinstance(value, int):
            return value + 1 if path in self.RESULT_SEATS else value
        if isinstance(value, str):
            if value and all(is_card(c) for c in value.split()):
                return self.card_run(value).plain
            return self.word(value)
        if isinstance(value, list | tuple):
            return [self._for_people(v, path) for v in value]
        if isinstance(value, Mapping):
            keyed = path in self.RESULT_BY_SEAT
            return {(str(int(k) + 1) if keyed and str(k).isdigit() else self.word(str(k))):
                    self._for_people(v, f"{path}.{k}") for k, v in value.items()}
        return value


__all__ = ["JOKERS", "JOKERS_ZH", "LANGS", "PHASES_ZH", "RANKS", "RED", "SUITS", "SUIT_SYMBOLS",
           "VERB_NAMES_ZH", "VERB_WORDS", "SeatNames", "Styled", "TextFace", "card_label",
           "card_style", "extra_text", "is_card"]
