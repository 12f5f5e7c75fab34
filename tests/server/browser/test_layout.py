"""The table in one screen, the end-of-deal summary and the log across a reload, in Debian's
Chromium: the hand, the buttons and the reason a play is refused are in view without scrolling
at 1280×800 and on a 390×844 phone, for every game; on a phone nothing lies on a play (seats,
notices, captions, the turn line); the summary closes with Esc or a click outside, leaves
"← Lobby" clickable, and the next deal waits for it; the log is the same after a reload.

``PAIZHUO_SCREENSHOTS=docs/screenshots`` makes :func:`test_the_table_fits_one_screen` save the
phone screenshots (``<game>-phone-<lang>.png``) there."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..procs import ServerProcess
from .conftest import AUTO_OFF
from .helpers import (
    Page,
    click_card,
    hand,
    make_table,
    play_turn,
    root,
    select_until_refused,
    sit,
    wait_turn,
)

GAMES = [("shengji", "tractor", 4), ("gouji", None, 6), ("baohuang", None, 5)]
SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                     "has_touch": True}}
LAYOUT_SEED = 5  # known deals: the same turns, tags and plays on every run
SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"


@pytest.fixture
def screen_page(browser: Any) -> Iterator[Callable[[str, str], Page]]:
    """Pages of a given screen ("desktop", "phone") and language, whose console errors fail
    the test."""
    errors: list[str] = []
    contexts: list[Any] = []

    def make(screen: str, lang: str = "en") -> Page:
        ctx = browser.new_context(locale="zh-CN" if lang == "zh" else "en-US",
                                  **SCREENS[screen])
        contexts.append(ctx)
        ctx.add_init_script(AUTO_OFF)  # the test decides every decision itself
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.on("console", lambda m: errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert errors == [], errors


BOX = """([sel, nth]) => { const e = document.querySelectorAll(sel)[nth];
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? {x: r.x, y: r.y, w: r.width, h: r.height} : null; }"""

# why an element has no box: its ancestors that hide it, whether it is in the document
UNSHOWN = """([sel, nth]) => { const e = document.querySelectorAll(sel)[nth];
  if (!e) return 'not in the page';
  const hidden = [];
  for (let a = e; a; a = a.parentElement) {
    const c = getComputedStyle(a);
    if (c.display === 'none' || c.visibility === 'hidden' || c.display === 'contents')
      hidden.push(`${a.tagName}#${a.id}.${a.className}:${c.display}/${c.visibility}`);
  }
  return `connected ${e.isConnected}, ${document.querySelectorAll(sel).length} such, ` +
    `hidden by [${hidden.join(' < ')}], bar ` +
    (document.querySelector('.actions')?.outerHTML.slice(0, 1500) || 'none'); }"""


def _box(page: Page, selector: str, nth: int = 0) -> dict[str, float]:
    """The element's box once it is drawn: read in the page as one look, waited for as a
    web-first assertion waits (the table is drawn anew on every message: an element seen
    visible a moment ago may be in the middle of being redrawn)."""
    try:
        box: dict[str, float] = page.wait_for_function(BOX, arg=[selector, nth],
                                                        timeout=10_000).json_value()
    except PlaywrightTimeout:
        pytest.fail(f"{selector} #{nth} is not shown: {page.evaluate(UNSHOWN, [selector, nth])} "
                    f"{root(page)}")
    return box


def _in_view(page: Page, selector: str, nth: int = 0) -> None:
    """The element (the ``nth`` of the CSS ``selector``) is wholly inside the window as it
    opened (nothing scrolled)."""
    size = page.viewport_size
    box = _box(page, selector, nth)
    assert box["x"] >= -0.5 and box["x"] + box["w"] <= size["width"] + 0.5, \
        f"{selector} leaves the screen sideways: {box}"
    assert box["y"] >= -0.5 and box["y"] + box["h"] <= size["height"] + 0.5, \
        f"{selector} is out of view: {box} in {size}"


def _to_own_play(page: Page) -> None:
    """Play on to a turn of the seat's own with cards on the felt (the felt at its fullest)."""
    for _ in range(200):
        wait_turn(page)
        if root(page)["selectVerb"] == "play" and page.query_selector(".played-cards"):
            return
        play_turn(page)
    pytest.fail("no turn to play with cards on the felt")


