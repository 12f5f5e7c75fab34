"""Climb in the browser table (Debian's Chromium driven by Playwright, against a real server
process that finds the game by its entry point): the browser has no view of its own for it
(``gameView("toy")`` is the empty, generic one), so this is the generic table at work — sit,
see the hand, play by clicking the cards and the generic buttons, see the deal end against
bots. Console and page errors fail the test (the browser tests' own ``new_page``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from paizhuo.engine.game import Game
from server.browser.conftest import browser, new_page
from server.browser.helpers import Page, hand, make_table, play_turn, root, sit, wait_turn
from server.procs import ServerProcess

__all__ = ["browser", "new_page"]  # the browser tests' fixtures, used here as they are


@pytest.fixture(scope="module")
def server(toy_module: type[Game], tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerProcess]:
    """The browser tests' server, started once Climb is installed (``PYTHONPATH``)."""
    db: Path = tmp_path_factory.mktemp("toy-browser") / "paizhuo.db"
    srv = ServerProcess(f"sqlite:///{db}", env={"PAIZHUO_ALLOW_SEEDS": "1",
                                                 "PAIZHUO_RELAXED_LIMITS": "1"}).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_a_person_plays_a_deal_of_climb_by_clicking(server: ServerProcess,
                                                     new_page: Callable[[], Page]) -> None:
    made: dict[str, Any] = make_table(server, "toy", [1, 2, 3], preset="quick", seed=9)
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 5")
    assert wait_turn(page, stop_at_deal_over=True), "seat 0 leads the first round (TOY-1)"
    assert root(page)["selectVerb"] == "play"
    before = hand(page)
    play_turn(page)  # the first card of the hand, then Play: any single card leads
    page.wait_for_function("document.querySelectorAll('#hand .card').length < 5")
    assert len(hand(page)) < len(before)
    turns = 1
    while wait_turn(page, stop_at_deal_over=True):
        play_turn(page)  # a pass where one is offered, else a card and Play (or the hint)
        turns += 1
        assert turns < 60, "the deal never ended"
    page.locator("#deal-over").wait_for()
    rows = page.locator("#deal-over tbody tr")
    assert rows.count() == 4 and "Ann" in rows.nth(0).inner_text()
    deal = int(root(page)["dealOver"])
    results = server.get(f"/api/tables/{made['id']}/results")
    finished = next(d for d in results["deals"] if d["deal"] == deal)
    assert sum(finished["returns"]) == 0
    assert float(rows.nth(0).locator("td.num").nth(0).inner_text()) == finished["returns"][0]
