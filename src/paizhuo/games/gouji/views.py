"""What one seat sees (GJ-12), computed in one place: the observation and the events.

A seat sees its own hand; every play, pass, yield, claim, burn and revolution; hand counts only
at 10 cards or fewer (报牌, GJ-7); ranks as they are decided; tribute and buying cards only when
it is a party to them; with advice on, a teammate's hand it may see (≤ 10 cards, or any once
the viewer is out) and advice between it and a teammate. Nothing else of another hand.

Whose turn it is can itself tell something of a hand: only seats that could burn are asked in
the burn window, only seats dealt no 2 and no joker in the ``revolution`` phase, and a payer is
asked whether to refuse a returned card only when he lacks its rank. So the observation's
``to_act`` is what the table waits for in public — the seats whose turn it is only where that
is public, else nobody (``details.waiting`` says what is awaited: ``burn_window``,
``revolution`` …) — and the viewer learns only about itself (``your_turn``,
``details.your_decision``). Such hidden decisions are events for their seats only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from paizhuo.cards import card_name
from paizhuo.engine.actions import Action
from paizhuo.engine.game import View
from paizhuo.games.gouji.advice import may_see_hand
from paizhuo.games.gouji.burning import candidates
from paizhuo.games.gouji.combos import describe
from paizhuo.games.gouji.scoring import RANK_NAMES
from paizhuo.games.gouji.state import BURN, LEAD, OVER, SEATS, GoujiState, headless, opp
from paizhuo.notation import format_counts

NAMES: Final = tuple(card_name(c) for c in range(55))
SELF: Final = tuple(frozenset({s}) for s in range(SEATS))


def cards_text(cards: tuple[int, ...]) -> str:
    """Notation of some cards (the hot path's :func:`~paizhuo.notation.format_cards`)."""
    return " ".join([NAMES[c] for c in cards])


# -- the observation --------------------------------------------------------------------------

def observe(st: GoujiState, seat: int | None, options: dict[str, Any],
            result: dict[str, Any] | None) -> View:
    """The Gouji part of ``seat``'s observation (``None``: a spectator)."""
    to_act, waiting, decision = public_turn(st, seat)
    details: dict[str, Any] = {
        "waiting": waiting,
        "your_decision": decision,
        "options": options,
        "series_game": st.start.game,
        "totals": list(st.start.totals),
        "revolution": list(st.revolution),
        "teammate_hands": teammate_hands(st, seat),
        "advice": {
            str(to): {"from": by, "cards": cards_text(cards)}
            for to, (by, cards) in st.advice.items() if seat in (to, by)
        },
    }
    if st.play_began:
        details["round"] = {
            "stage": waiting if st.stage != OVER else OVER,
            "leader_to_play": st.stage == LEAD,
            "play": cards_text(st.table_cards) if st.table_shape is not None else None,
            "play_words": describe(st.table_shape) if st.table_shape is not None else None,
            "maker": st.maker if st.table_shape is not None else None,
            "gouji": st.table_gouji,
            "dead": st.table_dead,
            "passed": [s for s in range(SEATS) if st.passed[s]],
            "chaos": st.chaos,
            "burner": st.burner if st.burner >= 0 else None,
            "yielding": st.yielding if st.yielding >= 0 else None,
            "claim": st.claim if st.claim >= 0 else None,
        }
        details["finished"] = list(st.tops)
        details["ranked_last"] = list(st.bottoms)
        details["ranks"] = known_ranks(st)
        details["opened"] = [s for s in range(SEATS) if st.opened[s]]
        details["conceded"] = [s for s in range(SEATS) if st.conceded[s]]
        details["dead_gouji"] = list(st.tokens)
        active = st.active
        details["headless"] = [s for s in range(SEATS)
                               if active[s] and not active[opp(s)] and headless(st, s)]
        details["stuck"] = [s for s in range(SEATS) if st.stuck[s]]
        details["played"] = played_so_far(st)
    if st.phase == "tribute" and st.tribute_index < len(st.tributes):
        tr = st.tributes[st.tribute_index]
        party = seat in (tr["from"], tr["to"])
        shown = {"kind": tr["kind"], "from": tr["from"], "to": tr["to"], "cards": tr["cards"],
                 "step": st.tribute_step if party or st.tribute_step == "pay" else "return"}
        if party and st.tribute_offer >= 0:
            shown["offered"] = NAMES[st.tribute_offer]
        details["tribute"] = shown
    return View(
        hand=None if seat is None else format_counts(st.hands[seat].array()),
        hand_sizes=hand_sizes(st, seat),
        to_act=to_act,
        result=result,
        details=details,
    )


def teammate_hands(st: GoujiState, seat: int | None) -> dict[str, str]:
    """The teammates' hands ``seat`` may see (GJ-12, :func:`~.advice.may_see_hand`), by
    seat."""
    if seat is None or not st.opts.advice or not st.play_began:
        return {}
    return {str(s): format_counts(st.hands[s].array())
            for s in range(seat % 2, SEATS, 2) if s != seat and may_see_hand(st, seat, s)}


def hand_sizes(st: GoujiState, seat: int | None) -> list[int | None]:
    """Each hand's size as ``seat`` may see it: its own, any of 10 cards or fewer (报牌,
    GJ-7), a teammate's hand it may see (GJ-12); else ``None``."""
    out: list[int | None] = []
    mates = -1 if seat is None else seat % 2  # (only a teammate's hand may be seen)
    for s, hand in enumerate(st.hands):
        n = len(hand)
        out.append(n if n <= 10 or s == seat or (s % 2 == mates and may_see_hand(st, seat, s))
                   else None)
    return out


PLAYED_RANKS: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
                       "small_joker", "big_joker")
