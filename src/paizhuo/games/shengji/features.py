"""Shengji observation features (:class:`~paizhuo.engine.features.Featurizer`), for a table
of ``D`` decks and ``N`` seats: cards as 54 card ids × ``D`` bits (the first ``count`` of a
card's bits set), every seat's played cards, the trick, the kitty the seat may see, the steps
of a play or bury already taken (Shengji builds them card by card), trump and levels, the
roles, the points and the suits each seat has shown void in — every seat relative to the
observing one. Every plane is listed in ``docs/rl.md``.

Once trump is known, the hand, the cards still unseen and each action are also given in the
round's order (:data:`ORDER_GROUPS` × :data:`ORDER_SLOTS`: the side suits, then trump, each
from its lowest slot up, SJ-2): a card id's strength depends on the trump and the level, and
a small network learns far faster from cards already in order than from the ids alone.
Each action also says what it is worth where it is played: its points, whether it takes the
trick as it stands, and how many unseen cards of its group still outrank it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import numpy as np

from paizhuo.cards import RANK_CHARS, is_joker, rank_of, suit_of
from paizhuo.engine.actions import Action
from paizhuo.engine.features import (
    Featurizer,
    Plane,
    Writer,
    relative,
    seat_flags,
    seat_plane,
    verb_plane,
)
from paizhuo.games.shengji.combos import DEFAULT_RULES, ComboRules, Lead, make_lead
from paizhuo.games.shengji.order import POINTS, TRUMP, TrumpContext, points_of
from paizhuo.games.shengji.trick import trick_winner
from paizhuo.notation import parse_card, parse_cards

CARD_IDS: Final = 54
PHASES: Final = ("bid", "kitty_fight", "bury", "call", "play", "over")
STAGES: Final = ("deal", "chance", "auction", "trump", "done")
TRUMPS: Final = ("S", "H", "C", "D", "NT")
GROUPS: Final = 5
"""Suit groups for voids: spades, hearts, clubs, diamonds (the side cards of each), trump."""
LEVELS: Final = 14
"""Level names 2 … A and N (no level: a round with no level card)."""
ORDER_GROUPS: Final = 5
"""The order grid's groups: the side suits in suit order (S H C D) less the trump suit, then
trump in the last (with a trump suit the fourth side group stays empty)."""
ORDER_SLOTS: Final = 18
"""Slots per group in the order grid, lowest first (trump has at most 17: its suit's 11 or
12 plain ranks, the 2s of ``constant_twos``, the level cards, the jokers)."""
ORDER: Final = ORDER_GROUPS * ORDER_SLOTS


def card_bits(cards: Iterable[int], decks: int) -> np.ndarray:
    """54 card ids × ``decks`` bits, the first ``count`` of each card's bits set."""
    counts = np.zeros(CARD_IDS, dtype=np.int64)
    for c in cards:
        counts[c] += 1
    out = np.zeros((CARD_IDS, decks), dtype=np.float32)
    for k in range(decks):
        out[:, k] = counts > k
    return out.reshape(-1)


def card_count_rows(card_lists: Sequence[Sequence[int]]) -> np.ndarray:
    """``(lists, 54)``: how many of each card id each list holds (float32), all at once."""
    n = len(card_lists)
    lens = [len(c) for c in card_lists]
    flat = np.fromiter((c for cs in card_lists for c in cs), dtype=np.int64, count=sum(lens))
    counts = np.bincount(np.repeat(np.arange(n) * CARD_IDS, lens) + flat,
                         minlength=n * CARD_IDS)
    return counts.astype(np.float32).reshape(n, CARD_IDS)


