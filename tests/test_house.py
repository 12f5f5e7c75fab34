"""The house rules of the source (issue 33, "One house"), read from the source itself.

1. **No game-name branches outside the games.** Code outside ``src/paizhuo/games/`` (and the
   browser's ``static/games/``) must not decide anything by a game's name: a game that is
   not one of the three must play everywhere with no change there (``tests/toygame`` plays
   one). What counts as a *branch* is a comparison whose one side names a registered game:

   - Python: a ``Compare`` with a side that is the string constant of a game name
     (``name == "shengji"``, ``"gouji" != game``), or a tuple, list, set or dict literal
     holding one (``game in ("gouji", "baohuang")``), or a module-level constant bound to
     such a string (``SJ = "shengji"`` … ``if name == SJ``); and a ``match`` case whose
     pattern is such a string;
   - JavaScript (``src/paizhuo/server/static`` but ``static/games/``): ``==``, ``===``,
     ``!=`` or ``!==`` against a game-name string literal, either way round, and a
     ``case "gouji":`` of a ``switch``.

   Data is not a branch: a table keyed by game name (the bot registry's
   ``("gouji", "heuristic")``, a benchmark's list of games to run), a registry's listing
   order, a call such as ``game_class("baohuang")`` in a game's own bot, a docstring. Those
   name a game to *find* something, and a game missing from them simply lacks it.

2. **No file over 600 lines** (``.py`` and ``.js`` under ``src/``) unless one of its first 30
   lines is a note that starts ``# size:`` (Python) or ``// size:`` (JavaScript) and says why
   the file is better whole.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from paizhuo.engine.registry import game_names

SRC = Path(__file__).resolve().parents[1] / "src" / "paizhuo"
GAMES_DIR = SRC / "games"
STATIC = SRC / "server" / "static"
MAX_LINES = 600
NOTE_LINES = 30


def names() -> frozenset[str]:
    """Every registered game's name (the registry's answer: the three, and any other
    installed game)."""
    return frozenset(game_names())


# -- 1. game-name branches ----------------------------------------------------------------


def _module_constants(tree: ast.Module, games: frozenset[str]) -> dict[str, str]:
    """Module-level names bound to a game-name string (``GAME = "gouji"``)."""
    out: dict[str, str] = {}
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        if isinstance(value, ast.Constant) and value.value in games:
            out.update({t.id: value.value for t in targets if isinstance(t, ast.Name)})
    return out


def _named_game(node: ast.expr, games: frozenset[str], consts: dict[str, str]) -> str | None:
    """The game ``node`` names as one side of a comparison, if it names one."""
    if isinstance(node, ast.Constant) and node.value in games:
        return str(node.value)
    if isinstance(node, ast.Name) and node.id in consts:
        return consts[node.id]
    items: list[ast.expr | None] = []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        items = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = list(node.keys)
    for item in items:
        if item is not None and (found := _named_game(item, games, consts)):
            return found
    return None


def _pattern_game(pattern: ast.pattern, games: frozenset[str]) -> str | None:
    if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant) \
            and pattern.value.value in games:
        return str(pattern.value.value)
    if isinstance(pattern, ast.MatchOr):
        for sub in pattern.patterns:
            if found := _pattern_game(sub, games):
                return found
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _pattern_game(pattern.pattern, games)
    return None


def python_branches(path: Path, games: frozenset[str], root: Path = SRC.parent
                    ) -> Iterator[str]:
    """``file:line: code`` of every game-name branch in one Python file (named from
    ``root``)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, filename=str(path))
    consts = _module_constants(tree, games)
    lines = text.splitlines()
    where = path.relative_to(root)
    for node in ast.walk(tree):
        found: str | None = None
        line = 0
        if isinstance(node, ast.Compare):
            line = node.lineno
            for side in (node.left, *node.comparators):
                found = found or _named_game(side, games, consts)
        elif isinstance(node, ast.match_case):
            line = node.pattern.lineno
            found = _pattern_game(node.pattern, games)
        if found:
            yield f"{where}:{line}: {lines[line - 1].strip()}"


