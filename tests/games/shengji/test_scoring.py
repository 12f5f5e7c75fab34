"""Scoring a round: kitty multipliers, level thresholds, next dealer, options (SJ-9, SJ-11, SJ-12).

Every test builds a :class:`RoundInput` from explicit values; seats, levels and points are
spelled out so each case reads like the rule it checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from paizhuo.games.shengji.scoring import (
    RoundInput,
    attacker_rise,
    bidding_outcome,
    defender_bands,
    kitty_multiplier,
    level_name,
    parse_level,
    round_points_value,
    score_round,
)
from paizhuo.notation import parse_cards


@dataclass(frozen=True)
class U:
    """A unit of the winning play, as scoring sees it (combos.Unit has the same fields)."""

    size: int
    length: int = 1


SINGLE, PAIR, TRIPLE = U(1), U(2), U(3)


def tractor(length: int, size: int = 2) -> U:
    return U(size, length)


LV = {c: i for i, c in enumerate("23456789TJQKA")}


def fixed4(points: int, *, dealer: int = 0, level: str = "2", other: str = "2",
           kitty: int = 0, last: int | None = None, units: tuple[U, ...] = (SINGLE,),
           cards: str = "", decks: int = 2, **kw: Any) -> RoundInput:
    """A four-player fixed-partner round: dealer's side at ``level``, the others at ``other``."""
    defenders = frozenset({dealer % 4, (dealer + 2) % 4})
    attackers = frozenset(range(4)) - defenders
    levels = {s: LV[level] if s in defenders else LV[other] for s in range(4)}
    return RoundInput(
        num_players=4, decks=decks, step=20 * decks, teams="fixed", dealer=dealer,
        defenders=defenders, attackers=attackers, card_points=points, kitty_points=kitty,
        last_trick_winner=dealer if last is None else last, last_trick_units=units,
        last_trick_cards=parse_cards(cards) if cards else (), levels=levels,
        level_rank=LV[level], **kw)


# -- SJ-9 kitty multipliers ---------------------------------------------------------------


@pytest.mark.parametrize(("units", "expected"), [
    ((SINGLE,), 2),
    ((PAIR,), 4),
    ((PAIR, PAIR), 8),
    ((TRIPLE,), 4),                      # a triple counts as a pair
    ((tractor(2),), 8),                  # tractor pairs counted one by one
    ((tractor(3),), 16),
    ((tractor(2), PAIR, SINGLE), 16),
    ((tractor(2, 3),), 8),               # Titanic of two triples: two "pairs"
    ((SINGLE, SINGLE, SINGLE), 2),
])
def test_doubling_is_two_to_one_plus_pairs(units: tuple[U, ...], expected: int) -> None:
    """SJ-9 doubling: ×2, ×4 with one pair, ×8 with two, doubling per further pair."""
    assert kitty_multiplier("doubling", units) == expected


@pytest.mark.parametrize(("units", "expected"), [
    ((SINGLE,), 2),
    ((SINGLE, SINGLE, SINGLE), 2),
    ((PAIR,), 4),                        # a pair → 4
    ((PAIR, PAIR), 4),                   # more pairs do not add up: the shape decides alone
    ((PAIR, PAIR, PAIR, PAIR), 4),
    ((PAIR, SINGLE), 4),
    ((TRIPLE,), 6),                      # a triple → 6
    ((TRIPLE, PAIR), 6),
    ((TRIPLE, tractor(3)), 6),           # the triple comes first and decides alone (not 16)
    ((tractor(2),), 8),                  # tractor of length k: 2·2^k
    ((tractor(3),), 16),
    ((tractor(2), PAIR), 8),
    ((tractor(2), tractor(3)), 16),      # the longest tractor
    ((tractor(2, 3),), 18),              # Titanic of length k: 2·3^k
    ((tractor(3, 3),), 54),
    ((tractor(2, 3), tractor(4)), 18),   # the Titanic first, even over a larger tractor factor
])
def test_by_shape(units: tuple[U, ...], expected: int) -> None:
    """SJ-9 by_shape (seed 000, second text): Titanic 2·3^k, then a triple 6, then a tractor
    2·2^k, then a pair 4, else 2 — the first shape the winning play holds decides alone."""
    assert kitty_multiplier("by_shape", units) == expected


