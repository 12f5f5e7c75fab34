"""Each game's options described for people choosing them (the lobby's "more rules"): name,
kind, default in every preset, choices, rule id and the one-line help — all read from the
options classes themselves (their fields, defaults and attribute docstrings), so the list can
never drift from what the engine accepts.

>>> shengji = describe_options("shengji")
>>> [f for f in shengji["fields"] if f["name"] == "allow_throws"][0]["rule"]
'SJ-6'
>>> describe_options("baohuang")["presets"]["basic"]["seize"]
False
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import re
from functools import cache
from types import ModuleType
from typing import Any

from paizhuo.engine.registry import game_class

_ID = r"[A-Z]+-\d+[a-z]?"
_RULE = re.compile(rf"^({_ID})((?:/{_ID})*)")
_SKIP = {"preset", "overrides"}


def _docstrings(cls: type) -> dict[str, str]:
    """Attribute docstrings: the string statement right after each annotated field."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for first, second in itertools.pairwise(body):
        if isinstance(first, ast.AnnAssign) and isinstance(first.target, ast.Name) and \
                isinstance(second, ast.Expr) and isinstance(second.value, ast.Constant) and \
                isinstance(second.value.value, str):
            docs[first.target.id] = " ".join(second.value.value.split())
    return docs


def _choices(module: ModuleType, attr: str) -> list[str] | None:
    table = getattr(module, "_CHOICES", None)
    if isinstance(table, dict) and attr in table:
        return list(table[attr])
    for suffix in ("_VALUES", "_CHOICES"):
        found = getattr(module, attr.rstrip("_").upper() + suffix, None)
        if isinstance(found, tuple) and all(isinstance(x, str) for x in found):
            return list(found)
    return None


def _plain(value: Any, annotation: object) -> Any:
    """JSON-ready: a field typed as a tuple of pairs (a table such as Gouji's
    ``gouji_table``) as a map, other tuples as lists."""
    if isinstance(value, tuple) and str(annotation).replace(" ", "").startswith(
            "tuple[tuple["):
        return {str(k): v for k, v in value}
    if isinstance(value, tuple):
        return list(value)
    return value


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, dict):
        return "map"
    return "list"


@cache
def describe_options(game_name: str) -> dict[str, Any]:
    """``{"fields": [{name, kind, choices, rule, also, help, preset_only}], "presets": {preset:
    {name: value}}, "main": [names shown up front]}`` for ``game_name``; ``preset_only`` marks
    the fields a preset fixes (seats, decks …), which a table does not change on its own.
    Everything is read from the game's class (``Game.OPTIONS``, ``PRESETS``,
    ``MAIN_OPTIONS``); a game without an options class has no fields. Unknown games:
    ``MalformedError``."""
    game = game_class(game_name)
    presets = tuple(game.PRESETS)
    cls = game.OPTIONS
    if cls is None:
        return {"fields": [], "presets": {p: {} for p in presets}, "main": []}
    module = inspect.getmodule(cls)
    docs = _docstrings(cls)
    values: dict[str, dict[str, Any]] = {}
    for preset in presets:
        obj = cls.from_dict({"preset": preset})  # type: ignore[attr-defined]
        values[preset] = {f.name.rstrip("_"): _plain(getattr(obj, f.name), f.type)
                          for f in dataclasses.fields(cls) if f.name not in _SKIP}
    out = []
    for f in dataclasses.fields(cls):
        if f.name in _SKIP:
            continue
        doc = docs.get(f.name, "")
        rule = _RULE.match(doc)
        text = doc[rule.end():].lstrip(" :") if rule else doc
        also = rule.group(2).strip("/").split("/") if rule and rule.group(2) else []
        name = f.name.rstrip("_")
        out.append({
            "name": name,
            "kind": _kind(values[presets[0]][name]),
            "choices": _choices(module, f.name) if module else None,
            "rule": rule.group(1) if rule else None,
            "also": also,
            "help": text,
            "preset_only": bool(re.search(r"\bpreset[;).]|\(preset\b", text, re.IGNORECASE)),
        })
    return {"fields": out, "presets": values, "main": list(game.MAIN_OPTIONS)}


__all__ = ["describe_options"]
