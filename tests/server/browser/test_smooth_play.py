"""The table plays smoothly: auto-pass 不要 (Gouji, Baohuang) and Shengji's forced card made
by the player's own page where they are the only legal action, shown first and each a toggle
(``static/table/auto.js``); the turn timer chosen in the lobby and drawn as a ring that
empties; disabled buttons that look disabled; Gouji's hint marking the button it suggests.

The deals are the other browser tests' known deals (``settings.seed``); the tests play on by
clicking until the moment they need comes (a seat with only a pass, a forced follow), which
the greedy bots bring within a few rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ..procs import ServerProcess
from .helpers import WAIT_TURN, Page, click_card, make_table, play_turn, root, sit, wait_moved

GOUJI_SEED = 24  # test_gouji.py's deal: seat 0 leads first
SHENGJI_SEED = 3  # test_shengji.py's deal
BAOHUANG_SEED = 3  # any deal: a seat that cannot beat a play comes soon
AUTO_DELAY = 1.0  # s: table/auto.js shows what it will do this long before it sends it

NOTICE = "() => !!document.querySelector('#auto-notice')"

# What the seat's page shows now, read in the page in one go (a notice lives a second: read
# apart, it may be gone between two looks): the summary, the notice of an action the page is
# about to make (its words, its verb, the state it answers, the page's count of actions made
# by itself, the cards in hand), or a turn of the seat's own; null while none of these shows.
MOMENT = """() => {
  const r = document.querySelector('#table-page');
  if (!r) return null;
  if (document.querySelector('#deal-over')) return { over: true };
  const n = document.querySelector('#auto-notice');
  if (n) return { notice: n.textContent, verb: n.dataset.verb, sid: r.dataset.stateId,
                  made: r.dataset.autoMade, held: document.querySelectorAll('#hand .card').length };
  if (r.dataset.yourTurn === '1' && r.dataset.busy === '0') return { sid: r.dataset.stateId };
  return null;
}"""


def moment(page: Page) -> dict[str, Any]:
    seen: dict[str, Any] = page.wait_for_function(MOMENT).json_value()
    return seen


def only_pass(page: Page, seen: dict[str, Any]) -> bool:
    """The seat's one choice is a pass: no cards to pick, one button, a pass."""
    if "notice" in seen:
        return False
    buttons = page.locator(".action-bar .action-button")
    return (root(page)["selectVerb"] == "" and buttons.count() == 1
            and buttons.first.get_attribute("data-verb") == "pass")


def a_notice(_page: Page, seen: dict[str, Any]) -> bool:
    return "notice" in seen


def play_until(page: Page, stop: Callable[[Page, dict[str, Any]], bool],
               turns: int = 150) -> dict[str, Any]:
    """Decide by clicking (``play_turn``) until ``stop`` holds at a moment of the seat's
    (``MOMENT``), and return that moment; a deal's summary is closed on the way. A turn the
    page is about to make by itself (its notice shown) is left to it."""
    for _ in range(turns):
        seen = moment(page)
        if seen.get("over"):
            page.click("#deal-over-close")
            page.wait_for_selector("#deal-over", state="detached")
            continue
        if stop(page, seen):
            return seen
        if "notice" in seen:
            wait_moved(page, seen["sid"])
            continue
        play_turn(page)
    pytest.fail(f"the moment did not come in {turns} turns")


def my_log_lines(page: Page, name: str, verb: str) -> int:
    lines: list[str] = page.eval_on_selector_all("#log li", "es => es.map(e => e.textContent)")
    return sum(1 for x in lines if f"{name}: {verb}" in x)


def check_made_by_itself(page: Page, seen: dict[str, Any], expect: str) -> None:
    """At a notice (``seen``): nothing is clicked, the page sends the action itself, having
    shown the notice for ``AUTO_DELAY`` first (the page's own count, ``data-auto-made``: the
    test's clock would measure its own delays too), and the notice goes."""
    assert expect in seen["notice"], seen
    wait_moved(page, seen["sid"])
    made = page.wait_for_function(
        "(before) => { const m = document.querySelector('#table-page').dataset.autoMade;"
        " return m && m !== before ? m : null; }", arg=seen["made"] or "").json_value()
    _count, verb, shown = made.split(" ")
    assert verb == seen["verb"], (made, seen)
    assert int(shown) >= AUTO_DELAY * 1000 - 5, f"the notice showed only {shown} ms"
    page.wait_for_function(f"() => !({NOTICE})() || "
                           f"document.querySelector('#table-page').dataset.stateId !== "
                           f"'{seen['sid']}'")


