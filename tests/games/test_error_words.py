"""Every refusal a game raises says itself in 中文 too, and writes cards as people do.

Random positions of each game and preset are each offered many illegal actions: every verb,
random cards from the hand and from outside it, every legal action by a seat whose turn it
is not. Every ``IllegalActionError`` that comes back must carry a 中文 text (``zh``) with no
English in it — ASCII letters only in rule ids (``SJ-8``) and card ranks (``A♠``, ``K``) —
and its English must write cards with suit symbols (``5♥``), never the notation's ``5H``.
"""

from __future__ import annotations

import random
import re

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, Words
from paizhuo.engine.game import Game
from paizhuo.games import game_class
from paizhuo.notation import parse_card, parse_cards, say_card, say_cards

GAMES = ("shengji", "gouji", "baohuang")
PRESETS = [(name, preset) for name in GAMES for preset in game_class(name).PRESETS]

_RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")
_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♣♦]")
_RANK = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")
_NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHCD]|BJ\*)(?![A-Za-z0-9])")


def english_left(zh: str) -> str:
    """The ASCII letters of a 中文 text once rule ids and card ranks are taken out."""
    rest = _RANK.sub("", _CARD.sub("", _RULE_ID.sub("", zh)))
    return "".join(re.findall(r"[A-Za-z]+", rest))


def positions(name: str, preset: str, seed: int, count: int) -> list[Game]:
    """``count`` positions of one random deal, at random moments (the first one included)."""
    cls = game_class(name)
    game = cls.new({"preset": preset}, seed=seed)
    rng = random.Random(seed)
    moments: list[Game] = []
    while not game.is_over:
        moments.append(game.clone())
        game.apply(game.sample_action(rng))
    picked = [moments[0], *rng.sample(moments[1:], min(count - 1, len(moments) - 1))]
    return picked


def illegal_tries(game: Game, rng: random.Random) -> list[Action]:
    """Actions to offer a position, most of them illegal."""
    tries: list[Action] = []
    acting = game.to_act()
    verbs = sorted(game.VERBS)
    for seat in range(game.num_seats):
        hand = list(parse_cards(game.observation(seat)["hand"] or ""))
        for verb in verbs:
            tries.append(Action(seat, verb))
            for _ in range(3):
                if hand:
                    k = rng.randint(1, min(5, len(hand)))
                    tries.append(Action(seat, verb, tuple(sorted(rng.sample(hand, k)))))
                tries.append(Action(seat, verb, (rng.randrange(52),) * rng.randint(1, 3)))
        if seat not in acting:
            for other in acting:
                tries.extend(Action(seat, a.verb, a.cards, a.extra)
                             for a in game.legal_actions(other)[:20])
    return tries


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_every_refusal_says_itself_in_chinese(name: str, preset: str) -> None:
    rng = random.Random(7)
    seen: dict[str, str] = {}
    for seed in range(2):
        for position in positions(name, preset, seed, count=8):
            for action in illegal_tries(position, rng):
                try:
                    position.clone().apply(action)
                except MalformedError:
                    continue  # input only a program writes wrong: the server words it
                except IllegalActionError as exc:
                    assert exc.zh, f"{exc} has no 中文 text"
                    assert not english_left(exc.zh), f"English in 中文: {exc.zh!r} ({exc})"
                    assert not _NOTATION.search(exc.message), (
                        f"cards in notation, not as people write them: {exc.message!r}")
                    seen.setdefault(exc.rule + " " + exc.message[:24], exc.zh)
    # the sample reaches many different refusals, not a few over and over
    assert len(seen) >= 6, seen


def test_english_left_allows_rule_ids_and_ranks_only() -> None:
    assert english_left("必须跟黑桃：你有 7♠ 7♠（SJ-8）") == ""
    assert english_left("进贡要交你最大的 2 张牌：A K，买一张10") == ""
    assert english_left("出牌阶段不能「bury」") == "bury"
    assert english_left("你手里没有 5H") == "H"


def test_cards_in_messages_are_written_with_suit_symbols() -> None:
    assert say_card(parse_card("5H")) == "5♥"
    assert say_card(parse_card("TS")) == "10♠"
    assert say_cards(parse_cards("AD QC SJ BJ BJ*")) == "A♦ Q♣ SJ BJ BJ★"
    assert say_cards(parse_cards("AD SJ BJ BJ*"), "zh") == "A♦ 小王 大王 大王★"
    assert say_cards(()) == ""


def test_a_wrong_follow_is_refused_in_both_languages() -> None:
    """A Shengji follow that ignores the pair rule (SJ-8): the English names the cards as
    people write them, the 中文 says it as a 升级 player would."""
    cls = game_class("shengji")
    game = cls.new({"preset": "tractor"}, seed=5)
    rng = random.Random(5)
    while not (game.phase == "play" and game.to_act()):
        game.apply(game.sample_action(rng))
    refusals = []
    for _ in range(400):
        seat = game.to_act()[0]
        hand = list(parse_cards(game.observation(seat)["hand"]))
        legal = game.legal_actions(seat)
        if legal and len(legal[0].cards) == 1 and legal[0].verb == "play":
            for card in set(hand):
                try:
                    game.clone().apply(Action(seat, "play", (card,)))
                except IllegalActionError as exc:
                    refusals.append(exc)
        if refusals or game.is_over:
            break
        game.apply(game.sample_action(rng))
    assert refusals, "no follow was refused in this deal"
    exc = refusals[0]
    assert exc.rule in ("SJ-6", "SJ-8")
    assert exc.message.startswith("must follow"), exc.message
    assert re.search(r"(?:10|[2-9JQKA])[♠♥♣♦]", exc.message), exc.message
    assert exc.zh is not None and exc.zh.startswith("必须跟"), exc.zh


def test_words_carry_their_chinese_into_an_error() -> None:
    why = Words("a lead needs at least one card", "出牌至少要出一张")
    exc = IllegalActionError("SJ-6", why, 1)
    assert exc.message == "a lead needs at least one card" and type(exc.message) is str
    assert exc.zh == "出牌至少要出一张"
    assert IllegalActionError("SJ-6", "x", 1, zh="甲").zh == "甲"
    said = MalformedError("[2]", "a pass shows no cards", zh="「不要」不出牌")
    assert said.zh == "「不要」不出牌"
    assert MalformedError("[2]", "a pass shows no cards").zh is None
