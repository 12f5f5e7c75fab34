"""Dealing again every card one seat cannot see, consistently with what it has seen
(``ShengjiGame.determinize``; ``docs/shengji.md`` lists the constraints kept and not kept).

Only the seat's view is read: its hand, the public logs (bids, tricks, who took up and buried
the kitty, the friend calls), the kitty if it may see it, hand sizes and the deal's progress.
From them come the *places* hidden cards lie in — each other hand, the kitty, the kitty a seat
is burying, the cards still to be dealt to each seat — and the *pool* of hidden cards (every
card of the decks the seat does not see), in card order. Constraints:

- *fixed* cards: the kitty's turned-up cards (bidding-3, the third card) while it lies there
  or is being buried, and the seat's own bury while an overcaller buries it again;
- *claims* "at least k copies of card c lie in these places": cards shown in a bid and not
  played since, the cards a failed throw took back, the card a 边锋 friend was found holding,
  the seat's own bury taken up by an overcaller, the turned-up cards once taken up. A bury the
  seat did not see widens a claim to the kitty; a kitty taken up moves it to the taker;
- *voids*: a seat that did not follow a led suit group holds none of it (the trump group too);
  and with ``friend_by = holding`` (SJ-11 边锋) the seats between the dealer and the friend
  found holding a called card — every seat but the dealer's where none was — held no copy of
  it when it was called, so hold none now.

The pool is dealt into the places by a random greedy assignment (most constrained cards
first) repaired by augmenting paths, so it always succeeds: the real deal is one solution.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable

from paizhuo.cards import NUM_PLAIN_IDS, Counts
from paizhuo.engine.dealing import tilt
from paizhuo.games.shengji.setup import deal_sequence
from paizhuo.games.shengji.state import Play, RoundState
from paizhuo.games.shengji.views import kitty_visible

KITTY = -1
"""The kitty lying on the table, as a token in a claim's set of places."""
PICKUP = -2
"""The kitty a seat has taken up and is burying now."""


class _Places:
    """Where the cards hidden from ``seat`` lie, as numbered places with sizes and the cards
    known to be there."""

    def __init__(self, st: RoundState, seat: int) -> None:
        k = len(st.kitty)
        self.burying = st.phase == "bury" and st.burier is not None and st.burier != seat
        self.kitty_seen = kitty_visible(st, seat)
        # the seat's own bury, taken up by the overcaller who is burying now
        self.pickup_known = (self.burying and len(st.takers) >= 2
                             and st.burials[-1][0] == seat)
        self.known_k0 = _turned_up(st)
        self.sizes: list[int] = []
        self.fixed: list[list[int]] = []
        self.hand: dict[int, int] = {}
        for other in range(st.n):
            if other != seat:
                size = len(st.hands[other]) - (k if self.burying and other == st.burier else 0)
                self.hand[other] = self._add(size, [])
        self.kitty = -1
        if st.phase != "bury" and not self.kitty_seen:
            known = [] if st.takers else [st.kitty[i] for i in self.known_k0]
            self.kitty = self._add(k, known)
        self.pickup = -1
        if self.burying:
            if self.pickup_known:
                known = list(st.kitty)
            elif len(st.takers) == 1:
                known = [st.original_kitty[i] for i in self.known_k0]
            else:
                known = []
            self.pickup = self._add(k, known)
        self.future: dict[int, int] = {}
        if st.dealt < len(st.deal_seq):
            for other in range(st.n):
                self.future[other] = self._add(0, [])
            for i in range(st.dealt, len(st.deal_seq)):
                self.sizes[self.future[st.deal_seq[i][0]]] += 1

    def _add(self, size: int, known: list[int]) -> int:
        self.sizes.append(size)
        self.fixed.append(known)
        return len(self.sizes) - 1


def _turned_up(st: RoundState) -> list[int]:
    """Positions of the dealt kitty everyone has seen (bidding-3's three; those turned up when
    nobody bid, SJ-4)."""
    k0 = st.original_kitty
    if st.opts.teams == "bidding":
        return list(range(min(3, len(k0))))
    return list(st.turned_up)


def _walk(st: RoundState, where: set[int], first_take: int) -> set[int]:
    """Follow a claim's places through the kitty's takes and buries after it."""
    places = set(where)
    last = len(st.takers) - 1
    for i in range(first_take, len(st.takers)):
        taker = st.takers[i]
        if KITTY in places:
            places.discard(KITTY)
            places.add(PICKUP if st.phase == "bury" and i == last else taker)
        if i < len(st.burials) and taker in places:
            places.add(KITTY)
    return places


