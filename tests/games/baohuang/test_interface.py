"""The engine interface of issue 8 for Baohuang: clone, determinize, returns, events and
record_for, over random deals of every preset and a few built ones (BH-1 … BH-6)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.judge import LEGAL, judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.games.baohuang import BaohuangGame
from paizhuo.games.baohuang.crown import callable_cards
from paizhuo.games.baohuang.options import PRESET_NAMES
from paizhuo.games.baohuang.positions import act, position
from paizhuo.games.baohuang.setup import dealt_hands
from paizhuo.games.baohuang.state import AFTER, copies, holder_of_emperor_card
from paizhuo.notation import format_cards, parse_cards

VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, 4, None)


def snapshot(g: BaohuangGame) -> str:
    """Everything the interface shows of a game, and its whole state."""
    st = g.st
    state = {name: getattr(st, name) for name in type(st).__slots__ if name != "opts"}
    return json.dumps([g.record().to_json(), g.phase, g.to_act(), g.result(), g.returns(),
                       [g.observation(s) for s in VIEWERS],
                       [g.events_since(s, 0) for s in VIEWERS],
                       [[a.to_json() for a in g.legal_actions(s)] for s in g.to_act()],
                       state], sort_keys=True, default=list)


def playout(g: BaohuangGame, rng: random.Random, moves: int | None = None) -> BaohuangGame:
    while not g.is_over and (moves is None or moves > 0):
        g.apply(g.sample_action(rng))
        moves = None if moves is None else moves - 1
    return g


def games_with_stops(preset: str, seeds: range, every: int) -> list[BaohuangGame]:
    """Clones of random deals stopped every few moves, in each declaration and at the end."""
    out = []
    for seed in seeds:
        g = BaohuangGame.new({"preset": preset}, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % every == 0 or g.phase == "declare":
                out.append(g.clone())
            g.apply(g.sample_action(rng))
            step += 1
        out.append(g)
    return out


# -- clone ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_clone_is_equal_and_independent(preset: str) -> None:
    for g in games_with_stops(preset, range(2), every=61):
        before = snapshot(g)
        twin = g.clone()
        assert snapshot(twin) == before
        playout(twin, random.Random(5))  # the clone moves on: the original does not
        assert snapshot(g) == before
        if g.is_over:
            continue
        other = g.clone()
        g.apply(g.sample_action(random.Random(3)))  # the original moves: the clone stays
        assert snapshot(other) == before
        # the same moves on an original and its clone give the same game, move for move
        lead, follower = g.clone(), g.clone()
        rng = random.Random(8)
        while not lead.is_over:
            action = lead.sample_action(rng)
            lead.apply(action)
            follower.apply(action)
            assert lead.state_id == follower.state_id
        assert snapshot(lead) == snapshot(follower)


# -- determinize ---------------------------------------------------------------------------


def dealt_at_call(g: BaohuangGame) -> list[list[int]]:
    """The hands as they stood when the emperor called (BJ* with him, no extra card yet)."""
    st = g.st
    hands = dealt_hands(st)
    assert st.emperor is not None
    if st.first_holder != st.emperor and not (st.forced_call and st.called == BIG_JOKER):
        hands[st.first_holder][EMPEROR_CARD] -= 1  # the normal caller holds it
        hands[st.emperor][EMPEROR_CARD] += 1
    return hands


def check_consistent(g: BaohuangGame, d: BaohuangGame, seat: int) -> None:
    """``d`` keeps what ``seat`` saw of ``g`` and is itself a deal the rules can give."""
    assert d.observation(seat) == g.observation(seat)
    assert d.events_since(seat, 0) == g.events_since(seat, 0)
    st, dt = g.st, d.st
    assert dt.sizes == st.sizes and dt.played == st.played  # sizes and every card played
    assert holder_of_emperor_card(dt) == holder_of_emperor_card(st)
    assert dt.hands[seat] == st.hands[seat]
    cards: Counter[int] = Counter()
    for s in range(5):
        cards.update({c: k for c, k in enumerate(dt.hands[s]) if k})
        cards.update({c: k for c, k in enumerate(dt.played[s]) if k})
    cards.update(dt.extra)
    removed = len(dt.kitty) if dt.emperor is not None and dt.opts.extra_card == "remove" else 0
    assert sum(cards.values()) + removed == 216 and cards[EMPEROR_CARD] == 1
    if st.revealed or seat == st.guard or (seat == st.emperor == st.guard):
        assert dt.guard == st.guard  # a guard the seat knows stays where he is
    if st.called is None or st.seized:
        assert dt.guard == st.guard
        return
    # BH-2: the emperor held three copies or more when he called (exactly three if forced),
    # and the guard is the first seat after him who held one
    emperor, called = st.emperor, st.called
    assert emperor is not None and dt.emperor == emperor and dt.called == called
    at_call = dealt_at_call(d)
    held = copies(at_call[emperor], called)
    assert held == 3 if st.forced_call else held >= 3
    holders = [s for s in AFTER[emperor] if copies(at_call[s], called)]
    assert dt.guard == (holders[0] if holders else emperor)
    if not st.revealed:
        assert dt.guard is not None
        if dt.guard != emperor:  # a secret guard who played the called card is revealed
            assert not copies(dt.played[dt.guard], called)
        if seat not in (emperor, st.guard):
            assert dt.guard != seat  # a revolutionary knows he is not the guard
            if copies(st.hands[seat], called):  # so the guard sits before him
                order = AFTER[emperor]
                assert dt.guard == emperor or order.index(dt.guard) < order.index(seat)
    if st.forced_call:  # 逼庄: the seats it passed over held no card exactly three times
        for s in [(st.first_holder + i) % 5 for i in range(5)]:
            if s == emperor:
                break
            hand = dealt_hands(d.st)[s]
            assert not callable_cards(hand, True), s


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_keeps_what_the_seat_saw(preset: str) -> None:
    for g in games_with_stops(preset, range(3), every=29):
        for seat in range(5):
            d = g.determinize(seat, random.Random(seat))
            check_consistent(g, d, seat)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_uses_no_hidden_information(preset: str) -> None:
    # a game that differs from g only in what is hidden from the seat gives the same copies
    for g in games_with_stops(preset, range(2), every=47):
        for seat in range(5):
            other = g.determinize(seat, random.Random(99))
            for k in range(2):
                a = g.determinize(seat, random.Random(k))
                b = other.determinize(seat, random.Random(k))
                assert [a.observation(s) for s in VIEWERS] == [
                    b.observation(s) for s in VIEWERS]
                assert [a.events_since(s, 0) for s in VIEWERS] == [
                    b.events_since(s, 0) for s in VIEWERS]
                assert snapshot(a) == snapshot(b)


def test_determinize_deals_the_hidden_cards_again() -> None:
    g = playout(BaohuangGame.new(seed=4), random.Random(4), moves=60)
    seat = g.to_act()[0]
    copies_seen = {json.dumps(g.determinize(seat, random.Random(k)).st.hands) for k in range(5)}
    assert len(copies_seen) == 5  # other hands differ from copy to copy
    assert json.dumps(g.st.hands) not in copies_seen


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_determinized_copy_plays_on_legally_to_the_end(preset: str) -> None:
    for i, g in enumerate(games_with_stops(preset, range(2), every=83)):
        seat = i % 5
        d = g.determinize(seat, random.Random(i))
        rng = random.Random(i)
        while not d.is_over:
            action = d.sample_action(rng)
            if action.verb != "play":  # the sampler's plays are legal but need not be listed
                assert action in d.legal_actions(action.seat)
            d.apply(action)
        # and it is a deal the rules could have given: its record replays to its result
        status, answer = judge_text(d.record_for(seat).dumps())
        assert status == LEGAL and answer["result"] == d.result(), answer


def test_determinize_after_a_forced_call() -> None:
    # BH-2 逼庄: the copy's forced seat can call, the seats skipped have no three of a kind
    checked = 0
    for seed in range(12):
        g = BaohuangGame.new({"seize": False}, seed=seed)
        for _ in range(5):
            act(g, g.to_act()[0], "pass_crown")
        forced = g.st.forced_seat
        if forced is None:
            continue
        skipped = []
        s = g.st.first_holder
        while s != forced:
            skipped.append(s)
            s = (s + 1) % 5
        for seat in range(5):
            d = g.determinize(seat, random.Random(seed))
            check_consistent(g, d, seat)
            assert callable_cards(d.st.hands[forced], True)
            assert not any(callable_cards(d.st.hands[s], True) for s in skipped)
        playout(g, random.Random(seed), moves=70)
        for seat in range(5):
            check_consistent(g, g.determinize(seat, random.Random(seed)), seat)
        checked += 1
    assert checked >= 5


def test_determinize_keeps_the_emperors_extra_card_for_him() -> None:
    g = playout(BaohuangGame.new(seed=6), random.Random(6), moves=8)
    assert g.st.emperor is not None
    emperor = g.st.emperor
    for k in range(4):
        assert g.determinize(emperor, random.Random(k)).st.kitty == g.st.kitty
    guesses = {g.determinize((emperor + 1) % 5, random.Random(k)).st.kitty for k in range(12)}
    assert len(guesses) > 1  # the others do not know which card he received


def test_a_position_determinizes_the_secret_guard() -> None:
    g = position(["3S 9S", "4S 4S TS", "8H 8S 5S", "6S 6S JS", "7S 7S QS"], emperor=0,
                 guard=2, called="8H")
    for seat, known in [(2, True), (1, False), (0, False)]:
        guards = {g.determinize(seat, random.Random(k)).st.guard for k in range(30)}
        if known:
            assert guards == {2}
        else:
            assert seat not in guards and len(guards) > 1
        for k in range(5):
            d = g.determinize(seat, random.Random(k))
            assert d.observation(seat) == g.observation(seat)
            assert d.st.sizes == g.st.sizes


# -- returns -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_returns_are_the_scores_and_sum_to_zero(preset: str) -> None:
    for seed in range(6):
        g = BaohuangGame.new({"preset": preset}, seed=seed)
        assert g.returns() is None
        playout(g, random.Random(seed))
        returns, result = g.returns(), g.result()
        assert returns is not None and result is not None
        assert sum(returns) == 0 and returns == [float(s) for s in result["display"]]


def test_a_void_deal_returns_zeros() -> None:
    g = position(["BJ* 8H 8H", "5D 5D", "7C", "9S 9S", "6S"], phase="crown")
    for seat in range(5):
        act(g, seat, "pass_crown")
    assert g.phase == "void" and g.returns() == [0.0] * 5
    assert g.events_since(None, 0)[-1] == {"state_id": 5, "type": "over",
                                            "result": {"void": True, "redeals": 0}}


# -- events --------------------------------------------------------------------------------


def check_events(g: BaohuangGame) -> None:
    """No event shows a seat (or a spectator) a card it may not see: cards appear only in the
    public actions, as played, and in the extra card's event, to the emperor alone."""
    actions = g.actions
    st = g.st
    for viewer in VIEWERS:
        events = g.events_since(viewer, 0)
        assert [e["state_id"] for e in events] == sorted(e["state_id"] for e in events)
        per_action = Counter(e["state_id"] for e in events if e["type"] == "action")
        assert per_action == Counter(range(1, len(actions) + 1))  # one public event each
        for event in events:
            action = actions[event["state_id"] - 1]
            if event["type"] == "action":
                assert event["seat"] == action.seat and event["verb"] == action.verb
                assert event.get("cards", "") == format_cards(action.cards)
            elif event["type"] == "extra_card":
                assert event["seat"] == st.emperor
                assert ("cards" in event) == (viewer == st.emperor)
            else:
                assert "cards" not in event and "hand" not in event
            if event["type"] == "role":
                assert viewer is not None
                assert event["role"] == g.observation(viewer)["details"]["role"]
                if event["role"] == "emperor":
                    assert event["alone"] == (st.guard == st.emperor)
            if event["type"] == "reveal":
                assert event["seat"] == st.guard
        if g.is_over:
            assert events[-1]["type"] == "over" and events[-1]["result"] == g.result()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_events_never_hold_another_seats_cards(preset: str) -> None:
    for seed in range(4):
        g = playout(BaohuangGame.new({"preset": preset}, seed=seed), random.Random(seed))
        check_events(g)
        kinds = {e["type"] for e in g.events_since(None, 0)}
        assert {"action", "round_won", "out", "over"} <= kinds


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_view_shows_the_tables_options_and_its_own_hand(preset: str) -> None:
    """Every viewer sees the table's options (a player knows whether yielding and claiming are
    played, BH-4), a copy it may change; a seat sees its hand as dealt and played, sorted."""
    for g in games_with_stops(preset, range(2), every=23):
        for v in VIEWERS:
            obs = g.observation(v)
            assert obs["details"]["options"] == g.st.opts.to_dict()
            assert obs["hand"] == (None if v is None else
                                   format_cards(sorted(c for c in range(55)
                                                       for _ in range(g.st.hands[v][c]))))
    g = BaohuangGame.new({"preset": preset}, seed=1)
    g.observation(0)["details"]["options"]["claim"] = "changed"
    assert g.observation(0)["details"]["options"]["claim"] == g.st.opts.claim


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_view_shows_what_each_seat_has_played(preset: str) -> None:
    """``details.played`` is public (every viewer sees the same) and is, per seat, the cards
    of that seat's plays in the public events since the deal was last dealt (BH-6)."""
    for g in games_with_stops(preset, range(3), every=17):
        views = [g.observation(v)["details"]["played"] for v in VIEWERS]
        assert all(v == views[0] for v in views)
        mine: list[Counter[int]] = [Counter() for _ in range(5)]
        for event in g.events_since(None, 0):
            if event["type"] == "redeal":
                mine = [Counter() for _ in range(5)]
            elif event["type"] == "action" and event["verb"] == "play":
                mine[event["seat"]].update(parse_cards(event["cards"]))
        assert [Counter(parse_cards(cards)) for cards in views[0]] == mine
        # in canonical notation: sorted by card id, as the engine writes a set of cards
        assert views[0] == [format_cards(sorted(parse_cards(cards))) for cards in views[0]]


