"""Records written by other programs leave out optional declines (GJ-5, GJ-6, GJ-9, GJ-10):
nobody burning, nobody declaring revolution or 宣点 is just the absence of an action. The rules
refuse an action made past a pending decision; the judge's import step
(``engine.judge.replay`` asking ``GoujiGame.implied_before``) supplies the ``pass``es, so the
imported game is exactly the game with the explicit ``pass``es — whose own record now holds
them — and the judge's answer is that game's."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.engine.judge import LEGAL, judge_text, replay
from paizhuo.engine.records import Record
from paizhuo.games import game_class
from paizhuo.games.gouji import GoujiGame
from paizhuo.games.gouji.imports import optional_decision
from paizhuo.games.gouji.positions import act, full, position

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import deal_without_money, details, log, tribute_game

# seat 0 leads K K (gouji). Seat 2 (the maker's teammate, asked first) and seat 1 can burn it;
# seat 3 is the 对头; seats 4 and 5 cannot burn.
HANDS = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "AH AH SJ 8S", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]


class Foreign:
    """A record as another program writes it (declines left out), judged as it grows."""

    def __init__(self, base: GoujiGame) -> None:
        self.base = base.record()
        self.actions: list[Action] = list(self.base.actions)

    def record(self) -> Record:
        rec = self.base
        return Record(rec.game, dict(rec.options), rec.deal, rec.start, list(self.actions),
                      rec.position)

    def add(self, action: Action) -> GoujiGame:
        """Append ``action`` and import the record: the game the judge builds from it."""
        self.actions.append(action)
        return self.game()

    def game(self) -> GoujiGame:
        game, applied = replay(self.record())
        assert applied == len(self.actions) and isinstance(game, GoujiGame)
        return game


def add(foreign: Foreign, seat: int, verb: str, cards: str = "") -> GoujiGame:
    from paizhuo.notation import parse_cards

    return foreign.add(Action.make(seat, verb, list(parse_cards(cards))))


def same(a: GoujiGame, b: GoujiGame) -> None:
    """Identical state as every seat sees it, identical judge's turn and result."""
    for s in [*range(6), None]:
        assert json.dumps(a.observation(s), sort_keys=True) == json.dumps(
            b.observation(s), sort_keys=True), f"seat {s}"
        assert a.events_since(s, 0) == b.events_since(s, 0), f"seat {s}"
    assert a.to_act() == b.to_act()
    assert a.phase == b.phase
    assert a.result() == b.result()
    assert a.record().actions == b.record().actions  # the declines are now written out


def play_out(explicit: GoujiGame, foreign: Foreign, seed: int = 0) -> None:
    """Finish both games with the same random actions, comparing them at every step, then
    judge the foreign record."""
    rng = random.Random(seed)
    while not explicit.is_over:
        a = explicit.sample_action(rng)
        explicit.apply(a)
        same(explicit, foreign.add(a))
    judged(foreign, explicit)


def judged(foreign: Foreign, explicit: GoujiGame) -> None:
    """The judge finds the foreign record legal, with the explicit game's answer."""
    status, answer = judge_text(foreign.record().dumps())
    assert status == LEGAL, answer
    status2, answer2 = judge_text(explicit.record().dumps())
    assert status2 == LEGAL and answer == answer2
    assert answer["result"] == json.loads(json.dumps(explicit.result()))


@pytest.mark.parametrize("answer", [("pass", ""), ("play", "2S 2S")])
def test_gj6_duitou_answers_directly_declines_every_burn(answer: tuple[str, str]) -> None:
    hands = list(HANDS)
    hands[3] = "2S 2S QS 3D"
    explicit = position(hands, leader=0)
    act(explicit, 0, "play", "KS KS")
    foreign = Foreign(explicit)
    assert explicit.to_act() == [2]  # the engine still asks the burners first
    with pytest.raises(IllegalActionError) as err:
        act(explicit.clone(), 3, *answer)  # the rules do not assume the declines
    assert err.value.rule == "GJ-6"
    act(explicit, 2, "pass")
    act(explicit, 1, "pass")
    assert explicit.to_act() == [3]
    act(explicit, 3, *answer)
    imported = add(foreign, 3, *answer)  # GJ-5: the 对头 answers; seats 2 and 1 declined
    same(explicit, imported)
    assert len(foreign.actions) == 2  # the foreign record, as written
    assert log(imported, 2) == log(explicit, 2)
    assert [2, "pass"] not in log(imported, 1)  # declines stay private
    assert [2, "pass"] in log(imported, 2)
    play_out(explicit, foreign)


