"""The Baohuang audit patterns (:mod:`paizhuo.arena.patterns.baohuang`) on built positions:
each flags the mistake it defines, passes the right play, and says nothing where the
decision is no chance to make it (docs/strength.md, "Baohuang patterns")."""

from __future__ import annotations

from typing import Any

from paizhuo.arena.audit import BasePattern, Decision, Finding
from paizhuo.arena.patterns import baohuang as bh
from paizhuo.engine.actions import Action
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import position
from paizhuo.notation import parse_cards


class Deal:
    """A position played by hand, each decision put to one pattern as the audit does."""

    def __init__(self, pattern: BasePattern, hands: list[str], **start: Any) -> None:
        self.pattern = pattern
        self.game: BaohuangGame = position(hands, **start)
        self.decisions: list[Decision] = []
        self.found: list[tuple[int, Finding]] = []

    def do(self, seat: int, verb: str, cards: str = "") -> Finding | None:
        g = self.game
        action = Action.make(seat, verb, parse_cards(cards))
        d = Decision(len(self.decisions), seat, g, g.observation(seat), g.legal_actions(seat),
                     action)
        verdict = self.pattern.check(d)
        if verdict is not None:
            self.found.append((d.index, verdict))
        g.apply(action)
        self.decisions.append(d)
        return verdict

    def end(self) -> list[tuple[int, Finding]]:
        for d in self.decisions:
            d.game = None  # type: ignore[assignment]  # as the audit does once a deal ends
        return self.pattern.after_deal(self.game, self.decisions)


def made(f: Finding | None) -> bool | None:
    return None if f is None else f.made


def normal(pattern: BasePattern, hands: list[str], **start: Any) -> Deal:
    """Emperor 0, hidden guard 3 (called 8H), unless told otherwise."""
    start.setdefault("emperor", 0)
    start.setdefault("guard", 3)
    start.setdefault("called", "8H")
    return Deal(pattern, hands, **start)


def seized(pattern: BasePattern, hands: list[str], **start: Any) -> Deal:
    """Seat 0 seized the crown: one against four."""
    return Deal(pattern, hands, emperor=0, seized=True, **start)


LONG = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3D 4D"
"""Thirteen low odd cards: a hand far from going out."""


# -- seizing ---------------------------------------------------------------------------------

STRONG = "BJ* BJ SJ SJ 2S 2S 2H AH AC 8H 8H 8H 3S 4S 5S"  # strength 10
WEAK = "BJ* SJ SJ 2S 2S AH AC 8H 8H 8H 3S 4S 5S"  # strength 6.5


def crown(pattern: BasePattern, hand: str) -> Deal:
    return Deal(pattern, [hand, "3H", "4H", "5H", "6H"], phase="crown", kitty="3D")


def test_the_seize_rate_counts_every_seize_on_offer() -> None:
    assert made(crown(bh.Seize(), STRONG).do(0, "seize")) is True
    assert made(crown(bh.Seize(), STRONG).do(0, "pass_crown")) is False
    # in play seizing is over: no chance
    assert normal(bh.Seize(), [LONG, LONG, LONG, LONG, LONG]).do(0, "play", "3C") is None


def test_seizing_with_a_weak_hand_is_the_mistake() -> None:
    assert bh.seize_strength([0] * 11 + [2, 2, 2, 1]) == 6.5
    assert made(crown(bh.SeizeWeak(), WEAK).do(0, "seize")) is True
    assert made(crown(bh.SeizeWeak(), WEAK).do(0, "call", "8H")) is False
    # a hand strong enough to seize is no chance to seize too weak
    assert crown(bh.SeizeWeak(), STRONG).do(0, "seize") is None
    # the threshold is 9 (the seizer goes out first about half the time): 8.5 is weak, 9 not
    seven = "BJ* SJ SJ 2S 2S 2H AH AC 8H 8H 8H 3S 4S AD AD"
    assert made(crown(bh.SeizeWeak(), seven).do(0, "seize")) is True
    assert made(crown(bh.SeizeWeak(), seven + " 2D 2C AS").do(0, "seize")) is True
    assert crown(bh.SeizeWeak(), seven + " 2D 2C AS AS").do(0, "seize") is None


