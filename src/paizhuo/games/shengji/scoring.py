"""Scoring a Shengji round: the kitty 扣底, level changes 升级, next dealer, match end (SJ-9, SJ-11,
SJ-12).

Everything here is a pure function of plain values (:class:`RoundInput`), so a round can be
scored without a game object and tests read like the rules:

>>> inp = RoundInput(num_players=4, decks=2, step=40, teams="fixed", dealer=0,
...                  defenders=frozenset({0, 2}), attackers=frozenset({1, 3}),
...                  card_points=130, kitty_points=0, last_trick_winner=0,
...                  last_trick_units=(), last_trick_cards=(),
...                  levels={0: 0, 1: 0, 2: 0, 3: 0}, level_rank=0)
>>> s = score_round(inp)
>>> s.level_changes, s.next_dealer          # 120 ≤ 130 < 160: attackers rise one, deal passes
({0: 0, 1: 1, 2: 0, 3: 1}, 1)

Levels are rank indices (0 = ``2`` … 12 = ``A``; 13 = ``N``, the no-trump level past A, only
with ``play_past_ace``). The choices made where the rules are silent are listed in
``docs/shengji.md`` ("Scoring").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from paizhuo.cards import RANK_CHARS

LEVEL_CHARS: Final = RANK_CHARS + "N"
"""Level names by index: ``2`` … ``A``, then ``N`` (the no-trump level past A, SJ-14)."""
LEVEL_TWO: Final = 0
LEVEL_J: Final = 9
LEVEL_A: Final = 12
LEVEL_PAST_ACE: Final = 13
RANK_J: Final = 9
"""Rank index of the jack (hook_j looks for it in the last trick)."""

KITTY_MULTIPLIERS: Final = ("doubling", "by_shape", "times", "power", "flat")
TEAMS: Final = ("fixed", "friends", "bidding")
OVERFLOWS: Final = ("lost", "demote_opponents")

# round_points 欢乐升级 table in steps: attackers' score below k·s (k = 0 meaning exactly 0)
_ROUND_POINTS: Final = ((1, -2), (2, -1), (3, 1), (4, 2), (5, 3))


class UnitShape(Protocol):
    """What scoring needs of a unit of the winning play (``combos.Unit`` fits)."""

    @property
    def size(self) -> int:
        """Copies per tuple: 1 single, 2 pair, 3 triple."""

    @property
    def length(self) -> int:
        """Consecutive order slots: 1 for a single or a lone tuple, ≥ 2 for a tractor."""


def level_name(level: int) -> str:
    """``0`` → ``'2'`` … ``12`` → ``'A'``, ``13`` → ``'N'``."""
    return LEVEL_CHARS[level]


def levels_json(levels: Mapping[int, int]) -> dict[str, str]:
    """Levels per seat as a record writes them: ``{"0": "5", "1": "2", …}``."""
    return {str(s): level_name(v) for s, v in sorted(levels.items())}


def parse_level(text: str) -> int:
    """Inverse of :func:`level_name`; also accepts ``10`` and lower case.

    >>> parse_level("10"), parse_level("a"), parse_level("N")
    (8, 12, 13)
    """
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if t == "NT":
        t = "N"
    if len(t) != 1 or t not in LEVEL_CHARS:
        raise ValueError(f"not a level: {text!r} (levels are 2 … A, and N past A)")
    return LEVEL_CHARS.index(t)


def max_level(play_past_ace: bool) -> int:
    """The level a side must win as dealer to win the match: A, or N with ``play_past_ace``."""
    return LEVEL_PAST_ACE if play_past_ace else LEVEL_A


# -- the kitty ----------------------------------------------------------------------------


def kitty_multiplier(rule: str, units: Sequence[UnitShape]) -> int:
    """The factor on the kitty's points when the attackers win the last trick (SJ-9).

    ``units`` is the decomposition of the last trick's winning play.

    >>> from collections import namedtuple
    >>> U = namedtuple("U", "size length")
    >>> kitty_multiplier("doubling", [U(2, 2), U(1, 1)])       # tractor = two pairs: 2^(1+2)
    8
    >>> kitty_multiplier("by_shape", [U(3, 2)])                # Titanic of length 2: 2·3²
    18
    >>> kitty_multiplier("times", [U(2, 3)]), kitty_multiplier("power", [U(2, 1)])
    (12, 4)
    """
    if rule not in KITTY_MULTIPLIERS:
        raise ValueError(f"unknown kitty_multiplier {rule!r}; "
                         f"one of {', '.join(KITTY_MULTIPLIERS)}")
    for u in units:
        if u.size < 1 or u.length < 1:
            raise ValueError(f"not a unit: size {u.size}, length {u.length}")
    # every tuple counts as one pair, a triple too, and a tractor's tuples one by one
    pairs = sum(u.length for u in units if u.size >= 2)
    largest = max((u.size * u.length for u in units), default=1)
    if rule == "doubling":
        return 1 << (1 + pairs)
    if rule == "times":
        return 2 * largest
    if rule == "power":
        return 1 << largest
    if rule == "flat":
        return 2
    # by_shape: the shapes in the seed's order, the first the winning play holds decides
    # alone: a Titanic of length k 2·3^k, a triple 6, a tractor of length k 2·2^k, a pair 4 —
    # 2·size^length, larger tuples first (four decks: a tractor of quads 2·4^k, a quad 8)
    size = max((u.size for u in units if u.size >= 2), default=0)
    if not size:
        return 2
    run = max(u.length for u in units if u.size == size)
    return int(2 * size ** run)


# -- thresholds ---------------------------------------------------------------------------


def defender_bands(points: int, step: int) -> int:
    """How many levels the dealer side wins with the attackers at ``points`` (SJ-9).

    3 at 0 (大光), 2 under one step (小光), 1 under two steps, 0 from two steps on.

    >>> [defender_bands(p, 40) for p in (0, 5, 35, 40, 75, 80)]
    [3, 2, 2, 1, 1, 0]
    """
    if points == 0:
        return 3
    if points < step:
        return 2
    if points < 2 * step:
        return 1
    return 0


def attacker_rise(points: int, step: int, dead_zone: bool = True) -> int:
    """Levels the attackers rise when they reach two steps: ``⌊(p − 2s)/s⌋`` (SJ-9); without
    the dead zone (SJ-14.5 ``dead_zone`` off) one more, from two steps on.

    >>> [attacker_rise(p, 40) for p in (80, 115, 120, 155, 160, 200)]
    [0, 0, 1, 1, 2, 3]
    >>> [attacker_rise(p, 40, dead_zone=False) for p in (75, 80, 115, 120, 200)]
    [0, 1, 1, 2, 4]
    """
    if points < 2 * step:
        return 0
    return (points - 2 * step) // step + (0 if dead_zone else 1)


def round_points_value(points: int, step: int) -> int:
    """The attackers' 欢乐升级 table value (SJ-9 ``round_points``), in steps of ``s``.

    Two decks (s = 40): 0 → −3, 5–35 → −2, 40–75 → −1, 80–115 → +1, 120–155 → +2,
    160–195 → +3, 200+ → +4.

    >>> [round_points_value(p, 40) for p in (0, 35, 40, 80, 120, 160, 195, 200)]
    [-3, -2, -1, 1, 2, 3, 3, 4]
    """
    if points == 0:
        return -3
    for steps, value in _ROUND_POINTS:
        if points < steps * step:
            return value
    return 4


def bidding_outcome(points: int, target: int) -> tuple[bool, int]:
    """Bidding-3 (SJ-12): ``(attackers_won, levels)``.

    Attackers reaching the target rise 1, plus 1 per further half target; otherwise the dealer
    rises 2, 4 under half the target, 6 at 0.

    >>> [bidding_outcome(p, 120) for p in (0, 55, 60, 115, 120, 175, 180)]
    [(False, 6), (False, 4), (False, 2), (False, 2), (True, 1), (True, 1), (True, 2)]
    """
    if target <= 0:
        raise ValueError(f"a bidding-3 target is positive, not {target}")
    if points >= target:
        # half targets may be fractional (115 → 57.5): compare doubled points
        return True, 1 + (2 * (points - target)) // target
    if points == 0:
        return False, 6
    if 2 * points < target:
        return False, 4
    return False, 2


# -- the round ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundInput:
    """Everything needed to score a finished round, as plain values."""

    num_players: int
    decks: int
    step: int
    """Points per level band: 20 per deck (SJ-1)."""
    teams: str
    """``fixed`` | ``friends`` | ``bidding``."""
    dealer: int
    defenders: frozenset[int]
    """The dealer's side at the end of the round (friends: the dealer and the friends found;
    the dealer alone when it is ``{dealer}``)."""
    attackers: frozenset[int]
    card_points: int
    """Points in tricks won by the attackers, before the kitty, after any throw penalty."""
    kitty_points: int
    """Points among the buried cards."""
    last_trick_winner: int
    last_trick_units: tuple[UnitShape, ...]
    """Decomposition of the last trick's winning play."""
    last_trick_cards: tuple[int, ...]
    """The cards of the last trick's winning play (``hook_j`` looks for a J among them)."""
    levels: Mapping[int, int]
    """Level per seat before the round (fixed teams: partners equal)."""
    level_rank: int
    """This round's level L: the dealer's level."""
    stakes: int = 1
    """Kitty-fight 炒地皮 stakes: ×2 per overcall; multiplies level changes and round points."""
    target: int | None = None
    """Bidding-3 target score."""
    kitty_multiplier: str = "doubling"
    dealer_stays: bool = False
    must_play_levels: tuple[int, ...] = ()
    overflow: str = "lost"
    hook_j: bool = False
    hook_j_rule: str = "j_in_play"
    """SJ-14.5: ``j_in_play`` (a J in the winning play; the defenders at J go back) or
    ``single_j`` (a single J wins the last trick; every defender goes back)."""
    round_points: bool = False
    round_points_base: int = 1
    play_past_ace: bool = False
    dead_zone: bool = True
    """SJ-14.5: from two steps to three the attackers take the deal without rising (off: they
    rise one level from two steps on)."""