def _claims(st: RoundState, seat: int, at: _Places, plays: list[tuple[Play, ...]],
            played_by: list[list[int]]) -> dict[int, list[tuple[int, int]]]:
    """Per card: (places mask, copies) meaning at least that many copies lie there."""
    raw: list[tuple[set[int], int, Counter[int], int]] = []  # places, first take, cards, since
    for who, cards, takes in st.shown:
        if who != seat:
            raw.append(({who}, takes, Counter(cards), 0))
    if (at.known_k0 and st.takers and st.takers[0] != seat
            and not (at.burying and len(st.takers) == 1)):
        raw.append(({KITTY}, 0, Counter(st.original_kitty[i] for i in at.known_k0), 0))
    for i, (who, cards) in enumerate(st.burials):
        if who == seat and i + 1 < len(st.takers) and not (at.pickup_known
                                                           and i == len(st.burials) - 1):
            raw.append(({KITTY}, i + 1, Counter(cards), 0))
    for j, trick in enumerate(plays):
        attempted = st.tricks[j].attempted if j < len(st.tricks) else st.attempted
        leader, led = trick[0]
        if attempted is not None and leader != seat:
            raw.append(({leader}, len(st.takers), Counter(attempted) - Counter(led), j + 1))
    if st.opts.friend_by == "holding":
        for made in st.calls:
            if made.friend is not None and made.friend != seat:
                raw.append(({made.friend}, len(st.takers), Counter((made.card,)), 0))
    own = st.hands[seat].array()
    out: dict[int, list[tuple[int, int]]] = {}
    for where, take, known, since in raw:
        places = _walk(st, where, take)
        for c, copies in known.items():
            left = copies
            mask = 0
            for who in places:
                if who >= 0:
                    if since == 0:
                        left -= played_by[who][c]
                    else:
                        left -= sum(cs.count(c) for trick in plays[since:] for s, cs in trick
                                    if s == who)
                    if who == seat:
                        left -= own[c]
                    else:
                        mask |= 1 << at.hand[who]
                elif who == KITTY and at.kitty >= 0:
                    mask |= 1 << at.kitty
                elif who == PICKUP and at.pickup >= 0 and not at.pickup_known:
                    mask |= 1 << at.pickup
                else:  # a kitty the seat sees
                    left -= st.kitty.count(c)
            if left > 0 and mask:
                out.setdefault(c, []).append((mask, left))
    return out


def _not_holding(st: RoundState, seat: int, at: _Places) -> dict[int, int]:
    """Per called card, the places (other hands) that cannot hold it: SJ-11 ``friend_by =
    holding`` makes the holder nearest after the dealer his friend at once, so the seats before
    that friend — all but the dealer where nobody was found — held no copy when it was called
    (after the bury: no card has moved between hands since)."""
    out: dict[int, int] = {}
    if st.opts.friend_by != "holding" or st.dealer is None:
        return out
    for made in st.calls:
        if not made.resolved:
            continue
        mask = 0
        for k in range(1, st.n):
            other = (st.dealer + k) % st.n
            if other == made.friend:
                break
            if other != seat:
                mask |= 1 << at.hand[other]
        if mask:
            out[made.card] = out.get(made.card, 0) | mask
    return out


def _chain(claims: list[tuple[int, int]], copies: int) -> list[tuple[int, int]]:
    """The claims on one card as items to place: nested places only (a claim whose places do
    not contain the narrower ones is dropped: it could be met by the same copies), each with
    the copies it adds."""
    best: dict[int, int] = {}
    for mask, left in claims:
        best[mask] = max(best.get(mask, 0), left)
    out: list[tuple[int, int]] = []
    placed = 0
    last = 0
    for mask in sorted(best, key=lambda m: (bin(m).count("1"), m)):
        if last and last & ~mask:
            continue
        extra = min(best[mask], copies) - placed
        if extra > 0:
            out.append((mask, extra))
            placed += extra
        last = mask
    return out


