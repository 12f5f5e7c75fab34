"""Gouji 够级 at the browser table, by clicking: the 对头 and its rule (only the 对头 answers a
够级 play, GJ-5.2), a yield 让牌, the card counter 记牌器 against the engine (also after a
reload), card counts at ≤ 10 cards (报牌), advice 挑牌 between two teammates, a claim 接风; a
revolution 革命, ranks as players go out, the results table and the next game's tribute 进贡.

The deals are known (``settings.seed``), searched offline with the engine and the greedy bots:
seed 24's first deal gives seat 0 the first lead with A A (a 够级 play), seat 3 (its 对头)
answers it, a yield is offered within the seat's first decisions and a claim later; in seed
63's first deal seat 0 alone is dealt no 2 and no joker. The bots choose among equal plays at
random, but those differ only in suits, so the flow below holds; where bots act the test
waits, and it loops rather than counting on an exact turn.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..procs import Client, ServerProcess
from .helpers import Page, click_card, hand, make_table, root, sit, wait_moved, wait_turn

SEED = 24
TOTALS = {"big_joker": 4, "small_joker": 4, "2": 16, "A": 16}

RECORD_RULES = """() => {
  window.__gjRules = [];
  const note = () => {
    const e = document.querySelector('#gj-rule');
    if (!e) return;
    const text = e.dataset.rule + '|' + e.textContent;
    if (window.__gjRules[window.__gjRules.length - 1] !== text) window.__gjRules.push(text);
  };
  note();
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}"""


RECORD_LOG = """(selectors) => {
  window.__gjLog = new Set();
  window.__gjSeen = {};
  const note = () => {
    for (const li of document.querySelectorAll('#log li')) window.__gjLog.add(li.textContent);
    for (const sel of selectors) {
      for (const e of document.querySelectorAll(sel)) {
        (window.__gjSeen[sel] = window.__gjSeen[sel] || new Set()).add(e.textContent);
      }
    }
  };
  note();
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}"""
SEEN = "(sel) => [...(window.__gjSeen[sel] || [])]"


def rank_key(card: str) -> str:
    return {"SJ": "small_joker", "BJ": "big_joker", "BJ*": "big_joker"}.get(card, card[0])


def spectator_state(server: ServerProcess, code: str) -> dict[str, Any]:
    """The engine's public observation now (a spectator's), over the websocket."""
    c = Client(f"{server.ws_url}/ws/{code}")
    try:
        msg = c.until(lambda m: m.get("type") == "state" and m.get("observation") is not None)
    finally:
        c.close()
    return msg


def counter(page: Page) -> dict[str, dict[str, int]]:
    tiles: list[dict[str, str]] = page.eval_on_selector_all(
        "#gj-counter .gj-tile", "es => es.map(e => ({...e.dataset}))")
    return {x["rank"]: {k: int(x[k]) for k in ("out", "played", "mine")} for x in tiles}


def check_counter(page: Page, server: ServerProcess, code: str) -> dict[str, int]:
    """The page's 记牌器 agrees with the engine's played cards and the seat's own hand."""
    played = spectator_state(server, code)["observation"]["details"]["played"]
    mine = Counter(rank_key(c) for c in hand(page))
    shown = counter(page)
    assert set(shown) == set(TOTALS)
    for rank, total in TOTALS.items():
        assert shown[rank]["played"] == played[rank]
        assert shown[rank]["mine"] == mine[rank]
        assert shown[rank]["out"] == total - played[rank] - mine[rank]
    return {rank: shown[rank]["out"] for rank in TOTALS}


