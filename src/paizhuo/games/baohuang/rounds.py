"""Play 出牌 (BH-4): leads, beating, pass, yield 让牌 and the second circle, closing 扣牌, last
plays 底牌 and claims 接风, going out, and the end of the deal.

A *circle* is one answer from each seat still in, after the current play's maker. If nobody
beats the play in its first circle, the seats that yielded answer again (second circle); the
others count as passing again. When no answer is left the round closes and the maker leads —
or, if he has gone out, the claimant, else his next seat still in (接风).
"""

from __future__ import annotations

import random
from typing import Final

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import (
    IllegalActionError,
    MalformedError,
    Words,
    seat_en,
    seat_zh,
    verb_zh,
)
from paizhuo.games.baohuang import views
from paizhuo.games.baohuang.combos import (
    PlayKey,
    beats,
    canonical_cards,
    key_of,
    leads,
    responses,
    responses_tuple,
    why_not,
)
from paizhuo.games.baohuang.state import (
    NUM_SEATS,
    OVER,
    BaohuangState,
    active_after,
)
from paizhuo.games.baohuang.views import Emit
from paizhuo.games.climbing import BJ, SJ, STRENGTH_OF_CARD
from paizhuo.notation import say_cards

# -- what may be done ----------------------------------------------------------------------


def may_yield(st: BaohuangState) -> bool:
    return st.opts.yield_ and st.circle == 1 and st.claimant is None


def may_claim(st: BaohuangState) -> bool:
    return st.opts.claim and st.last_play and st.circle == 1 and st.answered == 0


def secret_guard(st: BaohuangState, seat: int) -> bool:
    return seat == st.guard and seat != st.emperor and not st.revealed


def cards_for(st: BaohuangState, seat: int, key: PlayKey, called_first: bool = False
              ) -> tuple[int, ...]:
    """The canonical cards of a play from ``seat``'s hand (:func:`~.combos.canonical_cards`)."""
    return canonical_cards(st.hands[seat], st.called, key, called_first)


def _reveal_variant(st: BaohuangState, seat: int, key: PlayKey) -> bool:
    """True if the secret guard may choose to play the called card in this play or not."""
    called = st.called
    if called is None or called >= 52 or not key[1] or not secret_guard(st, seat):
        return False
    if STRENGTH_OF_CARD[called] != key[0] or not st.hands[seat][called]:
        return False
    return st.strengths[seat][key[0]] - st.hands[seat][called] >= key[1]


def play_actions(st: BaohuangState, seat: int, keys: list[PlayKey]) -> list[Action]:
    out = []
    for key in keys:
        out.append(Action(seat, "play", cards_for(st, seat, key)))
        if _reveal_variant(st, seat, key):
            out.append(Action(seat, "play", cards_for(st, seat, key, True)))
    return out


def legal(st: BaohuangState, seat: int) -> list[Action]:
    if seat != st.turn:
        return []
    h = st.strengths[seat]
    if st.current is None:
        return play_actions(st, seat, leads(h))
    out = play_actions(st, seat, responses(h, st.current))
    out.append(Action(seat, "pass"))
    if may_yield(st):
        out.append(Action(seat, "yield"))
    if may_claim(st):
        out.append(Action(seat, "claim"))
    return out


def forced(st: BaohuangState, seat: int) -> Action | None:
    """``seat``'s only legal action where that is plain (see ``Game.forced_action``): a pass
    where no play beats the current one and neither a yield nor a claim is open; ``None``
    otherwise, which says nothing."""
    cur = st.current
    if cur is None or seat != st.turn or may_yield(st) or may_claim(st) \
            or responses_tuple(tuple(st.strengths[seat]), cur):
        return None
    return ANSWERS["pass"][seat]


def sample(st: BaohuangState, rng: random.Random) -> Action:
    """A random legal action of the seat to act, without listing every action (uniform over
    the answers: every beating key, pass, yield and claim; leads by rank, then size)."""
    seat = st.turn
    h = st.strengths[seat]
    rand = rng.random
    if st.current is None:
        ranks = [r for r in range(13) if h[r]]
        jokers = h[SJ] + h[BJ]
        if ranks and (not jokers or rand() < 0.9):
            r = ranks[int(rand() * len(ranks))]
            key = (r, 1 + int(rand() * h[r]), int(rand() * (h[SJ] + 1)),
                   int(rand() * (h[BJ] + 1)))
        else:
            while True:
                x, y = int(rand() * (h[SJ] + 1)), int(rand() * (h[BJ] + 1))
                if x + y:
                    break
            key = (SJ if x else BJ, 0, x, y)
    else:
        keys = responses(h, st.current)
        may_y = st.opts.yield_ and st.circle == 1 and st.claimant is None
        may_c = st.opts.claim and st.last_play and st.circle == 1 and st.answered == 0
        i = int(rand() * (len(keys) + 1 + may_y + may_c)) - len(keys)
        if i >= 0:
            verb = "pass" if i == 0 else "yield" if i == 1 and may_y else "claim"
            return ANSWERS[verb][seat]
        key = keys[i]
    return Action(seat, "play", cards_for(st, seat, key,
                                          _reveal_variant(st, seat, key) and rand() < .5))