def test_events_of_a_deal_with_a_guard() -> None:
    g = position(["BJ* 8H 8H 8H 3S", "4S", "8H 5S", "6S", "7S"], phase="crown", kitty="9S")
    act(g, 0, "call", "8H")
    assert g.events_since(0, 0)[1:] == [
        {"state_id": 1, "type": "extra_card", "seat": 0, "cards": "9S"},
        {"state_id": 1, "type": "role", "role": "emperor", "alone": False}]
    assert g.events_since(2, 0)[1:] == [
        {"state_id": 1, "type": "extra_card", "seat": 0, "count": 1},
        {"state_id": 1, "type": "role", "role": "guard"}]
    assert g.events_since(3, 0)[-1] == {"state_id": 1, "type": "role",
                                        "role": "revolutionary"}
    assert [e["type"] for e in g.events_since(None, 0)] == ["action", "extra_card"]
    for seat in range(1, 5):
        act(g, seat, "pass")
    act(g, 0, "play", "3S")
    act(g, 1, "play", "4S")
    act(g, 2, "play", "8H")  # the called card shows the guard
    assert g.events_since(4, 7) == [
        {"state_id": 8, "type": "action", "seat": 2, "verb": "play", "cards": "8H"},
        {"state_id": 8, "type": "reveal", "seat": 2, "alone": False, "how": "called_card",
         "open": False}]
    check_events(g)