@pytest.mark.parametrize(("units", "times", "power"), [
    ((SINGLE,), 2, 2),
    ((SINGLE, SINGLE), 2, 2),
    ((PAIR,), 4, 4),
    ((PAIR, SINGLE), 4, 4),
    ((TRIPLE,), 6, 8),
    ((tractor(2),), 8, 16),
    ((tractor(3),), 12, 64),
    ((tractor(2), TRIPLE), 8, 16),
    ((tractor(2, 3),), 12, 64),
])
def test_times_and_power_use_the_largest_unit(units: tuple[U, ...], times: int,
                                              power: int) -> None:
    """SJ-9 times: ×2 × cards in the largest unit; power: ×2^(that size)."""
    assert kitty_multiplier("times", units) == times
    assert kitty_multiplier("power", units) == power


@pytest.mark.parametrize("units", [(SINGLE,), (tractor(3),), (tractor(2, 3), PAIR)])
def test_flat_is_always_two(units: tuple[U, ...]) -> None:
    assert kitty_multiplier("flat", units) == 2


def test_unknown_multiplier_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="kitty_multiplier"):
        kitty_multiplier("triple", [SINGLE])


def test_kitty_counts_only_when_the_attackers_win_the_last_trick() -> None:
    """SJ-9: the kitty is added (multiplied) only when the attackers take the last trick."""
    kept = score_round(fixed4(60, kitty=25, last=0, units=(PAIR,)))
    assert (kept.kitty_multiplier, kept.kitty_points_added, kept.attackers_points) == (0, 0, 60)
    assert kept.winner == "defenders"
    partner_kept = score_round(fixed4(60, kitty=25, last=2, units=(PAIR,)))
    assert partner_kept.kitty_points_added == 0
    taken = score_round(fixed4(60, kitty=25, last=1, units=(PAIR,)))
    assert (taken.kitty_multiplier, taken.kitty_points_added, taken.attackers_points) == \
        (4, 100, 160)
    assert taken.winner == "attackers" and taken.level_changes[1] == 2


def test_kitty_rule_is_taken_from_the_input() -> None:
    inp = fixed4(0, kitty=20, last=3, units=(tractor(2),), kitty_multiplier="times")
    assert score_round(inp).attackers_points == 160


# -- SJ-9 thresholds for one, two and three decks -----------------------------------------


def _expected(p: int, s: int) -> tuple[str, int]:
    """The SJ-9 table, written out band by band."""
    if p == 0:
        return "defenders", 3
    if p < s:
        return "defenders", 2
    if p < 2 * s:
        return "defenders", 1
    if p < 3 * s:
        return "attackers", 0
    return "attackers", (p - 2 * s) // s


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_every_threshold_at_and_around_each_boundary(decks: int) -> None:
    """SJ-9 with s = 20, 40, 60: p = 0, each k·s − 5, k·s, k·s + 5, up to all the points."""
    s = 20 * decks
    points = {0, 5}
    for k in range(1, 6):
        points |= {k * s - 5, k * s, k * s + 5}
    points |= {100 * decks - 5, 100 * decks, 100 * decks + 40}
    for p in sorted(points):
        score = score_round(fixed4(p, decks=decks))
        side, levels = _expected(p, s)
        assert score.winner == side, (decks, p)
        if side == "defenders":
            assert score.level_changes == {0: levels, 1: 0, 2: levels, 3: 0}, (decks, p)
            assert score.next_dealer == 2
        else:
            assert score.level_changes == {0: 0, 1: levels, 2: 0, 3: levels}, (decks, p)
            assert score.next_dealer == 1


@pytest.mark.parametrize(("p", "defenders", "attackers"), [
    (0, 3, 0), (5, 2, 0), (35, 2, 0), (40, 1, 0), (75, 1, 0), (80, 0, 0), (115, 0, 0),
    (120, 0, 1), (155, 0, 1), (160, 0, 2), (195, 0, 2), (200, 0, 3), (240, 0, 4),
])
def test_two_deck_table(p: int, defenders: int, attackers: int) -> None:
    """SJ-9, two decks (s = 40), the seed 003 table: 0 / <40 / <80 / <120 / each further 40."""
    changes = score_round(fixed4(p)).level_changes
    assert (changes[0], changes[1]) == (defenders, attackers)


