"""Decisions made before the legal list is built (``act_unlisted``, paizhuo.bots.base): the
Shengji bots build their leads and buries themselves, so the runners skip a list that can hold
18,000 throws. What such a decision returns must be legal and the same as the bot's choice
from the full list; the runner must then not build the list at all."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paizhuo.bots.baohuang_heuristic import BaohuangHeuristic, play_view, read_hand
from paizhuo.bots.base import Bot, act_unlisted, bot_action
from paizhuo.bots.gouji_heuristic import GoujiHeuristic
from paizhuo.bots.gouji_table import Table
from paizhuo.bots.registry import make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.games import game_class
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.shengji import PRESETS

from .helpers import positions


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", ["heuristic", "greedy", "normal"])
def test_an_unlisted_decision_is_legal_and_the_listed_choice(name: str, preset: str) -> None:
    bot = make_bot(name, "shengji")
    decided = {"play": 0, "bury": 0}
    for g, seat in positions(preset, range(2)):
        obs = g.observation(seat)
        early = act_unlisted(bot, obs, random.Random(1))
        if early is None:
            continue
        decided[early.verb] += 1
        assert early.seat == seat
        legal = g.legal_actions(seat)
        assert early == bot.act(obs, legal, random.Random(1))
        if early.verb == "play":
            assert early in legal, f"{early} is no legal lead"
            assert not obs["details"]["current_trick"]
        g.clone().apply(early)  # a bury may lie outside the engine's capped list: applied
    # every round has a bury and leads, and every lead is decided without the list
    assert decided["bury"] >= 1 and decided["play"] >= 10, decided


def test_a_follow_and_a_bid_need_the_list() -> None:
    bot = make_bot("heuristic", "shengji")
    seen = set()
    for g, seat in positions("tractor", range(1)):
        obs = g.observation(seat)
        if (obs["phase"] == "play" and obs["details"]["current_trick"]) or obs["phase"] == "bid":
            assert act_unlisted(bot, obs, random.Random(0)) is None
            seen.add(obs["phase"])
    assert seen == {"play", "bid"}


def test_easy_never_decides_unlisted() -> None:
    """``easy`` plays a random legal action one time in four, which needs the list."""
    easy = make_bot("easy", "shengji")
    for g, seat in positions("tractor", range(1)):
        assert act_unlisted(easy, g.observation(seat), random.Random(0)) is None


def test_the_runner_does_not_build_the_list_for_an_unlisted_lead() -> None:
    bot = make_bot("heuristic", "shengji")
    for g, seat in positions("tractor", range(1)):
        obs = g.observation(seat)
        if obs["phase"] == "play" and not obs["details"]["current_trick"]:
            break
    else:
        pytest.fail("no lead in a round")
    assert_decided_unlisted(g, seat, bot)


def assert_decided_unlisted(g: Game, seat: int, bot: Bot) -> None:
    """The runner's action for ``seat`` is legal, and it never built the legal list."""
    listed = g.legal_actions(seat)

    def refuse(seat: int | None = None) -> list[Action]:
        raise AssertionError("the legal list was built")

    g.legal_actions = refuse  # type: ignore[method-assign]
    assert bot_action(g, g.to_act(), seat, bot, random.Random(0)) in listed


@pytest.mark.parametrize("preset", game_class("gouji").PRESETS)
def test_a_gouji_play_without_the_list_is_legal_and_the_listed_choice(preset: str) -> None:
    """Gouji leads and answers decided without the list are the listed choice; an answer goes
    to the list only where a yield (the 对头's) or a claim (after a player went out) may be
    open, or where the bot first gives a teammate advice 挑牌 (a message the list lacks)."""
    bot = make_bot("heuristic", "gouji")
    assert isinstance(bot, GoujiHeuristic)
    kinds = dict.fromkeys(("lead", "answer", "pass", "listed_answer"), 0)
    for g, seat in positions(preset, range(3), "gouji"):
        obs = g.observation(seat)
        early = act_unlisted(bot, obs, random.Random(1))
        decision = obs["details"].get("your_decision")
        if early is None:
            if decision == "answer" and not obs["details"]["advice"] and bot.tip(obs) is None:
                maker = obs["details"]["round"]["maker"]
                assert seat == (maker + 3) % 6 or maker in obs["details"]["finished"]
                kinds["listed_answer"] += 1
            continue
        assert decision in ("lead", "answer"), decision
        legal = g.legal_actions(seat)
        assert early in legal
        assert early == bot.act(obs, legal, random.Random(1))
        kinds["pass" if early.verb == "pass" else decision] += 1
    assert min(kinds.values()) >= 20, kinds


