"""Replays and the rules text over HTTP: a stored deal's frames step to its stored result, an
uploaded record gives the same frames, a bad record is refused with the engine's (the
judge's) own message, and the rules text served is the rules reference's file, with an anchor
for every rule id the engine can raise."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.bots.base import choose_action
from paizhuo.bots.registry import make_bot
from paizhuo.engine.judge import judge_text
from paizhuo.games import game_class
from paizhuo.server.app import create_app
from paizhuo.server.replay import MAX_RECORD_BYTES, MAX_STEPS, RULES_DOCS

from .helpers import QUICK_BOTS, create_table, wait_for_game

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SEATS = {"shengji": 4, "gouji": 6, "baohuang": 5}
RULE_IN_SOURCE = re.compile(r"[\"']((?:SJ|GJ|BH)-\d+(?:\.\d+)*)[\"']")
DOC_OF = {"SJ": "shengji", "GJ": "gouji", "BH": "baohuang"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("replay") / "paizhuo.db"
    with TestClient(create_app(f"sqlite:///{db}", limits=QUICK_BOTS)) as c:
        yield c


@pytest.fixture(scope="module")
def stored(client: TestClient) -> dict[str, dict[str, Any]]:
    """One finished deal of each game, played by bots: its listing entry and record."""
    tables = {game: create_table(client, game, settings={"bot_delay": 0, "deals": 1},
                                 bots={str(i): "greedy" for i in range(n)})
              for game, n in SEATS.items()}
    out = {}
    for game, made in tables.items():
        entry = wait_for_game(client, made["id"], timeout=90)
        record = client.get(entry["record"]).json()
        out[game] = {"entry": entry, "record": record}
    return out


def _replay(client: TestClient, deal_id: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{deal_id}/replay")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


@pytest.mark.parametrize("game", list(SEATS))
def test_a_stored_deal_replays_step_by_step_to_its_result(
        client: TestClient, stored: dict[str, dict[str, Any]], game: str) -> None:
    entry, record = stored[game]["entry"], stored[game]["record"]
    assert entry["game"] == game and entry["replay"] == f"/api/games/{entry['id']}/replay"
    data = _replay(client, entry["id"])
    frames = data["frames"]
    assert data["game"] == game and data["seats"] == SEATS[game] and data["over"] is True
    assert len(frames) == len(record["actions"]) + 1
    assert frames[0]["action"] is None and frames[0]["step"] == 0
    for k, frame in enumerate(frames[1:], start=1):
        assert frame["step"] == k
        assert frame["action"] == record["actions"][k - 1]
    # every hand shown, the size the public view gives it; a play leaves its seat's hand
    for prev, frame in itertools.pairwise(frames):
        hands = [h.split() if h else [] for h in frame["hands"]]
        sizes = frame["public"]["hand_sizes"]  # (Gouji hides a count a seat may not know)
        assert [len(h) if n is not None else None for h, n in zip(hands, sizes, strict=True)] \
            == sizes
        seat, verb = frame["action"][0], frame["action"][1]
        last_now = (frame["public"]["details"].get("ranked_last") or ())
        last_before = (prev["public"]["details"].get("ranked_last") or ())
        if verb == "play" and seat in last_now and seat not in last_before:
            # a burner's lead without a joker fails the burn (GJ-6 烧失败): the seat is ranked
            # last at once and its hand leaves the deal, unplayed
            assert hands[seat] == [], frame["action"]
        elif verb == "play" and prev["phase"] == "play":
            before = Counter(prev["hands"][seat].split())
            played = Counter(frame["action"][2].split())
            assert before - played == Counter(hands[seat]), frame["action"]
            shown = frame["felt"][seat]
            assert shown == {"verb": "play", "cards": frame["action"][2]}
    # the end: the stored result and returns, the deal's "over" event on the last step
    last = frames[-1]
    assert last["phase"] == "over" and last["to_act"] == []
    assert last["public"]["result"] == entry["result"]
    assert data["returns"] == entry["returns"]
    assert any(e.get("type") == "over" for e in last["events"])
    assert all(f["public"]["result"] is None for f in frames[:-1])


@pytest.mark.parametrize("game", list(SEATS))
def test_an_uploaded_record_gives_the_same_frames(
        client: TestClient, stored: dict[str, dict[str, Any]], game: str) -> None:
    entry, record = stored[game]["entry"], stored[game]["record"]
    r = client.post("/api/replay", content=json.dumps(record, ensure_ascii=False).encode())
    assert r.status_code == 200, r.text
    uploaded = r.json()
    from_store = _replay(client, entry["id"])
    assert from_store.pop("deal") == entry["id"]
    assert uploaded == from_store


def _refusal(client: TestClient, text: str) -> dict[str, Any]:
    r = client.post("/api/replay", content=text.encode())
    assert r.status_code == 400, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("text", [
    "not json",
    '{"game": "chess", "deal": {"seed": 1}}',
    '{"game": "gouji", "deal": {"seed": 1}, "actions": [[0, "play", "ZZ"]]}',
    '{"game": "gouji", "deal": {"seed": 1}, "actions": [[9, "play", "3S"]]}',
    '{"game": "gouji", "deal": {"seed": 1}, "actions": [[0, "dance"]]}',
    '{"game": "shengji", "options": {"players": "four"}, "deal": {"seed": 1}}',
    '{"game": "baohuang", "deal": {"seed": 1}, "colour": "red"}',
    '[1, 2]',
])
def test_a_malformed_record_is_refused_with_the_judges_message(client: TestClient,
                                                               text: str) -> None:
    status, judged = judge_text(text)
    assert status == 2 and judged["malformed"]
    out = _refusal(client, text)
    assert out == {"error": "malformed", "message": judged["message"],
                   "field": judged["field"]}


def _played_shengji_record() -> dict[str, Any]:
    """The record of a Shengji deal greedy bots play to its end, not thrown in."""
    for seed in itertools.count():
        game = game_class("shengji").new({}, seed=seed)
        bots = [make_bot("greedy", "shengji") for _ in range(game.num_seats)]
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(choose_action(game, bots, rng))
        record: dict[str, Any] = game.record_for(None).to_json()
        if any(a[1] == "play" for a in record["actions"]):
            return record
    raise AssertionError("unreachable")


def test_an_illegal_record_is_refused_with_the_rule_and_the_action(
        client: TestClient, stored: dict[str, dict[str, Any]]) -> None:
    # the stored Gouji deal with its first action played out of turn
    record = json.loads(json.dumps(stored["gouji"]["record"]))
    first = record["actions"][0]
    record["actions"][0] = [(first[0] + 1) % 6, *first[1:]]
    text = json.dumps(record)
    status, judged = judge_text(text)
    assert status == 1
    out = _refusal(client, text)
    assert out == {"error": "illegal", "message": judged["message"], "index": 0,
                   "seat": judged["seat"], "rule": judged["rule"]}
    assert re.fullmatch(r"GJ-\d+", out["rule"])
    # and one illegal later on: a Shengji play of a card its seat does not hold (in the stored
    # deal, or, where nobody bid in it and it was thrown in (SJ-4), a deal the engine plays)
    record = json.loads(json.dumps(stored["shengji"]["record"]))
    if not any(a[1] == "play" for a in record["actions"]):
        record = _played_shengji_record()
    plays = [i for i, a in enumerate(record["actions"]) if a[1] == "play"]
    i = plays[len(plays) // 2]
    record["actions"][i] = [record["actions"][i][0], "play", "BJ BJ BJ"]
    text = json.dumps(record)
    status, judged = judge_text(text)
    assert status in (1, 2)
    out = _refusal(client, text)
    assert out["message"] == judged["message"]
    assert out.get("index", i) == i


def test_a_record_over_the_size_cap_is_refused(client: TestClient) -> None:
    big = '{"game": "gouji", "deal": {"seed": 1}, "actions": [' + " " * MAX_RECORD_BYTES + "]}"
    r = client.post("/api/replay", content=big.encode())
    assert r.status_code == 413
    assert r.json()["error"] == "too_large"
    # and one with more actions than a replay steps through, refused before any is replayed
    many = {"game": "gouji", "deal": {"seed": 1}, "actions": [[0, "pass"]] * (MAX_STEPS + 1)}
    r = client.post("/api/replay", content=json.dumps(many).encode())
    assert r.status_code == 413
    assert r.json()["error"] == "too_large" and r.json()["field"] == "actions"


def test_unknown_and_unfinished_deals(client: TestClient) -> None:
    r = client.get("/api/games/nope-0/replay")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    # a table waiting on a person at seat 0: its deal is being played, not over
    made = create_table(client, "gouji", settings={"bot_delay": 0},
                        bots={str(i): "greedy" for i in range(1, 6)})
    r = client.get(f"/api/games/{made['id']}-0/replay")
    assert r.status_code in (404, 409)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_json({"type": "sit", "seat": 0, "name": "Ann", "ref": "s"})
        while ws.receive_json().get("type") != "seated":
            pass
        r = client.get(f"/api/games/{made['id']}-0/replay")
        assert r.status_code == 409 and r.json()["error"] == "not_over"


@pytest.mark.parametrize("doc", RULES_DOCS)
def test_the_rules_text_served_is_the_rules_reference_file(client: TestClient,
                                                          doc: str) -> None:
    r = client.get(f"/api/rules/{doc}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/markdown")
    assert r.text == (RULES / f"{doc}.md").read_text("utf-8")


def test_the_rules_reference_is_package_data_with_one_source() -> None:
    # src/paizhuo/rules is a link to docs/rules (setuptools copies through it into the
    # wheel and the sdist), and package data names its files
    link = ROOT / "src" / "paizhuo" / "rules"
    assert link.is_symlink() and link.resolve() == RULES.resolve()
    assert '"rules/*.md"' in (ROOT / "pyproject.toml").read_text("utf-8")
    assert sorted(p.stem for p in RULES.glob("*.md")) == sorted(RULES_DOCS)


def test_an_unknown_rules_document_is_404(client: TestClient) -> None:
    for doc in ("nope", "..%2Fcli", "shengji.md"):
        r = client.get(f"/api/rules/{doc}")
        assert r.status_code == 404, doc


def _engine_rule_ids() -> set[str]:
    src = ROOT / "src" / "paizhuo"
    ids: set[str] = set()
    for path in [*(src / "games").rglob("*.py"), *(src / "engine").rglob("*.py")]:
        ids.update(RULE_IN_SOURCE.findall(path.read_text("utf-8")))
    return ids


def engine_rule_ids() -> list[str]:
    """Every rule id the engine's sources name (each IllegalActionError gives one of them)."""
    return sorted(_engine_rule_ids())


