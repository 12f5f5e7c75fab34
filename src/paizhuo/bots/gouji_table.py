"""What one Gouji decision reads, for :mod:`paizhuo.bots.gouji_heuristic`: the :class:`Table`
(the hand as rank counts, the options, the cards opponents may hold, the play on the table,
from an observation or, in a search's playouts, from the state), and its judgments of plays
(whether a play is sure, what it costs, whether the hand can run out).

Strength ranks ``3 … A 2 SJ BJ`` = 0 … 14 throughout; the bot's choices are in
:mod:`paizhuo.bots.gouji_heuristic`, which reads a decision only through this module.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from paizhuo.bots.base import options_text
from paizhuo.games.climbing import BJ, SJ, STRENGTH_OF_CARD, THREE, TWO
from paizhuo.games.gouji.combos import (
    KILL_OFF,
    Shape,
    after,
)
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.games.gouji.state import GoujiState
from paizhuo.games.gouji.views import (
    PLAYED_RANKS,
    cards_text,
    hand_sizes,
    played_ranks,
    teammate_hands,
)
from paizhuo.notation import format_counts, parse_cards

if TYPE_CHECKING:
    pass

SEATS: Final = 6
PLAIN_RANKS: Final = 12
"""Strength ranks 0 … 11 (3 … A) form groups; 12 (2), 13 (SJ), 14 (BJ) are control."""

GROUP_VALUE: Final = 10
"""What one group less is worth (one lead fewer to go out)."""
CARD_VALUE: Final = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 7, 10, 13)
"""What spending one card of each rank costs: high plain cards win answers, 2s are money,
jokers are control."""
BREAK_COST: Final = 3
"""Playing part of a group (its rest must still be led later)."""

parsed_cards = lru_cache(maxsize=4096)(parse_cards)
"""``parse_cards``, remembered: a table reads the same hand and plays at every decision."""


@lru_cache(maxsize=64)
def _options(text: str) -> tuple[GoujiOptions, tuple[int, ...], int]:
    opts = GoujiOptions.from_dict(json.loads(text))
    return opts, opts.thresholds(), opts.kill_code


def _by_rank(played: dict[str, int] | None) -> list[int] | None:
    """An observation's ``played`` as counts by strength rank (``3`` … ``big_joker``)."""
    return None if not played else [played[key] for key in PLAYED_RANKS]


_SETTINGS: dict[GoujiOptions, tuple[GoujiOptions, tuple[int, ...], int]] = {}


def _setting_of_options(opts: GoujiOptions) -> tuple[GoujiOptions, tuple[int, ...], int]:
    """:func:`setting_of` for options already parsed (a game's state)."""
    made = _SETTINGS.get(opts)
    if made is None:
        made = _SETTINGS[opts] = (opts, opts.thresholds(), opts.kill_code)
    return made


def setting_of(obs: dict[str, Any]) -> tuple[GoujiOptions, tuple[int, ...], int]:
    """The table's options from the observation, with their gouji thresholds and kill code
    (cached)."""
    return _options(options_text(obs["details"].get("options", {})))


def counts_of(cards: Sequence[int]) -> list[int]:
    """Rank counts (15 strength ranks) of some card ids."""
    out = [0] * 15
    for c in cards:
        out[STRENGTH_OF_CARD[c]] += 1
    return out


def fast_shape(cards: tuple[int, ...]) -> Shape:
    """The shape of a legal play's sorted cards, without counting card by card: ids 0–3 are
    the 2s, 52 SJ, 53/54 BJ, and the rest one rank (the list holds only real plays)."""
    small = cards.count(52)
    big = cards.count(53) + cards.count(54)
    twos = bisect_left(cards, 4)
    base = len(cards) - small - big - twos
    if base:
        return (STRENGTH_OF_CARD[cards[twos]], base, twos, small, big)
    if twos:
        return (TWO, twos, 0, small, big)
    return (SJ if small else BJ, 0, 0, small, big)


