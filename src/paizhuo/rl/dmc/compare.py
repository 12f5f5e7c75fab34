"""The trainer's speed beside RLCard's DMC on Dou Dizhu, measured in the same run
(``paizhuo train GAME --speed SECONDS --compare-rlcard``, ``docs/rl.md``).

RLCard's :class:`rlcard.agents.dmc_agent.DMCTrainer` (the DouZero trainer as RLCard ships it,
CPU, its default batch of 32 × 100 steps) runs in a process of its own with ``actors`` actor
processes for ``seconds``, and is then stopped; its frames per second are the frames its
learner had taken when its log last said so, over the time since its first actor started.
Its frames are the decisions of its episodes, as ours are the decisions with a choice."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from paizhuo.errors import MalformedError

_SCRIPT = """
import sys
import rlcard
from rlcard.agents.dmc_agent import DMCTrainer
if __name__ == "__main__":
    env = rlcard.make("doudizhu", config={"seed": 0})
    DMCTrainer(env, cuda="", num_actors=int(sys.argv[2]), savedir=sys.argv[1], xpid="dmc",
               total_frames=10**15, save_interval=10**6).start()
"""
_STAMP = re.compile(r"\[INFO:\d+ \S+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+)\] (.*)")


def rlcard_available() -> bool:
    """Whether RLCard and what its DMC imports (GitPython) are installed."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("rlcard", "git"))


def rlcard_dmc_speed(seconds: float, actors: int) -> tuple[int, float]:
    """(frames, frames per second) of RLCard's DMC on Dou Dizhu in ``seconds`` with
    ``actors`` actor processes on this machine."""
    if not rlcard_available():
        raise MalformedError("compare-rlcard", "RLCard's DMC is not installed: pip install "
                             "'paizhuo[bench]'")
    with tempfile.TemporaryDirectory(prefix="paizhuo-rlcard-") as tmp:
        # its "Actor … started" and "After N frames" lines go to the console (stderr), not to
        # its out.log, which holds only its CSV bookkeeping
        console = Path(tmp) / "console.log"
        with console.open("w", encoding="utf-8") as out:
            proc = subprocess.Popen([sys.executable, "-c", _SCRIPT, tmp, str(actors)],
                                    stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            try:
                time.sleep(seconds)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        return _read_log(console)


def _read_log(path: Path) -> tuple[int, float]:
    if not path.exists():
        raise MalformedError("compare-rlcard", "RLCard's DMC wrote no log: it did not start")
    began: datetime | None = None
    frames, at = 0, None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        m = _STAMP.match(line)
        if not m:
            continue
        when = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f")
        text = m.group(2)
        if began is None and "Actor" in text and "started" in text:
            began = when
        found = re.match(r"After (\d+) frames", text)
        if found:
            frames, at = int(found.group(1)), when
    if began is None or at is None or at <= began:
        raise MalformedError("compare-rlcard", "RLCard's DMC logged no frames in the time "
                             "given: give it more seconds")
    return frames, frames / (at - began).total_seconds()


def trainer_speed(game: str, options: dict[str, object], seconds: float, workers: int,
                  **knobs: object) -> dict[str, tuple[int, float]]:
    """(frames, frames per second) of this trainer on ``game`` for ``seconds`` in each phase:
    ``warm`` (the heuristic's deals, labelled as ``knobs`` say) and ``dmc`` (the network's own
    self-play), each in a fresh run in a temporary folder."""
    from paizhuo.rl.dmc.train import TrainConfig, Trainer

    out: dict[str, tuple[int, float]] = {}
    for phase, warm in (("warm", None), ("dmc", 0)):
        with tempfile.TemporaryDirectory(prefix="paizhuo-speed-") as tmp:
            config = TrainConfig(game, dict(options), tmp, warm_deals=warm, workers=workers,
                                 checkpoint_minutes=10**6, **knobs)  # type: ignore[arg-type]
            trainer = Trainer(config).run(minutes=seconds / 60)
            out[phase] = (trainer.frames, trainer.frames / max(trainer.seconds, 1e-9))
    return out
