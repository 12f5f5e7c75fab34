"""The bots' blunder audit (``paizhuo audit``): a bot plays every seat of seeded deals, and
each decision is put to the game's mistake patterns — what a strong player would call a
blunder (a joker spent on a pointless trick, a set broken to answer a small play, a rebel
who lets the seizer go out). The audit counts each pattern per 100 decisions and per chance
to make it, and keeps the worst examples with where to find them (the deal's record file,
the action's index, the hand, the action, why). It is the measure of the bots' play and
stays their regression report; the patterns are defined in ``docs/strength.md`` with the
seed text or rule each comes from.

A game's patterns live in ``paizhuo.arena.patterns.<game>`` (:data:`PATTERN_MODULES`, data
keyed by game; a program adds its own with :func:`register_patterns`). A pattern sees each
decision of the deal as it is made — the whole game before the action (an audit may look
at every hand: it judges the bot, it does not play), the seat's observation, its legal
actions and the action chosen — and may look at the deal once it is over.

Everything is seeded: deal ``d`` is ``Game.new(options, derive_seed(seed, d))`` and the bots
draw from ``random.Random(derive_seed(seed, d) + 1)``, so the same command gives the same
counts whoever runs it.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from paizhuo.bots.base import choose_action
from paizhuo.bots.registry import make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import MalformedError, describe
from paizhuo.engine.game import Game
from paizhuo.notation import format_cards

MAX_DECISIONS = 100_000
"""A deal with more decisions than this stops the audit (a bug, not a long deal)."""


@dataclass
class Decision:
    """One decision of the deal being audited, as a pattern sees it."""

    index: int
    """The action's index in the deal's record (``actions[index]``)."""
    seat: int
    game: Game
    """The whole game before the action (in :meth:`Pattern.check` only; ``None`` after)."""
    observation: dict[str, Any]
    legal: list[Action]
    action: Action

    @property
    def hand(self) -> str:
        """The seat's hand before the action, as card ids."""
        return str(self.observation.get("hand") or "")


@dataclass
class Finding:
    """A pattern's verdict on one decision: a chance to make the mistake, made or not."""

    made: bool
    why: str = ""
    """In words, for a person reading the example (cards as ids are fine: the report writes
    them with suit symbols)."""
    weight: float = 1.0
    """How bad it was (points thrown away, money spent …): the worst examples come first."""


@dataclass
class Example:
    """A mistake found, where to see it."""

    pattern: str
    deal: int
    record: str
    index: int
    seat: int
    hand: str
    action: str
    why: str
    weight: float


class Pattern(Protocol):
    """A mistake pattern of one game."""

    key: str
    """Short id, e.g. ``sj.joker_pointless`` (docs/strength.md defines each)."""
    title: str
    source: str
    """Where it comes from: the seed text or rule (``seed 000 一定要绝一门``, ``GJ-6``)."""

    def check(self, d: Decision) -> Finding | None:
        """The verdict on a decision, or ``None`` where it is no chance to make this
        mistake."""

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        """Verdicts known only at the deal's end, as (index into ``decisions``, finding);
        ``decisions`` no longer hold their game."""


class BasePattern:
    """A pattern with nothing to say unless it says so (subclasses override one hook)."""

    key = ""
    title = ""
    source = ""

    def check(self, d: Decision) -> Finding | None:
        return None

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        return []


PATTERN_MODULES: dict[str, str] = {
    "shengji": "paizhuo.arena.patterns.shengji",
    "gouji": "paizhuo.arena.patterns.gouji",
    "baohuang": "paizhuo.arena.patterns.baohuang",
}
"""Game name -> module whose ``PATTERNS`` (a sequence of :class:`Pattern` factories) it
audits with."""
_REGISTERED: dict[str, Callable[[], Sequence[Pattern]]] = {}


def register_patterns(game: str, make: Callable[[], Sequence[Pattern]]) -> None:
    """Audit ``game`` with the patterns ``make()`` gives."""
    _REGISTERED[game] = make


def patterns_of(game: str) -> list[Pattern]:
    """A fresh set of the game's patterns (they may keep state within a deal)."""
    if game in _REGISTERED:
        return list(_REGISTERED[game]())
    module = PATTERN_MODULES.get(game)
    if module is None:
        raise MalformedError("game", f"no audit patterns for {describe(game)}; games with "
                             f"some: {', '.join(sorted({*PATTERN_MODULES, *_REGISTERED}))}")
    return [make() for make in importlib.import_module(module).PATTERNS]


@dataclass
class Tally:
    """One pattern's counts over the audit."""

    key: str
    title: str
    source: str
    chances: int = 0
    made: int = 0
    examples: list[Example] = field(default_factory=list)

    def as_json(self, decisions: int, keep: int) -> dict[str, Any]:
        worst = sorted(self.examples, key=lambda e: (-e.weight, e.deal, e.index))[:keep]
        return {"key": self.key, "title": self.title, "source": self.source,
                "chances": self.chances, "made": self.made,
                "per_100_decisions": round(100 * self.made / decisions, 3) if decisions else 0,
                "per_chance": round(self.made / self.chances, 4) if self.chances else None,
                "worst": [vars(e) for e in worst]}


