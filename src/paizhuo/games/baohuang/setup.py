"""Building a deal from a record: seeded deals and redeals, explicit hands, positions (BH-1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_CARD_IDS, card_name
from paizhuo.engine.dealing import deal_round_robin, derive_seed, shuffled
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.records import Record
from paizhuo.games.baohuang.state import (
    CROWN,
    HAND_SIZE,
    NUM_SEATS,
    OVER,
    PLAY,
    BaohuangState,
    holder_of_emperor_card,
    set_hand,
)
from paizhuo.notation import NotationError, parse_cards

POSITION_KEYS = ("phase", "emperor", "guard", "called", "open_guard", "leader", "finished",
                 "seized", "revealed")
"""Position ``start`` keys; ``seized`` and ``revealed`` are additions of this game."""


def full_deck() -> list[int]:
    """Four decks, 216 cards, one big joker replaced by the emperor card ``BJ*`` (BH-1)."""
    deck = [c for c in range(54) for _ in range(4)]
    deck[deck.index(BIG_JOKER)] = EMPEROR_CARD
    return deck


_DECK_COUNTS = [0] * NUM_CARD_IDS
for _c in full_deck():
    _DECK_COUNTS[_c] += 1


def deal_seeded(st: BaohuangState, seed: int, redeal: int) -> bool:
    """Shuffle and deal 43 each; False if the emperor card was the left-over card."""
    deck = shuffled(full_deck(), seed if redeal == 0 else derive_seed(seed, redeal))
    hands, rest = deal_round_robin(deck, NUM_SEATS, HAND_SIZE)
    set_hands(st, hands)
    st.kitty = tuple(rest)
    st.extra = rest
    return EMPEROR_CARD not in rest


def set_hands(st: BaohuangState, hands: Sequence[Sequence[int]]) -> None:
    for seat, cards in enumerate(hands):
        set_hand(st, seat, cards)


def redeal(st: BaohuangState) -> None:
    """Void deal 黄庄: deal again from the seed (BH-2), as the k-th redeal."""
    assert st.seed is not None
    st.redeals += 1
    while not deal_seeded(st, st.seed, st.redeals):
        st.redeals += 1
    start_crown(st)


def start_crown(st: BaohuangState) -> None:
    holder = holder_of_emperor_card(st)
    assert holder is not None
    st.phase = CROWN
    st.holder = st.first_holder = holder
    st.passes = 0
    st.forced_seat = None


def load(st: BaohuangState, record: Record) -> None:
    """Fill a fresh state from the record's deal and start (its actions are not applied)."""
    deal = record.deal
    if deal.hands is None:
        if record.position:
            raise MalformedError("deal", "a position gives explicit hands")
        _no_start(record)
        assert deal.seed is not None
        st.seed = deal.seed
        while not deal_seeded(st, deal.seed, st.redeals):
            st.redeals += 1
        start_crown(st)
        return
    if len(deal.hands) != NUM_SEATS:
        raise MalformedError("deal.hands", f"Baohuang has {NUM_SEATS} hands, not "
                             f"{len(deal.hands)}")
    set_hands(st, deal.hands)
    st.kitty = tuple(deal.kitty or ())
    st.extra = list(st.kitty)
    if not record.position:
        st.redeals = _redeals_start(record)
        _check_complete(deal.hands, st.extra)
        start_crown(st)
        return
    _load_position(st, record.start or {})


def _no_start(record: Record) -> None:
    if record.start:
        raise MalformedError("start", "a Baohuang deal starts with choosing the emperor; "
                             "give a start only with \"position\": true")


def _redeals_start(record: Record) -> int:
    """Explicit hands may say how many void deals came before them (``start.redeals``): a
    seeded deal that was redealt, exported by ``record_for``; the count goes into the result."""
    start = record.start or {}
    for key in start:
        if key != "redeals":
            raise MalformedError(f"start.{key}", "a Baohuang deal starts with choosing the "
                                 "emperor: its start may only count the void deals before it "
                                 "(\"redeals\"); other keys need \"position\": true")
    redeals = start.get("redeals", 0)
    if not isinstance(redeals, int) or isinstance(redeals, bool) or redeals < 0:
        raise MalformedError("start.redeals", f"must be a count (0 or more), not "
                             f"{describe(redeals)}")
    return redeals


def _check_complete(hands: list[tuple[int, ...]], kitty: list[int]) -> None:
    for i, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise MalformedError(f"deal.hands[{i}]", f"holds {len(hand)} cards; each hand is "
                                 f"dealt {HAND_SIZE} (or mark the record \"position\": true)")
    if len(kitty) != 1:
        raise MalformedError("deal.kitty", "holds the one left-over card of the 216 (BH-1)")
    if kitty[0] == EMPEROR_CARD:
        raise MalformedError("deal.kitty", "the emperor card BJ* must be dealt to a player")
    counts = [0] * NUM_CARD_IDS
    for c in [c for hand in hands for c in hand] + kitty:
        counts[c] += 1
    for c in range(NUM_CARD_IDS):
        if counts[c] != _DECK_COUNTS[c]:
            raise MalformedError("deal", f"the deal holds {counts[c]} × {card_name(c)}; four "
                                 f"decks with one BJ marked BJ* hold {_DECK_COUNTS[c]}")


