"""Table settings: presets (SJ-1), defaults, validation of every option (SJ-1 … SJ-14)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from typing import Any

import pytest

from paizhuo.engine.errors import InvalidOptionsError, MalformedError
from paizhuo.engine.records import Deal, Record
from paizhuo.games.shengji import PRESETS, ShengjiGame, ShengjiOptions
from paizhuo.games.shengji import options as options_module


@pytest.mark.parametrize(("preset", "players", "decks", "hand", "kitty", "teams", "step"), [
    ("tractor", 4, 2, 25, 8, "fixed", 40),
    ("single-deck", 4, 1, 12, 6, "fixed", 20),
    ("titanic", 4, 3, 39, 6, "fixed", 60),
    ("six-three", 6, 3, 26, 6, "fixed", 60),
    ("friends-4", 4, 2, 25, 8, "friends", 40),
    ("friends-5", 5, 3, 31, 7, "friends", 60),
    ("friends-5-2", 5, 2, 20, 8, "friends", 40),
    ("bidding-3", 3, 2, 33, 9, "bidding", 40),
])
def test_presets_sj1(preset: str, players: int, decks: int, hand: int, kitty: int,
                     teams: str, step: int) -> None:
    o = ShengjiOptions.from_dict({"preset": preset})
    assert (o.players, o.decks, o.hand_size, o.kitty_size, o.teams, o.step) == \
        (players, decks, hand, kitty, teams, step)
    assert o.players * o.hand_size + o.kitty_size == 54 * o.decks


def test_preset_specifics() -> None:
    assert ShengjiOptions.from_dict({"preset": "single-deck"}).kitty_no_points
    assert not ShengjiOptions.from_dict({"preset": "bidding-3"}).allow_throws
    assert ShengjiOptions.from_dict({"preset": "friends-5"}).num_friends == 1
    assert ShengjiOptions.from_dict({"preset": "six-three", "teams": "friends"}).num_friends == 2
    assert ShengjiOptions.from_dict({}).num_friends == 0
    assert PRESETS[0] == "tractor" and set(PRESETS) == set(ShengjiGame.PRESETS)


def test_defaults() -> None:
    o = ShengjiOptions.from_dict({})
    assert o.preset == "tractor" and o.kitty_multiplier == "doubling"
    assert o.bidding == "during_deal" and o.no_bid == "kitty_third_card"
    assert o.throw_penalty == "none" and o.reveal_kitty and not o.kitty_fight
    assert o.start_level == "2" and o.must_play_levels == ()
    assert o.combo_rules.min_tractor_length == 2


def test_every_option_has_a_docstring_naming_its_rule() -> None:
    tree = ast.parse(inspect.getsource(options_module))
    cls = next(n for n in tree.body
               if isinstance(n, ast.ClassDef) and n.name == "ShengjiOptions")
    body = cls.body
    documented: dict[str, str] = {}
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            doc = ""
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                doc = str(after.value.value)
            documented[node.target.id] = doc
    for f in dataclasses.fields(ShengjiOptions):
        if f.name == "overrides":
            continue
        assert "SJ-" in documented.get(f.name, ""), f"{f.name} has no rule id in its docstring"


@pytest.mark.parametrize(("options", "field"), [
    ({"preset": "poker"}, "options.preset"),
    ({"colour": "red"}, "options.colour"),
    ({"kitty_fight": "yes"}, "options.kitty_fight"),
    ({"step": "40"}, "options.step"),
    ({"step": 42}, "options.step"),
    ({"kitty_multiplier": "triple"}, "options.kitty_multiplier"),
    ({"bidding": "whenever"}, "options.bidding"),
    ({"teams": "random"}, "options.teams"),
    ({"single_deck_joker_nt": True}, "options.single_deck_joker_nt"),
    ({"preset": "friends-5", "kitty_no_points": True}, "options.kitty_no_points"),
    ({"hand_size": 24, "kitty_size": 8}, "options.hand_size"),
    ({"friend_by": "holding"}, "options.friend_by"),
    ({"friends": 1}, "options.friends"),
    ({"preset": "friends-4", "friends": 2}, "options.friends"),
    ({"players": 5, "teams": "fixed"}, "options.teams"),
    ({"preset": "bidding-3", "throw_penalty": "per_card"}, "options.throw_penalty"),
    ({"preset": "bidding-3", "kitty_fight": True}, "options.kitty_fight"),
    ({"decks": 5}, "options.decks"),
    ({"players": 9}, "options.players"),
    ({"players": 7}, "options.teams"),  # 7 may play, but not as fixed partners
    ({"min_tractor_length": 1}, "options.min_tractor_length"),
    ({"min_tractor_tuple": 5}, "options.min_tractor_tuple"),
    ({"start_level": "Z"}, "options.start_level"),
    ({"must_play_levels": ["T", "X"]}, "options.must_play_levels"),
    ({"must_play_levels": 5}, "options.must_play_levels"),
    ({"round_points_stake": 0}, "options.round_points_stake"),
    ({"target_limit": 7}, "options.target_limit"),
])
def test_invalid_options_are_refused(options: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidOptionsError) as err:
        ShengjiOptions.from_dict(options)
    assert err.value.field == field


def test_invalid_options_make_a_malformed_record() -> None:
    with pytest.raises(MalformedError):
        ShengjiGame.from_record(Record("shengji", {"kitty_fight": 1}, Deal(seed=1)))


def test_tractors_impossible_with_one_deck_is_fine() -> None:
    o = ShengjiOptions.from_dict({"preset": "single-deck", "min_tractor_tuple": 3})
    assert o.decks == 1


def test_other_table_sizes_derive_the_deal() -> None:
    o = ShengjiOptions.from_dict({"players": 6, "decks": 2})
    assert (o.hand_size, o.kitty_size, o.step) == (17, 6, 40)
    o = ShengjiOptions.from_dict({"players": 4, "decks": 3})
    assert (o.hand_size, o.kitty_size, o.step) == (39, 6, 60)
    o = ShengjiOptions.from_dict({"kitty_size": 12})
    assert o.hand_size == 24


def test_lists_and_forgiving_values() -> None:
    o = ShengjiOptions.from_dict({"must_play_levels": "10, K", "start_level": "10"})
    assert o.must_play_levels == ("T", "K") and o.start_level == "T"
    assert o.must_play_level_indices == (8, 11) and o.start_level_index == 8


def test_to_dict_round_trips() -> None:
    raw = {"preset": "friends-5", "friend_by": "holding", "must_play_levels": ["T", "K"]}
    o = ShengjiOptions.from_dict(raw)
    assert o.to_dict() == raw
    assert ShengjiOptions.from_dict(o.to_dict()) == o
    assert set(o.full_dict()) >= {"players", "kitty_fight", "reveal_kitty"}


def test_a_game_starts_at_the_start_level_sj14() -> None:
    g = ShengjiGame.new({"start_level": "5"}, seed=1)
    assert g.state.level == 3 and g.state.levels == {0: 3, 1: 3, 2: 3, 3: 3}
