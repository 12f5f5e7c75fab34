"""SJ-14 house rules added for issue 37, each through the judge on records (positions and
whole random rounds): the option's default is today's behaviour, and setting it changes exactly
what the rules reference says."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import act, full_deal, game, imported, play_out, position, seeded, trump_of

from paizhuo.bots.shengji_heuristic import ShengjiHeuristic
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, InvalidOptionsError
from paizhuo.engine.judge import judge_text
from paizhuo.games.shengji import ShengjiGame
from paizhuo.games.shengji.combos import ComboRules, decompose
from paizhuo.games.shengji.kitty import BURY_LIST_CAP
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import format_cards, parse_cards


def judged(options: dict[str, Any], hands: list[str], actions: list[list[Any]],
           **start: Any) -> tuple[int, dict[str, Any]]:
    """The judge's answer on a position record (level T, hearts trump, seat 0 deals)."""
    doc = {"game": "shengji", "position": True, "options": {"preset": "tractor", **options},
           "start": {"phase": "play", "level": "T", "trump": "H", "dealer": 0, "leader": 1,
                     **start},
           "deal": {"hands": hands, "kitty": "5C 5C"}, "actions": actions}
    return judge_text(json.dumps(doc))


# -- follow_shape (SJ-14 trick draw) ----------------------------------------------------------

PAIR_LED = (["KH 3C 4C", "5S 5S 6C", "7S 7S 9S", "9H 8H 8D"],
            [[1, "play", "5S 5S"], [2, "play", "7S 9S"]])


def test_follow_shape_strict_is_the_default_and_owes_the_pair() -> None:
    status, answer = judged({}, *PAIR_LED)
    assert status == 1 and answer["rule"] == "SJ-8" and answer["index"] == 1
    assert "pair" in answer["message"]


def test_follow_shape_suit_only_owes_only_the_suit() -> None:
    status, answer = judged({"follow_shape": "suit_only"}, *PAIR_LED)
    assert status == 0 and answer["to_act"] == [3]
    # the suit is still owed: seat 3 holds a spade and must play it
    hands = ["KH 3C 4C", "5S 5S 6C", "7S 7S 9S", "6S 8H 8D"]
    status, answer = judged({"follow_shape": "suit_only"}, hands,
                            [[1, "play", "5S 5S"], [2, "play", "7S 9S"], [3, "play", "8H 8D"]])
    assert status == 1 and answer["index"] == 2 and answer["rule"] == "SJ-8"
    assert answer["message"].startswith("must follow spades")




# -- throw_split (SJ-14.2) ----------------------------------------------------------------------

SPLIT_HANDS = ["3C 4C 5C 6C 7C 8C", "AH AH AH KH KH 3S", "9H 9H 9H 8H 8H TH",
               "3D 4D 5D 6D 7D 8D"]


@pytest.mark.parametrize(("split", "play", "legal"), [
    # tuples first: A A A + K K is a triple and a pair; 9 9 9 + 8 8 answers both
    ("tuples_first", "9H 9H 9H 8H 8H", True),
    ("tuples_first", "9H 9H 8H 8H TH", False),
    # largest unit: A A K K + A is a tractor and a single; the tractor 9 9 8 8 is owed
    ("largest_unit", "9H 9H 8H 8H TH", True),
    ("largest_unit", "9H 9H 9H 8H 8H", True),
])
def test_throw_split_decides_what_is_owed(split: str, play: str, legal: bool) -> None:
    """SJ-14.2 ``throw_split``: the lead's units, and so what a follower owes, follow the
    split: with ``largest_unit`` the throw A A A K K holds a tractor."""
    status, answer = judged({"preset": "titanic", "throw_split": split}, SPLIT_HANDS,
                            [[1, "play", "AH AH AH KH KH"], [2, "play", play]],
                            level="4", trump="S")
    assert (status == 0) == legal, answer
    if not legal:
        assert answer["rule"] == "SJ-8" and "pair" in answer["message"]


