"""The terminal table's value helpers (an action as typed, observation and result values on
one line or as a table, raw events) and what the table lets a person see, on the fake game."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from fake_game import FakeGame
from paizhuo.engine.actions import Action, parse_typed_action
from paizhuo.engine.game import View
from paizhuo.notation import format_cards, parse_cards
from paizhuo.terminal.table import TerminalPlay
from paizhuo.terminal.values import (
    action_text,
    observation_rows,
    render_mapping,
    render_value,
)


def act(seat: int, verb: str, cards: str = "") -> Action:
    return Action.make(seat, verb, parse_cards(cards))


def test_action_text_round_trips_through_typing() -> None:
    verbs = frozenset({"play", "call"})
    for action in (act(1, "play", "AS AS KS"),
                   Action.make(1, "call", (), {"card": "AH", "nth": 1})):
        assert parse_typed_action(action_text(action), 1, verbs) == action


def test_render_value_shows_card_ids_in_notation() -> None:
    assert render_value("hand", list(parse_cards("AS TH SJ"))) == "AS TH SJ"
    assert render_value("scores", [1, 2]) == "1 2"
    assert render_value("trump", None) == "—"
    assert render_value("open", True) == "yes"


def test_observation_rows_show_the_details_after_the_header() -> None:
    obs = {"game": "fake", "phase": "play", "hand": "AS", "to_act": [1],
           "details": {"last": "seat 1 pass", "phase": "inner"}}
    assert observation_rows(obs) == {"game": "fake", "phase": "play", "hand": "AS",
                                     "to_act": [1], "last": "seat 1 pass",
                                     "details.phase": "inner"}


def test_render_mapping_prints_brackets_literally() -> None:
    console = Console(record=True, width=200)
    console.print(render_mapping({"tricks": [{"plays": [{"seat": 2, "cards": "5S"}]}],
                                  "note": "[bold]not markup[/bold]", "empty": None,
                                  "legal": [[0, "pass"]], "levels": {"0": "2", "1": "5"}}))
    text = console.export_text()
    assert "plays=[seat=2 cards=5S]" in text
    assert "[bold]not markup[/bold]" in text
    assert "empty" not in text and "legal" not in text
    assert "0=2 1=5" in text


def test_terminal_shows_other_seats_only_through_their_events() -> None:
    """Bots' actions reach the person as the events of their seat show them (cards hidden
    from the seat stay hidden); the result as their observation gives it."""
    class SecretFake(FakeGame):
        """The fake game with plays seen only by the seat that made them."""

        def emit(self, payload: Any, audience: Any = None, others: Any = None) -> None:
            seat = payload["seat"]
            super().emit(payload, frozenset({seat}), {**payload, "cards": "hidden"}
                         if "cards" in payload else payload)

        def _observe(self, seat: int | None) -> View:
            view = super()._observe(seat)
            result = view.result
            return View(view.hand, view.hand_sizes, view.to_act,
                        None if result is None else {"winner": result["winner"]},
                        {"round": self.round})

    console = Console(record=True, width=200)
    table = TerminalPlay(SecretFake, {"preset": "long"}, 0, 4, ["greedy"], console,
                         ask=lambda prompt: "1")
    table._play_round()
    table._show_result()
    text = console.export_text()
    bot_plays = [a for a in table.game.actions if a.seat == 1 and a.cards]
    assert bot_plays and "Seat 2 (across, greedy) plays hidden" in text
    for line in text.splitlines():
        if line.startswith("Seat 2 (across, greedy)"):
            assert not any(format_cards(a.cards) in line for a in bot_plays), line
    assert "You (seat 1) play" in text
    assert "winner" in text and "cards_left" not in text

