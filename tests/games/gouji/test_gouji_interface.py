"""The engine interface on Gouji (issue 8): clone, determinize, the action encoding, returns,
events that hold no card a seat may not see, and the record a seat keeps."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.judge import LEGAL, judge_record, judge_text
from paizhuo.games.climbing import (
    BJ,
    CARDS_OF_RANK,
    FOUR,
    SJ,
    STRENGTH_OF_CARD,
    THREE,
    TWO,
    rank_counts,
)
from paizhuo.games.gouji import GoujiGame, determinize, knowledge
from paizhuo.games.gouji.burning import burn_plays
from paizhuo.games.gouji.combos import can_finish_burn
from paizhuo.games.gouji.game import PRIVATE
from paizhuo.games.gouji.positions import act, full, position
from paizhuo.games.gouji.setup import full_deck
from paizhuo.games.gouji.state import BURN
from paizhuo.notation import format_cards

sys.path.insert(0, str(Path(__file__).parent))

from gj_helpers import deal_without_money, details, random_endgame, tribute_game

COMBOS: list[dict[str, Any]] = [
    {"preset": "classic"},
    {"preset": "tongyong"},
    {"preset": "classic", "bie_san": True, "stuck": "stay", "declare": True},
    {"preset": "classic", "burn_needs_open": True, "positive_only": True},
]
SEATS = range(6)


def views(game: GoujiGame) -> str:
    """Everything every viewer sees, and the judge's answer, as one text."""
    return json.dumps([[game.observation(s), game.events_since(s, 0)] for s in [*SEATS, None]]
                      + [game.to_act(), game.phase, game.result(), game.state_id],
                      sort_keys=True)


def states(seed: int, every: int = 23) -> Iterator[GoujiGame]:
    """Games at many points: whole series (tribute, revolution, buying, 宣点, play) under each
    option set, and small random endgames full of burn windows."""
    rng = random.Random(seed)
    for ci, opts in enumerate(COMBOS):
        start = None
        for n in range(2):
            game = GoujiGame.new(opts, seed=seed * 100 + ci * 10 + n, start=start)
            steps = 0
            while not game.is_over:
                if steps % every == 0 or game.phase != "play" or game.state.stage == BURN:
                    yield game
                game.apply(game.sample_action(rng))
                steps += 1
            yield game
            start = game.next_start()
    for i in range(40):
        game = random_endgame(rng, COMBOS[i % len(COMBOS)], max_cards=10, random_opened=True)
        while not game.is_over:
            yield game
            game.apply(game.sample_action(rng))


def sample_states(seed: int, k: int) -> list[GoujiGame]:
    """``k`` copies of states spread over :func:`states` (hidden turns over-represented)."""
    rng = random.Random(seed)
    out: list[GoujiGame] = []
    for game in states(seed):
        hidden = game.phase in ("revolution", "tribute", "buy") or game.state.stage == BURN \
            or details(game, 0)["waiting"] == "burn_window"
        if rng.random() < (0.5 if hidden else 0.08):
            out.append(game.clone())
    rng.shuffle(out)
    return out[:k]


# -- clone ------------------------------------------------------------------------------------

def test_clone_equals_and_is_independent() -> None:
    rng = random.Random(1)
    for game in sample_states(1, 60):
        before = views(game)
        twin = game.clone()
        assert views(twin) == before and twin.record().to_json() == game.record().to_json()
        if twin.is_over:
            continue
        twin.apply(twin.sample_action(rng))
        assert views(game) == before  # the copy's action leaves the original alone
        again = game.clone()
        game.apply(game.sample_action(rng))
        assert views(again) == before  # nor the original's action the copy


def test_clone_keeps_the_hands_apart() -> None:
    g = position(["AS AS 5S", "KS KS 6S", "3S 4S", "2S 2S 7S", "3H 4H", "3D 4D"], leader=0)
    twin = g.clone()
    act(twin, 0, "play", "AS AS")
    assert format_cards(g.hands[0].to_tuple()) == "5S AS AS" and g.state.pile == []
    assert g.state_id == 0 and twin.state_id == 1 and g.events == []


# -- determinize ------------------------------------------------------------------------------

