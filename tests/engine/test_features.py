"""Observation features (``paizhuo.engine.features``, each game's ``features.py``): built from
the seat's observation only — the same vector for every deal that differs only in cards the
seat has not seen (the game's ``determinize(seat)``) — with the planes holding what they
say, and every plane listed in ``docs/rl.md``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from paizhuo import new_game
from paizhuo.bots import make_bot
from paizhuo.engine.features import LOW_RANKS, Writer, rank_counts, thermometer
from paizhuo.engine.game import Game
from paizhuo.notation import parse_cards

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
CASES = [("shengji", "tractor"), ("shengji", "friends-5"), ("shengji", "bidding-3"),
         ("shengji", "single-deck"), ("gouji", "classic"), ("baohuang", "standard")]


def positions(game: str, preset: str, seed: int, every: int) -> list[Game]:
    """Copies of one heuristic deal, every ``every`` decisions, and at its end."""
    g = new_game(game, {"preset": preset}, seed=seed)
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    out = []
    n = 0
    while not g.is_over:
        if n % every == 0:
            out.append(g.clone())
        seat = g.to_act()[0]
        g.apply(bot.act(g.observation(seat), g.legal_actions(seat), rng))
        n += 1
    out.append(g)
    return out


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_features_see_nothing_hidden(game: str, preset: str) -> None:
    """Deals again of every card a seat has not seen leave its features as they were: the
    vector is a function of what the seat knows."""
    rng = random.Random(7)
    checked = changed = 0
    for g in positions(game, preset, seed=3, every=9):
        f = g.featurizer()
        assert f is not None
        for seat in range(g.num_seats):
            mine = f.encode(g.observation(seat))
            recent = f.encode_history(g.observation(seat))
            assert np.isfinite(mine).all() and (mine >= 0).all()
            assert np.isfinite(recent).all() and (recent >= 0).all()
            for _ in range(2):
                world = g.determinize(seat, rng)
                assert np.array_equal(f.encode(world.observation(seat)), mine), (seat, g.phase)
                assert np.array_equal(f.encode_history(world.observation(seat)), recent)
                other = (seat + 1) % g.num_seats
                changed += not np.array_equal(f.encode(world.observation(other)),
                                              f.encode(g.observation(other)))
                checked += 1
    # the check can fail: the other seats' features do change with the cards dealt again
    assert checked and changed > checked // 4


@pytest.mark.parametrize(("game", "preset"), [("gouji", "classic"), ("baohuang", "standard")])
def test_rank_planes_hold_the_hand_and_what_was_played(game: str, preset: str) -> None:
    g = positions(game, preset, seed=5, every=40)[2]
    f = g.featurizer()
    assert f is not None
    for seat in range(g.num_seats):
        obs = g.observation(seat)
        v = f.encode(obs)
        a, b = f.offsets["hand"]
        counts = v[a:b].reshape(LOW_RANKS, -1).sum(axis=1)
        assert counts.tolist() == rank_counts(obs["hand"])
        assert sum(counts) == len(parse_cards(obs["hand"]))


def test_shengji_planes_hold_the_hand_the_trick_and_the_prefix() -> None:
    g = positions("shengji", "tractor", seed=4, every=7)[8]
    f = g.featurizer()
    assert f is not None and g.phase == "play"
    seat = g.to_act()[0]
    obs = g.observation(seat)
    hand = parse_cards(obs["hand"])
    a, b = f.offsets["hand"]
    v = f.encode(obs, prefix=[hand[0], hand[1]])
    assert v[a:b].reshape(54, 2).sum() == len(hand)
    for c in set(hand):
        assert v[a:b].reshape(54, 2)[c].sum() == hand.count(c)
    pa, pb = f.offsets["prefix"]
    assert v[pa:pb].reshape(54, 2).sum() == 2
    assert v[pa:pb].reshape(54, 2)[hand[0]].sum() >= 1
    # every card played this round is in exactly one seat's played plane
    played = sum(v[slice(*f.offsets[f"played_{k}"])].sum() for k in range(4))
    trick = sum(len(parse_cards(p["cards"])) for p in obs["details"]["current_trick"])
    done = sum(len(parse_cards(p["cards"])) for t in obs["details"]["tricks"] for p in t["plays"])
    assert played == trick + done


def test_thermometer() -> None:
    assert thermometer([0, 2, 5], 3).tolist() == [0, 0, 0, 1, 1, 0, 1, 1, 1]


def test_every_plane_is_in_docs_rl_md() -> None:
    """docs/rl.md lists every plane of every game, the state's, an action row's and a recent
    action's, as a table row ``| `name` | start | size | what |`` (Shengji's sizes for the
    ``tractor`` table: 2 decks, 4 seats)."""
    text = DOC.read_text(encoding="utf-8")
    for game, preset in (("shengji", "tractor"), ("gouji", "classic"),
                         ("baohuang", "standard")):
        f = new_game(game, {"preset": preset}).featurizer()
        assert f is not None
        for name, start, size, what in [*f.layout(), *f.action_layout(),
                                        *f.history_layout()]:
            row = f"| `{name}` | {start} | {size} | {what} |"
            assert row in text, f"docs/rl.md lacks the {game} row: {row}"
        plain = text.lower().replace("**", "")
        assert f"| {game} total | | {f.size} |" in plain
        assert f"| {game} action total | | {f.action_size} |" in plain
        assert f"| {game} recent action total | | {f.history_size} |" in plain


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_action_rows(game: str, preset: str) -> None:
    """One row per legal action (the whole action: DMC's action features), every verb of the
    game known, and different actions in different rows."""
    checked = 0
    for g in positions(game, preset, seed=2, every=5)[:-1]:
        f = g.featurizer()
        assert f is not None
        names = next(p.what for p in f.action_planes if p.name == "verb")
        assert all(v in names for v in g.VERBS)
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        rows = f.encode_actions(g.observation(seat), legal)
        assert rows.shape == (len(legal), f.action_size)
        assert np.isfinite(rows).all() and (rows >= 0).all()
        assert len({r.tobytes() for r in rows}) == len(set(legal)), g.phase
        a, b = f.action_offsets["verb"]
        assert (rows[:, a:b].sum(axis=1) == 1).all()
        # a game's own encode_actions (all rows at once) writes what fill_action writes
        one = np.zeros((len(legal), f.action_size), dtype=np.float32)
        for i, action in enumerate(legal):
            f.fill_action(Writer(one[i], f.action_offsets), g.observation(seat), action)
        assert np.array_equal(rows, one)
        checked += len(legal)
    assert checked


def test_shengji_order_planes_hold_the_round_order() -> None:
    """Once trump is known, the hand and the unseen cards are also laid out in the round's
    order (side suits, then trump, low to high), and each play says its points, whether it
    takes the trick as it stands (checked against the engine where it is the trick's last
    play) and how many unseen cards of its group outrank it."""
    from paizhuo.games.shengji.features import ORDER_SLOTS
    from paizhuo.games.shengji.order import points_of

    taken = checked = 0
    for g in positions("shengji", "tractor", seed=6, every=3)[:-1]:
        if g.phase != "play":
            continue
        f = g.featurizer()
        assert f is not None
        seat = g.to_act()[0]
        obs = g.observation(seat)
        v = f.encode(obs)
        hand = parse_cards(obs["hand"])
        assert v[slice(*f.offsets["hand_order"])].sum() * 2 == len(hand)
        if 53 in hand:  # the big joker is trump's highest slot
            top = v[slice(*f.offsets["hand_order"])].reshape(5, ORDER_SLOTS)[4]
            assert top[np.nonzero(top)[0].max()] * 2 == hand.count(53)
        st = g.state
        hidden = sum(len(h) for s, h in enumerate(st.hands) if s != seat)
        if seat != st.dealer:
            hidden += len(st.kitty)
        assert round(float(v[slice(*f.offsets["unseen_order"])].sum()) * 2) == hidden
        legal = g.legal_actions(seat)
        rows = f.encode_actions(obs, legal)
        last = len(obs["details"]["current_trick"]) == g.num_seats - 1
        for action, row in zip(legal, rows, strict=True):
            assert row[f.action_offsets["points"][0]] * 100 == pytest.approx(
                points_of(list(action.cards)))
            assert row[slice(*f.action_offsets["order"])].sum() * 2 == len(action.cards)
            if len(action.cards) == 1 and action.cards[0] == 53:
                assert row[f.action_offsets["outranked"][0]] == 0.0
            takes = row[f.action_offsets["takes"][0]]
            if not obs["details"]["current_trick"]:
                assert takes == 0.0  # a lead takes nothing yet
            elif last:
                after = g.clone()
                after.apply(action)
                winner = after.observation(seat)["details"]["tricks"][-1]["winner"]
                assert (takes == 1.0) == (winner == seat)
                taken += int(takes)
                checked += 1
    assert checked > 10 and 0 < taken < checked


@pytest.mark.parametrize(("game", "preset"), [("shengji", "tractor"), ("gouji", "classic"),
                                              ("baohuang", "standard")])
def test_the_recent_actions_are_the_last_plays_in_order(game: str, preset: str) -> None:
    """A row per recent action, the latest last (the first rows 0 early in a deal): who took
    it and its cards, as the observation shows them."""
    g = positions(game, preset, seed=4, every=1000)[-1]
    f = g.featurizer()
    assert f is not None and f.history_size
    seat = 1
    obs = g.observation(seat)
    rows = f.encode_history(obs)
    assert rows.shape == (f.history_len, f.history_size)
    items = f.recent(obs)
    assert len(items) == f.history_len
    plays = [i for i in items if i.get("cards")]
    assert plays
    a, b = f.history_offsets["seat"]
    c, d = f.history_offsets["cards"]
    scale = 2 if game == "shengji" else 16  # tractor's decks; a rank's 16 in four decks
    for row, item in zip(rows, items, strict=True):
        assert row[a:b].argmax() == (int(item["seat"]) - seat) % g.num_seats
        if item.get("cards"):
            ids = parse_cards(item["cards"])
            got = np.round(row[c:d] * scale).astype(int)
            want = np.bincount(ids, minlength=54) if game == "shengji" else rank_counts(ids)
            assert got.tolist() == list(want)
    if game == "shengji":
        # the last finished trick's plays: its leader led, its winner took it
        last = obs["details"]["tricks"][-1]
        led, took = f.history_offsets["led"][0], f.history_offsets["took"][0]
        current = len(obs["details"].get("current_trick") or ())
        tail = rows[f.history_len - current - len(last["plays"]):f.history_len - current]
        assert tail[:, led].tolist() == [1.0] + [0.0] * (len(last["plays"]) - 1)
        assert tail[:, took].sum() == 1.0
    early = positions(game, preset, seed=4, every=1)[1]
    f_rows = f.encode_history(early.observation(seat))
    assert not f_rows[0].any()  # one action taken at most: the first rows stay 0
