"""Dealing the cards hidden from one seat again (``BaohuangGame.determinize``).

What a seat has seen, and so what every copy keeps (``docs/baohuang.md`` lists it too):

- its own hand, every hand's size, every card played and by whom, the holder of the emperor
  card ``BJ*`` (public while it moves, and with the emperor after the call);
- the called card and who may hold it. The guard is the first seat after the emperor holding
  a copy of the called card when it was called (BH-2), so in the copy: the emperor held at
  least three copies then (exactly three after a forced call), the guard held one and has
  played none while secret, the seats between the emperor and the guard held none, and the
  guard is the revealed one, or the seat itself, or — for a seat that does not know him — a
  seat consistent with what it saw (never itself; never one who played the called card
  without being revealed; the emperor alone only where no other seat is known to hold one).
  The emperor knows whether he is alone, and the copy keeps that;
- the extra card: the emperor knows it; for the others it is one of his cards (consistent with
  his call), or, set aside or removed, a hidden card of its own;
- a forced call 逼庄: the seats it skipped held no card exactly three times then, and the seat
  that must call (or did) held one (his called card exactly three times).

The pool of hidden cards and these constraints are built from the seat's view only, in a
canonical order (sorted), and every random choice is drawn from the generator passed in, so
two games that differ only in cards hidden from the seat give the same copy. Positions that
start in play (``"position": true``) give no history: there the guard is any seat the viewer
does not know not to be him, and cards outside the hands stay out of play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from paizhuo.cards import BIG_JOKER, EMPEROR_CARD, NUM_CARD_IDS, NUM_PLAIN_IDS
from paizhuo.engine.dealing import tilt
from paizhuo.games.baohuang.crown import callable_cards
from paizhuo.games.baohuang.state import (
    AFTER,
    CROWN,
    NUM_SEATS,
    VOID,
    BaohuangState,
    copies,
    set_hand,
)

_TRIES = 24
"""Random placements of the called card tried before one is built to fit (each is cheap)."""
_REPAIRS = 400
"""Card swaps tried to undo three-of-a-kinds a forced call says a skipped seat did not have."""


def determinize(st: BaohuangState, seat: int, rng: random.Random,
                hand_odds: Callable[[int, int], float] | None = None) -> BaohuangState:
    """A copy of ``st`` with every card hidden from ``seat`` dealt again at random, and the
    guard (when ``seat`` does not know him) chosen again, consistently with what ``seat``
    has seen (module docstring). ``hand_odds(other, card)``: a belief about the other hands;
    the cards other than the called card are then drawn in proportion to it
    (:func:`~paizhuo.engine.dealing.tilt`; not after a forced call, whose constraints on
    three-of-a-kinds the draw would have to keep)."""
    new = st.copy()
    hidden = [s for s in range(NUM_SEATS) if s != seat]
    caps = [st.sizes[s] - st.hands[s][EMPEROR_CARD] for s in hidden]
    pool: list[int] = []
    for s in hidden:
        hand = st.hands[s]
        for card in range(NUM_PLAIN_IDS):  # BJ* stays where everyone sees it
            if hand[card]:
                pool.extend([card] * hand[card])
    set_aside = _hidden_kitty(st, seat)
    if set_aside:
        pool.extend(set_aside)
        caps.append(len(set_aside))
    pool.sort()
    slots = len(caps)

    called = _Called(st, seat, hidden, slots) if _has_history(st) else None
    if called is not None:
        placed = called.place(caps, pool.count(called.card), rng)
        card = called.card
        rest = [c for c in pool if c != card]
    else:
        placed = [0] * slots
        card = -1
        rest = pool
    forced = _forced_constraints(st, seat, hidden)
    assigned: list[list[int]] = []
    for _ in range(_TRIES if forced else 1):
        rng.shuffle(rest)
        assigned = []
        i = 0
        for slot in range(slots):
            n = caps[slot] - placed[slot]
            assigned.append(rest[i:i + n] + [card] * placed[slot])
            i += n
        if not forced or _repair(assigned, forced, card, rng):
            break
    if hand_odds is not None and not forced:
        free = [cards[:len(cards) - placed[slot]] for slot, cards in enumerate(assigned)]

        def weight(slot: int, c: int) -> float:
            return hand_odds(hidden[slot], c) if slot < len(hidden) else 1.0

        tilt(free, weight, rng)
        assigned = [free[slot] + [card] * placed[slot] for slot in range(slots)]

    for slot, s in enumerate(hidden):
        cards = assigned[slot]
        if st.hands[s][EMPEROR_CARD]:
            cards = [*cards, EMPEROR_CARD]
        set_hand(new, s, cards)
    if set_aside:
        kitty = assigned[slots - 1]
        new.kitty = tuple(sorted(kitty))
        if st.phase in (CROWN, VOID):
            new.extra = sorted(kitty)
    if called is not None:  # the guard follows from the new hands (BH-2) unless seat knows him
        known = called.known_guard
        new.guard = called.guard_of(placed) if known is None else known
    elif _guard_hidden(st, seat):
        new.guard = _any_guard(st, seat, rng)
    if _kitty_in_emperors_hand(st, seat):
        new.kitty = _emperors_extra(new, rng)
    if new.seed is not None:  # a void deal in the copy must not deal the real next hands
        new.seed = rng.getrandbits(62)
    return new


# -- what is hidden -------------------------------------------------------------------------


def _has_history(st: BaohuangState) -> bool:
    """The emperor was chosen by a call in this deal (so the guard rule of BH-2 applies)."""
    return st.dealt_crown and st.called is not None and not st.seized


def _hidden_kitty(st: BaohuangState, seat: int) -> list[int]:
    """The left-over cards when nobody sees them: set aside while the emperor is chosen, or
    removed by the option ``extra_card = remove``."""
    if st.phase in (CROWN, VOID):
        return list(st.extra)
    if st.dealt_crown and st.emperor is not None and st.opts.extra_card == "remove":
        return list(st.kitty)
    return []


def _kitty_in_emperors_hand(st: BaohuangState, seat: int) -> bool:
    return (st.dealt_crown and st.emperor is not None and seat != st.emperor
            and st.opts.extra_card == "emperor" and bool(st.kitty))


def _guard_hidden(st: BaohuangState, seat: int) -> bool:
    """``seat`` does not know who the guard is."""
    if st.guard is None or st.revealed or seat == st.guard:
        return False
    return not (seat == st.emperor and st.guard == st.emperor)


def _any_guard(st: BaohuangState, seat: int, rng: random.Random) -> int:
    """A position without history: any seat ``seat`` cannot rule out (the emperor alone
    too, unless he is the viewer, who knows he is not)."""
    emperor = st.emperor
    assert emperor is not None
    if seat == emperor:
        return rng.choice([s for s in range(NUM_SEATS) if s != emperor])
    return rng.choice([s for s in range(NUM_SEATS) if s != seat])


# -- the called card and the guard ----------------------------------------------------------


class _Called:
    """Where the hidden copies of the called card may be, from one seat's view (BH-2)."""

    def __init__(self, st: BaohuangState, seat: int, hidden: list[int], slots: int) -> None:
        assert st.called is not None and st.emperor is not None
        self.card = st.called
        self.emperor = emperor = st.emperor
        self.seat = seat
        self.slot_of = {s: i for i, s in enumerate(hidden)}
        self.slots = slots
        self.played = [copies(st.played[s], self.card) for s in range(NUM_SEATS)]
        self.own = copies(st.hands[seat], self.card)
        """Copies the viewer holds now."""
        known_e = self.played[emperor] - _bj_star_late(st)
        if self.card == BIG_JOKER and st.hands[emperor][EMPEROR_CARD]:
            known_e += 1
        self.e_slot = self.slot_of.get(emperor)
        self.need_e = max(0, 3 - known_e) if self.e_slot is not None else 0
        self.max_e = 99
        if st.forced_call and st.opts.extra_card == "remove" and self.e_slot is not None:
            self.max_e = 3 - known_e  # exactly three when the call was forced
        self.known_guard: int | None = None
        """The guard when the viewer knows him."""
        if st.revealed or seat == st.guard or (seat == emperor and st.guard == emperor):
            self.known_guard = st.guard
        self.alone_ruled_out = seat == emperor and st.guard != emperor
        self.skipped_no3: list[int] = []
        """Slots of seats a forced call skipped: they did not hold it exactly three times."""
        if st.forced_call:
            for s in _skipped(st.first_holder, emperor):
                if s in self.slot_of:
                    self.skipped_no3.append(s)
        self.first_holder = st.first_holder

    def held(self, s: int, placed: list[int]) -> int:
        """Copies ``s`` held when the card was called (none has moved but by being played)."""
        slot = self.slot_of.get(s)
        now = self.own if slot is None else placed[slot]
        return now + self.played[s]

    def guard_of(self, placed: list[int]) -> int:
        for s in AFTER[self.emperor]:
            if self.held(s, placed):
                return s
        return self.emperor

    def fits(self, placed: list[int]) -> bool:
        guard = self.guard_of(placed)
        if self.known_guard is not None:
            if guard != self.known_guard:
                return False
        elif guard == self.seat or (guard == self.emperor and self.alone_ruled_out):
            return False  # the viewer knows he is not the guard, the emperor if he is alone
        elif guard != self.emperor and self.played[guard]:
            return False  # a secret guard who played the called card would be revealed
        for s in self.skipped_no3:
            k = self.held(s, placed)
            if self.card == BIG_JOKER and s == self.first_holder:
                k += 1  # BJ* was back in his hand when the forced call began
            if k == 3:
                return False
        return True

    def place(self, caps: list[int], k: int, rng: random.Random) -> list[int]:
        """How many hidden copies go to each slot: random (the emperor's minimum first)
        until a placement fits, else one built to fit (:meth:`build`)."""
        base = [0] * self.slots
        if self.e_slot is not None:
            base[self.e_slot] = min(self.need_e, k, caps[self.e_slot])
        left = k - sum(base)
        units = self._units(caps, base, frozenset())
        for _ in range(_TRIES):
            placed = list(base)
            if left:
                if left > len(units):
                    break
                for slot in rng.sample(units, left):
                    placed[slot] += 1
            if self.fits(placed):
                return placed
        return self.build(caps, k, rng) or placed

    def _units(self, caps: list[int], base: list[int], closed: frozenset[int]) -> list[int]:
        """One entry per free place a copy may take (slot numbers; a slot as often as it has
        room), the emperor's capped."""
        units: list[int] = []
        for slot in range(self.slots):
            if slot in closed:
                continue
            room = caps[slot] - base[slot]
            if slot == self.e_slot:
                room = min(room, self.max_e - base[slot])
            if room > 0:
                units.extend([slot] * room)
        return units

    def build(self, caps: list[int], k: int, rng: random.Random) -> list[int] | None:
        """A placement that fits, the guard chosen first among the seats that may be him."""
        options = []
        for guard in [*AFTER[self.emperor], self.emperor]:
            placed = self._build_for(guard, caps, k, rng)
            if placed is not None:
                options.append(placed)
        return rng.choice(options) if options else None

    def _build_for(self, guard: int, caps: list[int], k: int, rng: random.Random
                   ) -> list[int] | None:
        order = AFTER[self.emperor]
        before = order if guard == self.emperor else order[:order.index(guard)]
        closed = frozenset(self.slot_of[s] for s in before if s in self.slot_of)
        placed = [0] * self.slots
        if self.e_slot is not None:
            placed[self.e_slot] = self.need_e
        g_slot = self.slot_of.get(guard)
        if guard != self.emperor and g_slot is not None and not self.played[guard]:
            placed[g_slot] += 1
        left = k - sum(placed)
        if left < 0 or any(placed[s] > caps[s] for s in range(self.slots)):
            return None
        units = self._units(caps, placed, closed)
        if left > len(units):
            return None
        for slot in rng.sample(units, left):
            placed[slot] += 1
        return placed if self.fits(placed) else None


