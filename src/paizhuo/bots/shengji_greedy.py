"""The Shengji greedy bot: one-trick card sense from what one seat sees.

It reads only the acting seat's observation and its legal actions. From the observation's
options, level and trump it rebuilds the round's
:class:`~paizhuo.games.shengji.order.TrumpContext` and judges its own options with the pure
rule functions of :mod:`paizhuo.games.shengji` (``decompose_counts``, ``make_lead``,
``play_rank``, ``unit_beaten_by``). Registered lazily for ``make_bot("greedy", "shengji")``
by :mod:`paizhuo.bots.policies` (game packages import no bots).
Every card it has not seen (its hand, the tricks, a kitty it may see) may be in any other
hand; a seat that did not follow a led side suit is void in it.

- **Bids** (SJ-4): a pair of level cards, or one level card in a long suit; never against a
  partner, and in a kitty fight only a pair. Bidding-3 (SJ-12): a target bid while the hand is
  long enough in its best suit; trump is the longest suit.
- **Bury** (SJ-5): the lowest side cards, shortest suits first (to void them), keeping point
  cards, aces and pairs; trumps only when side cards run out.
- **Friends** (SJ-11): the first copy of an ace the dealer does not hold (the next copy after
  those it holds).
- **Lead**: never a throw. A side-suit unit nobody can beat (tractor, pair, then single), a
  high side pair or tractor, an ace, else the lowest card of the longest side suit; trumps only
  when nothing else is left.
- **Follow**: partner winning → add points; else the cheapest play that wins; else the play
  that gives away the fewest points and the lowest cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from paizhuo.bots.base import BaseBot, options_text
from paizhuo.cards import NUM_PLAIN_IDS, RANK_CHARS, SUIT_CHARS, Counts, card_id, rank_of, suit_of
from paizhuo.engine.actions import Action
from paizhuo.games.shengji.combos import ComboRules, Unit, decompose_counts, make_lead
from paizhuo.games.shengji.follow import lead_error
from paizhuo.games.shengji.kitty import BURY_LIST_CAP
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points, points_of
from paizhuo.games.shengji.scoring import parse_level
from paizhuo.games.shengji.trick import play_rank, trick_winner, unit_beaten_by
from paizhuo.notation import parse_cards

TRUMP_WEIGHT = 40
"""Added to a trump's order slot when pricing cards: the lowest trump outranks any side card."""
ACE = RANK_CHARS.index("A")
_cards = lru_cache(maxsize=8192)(parse_cards)
"""``parse_cards`` for the short strings of the tricks, which repeat from decision to decision."""
KING = RANK_CHARS.index("K")


@dataclass(frozen=True)
class RoundSetting:
    """What the bot derives once per (options, level, trump): the rules and the card order."""

    opts: ShengjiOptions
    rules: ComboRules
    ctx: TrumpContext | None
    level: int


@lru_cache(maxsize=256)
def _table(options_json: str, level: str, trump: str | None) -> RoundSetting:
    opts = ShengjiOptions.from_dict(json.loads(options_json))
    lv = parse_level(level)
    ctx = None
    if trump is not None:
        ctx = TrumpContext.make(lv, None if trump == "NT" else SUIT_CHARS.index(trump),
                           opts.constant_twos)
    return RoundSetting(opts, opts.combo_rules, ctx, lv)


def table_of(obs: dict[str, Any]) -> RoundSetting:
    """The rules and (once trump is known) the card order of the observed round."""
    d = obs["details"]
    return _table(options_text(d["options"]), d["level"], d.get("trump"))


def card_cost(card: int, ctx: TrumpContext) -> int:
    """How much a card is worth keeping: its order slot, trumps above every side card."""
    return ctx.slot[card] + (TRUMP_WEIGHT if ctx.group[card] == TRUMP else 0)