def test_throw_split_largest_unit_units() -> None:
    ctx = TrumpContext.make(level=2, trump=0)  # level 4: 2H and 3H are neighbours
    for rules, units in [(ComboRules(), ["2H 2H 2H", "3H 3H"]),
                         (ComboRules(throw_split="largest_unit"), ["2H 2H 3H 3H", "2H"])]:
        got = [format_cards(u.cards) for u in decompose(parse_cards("2H 2H 2H 3H 3H"), ctx,
                                                         rules)]
        assert got == units


# -- friend_cards, friend_not_all_held (SJ-14.4) ----------------------------------------------


def calling(options: dict[str, Any], hands: list[str] | None = None) -> ShengjiGame:
    """A friends-4 round at level T, spades trump, in the call phase (seat 0 deals)."""
    g = position(hands or ["AH AH 3C", "5H 6C 7C", "8C 9C TC", "JC QC KC"], kitty="3D 4D",
                 phase="call", trump="S", level="T",
                 options={"preset": "friends-4", **options})
    assert g.phase == "call"
    return g


def called(g: ShengjiGame) -> set[str]:
    return {a.extra["card"] for a in g.legal_actions() if a.verb == "call"}


@pytest.mark.parametrize(("rule", "refused", "allowed"), [
    ("any", [], ["BJ", "TS", "2S", "AH", "KD", "5C", "TH"]),
    ("no_trumps", ["BJ", "SJ", "TS", "TH", "2S", "AS"], ["AH", "KD", "5C", "9H"]),
    ("no_highest", ["BJ", "TH", "2S", "AH", "AD", "AC"], ["KD", "5C", "9H"]),
    ("no_points", ["BJ", "TH", "2S", "KD", "5C"], ["AH", "QD", "9H", "4C"]),
])
def test_friend_cards_limit_the_calls(rule: str, refused: list[str],
                                      allowed: list[str]) -> None:
    g = calling({"friend_cards": rule})
    offered = called(g)
    assert set(allowed) <= offered and not set(refused) & offered
    for card in refused:
        with pytest.raises(IllegalActionError) as err:
            act(g, 0, "call", "", {"card": card, "nth": 1})
        assert err.value.rule == "SJ-14.4" and err.value.zh
    act(g, 0, "call", "", {"card": allowed[0], "nth": 1})
    assert g.phase == "play"


def test_friend_not_all_held() -> None:
    g = calling({"friend_not_all_held": True})
    assert "AH" not in called(g) and "3C" in called(g)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "call", "", {"card": "AH", "nth": 2})
    assert "you hold every A♥" in err.value.message
    assert "AH" in called(calling({}))  # off by default


def test_options_refused_where_they_mean_nothing() -> None:
    for name, value in [("friend_cards", "no_trumps"), ("friend_not_all_held", True)]:
        with pytest.raises(InvalidOptionsError) as err:
            ShengjiOptions.from_dict({name: value})
        assert err.value.field == f"options.{name}"
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"preset": "bidding-3", "first_dealer": "first_bid"})
    assert "auction" in err.value.message
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"hook_j_rule": "single_j"})
    assert err.value.field == "options.hook_j_rule"
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"preset": "bidding-3", "dead_zone": False})
    assert err.value.field == "options.dead_zone"


# -- hide_played (SJ-14.6) ---------------------------------------------------------------------


def test_hide_played_shows_only_the_last_tricks_cards_while_in_play() -> None:
    g = seeded({"hide_played": True}, seed=3, start={"dealer": 0})
    rng = random.Random(3)
    plain = seeded({}, seed=3, start={"dealer": 0})
    checked = 0
    while not g.is_over:
        action = g.sample_action(rng)
        g.apply(action)
        plain.apply(action)  # the same round without the option
        for viewer in (0, 1):
            tricks = g.observation(viewer)["details"].get("tricks") or []
            shown = plain.observation(viewer)["details"].get("tricks") or []
            if g.phase == "play" and len(tricks) >= 2:
                checked += 1
                assert all(t["hidden"] and "plays" not in t for t in tricks[:-1])
                assert tricks[-1] == shown[-1]
                assert [(t["winner"], t["leader"], t["points"]) for t in tricks] == [
                    (t["winner"], t["leader"], t["points"]) for t in shown]
    assert checked > 20
    # once the round is over every trick shows its cards again
    over = g.observation(0)["details"]["tricks"]
    assert all("plays" in t and "hidden" not in t for t in over)
    assert over == plain.observation(0)["details"]["tricks"]


