"""The Gouji heuristic bot: fast rule-based play from what one seat sees (GJ-1 … GJ-12).

It reads only the acting seat's observation and its legal actions, and judges plays with the
pure rule functions of :mod:`paizhuo.games.gouji.combos` on rank counts (strength ranks
``3 … A 2 SJ BJ`` = 0 … 14). Registered lazily for ``make_bot("heuristic", "gouji")`` by
:mod:`paizhuo.bots.policies`. It encodes the seed texts' advice (seeds/001):

- **Hand.** A hand is its plain *groups* (the cards of one rank 3 … A) plus *control*: 2s
  (钱, money that counts as any rank) and jokers (花). Fewer groups and more control is better;
  a group is played whole (don't break sets), control is kept for answering and for the end.
- **Card counting.** ``played`` and the visible teammate hands give the cards an opponent may
  still hold; a play is *sure* when no opponent could hold enough higher cards to beat it.
- **Leads.** Go out in one play when the hand is one group plus control; run out when every
  group but the last is sure or can be made sure with big jokers (keeping the 3s last with
  憋三); use a dead gouji play 够死级 on a gouji group; else lead the lowest group whole,
  never 2s or jokers while plain cards are left (the issue: no "money" on low plays).
- **Answers.** Never overtake a teammate who is winning the round; beat an opponent with the
  cheapest play (a whole group, low, without money or jokers; at most a single 2, a gouji
  play only the 对头 may answer) and spend more money or jokers only when it matters: the
  对头's gouji play (his point 开点 and his lead), an opponent close to going out, or the beat
  bringing this hand close to going out. Yield 让牌 instead of passing or spending control,
  claim 接风 instead of passing.
- **The 对头 duel** (issue 35). On the 对头's gouji play (only this seat may answer, and only
  he may answer back) an answer without jokers that no unseen cards can beat wins the duel:
  it is played whatever it costs (:meth:`GoujiHeuristic.duel_win`); else the pricing above.
- **Money and sets** (issue 35). No joker alone (its worth is the set it flowers) and no set
  broken to answer an ordinary play (sets are kept whole, for 够级 above all), unless that
  stops an opponent about to go out or leaves the hand one play from going out.
- **Burn 烧牌** when its chance is good: at most one of the burn's plays is not sure (only
  the burner's 对头 may answer them, and a burn that stands takes the hand out at once); as a
  burner, lead a joker every time but the last.
- **Before play.** Revolution 革命 with a hand too weak to fight (no money, few aces); 要头
  (three dead gouji plays) over 无头; buy a 3 with the cheapest card; 宣点 with a strong hand;
  tribute is forced (the highest cards); return 还贡 the lowest single that is no control;
  refuse a low card of a rank not held (it would be one more group).
- **Advice 挑牌** (GJ-7). A teammate's advice is followed when it is legal now (its cards, or a
  pass or yield for advice of no cards): the teammate sees this hand, and a person who
  advises a bot partner expects it to listen. It advises in turn where its own cards are
  what a teammate cannot count: the teammate's hand runs out by our count, not by his, and
  the advice is the first play of that run-out (:meth:`Table.advice`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Final, cast

from paizhuo.bots.base import BaseBot
from paizhuo.bots.gouji_table import (
    PLAIN_RANKS,
    SEATS,
    Table,
    counts_of,
    fast_shape,
    parsed_cards,
)
from paizhuo.cards import Counts
from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.games.climbing import ACE, BJ, SJ, STRENGTH_OF_CARD, THREE, TWO
from paizhuo.games.gouji.combos import (
    Shape,
    after,
    all_plays,
    beating_tuple,
    can_finish_burn,
    cards_for,
    is_gouji,
    keeps_three_rule,
    shape_of,
)
from paizhuo.games.gouji.rounds import PASSES
from paizhuo.games.gouji.state import ANSWER, LEAD

if TYPE_CHECKING:
    from paizhuo.games.gouji.game import GoujiGame

_PASS_ONLY: Final = tuple({"pass": a} for a in PASSES)
"""The answers without cards where passing is the one (read, never changed), by seat."""


def _index(legal: list[Action]) -> dict[tuple[int, ...], Action]:
    return {a.cards: a for a in legal if a.verb == "play" or a.verb == "burn"}


class GoujiHeuristic(BaseBot):
    """Rule-based Gouji play (see the module docstring)."""

    name = "heuristic"
    uses_sampler = False
    ordinary_worth = 8
    """What beating an opponent's ordinary play is worth, against :meth:`Table.price`: a
    group broken or a high card spent, not a 2 or a joker."""
    duel_worth = 15
    """What beating the 对头's gouji play is worth: a 2 or a joker may go on it."""
    ordinary_worth_bie_san = 2
    duel_worth_bie_san = 9
    """The same two with 憋三, where control must also hold the lead for the play before
    the 3s (measured: spending it as freely loses there)."""
    burn_risks = 1
    """How many plays of a burn may be open (not sure) for the bot to burn."""
    close = 6
    """An opponent holding this many cards or fewer is close to going out: a set may be
    broken or a joker played alone to stop him. Measured on duplicate deals against
    heuristic-v1 (400 deals, seeds 7 to 10): 6 scored +0.36 to +1.30 points per game where
    3 scored −0.13 to +0.46; 8 scored as well on seeds 7 and 8 but broke sets twice as
    often in the audit (issue 35's patterns excuse 3 cards or fewer only)."""
    _last: tuple[dict[str, Any], Table] | None = None

    def table(self, observation: dict[str, Any]) -> Table:
        """The observation read, remembered for the last observation only: a decision that
        :meth:`act_unlisted` leaves to :meth:`act` is read once (nothing changes a Table)."""
        last = self._last
        if last is not None and last[0] is observation:
            return last[1]
        t = Table(observation)
        self._last = (observation, t)
        return t

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        tip = self.tip(observation)
        if tip is not None:
            return tip
        if len(legal) == 1:
            return legal[0]
        phase = observation["phase"]
        if phase == "play":
            advised = self.advised(observation, legal)
            if advised is not None:
                return advised
        t = self.table(observation)
        if phase == "play":
            decision = observation["details"].get("your_decision")
            if decision == "burn":
                return self.burn(t, legal)
            if decision == "lead":
                return self.lead(t, legal)
            return self.answer(t, legal)
        return self.prelude(t, phase, observation, legal)

    def tip(self, observation: dict[str, Any]) -> Action | None:
        """Advice 挑牌 to give before this seat's lead or answer (GJ-7), if any: the first
        play of a teammate's run-out that only this seat's cards tell him is safe
        (:meth:`Table.advice`). It is a message, not the decision: the runner asks this seat
        again, and with the advice pending it decides."""
        d = observation["details"]
        if observation["phase"] != "play" or not d.get("teammate_hands") \
                or d.get("your_decision") not in (LEAD, ANSWER):
            return None
        seat: int = observation["seat"]
        pending = {int(to) for to, a in d["advice"].items() if a["from"] == seat}
        return self.tip_of(self.table(observation), pending)

    @staticmethod
    def tip_of(t: Table, pending: Collection[int]) -> Action | None:
        """:meth:`tip` from the seat's table and the teammates our advice is pending to."""
        found = t.advice(pending)
        if found is None:
            return None
        mate, p = found
        cards = cards_for(p, Counts.of(parsed_cards(t.teammate_hands[str(mate)])))
        return Action(t.seat, "advise", cards, {"to": mate})

    @staticmethod
    def advice_to_me(observation: dict[str, Any]) -> dict[str, Any] | None:
        """A teammate's advice 挑牌 to this seat (``from``, ``cards``), if any."""
        advice: dict[str, Any] | None = \
            (observation["details"].get("advice") or {}).get(str(observation["seat"]))
        return advice or None

    def advised(self, observation: dict[str, Any], legal: list[Action]) -> Action | None:
        """The legal action a teammate's advice 挑牌 to this seat names, if any: the play of
        its cards, or, for advice of no cards, a pass (a yield where no pass is legal)."""
        advice = self.advice_to_me(observation)
        if advice is None:
            return None
        cards = tuple(sorted(parsed_cards(advice["cards"])))
        if not cards:
            for verb in ("pass", "yield"):
                found = next((a for a in legal if a.verb == verb), None)
                if found is not None:
                    return found
            return None
        return next((a for a in legal if a.cards and tuple(sorted(a.cards)) == cards), None)

    # -- before play ------------------------------------------------------------------------

    def prelude(self, t: Table, phase: str, obs: dict[str, Any],
                legal: list[Action]) -> Action:
        by_verb = {a.verb: a for a in legal}
        h = t.h
        if phase == "revolution":
            # a hand without money cannot answer gouji plays: sitting out (四科, 0 points)
            # beats fighting with it, unless it is strong in aces and big sets
            strong = h[ACE] * 2 + h[ACE - 1] + sum(1 for r in range(12) if h[r] >= 5)
            return by_verb["revolution"] if strong < 8 and "revolution" in by_verb \
                else by_verb.get("pass", legal[0])
        if phase == "head":
            return by_verb.get("keep_head", legal[0])  # three dead gouji plays
        if phase == "declare":
            strong = h[SJ] + 2 * h[BJ] + h[TWO] // 2 + h[ACE] // 2
            return by_verb["declare"] if strong >= 6 and "declare" in by_verb \
                else by_verb.get("pass", legal[0])
        if phase == "buy":
            # a teammate's gift, else the cheapest card: a 2, a small, a big joker
            return min(legal, key=lambda a: sum(STRENGTH_OF_CARD[c] for c in a.cards))
        if phase == "tribute":
            if "refuse" in by_verb:
                tr = obs["details"].get("tribute", {})
                offered = tr.get("offered")
                g = STRENGTH_OF_CARD[parsed_cards(offered)[0]] if offered else 0
                # a low card of a rank not held would be one more group to lead
                return by_verb["refuse"] if g <= 8 else by_verb.get("pass", legal[0])
            returns = [a for a in legal if a.verb == "return"]
            if returns:
                return min(returns, key=lambda a: self.return_cost(t, a.cards[0]))
        return legal[0]

    @staticmethod
    def return_cost(t: Table, card: int) -> tuple[int, int]:
        """還贡: the lowest card whose loss hurts least — a single (one group less) before a
        card taken from a set, never money or jokers while plain cards are left."""
        g = STRENGTH_OF_CARD[card]
        if g >= TWO:
            return (3, g)
        n = t.h[g]
        return (0 if n == 1 else 1 if n >= 4 else 2, g)

    # -- leading ----------------------------------------------------------------------------

    def act_unlisted(self, observation: dict[str, Any], rng: random.Random) -> Action | None:
        """A lead or an answer chosen without the legal list (a lead's list holds every play
        of the hand, up to a thousand; the runner then never builds it): the plays a hand may
        lead are the rule functions' ``all_plays``, those that answer ``beating_plays``
        (GJ-3), less those 憋三 forbids (GJ-9), which the bot checks itself. ``None`` for
        every other decision, for a burner's lead, under advice (:meth:`advised` needs the
        list), where no natural lead is found, and for an answer where a yield (the 对头's,
        GJ-5.3) or a claim of the lead (after a player went out, GJ-7) may be open: whether
        it is, is the engine's to say."""
        d = observation["details"]
        if observation["phase"] != "play" or not observation["your_turn"] \
                or self.advice_to_me(observation):
            return None
        decision = d.get("your_decision")
        if decision not in (LEAD, ANSWER) or self.tip(observation) is not None:
            return None  # (advice is given by ``act``: it is not on the legal list)
        if decision == ANSWER:
            return self.answer_unlisted(self.table(observation))
        return self.lead_unlisted(self.table(observation))

    def act_state(self, game: Game, seat: int, rng: random.Random,
                  list_limit: int) -> Action | None:
        """The decision the runner would take from ``game.observation(seat)`` — this bot's
        :meth:`act_unlisted`, or for an answer where a yield or claim may be open its
        :meth:`act` on the legal list (unless that holds more than ``list_limit`` actions) —
        read from the game's state without building the observation (:meth:`Table.of_state`),
        or ``None`` for every other decision (tests hold the two equal on every kind of
        position). For the search's playouts only, whose game is the search's own guess of
        the deal (:func:`paizhuo.bots.base.bot_action` asks it where a runner limits the
        lists)."""
        game = cast("GoujiGame", game)  # this bot plays only its own game
        st = game.state
        if st.phase != "play" or st.turn != seat or seat in st.advice \
                or seat not in game.to_act() or st.stage not in (LEAD, ANSWER):
            return None
        t = Table.of_state(st, seat)
        if t.teammate_hands and self.tip_of(
                t, [to for to, (by, _) in st.advice.items() if by == seat]) is not None:
            return None  # advice first, as from the observation (:meth:`tip`)
        if st.stage == ANSWER:
            maker = st.maker  # (answer_unlisted's own test)
            if seat == (maker + 3) % SEATS or maker in st.tops:
                if game.more_legal_than(seat, list_limit):
                    return None  # the runner draws it
                legal = game.legal_actions(seat)
                return legal[0] if len(legal) == 1 else self.answer(t, legal)
            return self.answer_unlisted(t)
        return self.lead_unlisted(t)

    def lead_unlisted(self, t: Table) -> Action | None:
        """The lead of :meth:`act_unlisted`, from the seat's table."""
        if t.rnd.get("burner") == t.seat:
            return None
        h = t.h
        shapes = {p for p in all_plays(h) if not t.bound or keeps_three_rule(h, p)}
        if len(shapes) == 1:
            return None  # ``act`` takes a forced lead without judging it
        hand = Counts.of(t.ids)

        def pick(p: Shape) -> Action | None:
            return Action(t.seat, "play", cards_for(p, hand)) if p in shapes else None

        return self.natural_lead(t, pick)

    def lead(self, t: Table, legal: list[Action]) -> Action:
        index = _index(legal)
        hand = Counts.of(t.ids)
        if t.rnd.get("burner") == t.seat:
            return self.burn_lead(t, legal, index, hand)

        def pick(p: Shape) -> Action | None:
            return index.get(cards_for(p, hand))

        found = self.natural_lead(t, pick)
        if found is not None:
            return found
        # nothing natural is legal (憋三 limits): the best-priced legal play
        plays = [a for a in legal if a.verb == "play"]
        return max(plays, key=lambda a: (t.price(fast_shape(a.cards)), -len(a.cards)))

    def natural_lead(self, t: Table, pick: Callable[[Shape], Action | None]) -> Action | None:
        """The lead the bot prefers among those ``pick`` finds legal (it gives the action of
        a play's shape, or ``None``), if any."""
        h = t.h
        groups = t.groups()
        # one group (or none) plus control: the whole hand is one play
        if len(groups) + (1 if t.bound else 0) <= 1:
            r = groups[0] if groups else (THREE if t.bound else TWO if h[TWO] else -1)
            if r >= 0:
                whole: Shape = (r, h[r], 0 if r == TWO else h[TWO], h[SJ], h[BJ])
            else:
                whole = (SJ if h[SJ] else BJ, 0, 0, h[SJ], h[BJ])
            a = pick(whole)
            if a is not None:
                return a
        # enough control to run out: every lead but the last is sure
        plan = t.run_out(h)
        if plan is not None:
            a = pick(plan[0])
            if a is not None:
                return a
        # a dead gouji play 够死级 keeps the lead: spend it on a gouji group
        if t.tokens > 0:
            for r in groups:
                if h[r] >= t.th[r]:
                    a = pick((r, h[r], 0, 0, 0))
                    if a is not None:
                        return a
        # a teammate who could go out over a lead of ours gets one (送牌)
        for r in self.feeds(t, groups):
            a = pick((r, h[r], 0, 0, 0))
            if a is not None:
                return a
        # the lowest group whole; 2s, then jokers, only when no plain card is left
        for r in groups:
            a = pick((r, h[r], 0, 0, 0))
            if a is not None:
                return a
        if h[TWO]:
            a = pick((TWO, h[TWO], 0, 0, 0))
            if a is not None:
                return a
        return None

    @staticmethod
    def feeds(t: Table, groups: list[int]) -> list[int]:
        """Our groups a teammate whose hand we see could beat with his whole hand (one rank
        plus control): an ordinary lead of his size and a lower rank (a gouji lead only the
        对头 may answer)."""
        out: list[int] = []
        for key, text in t.teammate_hands.items():
            mate = int(key)
            if mate in t.out or not text:
                continue
            m = counts_of(parsed_cards(text))
            plain = [g for g in range(PLAIN_RANKS) if m[g]]
            if len(plain) != 1 or (t.opts.bie_san and m[THREE]):
                continue
            n = sum(m)
            out.extend(r for r in groups if t.h[r] == n and r < plain[0]
                       and not is_gouji((r, n, 0, 0, 0), t.th))
        return sorted(out)

    def burn_lead(self, t: Table, legal: list[Action], index: dict[tuple[int, ...], Action],
                  hand: Counts) -> Action:
        """As a burner every lead but the last holds a joker (GJ-6): a whole group with the
        safest joker, keeping enough jokers for the groups left."""
        h = t.h
        if sum(h) and len(t.groups()) + (1 if t.bound else 0) <= 1:
            for a in legal:
                if len(a.cards) == len(t.ids):
                    return a
        best: tuple[tuple[int, int, int, int], Action] | None = None
        for a in legal:
            p = fast_shape(a.cards)
            if not (p[3] or p[4]):
                continue
            if not can_finish_burn(after(h, p), t.bound):
                continue
            key = (1 if t.sure(p) else 0, 1 if p[1] == h[p[0]] or p[0] >= SJ else 0,
                   -(p[3] + p[4]), p[2])
            if best is None or key > best[0]:
                best = (key, a)
        if best is not None:
            return best[1]
        return max(legal, key=lambda a: len(a.cards))

    # -- answering --------------------------------------------------------------------------

    def answer(self, t: Table, legal: list[Action]) -> Action:
        verbs = {a.verb: a for a in legal if a.verb != "play"}
        plays: dict[Shape, Action] = {}
        for a in legal:
            if a.verb == "play":
                plays.setdefault(fast_shape(a.cards), a)
        return self.answer_shapes(t, list(plays), plays.__getitem__, verbs)

    def answer_unlisted(self, t: Table) -> Action | None:
        """:meth:`answer` with the plays that beat the one on the table worked out from the
        hand (``beating_plays``, less those 憋三 forbids), where no yield or claim can be open
        (the seat is not the maker's 对头, the maker has not gone out), so that passing is
        the one other answer; else ``None``."""
        maker: int = t.rnd["maker"]
        if t.seat == t.opp(maker) or maker in t.finished:
            return None
        cur = shape_of(parsed_cards(t.rnd["play"]))
        assert cur is not None
        h = t.h
        shapes = [p for p in beating_tuple(tuple(h), cur, t.kill)
                  if not t.bound or keeps_three_rule(h, p)]
        hand = Counts.of(t.ids)

        def action_of(p: Shape) -> Action:
            return Action(t.seat, "play", cards_for(p, hand))

        return self.answer_shapes(t, shapes, action_of, _PASS_ONLY[t.seat])

    def answer_shapes(self, t: Table, shapes: list[Shape], action_of: Callable[[Shape], Action],
                      verbs: dict[str, Action]) -> Action:
        """The answer among the plays of ``shapes`` (in the engine's order; ``action_of``
        gives each one's action) and the answers without cards, ``verbs`` (``pass``, and
        ``yield`` and ``claim`` where open)."""
        seat = t.seat
        fallback = verbs.get("claim") or verbs.get("yield") or verbs["pass"]
        maker: int = t.rnd["maker"]
        n_hand = len(t.ids)
        for p in shapes:
            if p[1] + p[2] + p[3] + p[4] == n_hand:
                return action_of(p)  # out
        maker_in = maker not in t.out
        if t.teammate(maker) and maker_in:
            return fallback  # never overtake a teammate winning the round
        shapes = [p for p in shapes if not self.wasteful(t, p)]
        if not shapes:
            return fallback
        worth = self.ordinary_worth_bie_san if t.opts.bie_san else self.ordinary_worth
        gouji = bool(t.rnd.get("gouji"))
        if gouji and maker == t.opp(seat) and not t.rnd.get("chaos"):
            # the 对头's gouji play: his point and his lead
            worth = self.duel_worth_bie_san if t.opts.bie_san else self.duel_worth
            won = self.duel_win(t, shapes)
            if won is not None:
                return action_of(won)
        if maker_in:
            left = t.size_of(maker)
            if left <= 2:
                worth += 15
            elif left <= 5:
                worth += 8
        else:
            worth = 2 if "claim" not in verbs else -99  # claiming gets the lead for free
        best: tuple[int, Shape] | None = None
        for p in shapes:
            v = t.price(p)
            rest = after(t.h, p)
            if t.bound and rest[THREE] == sum(rest) and not t.sure(p):
                continue  # 憋三: beaten now, the 3s would be stuck 被闷
            gs = len(t.groups(rest))
            if gs <= 1 or (gs <= 4 and t.run_out(rest) is not None):
                v += 12  # winning this round brings the hand out
            elif gs <= 2:
                v += 4
            if best is None or v > best[0] or (v == best[0] and p < best[1]):
                best = (v, p)
        if best is None:
            return fallback
        if best[0] + worth >= 0:
            if "yield" in verbs and best[1][2:] != (0, 0, 0):
                return verbs["yield"]  # let a teammate beat it before spending control
            return action_of(best[1])
        return fallback

    @staticmethod
    def duel_win(t: Table, shapes: list[Shape]) -> Shape | None:
        """Commit to the 对头 duel by counting: among the answers to his gouji play (only he
        may answer ours), the cheapest that no unseen cards can beat and that holds no joker
        — it wins the round (his point stays closed, the lead is ours) at the price of plain
        cards or 2s. ``None`` where there is none; then :meth:`answer_shapes` prices the
        answers as usual. Committing with joker plays, or folding every unsure answer before
        money is spent, lost on duplicate deals (docs/strength.md, "Gouji patterns")."""
        sure = [p for p in shapes if not p[3] and not p[4] and t.sure(p)]
        if not sure:
            return None
        return max(sure, key=lambda p: (t.price(p), tuple(-x for x in p)))

    def wasteful(self, t: Table, p: Shape) -> bool:
        """An answer the plan for money and sets forbids (issue 35's audit patterns): a joker
        alone (its worth is the set it flowers, 挂花), or part of a set on an ordinary play
        (sets are kept whole, for 够级 above all) — unless the answer stops an opponent
        close to going out (:attr:`close` cards or fewer) or leaves this hand one play from
        going out.

        A single 2 on a single stays allowed, early too: kept for later, the bot's 2s go
        out with its last set, and on duplicate deals against heuristic-v1 the bot that
        holds them back early loses (docs/strength.md, "Gouji patterns")."""
        maker: int = t.rnd["maker"]
        if not t.teammate(maker) and t.size_of(maker) <= self.close:
            return False
        rest = after(t.h, p)
        if sum(1 for r in range(PLAIN_RANKS) if rest[r]) <= 1:
            return False
        r = p[0]
        if r >= SJ:
            return p[3] + p[4] == 1
        return r < PLAIN_RANKS and p[1] < t.h[r] and not t.rnd.get("gouji")

    # -- burning ----------------------------------------------------------------------------

    def burn(self, t: Table, legal: list[Action]) -> Action:
        """Burn when the burn's chance is good: at most one of its plays (the beating play and
        the joker leads after it but the last) is not sure (:meth:`Table.burn_risks`). Only
        the burner's 对头 may answer them, so one open play is usually survived, and a burn
        that stands takes the hand out at once with a burn tribute; a broken one costs the
        jokers spent, not the game (GJ-6)."""
        choice: tuple[tuple[int, int], Action] | None = None
        for a in legal:
            if a.verb != "burn":
                continue
            p = fast_shape(a.cards)
            risks = t.burn_risks(p)
            if risks > self.burn_risks:
                continue
            key = (-risks, t.price(p))
            if choice is None or key > choice[0]:
                choice = (key, a)
        if choice is not None:
            return choice[1]
        return next(a for a in legal if a.verb == "pass")
