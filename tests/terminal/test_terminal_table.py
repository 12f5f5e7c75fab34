"""``paizhuo play``: the terminal table reads like a card table (issue 10).

The table is driven through its own hooks: ``ask`` answers each prompt, a recording Rich
console keeps what it printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from rich.console import Console

import paizhuo
from paizhuo.engine.faces import TextFace, card_label
from paizhuo.engine.game import Game
from paizhuo.engine.records import Record
from paizhuo.games import game_class
from paizhuo.games.shengji.face import shengji_target
from paizhuo.notation import format_cards
from paizhuo.terminal.table import MAX_LISTED, TerminalPlay
from paizhuo.terminal.view import Seats, cards_text, status_line

THROW_HANDS = ["9S 8S 8S 4S 4S", "JS 3C 3C 3D 3D", "5C 5C 6C 6C 7C", "7D 7D 8D 8D 9D"]
"""Seat 0 leads; seat 1 holds ♠J, so a throw of ♠9 ♠8 ♠8 ♠4 ♠4 fails to its single ♠9."""


def shengji_position(hands: list[str], kitty: str = "TC TC", trump: str = "H",
                     level: str = "2", dealer: int = 0) -> Game:
    """A Shengji position in play (as tests/games/shengji/sj_helpers.position builds it)."""
    return game_class("shengji").from_record(Record.from_json({
        "game": "shengji", "options": {}, "position": True,
        "deal": {"hands": hands, "kitty": kitty},
        "start": {"phase": "play", "level": level, "trump": trump, "dealer": dealer},
        "actions": []}))


class Asked:
    """Answers prompts from a list; then ends the input (``EOFError``: the person quits)."""

    def __init__(self, answers: Iterable[str] | Callable[[str], str] = ()) -> None:
        self.prompts: list[str] = []
        self.answers = answers if callable(answers) else iter(answers)

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if callable(self.answers):
            return self.answers(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


def table(name: str, ask: Callable[[str], str], *, seat: int = 0, seed: int = 1,
          options: dict[str, Any] | None = None,
          game: Game | None = None) -> tuple[TerminalPlay, Console]:
    console = Console(record=True, width=160, force_terminal=False)
    play = TerminalPlay(game_class(name), options or {}, seat, seed, ["greedy"], console,
                        ask=ask, pause=0, game=game)
    return play, console


def face(name: str) -> TextFace:
    """The game's face, as the table gets it."""
    return game_class(name).text_face()


def until_big_decision(prompt: str) -> str:
    """Small decisions: the first choice; the first large one (typed): quit."""
    if "e.g." in prompt:
        return "quit"
    return "1"


# -- the hand, sorted and grouped as players sort it ---------------------------------------

def test_shengji_hand_trumps_together_in_trump_order_then_each_suit() -> None:
    g = shengji_position(["5C AH 2S 3H BJ KS 2H SJ TD 2D", "3S 4S 5S 6S 7S 8S 9S QS JS KS",
                          "3C 4C 6C 7C 8C 9C JC QC KC AC", "3D 4D 5D 6D 7D 8D 9D JD QD KD"],
                         kitty="TC TC", trump="H", level="2")
    obs = g.observation(0)
    groups = face("shengji").hand_groups(obs["hand"].split(), obs["details"])
    assert groups == [("Trumps", ["BJ", "SJ", "2H", "2S", "2D", "AH", "3H"]),
                      ("♠", ["KS"]), ("♣", ["5C"]), ("♦", ["TD"])]


def test_shengji_before_trump_level_cards_and_jokers_go_together() -> None:
    hand = ["3S", "2S", "AS", "SJ", "2H", "9H"]
    groups = face("shengji").hand_groups(hand, {"trump": None, "level": "2"})
    assert groups[0] == ("Level cards & jokers", ["SJ", "2S", "2H"])
    assert groups[1:] == [("♠", ["AS", "3S"]), ("♥", ["9H"])]


