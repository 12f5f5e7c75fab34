"""The Gouji audit patterns (:mod:`paizhuo.arena.patterns.gouji`,
docs/strength.md, "Gouji patterns") on constructed positions: each flags the mistake it defines,
passes the right play and stays silent where the position is no chance to make it."""

from __future__ import annotations

from paizhuo.arena.audit import BasePattern, Decision, Finding
from paizhuo.arena.patterns.gouji import (
    PATTERNS,
    DuelFold,
    GoujiSetBroken,
    LoneJoker,
    MoneySingleEarly,
    NoAdvice,
    NoBurn,
    SetBroken,
    SingleClimb,
)
from paizhuo.engine.actions import Action
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.positions import act, position
from paizhuo.notation import parse_cards


def many(text: str, n: int = 3) -> str:
    return " ".join([text] * n)


def decision(g: GoujiGame, seat: int, verb: str, cards: str = "",
             extra: dict[str, int] | None = None, index: int = 0) -> Decision:
    """The decision of ``seat`` now, taking ``verb`` with ``cards``."""
    action = Action.make(seat, verb, list(parse_cards(cards)), extra)
    legal = g.legal_actions(seat)
    assert action.verb == "advise" or action in legal, (action, legal)
    return Decision(index, seat, g, g.observation(seat), legal, action)


def verdict(pattern: BasePattern, g: GoujiGame, seat: int, verb: str,
            cards: str = "") -> Finding | None:
    return pattern.check(decision(g, seat, verb, cards))


MONEY = " ".join(["2S 2H 2C 2D"] * 4 + ["SJ BJ"] * 4)
"""Every 2 and joker of the deck (216 cards)."""
LONG = "4S 5S 6S 7S 8S 9S TS JS QS KS 3H 4H"
"""Twelve cards of twelve ranks: a hand early in the game, all singles."""


def single_led(hands: list[str], card: str, leader: int = 1) -> GoujiGame:
    g = position(hands, leader=leader)
    act(g, leader, "play", card)
    return g


def test_every_pattern_is_listed_with_a_source() -> None:
    keys = [p.key for p in PATTERNS]
    assert len(set(keys)) == len(keys) == 8
    assert all(p.key.startswith("gj.") and p.title and p.source for p in PATTERNS)


def test_money_single_early() -> None:
    hands = ["3S", "AS " + LONG, "2S SJ " + LONG, many("3C"), many("3D"), many("4D")]
    g = single_led(hands, "AS")
    joker = verdict(MoneySingleEarly(), g, 2, "play", "SJ")
    assert joker is not None and joker.made
    passed = verdict(MoneySingleEarly(), g, 2, "pass")
    assert passed is not None and not passed.made
    # a single 2 where no plain single beats the A: taking the lead with it is right
    two = verdict(MoneySingleEarly(), g, 2, "play", "2S")
    assert two is not None and not two.made
    hands[2] = "2S " + LONG
    assert verdict(MoneySingleEarly(), single_led(hands, "AS"), 2, "play", "2S") is None
    # a single 2 where a single K (no set) beats the 9 too: money spent for nothing
    made = verdict(MoneySingleEarly(), single_led(hands, "9S"), 2, "play", "2S")
    assert made is not None and made.made
    assert joker.weight > made.weight
    hands[2] = "2S SJ " + LONG
    # late (ten cards or fewer) it is no chance; nor against a maker about to go out
    hands[2] = "2S SJ 4C 5C 6C 7C"
    assert verdict(MoneySingleEarly(), single_led(hands, "AS"), 2, "play", "2S") is None
    hands[2], hands[1] = "2S SJ " + LONG, "AS 4D 4H"
    assert verdict(MoneySingleEarly(), single_led(hands, "AS"), 2, "play", "2S") is None


