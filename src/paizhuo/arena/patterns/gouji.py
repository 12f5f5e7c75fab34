"""The audit's mistake patterns for Gouji, defined for people in ``docs/strength.md``
("Gouji patterns").

Each pattern judges the position, whoever made the decision: the hand before the action, the
play on the table, the legal actions and, where a pattern says so, what the acting seat could
count from its own view (the cards it cannot see: the deck less its hand, the cards played
and the teammates' hands it is shown, GJ-12). Ranks are strength ranks ``3 … A 2 SJ BJ`` =
0 … 14 (:mod:`paizhuo.games.gouji.combos`); "money" is 2s and jokers (钱 and 花).

"Early" is a hand of more than 10 cards: its count is still hidden (报牌, GJ-7), the game is
far from anyone's end and money is the control that must last it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from paizhuo.arena.audit import BasePattern, Decision, Finding, Pattern
from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.games.climbing import BJ, SJ, STRENGTH_OF_CARD, TWO
from paizhuo.games.gouji.combos import Shape, after, beating_tuple, shape_of, size
from paizhuo.games.gouji.state import ANSWER, BURN, LEAD, SEATS, GoujiState, opp
from paizhuo.games.gouji.views import PLAYED_RANKS
from paizhuo.notation import parse_cards

if TYPE_CHECKING:
    from paizhuo.games.gouji.game import GoujiGame

PLAIN: Final = 12
"""Strength ranks 0 … 11 (3 … A) make sets; 2s and jokers are money."""
EARLY: Final = 10
"""A hand of more than this many cards is early in the game (its count is still hidden)."""
CLOSE: Final = 6
"""An opponent holding this many cards or fewer is about to go out: stopping him is worth
money and broken sets. Measured, not assumed: a heuristic that stops opponents of 6 cards or
fewer this way beats one that waits until 3 on four seeds of 400 duplicate deals (+0.39 points
a game on average against heuristic-v1; docs/strength.md, "Gouji patterns")."""
MONEY_WEIGHT: Final = {TWO: 1.0, SJ: 2.0, BJ: 3.0}
"""How bad spending one card of money is, for ordering the examples."""


def state_of(d: Decision) -> GoujiState:
    return cast("GoujiGame", d.game).state


def counts(cards: Sequence[int]) -> list[int]:
    """Rank counts (15 strength ranks) of some card ids."""
    out = [0] * 15
    for c in cards:
        out[STRENGTH_OF_CARD[c]] += 1
    return out


def plays(d: Decision) -> list[tuple[Action, Shape]]:
    """The decision's legal plays with cards (plays and burns) and their shapes."""
    out = []
    for a in d.legal:
        if a.cards and a.verb in ("play", "burn"):
            p = shape_of(a.cards)
            if p is not None:
                out.append((a, p))
    return out


def shape_played(d: Decision) -> Shape | None:
    """The shape of the chosen action's cards, if it plays some."""
    if d.action.verb not in ("play", "burn") or not d.action.cards:
        return None
    return shape_of(d.action.cards)


def money_single(p: Shape) -> bool:
    """A single 2, SJ or BJ."""
    return size(p) == 1 and p[0] >= TWO


def money_of(p: Shape) -> int:
    """The 2s and jokers in a play."""
    return p[2] + p[3] + p[4] + (p[1] if p[0] == TWO else 0)


def lone_joker(p: Shape) -> bool:
    return size(p) == 1 and p[0] >= SJ


def one_play(h: Sequence[int]) -> bool:
    """Whether a hand is empty or one play: at most one plain rank, with its money."""
    return sum(1 for r in range(PLAIN) if h[r]) <= 1


def ends_hand(h: Sequence[int], p: Shape) -> bool:
    """The play takes the hand out, or leaves one play to go out with on the next lead."""
    return one_play(after(h, p))


def stops_close_opponent(st: GoujiState, seat: int) -> bool:
    """The play on the table is an opponent's who holds ``CLOSE`` cards or fewer."""
    maker = st.maker
    return maker >= 0 and maker % 2 != seat % 2 and len(st.hands[maker]) <= CLOSE


def answering(d: Decision) -> bool:
    """An answer to a play on the table (not a lead, not the burn window)."""
    st = state_of(d)
    return d.game.phase == "play" and st.stage == ANSWER and st.table_shape is not None


def pass_legal(d: Decision) -> bool:
    return any(a.verb == "pass" for a in d.legal)


def broken(h: Sequence[int], p: Shape) -> bool:
    """The play takes some, not all, of a plain rank's cards held: a set split."""
    return p[0] < PLAIN and p[1] < h[p[0]]


