"""No import circles (issue 33): the modules of ``src/paizhuo`` form a graph without cycles.

A circle between modules can be held open only by an import written inside a function, so
that whichever module Python loads first does not find the other half-built — it works until
somebody moves that line to the top, or imports the two in another order. So late imports
count here exactly like those at the top of a file: the only imports left out are those under
``if TYPE_CHECKING:``, which never run. An import that is late for start-up speed or for an
optional dependency (Ray, torch, matplotlib …) is fine: it is a circle only if its target
imports back.

How an import becomes an arrow: ``import paizhuo.x.y`` points at ``paizhuo.x.y``;
``from paizhuo.x import y`` at ``paizhuo.x.y`` where ``y`` is a submodule, else at
``paizhuo.x``; relative imports are resolved first; ``importlib.import_module`` of a literal
name counts too, and so does a literal ``"paizhuo.x.y:attribute"`` (a table of factories
imported on first use, as :mod:`paizhuo.bots.policies` keeps). A name read at run time is no
arrow: the engine's registry imports the games named by the entry points they register under
(``pyproject.toml``), which is how games depend on the engine and never the reverse. A
package's ``__init__`` is a node of its own (``paizhuo.games``), and the packages above an
imported module, which Python runs first, are not arrows: a package whose ``__init__`` is
empty or lazy is no part of its submodules' circles.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "paizhuo"
BOTTOM = ("paizhuo.errors", "paizhuo.cards", "paizhuo.notation")
"""The layers under the engine, lowest first: the error vocabulary, the card ids, their
notation."""


@dataclass(frozen=True)
class Arrow:
    """One import: ``source`` imports ``target`` at ``path:line``."""

    source: str
    target: str
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target}  ({self.path}:{self.line})"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


LAZY_REFERENCE = re.compile(r"(paizhuo(?:\.\w+)+):\w+(?:\.\w+)*")
"""``"module:attribute"``, the form of a factory or class named to be imported on first use."""
MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(module: str | None, level: int, importer: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import …`` written in ``importer``."""
    if level == 0:
        return module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _known(name: str) -> str | None:
    """The module of ours that importing ``name`` runs last: ``name`` itself, or the nearest
    package above it (``paizhuo.x.Thing`` → ``paizhuo.x``); ``None`` outside ``paizhuo``."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            return candidate
        parts.pop()
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` (function bodies included) except the bodies of
    ``if TYPE_CHECKING:`` blocks (their ``else`` runs, so it is kept)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(reversed([node.test, *node.orelse]))
        else:
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _targets(node: ast.AST, importer: str, is_package: bool) -> Iterator[str]:
    """The names an import statement (or a literal ``import_module``) loads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom):
        base = _absolute(node.module, node.level, importer, is_package)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            yield submodule if submodule in MODULES else base
    elif (isinstance(node, ast.Call) and node.args
          and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
          and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
               or (isinstance(node.func, ast.Name)
                   and node.func.id in ("import_module", "__import__")))):
        yield node.args[0].value
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        lazy = LAZY_REFERENCE.fullmatch(node.value)
        if lazy:
            yield lazy.group(1)


def arrows_of(path: Path) -> Iterator[Arrow]:
    """Every import of ``path`` that points at another module of ours."""
    importer = module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    where = str(path.relative_to(SRC))
    seen = set()
    for node in _nodes(tree):
        for name in _targets(node, importer, is_package):
            target = _known(name)
            arrow = Arrow(importer, target or "", where, getattr(node, "lineno", 0))
            if target is not None and target != importer and arrow not in seen:
                seen.add(arrow)
                yield arrow


def import_graph() -> dict[str, list[Arrow]]:
    """Module name → the arrows out of it, for every module under ``src/paizhuo``."""
    return {name: list(arrows_of(path)) for name, path in MODULES.items()}


def strongly_connected(graph: dict[str, list[Arrow]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, kept
    iterative so that a deep chain of imports cannot overflow the stack), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted({a.target for a in graph[root]})))]
        while work:
            node, successors = work[-1]
            descended = False
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted({a.target for a in graph[nxt]}))))
                    descended = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def describe_cycles(graph: dict[str, list[Arrow]]) -> list[str]:
    """One paragraph per circle: its modules, then every import that holds it closed."""
    paragraphs = []
    for component in strongly_connected(graph):
        members = set(component)
        inside = [str(a) for m in component for a in graph[m] if a.target in members]
        paragraphs.append("circle of " + ", ".join(component) + ":\n    "
                          + "\n    ".join(inside))
    return paragraphs


def test_the_scan_sees_late_imports_and_skips_type_checking() -> None:
    """The scan finds imports inside functions, resolves ``from package import module``, and
    leaves out ``if TYPE_CHECKING:`` (else the test could pass by seeing nothing, or fail on
    imports that never run)."""
    source = ("from typing import TYPE_CHECKING\n"
              "from paizhuo.engine import registry\n"
              "from . import actions\n"
              "if TYPE_CHECKING:\n"
              "    from paizhuo.engine.game import Game\n"
              "else:\n"
              "    import paizhuo.engine.dealing\n"
              "def late():\n"
              "    from paizhuo.engine.records import Record\n"
              "    importlib.import_module('paizhuo.notation')\n"
              "LAZY = {'x': 'paizhuo.bots.greedy:GreedyBot', 'y': 'not paizhuo.cards:x'}\n")
    tree = ast.parse(source)
    seen = {t for node in _nodes(tree) for t in _targets(node, "paizhuo.engine.probe", False)}
    assert seen == {"typing", "paizhuo.engine.registry", "paizhuo.engine.actions",
                    "paizhuo.engine.dealing", "paizhuo.engine.records", "paizhuo.notation",
                    "paizhuo.bots.greedy"}
    assert _known("paizhuo.engine.records.Record") == "paizhuo.engine.records"
    assert _known("json") is None


def test_the_cycle_finder_finds_cycles() -> None:
    def arrow(a: str, b: str) -> Arrow:
        return Arrow(a, b, "x.py", 1)

    graph = {"a": [arrow("a", "b")], "b": [arrow("b", "c")], "c": [arrow("c", "a")],
             "d": [arrow("d", "a"), arrow("d", "e")], "e": [arrow("e", "d")], "f": []}
    assert strongly_connected(graph) == [["a", "b", "c"], ["d", "e"]]
    assert describe_cycles(graph)[1] == ("circle of d, e:\n    d -> e  (x.py:1)\n"
                                         "    e -> d  (x.py:1)")


def test_no_import_circles() -> None:
    graph = import_graph()
    assert len(graph) > 50 and sum(map(len, graph.values())) > 200, "the scan sees the package"
    cycles = describe_cycles(graph)
    assert cycles == [], "import circles (late imports count):\n" + "\n".join(cycles)


def test_the_bottom_layers_import_nothing_above_them() -> None:
    """The cards, their notation and the error vocabulary sit under the engine: they import
    nothing of ours but each other (in that order), even late or for type checking only."""
    found = []
    for name in BOTTOM:
        path = MODULES[name]
        below = BOTTOM[:BOTTOM.index(name)]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):  # every import, TYPE_CHECKING blocks included
            for target in {_known(t) for t in _targets(node, name, False)}:
                if target is not None and target not in below and target != name:
                    found.append(f"{name} imports {target} (line {getattr(node, 'lineno', 0)})")
    assert found == []