@pytest.mark.parametrize(("p", "defenders", "attackers"), [
    (0, 3, 0), (15, 2, 0), (20, 1, 0), (35, 1, 0), (40, 0, 0), (55, 0, 0), (60, 0, 1),
    (80, 0, 2), (100, 0, 3),
])
def test_one_deck_table(p: int, defenders: int, attackers: int) -> None:
    changes = score_round(fixed4(p, decks=1)).level_changes
    assert (changes[0], changes[1]) == (defenders, attackers)


@pytest.mark.parametrize(("p", "defenders", "attackers"), [
    (0, 3, 0), (55, 2, 0), (60, 1, 0), (115, 1, 0), (120, 0, 0), (175, 0, 0), (180, 0, 1),
    (235, 0, 1), (240, 0, 2), (300, 0, 3),
])
def test_three_deck_table(p: int, defenders: int, attackers: int) -> None:
    changes = score_round(fixed4(p, decks=3)).level_changes
    assert (changes[0], changes[1]) == (defenders, attackers)


def test_band_helpers() -> None:
    assert [defender_bands(p, 20) for p in (0, 5, 15, 20, 35, 40)] == [3, 2, 2, 1, 1, 0]
    assert [attacker_rise(p, 60) for p in (120, 175, 180, 239, 240)] == [0, 0, 1, 1, 2]


def test_stakes_multiply_level_changes() -> None:
    """SJ-4 kitty_fight: each overcall doubles the stakes of the round."""
    assert score_round(fixed4(0, stakes=2)).level_changes[0] == 6
    assert score_round(fixed4(130, stakes=4)).level_changes[1] == 4
    assert score_round(fixed4(90, stakes=4)).level_changes == {0: 0, 1: 0, 2: 0, 3: 0}


# -- SJ-9 next dealer ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealer_rotation_four_players(dealer: int) -> None:
    """Defenders won → the dealer's partner; attackers won → the dealer's next seat."""
    assert score_round(fixed4(40, dealer=dealer)).next_dealer == (dealer + 2) % 4
    assert score_round(fixed4(80, dealer=dealer)).next_dealer == (dealer + 1) % 4


def test_dealer_stays_option() -> None:
    assert score_round(fixed4(40, dealer=3, dealer_stays=True)).next_dealer == 3
    assert score_round(fixed4(80, dealer=3, dealer_stays=True)).next_dealer == 0


def six(points: int, dealer: int, **kw: Any) -> RoundInput:
    defenders = frozenset(s for s in range(6) if s % 2 == dealer % 2)
    return RoundInput(
        num_players=6, decks=3, step=60, teams="fixed", dealer=dealer, defenders=defenders,
        attackers=frozenset(range(6)) - defenders, card_points=points, kitty_points=0,
        last_trick_winner=dealer, last_trick_units=(SINGLE,), last_trick_cards=(),
        levels=dict.fromkeys(range(6), 0), level_rank=0, **kw)


@pytest.mark.parametrize("dealer", range(6))
def test_dealer_rotation_six_players(dealer: int) -> None:
    """six-three: the "partner" is the next teammate in play order (dealer + 2)."""
    assert score_round(six(100, dealer)).next_dealer == (dealer + 2) % 6
    assert score_round(six(120, dealer)).next_dealer == (dealer + 1) % 6
    rise = score_round(six(240, dealer)).level_changes
    assert [rise[s] for s in range(6)] == [2 if s % 2 != dealer % 2 else 0 for s in range(6)]


# -- SJ-9 must-play levels, overflow, the top ---------------------------------------------