ANSWERS: Final = {verb: tuple(Action(seat, verb) for seat in range(NUM_SEATS))
                  for verb in ("pass", "yield", "claim")}
"""The answers without cards, one object each by verb and seat (actions are immutable): the
engine's and the heuristic's (most answers of a playout are one of them)."""


# -- applying ------------------------------------------------------------------------------


def apply(st: BaohuangState, action: Action, emit: Emit) -> None:
    seat, verb = action.seat, action.verb
    if seat != st.turn:
        raise IllegalActionError("BH-4", f"it is {seat_en(st.turn)}'s turn, not yours", seat,
                                 zh=f"现在轮到{seat_zh(st.turn)}，不是你")
    if verb == "play":
        _play(st, action, emit)
        return
    if verb not in ("pass", "yield", "claim"):
        raise IllegalActionError("BH-4", f"in play you may play, pass, yield or claim, not "
                                 f"{verb}", seat,
                                 zh=f"出牌时只能出牌、不要、让牌或申请接风，不能{verb_zh(verb)}")
    if action.cards:
        raise MalformedError("[2]", f"{verb} names no cards", zh=f"{verb_zh(verb)}不带牌")
    if st.current is None:
        raise IllegalActionError("BH-4", "you lead this round: play a set of cards", seat,
                                 zh="这一轮该你先出：出一手牌")
    if verb == "pass":
        pass
    elif verb == "yield":
        if not st.opts.yield_:
            raise IllegalActionError("BH-4", "yielding is off at this table", seat,
                                     zh="本桌不许让牌")
        if st.circle != 1:
            raise IllegalActionError("BH-4", "you may yield only in the first circle", seat,
                                     zh="只有第一圈才能让牌")
        if st.claimant is not None:
            raise IllegalActionError("BH-4", f"{seat_en(st.claimant)} has claimed the lead: beat "
                                     "the last play or pass", seat,
                                     zh=f"{seat_zh(st.claimant)}已经申请接风：管上一手牌或者不要")
        st.yielders.append(seat)
    elif verb == "claim":
        if not st.opts.claim:
            raise IllegalActionError("BH-4", "claiming the lead is off at this table", seat,
                                     zh="本桌不许接风")
        if not st.last_play:
            raise IllegalActionError("BH-4", "you may claim the lead 接风 only over a "
                                     "player's last play", seat,
                                     zh="只有别人出完最后一手牌时才能申请接风")
        if st.circle != 1 or st.answered:
            raise IllegalActionError("BH-4", "only the next player still in may claim the "
                                     "lead, as his first answer to the last play", seat,
                                     zh="只有下一个还在的人，在第一次应答那最后一手牌时，才能申请接风")
        st.claimant = seat
    emit(_ANSWER_EVENTS[verb][seat])
    if st.circle == 1:
        st.answered += 1
    st.queue.pop(0)
    _advance(st, emit)


_ANSWER_EVENTS = {verb: [{"type": "action", "seat": seat, "verb": verb}
                         for seat in range(NUM_SEATS)] for verb in ("pass", "yield", "claim")}
"""The events of the answers without cards, built once (they are the commonest actions; an
event payload is never changed after it is emitted)."""


def held_cards(st: BaohuangState, seat: int, cards: tuple[int, ...], rule: str
               ) -> tuple[int, ...]:
    """The cards as held, ``BJ`` and ``BJ*`` standing in for each other; else illegal,
    naming every missing card as the player wrote it (a plain ``BJ`` is not ``BJ*``)."""
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    hand = st.hands[seat]
    big = need.get(BIG_JOKER, 0) + need.get(EMPEROR_CARD, 0)
    have = hand[BIG_JOKER] + hand[EMPEROR_CARD]
    short_of_big = big > have
    missing: list[str] = []
    missing_zh: list[str] = []
    for c, k in need.items():
        if c in (BIG_JOKER, EMPEROR_CARD):
            if not short_of_big:
                continue
            short_of_big = False  # the big jokers are named once, where first written
            written = ("BJ" if not need.get(EMPEROR_CARD) else
                       "BJ*" if not need.get(BIG_JOKER) else "BJ/BJ*")
            held = (f"{have} × BJ, the emperor card BJ* included" if hand[EMPEROR_CARD]
                    else str(have))
            missing.append(f"{big} × {written} (you hold {held})")
            written_zh = ("大王" if not need.get(EMPEROR_CARD) else
                          "大王★" if not need.get(BIG_JOKER) else "大王或大王★")
            held_zh = (f"{have} 个大王，包括皇帝牌大王★" if hand[EMPEROR_CARD] else str(have))
            missing_zh.append(f"{big} 个{written_zh}（你只有 {held_zh}）")
        elif k > hand[c]:
            missing.append(f"{k} × {say_cards((c,))} (you hold {hand[c]})")
            missing_zh.append(f"{k} 张 {say_cards((c,), 'zh')}（你只有 {hand[c]} 张）")
    if missing:
        raise IllegalActionError(rule, "you do not hold " + " and ".join(missing), seat,
                                 zh="你手里没有" + "和".join(missing_zh))
    if not big:
        return cards
    star = min(need.get(EMPEROR_CARD, 0), hand[EMPEROR_CARD])
    plain = big - star
    if plain > hand[BIG_JOKER]:
        star += plain - hand[BIG_JOKER]
        plain = hand[BIG_JOKER]
    need[BIG_JOKER], need[EMPEROR_CARD] = plain, star
    return tuple(sorted(c for c, k in need.items() for _ in range(k)))


