"""The kitty 底牌 (SJ-5): taking it up, burying, the buries a seat may make (listed, counted,
sampled, step by step); the kitty fight 炒地皮 (SJ-4 option ``kitty_fight``).

The choices where the rules are silent are in ``docs/rules/shengji.md`` (SJ-4, SJ-5).
"""

from __future__ import annotations

import random
from itertools import islice

from paizhuo.cards import NUM_PLAIN_IDS, Counts, ids_of
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, seat_en, seat_zh
from paizhuo.games.shengji import rounds
from paizhuo.games.shengji._follow_leads import count_sub_multisets, sub_multisets
from paizhuo.games.shengji.order import card_points
from paizhuo.games.shengji.state import Emit, RoundState
from paizhuo.notation import format_cards, say_cards

BURY_LIST_CAP = 2000
"""``legal_actions`` lists every bury when there are at most this many; otherwise a fixed
selection (:func:`bury_list`). The step encoding reaches every bury (:func:`bury_steps`)."""


def take_kitty(st: RoundState, seat: int, out: Emit) -> None:
    """``seat`` takes up the kitty and must bury as many cards (SJ-5)."""
    st.hands[seat].add_all(st.kitty)
    st.burier = seat
    st.takers.append(seat)
    st.phase = "bury"
    out({"type": "kitty_taken", "seat": seat, "count": len(st.kitty)}, None, None)


def buryable(st: RoundState, seat: int) -> list[int]:
    """Copies of each plain card id the seat may bury (no point card with
    ``kitty_no_points``)."""
    counts = st.hands[seat].array()[:NUM_PLAIN_IDS]
    if st.opts.kitty_no_points:
        return [0 if card_points(c) else k for c, k in enumerate(counts)]
    return counts  # a copy: slicing made it


def bury_list(st: RoundState, seat: int) -> list[Action]:
    """Every bury when there are at most :data:`BURY_LIST_CAP`; otherwise a fixed selection:
    for every card that can come first in a bury (the lowest card of it), the bury of that
    card and the next lowest cards, then the buries a player would consider first — low side
    cards without points, then side point cards, trumps last — up to the cap. (A full list can
    run to millions; :func:`count_buries` and :func:`bury_steps` stay exact.)"""
    counts = buryable(st, seat)
    k = len(st.kitty)
    if count_sub_multisets(counts, k) <= BURY_LIST_CAP:
        items = [(c, m) for c, m in enumerate(counts) if m]
        return [Action(seat, "bury", cards) for cards in sub_multisets(items, k)]
    ctx = st.ctx
    assert ctx is not None, "trump is known before the bury"
    chosen: dict[tuple[int, ...], None] = {}
    for first in range(NUM_PLAIN_IDS):
        if not counts[first]:
            continue
        cards: list[int] = []
        for c in range(first, NUM_PLAIN_IDS):
            cards.extend([c] * min(counts[c], k - len(cards)))
            if len(cards) == k:
                chosen[tuple(cards)] = None
                break
        else:
            break  # too few cards from here on: none from a later card either
    order = sorted((c for c, m in enumerate(counts) if m),
                   key=lambda c: (ctx.is_trump(c), card_points(c) > 0, ctx.slot[c], c))
    for cards_ in islice(sub_multisets([(c, counts[c]) for c in order], k), 2 * BURY_LIST_CAP):
        chosen[tuple(sorted(cards_))] = None
        if len(chosen) >= BURY_LIST_CAP:
            break
    return [Action(seat, "bury", cards) for cards in chosen]


def bury_mask(st: RoundState, partial: tuple[int, ...]) -> tuple[frozenset[int], bool]:
    """Cards that may be added to ``partial`` (in any order) so that it can still become a
    bury, and whether ``partial`` is one."""
    seat = st.burier
    assert seat is not None
    counts = buryable(st, seat)
    for c in partial:
        if c >= len(counts) or counts[c] == 0:
            return frozenset(), False
        counts[c] -= 1
    k = len(st.kitty)
    if len(partial) >= k:
        return frozenset(), len(partial) == k
    return frozenset(c for c, m in enumerate(counts) if m), False


def bury_steps(st: RoundState, prefix: tuple[int, ...]) -> tuple[set[int], bool]:
    """The step encoding (:mod:`.encoding`): the cards ``c`` (not below the prefix's last) such
    that ``prefix + c`` begins, in ascending order, some bury; and whether ``prefix`` is a
    whole bury."""
    seat = st.burier
    assert seat is not None
    counts = buryable(st, seat)
    k = len(st.kitty)
    last = 0
    for c in prefix:
        if c < last or c >= NUM_PLAIN_IDS or counts[c] == 0:
            return set(), False
        counts[c] -= 1
        last = c
    need = k - len(prefix)
    if need <= 0:
        return set(), need == 0
    mask: set[int] = set()
    avail = 0  # cards at ids ≥ c still free
    for c in range(NUM_PLAIN_IDS - 1, last - 1, -1):
        avail += counts[c]
        if counts[c] and avail >= need:
            mask.add(c)
    return mask, False


