"""The benchmark: random legal play on one core, per preset (``paizhuo bench``).

Each decision is drawn with the game's own ``sample_action(rng)`` (the fast sampler of the
interface), so the figure measures the engine — applying actions, checking legality,
computing whose turn it is — not a bot. Performance is measured here, never in a unit test.

Figures, per preset:

- rounds/s and decisions/s over the timed run (one round = one deal played to its end);
- the peak memory traced by ``tracemalloc`` while one extra round is played (the state and
  everything the engine allocates for it), measured apart from the timed run because tracing
  slows Python several times over;
- the process's peak resident set size (``ru_maxrss``), which includes the interpreter;
- the size of one game state in bytes, taken halfway through a round, as a *deep*
  ``sys.getsizeof`` walk (each object reached from the game counted once, classes and
  modules excluded) and, when the state pickles, as its pickle length.

With ``--judge-mb N`` it measures the judge instead (:func:`bench_judge`): the wall time and
peak resident memory of ``paizhuo judge`` on a record of about N MB, in its own process.
"""

from __future__ import annotations

import gc
import json
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from types import FunctionType, ModuleType
from typing import Any

from paizhuo.engine.game import Game

try:  # resource is POSIX-only
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]


@dataclass
class BenchResult:
    """The figures of one preset."""

    game: str
    preset: str
    rounds: int
    decisions: int
    seconds: float
    traced_peak_bytes: int
    maxrss_bytes: int | None
    state_bytes: int
    pickle_bytes: int | None

    @property
    def rounds_per_s(self) -> float:
        """Rounds played per second of the timed run."""
        return self.rounds / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        """Decisions applied per second of the timed run."""
        return self.decisions / self.seconds if self.seconds else 0.0


def deep_sizeof(root: object) -> int:
    """Bytes of ``root`` and everything it references, each object once (``sys.getsizeof``).

    Classes, modules and functions are shared by every game and are not counted; nor are
    objects only reachable through them.

    >>> deep_sizeof([]) == sys.getsizeof([])
    True
    """
    seen: set[int] = set()
    total = 0
    stack: list[Any] = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type | ModuleType | FunctionType):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, str | bytes | int | float | bool) or obj is None:
            continue
        else:
            if hasattr(obj, "__dict__"):
                stack.append(vars(obj))
            for cls in type(obj).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(obj, slot) and slot not in ("__dict__", "__weakref__"):
                        stack.append(getattr(obj, slot))
    return total


def play_random_round(cls: type[Game], options: dict[str, Any], seed: int,
                      rng: random.Random, max_decisions: int = 100_000) -> tuple[Game, int]:
    """A new round played to its end with ``sample_action``; returns it and its decisions."""
    game = cls.new(options, seed=seed)
    decisions = 0
    while not game.is_over:
        game.apply(game.sample_action(rng))
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"{cls.name} seed {seed}: no end after {max_decisions} "
                               f"decisions (phase {game.phase})")
    return game, decisions


def _midgame_state(cls: type[Game], options: dict[str, Any], seed: int,
                   decisions: int) -> Game:
    game = cls.new(options, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions // 2):
        game.apply(game.sample_action(rng))
    return game


def _maxrss_bytes() -> int | None:
    if resource is None:  # pragma: no cover
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024  # Linux reports KiB


def bench_preset(cls: type[Game], preset: str, *, games: int | None = None,
                 seconds: float = 3.0, seed: int = 0,
                 options: dict[str, Any] | None = None) -> BenchResult:
    """Play random rounds of one preset until ``games`` rounds or ``seconds`` have passed
    (whichever comes first; at least one round)."""
    opts = {**(options or {}), "preset": preset}
    rng = random.Random(seed)
    rounds = decisions = 0
    first_decisions = 0
    gc.collect()
    began = time.perf_counter()
    elapsed = 0.0
    while True:
        _, n = play_random_round(cls, opts, seed + rounds, rng)
        if rounds == 0:
            first_decisions = n
        rounds += 1
        decisions += n
        elapsed = time.perf_counter() - began
        if games is not None and rounds >= games:
            break
        if elapsed >= seconds:
            break
    tracemalloc.start()
    try:
        play_random_round(cls, opts, seed, random.Random(seed))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    state = _midgame_state(cls, opts, seed, first_decisions)
    try:
        pickled: int | None = len(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # a state need not pickle; the deep size is still given
        pickled = None
    return BenchResult(cls.name, preset, rounds, decisions, elapsed, peak, _maxrss_bytes(),
                       deep_sizeof(state), pickled)


@dataclass
class JudgeBench:
    """The judge on one big record, in its own process (``paizhuo bench GAME --judge-mb N``)."""

    game: str
    record_bytes: int
    legal_actions: int
    """Actions of the finished deal at the head of the record; the rest repeat its last."""
    seconds: float
    maxrss_bytes: int | None
    exit_status: int
    small_seconds: float
    small_maxrss_bytes: int | None
    """The same figures for the finished deal alone (the interpreter's own share)."""


def padded_record(cls: type[Game], megabytes: float, seed: int = 0) -> tuple[str, int]:
    """A finished deal of random legal play followed by copies of its last action (illegal:
    the deal is over) until the text is about ``megabytes`` long; and the deal's length."""
    game = cls.new({}, seed=seed)
    rng = random.Random(f"paizhuo-bench-judge/{seed}")
    while not game.is_over:
        game.apply(game.sample_action(rng))
    doc = game.record().to_json()
    legal = len(doc["actions"])
    last = json.dumps(doc["actions"][-1], ensure_ascii=False)
    copies = max(0, int(megabytes * 1_000_000) // (len(last) + 2))
    head = json.dumps(doc, ensure_ascii=False)
    assert head.endswith("]}")
    return head[:-2] + (", " + last) * copies + "]}", legal


_JUDGE_CHILD = """
import resource, sys
from paizhuo.cli import main
sys.argv = ["paizhuo", "judge", "--max-bytes", sys.argv[2], sys.argv[1]]
try:
    main()
except SystemExit as exc:
    code = exc.code
peak = None
try:  # this process's own high-water mark (ru_maxrss would include the parent's at fork)
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) * 1024
except OSError:
    scale = 1 if sys.platform == "darwin" else 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
sys.stderr.write(f"\\npeak {peak}\\n")
sys.exit(code)
"""


def _judge_process(path: str, max_bytes: int) -> tuple[float, int | None, int]:
    """Run ``paizhuo judge`` on ``path`` in a child process: seconds, peak RSS, exit status."""
    began = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", _JUDGE_CHILD, path, str(max_bytes)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    seconds = time.perf_counter() - began
    found = re.search(rb"peak (\d+)", child.stderr)
    return seconds, int(found.group(1)) if found else None, child.returncode


def bench_judge(cls: type[Game], megabytes: float, seed: int = 0) -> JudgeBench:
    """Time the judge and measure its peak memory on a record of about ``megabytes``."""
    text, legal = padded_record(cls, megabytes, seed)
    small, _ = padded_record(cls, 0, seed)
    with tempfile.TemporaryDirectory() as folder:
        big_path = os.path.join(folder, "big.json")
        small_path = os.path.join(folder, "small.json")
        with open(big_path, "w", encoding="utf-8") as out:
            out.write(text)
        with open(small_path, "w", encoding="utf-8") as out:
            out.write(small)
        size = os.path.getsize(big_path)
        seconds, rss, status = _judge_process(big_path, size + 1)
        small_seconds, small_rss, _ = _judge_process(small_path, size + 1)
    return JudgeBench(cls.name, size, legal, seconds, rss, status, small_seconds, small_rss)