def kept(game: GoujiGame, copy: GoujiGame, seat: int) -> None:
    """What ``seat`` knows holds in ``copy``: its view, the hand sizes, the hands it sees,
    the cards played and out of play, and the constraints of public acts."""
    st, cs = game.state, copy.state
    assert copy.observation(seat) == game.observation(seat)
    assert copy.events_since(seat, 0) == game.events_since(seat, 0)
    assert [len(h) for h in cs.hands] == [len(h) for h in st.hands]
    assert len(cs.discards) == len(st.discards) and cs.pile == st.pile
    for s in {seat} | set(game.seats_seen_by(seat)):
        assert cs.hands[s] == st.hands[s]
    assert copy.to_act() == [seat] or seat not in copy.to_act()
    assert (seat in copy.to_act()) == (seat in game.to_act())
    for r in cs.revolution:
        if r != seat:
            assert not any(rank_counts(cs.hands[r])[g] for g in (TWO, SJ, BJ))
    for s in SEATS:
        if cs.stuck[s] and cs.active[s]:
            assert rank_counts(cs.hands[s])[THREE] == len(cs.hands[s])
    for kind, _, to, cards in st.transfers:  # a buyer holds the one 3 (4) he bought
        if kind == "sell" and cs.active[to] and not cs.stuck[to]:
            g = STRENGTH_OF_CARD[cards[0]]
            played = sum(1 for a in game.actions if a.seat == to and a.verb in ("play", "burn")
                         for c in a.cards if STRENGTH_OF_CARD[c] == g)
            assert rank_counts(cs.hands[to])[g] == 1 - played
    deck = Counts.of(full_deck(st.opts.deck))
    held = Counts.of([c for h in cs.hands for c in h] + cs.pile + cs.discards)
    if not game.setup.position:
        assert held == deck  # nothing lost, nothing made up
    if cs.stage == BURN and cs.turn >= 0:
        assert cs.burn_choices == burn_plays(cs, cs.turn) != [] or cs.turn == seat


def test_determinize_keeps_what_the_seat_saw_and_plays_on() -> None:
    rng = random.Random(2)
    checked = 0
    for game in sample_states(2, 90):
        for seat in rng.sample(list(SEATS), 2):
            copy = game.determinize(seat, random.Random(rng.random()))
            kept(game, copy, seat)
            before = views(game)
            r = random.Random(checked)
            steps = 0
            while not copy.is_over:
                a = copy.sample_action(r)
                if steps % 5 == 0:
                    assert a in copy.legal_actions()
                copy.apply(a)
                steps += 1
            assert copy.returns() is not None and views(game) == before
            checked += 1
    assert checked >= 150


def test_determinize_uses_no_hidden_information() -> None:
    """Two games that differ only in cards hidden from the seat give the same copy: the game
    and one of its own determinizations, re-determinized with generators in the same state."""
    rng = random.Random(3)
    for game in sample_states(3, 70):
        seat = rng.randrange(6)
        other = game.determinize(seat, random.Random(99))
        for k in range(2):
            a = game.determinize(seat, random.Random(k))
            b = other.determinize(seat, random.Random(k))
            assert views(a) == views(b)
            assert [h.to_tuple() for h in a.hands] == [h.to_tuple() for h in b.hands]


def first_leader_of(copy: GoujiGame, game: GoujiGame) -> int | None:
    """GJ-11 worked out again on ``copy``'s hands as they were when play began (each hand
    plus what its seat has played since; ``None`` where a hand went out of play unseen):
    the most 3s (4s with 憋三) of one suit, ties to the earlier seat."""
    st = copy.state
    if any(s not in st.revolution for s, _ in st.drops):
        return None
    rank = FOUR if st.opts.bie_san else THREE
    best, leader = -1, None
    for s in SEATS:
        if s in st.revolution:
            continue
        held = Counts.of([*st.hands[s], *(c for a in game.actions if a.seat == s
                                           and a.verb in ("play", "burn") for c in a.cards)])
        most = max(held[c] for c in CARDS_OF_RANK[rank])
        if most > best:
            best, leader = most, s
    return leader


