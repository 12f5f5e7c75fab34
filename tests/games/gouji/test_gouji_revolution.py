"""GJ-9 revolution 革命 (and two → redeal; 要头 / 无头), holding the 3s 憋三 with both ``stuck``
settings, and buying 3s 买三 — from explicit hands."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from paizhuo.cards import BIG_JOKER, SMALL_JOKER
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.climbing import rank_counts
from paizhuo.games.gouji import GoujiGame, buying
from paizhuo.games.gouji.positions import act, full, position
from paizhuo.games.gouji.setup import full_deck
from paizhuo.notation import parse_cards

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import deal_without_money, details


def finish(g: GoujiGame, seed: int = 0) -> dict[str, object]:
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    res = g.result()
    assert res is not None
    return res


def test_gj9_revolution_and_keeping_the_head() -> None:
    g = full(deal_without_money([1]))
    assert g.phase == "revolution" and g.to_act() == [1]
    act(g, 1, "revolution")
    assert g.phase == "head" and g.to_act() == [4]  # his 对头 chooses 要头 or 无头
    act(g, 4, "keep_head")
    assert g.phase == "play"
    t = g.state
    assert not t.active[1] and t.tokens[4] == 3
    assert details(g, 0)["revolution"] == [1]


def test_gj9_revolutionary_is_sike_or_sanke() -> None:
    for seed in range(6):
        g = full(deal_without_money([1]))
        act(g, 1, "revolution")
        act(g, 4, "no_head")
        assert g.state.play_began and g.state.tokens[4] == 0
        res = finish(g, seed)
        order = res["order"]
        assert isinstance(order, list) and len(order) == 6
        mates_on_top = order[0] % 2 == 1 and order[1] % 2 == 1
        assert order.index(1) == (2 if mates_on_top else 3)
        assert res["chuan_san_hu"] == mates_on_top or len({s % 2 for s in order[:3]}) == 1


def test_gj9_revolution_may_be_declined() -> None:
    g = full(deal_without_money([1]))
    act(g, 1, "pass")
    assert g.phase == "play" and g.state.play_began and g.state.active[1]


def test_gj9_two_revolutions_mean_a_redeal() -> None:
    g = full(deal_without_money([1, 2]))
    act(g, 1, "revolution")
    act(g, 2, "revolution")
    assert g.is_over
    res = g.result()
    assert res is not None and res["redeal"] is True
    nxt = g.next_start()
    assert nxt is not None and nxt["game"] == 1 and nxt["redeals"] == 1


def test_gj9_revolution_off() -> None:
    g = full(deal_without_money([1]), options={"preset": "classic", "revolution": False})
    assert g.phase == "play"


def test_gj9_only_a_player_without_money_may_declare() -> None:
    g = full(deal_without_money([1]))
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "revolution")
    assert err.value.rule == "GJ-9"


# -- 憋三 ---------------------------------------------------------------------------------------

BIE = {"preset": "classic", "bie_san": True}
STAY = {"preset": "classic", "bie_san": True, "stuck": "stay"}
HANDS_BIE = ["5S 3S", "6S 3H 4H", "3D 4D 5D", "3C 4C 5C", "3S 4S 5H", "3H 4S 6H"]


def test_gj9_last_play_must_be_threes() -> None:
    g = position(HANDS_BIE, leader=0, options=BIE)
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "play", "3S")  # would leave 5S with no 3 for the end
    assert err.value.rule == "GJ-9"
    act(g, 0, "play", "5S")
    for s in (1, 2, 3, 4, 5):
        act(g, s, "pass")
    act(g, 0, "play", "3S")
    assert g.state.play_began and g.state.tops == [0]


def test_gj9_stuck_is_ranked_last_at_once() -> None:
    g = position(HANDS_BIE, leader=0, options=BIE)
    act(g, 0, "play", "5S")
    act(g, 1, "play", "6S")  # 被闷: seat 0 holds only his 3 and lost the lead
    t = g.state
    assert t.play_began
    assert t.bottoms == [0] and not t.active[0]
    assert details(g, 3)["headless"] == [3]  # his 对头 has no 对头 now


def test_gj9_stuck_stay() -> None:
    g = position(HANDS_BIE, leader=0, options=STAY)
    act(g, 0, "play", "5S")
    act(g, 1, "play", "6S")
    t = g.state
    assert t.active[0] and t.stuck[0]
    for s in (2, 3, 4, 5, 0):
        act(g, s, "pass")
    act(g, 1, "play", "4H")  # 1 leads, keeps his 3
    res = finish(g)
    assert 0 in res["stuck"]
    if not res["chuan_san_hu"]:
        assert ("stuck", 0, 3) in [(x["kind"], x["from"], x["to"])
                                   for x in res["tributes_next"]]  # type: ignore[union-attr]


def test_gj9_stuck_player_may_not_jiefeng() -> None:
    hands = ["5S 3S", "6S", "3D 4D 5D", "3C 4C 5C", "3S 4S 5H", "3H 4S 6H"]
    g = position(hands, leader=0, options=STAY)
    act(g, 0, "play", "5S")
    act(g, 1, "play", "6S")  # seat 1 goes out; seat 0 is stuck
    for s in (2, 3, 4, 5, 0):
        act(g, s, "pass")
    assert g.to_act() == [2]  # the lead skips the stuck seat 0


# -- 买三 ---------------------------------------------------------------------------------------

def sorted_deal() -> list[list[int]]:
    cards = full_deck(216)
    return [cards[s::6] for s in range(6)]


def swap(hands: list[list[int]], a: int, ca: int, b: int, cb: int) -> None:
    hands[a].remove(ca)
    hands[b].append(ca)
    hands[b].remove(cb)
    hands[a].append(cb)


def without_threes(seat: int, to: int) -> list[list[int]]:
    hands = sorted_deal()
    aces = [c for c in hands[to] if 48 <= c < 52]
    for c in [c for c in hands[seat] if 4 <= c < 8]:
        swap(hands, seat, c, to, aces.pop())
    return hands


def test_gj9_buying_a_three_from_the_duitou() -> None:
    hands = without_threes(0, 3)
    g = full(hands, options=BIE)
    assert g.phase == "buy" and g.to_act() == [0]
    pay = {a.cards for a in g.legal_actions()}
    assert pay == {parse_cards("2S"), (SMALL_JOKER,)}
    threes_before = rank_counts(g.hands[3])[0]
    act(g, 0, "buy", "SJ")
    assert rank_counts(g.hands[0])[0] == 1
    assert rank_counts(g.hands[3])[0] == threes_before - 1
    assert g.hands[3][SMALL_JOKER] == 1
    assert g.phase == "play"


def test_gj9_buying_order_options() -> None:
    hands = without_threes(0, 3)
    # leave the 对头 a single 3: he does not sell; seat 1 (his teammate) does, or with
    # team_second seat 2 (a teammate) gives one
    threes = [c for c in hands[3] if 4 <= c < 8]
    for c in threes[1:]:
        swap(hands, 3, c, 5, next(x for x in hands[5] if 8 <= x < 52))
    g = full(hands, options=BIE)
    twos = sum(g.hands[1][c] for c in range(4))
    act(g, 0, "buy", "2S")
    assert sum(g.hands[1][c] for c in range(4)) == twos + 1  # seat 1 sold the 3
    g = full(hands, options={**BIE, "buy_order": "team_second"})
    assert [a.cards for a in g.legal_actions()] == [()]  # a gift: nothing to pay
    act(g, 0, "buy")
    assert rank_counts(g.hands[0])[0] == 1


def test_gj9_buying_fours_in_the_198_deck() -> None:
    g = GoujiGame.new({"preset": "tongyong"}, seed=5)
    rng = random.Random(1)
    while g.phase in ("revolution", "buy", "head", "declare"):
        g.apply(g.sample_action(rng))
    if g.phase == "play":
        t = g.state
        assert t.play_began
        for s in range(6):  # each seat holds a 3 and a 4, or there was none to buy
            for rank in (0, 1):
                if t.active[s] and not rank_counts(g.hands[s])[rank]:
                    assert buying.source(t, s, rank) is None


def test_jokers_in_deck() -> None:
    assert full_deck(216).count(BIG_JOKER) == 4
    assert len(full_deck(198)) == 198


def test_gj9_nothing_to_buy_with_means_revolution() -> None:
    hands = sorted_deal()

    def is_three(c: int) -> bool:
        return 4 <= c < 8

    def is_money(c: int) -> bool:
        return c < 4 or c >= SMALL_JOKER

    def mid(h: list[int]) -> int:
        return next(x for x in h if 16 <= x < 40)

    # seat 1: no 3, no 2, no joker; his teammates 3 and 5 keep at most one 3 each
    for c in [c for c in hands[1] if is_three(c) or is_money(c)]:
        swap(hands, 1, c, 0, mid(hands[0]))
    for mate in (3, 5):
        for c in [c for c in hands[mate] if is_three(c)][1:]:
            swap(hands, mate, c, 2, mid(hands[2]))
    g = full(hands, options=BIE)
    assert g.phase == "revolution" and g.to_act() == [1]
    act(g, 1, "pass")  # he may decline, but then he cannot buy a 3
    assert g.state.revolution == [1]
    assert {"type": "revolution", "seat": 1, "why": "cannot buy a 3", "state_id": 1} in (
        g.events_since(0, 0))
    assert g.phase == "head" and g.to_act() == [4]


def test_position_seat_in_game_needs_cards() -> None:
    from paizhuo.engine.errors import MalformedError

    with pytest.raises(MalformedError) as err:
        position(["", "3S", "3H", "3D", "3C", "4S"], leader=1)
    assert err.value.field == "deal.hands[0]"


def test_gj9_keep_head_dead_gouji_then_headless() -> None:
    """要头: the revolutionary's 对头 has dead gouji plays; once they are used he is headless."""
    hands = ["3C 4C", "", "5D 6D", "QS 3D", "AS AS KS KS 9S", "2S 2S 3H 5H"]
    g = position(hands, leader=4, revolution=[1], dead_gouji={"4": 1})  # the last of three
    act(g, 4, "play", "AS AS")  # dead: nobody may answer, and nobody can burn it
    t = g.state
    assert t.table_shape is None and g.to_act() == [4] and t.tokens[4] == 0
    act(g, 4, "play", "KS KS")  # now headless: anyone in turn may beat it
    assert g.to_act() == [5] and t.answer_queue == [5, 0, 2, 3]
    act(g, 5, "play", "2S 2S")
    assert t.maker == 5