def my_side(obs: dict[str, Any], opts: ShengjiOptions) -> frozenset[int]:
    """Seats known to be on the acting seat's side (itself included).

    A defender's side is the defenders known; an attacker's is every other seat, except with
    friends still unfound (a seat may yet join the dealer): then only itself.
    """
    seat = obs["seat"]
    d = obs["details"]
    everyone = frozenset(range(len(obs["hand_sizes"])))
    defenders = frozenset(d.get("defenders") or ())
    if seat in defenders:
        return defenders
    if opts.teams == "friends" and not all(f["resolved"] for f in d.get("friends") or ()):
        return frozenset({seat})
    return everyone - defenders


def fixed_partners(seat: int, opts: ShengjiOptions) -> frozenset[int]:
    """Seats on ``seat``'s team before trump is known (fixed teams sit alternately)."""
    if opts.teams != "fixed":
        return frozenset({seat})
    return frozenset(s for s in range(opts.players) if s % 2 == seat % 2)


def _reinforcement(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """In a kitty fight with ``fight_reinforce`` (SJ-14.3), the standing bidder's largest
    reinforcement: showing more of his card costs nothing and keeps the kitty from others."""
    standing = obs["details"].get("standing_bid")
    if (not table_of(obs).opts.fight_reinforce or standing is None
            or standing["seat"] != obs["seat"]):
        return None
    card = parse_cards(standing["cards"])[0]
    mine = [a for a in legal if a.verb == "bid" and all(c == card for c in a.cards)]
    return max(mine, key=lambda a: len(a.cards), default=None)


class ShengjiGreedy(BaseBot):
    """Greedy Shengji: sensible bids, buries and calls; plays one trick at a time."""

    name = "greedy"
    uses_sampler = False

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        # never a take-back (SJ-14): the bot stands by what it did
        legal = [a for a in legal if a.verb != "take_back"] or legal
        first = legal[0]
        phase = observation["phase"]
        if phase == "play":
            return self._play(observation, legal)
        if phase == "bury":
            return self._bury(observation, legal)
        if phase == "call":
            return self._call(observation, legal)
        if first.verb == "bid" and first.extra and "trump" in first.extra:
            return self._name_trump(observation, legal)
        if any(a.verb == "bid_target" for a in legal):
            return self._target(observation, legal)
        if phase == "kitty_fight":
            mine = _reinforcement(observation, legal)
            if mine is not None:
                return mine
        return self._trump_bid(observation, legal, phase == "kitty_fight")

    def choices(self, observation: dict[str, Any], legal: list[Action], rng: random.Random,
                k: int) -> list[Action] | None:
        """Up to ``k`` moves best first, for a search (:func:`paizhuo.bots.search.ranked`):
        at a lead, the leads this bot tries in turn (its lead ignores the list, so asking it
        again without its pick would give the same lead); ``None`` elsewhere."""
        if observation["phase"] == "play" and not observation["details"]["current_trick"]:
            return self._view(observation).safe_leads(k)
        return None

    def act_unlisted(self, observation: dict[str, Any], rng: random.Random) -> Action | None:
        """A lead or a bury chosen without the list of legal actions, which the runner then
        never builds (a Shengji lead may list 18,000 throws, a bury 2,000 choices): the
        bot builds these itself and checks a lead with the engine's own rule. ``None`` for
        every other decision."""
        if not observation["your_turn"]:
            return None
        phase = observation["phase"]
        if phase == "play" and not observation["details"]["current_trick"]:
            return self._view(observation).safe_lead()
        if phase == "bury":
            return next(iter(self._bury_picks(observation)), None)
        return None

    # -- before play ---------------------------------------------------------------------------

    def _trump_bid(self, obs: dict[str, Any], legal: list[Action], fight: bool) -> Action:
        """A pair of level cards, or one in a long suit; never over a partner (SJ-4)."""
        passes = [a for a in legal if a.verb == "pass"]
        bids = [a for a in legal if a.verb == "bid"]
        if not bids:
            return passes[0] if passes else legal[0]
        opts = table_of(obs).opts
        standing = obs["details"].get("standing_bid")
        if passes and standing is not None and standing["seat"] in fixed_partners(
                obs["seat"], opts):
            return passes[0]
        hand = parse_cards(obs["hand"])
        level = parse_level(obs["details"]["level"])
        suits = Counter(suit_of(c) for c in hand if rank_of(c) != level and c < 52)
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for a in bids:
            c = a.cards[0]
            if c >= 52:  # a joker bid names no trump: keep the jokers as trumps instead
                continue
            length = suits[suit_of(c)]
            if len(a.cards) >= 2:
                ok = 5 * length >= len(hand) - 2 * len(a.cards)
            else:
                ok = not fight and 10 * length >= 3 * len(hand) and length >= 2
            key = (len(a.cards), length)
            if ok and (best is None or key > best):
                best, choice = key, a
        if choice is not None:
            return choice
        return passes[0] if passes else legal[0]

    def _target(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Bidding-3 (SJ-12): bid one step down while the hand's best suit is long enough."""
        hand = parse_cards(obs["hand"])
        level = parse_level(obs["details"]["level"])
        suits = Counter(suit_of(c) for c in hand if rank_of(c) != level and c < 52)
        trumps = max(suits.values(), default=0) + sum(
            1 for c in hand if c >= 52 or rank_of(c) == level)
        aces = sum(1 for c in hand if c < 52 and rank_of(c) == ACE and rank_of(c) != level)
        strength = trumps + aces // 2
        decks = table_of(obs).opts.decks
        floor = 65 * decks - 5 * (strength - (len(hand) * 2) // 5)
        targets = [a for a in legal if a.verb == "bid_target"]
        targets.sort(key=lambda a: -int(a.extra["target"]) if a.extra else 0)
        for a in targets:
            if a.extra and int(a.extra["target"]) >= floor:
                return a
        passes = [a for a in legal if a.verb == "pass"]
        return passes[0] if passes else targets[0]

    def _name_trump(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Bidding-3: trump is the suit holding the most cards (no trump with no long suit)."""
        hand = parse_cards(obs["hand"])
        level = parse_level(obs["details"]["level"])
        suits = Counter(suit_of(c) for c in hand if c < 52 and rank_of(c) != level)
        want = "NT"
        if suits:
            suit, length = max(suits.items(), key=lambda kv: (kv[1], -kv[0]))
            if 5 * length >= len(hand):
                want = SUIT_CHARS[suit]
        for a in legal:
            if a.extra and a.extra.get("trump") == want:
                return a
        return legal[0]

    def _bury(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """The first of :meth:`_bury_picks` that is legal, else the legal bury of the
        lowest cards by the same order.

        When ``legal`` is the engine's capped list (only the buries of the lowest card ids,
        ``BURY_LIST_CAP``), the bury chosen may lie outside it; it is still legal by the rules.
        """
        for action in self._bury_picks(obs):
            if action in legal or len(legal) >= BURY_LIST_CAP:
                return action
        key = self._bury_key(obs)
        return min(legal, key=lambda a: sorted(key(c) for c in a.cards))

    def _bury_picks(self, obs: dict[str, Any]) -> list[Action]:
        """The buries this bot would make, best first (each of the kitty's size)."""
        k = int(obs["details"]["kitty_size"])
        no_points = table_of(obs).opts.kitty_no_points
        pool = [c for c in parse_cards(obs["hand"]) if not (no_points and card_points(c))]
        pool.sort(key=self._bury_key(obs))
        chosen = tuple(sorted(pool[:k]))
        return [Action(obs["seat"], "bury", chosen)] if len(chosen) == k else []

    def _bury_key(self, obs: dict[str, Any]) -> Callable[[int], tuple[int, ...]]:
        """Lowest side cards of the shortest suits first, keeping points, aces and pairs
        (SJ-5)."""
        tab = table_of(obs)
        ctx = tab.ctx
        assert ctx is not None, "trump is known before the bury"
        hand = parse_cards(obs["hand"])
        copies = Counter(hand)
        side_len = Counter(ctx.group[c] for c in hand if ctx.group[c] != TRUMP)

        def key(c: int) -> tuple[int, ...]:
            trump = ctx.group[c] == TRUMP
            return (int(trump), card_points(c), int(rank_of(c) == ACE and not trump),
                    int(copies[c] >= 2), 0 if trump else side_len[ctx.group[c]], ctx.slot[c], c)

        return key

    def _call(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """The next copy of an ace (a king when aces are the level) the dealer lacks (SJ-11)."""
        tab = table_of(obs)
        hand = Counter(parse_cards(obs["hand"]))
        trump = obs["details"].get("trump")
        called = {(f["card"], f["nth"]) for f in obs["details"].get("friends") or ()}
        by_card: dict[tuple[str, int], Action] = {}
        for a in legal:
            if a.extra:
                by_card[(str(a.extra["card"]), int(a.extra["nth"]))] = a
        high = KING if tab.level == ACE else ACE
        ranks = [high, KING if high == ACE else ACE - 2]
        best: tuple[int, int, int] | None = None
        choice: Action | None = None
        for rank in ranks:
            for suit in range(4):
                if SUIT_CHARS[suit] == trump or rank == tab.level:
                    continue
                name = RANK_CHARS[rank] + SUIT_CHARS[suit]
                held = hand[card_id(name)]
                nth = 1 if tab.opts.friend_by == "holding" else held + 1
                found = by_card.get((name, nth))
                if found is None or (name, nth) in called or held >= tab.opts.decks:
                    continue
                key = (ranks.index(rank), held, suit)
                if best is None or key < best:
                    best, choice = key, found
        if choice is not None:
            return choice
        return next((a for a in legal if a.extra and (a.extra["card"], a.extra["nth"])
                     not in called), legal[0])

    # -- play ----------------------------------------------------------------------------------

    def _view(self, obs: dict[str, Any]) -> PlayView:
        tab = table_of(obs)
        assert tab.ctx is not None
        return PlayView(obs, tab)

    def _play(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        view = self._view(obs)
        if not obs["details"]["current_trick"]:
            return view.lead(legal)
        return view.follow(legal)


class Finished:
    """What a round's finished tricks say, read once: each trick's plays and winner, how many
    copies of each card were played, and the (seat, group) voids they show. Never changed
    once made (views share it)."""

    __slots__ = ("ctx", "history", "played", "tricks", "void")

    def __init__(self, ctx: TrumpContext, tricks: list[dict[str, Any]],
                 history: tuple[tuple[list[tuple[int, tuple[int, ...]]], int], ...],
                 played: tuple[int, ...], void: frozenset[tuple[int, int]]) -> None:
        self.ctx = ctx
        self.tricks = tricks
        self.history = history
        self.played = played
        self.void = void


def note_plays(plays: Sequence[tuple[int, tuple[int, ...]]], group: Sequence[int],
               counts: list[int], void: set[tuple[int, int]], step: int) -> None:
    """Add ``step`` to ``counts[card]`` for every card of one trick's ``plays`` (seat, cards),
    and note in ``void`` the (seat, group) of each seat that played outside the group led."""
    if not plays:
        return
    g = group[plays[0][1][0]]
    for seat, cards in plays:
        for c in cards:
            counts[c] += step
            if group[c] != g:
                void.add((seat, g))


_FINISHED: dict[bool, Finished] = {}
"""The last :class:`Finished` read, by whether its tricks show their points (the rule option
that hides them from the defenders: two kinds of observation of one round)."""


def finished_tricks(tricks: list[dict[str, Any]], ctx: TrumpContext) -> Finished:
    """:class:`Finished` for an observation's ``tricks``. Every decision's observation lists
    every trick of the round, so reading them all each time would cost a playout time
    quadratic in its tricks: the last reading is kept, and where its tricks begin the new
    list (compared whole, as the observation gives them, under the same card order) only the
    tricks after them are read. Entries are replaced, never changed, so threads may share
    them."""
    points = bool(tricks) and "points" in tricks[0]
    last = _FINISHED.get(points)
    k = 0
    if last is not None and last.ctx is ctx and len(last.tricks) <= len(tricks) \
            and last.tricks == tricks[:len(last.tricks)]:
        k = len(last.tricks)
        if k == len(tricks):
            return last
        history = list(last.history)
        played = list(last.played)
        void = set(last.void)
    else:
        history, played, void = [], [0] * NUM_PLAIN_IDS, set()
    for t in tricks[k:]:
        if "plays" not in t:
            continue  # a trick whose cards the table hides (Shengji's hide_played)
        plays = [(p["seat"], _cards(p["cards"])) for p in t["plays"]]
        history.append((plays, int(t["winner"])))
        note_plays(plays, ctx.group, played, void, 1)
    # a copy of the list, whose tricks are the observation's own dicts: the reading holds
    # while they are not changed (bots read observations, never change them); a new
    # observation brings new dicts, compared by their contents
    out = Finished(ctx, list(tricks), tuple(history), tuple(played), frozenset(void))
    _FINISHED[points] = out
    return out


class PlayView:
    """One play decision: the hand, the cards still out, known voids, the sides."""

    def __init__(self, obs: dict[str, Any], tab: RoundSetting) -> None:
        ctx = tab.ctx
        assert ctx is not None
        self.ctx = ctx
        self.tab = tab
        self.seat: int = obs["seat"]
        self.n = len(obs["hand_sizes"])
        self.hand = parse_cards(obs["hand"])
        self.counts = Counts.of(self.hand)
        self.side = my_side(obs, tab.opts)
        d = obs["details"]
        defenders = frozenset(d.get("defenders") or ())
        others = frozenset(range(self.n)) - {self.seat}
        self.opponents = (others - defenders if self.seat in defenders else defenders) - self.side
        unseen = [tab.opts.decks] * NUM_PLAIN_IDS
        for c in self.hand:
            unseen[c] -= 1
        if d.get("kitty"):
            for c in parse_cards(d["kitty"]):
                unseen[c] -= 1
        self.trick = [(p["seat"], _cards(p["cards"])) for p in d["current_trick"]]
        done = finished_tricks(d.get("tricks") or [], ctx)
        self.history: Sequence[tuple[list[tuple[int, tuple[int, ...]]], int]] = done.history
        """The finished tricks: each one's plays (seat, cards) and its winner (shared between
        views: never changed)."""
        self.void: set[tuple[int, int]] = set(done.void)
        for c, k in enumerate(done.played):
            unseen[c] -= k
        note_plays(self.trick, ctx.group, unseen, self.void, -1)
        self.unseen = unseen

    # -- leading --------------------------------------------------------------------------------

    def _boss(self, unit: Unit, g: int) -> bool:
        """Nobody can beat ``unit`` in its own group, and no opponent is known to ruff it."""
        if unit_beaten_by(unit, self.unseen, g, self.ctx):
            return False
        return g == TRUMP or not any((s, g) in self.void for s in self.opponents)

    def safe_lead(self) -> Action | None:
        """The first of :meth:`lead_candidates` that :meth:`_lead_ok` accepts (a lead the
        rules allow), if any."""
        found = self.safe_leads(1)
        return found[0] if found else None

    def safe_leads(self, k: int) -> list[Action]:
        """Up to ``k`` different leads of :meth:`lead_candidates` that the rules allow, in
        the order tried."""
        out: list[Action] = []
        for cards in self.lead_candidates():
            action = Action(self.seat, "play", tuple(sorted(cards)))
            if action not in out and self._lead_ok(action.cards):
                out.append(action)
                if len(out) == k:
                    break
        return out

    def _trick_so_far(self) -> tuple[Any, list[tuple[int, ...]], int, Any]:
        """The trick being followed: its lead, the plays so far, the index of the winning
        play and that play's rank."""
        ctx, rules = self.ctx, self.tab.rules
        lead = make_lead(self.trick[0][1], ctx, rules)
        plays = [cards for _, cards in self.trick]
        w = trick_winner(lead, plays, ctx, rules)
        best = play_rank(lead, plays[w], ctx, rules)
        assert best is not None
        return lead, plays, w, best

    def _lead_ok(self, cards: tuple[int, ...]) -> bool:
        return lead_error(self.counts, cards, self.ctx, self.tab.rules,
                          self.tab.opts.allow_throws) is None

    def lead(self, legal: list[Action]) -> Action:
        """The first safe lead (:meth:`safe_lead`), else the first legal one."""
        return self.safe_lead() or legal[0]

    def lead_candidates(self) -> list[tuple[int, ...]]:
        """Leads in the order tried: a single unit — a sure winner, a high side pair, an ace,
        else a low side card."""
        ctx = self.ctx
        by_group: dict[int, dict[int, int]] = {}
        for c in self.hand:
            held = by_group.setdefault(ctx.group[c], {})
            held[c] = held.get(c, 0) + 1
        units = {g: decompose_counts(held, ctx, self.tab.rules) for g, held in by_group.items()}
        side = [g for g in by_group if g != TRUMP]
        candidates: list[tuple[int, ...]] = []
        bosses = [(len(u.cards), points_of(u.cards), u.cards)
                  for g in side for u in units[g] if self._boss(u, g)]
        bosses += [(len(u.cards), 0, u.cards) for u in units.get(TRUMP, ())
                   if u.size >= 2 and self._boss(u, TRUMP)]
        candidates += [c for *_, c in sorted(bosses, reverse=True)]
        high = [(len(u.cards), u.top, u.cards) for g in side for u in units[g]
                if u.size >= 2 and u.top >= ctx.slot_count[g] - 3]
        candidates += [c for *_, c in sorted(high, reverse=True)]
        candidates += [(c,) for c in sorted(self.hand) if ctx.group[c] != TRUMP
                       and rank_of(c) == ACE]
        if side:
            longest = max(side, key=lambda g: (sum(by_group[g].values()), g))
            low = min(by_group[longest], key=lambda c: (card_points(c), ctx.slot[c]))
            candidates.append((low,))
        if TRUMP in by_group:
            trumps = by_group[TRUMP]
            candidates.append((min(trumps, key=lambda c: (card_points(c), ctx.slot[c])),))
        return candidates

    # -- following ------------------------------------------------------------------------------

    def follow(self, legal: list[Action]) -> Action:
        """Feed a winning partner, else win cheaply, else give away little."""
        ctx, rules = self.ctx, self.tab.rules
        lead, plays, w, best = self._trick_so_far()
        if self.trick[w][0] in self.side and self._holds(lead.deciding, plays[w], best):
            return min(legal, key=lambda a: (-points_of(a.cards), self.cost(a.cards)))
        winners = []
        for a in legal:
            rank = play_rank(lead, a.cards, ctx, rules)
            if rank is not None and rank > best:
                winners.append(a)
        if winners:
            return min(winners, key=lambda a: (self.cost(a.cards), -points_of(a.cards)))
        return min(legal, key=lambda a: (points_of(a.cards), self.cost(a.cards)))

    def _holds(self, shape: tuple[int, int], cards: Sequence[int], key: tuple[int, int]) -> bool:
        """Whether a partner's winning play stays winning: no opponent acts after this seat,
        or none could hold a higher unit of the deciding shape nor ruff it."""
        done = {s for s, _ in self.trick} | {self.seat}
        later = self.opponents - done
        if not later:
            return True
        if key[0] >= 2:  # a bomb: rare, and beaten only by a bigger one
            return True
        g = self.ctx.group[cards[0]]
        size, length = shape
        if unit_beaten_by(Unit(size, length, key[1], ()), self.unseen, g, self.ctx):
            return False
        return g == TRUMP or not any((s, g) in self.void for s in later)

    def cost(self, cards: Sequence[int]) -> int:
        ctx = self.ctx
        return sum(card_cost(c, ctx) for c in cards)

