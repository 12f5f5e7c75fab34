"""Dependencies point one way (issues 8 and 33): cards and notation ← engine ← games ← bots ←
tools (arena, server, terminal, bench) ← cli.

- nothing under ``paizhuo/engine`` imports a game, a bot or a tool (games register with the
  engine's registry through entry points; the engine never names them);
- no game package imports a bot or a tool (a game's own bot lives in ``paizhuo/bots`` and is
  registered there), and the tools that used to live in a game package (its match runner, its
  benchmarks, its bot) have left it;
- more generally no module imports one of a later layer (:data:`LAYERS`), and every module
  has a layer. Circles inside a layer are ``tests/test_import_graph.py``'s.

Imports are read from the source (every ``import``, ``from … import``, relative ones resolved,
and ``importlib.import_module`` / ``__import__`` of a literal name), and checked again by
importing the modules in a fresh interpreter and looking at what got loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "paizhuo"
TOOLS = ("paizhuo.bots", "paizhuo.arena", "paizhuo.cli", "paizhuo.bench", "paizhuo.server",
         "paizhuo.terminal", "paizhuo.rl")
"""Packages and modules that use games: the bots, the arena, the command line, the benchmark,
the table server, the terminal table and the learning environments."""
FORBIDDEN = {
    "engine": ("paizhuo.games", *TOOLS),
    "games": TOOLS,
}
LAYERS: tuple[tuple[str, ...], ...] = (
    ("paizhuo.errors", "paizhuo.cards", "paizhuo.notation", "paizhuo.paths"),
    ("paizhuo.engine", "paizhuo"),
    ("paizhuo.games",),
    ("paizhuo.bots",),
    ("paizhuo.arena", "paizhuo.server", "paizhuo.terminal", "paizhuo.bench", "paizhuo.rl"),
    ("paizhuo.cli", "paizhuo.__main__"),
)
"""The layers, lowest first: a module imports only from its own layer and those before it.
``paizhuo`` is the package's ``__init__``, its front door (``new_game``, ``parse_action``): a
thin layer over the engine's registry. The tools (arena, server, terminal, bench, and the
learning environments ``rl``) share a layer."""
TOOL_MODULE_WORDS = ("bench", "match", "greedy", "bot")
"""Words in the name of a module that is a tool, not rules: none of them in a game package."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(module: str | None, level: int, importer: str, is_package: bool) -> str:
    if level == 0:
        return module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imports_of(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every module the file imports, by name."""
    importer = module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, importer, is_package)
            yield node.lineno, base
            for alias in node.names:  # ``from paizhuo import games`` imports paizhuo.games
                yield node.lineno, f"{base}.{alias.name}"
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name)
                       and node.func.id in ("import_module", "__import__")))):
            yield node.lineno, node.args[0].value


def _is_under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def violations(layer: str) -> list[str]:
    found = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for line, module in imports_of(path):
            if _is_under(module, FORBIDDEN[layer]):
                found.append(f"{path.relative_to(SRC)}:{line} imports {module}")
    return found


def _modules() -> set[str]:
    return {module_name(p) for p in PACKAGE.rglob("*.py")}


def layer_of(name: str, modules: set[str]) -> int | None:
    """The layer of the module ``name`` names — itself, or the module an attribute name such
    as ``paizhuo.new_game`` belongs to — by its longest prefix in :data:`LAYERS`."""
    while name not in modules and "." in name:
        name = name.rsplit(".", 1)[0]
    best: tuple[int, int] | None = None
    for i, layer in enumerate(LAYERS):
        for prefix in layer:
            # ``paizhuo`` stands for its ``__init__`` alone, not for every module below it
            matches = name == prefix if prefix == "paizhuo" else _is_under(name, (prefix,))
            if matches and (best is None or len(prefix) > best[1]):
                best = (i, len(prefix))
    return None if best is None else best[0]


def upward_imports() -> list[str]:
    """Every import, anywhere under ``paizhuo`` (late and type-checking ones included), of
    a module in a later layer than the importer's."""
    modules = _modules()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        importer = module_name(path)
        mine = layer_of(importer, modules)
        for line, target in imports_of(path):
            theirs = layer_of(target, modules) if _is_under(target, ("paizhuo",)) else None
            if mine is not None and theirs is not None and theirs > mine:
                found.append(f"{path.relative_to(SRC)}:{line} imports {target} "
                             f"(layer {theirs}, above its own {mine})")
    return found


def test_the_scan_sees_imports() -> None:
    """The scan resolves relative and ``from package import module`` forms (else it would
    pass by seeing nothing)."""
    seen = {m for _, m in imports_of(PACKAGE / "engine" / "game.py")}
    assert "paizhuo.engine.actions" in seen
    seen = {m for _, m in imports_of(PACKAGE / "games" / "__init__.py")}
    assert "paizhuo.engine.registry.game_class" in seen
    assert _absolute("combos", 1, "paizhuo.games.shengji.game", False) == \
        "paizhuo.games.shengji.combos"
    assert _absolute(None, 2, "paizhuo.games.shengji", True) == "paizhuo.games"


def test_every_module_has_a_layer() -> None:
    modules = _modules()
    assert sorted(m for m in modules if layer_of(m, modules) is None) == []
    assert layer_of("paizhuo.new_game", modules) == layer_of("paizhuo.engine.game", modules)
    assert layer_of("paizhuo.games.shengji.game", modules) == 2
    assert layer_of("paizhuo.cli", modules) == len(LAYERS) - 1
    assert layer_of("paizhuo.stray", modules | {"paizhuo.stray"}) is None  # a new top module


def test_no_module_imports_a_later_layer() -> None:
    assert upward_imports() == []


def test_the_engine_imports_no_game_bot_or_tool() -> None:
    assert violations("engine") == []


def test_game_packages_import_no_bot_or_tool() -> None:
    assert violations("games") == []


def test_tools_have_left_the_game_packages() -> None:
    """A game package holds rules, views, encoding and scoring: its match runner, benchmarks
    and bots live in ``paizhuo/arena``, ``paizhuo/bench`` and ``paizhuo/bots``."""
    found = [str(path.relative_to(SRC)) for path in sorted((PACKAGE / "games").rglob("*.py"))
             if any(word in path.stem for word in TOOL_MODULE_WORDS)]
    assert found == []


_LOADED = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("paizhuo"))))
"""


def _loaded_after_importing(*modules: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", _LOADED, *modules], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    loaded: list[str] = json.loads(proc.stdout)
    return loaded


def test_importing_the_engine_loads_no_game_bot_or_tool() -> None:
    engine = [module_name(p) for p in sorted((PACKAGE / "engine").rglob("*.py"))]
    loaded = _loaded_after_importing(*engine)
    assert "paizhuo.engine.game" in loaded
    assert [m for m in loaded if _is_under(m, FORBIDDEN["engine"])] == []


@pytest.mark.parametrize("game", sorted(p.name for p in (PACKAGE / "games").iterdir()
                                        if (p / "__init__.py").exists()))
def test_importing_a_game_loads_no_bot_or_tool(game: str) -> None:
    loaded = _loaded_after_importing(f"paizhuo.games.{game}")
    assert f"paizhuo.games.{game}" in loaded
    assert [m for m in loaded if _is_under(m, FORBIDDEN["games"])] == []