def test_hide_defender_points_while_in_play() -> None:
    """SJ-14.6 ``hide_defender_points``: while the round is played nobody sees the points the
    dealer's side takes — not in the tricks, the points won, nor the trick events — and the
    attackers' points stay shown; once the round is over everything is shown."""
    g = seeded({"hide_defender_points": True}, seed=5, start={"dealer": 0})
    rng = random.Random(5)
    checked = 0
    while not g.is_over:
        g.apply(g.sample_action(rng))
        if g.phase != "play":
            continue
        defenders = set(g.state.defenders)
        for viewer in range(4):
            d = g.observation(viewer)["details"]
            for t in d.get("tricks") or []:
                assert ("points" in t) == (t["winner"] not in defenders)
                checked += t["winner"] in defenders
            assert all((p is None) == (s in defenders) for s, p in enumerate(d["points_won"]))
            assert d["attackers_points"] is not None
    assert checked > 0
    for viewer in range(4):
        events = [e for e in g.events_since(viewer, 0) if e.get("type") == "trick"]
        assert any("points" not in e for e in events) and any("points" in e for e in events)
    over = g.observation(1)["details"]
    assert all("points" in t for t in over["tricks"]) and None not in over["points_won"]


def test_take_back_of_bids_or_plays_sj14() -> None:
    """SJ-14.3 ``take_back_of``: with ``take_backs``, only bids, or only plays, may be taken
    back; the other is refused under SJ-14.3, saying which."""
    for what, bid_ok, play_ok in [("bids", True, False), ("plays", False, True),
                                  ("bids_and_plays", True, True)]:
        g = seeded({"take_backs": True, "take_back_of": what}, seed=8)
        rng = random.Random(8)
        bid_seen = False
        while g.phase != "play":
            action = g.sample_action(rng)
            g.apply(action)
            if action.verb == "bid" and not bid_seen and g.phase == "bid":
                bid_seen = True
                back = Action(action.seat, "take_back")
                assert (back in g.legal_actions(action.seat)) == bid_ok
                if not bid_ok:
                    with pytest.raises(IllegalActionError) as err:
                        g.apply(back)
                    assert err.value.rule == "SJ-14.3" and "a bid" in err.value.message
        lead = g.sample_action(rng)
        g.apply(lead)
        back = Action(lead.seat, "take_back")
        assert (back in g.legal_actions(lead.seat)) == play_ok
        if play_ok:
            g.apply(back)
        else:
            with pytest.raises(IllegalActionError) as err:
                g.apply(back)
            assert err.value.rule == "SJ-14.3" and err.value.zh == "本桌不许悔出牌"
        assert bid_seen
    with pytest.raises(InvalidOptionsError):
        ShengjiOptions.from_dict({"take_back_of": "bids"})


def test_seven_and_eight_players_sj14() -> None:
    """SJ-14.7: 7 and 8 players by overriding a preset's; the deal is derived, and with
    friends the dealer calls ⌊players/2⌋ − 1."""
    eight = ShengjiOptions.from_dict({"preset": "six-three", "players": 8})
    assert (eight.hand_size, eight.kitty_size, eight.step) == (19, 10, 60)
    seven = ShengjiOptions.from_dict({"preset": "friends-5", "players": 7})
    assert (seven.hand_size, seven.kitty_size, seven.num_friends) == (22, 8, 2)
    assert ShengjiOptions.from_dict({"preset": "friends-5", "players": 8}).num_friends == 3
    assert [ShengjiOptions.from_dict({"preset": "friends-5", "players": n}).num_friends
            for n in (4, 5, 6)] == [1, 1, 2]  # SJ-11's own numbers
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"preset": "six-three", "players": 9})
    assert err.value.field == "options.players"


# -- fight_reinforce (SJ-14.3) ----------------------------------------------------------------


