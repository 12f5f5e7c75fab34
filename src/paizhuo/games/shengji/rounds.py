"""The play (SJ-6 … SJ-8) and the end of the round (SJ-9): leads, failed throws, follows,
tricks won, and the result — or a deal thrown in.

A play is validated completely before anything changes. The choices where the rules are
silent are in ``docs/rules/shengji.md`` (SJ-6 … SJ-9).
"""

from __future__ import annotations

from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, Words, seat_en, seat_zh
from paizhuo.games.shengji.combos import decompose, make_lead
from paizhuo.games.shengji.follow import follow_error, lead_error
from paizhuo.games.shengji.friends import note_friend_cards, resolve_by_holding
from paizhuo.games.shengji.order import POINTS, points_of
from paizhuo.games.shengji.scoring import RoundInput, level_name, score_round
from paizhuo.games.shengji.state import Emit, RoundState, TrickLog
from paizhuo.games.shengji.trick import check_throw, trick_winner, unit_beaten_by
from paizhuo.notation import format_cards, say_cards


def begin_play(st: RoundState, out: Emit, resolve: bool = True) -> None:
    """Every friend called (or none at this table): the play starts."""
    if resolve and st.opts.teams == "friends" and st.opts.friend_by == "holding":
        for made in st.calls:  # calls a position started with
            if not made.resolved:
                resolve_by_holding(st, made, out)
    start_play(st, st.position_leader)


def start_play(st: RoundState, leader: int | None = None) -> None:
    st.phase = "play"
    if leader is None:
        assert st.dealer is not None
        leader = st.dealer
    st.leader = st.current = leader
    st.trick = []
    st.lead = None
    st.attempted = None
    st.blocked_by = None


def play(st: RoundState, action: Action, trusted: bool, out: Emit) -> None:
    """A lead or a follow. ``trusted``: the action came from the engine's own sampler on this
    very state, so it is legal and the checks (most of a play's cost) are skipped."""
    seat, cards = action.seat, action.cards
    ctx = st.ctx
    assert ctx is not None
    hand = st.hands[seat]
    lead = st.lead
    if lead is None:
        rules = st.rules
        if not trusted:
            if seat != st.current:
                raise IllegalActionError("SJ-6", f"it is {seat_en(st.current)}'s turn to play",
                                         seat, zh=f"现在轮到{seat_zh(st.current)}出牌")
            refused = lead_error(hand, cards, ctx, rules, st.allow_throws)
            if refused is not None:
                raise IllegalActionError(*refused, seat)
        new_lead = make_lead(cards, ctx, rules)
        played = cards
        if new_lead.is_throw:
            res = check_throw(cards, seat, st.hands, ctx, rules)
            if res is not None:
                played = tuple(sorted(res[0]))
                new_lead = make_lead(played, ctx, rules)
                st.attempted = cards
                st.blocked_by = _blocker(st, seat, new_lead.units[0])
                st.taken_back[seat] += len(cards) - len(played)
        for c in played:
            hand.remove(c)
        st.lead = new_lead
        st.trick = [(seat, played)]
        out({"type": "action", "seat": seat, "verb": "play", "cards": text(cards)}, None, None)
        if st.attempted is not None:
            out({"type": "throw_failed", "seat": seat, "attempted": text(cards),
                 "blocked_by": st.blocked_by, "played": text(played)}, None, None)
    else:
        if not trusted:
            if seat != st.current:
                raise IllegalActionError("SJ-8", f"it is {seat_en(st.current)}'s turn to play",
                                         seat, zh=f"现在轮到{seat_zh(st.current)}出牌")
            if not cards:
                raise IllegalActionError("SJ-6", "a play needs at least one card", seat,
                                         zh="出牌至少要出一张")
            err = follow_error(hand, lead, cards, ctx, st.rules)
            if err is not None:
                if st.attempted is not None:
                    err = Words(
                        f"{err} (the throw {say_cards(st.attempted)} failed and was taken "
                        f"back to {say_cards(lead.cards)}, SJ-7)",
                        f"{err.zh}（甩牌 {say_cards(st.attempted, 'zh')} 失败，收回为 "
                        f"{say_cards(lead.cards, 'zh')}，SJ-7）")
                raise IllegalActionError("SJ-8", err, seat)
        for c in cards:
            hand.remove(c)
        played = cards
        st.trick.append((seat, cards))
        out({"type": "action", "seat": seat, "verb": "play", "cards": text(cards)}, None, None)
    if st.calls and st.opts.friend_by == "play":
        note_friend_cards(st, seat, played, out)
    if len(st.trick) == st.n:
        end_trick(st, out)
    else:
        st.current = (seat + 1) % st.n


_TEXT: dict[tuple[int, ...], str] = {}


def text(cards: tuple[int, ...]) -> str:
    """``format_cards`` for the plays of events, which repeat from round to round (cached:
    the event log is on the hot path)."""
    found = _TEXT.get(cards)
    if found is None:
        if len(_TEXT) > 100_000:
            _TEXT.clear()
        found = _TEXT[cards] = format_cards(cards)
    return found


def _blocker(st: RoundState, leader: int, forced: Any) -> int | None:
    """The first seat after the leader holding a unit that beats the forced one (SJ-7)."""
    ctx = st.ctx
    assert ctx is not None
    g = ctx.group[forced.cards[0]]
    for k in range(1, st.n):
        s = (leader + k) % st.n
        if unit_beaten_by(forced, st.hands[s].array(), g, ctx):
            return s
    return None


