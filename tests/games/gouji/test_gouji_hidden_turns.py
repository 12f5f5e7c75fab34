"""GJ-12: whose turn it is must not tell a seat anything of another hand.

Only seats that could burn are asked in the burn window (GJ-6), only seats dealt no 2 and no
joker in the ``revolution`` phase (GJ-9), and a tribute payer is asked whether to refuse a
returned card only when he lacks its rank (GJ-10). So two games that differ only in another
seat's hidden cards must look the same to a third seat, and such decisions stay out of the logs
of seats not party to them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from paizhuo.games.climbing import STRENGTH_OF_CARD, TWO
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.positions import act, full, position
from paizhuo.games.gouji.state import BURN

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import deal_without_money, details, log, random_endgame, tribute_game

# seat 0 leads K K (gouji). With SJ, seat 1 can burn with A A (SJ 6 6 and 7 are left); with a 5
# in its place it cannot (5, 6 6 and 7 cannot be led out). Seat 1 holds six cards either way.
CAN_BURN = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "3H 4H", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]
CANNOT = ["KS KS 3S 4S", "AS AS 5S 6S 6S 7S", "3H 4H", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]
THIRD = (0, 2, 4)
"""Seats that do not see seat 1's hand (seats 3 and 5 are its teammates, advice on)."""


def seen_by(game: GoujiGame, seat: int) -> dict[str, Any]:
    """``seat``'s observation and the events it saw, but not the engine's ``state_id``, which
    counts every action, hidden ones included (an engine matter, see docs/gouji.md)."""
    obs = game.observation(seat)
    del obs["state_id"]
    return {"observation": obs,
            "events": [{k: v for k, v in e.items() if k != "state_id"}
                       for e in game.events_since(seat, 0)]}


def same_to(seats: tuple[int, ...], a: GoujiGame, b: GoujiGame) -> None:
    for s in seats:
        assert seen_by(a, s) == seen_by(b, s), f"seat {s} can tell the games apart"


def test_gj12_gj6_burn_window_looks_the_same_whether_or_not_a_seat_could_burn() -> None:
    a = position(CAN_BURN, leader=0)
    b = position(CANNOT, leader=0)
    act(a, 0, "play", "KS KS")
    act(b, 0, "play", "KS KS")
    assert a.to_act() == [1] and b.to_act() == [3]  # the judge knows who is asked
    same_to(THIRD, a, b)
    obs = a.observation(0)
    assert obs["details"]["waiting"] == "burn_window" and obs["to_act"] == []
    assert obs["details"]["round"]["stage"] == "burn_window" and not obs["your_turn"]
    assert a.observation(None)["to_act"] == [] and a.events_since(None, 0) == a.events_since(0, 0)
    mine = a.observation(1)
    assert mine["your_turn"] and mine["details"]["your_decision"] == "burn"
    assert details(b, 3)["your_decision"] == "answer"

    act(a, 1, "pass")  # declines to burn: nobody else learns he was asked
    assert a.to_act() == [3]
    same_to(THIRD, a, b)
    assert [1, "pass"] not in log(a, 0)
    assert log(a, 1)[-1] == [1, "pass"]  # his own log shows it

    for g in (a, b):
        act(g, 3, "pass")  # the 对头's answer is public, and ends the round
    same_to(THIRD, a, b)
    obs = a.observation(2)
    assert obs["details"]["waiting"] == "lead" and obs["to_act"] == [0]
    assert log(a, 2) == [[0, "play", "KS KS"], [3, "pass"]]


def test_gj12_the_duitou_answer_is_public_when_nobody_may_burn() -> None:
    g = position(CAN_BURN, leader=0, options={"preset": "classic", "burn": False})
    act(g, 0, "play", "KS KS")
    obs = g.observation(2)
    assert obs["details"]["waiting"] == "answer" and obs["to_act"] == [3]
    g = position(CAN_BURN, leader=0)
    act(g, 0, "play", "4S")  # no gouji play: the answering order is public
    assert details(g, 2)["waiting"] == "answer"
    assert g.observation(2)["to_act"] == g.to_act() == [1]