@pytest.mark.parametrize(("game", "seats", "seed", "options"), [
    ("gouji", 6, GOUJI_SEED, None),
    ("baohuang", 5, BAOHUANG_SEED, {"seize": False}),
])
def test_auto_pass_is_on_by_default_and_shown_before_it_passes(
        server: ServerProcess, new_page: Callable[..., Page], game: str, seats: int, seed: int,
        options: dict[str, bool] | None) -> None:
    made = make_table(server, game, list(range(1, seats)), seats=seats, seed=seed,
                      options=options)
    page = new_page(auto=True)
    sit(page, server, made["code"], 0, "Ann")
    toggle = page.locator("#auto-button")
    assert toggle.get_attribute("aria-pressed") == "true"
    assert toggle.get_attribute("data-auto") == "pass"
    assert "Auto-pass" in toggle.inner_text()
    before = my_log_lines(page, "Ann", "Pass")
    check_made_by_itself(page, play_until(page, a_notice), "Auto-pass")
    page.wait_for_function(
        "(n) => [...document.querySelectorAll('#log li')].filter("
        "e => e.textContent.includes('Ann: Pass')).length > n", arg=before)

    # in 中文 the notice and the toggle speak Chinese
    page.click("#lang-switch")
    assert page.locator("#auto-button").inner_text().endswith("自动不要")
    check_made_by_itself(page, play_until(page, a_notice), "自动不要")


def test_auto_pass_off_waits_for_a_click_and_is_remembered(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6, seed=GOUJI_SEED)
    page = new_page(auto=True)
    sit(page, server, made["code"], 0, "Ann")
    page.click("#auto-button")
    page.wait_for_function(
        "document.querySelector('#auto-button').getAttribute('aria-pressed') === 'false'")
    assert page.evaluate("localStorage.getItem('paizhuo.auto.pass')") == "0"
    # remembered: a reload keeps it off
    page.reload()
    page.wait_for_selector("#auto-button[aria-pressed='false']")

    play_until(page, only_pass)
    sid = root(page)["stateId"]
    page.wait_for_timeout(2.5 * AUTO_DELAY * 1000)
    assert root(page)["stateId"] == sid and root(page)["yourTurn"] == "1"
    assert page.query_selector("#auto-notice") is None

    # turned on while the seat waits: the page passes for it, notice first
    page.click("#auto-button")
    seen = moment(page)
    assert "notice" in seen, seen
    assert page.locator("#auto-button").get_attribute("aria-pressed") == "true"
    check_made_by_itself(page, seen, "Auto-pass")

    # off again: the next only-pass waits, and the click passes
    page.click("#auto-button")
    play_until(page, only_pass)
    sid = root(page)["stateId"]
    page.wait_for_timeout(1.5 * AUTO_DELAY * 1000)
    assert root(page)["stateId"] == sid
    page.locator(".action-button[data-verb='pass']").click()
    wait_moved(page, sid)


def test_shengji_plays_a_forced_follow_by_itself(server: ServerProcess,
                                                 new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor", seed=SHENGJI_SEED)
    page = new_page(auto=True)
    sit(page, server, made["code"], 0, "Ann")
    toggle = page.locator("#auto-button")
    assert toggle.get_attribute("data-auto") == "follow"
    assert toggle.get_attribute("aria-pressed") == "true"
    seen = play_until(page, a_notice, turns=300)
    held = seen["held"]
    assert seen["verb"] == "play", seen
    check_made_by_itself(page, seen, "is your only legal play")
    notice = seen["notice"]
    # the card named (with its suit symbol) left the hand: played, not passed
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {held}"
                           " || !!document.querySelector('#deal-over')")
    assert any(sym in notice for sym in "♠♥♣♦") or "Joker" in notice or "joker" in notice, notice


def opened(page: Page, server: ServerProcess) -> dict[str, Any]:
    """The table the lobby just opened (its public view), closed again with the host token the
    page keeps, so that its bots stop playing."""
    code = page.evaluate("new URLSearchParams(location.search).get('t')")
    table: dict[str, Any] = server.get(f"/api/tables/{code}")
    status = page.evaluate("""async (id) => {
      const token = localStorage.getItem('paizhuo.host.' + id);
      const res = await fetch('/api/tables/' + id,
                              { method: 'DELETE', headers: { Authorization: 'Bearer ' + token } });
      return res.status; }""", table["id"])
    assert status == 200
    return table


