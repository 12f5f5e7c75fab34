"""The Shengji heuristic bot: fast rule-based play in the way the strategy texts describe it.

It reads only the acting seat's observation and its legal actions, like
:class:`~paizhuo.bots.shengji_greedy.ShengjiGreedy` (whose round setting, card counting and
void tracking it reuses), and adds what good players do (the 拖拉机技巧 of the seed texts):

- **Bids**: a hand's strength in a suit is its trumps (level cards, jokers, the suit's cards,
  pairs counted again); it bids a pair of level cards, or one level card, only when that
  strength is a good share of the hand, and overcalls (or fights for the kitty) only when
  strong. Never over a partner. Bidding-3: the target follows the same strength.
- **Bury** (埋底): voids one or two short side suits first (the "bridge" to a partner), then
  the lowest side singles; keeps pairs, aces, kings and trumps, and buries no point card unless
  only point cards are left to bury or a point card voids a suit.
- **Friends**: the greedy call (an ace it does not hold, never in trump).
- **Lead**: a throw of every unit of a side suit only when no unseen card can beat any of them
  and no opponent is known void in the suit (provably safe from what is seen); else a sure
  winner (tractor, pair, single, counting every card played); a suit a partner is void in
  (and no opponent), so that partner ruffs; the dealer's side pulls trumps with a long trump
  holding; never a suit an opponent is known void in when another is available; else a low
  non-point card, from a short side suit (to void it).
- **Follow**: a partner winning for sure gets points (5, 10, K), side cards before trumps,
  pairs kept; an opponent winning for sure gets the smallest non-point cards, pairs kept; a
  winning play is made only when it will hold (or the seat is last) and it is worth it — a
  ruff only when the trick has points or the seat is last and the trick can go nowhere else.
- **Signals** (信号牌): following a partner's winning lead of a single side card while holding
  the top card left in that suit, a seat plays a 9, J or Q of the suit where it would add no
  points anyway; the leader reads it and later leads that suit low, so that the partner wins
  it and takes the lead ("出小牌让对家上手"), and any seat of the side feeds points to a
  trick of that suit the partner is still to play to — while no opponent is known void in
  it.
- **Last tricks** (扣底): the kitty's points double for the attackers on the last trick, so
  near the end of the round a seat keeps its strongest trumps for it.

``python -m paizhuo.bots.shengji_heuristic [deals]`` measures it: duplicate deals against
random and greedy players, and the time per decision.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from paizhuo.bots.shengji_greedy import (
    ACE,
    KING,
    PlayView,
    ShengjiGreedy,
    card_cost,
    fixed_partners,
    table_of,
)
from paizhuo.cards import RANK_CHARS, rank_of, suit_of
from paizhuo.engine.actions import Action
from paizhuo.games.shengji.combos import Unit, decompose_counts, make_lead
from paizhuo.games.shengji.order import TRUMP, card_points, points_of
from paizhuo.games.shengji.scoring import parse_level
from paizhuo.games.shengji.trick import play_rank, trick_winner, unit_beaten_by
from paizhuo.notation import parse_cards

PAIR_BREAK = 30
"""Cost of splitting a pair (or triple) of the hand in a play: keep pairs for pairs led."""
SIGNAL_RANKS = frozenset(RANK_CHARS.index(r) for r in "9JQ")
"""The signal cards (信号牌, 应牌): a 9, J or Q played to a partner's winning single side card
says "I hold the top card left in this suit" (the seed text's 帮庄要领 ③: 出9、J、Q应牌，告诉
对方你有尖). A level card is a trump, never a signal."""


BURY_ODDS_TRUMP = 0.05
"""A trump's odds of being buried, against 1 for a low card of a side suit."""
BURY_ODDS_POINTS = {5: 0.25, 10: 0.1}
"""A point card's odds of being buried, by its points (a trump's are the trump's)."""
BURY_ODDS_ACE = 0.3
"""A side suit's ace's odds of being buried."""


