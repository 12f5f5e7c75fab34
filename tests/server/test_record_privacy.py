"""A finished deal's record is served only to whoever may see every card in it (SJ-13,
``docs/protocol.md``): at a Shengji table with ``reveal_kitty: false`` the kitty stays with
the seat that buried it, so ``GET /api/games/{id}/record`` and ``/replay`` answer 403
``hidden`` without that seat's token (``Authorization: Bearer``) and with any other; with it
they serve the whole record, which the judge replays. With the kitty shown after the round the
record is anyone's."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paizhuo.engine.judge import LEGAL, judge_text
from paizhuo.server.app import create_app
from paizhuo.server.model import ALLOW_SEEDS_ENV

from .helpers import QUICK_BOTS, connect, create_table, wait_for_game

SEED = 7
"""The table's seed (deal 0 is the engine's deal for ``derive_seed(SEED, 0)``): a deal that
someone bids in, so that a seat takes up and buries the kitty."""
DEAL_TIMEOUT = 120.0


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("privacy") / "paizhuo.db"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ALLOW_SEEDS_ENV, "1")
        with TestClient(create_app(f"sqlite:///{db}")) as c:
            yield c


def play_one_deal(client: TestClient, options: dict[str, Any]) -> dict[str, Any]:
    """A Shengji table of four people who each hand their seat to the server's bot (trustee)
    plays one deal: its id, each seat's token, each seat's ``deal_over`` and the seat whose
    own events show it burying the kitty (``None``: nobody buried)."""
    made = create_table(client, "shengji", options=options,
                        settings={"bot_delay": 0, "deals": 1, "seed": SEED})
    with contextlib.ExitStack() as stack:
        conns = []
        for seat in range(4):
            conn = stack.enter_context(connect(client, made["id"]))
            conn.sit(seat)
            conns.append(conn)
        for conn in conns:
            conn.send({"type": "trustee", "on": True})
        overs = [conn.until("deal_over", timeout=DEAL_TIMEOUT) for conn in conns]
    buriers = {conn.seat for conn in conns for m in conn.log if m["type"] == "events"
               for e in m["events"] if e.get("verb") == "bury" and "cards" in e}
    assert len(buriers) <= 1, buriers
    return {"deal": f"{made['id']}-{overs[0]['deal']}", "table": made["id"],
            "tokens": [conn.token for conn in conns], "overs": overs,
            "burier": next(iter(buriers), None)}


@pytest.fixture(scope="module")
def hidden(client: TestClient) -> dict[str, Any]:
    return play_one_deal(client, {"preset": "tractor", "reveal_kitty": False})


@pytest.fixture(scope="module")
def shown(client: TestClient) -> dict[str, Any]:
    return play_one_deal(client, {"preset": "tractor", "reveal_kitty": True})


def get(client: TestClient, path: str, token: str | None = None,
        scheme: str = "Bearer") -> Any:
    headers = {} if token is None else {"Authorization": f"{scheme} {token}"}
    return client.get(path, headers=headers)


ROUTES = ["record", "replay"]


def test_the_burier_is_the_dealer_and_only_it_saw_the_kitty(hidden: dict[str, Any]) -> None:
    burier = hidden["burier"]
    assert burier is not None, f"seed {SEED}: nobody buried (a deal thrown in)"
    for seat, over in enumerate(hidden["overs"]):
        assert over["restricted"] is True
        assert over["result"]["dealer"] == burier
        assert ("kitty" in over["result"]) == (seat == burier), over["result"]


@pytest.mark.parametrize("route", ROUTES)
def test_without_a_token_a_hidden_record_is_refused(client: TestClient, hidden: dict[str, Any],
                                                    route: str) -> None:
    r = get(client, f"/api/games/{hidden['deal']}/{route}")
    assert r.status_code == 403, r.text
    body = r.json()
    assert body["error"] == "hidden" and "SJ-13" in body["message"]
    assert "Authorization: Bearer" in body["message"]
    assert set(body) == {"error", "message"}


@pytest.mark.parametrize("route", ROUTES)
def test_another_seats_token_is_refused(client: TestClient, hidden: dict[str, Any],
                                        route: str) -> None:
    for seat, token in enumerate(hidden["tokens"]):
        if seat == hidden["burier"]:
            continue
        r = get(client, f"/api/games/{hidden['deal']}/{route}", token)
        assert r.status_code == 403 and r.json()["error"] == "hidden", (seat, r.text)
    # the burier's token, but not as a bearer token; a token of no seat
    burier_token = hidden["tokens"][hidden["burier"]]
    assert get(client, f"/api/games/{hidden['deal']}/{route}", burier_token,
               "Basic").status_code == 403
    assert get(client, f"/api/games/{hidden['deal']}/{route}", "x" * 32).status_code == 403


def test_the_buriers_token_gets_the_whole_record_the_judge_replays(
        client: TestClient, hidden: dict[str, Any]) -> None:
    token = hidden["tokens"][hidden["burier"]]
    r = get(client, f"/api/games/{hidden['deal']}/record", token)
    assert r.status_code == 200, r.text
    record = r.json()
    assert record["deal"]["kitty"] and record["options"]["reveal_kitty"] is False
    assert any(a[1] == "bury" for a in record["actions"])
    status, answer = judge_text(json.dumps(record))
    assert status == LEGAL, answer
    # the burier saw the whole result, kitty included: the record replays to it
    assert answer["result"] == hidden["overs"][hidden["burier"]]["result"]
    r = get(client, f"/api/games/{hidden['deal']}/replay", token)
    assert r.status_code == 200, r.text
    assert r.json()["deal"] == hidden["deal"] and r.json()["over"] is True


def test_the_listing_says_which_records_are_restricted(client: TestClient,
                                                       hidden: dict[str, Any],
                                                       shown: dict[str, Any]) -> None:
    for played, restricted in ((hidden, True), (shown, False)):
        games = client.get("/api/games", params={"table": played["table"]}).json()["games"]
        assert [(g["id"], g["restricted"]) for g in games] == [(played["deal"], restricted)]
        # the listing's result is a spectator's: no hidden kitty
        assert ("kitty" in games[0]["result"]) is not restricted


@pytest.mark.parametrize("route", ROUTES)
def test_a_kitty_shown_after_the_round_leaves_the_record_to_anyone(
        client: TestClient, shown: dict[str, Any], route: str) -> None:
    assert all(over["restricted"] is False for over in shown["overs"])
    r = get(client, f"/api/games/{shown['deal']}/{route}")
    assert r.status_code == 200, r.text
    if route == "record":
        status, answer = judge_text(json.dumps(r.json()))
        assert status == LEGAL, answer


def test_a_record_only_a_bot_saw_is_served_to_nobody(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots in every seat: no seat has a token, so nobody may read a hidden kitty's record."""
    monkeypatch.setenv(ALLOW_SEEDS_ENV, "1")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'bots.db'}", limits=QUICK_BOTS)) as c:
        made = create_table(c, "shengji", options={"reveal_kitty": False},
                            settings={"bot_delay": 0, "deals": 1, "seed": SEED},
                            bots={str(i): "greedy" for i in range(4)})
        entry = wait_for_game(c, made["id"], timeout=DEAL_TIMEOUT)
        assert entry["restricted"] is True
        r = c.get(entry["record"])
        assert r.status_code == 403 and r.json()["error"] == "hidden"
        assert "nobody" in r.json()["message"]