def test_gj12_gj6_burn_window_with_burn_needs_open_counts_only_eligible_seats() -> None:
    # nobody has opened (or conceded) the point: nobody may burn, so the 对头's answer is public
    opts = {"preset": "classic", "burn_needs_open": True}
    g = position(CAN_BURN, leader=0, options=opts)
    act(g, 0, "play", "KS KS")
    assert details(g, 2)["waiting"] == "answer"
    a = position(CAN_BURN, leader=0, options=opts, opened=[1])
    b = position(CANNOT, leader=0, options=opts, opened=[1])
    act(a, 0, "play", "KS KS")
    act(b, 0, "play", "KS KS")
    same_to(THIRD, a, b)
    assert details(a, 4)["waiting"] == "burn_window"


def _swap_money_into(hands: list[list[int]], to: int, frm: int) -> list[list[int]]:
    """The same deal with one 2 of seat ``frm`` and one plain card of seat ``to`` swapped."""
    out = [list(h) for h in hands]
    two = next(c for c in out[frm] if STRENGTH_OF_CARD[c] == TWO)
    plain = next(c for c in out[to] if STRENGTH_OF_CARD[c] < TWO)
    out[frm][out[frm].index(two)] = plain
    out[to][out[to].index(plain)] = two
    return out


def test_gj12_gj9_revolution_phase_does_not_show_who_has_no_money() -> None:
    deal = deal_without_money([1, 4])  # seats 1 and 4 hold no 2 and no joker
    assert any(STRENGTH_OF_CARD[c] == TWO for c in deal[0])
    a = full(deal)
    b = full(_swap_money_into(deal, to=1, frm=0))  # now seat 1 holds a 2: only seat 4 is asked
    assert a.to_act() == [1] and b.to_act() == [4]
    observers = (2, 3, 5)  # their hands are the same in both deals
    same_to(observers, a, b)
    obs = a.observation(2)
    assert obs["details"]["waiting"] == "revolution" and obs["to_act"] == []
    act(a, 1, "pass")  # seat 1 declines: seat 0 cannot tell it from seat 1 never being asked
    assert a.to_act() == [4]
    same_to(observers, a, b)
    assert log(a, 1) == [[1, "pass"]]
    for g in (a, b):
        act(g, 4, "revolution")  # a revolution is declared in public
    same_to(observers, a, b)
    assert log(a, 2) == [[4, "revolution"]]
    assert details(a, 2)["waiting"] == "head" and a.observation(2)["to_act"] == [1]


def test_gj12_gj10_a_refused_return_stays_between_the_two() -> None:
    from paizhuo.notation import format_cards

    a, seven = tribute_game()
    b, _ = tribute_game()
    other = next(c for c in a.hands[0].distinct()
                 if a.hands[5][c] and STRENGTH_OF_CARD[c] < TWO)  # a rank seat 5 holds
    third = (1, 2, 3, 4)
    same_to(third, a, b)
    act(a, 0, "return", format_cards((seven,)))
    assert a.to_act() == [5] and a.phase == "tribute"  # seat 5 may refuse: he holds no 7
    assert details(a, 5)["tribute"]["step"] == "refuse"
    assert details(a, 2)["tribute"]["step"] == "return"
    same_to(third, a, b)  # for them seat 0 is still choosing
    assert details(a, 2)["waiting"] == "return" and a.observation(2)["to_act"] == [0, 5]
    act(a, 5, "refuse")
    same_to(third, a, b)
    act(a, 0, "return", format_cards((other,)))  # seat 5 holds this rank: accepted at once
    act(b, 0, "return", format_cards((other,)))
    same_to(third, a, b)  # one hidden return each, no refusal to be seen
    assert [e for e in log(a, 3) if e[1] in ("return", "refuse")] == [
        [0, "return", "1 hidden"]]
    assert [e[1] for e in log(a, 5)] == ["tribute", "return", "refuse", "return"]