def bury_odds(card: int, trump: bool) -> float:
    """The odds that ``card`` (a trump or not) lies in a kitty this bot did not see, rather
    than in the burier's hand, against 1 for a low side card: how this bot buries — side
    suits' low cards first, points, aces and trumps kept (the seed text's 扣底). Over 40
    rounds of the tractor preset that the heuristic bid and buried, a kitty guessed with these
    odds held 4.95 points and 0.44 trumps on average, one dealt at random 13.5 and 2.2, and the
    heuristic's own 2.0 and 0."""
    if trump:
        return BURY_ODDS_TRUMP
    points = card_points(card)
    if points:
        return BURY_ODDS_POINTS.get(points, BURY_ODDS_POINTS[10])
    if rank_of(card) == ACE:
        return BURY_ODDS_ACE
    return 1.0


INFER_ODDS = 0.1
"""The odds, against 1, that a seat holds a card its play says it does not hold
(:func:`infer_hands`). Over 40 tractor deals of four heuristics, of the (seat, card) pairs
read so that were still hidden from the reader, 1.8% were held (18 of 1,012), against 42% of
the others: true odds nearer 0.02, taken five times higher so that a player who plays
otherwise than this bot (a person, or the search, 4% of its moves) is only misread."""


def infer_hands(obs: dict[str, Any], tab: Any) -> set[tuple[int, int]]:
    """What this bot reads of the other hands from their plays: the ``(seat, card)`` pairs
    where the seat is taken not to hold the card (odds :data:`INFER_ODDS` against 1, for the
    search's worlds: :meth:`ShengjiHeuristic.world_hints`). With fixed partners, from every
    follow of another seat to a single side card led, in suit and not beating the trick — this
    bot's own rules of following (:meth:`HeuristicView.follow`) read backwards:

    - its partner winning and a card of no points played: it holds no 5, 10 or king of the
      suit (it would have fed them, or at least the 5);
    - an opponent winning with a card of the suit: it holds none that beats it (it beats a
      trick whenever it can: with partners sitting alternately, someone of the other side is
      always still to play after it, so it never leaves the trick to a partner), and, if it
      played points, none with fewer (it gives an opponent its cheapest card).

    And from a side card given by a seat void in the suit led: with an opponent winning, it
    holds no trump that beats the trick (none at all if the trick was not ruffed); with its
    partner winning and no points given, no 5, 10 or king of any side suit.

    A seat that plays otherwise is only misread, never ruled out."""
    ctx = tab.ctx
    out: set[tuple[int, int]] = set()
    if ctx is None or tab.opts.teams != "fixed":
        return out
    defenders = frozenset(obs["details"].get("defenders") or ())
    if not defenders:
        return out
    view = PlayView(obs, tab)  # the tricks as the bot reads them to play
    me = view.seat
    group, rules = ctx.group, tab.rules
    tricks = [plays for plays, _ in view.history] + [view.trick]
    by_group: dict[int, list[int]] = {}
    for c in range(len(group)):
        by_group.setdefault(group[c], []).append(c)

    for plays in tricks:
        if len(plays) < 2 or len(plays[0][1]) != 1:
            continue
        led = plays[0][1]
        g = group[led[0]]
        if g == TRUMP:
            continue
        lead = make_lead(led, ctx, rules)
        for k in range(1, len(plays)):
            seat, cards = plays[k]
            if seat == me or len(cards) != 1:
                continue
            before = [c for _, c in plays[:k]]
            w = trick_winner(lead, before, ctx, rules)
            best = play_rank(lead, before[w], ctx, rules)
            mine = play_rank(lead, cards, ctx, rules)
            if best is None or (mine is not None and mine > best):
                continue  # it beat the trick: nothing read
            partner_wins = (plays[w][0] in defenders) == (seat in defenders)
            played = card_points(cards[0])
            if group[cards[0]] != g:  # void in the suit led
                if group[cards[0]] == TRUMP:
                    continue
                if partner_wins:
                    if played == 0:  # fed nothing: no side suit's points
                        out.update((seat, c) for c in range(len(group))
                                   if group[c] != TRUMP and card_points(c))
                    continue
                # an opponent winning: it would have ruffed (over-ruffed) if it could
                out.update((seat, c) for c in by_group[TRUMP]
                           if (rank := play_rank(lead, (c,), ctx, rules)) is not None
                           and rank > best)
                continue
            suit = by_group[g]
            if partner_wins:
                if played == 0:
                    for c in suit:
                        if card_points(c):
                            out.add((seat, c))
                continue
            if group[before[w][0]] == g:  # not ruffed: it would have beaten it if it could
                for c in suit:
                    rank = play_rank(lead, (c,), ctx, rules)
                    if rank is not None and rank > best:
                        out.add((seat, c))
            if played:
                for c in suit:
                    if card_points(c) < played:
                        out.add((seat, c))
    return out