def unseen_of(obs: dict[str, Any], deck: int) -> list[int]:
    """The cards a seat cannot see, by rank: the deck less its hand, the cards played and
    the teammates' hands it is shown (GJ-12)."""
    d = obs["details"]
    total = [16] * 15
    total[SJ] = total[BJ] = 4
    if deck == 198:
        total[0], total[1] = 6, 8
    own = counts(parse_cards(obs["hand"] or ""))
    played = d.get("played") or {}
    out = [t - m - played.get(k, 0) for t, m, k in zip(total, own, PLAYED_RANKS, strict=True)]
    for text in d.get("teammate_hands", {}).values():
        for c in parse_cards(text):
            out[STRENGTH_OF_CARD[c]] -= 1
    return [u if u > 0 else 0 for u in out]


def sure(p: Shape, unseen: Sequence[int], kill: int) -> bool:
    """No play beats ``p`` even if every unseen card were in one hand (GJ-3)."""
    return not beating_tuple(tuple(unseen), p, kill)


def runs_out(h: Sequence[int], unseen: Sequence[int], kill: int) -> bool:
    """Whether a hand can be led out with every lead but the last sure against ``unseen``:
    each plain set whole, plain or with big jokers added (the fewest that make it sure), the
    2s and small jokers with the last set. A hand of one play runs out."""
    groups = [r for r in range(PLAIN) if h[r]]
    if len(groups) <= 1:
        return True
    need = []
    for r in groups:
        n = next((b for b in range(h[BJ] + 1) if sure((r, h[r], 0, 0, b), unseen, kill)),
                 h[BJ] + 1)
        need.append(n)
    need.sort()
    return sum(need[:-1]) <= h[BJ]


def burn_risks(h: Sequence[int], p: Shape, unseen: Sequence[int], kill: int) -> int:
    """How many plays of the burn that begins with ``p`` could be beaten by the cards the
    burner cannot see (the beating play, unless it takes him out, and every lead after it but
    the last, each set whole with one joker, big ones first, the rest with the last lead),
    with the best choice of the set led last."""
    left = after(h, p)
    first = 0 if sum(left) == 0 or sure(p, unseen, kill) else 1
    groups = [r for r in range(PLAIN) if left[r]]
    if left[TWO] and not groups:
        groups = [TWO]
    if len(groups) <= 1:
        return first
    best = len(groups)
    for last in groups:
        big, small, risky = left[BJ], left[SJ], 0
        for r in groups:
            if r == last:
                continue
            if big:
                lead: Shape = (r, left[r], 0, 0, 1)
                big -= 1
            elif small:
                lead = (r, left[r], 0, 1, 0)
                small -= 1
            else:
                risky = len(groups)  # a lead without a joker: the burn cannot go on
                break
            risky += 0 if sure(lead, unseen, kill) else 1
        best = min(best, risky)
    return first + best


def plain_single(h: Sequence[int], p: Shape) -> bool:
    """A single plain card (3 … A) that is no part of a set: it answers a single for free."""
    return size(p) == 1 and p[0] < PLAIN and h[p[0]] == 1


class MoneySingleEarly(BasePattern):
    """Money spent on a single while the hand is early: a lone joker, or a single 2 where a
    single plain card that breaks no set beats the play too. A single 2 as the only answer
    that breaks no set is no mistake: taking the lead with it is measured right
    (docs/strength.md, "Gouji patterns")."""

    key = "gj.money_single_early"
    title = "single 2 or joker on a single, early"
    source = "issue 35 (single-card fights burn money); seed 001 on 钱 and 花 as control"

    def check(self, d: Decision) -> Finding | None:
        if not answering(d):
            return None
        st = state_of(d)
        cur = st.table_shape
        assert cur is not None
        if size(cur) != 1 or len(st.hands[d.seat]) <= EARLY:
            return None
        if stops_close_opponent(st, d.seat):
            return None
        h = st.rank_counts[d.seat]
        legal = [p for _, p in plays(d)]
        plain = any(plain_single(h, p) for p in legal)
        if not any(lone_joker(p) or (plain and money_single(p)) for p in legal):
            return None
        p = shape_played(d)
        if p is None or not money_single(p) or (p[0] == TWO and not plain):
            return Finding(False)
        return Finding(True, f"a single {('2', 'SJ', 'BJ')[p[0] - TWO]} on a single with "
                             f"{len(st.hands[d.seat])} cards in hand", MONEY_WEIGHT[p[0]])