def test_determinize_keeps_who_led_first_explicit_hands() -> None:
    """GJ-11 from explicit hands: seat 3 holds three 3s of one suit, every other seat at most
    two of a suit, so seat 3 leads first. Seat 0, which holds one of each of three suits,
    knows seat 3 held at least two of a suit, and no earlier seat as many: each of its worlds
    gives seat 3 the first lead; most plain deals of the hidden cards do not."""
    c0, c1, c2, c3 = CARDS_OF_RANK[THREE]
    threes = [[c0, c1, c3], [c1, c2], [c2, c3], [c0, c0, c0], [c1, c2], [c1, c2, c3, c3]]
    rest = [c for c in full_deck(216) if c not in CARDS_OF_RANK[THREE]]
    random.Random(11).shuffle(rest)
    hands = []
    for own in threes:
        need = 36 - len(own)
        hands.append(own + rest[:need])
        rest = rest[need:]
    g = full(hands)
    rng = random.Random(1)
    while g.phase != "play":
        g.apply(g.sample_action(rng))
    assert g.to_act() == [3] and "3s" in g.state.first_lead
    assert first_leader_of(g, g) == 3
    for k in range(20):
        world = g.determinize(0, random.Random(k))
        kept(g, world, 0)
        assert first_leader_of(world, g) == 3
    plan = knowledge.plan_for(g, 0)
    plan.lead = None
    plain = [determinize._attempt(g.state, plan, random.Random(k), False, False)
             for k in range(20)]
    assert sum(w is not None and first_leader_of(plain_game(g, w), g) == 3 for w in plain) <= 10


def test_determinize_keeps_who_led_first() -> None:
    """GJ-11: a world gives the first lead to the seat that made it — the leader held the
    most 3s of one suit when play began. Plain deals of the hidden cards often break it."""
    rng = random.Random(11)
    checked = broken = 0
    for game in states(11, every=17):
        st = game.state
        if game.phase != "play" or st.start.leader is not None or not game.actions:
            continue
        leader = next((a.seat for a in game.actions if a.verb == "play"), st.turn)
        if first_leader_of(game, game) is None:
            continue
        assert first_leader_of(game, game) == leader  # the true deal
        for seat in rng.sample([s for s in SEATS if s not in st.revolution], 2):
            assert first_leader_of(game.determinize(seat, random.Random(checked)), game) \
                == leader
            plan = knowledge.plan_for(game, seat)
            plan.lead = None
            plain = determinize._attempt(st, plan, random.Random(checked), False, False)
            broken += plain is not None and first_leader_of(plain_game(game, plain), game) \
                != leader
            checked += 1
    assert checked >= 100 and broken >= checked // 20, (checked, broken)


def can_lead_out(world: GoujiGame, burner: int, since: list[int],
                 burnt_with: tuple[int, ...]) -> bool:
    """Whether the burner's hand in ``world``, with what he played since his burning play,
    can be led out with a joker in every lead but the last (憋三 binding him if he held a 3
    when he burnt)."""
    left = rank_counts([*world.hands[burner], *since])
    three = world.state.opts.bie_san and bool(left[THREE] + rank_counts(burnt_with)[THREE])
    return can_finish_burn(left, three)


def test_determinize_keeps_that_a_burners_hand_can_be_led_out() -> None:
    """GJ-6: a burn is accepted only if the burner could then lead his hand out with a joker
    in every lead but the last, so every world of a seat that does not see his hand gives
    him such a hand (counting what he has played since); plain deals often do not."""
    checked = broken = 0
    for seed in range(3):
        for game in states(seed, every=3):
            st = game.state
            if st.burner < 0 or game.phase != "play":
                continue
            burner = st.burner
            at = max(i for i, a in enumerate(game.actions)
                     if a.seat == burner and a.verb == "burn")
            since = [c for a in game.actions[at + 1:] if a.seat == burner for c in a.cards]
            burnt_with = game.actions[at].cards
            assert can_lead_out(game, burner, since, burnt_with)
            for seat in SEATS:
                if seat == burner or seat in game.seats_seen_by(seat) or burner in \
                        game.seats_seen_by(seat) or not st.hands[seat]:
                    continue
                assert can_lead_out(game.determinize(seat, random.Random(seat)), burner, since,
                                    burnt_with)
                plan = knowledge.plan_for(game, seat)
                plan.burning = None
                plain = determinize._attempt(st, plan, random.Random(seat), False, False)
                broken += plain is not None and not can_lead_out(plain_game(game, plain), burner,
                                                                 since, burnt_with)
                checked += 1
    assert checked >= 30 and broken >= checked // 5, (checked, broken)