def test_gj6_a_lower_priority_burn_implies_the_higher_declined() -> None:
    explicit = position(HANDS, leader=0)
    act(explicit, 0, "play", "KS KS")
    foreign = Foreign(explicit)
    act(explicit, 2, "pass")
    act(explicit, 1, "burn", "AS AS")
    imported = add(foreign, 1, "burn", "AS AS")  # seat 2, ahead of him (GJ-6), declined
    same(explicit, imported)
    assert imported.state.burner == 1
    assert len(foreign.actions) == 2 and len(imported.actions) == 3
    play_out(explicit, foreign)


def test_gj6_who_may_not_burn_still_may_not() -> None:
    g = position(HANDS, leader=0)
    act(g, 0, "play", "KS KS")
    foreign = Foreign(g)
    before = json.dumps([g.observation(s) for s in range(6)])
    for seat, cards in ((3, "QS 3D"), (4, "7D 7D"), (5, "3C 4C")):
        with pytest.raises(IllegalActionError) as err:
            act(g, seat, "burn", cards)
        assert err.value.rule == "GJ-6"
        assert g.implied_before(Action.make(seat, "burn", [])) != [] or seat == 3
        with pytest.raises(IllegalActionError) as err:
            add(foreign, seat, "burn", cards)  # nor through the judge's import
        assert err.value.rule == "GJ-6" and err.value.index == 1
        foreign.actions.pop()
    # a seat of the window answering as if it were an ordinary play: only the 对头 may (GJ-5)
    for seat, verb, cards in ((1, "play", "AS AS"), (4, "pass", ""), (2, "play", "AH AH")):
        with pytest.raises(IllegalActionError) as err:
            act(g, seat, verb, cards)
        assert err.value.rule == "GJ-5"
        with pytest.raises(IllegalActionError) as err:
            add(foreign, seat, verb, cards)
        assert err.value.rule == "GJ-5"
        foreign.actions.pop()
    # a lower-priority candidate's pass is not implied by anything: refused
    with pytest.raises(IllegalActionError):
        act(g, 1, "pass")
    with pytest.raises(IllegalActionError):
        add(foreign, 1, "pass")
    assert json.dumps([g.observation(s) for s in range(6)]) == before
    assert g.to_act() == [2] and len(g.actions) == 1


def test_gj6_a_burn_that_does_not_beat_is_refused_with_its_rule() -> None:
    hands = list(HANDS)
    hands[1] = "QH QH SJ 6S 6S 7S"
    g = position(hands, leader=0)
    act(g, 0, "play", "KS KS")
    with pytest.raises(IllegalActionError) as err:
        act(g, 1, "burn", "QH QH")
    assert err.value.rule == "GJ-6"
    with pytest.raises(IllegalActionError) as err:
        add(Foreign(g), 1, "burn", "QH QH")
    assert err.value.rule == "GJ-6"


def test_gj9_revolution_declines_left_out() -> None:
    hands = deal_without_money([1, 4])
    explicit = full(hands)
    foreign = Foreign(explicit)
    assert explicit.phase == "revolution" and explicit.to_act() == [1]
    act(explicit, 1, "pass")
    act(explicit, 4, "pass")
    assert explicit.phase == "play"
    lead = explicit.sample_action(random.Random(1))
    explicit.apply(lead)
    imported = foreign.add(lead)  # the first lead 上班: nobody declared revolution
    same(explicit, imported)
    assert foreign.actions == [lead]
    assert imported.actions == [Action(1, "pass"), Action(4, "pass"), lead]
    play_out(explicit, foreign, seed=3)


def test_gj9_a_later_revolution_implies_the_earlier_declined() -> None:
    hands = deal_without_money([1, 4])
    explicit = full(hands)
    foreign = Foreign(explicit)
    act(explicit, 1, "pass")
    act(explicit, 4, "revolution")
    imported = add(foreign, 4, "revolution")
    same(explicit, imported)
    assert imported.phase == "head" and imported.to_act() == [1]
    act(explicit, 1, "no_head")
    same(explicit, add(foreign, 1, "no_head"))
    play_out(explicit, foreign, seed=4)


def test_gj9_what_is_not_optional_is_not_implied() -> None:
    g = full(deal_without_money([1]))
    with pytest.raises(IllegalActionError) as err:
        act(g, 0, "revolution")  # seat 0 holds money
    assert err.value.rule == "GJ-9"
    act(g, 1, "revolution")
    assert g.phase == "head" and g.to_act() == [4]
    lead = Action(5, "play", (next(c for c in g.hands[5].distinct()),))
    with pytest.raises(IllegalActionError) as err:
        g.apply(lead)  # 要头 / 无头 is not optional: nobody may lead before it
    assert err.value.rule == "GJ-9"
    assert g.implied_before(lead) == []
    foreign = Foreign(g)
    with pytest.raises(IllegalActionError) as err:
        foreign.add(lead)
    assert err.value.rule == "GJ-9"
    assert g.phase == "head"