def _seat(start: dict[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = start.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < NUM_SEATS:
        raise MalformedError(f"start.{key}",
                             f"must be a seat 0–{NUM_SEATS - 1}, not {describe(value)}")
    return value


def _flag(start: dict[str, Any], key: str, default: bool) -> bool:
    value = start.get(key, default)
    if not isinstance(value, bool):
        raise MalformedError(f"start.{key}", "must be true or false")
    return value


def _load_position(st: BaohuangState, start: dict[str, Any]) -> None:
    for key in start:
        if key not in POSITION_KEYS:
            raise MalformedError(f"start.{key}", f"unknown key; a Baohuang position start has "
                                 f"{', '.join(POSITION_KEYS)}")
    phase = start.get("phase")
    if phase == CROWN:
        if sum(h[EMPEROR_CARD] for h in st.hands) != 1:
            raise MalformedError("deal.hands", "one hand holds the emperor card BJ*")
        if EMPEROR_CARD in st.extra:
            raise MalformedError("deal.kitty", "the emperor card BJ* must be in a hand")
        start_crown(st)
        return
    if phase != PLAY:
        raise MalformedError("start.phase",
                             f"must be \"{PLAY}\" or \"{CROWN}\", not {describe(phase)}")
    emperor = _seat(start, "emperor")
    assert emperor is not None
    seized = _flag(start, "seized", False)
    guard = _seat(start, "guard", optional=seized)
    if seized and guard is not None:
        raise MalformedError("start.guard", "a seized crown has no guard (give null)")
    st.emperor, st.guard, st.seized = emperor, guard, seized
    called = start.get("called")
    if called is not None:
        if not isinstance(called, str):
            raise MalformedError("start.called", "a card such as \"8H\"")
        try:
            ids = parse_cards(called)
        except NotationError as exc:
            raise MalformedError("start.called", str(exc)) from None
        if len(ids) != 1:
            raise MalformedError("start.called", "names one card")
        st.called = BIG_JOKER if ids[0] == EMPEROR_CARD else ids[0]
    elif not seized:
        raise MalformedError("start.called", "name the called card (or set seized)")
    st.open = _flag(start, "open_guard", False)
    if st.open and seized:
        raise MalformedError("start.open_guard", "a seized crown has no guard to open")
    st.revealed = _flag(start, "revealed", st.open or seized)
    st.led = True  # a position in play has its declarations settled by open_guard
    finished = start.get("finished", [])
    if not isinstance(finished, list):
        raise MalformedError("start.finished", "a list of seats, in the order they went out")
    for i, seat in enumerate(finished):
        if (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_SEATS
                or seat in finished[:i]):
            raise MalformedError(f"start.finished[{i}]", f"not a new seat: {describe(seat)}")
        if st.sizes[seat]:
            raise MalformedError(f"start.finished[{i}]", f"seat {seat} has gone out but "
                                 "holds cards")
        st.finished.append(seat)
        st.out[seat] = True
    for seat in range(NUM_SEATS):
        if not st.out[seat] and not st.sizes[seat]:
            raise MalformedError(f"deal.hands[{seat}]", "a seat still in holds cards")
    leader = _seat(start, "leader", optional=True)
    if leader is None:
        leader = emperor
    if st.out[leader]:
        raise MalformedError("start.leader", f"seat {leader} has gone out")
    st.extra = []
    st.dealt_crown = False
    st.phase = PLAY
    st.turn = leader
    if len(st.finished) >= NUM_SEATS - 1:
        st.phase = OVER
        st.finished.extend(s for s in range(NUM_SEATS) if not st.out[s])


def dealt_hands(st: BaohuangState) -> list[list[int]]:
    """The hands as the current deal gave them (count arrays), from the hands now: every
    card played goes back to its player, ``BJ*`` back to its first holder, the extra card out
    of the emperor's hand (``record_for`` writes these as the record's explicit deal)."""
    hands = [[h + p for h, p in zip(st.hands[s], st.played[s], strict=True)]
             for s in range(NUM_SEATS)]
    if not st.dealt_crown:
        return hands
    for hand in hands:
        if hand[EMPEROR_CARD]:
            hand[EMPEROR_CARD] -= 1
            hands[st.first_holder][EMPEROR_CARD] += 1
            break
    if st.emperor is not None and st.opts.extra_card == "emperor":
        for card in st.kitty:
            hands[st.emperor][card] -= 1
    return hands