def end_trick(st: RoundState, out: Emit) -> None:
    ctx = st.ctx
    lead = st.lead
    assert ctx is not None and lead is not None
    trick = st.trick
    plays = [c for _, c in trick]
    idx = trick_winner(lead, plays, ctx, st.rules)
    winner = trick[idx][0]
    pts = 0
    for cards in plays:
        for c in cards:
            pts += POINTS[c]
    st.won[winner] += pts
    st.tricks.append(TrickLog(st.leader, tuple(trick), st.attempted, winner, pts))
    won = {"type": "trick", "winner": winner, "points": pts}
    if st.opts.hide_defender_points and winner in st.defenders:
        # SJ-14.6: nobody sees the points the dealer's side takes
        out({"type": "trick", "winner": winner}, None, None)
    elif st.opts.hide_points:
        # SJ-14 hide_points: the dealer's side does not see the trick points
        out({"type": "trick", "winner": winner}, frozenset(st.defenders), won)
    else:
        out(won, None, None)
    if not st.hands[winner]:
        finish_round(st, winner, plays[idx], out)
        return
    st.leader = st.current = winner
    st.trick = []
    st.lead = None
    st.attempted = None
    st.blocked_by = None


def attackers(st: RoundState) -> frozenset[int]:
    return frozenset(range(st.n)) - st.defenders


def running_points(st: RoundState) -> int:
    """The attackers' score so far (SJ-13): their trick points, penalties, the start."""
    side = attackers(st)
    pts = st.base_points + sum(st.won[s] for s in side)
    if st.opts.throw_penalty != "per_card":
        return pts
    for s, k in enumerate(st.taken_back):
        if k:
            pts += 10 * k if s not in side else -10 * k
    return max(0, pts)


def finish_round(st: RoundState, last_winner: int, last_cards: tuple[int, ...],
                 out: Emit) -> None:
    """Score the round (SJ-9) and report it: the kitty turned over (with ``reveal_kitty``),
    then the result, which hides a hidden kitty from those who may not see it."""
    ctx = st.ctx
    assert ctx is not None and st.dealer is not None
    opts = st.opts
    defenders = frozenset(st.defenders)
    side = attackers(st)
    card_pts = running_points(st)
    units = tuple(decompose(last_cards, ctx, st.rules)) if last_cards else ()
    inp = RoundInput(
        num_players=st.n, decks=opts.decks, step=opts.step, teams=opts.teams,
        dealer=st.dealer, defenders=defenders, attackers=side,
        card_points=card_pts, kitty_points=points_of(st.kitty),
        last_trick_winner=last_winner, last_trick_units=units,
        last_trick_cards=tuple(last_cards), levels=dict(st.levels), level_rank=st.level,
        stakes=st.stakes, target=st.target,
        kitty_multiplier=opts.kitty_multiplier, dealer_stays=opts.dealer_stays,
        must_play_levels=opts.must_play_level_indices, overflow=opts.overflow,
        hook_j=opts.hook_j, round_points=opts.round_points,
        round_points_base=opts.round_points_stake, play_past_ace=opts.play_past_ace,
        dead_zone=opts.dead_zone, hook_j_rule=opts.hook_j_rule,
    )
    score = score_round(inp)
    st.score = score
    st.phase = "over"
    result: dict[str, Any] = {
        "trump": "NT" if st.trump is None else "SHCD"[st.trump],
        "level": level_name(st.level),
        "dealer": st.dealer,
        "defenders": sorted(defenders),
        "attackers": sorted(side),
        "card_points": card_pts,
    }
    result.update(score.to_json())
    result["kitty"] = format_cards(st.kitty)
    result["last_trick_winner"] = last_winner
    result["stakes"] = st.stakes
    if st.target is not None:
        result["target"] = st.target
    if st.calls:
        result["friends"] = [c.to_json() for c in st.calls]
    if any(st.taken_back):
        result["cards_taken_back"] = {str(s): k for s, k in enumerate(st.taken_back) if k}
    st.result = result
    if opts.reveal_kitty or opts.kitty_no_points:
        out({"type": "kitty", "cards": format_cards(st.kitty),
             "points": points_of(st.kitty)}, None, None)
        out({"type": "over", "result": result}, None, None)
    else:
        owner = st.kitty_owner
        out({"type": "over", "result": result},
            frozenset(()) if owner is None else frozenset((owner,)),
            {"type": "over", "result": hidden_kitty_result(result)})


def hidden_kitty_result(result: dict[str, Any]) -> dict[str, Any]:
    """The result without a kitty the viewer may not see: its cards, and its points unless
    they scored (then the attackers' score shows them anyway)."""
    withheld = ("kitty", "kitty_points") if result.get("kitty_multiplier") == 0 else ("kitty",)
    return {k: v for k, v in result.items() if k not in withheld}


def void(st: RoundState, reason: str, out: Emit) -> None:
    """The deal is thrown in (SJ-4 no bid, SJ-12 all pass, SJ-14 redeal rule)."""
    st.phase = "over"
    st.result = {"redeal": True, "reason": reason}
    out({"type": "over", "result": st.result}, None, None)


__all__ = ["attackers", "begin_play", "end_trick", "finish_round", "hidden_kitty_result",
           "play", "running_points", "start_play", "void"]
