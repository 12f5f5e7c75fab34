"""Paying and returning tribute 进贡 / 还贡 before a game of a series (GJ-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.climbing import RANK_TEXT, STRENGTH_OF_CARD, rank_counts
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.games.gouji.game import GoujiGame


def tribute_apply(game: GoujiGame, a: Action) -> None:
    """Pay, return, or refuse or keep a returned card (GJ-10), advancing the tribute steps."""
    t = game.tributes[game.t_index]
    payer, receiver, n = t["from"], t["to"], t["cards"]
    seat = a.seat
    if a.cards and not game.hands[seat].contains_all(a.cards):
        raise IllegalActionError("GJ-10", f"you do not hold {format_cards(a.cards)}", seat)
    if game.t_step == "pay":
        want = sorted(STRENGTH_OF_CARD[c] for c in game.highest_cards(seat, n))
        if (len(a.cards) != n or not game.hands[seat].contains_all(a.cards)
                or sorted(STRENGTH_OF_CARD[c] for c in a.cards) != want):
            raise IllegalActionError(
                "GJ-10", f"a tribute is your {n} highest card{'s' if n > 1 else ''}: "
                f"{' '.join(RANK_TEXT[g] for g in reversed(want))}", seat)
        game.parties[len(game.actions)] = (payer, receiver)
        game.hands[payer].remove_all(a.cards)
        game.hands[receiver].add_all(a.cards)
        game.t_step, game.t_returned, game.t_refused = "return", 0, set()
        return
    if game.t_step == "return":
        if len(a.cards) != 1 or not game.hands[seat].contains_all(a.cards):
            raise IllegalActionError("GJ-10", "return one card you hold", seat)
        c = a.cards[0]
        if STRENGTH_OF_CARD[c] in game.t_refused:
            raise IllegalActionError("GJ-10", f"seat {payer} refused a "
                                     f"{RANK_TEXT[STRENGTH_OF_CARD[c]]}: return another card",
                                     seat)
        i = len(game.actions)
        game.parties[i] = (payer, receiver)
        game.t_offer, game.t_offer_index = c, i
        held = rank_counts(game.hands[payer])
        others = {STRENGTH_OF_CARD[d] for d in game.hands[receiver].distinct()} - game.t_refused
        if held[STRENGTH_OF_CARD[c]] == 0 and len(others) > 1:
            # Whether the payer may refuse shows what he does not hold: third players see
            # the exchange only once a card is accepted (GJ-12).
            game.unseen[i] = (payer, receiver)
            game.t_step = "refuse"
            return
        accept_return(game)
        return
    game.unseen[len(game.actions)] = (payer, receiver)
    if a.verb == "refuse":
        game.t_refused.add(STRENGTH_OF_CARD[game.t_offer])
        game.t_step = "return"
    else:
        del game.unseen[game.t_offer_index]
        accept_return(game)


def accept_return(game: GoujiGame) -> None:
    """The payer keeps the returned card on offer."""
    t = game.tributes[game.t_index]
    game.hands[t["to"]].remove(game.t_offer)
    game.hands[t["from"]].add(game.t_offer)
    game.t_returned += 1
    game.t_offer = -1
    game.t_step = "return"
    if game.t_returned >= t["cards"]:
        game.t_index += 1
        game.t_step = "pay"
