"""Why an action of the play phase is refused, in a player's words, naming the rule broken
(GJ-2, GJ-5 … GJ-11): out of turn, a dead gouji, 要头, a burn that may not be made."""

from __future__ import annotations

from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.gouji.combos import after, beats, can_finish_burn, shape_of
from paizhuo.games.gouji.state import (
    ANSWER,
    BURN,
    LEAD,
    OVER,
    GoujiState,
    bound_by_three,
    dead_rule,
    keeps_head,
    opp,
)
from paizhuo.notation import format_cards


def dead_refusal(t: GoujiState, seat: int, maker: int) -> IllegalActionError:
    rule = dead_rule(t, maker)
    why = "要头" if rule == "GJ-9" else "够死级"
    return IllegalActionError(rule, f"seat {maker}'s play is a dead gouji ({why}): nobody "
                              "may answer it", seat)


def keeps_head_refusal(t: GoujiState, seat: int) -> IllegalActionError:
    return IllegalActionError(
        "GJ-9", f"you chose 要头: until your dead gouji plays are made (left: "
        f"{t.tokens[seat]}) you have no 对头 and may not answer another player's "
        "gouji play", seat)


def wrong_seat(t: GoujiState, seat: int, verb: str = "play") -> IllegalActionError:
    """Why ``seat`` may not ``verb`` now, it being another seat's turn (or none's)."""
    if t.stage == OVER:
        return IllegalActionError("GJ-7", "the game is over", seat)
    if not t.active[seat]:
        return IllegalActionError("GJ-7", f"seat {seat} is no longer in this game", seat)
    answering = verb in ("play", "pass") and not t.chaos
    if t.stage == LEAD and answering and t.ended is not None:
        m, gouji, dead = t.ended
        if dead:
            return dead_refusal(t, seat, m)
        if gouji and seat != m and keeps_head(t, seat):
            return keeps_head_refusal(t, seat)
    if t.stage == LEAD and t.first_lead:
        return IllegalActionError("GJ-11", f"seat {t.turn} leads first: "
                                  f"{t.first_lead}", seat)
    if t.stage != LEAD and answering and seat != t.maker and seat not in t.answer_queue:
        if t.table_dead:
            return dead_refusal(t, seat, t.maker)
        if t.table_gouji and keeps_head(t, seat):
            return keeps_head_refusal(t, seat)
    if t.stage == ANSWER or t.stage == BURN:
        m, o = t.maker, opp(t.maker)
        if (t.table_gouji or t.burner == m or t.table_restricted) \
                and seat not in t.answer_queue and seat != m and not t.chaos:
            what = "a gouji play" if t.table_gouji else "this play"
            return IllegalActionError(
                "GJ-5", f"only seat {m}'s 对头 (seat {o}) may answer {what}", seat)
        if t.passed[seat] and seat not in t.answer_queue and not t.chaos:
            return IllegalActionError(
                "GJ-5", "you passed in this round: you may play again only to answer "
                "your 对头", seat)
    if t.stage == BURN:
        # Who is asked in the burn window follows from hidden cards (GJ-12): the refusal
        # names nobody.
        return IllegalActionError(
            "GJ-6", "burning comes before the answer: the seats that could burn this gouji "
            "play are asked first", seat)
    return IllegalActionError("GJ-5", f"it is seat {t.turn}'s turn, not seat {seat}'s",
                              seat)


def not_held(t: GoujiState, seat: int, cards: tuple[int, ...]) -> IllegalActionError:
    """GJ-2: the cards as written, and those missing when some are held."""
    left = t.hands[seat].copy()
    missing = []
    for c in cards:
        if left[c]:
            left.remove(c)
        else:
            missing.append(c)
    msg = f"you do not hold {format_cards(cards)}"
    if len(missing) < len(cards):
        msg += f" (missing {format_cards(missing)})"
    return IllegalActionError("GJ-2", msg, seat)


def burn_refusal(t: GoujiState, seat: int, cards: tuple[int, ...]) -> IllegalActionError:
    """Why ``seat`` may not burn now (it is not his turn to decide a burn)."""
    m = t.maker

    def no(msg: str) -> IllegalActionError:
        return IllegalActionError("GJ-6", msg, seat)

    if not t.active[seat]:
        return no(f"seat {seat} is no longer in this game")
    if not t.opts.burn:
        return no("burning is off at this table")
    if t.chaos:
        return no("there is no burning in 四户乱缠")
    if not t.table_gouji:
        return no("only a gouji play may be burnt")
    if seat == opp(m):
        return no(f"you are seat {m}'s 对头: answer the play, do not burn it")
    if t.passed[seat]:
        return no("you passed in this round, and a player who passed may not burn")
    if t.opts.burn_needs_open and not (t.opened[seat] or t.conceded[seat]):
        return no("you have not opened your point, so you may not burn (unless you first "
                  "lead 4s to concede it, 认不开点)")
    if not t.hands[seat].contains_all(cards):
        return not_held(t, seat, cards)
    p = shape_of(cards)
    assert t.table_shape is not None
    if p is None or not beats(p, t.table_shape, t.kill_code):
        return no("a burn must beat the gouji play")
    if not can_finish_burn(after(t.rank_counts[seat], p), bound_by_three(t, seat)):
        return no("this burn cannot be completed: you could not then play out your hand "
                  "with a joker in every lead but the last")
    if t.stage != BURN:
        return no("a burn must come before the 对头 answers")
    return no("the seats that could burn are asked in turn: the maker's teammates first, "
              "then the other team, each in play order from the maker")