# -- record_for ----------------------------------------------------------------------------


def check_record_for(g: BaohuangGame) -> None:
    for seat in VIEWERS:
        record = g.record_for(seat)
        assert record.deal.seed is None and record.deal.hands is not None
        status, answer = judge_text(record.dumps())
        assert status == LEGAL and answer["result"] == g.result(), answer
        again, _ = replay(Record.loads(record.dumps()))
        # the same views, but for the actions of void deals before it, which it leaves out
        assert again.state_id == g.state_id - g.st.deal_from
        assert [{**again.observation(s), "state_id": 0} for s in VIEWERS] == [
            {**g.observation(s), "state_id": 0} for s in VIEWERS]


def test_record_for_only_once_the_deal_is_over() -> None:
    g = playout(BaohuangGame.new(seed=2), random.Random(2), moves=30)
    with pytest.raises(IllegalActionError) as err:
        g.record_for(0)
    assert err.value.rule == "BH-6"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_record_for_replays_to_the_same_result(preset: str) -> None:
    for seed in range(3):
        check_record_for(playout(BaohuangGame.new({"preset": preset}, seed=seed),
                                 random.Random(seed)))


def test_record_for_after_redeals() -> None:
    left_over = BaohuangGame.new(seed=295)  # BJ* was the 216th card: dealt again at once
    assert left_over.st.redeals >= 1
    check_record_for(playout(left_over, random.Random(1)))
    assert left_over.record_for(0).start == {"redeals": left_over.st.redeals}
    g = BaohuangGame.new({"forced_call": False}, seed=11)
    for _ in range(5):  # the crown goes round unclaimed: a void deal, dealt again
        act(g, g.to_act()[0], "pass_crown")
    assert g.st.redeals == 1
    playout(g, random.Random(3))
    record = g.record_for(2)
    assert record.start == {"redeals": 1} and record.actions == g.actions[5:]
    check_record_for(g)