# -- fighting the emperor near his end -------------------------------------------------------


def test_a_rebel_who_lets_a_short_emperor_pass_is_flagged() -> None:
    short = "5S 5S 9S 9S KS QS QS"  # seven cards after his lead of two
    d = seized(bh.RebelPasses(), [short, "7S 7S " + LONG, LONG, LONG, LONG])
    d.do(0, "play", "5S 5S")
    assert made(d.do(1, "yield")) is True
    d = seized(bh.RebelPasses(), [short, "7S 7S " + LONG, LONG, LONG, LONG])
    d.do(0, "play", "5S 5S")
    assert made(d.do(1, "play", "7S 7S")) is False
    # a seat that cannot beat him has no chance to fight
    assert d.do(2, "pass") is None


def test_a_long_emperor_may_be_let_pass() -> None:
    d = seized(bh.RebelPasses(), ["5S 5S " + LONG, "7S 7S " + LONG, LONG, LONG, LONG])
    d.do(0, "play", "5S 5S")  # thirteen cards left
    assert d.do(1, "pass") is None


def test_the_guard_letting_the_emperor_pass_is_no_rebels_mistake() -> None:
    d = normal(bh.RebelPasses(), ["5S 5S 9S 9S", LONG, LONG, "7S 7S " + LONG, LONG])
    d.do(0, "play", "5S 5S")
    d.do(1, "pass")
    d.do(2, "pass")
    assert d.do(3, "pass") is None


def short_stand(answers: list[tuple[int, str, str]]) -> list[tuple[int, Finding]]:
    d = seized(bh.ShortHandStands(),
               ["5S 5S 9S", "7S 7S " + LONG, "8S 8S " + LONG, LONG, LONG])
    d.do(0, "play", "5S 5S")  # one card left
    for seat, verb, cards in answers:
        d.do(seat, verb, cards)
    return d.found + d.end()


def test_the_emperors_last_plays_let_stand_are_flagged() -> None:
    found = short_stand([(1, "pass", ""), (2, "pass", ""), (3, "pass", ""), (4, "pass", ""),
                         (0, "play", "9S")])
    assert [(i, f.made) for i, f in found] == [(1, True), (2, True)]


def test_a_pass_another_rebel_makes_good_is_no_mistake() -> None:
    found = short_stand([(1, "pass", ""), (2, "play", "8S 8S")])
    assert [(i, f.made) for i, f in found] == [(2, False), (1, False)]


# -- leads into a short hand -----------------------------------------------------------------


def test_a_lead_the_short_emperor_beats_is_flagged() -> None:
    hands = ["9S", "7S 8S 8S " + LONG, LONG, LONG, LONG]
    assert made(seized(bh.LeadIntoShort(), hands, leader=1).do(1, "play", "7S")) is True
    assert made(seized(bh.LeadIntoShort(), hands, leader=1).do(1, "play", "8S 8S")) is False
    # with the short hand long, no chance
    long = ["9S " + LONG, *hands[1:]]
    assert seized(bh.LeadIntoShort(), long, leader=1).do(1, "play", "7S") is None


