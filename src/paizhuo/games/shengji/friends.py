"""Finding friends 找朋友 (SJ-11): the dealer's calls and how friends are found.

The choices where the rules are silent are in ``docs/rules/shengji.md`` (SJ-11).
"""

from __future__ import annotations

from paizhuo.cards import NUM_PLAIN_IDS
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, Words, seat_en, seat_zh
from paizhuo.games.shengji.order import card_points
from paizhuo.games.shengji.setup import parse_friend_call
from paizhuo.games.shengji.state import Emit, FriendCall, RoundState
from paizhuo.notation import format_cards, say_cards


def call_refusal(st: RoundState, seat: int, card: int) -> Words | None:
    """Why the dealer may not call ``card`` under the house rules of SJ-14.4 (``friend_cards``,
    ``friend_not_all_held``), or ``None`` if he may."""
    rule = st.opts.friend_cards
    ctx = st.ctx
    text, text_zh = say_cards((card,)), say_cards((card,), "zh")
    if rule != "any" and ctx is not None:
        if ctx.is_trump(card):
            return Words(f"a friend is called with a card that is not a trump: {text} is one",
                         f"叫朋友不能叫主牌：{text_zh} 是主牌")
        if rule == "no_highest" and ctx.slot[card] == ctx.slot_count[ctx.group[card]] - 1:
            return Words(f"a friend may not be called with the highest card of a suit "
                         f"({text})", f"叫朋友不能叫一门花色最大的牌（{text_zh}）")
        if rule == "no_points" and card_points(card):
            return Words(f"a friend may not be called with a point card ({text})",
                         f"叫朋友不能叫分牌（{text_zh}）")
    if st.opts.friend_not_all_held and st.hands[seat][card] >= st.opts.decks:
        return Words(f"you hold every {text}: call a card someone else holds",
                     f"{text_zh} 你全都有：要叫别人手里有的牌")
    return None


def callable_cards(st: RoundState, seat: int) -> list[int]:
    """The cards the dealer may call (every card but those the house rules rule out)."""
    return [c for c in range(NUM_PLAIN_IDS) if call_refusal(st, seat, c) is None]


def call(st: RoundState, action: Action, out: Emit) -> None:
    """The dealer calls a friend: ``{"card": "AH", "nth": 1}``. The caller starts the play
    once every friend is called."""
    seat = action.seat
    if seat != st.dealer:
        raise IllegalActionError("SJ-11", f"the dealer ({seat_en(st.dealer)}) calls the friends",
                                 seat, zh=f"由庄家（{seat_zh(st.dealer)}）叫朋友")
    if action.cards:
        raise MalformedError("[2]", "a call names its card in the extra: "
                             "{\"card\": \"AH\", \"nth\": 1}", zh="叫朋友要说明是哪张牌的第几张")
    extra = dict(action.extra or {})
    if "card" not in extra:
        raise MalformedError("[3]", "a call is {\"card\": \"AH\", \"nth\": 1}",
                             zh="叫朋友要说明是哪张牌的第几张")
    found = parse_friend_call(extra, "[3]", st.opts.decks)
    decks = st.opts.decks
    if not 1 <= found.nth <= decks:
        raise IllegalActionError(
            "SJ-11", f"there are {decks} copies of each card: call copy 1 to {decks}, not "
            f"{found.nth}", seat,
            zh=f"每张牌有 {decks} 张：只能叫第 1 到第 {decks} 张，不能叫第 {found.nth} 张")
    refused = call_refusal(st, seat, found.card)
    if refused is not None:
        raise IllegalActionError("SJ-14.4", refused, seat)
    if st.opts.friend_by == "holding" and found.nth != 1:
        raise IllegalActionError(
            "SJ-11", f"friends are found by holding (边锋): call the card itself, copy 1 — "
            f"whoever holds a copy joins you, so copy {found.nth} means nothing", seat,
            zh=f"边锋规则按持有找朋友：只叫这张牌（第 1 张），谁有这张牌谁就是朋友，叫第 "
               f"{found.nth} 张没有意义")
    made = FriendCall(found.card, found.nth)
    st.calls.append(made)
    text = format_cards((made.card,))
    st.bids.append({"seat": seat, "kind": "call", "card": text, "nth": made.nth})
    out({"type": "action", "seat": seat, "verb": "call", "card": text, "nth": made.nth},
        None, None)
    if st.opts.friend_by == "holding":
        resolve_by_holding(st, made, out)  # 边锋: known at once


def resolve_by_holding(st: RoundState, made: FriendCall, out: Emit) -> None:
    """SJ-11 ``friend_by = holding``: the holder nearest after the dealer joins him (none when
    the dealer holds every copy, or nobody else holds one)."""
    made.resolved = True
    dealer = st.dealer
    assert dealer is not None
    for k in range(1, st.n):
        s = (dealer + k) % st.n
        if st.hands[s][made.card]:
            made.friend = s
            st.defenders.add(s)
            out(_found(made, s), None, None)
            return


def note_friend_cards(st: RoundState, seat: int, played: tuple[int, ...], out: Emit) -> None:
    """SJ-11 by play: count the called copies; the Nth one's player joins the dealer."""
    for made in st.calls:
        if made.resolved:
            continue
        k = played.count(made.card)
        if not k:
            continue
        before = made.played
        made.played += k
        if before < made.nth <= made.played:
            made.resolved = True
            if seat != st.dealer:
                made.friend = seat
                st.defenders.add(seat)
                out(_found(made, seat), None, None)


def _found(made: FriendCall, seat: int) -> dict[str, object]:
    return {"type": "friend_found", "seat": seat, "card": format_cards((made.card,)),
            "nth": made.nth}


__all__ = ["call", "call_refusal", "callable_cards", "note_friend_cards", "resolve_by_holding"]