def _assign(by_mask: dict[int, list[int]], free: list[int],
            rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """Deal the items (cards per mask of allowed places) into the places' free room: each
    place's cards, and the mask of each."""
    count = len(free)
    content: list[list[int]] = [[] for _ in range(count)]
    masks: list[list[int]] = [[] for _ in range(count)]
    for mask in sorted(by_mask, key=lambda m: (bin(m).count("1"), m)):
        cards = by_mask[mask]
        rng.shuffle(cards)
        slots = [i for i in range(count) if mask >> i & 1 for _ in range(free[i])]
        if len(slots) > len(cards):
            slots = rng.sample(slots, len(cards))
        for c, i in zip(cards, slots, strict=False):
            content[i].append(c)
            masks[i].append(mask)
            free[i] -= 1
        for c in cards[len(slots):]:
            _repair(c, mask, content, masks, free)
    return content, masks


def _repair(card: int, mask: int, content: list[list[int]], masks: list[list[int]],
            free: list[int]) -> None:
    """Place ``card`` when its places are full: move a chain of placed cards, each to another
    of its allowed places, until one lands where there is room (an augmenting path)."""
    count = len(free)
    prev: dict[int, tuple[int, int] | None] = {}
    queue: deque[int] = deque()
    for i in range(count):
        if mask >> i & 1:
            prev[i] = None
            queue.append(i)
    while queue:
        x = queue.popleft()
        if free[x] > 0:
            hole: tuple[int, int] | None = None
            y = x
            step = prev[y]
            while step is not None:
                px, idx = step
                moved, moved_mask = content[px][idx], masks[px][idx]
                if hole is None:
                    content[x].append(moved)
                    masks[x].append(moved_mask)
                    free[x] -= 1
                else:
                    content[hole[0]][hole[1]] = moved
                    masks[hole[0]][hole[1]] = moved_mask
                hole = (px, idx)
                y = px
                step = prev[y]
            if hole is None:
                content[x].append(card)
                masks[x].append(mask)
                free[x] -= 1
            else:
                content[hole[0]][hole[1]] = card
                masks[hole[0]][hole[1]] = mask
            return
        for idx, item_mask in enumerate(masks[x]):
            for y in range(count):
                if item_mask >> y & 1 and y not in prev:
                    prev[y] = (x, idx)
                    queue.append(y)
    # unreachable while the constraints hold for the real deal (they are read from what the
    # seat saw, so they do); kept so that a copy is always made
    spare = next(i for i in range(count) if free[i] > 0)  # pragma: no cover
    content[spare].append(card)  # pragma: no cover
    masks[spare].append(mask)  # pragma: no cover
    free[spare] -= 1  # pragma: no cover


def _round_cards(st: RoundState) -> list[int]:
    """Copies of each card in the round: in the hands, the kitty and the tricks. Every copy of
    the decks in a dealt round; in a position set up from explicit hands, the cards it holds
    (a re-deal never changes this set, so reading it reveals nothing hidden)."""
    pool = [0] * NUM_PLAIN_IDS
    for hand in st.hands:
        arr = hand.array()
        for c in range(NUM_PLAIN_IDS):
            pool[c] += arr[c]
    if st.phase != "bury":  # while burying, the kitty taken up is in the burier's hand
        for c in st.kitty:
            pool[c] += 1
    for trick in st.tricks:
        for _, cards in trick.plays:
            for c in cards:
                pool[c] += 1
    if st.phase == "play":  # (once over, the last trick is also in the log)
        for _, cards in st.trick:
            for c in cards:
                pool[c] += 1
    if st.dealt < len(st.deal_seq):
        for _, c in st.deal_seq[st.dealt:]:
            pool[c] += 1
    return pool


def redeal(st: RoundState, seat: int, rng: random.Random,
           bury_odds: Callable[[int], float] | None = None,
           hand_odds: Callable[[int, int], float] | None = None
           ) -> tuple[RoundState, list[int]]:
    """A copy of ``st`` in which every card hidden from ``seat`` is dealt again, and the
    indices of the buries (``state.burials``) whose cards were replaced.

    ``bury_odds`` (a belief of the caller's about how the burier buries, from what the seat
    sees): the relative odds that a card lies in a buried kitty the seat did not see, rather
    than in the burier's hand. Without it every consistent split is as likely; with it the
    split between that kitty and the burier's hand is drawn from those odds
    (:func:`_tilt_kitty`), every constraint still kept.

    ``hand_odds(other, card)`` (a belief about the other hands, from how they played): the
    relative odds that ``card`` lies in seat ``other``'s hand, against 1. Once the cards are
    played (phase ``play``), every hidden place's cards — the other hands, and a kitty the seat
    did not see, weighed by ``bury_odds`` where it was buried by another — are then redrawn
    together from those odds (:func:`_tilt_hands`), every constraint still kept."""
    at = _Places(st, seat)
    # the cards in this round (every copy of the decks, or fewer in a position dealt from
    # explicit hands); a re-deal never changes this set, so reading it reveals nothing
    pool = _round_cards(st)
    own = st.hands[seat].array()
    for c in range(NUM_PLAIN_IDS):
        pool[c] -= own[c]
    plays: list[tuple[Play, ...]] = [t.plays for t in st.tricks]
    if st.trick and st.phase == "play":  # (once over, the last trick is also in the log)
        plays.append(tuple(st.trick))
    played_by = [[0] * NUM_PLAIN_IDS for _ in range(st.n)]
    for trick in plays:
        for who, cards in trick:
            row = played_by[who]
            for c in cards:
                pool[c] -= 1
                row[c] += 1
    if st.phase != "bury" and at.kitty_seen:
        for c in st.kitty:
            pool[c] -= 1
    for known in at.fixed:
        for c in known:
            pool[c] -= 1
    claims = _claims(st, seat, at, plays, played_by)
    full = (1 << len(at.sizes)) - 1
    allowed = [full] * 5
    ctx = st.ctx
    if ctx is not None:
        group = ctx.group
        for trick in plays:
            g = group[trick[0][1][0]]
            for who, cards in trick[1:]:
                if who != seat and any(group[c] != g for c in cards):
                    allowed[g] &= ~(1 << at.hand[who])
    banned = _not_holding(st, seat, at)
    by_mask: dict[int, list[int]] = {}
    for c in range(NUM_PLAIN_IDS):
        copies = pool[c]
        if copies <= 0:
            continue
        ok = allowed[ctx.group[c]] if ctx is not None else full
        if c in banned:
            ok &= ~banned[c]
        if c in claims:
            for mask, extra in _chain(claims[c], copies):
                copies -= extra
                by_mask.setdefault(mask & ok or ok or full, []).extend([c] * extra)
        if copies:
            by_mask.setdefault(ok or full, []).extend([c] * copies)
    free = [size - len(known) for size, known in zip(at.sizes, at.fixed, strict=True)]
    content, masks = _assign(by_mask, free, rng)
    if hand_odds is not None and st.phase == "play":
        _tilt_hands(st, at, content, masks, hand_odds, bury_odds, rng)
    elif bury_odds is not None:
        _tilt_kitty(st, at, content, masks, bury_odds, rng)
    return _build(st, seat, at, content)


TILT_SWEEPS = 24
"""Proposed swaps per kitty card in :func:`_tilt_kitty`."""


def _tilt_kitty(st: RoundState, at: _Places, content: list[list[int]],
                masks: list[list[int]], odds: Callable[[int], float],
                rng: random.Random) -> None:
    """Redraw which of the burier's hidden cards lie in the buried kitty (the seat did not
    see it) and which in the burier's hand, with each card's ``odds`` of being buried: a
    Metropolis chain of swaps between the two places, each card only where its constraints
    allow it (its mask), so voids and claims hold. The other hands are left as dealt; given
    the cards the two places hold together, the kitty is drawn in proportion to the product
    of its cards' odds (the burier picked the kitty from those cards)."""
    burier = st.burier
    if at.kitty < 0 or not st.takers or burier is None or burier not in at.hand:
        return  # the seat saw the kitty, or it was not buried by another seat
    k, h = at.kitty, at.hand[burier]
    kitty, hand = content[k], content[h]
    kitty_masks, hand_masks = masks[k], masks[h]
    if not kitty or not hand:
        return
    weight = {c: max(0.0, float(odds(c))) for c in {*kitty, *hand}}
    for _ in range(TILT_SWEEPS * len(kitty)):
        i = rng.randrange(len(kitty))
        j = rng.randrange(len(hand))
        x, y = kitty[i], hand[j]
        if x == y or not (kitty_masks[i] >> h & 1 and hand_masks[j] >> k & 1):
            continue
        wx, wy = weight[x], weight[y]
        if wy >= wx or rng.random() * wx < wy:
            kitty[i], hand[j] = y, x
            kitty_masks[i], hand_masks[j] = hand_masks[j], kitty_masks[i]


HAND_SWEEPS = 12
"""Proposed swaps per hidden card in :func:`_tilt_hands`."""


def _tilt_hands(st: RoundState, at: _Places, content: list[list[int]],
                masks: list[list[int]], hand_odds: Callable[[int, int], float],
                bury_odds: Callable[[int], float] | None, rng: random.Random) -> None:
    """Redraw the hidden cards among every hidden place — the other hands and a kitty the
    seat did not see — with each card's odds of lying in each place: ``hand_odds(seat, card)``
    for a hand, ``bury_odds(card)`` for a kitty buried by another seat (1 for any other
    kitty). A Metropolis chain of swaps between two places, each card only where its
    constraints allow it (its mask), so voids and claims hold; the deal is drawn in proportion
    to the product over the cards of their odds in the place they lie in."""
    owner: dict[int, int] = {place: other for other, place in at.hand.items()}
    kitty_odds: Callable[[int], float] | None = None
    if at.kitty >= 0 and st.takers and st.burier is not None and st.burier in at.hand:
        kitty_odds = bury_odds  # buried out of the seat's sight
    places = [p for p in range(len(content)) if content[p] and (p in owner or p == at.kitty)]
    if len(places) < 2:
        return

    def weight(k: int, card: int) -> float:
        place = places[k]
        if place in owner:
            return hand_odds(owner[place], card)
        return 1.0 if kitty_odds is None else kitty_odds(card)

    def allowed(k: int, i: int, m: int, j: int) -> bool:
        p, q = places[k], places[m]
        return bool(masks[p][i] >> q & 1 and masks[q][j] >> p & 1)

    def swapped(k: int, i: int, m: int, j: int) -> None:
        p, q = places[k], places[m]
        masks[p][i], masks[q][j] = masks[q][j], masks[p][i]

    tilt([content[p] for p in places], weight, rng, allowed, swapped, HAND_SWEEPS)


def _kitty_order(original: tuple[int, ...], known: list[int], rest: list[int]) -> tuple[int, ...]:
    """A dealt kitty with the positions everyone saw kept and the others from ``rest``."""
    out = list(original)
    fill = iter(rest)
    for i in range(len(out)):
        if i not in known:
            out[i] = next(fill)
    return tuple(out)


def _build(st: RoundState, seat: int, at: _Places,
           content: list[list[int]]) -> tuple[RoundState, list[int]]:
    new = st.copy()
    for other, place in at.hand.items():
        cards = content[place]
        if at.burying and other == st.burier:
            cards = cards + content[at.pickup] + at.fixed[at.pickup]
        new.hands[other] = Counts.of(cards)
    takers = st.takers
    if at.kitty >= 0:
        if takers:
            new.kitty = tuple(sorted(content[at.kitty]))
        else:
            new.kitty = _kitty_order(st.kitty, at.known_k0, content[at.kitty])
            new.original_kitty = new.kitty
    if at.pickup >= 0 and not at.pickup_known:  # (a known pickup keeps the kitty as it is)
        if len(takers) == 1:
            new.kitty = _kitty_order(st.original_kitty, at.known_k0, content[at.pickup])
            new.original_kitty = new.kitty
        else:
            new.kitty = tuple(sorted(content[at.pickup]))
    if takers and takers[0] != seat and not (at.pickup >= 0 and len(takers) == 1):
        # the dealt kitty went into a hand the seat does not see: keep what everyone saw
        rest = Counter(new.kitty) - Counter(st.original_kitty[i] for i in at.known_k0)
        filler = sorted(rest.elements()) + sorted(new.kitty)
        new.original_kitty = _kitty_order(st.original_kitty, at.known_k0, filler)
    changed: list[int] = []
    last = len(st.burials) - 1
    for i, (who, _) in enumerate(st.burials):
        if who == seat or st.opts.kitty_no_points:
            continue
        if i == last and st.phase != "bury" and at.kitty_seen:
            continue
        # the kitty lying there, the one being buried again, or (a placeholder) one taken up
        new.burials[i] = (who, tuple(sorted(new.kitty)))
        changed.append(i)
    if st.phase == "bid" or (st.phase == "bury" and not st.burials):
        # the deal goes on (or may be wound back by a late bid, or a bid taken back): the order
        # of every hand counts, and each hand is still the cards dealt to it
        queues = {other: list(content[place]) for other, place in at.hand.items()}
        ahead = {other: list(content[place]) for other, place in at.future.items()}
        seq: list[tuple[int, int]] = []
        for i, (who, card) in enumerate(st.deal_seq):
            if i >= st.dealt:
                seq.append((who, ahead[who].pop()))
            elif who == seat:
                seq.append((who, card))
            else:
                seq.append((who, queues[who].pop(0)))
        new.deal_seq = seq
    else:
        # not read again once a kitty is buried; the copy's own hands, so it leaks nothing
        new.deal_seq = deal_sequence([h.to_tuple() for h in new.hands], st.first)
    return new, changed


__all__ = ["redeal"]
