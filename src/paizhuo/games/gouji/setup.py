"""Reading a Gouji record's deal and start: hands, deck checks, series standing, positions."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from paizhuo.cards import Counts, card_name, standard_deck
from paizhuo.engine.dealing import deal_round_robin, shuffled
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.records import Record
from paizhuo.games.gouji.options import GoujiOptions

SEATS = 6
TRIBUTE_KINDS: Final = ("stuck", "burn", "point", "place")
"""闷贡, 烧贡, 点贡, 落贡 — in the order they are paid (GJ-10): what a start's ``tributes`` may
name (:func:`~paizhuo.games.gouji.scoring.tributes_for` owes them in this order)."""

# GJ-1: the 198-card deck drops ten 3s and eight 4s, spread over the suits like this.
_REMOVED_198 = {0 + 4: 3, 1 + 4: 3, 2 + 4: 2, 3 + 4: 2, 8: 2, 9: 2, 10: 2, 11: 2}


def full_deck(deck: int) -> list[int]:
    """All cards of a Gouji deck (216, or 198 without ten 3s and eight 4s), in id order."""
    cards = standard_deck(4)
    if deck == 198:
        left = dict(_REMOVED_198)
        out = []
        for c in cards:
            if left.get(c, 0):
                left[c] -= 1
            else:
                out.append(c)
        return out
    return cards


@dataclass
class Start:
    """A record's ``start``, checked."""

    game: int = 1
    totals: list[int] = field(default_factory=lambda: [0] * SEATS)
    tributes: list[dict[str, Any]] = field(default_factory=list)
    leader: int | None = None
    redeals: int = 0
    previous: list[int] = field(default_factory=list)
    """Finishing order of the last game of the series (头科 first), for the record."""
    phase: str | None = None
    finished: list[int] = field(default_factory=list)
    revolution: list[int] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)
    dead_gouji: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "totals": list(self.totals),
                               "tributes": [dict(t) for t in self.tributes]}
        if self.leader is not None:
            out["leader"] = self.leader
        if self.redeals:
            out["redeals"] = self.redeals
        if self.previous:
            out["previous"] = list(self.previous)
        return out


