"""GJ-10 scoring (with and without 串三户), the five-game series with every tribute kind in its
order, returns and the refusal rule, and the titles ladder; GJ-11 上班."""

from __future__ import annotations

import random

import pytest

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.climbing import STRENGTH_OF_CARD
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.positions import act, full
from paizhuo.games.gouji.scoring import (
    finishing_order,
    point_tribute,
    score,
    title,
    tributes_for,
)
from paizhuo.games.gouji.setup import TRIBUTE_KINDS, full_deck


def test_gj10_scoring_without_chuan_san_hu() -> None:
    s = score([0, 1, 2, 3, 4, 5], positive_only=False)
    assert s["points"] == [4, 2, 0, 0, -2, -4]
    assert s["team_scores"] == [2, -2]
    assert s["scores"] == [2, -2, 2, -2, 2, -2]
    assert not s["chuan_san_hu"]


def test_gj10_chuan_san_hu_doubles_seed_twelve() -> None:
    s = score([1, 3, 5, 0, 2, 4], positive_only=False)
    assert s["chuan_san_hu"] and s["team_scores"] == [-12, 12]


def test_gj10_positive_only() -> None:
    s = score([0, 1, 2, 3, 4, 5], positive_only=True)
    assert s["team_scores"] == [2, 0]


def test_gj9_revolution_teammates_on_top_is_chuan_san_hu() -> None:
    order = finishing_order([0, 2], [1, 3, 5], [], [4])
    assert order[:3] == [0, 2, 4]
    assert score(order, positive_only=False)["chuan_san_hu"]
    order = finishing_order([0, 1], [2, 3], [5], [4])
    assert order.index(4) == 3


def test_gj10_point_tribute_table() -> None:
    # nobody declares
    assert point_tribute(False, True, False, False) == (0, 1)
    assert point_tribute(False, False, False, False) == (1, 1)
    assert point_tribute(False, True, False, True) == (0, 0)
    # both declare
    assert point_tribute(True, True, True, False) == (0, 4)
    assert point_tribute(True, False, True, False) == (2, 2)
    assert point_tribute(True, True, True, True) == (2, 2)
    # a declares, b does not
    assert point_tribute(True, True, False, False) == (0, 3)
    assert point_tribute(True, False, False, False) == (1, 2)
    assert point_tribute(True, True, False, True) == (2, 0)
    assert point_tribute(True, False, False, True) == (3, 0)
    assert point_tribute(False, True, True, False) == (0, 3)  # b declared, did not open


def test_gj10_tribute_kinds_in_order() -> None:
    owed = tributes_for([0, 1, 2, 3, 4, 5], chuan_san_hu=False, stuck=[2], burns=[(4, 1)],
                        opened=[True, True, False, True, True, True],
                        declared=[False] * 6, revolution=[])
    kinds = [(t["kind"], t["from"], t["to"], t["cards"]) for t in owed]
    assert kinds == [("stuck", 2, 5, 1), ("burn", 4, 1, 1), ("point", 2, 5, 1),
                     ("place", 5, 0, 2), ("place", 4, 1, 1)]


def test_gj10_the_order_within_one_tribute_kind() -> None:
    """GJ-10 (paizhuo's choice, docs/rules/gouji.md): 闷贡 by seat, 烧贡 in the order the
    burns succeeded, 点贡 by 对头 pair from seats 0 and 3 (the lower seat of a pair first when
    both pay), 落贡 大落 before 二落."""
    owed = tributes_for([0, 1, 2, 3, 4, 5], chuan_san_hu=False, stuck=[1, 4],
                        burns=[(4, 1), (0, 5)],
                        opened=[True, False, False, False, True, False],
                        declared=[False] * 6, revolution=[])
    kinds = [(t["kind"], t["from"], t["to"]) for t in owed]
    assert kinds == [("stuck", 1, 4), ("stuck", 4, 1), ("burn", 4, 1), ("burn", 0, 5),
                     ("point", 3, 0), ("point", 1, 4), ("point", 2, 5), ("point", 5, 2),
                     ("place", 5, 0), ("place", 4, 1)]


def test_gj10_no_tribute_after_chuan_san_hu_or_between_teammates() -> None:
    assert tributes_for([0, 2, 4, 1, 3, 5], chuan_san_hu=True, stuck=[], burns=[],
                        opened=[True] * 6, declared=[False] * 6, revolution=[]) == []
    owed = tributes_for([0, 3, 1, 5, 4, 2], chuan_san_hu=False, stuck=[], burns=[(2, 4)],
                        opened=[True] * 6, declared=[False] * 6, revolution=[])
    assert [t["kind"] for t in owed] == ["place"]  # 大落 2 → 头科 0 are teammates: skipped


def test_gj10_titles() -> None:
    assert title(0) == "列兵" and title(29) == "列兵" and title(30) == "下等兵"
    assert title(10000) == "少尉" and title(600000) == "上将"


def sorted_deal() -> list[list[int]]:
    cards = full_deck(216)
    return [cards[s::6] for s in range(6)]


TRIBUTES = [
    {"kind": "stuck", "from": 0, "to": 3, "cards": 1},
    {"kind": "burn", "from": 2, "to": 1, "cards": 1},
    {"kind": "point", "from": 4, "to": 1, "cards": 1},
    {"kind": "place", "from": 5, "to": 0, "cards": 2},
]


