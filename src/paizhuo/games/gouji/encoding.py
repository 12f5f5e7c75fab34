"""A fixed-size action index for masked policies (learning): every Gouji decision maps to one
integer below :data:`NUM_ACTIONS`, independent of suits — the game's flat encoding
(``GoujiGame.encode`` / ``decode`` / ``legal_mask``, one step per decision).

Layout:

- ``0 …`` the card-less verbs of :data:`SIMPLE_VERBS`;
- plays and burns: the shape ``(rank, base, money, small, big)`` of
  :mod:`paizhuo.games.gouji.combos` packed as ``rank·7225 + base·425 + money·25 + small·5 +
  big`` (rank < 15, base and money ≤ 16, small and big ≤ 4), once for ``play`` and once for
  ``burn``;
- ``tribute`` (always the payer's highest cards: one index), ``return`` by strength rank (15),
  ``buy`` by the paying card's rank (a gift, 2, SJ, BJ: 4).

>>> from paizhuo.engine.actions import Action
>>> from paizhuo.notation import parse_cards
>>> i = action_index(Action.make(0, "play", list(parse_cards("2S 5S 5S"))))
>>> action_from_index(i)
('play', (2, 2, 1, 0, 0))
"""

from __future__ import annotations

from typing import Final

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import MalformedError
from paizhuo.games.climbing import BJ, CARDS_OF_RANK, SJ, STRENGTH_OF_CARD, TWO
from paizhuo.games.gouji.combos import Shape, cards_for, shape_of
from paizhuo.games.gouji.state import GoujiState
from paizhuo.games.gouji.tribute import highest_cards

SIMPLE_VERBS: Final = ("pass", "yield", "claim", "revolution", "keep_head", "no_head",
                       "declare", "refuse")
SHAPES: Final = 15 * 17 * 17 * 5 * 5
PLAY_BASE: Final = len(SIMPLE_VERBS)
BURN_BASE: Final = PLAY_BASE + SHAPES
TRIBUTE: Final = BURN_BASE + SHAPES
RETURN_BASE: Final = TRIBUTE + 1
BUY_BASE: Final = RETURN_BASE + 15
NUM_ACTIONS: Final = BUY_BASE + 4
_PAY_RANKS: Final = (-1, TWO, SJ, BJ)


def shape_index(p: Shape) -> int:
    rank, base, money, small, big = p
    return (((rank * 17 + base) * 17 + money) * 5 + small) * 5 + big


def index_shape(i: int) -> Shape:
    i, big = divmod(i, 5)
    i, small = divmod(i, 5)
    i, money = divmod(i, 17)
    rank, base = divmod(i, 17)
    return (rank, base, money, small, big)


def action_index(a: Action) -> int:
    """The index of an action (``advise`` is a message, not a decision: it has none)."""
    if a.verb in SIMPLE_VERBS:
        return SIMPLE_VERBS.index(a.verb)
    if a.verb in ("play", "burn"):
        p = shape_of(a.cards)
        if p is None:
            raise ValueError(f"not a play: {a}")
        return (PLAY_BASE if a.verb == "play" else BURN_BASE) + shape_index(p)
    if a.verb == "tribute":
        return TRIBUTE
    if a.verb == "return":
        return RETURN_BASE + STRENGTH_OF_CARD[a.cards[0]]
    if a.verb == "buy":
        return BUY_BASE + (_PAY_RANKS.index(STRENGTH_OF_CARD[a.cards[0]]) if a.cards else 0)
    raise ValueError(f"no index for {a.verb!r}")


def action_from_index(i: int) -> tuple[str, Shape | int | None]:
    """The verb and its argument (a shape, a rank, or ``None``) of an index."""
    if i < PLAY_BASE:
        return SIMPLE_VERBS[i], None
    if i < BURN_BASE:
        return "play", index_shape(i - PLAY_BASE)
    if i < TRIBUTE:
        return "burn", index_shape(i - BURN_BASE)
    if i == TRIBUTE:
        return "tribute", None
    if i < BUY_BASE:
        return "return", i - RETURN_BASE
    pay = _PAY_RANKS[i - BUY_BASE]
    return "buy", None if pay < 0 else pay


def encode(a: Action) -> int:
    """The index of a decision, or :class:`MalformedError` (``advise`` has none; nor has a
    play that is not one play)."""
    if a.verb == "advise":
        raise MalformedError("[1]", "advice is a message, not a decision: it has no index")
    if a.verb in ("play", "burn") and shape_of(a.cards) is None:
        raise MalformedError("[2]", "not one play: cards of one rank, to which 2s and "
                             "jokers may be added")
    if a.verb in ("return",) and len(a.cards) != 1:
        raise MalformedError("[2]", "a return is one card")
    return action_index(a)


def decode(st: GoujiState, index: int, seat: int) -> Action:
    """The action an index stands for, for ``seat`` in state ``st``: the real cards are taken
    from the hand as the legal list takes them (lowest ids first), so a legal action decodes
    back to itself."""
    verb, arg = action_from_index(index)
    hand = st.hands[seat]
    if verb in ("play", "burn"):
        assert isinstance(arg, tuple)
        return Action(seat, verb, cards_for(arg, hand))
    if verb == "tribute":
        n = st.tributes[st.tribute_index]["cards"] if st.tribute_index < len(st.tributes) else 0
        return Action(seat, verb, highest_cards(st, seat, n))
    if verb == "return":
        assert isinstance(arg, int)
        held = [c for c in CARDS_OF_RANK[arg] if hand[c]]
        return Action(seat, verb, (held[0] if held else CARDS_OF_RANK[arg][0],))
    if verb == "buy":
        if arg is None or arg == -1:
            return Action(seat, verb)
        assert isinstance(arg, int)
        held = [c for c in CARDS_OF_RANK[arg] if hand[c]]
        return Action(seat, verb, (held[0] if held else CARDS_OF_RANK[arg][0],))
    return Action(seat, verb)
