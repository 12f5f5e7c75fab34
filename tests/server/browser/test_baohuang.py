"""Baohuang 保皇 in the browser, by clicking: the emperor calls his guard's card through the
chooser, the guard reveals himself 亮保, the roles show as the rules make them known (BH-2,
BH-6), and the deal-over summary names the scoring table and the scores (BH-5).

Seeds are searched with the engine (deal 0 of a table with ``settings.seed = N`` is
``derive_seed(N, 0)``) so that the person at seat 0 is in the needed situation. Seizing is off
at these tables: the greedy bots would otherwise seize the crown the moment the person holds it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from paizhuo.bots.greedy import greedy_key
from paizhuo.engine.dealing import derive_seed
from paizhuo.games.baohuang.game import BaohuangGame

from ..procs import ServerProcess
from .helpers import Page, make_table, root, sit

OPTIONS = {"seize": False}
TRUSTEE_DEAL = 60_000  # ms: the bots play out a whole deal for the person


def _deal(seed: int) -> BaohuangGame:
    return BaohuangGame.new(dict(OPTIONS), seed=derive_seed(seed, 0))


@cache
def emperor_seed() -> tuple[int, list[str], str, int]:
    """A deal where seat 0 holds the emperor card with two or more cards to call, one of
    which makes another seat the guard: (seed, the calls, that card, its guard)."""
    for seed in range(1, 5000):
        g = _deal(seed)
        if g.phase != "crown" or g.st.holder != 0:
            continue
        calls = [a for a in g.legal_actions(0) if a.verb == "call"]
        if len(calls) < 2:
            continue
        for a in calls:
            after = g.clone()
            after.apply(a)
            if after.st.guard not in (None, 0):
                return seed, [c.to_json()[2] for c in calls], a.to_json()[2], after.st.guard
    raise AssertionError("no seed found")


@cache
def guard_seed() -> tuple[int, int, str]:
    """A deal where a bot holds the emperor card and every call the greedy bot may make
    makes seat 0 the guard: (seed, the emperor, the called card)."""
    for seed in range(1, 5000):
        g = _deal(seed)
        holder = g.st.holder
        if g.phase != "crown" or holder == 0:
            continue
        calls = [a for a in g.legal_actions(holder) if a.verb == "call"]
        if not calls:
            continue
        keys = [greedy_key(a) for a in calls]
        best = [a for a, k in zip(calls, keys, strict=True) if k == min(keys)]
        cards = set()
        for a in best:
            after = g.clone()
            after.apply(a)
            if after.st.guard != 0:
                break
            cards.add(after.st.called)
        else:
            if len(cards) == 1:
                return seed, holder, best[0].to_json()[2]
    raise AssertionError("no seed found")


ROLE_TAGS = ("es => es.flatMap(e => [...e.classList].filter(c => c.startsWith('role-')))"
             ".map(c => c.slice(5))")


@cache
def alone_seed() -> tuple[int, str, int]:
    """A deal where seat 0 holds the emperor card and a call makes him his own guard 独:
    (seed, that card, how many of it he holds)."""
    for seed in range(1, 5000):
        g = _deal(seed)
        if g.phase != "crown" or g.st.holder != 0:
            continue
        for a in g.legal_actions(0):
            if a.verb != "call" or a.to_json()[2] == "BJ":
                continue
            after = g.clone()
            after.apply(a)
            if after.st.guard == 0:
                return seed, a.to_json()[2], g.st.hands[0][a.cards[0]]
    raise AssertionError("no seed found")


def seat_tags(page: Page, seat: int) -> list[str]:
    """The role tags on a seat's box (``role-*`` classes without the prefix)."""
    tags: list[str] = page.eval_on_selector_all(f".seat[data-seat='{seat}'] .tag", ROLE_TAGS)
    return tags


def my_tags(page: Page) -> list[str]:
    """The role tags on the player's own line, under the felt."""
    tags: list[str] = page.eval_on_selector_all(".me-line .tag", ROLE_TAGS)
    return tags


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("+", ""))


