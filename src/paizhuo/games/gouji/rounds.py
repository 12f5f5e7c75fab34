"""The play phase: rounds, passing, the 对头 rule, yielding, burning, going out (GJ-5 … GJ-9).

Functions of a :class:`~paizhuo.games.gouji.state.GoujiState` in its ``play`` phase. The stage
is ``lead`` (the leader must play, GJ-5), ``burn`` (after a gouji play, seats that could burn
it are asked in priority order, GJ-6: ``burn`` takes it, ``pass`` declines — declining is not
passing the round) or ``answer`` (the seats that may answer the play on the table are asked in
turn, ``queue``: each plays, passes, yields 让牌 or claims the lead 申请接风). When the queue
runs out the round ends and its last play's maker (or his 接风 heir) leads.

What happens beyond the action itself (a seat out, a round won, a burn decided) is noted in
``st.news`` for the events.
"""

from __future__ import annotations

from typing import Final

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, Words, seat_en, seat_zh, verb_zh
from paizhuo.games.climbing import FOUR
from paizhuo.games.gouji.burning import burn_plays, candidates
from paizhuo.games.gouji.combos import (
    Shape,
    after,
    all_plays,
    beating_tuple,
    beats,
    can_finish_burn,
    cards_for,
    describe,
    describe_zh,
    is_gouji,
    keeps_three_rule,
    opens_point,
    shape_of,
    size,
)
from paizhuo.games.gouji.refusals import burn_refusal, not_held, wrong_seat
from paizhuo.games.gouji.state import (
    ANSWER,
    BURN,
    LEAD,
    OVER,
    SEATS,
    GoujiState,
    bound_by_three,
    headless,
    holds_only_threes,
    opp,
)


def begin(st: GoujiState, leader: int, first_lead: str = "") -> None:
    """Start the play phase with ``leader`` to lead (his heir if he is out)."""
    st.play_began = True
    st.phase = "play"
    st.stage = LEAD
    st.turn = leader
    st.first_lead = first_lead
    update_chaos(st)
    if sum(st.active) <= 1:
        finish(st)
    elif not st.active[leader]:
        st.turn = heir(st, leader)


# -- queries ------------------------------------------------------------------------------

def heir(st: GoujiState, seat: int) -> int:
    """接风: the next player still in after ``seat`` (not a stuck player, GJ-7/GJ-9)."""
    fallback = -1
    for i in range(1, SEATS + 1):
        s = (seat + i) % SEATS
        if st.active[s]:
            if not st.stuck[s]:
                return s
            if fallback < 0:
                fallback = s
    return fallback


def update_chaos(st: GoujiState) -> None:
    """GJ-8: 头科 and 二科 out (or a revolution and 头科) → 四户乱缠."""
    chaos = len(st.tops) >= 2 or (bool(st.revolution) and len(st.tops) >= 1)
    if chaos and not st.chaos:
        st.news.append(("chaos",))
    st.chaos = chaos


def responders(st: GoujiState, maker: int) -> list[int]:
    """The seats that may answer ``maker``'s play just made, in order (GJ-5, GJ-7, GJ-8)."""
    order = [(maker + i) % SEATS for i in range(1, SEATS)]
    if st.table_dead:
        return []
    active = st.active
    if st.chaos:
        return [s for s in order if active[s]]
    o = opp(maker)
    if (st.burner == maker or st.table_restricted) and active[o]:
        return [o]
    if st.table_gouji and active[o]:
        return [s for s in order if active[s]
                and (s == o or (headless(st, s) and not st.passed[s]))]
    # ordinary play, or a headless maker (GJ-7: anyone may beat his plays, a burner's or
    # one made over a yielding player included)
    passed = st.passed
    return [s for s in order if active[s] and (not passed[s] or s == o)]


