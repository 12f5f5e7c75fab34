"""The action encoding: every decision as a short sequence of indices (``docs/shengji.md``).

Layout, for a table with ``D`` decks and targets below ``M`` (``num_actions = 79 + (M/5 - 1)
+ 54·D``)::

    0 … 53      a card id: one step of a play or a bury (cards in ascending order)
    54          FINISH: the play or bury is complete
    55          pass
    56          take_back (SJ-14)
    57 … 73     a trump bid: level card of suit S H C D shown 1, 2 or 3 times (57 + 3·suit
                + copies - 1), SJ SJ, SJ SJ SJ, BJ BJ, BJ BJ BJ (69 … 72), SJ BJ (73)
    74 … 78     naming trump after the bidding-3 auction: S H C D NT
    79 …        a target bid of 5, 10 … M - 5 (79 + target/5 - 1)
    then        a friend call: card id · D + nth - 1

A play or bury is its cards in ascending order, then FINISH: each step's mask holds exactly
the cards that can still lead to a legal action (so every bury is reachable, though
``legal_actions`` lists only a selection of them when there are more than
:data:`~.kitty.BURY_LIST_CAP`). Every other decision is one index. A bid made while cards are
dealt carries ``dealt`` (the cards out now), as the listed bids do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from paizhuo.cards import BIG_JOKER, NUM_PLAIN_IDS, SMALL_JOKER, make_card
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.games.shengji.auction import TRUMP_NAMES
from paizhuo.games.shengji.bidding import TARGET_STEP
from paizhuo.notation import NotationError, format_cards, parse_card

if TYPE_CHECKING:
    from paizhuo.games.shengji.options import ShengjiOptions
    from paizhuo.games.shengji.state import RoundState

FINISH = 54
PASS = 55
TAKE_BACK = 56
BIDS = 57
"""12 level-card bids (suit × copies), then SJ², SJ³, BJ², BJ³, SJ BJ."""
NAME_TRUMP = 74
TARGETS = 79
_JOKER_BIDS = ((SMALL_JOKER,) * 2, (SMALL_JOKER,) * 3, (BIG_JOKER,) * 2, (BIG_JOKER,) * 3,
               (SMALL_JOKER, BIG_JOKER))


def target_count(opts: ShengjiOptions) -> int:
    return opts.max_target // TARGET_STEP - 1


def calls_base(opts: ShengjiOptions) -> int:
    return TARGETS + target_count(opts)


def num_actions(opts: ShengjiOptions) -> int:
    return calls_base(opts) + NUM_PLAIN_IDS * opts.decks


def is_complete(steps: Sequence[int]) -> bool:
    if not steps:
        return False
    if steps[0] > FINISH:
        return len(steps) == 1
    return steps[-1] == FINISH


def encode(st: RoundState, action: Action) -> list[int]:
    """The steps of ``action`` (raises :class:`MalformedError` for an action no index
    means)."""
    verb, extra = action.verb, action.extra or {}
    opts = st.opts
    if verb in ("play", "bury"):
        if not action.cards or any(c >= NUM_PLAIN_IDS for c in action.cards):
            raise MalformedError("action", f"no steps build the {verb} "
                                 f"{format_cards(action.cards) or 'of no cards'}")
        return [*sorted(action.cards), FINISH]
    if verb == "pass":
        return [PASS]
    if verb == "take_back":
        return [TAKE_BACK]
    if verb == "bid":
        if "trump" in extra:
            name = extra["trump"]
            if name not in TRUMP_NAMES:
                raise MalformedError("action", f"no trump {describe(name)}")
            return [NAME_TRUMP + TRUMP_NAMES.index(name)]
        cards = tuple(sorted(action.cards))
        if cards in _JOKER_BIDS:
            return [BIDS + 12 + _JOKER_BIDS.index(cards)]
        if cards and len(cards) <= 3 and all(c == cards[0] for c in cards) and cards[0] < 52:
            return [BIDS + 3 * (cards[0] & 3) + len(cards) - 1]
        raise MalformedError("action", f"no bid index for {format_cards(cards) or 'nothing'}")
    if verb == "bid_target":
        target = extra.get("target")
        if (not isinstance(target, int) or isinstance(target, bool) or target % TARGET_STEP
                or not 0 < target < opts.max_target):
            raise MalformedError("action", f"no target index for {describe(target)}")
        return [TARGETS + target // TARGET_STEP - 1]
    if verb == "call":
        nth = extra.get("nth")
        try:
            card = parse_card(str(extra.get("card")))
        except NotationError:
            card = -1
        if (not 0 <= card < NUM_PLAIN_IDS or not isinstance(nth, int) or isinstance(nth, bool)
                or not 1 <= nth <= opts.decks):
            raise MalformedError("action", "no call index for this card and copy")
        return [calls_base(opts) + card * opts.decks + nth - 1]
    raise MalformedError("action", f"no index for the verb {describe(verb)}")


def decode_one(st: RoundState, index: int, seat: int) -> Action:
    """The one-step action ``index`` builds for ``seat`` now."""
    opts = st.opts
    dealing = st.phase == "bid" and st.stage == "deal"
    if index == PASS:
        return Action(seat, "pass", (), {"dealt": st.dealt} if dealing else None)
    if index == TAKE_BACK:
        return Action(seat, "take_back")
    if BIDS <= index < NAME_TRUMP:
        k = index - BIDS
        if k < 12:
            if st.level > 12:
                raise MalformedError("steps", "there are no level cards to bid at level N")
            cards: tuple[int, ...] = (make_card(st.level, k // 3),) * (k % 3 + 1)
        else:
            cards = _JOKER_BIDS[k - 12]
        return Action(seat, "bid", cards, {"dealt": st.dealt} if dealing else None)
    if NAME_TRUMP <= index < TARGETS:
        return Action(seat, "bid", (), {"trump": TRUMP_NAMES[index - NAME_TRUMP]})
    base = calls_base(opts)
    if TARGETS <= index < base:
        return Action(seat, "bid_target", (), {"target": (index - TARGETS + 1) * TARGET_STEP})
    k = index - base
    return Action(seat, "call", (), {"card": format_cards((k // opts.decks,)),
                                     "nth": k % opts.decks + 1})


def decode(st: RoundState, steps: Sequence[int], seat: int) -> Action:
    """The action complete ``steps`` build for ``seat``."""
    total = num_actions(st.opts)
    for i in steps:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < total:
            raise MalformedError("steps", f"action index {describe(i)} out of range 0–"
                                 f"{total - 1}")
    if not is_complete(steps):
        raise MalformedError("steps", "incomplete: a play or bury ends with the finish step "
                             f"{FINISH}; every other decision is one index")
    if steps[0] > FINISH:
        return decode_one(st, steps[0], seat)
    cards = tuple(steps[:-1])
    if not cards or any(c == FINISH for c in cards):
        raise MalformedError("steps", "a play or bury is one or more cards, then the finish "
                             "step")
    verb = "bury" if st.phase == "bury" and seat == st.burier else "play"
    return Action(seat, verb, tuple(sorted(cards)))


__all__ = ["BIDS", "FINISH", "NAME_TRUMP", "PASS", "TAKE_BACK", "TARGETS", "calls_base",
           "decode", "decode_one", "encode", "is_complete", "num_actions"]
