"""The determinized search bot (paizhuo.bots.search): it sees its seat's view and guessed
worlds only — two games that differ only in cards hidden from the seat get the same choice —,
its choice is reproducible from its generator, and it plays legal actions in every game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

from paizhuo.bots.base import Worlds, bot_action, choose_action
from paizhuo.bots.registry import make_bot
from paizhuo.bots.search import SearchBot, ranked, value, world_hints
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.game import Game
from paizhuo.games import game_class
from paizhuo.notation import parse_cards

GAMES = ["shengji", "gouji", "baohuang"]


def midgame(name: str, seed: int, decisions: int = 30) -> Game:
    game = game_class(name).new({}, seed=seed)
    bots = [make_bot("greedy", name) for _ in range(game.num_seats)]
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(choose_action(game, bots, rng))
    return game


def a_choice(game: Game) -> tuple[int, int]:
    """A seat to act with more than one legal action (playing on until there is one)."""
    bots = [make_bot("greedy", game.name) for _ in range(game.num_seats)]
    rng = random.Random(1)
    while not game.is_over:
        for seat in game.to_act():
            if len(game.legal_actions(seat)) > 1:
                return seat, len(game.legal_actions(seat))
        game.apply(choose_action(game, bots, rng))
    raise AssertionError("no choice")


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_depends_on_nothing_the_seat_cannot_see(name: str) -> None:
    game = midgame(name, 3)
    seat, _ = a_choice(game)
    # another deal, the same to this seat: its hidden cards dealt again
    other = game.determinize(seat, random.Random(99))
    assert other.observation(seat) == game.observation(seat)
    bot = SearchBot(playouts=6, candidates=3)
    ours = bot_action(game, game.to_act(), seat, bot, random.Random(5))
    theirs = bot_action(other, other.to_act(), seat, bot, random.Random(5))
    assert ours == theirs
    assert ours in game.legal_actions(seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_is_reproducible_and_legal(name: str) -> None:
    game = midgame(name, 4)
    seat, _ = a_choice(game)
    bot = SearchBot(playouts=6, candidates=3)
    picks = {bot_action(game, game.to_act(), seat, bot, random.Random(7)) for _ in range(2)}
    assert len(picks) == 1
    assert picks.pop() in game.legal_actions(seat)


def test_worlds_give_copies_not_the_game() -> None:
    game = midgame("baohuang", 5)
    worlds = Worlds(game, 0)
    a, b = worlds.sample(random.Random(1)), worlds.sample(random.Random(1))
    assert a is not game and a.determinized and b.determinized
    assert a.observation(0) == game.observation(0)
    assert a.observation(0) == b.observation(0)


class _Recording(Worlds):
    """Real worlds that remember the hints each was asked with."""

    __slots__ = ("asked",)

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        self.asked: list[dict[str, Any] | None] = []

    def sample(self, rng: random.Random, hints: dict[str, Any] | None = None) -> Game:
        self.asked.append(hints)
        return super().sample(rng, hints)


def test_shengji_worlds_are_guessed_with_the_heuristics_beliefs_of_the_kitty() -> None:
    # past the bury, the heuristic believes the burier kept its trumps and points: the search
    # asks for its worlds with those odds (hints), or without them when told not to
    game = game_class("shengji").new({"preset": "tractor"}, seed=2)
    rng = random.Random(2)
    while game.phase != "play":
        game.apply(game.sample_action(rng))
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    for on in (True, False):
        worlds = _Recording(game, seat)
        SearchBot(playouts=4, candidates=2, hints=on).act_worlds(
            game.observation(seat), legal, random.Random(3), worlds)
        assert worlds.asked
        if on:
            assert all(h is not None and callable(h["bury_odds"]) for h in worlds.asked)
        else:
            assert worlds.asked == [None] * len(worlds.asked)
    # a policy without beliefs (Gouji's heuristic) gives no hints
    assert world_hints(make_bot("heuristic", "gouji"), {}) is None


def test_without_worlds_it_plays_its_policy() -> None:
    game = midgame("gouji", 6)
    seat, _ = a_choice(game)
    bot = SearchBot()
    action = bot.act(game.observation(seat), game.legal_actions(seat), random.Random(1))
    assert action in game.legal_actions(seat)


def test_a_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(playouts=0)
    with pytest.raises(ValueError, match="explore"):
        SearchBot(candidates=3, explore=3)
    with pytest.raises(ValueError, match="extra"):
        SearchBot(extra=-1)
    with pytest.raises(ValueError, match="promising"):
        SearchBot(margin=2.0, promising=2.5)


def test_the_policys_choice_stays_unless_another_is_clearly_better() -> None:
    bot = SearchBot(margin=1.0)
    # candidate 1 is ahead by a little on average, world by world up and down: luck
    rows: list[list[float | None]] = [[0.0, 3.0], [2.0, -1.0], [1.0, 2.0], [3.0, 1.0]]
    assert bot._choose(rows) == 0
    # ahead in every world: chosen, even where the worlds' outcomes spread far more than the
    # difference (the paired test sees through the luck of the draw)
    rows = [[-9.0, -8.0], [0.0, 1.5], [7.0, 8.0], [-3.0, -1.0]]
    assert bot._choose(rows) == 1
    # of two clearly better, the better one
    rows = [[0.0, 1.0, 2.0], [1.0, 2.0, 3.5], [-1.0, 0.0, 1.0], [2.0, 3.0, 4.0]]
    assert bot._choose(rows) == 2
    # a candidate that did not play out in a world is judged on the others
    rows = [[0.0, None], [0.0, 1.0], [1.0, 2.0], [None, 5.0]]
    assert bot._choose(rows) == 1
    # where the policy's choice never played out, the best mean
    assert bot._choose([[None, 1.0, 2.0], [None, 0.0, 3.0]]) == 2
    # the margin is in standard errors of the mean difference (here 0.41: gains 1, 0, 2, 1)
    rows = [[0.0, 1.0], [0.0, 0.0], [0.0, 2.0], [0.0, 1.0]]
    assert SearchBot(margin=2.0)._choose(rows) == 1
    assert SearchBot(margin=3.0)._choose(rows) == 0
    # by default two standard errors (docs/strength.md: one, on paired differences, left the
    # policy's choice on small differences and measured weaker): gains 1, -0.5, 2, 0.5 are
    # 0.75 ahead, 1.44 standard errors
    rows = [[0.0, 1.0], [0.0, -0.5], [0.0, 2.0], [0.0, 0.5]]
    assert SearchBot()._choose(rows) == 0
    assert SearchBot(margin=1.0)._choose(rows) == 1


class _FirstOf:
    """A policy that takes the first legal action (and may fail on a list without a pass)."""

    name = "first"
    uses_sampler = False

    def __init__(self, needs_pass: bool = False) -> None:
        self.needs_pass = needs_pass

    def act(self, observation: dict[str, object], legal: list[Action],
            rng: random.Random) -> Action:
        if self.needs_pass and not any(a.verb == "pass" for a in legal):
            raise KeyError("pass")
        return legal[0]


def test_candidates_are_the_policys_choices_ranked() -> None:
    legal = [Action(0, "play", (i,)) for i in range(6)]
    assert ranked(_FirstOf(), {}, legal, random.Random(0), 4) == legal[:4]
    assert ranked(_FirstOf(), {}, legal[:2], random.Random(0), 4) == legal[:2]


def test_ranking_stops_where_the_policy_cannot_choose_from_what_is_left() -> None:
    legal = [Action(0, "pass"), Action(0, "play", (1,)), Action(0, "play", (2,))]
    assert ranked(_FirstOf(needs_pass=True), {}, legal, random.Random(0), 3) == legal[:1]
    with pytest.raises(KeyError):  # on the full list a failure is the policy's own bug
        ranked(_FirstOf(needs_pass=True), {}, legal[1:], random.Random(0), 3)


def test_ranking_stops_at_an_action_the_policy_built() -> None:
    built = Action(0, "bury", (1, 2))

    class Builder(_FirstOf):
        def act(self, observation: dict[str, object], legal: list[Action],
                rng: random.Random) -> Action:
            return built

    legal = [Action(0, "bury", (3, 4)), Action(0, "bury", (5, 6))]
    assert ranked(Builder(), {}, legal, random.Random(0), 3) == [built]


def test_a_shengji_lead_ranks_the_leads_the_heuristic_tries() -> None:
    """The heuristic's lead ignores the list (asked again it would lead the same): its own
    order of leads is the ranking, each legal, the first its choice."""
    game = game_class("shengji").new({"preset": "tractor"}, seed=3)
    policy = make_bot("heuristic", "shengji")
    rng = random.Random(0)
    while True:
        seat = game.to_act()[0]
        obs = game.observation(seat)
        if obs["phase"] == "play" and not obs["details"]["current_trick"]:
            break
        game.apply(bot_action(game, game.to_act(), seat, policy, rng))
    legal = game.legal_actions(seat)
    leads = ranked(policy, obs, legal, random.Random(0), 4)
    assert len(leads) >= 2 and len(set(leads)) == len(leads)
    assert leads[0] == policy.act(obs, legal, random.Random(0))
    assert all(a in legal for a in leads)


def test_a_shengji_bury_ranks_the_heuristics_best_buries() -> None:
    """The search weighs the heuristic's best buries (issue 35), its own first, each a legal
    bury of the kitty's size from the hand, all different; a search that finds no other
    clearly better keeps the first."""
    game = game_class("shengji").new({"preset": "tractor"}, seed=0)
    policy = make_bot("heuristic", "shengji")
    rng = random.Random(0)
    while game.phase != "bury":
        game.apply(bot_action(game, game.to_act(), game.to_act()[0], policy, rng))
    seat = game.to_act()[0]
    obs = game.observation(seat)
    buries = ranked(policy, obs, [], random.Random(0), 4)
    assert len(buries) == 4 and len(set(buries)) == 4
    assert buries[0] == bot_action(game, game.to_act(), seat, policy, random.Random(0))
    hand = Counter(parse_cards(obs["hand"]))
    for bury in buries:
        assert len(bury.cards) == obs["details"]["kitty_size"]
        assert not Counter(bury.cards) - hand
        game.clone().apply(bury)  # legal (raises otherwise)
    chosen = bot_action(game, game.to_act(), seat, SearchBot(playouts=8, extra=0),
                        random.Random(0))
    assert chosen in buries


def test_a_shengji_playout_is_worth_its_levels_and_a_share_of_the_points() -> None:
    import random as _random

    from paizhuo.bots.policies import playout_bot
    from paizhuo.bots.search import play_out

    game = game_class("shengji").new({"preset": "tractor"}, seed=3)
    play_out(game, [playout_bot("shengji") for _ in range(4)], _random.Random(1))
    result = game.result()
    assert result is not None and not result.get("redeal")
    share = result["attackers_points"] / 200
    returns = game.returns()
    assert returns is not None
    for seat in range(4):
        sign = 1 if seat in result["attackers"] else -1
        assert value(game, seat) == pytest.approx(returns[seat] + sign * share)


def test_a_gouji_playout_is_worth_its_points_and_more_for_the_win() -> None:
    import random as _random

    from paizhuo.bots.policies import playout_bot
    from paizhuo.bots.search import play_out
    from paizhuo.games.gouji.game import WIN_WEIGHT as GOUJI_WIN_WEIGHT

    seen = set()
    for seed in range(40):
        gouji = game_class("gouji").new({}, seed=seed)
        play_out(gouji, [playout_bot("gouji") for _ in range(6)], _random.Random(seed))
        returns = gouji.returns()
        assert returns is not None
        winners = gouji.winners()
        for s in range(6):
            bonus = GOUJI_WIN_WEIGHT if s in winners else -GOUJI_WIN_WEIGHT if winners else 0.0
            assert value(gouji, s) == returns[s] + bonus
        seen.add("won" if winners else "drawn")
    assert seen == {"won", "drawn"}  # both kinds of deal were checked


def test_a_playout_stops_at_its_deadline_and_says_so() -> None:
    import random as _random
    import time as _time

    from paizhuo.bots.policies import playout_bot
    from paizhuo.bots.search import play_out

    game = game_class("gouji").new({}, seed=2)
    bots = [playout_bot("gouji") for _ in range(6)]
    assert play_out(game, bots, _random.Random(1), deadline=_time.perf_counter() - 1) is False
    assert not game.is_over
    assert play_out(game, bots, _random.Random(1)) is True and game.is_over


def test_a_playout_draws_a_decision_whose_list_would_be_too_long() -> None:
    """A playout decision with more legal actions than MAX_PLAYOUT_LIST (as the game tells
    without listing them, ``more_legal_than``) is drawn by the game's sampler: the list is
    never built (a Shengji follow to a long throw can have tens of thousands). Below the
    limit the bot decides from the list."""
    from paizhuo.bots.search import MAX_PLAYOUT_LIST

    game = game_class("shengji").new({"preset": "tractor"}, seed=3)
    policy = make_bot("heuristic", "shengji")
    rng = random.Random(0)
    while True:  # to a follow: the heuristic needs the list there
        seat = game.to_act()[0]
        obs = game.observation(seat)
        if obs["phase"] == "play" and obs["details"]["current_trick"]:
            break
        game.apply(bot_action(game, game.to_act(), seat, policy, rng))
    legal = game.legal_actions(seat)
    listed = bot_action(game, game.to_act(), seat, policy, random.Random(1),
                        list_limit=MAX_PLAYOUT_LIST)
    assert listed == policy.act(obs, legal, random.Random(1))

    def refuse(seat: int | None = None) -> list[Action]:
        raise AssertionError("the legal list was built")

    game.legal_actions = refuse  # type: ignore[method-assign]
    asked: list[int] = []

    def more(seat: int, limit: int) -> bool:
        asked.append(limit)
        return True

    game.more_legal_than = more  # type: ignore[attr-defined]
    drawn = bot_action(game, game.to_act(), seat, policy, random.Random(1),
                       list_limit=MAX_PLAYOUT_LIST)
    assert drawn in legal and asked == [MAX_PLAYOUT_LIST]


class _Copy:
    """A stand-in world: remembers the candidate applied to it; ``value`` reads it back."""

    num_seats = 4

    def __init__(self) -> None:
        self.action: Action | None = None

    def clone(self) -> _Copy:
        return _Copy()

    def apply(self, action: Action) -> None:
        self.action = action


class _Worlds:
    seat = 0

    def sample(self, rng: random.Random, hints: dict[str, Any] | None = None) -> _Copy:
        return _Copy()


def _searched(monkeypatch: pytest.MonkeyPatch, worth: dict[int, float],
              **options: float | None) -> tuple[Action, list[int]]:
    """What a search over candidates 0..n-1 worth ``worth[i]`` (plus noise in [-1, 1]) picks,
    and which candidates it played out, in order."""
    import paizhuo.bots.search as search

    played: list[int] = []
    noise = random.Random(3)

    def fake_value(copy: _Copy, seat: int) -> float:
        assert copy.action is not None
        played.append(copy.action.cards[0])
        return worth[copy.action.cards[0]] + noise.uniform(-1, 1)

    monkeypatch.setattr(search, "ranked", lambda policy, obs, legal, rng, k: legal[:k])
    monkeypatch.setattr(search, "play_out", lambda game, bots, rng, deadline=None: True)
    monkeypatch.setattr(search, "value", fake_value)
    legal = [Action(0, "play", (i,)) for i in range(len(worth))]
    bot = SearchBot(playouts=40, candidates=len(worth), **options)  # type: ignore[arg-type]
    worlds = cast(Worlds, _Worlds())  # a stand-in: only ``seat`` and ``sample`` are used
    return bot.act_worlds({"game": "gouji"}, legal, random.Random(0), worlds), played


def test_candidates_clearly_worse_are_played_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1 and 2 are far worse than the policy's choice, 3 a little better: after the first
    # worlds the playouts go to 0 and 3 only, and 3 is chosen
    pick, played = _searched(monkeypatch, {0: 0.0, 1: -6.0, 2: -8.0, 3: 1.5})
    assert pick.cards == (3,)
    assert played.count(1) == played.count(2) == 4  # min_worlds
    assert played.count(0) == played.count(3) == 16  # (40 - 8) / 2
    # without dropping, every candidate gets 10
    pick, played = _searched(monkeypatch, {0: 0.0, 1: -6.0, 2: -8.0, 3: 1.5}, drop=None)
    assert pick.cards == (3,) and all(played.count(i) == 10 for i in range(4))


def test_where_every_other_is_clearly_worse_it_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    pick, played = _searched(monkeypatch, {0: 0.0, 1: -6.0, 2: -8.0})
    assert pick.cards == (0,)
    assert len(played) == 4 * 3  # min_worlds worlds of every candidate, then the choice


def test_an_open_decision_gets_the_extra_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1 is a little better than the policy's choice: 40 playouts leave it short of two
    # standard errors; with room for more, the search plays on while it is ahead by more than
    # one error and not yet by two, and takes it
    worth = {0: 0.0, 1: 0.4}
    assert SearchBot(playouts=40).extra_for("gouji") == 80  # _searched's decision is Gouji's
    assert SearchBot(playouts=40).extra_for("shengji") == 0
    pick, played = _searched(monkeypatch, worth, extra=0)
    assert pick.cards == (0,) and len(played) == 40
    pick, played = _searched(monkeypatch, worth, extra=80)
    assert pick.cards == (1,) and 40 < len(played) < 120
    # a decision not open at 40 (1 clearly better, ahead by less than an error, behind) ends
    for worth in ({0: 0.0, 1: 1.0}, {0: 0.0, 1: 0.1}, {0: 0.0, 1: -0.2}):
        pick, played = _searched(monkeypatch, worth, extra=80)
        assert len(played) == 40, worth


def heuristic_round(seed: int, tricks: int) -> Game:
    """A ``tractor`` round of four heuristic players, stopped at a lead after ``tricks``."""
    game = game_class("shengji").new({"preset": "tractor"}, seed=seed)
    bot = make_bot("heuristic", "shengji")
    rng = random.Random(seed)
    while not (game.phase == "play" and len(game.state.tricks) == tricks  # type: ignore[attr-defined]
               and not game.state.trick):  # type: ignore[attr-defined]
        game.apply(bot_action(game, game.to_act(), game.to_act()[0], bot, rng))
    return game


def test_a_shengji_round_plays_its_tricks_again_from_the_first_lead() -> None:
    """``play_history``: a position at the first lead dealt what each hand held then, and the
    plays since, which bring it to the same hands and tricks; nothing before the first
    lead."""
    game = heuristic_round(4, 9)
    got = game.play_history()  # type: ignore[attr-defined]
    assert got is not None
    start, actions = got
    assert len(actions) == 36 and {a.verb for a in actions} == {"play"}
    assert [len(h) for h in start.state.hands] == [25] * 4
    for action in actions:
        start.apply(action)
    assert [h.to_tuple() for h in start.state.hands] == \
        [h.to_tuple() for h in game.state.hands]  # type: ignore[attr-defined]
    assert [t.plays for t in start.state.tricks] == \
        [t.plays for t in game.state.tricks]  # type: ignore[attr-defined]
    assert heuristic_round(4, 0).play_history() is None
    assert game_class("gouji").new({}, seed=1).play_history() is None  # it has none


def test_misfit_counts_the_plays_the_policy_would_have_made_otherwise() -> None:
    """In the true deal four heuristic players played as the heuristic plays (0); guesses of
    the hidden cards mostly do not fit, and some are forbidden by the rules (a follow without
    the pair the guessed hand holds)."""
    from paizhuo.bots.search import IMPOSSIBLE, misfit

    game = heuristic_round(4, 12)
    seat = game.to_act()[0]
    assert misfit(game, seat) == 0
    guesses = [misfit(game.determinize(seat, random.Random(k)), seat) for k in range(12)]
    assert all(m is not None and m >= 0 for m in guesses)
    assert any(m and m < IMPOSSIBLE for m in guesses)
    assert any(m is not None and m >= IMPOSSIBLE for m in guesses)
    assert misfit(midgame("gouji", 1), 0) is None
    # an impossible guess is one where a follow the table saw breaks SJ-8 in the guessed hand
    k = next(i for i, m in enumerate(guesses) if m is not None and m >= IMPOSSIBLE)
    got = game.determinize(seat, random.Random(k)).play_history()  # type: ignore[attr-defined]
    assert got is not None
    replay, actions = got
    with pytest.raises(IllegalActionError) as refused:
        for action in actions:
            replay.apply(action)
    assert refused.value.rule == "SJ-8"


def test_the_best_fitting_of_several_guesses_is_kept() -> None:
    """``SearchBot(fit=3)``: once the tricks have begun each world is the best fitting of
    three guesses — reproducible, legal, and drawn from the worlds' own generator."""
    game = heuristic_round(7, 6)
    seat = game.to_act()[0]
    obs, legal = game.observation(seat), game.legal_actions(seat)
    picks = [SearchBot(playouts=8, fit=3).act_worlds(obs, legal, random.Random(5),
                                                     Worlds(game, seat)) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in legal
    from paizhuo.bots.search import misfit

    worlds = Worlds(game, seat)
    chosen = SearchBot._world(worlds, random.Random(3), None, 3)
    again = random.Random(3)
    drawn = [worlds.sample(random.Random(again.getrandbits(64))) for _ in range(3)]
    fits = [misfit(w, seat) for w in drawn]
    best = fits.index(min(fits))  # type: ignore[type-var]
    assert misfit(chosen, seat) == fits[best]
    hands = [h.to_tuple() for h in chosen.state.hands]  # type: ignore[attr-defined]
    assert hands == [h.to_tuple() for h in drawn[best].state.hands]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="fit"):
        SearchBot(fit=0)


@pytest.mark.parametrize("preset", game_class("shengji").PRESETS)
def test_every_preset_plays_its_tricks_again_to_the_same_hands(preset: str) -> None:
    """``play_history`` in every preset (friends called, bidding-3's target, six players):
    the position plays on to the round's own hands."""
    game = game_class("shengji").new({"preset": preset}, seed=2)
    bot = make_bot("heuristic", "shengji")
    rng = random.Random(2)
    checked = 0
    while not game.is_over:
        st = game.state  # type: ignore[attr-defined]
        if game.phase == "play" and st.tricks and not st.trick and len(st.tricks) % 3 == 1:
            got = game.play_history()  # type: ignore[attr-defined]
            assert got is not None
            start, actions = got
            for action in actions:
                start.apply(action)
            assert [h.to_tuple() for h in start.state.hands] == [h.to_tuple() for h in st.hands]
            checked += 1
        game.apply(bot_action(game, game.to_act(), game.to_act()[0], bot, rng))
    assert checked >= 2