class SingleClimb(BasePattern):
    """Rounds opened early with a single that climb through money on money: the round's
    leader held more than 10 cards, and two or more money singles by early hands were played
    in it (a 2 overtaken by a joker, a joker by a bigger one). One single 2 that takes the
    lead is no climb: it is measured right (docs/strength.md, "Gouji patterns")."""

    key = "gj.single_climb"
    title = "round led with a single, climbed with money"
    source = "issue 35 (66 of 302 rounds open with a single, 3 of 8 jokers spent on them)"

    def __init__(self) -> None:
        self.lead: int | None = None
        """The index of the decision that led the current round with a single early."""
        self.first_money: int | None = None
        """The index of the round's second money single (money played on money)."""
        self.singles = 0
        self.money = 0.0
        self.verdicts: list[tuple[int, Finding]] = []

    def close(self) -> None:
        if self.lead is not None:
            if self.first_money is None:
                self.verdicts.append((self.lead, Finding(False)))
            else:
                self.verdicts.append((self.first_money, Finding(
                    True, f"a round led with a single climbed through {self.singles} money "
                          f"singles ({self.money:g} money weight)", self.money)))
        self.lead, self.first_money, self.singles, self.money = None, None, 0, 0.0

    def check(self, d: Decision) -> Finding | None:
        if d.game.phase != "play":
            return None
        st = state_of(d)
        if st.stage == LEAD:
            self.close()
            p = shape_played(d)
            if p is not None and size(p) == 1 and not st.chaos \
                    and len(st.hands[d.seat]) > EARLY:
                self.lead = d.index
            return None
        if self.lead is None or not answering(d):
            return None
        p = shape_played(d)
        if p is not None and money_single(p) and len(st.hands[d.seat]) > EARLY \
                and not stops_close_opponent(st, d.seat):
            self.singles += 1
            if self.singles == 2:
                self.first_money = d.index
            self.money += MONEY_WEIGHT[p[0]]
        return None

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        self.close()
        return self.verdicts


class LoneJoker(BasePattern):
    """A joker played alone as a single (a joker's worth is the set it flowers, 挂花)."""

    key = "gj.lone_joker"
    title = "a lone joker played as a single"
    source = "issue 35 (37% of joker plays are a lone joker); GJ-2 挂花"

    def check(self, d: Decision) -> Finding | None:
        if d.game.phase != "play":
            return None
        st = state_of(d)
        h = st.rank_counts[d.seat]
        if not any(lone_joker(p) and not ends_hand(h, p) for _, p in plays(d)):
            return None
        if st.stage == ANSWER and stops_close_opponent(st, d.seat):
            return None
        p = shape_played(d)
        if p is None or not lone_joker(p):
            return Finding(False)
        if ends_hand(h, p):
            return None
        return Finding(True, f"a lone {'BJ' if p[0] == BJ else 'SJ'} with "
                             f"{len(st.hands[d.seat])} cards in hand", MONEY_WEIGHT[p[0]])


class SetBroken(BasePattern):
    """A set broken to answer an ordinary (non-gouji) play that could have been passed."""

    key = "gj.set_broken"
    title = "a set broken to answer an ordinary play"
    source = "seed 001 (不要拆牌: sets are played whole); issue 35"
    gouji_only = False
    """Only sets big enough to be gouji plays (:class:`GoujiSetBroken`)."""

    def big(self, h: Sequence[int], r: int, th: Sequence[int]) -> bool:
        return not self.gouji_only or h[r] >= th[r]

    def check(self, d: Decision) -> Finding | None:
        if not answering(d) or not pass_legal(d):
            return None
        st = state_of(d)
        if st.table_gouji or stops_close_opponent(st, d.seat):
            return None
        h, th = st.rank_counts[d.seat], st.thresholds
        if not any(broken(h, p) and self.big(h, p[0], th) and not ends_hand(h, p)
                   for _, p in plays(d)):
            return None
        p = shape_played(d)
        if p is not None and ends_hand(h, p):
            return None
        made = p is not None and broken(h, p) and self.big(h, p[0], th)
        why = ""
        if made and p is not None:
            why = f"{p[1]} of {h[p[0]]} cards of one rank (plus {p[2]} 2s) on an ordinary play"
        return Finding(made, why, float(h[p[0]]) if made and p is not None else 1.0)


class GoujiSetBroken(SetBroken):
    """A gouji-size set (five 10s, four Js, three Qs, two Ks or As, GJ-4) broken for a
    non-gouji answer."""

    key = "gj.gouji_set_broken"
    title = "a 够级 set broken for an ordinary answer"
    source = "GJ-4 (gouji sizes); issue 35 (a 10×5 set broken to play one 10)"
    gouji_only = True


