"""Who may keep a finished round's record (SJ-13, ``record_viewers``): anyone where the kitty
is shown to all (``reveal_kitty``, ``kitty_no_points``); else only a seat that saw every card
the kitty held — the kitty as dealt and every bury — at the table."""

from __future__ import annotations

import random

import pytest

from paizhuo.games.shengji import ShengjiGame

from .sj_helpers import (
    act,
    details,
    full_deal,
    game,
    imported,
    pass_all,
    play_out,
    position,
    seeded,
)


def kitty_seers(g: ShengjiGame) -> set[int]:
    """The seats whose view at the end shows the kitty."""
    return {s for s in range(g.num_seats) if details(g, s)["kitty"] is not None}


@pytest.mark.parametrize("seed", range(4))
def test_a_shown_kitty_leaves_the_record_to_anyone_sj13(seed: int) -> None:
    g = seeded({}, seed=seed)
    play_out(g, random.Random(seed))
    assert g.record_viewers() is None
    assert kitty_seers(g) == set(range(4)) and details(g, None)["kitty"] is not None


@pytest.mark.parametrize("seed", range(4))
def test_a_hidden_kitty_keeps_the_record_for_its_burier_sj13(seed: int) -> None:
    g = seeded({"reveal_kitty": False}, seed=seed)
    play_out(g, random.Random(seed))
    (burier,) = {seat for seat, _ in g.state.burials}
    assert g.record_viewers() == frozenset({burier}) == frozenset({g.state.dealer})
    assert kitty_seers(g) == {burier} and details(g, None)["kitty"] is None


@pytest.mark.parametrize("seed", range(3))
def test_kitty_no_points_shows_the_kitty_so_the_record_is_anyones_sj5_sj13(seed: int) -> None:
    g = seeded({"preset": "single-deck", "reveal_kitty": False}, seed=seed)
    play_out(g, random.Random(seed))
    assert g.record_viewers() is None


def test_a_position_that_starts_in_play_keeps_it_for_the_dealer() -> None:
    g = position(["KS", "TS", "AS", "5S"], "TC TC", dealer=1, options={"reveal_kitty": False})
    for seat, c in [(1, "TS"), (2, "AS"), (3, "5S"), (0, "KS")]:
        act(g, seat, "play", c)
    assert g.is_over and g.record_viewers() == frozenset({1})


def fight(reveal: bool, overcall: bool) -> ShengjiGame:
    """Seat 0 bids and buries; in the kitty fight seat 2 overcalls (or nobody does)."""
    hands, kitty = full_deal(["2H", "3S", "SJ SJ"])
    g = game({"kitty_fight": True, "reveal_kitty": reveal}, hands=hands, kitty=kitty)
    act(g, 0, "bid", "2H", {"dealt": 1})
    g = imported(g, 0, "bury", " ".join(hands[0].split()[1:9]))
    if overcall:
        act(g, 2, "bid", "SJ SJ")
        act(g, 2, "bury", " ".join(hands[2].split()[2:10]))
    while g.phase == "kitty_fight":
        act(g, g.to_act()[0], "pass")
    play_out(g, random.Random(1))
    return g


def test_after_an_overcall_nobody_saw_every_kitty_sj4_sj13() -> None:
    # seat 2 sees the kitty lying there, but never saw the kitty as dealt, which seat 0 took
    # up (and seat 0 never saw seat 2's bury): the record, holding both, is nobody's
    g = fight(reveal=False, overcall=True)
    assert kitty_seers(g) == {2}
    assert g.record_viewers() == frozenset()
    assert fight(reveal=True, overcall=True).record_viewers() is None


def test_a_kitty_fight_nobody_overcalls_keeps_it_for_the_burier() -> None:
    assert fight(reveal=False, overcall=False).record_viewers() == frozenset({0})


def test_a_kitty_won_back_by_the_first_burier_is_his_alone_sj4_sj13() -> None:
    # seat 0 took up the kitty as dealt and buried, seat 2 overcalled and buried, seat 0
    # overcalled again and took up seat 2's bury: seat 0 saw every kitty, seat 2 not the first
    hands, kitty = full_deal(["2H BJ BJ", "3S", "SJ SJ"])
    g = game({"kitty_fight": True, "reveal_kitty": False}, hands=hands, kitty=kitty)
    act(g, 0, "bid", "2H", {"dealt": 1})
    g = imported(g, 0, "bury", " ".join(hands[0].split()[3:11]))
    act(g, 2, "bid", "SJ SJ")
    act(g, 2, "bury", " ".join(hands[2].split()[2:10]))
    while g.to_act() != [0]:
        act(g, g.to_act()[0], "pass")
    act(g, 0, "bid", "BJ BJ")
    act(g, 0, "bury", " ".join(hands[0].split()[11:19]))
    while g.phase == "kitty_fight":
        act(g, g.to_act()[0], "pass")
    play_out(g, random.Random(1))
    assert g.state.takers == [0, 2, 0]
    assert g.record_viewers() == frozenset({0}) and kitty_seers(g) == {0}


def test_a_deal_thrown_in_before_the_kitty_was_taken_is_nobodys() -> None:
    # nobody saw the kitty as dealt, which the record names
    hands, kitty = full_deal(["3S"])
    g = game({"reveal_kitty": False}, hands=hands, kitty=kitty)
    pass_all(g)
    assert g.is_over and g.result()["redeal"] is True  # type: ignore[index]
    assert g.record_viewers() == frozenset()
    shown = game({}, hands=hands, kitty=kitty)
    pass_all(shown)
    assert shown.record_viewers() is None
