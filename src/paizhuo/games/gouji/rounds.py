"""The play phase: rounds, passing, the 对头 rule, yielding, burning, going out (GJ-5 … GJ-9).

A :class:`Table` holds everything of the play phase and moves through three stages:

- ``lead``: the leader must play (GJ-5);
- ``burn``: after a gouji play, players who could burn it are asked in priority order (GJ-6);
  ``burn`` takes it, ``pass`` declines (declining is not passing the round);
- ``answer``: the players who may answer the play on the table are asked in turn
  (``queue``); each plays, passes, yields (让牌) or claims the lead (申请接风).

When the queue runs out the round ends and its last play's maker (or his 接风 heir) leads.
"""

from __future__ import annotations

import random

from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError
from paizhuo.games.climbing import FOUR, SJ, THREE, TWO, rank_counts
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.games.gouji.plays import (
    Shape,
    after,
    all_plays,
    beating_plays,
    beats,
    can_finish_burn,
    cards_for,
    describe,
    is_gouji,
    keeps_three_rule,
    opens_point,
    shape_of,
    size,
)
from paizhuo.games.gouji.refusals import burn_refusal, not_held, wrong_seat
from paizhuo.games.gouji.stages import ANSWER as ANSWER
from paizhuo.games.gouji.stages import BURN as BURN
from paizhuo.games.gouji.stages import LEAD as LEAD
from paizhuo.games.gouji.stages import OVER as OVER
from paizhuo.games.gouji.stages import SEATS as SEATS
from paizhuo.games.gouji.stages import opp as opp
from paizhuo.games.gouji.stages import same_team