def test_a_lead_into_the_seizer_is_its_own_count_and_only_a_rebels() -> None:
    hands = ["9S", "7S 8S 8S " + LONG, LONG, LONG, LONG]
    assert made(seized(bh.LeadIntoSeizer(), hands, leader=1).do(1, "play", "7S")) is True
    assert made(seized(bh.LeadIntoSeizer(), hands, leader=1).do(1, "play", "8S 8S")) is False
    # a normal game's short emperor is LeadIntoShort's only
    emperor = ["9S", "7S 8S 8S " + LONG, LONG, "8H " + LONG, LONG]
    assert normal(bh.LeadIntoSeizer(), emperor, leader=1, revealed=True).do(
        1, "play", "7S") is None
    assert made(normal(bh.LeadIntoShort(), emperor, leader=1, revealed=True).do(
        1, "play", "7S")) is True
    # the seizer's own leads into a short rebel are no chance here
    rebel = ["7S 8S 8S " + LONG, "9S", LONG, LONG, LONG]
    assert seized(bh.LeadIntoSeizer(), rebel, leader=0).do(0, "play", "7S") is None


def test_a_lead_into_a_partners_short_hand_is_no_chance() -> None:
    hands = [LONG, "7S 8S 8S " + LONG, "9S", LONG, LONG]
    assert seized(bh.LeadIntoShort(), hands, leader=1).do(1, "play", "7S") is None


def test_a_lead_into_the_hidden_guards_last_cards_is_flagged() -> None:
    hands = [LONG, "3S 3S 3S 4S 4S 4S 4S " + LONG, LONG, "9S 9S 9S", LONG]
    assert made(normal(bh.LeadIntoGuard(), hands, leader=1).do(1, "play", "3S 3S 3S")) is True
    assert made(normal(bh.LeadIntoGuard(), hands, leader=1).do(
        1, "play", "4S 4S 4S 4S")) is False
    # once the guard is public he is LeadIntoShort's
    assert normal(bh.LeadIntoGuard(), hands, leader=1, revealed=True).do(
        1, "play", "3S 3S 3S") is None
    assert made(normal(bh.LeadIntoShort(), hands, leader=1, revealed=True).do(
        1, "play", "3S 3S 3S")) is True


# -- overtaking one's own side ---------------------------------------------------------------


def test_the_hidden_guard_overtaking_the_emperor_is_flagged() -> None:
    hands = ["5S 5S " + LONG, "7S 7S " + LONG, LONG, LONG, LONG]
    d = normal(bh.GuardBeatsEmperor(), hands, guard=1)
    d.do(0, "play", "5S 5S")
    assert made(d.do(1, "play", "7S 7S")) is True
    d = normal(bh.GuardBeatsEmperor(), hands, guard=1)
    d.do(0, "play", "5S 5S")
    assert made(d.do(1, "pass")) is False
    # a rebel with the same cards beats him rightly
    d = normal(bh.GuardBeatsEmperor(), hands, guard=3)
    d.do(0, "play", "5S 5S")
    assert d.do(1, "play", "7S 7S") is None
    # beating to go out is no overtaking
    d = normal(bh.GuardBeatsEmperor(), ["5S 5S " + LONG, "7S 7S", LONG, LONG, LONG], guard=1)
    d.do(0, "play", "5S 5S")
    assert d.do(1, "play", "7S 7S") is None


def test_the_guard_who_never_beats_the_emperor_gives_himself_away() -> None:
    def tell(verbs: list[str]) -> list[tuple[int, Finding]]:
        d = normal(bh.GuardTell(), ["5S 5S 6S 6S 9S 9S " + LONG, "7S 7S TS TS " + LONG,
                                    LONG, LONG, LONG], guard=1)
        for pair, verb in zip(["5S 5S", "6S 6S", "9S 9S"], verbs, strict=True):
            d.do(0, "play", pair)
            d.do(1, verb, "TS TS" if verb == "play" else "")
            if verb == "play":
                return d.end()
            for seat in (2, 3, 4):
                d.do(seat, "pass")
        return d.end()

    assert [f.made for _, f in tell(["pass", "pass", "pass"])] == [True]
    assert [f.made for _, f in tell(["pass", "play", "pass"])] == [False]


