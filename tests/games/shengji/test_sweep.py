"""Random-game sweeps over every preset (and option variants): after every action the cards are
conserved (hands + kitty + played + undealt = the decks), every finished trick holds one play
per seat of equal size in seat order from its leader, the points add up (SJ-1: 100 a deck),
the result agrees with the scoring rules (SJ-9), levels stay in 2 … A, records replay to the
same result and observations, and no observation holds a card its seat may not see (SJ-13).

The default run plays a small sample (a few seconds); ``--runslow`` runs the big sweep.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from paizhuo.arena.match import Match, random_policy
from paizhuo.cards import standard_deck
from paizhuo.engine.errors import InvalidOptionsError
from paizhuo.engine.judge import replay
from paizhuo.games.shengji import PRESETS, ShengjiGame, ShengjiOptions
from paizhuo.games.shengji.order import points_of
from paizhuo.games.shengji.scoring import LEVEL_CHARS
from paizhuo.notation import NotationError, format_cards, parse_cards

VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "by_shape+penalty": {"kitty_multiplier": "by_shape", "throw_penalty": "per_card"},
    "times+must_play": {"kitty_multiplier": "times", "dealer_stays": True,
                        "must_play_levels": ["5", "T", "K"], "overflow": "demote_opponents"},
    "power+hook_j": {"kitty_multiplier": "power", "hook_j": True, "round_points": True,
                     "round_points_stake": 2, "start_level": "J"},
    "flat+fight": {"kitty_multiplier": "flat", "kitty_fight": True, "constant_twos": True},
    "after_deal": {"bidding": "after_deal", "no_bid": "redeal"},
    "past_ace": {"play_past_ace": True, "start_level": "K"},
    "house": {"hide_points": True, "reveal_kitty": False, "protect_triples": True,
              "protect_tractors": True, "bombs": True, "throw_compare": "highest_card"},
    "holding": {"friend_by": "holding"},
}


def _cases() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every preset with every variant its options accept."""
    for preset in PRESETS:
        for name, extra in VARIANTS.items():
            options = {"preset": preset, **extra}
            try:
                ShengjiOptions.from_dict(options)
            except InvalidOptionsError:
                continue  # e.g. friend calls at a fixed-partner table
            yield preset, name, options


CASES = list(_cases())
CASE_IDS = [f"{p}-{v}" for p, v, _ in CASES]


# -- invariants ---------------------------------------------------------------------------


def check_cards(g: ShengjiGame) -> None:
    """Hands + kitty + played + undealt = the decks (the kitty sits in the burier's hand while
    he buries)."""
    seen: Counter[int] = Counter()
    for hand in g.state.hands:
        seen.update(hand)
    seen.update(c for _, c in g.state.deal_seq[g.state.dealt:])
    if g.phase != "bury":
        seen.update(g.state.kitty)
    for trick in g.state.tricks:
        for _, cards in trick.plays:
            seen.update(cards)
    if g.phase == "play":
        for _, cards in g.state.trick:
            seen.update(cards)
    assert seen == Counter(standard_deck(g.opts.decks)), "cards not conserved"


def check_tricks(g: ShengjiGame) -> None:
    n = g.num_seats
    leader = g.state.dealer if g.state.tricks else None
    for i, trick in enumerate(g.state.tricks):
        seats = [s for s, _ in trick.plays]
        assert seats == [(trick.leader + k) % n for k in range(n)], f"trick {i} seats {seats}"
        sizes = {len(c) for _, c in trick.plays}
        assert len(sizes) == 1 and min(sizes) > 0, f"trick {i} sizes {sizes}"
        assert trick.winner in seats
        assert trick.points == sum(points_of(c) for _, c in trick.plays)
        if leader is not None and i == 0 and g.state.position_leader is None:
            assert trick.leader == leader, "the dealer leads the first trick (SJ-6)"
        if i > 0:
            assert trick.leader == g.state.tricks[i - 1].winner, "the winner leads next (SJ-6)"


