"""The Baohuang heuristic bot takes the decisions good players take in crafted positions (the
emperor keeps the emperor card, the guard lets the emperor's play stand, rebels let each
other's stand once the roles are public, the crown is called, passed or seized by the hand's
strength); that it beats random and greedy players on duplicate deals is
tests/arena/test_arena_heuristics.py's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paizhuo.bots.baohuang_heuristic import BaohuangHeuristic, jokers_played
from paizhuo.bots.base import choose_action
from paizhuo.bots.registry import make_bot
from paizhuo.cards import EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import act, position
from paizhuo.notation import parse_cards

FILLER = "3S 4S 5S 6S"
LONG_REBEL = "3C 4C 5C 6C 7C 9C TC JC QC KC 3D 4D 5D"
"""Thirteen odd cards: a rebel far from going out."""


def choose(g: BaohuangGame, seat: int) -> Action:
    assert seat in g.to_act()
    return BaohuangHeuristic().act(g.observation(seat), g.legal_actions(seat),
                                   random.Random(0))


def table(hands: list[str], **start: Any) -> BaohuangGame:
    start.setdefault("emperor", 0)
    start.setdefault("guard", 3)
    start.setdefault("called", "8H")
    return position(hands, **start)


def test_registered_for_baohuang() -> None:
    assert make_bot("heuristic", "baohuang").name == "heuristic"


# -- the emperor keeps the emperor card ------------------------------------------------------


def test_emperor_leads_a_low_set_not_the_emperor_card() -> None:
    long = " 4H 6H 7H 9H JH QH"  # (no hand short: no lead bigger than a short hand's)
    g = table(["BJ* BJ 3S 3H 5C 5C 9D TD TD QS KS", "7S 7S" + long, "8S 8S" + long,
               "8H 9S" + long, "JS JS" + long])
    action = choose(g, 0)
    assert action.verb == "play"
    assert EMPEROR_CARD not in action.cards and parse_cards("BJ")[0] not in action.cards
    assert action.cards == tuple(sorted(parse_cards("3S 3H")))


def until(g: BaohuangGame, seat: int) -> None:
    """Let the heuristic play the other seats until ``seat`` is to act."""
    while seat not in g.to_act():
        g.apply(choose(g, g.to_act()[0]))


def test_emperor_does_not_spend_his_jokers_on_an_early_low_play() -> None:
    hand = "BJ* SJ 4S 4S 5C 6D 6D 7H 7H 9S 9S JC JC QD QD KS"
    long = "3S 3S 4H 5H 6H 7C 8C 9C TC JH QH"
    g = table([hand, "2S " + long, "8S 8S " + long, "8H 9S " + long, "JS JS " + long],
              leader=1)
    act(g, 1, "play", "2S")  # a single 2: only a joker beats it
    until(g, 0)
    assert choose(g, 0).verb in ("pass", "yield")


def test_emperor_plays_the_emperor_card_to_go_out() -> None:
    g = table(["BJ* 9S", "2S 3S 3S", "8S 8S", "8H 9S", "JS JS"])
    assert choose(g, 0).cards == tuple(sorted(parse_cards("9S BJ*")))


# -- partners --------------------------------------------------------------------------------


def test_guard_lets_the_emperors_play_stand() -> None:
    hands = ["5S 5S 9S 9S KS", "7S 7S JS JS QS", "4H 4H", "8H 3S", "6S 6S"]
    g = table(hands, guard=1)  # the secret guard at seat 1 holds 7s he could beat with
    act(g, 0, "play", "5S 5S")
    assert choose(g, 1).verb in ("pass", "yield")
    # the same cards at a rebel's seat beat the emperor's play
    rebel = table(hands, guard=3)
    act(rebel, 0, "play", "5S 5S")
    assert choose(rebel, 1).cards == tuple(sorted(parse_cards("7S 7S")))


def test_rebels_let_each_others_play_stand_once_the_guard_is_public() -> None:
    hands = ["9S 9S KS KS AS", "5S 5S 3H", "7S 7S JS JS QS", "8H 4S", "6H 6H"]
    g = table(hands, guard=3, revealed=True, leader=1)
    act(g, 1, "play", "5S 5S")
    assert choose(g, 2).verb in ("pass", "yield")
    # were seat 1 the public guard, seat 2 would beat him
    g2 = table(["9S 9S KS KS AS", "8H 5S 5S 3H", "7S 7S JS JS QS", "4S 4S", "6H 6H"],
               guard=1, revealed=True, leader=1)
    act(g2, 1, "play", "5S 5S")
    assert choose(g2, 2).cards == tuple(sorted(parse_cards("7S 7S")))


def test_rebels_beat_the_emperor() -> None:
    g = table(["5S 5S 9S 9S KS", "3H 3H", "7S 7S JS JS QS", "8H 4S", "6H 6H"],
              guard=3, revealed=True)
    act(g, 0, "play", "5S 5S")
    assert choose(g, 1).verb in ("pass", "yield")  # 3s cannot beat 5s
    g.apply(choose(g, 1))
    assert choose(g, 2).cards == tuple(sorted(parse_cards("7S 7S")))


def test_in_whole_deals_partners_beat_each_other_only_to_go_out() -> None:
    # every answer in five deals of heuristic players, checked against the true roles: a seat
    # that knows the current play is its partner's beats it only with its last cards
    answers = 0
    for deal in range(5):
        g = BaohuangGame.new({}, seed=7000 + deal)
        bots = [BaohuangHeuristic() for _ in range(5)]
        rng = random.Random(deal)
        while not g.is_over:
            action = choose_action(g, bots, rng)
            st = g.st
            if st.phase == "play" and st.current is not None:
                team = {st.emperor, st.guard}
                same = (action.seat in team) == (st.maker in team)
                knows = (action.seat == st.guard or st.revealed or st.seized
                         or action.seat == st.emperor == st.guard)
                if same and knows:
                    answers += 1
                    assert action.verb != "play" or len(action.cards) == st.sizes[action.seat]
            g.apply(action)
    assert answers > 50


# -- the crown -------------------------------------------------------------------------------


def crown(hand: str, **options: Any) -> BaohuangGame:
    rest = [FILLER] * 4
    return position([hand, *rest], phase="crown", kitty="3D", options=options)


def test_weak_holder_passes_the_crown() -> None:
    g = crown("BJ* 8H 8H 8H 3S 4S 5S 6S 7C 9D TD JD QC KC")
    assert choose(g, 0).verb == "pass_crown"


def test_good_holder_calls_his_strongest_triple() -> None:
    # a control of 6: good enough to call, not to seize
    g = crown("BJ* SJ 2S 2S 2S 2H AH AC 8H 8H 8H 3S 4S 5S")
    action = choose(g, 0)
    assert action.verb == "call" and action.cards == tuple(parse_cards("2S"))


def test_only_a_strong_hand_seizes() -> None:
    assert choose(crown("BJ* BJ SJ 8H 8H 8H 3S 4S 5S 6S 7C 9D"), 0).verb != "seize"  # 5.5
    # a control of 9.5 (two big jokers, two small, four 2s, two aces) seizes
    strong = crown("BJ* BJ SJ SJ 2S 2S 2S 2H AH AC 8H 8H 8H 3S 4S 5S")
    assert choose(strong, 0).verb == "seize"
    # 6.5 (a big joker, two small, two 2s, two aces) no longer seizes: against rebels who
    # fight the seizer it loses (docs/strength.md, "Baohuang patterns")
    assert choose(crown("BJ* SJ SJ 2S 2S AH AC 8H 8H 8H 3S 4S 5S"), 0).verb != "seize"
    # the threshold is 9, where the seizer goes out first about half the time against rebels
    # who lead him their smallest sets: 9 seizes, 8.5 and 8 pass
    assert choose(crown("BJ* SJ SJ 2S 2S 2H 2H 2D 2D AH AC AD AD 8H 8H 8H 3S"),
                  0).verb == "seize"
    assert choose(crown("BJ* SJ SJ 2S 2S 2H 2H 2D AH AC AD AD 8H 8H 8H 3S"),
                  0).verb != "seize"
    assert choose(crown("BJ* SJ SJ 2S 2S 2H 2H AH AC AD AD 8H 8H 8H 3S"), 0).verb != "seize"
    huge = crown("BJ* BJ BJ BJ SJ SJ SJ SJ 2S 2S 2H 2H AS AS 8H 8H 8H")
    assert choose(huge, 0).verb == "seize"


def test_guard_reveals_only_with_a_strong_hand() -> None:
    def guard_choice(guard_hand: str) -> str:
        g = position(["BJ* 8H 8H 8H 3S", guard_hand, "5S", "6S", "7S"], phase="crown",
                     kitty="3D")
        act(g, 0, "call", "8H")
        return choose(g, 1).verb

    assert guard_choice("8H 4S 5S 6S") == "pass"
    assert guard_choice("8H BJ BJ SJ SJ 2S 2S 2H AS") == "reveal"


def test_four_copies_go_alone_only_with_a_strong_hand() -> None:
    # (a control of 10.75: where seizing is played it seizes; with it off it goes alone)
    strong = crown("BJ* BJ BJ SJ SJ 2S 2S 2H AS 8H 8H 8H 8H 3S 3S 3S 4S", seize=False)
    assert choose(strong, 0).cards == tuple(parse_cards("8H"))  # all four: 独保
    # a plain hand calls its triple (3S), not the four 8s
    plain = crown("BJ* SJ 2S 2H AS 8H 8H 8H 8H 3S 3S 3S 4S")
    assert choose(plain, 0).cards == tuple(parse_cards("3S"))


def test_jokers_played_counts_the_emperor_card_as_a_big_joker() -> None:
    assert jokers_played(["SJ BJ* 3S", "BJ BJ", "", "SJ SJ 4H"]) == (3, 3)
    assert jokers_played(["", "", "", "", ""]) == (0, 0)
    # a pile read again (remembered by its text) gives the same count
    assert jokers_played(["BJ BJ", "BJ BJ"]) == (0, 4)


@pytest.mark.parametrize(("details", "seat", "sides"), [
    # the emperor knows his guard only once it is public (or he is alone: no partner);
    # until then any seat that never beat his play may be the guard
    ({"emperor": 0, "guard": None, "role": "emperor", "seized": False, "alone": False}, 0,
     (set(), {1, 2, 3, 4})),
    ({"emperor": 0, "guard": None, "role": "emperor", "seized": False, "alone": False,
      "beat_emperor": [0, 2, 0, 1, 0]}, 0, (set(), {2, 4})),
    ({"emperor": 0, "guard": None, "role": "emperor", "seized": False, "alone": False,
      "beat_emperor": [0, 2, 0, 1, 1]}, 0, ({2}, set())),
    ({"emperor": 0, "guard": None, "role": "emperor", "seized": True, "alone": False}, 0,
     (set(), set())),
    ({"emperor": 0, "guard": 3, "role": "emperor", "seized": False, "alone": False}, 0,
     ({3}, set())),
    ({"emperor": 0, "guard": 0, "role": "emperor", "seized": False, "alone": True}, 0,
     (set(), set())),
    # the guard's partner is the emperor
    ({"emperor": 0, "guard": 2, "role": "guard", "seized": False, "alone": False}, 2,
     ({0}, set())),
    # a rebel while the guard is secret: each other rebel may be the guard, until he beats
    # the emperor; the one left who never did is the guard
    ({"emperor": 0, "guard": None, "role": "revolutionary", "seized": False, "alone": False},
     1, (set(), {2, 3, 4})),
    ({"emperor": 0, "guard": None, "role": "revolutionary", "seized": False, "alone": False,
      "beat_emperor": [0, 0, 1, 0, 0]}, 1, ({2}, {3, 4})),
    ({"emperor": 0, "guard": None, "role": "revolutionary", "seized": False, "alone": False,
      "beat_emperor": [0, 0, 1, 0, 3]}, 1, ({2, 4}, set())),
    # once the guard is public, or in a seized or lone game, the other rebels are partners
    ({"emperor": 0, "guard": 2, "role": "revolutionary", "seized": False, "alone": False},
     1, ({3, 4}, set())),
    ({"emperor": 0, "guard": None, "role": "revolutionary", "seized": True, "alone": False},
     1, ({2, 3, 4}, set())),
    ({"emperor": 0, "guard": None, "role": "revolutionary", "seized": False, "alone": True},
     4, ({1, 2, 3}, set())),
])
def test_sides_as_the_seat_knows_them(details: dict[str, Any], seat: int,
                                      sides: tuple[set[int], set[int]]) -> None:
    details = {"beat_emperor": [0] * 5, **details}
    partners, maybe = BaohuangHeuristic._sides({"seat": seat, "details": details})
    assert (set(partners), set(maybe)) == sides
    # asked again (remembered): the same
    assert BaohuangHeuristic._sides({"seat": seat, "details": dict(details)}) == (partners,
                                                                                   maybe)


# -- issue 35: fighting the emperor, leads a short hand cannot answer, reading the guard ------


def test_a_rebel_stops_a_short_seizer_with_a_joker() -> None:
    # the seizer holds 9 cards after his pair: the rebel spends his big joker pair (an answer
    # far above the usual bar) rather than let him keep the lead
    g = position(["5S 5S 6S 7S 8S 9S TS JS QS KS", "BJ BJ 3H 4H 6H 9H JH", FILLER, FILLER,
                  FILLER], emperor=0, seized=True)
    act(g, 0, "play", "5S 5S")
    action = choose(g, 1)
    assert action.verb == "play" and set(action.cards) & set(parse_cards("BJ"))
    # with the seizer far from his end the rebel still keeps the lead from him, at a lower
    # bar (BAR_CROWN): one joker added to a single, never the joker pair
    far = position(["5S 5S 6S 6S 7S 7S 8S 8S 9S 9S TS JS QS KS 3D 4D 3C 4C",
                    "BJ BJ 3H 4H 6H 9H JH 5C 7C 8C TC QC KC", FILLER, FILLER,
                    FILLER], emperor=0, seized=True)
    act(far, 0, "play", "5S 5S")
    action = choose(far, 1)
    assert action.verb == "play" and list(action.cards).count(parse_cards("BJ")[0]) == 1
    # over a play that is not the emperor's (no BAR_CROWN) he keeps it
    g = position(["5S 5S 6S 6S 7S 7S 8S 8S 9S 9S TS JS QS KS 3D 4D 3C 4C",
                  "BJ BJ 3H 4H 6H 9H JH 5C 7C 8C TC QC KC", FILLER, FILLER,
                  "5D 5D " + FILLER], emperor=0, guard=3, called="8H", leader=4)
    act(g, 4, "play", "5D 5D")
    act(g, 0, "pass")
    assert choose(g, 1).verb in ("pass", "yield")


def test_a_lead_into_a_short_seizer_is_bigger_than_his_hand() -> None:
    # the seizer has one card: a single would let him out, any pair stops him — even one
    # broken from a triple
    g = position(["9S", "4H 6H 6H 6H 8H JH QH", FILLER, FILLER, FILLER], emperor=0,
                 seized=True, leader=1)
    action = choose(g, 1)
    assert len(action.cards) >= 2
    # two cards left to him: a triple, else a pair with a joker added
    g = position(["9S 9S", "4H 6H 6H SJ 8H JH QH", FILLER, FILLER, FILLER], emperor=0,
                 seized=True, leader=1)
    assert len(choose(g, 1).cards) >= 3


def test_with_several_short_hands_the_lead_is_bigger_than_most_of_them() -> None:
    # rebels of 1, 3 and 5 cards against the seizer, who denies them at any cost only as
    # measured (deny_short_always): nothing is bigger than 5 cards, and the pair 4 4 (bigger
    # than the single only) would let two of them answer; 6 6 6 6 only one
    g = position(["4H 4H 6H 6H 6H 6H 9H JH QH KH", "9S", "TS TS TS", "JS JS JS 3C 3C",
                  FILLER + " " + FILLER], emperor=0, seized=True, leader=0)
    bot = BaohuangHeuristic()
    bot.deny_short_always = True
    action = bot.act(g.observation(0), g.legal_actions(0), random.Random(0))
    assert action.verb == "play" and len(action.cards) == 4
    # the bot as it plays: the seizer breaks no set to deny them (it cost him 5.4 points of
    # percentage of first places), but 6 6 6 6 is whole and bigger than two of them
    assert choose(g, 0).cards == tuple(parse_cards("6H 6H 6H 6H"))
    # with only a triple of 6s it is bigger than two of the three too: 6 6 6 then
    g = position(["4H 4H 6H 6H 6H 9H JH QH KH", "9S", "TS TS", "JS JS JS 3C 3C",
                  FILLER + " " + FILLER], emperor=0, seized=True, leader=0)
    assert choose(g, 0).cards == tuple(parse_cards("6H 6H 6H"))


def test_outside_a_seizure_a_short_hand_is_denied_only_with_a_whole_set() -> None:
    # the emperor against a rebel of 2 cards: a whole triple goes first (it breaks nothing)
    hands = ["4H 8H 8H 8H 9H 9H", LONG_REBEL, "TS TS", "8H " + LONG_REBEL, LONG_REBEL]
    g = table(hands, leader=0)
    assert choose(g, 0).cards == tuple(parse_cards("8H 8H 8H"))
    # with no whole set bigger than his hand he leads his lowest set: he neither breaks the
    # pair of 9s nor adds a joker (denying at any cost cost his side 1.4 points a game)
    hands = ["4H 9H 9H SJ KH", LONG_REBEL, "TS TS", "8H " + LONG_REBEL, LONG_REBEL]
    g = table(hands, leader=0)
    assert choose(g, 0).cards == tuple(parse_cards("4H"))
    # no whole set bigger than both short hands (2 and 4 cards): the one bigger than the
    # most of them, the triple of 9s over the 2 cards, not the single 4
    hands = ["4H 9H 9H 9H KH", LONG_REBEL, "TS TS", "8H " + LONG_REBEL, "JS JS JS JC"]
    g = table(hands, leader=0)
    assert choose(g, 0).cards == tuple(parse_cards("9H 9H 9H"))
    # a rebel against a seizer of 2 cards denies him at any cost: a pair with a joker added
    g = position(["TS TS", "4H 9H 9H SJ KH", FILLER, FILLER, FILLER], emperor=0,
                 seized=True, leader=1)
    assert len(choose(g, 1).cards) >= 3


def test_a_rebel_leads_a_seizer_his_smallest_set() -> None:
    # against a seizer far from his end a rebel leads the fewest cards (a single K before the
    # pair of 4s); in a normal game the lowest set (the pair)
    rebel = "4H 4H 7H 7H 7H KH"
    g = position([FILLER + " " + FILLER + " 7S 7S", rebel, FILLER, FILLER, FILLER],
                 emperor=0, seized=True, leader=1)
    assert choose(g, 1).cards == tuple(parse_cards("KH"))
    g = table([FILLER + " " + FILLER + " 7S 7S", rebel, FILLER, "8H " + FILLER, FILLER],
              leader=1)
    assert choose(g, 1).cards == tuple(parse_cards("4H 4H"))


def test_an_emperor_with_a_guard_splits_no_set_to_answer_a_rebel() -> None:
    # a rebel's pair (the guard revealed: seat 1 is a rebel): the emperor, far from his end,
    # would have to split his triple of 9s (cost 2.5, over his bar of 2); a seizer, at the
    # bar of the others (2.6), splits it
    emperor = "3C 3D 9H 9H 9H 4D 7D JD QD KD 4C 6C 8C TC"
    hands = [emperor, "5S 5S " + LONG_REBEL, LONG_REBEL, "8H " + LONG_REBEL, LONG_REBEL]
    g = table(hands, leader=1, revealed=True)
    act(g, 1, "play", "5S 5S")
    while 0 not in g.to_act():
        seat = g.to_act()[0]
        act(g, seat, "yield" if any(a.verb == "yield" for a in g.legal_actions(seat))
            else "pass")
    assert choose(g, 0).verb in ("pass", "yield")
    s = position(hands, emperor=0, seized=True, leader=1)
    act(s, 1, "play", "5S 5S")
    while 0 not in s.to_act():
        seat = s.to_act()[0]
        act(s, seat, "yield" if any(a.verb == "yield" for a in s.legal_actions(seat))
            else "pass")
    assert choose(s, 0).cards == tuple(parse_cards("9H 9H"))


def test_a_seat_that_beat_the_emperor_is_read_as_a_rebel() -> None:
    # seat 1 beat the emperor's play: to seat 2 (a rebel, the guard hidden) he is a partner,
    # whose play is let stand (the heuristic of 4 December beat it with a cheap pair)
    hands = ["3S 3S 9S 9S TD TD", "4S 4S 5S 5S JS JS", "7S 7S QS QS", "8H 8H KS KS",
             "6C 6C AS AS"]
    g = table(hands, guard=3)
    act(g, 0, "play", "3S 3S")
    act(g, 1, "play", "4S 4S")
    for seat in (2, 3, 4, 0):
        act(g, seat, "pass")
    assert g.observation(2)["details"]["beat_emperor"] == [0, 1, 0, 0, 0]
    act(g, 1, "play", "5S 5S")
    assert choose(g, 2).verb in ("pass", "yield")


def test_the_one_seat_that_never_beat_the_emperor_is_read_as_the_guard() -> None:
    hands = ["3S 6S 9S TD TD QD QD 4C 5C", "5S 2C 2C 7D", "8S KS KS 3D", "8H 2S 2S JC JC",
             "JS 4H 4H AS AS"]
    g = table(hands, guard=3)
    # the emperor's singles are beaten by seats 1, 2 and 4 in turn; the guard never beats him
    for seat, verb, cards in [(0, "play", "3S"), (1, "play", "5S"), (2, "pass", ""),
                              (3, "pass", ""), (4, "pass", ""), (0, "play", "6S"),
                              (1, "pass", ""), (2, "play", "8S"), (3, "pass", ""),
                              (4, "pass", ""), (0, "play", "9S"), (1, "pass", ""),
                              (2, "pass", ""), (3, "pass", ""), (4, "play", "JS")]:
        act(g, seat, verb, cards)
    assert g.observation(2)["details"]["beat_emperor"] == [0, 1, 1, 0, 1]
    # to seat 2 the two others who beat him are partners and seat 3 the guard
    partners, maybe = BaohuangHeuristic._sides(g.observation(2))
    assert set(partners) == {1, 4} and not maybe
    for seat in (0, 1, 2, 3):
        act(g, seat, "pass")
    act(g, 4, "play", "4H 4H")  # seat 4 leads the next round: a partner's play
    act(g, 0, "pass")
    act(g, 1, "pass")
    assert choose(g, 2).verb in ("pass", "yield")  # (KS KS would beat it)


def test_the_emperor_does_not_beat_a_seat_that_may_be_his_guard() -> None:
    # nobody has beaten the emperor yet: any of the four may be his hidden guard, and a play
    # of a long hand is let stand (the heuristic of 4 December beat it with a cheap pair)
    hands = ["7S 7S " + FILLER + " 9D 9D JD", "5S 5S 3H 4H 6H 8C 9C TC", FILLER, FILLER,
             FILLER]
    g = table(hands, guard=1, leader=1)
    act(g, 1, "play", "5S 5S")
    until(g, 0)
    assert choose(g, 0).verb in ("pass", "yield")


def test_a_rebel_beats_a_seat_that_may_be_the_guard_cheaply() -> None:
    # seat 1 has never beaten the emperor: to seat 2 (a rebel) he may be the hidden guard,
    # and a whole pair below the aces beats him (the rebels of 5 December let him stand)
    long = " 3C 3H 3D 4C 4H 4D 3C 3H"
    hands = ["3S 3S 9S 9S TD TD" + long, "5S 5S JS JS 4D 4D" + long, "7S 7S QS QS 6D" + long,
             "8H 8H KS KS" + long, "6C 6C 4S 4S" + long]
    g = table(hands, leader=1)
    act(g, 1, "play", "5S 5S")
    action = choose(g, 2)
    assert action.verb == "play" and action.cards == tuple(parse_cards("7S 7S"))
    # only a joker would beat it: he lets it stand
    g = table([hands[0], hands[1], "BJ 5D 7D 8D JD" + long, hands[3], hands[4]], leader=1)
    act(g, 1, "play", "5S 5S")
    assert choose(g, 2).verb in ("pass", "yield")


def test_the_emperor_lets_a_seat_that_may_be_his_guard_stand() -> None:
    long = " 3C 3H 3D 4C 4H 4D 3C 3H"
    hands = ["7S 7S QS QS 6D 6D" + long, "5S 5S JS JS 4D 4D" + long, FILLER + long,
             "8H 8H KS KS" + long, "6C 6C 4S 4S" + long]
    g = table(hands, leader=1)
    act(g, 1, "play", "5S 5S")
    for seat in (2, 3, 4):
        act(g, seat, "pass")
    assert choose(g, 0).verb in ("pass", "yield")
