"""Seats and tables a person can leave, and the lobby's lists (issue 34): "leave the table"
hands a seat in play to 托管 and says so to everyone, the lobby offers "return to your seat",
open tables show their players, game, preset and state, finished deals are grouped by table
newest first, and a table that ended is never offered to join."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable
from typing import Any

from ..procs import Client, ServerProcess
from .helpers import Page, make_table, root, sit

LOBBY_ROW = "#lobby-mine .my-table-row[data-code='{code}']"


def _in_lobby(page: Page) -> None:
    page.wait_for_function("document.body.dataset.page === 'lobby' && !location.search")


def _until_over(server: ServerProcess, table: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got: dict[str, Any] = server.get(f"/api/tables/{table}")
        if got["status"] == "over":
            return got
        assert time.monotonic() < deadline, f"table {table} not over in {timeout} s"
        time.sleep(0.2)


def test_leaving_mid_deal_hands_the_seat_to_trustee_and_the_lobby_returns_to_it(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    # bots at a pace people follow: the lines of the log stay in view
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, settings={"bot_delay": 0.4})
    ann, watcher = new_page(), new_page()
    sit(ann, server, made["code"], 0, "Ann")
    ann.locator(".table-header .status-playing").wait_for()  # the table has started
    watcher.goto(f"{server.url}/?t={made['code']}")
    watcher.locator("#spectating").wait_for()
    watcher.click("#lang-switch")  # the watcher reads 中文
    watcher.wait_for_function("document.querySelector('#lang-switch').textContent === 'English'")
    assert ann.locator("#leave-table").inner_text() == "Leave the table"
    ann.click("#leave-table")
    # Ann is in the lobby, her table at the top: return to your seat
    _in_lobby(ann)
    row = ann.locator(LOBBY_ROW.format(code=made["code"]))
    row.wait_for()
    assert row.locator(".return-seat").inner_text() == "Return to your seat"
    assert "your seat: 1" in row.inner_text()
    assert ann.locator(f"#open-list .table-row[data-code='{made['code']}']").count() == 0
    # everyone at the table is told: the seat is marked, the log says so (in 中文 here)
    watcher.locator(".seat[data-seat='0'] .tag.trustee-left").wait_for()
    assert watcher.locator(".seat[data-seat='0'] .tag.trustee-left").inner_text() == "离开·托管中"
    watcher.wait_for_function("document.querySelector('#log').textContent"
                              ".includes('Ann（1 号座位）离开了牌桌，由托管代打')")
    seat = server.get(f"/api/tables/{made['id']}")["seats"][0]
    assert seat["kind"] == "person" and seat["trustee"] == "left"
    # the bot plays her seat meanwhile; she comes back to the same seat, and 托管 ends
    row.locator(".return-seat").click()
    ann.wait_for_function("document.querySelector('#table-page')?.dataset.seat === '0'")
    assert root(ann)["seat"] == "0"
    watcher.wait_for_function("document.querySelector('#log').textContent"
                              ".includes('Ann（1 号座位）回到了牌桌')")
    watcher.wait_for_function(
        "!document.querySelector(\".seat[data-seat='0'] .tag.trustee-left\")")
    assert server.get(f"/api/tables/{made['id']}")["seats"][0]["trustee"] is None


def test_leaving_before_the_start_gives_the_seat_up(server: ServerProcess,
                                                    new_page: Callable[[], Page]) -> None:
    made = make_table(server, "gouji", [], seats=6)
    ann = new_page()
    sit(ann, server, made["code"], 2, "Ann")
    ann.click("#lang-switch")
    ann.wait_for_function("document.querySelector('#leave-table').textContent === '离开'")
    ann.click("#leave-table")
    _in_lobby(ann)
    ann.locator(f"#open-list .table-row[data-code='{made['code']}']").wait_for()
    assert ann.locator("#lobby-mine").count() == 0  # no seat of hers to return to
    assert server.get(f"/api/tables/{made['id']}")["seats"][2]["kind"] == "empty"
    assert ann.evaluate(f"localStorage.getItem('paizhuo.token.{made['id']}')") is None


def test_an_open_table_shows_its_players_game_preset_and_state(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    playing = make_table(server, "gouji", [1, 2, 3, 4, 5], seats=6, preset="tongyong")
    waiting = make_table(server, "shengji", [], preset="tractor")
    bo = new_page()
    sit(bo, server, playing["code"], 0, "Bo")
    page = new_page()
    page.goto(server.url + "/")
    row = page.locator(f"#open-list .table-row[data-code='{playing['code']}']")
    row.wait_for()
    assert row.locator(".game-chip").inner_text() == "Gouji 够级"
    assert row.locator(".table-row-preset").inner_text() != ""
    assert row.locator(".status").get_attribute("data-status") == "playing"
    assert row.locator(".status").inner_text() == "playing"
    seats = row.locator(".lobby-seat")
    assert seats.count() == 6
    assert "Bo" in seats.nth(0).inner_text() and seats.nth(0).locator(".tag.bot").count() == 0
    assert all(seats.nth(i).locator(".tag.bot").count() == 1 for i in range(1, 6))
    other = page.locator(f"#open-list .table-row[data-code='{waiting['code']}']")
    assert other.locator(".status").inner_text() == "waiting"
    assert other.locator(".join-table").inner_text() == "Sit"
    assert other.locator(".lobby-seat-empty").count() == 4
    # in 中文 too
    page.click("#lang-switch")
    page.wait_for_function(
        f"document.querySelector(\"#open-list .table-row[data-code='{playing['code']}'] "
        ".status\").textContent === '进行中'")
    assert "够级" in row.locator(".game-chip").inner_text()
    assert all(seats.nth(i).locator(".tag.bot").inner_text() == "机器人" for i in range(1, 6))


def test_finished_deals_are_grouped_by_table_newest_first(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    watcher = new_page()  # a table nobody watches pauses between its deals
    first = make_table(server, "baohuang", list(range(5)), seats=5, settings={"deals": 2})
    watcher.goto(f"{server.url}/?t={first['code']}")
    _until_over(server, first["id"])
    second = make_table(server, "gouji", list(range(6)), seats=6, settings={"deals": 1})
    watcher.goto(f"{server.url}/?t={second['code']}")
    _until_over(server, second["id"])
    page = new_page()
    page.goto(server.url + "/")
    entries = page.locator("#history-list .history-table")
    page.locator(f".history-table[data-table='{first['id']}']").wait_for()
    order = entries.evaluate_all("es => es.map(e => e.dataset.table)")
    # one entry per table, the table that finished last first
    assert order.index(second["id"]) < order.index(first["id"])
    assert len(order) == len(set(order))
    older = page.locator(f".history-table[data-table='{first['id']}']")
    deals = older.locator("tbody tr").evaluate_all("es => es.map(e => e.dataset.deal)")
    assert len(deals) == 2
    assert [int(d.rsplit("-", 1)[1]) for d in deals] == sorted(
        (int(d.rsplit("-", 1)[1]) for d in deals), reverse=True)
    assert older.locator(".lobby-seat").count() == 5
    assert older.locator(".replay-link").count() == 2
    assert "2 deals" in older.inner_text()
    assert older.locator(".status").inner_text() == "over · all its deals played"
    assert older.locator(".join-table").count() == 0  # nothing to join
    totals = older.locator("tfoot td.num").all_inner_texts()
    history = server.get(f"/api/tables/{first['id']}/results")
    assert [float(x) for x in totals] == history["totals"]
    newer = page.locator(f".history-table[data-table='{second['id']}']")
    assert "1 deal" in newer.inner_text() and newer.locator("tfoot").count() == 0


def test_a_table_that_ended_is_never_offered_to_join(server: ServerProcess,
                                                     new_page: Callable[[], Page]) -> None:
    """Ann leaves mid-deal; nobody else is there, so the table plays its deal to the end,
    pauses and is closed when nobody comes back (its idle time): her lobby drops it from
    "your tables" and shows it with the finished ones, ended, with nothing to join."""
    made = make_table(server, "baohuang", [1, 2, 3, 4], seats=5, settings={"idle": 1})
    keeper = Client(f"{server.ws_url}/ws/{made['id']}")  # (else closed before Ann comes)
    ann = new_page()
    sit(ann, server, made["code"], 0, "Ann")
    ann.locator(".table-header .status-playing").wait_for()  # the table has started
    keeper.close()
    ann.click("#leave-table")
    _in_lobby(ann)
    ann.locator(LOBBY_ROW.format(code=made["code"])).wait_for()
    ended = _until_over(server, made["id"])
    assert ended["ended"] == "idle"
    ann.click("#lobby-refresh")
    entry = ann.locator(f".history-table[data-table='{made['id']}']")
    entry.wait_for()
    ann.wait_for_function("!document.querySelector('#lobby-mine')")
    assert entry.locator(".status").inner_text() == "over · closed: nobody came back"
    assert entry.locator(".join-table").count() == 0
    assert ann.locator(f".table-row[data-code='{made['code']}']").count() == 0
    # a table closed by its host is not offered either
    closed = make_table(server, "gouji", [], seats=6)
    ann.click("#lobby-refresh")
    ann.locator(f"#open-list .table-row[data-code='{closed['code']}']").wait_for()
    req = urllib.request.Request(f"{server.url}/api/tables/{closed['id']}", method="DELETE",
                                 headers={"Authorization": f"Bearer {closed['host_token']}"})
    with urllib.request.urlopen(req) as r:
        assert r.status == 200
    ann.click("#lobby-refresh")
    ann.wait_for_function(
        f"!document.querySelector(\".table-row[data-code='{closed['code']}']\")")


def _until_status(server: ServerProcess, table: str, status: str,
                  timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got: dict[str, Any] = server.get(f"/api/tables/{table}")
        if got["status"] == status:
            return got
        assert time.monotonic() < deadline, f"table {table} not {status} in {timeout} s"
        time.sleep(0.2)


def test_a_paused_table_says_so_and_plays_on_when_someone_comes(
        server: ServerProcess, new_page: Callable[[], Page]) -> None:
    """Bots do not play on with nobody here: after its deal the table pauses, the lobby shows
    it paused (暂停), and someone who comes to watch sets it going again."""
    made = make_table(server, "baohuang", [0, 1, 2, 3, 4], seats=5,
                      settings={"deals": 3, "bot_delay": 0.05})
    paused = _until_status(server, made["id"], "paused")
    assert paused["deals_played"] == 1
    page = new_page()
    page.goto(server.url + "/")
    row = page.locator(f"#open-list .table-row[data-code='{made['code']}']")
    row.wait_for()
    status = row.locator(".status")
    assert status.get_attribute("data-status") == "paused"
    assert status.inner_text() == "paused"
    page.click("#lang-switch")
    page.wait_for_function(
        f"document.querySelector(\"#open-list .table-row[data-code='{made['code']}'] "
        ".status\").textContent === '暂停'")
    assert row.locator(".join-table").inner_text() == "观战"
    page.click("#lang-switch")
    row.locator(".join-table").click()
    page.wait_for_selector("#table-page")
    # someone is here: it plays on, and the next deal is played
    page.locator(".table-header .status-playing").wait_for()
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{made['id']}")["deals_played"] < 2:
        assert time.monotonic() < deadline, "the table did not play on"
        time.sleep(0.2)