def check_result(g: ShengjiGame) -> None:
    res = g.result()
    assert res is not None
    json.dumps(res)
    if res.get("redeal"):
        return
    opts = g.opts
    n, decks = g.num_seats, opts.decks
    # SJ-1: every point is in a trick or in the kitty
    assert sum(g.state.won) + points_of(g.state.kitty) == 100 * decks
    assert sum(t.points for t in g.state.tricks) == sum(g.state.won)
    attackers = set(res["attackers"])
    defenders = set(res["defenders"])
    assert attackers | defenders == set(range(n)) and not attackers & defenders
    assert res["dealer"] in defenders
    if opts.teams == "fixed":
        assert defenders == {s for s in range(n) if s % 2 == res["dealer"] % 2}
    elif opts.teams == "bidding":
        assert defenders == {res["dealer"]}
    # the attackers' card points: their tricks, ± 10 per card taken back with per_card (SJ-7)
    assert res["card_points"] == expected_card_points(g)
    # SJ-9: the kitty counts (multiplied) only when the attackers win the last trick
    taken = g.state.tricks[-1].winner in attackers
    assert res["last_trick_winner"] == g.state.tricks[-1].winner
    assert res["kitty_points"] == points_of(g.state.kitty)
    assert (res["kitty_multiplier"] >= 2) == taken and (res["kitty_multiplier"] == 0) != taken
    assert res["kitty_points_added"] == res["kitty_points"] * res["kitty_multiplier"]
    assert res["attackers_points"] == res["card_points"] + res["kitty_points_added"]
    # levels: in range, changes consistent, partners equal
    allowed = LEVEL_CHARS if opts.play_past_ace else LEVEL_CHARS[:13]
    for s in range(n):
        new = res["new_levels"][str(s)]
        assert new in allowed, f"seat {s} at level {new!r}"
        assert LEVEL_CHARS.index(new) - g.state.levels[s] == res["level_changes"][str(s)]
    if opts.teams == "fixed":
        for s in range(n):
            assert res["new_levels"][str(s)] == res["new_levels"][str(s % 2)]
    if res["winner"] == "defenders":
        assert all(res["level_changes"][str(s)] <= 0 or s in defenders for s in range(n))
    else:
        assert all(res["level_changes"][str(s)] <= 0 or s in attackers for s in range(n))
    assert 0 <= res["next_dealer"] < n


@functools.lru_cache(maxsize=65536)
def _parse(text: str) -> tuple[int, ...]:
    try:
        return parse_cards(text)
    except (NotationError, ValueError):
        return ()


def expected_card_points(g: ShengjiGame) -> int:
    """SJ-7/SJ-9: the attackers' trick points, ± 10 a card taken back with ``per_card``."""
    attackers = set(range(g.num_seats)) - set(g.state.defenders)
    pts = sum(g.state.won[s] for s in attackers) + g.state.base_points
    if g.opts.throw_penalty == "per_card":
        pts += sum((-10 if s in attackers else 10) * k for s, k in enumerate(g.state.taken_back))
    return max(0, pts)


