"""The shengji audit patterns (:mod:`paizhuo.arena.patterns.shengji`) on constructed
positions: each one flags its mistake and passes the right play in the same position."""

from __future__ import annotations

from paizhuo.arena.audit import BasePattern, Decision, Finding
from paizhuo.arena.patterns.shengji import (
    PATTERNS,
    BigJokerSplit,
    BuryAce,
    BuryNoVoid,
    BuryShortPoints,
    IntoDealerVoid,
    JokerPointless,
    PointsIntoVoid,
    RuffPartner,
    UnsafeWinner,
)
from paizhuo.engine.actions import Action
from paizhuo.games.shengji.game import ShengjiGame
from paizhuo.games.shengji.positions import act, position
from paizhuo.notation import parse_cards


def decision(g: ShengjiGame, seat: int, verb: str, cards: str) -> Decision:
    action = Action(seat, verb, tuple(sorted(parse_cards(cards))))
    return Decision(0, seat, g, g.observation(seat), g.legal_actions(seat), action)


def verdict(pattern: BasePattern, g: ShengjiGame, seat: int, cards: str,
            verb: str = "play") -> Finding | None:
    return pattern.check(decision(g, seat, verb, cards))


def made(found: Finding | None) -> bool:
    assert found is not None, "a chance to make the mistake"
    return found.made


def test_every_pattern_is_listed_with_a_key_and_a_source() -> None:
    keys = [p.key for p in PATTERNS]
    assert len(set(keys)) == len(keys) == 9
    assert all(p.key.startswith("sj.") and p.source and p.title for p in PATTERNS)


# -- the bury: the dealer's 14 cards and the kitty (hearts trump): clubs 4 cards, diamonds 8,
# spades 5 (two of them aces)

BURY_HAND = "3H 4H 2H BJ SJ 3S 9S TS QS AS 6C 7C 9D 9D"
BURY_KITTY = "4C 8C 5D 6D 7D 8D JD KD"


def bury_position() -> ShengjiGame:
    return position([BURY_HAND, "", "", ""], BURY_KITTY, phase="bury")


VOIDS_CLUBS = "4C 6C 7C 8C 6D 7D 8D 3S"


def test_a_bury_that_empties_no_side_suit_is_flagged() -> None:
    g = bury_position()
    assert made(verdict(BuryNoVoid(), g, 0, "4C 8C 6D 7D 8D 3S 9S QS", "bury"))
    assert not made(verdict(BuryNoVoid(), g, 0, VOIDS_CLUBS, "bury"))
    # spades emptied of all but the ace count as emptied: the ace is cashed
    assert not made(verdict(BuryNoVoid(), g, 0, "3S 9S TS QS 4C 6D 7D 8D", "bury"))


def test_no_side_suit_short_enough_to_empty_is_no_chance() -> None:
    g = position(["3S 4S 5S 6S 7S 8S 9S JS 3C 4C 5C 6C 7C 8C 9C JC 3D 4D 5D 6D 7D 8D 9D "
                  "JD 2H", "", "", ""], "QS QC QD KS KC KD AH AH", phase="bury")
    assert verdict(BuryNoVoid(), g, 0, "3S 4S 5S 3C 4C 5C 3D 4D", "bury") is None


def test_a_bury_that_keeps_ten_points_in_a_two_card_suit_is_flagged() -> None:
    g = bury_position()
    # spades left as TS AS: 10 points that fall to the second lead of spades
    found = verdict(BuryShortPoints(), g, 0, "4C 6C 7C 8C 3S 9S QS 6D", "bury")
    assert made(found) and found is not None and found.weight == 10
    assert not made(verdict(BuryShortPoints(), g, 0, VOIDS_CLUBS, "bury"))


def test_a_buried_side_ace_is_flagged() -> None:
    g = bury_position()
    assert made(verdict(BuryAce(), g, 0, "4C 6C 7C 8C 6D 7D 8D AS", "bury"))
    assert not made(verdict(BuryAce(), g, 0, VOIDS_CLUBS, "bury"))


# -- play positions: hearts trump, level 2, seat 0 the dealer with seat 2; seat 1 and 3 attack


def test_a_joker_on_a_pointless_trick_is_flagged_when_the_trick_ends_empty() -> None:
    hands = ["BJ 3H 4C", "6S 7D 8D", "7S 8C 9C", "8S 9D JD"]
    for cards, flagged in (("BJ", True), ("4C", False)):
        g = position(hands, leader=1)
        act(g, 1, "play", "6S")
        act(g, 2, "play", "7S")
        act(g, 3, "play", "8S")
        pattern = JokerPointless()
        d = decision(g, 0, "play", cards)
        assert pattern.check(d) is None  # the verdict waits for the trick's points
        g.apply(d.action)
        [(i, found)] = pattern.after_deal(g, [d])
        assert i == 0 and found.made == flagged


