"""The browser tests' fixtures: a server process per module (seeds allowed), Debian's Chromium
per module, and pages whose console and page errors fail the test."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ..procs import ServerProcess
from .helpers import ARGS, CHROMIUM, TIMEOUT, Page, sync_api


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("browser") / "paizhuo.db"
    # many tables from one address, tables of bots at a test's pace
    srv = ServerProcess(f"sqlite:///{db}", env={"PAIZHUO_ALLOW_SEEDS": "1",
                                                 "PAIZHUO_RELAXED_LIMITS": "1"}).start()
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


# the toggles of table/auto.js, off where the player has not chosen
AUTO_OFF = """try {
  for (const k of ['pass', 'follow']) {
    const key = 'paizhuo.auto.' + k;
    if (localStorage.getItem(key) === null) localStorage.setItem(key, '0');
  }
} catch (e) { /* a page without storage (about:blank) */ }"""


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[[], Page]]:
    """Pages, each in a browser context of its own (its own storage: its own seat tokens);
    every console error and page error of any of them fails the test, except console errors
    matching ``allow`` (a regular expression: what a test provokes on purpose); ``locale`` is
    the browser's language (``navigator.language``). What the table makes by itself for the
    player (auto-pass, a forced card: ``table/auto.js``) is off unless ``auto``: the tests that
    click every decision decide every one."""
    errors: list[str] = []
    contexts: list[Any] = []

    def make(allow: str | None = None, locale: str = "en-US", auto: bool = False) -> Page:
        ctx = browser.new_context(locale=locale, viewport={"width": 1360, "height": 900})
        contexts.append(ctx)
        if not auto:
            ctx.add_init_script(AUTO_OFF)
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT)
        page.on("console", lambda m: errors.append(f"console: {m.text}")
                if m.type == "error" and not (allow and re.search(allow, m.text)) else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        # the console says only "Failed to load resource": name what failed
        page.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}")
                if r.status >= 400 else None)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert errors == [], errors