@pytest.mark.parametrize("name", ["gouji", "baohuang"])
def test_climbing_games_sort_by_rank_with_twos_above_aces_jokers_on_top(name: str) -> None:
    obs = paizhuo.new_game(name, {}, seed=1).observation(0)
    engine_order = obs["hand"].split()
    assert engine_order[0].startswith("2"), "the engine lists 2s first: the table must not"
    shown = face(name).sorted_hand(engine_order, obs["details"])
    assert sorted(shown) == sorted(engine_order)
    order = "3456789TJQKA2"

    def strength(card: str) -> int:
        return {"SJ": 13, "BJ": 14, "BJ*": 15}.get(card, order.index(card[0]) if card[0] in order
                                                   else -1)

    assert [strength(c) for c in shown] == sorted((strength(c) for c in shown), reverse=True)
    twos = [i for i, c in enumerate(shown) if c[0] == "2"]
    aces = [i for i, c in enumerate(shown) if c[0] == "A"]
    assert twos and aces and max(twos) < min(aces)
    assert face(name).sorted_hand(["AS", "2H", "BJ", "3D", "SJ"], {}) == [
        "BJ", "SJ", "2H", "AS", "3D"]


def test_cards_have_suit_symbols_and_red_suits_are_red() -> None:
    assert [card_label(c) for c in ("AS", "TH", "2C", "KD", "SJ", "BJ")] == [
        "♠A", "♥10", "♣2", "♦K", "SJ", "BJ"]
    play, console = table("shengji", Asked(until_big_decision), options={"preset": "tractor"})
    play.run()
    text = console.export_text()
    assert "Your hand:" in text and all(symbol in text for symbol in "♠♥♣♦")
    shown = cards_text("AH KS TD 2C BJ")
    styles = {shown.plain[span.start:span.end]: str(span.style) for span in shown.spans}
    assert styles["♥A"] == styles["♦10"] == "red" and "red" not in styles["♠K"] + styles["♣2"]


# -- what the prompt shows -----------------------------------------------------------------

def test_no_field_dump_at_the_prompt_but_a_status_line() -> None:
    play, console = table("shengji", Asked(until_big_decision), options={"preset": "tractor"})
    play.run()
    text = console.export_text().split("Stopped.")[0]
    for field in ("cards_to_deal", "kitty_size", "stakes", "options", "hand_sizes", "state_id",
                  "levels", "dealt=100", "standing_bid"):
        assert field not in text, field
    assert re.search(r"shengji · play · level 2 · trump . · dealer .* · attackers \d+/80 points",
                     text)


def test_attackers_points_against_the_bid_target() -> None:
    seats = Seats(4, 0, ["greedy"] * 4)
    obs = {"phase": "play", "details": {"trump": "S", "level": "5", "dealer": 1,
                                        "attackers_points": 35, "tricks": [], "target": 120}}
    assert "attackers 35/120 points" in status_line("shengji", face("shengji"), obs, seats).plain


@pytest.mark.parametrize(("options", "target"), [({}, 80), ({"preset": "tractor"}, 80),
                                                  ({"preset": "friends-5"}, 120),
                                                  ({"preset": "single-deck"}, 40)])
def test_the_attackers_target_is_twice_the_step(options: dict[str, Any], target: int) -> None:
    assert shengji_target({"options": options, "cards_to_deal": 20, "kitty_size": 2}) == target


def test_a_large_decision_is_typed_not_listed() -> None:
    ask = Asked(until_big_decision)
    play, console = table("shengji", ask, options={"preset": "tractor"})
    play.run()
    text = console.export_text()
    big = len(play.game.legal_actions(0))
    assert big > MAX_LISTED and f"{big} possible actions: type yours, e.g. play" in text
    numbers = [int(n) for n in re.findall(r"^\s*(\d+)\s+(?:play|bury|pass|bid)", text, re.M)]
    assert numbers and max(numbers) <= MAX_LISTED, "only small decisions are numbered"
    assert "e.g." in ask.prompts[-1]


def test_a_small_decision_is_numbered_and_a_number_still_plays() -> None:
    ask = Asked(["1", "quit"])
    play, console = table("gouji", ask)
    play.run()
    text = console.export_text()
    assert re.search(r"^\s*1\s+play ", text, re.M)
    assert play.game.actions[[a.seat for a in play.game.actions].index(0)].seat == 0