"""The keys of ``played``: ranks, and the jokers by name (not ``SJ``/``BJ``, which are cards:
an observation names no card by accident)."""
_JOKER_KEY: Final = {"SJ": "small_joker", "BJ": "big_joker", "BJ*": "big_joker"}
_RANK_KEY: Final = tuple(_JOKER_KEY.get(n, n[0]) for n in NAMES)
_RANK_INDEX: Final = tuple(PLAYED_RANKS.index(k) for k in _RANK_KEY)


def played_counts(pile: list[int]) -> dict[str, int]:
    """How many cards of each rank have been played so far (every play is public, GJ-12): a
    card counter 记牌器. ``big_joker`` counts every big joker (``BJ*`` too); cards that left play
    unseen (a failed burner's or a stuck player's hand) and tribute cards are not played."""
    out = dict.fromkeys(PLAYED_RANKS, 0)
    for c, n in Counter(pile).items():  # a pile holds up to 216 cards of 55 ids
        out[_RANK_KEY[c]] += n
    return out


def played_so_far(st: GoujiState) -> dict[str, int]:
    """:func:`played_counts` of the deal's pile, counting only the cards played since the last
    observation (``st.pile_counted``): every observation lists them, up to 216 cards."""
    return dict(zip(PLAYED_RANKS, played_ranks(st), strict=True))


def played_ranks(st: GoujiState) -> tuple[int, ...]:
    """:func:`played_so_far`'s counts as a tuple, in the order of :data:`PLAYED_RANKS`."""
    counted, by_rank = st.pile_counted
    pile = st.pile
    if counted > len(pile):  # never: the pile only grows; counted afresh all the same
        counted, by_rank = 0, (0,) * len(PLAYED_RANKS)
    if counted < len(pile):
        ranks = list(by_rank)
        for c in pile[counted:]:
            ranks[_RANK_INDEX[c]] += 1
        by_rank = tuple(ranks)
        st.pile_counted = (len(pile), by_rank)
    return by_rank


def public_turn(st: GoujiState, seat: int | None) -> tuple[list[int], str, str | None]:
    """(the seats to act as everyone may know them, what the table waits for, ``seat``'s own
    decision if it is asked).

    The word waited for is ``over``, ``tribute``, ``return`` (the receiver returns, the payer
    may refuse), ``revolution``, ``buy``, ``head``, ``declare``, ``lead``, ``answer`` or
    ``burn_window`` (a gouji play not yet answered that someone might burn: GJ-6 asks only the
    seats that could, so who is deciding — a burner or the 对头 — is not shown).
    """
    phase = st.phase
    turn = st.turn
    mine = seat is not None and seat == turn
    decision = phase
    on = [turn] if turn >= 0 else []
    if phase == "over":
        return [], "over", None
    if phase == "tribute":
        tr = st.tributes[st.tribute_index]
        label = "tribute" if st.tribute_step == "pay" else "return"
        if label == "return":
            on = [tr["to"], tr["from"]]
        decision = st.tribute_step
    elif phase == "revolution":
        label, on = "revolution", []
    elif phase == "play":
        decision = st.stage
        if st.stage == LEAD:
            label = LEAD
        elif burn_window(st):
            label, on = "burn_window", []
        else:
            label = "answer"
        if st.stage == BURN:
            assert label == "burn_window", "the burn window must look public"
    else:
        label = phase
    return on, label, decision if mine else None


def burn_window(st: GoujiState) -> bool:
    """True while the play on the table is a gouji play that, as far as anyone else knows, a
    seat might still burn: nobody has answered it in public yet and some seat could be asked
    (GJ-6)."""
    return st.quiet and st.table_shape is not None and bool(candidates(st, st.maker))