def test_determinize_gives_a_burner_a_hand_he_can_lead_out_explicit_hands() -> None:
    """GJ-6 from explicit hands: seat 1 burns seat 0's KS KS with AS AS, keeping SJ 6S 6S 7S
    (one joker, two plain ranks: he can lead out). Seat 2 does not see his hand; each of its
    worlds gives him four cards he can lead out with a joker in every lead but the last,
    where a plain deal of the hidden cards almost never does."""
    g = position(CAN_BURN, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    assert g.state.burner == 1 and 1 not in g.seats_seen_by(2)
    burnt_with = g.actions[-1].cards
    for k in range(20):
        world = g.determinize(2, random.Random(k))
        kept(g, world, 2)
        assert can_lead_out(world, 1, [], burnt_with)
    plan = knowledge.plan_for(g, 2)
    plan.burning = None
    plain = [determinize._attempt(g.state, plan, random.Random(k), False, False)
             for k in range(20)]
    assert sum(w is not None and can_lead_out(plain_game(g, w), 1, [], burnt_with)
               for w in plain) <= 5


def test_determinize_works_out_a_view_once_per_position_and_seat() -> None:
    """A search asks for many worlds of one position: what the seat's view implies is worked
    out once, and again for another seat or after an action (never a stale plan)."""
    rng = random.Random(12)
    game = GoujiGame.new({"preset": "classic"}, seed=12)
    while game.phase != "play" or len(game.actions) < 40:
        game.apply(game.sample_action(rng))
    for seat in (0, 0, 3, 0):
        kept(game, game.determinize(seat, random.Random(seat)), seat)
        assert game._plan is not None and game._plan[:2] == (game.state_id, seat)
    again = [game.determinize(0, random.Random(7)).state.hands for _ in range(2)]
    assert again[0] == again[1]  # the remembered plan draws nothing: same generator, same world
    game.apply(game.sample_action(rng))
    seat = game.to_act()[0]
    kept(game, game.determinize(seat, random.Random(1)), seat)
    assert game._plan is not None and game._plan[0] == game.state_id
    assert game.clone()._plan is None


def plain_game(game: GoujiGame, state: Any) -> GoujiGame:
    copy = game.clone()
    copy.state = state
    return copy


def test_determinize_deals_the_hidden_cards_again() -> None:
    game = GoujiGame.new(seed=4)
    copy = game.determinize(0, random.Random(1))
    assert copy.hands[0] == game.hands[0]
    assert sum(copy.hands[s] != game.hands[s] for s in range(1, 6)) == 5


# the hidden turns: whom the table waits for is not shown, and the copy must still wait

CAN_BURN = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "3H 4H", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]
CANNOT = ["KS KS 3S 4S", "AS AS 5S 6S 6S 7S", "3H 4H", "QS 3D", "BJ 7D 7D 5D", "3C 4C"]
TWO_BURNERS = ["KS KS 3S 4S", "AS AS SJ 6S 6S 7S", "AH AH SJ 8S", "QS 3D", "BJ 7D 7D 5D",
               "3C 4C"]


def test_determinize_in_the_burn_window_same_for_either_burner() -> None:
    a = position(CAN_BURN, leader=0)
    b = position(CANNOT, leader=0)
    for g in (a, b):
        act(g, 0, "play", "KS KS")
    assert a.to_act() == [1] and b.to_act() == [3]
    for seat in (0, 2, 4):  # seat 1's hand is hidden from them
        for k in range(20):
            ca = a.determinize(seat, random.Random(k))
            cb = b.determinize(seat, random.Random(k))
            assert views(ca) == views(cb)
            kept(a, ca, seat)
            kept(b, cb, seat)
    seen = {a.determinize(3, random.Random(k)).to_act()[0] for k in range(30)}
    assert 3 not in seen or seen == {3}  # the 对头 is asked only when nobody may burn
    assert a.determinize(1, random.Random(0)).to_act() == [1]