class Table:
    """What one decision needs from the observation: the hand, the options, the cards
    opponents may hold, the play on the table."""

    def __init__(self, obs: dict[str, Any]) -> None:
        d = obs["details"]
        seat: int = obs["seat"]
        self._fill(seat, setting_of(obs), parsed_cards(obs["hand"] or ""), obs["hand_sizes"],
                   d.get("finished", []), d.get("ranked_last", []), d["revolution"],
                   d.get("round") or {}, (d.get("dead_gouji") or [0] * SEATS)[seat],
                   _by_rank(d.get("played")), d.get("teammate_hands", {}))

    @classmethod
    def of_state(cls, st: GoujiState, seat: int) -> Table:
        """``Table(game.observation(seat))`` read from the state of a game in play instead, with
        the views' own functions and nothing an observation leaves out (the round's entries
        the bot reads; ``tests/bots/test_unlisted.py`` holds the two equal): for the
        search's playouts (:meth:`GoujiHeuristic.act_state`)."""
        assert st.play_began, "a table is read from the state only in play"
        t = cls.__new__(cls)
        playing = st.table_shape is not None
        rnd = {"burner": st.burner if st.burner >= 0 else None,
               "maker": st.maker if playing else None,
               "play": cards_text(st.table_cards) if playing else None,
               "gouji": st.table_gouji, "chaos": st.chaos}
        hand = parsed_cards(format_counts(st.hands[seat].array()))
        t._fill(seat, _setting_of_options(st.opts), hand,
                hand_sizes(st, seat), list(st.tops), st.bottoms, st.revolution, rnd,
                st.tokens[seat], played_ranks(st), teammate_hands(st, seat),
                list(st.rank_counts[seat]))
        return t

    def _fill(self, seat: int, setting: tuple[GoujiOptions, tuple[int, ...], int],
              ids: tuple[int, ...], sizes: list[int | None], finished: list[int],
              ranked_last: list[int], revolution: list[int], rnd: dict[str, Any], tokens: int,
              played: Sequence[int] | None, mates: dict[str, str],
              h: list[int] | None = None) -> None:
        self.seat = seat
        self.opts, self.th, self.kill = setting
        self.ids = ids
        self.h = counts_of(ids) if h is None else h  # (the state's rank counts of the hand)
        self.sizes = sizes
        self.finished = finished
        self.out = set(finished) | set(ranked_last) | set(revolution)
        self.rnd = rnd
        self.tokens = tokens
        self.bound = self.opts.bie_san and self.h[THREE] > 0
        # cards an opponent may hold: the deck less this hand, visible teammate hands, played
        total = [16] * 15
        total[SJ] = total[BJ] = 4
        if self.opts.deck == 198:
            total[0], total[1] = 6, 8
        if played:
            unseen = [t - m - p for t, m, p in zip(total, self.h, played, strict=True)]
        else:
            unseen = [t - m for t, m in zip(total, self.h, strict=True)]
        self.teammate_hands = mates
        for text in mates.values():
            for c in parsed_cards(text):
                unseen[STRENGTH_OF_CARD[c]] -= 1
        self.unseen = [u if u > 0 else 0 for u in unseen]

    # -- the hand -----------------------------------------------------------------------------

    def groups(self, h: Sequence[int] | None = None) -> list[int]:
        """The plain ranks held (3s left out while 憋三 keeps them for last)."""
        h = self.h if h is None else h
        low = 1 if self.bound else 0
        return [r for r in range(low, PLAIN_RANKS) if h[r]]

    def opp(self, seat: int) -> int:
        return (seat + 3) % SEATS

    def teammate(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

    def size_of(self, seat: int) -> int:
        """A seat's hand size where shown, else a full-looking 36."""
        n = self.sizes[seat]
        return 36 if n is None else n

    # -- card counting ------------------------------------------------------------------------

    def sure(self, p: Shape, unseen: Sequence[int] | None = None) -> bool:
        """Whether no opponent could hold a play that beats ``p`` (if all the unseen cards were
        in one hand): for a gouji play only the 对头 may answer, so this is cautious.
        ``unseen``: another count of the cards not seen (a teammate's, for advice)."""
        u = self.unseen if unseen is None else unseen
        n = p[1] + p[2] + p[3] + p[4]
        if p[4] and not p[3]:  # big flowers: dead unless 杀大花 with two BJ
            return self.kill == KILL_OFF or p[4] >= 2 or u[BJ] < 2
        if p[3]:  # small flowers fall to big flowers with as many BJ and a higher rank
            if u[BJ] < p[3] + p[4]:
                return True
            if u[BJ] >= n:
                return False  # big jokers alone
            return all(u[g] + (u[TWO] if g < TWO else 0) + u[BJ] < n
                       for g in range(p[0] + 1, SJ))
        jokers = u[SJ] + u[BJ]
        if jokers >= n:
            return False
        money = u[TWO]
        return all(u[g] + (money if g < TWO else 0) + jokers < n for g in range(p[0] + 1, SJ))

    def make_sure(self, r: int, h: Sequence[int],
                  unseen: Sequence[int] | None = None) -> Shape | None:
        """The whole group ``r`` as a sure play, with the fewest big jokers needed (None if
        the hand's big jokers cannot make it sure)."""
        p: Shape = (r, h[r], 0, 0, 0)
        if self.sure(p, unseen):
            return p
        for big in range(1, h[BJ] + 1):
            q: Shape = (r, h[r], 0, 0, big)
            if self.sure(q, unseen):
                return q
        return None

    def run_out(self, h: Sequence[int],
                unseen: Sequence[int] | None = None) -> list[Shape] | None:
        """Plays that lead this hand out, each sure but the last (the 3s with 憋三), or None.

        Money and small jokers go with the last play; big jokers make groups sure.
        ``unseen``: as :meth:`sure`."""
        groups = self.groups(h)
        if self.bound:
            last: int | None = THREE
        else:
            last = None
        plan: list[Shape] = []
        spare = list(h)
        todo = []
        for r in groups:
            p = self.make_sure(r, [*spare[:BJ], 0], unseen)  # plain first
            if p is not None:
                plan.append(p)
            else:
                todo.append(r)
        if last is None:
            if not todo:
                if not plan:
                    return None
                last = plan.pop()[0]  # the highest sure group can go last
            else:
                last = todo.pop(0)  # the lowest unsure group goes last
        for r in todo:
            p = self.make_sure(r, spare, unseen)
            if p is None:
                return None
            spare[BJ] -= p[4]
            plan.append(p)
        if last >= PLAIN_RANKS:
            return None
        plan.sort(key=lambda q: (q[4], q[0]))
        if self.bound:
            # the last play is the 3s alone: the money and jokers left go before it
            if spare[SJ]:
                return None
            if plan:
                r, base, _, _, big = plan[0]
                plan[0] = (r, base, spare[TWO], 0, big + spare[BJ])
            elif spare[TWO] or spare[BJ]:
                ctrl: Shape = ((TWO, spare[TWO], 0, 0, spare[BJ]) if spare[TWO]
                               else (BJ, 0, 0, 0, spare[BJ]))
                if not self.sure(ctrl, unseen):
                    return None
                plan.append(ctrl)
            plan.append((THREE, h[THREE], 0, 0, 0))
            return plan
        plan.append((last, h[last], spare[TWO], spare[SJ], spare[BJ]))
        return plan

    # -- burning and advice -------------------------------------------------------------------

    def burn_risks(self, p: Shape) -> int:
        """How many plays of a burn 烧牌 begun with ``p`` are not sure: the beating play
        (unless it takes the hand out) and every lead after it but the last — each set whole
        with one joker, big ones first, the spare jokers and 2s with the last lead (the 3s
        last with 憋三) — with the best choice of the set led last; more than the plays
        where the rest cannot be led with a joker each (GJ-6)."""
        left = after(self.h, p)
        first = 0 if sum(left) == 0 or self.sure(p) else 1
        groups = [r for r in range(PLAIN_RANKS) if left[r]]
        if left[TWO] and not groups:
            groups = [TWO]
        if len(groups) <= 1:
            return first
        lasts = [THREE] if self.bound and left[THREE] else groups
        best = len(groups) + 1
        for last in lasts:
            big, small, risky = left[BJ], left[SJ], 0
            for r in groups:
                if r == last:
                    continue
                if not big and not small:
                    risky = len(groups) + 1  # a lead without a joker fails the burn
                    break
                lead: Shape = (r, left[r], 0, 0 if big else 1, 1 if big else 0)
                if big:
                    big -= 1
                else:
                    small -= 1
                risky += 0 if self.sure(lead) else 1
            best = min(best, risky)
        return first + best

    def advice(self, pending: Collection[int]) -> tuple[int, Shape] | None:
        """挑牌 (GJ-7): a teammate whose hand this seat sees and who cannot see this hand (more
        than 10 cards), no advice of ours pending to him (``pending``), whose hand runs out by
        our count (:meth:`run_out`) but not by his — he counts our cards as unseen — and the
        play he should lead first: what he cannot know is that the cards he fears are ours.
        None under 憋三 (whose 3s this plan does not place) and where no teammate
        qualifies."""
        if self.opts.bie_san or len(self.ids) <= 10:
            return None
        for key, text in sorted(self.teammate_hands.items()):
            mate = int(key)
            if mate in self.out or mate in pending or not text:
                continue
            m = counts_of(parsed_cards(text))
            if sum(1 for g in range(PLAIN_RANKS) if m[g]) <= 1:
                continue  # one play: he sees that himself
            plan = self.run_out(m)
            if plan is None:
                continue
            theirs = [u + x for u, x in zip(self.unseen, self.h, strict=True)]
            if self.run_out(m, theirs) is None:
                return mate, plan[0]
        return None

    # -- pricing ------------------------------------------------------------------------------

    def price(self, p: Shape) -> int:
        """How much better the hand is after playing ``p`` (GROUP_VALUE per group shed,
        less the worth of the cards spent)."""
        r, base, money, small, big = p
        h = self.h
        v = -CARD_VALUE[TWO] * money - CARD_VALUE[SJ] * small - CARD_VALUE[BJ] * big
        if r < PLAIN_RANKS:
            v -= CARD_VALUE[r] * base
            if r == THREE and self.bound:
                v -= 30  # the 3s are kept for the last play (憋三)
            elif base == h[r]:
                v += GROUP_VALUE
            else:
                v -= BREAK_COST
        elif r == TWO:
            v -= CARD_VALUE[TWO] * base
        return v