def test_single_climb() -> None:
    hands = ["3S", "9S " + LONG, "2S " + LONG, many("3D"), many("4D"), "BJ " + LONG]
    g = position(hands, leader=1)
    climb = SingleClimb()
    assert climb.check(decision(g, 1, "play", "9S", index=0)) is None
    act(g, 1, "play", "9S")
    assert climb.check(decision(g, 2, "play", "2S", index=1)) is None
    act(g, 2, "play", "2S")
    assert climb.check(decision(g, 5, "play", "BJ", index=2)) is None  # (2s are gouji)
    found = climb.after_deal(g, [])
    assert [(i, f.made) for i, f in found] == [(2, True)]
    # one single 2 takes the lead, nobody puts money on it: a chance passed, on the lead
    g = position(hands, leader=1)
    climb = SingleClimb()
    climb.check(decision(g, 1, "play", "9S", index=0))
    act(g, 1, "play", "9S")
    climb.check(decision(g, 2, "play", "2S", index=1))
    act(g, 2, "play", "2S")
    climb.check(decision(g, 5, "pass", index=2))
    assert [(i, f.made) for i, f in climb.after_deal(g, [])] == [(0, False)]


def test_lone_joker() -> None:
    hands = ["3S", "AS 4S 4H 6S 6H 7S 7H 8S 8H", "SJ 4C 5C 7C 8C 9C TC JC QC KC 3C 3D",
             many("3C"), many("3D"), many("4D")]
    g = single_led(hands, "AS")
    made = verdict(LoneJoker(), g, 2, "play", "SJ")
    assert made is not None and made.made
    passed = verdict(LoneJoker(), g, 2, "pass")
    assert passed is not None and not passed.made
    # stopping an opponent about to go out (6 cards or fewer after his play) is right
    hands[1] = "AS 4S 4H 6S 6H 7S 7H"
    assert verdict(LoneJoker(), single_led(hands, "AS"), 2, "play", "SJ") is None
    # a joker that leaves the hand one play from going out is right
    hands[2] = "SJ 5C 5D"
    assert verdict(LoneJoker(), single_led(hands, "AS"), 2, "play", "SJ") is None


def test_set_broken() -> None:
    hands = ["3S", "5S " + many("4S 6S 7S 8S"), "8C 9S 9H 9C JS JH JD QS QH 3H 4H",
             many("3C"), many("3D"), many("4D")]
    g = single_led(hands, "5S")
    made = verdict(SetBroken(), g, 2, "play", "9S")
    assert made is not None and made.made
    whole = verdict(SetBroken(), g, 2, "play", "8C")
    assert whole is not None and not whole.made
    # 9 9 9 is no gouji set (that takes five 10s or more, GJ-4)
    assert verdict(GoujiSetBroken(), g, 2, "play", "9S") is None
    # a gouji play on the table: no chance (sets may go on the 对头's fight)
    hands[1], hands[4] = "KS KH " + many("4S 6S 7S 8S"), "AS AH AD 3H 4H"
    g = single_led(hands, "KS KH")
    assert g.to_act() == [4]
    assert verdict(SetBroken(), g, 4, "pass") is None


def test_gouji_set_broken() -> None:
    hands = ["3S", "9D " + many("4S 6S 7S 8S"), "TS TS TH TC TD 3H 4H 5H",
             many("3C"), many("3D"), many("4D")]
    g = single_led(hands, "9D")
    made = verdict(GoujiSetBroken(), g, 2, "play", "TS")
    assert made is not None and made.made
    passed = verdict(GoujiSetBroken(), g, 2, "pass")
    assert passed is not None and not passed.made


def duel_position(seat3: str, seat0: str) -> GoujiGame:
    """Seat 3 leads Q Q Q (a gouji play): only seat 0, his 对头, may answer."""
    g = position([seat0, many("3C 4C"), many("3D 4D"), seat3, many("3H 4H"),
                  many("5D 6D")], leader=3)
    act(g, 3, "play", "QS QH QC")
    assert g.to_act() == [0]
    return g