def count_buries(st: RoundState, seat: int) -> int:
    """The number of legal buries (exact, by formula)."""
    return count_sub_multisets(buryable(st, seat), len(st.kitty))


def sample_bury(st: RoundState, seat: int, rng: random.Random) -> Action:
    """A uniformly random bury of any buryable cards."""
    counts = buryable(st, seat)
    pool = ids_of(counts)
    return Action(seat, "bury", tuple(sorted(rng.sample(pool, len(st.kitty)))))


def bury(st: RoundState, action: Action, out: Emit) -> None:
    seat, cards = action.seat, action.cards
    if seat != st.burier:
        raise IllegalActionError("SJ-5", f"{seat_en(st.burier)} buries the kitty", seat,
                                 zh=f"由{seat_zh(st.burier)}扣底")
    k = len(st.kitty)
    if len(cards) != k:
        raise IllegalActionError("SJ-5", f"bury exactly {k} cards, not {len(cards)}", seat,
                                 zh=f"要扣 {k} 张底牌，不是 {len(cards)} 张")
    hand = st.hands[seat]
    if any(c >= NUM_PLAIN_IDS for c in cards) or not hand.contains_all(cards):
        raise IllegalActionError("SJ-5", f"you do not hold {_missing(hand, cards)}", seat,
                                 zh=f"你手里没有 {_missing(hand, cards, 'zh')}")
    if st.opts.kitty_no_points:
        pts = [c for c in cards if card_points(c)]
        if pts:
            raise IllegalActionError(
                "SJ-5", f"the kitty may hold no point card at this table (kitty_no_points): "
                f"{say_cards(pts)}", seat,
                zh=f"本桌底牌里不能扣分牌：{say_cards(pts, 'zh')}")
    hand.remove_all(cards)
    st.kitty = cards
    st.burials.append((seat, cards))
    shown = {"type": "action", "seat": seat, "verb": "bury", "cards": format_cards(cards)}
    if st.opts.kitty_no_points:
        out(shown, None, None)  # SJ-5: shown to everyone
    else:
        out(shown, frozenset((seat,)),
            {"type": "action", "seat": seat, "verb": "bury", "count": k})
    if st.opts.kitty_fight:
        st.phase = "kitty_fight"
        # SJ-14.3 fight_reinforce: the burier is asked first, so that the seat whose bid
        # stands can defend it (asked whoever holds the bid, so the turn reveals nothing)
        first = 0 if st.opts.fight_reinforce else 1
        st.queue = [(seat + i) % st.n for i in range(first, st.n)]
        next_fight(st, out)
    else:
        after_bury(st, out)


def after_bury(st: RoundState, out: Emit) -> None:
    st.ask = None
    if st.opts.teams == "friends" and len(st.calls) < st.opts.num_friends:
        st.phase = "call"
        return
    rounds.begin_play(st, out)


# -- the kitty fight --------------------------------------------------------------------------


def next_fight(st: RoundState, out: Emit) -> None:
    """Ask the next seat whether it overcalls (or, with ``fight_reinforce``, reinforces).
    Every other seat is asked in turn (SJ-4 kitty fight; with ``fight_reinforce`` the burier
    first), so whose turn it is reveals nothing of a hand."""
    if st.queue:
        st.ask = st.queue.pop(0)
        return
    st.ask = None
    after_bury(st, out)


def fight_pass(st: RoundState, action: Action, out: Emit) -> None:
    seat = action.seat
    if seat != st.ask:
        raise IllegalActionError("SJ-4", f"it is {seat_en(st.ask)}'s turn to overcall or pass",
                                 seat, zh=f"现在轮到{seat_zh(st.ask)}反底或不反")
    out({"type": "action", "seat": seat, "verb": "pass"}, None, None)
    next_fight(st, out)


def _missing(hand: Counts, cards: tuple[int, ...], lang: str = "en") -> str:
    """Only the cards of ``cards`` not held, as a follow names them: ``3♠ 3♠ (only 1)``."""
    arr = hand.array()
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    out = []
    for c, m in need.items():
        held = arr[c] if c < NUM_PLAIN_IDS else 0
        if held < m:
            if lang == "zh":
                out.append(say_cards([c] * m, lang) + (f"（只有 {held} 张）" if held else ""))
            else:
                out.append(say_cards([c] * m) + (f" (only {held})" if held else ""))
    return ("，" if lang == "zh" else ", ").join(out)


__all__ = ["BURY_LIST_CAP", "after_bury", "bury", "bury_list", "bury_mask", "bury_steps",
           "count_buries", "fight_pass", "next_fight", "sample_bury", "take_kitty"]
