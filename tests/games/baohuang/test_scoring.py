"""BH-5: the normal, alone 独保 and seized 抢杠 tables, open doubling, exact fractions — each
from the seed examples and from deals played out from explicit hands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.positions import act, position
from paizhuo.games.baohuang.scoring import display, fraction_json, score


def play_out(g: BaohuangGame) -> dict[str, object]:
    """Lead the lowest set, answer with pass: the seats go out in play order from the leader."""
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    result = g.result()
    assert result is not None
    return result


def test_seed_example_normal_table() -> None:
    # emperor 头科, guard 二落, revolutionaries 二科/第三/大落: emperor side 3 → 2 and 1;
    # revolutionaries −3 → −1 each
    s = score([0, 1, 2, 3, 4], emperor=0, guard=3, seized=False, doubled=False)
    assert s == [2, -1, -1, 1, -1]
    g = position(["3S", "4S", "5S", "6S", "7S"], emperor=0, guard=3, called="8H")
    r = play_out(g)
    assert r["table"] == "normal" and r["scores"] == [2, -1, -1, 1, -1]
    assert r["rank_names"] == ["头科", "二科", "第三", "二落", "大落"]
    assert r["roles"] == {"emperor": 0, "guard": 3, "revolutionaries": [1, 2, 4],
                          "called": "8H", "alone": False, "seized": False, "open": False}


@pytest.mark.parametrize(("order", "emperor", "guard", "expected"), [
    ([0, 1, 2, 3, 4], 0, 3, [2, -1, -1, 1, -1]),  # the seed example
    ([1, 0, 2, 3, 4], 0, 2, [2, -1, 1, -1, -1]),  # 二科 3 + 第三 0 = 3
    ([0, 4, 1, 2, 3], 0, 2, [2, -1, 1, -1, -1]),  # 头科 6 + 二落 −3 = 3
    ([0, 1, 2, 3, 4], 0, 1, [6, 3, -3, -3, -3]),  # 头科 + 二科 = 9
    ([2, 1, 0, 3, 4], 0, 4, [-4, 2, 2, 2, -2]),  # 第三 0 + 大落 −6 = −6
    ([1, 0, 2, 3, 4], 0, 3, [0, 0, 0, 0, 0]),  # 二科 3 + 二落 −3 = 0
    ([4, 3, 2, 1, 0], 0, 1, [-6, -3, 3, 3, 3]),  # 大落 + 二落 = −9
])
def test_normal_table(order: list[int], emperor: int, guard: int, expected: list[int]) -> None:
    assert score(order, emperor, guard, seized=False, doubled=False) == expected
    doubled = score(order, emperor, guard, seized=False, doubled=True)
    assert doubled == [2 * v for v in expected]


@given(st.permutations(range(5)), st.integers(0, 4), st.integers(0, 4), st.booleans(),
       st.booleans())
def test_every_table_sums_to_zero(order: list[int], emperor: int, guard: int, seized: bool,
                                  doubled: bool) -> None:
    scores = score(list(order), emperor, None if seized else guard, seized=seized,
                   doubled=doubled and not seized)
    assert sum(scores) == 0 and all(isinstance(v, Fraction) for v in scores)


def test_fraction_json_and_display() -> None:
    assert fraction_json(Fraction(2, 3)) == "2/3" and fraction_json(Fraction(-4)) == -4
    assert display(Fraction(2, 3)) == 0.7 and display(Fraction(-1, 3)) == -0.3


def test_open_guard_doubles_every_score() -> None:
    g = position(["BJ* 8H 8H 8H", "4S", "5S", "8H 6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat, verb in [(1, "pass"), (2, "pass"), (3, "reveal")]:  # the reveal ends them
        act(g, seat, verb)
    r = play_out(g)
    assert r["multiplier"] == 2 and r["roles"]["open"]  # type: ignore[index]
    # emperor 头科 6 + guard 二落 −3 = 3, doubled
    assert r["scores"] == [4, -2, -2, 2, -2]


def test_alone_table_and_open_alone() -> None:
    # seed: emperor 头科 alone → 16, revolutionaries −16 → −4 each
    assert score([0, 1, 2, 3, 4], 0, 0, seized=False, doubled=False) == [16, -4, -4, -4, -4]
    assert score([1, 2, 0, 3, 4], 0, 0, seized=False, doubled=False) == [0, 0, 0, 0, 0]
    assert score([1, 0, 2, 3, 4], 0, 0, seized=False, doubled=False) == [4, -1, -1, -1, -1]
    s = score([1, 2, 3, 4, 0], 0, 0, seized=False, doubled=False)
    assert s == [-16, 4, 4, 4, 4]
    g = position(["BJ* 8H 8H 8H 8H", "4S", "5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    for seat in range(1, 5):
        act(g, seat, "pass")
    act(g, 0, "reveal")  # 明独 as his first lead comes (BH-2)
    r = play_out(g)
    assert r["table"] == "alone" and r["scores"] == [32, -8, -8, -8, -8]
    assert r["roles"]["guard"] == 0 and r["roles"]["revolutionaries"] == [1, 2, 3, 4]  # type: ignore[index]


def test_seized_table() -> None:
    assert score([2, 0, 1, 3, 4], 2, None, seized=True, doubled=False) == [-10, -10, 40, -10, -10]
    assert score([0, 2, 1, 3, 4], 2, None, seized=True, doubled=False) == [10, 10, -40, 10, 10]
    g = position(["BJ* 3S", "4S", "5S", "6S", "7S"], phase="crown")
    act(g, 2, "seize")
    r = play_out(g)  # 2 leads and goes out first
    assert r["table"] == "seized" and r["scores"] == [-10, -10, 40, -10, -10]
    g = position(["3S", "4S", "5S", "6S", "7S"], emperor=0, seized=True, guard=None, leader=1)
    r = play_out(g)
    assert r["order"] == [1, 2, 3, 4, 0] and r["scores"] == [-40, 10, 10, 10, 10]
