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
                   "--plot", "--scheme"):
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
