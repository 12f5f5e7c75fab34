"""The rules pages and the replay page in the browser: a rule id shown at the table opens its
rule, scrolled to and marked; every rule id the engine raises has its anchor; a finished deal
replays from the lobby's history with every hand shown, forward, back, by the slider and
playing; an uploaded record file replays; both languages."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from ..procs import ServerProcess
from ..test_replay_api import DOC_OF, engine_rule_ids
from .helpers import (
    Page,
    make_table,
    select_until_refused,
    sit,
)

READY = "document.querySelector('#replay-page')?.dataset.ready === '1'"


def _step(page: Page) -> int:
    return int(page.eval_on_selector("#replay-page", "e => e.dataset.step"))


def _wait_step(page: Page, k: int) -> None:
    page.wait_for_function(f"document.querySelector('#replay-page').dataset.step === '{k}'")


def _hands(page: Page) -> list[Counter[str]]:
    seats: list[list[str]] = page.eval_on_selector_all(
        ".replay-seat", """es => es.sort((a, b) => a.dataset.seat - b.dataset.seat)
          .map(e => [...e.querySelectorAll('.replay-hand .card')].map(c => c.dataset.card))""")
    return [Counter(s) for s in seats]


def _frame_hands(frame: dict[str, Any]) -> list[Counter[str]]:
    return [Counter(h.split() if h else []) for h in frame["hands"]]


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, Any]:
    """A Gouji deal played to its end by bots, as the history lists it, and its replay."""
    made = make_table(server, "gouji", list(range(6)), seats=6, settings={"deals": 1})
    deadline = time.monotonic() + 60
    while True:
        games = server.get(f"/api/games?table={made['id']}")["games"]
        if games:
            break
        assert time.monotonic() < deadline, "the bots did not finish their deal"
        time.sleep(0.2)
    entry: dict[str, Any] = games[0]
    return {"entry": entry, "replay": server.get(entry["replay"]),
            "record": server.get(entry["record"])}


def test_a_rule_id_at_the_table_opens_its_rule(server: ServerProcess,
                                               new_page: Callable[[], Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    select_until_refused(page)
    link = page.locator("a#rule-id")
    rule = re.fullmatch(r"rule (SJ-\d+)", link.inner_text())
    assert rule, link.inner_text()
    rule_id = rule.group(1)
    assert link.get_attribute("href") == f"/?rules=shengji#{rule_id}"
    errors: list[str] = []
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    rules.on("pageerror", lambda e: errors.append(str(e)))
    rules.wait_for_function(
        f"document.querySelector('#rules-page')?.dataset.target === '{rule_id}'")
    # scrolled to, in view below the top bar, and marked
    box = rules.evaluate(f"""() => {{ const r = document.getElementById('{rule_id}')
        .getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }}""")
    assert 40 <= box[0] < box[2] / 2, box
    section = rules.locator(f"section.rule-target[data-rule='{rule_id}']")
    assert section.count() == 1
    assert section.locator(f"#{rule_id}").inner_text().startswith(rule_id)
    assert rules.locator(".rule-target").count() == 1
    assert errors == []


def test_every_rule_id_the_engine_raises_has_an_anchor(server: ServerProcess,
                                                       new_page: Callable[[], Page]) -> None:
    ids = engine_rule_ids()
    page = new_page()
    for doc in ("shengji", "gouji", "baohuang"):
        mine = [r for r in ids if DOC_OF[r[:2]] == doc]
        page.goto(f"{server.url}/?rules={doc}")
        page.wait_for_function("document.querySelector('#rules-page')?.dataset.ready === '1'")
        missing = page.evaluate("""async (ids) => {
            const { ruleHref } = await import('/static/links.js');
            return ids.filter((id) => !document.getElementById(id) ||
              ruleHref(id) !== location.pathname + '?rules=' +
                new URLSearchParams(location.search).get('rules') + '#' + id);
        }""", mine)
        assert missing == [], (doc, missing)
        # the contents go to a rule without reloading the page; the page is drawn from
        # markdown: tables, lists and code, and no raw markdown left in headings
        target = mine[-1]
        page.evaluate("window.__same = true")
        page.click(f"#rules-toc a[data-target='{target}']")
        page.wait_for_function(
            f"document.querySelector('#rules-page').dataset.target === '{target}'")
        assert page.evaluate("window.__same") is True
        assert page.locator("#rules-text table").count() >= 1
        assert page.locator("#rules-text li").count() >= 5
        assert page.locator("#rules-text code").count() >= 5
        assert not [x for x in page.locator("#rules-text h2").all_inner_texts()
                    if "#" in x or "**" in x]


def test_a_replay_from_the_history_steps_and_shows_every_hand(
        server: ServerProcess, new_page: Callable[[], Page], finished: dict[str, Any]) -> None:
    deal = finished["entry"]["id"]
    frames = finished["replay"]["frames"]
    page = new_page()
    page.goto(server.url + "/")
    page.click(f".replay-link[data-deal='{deal}']")
    page.wait_for_function(READY)
    assert f"replay={deal}" in page.url
    assert page.locator(".replay-seat").count() == 6
    assert _step(page) == 0
    assert _hands(page) == _frame_hands(frames[0])
    # every card of the deal, face up: the record's hands
    assert _hands(page) == [Counter(h.split()) for h in finished["record"]["deal"]["hands"]]
    # forward by the arrow key and the button, back by the button
    page.keyboard.press("ArrowRight")
    _wait_step(page, 1)
    page.click("#replay-next")
    page.keyboard.press("ArrowRight")
    _wait_step(page, 3)
    assert _hands(page) == _frame_hands(frames[3])
    assert page.locator("#replay-log .current").get_attribute("data-step") == "3"
    page.click("#replay-prev")
    _wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 1)
    assert _hands(page) == _frame_hands(frames[1])
    # the first card play lies in front of its seat (a deal may begin with a revolution,
    # a purchase or a pass, which lay no cards)
    first = next(k for k, f in enumerate(frames) if f["action"] and f["action"][1] == "play"
                 and len(f["action"]) > 2 and f["action"][2])
    page.locator("#replay-slider").fill(str(first))
    _wait_step(page, first)
    played = frames[first]["action"]
    spot = page.locator(f"#replay-felt .play-spot[data-seat='{played[0]}'] .card")
    assert Counter(spot.evaluate_all("es => es.map(e => e.dataset.card)")) == \
        Counter(played[2].split())
    # the slider and a click in the log
    mid = len(frames) // 2
    page.locator("#replay-slider").fill(str(mid))
    _wait_step(page, mid)
    assert _hands(page) == _frame_hands(frames[mid])
    page.click(f"#replay-log li[data-step='{mid + 5}'] button")
    _wait_step(page, mid + 5)
    # play runs on by itself, pause stops it
    page.select_option("#replay-speed", "4×")
    page.click("#replay-play")
    page.wait_for_function(f"+document.querySelector('#replay-page').dataset.step >= {mid + 8}")
    page.click("#replay-play")
    stopped = _step(page)
    page.wait_for_timeout(600)  # what is awaited is that nothing happens: a play step is 200 ms
    assert _step(page) == stopped
    # the end: the result
    page.keyboard.press("End")
    _wait_step(page, len(frames) - 1)
    assert _hands(page) == _frame_hands(frames[-1])
    result = page.locator("#replay-result")
    assert result.is_visible()
    assert result.locator("#replay-scores tbody tr").count() == 6
    # Chinese, and back
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#replay-play').textContent.includes('播放')")
    assert result.locator("h2").inner_text() == "结果"
    assert page.locator(".log-panel h3").inner_text() == "出牌记录"
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#replay-play').textContent.includes('Play')")


def test_an_uploaded_record_replays(server: ServerProcess, new_page: Callable[[], Page],
                                    finished: dict[str, Any]) -> None:
    record = finished["record"]
    page = new_page()
    page.goto(server.url + "/")
    page.locator("#lobby-history").wait_for()
    page.set_input_files("#record-file", files=[{
        "name": "deal.json", "mimeType": "application/json",
        "buffer": json.dumps(record, ensure_ascii=False).encode()}])
    page.wait_for_function(READY)
    assert "replay=file" in page.url
    assert page.locator("#replay-what").inner_text() == "Uploaded record"
    steps = int(page.eval_on_selector("#replay-page", "e => e.dataset.steps"))
    assert steps == len(record["actions"])
    page.keyboard.press("End")
    _wait_step(page, steps)
    assert _hands(page) == _frame_hands(finished["replay"]["frames"][-1])
    # a reload replays the same record (kept in the tab's session)
    page.reload()
    page.wait_for_function(READY)
    assert _step(page) == 0
    assert page.locator(".replay-seat").count() == 6


def test_the_rules_page_in_both_languages(server: ServerProcess,
                                          new_page: Callable[[], Page]) -> None:
    page = new_page()
    page.goto(f"{server.url}/?rules=baohuang#BH-4")
    page.wait_for_function("document.querySelector('#rules-page')?.dataset.target === 'BH-4'")
    assert page.locator("#rules-toc h2").inner_text() == "Contents"
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#rules-toc h2')?.textContent === '目录'")
    assert page.locator(".rules-doc-link[data-doc='gouji']").inner_text().startswith("够级")
    # a link between the documents
    page.click(".rules-doc-link[data-doc='records']")
    page.wait_for_function("document.querySelector('#rules-page')?.dataset.doc === 'records'"
                           " && document.querySelector('#rules-page').dataset.ready === '1'")
    assert "?rules=records" in page.url
    assert page.locator("#rules-text pre code").count() >= 1
    page.click("#lang-switch")
    page.wait_for_function("document.querySelector('#rules-toc h2')?.textContent === 'Contents'")