def test_must_play_level_stops_a_rise() -> None:
    """SJ-9 must_play_levels T,K: 进级后逢10、K不能跳."""
    must = (LV["T"], LV["K"])
    # defenders at 8 win 3: 9, T — stop at T
    s = score_round(fixed4(0, level="8", must_play_levels=must))
    assert s.new_levels[0] == LV["T"] and s.level_changes[0] == 2 and s.levels_lost == {0: 1, 2: 1}
    # defenders playing T itself win: T has been played, they leave it (and stop at K)
    s = score_round(fixed4(0, level="T", must_play_levels=must))
    assert s.new_levels[0] == LV["K"]
    s = score_round(fixed4(40, level="T", must_play_levels=must))
    assert s.new_levels[0] == LV["J"]
    # attackers at 9 rising 3 stop at T
    s = score_round(fixed4(200, other="9", must_play_levels=must))
    assert s.new_levels[1] == LV["T"] and s.new_levels[3] == LV["T"]
    # attackers sitting at T have not played it as dealer: they take the deal but stay
    s = score_round(fixed4(200, other="T", must_play_levels=must))
    assert s.level_changes[1] == 0 and s.next_dealer == 1 and s.levels_lost[1] == 3
    # landing exactly on a must-play level is fine, and a rise below one is untouched
    s = score_round(fixed4(0, level="7", must_play_levels=must))
    assert s.new_levels[0] == LV["T"] and s.levels_lost == {}
    s = score_round(fixed4(0, level="2", must_play_levels=must))
    assert s.new_levels[0] == LV["5"]


def test_levels_stop_at_ace() -> None:
    s = score_round(fixed4(0, level="Q"))
    assert s.new_levels[0] == LV["A"] and s.level_changes[0] == 2 and s.levels_lost[0] == 1
    s = score_round(fixed4(200, other="A"))
    assert s.level_changes[1] == 0 and s.levels_lost[1] == 3


def test_overflow_lost_is_the_default() -> None:
    s = score_round(fixed4(0, level="8", other="6", must_play_levels=(LV["T"],)))
    assert s.new_levels == {0: LV["T"], 1: LV["6"], 2: LV["T"], 3: LV["6"]}


def test_overflow_demote_opponents() -> None:
    """SJ-9 overflow demote_opponents: levels not taken lower the other side, not below 2."""
    s = score_round(fixed4(0, level="8", other="6", must_play_levels=(LV["T"],),
                           overflow="demote_opponents"))
    assert s.new_levels == {0: LV["T"], 1: LV["5"], 2: LV["T"], 3: LV["5"]}
    assert s.level_changes == {0: 2, 1: -1, 2: 2, 3: -1}
    s = score_round(fixed4(240, level="3", other="Q", overflow="demote_opponents"))
    assert s.new_levels == {0: LV["2"], 1: LV["A"], 2: LV["2"], 3: LV["A"]}
    s = score_round(fixed4(0, level="9", other="4", must_play_levels=(LV["T"],),
                           overflow="demote_opponents"))
    assert s.new_levels[1] == LV["2"]  # 4 lowered by 2, not below 2


# -- SJ-9 the match, hook_j, round points -------------------------------------------------


def test_winning_as_dealer_at_ace_wins_the_match() -> None:
    s = score_round(fixed4(75, dealer=1, level="A", other="K"))
    assert s.match_winners == frozenset({1, 3})
    assert s.new_levels[1] == LV["A"]
    assert s.to_json()["match_winners"] == [1, 3]


def test_losing_at_ace_or_reaching_it_as_attackers_is_no_win() -> None:
    assert score_round(fixed4(80, level="A")).match_winners is None
    reached = score_round(fixed4(240, level="5", other="Q"))
    assert reached.new_levels[1] == LV["A"] and reached.match_winners is None
    assert score_round(fixed4(0, level="K")).match_winners is None


def test_play_past_ace_goes_on_to_the_no_trump_level() -> None:
    """SJ-14: with play_past_ace the level after A is N, and winning at N wins the match."""
    s = score_round(fixed4(0, level="A", play_past_ace=True))
    assert s.match_winners is None and s.new_levels[0] == 13
    assert s.to_json()["new_levels"]["0"] == "N"
    top = RoundInput(**{**fixed4(0).__dict__, "levels": {0: 13, 1: 5, 2: 13, 3: 5},
                        "level_rank": 13, "play_past_ace": True})
    assert score_round(top).match_winners == frozenset({0, 2})
    # the game plays N as level A with no trump, so L may be A: the dealer's level counts
    as_ace = RoundInput(**{**top.__dict__, "level_rank": 12})
    assert score_round(as_ace).match_winners == frozenset({0, 2})


