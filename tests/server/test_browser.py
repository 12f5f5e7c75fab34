"""The browser table (src/paizhuo/server/static) in Debian's Chromium, driven by Playwright
against a real server process: a person plays a whole Shengji deal by clicking, two people at
one table see only their own hands, a reload comes back to the seat, the language switch, an
illegal selection, and no console errors on any page.

``PAIZHUO_SCREENSHOTS=docs/screenshots`` makes :func:`test_every_game_in_both_languages` save
the README's screenshots there."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .procs import Client, ServerProcess

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 20_000  # ms, for one wait in the page

Page = Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("browser") / "paizhuo.db"
    srv = ServerProcess(f"sqlite:///{db}").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("PAIZHUO_REQUIRE_BROWSER") == "1":
            pytest.fail(f"PAIZHUO_REQUIRE_BROWSER=1 but {CHROMIUM} is missing", pytrace=False)
        pytest.skip(f"{CHROMIUM} is missing (Debian's chromium package)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[[], Page]]:
    """Pages, each in a browser context of its own (its own storage: its own seat tokens);
    every console error and page error of any of them fails the test."""
    errors: list[str] = []
    contexts: list[Any] = []

    def make() -> Page:
        ctx = browser.new_context(locale="en-US", viewport={"width": 1360, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT)
        page.on("console", lambda m: errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert errors == [], errors


def make_table(server: ServerProcess, game: str, bots: list[int], preset: str | None = None,
               seats: int = 4) -> dict[str, Any]:
    # no cap on the deals: a Shengji deal nobody declares in is void and dealt again
    body: dict[str, Any] = {"game": game, "settings": {"bot_delay": 0},
                            "bots": {str(i): "greedy" for i in bots}}
    if preset:
        body["preset"] = preset
    made: dict[str, Any] = server.post("/api/tables", body)
    assert len(made["table"]["seats"]) == seats
    return made


def root(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.eval_on_selector("#table-page", "e => ({...e.dataset})")
    return data


def sit(page: Page, server: ServerProcess, code: str, seat: int, name: str) -> None:
    page.goto(f"{server.url}/?t={code}")
    page.fill("#seat-name", name)
    page.click(f".sit-button[data-seat='{seat}']")
    page.wait_for_function(f"document.querySelector('#table-page').dataset.seat === '{seat}'")


def click_card(page: Page, nth: int) -> None:
    """Click a card of the hand where it shows: its left edge (the next card covers the rest)."""
    page.locator("#hand .card").nth(nth).click(position={"x": 12, "y": 45})


def hand(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all("#hand .card", "es => es.map(e => e.dataset.card)")
    return cards


WAIT_TURN = """() => {
  const r = document.querySelector('#table-page');
  return !!document.querySelector('#deal-over') ||
    (r && r.dataset.yourTurn === '1' && r.dataset.busy === '0');
}"""
WAIT_CHECK = """() => { const c = document.querySelector('#table-page').dataset.check;
  return c === 'ok' || c === 'bad'; }"""


def wait_turn(page: Page, stop_at_deal_over: bool = False) -> bool:
    """Wait until the seat is to act (True), or the deal is over (False) when
    ``stop_at_deal_over``; otherwise a deal-over summary is closed and the wait goes on."""
    while True:
        page.wait_for_function(WAIT_TURN)
        if page.query_selector("#deal-over") is None:
            return True
        if stop_at_deal_over:
            return False
        page.click("#deal-over-close")


def wait_moved(page: Page, state_id: str) -> None:
    page.wait_for_function(
        """(sid) => { const r = document.querySelector('#table-page');
          return !!document.querySelector('#deal-over') || r.dataset.stateId !== sid; }""",
        arg=state_id)


def play_turn(page: Page, choose: Callable[[Page], None] | None = None) -> None:
    """One decision, by clicking: a button when no cards are to be picked (pass first), else
    the first card (or ``choose``) and Play — the Hint button first when it is refused."""
    r = root(page)
    sid = r["stateId"]
    if not r["selectVerb"]:
        # locators, not element handles: a message may redraw the bar between look and click
        passes = page.locator(".action-button[data-verb='pass']")
        buttons = passes if passes.count() else page.locator(".action-button")
        assert buttons.count(), "the seat is to act but has no button"
        buttons.first.click()
    else:
        if choose is None:
            click_card(page, 0)
        else:
            choose(page)
        page.wait_for_function(WAIT_CHECK)
        if root(page)["check"] != "ok":
            page.click("#hint-button")
            page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
        assert page.is_enabled("#play-button")
        page.click("#play-button")
    wait_moved(page, sid)


def test_whole_shengji_deal_by_clicking(server: ServerProcess,
                                        new_page: Callable[[], Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    turns = 0
    plays = 0
    while True:
        if not wait_turn(page, stop_at_deal_over=True):
            if plays:
                break
            page.click("#deal-over-close")  # nobody declared: a void deal, dealt again
            continue
        if root(page)["phase"] == "play":
            plays += 1
        play_turn(page)
        turns += 1
        assert turns < 400
    page.locator("#deal-over").wait_for()
    assert plays >= 5  # a trick each: 25 cards, led one to a few at a time
    rows = page.locator("#deal-over tbody tr")
    assert rows.count() == 4
    assert "Ann" in rows.nth(0).inner_text()
    deal = int(root(page)["dealOver"])
    result = server.get(f"/api/tables/{made['id']}/results")
    finished = next(d for d in result["deals"] if d["deal"] == deal)
    assert finished["result"]["winner"] in ("defenders", "attackers")
    returns = finished["returns"]
    shown = rows.nth(0).locator("td.num").nth(0).inner_text()
    assert float(shown) == returns[0]


def test_two_people_see_only_their_own_hands(server: ServerProcess,
                                             new_page: Callable[[], Page]) -> None:
    made = make_table(server, "baohuang", [2, 3, 4], seats=5)
    first, second = new_page(), new_page()
    sit(first, server, made["code"], 0, "Ann")
    sit(second, server, made["code"], 1, "Bo")
    views = {}
    for seat, page in ((0, first), (1, second)):
        token = page.evaluate(f"localStorage.getItem('paizhuo.token.{made['id']}')")
        client = Client(f"{server.ws_url}/ws/{made['id']}")
        client.send(type="join", token=token)
        state = client.until(lambda m: m["type"] == "state" and m["observation"]["seat"]
                             is not None)
        client.close()
        assert state["observation"]["seat"] == seat
        views[seat] = sorted(state["observation"]["hand"].split())
        page.wait_for_function(
            """(want) => JSON.stringify([...document.querySelectorAll('#hand .card')]
                 .map(e => e.dataset.card).sort()) === JSON.stringify(want)""",
            arg=views[seat])
        # the only other face-up cards are those played on the table
        loose = page.eval_on_selector_all(
            ".felt .card-face:not(.card-back-face)",
            "es => es.filter(e => !e.closest('.play-spot')).length")
        assert loose == 0
    assert views[0] != views[1]
    assert "Bo" in first.locator(".seat[data-seat='1'] .seat-name").inner_text()


def test_reload_returns_to_the_seat_and_state(server: ServerProcess,
                                              new_page: Callable[[], Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    while True:
        wait_turn(page)
        if root(page)["phase"] == "play" and len(hand(page)) < 23:
            break
        play_turn(page)
    before = root(page)
    cards = hand(page)
    page.reload()
    page.wait_for_function(
        """(sid) => { const r = document.querySelector('#table-page');
          return r && r.dataset.seat === '0' && r.dataset.stateId === sid; }""",
        arg=before["stateId"])
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length === {len(cards)}")
    assert hand(page) == cards
    assert root(page)["yourTurn"] == "1"
    assert page.query_selector("#seat-picker") is None
    # and the seat still plays on
    play_turn(page)


def test_language_switch(server: ServerProcess, new_page: Callable[[], Page]) -> None:
    page = new_page()
    page.goto(server.url + "/")
    create = page.locator("#lobby-create")
    assert create.inner_text() == "Open the table"
    page.click("#lang-switch")
    assert create.inner_text() == "开桌"
    assert page.locator("#lang-switch").inner_text() == "English"
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    sit(page, server, made["code"], 0, "安")
    assert page.locator("#hint-button").inner_text() == "提示"
    assert page.locator("#trustee-button").inner_text() == "托管"
    page.click("#lang-switch")
    assert page.locator("#hint-button").inner_text() == "Hint"
    assert "Trustee" in page.locator("#trustee-button").inner_text()
    assert page.locator("#to-lobby").inner_text().endswith("Lobby")


def test_illegal_selection_shows_the_rule(server: ServerProcess,
                                          new_page: Callable[[], Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    seen = False
    for _ in range(200):
        if seen:
            break
        wait_turn(page)
        if root(page)["selectVerb"] != "play" or len(hand(page)) < 2:
            play_turn(page)
            continue
        # the lowest card and the highest trump: two cards of different suits
        click_card(page, 0)
        click_card(page, -1)
        page.wait_for_function(WAIT_CHECK)
        if root(page)["check"] == "bad":
            seen = True
            assert not page.is_enabled("#play-button")
            assert re.fullmatch(r"rule SJ-\d+", page.locator("#rule-id").inner_text())
            assert page.locator("#rule-message").inner_text().strip()
        page.click("#clear-button")
        page.wait_for_function("document.querySelector('#table-page').dataset.check === ''")
        play_turn(page)
    assert seen, "no refused selection in 200 turns"


def test_lobby_creates_lists_and_joins(server: ServerProcess,
                                       new_page: Callable[[], Page]) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.select_option("#lobby-game", "gouji")
    page.fill("#lobby-name", "Cai")
    page.click("#lobby-create")
    page.wait_for_function("document.querySelectorAll('#hand .card').length > 0")
    code = page.locator("#table-code").inner_text().split()[-1]
    assert f"t={code}" in page.url
    table = server.get(f"/api/tables/{code}")
    assert [s["kind"] for s in table["seats"]] == ["person"] + ["bot"] * 5
    assert table["seats"][0]["name"] == "Cai"
    # a spectator finds it in the list, and another comes by the #CODE link
    other = new_page()
    other.goto(server.url + "/")
    other.locator(f".table-row[data-code='{code}']").wait_for()
    watcher = new_page()
    watcher.goto(f"{server.url}/#{code}")
    watcher.locator("#spectating").wait_for()
    watcher.wait_for_function("document.querySelectorAll('.seat').length === 6")
    assert watcher.query_selector_all("#hand .card") == []
    # join by the code typed in the lobby
    other.fill("#lobby-code", code)
    other.click("button[type=submit] >> text=Go")
    other.locator("#spectating").wait_for()


def test_names_and_chat_are_text(server: ServerProcess, new_page: Callable[[], Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    evil = "<img src=x onerror=alert(1)>"
    sit(page, server, made["code"], 0, evil[:24])
    page.fill("#chat-input", evil + "<b>hi</b>")
    page.press("#chat-input", "Enter")
    page.locator(".log-chat").wait_for()
    assert evil in page.locator(".log-chat").inner_text()
    assert page.query_selector("img") is None and page.query_selector(".log b b") is None
    assert evil[:24] in page.locator(".me-line .seat-name").inner_text()


GAMES = [("shengji", "tractor", 4), ("gouji", None, 6), ("baohuang", None, 5)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("game", "preset", "seats"), GAMES)
def test_every_game_in_both_languages(server: ServerProcess, new_page: Callable[[], Page],
                                      tmp_path: Path, game: str, preset: str | None,
                                      seats: int, lang: str) -> None:
    made = make_table(server, game, list(range(1, seats)), preset, seats=seats)
    page = new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('paizhuo.lang', '{lang}')")
    sit(page, server, made["code"], 0, "安妮" if lang == "zh" else "Ann")
    # play on to the first card play that is the seat's own, so the table has cards on it
    while True:
        wait_turn(page)
        if root(page)["selectVerb"] == "play" and page.query_selector(".played-cards"):
            break
        play_turn(page)
    assert page.locator(".seat").count() == seats - 1
    assert page.locator("#hint-button").inner_text() == ("提示" if lang == "zh" else "Hint")
    assert len(hand(page)) > 0
    out = os.environ.get("PAIZHUO_SCREENSHOTS")
    target = Path(out) if out else tmp_path
    target.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target / f"{game}-{lang}.png"))
    if out is None:
        shutil.rmtree(tmp_path, ignore_errors=True)
