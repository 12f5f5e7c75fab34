"""Every package the code imports is declared, so a fresh install works (issue 7).

``.ci/run`` also builds a fresh virtual environment, which catches the same fault by failing;
this test says which import is undeclared.
"""

from __future__ import annotations

import ast
import re
import sys
from importlib import metadata
from pathlib import Path

import paizhuo

ROOT = Path(__file__).resolve().parents[1]
LOCAL_TEST_MODULES = {"gj_helpers", "sj_helpers"} | {
    p.stem for p in (ROOT / "tests").iterdir()
    if p.suffix == ".py" or (p.is_dir() and p.name != "data")}
"""Names the tests import from their own folders (on ``sys.path``: ``fake_game``, ``tools``,
the games' helpers)."""


EXTRA_FOLDERS = {"rl": "train"}
"""Folders of the package that only an extra's install uses, and that extra: they may import
its packages (``paizhuo.rl`` needs gymnasium and pettingzoo, ``pip install paizhuo[rl]``, and
its trainer PyTorch, ``pip install paizhuo[train]``)."""


def _imported_top_levels(folder: Path, skip: tuple[Path, ...] = ()) -> set[str]:
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        if any(path.is_relative_to(s) for s in skip):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def _third_party(names: set[str]) -> set[str]:
    return {n for n in names
            if n not in sys.stdlib_module_names and n != "paizhuo" and n != "__future__"
            and n not in LOCAL_TEST_MODULES}


def _requirement_names(extra: str | None) -> set[str]:
    found: set[str] = set()
    for text in metadata.requires("paizhuo") or []:
        name, _, marker = text.partition(";")
        in_extra = re.search(r"extra\s*==\s*['\"]([\w-]+)['\"]", marker)
        if (in_extra.group(1) if in_extra else None) in (None, extra):
            found.add(re.split(r"[\s<>=!~\[(]", name.strip(), maxsplit=1)[0].lower())
    return found


def _distributions(module: str) -> set[str]:
    return {d.lower() for d in metadata.packages_distributions().get(module, [module])}


def test_every_import_of_the_package_is_a_declared_dependency() -> None:
    declared = _requirement_names(None)
    src = ROOT / "src" / "paizhuo"
    imported = _third_party(_imported_top_levels(
        src, tuple(src / folder for folder in EXTRA_FOLDERS)))
    assert imported, "the scan finds the package's imports (typer, rich …)"
    missing = {m for m in imported if not _distributions(m) & declared}
    assert not missing, f"imported by src/paizhuo but not in [project] dependencies: {missing}"
    for folder, extra in EXTRA_FOLDERS.items():
        with_extra = declared | _requirement_names(extra)
        imported = _third_party(_imported_top_levels(src / folder))
        missing = {m for m in imported if not _distributions(m) & with_extra}
        assert not missing, (f"imported by src/paizhuo/{folder} but not in the dependencies "
                             f"or the [{extra}] extra: {missing}")


def test_every_import_of_the_tests_is_declared_with_the_test_extra() -> None:
    declared = _requirement_names("test")
    imported = _third_party(_imported_top_levels(ROOT / "tests"))
    assert {"pytest", "hypothesis"} <= imported
    missing = {m for m in imported if not _distributions(m) & declared}
    assert not missing, f"imported by tests but not in dependencies or the test extra: {missing}"


def test_the_installed_version_is_the_package_version() -> None:
    assert metadata.version("paizhuo") == paizhuo.__version__