def planes(decks: int, seats: int) -> tuple[Plane, ...]:
    cards = CARD_IDS * decks

    def card_plane(name: str, what: str) -> Plane:
        return Plane(name, cards, f"{what}: 54 card ids × {decks} bits (decks), the first "
                     "count set")

    def seats_plane(name: str, what: str) -> Plane:
        return seat_plane(name, what, seats)

    return (
        card_plane("hand", "the seat's hand"),
        card_plane("prefix", "the cards of the play or bury already chosen in this decision "
                   "(its steps so far)"),
        *(card_plane(f"played_{k}", f"what the seat {k} places on has played this round")
          for k in range(seats)),
        card_plane("trick", "the cards of the trick under way"),
        seats_plane("trick_leader", "who led it (one-hot)"),
        card_plane("kitty", "the kitty as the seat may see it (the dealer's own, or the "
                   "cards it buried itself)"),
        card_plane("shown", "kitty cards turned up for everyone (SJ-12, the third card)"),
        card_plane("called", "the cards called to find friends (找朋友)"),
        seats_plane("friends", "friends found so far"),
        Plane("trump", len(TRUMPS), "trump, once known (one-hot: S H C D NT)"),
        Plane("level", LEVELS, "the round's level (one-hot: 2 … A, N)"),
        Plane("levels", seats, "each seat's level / 12, by relative seat"),
        seats_plane("dealer", "the dealer (one-hot)"),
        seats_plane("defenders", "the dealer's side, once known"),
        seats_plane("leader", "who leads or led the trick now (one-hot)"),
        seats_plane("bidder", "the standing bid's seat (one-hot)"),
        Plane("bid_size", 1, "the standing bid's cards / 3"),
        Plane("voids", seats * GROUPS, "seat × group (S H C D side cards, trump): 1 where the "
              "seat has shown void (failed to follow a lead of the group)"),
        Plane("points", 3 + seats, "the attackers' points so far and the points they need "
              "(points / all the decks' points), the stakes / 8, then each seat's points won "
              "(by relative seat)"),
        Plane("hand_sizes", seats, "each hand's size / the largest dealt, by relative seat"),
        Plane("phase", len(PHASES), "the phase (one-hot: " + ", ".join(PHASES) + ")"),
        Plane("stage", len(STAGES), "within the bid phase (one-hot: " + ", ".join(STAGES) +
              ")"),
        Plane("to_decide", 1, "1 when the seat is asked to decide now"),
        Plane("hand_order", ORDER, "the hand in the round's order, once trump is known: "
              f"{ORDER_GROUPS} groups (the side suits S H C D less trump, then trump) × "
              f"{ORDER_SLOTS} slots (lowest first), the cards in each / {decks}"),
        Plane("unseen_order", ORDER, "the cards the seat has not seen (not in its hand, "
              f"played, its kitty or turned up), in the same order grid, / {decks}"),
        seats_plane("winning", "who takes the trick under way as it stands (one-hot)"),
        Plane("trick_points", 1, "the points in the trick under way / 100"),
    )


_GRIDS: dict[tuple[int, int | None, bool], np.ndarray] = {}
_POINTS: Final = np.asarray(POINTS[:CARD_IDS], dtype=np.float32)


def order_grid(ctx: TrumpContext) -> np.ndarray:
    """``(54, ORDER)``: each card id's place in the order grid of ``ctx`` (one-hot; kept)."""
    key = (ctx.level, ctx.trump, ctx.constant_twos)
    grid = _GRIDS.get(key)
    if grid is None:
        grid = np.zeros((CARD_IDS, ORDER), dtype=np.float32)
        for c in range(CARD_IDS):
            g = ctx.group[c]
            at = ORDER_GROUPS - 1 if g == TRUMP else \
                g - int(ctx.trump is not None and g > ctx.trump)
            grid[c, at * ORDER_SLOTS + ctx.slot[c]] = 1.0
        _GRIDS[key] = grid
    return grid


def outranking(ctx: TrumpContext, unseen: np.ndarray) -> np.ndarray:
    """``(54,)``: for each card id, the unseen cards (``unseen``, by card id) of its group in
    a higher slot — none left means nothing unseen can beat it in its group."""
    out = np.zeros(CARD_IDS, dtype=np.float32)
    for slots in ctx.slot_cards:
        above = 0.0
        for cards in reversed(slots):
            for c in cards:
                out[c] = above
            above += float(sum(unseen[c] for c in cards))
    return out