def _strength(hand: Sequence[int], level: int, suit: int | None) -> float:
    """Trump strength of ``hand`` if ``suit`` (None: no trump) were trump: trumps count 1,
    jokers and level cards 1.5, pairs of trumps 1 more."""
    trumps: Counter[int] = Counter()
    for c in hand:
        if c >= 52 or rank_of(c) == level or (suit is not None and suit_of(c) == suit):
            trumps[c] += 1
    score = 0.0
    for c, k in trumps.items():
        big = c >= 52 or rank_of(c) == level
        score += k * (1.5 if big else 1.0) + (k - 1)
    aces = sum(1 for c in hand if c < 52 and rank_of(c) == ACE and rank_of(c) != level
               and (suit is None or suit_of(c) != suit))
    return score + 0.5 * aces


class ShengjiHeuristic(ShengjiGreedy):
    """Rule-based Shengji: the strategy texts' bids, buries, leads and follows, with counting."""

    name = "heuristic"
    uses_sampler = False
    NEED_PAIR = 0.32
    """Trump strength per card a pair of level cards bids with (see :func:`_strength`)."""
    NEED_ONE = 0.40
    """The same for one level card."""
    INFER = False
    """Whether :meth:`world_hints` reads the other hands from their plays
    (:func:`infer_hands`), besides the kitty. Off: the search with the reads measured no
    better on the 60 deals 0–59 of seed 2026 (tractor, search vs heuristic): +0.192 levels per
    round against +0.250 without, paired deal by deal −0.058 [−0.143, +0.026]
    (docs/strength.md), although its worlds are truer."""

    # -- before play ---------------------------------------------------------------------------

    def _trump_bid(self, obs: dict[str, Any], legal: list[Action], fight: bool) -> Action:
        passes = [a for a in legal if a.verb == "pass"]
        bids = [a for a in legal if a.verb == "bid"]
        if not bids:
            return passes[0] if passes else legal[0]
        d = obs["details"]
        opts = table_of(obs).opts
        standing = d.get("standing_bid")
        if passes and standing is not None and standing["seat"] in fixed_partners(
                obs["seat"], opts):
            return passes[0]
        hand = parse_cards(obs["hand"])
        level = parse_level(d["level"])
        to_deal = int(d.get("cards_to_deal") or 0) - int(d.get("dealt") or 0)
        full = len(hand) + max(0, to_deal) // max(1, len(obs["hand_sizes"]))
        best: tuple[float, int] | None = None
        choice: Action | None = None
        for a in bids:
            c = a.cards[0]
            suit = None if c >= 52 else suit_of(c)
            share = _strength(hand, level, suit) / max(len(hand), 1)
            # a lone level card early in the deal is a guess: ask for a larger share
            need = self.NEED_PAIR if len(a.cards) >= 2 else self.NEED_ONE
            if standing is not None or fight:
                need += 0.06
            if c >= 52:
                need += 0.08  # no trump: only with a strong hand of jokers and aces
            if len(hand) < full // 3 and len(a.cards) < 2:
                continue
            if share >= need and (best is None or (share, len(a.cards)) > best):
                best, choice = (share, len(a.cards)), a
        if choice is not None:
            return choice
        return passes[0] if passes else legal[0]

    def _bury_picks(self, obs: dict[str, Any]) -> list[Action]:
        """This bot's bury (voiding short side suits), then the greedy one's."""
        tab = table_of(obs)
        ctx = tab.ctx
        assert ctx is not None, "trump is known before the bury"
        hand = parse_cards(obs["hand"])
        k = int(obs["details"]["kitty_size"])
        copies = Counter(hand)
        no_points = tab.opts.kitty_no_points
        by_suit: dict[int, list[int]] = {}
        for c in hand:
            if ctx.group[c] != TRUMP:
                by_suit.setdefault(ctx.group[c], []).append(c)
        chosen: list[int] = []
        # void the short side suits that hold no ace, no pair and few points
        order = sorted(by_suit, key=lambda g: (len(by_suit[g]), points_of(by_suit[g])))
        for g in order:
            cards = by_suit[g]
            if len(cards) > k - len(chosen):
                continue
            if any(copies[c] >= 2 for c in cards) or any(rank_of(c) == ACE for c in cards):
                continue
            pts = points_of(cards)
            if (no_points and pts) or pts > 10:
                continue
            chosen.extend(cards)
        taken = Counter(chosen)

        def key(c: int) -> tuple[int, ...]:
            trump = ctx.group[c] == TRUMP
            return (int(trump), int(card_points(c) > 0), int(copies[c] >= 2),
                    int(rank_of(c) in (ACE, KING) and not trump),
                    0 if trump else len(by_suit[ctx.group[c]]), ctx.slot[c], c)

        rest: list[int] = []
        for c in sorted(hand, key=key):
            if taken[c]:
                taken[c] -= 1
                continue
            if no_points and card_points(c):
                continue
            rest.append(c)
        chosen.extend(rest[:k - len(chosen)])
        mine = [Action(obs["seat"], "bury", tuple(sorted(chosen)))] if len(chosen) == k else []
        return mine + super()._bury_picks(obs)

    def world_hints(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """What this bot believes of a kitty buried out of its sight, for the search's worlds
        (:func:`paizhuo.bots.search.world_hints`): the burier kept its trumps, its point cards
        and its aces in hand, as this bot's own bury does (:meth:`_bury_picks`) — each card's
        odds of lying in the kitty are :func:`bury_odds`. ``None`` before trump is known."""
        tab = table_of(obs)
        ctx = tab.ctx
        if ctx is None:
            return None
        group = ctx.group

        def odds(card: int) -> float:
            return bury_odds(card, group[card] == TRUMP)

        hints: dict[str, Any] = {"bury_odds": odds}
        if self.INFER and obs["phase"] == "play":
            read = infer_hands(obs, tab)
            if read:
                def hand_odds(seat: int, card: int) -> float:
                    return INFER_ODDS if (seat, card) in read else 1.0

                hints["hand_odds"] = hand_odds
        return hints

    def _target(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Bidding-3: the lower the target, the stronger the best trump holding must be."""
        hand = parse_cards(obs["hand"])
        level = parse_level(obs["details"]["level"])
        share = max(_strength(hand, level, s) for s in (None, 0, 1, 2, 3)) / max(len(hand), 1)
        decks = table_of(obs).opts.decks
        # share 0.45 (an ordinary hand) bids about 65 per deck; every 0.05 more, 5 less
        floor = 50 * decks + 5 * decks * round((0.6 - share) / 0.05)
        targets = [a for a in legal if a.verb == "bid_target" and a.extra]
        targets.sort(key=lambda a: -int(a.extra["target"]) if a.extra else 0)
        for a in targets:
            if a.extra and int(a.extra["target"]) >= floor:
                return a
        passes = [a for a in legal if a.verb == "pass"]
        return passes[0] if passes else (targets[0] if targets else legal[0])

    # -- play ----------------------------------------------------------------------------------

    def _view(self, obs: dict[str, Any]) -> HeuristicView:
        tab = table_of(obs)
        assert tab.ctx is not None
        return HeuristicView(obs, tab)


class HeuristicView(PlayView):
    """One play decision seen the heuristic way."""

    PULL = True
    """The dealer's side draws trumps with a long trump holding."""
    PAIR_BREAK = PAIR_BREAK
    SHORT_FIRST = True
    """Low leads come from the shortest side suit (to void it), not the longest."""
    THROW = True
    """Lead provably safe throws."""
    HOPE = True
    FEED = 4
    """Feeding a partner: a point is worth 4 order slots of a card kept (a trump weighs 40)."""
    SIGNAL = True
    """Give and read signals (:data:`SIGNAL_RANKS`) — with fixed partners only (对家, the
    seed text's convention): measured in finding-friends play they cost (docs/strength.md)."""

    def __init__(self, obs: dict[str, Any], tab: Any) -> None:
        super().__init__(obs, tab)
        d = obs["details"]
        defenders = frozenset(d.get("defenders") or ())
        self.defending = self.seat in defenders
        self.partners = self.side - {self.seat}
        self.copies = Counter(self.hand)
        self.left = len(self.hand)
        unseen = self.unseen
        trumps_out = sum([unseen[c] for c in self.ctx.group_ids[TRUMP]])
        self.trumps_out = trumps_out
        self.signals = self.SIGNAL and tab.opts.teams == "fixed"
        self._costs: dict[int, dict[int, int]] = {}
        self._points: dict[int, int] | None = None
        self._pairs = [(c, k) for c, k in self.copies.items() if k >= 2]

    # -- costs ---------------------------------------------------------------------------------

    def keep_cost(self, cards: Sequence[int], per_point: int = 0) -> int:
        """What a play gives up: order slots (trumps above side cards), split pairs; near
        the end of the round (four cards left or fewer) trumps three times their slots, kept
        for the last trick (the kitty) — less ``per_point`` for each point the play carries.
        Called for every legal follow — thousands to a long throw — so the per-card values
        are worked out once per decision."""
        table = self._costs.get(per_point)
        if table is None:
            ctx = self.ctx
            late = self.left <= 4
            table = self._costs[per_point] = {
                c: card_cost(c, ctx) * (3 if late and ctx.group[c] == TRUMP else 1)
                - per_point * card_points(c) for c in self.copies}
        cost = sum(map(table.__getitem__, cards))
        for c, held in self._pairs:
            k = cards.count(c)
            if k and k < held:
                cost += self.PAIR_BREAK
        return cost

    def points(self, cards: Sequence[int]) -> int:
        """:func:`points_of` a play from the hand, by a table made once per decision."""
        table = self._points
        if table is None:
            table = self._points = {c: card_points(c) for c in self.copies}
        return sum(map(table.__getitem__, cards))

    # -- leading --------------------------------------------------------------------------------

    def _units(self) -> dict[int, list[Unit]]:
        by_group: dict[int, dict[int, int]] = {}
        for c in self.hand:
            held = by_group.setdefault(self.ctx.group[c], {})
            held[c] = held.get(c, 0) + 1
        return {g: decompose_counts(h, self.ctx, self.tab.rules) for g, h in by_group.items()}

    def _opp_void(self, g: int) -> bool:
        """Whether an opponent can ruff suit ``g``: void in it and not known void in trumps."""
        return any((s, g) in self.void and (s, TRUMP) not in self.void for s in self.opponents)

    def _boss(self, unit: Unit, g: int) -> bool:
        if unit_beaten_by(unit, self.unseen, g, self.ctx):
            return False
        return g == TRUMP or not self._opp_void(g)

    def _partner_void(self, g: int) -> bool:
        return any((s, g) in self.void for s in self.partners)

    def lead_candidates(self) -> list[tuple[int, ...]]:
        ctx = self.ctx
        units = self._units()
        side = [g for g in units if g != TRUMP]
        candidates: list[tuple[int, ...]] = []
        # a throw that cannot fail: every unit of the suit is the boss and nobody ruffs it
        if self.THROW and self.tab.opts.allow_throws:
            throws = []
            for g in side:
                us = units[g]
                if len(us) >= 2 and all(self._boss(u, g) for u in us):
                    cards = tuple(c for u in us for c in u.cards)
                    throws.append((points_of(cards), len(cards), cards))
            if TRUMP in units and len(units[TRUMP]) >= 2 and all(
                    self._boss(u, TRUMP) for u in units[TRUMP]) and len(side) == 0:
                cards = tuple(c for u in units[TRUMP] for c in u.cards)
                throws.append((0, len(cards), cards))
            candidates += [c for *_, c in sorted(throws, reverse=True)]
        bosses = [(u.size * u.length, points_of(u.cards), u.cards)
                  for g in side for u in units[g] if self._boss(u, g)]
        candidates += [c for *_, c in sorted(bosses, reverse=True)]
        trumps = units.get(TRUMP, [])
        n_trumps = sum(len(u.cards) for u in trumps)
        trump_bosses = [(u.size * u.length, u.top, u.cards) for u in trumps
                        if u.size >= 2 and self._boss(u, TRUMP)]
        candidates += [c for *_, c in sorted(trump_bosses, reverse=True)]
        # partner void in a side suit nobody else is void in: lead it low for the ruff
        for g in sorted(side, key=lambda g: len(units[g])):
            if self._partner_void(g) and not self._opp_void(g):
                low = min((c for u in units[g] for c in u.cards),
                          key=lambda c: (self.copies[c] >= 2, card_points(c), ctx.slot[c]))
                candidates.append((low,))
        # a partner signalled the top card of a side suit: lead it low, the partner wins it
        if self.signals:
            for g in sorted(self.signalled()):
                if g in units and not self._opp_void(g):
                    low = min((c for u in units[g] for c in u.cards),
                              key=lambda c: (self.copies[c] >= 2, card_points(c),
                                             ctx.slot[c]))
                    candidates.append((low,))
        # the dealer's side draws trumps with a long holding
        if self.PULL and self.defending and n_trumps >= 6 and 0 < self.trumps_out <= 2 * n_trumps:
            singles = [u for u in trumps if u.size == 1]
            if singles:
                top = max(singles, key=lambda u: u.top)
                if not unit_beaten_by(top, self.unseen, TRUMP, ctx):
                    candidates.append(top.cards)
                else:
                    small = min(singles, key=lambda u: (card_points(u.cards[0]), u.top))
                    candidates.append(small.cards)
        # high side pairs and tractors (the top three ranks), in suits nobody ruffs
        high = [(u.size * u.length, u.top, u.cards) for g in side for u in units[g]
                if u.size >= 2 and u.top >= ctx.slot_count[g] - 3 and not self._opp_void(g)]
        candidates += [c for *_, c in sorted(high, reverse=True)]
        # low side cards: short suits first (to void them), suits opponents ruff last
        lows = []
        for g in side:
            held = [c for u in units[g] for c in u.cards]
            for c in held:
                if self.copies[c] >= 2:
                    continue
                lows.append((int(self._opp_void(g)), card_points(c),
                             len(held) if self.SHORT_FIRST else -len(held),
                             ctx.slot[c], c))
        candidates += [(c,) for *_, c in sorted(lows)]
        if side:
            longest = max(side, key=lambda g: (sum(len(u.cards) for u in units[g]), g))
            low = min((c for u in units[longest] for c in u.cards),
                      key=lambda c: (card_points(c), ctx.slot[c]))
            candidates.append((low,))
        if trumps:
            all_t = [c for u in trumps for c in u.cards]
            candidates.append((min(all_t, key=lambda c: (card_points(c), self.copies[c] >= 2,
                                                           ctx.slot[c])),))
        return candidates

    # -- signals --------------------------------------------------------------------------------

    def signal(self, legal: list[Action]) -> Action | None:
        """The signal to give, if any: the trick is a partner's single side card, winning;
        this seat follows the suit and holds its top card left (nothing unseen beats it);
        the signal is its lowest single 9, J or Q of the suit below that top card — given
        only where feeding the partner (:meth:`feed`) would add no points. The seed text
        would signal instead of adding points; measured, that cost more than the signal
        gained (docs/strength.md, "Signals")."""
        ctx = self.ctx
        leader, cards = self.trick[0]
        if leader not in self.partners or len(cards) != 1:
            return None
        g = ctx.group[cards[0]]
        mine = [c for c in self.hand if ctx.group[c] == g]
        if g == TRUMP or not mine:
            return None
        top = max(mine, key=lambda c: ctx.slot[c])
        if unit_beaten_by(Unit(1, 1, ctx.slot[top], ()), self.unseen, g, ctx):
            return None
        signals = [a for a in legal if len(a.cards) == 1 and ctx.group[a.cards[0]] == g
                   and rank_of(a.cards[0]) in SIGNAL_RANKS and self.copies[a.cards[0]] == 1
                   and ctx.slot[a.cards[0]] < ctx.slot[top]]
        if not signals or points_of(self.feed(legal).cards):
            return None
        return min(signals, key=lambda a: ctx.slot[a.cards[0]])

    def signalled(self) -> dict[int, set[int]]:
        """Side suits in which a partner signalled the top card (:meth:`signal`, read from
        the finished tricks: this seat led a single card of the suit and won, the partner
        followed with a single 9, J or Q of it) and has not shown it gone since: no K or A
        of the suit played by that partner after the signal, the partner not void in it;
        each with the partners who signalled."""
        ctx = self.ctx
        found: dict[int, set[int]] = {}
        for plays, winner in self.history:
            leader, cards = plays[0]
            g = ctx.group[cards[0]]
            if g == TRUMP:
                continue
            for s, played in plays:
                if s in found.get(g, ()) and any(
                        ctx.group[c] == g and rank_of(c) > RANK_CHARS.index("Q")
                        for c in played):
                    found[g].discard(s)  # the top card was played
            if leader == self.seat and winner == self.seat and len(cards) == 1:
                for s, played in plays[1:]:
                    if s in self.partners and len(played) == 1 and \
                            ctx.group[played[0]] == g and rank_of(played[0]) in SIGNAL_RANKS:
                        found.setdefault(g, set()).add(s)
        live = {g: {s for s in seats if (s, g) not in self.void} for g, seats in found.items()}
        return {g: seats for g, seats in live.items() if seats}

    # -- following ------------------------------------------------------------------------------

    def feed(self, legal: list[Action]) -> Action:
        """Points to a partner who wins the trick, but not at the price of a high trump."""
        if self.FEED:
            return min(legal, key=lambda a: self.keep_cost(a.cards, self.FEED))
        return min(legal, key=lambda a: (-self.points(a.cards), self.keep_cost(a.cards)))

    def partner_tops(self, shape: tuple[int, int], winning: Sequence[int],
                     later_partner: set[int] | frozenset[int],
                     later_opp: set[int] | frozenset[int]) -> bool:
        """Whether a partner still to play will win this trick with the top card of its
        suit, which it signalled (:meth:`signalled`): a single side card led, not ruffed so
        far, and no later opponent known void in the suit (who could ruff it)."""
        ctx = self.ctx
        lead_cards = self.trick[0][1]
        if shape != (1, 1) or len(lead_cards) != 1:
            return False
        g = ctx.group[lead_cards[0]]
        if g == TRUMP or ctx.group[winning[0]] != g:
            return False
        seats = self.signalled().get(g, set()) & set(later_partner)
        return bool(seats) and not any((s, g) in self.void for s in later_opp)

    def follow(self, legal: list[Action]) -> Action:
        ctx, rules = self.ctx, self.tab.rules
        lead, plays, w, best = self._trick_so_far()
        done = {s for s, _ in self.trick} | {self.seat}
        later_opp = self.opponents - done
        later_partner = self.partners - done
        on_table = sum(points_of(p) for p in plays)
        if self.trick[w][0] in self.side and self._holds(lead.deciding, plays[w], best):
            if self.signals and w == 0:
                signal = self.signal(legal)
                if signal is not None:
                    return signal
            return self.feed(legal)
        if self.signals and self.partner_tops(lead.deciding, plays[w], later_partner,
                                             later_opp):
            return self.feed(legal)  # a partner still to play holds the top card: feed it
        winners: list[tuple[int, int, Action]] = []
        for a in legal:
            rank = play_rank(lead, a.cards, ctx, rules)
            if rank is None or rank <= best:
                continue
            holds = not later_opp or self._holds(lead.deciding, a.cards, rank)
            winners.append((int(holds), rank[0], a))
        if winners:
            sure = [a for h, _, a in winners if h]
            pick = min(sure or [a for _, _, a in winners],
                       key=lambda a: (self.keep_cost(a.cards), -self.points(a.cards)))
            if not (self.HOPE and not sure and later_partner and not later_opp
                    and on_table < 10):
                return pick
        if self.HOPE and (self.trick[w][0] in self.side or (later_partner and not later_opp)):
            # partner winning (but it may be beaten) or playing last: a 5 at most
            return min(legal, key=lambda a: (self.points(a.cards) > 5, -self.points(a.cards),
                                             self.keep_cost(a.cards)))
        return min(legal, key=lambda a: (self.points(a.cards), self.keep_cost(a.cards)))


# -- measuring ---------------------------------------------------------------------------------


def duplicate_deals(bot_a: str, bot_b: str, deals: int, seed: int = 0,
                    options: dict[str, Any] | None = None) -> list[tuple[float, int]]:
    """Per deal, (team ``bot_a``'s mean return, rounds its team won) over the deal played
    twice with the same cards: ``bot_a`` at the even seats, then at the odd ones. The return
    is :meth:`~paizhuo.engine.game.Game.returns` (levels gained less the other side's),
    positive when ``bot_a`` does better; a round is won by the result's ``winner`` side. A
    deal nobody bids in is dealt again (the same redeal for both plays)."""
    from paizhuo.arena.simulate import play_round
    from paizhuo.bots.registry import make_bot
    from paizhuo.engine.dealing import derive_seed
    from paizhuo.games import game_class

    cls = game_class("shengji")
    out: list[tuple[float, int]] = []
    for deal in range(deals):
        total, won = 0.0, 0
        for parity in (0, 1):
            for k in range(20):
                s = derive_seed(seed, deal) if k == 0 else derive_seed(seed, deal, k)
                g = cls.new(dict(options or {}), seed=s)
                bots = [make_bot(bot_a if p % 2 == parity else bot_b, "shengji")
                        for p in range(g.num_seats)]
                play_round(g, bots, random.Random(f"{s}/{parity}"))
                result = g.result()
                if result is not None and not result.get("redeal"):
                    break
            assert result is not None
            r = g.returns()
            assert r is not None
            mine = [r[p] for p in range(g.num_seats) if p % 2 == parity]
            total += sum(mine) / len(mine)
            side = result["defenders"] if result["winner"] == "defenders" \
                else result["attackers"]
            won += parity in side
        out.append((total / 2, won))
    return out


def summary(results: Sequence[tuple[float, int]]) -> tuple[float, float, int, int]:
    """(mean margin per round, half-width of its 95% interval, rounds won, rounds played)."""
    margins = [m for m, _ in results]
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    return statistics.fmean(margins), half, sum(w for _, w in results), 2 * len(results)


def time_decisions(rounds: int = 4, seed: int = 0) -> list[float]:
    """Seconds per heuristic decision, over ``rounds`` rounds of heuristic players."""
    from paizhuo.games import game_class

    cls = game_class("shengji")
    bot = ShengjiHeuristic()
    times: list[float] = []
    for r in range(rounds):
        g = cls.new({}, seed=seed + r)
        rng = random.Random(r)
        while not g.is_over:
            seat = g.to_act()[0]
            obs, legal = g.observation(seat), g.legal_actions(seat)
            t = time.perf_counter()
            action = bot.act(obs, legal, rng)
            times.append(time.perf_counter() - t)
            g.apply(action)
    return times


def main(argv: Sequence[str]) -> None:
    deals = int(argv[0]) if argv else 50
    times = time_decisions()
    print(f"decision time: median {1000 * statistics.median(times):.3f} ms, "
          f"p95 {1000 * sorted(times)[int(0.95 * len(times))]:.3f} ms, "
          f"max {1000 * max(times):.3f} ms over {len(times)} decisions")
    for other in ("random", "greedy"):
        mean, half, won, played = summary(duplicate_deals("heuristic", other, deals))
        print(f"heuristic vs {other}: {deals} duplicate deals of tractor, level margin per "
              f"round {mean:+.3f} ± {half:.3f} (95%), rounds won {won}/{played}")


if __name__ == "__main__":
    main(sys.argv[1:])