def _bj_star_late(st: BaohuangState) -> int:
    """1 when the emperor's copies of a called ``BJ`` counted without ``BJ*``: a forced call
    counts the hands as they stand, ``BJ*`` with its first holder, and moves it after."""
    return int(st.called == BIG_JOKER and st.forced_call and st.emperor != st.first_holder)


def _skipped(first_holder: int, forced: int) -> list[int]:
    """The seats a forced call passed over, from the first holder of the emperor card."""
    out = []
    for i in range(NUM_SEATS):
        s = (first_holder + i) % NUM_SEATS
        if s == forced:
            break
        out.append(s)
    return out


# -- a forced call --------------------------------------------------------------------------


_Constraint = tuple[int, list[int], bool]
"""(slot, counts to add to the slot's cards for the hand at the forced call, must hold a
card exactly three times)."""


def _forced_constraints(st: BaohuangState, seat: int, hidden: list[int]) -> list[_Constraint]:
    """What a forced call showed about hidden hands: the seats it skipped held no card
    exactly three times, the seat that must call holds one (BH-2)."""
    if st.phase == CROWN and st.forced_seat is not None:
        forced, pending = st.forced_seat, True
    elif st.forced_call and st.dealt_crown and st.emperor is not None:
        forced, pending = st.emperor, False
    else:
        return []
    out: list[_Constraint] = []
    slot_of = {s: i for i, s in enumerate(hidden)}
    for s in _skipped(st.first_holder, forced):
        if s not in slot_of:
            continue
        # the hand then: what he holds now, what he has played since, and BJ*, which was
        # back with the first holder when the crown had gone round
        offset = [0] * NUM_CARD_IDS if pending else list(st.played[s])
        offset[EMPEROR_CARD] = (st.hands[s][EMPEROR_CARD] if pending
                                else int(s == st.first_holder))
        out.append((slot_of[s], offset, False))
    if pending and forced in slot_of:
        offset = [0] * NUM_CARD_IDS
        offset[EMPEROR_CARD] = st.hands[forced][EMPEROR_CARD]
        out.append((slot_of[forced], offset, True))
    return out