def _refuse(page: Page, game: str) -> None:
    """Select a play the rules refuse, and wait for the reason: two cards of two ranks. A
    Baohuang or Gouji turn may take such a pair (an answer to a pair beaten by a pair with a
    flower, a lead where the rules let it): then play the turn and try at the next."""
    if game == "shengji":
        select_until_refused(page)
        return
    cards: list[str] = []
    for _ in range(40):
        wait_turn(page)
        cards = hand(page)
        ranks = [c[:-1] for c in cards]
        if root(page)["selectVerb"] == "play":
            for other in [j for j, r in enumerate(ranks) if r != ranks[0]][:6]:
                click_card(page, 0)
                click_card(page, other)
                # the answer for these two cards, not one left from a single card's check
                page.wait_for_function("""() => {
                  const c = document.querySelector('#table-page').dataset.check;
                  return document.querySelectorAll('#hand .card.selected').length === 2 &&
                    (c === 'ok' || c === 'bad'); }""")
                if root(page)["check"] == "bad":
                    return
                page.click("#clear-button")
                page.wait_for_function(
                    "document.querySelector('#table-page').dataset.check === ''")
        play_turn(page)
    pytest.fail(f"no two cards of {cards} were refused")


# what must not lie on a play: seats, the middle's lines (the turn line, a game's notices),
# the caption, the last-trick button, the other plays, the player's bar
OBSTACLES = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const plays = [...document.querySelectorAll('#felt .play-spot')].filter(shown)
    .filter((e) => e.children.length)
    .map((e) => ({ seat: e.dataset.seat, box: box(e), html: e.outerHTML.slice(0, 400) }));
  const others = [];
  const add = (sel, what) => document.querySelectorAll(sel).forEach((e) => {
    const seat = e.dataset.seat ? ' ' + e.dataset.seat : '';
    if (shown(e)) others.push({ what: what + seat, box: box(e), text: e.innerText.slice(0, 300) });
  });
  add('#felt .seat', 'seat');
  add('#felt .felt-center > *', 'centre');
  add('#felt-caption', 'caption');
  add('.last-trick-button', 'last trick');
  add('.hand-area', 'bar');
  add('#felt > :not(.seat):not(.play-spot):not(.felt-center):not(.last-trick)', 'on the felt');
  return { plays, others };
}"""


def _overlaps(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


SEAT_BOXES = """() => {
  const felt = document.querySelector('#felt');
  const f = felt.getBoundingClientRect();
  const inner = [f.left + felt.clientLeft, f.top + felt.clientTop,
                 f.left + felt.clientLeft + felt.clientWidth,
                 f.top + felt.clientTop + felt.clientHeight];
  const seats = [...felt.querySelectorAll('.seat')].map((e) => {
    const r = e.getBoundingClientRect();
    return { seat: e.dataset.seat, box: [r.left, r.top, r.right, r.bottom] };
  });
  return { inner, seats };
}"""


def _seats_apart_and_inside(page: Page) -> None:
    """On a phone every seat box lies inside the felt (none over its rim) and no two meet:
    boxes of one side keep a gap however many tags they carry."""
    page.wait_for_function(SETTLED)
    found = page.evaluate(SEAT_BOXES)
    left, top, right, bottom = found["inner"]
    seats = found["seats"]
    for i, seat in enumerate(seats):
        x0, y0, x1, y1 = seat["box"]
        assert y0 >= top - 0.5 and y1 <= bottom + 0.5, \
            f"seat {seat['seat']} leaves the felt: {found}"
        assert x0 >= left - 12 and x1 <= right + 12, f"seat {seat['seat']} leaves the felt: {found}"
        for other in seats[i + 1:]:
            a, b = seat["box"], other["box"]
            apart = (min(a[2], b[2]) - max(a[0], b[0]) <= 0
                     or max(a[1], b[1]) - min(a[3], b[3]) >= 2)
            assert apart, f"seats {seat['seat']} and {other['seat']} meet: {found}"


def _nothing_on_a_play(page: Page) -> int:
    """No seat, notice, caption or other play lies on a play; returns how many plays lay."""
    page.wait_for_function(SETTLED)
    found = page.evaluate(OBSTACLES)
    plays = found["plays"]
    for i, play in enumerate(plays):
        for other in found["others"]:
            assert not _overlaps(play["box"], other["box"]), \
                f"the play of seat {play['seat']} lies under {other['what']}: {play} {other}"
        for second in plays[i + 1:]:
            assert not _overlaps(play["box"], second["box"]), f"two plays meet: {play} {second}"
    return len(plays)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
@pytest.mark.parametrize(("game", "preset", "seats"), GAMES)
def test_the_table_fits_one_screen(server: ServerProcess, screen_page: Callable[..., Page],
                                   tmp_path: Path, game: str, preset: str | None, seats: int,
                                   screen: str) -> None:
    """At 1280×800 and on a 390×844 phone the hand, the buttons and the reason a play is
    refused are in view without scrolling (Gouji: 6 seats, 27 cards); on the phone nothing
    lies on a play, turn after turn."""
    made = make_table(server, game, list(range(1, seats)), preset, seats=seats, seed=LAYOUT_SEED)
    lang = "zh" if screen == "phone" else "en"
    page = screen_page(screen, lang)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('paizhuo.lang', '{lang}')")
    sit(page, server, made["code"], 0, "安妮" if lang == "zh" else "Ann")
    _to_own_play(page)
    page.wait_for_function(SETTLED)
    assert page.evaluate("window.scrollY") == 0
    if screen == "phone":
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), \
            "the page is wider than the phone"
        out = os.environ.get("PAIZHUO_SCREENSHOTS")
        target = Path(out) if out else tmp_path
        target.mkdir(parents=True, exist_ok=True)
        assert _nothing_on_a_play(page) >= 1
        _seats_apart_and_inside(page)
        for other in ("zh", "en"):
            if other != lang:
                page.click("#lang-switch")
            page.wait_for_function(SETTLED)
            page.screenshot(path=str(target / f"{game}-phone-{other}.png"))
        if out is None:
            shutil.rmtree(tmp_path, ignore_errors=True)
    for selector in ("#hand", "#hint-button", "#play-button", "#trustee-button"):
        _in_view(page, selector)
    for i in range(page.locator("#action-bar .action-button").count()):
        _in_view(page, "#action-bar .action-button", i)
    _refuse(page, game)
    page.locator("#rule-message").wait_for()
    _in_view(page, "#rule-message")
    _in_view(page, "#rule-id")
    assert page.evaluate("window.scrollY") == 0
    if screen == "phone":
        page.click("#clear-button")
        for _ in range(6):  # turn after turn, plays of every size
            play_turn(page)
            if not wait_turn(page, stop_at_deal_over=True):
                break
            _seats_apart_and_inside(page)
            _nothing_on_a_play(page)


def _baohuang_for_one(server: ServerProcess, wait: float | None = None) -> dict[str, Any]:
    # bots at a pace a page on a busy machine follows (a deal is a few hundred messages)
    settings: dict[str, Any] = {"bot_delay": 0.05}
    if wait is not None:
        settings["summary_wait"] = wait
    return make_table(server, "baohuang", [1, 2, 3, 4], "basic", seats=5, settings=settings)


def _deal_over(page: Page, deal: int) -> None:
    page.wait_for_function(f"document.querySelector('#table-page').dataset.dealOver === '{deal}'",
                           timeout=90_000)
    page.locator("#deal-over").wait_for()


def _deal_of(server: ServerProcess, made: dict[str, Any]) -> int:
    deal: int = server.get(f"/api/tables/{made['id']}")["deal"]
    return deal


def test_the_summary_closes_and_the_next_deal_waits_for_it(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    """The summary closes with Esc and with a click outside it; until it is closed (or its
    wait ran out) the next deal is not dealt; "← Lobby" stays clickable while it is open."""
    # (a long wait: no next deal is played under a summary this test keeps open)
    made = _baohuang_for_one(server, wait=60)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.click("#trustee-button")  # a bot plays the seat: the deal runs to its end
    _deal_over(page, 0)
    time.sleep(1.5)
    assert _deal_of(server, made) == 0, "the next deal was dealt under the open summary"
    assert server.get(f"/api/tables/{made['id']}")["next_deal"]["waiting"] == [0]
    page.keyboard.press("Escape")
    assert page.query_selector("#deal-over") is None
    page.wait_for_function("document.querySelector('#table-page').dataset.stateId !== ''")
    assert _deal_of(server, made) == 1
    _deal_over(page, 1)
    time.sleep(0.5)
    assert _deal_of(server, made) == 1
    # a click on the dimmed table around the summary closes it too
    size = page.viewport_size
    page.mouse.click(8, size["height"] - 8)
    assert page.query_selector("#deal-over") is None
    page.wait_for_function("() => !!document.querySelector('#table-page').dataset.stateId")
    assert _deal_of(server, made) == 2
    # a click inside it does not
    _deal_over(page, 2)
    page.click("#deal-over h2")
    assert page.query_selector("#deal-over") is not None
    # the way back to the lobby is open while it shows
    page.click("#to-lobby")
    page.wait_for_function("location.search === ''")
    page.locator("#lobby-create").wait_for()


def test_the_next_deal_waits_no_longer_than_its_wait(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    """A summary left open holds the next deal only ``summary_wait`` seconds (10 by default;
    3 here): the table deals it when the wait it announced (``next_deal.at``) runs out, not
    before and not much later, and the page's summary stays open over the new deal."""
    assert _baohuang_for_one(server)["table"]["settings"]["summary_wait"] == 10  # the default
    made = _baohuang_for_one(server, wait=3)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.click("#trustee-button")
    _deal_over(page, 0)
    table = server.get(f"/api/tables/{made['id']}")
    assert table["deal"] == 0, "the page is more than the wait behind the table"
    assert table["next_deal"]["waiting"] == [0]
    at = table["next_deal"]["at"]
    assert 0 < at - time.time() <= 3
    give_up = time.time() + 30
    while _deal_of(server, made) == 0 and time.time() < give_up:
        time.sleep(0.05)
    dealt = time.time()
    assert at - 0.01 <= dealt < at + 5, (dealt - at)  # (the server's `at` is in milliseconds)
    page.wait_for_function("document.querySelector('#table-page').dataset.stateId !== ''",
                           timeout=30_000)
    assert page.query_selector("#deal-over") is not None  # still open: the reader closes it


LOG = """() => [...document.querySelectorAll('#log li')]
  .map((e) => e.className + '|' + e.textContent)"""


def test_the_log_survives_a_reload(server: ServerProcess, new_page: Callable[[], Page]) -> None:
    """After a reload the log of the deal (and the chat said meanwhile, where it was said) is
    the one the page had."""
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    for turn in range(4):
        wait_turn(page)
        if turn in (1, 2):
            page.fill("#chat-input", f"line {turn}")
            page.press("#chat-input", "Enter")
            page.wait_for_function("(t) => document.querySelector('#log').textContent.includes(t)",
                                   arg=f"line {turn}")
        play_turn(page)
    wait_turn(page)
    page.wait_for_function(SETTLED)
    before = page.evaluate(LOG)
    assert any("line 1" in x for x in before) and len(before) > 8
    assert not any("log-divider" in x for x in before)  # all of one deal
    page.reload()
    page.wait_for_function("document.querySelector('#table-page').dataset.seat === '0'")
    wait_turn(page)
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n",
                           arg=len(before))
    assert page.evaluate(LOG) == before
