"""The Baohuang heuristic bot: fast rule-based play in the way good players play 保皇.

It reads only the acting seat's observation and its legal actions (no game state), and plays
by rules a table player would name:

- **Crown** (BH-2): a hand's *control* is its jokers, 2s and aces (the cards that win rounds).
  The holder of the emperor card calls with a good hand — the highest card he holds three
  times, so that the guard, who holds the fourth copy, holds a strong card too; he goes alone
  (独保, calling a card he holds four times) only with a very strong hand, and passes the crown
  (让庄) with a weak one when he may. Seizing (抢庄: one against four, ±40) from a control of
  9 (say two big jokers, two small ones and four 2s: measured, ``SEIZE_FROM``),
  where the seizer goes out first about half the time against rebels who fight him.
- **Declarations**: the guard reveals (明保, doubling every score) only with a strong hand; the
  alone emperor declares 明独 only with an overwhelming one.
- **Lead**: the lowest whole set of one rank, without jokers — jokers, 2s and aces are kept for
  control, and the emperor keeps the emperor card above all (the greedy bot sheds it at
  once). With two sets and no joker left the stronger goes first, so the last one goes out
  after it; a hand that is one play goes out at once. A rebel against a seizer leads his
  smallest set instead (the fewest cards, then the lowest): a hand built to seize is big sets
  and jokers, and singles break it up.
- **Short hands** (issue 35): while a seat not known to be a partner holds 5 cards or fewer,
  a whole set bigger than every such hand goes first (it breaks nothing), else one bigger
  than the most of them. A rebel against a seizer, whose going out first decides
  everything, denies him at any cost (:mod:`paizhuo.bots.baohuang_leads`): more cards than
  his hand (a whole set, part of one, a set with jokers added, jokers alone), else a lead
  none of the cards the seat cannot see beats, else the biggest set, the highest. In a
  normal game denying a short hand at that cost lost more than his next place is worth
  (measured, ``safe_leads``).
- **Answer**: a partner's play is never beaten (the guard lets the emperor's play stand, the
  rebels each other's once the roles are public), unless beating it takes the seat out. An
  opponent's play is beaten with the cheapest answer — a whole set of the lowest rank, then a
  split set, then jokers — when that cost is worth it; the bar rises as hands get short (the
  seat's own, or the opponent's: he must not get the lead to go out). An emperor (not a
  seizer) splits no set to answer a rebel far from his end (``BAR_EMPEROR``). A rebel who
  does not yet know the guard beats a seat that may be the guard with a cheap answer only (a
  whole set below the aces, a single ace); the emperor lets a seat that may be his guard
  stand. When it does not beat it yields 让牌 (keeping the second circle open) rather than
  passing, and claims the lead 接风 whenever it may. A rebel beats the emperor's (or the seizer's)
  play at any cost once he holds 14 cards or fewer (``FIGHT_FROM``), and before that with a
  higher bar than over another opponent (``BAR_CROWN``).
- **The hidden guard, read** (issue 35): the observation's ``beat_emperor`` counts how often
  each seat has beaten the emperor's play (public). The guard does not, so to a rebel a seat
  that has is a partner and the one seat left that never has is the guard; to the emperor the
  seats that never have may be his guard, and the one left is.

Card counting: the observation's ``played`` (what each seat has played this deal: every play
is public) tells it when no unseen joker is left (then its high plays stand). The bot keeps no
memory of its own, so one that takes a seat over in the middle of a deal plays as it would
have.

The bot is measured by the tools, not here: ``paizhuo arena baohuang --bots
heuristic,greedy`` plays it on duplicate deals (each seat alone against four of the other
bot), ``paizhuo bench baohuang --bots heuristic`` times its decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from paizhuo.bots.baohuang_leads import JOKERS_EACH, lead_into_short, unseen_counts
from paizhuo.bots.base import BaseBot
from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, SMALL_JOKER, card_name
from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.games.baohuang.combos import PlayKey, canonical_cards, key_of, responses_tuple
from paizhuo.games.baohuang.rounds import ANSWERS
from paizhuo.games.baohuang.state import PLAY, BaohuangState
from paizhuo.games.baohuang.views import (
    current_play,
    options_json,
    role_of,
    visible_alone,
    visible_guard,
)
from paizhuo.games.climbing import ACE, BJ, SJ, STRENGTH_OF_CARD, TWO
from paizhuo.notation import format_counts, parse_cards

if TYPE_CHECKING:
    from paizhuo.games.baohuang.game import BaohuangGame

SEATS = 5

# Crown thresholds on :func:`control` (a 43-card hand averages about 5; the holder of the
# emperor card has at least one big joker, 2 points, in it).
PASS_CROWN_BELOW = 4.0
ALONE_FROM = 10.0
SEIZE_FROM = 9.0
"""Seize 抢庄 (one against four, ±40) from this control: the lowest where seizing breaks even
against rebels who fight. Measured with this bot in every seat (the first holder of 18,000
seeded deals played both ways, seizing and not; docs/strength.md, "Baohuang patterns"): from
9 to 9.5 the seizer goes out first in 55% of his deals (the seizure +2.1 ± 3.1 points against
the call he gives up), from 8.5 to 9 in 46% (−5.0 ± 2.8), from 8 to 8.5 in 40% (−9.7 ± 2.5).
It was 8 while rebels led a seizer their lowest sets (``small_against_seizer``); against
rebels who let the seizer go (heuristic-v1) seizing pays from far lower (heuristic-v1 seizes
from 6.5). Where seizing is played it comes before going alone (``ALONE_FROM``).
"""
REVEAL_GUARD_FROM = 7.5
REVEAL_ALONE_FROM = 13.0

FIGHT_FROM = 14
"""A rebel beats the emperor's (or the seizer's) play, whatever the answer costs, once he
holds this many cards or fewer: letting him keep the lead near his end lets him out first.
Measured against heuristic-v1 (400 duplicate deals, seed 7): 14 and 16 about +0.35 points a
deal better than 12, 8 −0.26 worse, never fighting −0.6 worse."""
SHORT_HAND = 5
"""A hand about to go out: leads it cannot answer (a set bigger than it) go first, and a
seat that may be a partner is beaten only at this many cards or fewer."""

# Answer costs (see :func:`answer_cost`).
COST_SJ = 4.0
COST_BJ = 5.0
COST_EMPEROR_CARD = 4.0
COST_SPLIT = 2.5
BAR_OPPONENT = 2.6
BAR_EMPEROR = 2.0
"""The emperor's bar over a rebel's play in a normal game (a guard, hidden or not, or
alone): an ace or a whole set, never a set split (2.5). Split sets as the others do (2.6)
cost his side 0.32 to 0.55 points a normal game (about 3,400 deals on each of two seeds);
the seizer, one against four, keeps ``BAR_OPPONENT`` (3.5 measured no different, 2 far
worse), and so does the guard (2 cost the emperor's side 0.12 to 0.16 more):
docs/strength.md, "The emperor's answers"."""
BAR_MAYBE_FRIEND = 1.5
"""A rebel's bar over a seat that may be the hidden guard: a whole set below the aces, or a
single ace (1.5 rather than 0.6, a free whole set only: +0.3 points a normal game to the
rebels' side; docs/strength.md, "Baohuang patterns", "What the rebels' answers are
worth")."""
BAR_CROWN = 3.0
"""What a rebel adds to his bar over the emperor's or the seizer's play (the rebels' side
+0.5 points a normal game; a seizer first out in 29.5% of forced seizures, against 37.7%
without it; every seat this bot: docs/strength.md, "What the rebels' answers are worth")."""


def control(h: Sequence[int]) -> float:
    """How many rounds a hand can win: big jokers 2, small jokers 1.5, 2s 0.5, aces 0.25,
    less a little for every rank it must get rid of (each set is a lead or an answer).

    >>> control([0] * 11 + [0, 4, 0, 1])  # four 2s and a big joker
    4.0
    """
    sets = sum(1 for r in range(TWO + 1) if h[r])
    return 2.0 * h[BJ] + 1.5 * h[SJ] + 0.5 * h[TWO] + 0.25 * h[ACE] - 0.1 * max(0, sets - 10)


def answer_cost(key: PlayKey, h: Sequence[int], emperor: bool, cards_left: int) -> float:
    """What an answer spends: jokers (the emperor's last big joker, the emperor card, most),
    a set broken up, and the high ranks (aces, 2s) that win later rounds."""
    r, n, x, y = key
    cost = COST_SJ * x + COST_BJ * y
    if emperor and y and y >= h[BJ] and cards_left > 12:
        cost += COST_EMPEROR_CARD
    if n:
        if h[r] > n:
            cost += COST_SPLIT
        if r >= ACE:
            cost += 1.5 * (r - ACE + 1)
    return cost


_HANDS: dict[str, tuple[tuple[int, ...], list[int], list[int]]] = {}
HANDS_KEPT = 8192
"""How many hands :func:`read_hand` remembers before it starts again (a few MB: a hand is
read again within a few decisions, until its seat plays)."""


def read_hand(text: str | None) -> tuple[tuple[int, ...], list[int], list[int]]:
    """A hand from the observation's notation: its card ids, its strength counts (``h``, 15
    ranks) and its count array (``counts[card]``) — remembered by the text, as a seat reads
    its hand at every decision and it changes only when it plays. All three are shared: read
    them, never change them."""
    text = text or ""
    read = _HANDS.get(text)
    if read is None:
        hand = parse_cards(text)
        h = [0] * 15
        counts = [0] * 55
        for c in hand:
            h[STRENGTH_OF_CARD[c]] += 1
            counts[c] += 1
        if len(_HANDS) >= HANDS_KEPT:
            _HANDS.clear()
        read = _HANDS[text] = (hand, h, counts)
    return read


def jokers_played(played: list[str]) -> tuple[int, int]:
    """The small and the big jokers (the emperor card among them) played so far, from the
    observation's ``played`` (every play is public)."""
    small = big = 0
    for cards in played:
        s, b = _jokers_in(cards)
        small += s
        big += b
    return small, big


@lru_cache(maxsize=4096)
def _jokers_in(cards: str) -> tuple[int, int]:
    """The small and the big jokers among some cards in notation (remembered: a seat's
    ``played`` changes only when it plays, and is read at every answer)."""
    ids = parse_cards(cards)
    return ids.count(SMALL_JOKER), ids.count(BIG_JOKER) + ids.count(EMPEROR_CARD)


@lru_cache(maxsize=4096)
def _key_of_text(cards: str) -> PlayKey:
    """The key of a play in notation (remembered: a play on the table is answered by every
    seat after it)."""
    return key_of(parse_cards(cards))


@lru_cache(maxsize=4096)
def _sides_of(me: int, emperor: int | None, guard: int | None, role: str | None,
              known: bool, beat: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """:meth:`BaohuangHeuristic._sides` from the facts it reads (``known``: seized or alone,
    so that no rebel is the guard; ``beat``: how often each seat has beaten the emperor's
    play) — remembered, as every answer and lead asks.

    While the guard is hidden he is read from ``beat``: the guard does not beat the emperor,
    so a seat that has is a rebel, and where only one seat besides the emperor never has, he
    is the guard."""
    others = frozenset(s for s in range(SEATS) if s != me)
    if role == "guard":
        assert emperor is not None  # a guard is named only once there is an emperor
        return frozenset({emperor}), frozenset()
    if role == "emperor":
        if known or guard is not None:
            return (frozenset({guard}) if guard not in (None, me) else frozenset()), frozenset()
        never = frozenset(s for s in others if not beat[s])
        return (never, frozenset()) if len(never) == 1 else (frozenset(), never)
    rebels = others - {emperor}
    if known or guard is not None:
        return rebels - {guard}, frozenset()
    never = frozenset(s for s in rebels if not beat[s])
    if len(never) == 1:
        return rebels - never, frozenset()  # the one who never beat the emperor: the guard
    # those who beat the emperor are rebels; any of the others may be the secret guard
    return rebels - never, never


def play_view(st: BaohuangState, seat: int, hand: bool = True) -> dict[str, Any]:
    """The entries of the observation of ``seat``, whose turn it is in play, that
    :meth:`BaohuangHeuristic.act_unlisted` reads, with the values the observation gives them
    (:func:`paizhuo.games.baohuang.views.observe`) — without ``hand`` if not ``hand``
    (:meth:`BaohuangHeuristic.act_state` gives the hand as the state holds it)."""
    view: dict[str, Any] = {
        "seat": seat, "phase": PLAY, "your_turn": True,
        "hand_sizes": list(st.sizes),
        "details": {
            "options": options_json(st.opts, copy=False),  # (read, never changed)
            "emperor": st.emperor,
            "called": None if st.called is None else card_name(st.called),
            "guard": visible_guard(st, seat),
            "alone": visible_alone(st, seat),
            "seized": st.seized,
            "role": role_of(st, seat),
            "finished": list(st.finished),
            "played": list(st.played_names),
            "beat_emperor": list(st.beat_emperor),
            "current": current_play(st),
            "circle": st.circle,
            "claimant": st.claimant,
        },
    }
    if hand:
        view["hand"] = format_counts(st.hands[seat])
    return view


class BaohuangHeuristic(BaseBot):
    """Rule-based Baohuang play: keeps the emperor card and the big cards for control, sheds
    low sets first, backs its partner and beats its opponents (see the module docstring)."""

    name = "heuristic"
    uses_sampler = False
    # the thresholds, as attributes so that a variant can be measured against this bot
    pass_crown_below = PASS_CROWN_BELOW
    alone_from = ALONE_FROM
    seize_from = SEIZE_FROM
    reveal_guard_from = REVEAL_GUARD_FROM
    reveal_alone_from = REVEAL_ALONE_FROM
    bar_opponent = BAR_OPPONENT
    bar_emperor = BAR_EMPEROR
    bar_maybe_friend = BAR_MAYBE_FRIEND
    fight_from = FIGHT_FROM
    short_hand = SHORT_HAND
    bar_crown = BAR_CROWN
    beat_maybes = True
    """A rebel beats a seat that may be the hidden guard with a cheap answer (bar
    ``bar_maybe_friend``) rather than letting it stand; the emperor lets a seat that may be
    his guard stand. Off (as on 5 December), the rebels' side loses 3.3 points a normal game
    (every seat this bot, 2,000 deals: docs/strength.md, "What the rebels' answers are
    worth")."""
    safe_leads = True
    """Leads a short hand (an opposing seat of ``short_hand`` cards or fewer) cannot answer.
    A rebel against a seizer denies it at any cost: a set bigger than every short hand,
    whole, split or with jokers added, else a lead none of the unseen cards beats, else the
    biggest set (:func:`lead_into_short`; a seizer from 6.5 goes out first in 38.7% of his
    seizures, 42.8% against rebels without it). Everywhere else only a whole set goes first
    (bigger than every short hand, else ``deny_most``), nothing broken or spent for it:
    against denying at any cost everywhere this gains the emperor's side 1.4 points a
    normal game, the rebels 0.6, and a seizer 5.4 points of percentage of first places
    (paired on the same deals: docs/strength.md, "Leads into short hands")."""
    small_against_seizer = True
    """A rebel against a seizer leads his smallest set (the fewest cards, then the lowest
    rank) rather than his lowest: a seizer from 6.5 (heuristic-v1) then goes out first in
    39% of his seizures, against 52% (4,000 deals, paired; 38% and 39% on two more seeds);
    in normal games the lowest set stays the lead (the smallest first cost the rebels 0.4
    points a game, the emperor's side 2.1): docs/strength.md, "Rebels against a seizer"."""
    deny_short_always = False
    """Deny a short hand at any cost in every role (as on 6 December), for measuring."""
    deny_most = True
    """Where no whole set is bigger than every short hand, lead the one bigger than the most
    of them (against leading the lowest set there: the emperor's side +0.04 ± 0.04 and
    +0.03 ± 0.03 points a normal game, the rebels +0.04 ± 0.04 and +0.04 ± 0.03, on 3,000
    and 4,000 deals of seeds 11 and 12)."""
    lead_size_weight = 0.0
    """How much a lead prefers a bigger set to a lower one (rank minus weight × size); 1 and
    2.5 measured no different from 0 within ±0.3 points (60 deals against this bot)."""

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand, h, _ = read_hand(observation["hand"])
        phase = observation["phase"]
        if phase == "crown":
            return self._crown(observation, legal, h)
        if phase == "declare":
            return self._declare(legal, h, alone=False)
        verbs = {a.verb for a in legal}
        if "reveal" in verbs and control(h) >= self.reveal_alone_from:
            return next(a for a in legal if a.verb == "reveal")
        if "claim" in verbs:
            return next(a for a in legal if a.verb == "claim")
        if observation["details"]["current"] is None:
            return self._lead(observation, legal, h, len(hand))
        return self._answer(observation, legal, h, len(hand))

    # -- choosing the emperor --------------------------------------------------------------

    def _crown(self, obs: dict[str, Any], legal: list[Action], h: list[int]) -> Action:
        strength = control(h)
        calls = [a for a in legal if a.verb == "call"]
        by_verb = {a.verb: a for a in legal if a.verb != "call"}
        seize = by_verb.get("seize")
        if seize is not None and strength >= self.seize_from:
            return seize
        if not calls:
            # not the crown's holder: only a seizure is offered; a waiting seat lets it pass
            return by_verb.get("pass_crown") or seize or legal[0]
        hand = read_hand(obs["hand"])[0]
        copies = {c: hand.count(c) + (hand.count(EMPEROR_CARD) if c == BIG_JOKER else 0)
                  for c in {a.cards[0] for a in calls}}
        three = [a for a in calls if copies[a.cards[0]] < 4]
        four = [a for a in calls if copies[a.cards[0]] >= 4]
        if four and strength >= self.alone_from:
            return max(four, key=lambda a: STRENGTH_OF_CARD[a.cards[0]])
        pass_crown = by_verb.get("pass_crown")
        if pass_crown is not None and (strength < self.pass_crown_below or not three):
            return pass_crown
        # the guard holds the fourth copy: call the strongest card, so he holds it too
        pool = three or four
        return max(pool, key=lambda a: STRENGTH_OF_CARD[a.cards[0]])

    def _declare(self, legal: list[Action], h: list[int], alone: bool) -> Action:
        reveal = next((a for a in legal if a.verb == "reveal"), None)
        if reveal is not None and control(h) >= (self.reveal_alone_from if alone
                                                 else self.reveal_guard_from):
            return reveal
        return next(a for a in legal if a.verb != "reveal")

    # -- who is who --------------------------------------------------------------------------

    @staticmethod
    def _sides(obs: dict[str, Any]) -> tuple[frozenset[int], frozenset[int]]:
        """(partners, maybe-partners) of the acting seat as far as it knows."""
        d = obs["details"]
        return _sides_of(obs["seat"], d["emperor"], d["guard"], d["role"],
                         bool(d["seized"] or d["alone"]), tuple(d["beat_emperor"]))

    # -- leading ---------------------------------------------------------------------------

    def act_state(self, game: Game, seat: int, rng: random.Random,
                  list_limit: int) -> Action | None:
        """:meth:`act_unlisted` of ``game.observation(seat)``, from :func:`play_view` of the
        game's state — the entries of the observation it reads, built by the views' own
        functions, without the rest (tests hold the two equal): for the search's playouts
        only, whose game is its own guess of the deal (:class:`paizhuo.bots.base.Bot`).
        ``list_limit`` is not needed: what this declines the runner decides as before. The
        hand is not put in notation and read back (:func:`read_hand`): its size, strength
        counts and count array are the state's own (read, never changed)."""
        game = cast("BaohuangGame", game)  # this bot plays only its own game
        st = game.st
        if st.phase != PLAY or st.turn != seat:
            return None
        return self.act_unlisted(play_view(st, seat, hand=False), rng,
                                 (st.sizes[seat], st.strengths[seat], st.hands[seat]))

    def act_unlisted(self, observation: dict[str, Any], rng: random.Random,
                     hand: tuple[int, list[int], list[int]] | None = None) -> Action | None:
        """A play decided without the list of legal actions (a hand of 40 cards leads
        hundreds of plays, and listing them was most of a playout's time; then answers were):
        the keys a hand can lead are :func:`~paizhuo.games.baohuang.combos.leads` of its
        counts, those that beat the current play
        :func:`~paizhuo.games.baohuang.combos.responses`, both in the engine's order, and each
        key's action the engine's own cards for it (``canonical_cards``, the called card taken
        last); not beating is a yield where the options and the circle allow one (BH-4), else
        a pass — so the action is the one :meth:`act` picks from the list. ``None`` for every
        other decision, where a lead might be a reveal (明独, a hand strong enough to declare
        it: whether it may be declared is the engine's to say), and where a claim of the lead
        接风 might be open (after a last play: whether this seat answers first is the
        engine's to say). ``hand``: the hand's size, strength counts and count array where
        the caller has them (else read from the observation's ``hand``)."""
        d = observation.get("details") or {}
        if observation.get("phase") != "play" or not observation.get("your_turn"):
            return None
        if hand is None:
            ids, h, counts = read_hand(observation["hand"])
            left = len(ids)
        else:
            left, h, counts = hand
        called = parse_cards(d["called"])[0] if d.get("called") else None
        seat = observation["seat"]

        def action_of(key: PlayKey) -> Action:
            return Action(seat, "play", canonical_cards(counts, called, key))

        cur = d.get("current")
        if cur is None:
            if control(h) >= self.reveal_alone_from:
                return None
            return self._lead_of_counts(observation, action_of, h)
        options = d.get("options")
        circle = d.get("circle")
        if options is None or (options["claim"] and cur["last_play"] and circle == 1):
            return None
        pass_ = ANSWERS["pass"][seat]
        may_yield = options["yield"] and circle == 1 and d["claimant"] is None
        passing = ANSWERS["yield"][seat] if may_yield else pass_
        keys = responses_tuple(tuple(h), _key_of_text(cur["cards"]))
        return self._answer_keys(observation, keys, action_of, passing, pass_, h, left)

    def _lead(self, obs: dict[str, Any], legal: list[Action], h: list[int],
              left: int) -> Action:
        plays: dict[PlayKey, Action] = {}
        for a in legal:
            if a.verb == "play":
                plays.setdefault(key_of(a.cards), a)
        return self._lead_keys(obs, list(plays), plays.__getitem__, h, left)

    def _lead_keys(self, obs: dict[str, Any], keys: list[PlayKey],
                   action_of: Callable[[PlayKey], Action], h: list[int], left: int) -> Action:
        """The lead among ``keys`` (in the engine's order), as the action ``action_of``
        gives for its key."""
        if len(keys) == 1:
            return action_of(keys[0])
        plays = dict.fromkeys(keys, True)
        whole = [k for k in plays if k[2] + k[3] + k[1] == left]
        if whole:  # the hand is one play: out
            return action_of(whole[0])
        sets = [(r, h[r], 0, 0) for r in range(TWO + 1) if h[r] and (r, h[r], 0, 0) in plays]
        if not sets:
            # only jokers: the small ones first, the big (and the emperor card) last
            if h[SJ]:
                k: PlayKey = (SJ, 0, h[SJ], 0)
                if k in plays:
                    return action_of(k)
            return action_of(min(plays, key=lambda k: (k[3], k[2])))
        return self._lead_sets(obs, sets, action_of, h)

    def _lead_of_counts(self, obs: dict[str, Any], action_of: Callable[[PlayKey], Action],
                        h: list[int]) -> Action:
        """:meth:`_lead_keys` over every lead of the hand (:func:`leads` of its counts),
        without listing them: a hand of one plain rank at most is one play (the lead of all
        of it, the one lead of its size); else every whole set of a plain rank is a lead."""
        plain = [r for r in range(TWO + 1) if h[r]]
        if len(plain) <= 1:  # the hand is one play: out
            if plain:
                return action_of((plain[0], h[plain[0]], h[SJ], h[BJ]))
            return action_of((SJ if h[SJ] else BJ, 0, h[SJ], h[BJ]))
        return self._lead_sets(obs, [(r, h[r], 0, 0) for r in plain], action_of, h)

    def _lead_sets(self, obs: dict[str, Any], sets: list[PlayKey],
                   action_of: Callable[[PlayKey], Action], h: list[int]) -> Action:
        """The lead among the hand's whole ``sets`` (plain ranks, low to high) where the
        hand is not one play."""
        jokers = h[SJ] + h[BJ]
        me, sizes = obs["seat"], obs["hand_sizes"]
        finished = set(obs["details"]["finished"])
        partners, _ = self._sides(obs)
        # who may answer a lead to go out: every seat not known to be a partner (a seat that
        # may be the hidden guard included)
        short = sorted(sizes[s] for s in range(SEATS) if s != me and s not in finished
                       and s not in partners and sizes[s] <= self.short_hand)
        d = obs["details"]
        against_seizer = d["seized"] and d["role"] != "emperor"
        deny = bool(short) and self.safe_leads and (self.deny_short_always or against_seizer)
        if deny:
            # a rebel against a seizer: one the short hands cannot answer, at any cost
            # (paizhuo.bots.baohuang_leads)
            emperor, left = d["role"] == "emperor", sum(h)
            safe = lead_into_short(
                h, sets, short,
                lambda: unseen_counts(h, [read_hand(c)[1] for c in d["played"] if c]),
                lambda k: answer_cost(k, h, emperor, left))
            if safe is not None:
                return action_of(safe)
        elif short and self.safe_leads:
            # elsewhere only a whole set, nothing broken or spent to deny them: the lowest of
            # those bigger than every short hand, else than as many of them as any
            over = [(sum(1 for n in short if k[1] > n), k) for k in sets]
            most = max(c for c, _ in over)
            if most == len(short) or (most and self.deny_most):
                return action_of(min(k for c, k in over if c == most))
        if len(sets) == 2 and not jokers:
            # two sets left: the stronger first, so that the last one goes out after it
            return action_of(max(sets))
        if deny:
            # nothing bigger than his hand: the biggest set, the highest of them (he must
            # hold as many of a higher rank)
            return action_of(max(sets, key=lambda k: (k[1], k[0])))
        if against_seizer and self.small_against_seizer:
            # a rebel against a seizer: the fewest cards first, the lowest of them (a hand
            # built to seize is big sets and jokers; singles and pairs break it up)
            return action_of(min(sets, key=lambda k: (k[1], k[0])))
        w = self.lead_size_weight
        return action_of(min(sets, key=lambda k: (k[0] - w * k[1], k[0])))

    # -- answering ---------------------------------------------------------------------------

    def _answer(self, obs: dict[str, Any], legal: list[Action], h: list[int],
                left: int) -> Action:
        by_verb = {a.verb: a for a in legal if a.verb != "play"}
        passing = by_verb.get("yield") or by_verb.get("pass") or legal[0]
        plays: dict[PlayKey, Action] = {}
        for a in legal:
            if a.verb == "play":
                plays.setdefault(key_of(a.cards), a)
        return self._answer_keys(obs, list(plays), plays.__getitem__, passing,
                                 by_verb.get("pass") or passing, h, left)

    def _answer_keys(self, obs: dict[str, Any], keys: Sequence[PlayKey],
                     action_of: Callable[[PlayKey], Action], passing: Action, pass_: Action,
                     h: list[int], left: int) -> Action:
        """The answer among the beating ``keys`` (in the engine's order, as ``action_of``
        gives each key's action), ``passing`` (a yield where one is allowed, else a pass) or
        ``pass_`` (a partner's play is let stand by a pass, keeping no second circle open)."""
        if not keys:
            return passing
        d = obs["details"]
        cur = d["current"]
        maker = cur["seat"]
        out = [k for k in keys if k[1] + k[2] + k[3] == left]
        if out:  # beating takes the seat out: always
            return action_of(out[0])
        partners, maybe = self._sides(obs)
        if maker in partners:
            return pass_
        maker_left = obs["hand_sizes"][maker]
        emperor = d["role"] == "emperor"
        if (maker in maybe and maker_left > self.short_hand
                and (emperor or not self.beat_maybes)):
            return passing  # perhaps his guard, and not about to go out: let it stand
        best = min(keys, key=lambda k: (answer_cost(k, h, emperor, left), k[0]))
        if maker == d["emperor"] and maker_left <= self.fight_from and not cur["last_play"]:
            return action_of(best)  # the emperor nears his end: stop him at any cost
        cost = answer_cost(best, h, emperor, left)
        if maker in maybe:
            bar = self.bar_maybe_friend
        elif d["role"] == "emperor" and not d["seized"]:
            bar = self.bar_emperor  # an emperor with a guard keeps his sets whole
        else:
            bar = self.bar_opponent
        if left <= 12:
            bar += 3.0
        if left <= 6:
            bar += 6.0
        if maker == d["emperor"]:
            bar += self.bar_crown  # a rebel keeps the lead from the emperor, or the seizer
        if maker not in maybe:
            if maker_left <= 6 or cur["last_play"]:
                bar += 4.0
            if d["circle"] == 2:
                bar += 1.5
            small, big = jokers_played(d["played"])
            if small + h[SJ] >= JOKERS_EACH and big + h[BJ] >= JOKERS_EACH:
                bar += 1.0  # no joker is left to beat a high answer
        if cost <= bar:
            return action_of(best)
        return passing