def test_gj12_gj10_an_accepted_refusable_return_shows_once_accepted() -> None:
    from paizhuo.notation import format_cards

    g, seven = tribute_game()
    act(g, 0, "return", format_cards((seven,)))
    assert [e[1] for e in log(g, 2)] == ["tribute"]
    act(g, 5, "pass")  # accepts the 7
    assert [e[1] for e in log(g, 2)] == ["tribute", "return"]
    assert log(g, 0)[-1] == [5, "pass"]
    assert [5, "pass"] not in log(g, 2)


# -- random scan ---------------------------------------------------------------------------

COMBOS: list[dict[str, Any]] = [
    {"preset": "classic"},
    {"preset": "tongyong"},
    {"preset": "classic", "bie_san": True, "stuck": "stay", "declare": True},
    {"preset": "classic", "burn_needs_open": True},
]


def _asked_by_hidden_cards(game: GoujiGame) -> bool:
    st = game.state
    return (game.phase == "revolution"
            or (game.phase == "play" and st.stage == BURN)
            or (game.phase == "tribute" and st.tribute_step != "pay"))


def hidden_from_others(game: GoujiGame, index: int) -> frozenset[int] | None:
    """The only seats that learn that action ``index`` was made at all (``None``: everybody
    learns of it, if perhaps not its cards)."""
    for e in game.events:
        if e.state_id == index + 1 and e.payload["type"] == "action":
            return e.audience if e.others is None and e.audience is not None else None
    raise AssertionError(f"action {index} has no event")


def check_public_turns(game: GoujiGame) -> None:
    """The observation's ``to_act`` is the same for every viewer, holds the seats to act
    where it shows any, and is empty where being asked depends on hidden cards."""
    acting = game.to_act()
    hidden_turn = _asked_by_hidden_cards(game) and game.phase != "tribute"
    public = game.observation(None)["to_act"]
    for s in range(6):
        obs = game.observation(s)
        assert obs["to_act"] == public
        assert obs["your_turn"] == (s in acting)
        if hidden_turn:
            assert obs["to_act"] == []
        elif obs["to_act"]:
            assert set(acting) <= set(obs["to_act"])


def step_checked(game: GoujiGame, rng: random.Random) -> int:
    """Apply a sampled action; if it is a decision others may not see, check that it changed
    nothing for any seat that is not party to it, does not see the decider's hand and is not
    now to act, while the table still waits for the same public thing. Returns 1 if checked."""
    a = game.sample_action(rng)
    index = len(game.actions)
    if not _asked_by_hidden_cards(game):
        game.apply(a)
        assert hidden_from_others(game, index) is None
        return 0
    before = [game.observation(s) for s in range(6)]
    game.apply(a)
    seen = hidden_from_others(game, index)
    if seen is None:
        return 0
    checked = 0
    for s in range(6):
        if s in seen or s in game.to_act() or a.seat in game.seats_seen_by(s):
            continue
        after = game.observation(s)
        assert game.events_since(s, index) == [], f"seat {s} saw seat {a.seat}'s hidden {a.verb}"
        if after["details"]["waiting"] != before[s]["details"]["waiting"]:
            continue  # the public state moved on (see docs/gouji.md, "Who is asked")
        after = {**after, "state_id": before[s]["state_id"]}
        assert after == before[s], f"seat {s} saw seat {a.seat}'s hidden {a.verb}"
        checked = 1
    return checked


def test_gj12_random_scan_hidden_decisions_change_nothing_for_others() -> None:
    rng = random.Random(12)
    checked = 0
    for ci, opts in enumerate(COMBOS):
        start = None
        for n in range(4):
            game = GoujiGame.new(opts, seed=500 * ci + n, start=start)
            steps = 0
            while not game.is_over:
                if steps % 17 == 0 or _asked_by_hidden_cards(game):
                    check_public_turns(game)
                checked += step_checked(game, rng)
                steps += 1
            start = game.next_start()
    for i in range(200):
        game = random_endgame(rng, COMBOS[i % len(COMBOS)], max_cards=12, random_opened=True)
        steps = 0
        while not game.is_over:
            if steps % 5 == 0 or _asked_by_hidden_cards(game):
                check_public_turns(game)
            checked += step_checked(game, rng)
            steps += 1
    assert checked > 15