def test_every_rule_id_the_engine_raises_has_an_anchor(client: TestClient) -> None:
    ids = engine_rule_ids()
    assert len(ids) >= 20 and {"SJ-8", "GJ-5", "BH-4"} <= set(ids)
    for rule in ids:
        text = client.get(f"/api/rules/{DOC_OF[rule[:2]]}").text
        # rules.js makes a heading that starts with a rule id that id's anchor
        heading = re.compile(rf"^#{{1,6}}\s+{re.escape(rule)}(?![\w.-])", re.M)
        assert heading.search(text), f"{rule} has no heading in {DOC_OF[rule[:2]]}.md"


def test_the_sdist_holds_the_rules_text_as_files(tmp_path: Path) -> None:
    """An sdist (what a wheel and ``pip install`` are built from) holds the rules reference's
    text under the package, as plain files: the link is followed, not kept."""
    import subprocess
    import sys
    import tarfile

    tree = tmp_path / "tree"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src, dst = ROOT / name, tree / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            dst.symlink_to(src.readlink())
        elif src.is_file():
            dst.write_bytes(src.read_bytes())
    out = tmp_path / "dist"
    subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
                    "b.build_sdist(sys.argv[1])", str(out)], cwd=tree, check=True,
                   capture_output=True)
    (sdist,) = out.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        members = {m.name.split("/", 1)[1]: m for m in tar.getmembers() if "/" in m.name}
        for doc in RULES_DOCS:
            member = members[f"src/paizhuo/rules/{doc}.md"]
            assert member.isfile()
            extracted = tar.extractfile(member)
            assert extracted is not None
            assert extracted.read() == (RULES / f"{doc}.md").read_bytes()
