"""A fixed-size action encoding for masked policies (RL, bots): every Baohuang decision is one
index in ``range(NUM_ACTION_IDS)``.

Layout (see ``docs/baohuang.md``)::

    0 pass   1 yield   2 claim   3 reveal   4 pass_crown   5 seize
    6 + card                       call, card id 0..53 (BJ* is called as BJ)
    PLAY_BASE + ((((r*16 + n-1)*5 + x)*5 + y)*2 + v)
                                   play: strength rank r 0..12 (3..2), n 1..16 cards of it,
                                   x small and y big jokers 0..4, v = 1 for the secret guard's
                                   variant that shows the called card
    JOKERS_BASE + x*5 + y          jokers alone (x + y >= 1)

A play's suits are not encoded: the engine picks them (:func:`rounds.cards_for`), so each index
stands for one legal action. ``BaohuangGame`` gives this layout the engine's interface
(``num_actions``, ``encode``, ``decode``, ``legal_mask``: one step per decision).
"""

from __future__ import annotations

from typing import Final

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.games.baohuang.combos import key_of
from paizhuo.games.baohuang.rounds import cards_for
from paizhuo.games.baohuang.state import BaohuangState
from paizhuo.games.climbing import BJ, SJ

SIMPLE_VERBS: Final = ("pass", "yield", "claim", "reveal", "pass_crown", "seize")
CALL_BASE: Final = len(SIMPLE_VERBS)
PLAY_BASE: Final = CALL_BASE + 54
JOKERS_BASE: Final = PLAY_BASE + 13 * 16 * 5 * 5 * 2
NUM_ACTION_IDS: Final = JOKERS_BASE + 25


def encode(st: BaohuangState, action: Action) -> int:
    """The index of a (legal) action in the state it is taken in."""
    verb = action.verb
    if verb in SIMPLE_VERBS:
        return SIMPLE_VERBS.index(verb)
    if verb == "call":
        if len(action.cards) != 1:
            raise MalformedError("[2]", "a call names one card, such as \"8H\"")
        card = action.cards[0]
        return CALL_BASE + (BIG_JOKER if card == EMPEROR_CARD else card)
    if verb != "play":
        raise MalformedError("[1]", f"unknown verb {describe(verb)} for baohuang")
    try:
        r, n, x, y = key_of(action.cards)
    except ValueError as exc:
        raise MalformedError("[2]", f"{exc}: no play has an index") from None
    if n == 0:
        return JOKERS_BASE + x * 5 + y
    key = (r, n, x, y)
    v = int(action.cards != cards_for(st, action.seat, key)
            and action.cards == cards_for(st, action.seat, key, True))
    return PLAY_BASE + ((((r * 16 + n - 1) * 5 + x) * 5 + y) * 2 + v)


def decode(st: BaohuangState, seat: int, index: int) -> Action:
    """The action an index stands for, for ``seat`` in the current state (an index whose
    cards the seat does not hold is malformed)."""
    if not 0 <= index < NUM_ACTION_IDS:
        raise MalformedError("steps", f"action index {index} out of range 0–"
                             f"{NUM_ACTION_IDS - 1}")
    if index < CALL_BASE:
        return Action(seat, SIMPLE_VERBS[index])
    if index < PLAY_BASE:
        return Action(seat, "call", (index - CALL_BASE,))
    if index >= JOKERS_BASE:
        x, y = divmod(index - JOKERS_BASE, 5)
        return _play(st, seat, (SJ if x else BJ, 0, x, y), False)
    i = index - PLAY_BASE
    i, v = divmod(i, 2)
    i, y = divmod(i, 5)
    i, x = divmod(i, 5)
    r, n1 = divmod(i, 16)
    return _play(st, seat, (r, n1 + 1, x, y), bool(v))


def _play(st: BaohuangState, seat: int, key: tuple[int, int, int, int], variant: bool
          ) -> Action:
    cards = cards_for(st, seat, key, variant)
    if len(cards) != key[1] + key[2] + key[3] or (key[1] == 0 and key[2] + key[3] == 0):
        raise MalformedError("steps", f"seat {seat} does not hold the cards of that play")
    return Action(seat, "play", cards)
