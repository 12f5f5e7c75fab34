"""The arena's duplicate deals (docs/arena.md): the seat arrangements, the statistics, and
figures that do not depend on how many processes played them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from paizhuo.arena.duplicate import (
    ArenaSpec,
    DealResult,
    arrangements,
    check_replays,
    load_results,
    make_spec,
    mean_ci,
    play_deals,
    run_arena,
    summarize,
    wilson,
)
from paizhuo.arena.plot import write_plot
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import MalformedError
from paizhuo.games import game_class

GAMES = [("shengji", {"preset": "tractor"}), ("gouji", {}), ("baohuang", {})]


def numbers(summary: dict[str, Any]) -> str:
    """Everything the arena measured, as text (the JSON, less how it was run)."""
    return json.dumps(summary, sort_keys=True)


# -- the seat arrangements -----------------------------------------------------------------

@pytest.mark.parametrize("seats", [4, 6])
def test_teams_scheme_plays_each_side_at_both_parities(seats: int) -> None:
    even, odd = arrangements("teams", seats)
    assert even.sides == tuple("AB" * (seats // 2))
    assert odd.sides == tuple("BA" * (seats // 2))
    assert even.measured == odd.measured == tuple(range(seats))


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_solo_scheme_puts_each_bot_alone_in_every_seat(seats: int) -> None:
    copies = arrangements("solo", seats)
    assert len(copies) == 2 * seats
    alone = {(c.measured[0], c.sides[c.measured[0]]) for c in copies}
    assert alone == {(s, side) for s in range(seats) for side in "AB"}
    for c in copies:
        (r,) = c.measured
        assert all(c.sides[s] != c.sides[r] for s in range(seats) if s != r)


@pytest.mark.parametrize("seats", [3, 5, 6])
def test_lone_scheme_puts_a_alone_in_every_seat_and_b_in_all_once(seats: int) -> None:
    copies = arrangements("lone", seats)
    assert len(copies) == seats + 1
    for r, c in enumerate(copies[:seats]):
        assert c.measured == (r,) and not c.each
        assert c.sides == tuple("A" if s == r else "B" for s in range(seats))
    base = copies[-1]
    assert base.sides == ("B",) * seats and base.measured == tuple(range(seats)) and base.each


def test_lone_scheme_figures_are_a_in_bs_place() -> None:
    # Baohuang, 5 seats: A alone at seat r (copies 0-4), then five Bs (copy 5)
    spec = make_spec("baohuang", ["greedy", "random"], scheme="lone")
    assert spec.scheme == "lone" and len(spec.copies()) == 6
    deals = []
    for d, shift in enumerate((0.0, 3.0)):
        returns = []
        for r in range(5):  # A's seat r scores r + shift, every other seat -1
            returns.append([r + shift if s == r else -1.0 for s in range(5)])
        returns.append([2.0, -2.0, 1.0, 0.0, -1.0])  # the all-B copy
        winners = [[r] if r + shift > 0 else [] for r in range(5)] + [[0, 2]]
        deals.append(DealResult(d, d, returns, winners))
    summary = summarize(spec, deals)
    res = summary["results"]
    # A: the mean of its five lone seats per deal (2.0, 5.0); B: the all-B table's mean (0.0)
    assert res["A"]["points_per_game"]["mean"] == 3.5
    assert res["B"]["points_per_game"]["mean"] == 0.0
    assert res["difference"]["mean"] == 3.5 and res["difference"]["n"] == 2
    # win rates: A's lone games (4 of 5 won in deal 0, 5 in deal 1); B's seats one by one
    assert (res["A"]["win_rate"]["wins"], res["A"]["win_rate"]["n"]) == (9, 10)
    assert (res["B"]["win_rate"]["wins"], res["B"]["win_rate"]["n"]) == (4, 10)
    assert [s["A"]["mean"] for s in summary["per_seat"]] == [1.5, 2.5, 3.5, 4.5, 5.5]
    assert [s["B"]["mean"] for s in summary["per_seat"]] == [2.0, -2.0, 1.0, 0.0, -1.0]
    assert summary["copies"][-1] == {"sides": "BBBBB", "measured": [0, 1, 2, 3, 4],
                                     "each": True}


def test_lone_scheme_plays_the_same_games_as_solo_for_bots_that_draw_nothing() -> None:
    # Shengji's heuristic and greedy bots draw no random numbers (the copies' generators
    # differ between the schemes): A alone at a seat plays the same game in both, so A's
    # figure is the same; in "lone" B is measured in the all-B copy instead
    options = {"preset": "friends-4"}
    solo = run_arena(make_spec("shengji", ["heuristic", "greedy"], 3, options, "solo"), 2)
    lone = run_arena(make_spec("shengji", ["heuristic", "greedy"], 3, options, "lone"), 2)
    for in_solo, in_lone in zip(solo.summary["per_deal"], lone.summary["per_deal"],
                                strict=True):
        solo_a = [in_solo["returns"][2 * r][r] for r in range(4)]
        lone_a = [in_lone["returns"][r][r] for r in range(4)]
        assert solo_a == lone_a
    assert solo.summary["results"]["A"] == lone.summary["results"]["A"]
    assert lone.games == 2 * 5


def test_schemes_follow_the_partnerships() -> None:
    assert make_spec("gouji", ["greedy", "random"]).scheme == "teams"
    assert make_spec("shengji", ["greedy", "random"], options={"preset": "tractor"}).scheme \
        == "teams"
    assert make_spec("baohuang", ["greedy", "random"]).scheme == "solo"
    for preset in ("friends-4", "friends-5", "bidding-3"):
        assert make_spec("shengji", ["greedy", "random"],
                         options={"preset": preset}).scheme == "solo"
    with pytest.raises(MalformedError, match="no fixed partners"):
        make_spec("baohuang", ["greedy", "random"], scheme="teams")
    with pytest.raises(MalformedError, match="two bots"):
        make_spec("gouji", ["greedy"])
    with pytest.raises(MalformedError, match="unknown bot"):
        make_spec("gouji", ["greedy", "nobody"])


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_copy_of_a_deal_is_dealt_the_same_cards(game: str,
                                                      options: dict[str, Any]) -> None:
    spec = make_spec(game, ["random", "uniform"], 7, options)
    (result,) = play_deals(spec, [3])
    assert result.deal == 3 and result.seed == derive_seed(7, 3)
    seats = game_class(game).new(options).num_seats
    assert len(result.returns) == len(spec.copies())
    assert all(len(r) == seats for r in result.returns)
    hands = {str(game_class(game).new(options, seed=result.seed).observation(0)["hand"])
             for _ in spec.copies()}
    assert len(hands) == 1


# -- statistics ----------------------------------------------------------------------------

def test_mean_ci_and_wilson() -> None:
    assert mean_ci([2.0, 2.0, 2.0]) == {"mean": 2.0, "ci": [2.0, 2.0], "n": 3}
    assert mean_ci([5.0])["ci"] is None
    out = wilson(0, 20)
    assert out["rate"] == 0.0 and out["ci"][0] == 0.0 and 0.15 < out["ci"][1] < 0.17
    assert wilson(20, 20)["ci"][1] == 1.0


# -- reproducibility -----------------------------------------------------------------------

def test_same_seed_same_numbers_with_one_or_two_workers() -> None:
    spec = make_spec("gouji", ["greedy", "random"], 11)
    one = run_arena(spec, 6, workers=1)
    two = run_arena(spec, 6, workers=2)
    assert numbers(one.summary) == numbers(two.summary)
    assert numbers(run_arena(spec, 6).summary) == numbers(one.summary)
    other = run_arena(make_spec("gouji", ["greedy", "random"], 12), 6)
    assert numbers(other.summary) != numbers(one.summary)


def test_progress_counts_every_deal() -> None:
    seen: list[int] = []
    run_arena(make_spec("baohuang", ["random", "random"], 1), 3, progress=seen.append)
    assert seen == [1, 2, 3]


def test_deals_and_workers_must_be_positive() -> None:
    spec = make_spec("gouji", ["random", "random"])
    with pytest.raises(MalformedError, match="at least one deal"):
        run_arena(spec, 0)
    with pytest.raises(MalformedError, match="at least one worker"):
        run_arena(spec, 1, workers=0)


# -- what the arena measures ---------------------------------------------------------------

@pytest.mark.parametrize(("game", "options", "deals"),
                         [("gouji", {}, 12), ("baohuang", {}, 12)])
def test_a_bot_against_itself_is_even(game: str, options: dict[str, Any], deals: int) -> None:
    results = run_arena(make_spec(game, ["greedy", "greedy"], 5, options), deals)
    diff = results.summary["results"]["difference"]
    assert diff["ci"][0] <= 0.0 <= diff["ci"][1], diff
    assert abs(diff["mean"]) < 2.0


@pytest.mark.parametrize(("game", "options", "deals"),
                         [("shengji", {"preset": "tractor"}, 8), ("gouji", {}, 8),
                          ("baohuang", {}, 20)])
def test_greedy_beats_random_with_an_interval_clear_of_zero(
        game: str, options: dict[str, Any], deals: int) -> None:
    summary = run_arena(make_spec(game, ["greedy", "random"], 0, options), deals).summary
    res = summary["results"]
    mean_name, win_name = summary["units"]["mean"], summary["units"]["win"]
    assert res["difference"]["ci"][0] > 0, res["difference"]
    assert res["A"][mean_name]["mean"] > 0 > res["B"][mean_name]["mean"], res
    assert res["A"][win_name]["rate"] > res["B"][win_name]["rate"]


def test_json_keys_and_plot(tmp_path: Path) -> None:
    spec = ArenaSpec("shengji", {"preset": "bidding-3"}, ("random", "uniform"), 2, "solo")
    run = run_arena(spec, 2)
    data = json.loads(json.dumps(run.to_json()))
    assert {"game", "options", "bots", "deals", "seed", "scheme", "copies", "units",
            "results", "per_seat", "per_deal", "run"} <= set(data)
    assert data["units"] == {"mean": "levels_per_round", "win": "rounds_won"}
    for side in ("A", "B"):
        assert set(data["results"][side]) == {"bot", "levels_per_round", "rounds_won"}
        assert set(data["results"][side]["levels_per_round"]) == {"mean", "ci", "n"}
        assert set(data["results"][side]["rounds_won"]) == {"rate", "ci", "wins", "n"}
    assert data["results"]["difference"]["n"] == 2
    assert [s["seat"] for s in data["per_seat"]] == [0, 1, 2]
    assert [d["deal"] for d in data["per_deal"]] == [0, 1]
    assert len(data["per_deal"][0]["returns"]) == 6
    png = tmp_path / "out" / "arena.png"
    write_plot(run.summary, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- who won a deal --------------------------------------------------------------------------

def _shengji_deal_where(wanted: str, seeds: range = range(200)) -> Any:
    """A finished Shengji tractor deal (heuristic play) whose result is ``wanted``: "take"
    (the attackers take the deal with no level to gain), "rise" or "hold"."""
    import random

    from paizhuo.bots.policies import playout_bot
    from paizhuo.bots.search import play_out

    for seed in seeds:
        game = game_class("shengji").new({"preset": "tractor"}, seed=seed)
        play_out(game, [playout_bot("shengji") for _ in range(4)], random.Random(seed))
        result = game.state.result  # type: ignore[attr-defined]
        if result.get("redeal"):
            continue
        gained = sum(result["level_changes"].values())
        kind = ("hold" if result["winner"] == "defenders" else "take" if gained == 0
                else "rise")
        if kind == wanted:
            return game
    raise AssertionError(f"no {wanted} deal in {seeds}")


def test_a_shengji_deal_the_attackers_take_without_a_level_is_theirs() -> None:
    # SJ-9: 2s <= p < 3s -> the attackers take the deal, no level changes hands
    game = _shengji_deal_where("take")
    returns = game.returns()
    assert returns == [0.0] * 4
    assert game.winners() == sorted(game.state.result["attackers"])


@pytest.mark.parametrize("wanted", ["rise", "hold"])
def test_a_shengji_deal_is_won_by_the_side_its_result_names(wanted: str) -> None:
    game = _shengji_deal_where(wanted)
    result = game.state.result
    side = "defenders" if wanted == "hold" else "attackers"
    assert game.winners() == sorted(result[side])
    assert all(game.returns()[s] > 0 for s in result[side])


def test_a_shengji_deal_thrown_in_is_nobodys() -> None:
    game = game_class("shengji").new({"preset": "tractor"}, seed=0)
    while not game.is_over:  # nobody bids in the first deal: it is dealt again (SJ-4)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    assert game.state.result["redeal"] is True
    assert game.winners() == []


@pytest.mark.parametrize("name", ["gouji", "baohuang"])
def test_elsewhere_the_seats_above_zero_won(name: str) -> None:
    game = game_class(name).new({}, seed=1)
    assert game.winners() == []  # not over yet
    rng = random.Random(1)
    while not game.is_over:
        game.apply(game.sample_action(rng))
    returns = game.returns()
    assert returns is not None
    assert game.winners() == [s for s, v in enumerate(returns) if v > 0]
    assert game.winners()  # somebody wins a deal played out


def test_the_win_rate_counts_the_deals_winners_not_the_sign_of_returns() -> None:
    spec = make_spec("shengji", ["greedy", "random"], seed=0, options={"preset": "tractor"})
    copies = spec.copies()
    # one deal: in copy 0 A's seats took the deal without a level; in copy 1 B's seats held it
    returns = [[0.0] * 4, [1.0, -1.0, 1.0, -1.0]]
    a_seats = [s for s, side in enumerate(copies[0].sides) if side == "A"]
    b_seats = [s for s, side in enumerate(copies[1].sides) if side == "B"]
    summary = summarize(spec, [DealResult(0, 1, returns, [a_seats, b_seats])])
    assert summary["results"]["A"]["rounds_won"]["wins"] == 1
    assert summary["results"]["B"]["rounds_won"]["wins"] == 1


# -- going on from an earlier run ------------------------------------------------------------

def _json_of(run: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(run.to_json()))
    return loaded


def test_a_run_resumed_gives_the_figures_of_one_run() -> None:
    spec = make_spec("gouji", ["greedy", "random"], 4)
    whole = run_arena(spec, 7)
    first = _json_of(run_arena(spec, 3))
    assert first["deals"] == 3 and "resumed" not in first["run"]
    seen: list[int] = []
    rest = run_arena(spec, 7, workers=2, previous=load_results(spec, first),
                     progress=seen.append)
    assert numbers(rest.summary) == numbers(whole.summary)
    assert rest.to_json()["run"]["resumed"] == 3 and rest.games == 4 * 2
    assert seen[0] == 3 and seen[-1] == 7
    # deals kept out of order (a checkpoint of several workers) are filled in too
    scattered = _json_of(whole)
    scattered["per_deal"] = [d for d in scattered["per_deal"] if d["deal"] in (1, 4, 5)]
    again = run_arena(spec, 7, previous=load_results(spec, scattered))
    assert numbers(again.summary) == numbers(whole.summary) and again.games == 4 * 2
    # nothing left to play: the figures are the file's
    done = run_arena(spec, 7, previous=load_results(spec, _json_of(whole)))
    assert numbers(done.summary) == numbers(whole.summary) and done.games == 0


def test_checkpoints_hold_every_deal_done_so_far() -> None:
    spec = make_spec("baohuang", ["greedy", "random"], 2)
    points: list[dict[str, Any]] = []
    final = run_arena(spec, 4, checkpoint=lambda run: points.append(_json_of(run)),
                      checkpoint_every=0.0)
    assert [p["deals"] for p in points] == [1, 2, 3]  # none once every deal is done
    assert all(p["run"]["partial"] is True for p in points)
    assert "partial" not in final.to_json()["run"]
    # a run stopped after its last checkpoint goes on from it to the same figures
    resumed = run_arena(spec, 4, previous=load_results(spec, points[-1]))
    assert numbers(resumed.summary) == numbers(final.summary)


def test_an_earlier_run_of_another_arena_is_refused() -> None:
    spec = make_spec("gouji", ["greedy", "random"], 4)
    doc = _json_of(run_arena(spec, 2))
    for other, field in [(make_spec("gouji", ["greedy", "greedy"], 4), "bots"),
                         (make_spec("gouji", ["greedy", "random"], 5), "seed"),
                         (make_spec("gouji", ["greedy", "random"], 4, {"preset": "tongyong"}),
                          "options"),
                         (make_spec("gouji", ["greedy", "random"], 4, scheme="solo"),
                          "scheme"),
                         (make_spec("baohuang", ["greedy", "random"], 4), "game")]:
        with pytest.raises(MalformedError, match="only the same arena") as caught:
            load_results(other, doc)
        assert caught.value.field == field
    with pytest.raises(MalformedError, match="holds deals up to 1"):
        run_arena(spec, 1, previous=load_results(spec, doc))


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("per_deal"), "per_deal"),
    (lambda d: d.pop("seed"), "seed"),
    (lambda d: d["per_deal"].append(dict(d["per_deal"][0])), "per_deal[2].deal"),
    (lambda d: d["per_deal"][1].update(deal=-1), "per_deal[1].deal"),
    (lambda d: d["per_deal"][1].update(deal=True), "per_deal[1].deal"),
    (lambda d: d["per_deal"][1].update(seed=d["per_deal"][0]["seed"]), "per_deal[1].seed"),
    (lambda d: d["per_deal"][0]["returns"].pop(), "per_deal[0].returns"),
    (lambda d: d["per_deal"][0]["returns"][1].append(0.0), "per_deal[0].returns"),
    (lambda d: d["per_deal"][0]["returns"][1].__setitem__(0, "2"), "per_deal[0].returns"),
    (lambda d: d["per_deal"][0]["winners"][0].append(6), "per_deal[0].winners"),
    (lambda d: d["per_deal"][0].pop("winners"), "per_deal[0].winners"),
])
def test_a_malformed_earlier_run_names_its_field(change: Any, field: str) -> None:
    spec = make_spec("gouji", ["greedy", "random"], 4)
    doc = _json_of(run_arena(spec, 2))
    change(doc)
    with pytest.raises(MalformedError) as caught:
        load_results(spec, doc)
    assert caught.value.field == field, caught.value
    with pytest.raises(MalformedError, match="JSON object"):
        load_results(spec, [doc])


def test_a_deal_played_otherwise_is_not_summed() -> None:
    spec = make_spec("shengji", ["greedy", "random"], 4, {"preset": "tractor"})
    kept = load_results(spec, _json_of(run_arena(spec, 2)))
    check_replays(spec, kept[-1])  # this code plays it the same
    kept[-1].returns[0][0] += 1.0
    with pytest.raises(MalformedError, match="deal 1 plays otherwise"):
        check_replays(spec, kept[-1])