class Table:
    """State of the play phase (one deal)."""

    def __init__(self, opts: GoujiOptions, hands: list[Counts], *, leader: int,
                 active: list[bool], tops: list[int], revolution: list[int],
                 tokens: list[int], opened: list[bool], exempt: list[bool],
                 first_lead: str = "") -> None:
        self.opts = opts
        self.th = opts.thresholds()
        self.kill = opts.kill_code
        self.hands = hands
        self.rc = [rank_counts(h) for h in hands]
        self.active = active
        self.tops = tops
        """Seats that went out, in order (头科 first)."""
        self.bottoms: list[int] = []
        """Seats ranked from the bottom at once (failed burn, stuck), first = 大落."""
        self.revolution = revolution
        self.tokens = tokens
        """Dead gouji plays 够死级 left per seat (GJ-7, GJ-9)."""
        self.opened = opened
        self.pending_four = [False] * SEATS
        self.conceded = [False] * SEATS
        """Seats that led 4s before opening their point, conceding it 认不开点 (通用规则, option
        ``burn_needs_open``): they may burn, and can no longer open the point (GJ-5, GJ-6)."""
        self.exempt = exempt
        """Seats the 3 rule does not bind (no 3 could be bought, GJ-9)."""
        self.waiting = [False] * SEATS
        self.stuck = [False] * SEATS
        self.passed = [False] * SEATS
        self.burns: list[tuple[int, int]] = []
        """Successful burns (burnt seat, burner)."""
        self.failed: list[int] = []
        self.stuck_by: dict[int, int] = {}
        self.pile: list[int] = []
        """Cards played so far."""
        self.discards: list[int] = []
        """Cards out of play (hands of failed or stuck players)."""
        self.cur: Shape | None = None
        self.cur_cards: tuple[int, ...] = ()
        self.maker = -1
        self.cur_gouji = False
        self.cur_dead = False
        self.cur_restricted = False
        self.window: list[int] = []
        self.queue: list[int] = []
        self.burn_opts: list[Shape] = []
        self.yielding = -1
        self.yield_used = False
        self.claim = -1
        self.burner = -1
        self.burnt = -1
        self.ended: tuple[int, bool, bool] | None = None
        """(maker, gouji?, dead?) of the last play of the round that just ended, until the next
        play: a seat that tries to answer it is told why it may not."""
        self.first_lead = first_lead
        """Why the leader leads, until the first play of a game (GJ-11); empty in positions."""
        self.stage = LEAD
        self.turn = leader
        self.chaos = False
        self._update_chaos()
        if sum(active) <= 1:
            self._finish()
        elif not active[leader]:
            self.turn = self._heir(leader)

    # -- queries ----------------------------------------------------------------------------

    def bound_by_three(self, seat: int) -> bool:
        return self.opts.bie_san and not self.exempt[seat]

    def has_head(self, seat: int) -> bool:
        return self.active[opp(seat)]

    def keeps_head(self, seat: int) -> bool:
        """GJ-9 要头: the revolutionary's 对头 while his dead gouji plays last: he has no 对头
        but is not yet headless (he may not answer another player's gouji play)."""
        return self.tokens[seat] > 0 and opp(seat) in self.revolution

    def headless(self, seat: int) -> bool:
        """GJ-7 无头: his 对头 is out (after 要头, only once its dead plays are made)."""
        return self.active[seat] and not self.active[opp(seat)] and not self.keeps_head(seat)

    def dead_rule(self, maker: int) -> str:
        """The rule that makes ``maker``'s gouji play dead: 要头 (GJ-9) or 够死级 (GJ-7)."""
        return "GJ-9" if opp(maker) in self.revolution else "GJ-7"

    def _heir(self, seat: int) -> int:
        """接风: the next player still in after ``seat`` (not a stuck player, GJ-7/GJ-9)."""
        fallback = -1
        for i in range(1, SEATS + 1):
            s = (seat + i) % SEATS
            if self.active[s]:
                if not self.stuck[s]:
                    return s
                if fallback < 0:
                    fallback = s
        return fallback

    def _update_chaos(self) -> None:
        """GJ-8: 头科 and 二科 out (or a revolution and 头科) → 四户乱缠."""
        self.chaos = len(self.tops) >= 2 or (bool(self.revolution) and len(self.tops) >= 1)

    def _responders(self, maker: int, p: Shape) -> list[int]:
        order = [(maker + i) % SEATS for i in range(1, SEATS)]
        if self.cur_dead:
            return []
        if self.chaos:
            return [s for s in order if self.active[s]]
        o = opp(maker)
        if (self.burner == maker or self.cur_restricted) and self.active[o]:
            return [o]
        if self.cur_gouji and self.active[o]:
            return [s for s in order if self.active[s]
                    and (s == o or (self.headless(s) and not self.passed[s]))]
        # ordinary play, or a headless maker (GJ-7: anyone may beat his plays, a burner's or
        # one made over a yielding player included)
        return [s for s in order if self.active[s] and (not self.passed[s] or s == o)]

    def _window(self, maker: int) -> list[int]:
        """GJ-6 burn priority: the maker's teammates, then the other team, in play order."""
        if not self.opts.burn or self.chaos or not self.cur_gouji:
            return []
        o = opp(maker)
        order = [(maker + i) % SEATS for i in range(1, SEATS)]
        cands = ([s for s in order if same_team(s, maker)]
                 + [s for s in order if not same_team(s, maker) and s != o])
        return [s for s in cands if self.active[s] and not self.passed[s]
                and (self.opened[s] or self.conceded[s] or not self.opts.burn_needs_open)]

    def headless_extra(self) -> bool:
        """True when the seat asked answers a gouji play only because his own 对头 is out,
        while the maker's 对头, who answers it by GJ-5, is still in (our "Headless" choice)."""
        m = self.maker
        return (self.stage == ANSWER and self.cur_gouji and not self.chaos and not self.cur_dead
                and self.burner != m and not self.cur_restricted and self.active[opp(m)]
                and self.turn != opp(m))

    def burn_plays(self, seat: int) -> list[Shape]:
        """Plays with which ``seat`` could burn the play on the table (GJ-6)."""
        assert self.cur is not None
        h = self.rc[seat]
        three = self.bound_by_three(seat)
        return [p for p in beating_plays(h, self.cur, self.kill)
                if can_finish_burn(after(h, p), three)
                and (not three or keeps_three_rule(h, p))]

    def answer_plays(self, seat: int) -> list[Shape]:
        assert self.cur is not None
        h = self.rc[seat]
        ps = beating_plays(h, self.cur, self.kill)
        if self.bound_by_three(seat):
            ps = [p for p in ps if keeps_three_rule(h, p)]
        return ps

    def lead_plays(self, seat: int) -> list[Shape]:
        h = self.rc[seat]
        ps = all_plays(h)
        if self.bound_by_three(seat):
            ps = [p for p in ps if keeps_three_rule(h, p)]
        return ps

    def can_yield(self, seat: int) -> bool:
        """GJ-5.3: facing his 对头's ordinary play, both players between having passed."""
        m = self.maker
        if (self.stage != ANSWER or self.chaos or self.cur_dead or self.cur_restricted
                or self.burner == m or self.yield_used or seat != opp(m)
                or (self.cur_gouji and self.active[seat])):
            return False
        if any(self.active[(m + i) % SEATS] and not self.passed[(m + i) % SEATS]
               for i in (1, 2)):
            return False
        return any(self.active[(seat + i) % SEATS] and not self.passed[(seat + i) % SEATS]
                   for i in (1, 2))

    def can_claim(self, seat: int) -> bool:
        """GJ-7 申请接风: the heir of a player who just went out, instead of answering."""
        m = self.maker
        return (self.stage == ANSWER and self.claim < 0 and m in self.tops
                and not self.active[m] and seat == self._heir(m))

    def legal(self, seat: int) -> list[Action]:
        if self.stage == OVER or seat != self.turn:
            return []
        hand = self.hands[seat]
        if self.stage == LEAD:
            return [Action(seat, "play", cards_for(p, hand)) for p in self.lead_plays(seat)]
        if self.stage == BURN:
            out = [Action(seat, "burn", cards_for(p, hand)) for p in self.burn_opts]
            out.append(Action(seat, "pass"))
            return out
        out = [Action(seat, "play", cards_for(p, hand)) for p in self.answer_plays(seat)]
        out.append(Action(seat, "pass"))
        if self.can_yield(seat):
            out.append(Action(seat, "yield"))
        if self.can_claim(seat):
            out.append(Action(seat, "claim"))
        return out

    # -- checking ---------------------------------------------------------------------------

    def _check_play(self, seat: int, cards: tuple[int, ...], burn: bool) -> Shape:
        if not self.hands[seat].contains_all(cards):
            raise not_held(self, seat, cards)
        p = shape_of(cards)
        if p is None:
            raise IllegalActionError("GJ-2", "a play is cards of one rank, to which 2s and "
                                     "jokers may be added", seat)
        h = self.rc[seat]
        if self.bound_by_three(seat) and not keeps_three_rule(h, p):
            if sum(after(h, p)) == 0:
                msg = "憋三: your last play must be 3s only"
            else:
                msg = "憋三: keep a 3 for your last play"
            raise IllegalActionError("GJ-9", msg, seat)
        if self.stage == LEAD:
            if burn:
                raise IllegalActionError("GJ-6", "a burn beats a gouji play; there is nothing "
                                         "on the table", seat)
            return p
        cur = self.cur
        assert cur is not None
        if self.stage == BURN and not burn:
            raise IllegalActionError("GJ-6", "this gouji play is not yours to answer: burn "
                                     "it or pass", seat)
        if size(p) != size(cur):
            raise IllegalActionError(
                "GJ-3", f"the play on the table has {size(cur)} cards: answer with exactly "
                f"{size(cur)}", seat)
        if not beats(p, cur, self.kill):
            if cur[4] and not cur[3]:
                why = "big flowers are dead (死牌): nothing beats them"
                if self.kill and cur[4] == 1:
                    why = "a play with one BJ falls only to a higher play holding two BJ" + (
                        " or three SJ" if self.kill == 2 else "")
            elif cur[3]:
                why = ("small flowers fall only to big flowers with at least as many BJ as "
                       "they have jokers, and a higher rank")
            else:
                why = "a higher rank is needed"
            raise IllegalActionError("GJ-3", f"{describe(p)} does not beat {describe(cur)}: "
                                     f"{why}", seat)
        if burn and not can_finish_burn(after(h, p), self.bound_by_three(seat)):
            raise IllegalActionError(
                "GJ-6", "you could not then play out your hand with a joker in every lead "
                "but the last", seat)
        return p

    def check(self, a: Action) -> Shape | None:
        """Raise ``IllegalActionError`` unless ``a`` is legal now; returns its play if any."""
        seat, verb = a.seat, a.verb
        if verb == "yield" and self.chaos and self.stage != OVER:
            raise IllegalActionError("GJ-8", "there is no yielding in 四户乱缠", seat)
        if verb == "burn" and self.cur is not None and self.stage not in (OVER, BURN) \
                and self.active[seat]:
            raise burn_refusal(self, seat, a.cards)
        if seat != self.turn or self.stage == OVER:
            if verb == "burn" and self.cur is not None and self.stage != OVER:
                raise burn_refusal(self, seat, a.cards)
            if verb == "claim" and self.stage == ANSWER and self.claim < 0:
                raise IllegalActionError("GJ-7", "only the next player of one who just went "
                                         "out may claim the lead, in his turn", seat)
            raise wrong_seat(self, seat, verb)
        if verb in ("play", "burn"):
            return self._check_play(seat, a.cards, verb == "burn")
        if a.cards:
            raise IllegalActionError("GJ-5", f"{verb} takes no cards", seat)
        if verb == "pass":
            if self.stage == LEAD:
                raise IllegalActionError("GJ-5", "the leader may not pass: lead a play", seat)
            return None
        if verb == "yield":
            if not self.can_yield(seat):
                raise IllegalActionError(
                    "GJ-5", "you may yield only on your 对头's ordinary play after both "
                    "players between you have passed, while one of your next two may act", seat)
            return None
        if verb == "claim":
            if not self.can_claim(seat):
                raise IllegalActionError("GJ-7", "only the next player of one who just went "
                                         "out may claim the lead, in his turn", seat)
            return None
        raise IllegalActionError("GJ-5", f"{verb!r} is not a play-phase decision", seat)

    # -- applying ---------------------------------------------------------------------------

    def apply(self, a: Action) -> None:
        p = self.check(a)
        seat, verb = a.seat, a.verb
        if verb == "pass":
            if self.stage == BURN:
                self.window.pop(0)
            else:
                self.passed[seat] = True
                self.queue.pop(0)
            self._next()
        elif verb == "yield":
            self.yielding = seat
            self.yield_used = True
            self.queue.pop(0)
            self.queue.append(seat)
            self._next()
        elif verb == "claim":
            self.claim = seat
            self.queue.pop(0)
            self._next()
        else:
            assert p is not None
            self._play(seat, a.cards, p, verb == "burn")

    def _remove(self, seat: int, cards: tuple[int, ...], p: Shape) -> None:
        self.hands[seat].remove_all(cards)
        self.rc[seat] = after(self.rc[seat], p)
        self.pile.extend(cards)

    def _play(self, seat: int, cards: tuple[int, ...], p: Shape, burn: bool) -> None:
        leading = self.stage == LEAD
        self.ended = None
        self.first_lead = ""
        if leading and seat == self.burner and not (p[3] or p[4]) \
                and size(p) != len(self.hands[seat]):
            self._fail(seat)
            return
        self._remove(seat, cards, p)
        if leading:
            self.waiting[seat] = False
            if self.pending_four[seat]:
                self.pending_four[seat] = False
                if p[0] == FOUR:
                    self.opened[seat] = True
            elif p[0] == FOUR and self.opts.burn_needs_open and not self.opened[seat]:
                # 通用规则 "先发4认不开点后才能烧牌": 4s led early concede the point
                self.conceded[seat] = True
        else:
            m = self.maker
            self.claim = -1
            if self.burner == m:
                self.burner = -1  # 解烧 (GJ-6)
            if burn:
                self.burner, self.burnt = seat, m
            if self.waiting[m]:
                self._stuck(m, seat)
        self.cur, self.cur_cards, self.maker = p, cards, seat
        self.cur_gouji = is_gouji(p, self.th)
        self.cur_restricted = self.yielding >= 0 and seat != self.yielding
        self.yielding = -1
        self.yield_used = False
        self.cur_dead = False
        if self.cur_gouji and self.tokens[seat] > 0:
            self.tokens[seat] -= 1
            self.cur_dead = True
        if not self.hands[seat]:
            self._go_out(seat)
        elif self.bound_by_three(seat) and self.rc[seat][THREE] == len(self.hands[seat]):
            self.waiting[seat] = True
        if self.stage == OVER:
            return
        self.window = self._window(seat)
        self.queue = self._responders(seat, p)
        self._next()

    def _go_out(self, seat: int) -> None:
        self.active[seat] = False
        self.waiting[seat] = False
        self.tops.append(seat)
        if len(self.tops) <= 2 and self.active[opp(seat)]:
            self.tokens[opp(seat)] += 1  # 够死级 (GJ-7)
        if seat == self.burner:
            self.burns.append((self.burnt, seat))
            self.burner = -1
        self._update_chaos()
        if sum(self.active) <= 1:
            self._finish()

    def _drop(self, seat: int) -> None:
        self.active[seat] = False
        self.waiting[seat] = False
        self.bottoms.append(seat)
        cards = self.hands[seat].to_tuple()
        self.hands[seat].remove_all(cards)
        self.rc[seat] = [0] * len(self.rc[seat])
        self.discards.extend(cards)
        if sum(self.active) <= 1:
            self._finish()

    def _stuck(self, seat: int, by: int) -> None:
        """GJ-9 被闷: the last play before the 3s was beaten."""
        self.stuck_by[seat] = by
        if self.opts.stuck == "last":
            self._drop(seat)
        else:
            self.stuck[seat] = True
            self.waiting[seat] = False

    def _fail(self, seat: int) -> None:
        """GJ-6 烧失败: ranked last at once; the next player still in leads."""
        self.failed.append(seat)
        self.burner = -1
        self._drop(seat)
        if self.stage != OVER:
            self._new_round(self._heir(seat))

    def _finish(self) -> None:
        self.stage = OVER
        self.turn = -1
        self.window, self.queue = [], []

    def _next(self) -> None:
        while self.window:
            c = self.window[0]
            if self.active[c]:
                self.burn_opts = self.burn_plays(c)
                if self.burn_opts:
                    self.turn, self.stage = c, BURN
                    return
            self.window.pop(0)
        while self.queue:
            c = self.queue[0]
            if self.active[c]:
                self.turn, self.stage = c, ANSWER
                return
            self.queue.pop(0)
        self._end_round()

    def _end_round(self) -> None:
        m, p = self.maker, self.cur
        if self.claim >= 0 and self.active[self.claim]:
            leader = self.claim
        elif self.active[m] and not self.stuck[m]:
            leader = m
        else:
            leader = self._heir(m)
        # GJ-5.5: an unanswered gouji play opens the point only if its maker leads again
        if p is not None and self.cur_gouji and opens_point(p, self.opts.open_plain_only) \
                and not self.chaos and not self.conceded[m] and leader == m:
            if self.opts.open_needs_four:
                self.pending_four[m] = True
            else:
                self.opened[m] = True
        ended = (m, self.cur_gouji, self.cur_dead)
        self._new_round(leader)
        self.ended = ended

    def _new_round(self, leader: int) -> None:
        self.passed = [False] * SEATS
        self.cur, self.cur_cards, self.maker = None, (), -1
        self.cur_gouji = self.cur_dead = self.cur_restricted = False
        self.window, self.queue = [], []
        self.yielding, self.yield_used, self.claim = -1, False, -1
        self.stage, self.turn = LEAD, leader
        self.ended = None

    # -- sampling ---------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Action:
        """A random legal action of the seat to act, without listing them all."""
        seat = self.turn
        hand = self.hands[seat]
        if self.stage == BURN:
            if rng.random() < 0.3:
                return Action(seat, "burn", cards_for(rng.choice(self.burn_opts), hand))
            return Action(seat, "pass")
        if self.stage == LEAD:
            return Action(seat, "play", cards_for(self._sample_lead(seat, rng), hand))
        ps = self.answer_plays(seat)
        if ps and rng.random() < 0.6:
            return Action(seat, "play", cards_for(rng.choice(ps), hand))
        if rng.random() < 0.15 and self.can_yield(seat):
            return Action(seat, "yield")
        if rng.random() < 0.3 and self.can_claim(seat):
            return Action(seat, "claim")
        return Action(seat, "pass")

    def _sample_lead(self, seat: int, rng: random.Random) -> Shape:
        h = self.rc[seat]
        three = self.bound_by_three(seat)
        if seat == self.burner:
            ps = self.lead_plays(seat)
            good = [p for p in ps if p[3] or p[4] or size(p) == len(self.hands[seat])]
            return rng.choice(good if good and rng.random() < 0.95 else ps)
        ranks = [g for g in range(13) if h[g]]
        for _ in range(8):
            if not ranks or rng.random() < 0.03:
                s, b = h[SJ], h[SJ + 1]
                if not s and not b:
                    continue
                if rng.random() < 0.5:
                    s, b = (s, 0) if s and (not b or rng.random() < 0.5) else (0, b)
                p: Shape = (SJ if s else SJ + 1, 0, 0, s, b)
            else:
                g = rng.choice(ranks)
                k = h[g] if rng.random() < 0.6 else rng.randint(1, h[g])
                m = 0
                if g != TWO and h[TWO] and rng.random() < 0.15:
                    m = rng.randint(1, h[TWO])
                s = 1 if h[SJ] and rng.random() < 0.08 else 0
                b = 1 if h[SJ + 1] and rng.random() < 0.08 else 0
                p = (g, k, m, s, b)
            if not three or keeps_three_rule(h, p):
                return p
        return rng.choice(self.lead_plays(seat))