def shot(page: Page, name: str) -> None:
    out = os.environ.get("PAIZHUO_SCREENSHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(out) / f"{name}.png"))


def take_turn(page: Page) -> str:
    """One decision by clicking, the way the offline search played seat 0: claim the lead or
    yield when offered, else pass, else lead the lowest card. Returns the verb."""
    r = root(page)
    sid = r["stateId"]
    yielding = page.locator(".action-button[data-verb='yield']")
    claiming = page.locator(".action-button[data-verb='claim']")
    passing = page.locator(".action-button[data-verb='pass']")
    if claiming.count():
        assert "申请接风" in page.locator("#gj-prompt").inner_text()
        claiming.click()
        verb = "claim"
    elif yielding.count():
        assert "让牌" in page.locator("#gj-prompt").inner_text()
        shot(page, "gouji-yield")
        yielding.click()
        verb = "yield"
    elif passing.count():
        passing.first.click()
        verb = "pass"
    else:
        assert r["selectVerb"] == "play"
        click_card(page, 0)
        page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
        page.click("#play-button")
        verb = "play"
    wait_moved(page, sid)
    return verb


def test_gouji_duitou_yield_counter_counts_and_advice(server: ServerProcess,
                                                      new_page: Callable[[], Page]) -> None:
    # seat 2 (a teammate) is a person whose seat a bot plays (托管): the same greedy bot as
    # the others, so the deal goes as searched, and its page shows the advice it gets
    made = make_table(server, "gouji", bots=[1, 3, 4, 5], seats=6, seed=SEED)
    code = made["code"]
    page = new_page()
    sit(page, server, code, 0, "Ann")
    mate_page = new_page()
    sit(mate_page, server, code, 2, "Bea")
    mate_page.click("#trustee-button")
    mate_page.wait_for_function(
        "document.querySelector('#trustee-button').getAttribute('aria-pressed') === 'true'")
    page.evaluate(RECORD_RULES)
    wait_turn(page)

    # the 对头 is marked on its seat and named on the player's own line
    assert page.locator(".seat[data-seat='3'] .tag.role-duitou").count() == 1
    assert page.locator(".seat .tag.role-duitou").count() == 1
    assert "对头" in page.locator(".me-line").inner_text()
    # > 10 cards: no count is public; the counter starts with nothing played
    assert page.locator(".seat[data-seat='1'] .gj-count.many").inner_text() == "> 10"
    assert {r: x["played"] for r, x in counter(page).items()} == dict.fromkeys(TOTALS, 0)
    check_counter(page, server, code)

    # seat 0 leads A A: a 够级 play; only its 对头 (seat 3) may answer it
    assert root(page)["selectVerb"] == "play"
    cards = hand(page)
    aces = [i for i, c in enumerate(cards) if c[0] == "A"][:2]
    assert len(aces) == 2
    for i in aces:
        click_card(page, i)
    page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
    sid = root(page)["stateId"]
    page.click("#play-button")
    wait_moved(page, sid)
    wait_turn(page)
    # the rule was shown as it happened, and the log keeps it
    seen = page.evaluate("window.__gjRules")
    assert any(x.startswith("GJ-5.2|") and "对头" in x and "Ann" in x for x in seen), seen
    assert "only 对头" in page.locator("#log").inner_text()
    # seat 3 beat it and nobody else played: seat 0 faces its 对头's 够级 play, alone
    spots = page.eval_on_selector_all(
        ".play-spot",
        "es => es.filter(e => e.querySelector('.played-cards')).map(e => e.dataset.seat)")
    assert sorted(spots) == ["0", "3"]
    assert page.locator(".play-spot[data-seat='0'] .played-mark").inner_text() == "够级"
    assert page.locator("#gj-rule").get_attribute("data-rule") == "GJ-5.2"
    assert "Only you may answer" in page.locator("#gj-rule").inner_text()
    assert page.locator("#gj-rule a.rule-link").get_attribute("href").endswith("#GJ-5.2")
    assert "only you may answer" in page.locator("#gj-prompt").inner_text()
    shot(page, "gouji-duitou")

    # play on by clicking until a yield 让牌 is offered, and take it
    verbs: list[str] = []
    for _ in range(12):
        wait_turn(page)
        verbs.append(take_turn(page))
        if verbs[-1] == "yield":
            break
    assert verbs[-1] == "yield", verbs
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some(e => e.textContent.includes('Ann: Yield'))")
    seen = page.evaluate("window.__gjRules")
    assert any(x.startswith("GJ-5.3|") and "yields 让牌" in x for x in seen), seen

    # the counter agrees with the engine after plays, and after a reload
    wait_turn(page)
    before = check_counter(page, server, code)
    page.reload()
    wait_turn(page)
    assert check_counter(page, server, code) == before

    # on until teammate seat 2 is down to 10 cards or fewer: counts at ≤ 10 show, large, and
    # its hand shows in the advice panel
    mate = page.locator("#gj-advice .gj-mate[data-seat='2']")
    for _ in range(20):
        if mate.count():
            break
        take_turn(page)
        wait_turn(page)
    assert mate.count(), "seat 2 did not come down to 10 cards"
    sizes = spectator_state(server, code)["observation"]["hand_sizes"]
    assert sizes[2] is not None and sizes[2] <= 10, sizes
    for i in range(1, 6):
        box = page.locator(f".seat[data-seat='{i}'] .gj-count")
        if sizes[i] is None:
            assert box.inner_text() == "> 10"
        elif sizes[i] > 0:
            assert box.get_attribute("data-count") == str(sizes[i])
            big = page.locator(f".seat[data-seat='{i}'] .gj-count.low b")
            assert big.inner_text() == str(sizes[i])
    assert len(mate.locator(".card.gj-mini").all()) == sizes[2]
    shot(page, "gouji-counts")

    # advice 挑牌: pick a card of seat 2's hand and send it; both pages show it, and the
    # teammate selects it in his hand with one click (nothing moves: it is seat 0's turn)
    first = mate.locator(".card.gj-mini").first
    card = first.get_attribute("data-card")
    assert card
    first.click()
    sid = root(page)["stateId"]
    page.click("#gj-advice .gj-advise[data-to='2']")
    wait_moved(page, sid)
    page.locator("#gj-advice .gj-sent").wait_for()
    sent = page.locator("#gj-advice .gj-sent").inner_text()
    suit = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[card[1]]
    shown = ("10" if card[0] == "T" else card[0]) + suit
    assert sent.startswith("Your advice to") and sent.endswith(shown), (sent, card)
    assert mate.locator(".card.gj-mini.selected").count() == 0
    mate_page.locator("#gj-advice-in").wait_for()
    assert mate_page.locator("#gj-advice-in").inner_text().startswith(f"挑牌 from Ann: {shown}")
    mate_page.click("#gj-use-advice")
    picked = mate_page.eval_on_selector_all("#hand .card.selected",
                                            "es => es.map(e => e.dataset.card)")
    assert picked == [card]

    # on until the seat is the heir of a player who just went out: it claims the lead 接风
    for _ in range(25):
        wait_turn(page)
        if take_turn(page) == "claim":
            break
    else:
        raise AssertionError("no claim 接风 was offered")
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some(e => e.textContent.includes('Ann: Claim'))")


REVOLUTION_SEED = 63  # deal 0: seat 0 alone is dealt no 2 and no joker


def test_gouji_revolution_by_clicking(server: ServerProcess,
                                      new_page: Callable[[], Page]) -> None:
    """革命: the prompt says what is decided and why; declaring it puts the seat out (ranked
    四科, or 三科) and its 对头 chooses 要头 / 无头; the others play on, ranks show as they go
    out, the results table holds the game, and game 2's tribute 进贡 prompt says to whom and
    how many."""
    made = make_table(server, "gouji", bots=[1, 2, 3, 4, 5], seats=6, seed=REVOLUTION_SEED)
    code = made["code"]
    page = new_page()
    sit(page, server, code, 0, "Ann")
    page.evaluate(RECORD_LOG,
                  [".me-line .tag", ".seat[data-seat='3'] .tag", "#gj-standing .gj-rank-cell"])
    wait_turn(page)
    assert root(page)["phase"] == "revolution"
    prompt = page.locator("#gj-prompt").inner_text()
    assert "革命" in prompt and "no 2 and no joker" in prompt
    assert page.locator("#gj-prompt a.rule-link").get_attribute("href").endswith("#GJ-9")
    assert page.locator(".action-button[data-verb='pass']").inner_text() == "No revolution 不革命"
    sid = root(page)["stateId"]
    page.click(".action-button[data-verb='revolution']")
    wait_moved(page, sid)
    # the seat is out of this game at once; its 对头 (seat 3) chooses 要头 or 无头, and the
    # other five play the game out (the page saw each step; the bots are quick)
    page.locator("#deal-over").wait_for(timeout=60_000)
    lines = page.evaluate("[...window.__gjLog]")
    log = "\n".join(lines)
    assert "Ann: Revolution 革命" in log
    assert ("要头" in log) != ("无头" in log)
    assert "革命" in page.evaluate(SEEN, ".me-line .tag")
    # 要头: three dead 够级 plays (够死级 ×3) for seat 3; 无头: seat 3 is headless at once
    tags = page.evaluate(SEEN, ".seat[data-seat='3'] .tag")
    assert ("够死级 ×3" if "要头" in log else "无头") in tags, tags
    # ranks as players went out: in the log, on the seats and in the standing panel
    deal = server.get(f"/api/tables/{code}/results")["deals"][0]["result"]
    assert deal["revolution"] == [0] and deal["ranks"][0] in ("三科", "四科")
    for seat in deal["order"]:
        if seat != 0 and deal["ranks"][seat] != "大落":
            assert any(x.endswith(f"is out · {deal['ranks'][seat]}") for x in lines), seat
    standing = page.evaluate(SEEN, "#gj-standing .gj-rank-cell")
    assert {deal["ranks"][s] for s in deal["order"][:4]} <= set(standing), standing

    # the results table: places from 头科 to 大落, points, totals, the next tribute
    rows = page.locator("#gj-results tbody tr")
    assert rows.count() == 6
    order = [rows.nth(k).get_attribute("data-seat") for k in range(6)]
    assert order == [str(x) for x in deal["order"]]
    ranks = [rows.nth(k).locator(".gj-rank-cell").inner_text() for k in range(6)]
    assert ranks == ["头科", "二科", "三科", "四科", "二落", "大落"]
    assert ranks == [deal["ranks"][x] for x in deal["order"]]
    points = [rows.nth(k).locator("td").nth(3).inner_text() for k in range(6)]
    assert points == [f"{deal['points'][x]:+d}".replace("+0", "0") for x in deal["order"]]
    totals = [rows.nth(k).locator("td").nth(5).inner_text() for k in range(6)]
    assert totals == [f"{deal['totals'][x]:+d}".replace("+0", "0") for x in deal["order"]]
    text = page.locator("#deal-over").inner_text()
    assert "联邦 1·3·5" in text and "Game 1 of 5" in text
    assert "Tribute before the next game" in text
    shot(page, "gouji-results")

    # game 2 begins with tribute 进贡: seat 0 (a revolutionary counts as not opened) owes its
    # 对头 点贡; the prompt says to whom and how many, and the hint picks the highest card
    owed = [x for x in deal["tributes_next"] if x["from"] == 0]
    assert owed and owed[0]["to"] == 3 and owed[0]["kind"] == "point", deal["tributes_next"]
    n = owed[0]["cards"]
    page.click("#deal-over-close")
    wait_turn(page)  # any tribute owed before ours is paid and returned by bots
    r = root(page)
    assert r["selectVerb"] == "tribute"
    note = page.locator("#action-note").inner_text()
    # the bot at seat 4 by its name for people (Bot Zhang (greedy)), the count in words
    bot = page.locator(".seat[data-seat='3'] .seat-name").inner_text()
    cards = "1 card" if n == 1 else f"{n} cards"
    assert "进贡 (点贡)" in note and f"you owe {bot} {cards}" in note, note
    center = page.locator("#gj-center").inner_text()
    assert f"进贡: Ann (you) pays {bot} {cards}" in center, center
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
    page.click("#play-button")
    page.wait_for_function("""() => window.__gjLog.size &&
        [...window.__gjLog].some(x => x.startsWith('Ann: Tribute 进贡'))""")
