"""How the Shengji heuristic plays a trick (:class:`HeuristicView`): its leads, follows and
signals, with the card counting of :class:`~paizhuo.bots.shengji_greedy.PlayView`.

The bot itself — bids, bury, the friend call, its beliefs for the search's worlds — is
:class:`~paizhuo.bots.shengji_heuristic.ShengjiHeuristic`, which builds one of these views for
every play decision; the rules it follows are listed there. The view is apart because it is
half the bot, and the half that the play's own vocabulary (tricks, units, voids) describes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from paizhuo.bots.shengji_greedy import PlayView, card_cost
from paizhuo.cards import BIG_JOKER, RANK_CHARS, rank_of
from paizhuo.engine.actions import Action
from paizhuo.games.shengji.combos import Lead, Unit, decompose, decompose_counts
from paizhuo.games.shengji.order import TRUMP, card_points, points_of
from paizhuo.games.shengji.trick import play_rank, unit_beaten_by

PAIR_BREAK = 30
"""Cost of splitting a pair (or triple) of the hand in a play: keep pairs for pairs led."""
SIGNAL_RANKS = frozenset(RANK_CHARS.index(r) for r in "9JQ")
"""The signal cards (信号牌, 应牌): a 9, J or Q played to a partner's winning single side card
says "I hold the top card left in this suit" (the seed text's 帮庄要领 ③: 出9、J、Q应牌，告诉
对方你有尖). A level card is a trump, never a signal."""
ENDGAME = 4
"""The last tricks (this many cards in hand or fewer): who wins them wins the kitty (扣底, the
seed text's 打到最后几张时), so only there a joker goes to a trick without points, or the big
jokers part."""


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
    PARTNER_KEEP = True
    """Whether the dealer's partner, too, weighs trumps three times in the last tricks, kept
    for the last trick and the kitty (帮庄要领 ⑦ would have him not: 绝不可留大牌帮庄家保底)."""
    DEALER_RUN = False
    """帮庄要领 ⑧: the dealer's partner follows the dealer's winning side-suit lead with a middle
    card of the suit first, then high to low (:meth:`run_follow`)."""
    SIGNAL = True
    """Give and read signals (:data:`SIGNAL_RANKS`) — with fixed partners only (对家, the
    seed text's convention): measured in finding-friends play they cost (docs/strength.md)."""

    def __init__(self, obs: dict[str, Any], tab: Any) -> None:
        super().__init__(obs, tab)
        d = obs["details"]
        defenders = frozenset(d.get("defenders") or ())
        self.defending = self.seat in defenders
        self.dealer: int | None = d.get("dealer")
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
            late = self.left <= 4 and (self.PARTNER_KEEP or not self.defending
                                       or self.seat == self.dealer)
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

    def can_ruff(self, seat: int, g: int) -> bool:
        """Whether ``seat`` may ruff side suit ``g``: known void in it, not known void in
        trumps, and trumps still unseen."""
        return (seat, g) in self.void and (seat, TRUMP) not in self.void and self.trumps_out > 0

    def _opp_void(self, g: int) -> bool:
        """Whether an opponent can ruff suit ``g`` (:meth:`can_ruff`)."""
        return any(self.can_ruff(s, g) for s in self.opponents)

    def _holds(self, shape: tuple[int, int], cards: Sequence[int], key: tuple[int, int]) -> bool:
        """Whether a play winning the trick stays winning, by counting the cards unseen: no
        opponent still to play holds a higher unit of the shape in the suit (one known void
        in it cannot), nor ruffs it (void in the suit led, with trumps: an over-ruff needs a
        higher trump unit)."""
        done = {s for s, _ in self.trick} | {self.seat}
        later = self.opponents - done
        if not later or key[0] >= 2:  # nobody after, or a bomb
            return True
        ctx = self.ctx
        g = ctx.group[cards[0]]
        led = ctx.group[self.trick[0][1][0]]
        size, length = shape
        top = Unit(size, length, key[1], ())
        if g != led:  # a ruff: beaten only by an over-ruff
            return not (any(self.can_ruff(s, led) for s in later)
                        and unit_beaten_by(top, self.unseen, TRUMP, ctx))
        if any((s, g) not in self.void for s in later) and unit_beaten_by(
                top, self.unseen, g, ctx):
            return False
        return g == TRUMP or not (any(self.can_ruff(s, g) for s in later) and unit_beaten_by(
            Unit(size, length, -1, ()), self.unseen, TRUMP, ctx))

    def bad_lead(self, cards: Sequence[int]) -> bool:
        """A lead tried only when nothing else is left (the audit's patterns,
        docs/strength.md): point cards of a suit an opponent ruffs; point cards a higher unit
        still unseen can capture (seed: 有一对10或一对K的牌，不可乱冲); as the dealer's partner,
        a suit the dealer is void in that could lose the trick (帮庄 ⑤ 绝对不可以捅庄家断门);
        one big joker of the pair."""
        ctx = self.ctx
        if self.left > ENDGAME and self.copies[BIG_JOKER] >= 2 \
                and list(cards).count(BIG_JOKER) == 1:
            return True
        g = ctx.group[cards[0]]
        if g == TRUMP:
            return False
        ruffed = self._opp_void(g)
        points = self.points(cards)
        if points and ruffed and self._spare_lead():
            return True
        units = decompose(cards, ctx, self.tab.rules)
        beaten = any((s, g) not in self.void for s in self.opponents) and any(
            unit_beaten_by(u, self.unseen, g, ctx) for u in units)
        if points and beaten and len(units) == 1:
            return True
        dealer = self.dealer
        return dealer in self.partners and (dealer, g) in self.void and (
            dealer, TRUMP) not in self.void and (beaten or ruffed)

    def _spare_lead(self) -> bool:
        """Whether the hand holds a lead that costs little besides points into a ruff: a side
        card not of points in a suit an opponent ruffs, or a trump below the level cards —
        a joker or a level card led instead gives up the last tricks (扣底) for a few points."""
        ctx = self.ctx
        for c in self.copies:
            g = ctx.group[c]
            if g == TRUMP:
                if c < 52 and rank_of(c) != ctx.level and not (
                        ctx.constant_twos and rank_of(c) == 0):
                    return True
            elif not (card_points(c) and self._opp_void(g)):
                return True
        return False

    def _ranked(self, candidates: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """``candidates``, then every single card of the hand (cheapest first), with the bad
        leads (:meth:`bad_lead`) moved last."""
        singles = sorted(set(self.hand), key=lambda c: (card_points(c), self.keep_cost((c,))))
        every = candidates + [(c,) for c in singles]
        bad = [self.bad_lead(c) for c in every]
        return [c for c, b in zip(every, bad, strict=True) if not b] + [
            c for c, b in zip(every, bad, strict=True) if b]

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
        return self._ranked(candidates)

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

    def run_follow(self, legal: list[Action], lead: Lead,
                   best: tuple[int, int]) -> Action | None:
        """The seed text's 帮庄要领 ⑧ (庄家出长套，你要从中间出牌，再出就从大往小出，以免影响庄家
        甩牌): the dealer, this seat's partner, leads a single side card that wins the trick;
        the follow is a card of the suit that does not overtake it — the middle one of those
        the first time this seat follows the dealer's lead of the suit this round, the
        highest after. Cards of the suit left high in the partner's hand are what stops the
        dealer's throws (he throws only what no unseen card beats) and his small cards from
        becoming the suit's top. ``None`` where the rule does not apply."""
        ctx, rules = self.ctx, self.tab.rules
        leader, cards = self.trick[0]
        if leader != self.dealer or leader not in self.partners or len(cards) != 1:
            return None
        g = ctx.group[cards[0]]
        if g == TRUMP:
            return None
        under = []
        for a in legal:
            if len(a.cards) != 1 or ctx.group[a.cards[0]] != g:
                continue
            rank = play_rank(lead, a.cards, ctx, rules)
            if rank is None or rank <= best:
                under.append(a)
        if not under:
            return None
        under.sort(key=lambda a: ctx.slot[a.cards[0]])
        again = any(plays[0][0] == leader and len(plays[0][1]) == 1
                    and ctx.group[plays[0][1][0]] == g for plays, _ in self.history)
        if again:
            return under[-1]
        if self.signals:
            # a 9, J or Q would read as the signal "I hold the top card" (:meth:`signal`,
            # given before this where it is true)
            under = [a for a in under if rank_of(a.cards[0]) not in SIGNAL_RANKS] or under
        return under[(len(under) - 1) // 2]

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

    def sound(self, legal: list[Action], lead: Lead, best: tuple[int, int],
              on_table: int) -> list[Action]:
        """The follows worth weighing, each rule kept only where it leaves a play: before the
        last tricks (:data:`ENDGAME`) the big jokers stay a pair and no joker goes to a trick
        with no points (坐庄要领 ③: 上家出单张或一小对付牌，不杀); no point card of the suit led
        takes the trick where a later opponent may beat it (K♦ on 10♦ with A♦ out)."""
        ctx, rules = self.ctx, self.tab.rules

        def keep(wanted: Callable[[Action], bool]) -> None:
            nonlocal legal
            legal = [a for a in legal if wanted(a)] or legal

        if self.left > ENDGAME:
            if self.copies[BIG_JOKER] >= 2:
                keep(lambda a: a.cards.count(BIG_JOKER) != 1)
            if not on_table:
                keep(lambda a: not any(c >= 52 for c in a.cards))
        g = lead.group
        if g != TRUMP and not lead.is_throw:
            def safe(a: Action) -> bool:
                if ctx.group[a.cards[0]] != g or not self.points(a.cards):
                    return True
                rank = play_rank(lead, a.cards, ctx, rules)
                return rank is None or rank <= best or rank[0] > 0 or self._holds(
                    lead.deciding, a.cards, rank)

            keep(safe)
        return legal

    def follow(self, legal: list[Action]) -> Action:
        ctx, rules = self.ctx, self.tab.rules
        lead, plays, w, best = self._trick_so_far()
        done = {s for s, _ in self.trick} | {self.seat}
        later_opp = self.opponents - done
        later_partner = self.partners - done
        on_table = sum(points_of(p) for p in plays)
        legal = self.sound(legal, lead, best, on_table)
        if self.trick[w][0] in self.side and self._holds(lead.deciding, plays[w], best):
            if self.signals and w == 0:
                signal = self.signal(legal)
                if signal is not None:
                    return signal
            if lead.group != TRUMP:  # never ruff a partner's sure trick
                legal = [a for a in legal if all(ctx.group[c] != TRUMP for c in a.cards)] \
                    or legal
            run = self.run_follow(legal, lead, best) if self.DEALER_RUN and w == 0 else None
            return run if run is not None else self.feed(legal)
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
