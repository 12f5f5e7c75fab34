"""How the table looks and sounds (issue 34): a play slides from its seat onto the felt and the
trick's winner is marked (no movement with reduced motion); the sounds are off until turned on
and the toggle makes an AudioContext; avatars drawn in the page, the same name the same avatar;
bots named for people in both languages while the protocol keeps the internal name; counts in
words ("1 card"), suit symbols, the trump said as a person would; seats numbered 1–N with their
direction at the table and in the replay; the replay's step 0 shows every hand as dealt."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from ..procs import ServerProcess
from .helpers import Page, make_table, play_turn, root, sit, wait_turn

READY = "document.querySelector('#replay-page')?.dataset.ready === '1'"

# What the page drew: every play that slid in (its animation as the page computed it) and
# every winner's mark, caught as the nodes are added (a fast table draws them for moments).
WATCH = """
window.__look = { slides: [], won: [] };
new MutationObserver((changes) => {
  for (const c of changes) for (const n of c.addedNodes) {
    if (n.nodeType !== 1) continue;
    for (const el of [n, ...n.querySelectorAll('.slide-in, .trick-winner')]) {
      const seen = window.__look;
      if (el.classList.contains('slide-in')) seen.slides.push(getComputedStyle(el).animationName);
      if (el.classList.contains('trick-winner')) seen.won.push(el.innerText);
    }
  }
}).observe(document, { subtree: true, childList: true });
"""

# Counts AudioContexts made and notes played (the page makes its sounds with Web Audio).
AUDIO = """
window.__audio = { contexts: 0, notes: 0 };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__audio.contexts += 1; }
  createOscillator() { window.__audio.notes += 1; return super.createOscillator(); }
};
"""


def _play_until(page: Page, done: Callable[[], bool], turns: int = 120) -> None:
    for _ in range(turns):
        if done():
            return
        if not wait_turn(page, stop_at_deal_over=True):
            page.click("#deal-over-close")
            continue
        play_turn(page)
    raise AssertionError(f"not done in {turns} turns")


def _seen(page: Page) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = page.evaluate("window.__look")
    return seen


def test_a_play_slides_onto_the_felt_and_the_winner_is_marked(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor", settings={"bot_delay": 0.2})
    page = new_page()
    page.add_init_script(WATCH)
    sit(page, server, made["code"], 0, "Ann")
    _play_until(page, lambda: bool(_seen(page)["won"]))
    seen = _seen(page)
    assert seen["slides"] and set(seen["slides"]) == {"pz-slide-in"}, seen
    assert any("takes it" in w for w in seen["won"]), seen
    # with reduced motion nothing moves: the class may come, the animation does not
    calm = new_page()
    calm.emulate_media(reduced_motion="reduce")
    calm.add_init_script(WATCH)
    made = make_table(server, "shengji", [1, 2, 3], "tractor", settings={"bot_delay": 0.2})
    sit(calm, server, made["code"], 0, "Bo")
    _play_until(calm, lambda: len(_seen(calm)["slides"]) >= 4)
    assert set(_seen(calm)["slides"]) == {"none"}, _seen(calm)


def test_sounds_are_off_until_turned_on_and_remembered(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6)
    page = new_page()
    page.add_init_script(AUDIO)
    sit(page, server, made["code"], 0, "Ann")
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    wait_turn(page)
    play_turn(page)
    wait_turn(page)
    assert page.evaluate("window.__audio") == {"contexts": 0, "notes": 0}
    toggle.click()
    page.wait_for_function("window.__audio.contexts === 1")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('paizhuo.sound')") == "on"
    # a reload remembers it; the next turn of the player sounds
    page.reload()
    page.wait_for_function("document.querySelector('#table-page')?.dataset.seat === '0'")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    page.locator("#sound-toggle").click()  # off again: the next turn is silent
    page.locator("#sound-toggle").click()  # on (a click lets the page start its audio)
    notes = page.evaluate("window.__audio.notes")
    wait_turn(page)
    play_turn(page)
    page.wait_for_function(f"window.__audio.notes > {notes}")


def test_avatars_and_bot_names_for_people(server: ServerProcess,
                                          new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [2, 3], "tractor")
    ann = new_page()
    sit(ann, server, made["code"], 0, "Mei Lin")
    other = new_page()
    sit(other, server, made["code"], 1, "Mei Lin")
    ann.wait_for_function("document.querySelectorAll('.seat .avatar').length === 3")
    own = ann.locator(".me-line .avatar").get_attribute("data-avatar")
    assert own and ann.locator(".seat[data-seat='1'] .avatar").get_attribute("data-avatar") == own
    assert ann.locator(".me-line .avatar-initials").text_content() == "ML"
    bots = [ann.locator(f".seat[data-seat='{i}'] .seat-name").inner_text() for i in (2, 3)]
    assert all(re.fullmatch(r"Bot [A-Z][a-z]+ \(greedy\)", b) for b in bots), bots
    assert bots[0] != bots[1]
    faces = [ann.locator(f".seat[data-seat='{i}'] .avatar").get_attribute("data-avatar")
             for i in (2, 3)]
    assert faces[0] != faces[1] and own not in faces
    # the same names and faces after a reload and for the other player
    ann.reload()
    ann.wait_for_function("document.querySelectorAll('.seat .avatar').length === 3")
    assert [ann.locator(f".seat[data-seat='{i}'] .seat-name").inner_text() for i in (2, 3)] == bots
    assert [other.locator(f".seat[data-seat='{i}'] .seat-name").inner_text() for i in (2, 3)] \
        == bots
    # 中文: 机器人·小张（贪心）
    ann.click("#lang-switch")
    zh = [ann.locator(f".seat[data-seat='{i}'] .seat-name").inner_text() for i in (2, 3)]
    assert all(re.fullmatch(r"机器人·小.（贪心）", b) for b in zh), zh
    # the protocol and the stored table keep the internal name
    seats = server.get(f"/api/tables/{made['id']}")["seats"]
    assert [s["bot"] for s in seats] == [None, None, "greedy", "greedy"]
    assert seats[2]["name"] == "greedy bot"
    # the lobby lists the bots by the same names
    ann.goto(server.url + "/")
    ann.click("#lang-switch")
    row = ann.locator(f".table-row[data-code='{made['code']}'] .table-row-seats")
    row.wait_for()
    assert bots[0] in row.inner_text() and bots[1] in row.inner_text()


def test_seats_are_numbered_from_one_with_their_direction(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor")
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    where = {i: page.locator(f".seat[data-seat='{i}'] .seat-where").inner_text() for i in (1, 2, 3)}
    assert where == {1: "Seat 2 (right)", 2: "Seat 3 (across)", 3: "Seat 4 (left)"}
    assert page.locator("#my-seat-where").inner_text() == "Seat 1"
    page.click("#lang-switch")
    assert page.locator(".seat[data-seat='2'] .seat-where").inner_text() == "3号位（对家）"
    assert page.locator(".seat[data-seat='1'] .seat-where").inner_text() == "2号位（下家）"
    assert page.locator("#my-seat-where").inner_text() == "1号位"
    # a five-seat table seen from seat 3
    made = make_table(server, "baohuang", [0, 1, 3, 4], seats=5)
    five = new_page()
    sit(five, server, made["code"], 2, "Bo")
    where = {i: five.locator(f".seat[data-seat='{i}'] .seat-where").inner_text()
             for i in (0, 1, 3, 4)}
    assert where == {3: "Seat 4 (right)", 4: "Seat 5 (upper right)", 0: "Seat 1 (upper left)",
                     1: "Seat 2 (left)"}


def test_the_trump_is_said_as_a_person_would(server: ServerProcess,
                                             new_page: Callable[..., Page]) -> None:
    made = make_table(server, "shengji", [1, 2, 3], "tractor", settings={"bot_delay": 0.3})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.locator("#sj-trump").wait_for()
    said: set[str] = set()
    for _ in range(60):
        said.add(page.locator("#sj-trump").inner_text())
        if root(page)["phase"] == "play":
            break
        if wait_turn(page, stop_at_deal_over=True):
            play_turn(page)
        else:
            page.click("#deal-over-close")
    said.add(page.locator("#sj-trump").inner_text())
    assert not [x for x in said if "?" in x or "Trump No" in x], said
    assert all(re.fullmatch(r"Trump: none yet|Trump: [♠♥♣♦]( so far)?|No trump( so far)?", x)
               for x in said), said
    assert re.fullmatch(r"Trump: [♠♥♣♦]|No trump", page.locator("#sj-trump").inner_text())
    page.click("#lang-switch")
    assert re.fullmatch(r"主：[♠♥♣♦]|无主", page.locator("#sj-trump").inner_text())


def test_counts_in_words(server: ServerProcess, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
      const { t, setLang } = await import('/static/i18n.js');
      const out = [1, 2, 0].map((n) => t('table.cards', { n }));
      setLang('zh');
      out.push(t('table.cards', { n: 1 }), t('table.cards', { n: 2 }));
      setLang('en');
      return out;
    }""")
    assert said == ["1 card", "2 cards", "0 cards", "1 张", "2 张"]


