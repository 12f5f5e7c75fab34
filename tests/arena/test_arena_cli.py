"""``paizhuo arena``: what it writes, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paizhuo.cli import app

runner = CliRunner()


def test_arena_writes_json_and_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    result = runner.invoke(app, ["arena", "gouji", "--bots", "greedy,random", "--deals", "3",
                                 "--seed", "2", "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "difference A − B" in result.output and "points per game" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["game"] == "gouji" and data["bots"] == ["greedy", "random"]
    assert data["deals"] == 3 and data["seed"] == 2 and data["scheme"] == "teams"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_help_names_its_options() -> None:
    result = runner.invoke(app, ["arena", "--help"])
    assert result.exit_code == 0
    for option in ("--bots", "--preset", "--deals", "--seed", "--workers", "--ray", "--json",
                   "--plot", "--scheme", "--resume", "--no-check"):
        assert option in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["chess", "--bots", "greedy,random"], "unknown game"),
    (["gouji", "--bots", "greedy,hal"], "unknown bot"),
    (["gouji", "--bots", "greedy"], "pits two"),
    (["gouji", "--bots", "greedy,random,random"], "pits two"),
    (["shengji", "--bots", "greedy,random", "--preset", "nope"], "unknown preset"),
    (["gouji", "--bots", "greedy,random", "--deals", "0"], "--deals"),
    (["gouji", "--bots", "greedy,random", "--workers", "0"], "--workers"),
    (["gouji", "--bots", "greedy,random", "--scheme", "mixed"], "unknown --scheme"),
    (["baohuang", "--bots", "greedy,random", "--scheme", "teams"], "no fixed partners"),
    (["gouji", "--bots", "greedy,random", "--deals", "1", "--ray", "127.0.0.1:1"],
     "cannot reach a Ray cluster"),
])
def test_arena_errors_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["arena", *args, "--json", str(tmp_path / "x.json")])
    assert result.exit_code == 2, result.output
    first = result.output.strip().splitlines()[0]
    assert first.startswith("error:") and message in first, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.json").exists()


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import importlib

    real = importlib.import_module

    def no_ray(name: str, package: str | None = None) -> object:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_ray)
    result = runner.invoke(app, ["arena", "gouji", "--bots", "greedy,random", "--deals", "1",
                                 "--ray", "auto", "--json", str(tmp_path / "x.json")])
    assert result.exit_code == 2, result.output
    assert "--ray needs Ray, which is not installed" in result.output
    assert "paizhuo[ray]" in result.output


def _descendants(pid: int) -> set[int]:
    """Processes started by ``pid`` and by those, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_workers_leave_when_the_arena_is_killed(tmp_path: Path) -> None:
    """An arena killed by SIGTERM (a job's time limit) cannot shut its pool: its worker
    processes must not play on, orphaned, for the rest of their chunk."""
    import contextlib
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "paizhuo", "arena", "shengji", "--bots", "random,random",
         "--deals", "100000", "--workers", "2", "--no-plot", "--json", str(tmp_path / "r.json")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            workers = {p for p in _descendants(proc.pid)
                       if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()}
            if len(workers) >= 2:
                break
            time.sleep(0.2)
        assert len(workers) >= 2, "the arena did not start its two workers"
        time.sleep(2)  # the workers are playing their chunks
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists()
                                                  for p in workers):
            time.sleep(0.1)
        alive = [p for p in workers if Path(f"/proc/{p}").exists()
                 and Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"]
        assert not alive, f"worker processes {alive} still run after the arena was killed"
        # what it wrote, if anything, is a checkpoint of the deals done (written whole)
        if (tmp_path / "r.json").exists():
            kept = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
            assert kept["run"]["partial"] is True
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for p in workers:  # do not leave them behind where the test failed
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)


def _arena(tmp_path: Path, name: str, *more: str) -> tuple[int, str, dict[str, object]]:
    out = tmp_path / name
    result = runner.invoke(app, ["arena", "baohuang", "--bots", "greedy,random", "--seed", "6",
                                 "--no-plot", "--json", str(out), *more])
    data = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    return result.exit_code, result.output, data


def test_arena_resume_goes_on_to_the_figures_of_one_run(tmp_path: Path) -> None:
    code, output, whole = _arena(tmp_path, "whole.json", "--deals", "4")
    assert code == 0, output
    code, output, part = _arena(tmp_path, "part.json", "--deals", "2")
    assert code == 0 and part["deals"] == 2, output
    # the earlier file may be the one written: it is replaced whole, at the end
    code, output, resumed = _arena(tmp_path, "part.json", "--deals", "4",
                                   "--resume", str(tmp_path / "part.json"))
    assert code == 0, output
    assert "4 duplicate deals (2 deals from" in " ".join(output.split()), output
    run = resumed.pop("run")
    assert run == {**run, "resumed": 2, "games": 2 * 10}
    whole.pop("run")
    assert resumed == whole
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []


def test_arena_resume_errors_are_one_line(tmp_path: Path) -> None:
    code, output, _ = _arena(tmp_path, "run.json", "--deals", "2")
    assert code == 0, output
    run = tmp_path / "run.json"
    data = json.loads(run.read_text(encoding="utf-8"))
    data["per_deal"][1]["returns"][0][0] += 1  # as if other bots had played it
    (tmp_path / "other.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "text.json").write_text("{not json", encoding="utf-8")
    for more, message in [
        (["--resume", str(tmp_path / "missing.json")], "cannot read --resume"),
        (["--resume", str(tmp_path / "text.json")], "is not JSON"),
        (["--resume", str(run), "--seed", "7"], "seed: the earlier run has 6, this one 7"),
        (["--resume", str(run), "--deals", "1"], "holds deals up to 1"),
        (["--resume", str(tmp_path / "other.json"), "--deals", "3"],
         "deal 1 plays otherwise with this code"),
    ]:
        code, output, _ = _arena(tmp_path, "x.json", *more)
        assert code == 2, output
        first = output.strip().splitlines()[0]
        assert first.startswith("error:") and message in first, output
        assert not (tmp_path / "x.json").exists()
    # --no-check sums them anyway (the caller's word that the same code played them)
    code, output, summed = _arena(tmp_path, "x.json", "--deals", "3", "--no-check",
                                  "--resume", str(tmp_path / "other.json"))
    assert code == 0, output
    assert summed["per_deal"][1]["returns"][0][0] == data["per_deal"][1]["returns"][0][0]