VERBS: Final = ("bid", "bid_target", "bury", "call", "pass", "play", "take_back")


def action_planes(decks: int) -> tuple[Plane, ...]:
    """A whole action's row (:meth:`ShengjiFeatures.encode_actions`)."""
    return (
        verb_plane(VERBS),
        Plane("cards", CARD_IDS * decks, f"the action's cards (a play, a bury, a bid's cards):"
              f" 54 card ids × {decks} bits, the first count set"),
        Plane("count", 1, "how many cards / 25"),
        Plane("bid_trump", len(TRUMPS), "the trump a bid names (bidding-3: one-hot S H C D NT)"),
        Plane("target", 1, "a target bid's points / all the decks' points"),
        Plane("call", CARD_IDS + 1, "a friend call: the card (one-hot by card id), then which "
              "copy of it (nth / decks)"),
        Plane("order", ORDER, "a play's or bury's cards in the round's order grid (as "
              f"`hand_order`), / {decks}"),
        Plane("points", 1, "a play's or bury's points / 100"),
        Plane("takes", 1, "1 where a play following a trick takes it as it stands"),
        Plane("outranked", 1, "the unseen cards of the play's group above its highest card "
              f"/ {4 * decks} (at most 1): 0 for a card nothing unseen can beat in its group"),
    )


def history_planes(decks: int, seats: int) -> tuple[Plane, ...]:
    """A recent play's row (:meth:`ShengjiFeatures.encode_history`: the last plays of the
    round's tricks, in order)."""
    return (
        seat_plane("seat", "who played it", seats),
        Plane("cards", CARD_IDS, f"its cards: how many of each card id / {decks}"),
        Plane("order", ORDER, f"its cards in the round's order grid (as `hand_order`) / {decks}"),
        Plane("points", 1, "its points / 100"),
        Plane("led", 1, "1 where it led its trick"),
        Plane("took", 1, "1 where it took its trick (a trick finished)"),
    )


