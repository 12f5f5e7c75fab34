"""The rules reference in ``docs/rules/`` belongs to the engines it documents.

- every rule id the engines can cite (a string literal such as ``"SJ-8"`` or ``"GJ-5.3"``
  anywhere in ``src/paizhuo``) is a heading of the game's rules page — a sub-id needs its own
  heading (``### GJ-5.3 …``), a parent heading does not count;
- every option of every game is a row of the game's options table, with its default as the
  engine writes it (JSON: ``true``, ``216``, ``[]``, ``{}``; strings without quotes), and every
  preset is a row of its presets table;
- every relative link in ``README.md`` and ``docs/**/*.md`` points to a file that exists.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from paizhuo.games.baohuang.options import PRESET_NAMES as BAOHUANG_PRESETS
from paizhuo.games.baohuang.options import BaohuangOptions
from paizhuo.games.gouji.options import PRESETS as GOUJI_PRESETS
from paizhuo.games.gouji.options import GoujiOptions
from paizhuo.games.shengji.options import PRESETS as SHENGJI_PRESETS
from paizhuo.games.shengji.options import ShengjiOptions

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
SRC = ROOT / "src" / "paizhuo"

PAGES = {"SJ": "shengji.md", "GJ": "gouji.md", "BH": "baohuang.md"}
RULE_ID = re.compile(r"\b(SJ|GJ|BH)-\d+(?:\.\d+)*(?![\d.]*\d)")
HEADING_ID = re.compile(r"^#{1,6}\s+((?:SJ|GJ|BH)-\d+(?:\.\d+)*)(?=\s|$)")
# fewest distinct ids the scan must find per game: if it finds fewer, the scan is broken
MIN_IDS = {"SJ": 10, "GJ": 10, "BH": 5}


def _cited_ids() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {prefix: set() for prefix in PAGES}
    for path in SRC.rglob("*.py"):
        for match in RULE_ID.finditer(path.read_text(encoding="utf-8")):
            found[match.group(1)].add(match.group(0))
    return found


def _heading_ids(page: str) -> set[str]:
    ids = set()
    for line in (RULES / page).read_text(encoding="utf-8").splitlines():
        match = HEADING_ID.match(line)
        if match:
            ids.add(match.group(1))
    return ids


def test_the_scan_finds_rule_ids_of_every_game() -> None:
    found = _cited_ids()
    for prefix, least in MIN_IDS.items():
        assert len(found[prefix]) >= least, (prefix, sorted(found[prefix]))


@pytest.mark.parametrize("prefix", sorted(PAGES))
def test_every_rule_id_the_engines_cite_is_a_heading(prefix: str) -> None:
    headings = _heading_ids(PAGES[prefix])
    missing = sorted(_cited_ids()[prefix] - headings)
    assert not missing, (f"rule ids cited in src/paizhuo with no heading in "
                         f"docs/rules/{PAGES[prefix]} (a sub-id such as GJ-5.3 needs its own "
                         f"'### GJ-5.3 …' heading): {missing}")


def test_heading_matching_is_exact() -> None:
    def heading(line: str) -> str | None:
        match = HEADING_ID.match(line)
        return match.group(1) if match else None

    assert heading("## SJ-8 Following") == "SJ-8"
    assert heading("### GJ-5.3 Yield 让牌") == "GJ-5.3"
    assert heading("## SJ-10 Match flow") == "SJ-10"
    assert heading("## SJ-8.") is None
    assert heading("SJ-8 in a sentence") is None
    assert [m.group(0) for m in RULE_ID.finditer('"GJ-5.3", SJ-8. and BH-4/SJ-14')] == [
        "GJ-5.3", "SJ-8", "BH-4", "SJ-14"]


# -- options --------------------------------------------------------------------------------

def _shengji_defaults() -> dict[str, Any]:
    fields = {f.name: f for f in dataclasses.fields(ShengjiOptions)}
    # ``overrides`` is bookkeeping for to_dict (which names were given), not an option:
    # from_dict refuses it, and it takes no part in comparisons or repr
    assert not fields["overrides"].compare and not fields["overrides"].repr
    defaults = ShengjiOptions().full_dict()
    assert set(defaults) == set(fields) - {"overrides"}
    return defaults


def _gouji_defaults() -> dict[str, Any]:
    opts = GoujiOptions()
    # the value as GoujiOptions.to_dict writes it (gouji_table as an object); checked below
    probe = dataclasses.replace(opts, gouji_table=(("9", 6),))
    assert probe.to_dict()["gouji_table"] == {"9": 6}
    return {f.name: dict(getattr(opts, f.name)) if f.name == "gouji_table"
            else getattr(opts, f.name) for f in dataclasses.fields(GoujiOptions)}


def _baohuang_defaults() -> dict[str, Any]:
    defaults = BaohuangOptions().to_dict()  # record names: the field ``yield_`` is ``yield``
    assert len(defaults) == len(dataclasses.fields(BaohuangOptions))
    return defaults


OPTION_GAMES = {
    "shengji.md": (_shengji_defaults, SHENGJI_PRESETS),
    "gouji.md": (_gouji_defaults, GOUJI_PRESETS),
    "baohuang.md": (_baohuang_defaults, BAOHUANG_PRESETS),
}


def _render(value: Any) -> set[str]:
    """The default as a table cell may show it, in backticks: JSON; a string also bare."""
    text = json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)
    out = {f"`{text}`"}
    if isinstance(value, str):
        out.add(f"`{value}`")
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _option_rows(page: str) -> dict[str, str]:
    """Option name → its default cell, from every table whose header has a 'default' column."""
    rows: dict[str, str] = {}
    column: int | None = None
    for line in (RULES / page).read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            column = None
            continue
        cells = _cells(line)
        if column is None:
            heads = [i for i, c in enumerate(cells) if c.lower().startswith("default")]
            column = heads[0] if heads else -1
            continue
        if column < 0 or set(line) <= set("|-: "):
            continue
        name = re.fullmatch(r"`([a-z_0-9]+)`", cells[0])
        if name and column < len(cells):
            rows[name.group(1)] = cells[column]
    return rows


@pytest.mark.parametrize("page", sorted(OPTION_GAMES))
def test_every_option_is_documented_with_its_default(page: str) -> None:
    defaults = OPTION_GAMES[page][0]()
    assert len(defaults) >= 5, defaults
    rows = _option_rows(page)
    missing = sorted(set(defaults) - set(rows))
    assert not missing, f"options without a row in docs/rules/{page}'s options table: {missing}"
    wrong = {name: (rows[name], sorted(_render(value))) for name, value in defaults.items()
             if not _render(value) & {rows[name]}}
    assert not wrong, f"default cells in docs/rules/{page} that differ from the engine: {wrong}"
    unknown = sorted(set(rows) - set(defaults))
    assert not unknown, f"rows of docs/rules/{page} for options the engine lacks: {unknown}"


@pytest.mark.parametrize("page", sorted(OPTION_GAMES))
def test_every_preset_is_documented(page: str) -> None:
    presets = OPTION_GAMES[page][1]
    text = (RULES / page).read_text(encoding="utf-8")
    assert "### Presets" in text
    table = text.split("### Presets", 1)[1]
    documented = {m.group(1) for m in re.finditer(r"^\| `([a-z0-9-_]+)`", table, re.M)}
    assert len(presets) >= 2
    assert set(presets) <= documented, sorted(set(presets) - documented)


# -- links ----------------------------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def _markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _links(path: Path) -> list[str]:
    out: list[str] = []
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.extend(m.group(1) for m in LINK.finditer(line))
    return out


def test_the_link_scan_sees_links() -> None:
    assert len(_markdown_files()) >= 9
    assert sum(len(_links(p)) for p in _markdown_files()) >= 20


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(path: Path) -> None:
    broken = []
    for target in _links(path):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file = target.split("#", 1)[0]
        if not (path.parent / file).exists():
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: links to missing files: {broken}"


def test_docs_do_not_point_outside_the_repository() -> None:
    for path in _markdown_files():
        text = path.read_text(encoding="utf-8")
        assert "shared/rules" not in text, path
