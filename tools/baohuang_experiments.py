"""Baohuang experiments behind the heuristic's measured thresholds (docs/strength.md,
"Baohuang patterns"): each plays seeded deals and prints figures, the same whoever runs it.

- ``seized``: the first holder seizes 抢庄 in every deal (with ``--strength-from X``, only
  the deals where his hand's seizing strength is X or more); each bot of ``--seizer`` plays
  him against each of ``--rebels`` in turn, on the same deals (``A/B``: one rebel A, round
  the four seats deal by deal, and three B, as in the arena's solo scheme). Prints how often
  the seizer goes out first, and each pair's change against the first, paired deal by deal.
- ``normal``: the crown is settled by the first bot of ``--bots``; in the deals that give an
  emperor with a hidden guard (not seized, not alone), the rebels (``--side rebels``) or the
  emperor and his guard (``--side crown``) play each bot of ``--bots`` in turn, the others the
  first. Prints the emperor's side's score (emperor plus guard) a deal, paired as above.
- ``seize-ways``: every seat plays ``--bot``; the first holder plays each deal twice, seizing
  and not (then he never seizes), and the holder's points are printed by his hand's seizing
  strength (:func:`paizhuo.bots.baohuang_heuristic.control`), in half-point bands.
- ``lead-short``: the audit's ``bh.lead_short`` for each bot of ``--bots`` (every seat), in
  normal games only (not seized), and the part of it where a whole plain set in the leader's
  hand beat none of the short hands (a lead he might have found had he seen them).

A bot is a name, optionally with attributes set: ``heuristic:beat_maybes=0:bar_crown=0``.

    python tools/baohuang_experiments.py seized --seizer heuristic \
        --rebels heuristic,heuristic:bar_crown=0,heuristic-v1 --deals 2000 --seed 11
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import Any, cast

from paizhuo.bots.baohuang_heuristic import control, read_hand
from paizhuo.bots.base import Bot, bot_action, deciding
from paizhuo.bots.registry import make_bot
from paizhuo.engine.dealing import derive_seed
from paizhuo.games import game_class
from paizhuo.games.baohuang.game import BaohuangGame

GAME = "baohuang"


def new_game(seed: int, deal: int) -> BaohuangGame:
    return cast(BaohuangGame, game_class(GAME).new({}, seed=derive_seed(seed, deal)))


def returns_of(game: BaohuangGame) -> list[float]:
    returns = game.returns()
    assert returns is not None, "the game is over"
    return [float(r) for r in returns]


def make(spec: str) -> Bot:
    """The bot ``name[:attr=value...]`` (values read as numbers; 0 and 1 for off and on)."""
    name, *settings = spec.split(":")
    bot = make_bot(name, GAME)
    for setting in settings:
        attr, _, text = setting.partition("=")
        if not hasattr(bot, attr):
            raise SystemExit(f"{name} has no attribute {attr!r}")
        old = getattr(bot, attr)
        value: Any = bool(float(text)) if isinstance(old, bool) else type(old)(float(text))
        setattr(bot, attr, value)
    return bot


def play_to_end(game: Any, bots: Sequence[Bot], deal: int,
                before: Callable[[Any], None] | None = None) -> None:
    """Play ``game`` out, seat ``s`` by ``bots[s]``; ``before(game)`` is called ahead of each
    decision (it may change ``bots``)."""
    rngs = [random.Random(f"{deal}/{s}") for s in range(5)]
    table = random.Random(f"{deal}/t")
    while not game.is_over:
        if before is not None:
            before(game)
        to_act = game.to_act()
        seats = deciding(game, to_act)
        seat = seats[0] if len(seats) == 1 else table.choice(seats)
        game.apply(bot_action(game, to_act, seat, bots[seat], rngs[seat]))


def seized_one(args: tuple[int, int, str, str, float]) -> int | None:
    """1 if the forced seizer went out first, 0 if not; ``None`` where his hand's seizing
    strength is below ``strength_from``. ``rebels`` is one bot for all four, or ``A/B``: one
    rebel plays A (the seat after the seizer in deal 0, the next seat in deal 1, and so on
    round the four), the other three B — the arena's ``solo`` scheme, one rebel at a time."""
    deal, seed, seizer, rebels, strength_from = args
    game = new_game(seed, deal)
    holder = game.to_act()[0]
    if control(read_hand(game.observation(holder)["hand"])[1]) < strength_from:
        return None
    game.apply(next(a for a in game.legal_actions(holder) if a.verb == "seize"))
    lone, _, rest = rebels.partition("/")
    lone_seat = (holder + 1 + deal % 4) % 5
    bots = [make(seizer) if s == holder else make(lone if not rest or s == lone_seat else rest)
            for s in range(5)]
    play_to_end(game, bots, deal)
    return int(game.st.finished[0] == holder)


class _NotNormal(Exception):
    """The deal was seized or the emperor is alone."""


def normal_one(args: tuple[int, int, str, str, str]) -> float | None:
    deal, seed, base, bot, side = args
    game = new_game(seed, deal)
    bots = [make(base) for _ in range(5)]
    settled = False

    def seat_bots(g: Any) -> None:
        nonlocal settled
        st = g.st
        if settled or st.emperor is None:
            return
        settled = True
        if st.seized or st.guard in (None, st.emperor):
            raise _NotNormal
        crown = {st.emperor, st.guard}
        for s in range(5):
            if (s in crown) == (side == "crown"):
                bots[s] = make(bot)

    try:
        play_to_end(game, bots, deal, seat_bots)
    except _NotNormal:
        return None
    st = game.st
    assert st.emperor is not None and st.guard is not None
    returns = returns_of(game)
    return returns[st.emperor] + returns[st.guard]


