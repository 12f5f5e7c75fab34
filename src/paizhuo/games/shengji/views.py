"""What each seat sees (SJ-13), computed in one place; a spectator sees what any non-player
sees.

A seat sees its own hand; every bid (bid cards are shown); the kitty only if it buried the
kitty lying there (everyone once the round is over when ``reveal_kitty`` is on, and at once
with ``kitty_no_points``); every played card and the cards of a failed throw; who won each
trick (only the last trick's cards while in play with ``hide_played``); the attackers'
running score (not the dealer's side with ``hide_points``); the number
of cards in each hand; the called friends and who has been revealed. Never another player's
hand. The events each action shows are emitted by the rules (:mod:`.rounds`, :mod:`.deal` …)
with the same audiences.
"""

from __future__ import annotations

from typing import Any

from paizhuo.engine.game import View
from paizhuo.games.shengji.deal import trump_text
from paizhuo.games.shengji.rounds import hidden_kitty_result, running_points
from paizhuo.games.shengji.rules import to_act
from paizhuo.games.shengji.scoring import level_name, levels_json
from paizhuo.games.shengji.state import RoundState
from paizhuo.notation import format_cards


def kitty_visible(st: RoundState, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see the kitty as it is now (SJ-13)."""
    if st.phase == "over" and st.opts.reveal_kitty:
        return True
    if st.phase == "bury":
        return seat is not None and seat == st.burier
    if st.opts.kitty_no_points and st.burials:
        return True
    # the seat that buried the kitty lying there; after a kitty fight another kitty lies
    # there, which the first burier did not see
    return seat is not None and seat == st.kitty_owner


def record_viewers(st: RoundState) -> frozenset[int] | None:
    """The seats that may keep the round's record once it is over; ``None``: anyone (SJ-13).

    A record names the kitty as dealt and every bury. Where the rules show the kitty to all
    (after the round with ``reveal_kitty``, once buried with ``kitty_no_points``) the round's
    record is anyone's, as every other game's deal is once over. Otherwise the kitty's cards
    stay with the seats that saw them at the table, so the record goes only to a seat that
    saw all of them: the kitty as dealt is seen by the seat that took it up first, each bury
    by its burier and by the seat that took it up next (a kitty fight). Without a kitty
    fight that is the dealer who buried; after an overcall took the kitty, usually nobody
    (the first burier never saw the kitty lying there, the overcaller never saw the kitty
    as dealt); in a deal thrown in before anyone took up the kitty, nobody.
    """
    opts = st.opts
    if opts.reveal_kitty or opts.kitty_no_points or not st.original_kitty:
        return None
    if not st.takers:
        return frozenset()
    saw_all = {st.takers[0]}
    for i, (burier, _) in enumerate(st.burials):
        saw_all &= {burier, *st.takers[i + 1:i + 2]}
    return frozenset(saw_all)


def public_to_act(st: RoundState, seat: int | None) -> list[int]:
    """The seats to act, as ``seat`` may know them.

    While cards are dealt the engine stops only where a seat has just received a card giving
    it a stronger bid (SJ-4), so *who is asked* tells something about a hidden hand: there a
    seat learns only whether it is itself asked. (After the deal and in a kitty fight every
    seat is asked in turn, which is public.)
    """
    acting = to_act(st)
    if st.phase == "bid" and st.stage == "deal":
        return [s for s in acting if s == seat]
    return acting


def hand_order(st: RoundState, cards: tuple[int, ...]) -> list[int]:
    """Cards as a player sorts them: by suit, trumps last, low to high (by rank before trump
    is known)."""
    ctx = st.ctx
    if ctx is None:
        return sorted(cards, key=lambda c: (c >= 52, c & 3 if c < 52 else 0, c))
    return sorted(cards, key=lambda c: (ctx.group[c], ctx.slot[c], c))


def observe(st: RoundState, seat: int | None) -> View:
    """Everything ``seat`` (None: a spectator) may see, JSON-ready."""
    opts = st.opts
    details: dict[str, Any] = {
        "options": opts.to_dict(),
        "dealer": st.dealer,
        "level": level_name(st.level),
        "levels": levels_json(st.levels),
        "trump": trump_text(st),
        "dealt": st.dealt,
        "cards_to_deal": st.total,
        "bids": [dict(b) for b in st.bids],
        "standing_bid": (None if st.standing is None else
                         {"seat": st.bidder, "cards": str(st.standing),
                          "trump": st.standing.trump_name}),
        "stakes": st.stakes,
        "kitty_size": len(st.kitty),
        # SJ-9: what the attackers play for — every card point of the decks, the level step
        # and the points that win them the deal (two steps; the bid target in SJ-12)
        "points_total": 100 * opts.decks,
        "step": opts.step,
        "attackers_need": (st.target if opts.teams == "bidding" else 2 * opts.step),
    }
    if st.phase == "bid":
        details["stage"] = st.stage
    if st.turned_card is not None:
        if opts.no_bid == "kitty_third_card":
            details["kitty_third_card"] = format_cards((st.turned_card,))
        else:
            details["kitty_turned_up"] = format_cards(
                [st.original_kitty[i] for i in st.turned_up])
            details["kitty_trump_card"] = format_cards((st.turned_card,))
    if opts.teams == "bidding":
        # SJ-12: three of the kitty's cards are turned up for everyone
        details["kitty_turned_up"] = format_cards(st.original_kitty[:3])
        details["target"] = st.target if st.target is not None else st.lowest
        details["target_bidder"] = st.lowest_bidder if st.target is None else st.dealer
        details["passed"] = sorted(st.passed)
    visible = kitty_visible(st, seat)
    details["kitty"] = format_cards(sorted(st.kitty)) if visible else None
    if seat is not None and not visible:
        mine = [cards for s, cards in st.burials if s == seat]
        if mine:
            details["my_bury"] = format_cards(mine[-1])
    if st.calls or opts.teams == "friends":
        details["friends"] = [c.to_json() for c in st.calls]
    if st.trump_known:
        details["defenders"] = sorted(st.defenders)
    if st.phase in ("play", "over") or st.tricks:
        details["leader"] = st.leader if st.phase == "play" else None
        details["current_trick"] = [{"seat": s, "cards": format_cards(c)} for s, c in st.trick]
        if st.attempted is not None:
            details["throw_attempted"] = format_cards(st.attempted)
            details["throw_blocked_by"] = st.blocked_by
        hidden = (opts.hide_points and seat is not None and seat in st.defenders
                  and st.phase != "over")
        tricks = [t.to_json() for t in st.tricks]
        if hidden:
            for t in tricks:
                del t["points"]
        if opts.hide_played and st.phase == "play":
            # SJ-14.6: no 记牌 — the cards of the tricks before the last are not shown
            for t in tricks[:-1]:
                del t["plays"]
                t.pop("attempted", None)
                t["hidden"] = True
        points_won: list[int | None] | None = None if hidden else list(st.won)
        if opts.hide_defender_points and st.phase != "over":
            # SJ-14.6: the points the dealer's side (as far as it is known) has taken
            for t in tricks:
                if t["winner"] in st.defenders:
                    t.pop("points", None)
            if points_won is not None:
                for s in st.defenders:
                    points_won[s] = None
        details["tricks"] = tricks
        details["points_won"] = points_won
        details["attackers_points"] = None if hidden else running_points(st)
    result = st.result
    if result is not None:
        # a copy: what a viewer does with its observation never reaches the round
        result = (hidden_kitty_result(result) if "kitty" in result and details["kitty"] is None
                  else dict(result))
    hand = None if seat is None else format_cards(hand_order(st, st.hands[seat].to_tuple()))
    return View(hand=hand, hand_sizes=[len(h) for h in st.hands],
                to_act=public_to_act(st, seat), result=result, details=details)


__all__ = ["hand_order", "kitty_visible", "observe", "public_to_act", "record_viewers"]