def _js_comparison(games: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(g) for g in sorted(games))
    literal = rf"""["'`](?:{alternatives})["'`]"""
    return re.compile(rf"(?:[!=]==?\s*{literal})|(?:{literal}\s*[!=]==?)|"
                      rf"(?:\bcase\s+{literal}\s*:)")


def js_branches(path: Path, games: frozenset[str], root: Path = SRC.parent) -> Iterator[str]:
    """``file:line: code`` of every game-name comparison in one JavaScript file (named
    from ``root``)."""
    pattern = _js_comparison(games)
    where = path.relative_to(root)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if pattern.search(line):
            yield f"{where}:{number}: {line.strip()}"


def game_name_branches() -> list[str]:
    games = names()
    out: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        if not path.is_relative_to(GAMES_DIR):
            out.extend(python_branches(path, games))
    for path in sorted(STATIC.rglob("*.js")):
        if not path.is_relative_to(STATIC / "games"):
            out.extend(js_branches(path, games))
    return out


def test_no_code_outside_the_games_branches_on_a_game_name() -> None:
    offenders = game_name_branches()
    assert not offenders, ("these compare a game's name outside its own package; declare a "
                           "capability on the game (or its view) instead:\n  "
                           + "\n  ".join(offenders))


def test_the_branch_finder_finds_what_it_should(tmp_path: Path) -> None:
    """The finder itself, on code written to hold each kind of branch and each kind of data
    it must leave alone."""
    games = frozenset({"shengji", "gouji", "baohuang"})
    sample = tmp_path / "sample.py"
    sample.write_text('''
SJ = "shengji"
BOTS = {("gouji", "heuristic"): "x"}        # data: a table keyed by game
ORDER = ("shengji", "gouji", "baohuang")    # data: a listing order
def f(game, name):
    """Mentions "gouji" in words."""
    cls = game_class("baohuang")            # data: finding a class
    if game.name == "shengji":              # branch 1
        pass
    if "gouji" != name:                     # branch 2
        pass
    if name in ("gouji", "baohuang"):       # branch 3
        pass
    if name == SJ:                          # branch 4
        pass
    match name:
        case "baohuang" | "other":          # branch 5
            pass
    return BOTS.get((name, "heuristic"))
''', encoding="utf-8")
    found = list(python_branches(sample, games, tmp_path))
    assert [line.split("# ")[-1] for line in found] == [f"branch {i}" for i in range(1, 6)]
    js = tmp_path / "x.js"
    js.write_text('if (game === "shengji") a();\nif ("gouji" !== g) b();\n'
                  "switch (g) { case 'baohuang': c(); }\nconst names = ['gouji'];\n"
                  'const css = `games/${name}.css`;\n', encoding="utf-8")
    hits = [h.split(": ", 1)[1] for h in js_branches(js, games, tmp_path)]
    assert hits == ['if (game === "shengji") a();', 'if ("gouji" !== g) b();',
                    "switch (g) { case 'baohuang': c(); }"]


# -- 2. file sizes ------------------------------------------------------------------------


def oversized() -> list[str]:
    """``file: N lines`` of every long source file without a ``size:`` note."""
    out: list[str] = []
    for path in sorted([*SRC.rglob("*.py"), *SRC.rglob("*.js")]):
        lines = path.read_text(encoding="utf-8").splitlines()
        if len(lines) <= MAX_LINES:
            continue
        mark = "# size:" if path.suffix == ".py" else "// size:"
        if not any(line.lstrip().startswith(mark) for line in lines[:NOTE_LINES]):
            out.append(f"{path.relative_to(SRC.parent)}: {len(lines)} lines")
    return out


def test_no_source_file_is_over_600_lines_without_a_note_saying_why() -> None:
    offenders = oversized()
    assert not offenders, (f"split these, or say in their first {NOTE_LINES} lines why they "
                           "are better whole ('# size: …' / '// size: …'):\n  "
                           + "\n  ".join(offenders))