def test_record_for_positions_and_void_deals() -> None:
    g = position(["3S", "4S", "5S", "6S", "7S 7S"], emperor=0, guard=3, called="8H")
    playout(g, random.Random(0))
    record = g.record_for(1)
    assert record.position and record.start == g.setup.start
    check_record_for(g)
    void = position(["BJ* 8H 8H", "5D 5D", "7C", "9S 9S", "6S"], phase="crown")
    for seat in range(5):
        act(void, seat, "pass_crown")
    check_record_for(void)


def test_explicit_deals_may_count_their_void_deals() -> None:
    g = BaohuangGame.new(seed=8)
    record = {"game": "baohuang", "start": {"redeals": 2},
              "deal": {"hands": [format_cards(parse_cards(h)) for h in
                                 [format_cards(c for c, k in enumerate(hand) for _ in range(k))
                                  for hand in g.st.hands]],
                       "kitty": format_cards(g.st.kitty)}}
    game = BaohuangGame.from_record(Record.from_json(record))
    assert game.st.redeals == 2 and game.observation(0)["details"]["redeals"] == 2
    for start, field in [({"redeals": -1}, "start.redeals"), ({"leader": 1}, "start.leader")]:
        status, answer = judge_text(json.dumps({**record, "start": start}))
        assert status == 2 and answer["field"] == field, answer


