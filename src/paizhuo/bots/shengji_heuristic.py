"""The Shengji heuristic bot: fast rule-based play in the way the strategy texts describe it.

It reads only the acting seat's observation and its legal actions, like
:class:`~paizhuo.bots.shengji_greedy.ShengjiGreedy` (whose round setting, card counting and
void tracking it reuses), and adds what good players do (the 拖拉机技巧 of the seed texts):

- **Bids**: a hand's strength in a suit is its trumps (level cards, jokers, the suit's cards,
  pairs counted again); it bids a pair of level cards with any hand (jokers for no trump
  only when strong), one level card only when that strength is a good share of the hand, and
  overcalls (or fights for the kitty) with a pair, or when strong. Never over a partner.
  Bidding-3: the target follows the same strength.
- **Bury** (埋底, :mod:`~paizhuo.bots.shengji_bury`): empties a side suit (the "bridge" to a
  partner, 一定要绝一门), takes the points out of a side suit of one or two cards, keeps aces,
  trumps and high cards; points are buried only to do one of those.
- **Friends**: the greedy call (an ace it does not hold, never in trump).
- **Lead**: a throw of every unit of a side suit only when no unseen card can beat any of them
  and no opponent is known void in the suit (provably safe from what is seen); else a sure
  winner (tractor, pair, single, counting every card played); a suit a partner is void in
  (and no opponent), so that partner ruffs; the dealer's side pulls trumps with a long trump
  holding; never a suit an opponent is known void in when another is available; else a low
  non-point card, from a short side suit (to void it). Tried last, whatever came first (the
  audit's patterns, docs/strength.md): point cards into a suit an opponent ruffs (while the
  hand holds another lead than jokers and level cards), point cards that a higher unit still
  unseen can capture, one big joker of the pair, and — from the dealer's partner — a suit the
  dealer is void in that could lose the trick (帮庄 ⑤ 绝对不可以捅庄家断门).
- **Follow**: a partner winning for sure gets points (5, 10, K), side cards before trumps,
  pairs kept; an opponent winning for sure gets the smallest non-point cards, pairs kept; a
  winning play is made only when it will hold (or the seat is last) and it is worth it — a
  ruff only when the trick has points or the seat is last and the trick can go nowhere else.
  Whether a play holds is counted: a higher unit unseen matters only with an opponent still
  to play who is not known void in the suit, a ruff only with one void in it who may hold
  trumps. Never a trump on a partner's sure side-suit trick; before the last four tricks no
  joker on a trick without points and the big jokers kept a pair; no point card of the suit
  led takes a trick a later opponent may still beat (K♦ on 10♦ with A♦ out).
- **Signals** (信号牌): following a partner's winning lead of a single side card while holding
  the top card left in that suit, a seat plays a 9, J or Q of the suit where it would add no
  points anyway; the leader reads it and later leads that suit low, so that the partner wins
  it and takes the lead ("出小牌让对家上手"), and any seat of the side feeds points to a
  trick of that suit the partner is still to play to — while no opponent is known void in
  it.
- **Last tricks** (扣底): the kitty's points double for the attackers on the last trick, so
  near the end of the round a seat keeps its strongest trumps for it.

The play of a trick (leads, follows, signals, last tricks) is
:class:`~paizhuo.bots.shengji_heuristic_play.HeuristicView`'s. The bot is measured by the
tools, not here: ``paizhuo arena shengji --bots heuristic,greedy`` plays it on duplicate
deals, ``paizhuo bench shengji --bots heuristic`` times its decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from paizhuo.bots.shengji_bury import plan_buries
from paizhuo.bots.shengji_greedy import (
    ACE,
    PlayView,
    ShengjiGreedy,
    fixed_partners,
    table_of,
)
from paizhuo.bots.shengji_heuristic_play import HeuristicView
from paizhuo.cards import rank_of, suit_of
from paizhuo.engine.actions import Action
from paizhuo.games.shengji.combos import make_lead
from paizhuo.games.shengji.order import TRUMP, card_points
from paizhuo.games.shengji.scoring import parse_level
from paizhuo.games.shengji.trick import play_rank, trick_winner
from paizhuo.notation import parse_cards

BURY_ODDS_TRUMP = 0.02
"""A trump's odds of being buried, against 1 for a low card of a side suit (the bury buries
none while it has other cards: 0 of 4,092 held in 400 rounds; not 0, so that no guess is
impossible)."""
BURY_ODDS_POINTS = {5: 0.4, 10: 0.23}
"""A point card's odds of being buried, by its points (a trump's are the trump's): measured on
the bury of :mod:`~paizhuo.bots.shengji_bury` (400 rounds of the tractor preset at seeds
10000–10399: a 5 buried 192 times of 751 held, a 10 or king 233 of 1,469, a low side card
2,775 of 6,123; the odds of each against those of a low side card)."""
BURY_ODDS_ACE = 0.02
"""A side suit's ace's odds of being buried (0 of 765 held in those rounds: aces are kept)."""


def bury_odds(card: int, trump: bool) -> float:
    """The odds that ``card`` (a trump or not) lies in a kitty this bot did not see, rather
    than in the burier's hand, against 1 for a low side card: how this bot buries — side
    suits' low cards first, points, aces and trumps kept (the seed text's 扣底). Over 40
    rounds of the tractor preset that the heuristic bid and buried, a kitty guessed with these
    odds held 7.8 points and 0.15 trumps on average, one dealt at random 13.7 points and 2.0
    trumps, and the heuristic's own 9.6 and 0 (its bury, :mod:`~paizhuo.bots.shengji_bury`,
    buries points to empty a suit or a short one; the odds before it, made for the bury of
    before issue 35, guessed 4.6 and 0.28)."""
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
    bot's own rules of following
    (:meth:`~paizhuo.bots.shengji_heuristic_play.HeuristicView.follow`) read backwards:

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
    NEED_PAIR = 0.0
    """Trump strength per card a pair of level cards bids with (see :func:`_strength`): any
    pair bids (a no-trump pair of jokers still needs its margin). The seat that declares
    deals the first round, takes the kitty and leads (升级做庄比攻庄容易), and the seed
    text's attackers overcall whatever they can (对庄家亮的主牌能反则反). Against
    heuristic-v1 (tractor, 1,000 duplicate deals of seeds 7–11, the rest of today's rules
    alike), bidding every pair gained +0.132 ± 0.034 levels per round over the old 0.32,
    +0.043 over 0.15."""
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

    def _bury_picks(self, obs: dict[str, Any], n: int = 1) -> list[Action]:
        """This bot's bury (:func:`~paizhuo.bots.shengji_bury.plan_bury`: a side suit
        emptied, no points left in a short side suit, aces and trumps kept) — with ``n``
        above 1 its ``n`` best plans (:func:`~paizhuo.bots.shengji_bury.plan_buries`) — then
        the greedy one's."""
        tab = table_of(obs)
        assert tab.ctx is not None, "trump is known before the bury"
        k = int(obs["details"]["kitty_size"])
        plans = plan_buries(parse_cards(obs["hand"]), k, tab.ctx, tab.opts.kitty_no_points, n)
        mine = [Action(obs["seat"], "bury", tuple(b)) for b in plans]
        return mine + [a for a in super()._bury_picks(obs) if a not in mine]

    def choices(self, observation: dict[str, Any], legal: list[Action], rng: random.Random,
                k: int) -> list[Action] | None:
        """Up to ``k`` moves best first, for a search (:func:`paizhuo.bots.search.ranked`):
        at the bury, this bot's ``k`` best buries (the search plays each out: its choice is
        kept unless another does clearly better); at a lead, the leads it tries in turn."""
        if observation["phase"] == "bury" and observation["your_turn"]:
            return self._bury_picks(observation, k)[:k]
        return super().choices(observation, legal, rng, k)

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