class ShengjiFeatures(Featurizer):
    """The planes of :func:`planes` for ``decks`` decks and ``seats`` seats, and the action
    rows of :func:`action_planes`. Beliefs tell the 54 card ids apart; their odds become
    ``determinize``'s ``hand_odds``."""

    belief_kinds = CARD_IDS
    max_scored = 512
    """A lead rich in throws lists thousands of plays; scoring 2,048 of them took 10–15 ms,
    and the learned bot's p99 per decision was 12.9 ms against the 5 ms target (docs/rl.md).
    Above 512 (about 3% of the decisions with a choice in `tractor`, besides the 4% above
    2,048: every bury and the leads richest in throws) the heuristic leads."""

    def __init__(self, decks: int, seats: int, rules: ComboRules = DEFAULT_RULES,
                 constant_twos: bool = False) -> None:
        super().__init__(planes(decks, seats), action_planes(decks),
                         history_planes(decks, seats))
        self.decks = decks
        self.seats = seats
        self.full = (CARD_IDS * decks) // seats + 1
        self.rules = rules
        self.constant_twos = constant_twos

    def context(self, obs: dict[str, Any]) -> TrumpContext | None:
        """The round's order (SJ-2), once its trump is known."""
        d = obs["details"]
        trump, level = d.get("trump"), d.get("level")
        if trump is None or level is None:
            return None
        return TrumpContext.make((RANK_CHARS + "N").index(level),
                                 None if trump == "NT" else "SHCD".index(trump),
                                 self.constant_twos)

    def unseen(self, obs: dict[str, Any]) -> np.ndarray:
        """``(54,)``: the copies of each card id the seat has not seen: not in its hand,
        played where it can see them, in the kitty it may see (in the play), turned up."""
        d = obs["details"]
        counts = np.full(CARD_IDS, float(self.decks), dtype=np.float32)
        seen = list(parse_cards(obs.get("hand") or ""))
        for t in [*(t.get("plays") or () for t in d.get("tricks") or ()),
                  d.get("current_trick") or ()]:
            for p in t:
                seen.extend(parse_cards(p["cards"]))
        kitty = d.get("kitty") or d.get("my_bury")
        if kitty and obs.get("phase") in ("play", "over"):
            seen.extend(parse_cards(kitty))
        seen.extend(parse_card(x) for key in ("kitty_turned_up", "kitty_third_card")
                    for x in (d.get(key) or "").split())
        np.subtract.at(counts, np.asarray(seen, dtype=np.int64), 1.0)
        return np.maximum(counts, 0.0)

    def trick_under_way(self, obs: dict[str, Any], ctx: TrumpContext
                        ) -> tuple[Lead, list[list[int]], list[int]] | None:
        """The trick being played, where the seat is to follow it: its lead, its plays so far
        and their seats (``None`` where there is none, or the seat leads)."""
        current = obs["details"].get("current_trick") or []
        if not current or len(current) >= self.seats:
            return None
        plays = [list(parse_cards(p["cards"])) for p in current]
        try:
            lead = make_lead(plays[0], ctx, self.rules)
        except ValueError:
            return None
        return lead, plays, [int(p["seat"]) for p in current]

    def recent(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The last plays of the round's tricks, oldest first (none under ``hide_played``,
        whose observation keeps no finished trick)."""
        d = obs["details"]
        items: list[dict[str, Any]] = []
        for t in (d.get("tricks") or ())[-(self.history_len // self.seats + 1):]:
            items.extend({"seat": p["seat"], "cards": p["cards"], "led": k == 0,
                          "took": p["seat"] == t.get("winner")}
                         for k, p in enumerate(t.get("plays") or ()))
        items.extend({"seat": p["seat"], "cards": p["cards"], "led": k == 0, "took": False}
                     for k, p in enumerate(d.get("current_trick") or ()))
        return items[-self.history_len:]

    def history_rows(self, obs: dict[str, Any], items: Sequence[dict[str, Any]]
                     ) -> np.ndarray:
        n = len(items)
        out = np.zeros((n, self.history_size), dtype=np.float32)
        at = self.history_offsets
        seat = int(obs["seat"])
        counts = card_count_rows([parse_cards(item["cards"]) for item in items])
        out[np.arange(n), [at["seat"][0] + relative(seat, int(i["seat"]), self.seats)
                           for i in items]] = 1.0
        out[:, slice(*at["cards"])] = counts / self.decks
        ctx = self.context(obs)
        if ctx is not None:
            out[:, slice(*at["order"])] = counts @ order_grid(ctx) / self.decks
        out[:, at["points"][0]] = counts @ _POINTS / 100
        out[:, at["led"][0]] = [float(i["led"]) for i in items]
        out[:, at["took"][0]] = [float(i["took"]) for i in items]
        return out

    def hand_kinds(self, obs: dict[str, Any]) -> np.ndarray:
        out = np.zeros(CARD_IDS, dtype=np.float32)
        for c in parse_cards(obs.get("hand") or ""):
            out[c] += 1
        return out

    def belief_hints(self, obs: dict[str, Any], odds: np.ndarray) -> dict[str, Any] | None:
        if obs.get("phase") != "play":
            return None  # (determinize tilts the hands by them in the play only)
        table = odds.astype(float)

        def hand_odds(seat: int, card: int) -> float:
            return float(table[seat, card])

        return {"hand_odds": hand_odds}

    def fill_action(self, w: Writer, obs: dict[str, Any], action: Action) -> None:
        w.set("verb", VERBS.index(action.verb))
        if action.cards:
            w.put("cards", card_bits(action.cards, self.decks))
            w.put("count", [len(action.cards) / 25])
        extra = action.extra or {}
        if extra.get("trump") is not None:
            w.set("bid_trump", TRUMPS.index(extra["trump"]))
        if extra.get("target") is not None:
            w.put("target", [int(extra["target"]) / float(obs["details"]["points_total"])])
        if action.verb == "call":
            w.set("call", parse_card(extra["card"]))
            w.set("call", CARD_IDS, int(extra.get("nth", 1)) / self.decks)
        if action.verb in ("play", "bury") and action.cards:
            counts = np.zeros((1, CARD_IDS), dtype=np.float32)
            np.add.at(counts[0], np.asarray(action.cards, dtype=np.int64), 1.0)
            # (the row as a one-row block: the writes go to w's own vector)
            self._order_rows(w.out[None, :], obs, np.zeros(1, dtype=np.int64), counts,
                             [action])

    def encode_actions(self, obs: dict[str, Any], actions: Sequence[Action]) -> np.ndarray:
        """The rows of :meth:`fill_action`; the plays' card planes, the most of a list (a
        lead can have thousands of legal plays), worked out for all at once."""
        plain = [i for i, a in enumerate(actions) if a.verb in ("play", "bury") and not a.extra]
        out = np.zeros((len(actions), self.action_size), dtype=np.float32)
        rest = set(range(len(actions))) - set(plain)
        for i in sorted(rest):
            self.fill_action(Writer(out[i], self.action_offsets), obs, actions[i])
        if plain:
            n = len(plain)
            counts = card_count_rows([actions[i].cards for i in plain])
            lens = counts.sum(axis=1)
            a, b = self.action_offsets["cards"]
            rows = np.asarray(plain)
            out[rows, a:b] = (counts[:, :, None] > np.arange(self.decks)).reshape(n, -1)
            out[rows, self.action_offsets["count"][0]] = lens / 25
            verb = self.action_offsets["verb"][0]
            out[rows, verb + np.fromiter((VERBS.index(actions[i].verb) for i in plain),
                                         dtype=np.int64, count=n)] = 1.0
            self._order_rows(out, obs, rows, counts, [actions[i] for i in plain])
        return out

    def _order_rows(self, out: np.ndarray, obs: dict[str, Any], rows: np.ndarray,
                    counts: np.ndarray, actions: Sequence[Action]) -> None:
        """The ``order``, ``points``, ``takes`` and ``outranked`` of plays and buries
        (``actions``, their rows of ``out`` and their cards' ``counts`` by card id), once
        trump is known."""
        ctx = self.context(obs)
        if ctx is None:
            return
        a, b = self.action_offsets["order"]
        out[rows, a:b] = counts @ order_grid(ctx) / self.decks
        out[rows, self.action_offsets["points"][0]] = counts @ _POINTS / 100
        above = outranking(ctx, self.unseen(obs))
        least = np.where(counts > 0, above[None, :], np.inf).min(axis=1)
        out[rows, self.action_offsets["outranked"][0]] = np.minimum(least / (4 * self.decks),
                                                                   1.0)
        trick = self.trick_under_way(obs, ctx)
        if trick is None:
            return
        lead, plays, _ = trick
        takes = self.action_offsets["takes"][0]
        for row, action in zip(rows, actions, strict=True):
            if action.verb == "play" and \
                    trick_winner(lead, [*plays, list(action.cards)], ctx,
                                 self.rules) == len(plays):
                out[row, takes] = 1.0

    def fill(self, w: Writer, obs: dict[str, Any], prefix: Sequence[int]) -> None:
        seat, n, decks = int(obs["seat"]), self.seats, self.decks
        d = obs["details"]
        w.put("hand", card_bits(parse_cards(obs["hand"] or ""), decks))
        w.put("prefix", card_bits([p for p in prefix if p < CARD_IDS], decks))
        played: list[list[int]] = [[] for _ in range(n)]
        trump, level = d.get("trump"), d.get("level")
        lvl = RANK_CHARS.find(level) if level else -1
        trump_suit = "SHCD".find(trump) if trump and trump != "NT" else -1

        def group(card: int) -> int:
            if is_joker(card) or rank_of(card) == lvl or suit_of(card) == trump_suit:
                return 4
            return suit_of(card)

        voids = np.zeros((n, GROUPS), dtype=np.float32)
        tricks = list(d.get("tricks") or ())
        current = d.get("current_trick") or []
        for t in [*(t.get("plays") or () for t in tricks), current]:  # hide_played: none
            led: int | None = None
            for i, p in enumerate(t):
                cards = parse_cards(p["cards"])
                played[int(p["seat"])].extend(cards)
                if trump is None or not cards:
                    continue
                if i == 0:
                    led = group(cards[0])
                elif led is not None and any(group(c) != led for c in cards):
                    voids[relative(seat, int(p["seat"]), n), led] = 1.0
        for s in range(n):
            w.put(f"played_{relative(seat, s, n)}", card_bits(played[s], decks))
        w.put("voids", voids.reshape(-1))
        if current:
            w.put("trick", card_bits([c for p in current for c in parse_cards(p["cards"])],
                                     decks))
            w.set("trick_leader", relative(seat, int(current[0]["seat"]), n))
        kitty = d.get("kitty") or d.get("my_bury")
        if kitty:
            w.put("kitty", card_bits(parse_cards(kitty), decks))
        shown = [parse_card(x) for key in ("kitty_turned_up", "kitty_third_card")
                 for x in (d.get(key) or "").split()]
        w.put("shown", card_bits(shown, decks))
        calls = d.get("friends") or []
        w.put("called", card_bits([parse_card(c["card"]) for c in calls], decks))
        w.put("friends", seat_flags(seat, [c["found"] for c in calls if c["found"] is not None],
                                    n))
        if trump is not None:
            w.set("trump", TRUMPS.index(trump))
        if level is not None:
            w.set("level", (RANK_CHARS + "N").index(level))
        for s, name in (d.get("levels") or {}).items():
            w.set("levels", relative(seat, int(s), n), (RANK_CHARS + "N").index(name) / 12)
        for plane, key in (("dealer", "dealer"), ("leader", "leader")):
            if d.get(key) is not None:
                w.set(plane, relative(seat, int(d[key]), n))
        w.put("defenders", seat_flags(seat, d.get("defenders") or (), n))
        standing = d.get("standing_bid")
        if standing is not None:
            w.set("bidder", relative(seat, int(standing["seat"]), n))
            w.put("bid_size", [len(standing["cards"].split()) / 3])
        total = float(d["points_total"])
        points = [float(d.get("attackers_points") or 0) / total,
                  float(d.get("attackers_need") or 0) / total,
                  min(float(d.get("stakes") or 1) / 8, 1.0)]
        won = [0.0] * n
        for s, p in enumerate(d.get("points_won") or ()):
            if p is not None:  # None: hidden (hide_defender_points)
                won[relative(seat, s, n)] = p / total
        w.put("points", points + won)
        for s, size in enumerate(obs["hand_sizes"]):
            w.set("hand_sizes", relative(seat, s, n), size / self.full)
        w.set("phase", PHASES.index(obs["phase"]))
        if d.get("stage") is not None:
            w.set("stage", STAGES.index(d["stage"]))
        w.put("to_decide", [float(bool(obs.get("your_turn")))])
        ctx = self.context(obs)
        if ctx is not None:
            grid = order_grid(ctx)
            w.put("hand_order", self.hand_kinds(obs) @ grid / decks)
            w.put("unseen_order", self.unseen(obs) @ grid / decks)
            trick = self.trick_under_way(obs, ctx)
            if trick is not None:
                lead, plays, seats = trick
                w.set("winning", relative(seat, seats[trick_winner(lead, plays, ctx,
                                                                   self.rules)], n))
            w.put("trick_points", [points_of([c for p in current
                                              for c in parse_cards(p["cards"])]) / 100])
