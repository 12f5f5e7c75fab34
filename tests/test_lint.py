"""The suite enforces cleanliness: ``ruff check`` and ``mypy --strict`` pass on the project."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


def test_ruff_is_clean() -> None:
    # the ruff of the environment running the tests (a fresh venv in CI), not one on PATH
    proc = _run(sys.executable, "-m", "ruff", "check", "src", "tests", "tools")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_is_clean() -> None:
    # the configuration (strict, files = src/paizhuo) is pyproject.toml's
    proc = _run(sys.executable, "-m", "mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ci_runs_the_readme_test_command() -> None:
    command = ('python3 -m venv --clear .venv && .venv/bin/pip install -e ".[test]" '
               '&& .venv/bin/python -m pytest')
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command in readme.split("\n## ")[0], "the README's first section gives the command"
    assert command in ci.splitlines()
    assert "set -euo pipefail" in ci
    assert (ROOT / ".ci" / "run").stat().st_mode & 0o111, ".ci/run is executable"
