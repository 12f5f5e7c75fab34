"""Why an action of the play phase is refused, in a player's words, naming the rule broken
(GJ-2, GJ-5 … GJ-11): out of turn, a dead gouji, 要头, a burn that may not be made."""

from __future__ import annotations

from paizhuo.engine.errors import IllegalActionError, Words, seat_en, seat_zh
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
from paizhuo.notation import say_cards


def dead_refusal(t: GoujiState, seat: int, maker: int) -> IllegalActionError:
    rule = dead_rule(t, maker)
    why = "要头" if rule == "GJ-9" else "够死级"
    return IllegalActionError(rule, f"{seat_en(maker)}'s play is a dead gouji ({why}): nobody "
                              "may answer it", seat,
                              zh=f"{seat_zh(maker)}出的是死够级（{why}）：谁也不能管")


def keeps_head_refusal(t: GoujiState, seat: int) -> IllegalActionError:
    return IllegalActionError(
        "GJ-9", f"you chose 要头: until your dead gouji plays are made (left: "
        f"{t.tokens[seat]}) you have no 对头 and may not answer another player's "
        "gouji play", seat,
        zh=f"你选了要头：死够级牌出完之前（还剩 {t.tokens[seat]} 次）你没有对头，"
        "不能管别人的够级牌")


def wrong_seat(t: GoujiState, seat: int, verb: str = "play") -> IllegalActionError:
    """Why ``seat`` may not ``verb`` now, it being another seat's turn (or none's)."""
    if t.stage == OVER:
        return IllegalActionError("GJ-7", "the game is over", seat, zh="这一局已经结束")
    if not t.active[seat]:
        return IllegalActionError("GJ-7", f"{seat_en(seat)} is no longer in this game", seat,
                                  zh=f"{seat_zh(seat)}已经走了，不在这一局里了")
    answering = verb in ("play", "pass") and not t.chaos
    if t.stage == LEAD and answering and t.ended is not None:
        m, gouji, dead = t.ended
        if dead:
            return dead_refusal(t, seat, m)
        if gouji and seat != m and keeps_head(t, seat):
            return keeps_head_refusal(t, seat)
    if t.stage == LEAD and t.first_lead:
        first = t.first_lead
        first_zh = first.zh if isinstance(first, Words) else first
        return IllegalActionError("GJ-11", f"{seat_en(t.turn)} leads first: "
                                  f"{first}", seat, zh=f"{seat_zh(t.turn)}先出：{first_zh}")
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
            what_zh = "够级牌" if t.table_gouji else "这手牌"
            return IllegalActionError(
                "GJ-5", f"only {seat_en(m)}'s 对头 ({seat_en(o)}) may answer {what}", seat,
                zh=f"{what_zh}只能由{seat_zh(m)}的对头（{seat_zh(o)}）来管")
        if t.passed[seat] and seat not in t.answer_queue and not t.chaos:
            return IllegalActionError(
                "GJ-5", "you passed in this round: you may play again only to answer "
                "your 对头", seat, zh="这一轮你已经不要了：只有管你对头的牌时才能再出")
    if t.stage == BURN:
        # Who is asked in the burn window follows from hidden cards (GJ-12): the refusal
        # names nobody.
        return IllegalActionError(
            "GJ-6", "burning comes before the answer: the seats that could burn this gouji "
            "play are asked first", seat, zh="先烧后管：先问能烧这手够级牌的人烧不烧")
    return IllegalActionError("GJ-5", f"it is {seat_en(t.turn)}'s turn, not {seat_en(seat)}'s",
                              seat, zh=f"现在轮到{seat_zh(t.turn)}，不是{seat_zh(seat)}")


def not_held(t: GoujiState, seat: int, cards: tuple[int, ...]) -> IllegalActionError:
    """GJ-2: the cards as written, and those missing when some are held."""
    left = t.hands[seat].copy()
    missing = []
    for c in cards:
        if left[c]:
            left.remove(c)
        else:
            missing.append(c)
    msg = f"you do not hold {say_cards(cards)}"
    zh = f"你手里没有 {say_cards(cards, 'zh')}"
    if len(missing) < len(cards):
        msg += f" (missing {say_cards(missing)})"
        zh += f"（缺 {say_cards(missing, 'zh')}）"
    return IllegalActionError("GJ-2", msg, seat, zh=zh)


def burn_refusal(t: GoujiState, seat: int, cards: tuple[int, ...]) -> IllegalActionError:
    """Why ``seat`` may not burn now (it is not his turn to decide a burn)."""
    m = t.maker

    def no(msg: str, zh: str) -> IllegalActionError:
        return IllegalActionError("GJ-6", msg, seat, zh=zh)

    if not t.active[seat]:
        return no(f"{seat_en(seat)} is no longer in this game",
                  f"{seat_zh(seat)}已经走了，不在这一局里了")
    if not t.opts.burn:
        return no("burning is off at this table", "本桌不许烧牌")
    if t.chaos:
        return no("there is no burning in 四户乱缠", "四户乱缠时不能烧牌")
    if not t.table_gouji:
        return no("only a gouji play may be burnt", "只有够级牌才能烧")
    if seat == opp(m):
        return no(f"you are {seat_en(m)}'s 对头: answer the play, do not burn it",
                  f"你是{seat_zh(m)}的对头：要管这手牌，不能烧")
    if t.passed[seat]:
        return no("you passed in this round, and a player who passed may not burn",
                  "这一轮你已经不要了，不要过的人不能烧牌")
    if t.opts.burn_needs_open and not (t.opened[seat] or t.conceded[seat]):
        return no("you have not opened your point, so you may not burn (unless you first "
                  "lead 4s to concede it, 认不开点)",
                  "你还没开点，不能烧牌（除非先出4认不开点）")
    if not t.hands[seat].contains_all(cards):
        return not_held(t, seat, cards)
    p = shape_of(cards)
    assert t.table_shape is not None
    if p is None or not beats(p, t.table_shape, t.kill_code):
        return no("a burn must beat the gouji play", "烧牌必须管得住这手够级牌")
    if not can_finish_burn(after(t.rank_counts[seat], p), bound_by_three(t, seat)):
        return no("this burn cannot be completed: you could not then play out your hand "
                  "with a joker in every lead but the last",
                  "这样烧不成：之后你没法每手都带王（最后一手除外）把牌出完")
    if t.stage != BURN:
        return no("a burn must come before the 对头 answers", "要烧必须在对头管牌之前")
    return no("the seats that could burn are asked in turn: the maker's teammates first, "
              "then the other team, each in play order from the maker",
              "能烧的人按顺序问：先问出牌人的队友，再问对方，各自按出牌顺序从出牌人往下")