def test_duel_fold() -> None:
    fold = DuelFold()
    # money spent on the 对头 first: K K beaten with 2 2
    g = position(["2S 2H " + LONG, many("3C 4C"), many("3D 4D"), "KS KH " + LONG,
                  many("3H 4H"), many("5D 6D")], leader=3)
    act(g, 3, "play", "KS KH")
    assert fold.check(decision(g, 0, "play", "2S 2H")) is None  # the duel begins
    # A A A: sure, every 2 and joker being in this hand
    g = duel_position("QS QH QC " + LONG, "AS AH AD " + MONEY + " " + LONG)
    made = fold.check(decision(g, 0, "pass"))
    assert made is not None and made.made
    fought = fold.check(decision(g, 0, "play", "AS AH AD"))
    assert fought is not None and not fought.made
    # no money spent before: no chance
    assert DuelFold().check(decision(g, 0, "pass")) is None
    # A A A could be beaten by the unseen 2s and jokers: folding is right
    g = duel_position("QS QH QC " + LONG, "AS AH AD " + LONG)
    assert fold.check(decision(g, 0, "pass")) is None
    # 2s unseen (the 对头's 2 2 2) could beat A A A: folding is right
    g = duel_position("QS QH QC 2C 2C 2C " + LONG, "AS AH AD " + LONG)
    assert fold.check(decision(g, 0, "pass")) is None
    # the only beating plays hold jokers: folding is right
    g = duel_position("QS QH QC " + LONG, "BJ KD KH " + LONG)
    assert fold.check(decision(g, 0, "pass")) is None


def burn_position(burner: str) -> GoujiGame:
    """Seat 1 leads 2 2 (gouji); seat 2, not his 对头, is asked whether to burn."""
    g = position(["3S 4S", "2S 2H " + many("3C 4C 5C"), burner, many("3D 4D"),
                  "KS KD " + many("6C 7C"), "2C 2D 8S"], leader=1)
    act(g, 1, "play", "2S 2H")
    assert g.to_act() == [2]
    return g


def test_no_burn() -> None:
    # SJ SJ can be beaten by big jokers still out, then 9 9 9 goes out: one open play
    g = burn_position("SJ SJ 9S 9H 9C")
    made = verdict(NoBurn(), g, 2, "pass")
    assert made is not None and made.made
    burnt = verdict(NoBurn(), g, 2, "burn", "SJ SJ")
    assert burnt is not None and not burnt.made
    # two open plays (SJ SJ, then 5 5 with a small joker before the 9s): no good chance
    g = burn_position("SJ SJ SJ 9S 9H 9C 5S 5H")
    assert verdict(NoBurn(), g, 2, "pass") is None


RICH = "2S 2S 2S 2S 2H 2H 2H 2H 2C 2C 2C 2C 2D 2D 2D SJ SJ SJ SJ BJ BJ BJ BJ 3C 4C"


def test_no_advice() -> None:
    # seat 2 (A A 5) runs out by seat 0's count — seat 0 holds what could beat A A — not by
    # his own (he cannot see seat 0's 25 cards)
    hands = [RICH, many("6C 7C 8C"), "AS AH 5S", many("3D 4D 5D"), many("3H 4H 5H"),
             many("6D 7D 8D")]
    g = position(hands, leader=0)
    made = verdict(NoAdvice(), g, 0, "play", "3C")
    assert made is not None and made.made
    given = NoAdvice().check(decision(g, 0, "advise", "AS AH", {"to": 2}))
    assert given is not None and not given.made
    # with advice pending to him, no chance
    act(g, 0, "advise", "AS AH", {"to": 2})
    assert verdict(NoAdvice(), g, 0, "play", "3C") is None
    # seat 0's hand shown to seat 2 (ten cards or fewer): he counts as well
    hands[0] = "2S 2S 2S 2S 2H 2H 2H 2H 3C 4C"
    assert verdict(NoAdvice(), position(hands, leader=0), 0, "play", "3C") is None