def _triples(cards: list[int], offset: list[int]) -> list[int]:
    counts = list(offset)
    for c in cards:
        counts[c] += 1
    return callable_cards(counts, True)


def _repair(assigned: list[list[int]], constraints: list[_Constraint], called: int,
            rng: random.Random) -> bool:
    """Swap cards between slots until the skipped seats hold no card exactly three times
    (the called card is never moved: its placement is already right); True once every
    constraint holds."""
    slots = len(assigned)
    must = {slot for slot, _, some in constraints if some}
    by_slot = {slot: (offset, some) for slot, offset, some in constraints}
    for _ in range(_REPAIRS):
        bad = None
        for slot, offset, some in constraints:
            triples = _triples(assigned[slot], offset)
            if some and not triples:
                return False  # a fresh deal is likelier to give him one than a swap
            if not some and triples:
                bad = (slot, triples)
                break
        if bad is None:
            return True
        slot, triples = bad
        x = rng.choice(triples)
        mine = [i for i, c in enumerate(assigned[slot]) if c == x]
        other = rng.randrange(slots - 1)
        other += other >= slot
        theirs = [i for i, c in enumerate(assigned[other]) if c != x and c != called]
        if not mine or not theirs:
            continue
        i, j = rng.choice(mine), rng.choice(theirs)
        a, b = assigned[slot], assigned[other]
        a[i], b[j] = b[j], a[i]
        if other in by_slot:
            offset, some = by_slot[other]
            if other in must and not _triples(b, offset):
                a[i], b[j] = b[j], a[i]  # it would take the forced seat's only triple
    return False


# -- the extra card in the emperor's hand ---------------------------------------------------


def _emperors_extra(new: BaohuangState, rng: random.Random) -> tuple[int, ...]:
    """Which of the emperor's cards (held or played) was the extra card he received, for a
    viewer who did not see it: any, but the called card only where his call leaves one over
    (and surely where a forced call's exactly three do)."""
    emperor = new.emperor
    assert emperor is not None
    mine = [c for c in range(NUM_PLAIN_IDS)
            for _ in range(new.hands[emperor][c] + new.played[emperor][c])]
    want = len(new.kitty)
    called = new.called
    if called is None or new.seized:
        return tuple(sorted(rng.sample(mine, want)))
    total = (copies(new.hands[emperor], called) + copies(new.played[emperor], called)
             - _bj_star_late(new))
    spare = max(0, total - 3)
    others = [c for c in mine if c != called]
    take_called = spare if new.forced_call else sum(
        1 for c in rng.sample(mine, min(want, len(mine))) if c == called)
    take_called = min(take_called, spare, want, mine.count(called))
    rest = rng.sample(others, min(want - take_called, len(others)))
    return tuple(sorted([called] * take_called + rest))