def test_gj10_tribute_phase_pays_highest_cards_in_order() -> None:
    g = full(sorted_deal(), start={"game": 2, "tributes": TRIBUTES, "leader": 5})
    assert g.phase == "tribute" and g.to_act() == [0]
    legal = g.legal_actions()
    assert len(legal) == 1 and legal[0].verb == "tribute"
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "tribute", "3S")
    assert err.value.rule == "GJ-10"
    payers = []
    rng = random.Random(0)
    while g.phase == "tribute":
        a = g.sample_action(rng)
        if a.verb == "tribute":
            payers.append(a.seat)
            assert all(STRENGTH_OF_CARD[c] >= 13 for c in a.cards)  # the highest are jokers here
        g.apply(a)
    assert payers == [0, 2, 4, 5]
    assert [len(h) for h in g.hands] == [36] * 6
    assert g.phase == "play" and g.to_act() == [5]  # 大落 of the last game leads


def test_gj10_refusing_a_returned_card() -> None:
    hands = sorted_deal()
    # seat 5 pays seat 0; seat 5 holds no 3, seat 0 returns a 3 → seat 5 may refuse it
    for c in [c for c in hands[5] if 4 <= c < 8]:
        other = next(x for x in hands[0] if 40 <= x < 48)
        hands[5].remove(c)
        hands[0].append(c)
        hands[0].remove(other)
        hands[5].append(other)
    tribute = [{"kind": "place", "from": 5, "to": 0, "cards": 1}]
    g = full(hands, start={"game": 2, "tributes": tribute})
    act(g, 5, "tribute", g.legal_actions()[0].to_json()[2])
    assert g.to_act() == [0]
    act(g, 0, "return", "3S")
    assert g.to_act() == [5] and {a.verb for a in g.legal_actions()} == {"refuse", "pass"}
    act(g, 5, "refuse")
    assert g.to_act() == [0]
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "return", "3H")  # another 3 is refused too
    assert err.value.rule == "GJ-10"
    held = {STRENGTH_OF_CARD[c] for c in g.hands[5].distinct()}
    ok = next(a for a in g.legal_actions() if STRENGTH_OF_CARD[a.cards[0]] in held)
    g.apply(ok)  # a rank the payer holds cannot be refused
    assert g.phase != "tribute"


def test_gj10_five_game_series() -> None:
    rng = random.Random(7)
    start = None
    totals = [0] * 6
    kinds_seen: set[str] = set()
    games = 0
    for n in range(1, 10):
        g = GoujiGame.new({"preset": "classic", "declare": True}, seed=n, start=start)
        if g.phase == "tribute":
            for t in g.state.tributes:
                kinds_seen.add(t["kind"])
            idx = [TRIBUTE_KINDS.index(t["kind"]) for t in g.state.tributes]
            assert idx == sorted(idx)
        while not g.is_over:
            g.apply(g.sample_action(rng))
        res = g.result()
        assert res is not None
        if not res["redeal"]:
            games += 1
            totals = [a + b for a, b in zip(totals, res["scores"], strict=True)]
            assert res["totals"] == totals
            assert res["series"] == 5
        start = g.next_start()
        if start is None:
            break
    assert games == 5
    assert "place" in kinds_seen or "point" in kinds_seen


def test_gj11_first_lead_most_threes_of_one_suit() -> None:
    hands = sorted_deal()
    assert full(hands).to_act() == [0]  # everyone shows one 3 of a suit: the earlier seat
    for seat in (5, 0):  # seat 4 gets two more 3S: three of one suit
        other = next(x for x in hands[4] if 40 <= x < 48)
        hands[seat].remove(4)
        hands[4].append(4)
        hands[4].remove(other)
        hands[seat].append(other)
    assert full(hands).to_act() == [4]


def test_gj11_later_games_led_by_the_last_dalu() -> None:
    g = full(sorted_deal(), start={"game": 3, "leader": 2})
    assert g.to_act() == [2]


def test_gj13_five_game_series_with_every_tribute_kind() -> None:
    """Game 1 (an endgame) produces a burn, a stuck player (憋三留头), unopened points and
    places; games 2–5 pay 闷贡 > 烧贡 > 点贡 > 落贡 and the series ends after game 5."""
    from paizhuo.games.gouji.positions import position

    opts = {"preset": "classic", "bie_san": True, "stuck": "stay"}
    g = position(["KS KS 3S 8S", "AS AS SJ 6S 6S 3H", "5S 3D", "6D 3C 7C", "4D 3S", "4C 3H"],
                 leader=0, options=opts)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")  # 烧牌
    act(g, 4, "pass")
    act(g, 1, "play", "SJ 6S 6S")
    act(g, 4, "pass")
    act(g, 1, "play", "3H")  # burn succeeds: 头科
    act(g, 2, "play", "5S")  # leaves only his 3 ...
    act(g, 3, "play", "6D")  # ... and is beaten: 被闷, he stays in
    rng = random.Random(1)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    res = g.result()
    assert res is not None and res["burns"] == [{"burnt": 0, "burner": 1}]
    assert res["stuck"] == [2]
    kinds = [t["kind"] for t in res["tributes_next"]]
    assert kinds[:2] == ["stuck", "burn"] and "point" in kinds
    assert kinds == sorted(kinds, key=TRIBUTE_KINDS.index)
    start = g.next_start()
    played = 1
    paid_kinds: list[str] = []
    while start is not None:
        game = GoujiGame.new(opts, seed=played, start=start)
        while not game.is_over:
            a = game.sample_action(rng)
            if a.verb == "tribute":
                paid_kinds.append(game.state.tributes[game.state.tribute_index]["kind"])
            game.apply(a)
        result = game.result()
        assert result is not None
        if not result["redeal"]:
            played += 1
            assert result["game"] == played
        start = game.next_start()
    assert played == 5
    first = paid_kinds[:len(kinds)]
    assert first == kinds  # game 2 paid exactly what game 1 owed, in order
    assert {"stuck", "burn", "point"} <= set(first)