def test_determinize_a_waiting_burner_finds_someone_asked_before_him() -> None:
    g = position(TWO_BURNERS, leader=0)
    act(g, 0, "play", "KS KS")
    assert g.to_act() == [2]  # seat 0's teammate first; seat 1 could burn too
    asked = set()
    for k in range(30):
        copy = g.determinize(1, random.Random(k))
        kept(g, copy, 1)
        assert copy.state.stage == BURN and copy.to_act()[0] in (2, 4)
        assert copy.legal_actions()[0].verb == "burn"
        asked |= set(copy.to_act())
    assert asked


def test_determinize_in_the_revolution_phase() -> None:
    g = full(deal_without_money([1, 4]))
    assert g.to_act() == [1]
    for seat in (0, 2, 3, 5):
        for k in range(10):
            copy = g.determinize(seat, random.Random(k))
            kept(g, copy, seat)
            asked = copy.to_act()[0]
            assert not any(rank_counts(copy.hands[asked])[r] for r in (TWO, SJ, BJ))
    for k in range(10):  # seat 4 knows it is asked later: someone before it is asked now
        copy = g.determinize(4, random.Random(k))
        kept(g, copy, 4)
        assert copy.to_act()[0] < 4
    act(g, 1, "pass")
    copy = g.determinize(1, random.Random(0))  # seat 1 declined: later seats are asked
    assert copy.to_act()[0] > 1


def test_determinize_in_the_revolution_phase_same_whoever_is_asked() -> None:
    deal = deal_without_money([1, 4])  # seats 1 and 4 hold no 2 and no joker
    two = next(c for c in deal[0] if STRENGTH_OF_CARD[c] == TWO)
    plain = next(c for c in deal[1] if STRENGTH_OF_CARD[c] < TWO)
    swapped = [list(h) for h in deal]
    swapped[0][swapped[0].index(two)] = plain
    swapped[1][swapped[1].index(plain)] = two  # now only seat 4 may declare
    a, b = full(deal), full(swapped)
    assert a.to_act() == [1] and b.to_act() == [4]
    for seat in (2, 3, 5):  # their hands are the same in both deals
        for k in range(10):
            ca, cb = a.determinize(seat, random.Random(k)), b.determinize(seat, random.Random(k))
            assert views(ca) == views(cb)
            kept(a, ca, seat)


def test_determinize_tribute_cards_and_hidden_refusals() -> None:
    g, seven = tribute_game()
    paid = g.actions[0].cards
    for k in range(10):  # the payer knows where his tribute went
        copy = g.determinize(5, random.Random(k))
        kept(g, copy, 5)
        assert copy.hands[0].contains_all(paid)
    g.apply(Action(0, "return", (seven,)))
    assert g.to_act() == [5]  # seat 5 may refuse: third seats do not know it
    for k in range(10):
        copy = g.determinize(2, random.Random(k))
        kept(g, copy, 2)
        assert copy.to_act() == [0] and copy.state.tribute_step == "return"
        copy0 = g.determinize(0, random.Random(k))  # the receiver: the payer lacks the 7
        kept(g, copy0, 0)
        assert copy0.state.tribute_step == "refuse"
        assert not rank_counts(copy0.hands[5])[STRENGTH_OF_CARD[seven]]


def test_determinize_the_receiver_knows_a_tribute_was_the_payers_highest_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """GJ-10: seat 5, with one big joker and no other money, pays seat 0 his two highest
    cards (the joker and an ace): seat 0 knows he kept no 2 and no joker, until play begins
    and beyond (what seat 0 returned him aside); a third seat does not. A plain deal of the
    hidden cards gives him money."""
    hands = deal_without_money([5])
    joker = next(c for c in hands[1] if STRENGTH_OF_CARD[c] == BJ)
    plain = next(c for c in hands[5] if STRENGTH_OF_CARD[c] < TWO)
    hands[1].remove(joker)
    hands[5].remove(plain)
    hands[1].append(plain)
    hands[5].append(joker)
    g = full(hands, options={"preset": "classic", "revolution": False},  # (he could rise)
             start={"game": 2, "tributes": [{"kind": "place", "from": 5, "to": 0, "cards": 2}]})
    g.apply(g.legal_actions()[0])
    paid = sorted(STRENGTH_OF_CARD[c] for c in g.actions[0].cards)
    top = paid[0]
    assert paid[1] == BJ and top < TWO

    def money(copy: GoujiGame) -> int:
        return sum(rank_counts(copy.hands[5])[g] for g in range(top + 1, 15))

    third = sum(money(g.determinize(2, random.Random(k))) for k in range(10))
    with monkeypatch.context() as m:
        m.setattr(knowledge, "_tribute_knowledge", lambda game, plan: None)
        plain = sum(money(g.determinize(0, random.Random(k))) for k in range(10))
    g._plan = None  # (the plan worked out without the fact)
    assert third > 0 and plain > 0
    rng = random.Random(5)
    checks = 0
    while g.phase != "play" or len(g.actions) < 30:
        if g.phase == "over":
            break
        returned = [c for kind, frm, to, cards in g.state.transfers if kind == "return"
                    for c in cards]
        given = sum(1 for c in returned if STRENGTH_OF_CARD[c] > top) - sum(
            1 for a in g.actions if a.seat == 5 and a.verb in ("play", "burn")
            for c in a.cards if STRENGTH_OF_CARD[c] > top)
        for k in range(3):
            copy = g.determinize(0, random.Random(k))
            kept(g, copy, 0)
            assert money(copy) == given
            checks += 1
        g.apply(g.sample_action(rng))
    assert checks >= 60