def test_gj10_declare_declines_left_out() -> None:
    opts = {"preset": "classic", "declare": True}
    hands = deal_without_money([1])
    explicit = full(hands, opts)
    foreign = Foreign(explicit)
    act(explicit, 1, "pass")
    for s in range(6):
        assert explicit.phase == "declare" and explicit.to_act() == [s]
        act(explicit, s, "declare" if s == 3 else "pass")
    add(foreign, 3, "declare")  # seat 1's revolution and seats 0-2's 宣点 were declined
    for s in (4, 5):
        imported = add(foreign, s, "pass")
    same(explicit, imported)
    lead = explicit.sample_action(random.Random(2))
    explicit.apply(lead)
    imported = foreign.add(lead)
    same(explicit, imported)
    assert [e for e in log(imported, 0) if e[0] == 0][:1] == [[0, "pass"]]  # 宣点 pass: public
    # seat 1's revolution decline is not: seat 0 sees only his 宣点 pass
    assert log(imported, 0).count([1, "pass"]) == 1 and log(imported, 1).count([1, "pass"]) == 2
    play_out(explicit, foreign, seed=5)


@pytest.mark.parametrize(("preset", "seed"), [("tongyong", 119), ("classic", 18),
                                           ("classic", 3), ("tongyong", 4)])
def test_gj12_random_record_without_optional_declines(preset: str, seed: int) -> None:
    """A random game (宣点 on) judged with every optional decline left out: after each action
    the imported game equals the explicit game for every seat, and the judge finds the
    record valid, with the same answer (tongyong 119 has a burn window the 对头 answers; seed
    18 a headless seat)."""
    opts = {"preset": preset, "declare": True}
    explicit = GoujiGame.new(opts, seed=seed)
    foreign = Foreign(explicit)
    rng = random.Random(seed)
    left_out = 0
    while not explicit.is_over:
        a = explicit.sample_action(rng)
        optional = optional_decision(explicit.state) is not None
        explicit.apply(a)
        if a.verb == "pass" and optional:
            left_out += 1
            continue
        same(explicit, foreign.add(a))
    assert left_out and len(foreign.actions) == len(explicit.actions) - left_out
    judged(foreign, explicit)


def test_gj10_an_accepted_return_left_out() -> None:
    explicit, seven = tribute_game()
    foreign_base, _ = tribute_game()
    foreign = Foreign(foreign_base)
    explicit.apply(Action(0, "return", (seven,)))
    foreign.add(Action(0, "return", (seven,)))
    assert explicit.to_act() == [5]  # seat 5 may refuse the 7
    act(explicit, 5, "pass")
    assert explicit.phase == "play"
    lead = explicit.sample_action(random.Random(6))
    explicit.apply(lead)
    imported = foreign.add(lead)  # the first lead: seat 5 kept the 7
    same(explicit, imported)
    assert len(foreign.actions) == 3 and len(imported.actions) == 4
    play_out(explicit, foreign, seed=6)


def test_gj5_seed_18_duitou_answers_before_a_headless_seat() -> None:
    """Seed 18: seat 3 makes a gouji play; seat 4, whose 对头 is out, is asked first (our
    "Headless" choice); a record from another program has the 对头 (seat 0) answer at once."""
    cls = game_class("gouji")
    explicit = cls.new(seed=18)
    assert isinstance(explicit, GoujiGame)
    rng = random.Random(18)
    while True:
        t = explicit.state
        if (details(explicit, 0)["waiting"] == "burn_window" and t.play_began
                and explicit.to_act()[0] != (t.maker + 3) % 6):
            break
        explicit.apply(explicit.sample_action(rng))
    assert explicit.to_act() == [4] and explicit.state.maker == 3
    foreign = Foreign(explicit)
    act(explicit, 4, "pass")
    act(explicit, 0, "pass")
    imported = add(foreign, 0, "pass")  # GJ-5: the 对头 answers; seat 4 passed
    same(explicit, imported)
    assert [4, "pass"] in log(imported, 2)  # a pass of the round is public
    assert len(foreign.actions) == len(explicit.actions) - 1
    with pytest.raises(IllegalActionError) as err:
        act(imported, 4, "pass")  # seat 4 passed in this round
    assert err.value.rule == "GJ-5"
    play_out(explicit, foreign, seed=18)
