"""The "how to play" pages in the browser, for each game and language: the table's "How to
play / 玩法" link opens its game's page in a new tab; the examples are the table's SVG cards;
every rule id on the page links to an anchor of the rules reference, and one followed is
scrolled to and marked; "Complete rules / 完整规则" leads to the reference; no developer notes
and, in 中文, no English words. The lobby links the chosen game's page; the page follows a
change of language."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from ..procs import ServerProcess
from .helpers import Page, make_table

SEATS = {"shengji": 4, "gouji": 6, "baohuang": 5}
READY = "(lang) => { const p = document.querySelector('#howto-page');" \
        " return p && p.dataset.ready === '1' && p.dataset.lang === lang; }"
FORBIDDEN = ("source text", "test vector", "docs/", ".py")
# the text a person reads on the page (the cards are drawn: their SVG holds rank letters and
# the jokers' word, so their text is left out), and of its article alone
READ_TEXT = """(where) => {
  const out = [];
  const walk = document.createTreeWalker(document.querySelector(where),
    NodeFilter.SHOW_TEXT, { acceptNode: (n) => n.parentElement.closest('.howto-cards, svg')
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT });
  while (walk.nextNode()) out.push(walk.currentNode.textContent);
  return out.join(' ');
}"""
LINK_TEXT = {"en": "How to play", "zh": "玩法"}
COMPLETE = {"en": "Complete rules", "zh": "完整规则"}


def _in_language(page: Page, lang: str) -> None:
    """Every page of this browser context starts in `lang` (the language switch's memory)."""
    page.context.add_init_script(f"localStorage.setItem('paizhuo.lang', '{lang}')")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["shengji", "gouji", "baohuang"])
def test_the_tables_link_opens_the_games_page_with_cards_and_rule_links(
        server: ServerProcess, new_page: Callable[[], Page], game: str, lang: str) -> None:
    seats = SEATS[game]
    made = make_table(server, game, list(range(1, seats)), seats=seats)
    table = new_page()
    _in_language(table, lang)
    table.goto(f"{server.url}/?t={made['code']}")
    link = table.locator("#howto-link")
    link.wait_for()
    assert link.inner_text() == LINK_TEXT[lang]
    assert link.get_attribute("href") == f"/?howto={game}"
    with table.context.expect_page() as opened:
        link.click()
    page = opened.value
    page.wait_for_function(READY, arg=lang)
    assert table.locator("#table-page").count() == 1  # the table stays open in its tab

    # the examples: the table's own SVG card faces
    examples = page.locator("#howto-text .howto-example")
    assert examples.count() >= 5
    assert page.locator("#howto-text .howto-example .card svg.card-face").count() >= 20
    assert page.locator("#howto-text .howto-example .error-line").count() == 0

    # the words: no developer notes; in 中文 no English but rule ids and rank letters
    text = page.evaluate(READ_TEXT, "#howto-page")
    assert [w for w in FORBIDDEN if w in text.lower()] == []
    if lang == "zh":
        # the article (the games' names in the links above it are the games' own labels)
        text = page.evaluate(READ_TEXT, "#howto-text")
        english = set(re.findall(r"[A-Za-z]+", re.sub(r"\b[A-Z]{2}-\d+(?:\.\d+)*", "", text)))
        assert english <= {"A", "K", "Q", "J"}, english
        assert page.locator("#howto-text").get_attribute("lang") == "zh-CN"

    # every rule id is a link to its rule in the reference
    hrefs: list[str] = page.eval_on_selector_all(
        "#howto-text a.rule-mention", "es => es.map(e => e.getAttribute('href'))")
    assert len(hrefs) >= 5
    ids = []
    for href in hrefs:
        found = re.fullmatch(rf"/\?rules={game}#([A-Z]{{2}}-\d+(?:\.\d+)*)", href)
        assert found, href
        ids.append(found.group(1))
    complete = page.locator("#howto-complete")
    assert complete.inner_text().startswith(COMPLETE[lang])
    assert complete.get_attribute("href") == f"/?rules={game}"

    # follow one: the reference opens at that rule, scrolled to and marked; every other rule
    # id of the page is an anchor there
    rule = ids[len(ids) // 2]
    page.locator(f"#howto-text a.rule-mention[href='/?rules={game}#{rule}']").first.click()
    page.wait_for_function(
        f"document.querySelector('#rules-page')?.dataset.target === '{rule}'")
    box = page.evaluate(f"""() => {{ const r = document.getElementById('{rule}')
        .getBoundingClientRect(); return [r.top, innerHeight]; }}""")
    assert 0 <= box[0] < box[1] / 2, box
    assert page.locator(f"section.rule-target[data-rule='{rule}']").count() == 1
    missing = page.evaluate("(ids) => ids.filter((id) => !document.getElementById(id))", ids)
    assert missing == []
    # back to the page, and on to the complete rules
    page.go_back()
    page.wait_for_function(READY, arg=lang)
    page.click("#howto-complete")
    page.wait_for_function(
        f"document.querySelector('#rules-page')?.dataset.doc === '{game}'"
        " && document.querySelector('#rules-page').dataset.ready === '1'")


def test_the_lobby_links_the_chosen_games_page_and_the_page_follows_the_language(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    page = new_page()
    _in_language(page, "en")
    page.goto(server.url)
    page.wait_for_selector("#lobby-game option[value='gouji']", state="attached")
    link = page.locator("#lobby-howto")
    assert link.get_attribute("href") == "/?howto=shengji"
    page.select_option("#lobby-game", "gouji")
    page.wait_for_function(
        "document.querySelector('#lobby-howto')?.getAttribute('href') === '/?howto=gouji'")
    with page.context.expect_page() as opened:
        link.click()
    howto = opened.value
    howto.wait_for_function(READY, arg="en")
    assert "Gouji" in howto.locator("#howto-text h1").inner_text()
    assert howto.locator(".howto-game-link.current").get_attribute("data-game") == "gouji"
    # another game's page from the page's own links, then the other language
    howto.click(".howto-game-link[data-game='baohuang']")
    howto.wait_for_function("document.querySelector('#howto-page')?.dataset.game === 'baohuang'"
                            " && document.querySelector('#howto-page').dataset.ready === '1'")
    howto.click("#lang-switch")
    howto.wait_for_function(READY, arg="zh")
    assert "保皇" in howto.locator("#howto-text h1").inner_text()
    assert howto.locator("#howto-complete").inner_text().startswith("完整规则")
    # a game without a page says so
    howto.goto(f"{server.url}/?howto=nosuchgame")
    howto.wait_for_selector("#howto-error")