def known_ranks(st: GoujiState) -> dict[str, str]:
    """The ranks decided so far, by seat (a revolutionary's once it is fixed, GJ-9)."""
    order = list(st.tops)
    if st.revolution and len(order) >= 2:
        r = st.revolution[0]
        at = 2 if all(s % 2 == r % 2 for s in order[:2]) else 3
        if len(order) >= at:
            order.insert(at, r)
    out = {str(s): RANK_NAMES[i] for i, s in enumerate(order)}
    for i, s in enumerate(st.bottoms):
        out[str(s)] = RANK_NAMES[5 - i]
    return out


# -- events -----------------------------------------------------------------------------------

Emitted = tuple[dict[str, Any], frozenset[int] | None, dict[str, Any] | None]


_BARE: dict[tuple[int, str], dict[str, Any]] = {}
"""The payload of a card-less action, shared by its events (payloads are never changed)."""


def action_event(a: Action, cards: bool = True) -> dict[str, Any]:
    """``{"type": "action", "seat", "verb", "cards"?}``; ``cards=False`` leaves them out.
    The result may be shared: copy it before adding to it."""
    if cards and a.cards:
        return {"type": "action", "seat": a.seat, "verb": a.verb,
                "cards": " ".join([NAMES[c] for c in a.cards])}
    key = (a.seat, a.verb)
    out = _BARE.get(key)
    if out is None:
        out = _BARE[key] = {"type": "action", "seat": a.seat, "verb": a.verb}
    return out


def prelude_events(st: GoujiState, a: Action, phase: str, t_step: str,
                   tr: dict[str, Any] | None, seller: int) -> list[Emitted]:
    """The events of a decision before play, made in ``phase`` (and tribute step ``t_step`` of
    tribute ``tr``); ``st`` is the state after it. Tribute, return and buying cards go to
    their two parties only, the others learn how many (GJ-12); declining revolution and
    whether the payer may refuse a card are the decider's own business."""
    event = action_event(a)
    if tr is not None:
        parties = frozenset({tr["from"], tr["to"]})
        if t_step == "pay":
            return [(event, parties, {**action_event(a, False), "count": len(a.cards)})]
        if t_step == "return":
            refusable = (st.tribute_step == "refuse" and st.tribute_index < len(st.tributes)
                         and st.tributes[st.tribute_index] is tr)
            # a return the payer may refuse shows what he lacks: third seats see it only
            # once it is kept
            return [(event, parties, None if refusable else
                     {**action_event(a, False), "count": 1})]
        if a.verb == "refuse":
            return [(event, parties, None)]
        # the payer keeps the card: now third seats learn that a card came back
        return [(event, parties, {"type": "action", "seat": tr["to"], "verb": "return",
                                  "count": 1})]
    if phase == "revolution" and a.verb == "pass":
        return [(event, SELF[a.seat], None)]  # only seats dealt no money are asked
    if phase == "buy":
        bought = st.transfers[-1][3]
        party = {**event, "seller": seller, "bought": cards_text(bought)}
        public = dict(action_event(a, False))
        if a.cards:
            public["count"] = 1
        return [(party, frozenset({a.seat, seller}), public)]
    return [(event, None, None)]


def news_events(st: GoujiState) -> list[Emitted]:
    """The public events of what the last action caused (``st.news``), in order."""
    out: list[Emitted] = []
    for item in st.news:
        kind = item[0]
        if kind == "out":
            seat = item[1]
            out.append(({"type": "out", "seat": seat,
                         "rank": known_ranks(st).get(str(seat))}, None, None))
        elif kind == "round":
            out.append(({"type": "round_won", "seat": item[1], "leader": item[2]}, None, None))
        elif kind == "ranked_last":
            out.append(({"type": "ranked_last", "seat": item[1], "why": item[2]}, None, None))
        elif kind == "burn_succeeded":
            out.append(({"type": "burn_succeeded", "burner": item[1], "burnt": item[2]},
                        None, None))
        elif kind == "burn_broken":
            out.append(({"type": "burn_broken", "burner": item[1], "by": item[2]}, None, None))
        elif kind == "stuck":
            out.append(({"type": "stuck", "seat": item[1], "by": item[2]}, None, None))
        elif kind == "opened":
            out.append(({"type": "point_opened", "seat": item[1]}, None, None))
        elif kind == "chaos":
            out.append(({"type": "chaos"}, None, None))
        elif kind == "revolution":
            # GJ-9: a seat that can buy no 3 (4) and holds no money is in revolution
            out.append(({"type": "revolution", "seat": item[1],
                         "why": f"cannot buy a {item[2]}"}, None, None))
        elif kind == "redeal":
            out.append(({"type": "redeal"}, None, None))
    return out