class DuelFold(BasePattern):
    """A 对头 duel begun with money, then folded: the seat has spent 2s or jokers beating its
    对头's plays earlier in the game, and now passes on its 对头's gouji play (which only it
    may answer, GJ-5.2: passing lets him lead again and open his point) while it holds a play
    without jokers that beats it and that no unseen cards can beat — the duel was won, and the
    money spent before was thrown away. Folding where the only beating plays hold jokers, or
    could still be beaten, is measured right (docs/strength.md, "Gouji patterns")."""

    key = "gj.duel_fold"
    title = "对头 duel begun with money, then folded"
    source = "GJ-5.2 and GJ-5.5 (the 对头 fight, 开点); issue 35 (three 2s spent, then Q×5 " \
        "passed holding A A A SJ BJ)"

    def __init__(self) -> None:
        self.spent = [0] * SEATS
        """Money (2s and jokers) each seat has spent beating its 对头's plays so far."""

    def check(self, d: Decision) -> Finding | None:
        if not answering(d):
            return None
        st = state_of(d)
        if st.maker != opp(d.seat):
            return None
        p = shape_played(d)
        before = self.spent[d.seat]
        if p is not None:
            self.spent[d.seat] += money_of(p)
        if not before or not st.table_gouji or st.table_dead or st.chaos:
            return None
        # a play no unseen cards beat, without jokers: the duel is won with it
        unseen = unseen_of(d.observation, st.opts.deck)
        mine = [q for a, q in plays(d) if a.verb == "play" and not q[3] and not q[4]
                and q[0] < SJ and sure(q, unseen, st.kill_code)]
        if not mine:
            return None
        if p is not None:
            return Finding(False)
        return Finding(True, f"passed the 对头's gouji play after spending "
                             f"{before} money on him, holding a sure play without jokers",
                       float(before))


class NoBurn(BasePattern):
    """A good burn 烧牌 declined: in the burn window, a burn whose plays (the beating play and
    every lead but the last) are all sure against the cards the burner cannot see but at
    most one — only his 对头 may answer them, so one open play is usually survived, and
    success takes him out at once with a burn tribute (GJ-6)."""

    key = "gj.no_burn"
    title = "a good burn 烧牌 not taken"
    source = "GJ-6 (烧牌); issue 35 (no burn in 12 games)"

    def check(self, d: Decision) -> Finding | None:
        if d.game.phase != "play" or state_of(d).stage != BURN:
            return None
        st = state_of(d)
        h = st.rank_counts[d.seat]
        unseen = unseen_of(d.observation, st.opts.deck)
        burns = [p for a, p in plays(d) if a.verb == "burn"]
        if not burns or min(burn_risks(h, p, unseen, st.kill_code) for p in burns) > 1:
            return None
        made = d.action.verb != "burn"
        return Finding(made, f"declined a burn with at most one open play, holding "
                             f"{len(st.hands[d.seat])} cards", float(len(st.hands[d.seat])))


class NoAdvice(BasePattern):
    """挑牌 advice not given when it would tell a teammate what he cannot know: the seat sees
    teammate T's hand (GJ-7, advice on), T cannot see this seat's hand, nobody's advice to T
    is pending, and by this seat's count T's hand runs out (every lead but the last sure)
    while by T's own count it does not (the cards T fears are in this seat's hand)."""

    key = "gj.no_advice"
    title = "挑牌 advice not given"
    source = "GJ-7 and GJ-12 (挑牌: a teammate sees a hand of 10 cards or fewer and advises)"

    def check(self, d: Decision) -> Finding | None:
        if d.game.phase != "play":
            return None
        d_obs = d.observation["details"]
        mates = d_obs.get("teammate_hands") or {}
        if not mates:
            return None
        st = state_of(d)
        mine = unseen_of(d.observation, st.opts.deck)
        for key in sorted(mates):
            to = int(key)
            if to in st.advice:
                continue
            h = st.rank_counts[to]
            if one_play(h) or not runs_out(h, mine, st.kill_code):
                continue
            theirs = d.game.observation(to)
            if str(d.seat) in theirs["details"].get("teammate_hands", {}):
                continue  # he sees this hand: he counts as well as we do
            if runs_out(h, unseen_of(theirs, st.opts.deck), st.kill_code):
                continue
            given = d.action.verb == "advise" and (d.action.extra or {}).get("to") == to
            return Finding(not given, f"seat {to + 1}'s hand runs out by this seat's count, "
                                      "not by his own; no advice given", 1.0)
        return None


PATTERNS: list[type[Pattern]] = [MoneySingleEarly, SingleClimb, LoneJoker, SetBroken,
                                 GoujiSetBroken, DuelFold, NoBurn, NoAdvice]
"""The patterns ``paizhuo audit gouji`` counts, in the order it lists them."""