def test_emperor_calls_the_guard_card_and_the_deal_over_shows_the_scoring(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    seed, calls, card, guard = emperor_seed()
    # no yields (the same deal: options do not change the cards): a shorter deal to play out
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, seed=seed,
                      options={**OPTIONS, "yield": False}, settings={"deals": 1})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    # the crown phase on the felt and the chooser: one face per card that may be called
    page.wait_for_selector("#bh-decision[data-kind='call']")
    assert root(page)["phase"] == "crown"
    assert "crown" in my_tags(page)
    assert page.locator("#bh-felt-chip").count() == 1
    shown = page.eval_on_selector_all("#bh-call-grid .bh-call-card",
                                      "es => es.map(e => e.dataset.card)")
    assert shown == calls
    assert page.locator("#bh-call-grid .bh-call-card .card-face").count() == len(calls)
    assert "guard 保子" in page.inner_text("#bh-decision")
    # passing the crown names who gets the emperor card next
    pass_help = page.locator(".bh-choice",
                             has=page.locator("[data-verb='pass_crown']")).inner_text()
    assert page.inner_text(".seat[data-seat='1'] .seat-name") in pass_help
    page.click(f"#bh-call-grid .bh-call-card[data-card='{card}']")
    # the person is the emperor, to everyone; the called card is in view
    page.wait_for_function("document.querySelector('#table-page').dataset.phase !== 'crown'")
    page.wait_for_selector(".me-line .tag.role-emperor")
    page.wait_for_selector(f"#bh-called[data-card='{card}']")
    assert "emperor card 皇帝牌" not in page.inner_text("#felt")
    info = page.inner_text("#info")
    assert "Emperor 皇帝" in info and "Called card" in info
    # the bots declare; until the guard is revealed nobody's seat shows him to the emperor
    page.wait_for_function("document.querySelector('#table-page').dataset.phase === 'play'")
    revealed = "reveals: the guard" in page.inner_text("#log")
    assert ("guard" in seat_tags(page, guard)) == revealed
    # the bots play the deal out for the person (托管) to the summary
    # no wait for navigations after the click (none comes; under load the wait once outlasted
    # its 20 s), but for the toggle itself
    page.click("#trustee-button", no_wait_after=True)
    page.wait_for_function(
        "document.querySelector('#trustee-button').getAttribute('aria-pressed') === 'true'"
        " || !!document.querySelector('#deal-over')")
    page.wait_for_selector("#deal-over", timeout=TRUSTEE_DEAL)
    summary = page.inner_text("#deal-over")
    assert page.get_attribute("#bh-over-table", "data-table") == "normal"
    assert "Normal: emperor and guard against three" in summary
    assert ("×2" in summary) == revealed
    rows = page.eval_on_selector_all(
        "#deal-over .results tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.innerText))")
    assert len(rows) == 5
    places = re.compile(r"(头科|二科|第三|二落|大落)")
    assert sorted(places.search(r[1]).group(1) for r in rows) == sorted(  # type: ignore[union-attr]
        ["头科", "二科", "第三", "二落", "大落"])
    assert "Emperor" in rows[0][1] and "Guard" in rows[guard][1]
    assert all("Rebel" in r[1] for i, r in enumerate(rows) if i not in (0, guard))
    scores = [number(r[2]) for r in rows]
    assert sum(scores) == 0
    assert scores[0] == 2 * scores[guard]  # BH-5: the emperor 2/3 of his side, the guard 1/3
    assert [number(r[3]) for r in rows] == scores  # the running totals after the first deal
    outcome = page.get_attribute("#bh-outcome", "class") or ""
    assert ("emperor_wins" in outcome) == (scores[0] > 0)
    assert len(page.eval_on_selector_all("#bh-order li", "es => es")) == 5


def test_guard_reveals_by_clicking_and_the_seats_show_it(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    seed, emperor, card = guard_seed()
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, seed=seed,
                      options=OPTIONS, settings={"deals": 1})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_selector("#bh-decision[data-kind='declare']")
    assert root(page)["phase"] == "declare"
    # the guard knows himself, secretly; the emperor is known to all
    assert my_tags(page)[:2] == ["guard", "secret"]
    assert "emperor" in seat_tags(page, emperor)
    assert page.get_attribute("#bh-called", "data-card") == card
    assert "亮保" in page.inner_text("#bh-decision")
    watcher = new_page()
    watcher.goto(f"{server.url}/?t={made['code']}")
    watcher.wait_for_selector(f".seat[data-seat='{emperor}'] .tag.role-emperor")
    assert all("guard" not in seat_tags(watcher, i) for i in range(5))
    page.click("#bh-decision .action-button[data-verb='reveal']")
    # 明保: every seat now shows who is who, and the stakes are doubled
    page.wait_for_selector(".me-line .tag.role-open")
    assert "guard" in my_tags(page)
    page.wait_for_selector("#bh-stakes .bh-double")
    assert all("rebel" in seat_tags(page, i) for i in range(1, 5) if i != emperor)
    watcher.wait_for_selector(".seat[data-seat='0'] .tag.role-guard")
    assert "open" in seat_tags(watcher, 0)
    assert "reveals: the guard" in watcher.inner_text("#log")


def test_emperor_alone_declares_open_alone_at_his_first_lead(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    seed, card, held = alone_seed()
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, seed=seed,
                      options=OPTIONS, settings={"deals": 1})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_selector("#bh-decision[data-kind='call']")
    choice = page.locator(f"#bh-call-grid .bh-call-card[data-card='{card}']")
    assert (choice.locator(".bh-alone-mark").count() == 1) == (held == 4)
    choice.click()
    # the emperor learns at once that he is alone (BH-2); the others do not
    page.wait_for_selector(".me-line .tag.role-alone")
    assert "You are the emperor 皇帝 and alone 独" in page.inner_text("#log")
    assert page.get_attribute("#bh-stakes .bh-table-name", "data-table") == "alone"
    # every other seat passes its declaration; at his lead the emperor may declare 明独
    page.wait_for_selector("#bh-decision[data-kind='alone']")
    assert root(page)["phase"] == "play" and root(page)["selectVerb"] == "play"
    page.click("#bh-decision .action-button[data-verb='reveal']")
    page.wait_for_function("""() => [...document.querySelectorAll('.me-line .tag.role-alone')]
      .some(e => e.textContent.includes('明独'))""")
    page.wait_for_selector("#bh-stakes .bh-double")
    assert all("rebel" in seat_tags(page, i) for i in range(1, 5))
    assert page.locator("#bh-decision").count() == 0  # now he leads with the hand's cards


def test_holder_seizes_the_crown_by_clicking(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    seed = emperor_seed()[0]
    # seizing on (the default); slow bots, so that none seizes before the person does
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, seed=seed,
                      settings={"deals": 1, "bot_delay": 10})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_selector("#bh-decision[data-kind='call']")
    seize = page.locator(".bh-choice", has=page.locator("[data-verb='seize']"))
    assert "+40" in seize.inner_text() and "one against four" in seize.inner_text()
    page.click(".bh-choice .action-button[data-verb='seize']")
    page.wait_for_selector(".me-line .tag.role-seized")
    assert "emperor" in my_tags(page)
    assert page.get_attribute("#bh-stakes .bh-table-name", "data-table") == "seized"
    assert "none (seized)" in page.inner_text("#info")
    assert all("rebel" in seat_tags(page, i) for i in range(1, 5))
    assert root(page)["phase"] == "play"  # no guard, no declarations: the seizer leads