def _play(st: BaohuangState, action: Action, emit: Emit) -> None:
    seat = action.seat
    # cards not held are named first, before the set's shape and any comparison
    cards = held_cards(st, seat, action.cards, "BH-4")
    try:
        key = key_of(action.cards)
    except ValueError as exc:
        why = exc.args[0] if exc.args else ""
        why_zh = why.zh if isinstance(why, Words) else "这不是一手牌"
        raise IllegalActionError("BH-3", f"{exc}: a set is cards of one rank plus jokers",
                                 seat, zh=f"{why_zh}：一手牌是同一点数的牌加上王") from None
    cur = st.current
    if cur is not None and not beats(key, cur):
        raise IllegalActionError("BH-3", why_not(key, cur), seat)
    emit({"type": "action", "seat": seat, "verb": "play", "cards": views.notation(cards)})
    hand, strengths, played = st.hands[seat], st.strengths[seat], st.played[seat]
    for card in cards:  # take() inlined: this is the hot path of every playout
        hand[card] -= 1
        strengths[STRENGTH_OF_CARD[card]] -= 1
        played[card] += 1
    # the seat's pile in notation, from its sorted ids (a merge, not a count array's walk)
    ids, names = st.played_ids, st.played_names
    mine = tuple(sorted(ids[seat] + cards))
    st.played_ids = (*ids[:seat], mine, *ids[seat + 1:])
    st.played_names = (*names[:seat], views.notation(mine), *names[seat + 1:])
    st.sizes[seat] -= len(cards)
    if cur is not None and st.maker == st.emperor:
        beat = st.beat_emperor
        st.beat_emperor = (*beat[:seat], beat[seat] + 1, *beat[seat + 1:])
    called = st.called
    if secret_guard(st, seat) and called is not None and (
            called in cards or (called == BIG_JOKER and EMPEROR_CARD in cards)):
        st.revealed = True
        views.emit_reveal(st, "called_card", emit)
    st.led = True
    st.current = key
    st.current_cards = cards
    st.maker = seat
    st.circle = 1
    st.answered = 0
    st.yielders = []
    st.claimant = None
    st.last_play = st.sizes[seat] == 0
    if st.last_play:
        st.finished.append(seat)
        st.out[seat] = True
        emit({"type": "out", "seat": seat, "place": len(st.finished)})
        if len(st.finished) == NUM_SEATS - 1:
            last = next(s for s in range(NUM_SEATS) if not st.out[s])
            st.finished.append(last)
            emit({"type": "out", "seat": last, "place": NUM_SEATS})
            st.phase = OVER
            st.queue = []
            if not st.revealed:
                st.revealed = True
                if st.guard is not None:
                    views.emit_reveal(st, "end", emit)
            views.emit_over(st, emit)
            return
    st.queue = active_after(st, seat)
    st.turn = st.queue[0]


def _advance(st: BaohuangState, emit: Emit) -> None:
    if st.queue:
        st.turn = st.queue[0]
        return
    if st.circle == 1 and st.yielders:
        st.circle = 2
        st.queue = st.yielders
        st.yielders = []
        st.turn = st.queue[0]
        emit({"type": "second_circle", "seats": list(st.queue)})
        return
    # closed 扣牌: the maker leads, or the claimant, or the maker's next seat still in (接风)
    if st.claimant is not None:
        leader = st.claimant
    elif not st.out[st.maker]:
        leader = st.maker
    else:
        leader = active_after(st, st.maker)[0]
    emit({"type": "round_won", "seat": st.maker, "leader": leader})
    st.current = None
    st.current_cards = ()
    st.last_play = False
    st.claimant = None
    st.circle = 1
    st.turn = leader
