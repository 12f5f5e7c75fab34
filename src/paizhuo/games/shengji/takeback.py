"""Take-backs (SJ-14 ``take_backs``): ``[seat, "take_back"]`` undoes the seat's last bid or
play while nobody has acted since. The record keeps both actions (history is append-only);
the state is exactly as if the action taken back had never been made.

With the option on, the game keeps the state before each action still in effect (``None``
for a bury, pass or call, which cannot be taken back: no chain of take-backs reaches past
one); a take-back restores the last.
"""

from __future__ import annotations

from collections.abc import Sequence

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.shengji.state import Emit, RoundState
from paizhuo.notation import format_cards

UNDOABLE = ("bid", "play")


def undoable(st: RoundState) -> tuple[str, ...]:
    """The verbs a take-back may undo at this table (SJ-14.3 ``take_back_of``)."""
    return {"bids_and_plays": UNDOABLE, "bids": ("bid",), "plays": ("play",)}[
        st.opts.take_back_of]


def last_in_effect(actions: Sequence[Action]) -> Action | None:
    """The last action not taken back."""
    skip = 0
    for action in reversed(actions):
        if action.verb == "take_back":
            skip += 1
        elif skip:
            skip -= 1
        else:
            return action
    return None


def allowed(st: RoundState, actions: Sequence[Action], seat: int) -> bool:
    """Whether ``seat`` may take back now: its own bid or play is the last action in effect."""
    if not st.opts.take_backs or st.phase == "over":
        return False
    last = last_in_effect(actions)
    return last is not None and last.seat == seat and last.verb in undoable(st)


def take_back(st: RoundState, actions: Sequence[Action], seat: int,
              undo: list[RoundState | None] | None,
              out: Emit) -> tuple[RoundState, list[RoundState | None]]:
    """Undo ``seat``'s last bid or play (or raise under SJ-14): the state to go on from (a
    copy of the one before it) and the new undo list."""
    if not st.opts.take_backs or undo is None:
        raise IllegalActionError("SJ-14", "take-backs are off at this table", seat,
                                 zh="本桌不许悔牌")
    if st.phase == "over":
        raise IllegalActionError("SJ-14", "the round is over: nothing can be taken back", seat,
                                 zh="这一局已经结束：不能悔牌")
    last = last_in_effect(actions)
    if last is not None and last.seat == seat and last.verb in UNDOABLE and \
            last.verb not in undoable(st):
        what, what_zh = ("a play", "出牌") if last.verb == "play" else ("a bid", "亮主")
        raise IllegalActionError("SJ-14.3", f"at this table {what} cannot be taken back", seat,
                                 zh=f"本桌不许悔{what_zh}")
    if last is None or last.seat != seat or last.verb not in UNDOABLE:
        raise IllegalActionError(
            "SJ-14", "only your own last bid or play can be taken back, before the next "
            "player acts", seat, zh="只能在下家出手前，悔回你自己刚才的亮主或出牌")
    before = undo[-1]
    assert before is not None, "a bid or play keeps the state before it"
    shown: dict[str, object] = {"verb": last.verb}
    if last.cards:
        shown["cards"] = format_cards(last.cards)
    out({"type": "action", "seat": seat, "verb": "take_back", "taken_back": shown}, None, None)
    return before.copy(), undo[:-1]


def redealt(undo: list[RoundState | None], now: RoundState) -> list[RoundState | None]:
    """The undo list of a determinized copy (state ``now``) from the original's ``undo``:
    the states a chain of take-backs can reach, with
    the copy's cards (what changed since each is public: cards played, the deal's progress,
    a kitty taken up); the earlier ones, which no take-back reaches, dropped."""
    out: list[RoundState | None] = [None] * len(undo)
    plays = [p for t in now.tricks for p in t.plays] + list(now.trick)
    j = len(undo) - 1
    while j >= 0:
        snap = undo[j]
        if snap is None:
            break
        new = snap.copy()
        if snap.phase == "bid":
            hands = [Counts() for _ in range(now.n)]
            for who, card in now.deal_seq[:snap.dealt]:
                hands[who].add(card)
            new.kitty = now.original_kitty
        else:
            hands = [h.copy() for h in now.hands]
            if snap.phase == "kitty_fight" and now.phase == "bury" and now.burier is not None:
                # the overcaller's kitty goes back (a reinforcement, SJ-14.3, changed no hand)
                hands[now.burier].remove_all(now.kitty)
            else:
                for who, cards in plays[len(plays) - (len(undo) - j):]:
                    hands[who].add_all(cards)
            new.kitty = now.kitty
            new.burials = list(now.burials)
        new.hands = hands
        new.original_kitty = now.original_kitty
        new.deal_seq = now.deal_seq
        out[j] = new
        j -= 1
    return out


__all__ = ["allowed", "last_in_effect", "redealt", "take_back"]