def fight(options: dict[str, Any]) -> tuple[ShengjiGame, list[str]]:
    """Seat 0 bids 2H and buries (the kitty brings him a second 2H); seat 1 holds 2C 2C,
    seat 2 SJ SJ."""
    hands, kitty = full_deal(["2H", "3S 2C 2C", "SJ SJ"])
    assert kitty.split().count("2H") == 1
    g = game({"kitty_fight": True, **options}, hands=hands, kitty=kitty)
    act(g, 0, "bid", "2H", {"dealt": 1})
    return imported(g, 0, "bury", " ".join(hands[0].split()[1:9])), hands


def test_fight_reinforce_the_burier_is_asked_first_and_defends_his_bid() -> None:
    g, _ = fight({"fight_reinforce": True})
    assert g.phase == "kitty_fight" and g.to_act() == [0]
    own = g.legal_actions(0)
    assert {(a.verb, format_cards(a.cards)) for a in own} == {("pass", ""), ("bid", "2H 2H")}
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "bid", "2C 2C")               # not his card: the burier never overcalls
    assert err.value.rule == "SJ-14.3" and "reinforce" in err.value.message
    assert err.value.zh and "加固" in err.value.zh
    act(g, 0, "bid", "2H")                      # the added card alone, read with his 2H
    st = g.state
    assert str(st.standing) == "2H 2H" and st.stakes == 1 and trump_of(g) == "H"
    assert g.phase == "kitty_fight" and g.to_act() == [1] and st.burier == 0
    assert st.bids[-1]["kind"] == "reinforce" and len(st.hands[0]) == 25
    with pytest.raises(IllegalActionError) as err:   # a pair no longer overcalls a pair
        act(g, 1, "bid", "2C 2C")
    assert err.value.rule == "SJ-4" and "not stronger" in err.value.message
    act(g, 1, "pass")
    act(g, 2, "bid", "SJ SJ")                   # jokers still overcall: the kitty changes hands
    assert g.phase == "bury" and g.state.burier == 2 and g.state.stakes == 2


def test_fight_reinforce_off_keeps_the_burier_out_of_the_fight() -> None:
    g, _ = fight({})
    assert g.to_act() == [1] and g.legal_actions(0) == []
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "bid", "2H 2H")
    assert err.value.rule == "SJ-4"
    act(g, 1, "bid", "2C 2C")                   # stronger than the single 2H
    assert g.state.burier == 1 and g.state.stakes == 2


def test_fight_reinforce_can_be_taken_back() -> None:
    g, _ = fight({"fight_reinforce": True, "take_backs": True})
    act(g, 0, "bid", "2H 2H")
    act(g, 0, "take_back")
    assert str(g.state.standing) == "2H" and g.to_act() == [0] and g.phase == "kitty_fight"
    status, answer = judge_text(g.record().dumps())
    assert status == 0 and answer["to_act"] == [0]


def test_fight_reinforce_worlds_keep_the_cards_shown() -> None:
    """The search's worlds (``determinize``) put the reinforcing cards in the burier's hand
    (they were shown after the kitty was taken), and play on to the end."""
    g, _ = fight({"fight_reinforce": True})
    act(g, 0, "bid", "2H")
    two_h = parse_cards("2H")[0]
    for seat in (1, 2, 3):
        for k in range(4):
            world = g.determinize(seat, random.Random(k))
            assert world.state.hands[0][two_h] >= 2
            assert world.state.hands[seat] == g.state.hands[seat]
            play_out(world, random.Random(k))
            assert world.result() is not None


def test_fight_reinforce_needs_a_kitty_fight() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict({"fight_reinforce": True})
    assert err.value.field == "options.fight_reinforce"


# -- every house rule: random and heuristic rounds ----------------------------------------------

