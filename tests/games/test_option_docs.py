"""The lobby's option list (paizhuo.games.option_docs) is read from the options classes: every
field the engine accepts is described, with its rule id and its value in every preset, and a
value it lists is one the engine takes."""

from __future__ import annotations

import pytest

from paizhuo.engine.errors import MalformedError
from paizhuo.games import game_class
from paizhuo.games.option_docs import describe_options

GAMES = ["shengji", "gouji", "baohuang"]


@pytest.mark.parametrize("game", GAMES)
def test_every_field_has_a_rule_and_help(game: str) -> None:
    d = describe_options(game)
    assert d["fields"]
    for f in d["fields"]:
        assert f["rule"] and f["rule"][:2] == {"shengji": "SJ", "gouji": "GJ",
                                               "baohuang": "BH"}[game], f
        assert len(f["help"]) > 10, f
        assert f["kind"] in {"bool", "int", "str", "list", "map"}
    names = {f["name"] for f in d["fields"]}
    assert set(game_class(game).MAIN_OPTIONS) <= names
    assert set(d["presets"]) == set(game_class(game).PRESETS)


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_choice_is_a_value_the_engine_takes(game: str) -> None:
    d = describe_options(game)
    cls = game_class(game)
    tried = 0
    for preset in d["presets"]:
        cls.new({"preset": preset}, seed=1)
        for f in d["fields"]:
            for choice in f["choices"] or []:
                tried += 1
                try:
                    cls.new({"preset": preset, f["name"]: choice}, seed=1)
                except MalformedError as exc:
                    # refused only by a rule combining options, never as an unknown value
                    assert "must be" not in str(exc) and "unknown" not in str(exc), exc
    assert tried


def test_bool_fields_flip_and_the_preset_differences_show() -> None:
    d = describe_options("baohuang")
    assert d["presets"]["standard"]["seize"] is True
    assert d["presets"]["basic"]["seize"] is False
    sj = describe_options("shengji")
    assert sj["presets"]["bidding-3"]["allow_throws"] is False
    assert sj["presets"]["tractor"]["players"] == 4
    assert next(f for f in sj["fields"] if f["name"] == "players")["preset_only"]


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(MalformedError, match="unknown game"):
        describe_options("poker")
