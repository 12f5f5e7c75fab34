"""A deal whose kitty the rules keep after the round (Shengji, ``reveal_kitty: false``, SJ-13)
in the browser: its replay page, opened where no seat token of the table is kept, shows why it
is refused (中文: the page's own words); opened where the burier's seat token is kept, it
sends the token and replays, and its JSON link opens the record fetched with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..procs import Client, ServerProcess
from .helpers import Page

READY = "document.querySelector('#replay-page')?.dataset.ready === '1'"


def test_a_hidden_kitty_replays_only_with_the_buriers_seat_token(
        server: ServerProcess, browser: Any, new_page: Callable[[], Page]) -> None:
    made = server.post("/api/tables", {
        "game": "shengji", "options": {"reveal_kitty": False},
        "settings": {"bot_delay": 0, "deals": 1, "seed": 7}})
    clients = [Client(f"{server.ws_url}/ws/{made['id']}") for _ in range(4)]
    try:
        tokens = []
        for seat, c in enumerate(clients):
            c.send(type="sit", seat=seat, name=f"p{seat}")
            tokens.append(c.until(lambda m: m["type"] == "seated")["token"])
        for c in clients:
            c.send(type="trustee", on=True)
        overs = [c.until(lambda m: m["type"] == "deal_over", timeout=60) for c in clients]
    finally:
        for c in clients:
            c.close()
    assert all(o["restricted"] for o in overs)
    # the seat whose own events show the cards it buried
    burier = next(seat for seat, c in enumerate(clients) for m in c.messages
                  if m["type"] == "events" for e in m["events"]
                  if e.get("verb") == "bury" and "cards" in e)
    deal = f"{made['id']}-{overs[0]['deal']}"

    # no token kept: refused (a 403 on purpose, so not through new_page, which fails on one)
    ctx = browser.new_context(locale="zh-CN")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/?replay={deal}")
        message = page.locator("#replay-error-message").inner_text()
        assert message == "这一局的底牌不公开（SJ-13）：只有扣底的玩家能看这份牌谱。"
    finally:
        ctx.close()

    page = new_page()
    page.goto(f"{server.url}/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"paizhuo.token.{made['id']}", tokens[burier]])
    page.goto(f"{server.url}/?replay={deal}")
    page.wait_for_function(READY)
    assert page.locator(".replay-seat").count() == 4
    link = page.get_by_text("Record (JSON)")
    assert (link.get_attribute("href") or "").startswith("blob:")
