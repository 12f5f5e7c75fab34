"""A newcomer's first deal, timed: from a clean clone and the README's first command to the
first card the newcomer plays in the browser.

    .venv/bin/python tools/first_deal.py [--repo PATH_OR_URL] [--game shengji]

It clones the repository into a fresh folder, runs the README's first command there exactly
as written (its first ``sh`` block: make a virtual environment, install, ``paizhuo serve``;
only a free port and a data folder are added to the serve command), waits for the server,
and then does what a newcomer does in Chromium (Debian's, through this checkout's
Playwright): open the lobby, type a name, create a table of "me + bots" with the lobby's
defaults, and follow the table's own hint at each turn until one of the newcomer's cards is
played. It prints the seconds of each stage and the total. Nothing is measured with a warm
cache of this project: the clone is new and its virtual environment empty (pip may reuse
its own download cache, as it would on a newcomer's machine that installed these packages
before; ``--no-pip-cache`` turns that off).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
TIMEOUT = 600.0  # s for any one stage


def readme_command(readme: Path) -> str:
    """The README's first ``sh`` block: the newcomer's command."""
    found = re.search(r"```sh\n(.+?)\n```", readme.read_text(encoding="utf-8"), re.S)
    if found is None:
        raise SystemExit(f"{readme}: no ```sh block")
    return found.group(1).strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the command stopped ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if json.loads(r.read()).get("ok"):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"no server in {TIMEOUT} s:\n{log.read_text()[-3000:]}")


TURN = """() => { const r = document.querySelector('#table-page');
  return !!r && r.dataset.yourTurn === '1' && r.dataset.busy === '0'; }"""
HINTED = """() => document.querySelector('#table-page').dataset.check === 'ok' ||
  !!document.querySelector('.action-button.hinted')"""


def play_first_card(url: str, game: str) -> dict[str, float]:
    """The newcomer in the browser; the seconds from opening the lobby to each step."""
    from playwright.sync_api import sync_playwright

    marks: dict[str, float] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(TIMEOUT * 1000)
        start = time.monotonic()
        page.goto(url + "/")
        page.wait_for_selector("#lobby-create")
        marks["lobby shown"] = time.monotonic() - start
        if page.locator(f"#lobby-game option[value='{game}']").count():
            page.select_option("#lobby-game", game)
        page.fill("#lobby-name", "Newcomer")
        page.click("#lobby-create")
        page.wait_for_selector("#hand .card")
        marks["seated, cards in hand"] = time.monotonic() - start
        for _ in range(200):
            page.wait_for_function(TURN)
            phase = page.eval_on_selector("#table-page", "e => e.dataset.phase")
            held = page.locator("#hand .card").count()
            page.click("#hint-button")
            page.wait_for_function(HINTED)
            if page.eval_on_selector("#table-page", "e => e.dataset.check") == "ok":
                page.click("#play-button")
            else:
                page.locator(".action-button.hinted").first.click()
            if phase == "play":
                page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {held}"
                                       " || !!document.querySelector('#table-page .played-cards')")
                if page.locator("#hand .card").count() < held:
                    marks["first card played"] = time.monotonic() - start
                    break
        browser.close()
    if "first card played" not in marks:
        raise SystemExit("no card was played in 200 turns")
    return marks


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=str(here), help="what to clone (default: this one)")
    parser.add_argument("--game", default="", help="the lobby's game (default: its own)")
    parser.add_argument("--no-pip-cache", action="store_true")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="paizhuo-newcomer-"))
    clone = work / "paizhuo"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if ".venv" not in p)
    if args.no_pip_cache:
        env["PIP_NO_CACHE_DIR"] = "1"
    stages: dict[str, float] = {}
    proc = None
    try:
        t0 = time.monotonic()
        subprocess.run(["git", "clone", "--quiet", args.repo, str(clone)], check=True)
        stages["git clone"] = time.monotonic() - t0
        command = readme_command(clone / "README.md")
        serve = f"{command} --port {port} --data {work / 'data'}"
        log = work / "serve.log"
        print(f"README's first command: {command}", flush=True)
        with open(log, "wb") as out:
            proc = subprocess.Popen(["sh", "-c", serve], cwd=clone, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        t1 = time.monotonic()
        wait_up(url, proc, log)
        stages["README command → server answers"] = time.monotonic() - t1
        t2 = time.monotonic()
        browser = play_first_card(url, args.game)
        stages["browser: lobby → first card played"] = time.monotonic() - t2
        total = time.monotonic() - t0
    finally:
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, 15)
            proc.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    for name, secs in stages.items():
        print(f"{name:42s} {secs:7.1f} s")
    for name, secs in browser.items():
        print(f"  {name:40s} {secs:7.1f} s")
    print(f"{'total: clone → first card played':42s} {total:7.1f} s")


if __name__ == "__main__":
    sys.exit(main())