def test_hook_j_sends_the_dealer_side_back_to_two() -> None:
    """SJ-9 hook_j 钩J: dealer side at J, kitty taken with a J in the last trick."""
    hooked = score_round(fixed4(60, level="J", other="5", last=1, cards="JS", hook_j=True))
    assert hooked.hooked and hooked.new_levels == {0: 0, 1: LV["5"], 2: 0, 3: LV["5"]}
    assert hooked.level_changes[0] == -9
    # with a pair of jacks and enough points the attackers also rise
    both = score_round(fixed4(100, level="J", other="5", last=3, cards="JH JH", kitty=10,
                              units=(PAIR,), hook_j=True))
    assert both.attackers_points == 140 and both.new_levels == {0: 0, 1: 4, 2: 0, 3: 4}


@pytest.mark.parametrize(("kw", "why"), [
    ({"hook_j": False, "last": 1, "cards": "JS"}, "option off"),
    ({"hook_j": True, "last": 0, "cards": "JS"}, "the dealer side won the last trick"),
    ({"hook_j": True, "last": 1, "cards": "QS"}, "no jack"),
    ({"hook_j": True, "last": 1, "cards": "JS", "level": "T"}, "not at J"),
])
def test_hook_j_needs_everything(kw: dict[str, Any], why: str) -> None:
    args: dict[str, Any] = {"level": "J", **kw}
    s = score_round(fixed4(60, **args))
    assert not s.hooked, why
    assert s.new_levels[0] > LV["T"] - 1


@pytest.mark.parametrize(("p", "dead_zone", "rise"), [
    (75, False, 0), (80, False, 1), (115, False, 1), (120, False, 2), (200, False, 4),
    (80, True, 0), (115, True, 0), (120, True, 1), (200, True, 3),
])
def test_dead_zone_sj14(p: int, dead_zone: bool, rise: int) -> None:
    """SJ-14.5 ``dead_zone``: on (default) attackers at 2s–3s take the deal and stay; off,
    they rise one level from two steps on (rbtying/shengji's deadzone_size = 0)."""
    s = score_round(fixed4(p, level="5", other="7", dead_zone=dead_zone))
    assert s.level_changes[1] == s.level_changes[3] == rise
    assert s.next_dealer == 1 if p >= 80 else s.next_dealer == 2


def test_hook_j_single_j_sends_every_defender_back_sj14() -> None:
    """SJ-14.5 ``hook_j_rule = single_j``: only a single J winning the last trick hooks, and
    then every player of the dealer's side goes back to 2, whatever his level (a friend at 9,
    say), not only those at J."""
    def friends(cards: str, rule: str) -> RoundInput:
        return RoundInput(
            num_players=5, decks=3, step=60, teams="friends", dealer=0,
            defenders=frozenset({0, 3}), attackers=frozenset({1, 2, 4}), card_points=60,
            kitty_points=0, last_trick_winner=1, last_trick_units=(SINGLE,),
            last_trick_cards=parse_cards(cards), levels={0: LV["J"], 1: 3, 2: 3, 3: LV["9"],
                                                         4: 3},
            level_rank=LV["J"], hook_j=True, hook_j_rule=rule)

    single = score_round(friends("JS", "single_j"))
    assert single.hooked and single.new_levels[0] == single.new_levels[3] == LV["2"]
    assert not score_round(friends("JS JS", "single_j")).hooked  # a pair of jacks: no hook
    default = score_round(friends("JS", "j_in_play"))
    assert default.hooked and default.new_levels[0] == LV["2"]
    assert default.new_levels[3] != LV["2"]  # the friend at 9 is not at J
    assert score_round(friends("JS JS", "j_in_play")).hooked


@pytest.mark.parametrize(("p", "value"), [
    (0, -3), (5, -2), (35, -2), (40, -1), (75, -1), (80, 1), (115, 1), (120, 2), (155, 2),
    (160, 3), (195, 3), (200, 4), (240, 4),
])
def test_round_points_table(p: int, value: int) -> None:
    """SJ-9 round_points 欢乐升级: attackers get the table value, defenders the opposite."""
    assert round_points_value(p, 40) == value
    s = score_round(fixed4(p, round_points=True, round_points_base=3, stakes=2))
    assert s.round_points == {0: -6 * value, 1: 6 * value, 2: -6 * value, 3: 6 * value}


