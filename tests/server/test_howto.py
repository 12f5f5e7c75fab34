"""The "how to play" pages (``static/howto/<game>.<lang>.md``, drawn by ``static/howto.js``):
every game the browser knows has one in English and in 中文; every rule id a page cites is a
heading of that game's rules reference (``docs/rules/``), where the page's link leads; the
card examples are cards; the pages carry no developer notes, and the 中文 pages no English
words but rule ids and rank letters; both languages cite the same rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paizhuo.engine.registry import game_names
from paizhuo.notation import parse_card

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "paizhuo" / "server" / "static"
HOWTO = STATIC / "howto"
RULES = ROOT / "docs" / "rules"
LANGS = ("en", "zh")

RULE_ID = re.compile(r"\b([A-Z]{2})-\d+(?:\.\d+)*(?![\d.]*\d)")
HEADING_ID = re.compile(r"^#{1,6}\s+([A-Z]{2}-\d+(?:\.\d+)*)(?=\s|$)", re.M)
CARDS_BLOCK = re.compile(r"^```cards\b([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
# words a page for players must not hold: notes for the engine's developers
DEVELOPER_WORDS = ("source text", "test vector", "docs/", ".py", "seed", "module", "engine",
                   "paizhuo:", "record", "源文", "测试")
# English a 中文 page may show: the rank letters (rule ids are taken out first)
ZH_ALLOWED = {"A", "K", "Q", "J"}


def browser_games() -> list[str]:
    """The registered games the browser has a module for (static/games/<game>.js)."""
    return sorted(g for g in game_names() if (STATIC / "games" / f"{g}.js").exists())


def rule_prefix(game: str) -> str:
    """The game's rule-id prefix as its browser module declares it (``rulePrefix: "SJ"``)."""
    found = re.search(r'rulePrefix:\s*"([A-Z]+)"', (STATIC / "games" / f"{game}.js").read_text())
    assert found, f"static/games/{game}.js declares no rulePrefix"
    return found.group(1)


def reference_ids() -> dict[str, set[str]]:
    """Every rule id that is a heading of the rules reference, by prefix: the anchors the
    rules page makes (rules.js: a heading that starts with a rule id is its anchor)."""
    ids: dict[str, set[str]] = {}
    for game in browser_games():
        text = (RULES / f"{game}.md").read_text(encoding="utf-8")
        ids[rule_prefix(game)] = set(HEADING_ID.findall(text))
    return ids


def page(game: str, lang: str) -> str:
    return (HOWTO / f"{game}.{lang}.md").read_text(encoding="utf-8")


def prose(text: str) -> str:
    """A page without its card blocks' notation (their captions are kept: people read them)."""
    return CARDS_BLOCK.sub(lambda m: "\n".join(
        line.split(" | ", 1)[1] for line in m.group(2).splitlines() if " | " in line), text)


def cited(text: str) -> set[str]:
    return {m.group(0) for m in RULE_ID.finditer(prose(text))}


def missing_rules(text: str, reference: dict[str, set[str]]) -> set[str]:
    """The rule ids `text` cites that are no heading of the reference."""
    return {r for r in cited(text) if r not in reference.get(r.split("-")[0], set())}


PAGES = [(g, lang) for g in browser_games() for lang in LANGS]


def test_every_game_of_the_browser_has_a_page_in_each_language() -> None:
    assert {"shengji", "gouji", "baohuang"} <= set(browser_games())
    for game, lang in PAGES:
        text = page(game, lang)
        assert text.startswith("# "), (game, lang)
        assert len(re.findall(r"^## ", text, re.M)) >= 5, (game, lang)
        assert len(CARDS_BLOCK.findall(text)) >= 3, (game, lang)
    # no page of a game the browser does not know
    known = {f"{g}.{lang}.md" for g, lang in PAGES}
    assert {p.name for p in HOWTO.iterdir()} <= known


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_rule_id_a_page_cites_is_a_rule_of_the_reference(game: str, lang: str) -> None:
    reference = reference_ids()
    text = page(game, lang)
    ids = cited(text)
    assert len(ids) >= 5, ids
    # its own game's rules, each a heading (an anchor) of the reference
    assert {r.split("-")[0] for r in ids} == {rule_prefix(game)}
    assert missing_rules(text, reference) == set()


def test_a_rule_id_the_reference_lacks_is_found() -> None:
    reference = reference_ids()
    assert missing_rules("see SJ-8.2 and GJ-5.3 (BH-4)", reference) == set()
    assert missing_rules("see SJ-99, GJ-5.9 and BH-4.1", reference) == {"SJ-99", "GJ-5.9",
                                                                        "BH-4.1"}


def test_both_languages_cite_the_same_rules() -> None:
    for game in browser_games():
        assert cited(page(game, "en")) == cited(page(game, "zh")), game


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_the_examples_are_cards_with_captions(game: str, lang: str) -> None:
    for info, body in CARDS_BLOCK.findall(page(game, lang)):
        for key, value in (kv.split("=") for kv in info.split()):
            assert key in ("trump", "level"), info
            assert value in ("S", "H", "C", "D", "NT") if key == "trump" else len(value) == 1
        for line in filter(str.strip, body.splitlines()):
            cards, sep, caption = line.partition(" | ")
            assert sep and caption.strip(), line
            for card in cards.split():
                parse_card(card)  # raises on anything that is not a card
                assert card == card.upper(), card


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_no_developer_notes(game: str, lang: str) -> None:
    text = prose(page(game, lang)).lower()
    assert [w for w in DEVELOPER_WORDS if w in text] == []
    assert "`" not in text  # no code: cards are drawn, words are words


@pytest.mark.parametrize("game", browser_games())
def test_the_chinese_page_has_no_english_words(game: str) -> None:
    text = RULE_ID.sub("", prose(page(game, "zh")))
    words = set(re.findall(r"[A-Za-z]+", text))
    assert words <= ZH_ALLOWED, sorted(words - ZH_ALLOWED)