def _seat(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise MalformedError(where, f"must be a seat 0–5, not {describe(value)}")
    return value


def _seats(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise MalformedError(where, "must be a list of seats")
    out = [_seat(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if len(set(out)) != len(out):
        raise MalformedError(where, "names a seat twice")
    return out


def _int(value: Any, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise MalformedError(where, f"must be a whole number ≥ {low}")
    return value


def parse_start(data: dict[str, Any] | None, position: bool) -> Start:
    st = Start()
    if data is None:
        return st
    known = {"game", "totals", "tributes", "leader", "redeals", "previous", "phase", "finished",
             "revolution", "opened", "dead_gouji"}
    for key in data:
        if key not in known:
            raise MalformedError(f"start.{key}", f"unknown field; a Gouji start has "
                                 f"{', '.join(sorted(known))}")
    if "game" in data:
        st.game = _int(data["game"], "start.game", 1)
    if "totals" in data:
        t = data["totals"]
        if not isinstance(t, list) or len(t) != SEATS or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in t):
            raise MalformedError("start.totals", "must be a list of six whole numbers")
        st.totals = list(t)
    if "tributes" in data:
        st.tributes = _tributes(data["tributes"])
    if "leader" in data:
        st.leader = _seat(data["leader"], "start.leader")
    if "redeals" in data:
        st.redeals = _int(data["redeals"], "start.redeals")
    if "previous" in data:
        st.previous = _seats(data["previous"], "start.previous")
    if "phase" in data:
        if data["phase"] != "play":
            raise MalformedError("start.phase", "a Gouji position starts in phase \"play\"")
        st.phase = "play"
    if position and st.phase is None:
        raise MalformedError("start.phase", "a Gouji position names its phase: \"play\"")
    if "finished" in data:
        st.finished = _seats(data["finished"], "start.finished")
    if "revolution" in data:
        st.revolution = _seats(data["revolution"], "start.revolution")
        if len(st.revolution) > 1:
            raise MalformedError("start.revolution", "two revolutions mean a redeal (GJ-9)")
    if set(st.finished) & set(st.revolution):
        raise MalformedError("start.revolution", "a seat cannot be both finished and in "
                             "revolution")
    if "opened" in data:
        st.opened = _seats(data["opened"], "start.opened")
    if "dead_gouji" in data:
        d = data["dead_gouji"]
        if not isinstance(d, dict):
            raise MalformedError("start.dead_gouji", "must be an object seat → plays left")
        for k, v in d.items():
            try:
                seat = _seat(int(k), f"start.dead_gouji.{k}")
            except ValueError:
                raise MalformedError(f"start.dead_gouji.{k}", "keys are seats") from None
            st.dead_gouji[seat] = _int(v, f"start.dead_gouji.{k}")
    if position and st.leader is None:
        raise MalformedError("start.leader", "a position in play names its leader")
    if position and st.leader is not None and (st.leader in st.finished
                                               or st.leader in st.revolution):
        raise MalformedError("start.leader", "the leader must still be in the game")
    if st.tributes and position:
        raise MalformedError("start.tributes", "a position in play has no tribute to pay")
    return st


def _tributes(data: Any) -> list[dict[str, Any]]:
    if not isinstance(data, list):
        raise MalformedError("start.tributes", "must be a list")
    out = []
    for i, t in enumerate(data):
        where = f"start.tributes[{i}]"
        if not isinstance(t, dict) or set(t) != {"kind", "from", "to", "cards"}:
            raise MalformedError(where, "a tribute is {\"kind\", \"from\", \"to\", \"cards\"}")
        if t["kind"] not in TRIBUTE_KINDS:
            raise MalformedError(f"{where}.kind", f"must be one of {', '.join(TRIBUTE_KINDS)}")
        payer, receiver = _seat(t["from"], f"{where}.from"), _seat(t["to"], f"{where}.to")
        if payer == receiver:
            raise MalformedError(where, "a seat cannot pay itself")
        n = _int(t["cards"], f"{where}.cards", 1)
        out.append({"kind": t["kind"], "from": payer, "to": receiver, "cards": n})
    return out


def parse_hands(record: Record, opts: GoujiOptions) -> list[Counts]:
    """The six hands of a record (seeded or explicit), checked (GJ-1)."""
    deal = record.deal
    if deal.kitty is not None:
        raise MalformedError("deal.kitty", "Gouji has no kitty")
    if deal.hands is None:
        if deal.seed is None:
            raise MalformedError("deal", "give {\"seed\": N} or {\"hands\": [...]}")
        deck = shuffled(full_deck(opts.deck), deal.seed)
        hands, _ = deal_round_robin(deck, SEATS, opts.hand_size)
        return [Counts.of(h) for h in hands]
    if len(deal.hands) != SEATS:
        raise MalformedError("deal.hands", f"Gouji deals six hands, not {len(deal.hands)}")
    for i, h in enumerate(deal.hands):
        if any(c > 53 for c in h):
            raise MalformedError(f"deal.hands[{i}]", "BJ* is not a Gouji card")
    if not record.position:
        for i, h in enumerate(deal.hands):
            if len(h) != opts.hand_size:
                raise MalformedError(f"deal.hands[{i}]", f"a hand has {opts.hand_size} cards "
                                     f"with the {opts.deck}-card deck, not {len(h)}")
        have = Counter(c for h in deal.hands for c in h)
        want = Counter(full_deck(opts.deck))
        if opts.deck == 198:  # which suits of the 3s and 4s were removed does not matter
            for g_ids in ((4, 5, 6, 7), (8, 9, 10, 11)):
                for c in g_ids:
                    if have[c] > 4:
                        raise MalformedError("deal.hands", "more than four copies of a card")
                if sum(have[c] for c in g_ids) != sum(want[c] for c in g_ids):
                    break
                for c in g_ids:
                    want[c] = have[c]
        if have != want:
            diff = [card_name(c) for c in sorted(set(have) | set(want)) if have[c] != want[c]]
            raise MalformedError("deal.hands", f"not a complete {opts.deck}-card deck: wrong "
                                 f"number of {', '.join(diff[:6])}")
    return [Counts.of(h) for h in deal.hands]