def test_round_points_scale_with_the_step() -> None:
    assert [round_points_value(p, 20) for p in (0, 15, 20, 40, 60, 80, 100)] == \
        [-3, -2, -1, 1, 2, 3, 4]
    assert [round_points_value(p, 60) for p in (55, 60, 119, 120, 299, 300)] == \
        [-2, -1, -1, 1, 3, 4]
    assert score_round(fixed4(50)).round_points is None


# -- SJ-11 friends ------------------------------------------------------------------------


def friends5(points: int, friends: tuple[int, ...], *, dealer: int = 0, level: int = 0,
             **kw: Any) -> RoundInput:
    defenders = frozenset({dealer, *friends})
    levels = dict.fromkeys(range(5), 2)
    levels[dealer] = level
    return RoundInput(
        num_players=5, decks=3, step=60, teams="friends", dealer=dealer, defenders=defenders,
        attackers=frozenset(range(5)) - defenders, card_points=points, kitty_points=0,
        last_trick_winner=dealer, last_trick_units=(SINGLE,), last_trick_cards=(),
        levels=levels, level_rank=level, **kw)


@pytest.mark.parametrize(("p", "dealer", "friend"), [
    (0, 6, 3), (5, 4, 2), (55, 4, 2), (60, 2, 1), (115, 2, 1),
])
def test_friends_dealer_side_with_a_friend(p: int, dealer: int, friend: int) -> None:
    """SJ-11, 2 vs 3: 3 levels (2+1) under 2s, 6 (4+2) under s, 9 (6+3) at 0."""
    s = score_round(friends5(p, (3,)))
    assert s.level_changes == {0: dealer, 1: 0, 2: 0, 3: friend, 4: 0}
    assert s.winner == "defenders" and s.next_dealer == 3


@pytest.mark.parametrize(("p", "dealer"), [(0, 12), (30, 8), (60, 4), (115, 4)])
def test_friends_dealer_alone(p: int, dealer: int) -> None:
    """SJ-11, 1 vs 4: 4, 8, 12 for the dealer; he keeps the deal."""
    s = score_round(friends5(p, (), level=0))
    assert s.level_changes == {0: dealer, 1: 0, 2: 0, 3: 0, 4: 0}
    assert s.next_dealer == 0


@pytest.mark.parametrize(("p", "rise"), [(120, 0), (175, 0), (180, 1), (240, 2), (300, 3)])
def test_friends_attackers(p: int, rise: int) -> None:
    """SJ-11: 2s takes the deal (上台), each further s raises every attacker one level."""
    s = score_round(friends5(p, (3,), dealer=1))
    assert s.winner == "attackers"
    assert s.level_changes == {0: rise, 1: 0, 2: rise, 3: 0, 4: rise}
    # the next dealer: the first attacker after the dealer in play order
    assert s.next_dealer == 2
    assert score_round(friends5(p, (2,), dealer=1)).next_dealer == 3
    assert score_round(friends5(p, (), dealer=4)).next_dealer == 0


def test_friends_levels_are_per_player() -> None:
    """The friend rises from his own level; the must-play rule applies to each player."""
    levels = {0: LV["8"], 1: LV["9"], 2: LV["2"], 3: LV["Q"], 4: LV["5"]}
    inp = RoundInput(**{**friends5(30, (3,), level=LV["8"]).__dict__, "levels": levels,
                        "must_play_levels": (LV["T"], LV["K"])})
    s = score_round(inp)
    # dealer 8 + 4 stops at T; the friend at Q + 2 stops at K
    assert s.new_levels == {0: LV["T"], 1: LV["9"], 2: LV["2"], 3: LV["K"], 4: LV["5"]}


def test_friends_stakes_and_next_dealer_stays() -> None:
    s = score_round(friends5(0, (2,), stakes=2, dealer_stays=True))
    assert s.level_changes[0] == 12 and s.new_levels[0] == LV["A"] and s.next_dealer == 0


# -- SJ-12 bidding-3 ----------------------------------------------------------------------