def test_determinize_while_buying_threes() -> None:
    cards = full_deck(216)
    hands = [list(cards[s::6]) for s in range(6)]
    aces = [c for c in hands[3] if 48 <= c < 52]
    for c in [c for c in hands[0] if 4 <= c < 8]:  # seat 0 holds no 3
        hands[0].remove(c)
        hands[3].append(c)
        hands[3].remove(a := aces.pop())
        hands[0].append(a)
    g = full(hands, options={"preset": "classic", "bie_san": True})
    assert g.phase == "buy" and g.to_act() == [0]
    for seat in SEATS:
        copy = g.determinize(seat, random.Random(seat))
        kept(g, copy, seat)
        assert copy.to_act() == [0] and not rank_counts(copy.hands[0])[THREE]
    act(g, 0, "buy", "2S")
    for seat in SEATS:
        kept(g, g.determinize(seat, random.Random(seat)), seat)


def test_determinize_refuses_a_seat_that_does_not_exist() -> None:
    with pytest.raises(MalformedError):
        GoujiGame.new(seed=1).determinize(6, random.Random(0))


# -- the action encoding ----------------------------------------------------------------------

def test_encoding_round_trip_and_masks_are_the_legal_set() -> None:
    rng = random.Random(5)
    n = GoujiGame.new(seed=0).num_actions
    for game in sample_states(5, 80):
        assert game.num_actions == n
        if game.is_over:
            continue
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        steps = [game.encode(a) for a in legal]
        assert all(len(s) == 1 and game.is_complete(s) for s in steps)
        assert len({s[0] for s in steps}) == len(legal)  # distinct indices
        for a, s in zip(legal, steps, strict=True):
            assert game.decode(s, seat) == a
            assert game.decode(s[0], seat) == a
        mask = game.legal_mask(seat)
        assert len(mask) == n
        assert {i for i, m in enumerate(mask) if m} == {s[0] for s in steps}
        others = [s for s in SEATS if s != seat]
        assert not any(game.legal_mask(rng.choice(others)))


def test_encoding_refuses_what_is_no_decision() -> None:
    g = position([f"{'9S ' * 9}9S", "3H", "4H", "5H", "6H", "7H"], leader=1)
    with pytest.raises(MalformedError):
        g.encode(Action.make(2, "advise", [], {"to": 0}))
    with pytest.raises(MalformedError):
        g.decode(g.num_actions)
    with pytest.raises(MalformedError):
        g.legal_mask(1, prefix=[0])


# -- returns ----------------------------------------------------------------------------------

def test_returns_are_zero_sum_team_points() -> None:
    rng = random.Random(6)
    for ci, opts in enumerate(COMBOS):
        game = GoujiGame.new(opts, seed=ci)
        assert game.returns() is None
        while not game.is_over:
            game.apply(game.sample_action(rng))
        ret = game.returns()
        res = game.result()
        assert ret is not None and res is not None and sum(ret) == 0
        factor = 2 if res["chuan_san_hu"] else 1
        team = [factor * sum(res["points"][s] for s in range(t, 6, 2)) for t in (0, 1)]
        assert ret == [team[s % 2] for s in SEATS]
        if not opts.get("positive_only"):
            assert ret == res["scores"]


