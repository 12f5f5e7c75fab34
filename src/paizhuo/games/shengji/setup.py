"""Reading a record's options, ``start`` and ``deal``: what the round starts from.

Everything here is checked strictly: a problem raises :class:`MalformedError` naming the field
(``start.trump``, ``deal.hands``). See ``docs/shengji.md`` ("Records and positions").
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from paizhuo.cards import SUIT_CHARS, standard_deck
from paizhuo.engine.dealing import shuffled
from paizhuo.engine.errors import InvalidOptionsError, MalformedError, describe
from paizhuo.engine.records import Record
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.scoring import parse_level
from paizhuo.games.shengji.state import FriendCall
from paizhuo.notation import NotationError, format_cards, parse_card

PHASES_IN_START = ("bid", "bury", "call", "play")


@dataclass
class Setup:
    """The first state of a round, as read from a record."""

    opts: ShengjiOptions
    n: int
    levels: dict[int, int]
    dealer: int | None
    first: int
    """The first seat to receive a card (the dealer; seat 0 in a first round)."""
    deal_seq: list[tuple[int, int]]
    """(seat, card) in dealing order."""
    kitty: tuple[int, ...]
    phase: str = "bid"
    level: int | None = None
    trump: int | None = None
    trump_known: bool = False
    leader: int | None = None
    attackers_points: int = 0
    calls: list[FriendCall] = field(default_factory=list)
    target: int | None = None
    stakes: int = 1
    position: bool = False


_OPTIONS: dict[str, ShengjiOptions] = {}
"""Options already read, by their JSON text (they are immutable; every round of a run reads
the same ones)."""


def parse_options(record: Record) -> ShengjiOptions:
    try:
        key = json.dumps(record.options, sort_keys=True)
    except (TypeError, ValueError):
        key = ""
    found = _OPTIONS.get(key) if key else None
    if found is not None:
        return found
    try:
        found = ShengjiOptions.from_dict(record.options)
    except InvalidOptionsError:
        raise
    except (TypeError, ValueError) as exc:  # pragma: no cover - defensive
        raise InvalidOptionsError("", str(exc)) from None
    if key and len(_OPTIONS) < 1000:
        _OPTIONS[key] = found
    return found


def _seat(value: Any, where: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise MalformedError(where, f"a seat 0–{n - 1}, not {describe(value)}")
    return value


def _level(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise MalformedError(where, f"a level is written as a rank such as \"2\" or \"T\", "
                             f"not {describe(value)}")
    try:
        return parse_level(value)
    except ValueError as exc:
        raise MalformedError(where, str(exc)) from None


def teammates(opts: ShengjiOptions, seat: int) -> list[int]:
    """Seats sharing ``seat``'s level: its fixed team, or itself alone."""
    if opts.teams == "fixed":
        return [s for s in range(opts.players) if s % 2 == seat % 2]
    return [seat]


def parse_levels(opts: ShengjiOptions, data: Any) -> dict[int, int]:
    """``start.levels``: ``{"0": "5", "1": "2"}``; with fixed teams a seat sets its team."""
    n = opts.players
    levels = dict.fromkeys(range(n), opts.start_level_index)
    if data is None:
        return levels
    if not isinstance(data, dict):
        raise MalformedError("start.levels", "an object from seat numbers to levels")
    set_by: dict[int, int] = {}
    for key, value in data.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise MalformedError(f"start.levels.{key}", "keys are seat numbers") from None
        _seat(seat, f"start.levels.{key}", n)
        lv = _level(value, f"start.levels.{key}")
        if lv > 12 and not opts.play_past_ace:
            raise MalformedError(f"start.levels.{key}", "level N needs option play_past_ace")
        for mate in teammates(opts, seat):
            if mate in set_by and set_by[mate] != lv:
                raise MalformedError(f"start.levels.{key}",
                                     f"seats {mate} and {seat} are partners but given "
                                     f"different levels")
            set_by[mate] = lv
            levels[mate] = lv
    return levels


def parse_trump(value: Any) -> int | None:
    if value == "NT":
        return None
    if isinstance(value, str) and len(value) == 1 and value.upper() in SUIT_CHARS:
        return SUIT_CHARS.index(value.upper())
    raise MalformedError("start.trump", f"S, H, C, D or NT, not {describe(value)}")


