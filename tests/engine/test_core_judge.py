"""The judge's answers (``records.md``): malformed paths here; game tests check real games."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paizhuo.engine.judge import ILLEGAL, LEGAL, MALFORMED, judge_text
from paizhuo.games import game_class

FAKE_DEAL = {"hands": ["AS AH 3C", "KS 2D 2H"]}


def fake(actions: list[Any], **changes: Any) -> str:
    doc: dict[str, Any] = {"game": "fake", "deal": FAKE_DEAL, "actions": actions}
    doc.update(changes)
    return json.dumps(doc)


def test_exit_statuses_are_those_of_records_md() -> None:
    assert (LEGAL, ILLEGAL, MALFORMED) == (0, 1, 2)


@pytest.mark.parametrize(
    ("text", "field"),
    [("not json", ""), ("{}", "game"), ('{"game": "go", "deal": {"seed": 1}}', "game"),
     ('{"game": "shengji"}', "deal"),
     ('{"game": "shengji", "deal": {"seed": 1}, "actions": [[0, "play", "AX"]]}',
      "actions[0][2]")],
)
def test_malformed_answer_names_the_field(text: str, field: str) -> None:
    status, answer = judge_text(text)
    assert status == MALFORMED
    assert answer == {"valid": False, "malformed": True, "field": field,
                      "message": answer["message"]}
    assert answer["message"]


@settings(max_examples=200)
@given(st.text())
def test_judge_text_answers_any_text(text: str) -> None:
    status, answer = judge_text(text)
    assert status in (LEGAL, ILLEGAL, MALFORMED)
    json.dumps(answer)
    if status == MALFORMED:
        assert isinstance(answer["field"], str) and answer["message"]


def test_a_game_not_installed_is_malformed_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from paizhuo.engine import registry

    registry.game_names()  # the entry points are read before they are patched
    monkeypatch.setitem(registry._ENTRIES, "gouji", "paizhuo.games.not_written_yet:X")
    monkeypatch.delitem(registry._CLASSES, "gouji", raising=False)
    status, answer = judge_text('{"game": "gouji", "deal": {"seed": 1}}')
    assert (status, answer["field"]) == (MALFORMED, "game")
    assert "not available" in answer["message"]


# -- the generic paths of the judge, on the throwaway game of tests/fake_game.py ------------

@pytest.mark.usefixtures("fake_game_cls")
class TestJudgeOnFakeGame:
    def test_legal_record_in_progress(self) -> None:
        status, answer = judge_text(fake([[0, "play", "AS AH"]]))
        assert status == LEGAL
        assert answer == {"valid": True, "phase": "play", "to_act": [1], "result": None}

    def test_legal_finished_record_has_a_result(self) -> None:
        status, answer = judge_text(fake([[0, "play", "AS AH"], [1, "play", "2D 2H"],
                                          [0, "play", "3C"]]))
        assert status == LEGAL
        assert answer["result"]["winner"] == 0 and answer["to_act"] == []

    def test_illegal_action_gives_index_seat_rule_and_message(self) -> None:
        status, answer = judge_text(fake([[0, "play", "AS"], [1, "play", "KS 2D"]]))
        assert status == ILLEGAL
        assert answer == {"valid": False, "index": 1, "seat": 1, "rule": "FK-3",
                          "message": "the cards of a play must share one rank"}

    def test_out_of_turn_is_illegal_and_names_the_rule(self) -> None:
        # seat 0 again after its own pass: no decline of seat 1 can be implied (a pass after
        # a pass is not allowed), so this is simply out of turn
        status, answer = judge_text(fake([[0, "pass"], [0, "play", "AS"]]))
        assert (status, answer["index"], answer["seat"], answer["rule"]) == (ILLEGAL, 1, 0,
                                                                             "FK-1")

    def test_after_implied_declines_the_action_itself_is_judged(self) -> None:
        # read as "seat 0 passed (left out), then seat 1 passed": two passes in a row
        status, answer = judge_text(fake([[1, "pass"]]))
        assert (status, answer["index"], answer["seat"], answer["rule"]) == (ILLEGAL, 0, 1,
                                                                             "FK-4")

    def test_illegal_implied_declines_report_the_original_error(
            self, fake_game_cls: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        # an import step that names a decline which is itself illegal (here a second pass in
        # a row) must not replace the record's own error: the judge reports the action as
        # it stands, out of turn, not the decline's "you must play"
        from paizhuo.engine.actions import Action

        monkeypatch.setattr(fake_game_cls, "implied_before",
                            lambda self, action: [Action(self.turn, "pass")])
        status, answer = judge_text(fake([[0, "pass"], [0, "play", "AS"]]))
        assert (status, answer["index"], answer["seat"], answer["rule"]) == (ILLEGAL, 1, 0,
                                                                             "FK-1")
        assert answer["message"] == "it is seat 1's turn"

    @pytest.mark.parametrize(
        ("actions", "field"),
        [([[2, "pass"]], "actions[0][0]"),
         ([[0, "bid", "2H"]], "actions[0][1]"),
         ([[0, "play", "AS"], [1, "pass", "KS"]], "actions[1]")],
    )
    def test_actions_the_game_cannot_read_are_malformed(self, actions: list[Any],
                                                        field: str) -> None:
        status, answer = judge_text(fake(actions))
        assert (status, answer["field"]) == (MALFORMED, field)

    def test_bad_options_are_malformed(self) -> None:
        status, answer = judge_text(fake([], options={"colour": "red"}))
        assert (status, answer["field"]) == (MALFORMED, "options.colour")

    def test_judge_agrees_with_a_random_game_record(self) -> None:
        import random

        cls = game_class("fake")
        for seed in range(20):
            game = cls.new({"preset": "long"}, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(game.sample_action(rng))
            status, answer = judge_text(game.record().dumps())
            assert status == LEGAL and answer["result"] == game.result()