def test_returns_of_a_redeal_are_zeros() -> None:
    g = full(deal_without_money([1, 2]))
    act(g, 1, "revolution")
    act(g, 2, "revolution")
    assert g.result() is not None and g.result()["redeal"]  # type: ignore[index]
    assert g.returns() == [0.0] * 6


# -- events and observations hold no card the viewer may not see -----------------------------

def check_no_leak(game: GoujiGame) -> None:
    """A checker that knows every hand: each viewer's observation and events show cards only
    of its own hand, the hands it sees, the table, and the private acts it was party to."""
    st = game.state
    for viewer in [*SEATS, None]:
        obs = game.observation(viewer)
        json.dumps(obs)
        seen = game.seats_seen_by(viewer)
        mine = format_cards(st.hands[viewer].to_tuple()) if viewer is not None else None
        assert obs["hand"] == mine
        d = obs["details"]
        assert {int(s) for s in d["teammate_hands"]} == set(seen)
        for s, text in d["teammate_hands"].items():
            assert text == format_cards(st.hands[int(s)].to_tuple())
        for to, adv in d["advice"].items():
            assert viewer in (int(to), adv["from"])
        if "round" in d and d["round"]["play"] is not None:
            assert d["round"]["play"] == format_cards(st.table_cards)
        if "tribute" in d and "offered" in d["tribute"]:
            assert viewer in (d["tribute"]["from"], d["tribute"]["to"])
        for i, size in enumerate(obs["hand_sizes"]):
            assert size is None or size == len(st.hands[i])
            assert size is not None or (len(st.hands[i]) > 10 and i != viewer)
        for e in game.events_since(viewer, 0):
            json.dumps(e)
            a = game.actions[e["state_id"] - 1]
            if e["type"] != "action":
                assert "cards" not in e
                continue
            if "cards" in e:
                if a.verb in PRIVATE:
                    assert viewer is not None and viewer in (game.witnesses(e["state_id"] - 1)
                                                             or ())
                assert e["cards"] == format_cards(a.cards)
            if "bought" in e:  # the 3 (4) bought: buyer and seller only
                assert viewer in (a.seat, e["seller"]) and a.verb == "buy"


def test_no_observation_or_event_holds_a_card_the_viewer_may_not_see() -> None:
    rng = random.Random(7)
    checked = 0
    for game in states(7, every=9):
        if rng.random() < 0.35:
            check_no_leak(game)
            checked += 1
    assert checked > 100


def test_private_acts_are_events_for_their_parties_only() -> None:
    g, seven = tribute_game()
    pay = g.events_since(5, 0)[0]
    assert pay["type"] == "action" and pay["verb"] == "tribute" and "cards" in pay
    assert g.events_since(2, 0) == [{"state_id": 1, "type": "action", "seat": 5,
                                     "verb": "tribute", "count": 1}]
    assert g.events_since(None, 0) == g.events_since(2, 0)
    g.apply(Action(0, "return", (seven,)))  # refusable: nobody else learns of it yet
    assert g.events_since(2, 1) == [] and len(g.events_since(5, 1)) == 1
    g.apply(Action(5, "pass"))  # kept: now the others learn that a card came back
    assert g.events_since(2, 1) == [{"state_id": 3, "type": "action", "seat": 0,
                                     "verb": "return", "count": 1}]
    assert g.events_since(0, 2) == [{"state_id": 3, "type": "action", "seat": 5,
                                     "verb": "pass"}]


def test_derived_events_of_the_play() -> None:
    burn = ["KS KS 3S 4S", "AS AS 6S 6S 6S", "3H 4H", "QS 3D", "5D 6D", "3C 4C"]
    g = position(burn, leader=0)
    act(g, 0, "play", "KS KS")
    act(g, 1, "burn", "AS AS")
    act(g, 4, "pass")
    act(g, 1, "play", "6S 6S 6S")
    kinds = [(e["type"], e.get("seat"), e.get("burner")) for e in g.events_since(3, 0)]
    assert ("out", 1, None) in kinds and ("burn_succeeded", None, 1) in kinds
    assert next(e for e in g.events_since(3, 0) if e["type"] == "out")["rank"] == "头科"
    rng = random.Random(1)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    last = g.events_since(2, 0)[-1]
    assert last["type"] == "over" and last["result"] == g.result()
    assert any(e["type"] == "round_won" for e in g.events_since(None, 0))