def headless_extra(st: GoujiState) -> bool:
    """True when the seat asked answers a gouji play only because his own 对头 is out, while
    the maker's 对头, who answers it by GJ-5, is still in (our "Headless" choice)."""
    m = st.maker
    return (st.stage == ANSWER and st.table_gouji and not st.chaos and not st.table_dead
            and st.burner != m and not st.table_restricted and st.active[opp(m)]
            and st.turn != opp(m))


def answer_plays(st: GoujiState, seat: int) -> list[Shape]:
    assert st.table_shape is not None
    h = st.rank_counts[seat]
    ps = list(beating_tuple(tuple(h), st.table_shape, st.kill_code))
    if bound_by_three(st, seat):
        ps = [p for p in ps if keeps_three_rule(h, p)]
    return ps


def lead_plays(st: GoujiState, seat: int) -> list[Shape]:
    h = st.rank_counts[seat]
    ps = all_plays(h)
    if bound_by_three(st, seat):
        ps = [p for p in ps if keeps_three_rule(h, p)]
    return ps


def forced_answer(st: GoujiState, seat: int) -> Action | None:
    """A pass where that is ``seat``'s only legal answer (nothing beats the play, no yield or
    claim is open); ``None`` otherwise and outside the answers."""
    if st.stage != ANSWER or seat != st.turn or answer_plays(st, seat) \
            or can_yield(st, seat) or can_claim(st, seat):
        return None
    return PASSES[seat]


PASSES: Final = tuple(Action(seat, "pass") for seat in range(SEATS))
"""Each seat's pass, made once (an action is immutable): the engine's forced answer and the
heuristic's (most answers are one)."""


def can_yield(st: GoujiState, seat: int) -> bool:
    """GJ-5.3: facing his 对头's ordinary play, both players between having passed."""
    m = st.maker
    if (st.stage != ANSWER or st.chaos or st.table_dead or st.table_restricted
            or st.burner == m or st.yield_used or seat != opp(m)
            or (st.table_gouji and st.active[seat])):
        return False
    active, passed = st.active, st.passed
    if any(active[(m + i) % SEATS] and not passed[(m + i) % SEATS] for i in (1, 2)):
        return False
    return any(active[(seat + i) % SEATS] and not passed[(seat + i) % SEATS] for i in (1, 2))


def can_claim(st: GoujiState, seat: int) -> bool:
    """GJ-7 申请接风: the heir of a player who just went out, instead of answering."""
    m = st.maker
    return (st.stage == ANSWER and st.claim < 0 and m in st.tops
            and not st.active[m] and seat == heir(st, m))