HOUSE_RULES: list[dict[str, Any]] = [
    {"follow_shape": "suit_only"},
    {"preset": "titanic", "follow_shape": "suit_only"},
    {"preset": "friends-5", "friend_cards": "no_trumps", "friend_not_all_held": True},
    {"preset": "friends-4", "friend_cards": "no_highest"},
    {"preset": "friends-5-2", "friend_cards": "no_points", "friend_by": "holding"},
    {"no_bid": "kitty_first_card", "first_dealer": "first_bid", "own_bid": "reinforce_only"},
    {"preset": "titanic", "no_bid": "kitty_level_card", "throw_split": "largest_unit",
     "joker_bids": "all_copies"},
    {"joker_bids": "none", "kitty_fight": True, "throw_compare": "all_units"},
    {"preset": "titanic", "throw_compare": "largest_units", "joker_bids": "big_one_fewer"},
    {"kitty_fight": True, "fight_reinforce": True, "take_backs": True},
    {"preset": "titanic", "kitty_fight": True, "fight_reinforce": True},
    {"preset": "eight-four", "bombs": True, "bomb_cards": "identical", "bomb_follow": "any_time"},
    {"preset": "friends-8-4", "bombs": True, "bomb_follow": "suit_or_trump",
     "protect_triples": True},
    {"bombs": True, "bomb_follow": "any_time", "constant_twos": True},
    {"hide_played": True, "hide_points": True},
    {"preset": "friends-5", "hide_defender_points": True, "hide_points": True},
    {"preset": "six-three", "players": 8},
    {"preset": "friends-5", "players": 7, "friend_cards": "no_trumps"},
    {"preset": "friends-5", "players": 8},
    {"dead_zone": False, "hook_j": True, "hook_j_rule": "single_j", "start_level": "J"},
    {"own_bid": "reinforce_to_equal", "bidding": "after_deal", "take_backs": True,
     "take_back_of": "plays"},
    {"preset": "titanic", "own_bid": "reinforce_to_equal"},
]


@pytest.mark.parametrize("options", HOUSE_RULES)
def test_random_rounds_with_house_rules_replay(options: dict[str, Any]) -> None:
    """Whole rounds played by random legal actions replay through the judge to the same
    result (the options travel in the record)."""
    for seed in range(4):  # first rounds and later ones (a dealer known: no_bid applies)
        g = seeded(options, seed=seed, start={"dealer": 1} if seed % 2 else None)
        play_out(g, random.Random(seed))
        text = g.record().dumps()
        written = json.loads(text)["options"]
        assert all(written[k] == v for k, v in options.items())
        status, answer = judge_text(text)
        assert status == 0 and answer["result"] == g.result()


@pytest.mark.parametrize("options", HOUSE_RULES)
def test_the_heuristic_plays_every_house_rule_legally(options: dict[str, Any]) -> None:
    """The heuristic bot at every seat: each of its actions is one the engine lists (a bury
    may lie outside the capped list) and is accepted."""
    bot = ShengjiHeuristic()
    g = seeded(options, seed=11, start={"dealer": 1})
    rng = random.Random(11)
    while not g.is_over:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        action = bot.act(g.observation(seat), legal, rng)
        assert action in legal or (action.verb == "bury" and len(legal) == BURY_LIST_CAP)
        g.apply(action)
    assert g.result() is not None


# -- bomb_follow (SJ-14.8) through the judge --------------------------------------------------

BOMB_TRICK = (["3C 4C 6C 7C 8C 9C", "5S 5S 6S 6S 3D 4D", "7S 8S TC TD TS TS",
               "9D 9D 3H 4H 5H 7H"],
              [[1, "play", "5S 5S 6S 6S"], [2, "play", "TC TD TS TS"], [3, "play", "3H 4H 9D 9D"],
               [0, "play", "3C 4C 6C 7C"]])


def test_bomb_follow_suit_keeps_the_follow_rules() -> None:
    status, answer = judged({"bombs": True}, *BOMB_TRICK)
    assert status == 1 and answer["index"] == 1 and answer["rule"] == "SJ-8"


def test_bomb_follow_suit_or_trump_lets_the_trump_bomb_win() -> None:
    status, answer = judged({"bombs": True, "bomb_follow": "suit_or_trump"}, *BOMB_TRICK)
    assert status == 0 and answer["to_act"] == [2]  # the bomb took the trick and leads
