"""The lobby's "more rules" says every option of every game in both languages: its name
(``optname.<option>``), each value of a choice (``optval.<option>.<value>``) and, in 中文, its help
(``opthelp.<game>.<option>``; English help is the engine's docstring). Read from the static files
themselves, so an option added to an engine without its words fails here, not at a table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paizhuo.games.option_docs import describe_options

STATIC = Path(__file__).resolve().parents[2] / "src" / "paizhuo" / "server" / "static"
KEY = re.compile(r'^\s*"([a-z_.\-0-9]+)":', re.MULTILINE)


def _keys(text: str, lang: str) -> set[str]:
    """The keys of one language's block (``en: { … }`` or ``zh: { … }``) of addStrings."""
    start = text.index(f"  {lang}: {{")
    end = text.index("\n  },", start)
    return set(KEY.findall(text[start:end]))


def _words(game: str, lang: str) -> set[str]:
    keys: set[str] = set()
    for path in (STATIC / "lobby_options.js", STATIC / "games" / game / "options.js"):
        keys |= _keys(path.read_text(encoding="utf-8"), lang)
    return keys


@pytest.mark.parametrize("game", ["shengji", "gouji", "baohuang"])
def test_every_option_and_choice_has_words_in_both_languages(game: str) -> None:
    fields = describe_options(game)["fields"]
    assert len(fields) >= 5
    missing = []
    for lang in ("en", "zh"):
        words = _words(game, lang)
        for f in fields:
            if f"optname.{f['name']}" not in words:
                missing.append(f"{lang} optname.{f['name']}")
            for value in f.get("choices") or []:
                if f"optval.{f['name']}.{value}" not in words:
                    missing.append(f"{lang} optval.{f['name']}.{value}")
            if lang == "zh" and f"opthelp.{game}.{f['name']}" not in words:
                missing.append(f"zh opthelp.{game}.{f['name']}")
    assert not missing, missing