def test_the_lobby_offers_the_turn_timer_with_its_defaults(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#lobby-timer")
    values = page.eval_on_selector_all("#lobby-timer option", "es => es.map(e => e.value)")
    assert values == ["", "15", "30", "60"]
    labels = page.eval_on_selector_all("#lobby-timer option", "es => es.map(e => e.textContent)")
    assert labels[0] == "none" and labels[2] == "30 s, then 托管"
    # me + bots: no timer; friends: 30 s
    assert page.input_value("#lobby-timer") == ""
    page.select_option("#lobby-who", "friends")
    assert page.input_value("#lobby-timer") == "30"
    page.fill("#lobby-name", "Ann")
    page.click("#lobby-create")
    page.wait_for_selector("#table-code")
    assert opened(page, server)["settings"]["timer"] == 30

    # a table of bots with the host's own choice; in 中文 the choices are Chinese
    page.goto(server.url + "/")
    page.wait_for_selector("#lobby-timer")
    page.click("#lang-switch")
    labels = page.eval_on_selector_all("#lobby-timer option", "es => es.map(e => e.textContent)")
    assert labels == ["不限时", "15 秒，超时托管", "30 秒，超时托管", "60 秒，超时托管"]
    assert page.input_value("#lobby-timer") == ""
    page.select_option("#lobby-timer", "15")
    page.click("#lobby-create")
    page.wait_for_selector("#table-code")
    assert opened(page, server)["settings"]["timer"] == 15
    page.goto(server.url + "/")
    page.wait_for_selector("#lobby-timer")
    page.click("#lobby-create")
    page.wait_for_selector("#table-code")
    assert opened(page, server)["settings"]["timer"] is None


RING = """(sel) => { const e = document.querySelector(sel);
  return e ? { left: parseFloat(e.style.getPropertyValue('--left')),
               bg: getComputedStyle(e).backgroundImage } : null; }"""


def test_the_turn_timer_is_a_ring_that_empties(server: ServerProcess,
                                               new_page: Callable[..., Page]) -> None:
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6, seed=GOUJI_SEED,
                      settings={"timer": 30})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_function(WAIT_TURN)
    # the player's own: a small ring beside the seconds
    page.wait_for_selector(".action-bar .turn-ring.mini-ring")
    assert page.locator("#my-timer").inner_text().startswith("◷")

    watcher = new_page()
    watcher.goto(f"{server.url}/?t={made['code']}")
    ring = ".seat[data-seat='0'] .turn-ring.seat-ring"
    watcher.wait_for_selector(ring)
    assert watcher.locator(".seat.acting[data-seat='0']").count() == 1
    # only the acting seat has one
    assert watcher.locator(".turn-ring").count() == 1
    first = watcher.evaluate(RING, ring)
    assert "conic-gradient" in first["bg"], first
    assert 0.8 < first["left"] <= 1.0
    watcher.wait_for_timeout(1500)
    later = watcher.evaluate(RING, ring)
    assert later["left"] < first["left"] - 0.02, (first, later)
    # with reduced motion the ring stays whole (no emptying) and the seconds count
    watcher.emulate_media(reduced_motion="reduce")
    still = watcher.evaluate(RING, ring)
    assert "conic-gradient" not in still["bg"], still
    assert watcher.locator(".seat[data-seat='0'] [data-timer]").inner_text().endswith("s")


DISABLED_LOOK = """(sel) => { const e = document.querySelector(sel); const c = getComputedStyle(e);
  return { disabled: e.disabled, cursor: c.cursor, opacity: parseFloat(c.opacity),
           filter: c.filter }; }"""


def test_disabled_buttons_look_disabled(server: ServerProcess,
                                        new_page: Callable[..., Page]) -> None:
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6, seed=GOUJI_SEED)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_function(WAIT_TURN)
    # nothing selected: play and clear are disabled, and look it
    for sel in ("#play-button", "#clear-button"):
        look = page.evaluate(DISABLED_LOOK, sel)
        assert look["disabled"], (sel, look)
        assert look["cursor"] == "not-allowed", (sel, look)
        assert look["opacity"] < 0.6, (sel, look)
        assert "grayscale(1)" in look["filter"], (sel, look)
    # the pointer over a disabled button says so too, hovering does not light it up
    page.hover("#play-button")
    assert page.evaluate(DISABLED_LOOK, "#play-button")["cursor"] == "not-allowed"
    # enabled buttons do not
    for sel in ("#hint-button", "#trustee-button"):
        look = page.evaluate(DISABLED_LOOK, sel)
        assert not look["disabled"] and look["cursor"] == "pointer", (sel, look)
        assert look["opacity"] == 1 and look["filter"] == "none", (sel, look)
    # a selection the server accepts enables play, which then looks enabled
    click_card(page, 0)
    page.wait_for_function("document.querySelector('#table-page').dataset.check !== 'pending'")
    if root(page)["check"] == "ok":
        look = page.evaluate(DISABLED_LOOK, "#play-button")
        assert not look["disabled"] and look["filter"] == "none", look


def test_gouji_hint_marks_the_button_it_suggests(server: ServerProcess,
                                                 new_page: Callable[..., Page]) -> None:
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6, seed=GOUJI_SEED)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")

    def hint_marks_a_button(p: Page, seen: dict[str, Any]) -> bool:
        if "notice" in seen:
            return False
        p.click("#hint-button")
        p.wait_for_function("() => { const m = document.querySelector('#action-note');"
                            " return m && m.textContent.includes('Hint'); }")
        return bool(p.locator("#gj-decision .action-button.hinted").count() == 1)

    play_until(page, hint_marks_a_button)
    marked = page.locator("#gj-decision .action-button.hinted")
    verb = marked.get_attribute("data-verb")
    assert verb in ("pass", "yield", "claim"), verb
    # the note names the same action as the marked button
    assert page.locator("#action-note").inner_text().startswith("Hint:")
    # the mark looks like the other games' (the accent outline)
    outline = page.eval_on_selector("#gj-decision .action-button.hinted",
                                    "e => getComputedStyle(e).outlineStyle")
    assert outline == "solid"
    sid = root(page)["stateId"]
    marked.click()
    wait_moved(page, sid)