# -- the record a seat keeps ------------------------------------------------------------------

def test_record_for_replays_to_the_same_result() -> None:
    rng = random.Random(8)
    for ci, opts in enumerate(COMBOS):
        game = GoujiGame.new(opts, seed=40 + ci)
        with pytest.raises(IllegalActionError) as err:
            game.record_for(0)
        assert err.value.rule == "GJ-7"
        while not game.is_over:
            game.apply(game.sample_action(rng))
        for seat in (rng.randrange(6), None):
            rec = game.record_for(seat)
            assert rec.deal.seed is None and rec.deal.hands is not None
            assert game.dealt is not None
            assert [tuple(sorted(h)) for h in rec.deal.hands] == list(game.dealt)
            status, answer = judge_text(json.dumps(rec.to_json()))
            assert status == LEGAL, answer
            assert answer["result"] == json.loads(json.dumps(game.result()))
            assert judge_record(rec)[1]["result"] == game.result()


def test_record_for_leaves_out_other_seats_advice() -> None:
    nine = "7S 7S 7S 8S 8S 8S 9S 9S 9S"
    g = position([nine, "3H", "4H", "5H", "6H", "7H"], leader=1)
    act(g, 2, "advise", "9S 9S 9S", {"to": 0})
    rng = random.Random(0)
    while not g.is_over:
        g.apply(g.sample_action(rng))
    assert any(a.verb == "advise" for a in g.record_for(0).actions)
    assert not any(a.verb == "advise" for a in g.record_for(1).actions)
    assert not any(a.verb == "advise" for a in g.record_for(None).actions)
    assert judge_record(g.record_for(1))[1]["result"] == g.result()


def test_state_id_and_refusals() -> None:
    g = position(["AS AS 5S", "KS KS 6S", "3S 4S", "2S 2S 7S", "3H 4H", "3D 4D"], leader=0)
    before = views(g)
    with pytest.raises(IllegalActionError):
        act(g, 1, "play", "KS KS")
    with pytest.raises(MalformedError) as err:
        g.apply(Action.make(0, "play", [], {"to": 1}))
    assert err.value.field == "[3].to"
    with pytest.raises(MalformedError) as err:
        g.apply(Action.make(1, "advise", [], {"to": "x"}))
    assert err.value.field == "[3].to"
    assert views(g) == before and g.state_id == 0
    act(g, 0, "play", "AS AS")
    assert g.state_id == 1 and g.events_since(4, 0)[0]["state_id"] == 1


def _lopsided(seat: int, card: int) -> float:
    """Hand odds (``determinize``'s ``hand_odds``) far from uniform: a card mostly where
    ``(rank + seat) % 3`` is 0."""
    return 1.0 if (STRENGTH_OF_CARD[card] + seat) % 3 == 0 else 0.01


def _favoured(game: GoujiGame, seat: int) -> float:
    """The share of the other seats' cards that ``_lopsided`` favours where they lie."""
    cards = [(s, c) for s in SEATS if s != seat for c in game.state.hands[s]]
    return sum(_lopsided(s, c) == 1.0 for s, c in cards) / max(1, len(cards))


def test_determinize_draws_the_hidden_cards_by_hand_odds() -> None:
    """With ``hand_odds`` a world still keeps everything the seat saw and uses nothing
    hidden from it, and the hidden cards lie where the odds put them far more often than
    in a uniform world."""
    rng = random.Random(5)
    tilted = uniform = 0.0
    n = 0
    for game in sample_states(5, 40):
        seat = rng.randrange(6)
        copy = game.determinize(seat, random.Random(n), hand_odds=_lopsided)
        kept(game, copy, seat)
        other = game.determinize(seat, random.Random(99))
        twin = other.determinize(seat, random.Random(n), hand_odds=_lopsided)
        assert [h.to_tuple() for h in copy.hands] == [h.to_tuple() for h in twin.hands]
        tilted += _favoured(copy, seat)
        uniform += _favoured(game.determinize(seat, random.Random(n)), seat)
        n += 1
    assert n >= 30
    assert tilted / n > uniform / n + 0.2, (tilted / n, uniform / n)