GOUJI_TABLES = [{"preset": "classic"}, {"preset": "tongyong"},
                {"preset": "classic", "bie_san": True, "stuck": "stay", "advice": True}]


@pytest.mark.parametrize("options", GOUJI_TABLES, ids=["classic", "tongyong", "stay"])
def test_a_gouji_playout_decision_read_from_the_state_is_the_observations(
        options: dict[str, Any]) -> None:
    """``act_state`` (a search's playouts) decides exactly as the runner would from the
    seat's observation — ``act_unlisted``, or ``act`` on the legal list for an answer where a
    yield or claim may be open — declines where it has no such decision, and reads the same
    table (every field the bot uses): at every decision of heuristic games, for the seat to
    act and for one that is not, in games whose sampled moves reach the burns, yields,
    claims and advice the heuristic avoids."""
    bot = GoujiHeuristic()
    decided = dict.fromkeys(("lead", "answer", "listed_answer", "declined"), 0)
    for seed in range(3):
        g = GoujiGame.new(options, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act()[0]
            for who in sorted({seat, (seat + 1) % 6}):
                obs = g.observation(who)
                early = act_unlisted(bot, obs, random.Random(1))
                fast = bot.act_state(g, who, random.Random(1), 2000)
                decision = obs["details"].get("your_decision")
                if early is not None or fast is None:
                    assert fast == early
                    key = "declined" if early is None else str(decision)
                else:
                    assert who == seat and decision == "answer" \
                        and str(who) not in obs["details"]["advice"]
                    assert fast == bot.act(obs, g.legal_actions(who), random.Random(1))
                    key = "listed_answer"
                if who == seat or key == "declined":
                    decided[key] += 1
                if g.state.play_began and g.phase == "play":
                    assert_same_table(Table(g.observation(who)), Table.of_state(g.state, who))
            # a heuristic move three times in four, a sampled one else: the bot's rarer cases
            g.apply(bot_action(g, g.to_act(), seat, bot, rng) if rng.random() < 0.75
                    else g.sample_action(rng))
    assert min(decided.values()) >= 20, decided


def assert_same_table(a: Table, b: Table) -> None:
    for field in ("seat", "opts", "th", "kill", "ids", "h", "sizes", "finished", "out",
                  "tokens", "bound", "unseen", "teammate_hands"):
        assert getattr(a, field) == getattr(b, field), field
    for key in ("burner", "maker", "play", "gouji", "chaos"):
        assert a.rnd.get(key) == b.rnd.get(key), key


def test_the_search_asks_a_gouji_playout_policy_its_state_decision() -> None:
    """In a playout (the runner's ``list_limit``) the runner takes ``act_state``'s decision
    without building an observation; at a table it never asks it."""
    g = GoujiGame.new({"preset": "classic"}, seed=4)
    rng = random.Random(4)
    bot = GoujiHeuristic()
    while not (g.phase == "play" and g.state.stage == "lead"):
        g.apply(bot_action(g, g.to_act(), g.to_act()[0], bot, rng))
    seat = g.to_act()[0]
    expected = bot.act_state(g, seat, random.Random(0), 2000)
    assert expected is not None

    def refuse(seat: int | None = None) -> dict[str, Any]:
        raise AssertionError("no observation in a playout's decision read from the state")

    g.observation = refuse  # type: ignore[method-assign]
    assert bot_action(g, g.to_act(), seat, bot, random.Random(0), list_limit=2000) == expected
    with pytest.raises(AssertionError, match="no observation"):
        bot_action(g, g.to_act(), seat, bot, random.Random(0))


@pytest.mark.parametrize("preset", game_class("baohuang").PRESETS)
def test_a_baohuang_playout_decision_read_from_the_state_is_the_observations(
        preset: str) -> None:
    """``act_state`` (a search's playouts) reads the entries of the observation the
    heuristic reads, with the observation's values, and so decides as ``act_unlisted`` of
    the observation, declining where it declines: at every decision of heuristic games mixed
    with sampled moves (seizures, yields, claims, reveals), for the seat to act and one that
    is not."""
    bot = BaohuangHeuristic()
    decided = dict.fromkeys(("lead", "answer", "declined"), 0)
    for seed in range(4):
        g = BaohuangGame.new({"preset": preset}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act()[0]
            for who in sorted({seat, (seat + 1) % 5}):
                obs = g.observation(who)
                early = act_unlisted(bot, obs, random.Random(1))
                assert bot.act_state(g, who, random.Random(1), 2000) == early
                if obs["phase"] == "play" and obs["your_turn"]:
                    view = play_view(g.st, who)
                    assert view == {**{k: obs[k] for k in view if k != "details"},
                                    "details": {k: obs["details"][k] for k in view["details"]}}
                    # the hand act_state takes from the state, as the observation shows it
                    ids, h, counts = read_hand(obs["hand"])
                    assert (g.st.sizes[who], g.st.strengths[who], g.st.hands[who]) == \
                        (len(ids), h, counts)
                    assert play_view(g.st, who, hand=False) == \
                        {k: v for k, v in view.items() if k != "hand"}
                key = "declined" if early is None else \
                    "lead" if obs["details"]["current"] is None else "answer"
                if who == seat or early is None:
                    decided[key] += 1
            g.apply(bot_action(g, g.to_act(), seat, bot, rng) if rng.random() < 0.8
                    else g.sample_action(rng))
    assert min(decided.values()) >= 20, decided


@pytest.mark.parametrize("preset", game_class("baohuang").PRESETS)
@pytest.mark.parametrize("name", ["heuristic", "normal"])
def test_a_baohuang_play_without_the_list_is_legal_and_the_listed_choice(
        name: str, preset: str) -> None:
    """The Baohuang heuristic's leads (hundreds of plays for a long hand) and answers are
    built from the hand's counts in the engine's order: the same action as from the list,
    the called card where the engine puts it, a yield (BH-4) where the table's options and
    the circle allow one; the crown and the declarations, a lead of a hand strong enough that
    it might declare 明独, and an answer to a last play (a claim 接风 may be open) need the
    list."""
    bot = make_bot(name, "baohuang")
    kinds = dict.fromkeys(("lead", "called", "answer", "pass", "yield", "listed_lead",
                           "listed_answer"), 0)
    for g, seat in positions(preset, range(6), "baohuang"):
        obs = g.observation(seat)
        early = act_unlisted(bot, obs, random.Random(1))
        in_play = obs["phase"] == "play"
        current = obs["details"]["current"]
        if early is None:
            if in_play:
                kinds["listed_lead" if current is None else "listed_answer"] += 1
                # an answer goes to the list only where a claim of the lead may be open
                assert current is None or (current["last_play"] and obs["details"]["circle"]
                                           == 1 and obs["details"]["options"]["claim"])
            continue
        assert in_play, obs["phase"]
        legal = g.legal_actions(seat)
        assert early in legal
        assert early == bot.act(obs, legal, random.Random(1))
        if current is None:
            kinds["lead"] += 1
        else:
            kinds[early.verb if early.verb in ("pass", "yield") else "answer"] += 1
        called = obs["details"]["called"]
        kinds["called"] += bool(called) and called in obs["hand"].split()
    assert kinds["lead"] >= 50 and kinds["called"] >= 1, kinds
    assert kinds["answer"] >= 50 and kinds["pass"] >= 50, kinds
    options = game_class("baohuang").new({"preset": preset}).observation(0)["details"]["options"]
    assert (kinds["yield"] >= 1) == options["yield"], kinds
    assert (kinds["listed_answer"] >= 1) == options["claim"], kinds
    # a hand as strong as the bot's bar for 明独 leaves its leads to the list
    bold = BaohuangHeuristic()
    bold.reveal_alone_from = 0.0
    observations = (g.observation(seat) for g, seat in positions(preset, range(1), "baohuang"))
    leads = [obs for obs in observations
             if obs["phase"] == "play" and obs["details"]["current"] is None]
    assert leads and all(act_unlisted(bold, obs, random.Random(1)) is None for obs in leads)


@pytest.mark.parametrize("answer", [False, True])
def test_the_runner_does_not_build_the_list_for_a_baohuang_play(answer: bool) -> None:
    bot = make_bot("heuristic", "baohuang")
    for g, seat in positions("standard", range(2), "baohuang"):
        obs = g.observation(seat)
        if (obs["details"]["current"] is not None) == answer and \
                act_unlisted(bot, obs, random.Random(0)) is not None:
            break
    else:
        pytest.fail("no lead decided without the list")
    assert_decided_unlisted(g, seat, bot)