def parse_friend_call(data: Any, where: str, decks: int) -> FriendCall:
    """A called friend ``{"card": "AH", "nth": 1}`` (position starts add ``played``/``found``)."""
    if not isinstance(data, dict):
        raise MalformedError(where, "a friend call is {\"card\": \"AH\", \"nth\": 1}")
    for key in data:
        if key not in ("card", "nth", "played", "found", "resolved"):
            raise MalformedError(f"{where}.{key}", "unknown field; a call has card and nth")
    text = data.get("card")
    if not isinstance(text, str):
        raise MalformedError(f"{where}.card", "the called card, such as \"AH\"")
    try:
        card = parse_card(text)
    except NotationError as exc:
        raise MalformedError(f"{where}.card", str(exc)) from None
    if card > 53:
        raise MalformedError(f"{where}.card", "BJ* is not a Shengji card")
    nth = data.get("nth", 1)
    if not isinstance(nth, int) or isinstance(nth, bool):
        raise MalformedError(f"{where}.nth", f"an integer 1–{decks}, not {describe(nth)}")
    played = data.get("played", 0)
    if not isinstance(played, int) or isinstance(played, bool) or played < 0:
        raise MalformedError(f"{where}.played", "a count of copies already played")
    found = data.get("found")
    if found is not None and (not isinstance(found, int) or isinstance(found, bool)):
        raise MalformedError(f"{where}.found", "the seat found, or null")
    resolved = data.get("resolved", found is not None or played >= nth)
    if not isinstance(resolved, bool):
        raise MalformedError(f"{where}.resolved", "true or false")
    return FriendCall(card, nth, played, found, resolved)


def _check_complete(opts: ShengjiOptions, hands: list[tuple[int, ...]],
                    kitty: tuple[int, ...]) -> None:
    if len(hands) != opts.players:
        raise MalformedError("deal.hands", f"{opts.players} hands, not {len(hands)}")
    for i, h in enumerate(hands):
        if len(h) != opts.hand_size:
            raise MalformedError(f"deal.hands[{i}]", f"{opts.hand_size} cards, not {len(h)}")
    if len(kitty) != opts.kitty_size:
        raise MalformedError("deal.kitty", f"{opts.kitty_size} cards, not {len(kitty)}")
    have = Counter(c for h in hands for c in h) + Counter(kitty)
    want = Counter(standard_deck(opts.decks))
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        parts = []
        if extra:
            parts.append(f"too many {format_cards(extra)}")
        if missing:
            parts.append(f"missing {format_cards(missing)}")
        raise MalformedError("deal", f"not {opts.decks} complete deck(s): {'; '.join(parts)}")


def deal_sequence(hands: list[tuple[int, ...]], first: int) -> list[tuple[int, int]]:
    """Cards in dealing order: one at a time in seat order from ``first``, each hand's cards in
    the order written (a seat whose hand is used up is skipped)."""
    n = len(hands)
    ptr = [0] * n
    seq: list[tuple[int, int]] = []
    total = sum(len(h) for h in hands)
    seat = first
    while len(seq) < total:
        if ptr[seat] < len(hands[seat]):
            seq.append((seat, hands[seat][ptr[seat]]))
            ptr[seat] += 1
        seat = (seat + 1) % n
    return seq