def test_a_forced_move_is_played_without_asking() -> None:
    g = shengji_position(["AH", "5C", "7C", "JC"], kitty="3D 4D", trump="S")
    ask = Asked(["n"])
    play, console = table("shengji", ask, seat=1, game=g)
    play.run()
    text = console.export_text()
    assert ask.prompts == ["Play the next deal? [Y/n] "], "nothing but the next deal is asked"
    assert "Only one choice: play ♣5 — played for you." in text
    assert "You (seat 2) play ♣5" in text
    assert [a.seat for a in g.actions] == [0, 1, 2, 3]


def test_passes_while_cards_are_dealt_are_not_announced() -> None:
    play, console = table("shengji", Asked(until_big_decision), options={"preset": "tractor"})
    play.run()
    text = console.export_text().split("Stopped.")[0]
    assert not re.search(r"Seat \d \([^)]*\) passes \(dealt", text)


# -- each play as it happens ------------------------------------------------------------------

def test_each_play_is_announced_with_seat_place_and_bot() -> None:
    play, console = table("shengji", Asked(until_big_decision), options={"preset": "tractor"})
    play.run()
    text = console.export_text().split("Stopped.")[0]
    seats = Seats(4, 0, play.bot_names)
    plays = [a for a in play.game.actions if a.verb == "play"]
    assert plays
    for action in plays:
        if action.seat == 0:
            continue
        shown = cards_text(format_cards(action.cards)).plain
        assert f"{seats.name(action.seat)} plays {shown}" in text
    assert re.search(r"Seat 2 \(right, greedy\)", text) and "Seat 3 (across, greedy)" in text


def test_a_failed_throw_is_explained() -> None:
    g = shengji_position(THROW_HANDS)
    ask = Asked(["play 4S 4S 8S 8S 9S"])
    play, console = table("shengji", ask, game=g)
    play.run()
    text = console.export_text()
    line = next(line for line in text.splitlines() if "甩牌失败" in line)
    assert "You (seat 1) tried ♠4 ♠4 ♠8 ♠8 ♠9" in line
    assert "Seat 2 (right) holds cards that beat part of it" in line
    assert "so only ♠9 is played" in line
    assert g.actions[0].seat == 0 and [a.seat for a in g.actions[1:4]] == [1, 2, 3]


# -- who is partner and who opponent ---------------------------------------------------------

def test_shengji_partner_and_opponents() -> None:
    g = shengji_position(THROW_HANDS, dealer=1)
    rel = face("shengji").relations(g.observation(0))
    assert rel[2].startswith("partner") and rel[1] == "opponent (dealer)"
    assert rel[3] == "opponent (dealer's side)"


def test_gouji_teammates_and_the_head_across() -> None:
    rel = face("gouji").relations(paizhuo.new_game("gouji", {}, seed=1).observation(0))
    assert rel == {1: "opponent", 2: "teammate", 3: "对头 (opponent across)", 4: "teammate",
                   5: "opponent"}


def test_baohuang_roles_as_known() -> None:
    obs = {"seat": 0, "hand_sizes": [1] * 5,
           "details": {"emperor": 1, "guard": None, "role": "revolutionary"}}
    rel = face("baohuang").relations(obs)
    assert rel[1] == "皇帝 emperor (opponent)" and rel[2] == "ally or guard"
    obs["details"]["guard"] = 3
    rel = face("baohuang").relations(obs)
    assert rel[3] == "保子 guard (opponent)" and rel[2] == "ally (revolutionary)"
    obs["details"].update(role="guard", guard=0)
    assert face("baohuang").relations(obs)[1] == "皇帝 emperor (your side)"
    alone = {"seat": 0, "hand_sizes": [1] * 5,
             "details": {"emperor": 0, "guard": 0, "alone": True, "role": "emperor"}}
    assert set(face("baohuang").relations(alone).values()) == {"opponent"}
    alone["details"].update(seat=2, role="revolutionary")
    alone["seat"] = 2
    rel = face("baohuang").relations(alone)
    assert rel[0] == "皇帝 emperor (opponent)" and rel[1] == "ally (revolutionary)"
