"""``settings.seed`` (docs/protocol.md): refused unless the server allows seeds; when allowed,
deal n of the table is the engine's deal for ``derive_seed(seed, n)``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from paizhuo.engine.dealing import derive_seed
from paizhuo.games import game_class
from paizhuo.server.app import create_app
from paizhuo.server.model import ALLOW_SEEDS_ENV
from paizhuo.server.store import Store

from .helpers import QUICK_BOTS


def make(tmp_path, body):
    app = create_app(store=Store(f"sqlite:///{tmp_path / 'p.db'}"))
    with TestClient(app) as client:
        return client.post("/api/tables", json=body)


def test_a_seed_is_refused_by_default(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv(ALLOW_SEEDS_ENV, raising=False)
    reply = make(tmp_path, {"game": "baohuang", "settings": {"seed": 5}})
    assert reply.status_code == 400
    assert reply.json()["error"] == "bad_settings"
    assert "--allow-seeds" in reply.json()["message"]


@pytest.mark.parametrize("seed", [-1, 2**62, "7", 1.5, True])
def test_a_bad_seed_is_named(tmp_path, monkeypatch, seed) -> None:
    monkeypatch.setenv(ALLOW_SEEDS_ENV, "1")
    reply = make(tmp_path, {"game": "baohuang", "settings": {"seed": seed}})
    assert reply.status_code == 400
    assert "settings.seed" in reply.json()["message"]


def test_an_allowed_seed_deals_that_deal(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(ALLOW_SEEDS_ENV, "1")
    app = create_app(store=Store(f"sqlite:///{tmp_path / 'p.db'}"))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "baohuang", "settings": {"seed": 11, "bot_delay": 0},
            "bots": {str(i): "greedy" for i in range(1, 5)}}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "sit", "seat": 0, "name": "me"})
            hand = None
            for _ in range(50):
                msg = ws.receive_json()
                if msg["type"] == "state" and (msg["observation"] or {}).get("hand"):
                    hand = msg["observation"]["hand"]
                    number = msg["deal"]
                    break
    assert hand is not None
    expected = game_class("baohuang").new({}, seed=derive_seed(11, number)).observation(0)["hand"]
    assert hand == expected


def test_bots_leave_the_crown_to_the_person_holding_it(tmp_path, monkeypatch) -> None:
    """Baohuang's seize 抢皇 is an optional interruption: the bot seats, which may only seize
    while the crown holder decides, wait (paizhuo.bots.base.deciding)."""
    import time

    from paizhuo.games import game_class as cls_of

    monkeypatch.setenv(ALLOW_SEEDS_ENV, "1")
    seed = number = holder = None
    for s in range(40):
        g = cls_of("baohuang").new({}, seed=derive_seed(s, 0))
        if g.phase == "crown" and g.observation(None)["details"]["emperor_card_holder"] == 0:
            seed, number, holder = s, 0, 0
            break
    assert seed is not None
    app = create_app(store=Store(f"sqlite:///{tmp_path / 'p.db'}"))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "baohuang", "settings": {"seed": seed, "bot_delay": 0},
            "bots": {str(i): "greedy" for i in range(1, 5)}}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "sit", "seat": 0, "name": "me"})
            state = None
            while state is None:
                msg = ws.receive_json()
                if msg["type"] == "state" and (msg["observation"] or {}).get("hand"):
                    state = msg
            assert state["deal"] == number and state["observation"]["phase"] == "crown"
            time.sleep(0.5)  # bots at no delay would have seized by now
            ws.send_json({"type": "sync"})
            while True:
                msg = ws.receive_json()
                if msg["type"] == "state":
                    break
    assert msg["state_id"] == 0
    assert {a[1] for a in msg["legal"]} >= {"pass_crown"}
    assert holder == 0


def test_the_kinds_describe_every_option(tmp_path) -> None:
    """GET /api/games/kinds: each game's presets, bots and its options' descriptions."""
    app = create_app(store=Store(f"sqlite:///{tmp_path / 'p.db'}"))
    with TestClient(app) as client:
        kinds = client.get("/api/games/kinds").json()["games"]
    by_name = {k["name"]: k for k in kinds}
    assert set(by_name) == {"shengji", "gouji", "baohuang"}
    for name, kind in by_name.items():
        opts = kind["options"]
        assert set(opts["presets"]) == set(kind["presets"])
        assert opts["main"] and {f["name"] for f in opts["fields"]} >= set(opts["main"])
        assert all(f["rule"] for f in opts["fields"]), name


def test_a_search_bot_seat_plays_from_a_copy_in_a_thread(tmp_path) -> None:
    """The hard strength (the search bot) thinks on a copy of the game in a worker thread:
    its seats still act, and the table answers meanwhile."""
    app = create_app(store=Store(f"sqlite:///{tmp_path / 'p.db'}"), limits=QUICK_BOTS)
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "baohuang", "preset": "basic", "settings": {"bot_delay": 0, "deals": 1},
            "bots": {str(i): "hard" for i in range(5)}}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            import time

            latest = 0
            pongs = 0
            for _ in range(150):  # at most 30 s; a ping every 0.2 s stays under the rate limit
                time.sleep(0.2)
                ws.send_json({"type": "ping"})
                msg = ws.receive_json()
                while msg["type"] != "pong":
                    assert msg["type"] != "error", msg
                    if msg["type"] == "state":
                        latest = max(latest, msg["state_id"] or 0)
                    msg = ws.receive_json()
                pongs += 1
                if latest >= 3:
                    break
    assert latest >= 3 and pongs >= 1