def read_setup(record: Record) -> Setup:
    """The first state of the round a record describes."""
    opts = parse_options(record)
    n = opts.players
    start = dict(record.start or {})
    known = {"phase", "level", "trump", "dealer", "leader", "attackers_points", "friends",
             "levels", "target", "stakes"}
    for key in start:
        if key not in known:
            raise MalformedError(f"start.{key}", f"unknown field; start has {sorted(known)}")
    levels = parse_levels(opts, start.get("levels"))
    dealer = _seat(start["dealer"], "start.dealer", n) if start.get("dealer") is not None \
        else None
    first = dealer if dealer is not None else 0
    position = record.position
    phase = start.get("phase", "bid")
    if phase not in PHASES_IN_START:
        raise MalformedError("start.phase", f"one of {', '.join(PHASES_IN_START)}, not "
                             f"{describe(phase)}")
    if not position and phase != "bid":
        raise MalformedError("start.phase", "only a position (\"position\": true) starts "
                             "after the bidding")
    deal = record.deal
    if deal.hands is None:
        if position:
            raise MalformedError("deal", "a position gives explicit hands")
        seed = deal.seed if deal.seed is not None else 0
        deck = shuffled(standard_deck(opts.decks), seed)
        dealt = n * opts.hand_size
        # round robin from the first receiver (as deal_round_robin): the deck's order is the
        # dealing order
        seq = [((first + i) % n, deck[i]) for i in range(dealt)]
        setup = Setup(opts, n, levels, dealer, first, seq, tuple(deck[dealt:]),
                      phase=phase, position=position)
        return _read_start(setup, start)
    else:
        hands = list(deal.hands)
        kitty = tuple(deal.kitty or ())
        if len(hands) != n:
            raise MalformedError("deal.hands", f"{n} hands for {n} players, not {len(hands)}")
        if any(c > 53 for h in hands for c in h) or any(c > 53 for c in kitty):
            raise MalformedError("deal", "BJ* is not a Shengji card")
        if not position:
            _check_complete(opts, hands, kitty)
        else:
            per_id = Counter(c for h in hands for c in h) + Counter(kitty)
            over = [c for c, k in per_id.items() if k > opts.decks]
            if over:
                raise MalformedError("deal", f"more copies of {format_cards(sorted(over))} "
                                     f"than {opts.decks} deck(s) hold")
    setup = Setup(opts, n, levels, dealer, first, deal_sequence(hands, first), kitty,
                  phase=phase, position=position)
    return _read_start(setup, start)


def _read_start(setup: Setup, start: dict[str, Any]) -> Setup:
    """The rest of ``start``: level, trump, points, target, stakes, friends, leader."""
    opts, n, levels, dealer, phase = setup.opts, setup.n, setup.levels, setup.dealer, \
        setup.phase
    if "level" in start:
        setup.level = _level(start["level"], "start.level")
        if setup.level > 12 and not opts.play_past_ace:
            raise MalformedError("start.level", "level N needs option play_past_ace")
    elif dealer is not None:
        setup.level = levels[dealer]
    else:
        distinct = set(levels.values())
        if len(distinct) != 1:
            raise MalformedError("start.dealer", "a first round (no dealer) needs every side "
                                 "at the same level")
        setup.level = distinct.pop()
    if "trump" in start:
        setup.trump = parse_trump(start["trump"])
        setup.trump_known = True
    if "attackers_points" in start:
        pts = start["attackers_points"]
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0 or pts % 5:
            raise MalformedError("start.attackers_points", "a non-negative multiple of 5")
        setup.attackers_points = pts
    if "target" in start:
        t = start["target"]
        if not isinstance(t, int) or isinstance(t, bool) or t <= 0:
            raise MalformedError("start.target", "a positive target score")
        setup.target = t
    if "stakes" in start:
        st = start["stakes"]
        if not isinstance(st, int) or isinstance(st, bool) or st < 1:
            raise MalformedError("start.stakes", "a positive integer")
        setup.stakes = st
    if "friends" in start:
        fr = start["friends"]
        if not isinstance(fr, list):
            raise MalformedError("start.friends", "a list of calls")
        setup.calls = [parse_friend_call(c, f"start.friends[{i}]", opts.decks)
                       for i, c in enumerate(fr)]
        for i, call in enumerate(setup.calls):
            if call.friend is not None:
                _seat(call.friend, f"start.friends[{i}].found", n)
    if phase != "bid":
        if dealer is None:
            raise MalformedError("start.dealer", f"a position in the {phase} phase names the "
                                 "dealer")
        if not setup.trump_known:
            raise MalformedError("start.trump", f"a position in the {phase} phase names trump")
        if opts.teams == "bidding" and setup.target is None:
            raise MalformedError("start.target", "a bidding-3 position names the target")
        if phase == "play":
            sizes = set(_sizes(setup))
            if len(sizes) != 1 or 0 in sizes:
                raise MalformedError("deal.hands", "in the play phase every hand holds the same "
                                     "(non-zero) number of cards")
        if "leader" in start:
            setup.leader = _seat(start["leader"], "start.leader", n)
    elif setup.trump_known and opts.teams != "bidding":
        raise MalformedError("start.trump", "trump is chosen by bidding in the bid phase")
    return setup


def _sizes(setup: Setup) -> list[int]:
    sizes = [0] * setup.n
    for seat, _ in setup.deal_seq:
        sizes[seat] += 1
    return sizes


__all__ = ["Setup", "deal_sequence", "parse_friend_call", "read_setup", "teammates"]