def test_the_emperor_overtaking_his_hidden_guard_is_flagged() -> None:
    hands = ["7S 7S " + LONG, "5S 5S " + LONG, LONG, LONG, LONG]

    def emperor(verb: str, cards: str = "", **start: Any) -> Finding | None:
        d = normal(bh.EmperorOvertakesGuard(), hands, guard=1, leader=1, **start)
        d.do(1, "play", "5S 5S")
        for seat in (2, 3, 4):
            d.do(seat, "pass")
        return d.do(0, verb, cards)

    assert made(emperor("play", "7S 7S")) is True
    assert made(emperor("pass")) is False
    assert emperor("play", "7S 7S", revealed=True) is None  # public: OvertakeOwnSide's


def rebel_known(pattern: BasePattern, hands: list[str]) -> Deal:
    """Seat 1 beats the emperor's 3S with a 4S (so every rebel knows he is one, as the guard
    does not do that), the round closes and he leads."""
    d = normal(pattern, ["3S " + hands[0], "4S " + hands[1], *hands[2:]])
    d.do(0, "play", "3S")
    d.do(1, "play", "4S")
    for seat in (2, 3, 4, 0):
        d.do(seat, "pass")
    return d


def test_rebels_overtaking_each_other_are_flagged() -> None:
    hands = [LONG, "5S 5S " + LONG, "7S 7S " + LONG, LONG, LONG]
    d = rebel_known(bh.RebelsOvertake(), hands)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "play", "7S 7S")) is True
    d = rebel_known(bh.RebelsOvertake(), hands)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "yield")) is False
    # a rebel who has never beaten the emperor may be the hidden guard to the others:
    # beating his play is no chance to overtake
    d = normal(bh.RebelsOvertake(), hands, leader=1)
    d.do(1, "play", "5S 5S")
    assert d.do(2, "play", "7S 7S") is None
    # the guard revealed, the roles are public
    d = normal(bh.RebelsOvertake(), hands, leader=1, revealed=True)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "play", "7S 7S")) is True
    # over a rebel's last play, beating is no overtaking (the lead would pass on)
    d = normal(bh.RebelsOvertake(), [LONG, "5S 5S", "7S 7S " + LONG, LONG, LONG], leader=1)
    d.do(1, "play", "5S 5S")
    assert d.do(2, "play", "7S 7S") is None
    # the guard (seat 3) beating a rebel is no rebel's overtaking
    d = normal(bh.RebelsOvertake(), [LONG, "5S 5S " + LONG, LONG, "7S 7S " + LONG, LONG],
               leader=1)
    d.do(1, "play", "5S 5S")
    d.do(2, "pass")
    assert d.do(3, "play", "7S 7S") is None


def test_overtaking_any_partner_is_flagged() -> None:
    # a seized game: the four are partners, known to all
    hands = [LONG, "5S 5S " + LONG, "7S 7S " + LONG, LONG, LONG]
    d = seized(bh.OvertakeOwnSide(), hands, leader=1)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "play", "7S 7S")) is True
    d = seized(bh.OvertakeOwnSide(), hands, leader=1)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "pass")) is False
    # in a normal game a rebel's partner is one only once he can be known
    d = normal(bh.OvertakeOwnSide(), hands, leader=1)
    d.do(1, "play", "5S 5S")
    assert d.do(2, "play", "7S 7S") is None
    d = rebel_known(bh.OvertakeOwnSide(), hands)
    d.do(1, "play", "5S 5S")
    assert made(d.do(2, "play", "7S 7S")) is True
    # beating the seizer is no overtaking
    d = seized(bh.OvertakeOwnSide(), ["5S 5S " + LONG, *hands[1:]])
    d.do(0, "play", "5S 5S")
    d.do(1, "pass")
    assert d.do(2, "play", "7S 7S") is None


def test_every_pattern_is_listed_once() -> None:
    keys = [p.key for p in bh.PATTERNS]
    assert len(set(keys)) == len(keys) == 12
    assert all(k.startswith("bh.") and p.source for k, p in zip(keys, bh.PATTERNS, strict=True))
