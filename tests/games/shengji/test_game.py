"""The Shengji round: kitty, kitty fight, friends, throws, follows, results, replay.

Positions (``"position": true``) start in the phase named by ``start`` with small explicit
hands, so each test shows exactly the cards it is about.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sj_helpers import (
    act,
    details,
    full_deal,
    game,
    imported,
    pass_all,
    play_out,
    position,
    seeded,
    trump_of,
)

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.judge import judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.games.shengji import PRESETS, ShengjiGame
from paizhuo.games.shengji.rounds import running_points
from paizhuo.notation import format_cards


def snapshot(g: ShengjiGame) -> tuple[str, list[dict[str, Any]], str, list[int]]:
    return (g.record().dumps(), [g.observation(s) for s in range(g.num_seats)], g.phase, g.to_act())


# -- the kitty (SJ-5) --------------------------------------------------------------------------


def bury_game(options: dict[str, Any] | None = None) -> ShengjiGame:
    hands = ["2H 3S 4S 6S 7S", "8S 9S JS", "QS AS 3C", "4C 6C 7C"]
    return position(hands, kitty="5H 6H 7H", phase="bury", options=options)


def test_the_dealer_takes_the_kitty_and_buries_as_many_sj5() -> None:
    g = bury_game()
    assert g.phase == "bury" and g.to_act() == [0] and len(g.state.hands[0]) == 8
    assert details(g, 0)["kitty"] == "5H 6H 7H"
    assert details(g, 1)["kitty"] is None
    act(g, 0, "bury", "3S 4S 5H")
    st = g.state
    assert g.phase == "play" and st.kitty == tuple(sorted(st.kitty)) and len(st.hands[0]) == 5
    assert details(g, 0)["kitty"] == "3S 4S 5H" and details(g, 2)["kitty"] is None


@pytest.mark.parametrize(("cards", "text"), [
    ("3S 4S", "exactly 3"), ("3S 4S 6S 7S", "exactly 3"), ("3S 4S 5S", "do not hold"),
])
def test_bad_buries_are_refused_sj5(cards: str, text: str) -> None:
    g = bury_game()
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "bury", cards)
    assert err.value.rule == "SJ-5" and text in err.value.message
    assert snapshot(g) == before


@pytest.mark.parametrize(("cards", "message"), [
    ("3S 4S 5S", "you do not hold 5♠"),
    ("3S 9C 8C", "you do not hold 8♣, 9♣"),
    ("3S 3S 4S", "you do not hold 3♠ 3♠ (only 1)"),
    ("3S 4S BJ*", "you do not hold BJ★"),
])
def test_a_bad_bury_names_only_the_missing_cards_sj5(cards: str, message: str) -> None:
    # the dealer holds 2H 3S 4S 6S 7S and the kitty 5H 6H 7H: 3S and 4S are held
    g = bury_game()
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "bury", cards)
    assert err.value.rule == "SJ-5" and err.value.message == message


def test_only_the_dealer_buries_sj5() -> None:
    g = bury_game()
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "bury", "8S 9S JS")
    assert err.value.rule == "SJ-5"
    with pytest.raises(IllegalActionError):
        act(g, 0, "play", "2H")


def test_kitty_no_points_sj5() -> None:
    g = bury_game({"preset": "single-deck"})
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "bury", "3S 4S 5H")
    assert err.value.rule == "SJ-5" and "5♥" in err.value.message
    act(g, 0, "bury", "3S 4S 6H")
    # shown to everyone at once
    assert all(details(g, s)["kitty"] == "3S 4S 6H" for s in range(4))


def test_bury_mask_and_count() -> None:
    g = bury_game()
    mask, done = g.play_mask([])
    assert not done and len(mask) == 8
    mask, done = g.play_mask([g.state.hands[0].to_tuple()[0]] * 1)
    assert not done
    assert g.count_legal() == 56     # 8 distinct cards choose 3
    assert len(g.legal_actions()) == 56


# -- kitty fight (SJ-4 option) -------------------------------------------------------------------


def test_kitty_fight_overcall_takes_the_kitty_and_doubles_the_stakes_sj4() -> None:
    hands, kitty = full_deal(["2H", "3S", "SJ SJ"])
    g = game({"kitty_fight": True}, hands=hands, kitty=kitty)
    act(g, 0, "bid", "2H", {"dealt": 1})
    # the bury straight after the bid: the judge's import step supplies the passes
    g = imported(g, 0, "bury", " ".join(hands[0].split()[1:9]))
    assert g.phase == "kitty_fight" and g.state.dealer == 0
    with pytest.raises(IllegalActionError):
        act(g, 0, "bid", "2H 2H")                    # the burier does not overcall himself
    act(g, 2, "bid", "SJ SJ")
    assert g.phase == "bury" and g.state.burier == 2 and len(g.state.hands[2]) == 33
    assert g.state.stakes == 2 and trump_of(g) == "NT" and g.state.dealer == 0
    assert details(g, 2)["kitty"] is not None and details(g, 0)["kitty"] is None
    act(g, 2, "bury", " ".join(hands[2].split()[2:10]))
    while g.phase == "kitty_fight":
        act(g, g.to_act()[0], "pass")
    assert g.phase == "play" and g.to_act() == [0]
    play_out(g, random.Random(1))
    assert g.result() is not None and g.result()["stakes"] == 2   # type: ignore[index]


# -- friends (SJ-11) -------------------------------------------------------------------------


FRIEND_HANDS = ["AH 3C 4C", "AH 5C 6C", "7C 8C 9C", "JC QC KC"]


def friend_game(nth: int = 2, by: str = "play", hands: list[str] | None = None) -> ShengjiGame:
    g = position(hands or FRIEND_HANDS, kitty="3D 4D", phase="call", trump="S",
                 options={"preset": "friends-4", "friend_by": by})
    assert g.phase == "call" and g.to_act() == [0]
    act(g, 0, "call", "", {"card": "AH", "nth": nth})
    return g


def test_friend_by_play_dealers_own_copy_counts_sj11() -> None:
    g = friend_game(nth=2)
    act(g, 0, "play", "AH")           # the 1st AH: the dealer's own, no friend
    assert g.state.defenders == {0} and g.state.calls[0].played == 1
    act(g, 1, "play", "AH")           # the 2nd AH: seat 1 joins, publicly
    assert g.state.defenders == {0, 1}
    assert details(g, 3)["friends"][0]["found"] == 1


def test_friend_by_play_called_copy_played_by_the_dealer_makes_none_sj11() -> None:
    g = friend_game(nth=1)
    act(g, 0, "play", "AH")
    act(g, 1, "play", "AH")
    made = g.state.calls[0]
    assert g.state.defenders == {0} and made.resolved and made.friend is None


def test_friend_by_holding_nearest_holder_sj11() -> None:
    hands = ["3C 4C 5C", "6C 7C 8C", "AH 9C TC", "AH JC QC"]
    g = friend_game(nth=1, by="holding", hands=hands)
    assert g.phase == "play" and g.state.defenders == {0, 2}


def test_friend_by_holding_dealer_holding_every_copy_is_alone_sj11() -> None:
    hands = ["AH AH 5C", "6C 7C 8C", "3C 9C TC", "4C JC QC"]
    g = friend_game(nth=1, by="holding", hands=hands)
    assert g.state.defenders == {0}


def test_friend_by_holding_is_known_at_the_call_sj11() -> None:
    # SJ-11 边锋: "the holder nearest the dealer in play order, known at once" — with two
    # calls, the first friend is known before the second call is made
    hands = ["3C 4C", "6C 7C", "AH 9C", "KH JC", "KH QC"]
    g = position(hands, kitty="3D 4D", phase="call", trump="S",
                 options={"preset": "friends-5-2", "friends": 2, "friend_by": "holding"})
    act(g, 0, "call", "", {"card": "AH", "nth": 1})
    assert g.phase == "call" and g.state.defenders == {0, 2}
    assert details(g, 1)["friends"][0]["found"] == 2
    act(g, 0, "call", "", {"card": "KH", "nth": 1})
    assert g.phase == "play" and g.state.defenders == {0, 2, 3}


def test_friend_by_holding_refuses_a_copy_number_sj11() -> None:
    # SJ-11 边锋: whoever holds the card is the friend, so only copy 1 is called (the call
    # list offers nothing else); a second-copy call is refused and changes nothing
    g = position(["3C 4C 5C", "6C 7C 8C", "AH 9C TC", "AH JC QC"], kitty="3D 4D",
                 phase="call", trump="S", options={"preset": "friends-4",
                                                   "friend_by": "holding"})
    assert {a.extra["nth"] for a in g.legal_actions() if a.extra} == {1}
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "call", "", {"card": "AH", "nth": 2})
    assert err.value.rule == "SJ-11" and "copy 1" in err.value.message
    assert err.value.zh is not None and "第 1 张" in err.value.zh
    assert snapshot(g) == before
    act(g, 0, "call", "", {"card": "AH", "nth": 1})
    assert g.state.defenders == {0, 2}


def test_friend_calls_are_checked_sj11() -> None:
    g = position(FRIEND_HANDS, kitty="3D 4D", phase="call", trump="S",
                 options={"preset": "friends-4"})
    with pytest.raises(MalformedError):
        act(g, 0, "call", "", {"card": "ZZ", "nth": 1})
    with pytest.raises(MalformedError):
        act(g, 0, "call", "", {"card": "AH", "nth": "1"})
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "call", "", {"card": "AH", "nth": 3})
    assert err.value.rule == "SJ-11"
    with pytest.raises(IllegalActionError):
        act(g, 1, "call", "", {"card": "AH", "nth": 1})
    with pytest.raises(IllegalActionError):
        act(g, 0, "play", "AH")


def test_a_second_friend_call_is_refused_under_sj11() -> None:
    # SJ-11: k = 1 friend for 4–5 players; a second call is refused under SJ-11, not SJ-6
    g = position(FRIEND_HANDS, kitty="3D 4D", phase="call", trump="S",
                 options={"preset": "friends-4"})
    act(g, 0, "call", "", {"card": "AH", "nth": 1})
    assert g.phase == "play"
    before = snapshot(g)
    for seat in (0, 1):
        with pytest.raises(IllegalActionError) as err:
            act(g, seat, "call", "", {"card": "KC", "nth": 1})
        assert err.value.rule == "SJ-11" and "one friend at this table" in err.value.message
        assert snapshot(g) == before
    # and a table without friends refuses a call under SJ-11 as well
    g = position(["AH 3C", "5C 6C", "7C 8C", "JC QC"], kitty="3D 4D", trump="S")
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "call", "", {"card": "AH", "nth": 1})
    assert err.value.rule == "SJ-11"


def test_six_players_call_two_friends_sj11() -> None:
    g = seeded({"preset": "six-three", "teams": "friends"}, seed=3)
    assert g.opts.num_friends == 2


# -- throws (SJ-7) ---------------------------------------------------------------------------


THROW_HANDS = ["9S 8S 8S 4S 4S", "JS 3C 3C 3D 3D", "5C 5C 6C 6C 7C", "7D 7D 8D 8D 9D"]


def test_failed_throw_is_forced_back_sj7() -> None:
    g = position(THROW_HANDS, kitty="TC TC")
    act(g, 0, "play", "4S 4S 8S 8S 9S")      # another holds JS: the single 9S fails
    assert format_cards(g.state.trick[0][1]) == "9S"
    assert format_cards(g.state.hands[0].to_tuple()) == "4S 4S 8S 8S"
    obs = g.observation(2)
    assert obs["details"]["throw_attempted"] == "4S 4S 8S 8S 9S"
    assert obs["details"]["current_trick"] == [{"seat": 0, "cards": "9S"}]
    assert g.record().actions[-1].to_json() == [0, "play", "4S 4S 8S 8S 9S"]
    assert g.to_act() == [1] and g.state.lead is not None and g.state.lead.n == 1


def test_failed_throw_forces_the_pair_when_a_higher_pair_is_out_sj7() -> None:
    hands = ["9S 8S 8S 4S 4S", "5S 5S 3C 3D 3H", "5C 5C 6C 6C 7C", "7D 7D 8D 8D 9D"]
    g = position(hands, kitty="TC TC")
    act(g, 0, "play", "4S 4S 8S 8S 9S")
    assert format_cards(g.state.trick[0][1]) == "4S 4S"


def test_valid_throw_stands_sj7() -> None:
    hands = ["AS KS KS", "3S 4S 5S", "5C 5C 6C", "7D 7D 8D"]
    g = position(hands, kitty="TC TC")
    act(g, 0, "play", "AS KS KS")
    assert format_cards(g.state.trick[0][1]) == "KS KS AS" and g.state.attempted is None


def test_throw_penalty_per_card_sj7() -> None:
    g = position(THROW_HANDS, kitty="TC TC", options={"throw_penalty": "per_card"})
    act(g, 0, "play", "4S 4S 8S 8S 9S")      # the dealer's side takes back 4 cards
    assert running_points(g.state) == 40


def test_no_throw_penalty_by_default_sj7() -> None:
    g = position(THROW_HANDS, kitty="TC TC")
    act(g, 0, "play", "4S 4S 8S 8S 9S")
    assert running_points(g.state) == 0 and g.state.taken_back[0] == 4


def test_no_throws_in_bidding_3_sj12() -> None:
    hands = ["AS KS KS", "3S 4S 5S", "5C 5C 6C"]
    g = position(hands, kitty="TC TC", options={"preset": "bidding-3"}, target=80)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "play", "AS KS KS")
    assert err.value.rule == "SJ-12"
    act(g, 0, "play", "KS KS")


def test_leading_cards_not_held_is_sj6_even_without_throws() -> None:
    hands = ["AS KS KS", "3S 4S 5S", "5C 5C 6C"]
    g = position(hands, kitty="TC TC", options={"preset": "bidding-3"}, target=80)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "play", "AS AS")
    assert err.value.rule == "SJ-6" and "do not hold" in err.value.message


# -- following (SJ-8) ---------------------------------------------------------------------------


def test_illegal_follow_is_refused_and_nothing_changes_sj8() -> None:
    hands = ["KS KS 3C", "7S 7S 9S", "AS 5C 6C", "7D 8D 9D"]
    g = position(hands, kitty="TC TC")
    act(g, 0, "play", "KS KS")
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "play", "7S 9S")
    assert err.value.rule == "SJ-8" and err.value.seat == 1
    assert "pair" in err.value.message and "7♠ 7♠" in err.value.message
    assert snapshot(g) == before
    act(g, 1, "play", "7S 7S")


def test_wrong_seat_and_wrong_count_sj8() -> None:
    hands = ["KS KS 3C", "7S 7S 9S", "AS 5C 6C", "7D 8D 9D"]
    g = position(hands, kitty="TC TC")
    with pytest.raises(IllegalActionError):
        act(g, 1, "play", "9S")
    act(g, 0, "play", "KS KS")
    with pytest.raises(IllegalActionError):
        act(g, 1, "play", "7S")
    with pytest.raises(IllegalActionError):
        act(g, 1, "play", "7S 8S")           # not held


def test_trick_winner_leads_next_and_points_count_sj6_sj8() -> None:
    hands = ["KS 3C", "TS 4C", "AS 5C", "5S 6C"]
    g = position(hands, kitty="TC TC", attackers_points=60)
    for seat, c in enumerate(["KS", "TS", "AS", "5S"]):
        act(g, seat, "play", c)
    assert g.state.tricks[-1].winner == 2 and g.to_act() == [2] and g.state.won[2] == 25
    assert running_points(g.state) == 60       # seat 2 is the dealer's partner
    assert details(g, 1)["attackers_points"] == 60


def test_last_trick_kitty_and_result_sj9() -> None:
    hands = ["3C", "AH", "4C", "6C"]
    g = position(hands, kitty="TC TC KD 5D", attackers_points=70)
    for seat, c in enumerate(["3C", "AH", "4C", "6C"]):
        act(g, seat, "play", c)
    res = g.result()
    assert res is not None and g.phase == "over" and g.to_act() == []
    # the attackers take the last trick with a single: kitty 35 × 2
    assert res["kitty_points"] == 35 and res["kitty_multiplier"] == 2
    assert res["attackers_points"] == 140 and res["winner"] == "attackers"
    assert res["level_changes"] == {"0": 0, "1": 1, "2": 0, "3": 1}
    assert res["next_dealer"] == 1 and res["trump"] == "H" and res["dealer"] == 0
    assert g.next_start() == {"dealer": 1, "levels": {"0": "2", "1": "3", "2": "2", "3": "3"}}
    assert details(g, 2)["kitty"] == "5D TC TC KD"     # reveal_kitty: shown after the round


@pytest.mark.parametrize(("preset", "hands", "mult", "trick"), [
    # a pair ruffs the last trick → 4 (the old reading gave a lone pair 2)
    ("tractor", ["3C 3C", "AH AH", "5C 6C", "7C 8C"], 4, 5),
    # a triple → 6, three decks (the old reading counted it as a pair)
    ("titanic", ["3C 3C 3C", "AH AH AH", "5C 6C 7C", "8C 9C JC"], 6, 5),
    # a tractor of two pairs → 2·2² = 8
    ("tractor", ["3C 3C 4C 4C", "KH KH AH AH", "5C 6C 7C 8C", "9C JC QC KC"], 8, 35),
])
def test_by_shape_kitty_multiplier_of_the_last_trick_sj9(preset: str, hands: list[str],
                                                         mult: int, trick: int) -> None:
    # SJ-9 by_shape: Titanic 2·3^k, then a triple 6, then a tractor 2·2^k, then a pair 4
    g = position(hands, kitty="TC TC KD 5D", attackers_points=70,
                 options={"preset": preset, "kitty_multiplier": "by_shape"})
    for seat, cards in enumerate(hands):
        act(g, seat, "play", cards)
    res = g.result()
    assert res is not None and res["kitty_multiplier"] == mult and res["kitty_points"] == 35
    assert res["attackers_points"] == 70 + trick + 35 * mult


def test_reveal_kitty_off_keeps_it_hidden_after_the_round_sj14() -> None:
    g = position(["3C", "AH", "4C", "6C"], kitty="TC TC", options={"reveal_kitty": False})
    for seat, c in enumerate(["3C", "AH", "4C", "6C"]):
        act(g, seat, "play", c)
    assert details(g, 1)["kitty"] is None and details(g, 0)["kitty"] is not None


def test_a_hidden_kitty_points_stay_hidden_when_the_dealer_side_keeps_it_sj13() -> None:
    # SJ-13: the kitty only for the dealer who buried it; with reveal_kitty off its point count
    # is shown only where it scored (the attackers took the last trick)
    def over(kitty: str) -> ShengjiGame:
        g = position(["AH", "3C", "4C", "6C"], kitty=kitty, options={"reveal_kitty": False})
        for seat, c in enumerate(["AH", "3C", "4C", "6C"]):
            act(g, seat, "play", c)
        return g

    with_points, without = over("TC TC"), over("3D 4D")
    for seat in (1, 2, 3):
        assert with_points.observation(seat) == without.observation(seat)
    assert with_points.observation(0)["result"]["kitty_points"] == 20


# -- random rounds ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_random_rounds_replay_to_the_same_result(preset: str) -> None:
    for seed in range(6):
        start = None if seed % 2 == 0 else {"dealer": 1}
        g = seeded({"preset": preset}, seed=seed, start=start)
        play_out(g, random.Random(seed))
        text = g.record().dumps()
        again, _ = replay(Record.loads(text))
        assert again.result() == g.result()
        status, answer = judge_text(text)
        assert status == 0 and answer["result"] == g.result()


@pytest.mark.parametrize("options", [
    {"kitty_fight": True}, {"bidding": "after_deal"}, {"throw_penalty": "per_card"},
    {"preset": "friends-5", "friend_by": "holding"}, {"no_bid": "redeal"},
    {"constant_twos": True}, {"suit_order_overcall": True}, {"hide_points": True},
    {"preset": "single-deck", "single_deck_joker_nt": True},
    {"redeal_no_trump_or_points": True}, {"kitty_multiplier": "times"},
])
def test_random_rounds_with_options_replay(options: dict[str, Any]) -> None:
    for seed in range(4):
        g = seeded(options, seed=seed, start={"dealer": seed % 4,
                                              "levels": {"0": "5", "1": "9"}}
                   if options.get("preset") != "friends-5" else None)
        play_out(g, random.Random(seed))
        again, _ = replay(Record.loads(g.record().dumps()))
        assert again.result() == g.result()


def test_sampled_actions_are_legal_and_counts_match() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(8):
        g = seeded({"preset": "single-deck" if seed % 2 else "tractor"}, seed=seed)
        while not g.is_over:
            if g.phase == "play" and g.count_legal() <= 3000:
                legal = g.legal_actions()
                assert len(legal) == g.count_legal()
                a = g.sample_action(rng)
                assert a in legal
                checked += 1
                g.apply(a)
            else:
                g.apply(g.sample_action(rng))
    assert checked > 100


def test_every_preset_can_be_created() -> None:
    for preset in PRESETS:
        g = seeded({"preset": preset}, seed=1)
        assert g.num_seats == g.opts.players and g.to_act()


def test_play_before_bidding_is_refused() -> None:
    g = seeded(seed=2)
    with pytest.raises(IllegalActionError):
        g.apply(g.legal_actions()[0].__class__(g.to_act()[0], "play", (1,)))


def test_redeal_start_when_first_round_void() -> None:
    hands, kitty = full_deal(["3S"])
    g = game(hands=hands, kitty=kitty)
    pass_all(g)
    assert g.next_start() == {"levels": {"0": "2", "1": "2", "2": "2", "3": "2"}}


def test_level_past_ace_is_played_without_level_cards_or_trump_sj14() -> None:
    opts = {"play_past_ace": True}
    g = seeded(opts, seed=5, start={"dealer": 1, "levels": {"1": "N", "0": "K"}})
    assert g.state.level == 13 and g.phase == "bury" and trump_of(g) == "NT"
    ctx = g.state.ctx
    assert ctx is not None
    assert ctx.group[0] == 0 and ctx.group[48] == 0       # 2S, AS: plain spades
    assert ctx.group[52] == 4 and ctx.group[53] == 4      # only the jokers are trumps
    play_out(g, random.Random(5))
    assert g.result() is not None and g.result()["level"] == "N"  # type: ignore[index]
    fight = seeded({**opts, "kitty_fight": True}, seed=6,
                   start={"dealer": 0, "levels": {"0": "N"}})
    play_out(fight, random.Random(6))
    assert fight.is_over


def test_a_pass_shows_no_cards() -> None:
    g = seeded({"preset": "bidding-3"}, seed=1)
    with pytest.raises(MalformedError):
        act(g, 0, "pass", "2H")


def test_redeal_when_a_hand_lacks_trumps_or_points_sj14() -> None:
    # seat 3 gets no point card at all: with the option the deal is void once trump is known
    hands, kitty = full_deal(["2H", "", "", "3C 3C 4C 4C 6C 6C 7C 7C 8C 8C 9C 9C JC JC QC QC "
                              "AC AC 3D 3D 4D 4D 6D 6D 7D"])
    plain = game({}, hands=hands, kitty=kitty)
    act(plain, 0, "bid", "2H", {"dealt": 1})
    plain = imported(plain, 0, "bury", " ".join(hands[0].split()[1:9]))
    assert plain.phase == "play"
    g = game({"redeal_no_trump_or_points": True}, hands=hands, kitty=kitty)
    act(g, 0, "bid", "2H", {"dealt": 1})
    pass_all(g)
    assert g.result() is not None and g.result()["redeal"] is True  # type: ignore[index]


def _random_action(g: ShengjiGame, rng: random.Random) -> Action:
    verb = rng.choice(sorted(ShengjiGame.VERBS))
    seat = rng.randrange(g.num_seats)
    hand = g.state.hands[seat].to_tuple()
    k = rng.randrange(0, 4)
    cards = tuple(sorted(rng.sample(hand, min(k, len(hand))))) if hand and rng.random() < 0.8 \
        else tuple(sorted(rng.randrange(55) for _ in range(k)))
    extras: list[dict[str, Any] | None] = [
        None, {"dealt": rng.randrange(-2, 120)}, {"dealt": "x"}, {"card": "AH", "nth": 1},
        {"card": "ZZ"}, {"target": rng.randrange(-5, 250)}, {"trump": rng.choice("SHCDXN")},
        {"nope": 1}]
    return Action(seat, verb, cards, rng.choice(extras))


@pytest.mark.parametrize("preset", ["tractor", "friends-4", "bidding-3", "single-deck"])
def test_random_actions_are_applied_whole_or_refused_unchanged(preset: str) -> None:
    rng = random.Random(len(preset) * 13)
    for seed in range(3):
        g = seeded({"preset": preset, **({"kitty_fight": True} if preset == "tractor" else {})},
                   seed=seed)
        while not g.is_over:
            for _ in range(3):
                probe = _random_action(g, rng)
                before = snapshot(g)
                recorded = len(g.actions)
                try:
                    g.apply(probe)
                except (IllegalActionError, MalformedError):
                    assert snapshot(g) == before, probe
                    continue
                # accepted and recorded: the record replays to the same phase (a pass while
                # cards are dealt is not recorded, see docs/shengji.md)
                if len(g.actions) > recorded:
                    again, _ = replay(Record.loads(g.record().dumps()))
                    assert again.phase == g.phase
            if not g.is_over:
                g.apply(g.sample_action(rng))


def _views(g: ShengjiGame) -> list[dict[str, Any]]:
    """Every seat's observation but the state id (which counts the take-back too)."""
    return [{k: v for k, v in g.observation(s).items() if k != "state_id"}
            for s in range(g.num_seats)]