def _finished_shengji(server: ServerProcess) -> dict[str, Any]:
    # a known deal (test_shengji.py's) in which a bot declares: an unseeded one may go to
    # the void deal nobody declares in (no trump, no play), as it once did in CI
    made = make_table(server, "shengji", [0, 1, 2, 3], "tractor", settings={"deals": 1},
                      seed=3)
    deadline = time.monotonic() + 90
    while True:
        games = server.get(f"/api/games?table={made['id']}")["games"]
        if games:
            return {"entry": games[0], "replay": server.get(games[0]["replay"])}
        assert time.monotonic() < deadline, "the bots did not finish their deal"
        time.sleep(0.3)


def test_the_replay_deals_every_hand_at_step_0_and_speaks_for_people(
        server: ServerProcess, new_page: Callable[..., Page]) -> None:
    done = _finished_shengji(server)
    frames = done["replay"]["frames"]
    page = new_page()
    page.goto(f"{server.url}/?replay={done['entry']['id']}")
    page.wait_for_function(READY)
    counts = page.eval_on_selector_all(
        ".replay-seat", "es => es.map(e => e.querySelectorAll('.replay-hand .card').length)")
    assert counts == [25, 25, 25, 25]
    assert page.locator(".replay-seat[data-seat='0'] .replay-count").inner_text() == "25 cards"
    # seats 1–N seen from seat 1 at the bottom, bots by their names for people
    assert page.locator(".replay-seat[data-seat='2'] .seat-where").inner_text() == "Seat 3 (across)"
    assert page.locator(".replay-seat[data-seat='0'] .seat-where").inner_text() == "Seat 1"
    name = page.locator(".replay-seat[data-seat='1'] .seat-name").inner_text()
    assert re.fullmatch(r"Bot [A-Z][a-z]+ \(greedy\)", name), name
    assert page.locator(".replay-seat .avatar").count() == 4
    # cards and the trump with suit symbols, never the notation's letters
    log = page.locator("#replay-log").inner_text()
    assert not re.search(r"\b(?:10|[2-9TJQKA])[SHCD]\b", log), log
    assert not re.search(r"Trump is [SHCD]\b|Trump is NT", log), log
    assert re.search(r"Trump is (?:[♠♥♣♦]|No trump)", log), log
    # the step where every hand holds one card: "1 card"
    last = next(k for k, f in enumerate(frames)
                if f["phase"] == "play" and all(len(h.split()) == 1 for h in f["hands"]))
    page.evaluate(f"""() => {{ const s = document.querySelector('#replay-slider');
      s.value = '{last}'; s.dispatchEvent(new Event('input', {{ bubbles: true }})); }}""")
    page.wait_for_function(f"document.querySelector('#replay-page').dataset.step === '{last}'")
    assert page.locator(".replay-seat[data-seat='0'] .replay-count").inner_text() == "1 card"
