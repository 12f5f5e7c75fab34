"""A refused play is explained in the player's language: in 中文 the engine's 中文 words, in
English its English, cards written with suit symbols in both (``5♥``, never ``5H``); the
note follows the language switch while it shows."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..procs import ServerProcess
from .helpers import Page, make_table, select_until_refused, sit

CJK = re.compile(r"[\u4e00-\u9fff]")
NOTATION = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHCD](?![A-Za-z0-9])")
SUITED = re.compile(r"(?:10|[2-9JQKA])[♠♥♣♦]")


def english_left(text: str) -> list[str]:
    """Latin words in a 中文 text once rule ids, cards and rank letters are taken out."""
    rest = re.sub(r"\b[A-Z]{2}-\d+\b", " ", text)
    rest = SUITED.sub(" ", rest)
    rest = re.sub(r"(?<![A-Za-z])[JQKA](?![A-Za-z])", " ", rest)
    return re.findall(r"[A-Za-z]+", rest)


def refusal(page: Page) -> str:
    text: str = page.locator("#rule-message").inner_text().strip()
    return text


def test_a_refused_play_is_explained_in_chinese_and_in_english(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor", seed=34)
    page = new_page(locale="zh-CN")
    sit(page, server, made["code"], 0, "小明")
    select_until_refused(page)
    zh = refusal(page)
    assert CJK.search(zh), zh
    assert not english_left(zh), f"English in a 中文 refusal: {zh!r}"
    assert SUITED.search(zh) or "主牌" in zh, zh
    assert not NOTATION.search(zh), zh
    # the same refusal, in English once the language is switched
    page.click("#lang-switch")
    page.wait_for_function("() => !/[\\u4e00-\\u9fff]/.test("
                           "document.querySelector('#rule-message').innerText)")
    en = refusal(page)
    assert re.search(r"\b(?:must|lead|hold|follow)\b", en), en
    assert not NOTATION.search(en), f"cards in notation: {en!r}"
    assert SUITED.search(en), en


def test_an_english_player_reads_the_english_refusal(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor", seed=35)
    page = new_page(locale="en-US")
    sit(page, server, made["code"], 0, "Ann")
    select_until_refused(page)
    en = refusal(page)
    assert not CJK.search(en), en
    assert re.search(r"\b(?:must|lead|hold|follow)\b", en), en
    assert SUITED.search(en) and not NOTATION.search(en), en