def legal(st: GoujiState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (the seat asked) in the play phase."""
    if st.stage == OVER or seat != st.turn:
        return []
    hand = st.hands[seat]
    if st.stage == LEAD:
        return [Action(seat, "play", cards_for(p, hand)) for p in lead_plays(st, seat)]
    if st.stage == BURN:
        out = [Action(seat, "burn", cards_for(p, hand)) for p in st.burn_choices]
        out.append(Action(seat, "pass"))
        return out
    out = [Action(seat, "play", cards_for(p, hand)) for p in answer_plays(st, seat)]
    out.append(Action(seat, "pass"))
    if can_yield(st, seat):
        out.append(Action(seat, "yield"))
    if can_claim(st, seat):
        out.append(Action(seat, "claim"))
    return out


# -- checking -----------------------------------------------------------------------------

def _check_play(st: GoujiState, seat: int, cards: tuple[int, ...], burn: bool) -> Shape:
    if not st.hands[seat].contains_all(cards):
        raise not_held(st, seat, cards)
    p = shape_of(cards)
    if p is None:
        raise IllegalActionError("GJ-2", "a play is cards of one rank, to which 2s and "
                                 "jokers may be added", seat,
                                 zh="一手牌是同一点数的牌，可以带2和王")
    h = st.rank_counts[seat]
    three = bound_by_three(st, seat)
    if three and not keeps_three_rule(h, p):
        if sum(after(h, p)) == 0:
            msg = Words("憋三: your last play must be 3s only", "憋三：最后一手只能出3")
        else:
            msg = Words("憋三: keep a 3 for your last play", "憋三：要留一张3最后出")
        raise IllegalActionError("GJ-9", msg, seat)
    if st.stage == LEAD:
        if burn:
            raise IllegalActionError("GJ-6", "a burn beats a gouji play; there is nothing "
                                     "on the table", seat, zh="烧牌是烧够级牌的；桌上还没有牌")
        return p
    cur = st.table_shape
    assert cur is not None
    if st.stage == BURN and not burn:
        m = st.maker
        raise IllegalActionError("GJ-5", f"only {seat_en(m)}'s 对头 ({seat_en(opp(m))}) may answer "
                                 "a gouji play: burn it or pass", seat,
                                 zh=f"够级牌只能由{seat_zh(m)}的对头（{seat_zh(opp(m))}）来管："
                                 "你可以烧或者不要")
    if size(p) != size(cur):
        raise IllegalActionError(
            "GJ-3", f"the play on the table has {size(cur)} cards: answer with exactly "
            f"{size(cur)}", seat, zh=f"桌上这手牌是 {size(cur)} 张：管牌也要出 {size(cur)} 张")
    if not beats(p, cur, st.kill_code):
        if cur[4] and not cur[3]:
            why = Words("big flowers are dead (死牌): nothing beats them",
                        "带大花的是死牌：谁也管不了")
            if st.kill_code and cur[4] == 1:
                why = Words("a play with one BJ falls only to a higher play holding two BJ" + (
                    " or three SJ" if st.kill_code == 2 else ""),
                    "带一个大王的牌只能用点数更大、带两个大王" + (
                        "或三个小王" if st.kill_code == 2 else "") + "的牌来管")
        elif cur[3]:
            why = Words("small flowers fall only to big flowers with at least as many BJ as "
                        "they have jokers, and a higher rank",
                        "带小花的牌只能用点数更大、带的大王不少于它的王数的牌来管")
        else:
            why = Words("a higher rank is needed", "要点数更大的牌")
        raise IllegalActionError("GJ-3", f"{describe(p)} does not beat {describe(cur)}: "
                                 f"{why}", seat,
                                 zh=f"{describe_zh(p)}管不了{describe_zh(cur)}：{why.zh}")
    if burn and not can_finish_burn(after(h, p), three):
        raise IllegalActionError(
            "GJ-6", "you could not then play out your hand with a joker in every lead "
            "but the last", seat, zh="这样烧不成：之后你没法每手都带王（最后一手除外）把牌出完")
    return p


def check(st: GoujiState, a: Action) -> Shape | None:
    """Raise ``IllegalActionError`` unless ``a`` is legal now; returns its play if any."""
    seat, verb = a.seat, a.verb
    stage = st.stage
    if verb == "yield" and st.chaos and stage != OVER:
        raise IllegalActionError("GJ-8", "there is no yielding in 四户乱缠", seat,
                                 zh="四户乱缠时不能让牌")
    if verb == "burn" and st.table_shape is not None and stage not in (OVER, BURN) \
            and st.active[seat]:
        raise burn_refusal(st, seat, a.cards)
    if seat != st.turn or stage == OVER:
        if verb == "burn" and st.table_shape is not None and stage != OVER:
            raise burn_refusal(st, seat, a.cards)
        if verb == "claim" and stage == ANSWER and st.claim < 0:
            raise IllegalActionError("GJ-7", "only the next player of one who just went "
                                     "out may claim the lead, in his turn", seat,
                                     zh="只有刚走的人的下家，在轮到他时，才能申请接风")
        raise wrong_seat(st, seat, verb)
    if verb == "play" or verb == "burn":
        return _check_play(st, seat, a.cards, verb == "burn")
    if a.cards:
        raise IllegalActionError("GJ-5", f"{verb} takes no cards", seat,
                                 zh=f"{verb_zh(verb)}不带牌")
    if verb == "pass":
        if stage == LEAD:
            raise IllegalActionError("GJ-5", "the leader may not pass: lead a play", seat,
                                     zh="该你先出，不能不要：出一手牌")
        return None
    if verb == "yield":
        if not can_yield(st, seat):
            raise IllegalActionError(
                "GJ-5", "you may yield only on your 对头's ordinary play after both "
                "players between you have passed, while one of your next two may act", seat,
                zh="只有对头出的普通牌、你们中间两家都不要、而且你后面两家还有人能出时，你才能让牌")
        return None
    if verb == "claim":
        if not can_claim(st, seat):
            raise IllegalActionError("GJ-7", "only the next player of one who just went "
                                     "out may claim the lead, in his turn", seat,
                                     zh="只有刚走的人的下家，在轮到他时，才能申请接风")
        return None
    raise IllegalActionError("GJ-5", f"{verb!r} is not a play-phase decision", seat,
                             zh=f"出牌阶段不能{verb_zh(verb)}")


# -- applying -----------------------------------------------------------------------------

def apply(st: GoujiState, a: Action, trusted: bool = False) -> None:
    """Apply a play-phase action, or raise and change nothing. ``trusted``: the sampler
    drew ``a`` in this very state (so it is legal and only its shape is needed)."""
    p = (shape_of(a.cards) if a.cards else None) if trusted else check(st, a)
    seat, verb = a.seat, a.verb
    if verb == "pass":
        if st.stage == BURN:
            st.burn_queue.pop(0)  # declining a burn is not a pass of the round, nor public
        else:
            st.passed[seat] = True
            st.answer_queue.pop(0)
            st.quiet = False
        next_turn(st)
    elif verb == "yield":
        st.yielding = seat
        st.yield_used = True
        st.answer_queue.pop(0)
        st.answer_queue.append(seat)
        st.quiet = False
        next_turn(st)
    elif verb == "claim":
        st.claim = seat
        st.answer_queue.pop(0)
        st.quiet = False
        next_turn(st)
    else:
        assert p is not None
        _play(st, seat, a.cards, p, verb == "burn")


def _play(st: GoujiState, seat: int, cards: tuple[int, ...], p: Shape, burn: bool) -> None:
    leading = st.stage == LEAD
    st.ended = None
    st.first_lead = ""
    hand = st.hands[seat]
    if leading and seat == st.burner and not (p[3] or p[4]) and size(p) != len(hand):
        fail(st, seat)
        return
    hand.remove_all(cards)
    st.rank_counts[seat] = after(st.rank_counts[seat], p)
    st.pile.extend(cards)
    if leading:
        if st.pending_four[seat]:
            st.pending_four[seat] = False
            if p[0] == FOUR:
                st.opened[seat] = True
                st.news.append(("opened", seat))
        elif p[0] == FOUR and st.opts.burn_needs_open and not st.opened[seat] \
                and not st.conceded[seat]:
            # 通用规则 "先发4认不开点后才能烧牌": 4s led early concede the point
            st.conceded[seat] = True
    else:
        m = st.maker
        st.claim = -1
        if st.burner == m:
            st.burner = -1  # 解烧 (GJ-6)
            st.news.append(("burn_broken", m, seat))
        if burn:
            st.burner, st.burnt = seat, m
        if holds_only_threes(st, m):
            _stuck(st, m, seat)
    st.table_shape, st.table_cards, st.maker = p, cards, seat
    gouji = st.table_gouji = is_gouji(p, st.thresholds)
    st.table_restricted = st.yielding >= 0 and seat != st.yielding
    st.yielding = -1
    st.yield_used = False
    st.table_dead = False
    st.quiet = True
    if gouji and st.tokens[seat] > 0:
        st.tokens[seat] -= 1
        st.table_dead = True
    if not hand:
        _go_out(st, seat)
    if st.stage == OVER:
        return
    st.burn_queue = candidates(st, seat)
    st.answer_queue = responders(st, seat)
    next_turn(st)


def _go_out(st: GoujiState, seat: int) -> None:
    st.active[seat] = False
    st.tops.append(seat)
    st.news.append(("out", seat))
    if len(st.tops) <= 2 and st.active[opp(seat)]:
        st.tokens[opp(seat)] += 1  # 够死级 (GJ-7)
    if seat == st.burner:
        st.burns.append((st.burnt, seat))
        st.news.append(("burn_succeeded", seat, st.burnt))
        st.burner = -1
    update_chaos(st)
    if sum(st.active) <= 1:
        finish(st)


def _drop(st: GoujiState, seat: int, why: str) -> None:
    """Ranked last at once: the hand leaves play, unseen (GJ-6 failed burn, GJ-9 stuck)."""
    st.active[seat] = False
    st.bottoms.append(seat)
    st.news.append(("ranked_last", seat, why))
    hand = st.hands[seat]
    cards = hand.to_tuple()
    hand.remove_all(cards)
    st.rank_counts[seat] = [0] * len(st.rank_counts[seat])
    st.discards.extend(cards)
    st.drops.append((seat, len(cards)))
    if sum(st.active) <= 1:
        finish(st)


def _stuck(st: GoujiState, seat: int, by: int) -> None:
    """GJ-9 被闷: the last play before the 3s was beaten."""
    st.stuck_by[seat] = by
    st.news.append(("stuck", seat, by))
    if st.opts.stuck == "last":
        _drop(st, seat, "stuck")
    else:
        st.stuck[seat] = True


def fail(st: GoujiState, seat: int) -> None:
    """GJ-6 烧失败: ranked last at once; the next player still in leads."""
    st.failed.append(seat)
    st.burner = -1
    _drop(st, seat, "failed_burn")
    if st.stage != OVER:
        new_round(st, heir(st, seat))


def finish(st: GoujiState) -> None:
    st.stage = OVER
    st.phase = "over"
    st.turn = -1
    st.burn_queue, st.answer_queue = [], []


def next_turn(st: GoujiState) -> None:
    """Ask the next burn candidate who can burn, else the next seat to answer, else end the
    round."""
    window = st.burn_queue
    while window:
        c = window[0]
        if st.active[c]:
            opts = burn_plays(st, c)
            if opts:
                st.burn_choices = opts
                st.turn, st.stage = c, BURN
                return
        window.pop(0)
    queue = st.answer_queue
    while queue:
        c = queue[0]
        if st.active[c]:
            st.turn, st.stage = c, ANSWER
            return
        queue.pop(0)
    _end_round(st)


def _end_round(st: GoujiState) -> None:
    m, p = st.maker, st.table_shape
    if st.claim >= 0 and st.active[st.claim]:
        leader = st.claim
    elif st.active[m] and not st.stuck[m]:
        leader = m
    else:
        leader = heir(st, m)
    # GJ-5.5: an unanswered gouji play opens the point only if its maker leads again
    if p is not None and st.table_gouji and opens_point(p, st.opts.open_plain_only) \
            and not st.chaos and not st.conceded[m] and leader == m:
        if st.opts.open_needs_four:
            st.pending_four[m] = True
        elif not st.opened[m]:
            st.opened[m] = True
            st.news.append(("opened", m))
    ended = (m, st.table_gouji, st.table_dead)
    st.news.append(("round", m, leader))
    new_round(st, leader)
    st.ended = ended


def new_round(st: GoujiState, leader: int) -> None:
    st.passed = [False] * SEATS
    st.table_shape, st.table_cards, st.maker = None, (), -1
    st.table_gouji = st.table_dead = st.table_restricted = False
    st.burn_queue, st.answer_queue = [], []
    st.yielding, st.yield_used, st.claim = -1, False, -1
    st.stage, st.turn = LEAD, leader
    st.ended = None
    st.quiet = False