def bidding3(points: int, target: int, *, dealer: int = 1, **kw: Any) -> RoundInput:
    return RoundInput(
        num_players=3, decks=2, step=40, teams="bidding", dealer=dealer,
        defenders=frozenset({dealer}), attackers=frozenset(range(3)) - {dealer},
        card_points=points, kitty_points=0, last_trick_winner=dealer,
        last_trick_units=(SINGLE,), last_trick_cards=(), levels=dict.fromkeys(range(3), 0),
        level_rank=0, target=target, **kw)


@pytest.mark.parametrize(("p", "target", "dealer", "attackers"), [
    (0, 150, 6, 0), (5, 150, 4, 0), (70, 150, 4, 0), (75, 150, 2, 0), (145, 150, 2, 0),
    (150, 150, 0, 1), (220, 150, 0, 1), (225, 150, 0, 2), (300, 150, 0, 3),
    (55, 115, 4, 0), (60, 115, 2, 0), (115, 115, 0, 1), (170, 115, 0, 1), (175, 115, 0, 2),
    (120, 120, 0, 1), (180, 120, 0, 2),
])
def test_bidding_three(p: int, target: int, dealer: int, attackers: int) -> None:
    """SJ-12: reach the target → +1 each, +1 per further half target; under it the dealer
    +2, under half +4, at 0 +6 (seed 003: 150 → 75 a level; 115 → 57.5)."""
    s = score_round(bidding3(p, target))
    assert s.level_changes == {0: attackers, 1: dealer, 2: attackers}
    assert s.next_dealer == 2
    assert bidding_outcome(p, target) == (attackers > 0, attackers or dealer)


def test_bidding_three_kitty_counts_towards_the_target() -> None:
    inp = RoundInput(**{**bidding3(100, 120).__dict__, "kitty_points": 15,
                        "last_trick_winner": 0, "last_trick_units": (PAIR,)})
    s = score_round(inp)
    assert s.attackers_points == 160 and s.level_changes[0] == 1


def test_bidding_three_needs_a_positive_target() -> None:
    with pytest.raises(ValueError, match="target"):
        score_round(RoundInput(**{**bidding3(0, 100).__dict__, "target": None}))
    with pytest.raises(ValueError, match="positive"):
        score_round(bidding3(0, 0))


# -- input checks and the JSON form -------------------------------------------------------


def test_bad_inputs_are_refused() -> None:
    base = fixed4(0).__dict__
    cases: list[tuple[dict[str, Any], str]] = [
        ({"teams": "pairs"}, "teams"),
        ({"attackers": frozenset({1})}, "split"),
        ({"dealer": 1}, "dealer"),
        ({"levels": {0: 0, 1: 0}}, "levels"),
        ({"levels": {0: 0, 1: 0, 2: 0, 3: 13}}, "level"),
        ({"card_points": -5}, "negative"),
        ({"overflow": "keep"}, "overflow"),
    ]
    for change, word in cases:
        with pytest.raises(ValueError, match=word):
            score_round(RoundInput(**{**base, **change}))


def test_to_json() -> None:
    s = score_round(fixed4(130, level="5", other="9", kitty=10, last=1, units=(PAIR,),
                           round_points=True))
    assert s.to_json() == {
        "winner": "attackers", "attackers_points": 170, "kitty_points": 10,
        "kitty_multiplier": 4, "kitty_points_added": 40,
        "level_changes": {"0": 0, "1": 2, "2": 0, "3": 2},
        "new_levels": {"0": "5", "1": "J", "2": "5", "3": "J"},
        "next_dealer": 1, "match_winners": None,
        "round_points": {"0": -3, "1": 3, "2": -3, "3": 3},
    }


def test_level_names() -> None:
    assert [level_name(i) for i in (0, 8, 12, 13)] == ["2", "T", "A", "N"]
    assert parse_level("10") == 8 and parse_level("k") == 11
    with pytest.raises(ValueError):
        parse_level("1")


def test_next_start_carries_dealer_and_levels_forward() -> None:
    """SJ-10: the next round starts with the next dealer and the new levels; none after A."""
    s = score_round(fixed4(0, dealer=1, level="4", other="7"))
    assert s.next_start() == {"dealer": 3, "levels": {"0": "7", "1": "7", "2": "7", "3": "7"}}
    assert score_round(fixed4(0, level="A")).next_start() is None