def ways_one(args: tuple[int, int, str]) -> tuple[float, float, float, bool]:
    deal, seed, bot = args
    out: list[tuple[float, bool]] = []
    strength = 0.0
    for seize in (True, False):
        game = new_game(seed, deal)
        holder = game.to_act()[0]
        strength = control(read_hand(game.observation(holder)["hand"])[1])
        bots = [make(bot) for _ in range(5)]
        if seize:
            game.apply(next(a for a in game.legal_actions(holder) if a.verb == "seize"))
        else:
            setattr(bots[holder], "seize_from", 99.0)  # noqa: B010  (any bot: a heuristic's)
        play_to_end(game, bots, deal)
        out.append((returns_of(game)[holder], game.st.finished[0] == holder))
    return strength, out[0][0], out[1][0], out[0][1]


def lead_short_split(bot: str, deals: int, seed: int) -> tuple[int, int, int]:
    """(decisions, ``bh.lead_short`` mistakes in normal games, those of them where a whole
    plain set beat none of the short hands) over the audit's deals."""
    from paizhuo.arena import audit
    from paizhuo.arena.patterns import baohuang as bh

    class Normal(bh.LeadIntoShort):
        key = "normal"

        def check(self, d: audit.Decision) -> audit.Finding | None:
            return None if d.game is None or bh._st(d).seized else super().check(d)

    class WholeWasSafe(Normal):
        key = "whole"

        def check(self, d: audit.Decision) -> audit.Finding | None:
            found = super().check(d)
            if found is None:
                return None
            st = bh._st(d)
            hands = [bh._held(st, s) for s in bh.short_opponents(st, d.seat)]
            h = bh._held(st, d.seat)
            whole = [(r, h[r], 0, 0) for r in range(13) if h[r]]
            safe = any(not any(bh.responses_tuple(x, k) for x in hands) for k in whole)
            return found if safe else None

    audit.register_patterns(GAME, lambda: [Normal(), WholeWasSafe()])
    result = audit.audit(audit.AuditRun(GAME, bot, deals, seed))
    made = {p["key"]: p["made"] for p in result["patterns"]}
    return result["decisions"], made["normal"], made["whole"]


def paired(values: list[float | None], base: list[float | None]) -> str:
    diffs = [a - b for a, b in zip(values, base, strict=True) if a is not None and b is not None]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    return f"{mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["seized", "normal", "seize-ways", "lead-short"])
    parser.add_argument("--seizer", default="heuristic",
                        help="seized: bots for the seizer, comma-separated (each with every "
                             "--rebels, paired with the first pair)")
    parser.add_argument("--rebels", default="heuristic",
                        help="bots for the rebels, comma-separated; A/B: one A, three B")
    parser.add_argument("--strength-from", type=float, default=0.0,
                        help="seized: only deals whose holder's seizing strength is this or more")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--side", choices=["rebels", "crown"], default="rebels")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    a = parser.parse_args()
    deals = range(a.first, a.first + a.deals)
    if a.what == "lead-short":
        for bot in a.bots.split(","):
            decisions, normal, whole = lead_short_split(bot, a.deals, a.seed)
            print(f"{bot}: {decisions} decisions; bh.lead_short in normal games {normal}, "
                  f"of which a whole set beat no short hand {whole}", flush=True)
        return
    with Pool(a.workers) as pool:
        if a.what == "seized":
            base: list[float | None] | None = None
            for seizer, rebels in [(s, r) for s in a.seizer.split(",")
                                   for r in a.rebels.split(",")]:
                wins = pool.map(seized_one, [(d, a.seed, seizer, rebels, a.strength_from)
                                             for d in deals], chunksize=20)
                kept = [w for w in wins if w is not None]
                line = (f"seizer {seizer}, rebels {rebels}: first out "
                        f"{sum(kept) / len(kept):.3f} of {len(kept)}")
                values: list[float | None] = [None if w is None else float(w) for w in wins]
                if base is None:
                    base = values
                else:
                    line += f"  change {paired(values, base)}"
                print(line, flush=True)
        elif a.what == "normal":
            names = a.bots.split(",")
            base = None
            for bot in names:
                scores = pool.map(normal_one, [(d, a.seed, names[0], bot, a.side)
                                               for d in deals], chunksize=20)
                kept = [s for s in scores if s is not None]
                line = (f"{a.side} {bot}, the others {names[0]}: the emperor's side "
                        f"{sum(kept) / len(kept):+.3f} a deal over {len(kept)} deals")
                if base is None:
                    base = scores
                else:
                    line += f"  change {paired(scores, base)}"
                print(line, flush=True)
        else:
            rows = pool.map(ways_one, [(d, a.seed, a.bot) for d in deals], chunksize=10)
            bands: dict[float, list[tuple[float, float, bool]]] = defaultdict(list)
            for strength, seizing, not_seizing, first in rows:
                band = min(11.0, max(6.0, math.floor(strength * 2) / 2))
                bands[band].append((seizing, not_seizing, first))
            print("strength  deals  seizing  not  difference  seizer first")
            for band in sorted(bands):
                v = bands[band]
                n = len(v)
                diffs = [s - ns for s, ns, _ in v]
                mean = sum(diffs) / n
                sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, n - 1))
                print(f"{band:8.1f} {n:6d} {sum(s for s, _, _ in v) / n:+8.1f} "
                      f"{sum(ns for _, ns, _ in v) / n:+5.1f} {mean:+6.1f} ± "
                      f"{1.96 * sd / math.sqrt(n):4.1f} {sum(f for *_, f in v) / n:6.0%}")


if __name__ == "__main__":
    main()
