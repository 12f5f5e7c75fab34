"""What each seat sees (SJ-13), computed in one place.

A seat sees its own hand; every bid (bid cards are shown); the kitty only if it buried it (all
seats once the round is over when ``reveal_kitty`` is on, and at once with
``kitty_no_points``); every played card and the cards of a failed throw; who won each trick;
the attackers' running score (not the dealer's side with ``hide_points``); the number of cards
in each hand; the called friends and who has been revealed. Never another player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paizhuo.games.shengji.scoring import level_name, levels_json
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.games.shengji.game import ShengjiGame


def kitty_visible(game: ShengjiGame, seat: int) -> bool:
    """Whether ``seat`` may see the kitty as it is now (SJ-13)."""
    if game.phase == "over" and game.opts.reveal_kitty:
        return True
    if game.phase == "bury":
        return seat == game.burier
    if seat in game.buried_by:
        # he buried it; after a kitty fight another kitty lies there, which he did not see
        return game.buried_by[seat] == game.kitty
    return bool(game.opts.kitty_no_points and game.buried_by)


def public_to_act(game: ShengjiGame, seat: int) -> list[int]:
    """The seats to act, as ``seat`` may know them.

    While cards are dealt the engine stops only where a seat has just received a card giving it
    a stronger bid (SJ-4), so *who is asked* tells something about a hidden hand: there a seat
    learns only whether it is itself asked. (After the deal and in a kitty fight every seat is
    asked in turn, which is public.)
    """
    acting = game.to_act()
    if game.phase == "bid" and game.stage == "deal":
        return [s for s in acting if s == seat]
    return acting


def hand_order(game: ShengjiGame, cards: tuple[int, ...]) -> list[int]:
    """Cards as a player sorts them: by suit, trumps last, low to high (by rank before trump
    is known)."""
    ctx = game.ctx
    if ctx is None:
        return sorted(cards, key=lambda c: (c >= 52, c & 3 if c < 52 else 0, c))
    return sorted(cards, key=lambda c: (ctx.group[c], ctx.slot[c], c))


def observation(game: ShengjiGame, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may see, JSON-ready."""
    if not 0 <= seat < game.n:
        raise ValueError(f"no seat {seat}")
    opts = game.opts
    out: dict[str, Any] = {
        "game": "shengji",
        "seat": seat,
        "phase": game.phase,
        "options": opts.to_dict(),
        "to_act": public_to_act(game, seat),
        "dealer": game.dealer,
        "level": level_name(game.level),
        "levels": levels_json(game.levels),
        "trump": game.trump_name(),
        "hand": format_cards(hand_order(game, game.hands[seat].to_tuple())),
        "hand_sizes": [len(h) for h in game.hands],
        "dealt": game.dealt,
        "cards_to_deal": game.total,
        "bids": [dict(b) for b in game.bids],
        "standing_bid": (None if game.standing is None else
                         {"seat": game.bidder, "cards": str(game.standing),
                          "trump": game.standing.trump_name}),
        "stakes": game.stakes,
        "kitty_size": len(game.kitty),
    }
    if game.third_card is not None:
        out["kitty_third_card"] = format_cards((game.third_card,))
    if opts.teams == "bidding":
        # SJ-12: three of the kitty's cards are turned up for everyone
        out["kitty_turned_up"] = format_cards(game.original_kitty[:3])
        out["target"] = game.target if game.target is not None else game.lowest
        out["target_bidder"] = game.lowest_bidder if game.target is None else game.dealer
        out["passed"] = sorted(game.passed)
    out["kitty"] = format_cards(sorted(game.kitty)) if kitty_visible(game, seat) else None
    if seat in game.buried_by and out["kitty"] is None:
        out["my_bury"] = format_cards(game.buried_by[seat])
    if game.calls or opts.teams == "friends":
        out["friends"] = [c.to_json() for c in game.calls]
    if game.trump_known:
        out["defenders"] = sorted(game.defenders)
    # play
    if game.phase in ("play", "over") or game.tricks:
        out["leader"] = game.leader if game.phase == "play" else None
        out["current_trick"] = [{"seat": s, "cards": format_cards(c)} for s, c in game.trick]
        if game.attempted is not None:
            out["throw_attempted"] = format_cards(game.attempted)
        out["tricks"] = [t.to_json() for t in game.tricks]
        out["points_won"] = list(game.won)
        hidden = opts.hide_points and seat in game.defenders and game.phase != "over"
        out["attackers_points"] = None if hidden else game.running_points()
        if hidden:
            out["points_won"] = None
            for t in out["tricks"]:
                t.pop("points", None)
    result = game.result()
    if result is not None and "kitty" in result and out["kitty"] is None:
        # a hidden kitty: its cards, and its points unless they scored (then the attackers'
        # score shows them anyway)
        withheld = ("kitty", "kitty_points") if result.get("kitty_multiplier") == 0 \
            else ("kitty",)
        result = {k: v for k, v in result.items() if k not in withheld}
    out["result"] = result
    return out