@dataclass(frozen=True)
class RoundScore:
    """The outcome of a round: kitty, points, levels, next dealer, match end."""

    kitty_multiplier: int
    """The factor applied to the kitty: 0 when the attackers did not win the last trick."""
    kitty_points_added: int
    attackers_points: int
    """Attackers' card points plus the kitty points added."""
    level_changes: dict[int, int]
    """New level minus old level, for every seat (0 where unchanged)."""
    new_levels: dict[int, int]
    next_dealer: int
    match_winners: frozenset[int] | None
    """The seats that won the match this round (passed A), else ``None``."""
    round_points: dict[int, int] | None
    """Per-seat 欢乐升级 points with option ``round_points``, else ``None``."""
    winner: str = "defenders"
    """Which side won the round: ``defenders`` (the dealer's side) or ``attackers``."""
    kitty_points: int = 0
    """Points among the buried cards (before any multiplier)."""
    hooked: bool = False
    """``hook_j`` fired: the dealer side at J went back to 2."""
    levels_lost: dict[int, int] = field(default_factory=dict)
    """Per seat, levels of a rise that could not be taken (must-play level or the top)."""

    def next_start(self) -> dict[str, Any] | None:
        """The record ``start`` of the match's next round (SJ-10): dealer and levels per seat,
        or ``None`` once the match has been won."""
        if self.match_winners is not None:
            return None
        return {"dealer": self.next_dealer,
                "levels": levels_json(self.new_levels)}

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: seat keys as strings, levels as level names (``'2'`` … ``'A'``)."""
        out: dict[str, Any] = {
            "winner": self.winner,
            "attackers_points": self.attackers_points,
            "kitty_points": self.kitty_points,
            "kitty_multiplier": self.kitty_multiplier,
            "kitty_points_added": self.kitty_points_added,
            "level_changes": {str(s): d for s, d in sorted(self.level_changes.items())},
            "new_levels": levels_json(self.new_levels),
            "next_dealer": self.next_dealer,
            "match_winners": (None if self.match_winners is None
                              else sorted(self.match_winners)),
        }
        if self.hooked:
            out["hooked"] = True
        if any(self.levels_lost.values()):
            out["levels_lost"] = {str(s): n for s, n in sorted(self.levels_lost.items()) if n}
        if self.round_points is not None:
            out["round_points"] = {str(s): v for s, v in sorted(self.round_points.items())}
        return out


def _check(inp: RoundInput) -> None:
    n = inp.num_players
    if inp.teams not in TEAMS:
        raise ValueError(f"unknown teams {inp.teams!r}; one of {', '.join(TEAMS)}")
    if inp.overflow not in OVERFLOWS:
        raise ValueError(f"unknown overflow {inp.overflow!r}; one of {', '.join(OVERFLOWS)}")
    if inp.step <= 0:
        raise ValueError(f"the step is positive, not {inp.step}")
    seats = frozenset(range(n))
    if inp.defenders | inp.attackers != seats or inp.defenders & inp.attackers:
        raise ValueError("defenders and attackers must split the seats "
                         f"0–{n - 1}: {sorted(inp.defenders)} vs {sorted(inp.attackers)}")
    if inp.dealer not in inp.defenders:
        raise ValueError(f"the dealer {inp.dealer} is not among the defenders")
    if set(inp.levels) != set(seats):
        raise ValueError(f"levels must name every seat 0–{n - 1}, got {sorted(inp.levels)}")
    top = max_level(inp.play_past_ace)
    for seat, lv in inp.levels.items():
        if not LEVEL_TWO <= lv <= top:
            raise ValueError(f"seat {seat} has level {lv}, outside 2 … {level_name(top)}")
    if inp.card_points < 0 or inp.kitty_points < 0:
        raise ValueError("points are never negative")
    if inp.stakes < 1:
        raise ValueError(f"stakes start at 1, not {inp.stakes}")
    if not 0 <= inp.last_trick_winner < n:
        raise ValueError(f"no seat {inp.last_trick_winner}")
    if inp.teams == "bidding" and inp.target is None:
        raise ValueError("bidding-3 scoring needs the target")


def _next_of(dealer: int, side: frozenset[int], n: int) -> int:
    """The first seat of ``side`` after ``dealer`` in play order (the dealer himself last)."""
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        if seat in side:
            return seat
    raise ValueError("empty side")


def _rise(level: int, by: int, may_leave: bool, must: frozenset[int], top: int) -> int:
    """The level reached rising ``by`` from ``level``: stopping at the first must-play level
    passed on the way, and at the top; not moving at all from a must-play level not yet
    won as dealer (``may_leave`` false)."""
    if by <= 0:
        return level
    if level in must and not may_leave:
        return level
    goal = min(level + by, top)
    for m in sorted(must):
        if level < m < goal:
            return m
    return goal


def score_round(inp: RoundInput) -> RoundScore:
    """Score a finished round (SJ-9; SJ-11 with ``teams="friends"``; SJ-12 with ``"bidding"``)."""
    _check(inp)
    n, s, stakes = inp.num_players, inp.step, inp.stakes
    top = max_level(inp.play_past_ace)
    must = frozenset(inp.must_play_levels)

    taken = inp.last_trick_winner in inp.attackers
    mult = kitty_multiplier(inp.kitty_multiplier, inp.last_trick_units) if taken else 0
    added = inp.kitty_points * mult
    p = inp.card_points + added

    rises: dict[int, int] = {}
    if inp.teams == "bidding":
        assert inp.target is not None
        attackers_won, levels = bidding_outcome(p, inp.target)
        if attackers_won:
            rises = {a: levels * stakes for a in inp.attackers}
        else:
            rises = {d: levels * stakes for d in inp.defenders}
    else:
        attackers_won = p >= 2 * s
        if attackers_won:
            rises = {a: attacker_rise(p, s, inp.dead_zone) * stakes for a in inp.attackers}
        else:
            bands = defender_bands(p, s)
            if inp.teams == "fixed":
                rises = {d: bands * stakes for d in inp.defenders}
            else:
                # SJ-11: with a friend the dealer takes 2 per band and each friend 1; alone 4
                dealer_share = 2 if len(inp.defenders) > 1 else 4
                rises = {d: bands * stakes * (dealer_share if d == inp.dealer else 1)
                         for d in inp.defenders}
    winners = inp.attackers if attackers_won else inp.defenders
    losers = inp.defenders if attackers_won else inp.attackers

    old = dict(inp.levels)
    new = dict(old)
    lost: dict[int, int] = dict.fromkeys(range(n), 0)

    cards = inp.last_trick_cards
    if inp.hook_j_rule == "single_j":  # SJ-14.5: the last trick won by a single J
        holds_j = len(cards) == 1 and cards[0] < 52 and cards[0] // 4 == RANK_J
    else:
        holds_j = any(c < 52 and c // 4 == RANK_J for c in cards)
    hooked = inp.hook_j and taken and inp.level_rank == LEVEL_J and holds_j
    hooked_seats = frozenset(d for d in inp.defenders
                             if old[d] == LEVEL_J or inp.hook_j_rule == "single_j") \
        if hooked else frozenset()

    for seat, by in rises.items():
        if seat in hooked_seats:
            continue
        # a must-play level counts as played once won as dealer at it: the dealer side that
        # won this round at its level L may leave L; anyone else at a must-play level stays
        may_leave = not attackers_won and seat in inp.defenders and old[seat] in (
            inp.level_rank, old[inp.dealer])
        new[seat] = _rise(old[seat], by, may_leave, must, top)
        lost[seat] = by - (new[seat] - old[seat])
    for seat in hooked_seats:
        new[seat] = LEVEL_TWO

    if inp.overflow == "demote_opponents":
        demote = max((lost[w] for w in winners), default=0)
        if demote:
            for seat in losers:
                if seat not in hooked_seats:
                    new[seat] = max(LEVEL_TWO, new[seat] - demote)

    if attackers_won:
        next_dealer = (inp.dealer + 1) % n if inp.teams != "friends" \
            else _next_of(inp.dealer, inp.attackers, n)
    elif inp.teams == "bidding":
        # the next auction decides; it starts from the dealer's next seat
        next_dealer = (inp.dealer + 1) % n
    elif inp.dealer_stays:
        next_dealer = inp.dealer
    else:
        next_dealer = _next_of(inp.dealer, inp.defenders, n)

    match_winners: frozenset[int] | None = None
    # the dealer's own level, not L: the no-trump level N past A is played with L = A
    if not attackers_won and old[inp.dealer] == top and not hooked:
        match_winners = frozenset(d for d in inp.defenders if old[d] == top)

    round_pts: dict[int, int] | None = None
    if inp.round_points:
        value = round_points_value(p, s) * inp.round_points_base * stakes
        round_pts = {seat: (value if seat in inp.attackers else -value) for seat in range(n)}

    return RoundScore(
        kitty_multiplier=mult,
        kitty_points_added=added,
        attackers_points=p,
        level_changes={seat: new[seat] - old[seat] for seat in range(n)},
        new_levels={seat: new[seat] for seat in range(n)},
        next_dealer=next_dealer,
        match_winners=match_winners,
        round_points=round_pts,
        winner="attackers" if attackers_won else "defenders",
        kitty_points=inp.kitty_points,
        hooked=hooked,
        levels_lost={seat: v for seat, v in lost.items() if v},
    )


def returns_of(result: Mapping[str, Any], num_players: int) -> list[float]:
    """One number per seat for a finished round (``Game.returns``): the seat's level change,
    less the levels the other side gained shared out over the seat's own side — so the
    numbers sum to zero (fixed teams: +levels for the side that rose, −levels for the other).
    A deal thrown in is all zeros.

    >>> returns_of({"defenders": [0, 2], "attackers": [1, 3],
    ...             "level_changes": {"0": 0, "1": 1, "2": 0, "3": 1}}, 4)
    [-1.0, 1.0, -1.0, 1.0]
    >>> returns_of({"defenders": [0], "attackers": [1, 2],
    ...             "level_changes": {"0": 2, "1": 0, "2": 0}}, 3)
    [2.0, -1.0, -1.0]
    """
    if result.get("redeal"):
        return [0.0] * num_players
    changes = {int(s): int(v) for s, v in result["level_changes"].items()}
    defenders = [int(s) for s in result["defenders"]]
    attackers = [int(s) for s in result["attackers"]]
    gained_def = sum(changes.get(s, 0) for s in defenders)
    gained_att = sum(changes.get(s, 0) for s in attackers)
    out = [0.0] * num_players
    for s in defenders:
        out[s] = changes.get(s, 0) - gained_att / len(defenders)
    for s in attackers:
        out[s] = changes.get(s, 0) - gained_def / len(attackers)
    return out