def test_spectators_see_no_hand_and_no_secret_guard() -> None:
    g = position(["BJ* 8H 8H 8H 3S", "4S", "8H 5S", "6S", "7S"], phase="crown")
    act(g, 0, "call", "8H")
    obs: dict[str, Any] = g.observation(None)
    assert obs["hand"] is None and obs["seat"] is None and not obs["your_turn"]
    assert obs["details"]["guard"] is None and obs["details"]["role"] is None
    assert obs["details"]["alone"] is None and obs["hand_sizes"] == [5, 1, 2, 1, 1]
    assert g.legal_actions(1) == [Action(1, "pass")]
    assert obs["to_act"] == [1] and g.observation(1)["your_turn"]


def _lopsided(seat: int, card: int) -> float:
    """Hand odds (``determinize``'s ``hand_odds``) far from uniform."""
    return 1.0 if (card // 4 + seat) % 3 == 0 else 0.01


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_draws_the_hidden_cards_by_hand_odds(preset: str) -> None:
    """With ``hand_odds`` a copy keeps what the seat saw and uses nothing hidden from it, and
    the hidden cards lie where the odds put them far more often than in a uniform copy."""
    tilted = uniform = 0.0
    n = 0
    for g in games_with_stops(preset, range(2), every=29):
        for seat in range(5):
            d = g.determinize(seat, random.Random(seat), hand_odds=_lopsided)
            check_consistent(g, d, seat)
            other = g.determinize(seat, random.Random(99))
            twin = other.determinize(seat, random.Random(seat), hand_odds=_lopsided)
            assert snapshot(d) == snapshot(twin)
            plain = g.determinize(seat, random.Random(seat))
            for copy, total in ((d, "tilted"), (plain, "uniform")):
                cards = [(s, c) for s in range(5) if s != seat
                         for c in range(54) for _ in range(copy.st.hands[s][c])]
                share = sum(_lopsided(s, c) == 1.0 for s, c in cards) / max(1, len(cards))
                if total == "tilted":
                    tilted += share
                else:
                    uniform += share
            n += 1
    assert n >= 20
    assert tilted / n > uniform / n + 0.15, (tilted / n, uniform / n)