def test_a_joker_that_alone_keeps_the_last_tricks_lead_is_right() -> None:
    # the same trick with three cards left: an attacker wins it, and only the joker beats it
    g = position(["BJ 4C 5C", "6S 7D 8D", "7S 8C 9C", "8S 9D JD"], leader=1)
    act(g, 1, "play", "6S")
    act(g, 2, "play", "7S")
    act(g, 3, "play", "8S")
    found = JokerPointless().check(decision(g, 0, "play", "BJ"))
    assert found is not None and not found.made


def test_one_big_joker_played_from_the_pair_is_flagged() -> None:
    g = position(["BJ BJ 3H 4C 5C 6C", "3S 4S 5S 6S 7S 8S", "3D 4D 5D 6D 7D 8D",
                  "9S 9D 9C JS JD JC"], leader=0)
    assert made(verdict(BigJokerSplit(), g, 0, "BJ"))
    assert not made(verdict(BigJokerSplit(), g, 0, "4C"))
    assert not made(verdict(BigJokerSplit(), g, 0, "BJ BJ"))


def test_a_trump_on_a_partners_sure_trick_is_flagged() -> None:
    # seat 2 leads AS; the other AS is unseen but no higher spade exists: a sure trick
    g = position(["3H 4C 5C", "6S 7D 8D", "AS 8C 9C", "3S 9D JD"], leader=2)
    act(g, 2, "play", "AS")
    act(g, 3, "play", "3S")
    assert made(verdict(RuffPartner(), g, 0, "3H"))
    assert not made(verdict(RuffPartner(), g, 0, "4C"))


def test_a_partners_trick_an_opponent_may_beat_is_no_chance() -> None:
    # KS led: an unseen AS may lie with seat 1, still to play
    g = position(["3H 4C 5C", "6S 7D 8D", "KS 8C 9C", "3S 9D JD"], leader=2)
    act(g, 2, "play", "KS")
    act(g, 3, "play", "3S")
    assert verdict(RuffPartner(), g, 0, "3H") is None


def dealer_void_in_clubs(winner_hand: str, winner: int) -> ShengjiGame:
    """A position after a first trick of clubs that the dealer (seat 0) could not follow,
    won by ``winner`` with AC."""
    hands = ["3D 8D 5S 6S", "3C 9D JD 7S", "4C 6C 7D 8S", "5C 9C QD 9S"]
    hands[winner] = winner_hand
    g = position(hands, leader=1)
    act(g, 1, "play", "3C")
    for seat in (2, 3):
        act(g, seat, "play", "AC" if seat == winner else hands[seat].split()[0])
    act(g, 0, "play", "3D")
    return g


def test_the_dealers_partner_leading_into_his_void_is_flagged() -> None:
    g = dealer_void_in_clubs("AC 6C 7D 8S", 2)
    assert made(verdict(IntoDealerVoid(), g, 2, "6C"))
    assert not made(verdict(IntoDealerVoid(), g, 2, "7D"))


def test_an_opponent_leading_into_the_dealers_void_is_no_chance() -> None:
    g = dealer_void_in_clubs("AC TC 9C 9S", 3)
    assert verdict(IntoDealerVoid(), g, 3, "9C") is None


def test_points_led_into_an_opponents_known_void_are_flagged() -> None:
    g = dealer_void_in_clubs("AC TC 9C 9S", 3)  # seat 3 attacks; the dealer ruffs clubs
    found = verdict(PointsIntoVoid(), g, 3, "TC")
    assert made(found) and found is not None and found.weight == 10
    assert not made(verdict(PointsIntoVoid(), g, 3, "9C"))
    assert not made(verdict(PointsIntoVoid(), g, 3, "9S"))


def test_a_king_over_a_ten_with_the_ace_out_is_an_unsafe_winner() -> None:
    g = position(["3C 4C 5S", "TD 7D 8D", "KD 3D 9C", "6S 9D JD"], leader=1)
    act(g, 1, "play", "TD")
    assert made(verdict(UnsafeWinner(), g, 2, "KD"))  # AD unseen: seat 3 may hold it
    assert not made(verdict(UnsafeWinner(), g, 2, "3D"))


def test_kings_led_with_both_aces_out_are_an_unsafe_winner() -> None:
    g = position(["KC KC 3D 4S", "6S 7D 8D 9D", "7S 8C 9C JC", "8S 9S JD QD"], leader=0)
    assert made(verdict(UnsafeWinner(), g, 0, "KC KC"))
    assert not made(verdict(UnsafeWinner(), g, 0, "3D"))


def test_kings_led_with_an_ace_in_hand_are_safe() -> None:
    # one AC is in the hand: nobody else can hold the pair of aces
    g = position(["KC KC AC 3D", "6S 7D 8D 9D", "7S 8C 9C JC", "8S 9S JD QD"], leader=0)
    assert not made(verdict(UnsafeWinner(), g, 0, "KC KC"))