def _strings(obj: Any, out: list[str]) -> list[str]:
    """Every non-empty string of an observation (not its options), depth first."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key != "options":
                _strings(value, out)
    elif isinstance(obj, list):
        for value in obj:
            _strings(value, out)
    elif isinstance(obj, str) and obj:
        out.append(obj)
    return out


def _path_of(obj: Any, text: str, path: str = "") -> str | None:
    """Where ``text`` occurs in an observation (for the failure message)."""
    if isinstance(obj, dict):
        items: Any = obj.items()
    elif isinstance(obj, list):
        items = enumerate(obj)
    else:
        return path if obj == text else None
    for key, value in items:
        found = _path_of(value, text, f"{path}.{key}" if isinstance(key, str) else
                         f"{path}[{key}]")
        if found is not None:
            return found
    return None


def _kitty_visible(g: ShengjiGame, seat: int) -> bool:
    """SJ-13, written out independently of the views module."""
    if g.phase == "over" and g.opts.reveal_kitty:
        return True
    if g.phase == "bury":
        return seat == g.state.burier or bool(g.opts.kitty_no_points and g.state.buried_by)
    st = g.state
    return st.buried_by.get(seat) == st.kitty or bool(g.opts.kitty_no_points and st.buried_by)


def visible_cards(g: ShengjiGame, seat: int) -> Counter[int]:
    """What ``seat`` may know of: his hand, played and shown cards, the kitty if allowed."""
    seen: Counter[int] = Counter(g.state.hands[seat])
    for trick in g.state.tricks:
        for _, cards in trick.plays:
            seen.update(cards)
        seen.update(trick.attempted or ())
    for _, cards in g.state.trick:
        seen.update(cards)
    seen.update(g.state.attempted or ())
    for bid in g.state.bids:
        for value in bid.values():
            if isinstance(value, str):
                seen.update(_parse(value))
    if _kitty_visible(g, seat):
        seen.update(g.state.kitty)
    seen.update(g.state.buried_by.get(seat, ()))
    for i in g.state.turned_up:
        seen[g.state.original_kitty[i]] += 1
    if g.opts.teams == "bidding":
        seen.update(g.state.original_kitty[:3])
    for call in g.state.calls:
        seen[call.card] += 1
    return seen


def check_views(g: ShengjiGame) -> None:
    """SJ-13: own hand exact, hand sizes right, and no card beyond what the seat may see."""
    for seat in range(g.num_seats):
        obs = g.observation(seat)
        json.dumps(obs)
        assert tuple(sorted(_parse(obs["hand"]))) == g.state.hands[seat].to_tuple()
        assert obs["hand_sizes"] == [len(h) for h in g.state.hands]
        allowed = visible_cards(g, seat)
        for text in set(_strings(obs, [])):
            cards = _parse(text)
            # a field may repeat a card at most as often as the seat may know of it
            if not cards or (len(cards) == 1 and allowed[cards[0]] >= 1):
                continue
            if all(allowed[c] >= k for c, k in Counter(cards).items()):
                continue
            extra = Counter(cards) - allowed
            raise AssertionError(f"seat {seat} sees {format_cards(sorted(extra.elements()))} "
                                 f"at {_path_of(obs, text)}")
        if not _kitty_visible(g, seat):
            assert obs["details"]["kitty"] is None, f"seat {seat} sees the kitty"


def play_round(options: dict[str, Any], seed: int, *, views: int | None = None,
               start: dict[str, Any] | None = None) -> ShengjiGame:
    """Play one random round checking the invariants along the way: cards after every action,
    the views after every action (``views=None``) or at ``views`` random moments, and a
    replay of the record at one random moment and at the end."""
    g = ShengjiGame.new(options, seed=seed, start=start)
    rng = random.Random(seed)
    check_rng = random.Random(-seed)
    mid = check_rng.randrange(1, 40)
    view_steps = None if views is None else {check_rng.randrange(1, 150) for _ in range(views)}
    steps = 0
    replayed = False
    while not g.is_over:
        g.apply(g.sample_action(rng))
        steps += 1
        assert steps < 5000, "no end"
        check_cards(g)
        if view_steps is None or steps in view_steps:
            check_views(g)
        if steps >= mid and not replayed:
            # a partial record (often cut during the deal) replays to the same state as seen
            # by every seat, and the same seats are to act
            replayed = True
            again, _ = replay(g.record())
            assert again.to_act() == g.to_act()
            for seat in range(g.num_seats):
                assert again.observation(seat) == g.observation(seat)
    check_cards(g)
    check_tricks(g)
    check_result(g)
    check_views(g)
    again, count = replay(g.record())
    assert count == len(g.actions)
    assert again.result() == g.result()
    assert again.next_start() == g.next_start()
    return g


# -- the sweeps ---------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "variant", "options"), CASES, ids=CASE_IDS)
def test_random_rounds(preset: str, variant: str, options: dict[str, Any]) -> None:
    """A small sample: one random round of each preset and variant (two without options)."""
    for seed in (1, 2) if variant == "default" else (1,):
        play_round(options, seed * 1000 + len(variant), views=6)


def _round_with_failed_throw(options: dict[str, Any]) -> ShengjiGame:
    for seed in range(200):
        g = play_round(options, seed, views=0)
        if any(g.state.taken_back) and not g.result().get("redeal"):  # type: ignore[union-attr]
            return g
    raise AssertionError("no failed throw in 200 random rounds")


def test_no_throw_penalty_by_default() -> None:
    """SJ-7: without ``throw_penalty`` a failed throw costs no points."""
    g = _round_with_failed_throw({"preset": "tractor"})
    assert g.result()["card_points"] == expected_card_points(g)  # type: ignore[index]


def test_throw_penalty_per_card() -> None:
    g = _round_with_failed_throw({"preset": "tractor", "throw_penalty": "per_card"})
    assert g.result()["card_points"] == expected_card_points(g)  # type: ignore[index]


@pytest.mark.parametrize("preset", ["tractor", "friends-5", "bidding-3"])
def test_kitty_not_revealed_stays_hidden(preset: str) -> None:
    """SJ-14 reveal_kitty off: after the round only the dealer who buried it sees the kitty."""
    g = play_round({"preset": preset, "reveal_kitty": False}, 3, views=0)
    for seat in range(g.num_seats):
        if seat in g.state.buried_by and g.state.buried_by[seat] == g.state.kitty:
            continue
        obs = g.observation(seat)
        assert obs["details"]["kitty"] is None
        assert "kitty" not in (obs["result"] or {}), f"seat {seat} sees the kitty in the result"


@pytest.mark.parametrize("preset", PRESETS)
def test_random_matches(preset: str) -> None:
    """Whole matches: every round's levels stay in 2 … A and chain (SJ-10)."""
    match = Match("shengji", {"preset": preset}, seed=77, max_rounds=60)
    outcome = match.play(random_policy(random.Random(77)))
    for played in outcome.rounds:
        res = played.result
        assert all(v in LEVEL_CHARS[:13] for v in res["new_levels"].values())
    if outcome.finished:
        assert outcome.rounds[-1].result["level"] == "A"


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "variant", "options"), CASES, ids=CASE_IDS)
def test_random_rounds_big(preset: str, variant: str, options: dict[str, Any]) -> None:
    for seed in range(40):
        play_round(options, 100_000 + seed)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "variant", "options"), CASES, ids=CASE_IDS)
def test_random_matches_big(preset: str, variant: str, options: dict[str, Any]) -> None:
    """Whole matches from later starts too: rounds replay and levels stay in range."""
    for seed in range(3):
        match = Match("shengji", options, seed=seed, max_rounds=80)
        policy = random_policy(random.Random(seed))
        while not match.over:
            played = match.play_round(policy)
            game, _ = replay(played.record)
            check_result(game)  # type: ignore[arg-type]