@dataclass
class AuditRun:
    """What an audit plays: one bot in every seat of ``deals`` seeded deals."""

    game: str
    bot: str
    deals: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    records: Path | None = None
    """Where each deal's record is written (``<game>-<bot>-<deal>.json``); none: not kept."""


def _play(run: AuditRun, deal: int, patterns: Sequence[Pattern],
          tallies: dict[str, Tally]) -> int:
    """Play one deal under audit; returns its decisions."""
    from paizhuo.games import game_class

    cls = game_class(run.game)
    seed = derive_seed(run.seed, deal)
    game = cls.new(run.options, seed=seed)
    bots = [make_bot(run.bot, run.game) for _ in range(game.num_seats)]
    rng = random.Random(seed + 1)
    decisions: list[Decision] = []
    found: list[tuple[Pattern, Decision, Finding]] = []
    while not game.is_over:
        if len(decisions) > MAX_DECISIONS:
            raise RuntimeError(f"deal {deal}: no end after {MAX_DECISIONS} decisions")
        action = choose_action(game, bots, rng)
        seat = action.seat
        d = Decision(len(decisions), seat, game, game.observation(seat),
                     game.legal_actions(seat), action)
        for p in patterns:
            verdict = p.check(d)
            if verdict is not None:
                found.append((p, d, verdict))
        game.apply(action)
        decisions.append(d)
    for d in decisions:
        d.game = None  # type: ignore[assignment]  # the deal is over: free its states
    for p in patterns:
        found += [(p, decisions[i], f) for i, f in p.after_deal(game, decisions)]
    record = ""
    if run.records is not None:
        run.records.mkdir(parents=True, exist_ok=True)
        path = run.records / f"{run.game}-{run.bot}-{deal}.json"
        path.write_text(game.record_for(None).dumps(indent=1) + "\n", encoding="utf-8")
        record = str(path)
    for p, d, f in found:
        tally = tallies[p.key]
        tally.chances += 1
        if f.made:
            tally.made += 1
            tally.examples.append(Example(p.key, deal, record, d.index, d.seat,
                                          format_cards(sorted(_cards(d.hand))) if d.hand else "",
                                          str(d.action), f.why, f.weight))
            # keep the worst few per pattern, not every one of thousands
            if len(tally.examples) > 64:
                tally.examples.sort(key=lambda e: (-e.weight, e.deal, e.index))
                del tally.examples[32:]
    return len(decisions)


def _cards(hand: str) -> list[int]:
    from paizhuo.notation import parse_cards

    return list(parse_cards(hand))


def audit(run: AuditRun, keep: int = 5,
          progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the audit's deals and return its figures (the JSON ``paizhuo audit`` writes)."""
    patterns = patterns_of(run.game)
    tallies = {p.key: Tally(p.key, p.title, p.source) for p in patterns}
    decisions = 0
    for deal in range(run.deals):
        decisions += _play(run, deal, patterns_of(run.game), tallies)
        if progress is not None:
            progress(deal + 1)
    return {"game": run.game, "bot": run.bot, "deals": run.deals, "seed": run.seed,
            "options": run.options, "decisions": decisions,
            "patterns": [t.as_json(decisions, keep) for t in tallies.values()]}


def iter_rows(results: Sequence[dict[str, Any]]) -> Iterator[list[str]]:
    """Table rows: each pattern with each bot's rate per 100 decisions and per chance."""
    keys = [p["key"] for p in results[0]["patterns"]]
    by_bot = [{p["key"]: p for p in r["patterns"]} for r in results]
    for key in keys:
        row = [key, by_bot[0][key]["title"]]
        for bot in by_bot:
            p = bot[key]
            chance = "—" if p["per_chance"] is None else f"{p['per_chance']:.1%}"
            row.append(f"{p['per_100_decisions']:.2f} ({p['made']}/{p['chances']}, {chance})")
        yield row


def write_plot(results: Sequence[dict[str, Any]], path: Path) -> None:
    """Each pattern's rate per 100 decisions, one bar per bot (a PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [p["key"] for p in results[0]["patterns"]]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.9 * len(keys) + 2), 4.5))
    width = 0.8 / max(1, len(results))
    for k, r in enumerate(results):
        rates = {p["key"]: p["per_100_decisions"] for p in r["patterns"]}
        xs = [i + (k - (len(results) - 1) / 2) * width for i in range(len(keys))]
        ax.bar(xs, [rates[key] for key in keys], width, label=r["bot"])
    ax.set_xticks(range(len(keys)), keys, rotation=35, ha="right", fontsize=8)
    ax.set_ylabel("mistakes per 100 decisions")
    first = results[0]
    ax.set_title(f"{first['game']} audit: {first['deals']} deals, seed {first['seed']}")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def write_json(results: Sequence[dict[str, Any]], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"audits": list(results)}, ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")


__all__ = ["PATTERN_MODULES", "AuditRun", "BasePattern", "Decision", "Example", "Finding",
           "Pattern", "Tally", "audit", "iter_rows", "patterns_of", "register_patterns",
           "write_json", "write_plot"]