def test_take_back_a_play_before_the_next_player_acts_sj14() -> None:
    g = seeded({"take_backs": True}, seed=8)
    rng = random.Random(8)
    while g.phase != "play":
        g.apply(g.sample_action(rng))
    g.apply(g.sample_action(rng))                  # the dealer leads
    before = _views(g)
    play = g.sample_action(rng)
    g.apply(play)
    take_back = Action(play.seat, "take_back")
    assert take_back in g.legal_actions(play.seat)
    g.apply(take_back)
    assert _views(g) == before
    # history is append-only: the record holds the play and its take-back, and replays to
    # the state as if the play had never been made
    assert g.record().actions[-2:] == [play, take_back]
    again, _ = replay(Record.loads(g.record().dumps()))
    assert _views(again) == before
    assert g.events_since(0, g.state_id - 1)[-1]["verb"] == "take_back"
    g.apply(play)
    nxt = g.sample_action(rng)
    g.apply(nxt)
    snapshot = g.record().to_json()
    assert take_back not in g.legal_actions(play.seat)
    with pytest.raises(IllegalActionError) as err:
        g.apply(take_back)                         # the next player has acted
    assert err.value.rule == "SJ-14" and g.record().to_json() == snapshot


def test_take_backs_are_off_by_default_sj14() -> None:
    g = seeded({}, seed=8)
    rng = random.Random(8)
    while g.phase != "play":
        g.apply(g.sample_action(rng))
    lead = g.sample_action(rng)
    g.apply(lead)
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(lead.seat, "take_back"))
    assert err.value.rule == "SJ-14" and "off" in err.value.message


def test_a_bury_cannot_be_taken_back_sj14() -> None:
    g = seeded({"take_backs": True}, seed=8)
    rng = random.Random(8)
    while g.phase != "play":
        g.apply(g.sample_action(rng))
    assert g.actions[-1].verb in ("bury", "pass", "call")
    with pytest.raises(IllegalActionError) as err:
        g.apply(Action(g.actions[-1].seat, "take_back"))
    assert err.value.rule == "SJ-14"
