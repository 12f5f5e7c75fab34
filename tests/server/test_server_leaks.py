"""No message the server sends a seat or a spectator holds a card it may not see.

Whole bot games go through the server (FastAPI's ``TestClient``, SQLite): one websocket per
seat sits down and at once hands its seat to the server's bot (trustee, 托管), so bots play
every seat while each client still receives every message; one more websocket only watches.
Once the table's deals are over, every message each connection received is checked against
the deal as it really was — the seed and every action, read from the server's database —
by the engine-level rules of ``tests/tools/leaks.py``: after each action, what a viewer may
know (its own hand, what actions showed it, public cards, a hand the rules let it see).

- A ``state`` message is checked against the deal at its ``state_id``, each event of an
  ``events`` message at its own ``state_id``, anything else (``table``, ``seated`` …) at the
  latest state the connection was sent before it (before any deal: no card at all).
- A connection is a spectator until its ``seated`` reply, then its seat; a seat is never
  sent another seat's observation.
- What the end of a deal shows (the last action's events, ``deal_over``) is not checked for
  cards: the rules show the hands then. The next deal is checked again from its first state.

Also: a deal's record is refused (409) until it is over and then replays to the stored deal;
where the rules keep some of its cards hidden after the deal (a Shengji kitty with
``reveal_kitty`` off, SJ-13) it is refused (403) without a token and with the token of a seat
that did not see them all; no message (nor record) holds a deal's seed, and a connection is
never sent another seat's token.
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from paizhuo.engine.game import Game
from paizhuo.engine.judge import replay
from paizhuo.engine.records import Deal, Record, parse_action
from paizhuo.engine.registry import game_class
from paizhuo.notation import format_card
from paizhuo.server.app import create_app
from paizhuo.server.db import ActionRow, DealRow, TableRow

# tests/ is on the path (tests/conftest.py): the engine-level leak checker's rules
from tools.leaks import allowed_by_state, cards_written, leak_text

from .helpers import Conn, connect, create_table

DEAL_TIMEOUT = 120.0
"""Seconds to wait for the table's deals to be over (they take a few)."""


def _cases() -> list[tuple[str, str | None]]:
    """Shengji: one preset per seat count, plus bidding-3 and a friends preset; Gouji: the
    default options and tongyong; Baohuang: every preset."""
    shengji = game_class("shengji").PRESETS
    by_seats: dict[int, str] = {}
    for preset in shengji:
        n = game_class("shengji").new({"preset": preset}, seed=0).num_seats
        by_seats.setdefault(n, preset)
    picked = list(by_seats.values())
    if "bidding-3" in shengji and "bidding-3" not in picked:
        picked.append("bidding-3")
    friends = [p for p in shengji if p.startswith("friends")]
    if friends and not any(p in friends for p in picked):
        picked.append(friends[0])
    cases: list[tuple[str, str | None]] = [("shengji", p) for p in picked]
    cases.append(("gouji", None))
    if "tongyong" in game_class("gouji").PRESETS:
        cases.append(("gouji", "tongyong"))
    cases += [("baohuang", p) for p in game_class("baohuang").PRESETS]
    return cases


CASES = _cases()
ALL_PRESETS = [(g, p) for g in ("shengji", "gouji", "baohuang") for p in game_class(g).PRESETS]


@dataclass
class DealTruth:
    """One deal as it was (from its seed and stored actions): what each viewer may know at
    each state, its last state, its seed, what each viewer sees happen."""

    allowed: dict[int, dict[int | None, frozenset[int]]]
    final: int
    seed: int
    events: dict[int | None, list[Any]]
    """Every event of the deal each viewer sees (as JSON), oldest first."""
    views: dict[int | None, Any]
    """Each viewer's observation at the end (as JSON)."""
    viewers: frozenset[int] | None = None
    """The seats that may read the deal's record (``record_viewers``; ``None``: anyone)."""


@dataclass
class Played:
    game: str
    conns: list[Conn]
    """The seats' connections (seat i at index i), then the spectator's."""
    deals: dict[int, DealTruth]
    records: dict[int, dict[str, Any]]
    early_record_status: int
    """What ``GET /api/games/{id}/record`` answered while the first deal was played."""
    http: list[dict[str, Any]]
    """What the routes anyone may read answered then (:func:`_open_routes`)."""


def play_table(tmp_path: Path, game: str, preset: str | None, deals: int = 2,
               timer: float | None = None, options: dict[str, Any] | None = None) -> Played:
    """A table of bots (trustees of seated clients) playing ``deals`` deals, watched by one
    spectator; returns every message, the truth of every deal and the records served (a
    record the rules keep from anyone is refused without a token and with the token of a seat
    that may not read it, and served with the token of one that may). With ``timer``, the
    last seat never hands its seat over: its turn timer runs out instead, every time it is
    asked until it is marked ``timeout``."""
    app = create_app("sqlite:///" + str(tmp_path / "leaks.db"))
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        # (the seats' people never close a summary: the next deal does not wait for them)
        body: dict[str, Any] = {"settings": {"bot_delay": 0, "deals": deals, "timer": timer,
                                             "summary_wait": 0}}
        if preset is not None:
            body["preset"] = preset
        if options is not None:
            body["options"] = options
        made = create_table(client, game, **body)
        table_id, n = made["id"], len(made["table"]["seats"])
        spectator = stack.enter_context(connect(client, table_id))
        seats = []
        for i in range(n):
            conn = stack.enter_context(connect(client, table_id))
            conn.sit(i)
            if i < n - 1:
                conn.send({"type": "trustee", "on": True})
            seats.append(conn)
        # the last seat is no trustee yet: the deal cannot end before it has acted
        last = seats[-1]
        last.until("state", lambda m: m["deal"] == 0 and m["status"] == "playing")
        early = client.get(f"/api/games/{table_id}-0/record").status_code
        http = _open_routes(client, table_id)
        if timer is None:
            last.send({"type": "trustee", "on": True})
        conns = [*seats, spectator]
        for conn in conns:
            conn.until("deal_over", lambda m: m["deal"] == deals - 1, timeout=DEAL_TIMEOUT)
            conn.settle()

        truths = _truths(app, game, table_id)
        records = _served_records(client, table_id, truths, seats)
    return Played(game, conns, truths, records, early, http)


def _served_records(client: TestClient, table_id: str, truths: dict[int, DealTruth],
                    seats: list[Conn]) -> dict[int, dict[str, Any]]:
    """Each deal's record as the server serves it: to anyone, or (SJ-13) only with the token
    of a seat that may read it — refused (403 ``hidden``, the replay too) without a token and
    with another seat's. A deal nobody at the table may read has no record here."""
    records: dict[int, dict[str, Any]] = {}
    for number, truth in truths.items():
        path = f"/api/games/{table_id}-{number}"
        r = client.get(f"{path}/record")
        if truth.viewers is None:
            assert r.status_code == 200, r.text
            records[number] = r.json()
            continue
        assert r.status_code == 403 and r.json()["error"] == "hidden", r.text
        assert client.get(f"{path}/replay").status_code == 403
        for seat, conn in enumerate(seats):
            r = client.get(f"{path}/record", headers={"Authorization": f"Bearer {conn.token}"})
            assert r.status_code == (200 if seat in truth.viewers else 403), (seat, r.text)
            if r.status_code == 200:
                records[number] = r.json()
    return records


def _open_routes(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    """Every HTTP route anyone may read without a token, read in the middle of deal 0, as
    a spectator's messages: first a ``state`` at the deal's state once they were read (what
    they show was shown by then), then one ``http`` message per route."""
    service = client.app.state.service  # type: ignore[attr-defined]
    # (/healthz and /api/games/kinds tell nothing of any table: their help texts name cards)
    paths = ["/api/tables", f"/api/tables/{table_id}",
             f"/api/tables/{table_id}/results", f"/api/games?table={table_id}",
             "/api/games", f"/api/games/{table_id}-0/record", f"/api/games/{table_id}-0/replay"]
    answers = [{"type": "http", "path": p, "body": client.get(p).json()} for p in paths]
    game = service.tables[table_id].game
    assert game is not None, "deal 0 ended while the routes were read"
    now = {"type": "state", "deal": 0, "status": "playing", "state_id": game.state_id,
           "observation": _json(game.observation(None)), "legal": None, "deadline": None}
    return [now, *answers]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _truths(app: Any, game: str, table_id: str) -> dict[int, DealTruth]:
    """Every deal of the table from the server's database: its seed, start and actions."""
    store = app.state.store
    out: dict[int, DealTruth] = {}
    with store.session() as s:
        rows = s.execute(select(DealRow).where(DealRow.table_id == table_id)
                         .order_by(DealRow.number)).scalars().all()
        table = s.get(TableRow, table_id)
        assert table is not None
        for d in rows:
            actions = [parse_action(a.action) for a in s.execute(
                select(ActionRow).where(ActionRow.deal_id == d.id)
                .order_by(ActionRow.idx)).scalars()]
            deal = game_class(game).from_record(
                Record(game, dict(table.options), Deal(seed=d.seed), d.start))
            allowed = allowed_by_state(deal, actions)
            assert deal.is_over, f"deal {d.number} is not over after its stored actions"
            viewers = [*range(deal.num_seats), None]
            out[d.number] = DealTruth(allowed, deal.state_id, d.seed,
                                      {v: _json(deal.events_since(v, 0)) for v in viewers},
                                      {v: _json(deal.observation(v)) for v in viewers},
                                      viewers=deal.record_viewers())
    return out


# -- the checks --------------------------------------------------------------------------------


def _without_call_names(state: dict[str, Any]) -> dict[str, Any]:
    """A state message less the card a legal friend call names (Shengji's ``call``: any card
    of the decks may be named, which tells nothing of where it is)."""
    def strip(action: Any) -> Any:
        if isinstance(action, list) and len(action) > 3 and action[1] == "call":
            return [*action[:3], {k: v for k, v in action[3].items() if k != "card"}]
        return action

    out = dict(state)
    if isinstance(out.get("legal"), list):
        out["legal"] = [strip(a) for a in out["legal"]]
    if out.get("hint") is not None:
        out["hint"] = strip(out["hint"])
    return out


def check_stream(game: str, messages: list[dict[str, Any]], deals: dict[int, DealTruth],
                 seat: int | None) -> int:
    """Fail on the first card in ``messages`` (all a connection was sent, in order) that its
    viewer could not know when it was sent. ``seat``: the seat the connection sits at once
    its ``seated`` reply comes (``None``: it only watches). Returns the cards checked."""
    viewer: int | None = None
    moment: tuple[int, int] | None = None
    asked: set[int] = set()
    """The seats the viewer's last state showed asked."""
    timed_out: dict[int, str | None] = {}
    """Each seat's trustee flag in the last ``table`` message."""
    checked = 0

    def check(part: Any, where: str) -> None:
        nonlocal checked
        if moment is None:
            allowed: frozenset[int] = frozenset()  # no deal has begun: no card is known
        else:
            truth = deals[moment[0]]
            if moment[1] == truth.final:
                return  # the end of a deal shows what the rules show then
            allowed = truth.allowed[moment[1]][viewer]
        written = cards_written(part)
        checked += len(written)
        secret = written - allowed
        if secret:
            when = "before any deal" if moment is None else \
                f"deal {moment[0]} at state {moment[1]}"
            raise AssertionError(leak_text(game, viewer, secret, f"{when}, {where}", part))

    for i, msg in enumerate(messages):
        kind = msg.get("type")
        where = f"message {i} ({kind})"
        if kind == "seated":
            assert msg["seat"] == seat, f"{where}: seated at {msg['seat']}, not {seat}"
            viewer = seat
            check({k: v for k, v in msg.items() if k != "token"}, where)  # a token is no card
        elif kind == "deal_over":
            moment = (msg["deal"], deals[msg["deal"]].final)
        elif kind == "events":
            for event in msg["events"]:
                moment = (msg["deal"], event["state_id"])
                check(event, where)
        elif kind == "state" and msg.get("observation") is not None:
            shown = msg["observation"]["seat"]
            assert shown in (None, viewer), \
                f"{where}: {'a spectator' if viewer is None else f'seat {viewer}'} was sent " \
                f"seat {shown}'s observation"
            moment = (msg["deal"], msg["state_id"])
            asked = set(msg["observation"]["to_act"])
            deadline = msg.get("deadline")
            # who is asked may be secret (SJ-13): the timer names only seats the viewer's
            # own observation shows asked
            assert deadline is None or (deadline["seats"]
                                        and set(deadline["seats"]) <= asked), \
                f"{where}: the deadline {deadline} names seats the viewer does not see asked"
            check(_without_call_names(msg), where)
        else:
            if kind == "table":
                # a timeout marks a seat for everyone only where everyone saw it asked
                for i, s in enumerate(msg["table"].get("seats", ())):
                    assert s["trustee"] in (None, "asked", "timeout", "disconnect"), where
                    if s["trustee"] == "timeout" and timed_out.get(i) != "timeout" \
                            and i != viewer:
                        assert i in asked, f"{where}: seat {i}'s timeout tells it was asked"
                    timed_out[i] = s["trustee"]
            check(msg, where)
    return checked


def check_secrets(messages: list[dict[str, Any]], seat: int | None, tokens: dict[int, str],
                  seeds: list[int]) -> None:
    """No message holds another seat's token (a spectator: any token) or a deal's seed."""
    for i, msg in enumerate(messages):
        text = json.dumps(msg, ensure_ascii=False)
        for other, token in tokens.items():
            assert other == seat or token not in text, \
                f"message {i} to {seat} holds seat {other}'s token: {msg}"
        for seed in seeds:
            assert str(seed) not in text, f"message {i} to {seat} holds a deal's seed: {msg}"


def _followed(log: list[dict[str, Any]], number: int) -> tuple[int, list[dict[str, Any]]]:
    """Where a connection began to follow deal ``number`` and the events it was sent of it:
    a connection already at the table when the deal began is sent its events from the start;
    one that came later, the state it came in at, then what follows."""
    start: int | None = None
    got: list[dict[str, Any]] = []
    for m in log:
        if m.get("deal") != number:
            continue
        if m.get("type") == "events":
            start = 0 if start is None else start
            got.extend(m["events"])
        elif m.get("type") == "state" and m.get("state_id") is not None and start is None:
            start = m["state_id"]
    assert start is not None, f"deal {number}: no state or events"
    return start, got


def _event_key(event: dict[str, Any]) -> tuple[int, str]:
    return event["state_id"], json.dumps(event, sort_keys=True)


def _without_state_id(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "state_id"}


def check_played(played: Played) -> int:
    """Every check on one table; returns the cards checked."""
    game, deals = played.game, played.deals
    assert played.early_record_status == 409, "a record was served before its deal was over"
    seats = played.conns[:-1]
    tokens = {i: c.token for i, c in enumerate(seats) if c.token is not None}
    assert sorted(tokens) == list(range(len(seats))), "a seat got no token"
    assert len(set(tokens.values())) == len(tokens)
    seeds = [t.seed for t in deals.values()]
    checked = check_stream(game, played.http, deals, None)
    for conn, seat in zip(played.conns, [*range(len(seats)), None], strict=True):
        errors = [m for m in conn.log if m.get("type") == "error"]
        assert not errors, f"connection of seat {seat} was sent errors: {errors}"
        check_secrets(conn.log, seat, tokens, seeds)
        checked += check_stream(game, conn.log, deals, seat)
        for number, truth in deals.items():
            assert any(m.get("type") == "deal_over" and m["deal"] == number
                       for m in conn.log), f"seat {seat} was never told deal {number} ended"
            # it was told, once, of everything its viewer saw happen in the deal from where
            # it began to follow it (so each event was checked); a seat's first deal may have
            # begun before it sat down (it then follows from the state it is sent)
            if seat is not None and number == 0:
                continue
            start, got = _followed(conn.log, number)
            want = [e for e in truth.events[seat] if e["state_id"] > start]
            assert sorted(got, key=_event_key) == sorted(want, key=_event_key), \
                f"seat {seat} was not sent exactly the events of deal {number} it sees " \
                f"after state {start}"
    for number, doc in played.records.items():
        text = json.dumps(doc)
        assert all(str(seed) not in text for seed in seeds), "a record holds a seed"
        replayed, applied = replay(Record.from_json(doc))
        assert applied == len(doc["actions"]) and replayed.is_over
        # a Baohuang deal redealt after a void deal (黄庄) keeps only its last deal's actions
        # (and ``start.redeals``): the same end, reached at a smaller state_id
        redealt = (doc.get("start") or {}).get("redeals", 0)
        assert replayed.state_id == deals[number].final if not redealt else \
            replayed.state_id <= deals[number].final
        for viewer, view in deals[number].views.items():
            assert _without_state_id(_json(replayed.observation(viewer))) == \
                _without_state_id(view), \
                f"deal {number}'s record does not replay to the deal played ({viewer})"
    return checked


# -- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_no_message_holds_a_card_its_viewer_may_not_see(tmp_path: Path, game: str,
                                                        preset: str | None) -> None:
    played = play_table(tmp_path, game, preset)
    assert sorted(played.deals) == [0, 1]
    checked = check_played(played)
    assert checked > 0, "the checker found no card in any message"


def test_no_deadline_or_timeout_tells_a_viewer_who_is_asked(tmp_path: Path) -> None:
    """A Shengji table whose last seat lets its timer run out: while cards are dealt who is
    asked to bid is secret (SJ-13), and no deadline or trustee flag may tell it."""
    played = play_table(tmp_path, "shengji", "tractor", deals=1, timer=1)
    assert check_played(played) > 0
    last = played.conns[-2]
    deadlines = [m["deadline"] for m in last.log if m.get("type") == "state"
                 and m.get("deadline") is not None]
    assert deadlines, "the last seat never had a deadline"


def test_a_kitty_kept_after_the_round_is_served_only_to_its_burier(tmp_path: Path) -> None:
    """``reveal_kitty: false`` (SJ-13): the kitty stays with the seat that buried it after
    the round too, so each deal's record is refused without a token and with any other
    seat's (:func:`_served_records`), and the record the burier is served replays to the
    deal played."""
    played = play_table(tmp_path, "shengji", "tractor", options={"reveal_kitty": False})
    assert all(truth.viewers is not None for truth in played.deals.values())
    assert played.records, "no deal's record was served to the seat that buried its kitty"
    assert check_played(played) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), ALL_PRESETS)
def test_no_leaks_over_many_tables(tmp_path: Path, game: str, preset: str) -> None:
    for i in range(4):
        played = play_table(tmp_path / str(i), game, preset, deals=3)
        check_played(played)


def _engine_deal() -> tuple[Game, dict[int, DealTruth]]:
    """A Shengji deal played by the sampler in the engine alone, and its truth; the game is
    returned a third of the way through."""
    cls = game_class("shengji")
    probe = cls.new({"preset": "tractor"}, seed=5)
    rng = random.Random(5)
    while not probe.is_over:
        probe.apply(probe.sample_action(rng))
    actions = list(probe.actions)
    allowed = allowed_by_state(cls.new({"preset": "tractor"}, seed=5), actions)
    game = cls.new({"preset": "tractor"}, seed=5)
    for action in actions[:len(actions) // 3]:
        game.apply(action)
    return game, {0: DealTruth(allowed, len(actions), 5, {}, {})}


def test_the_checker_fails_on_a_card_its_viewer_may_not_see() -> None:
    game, deals = _engine_deal()

    def state(seat: int | None) -> dict[str, Any]:
        return {"type": "state", "deal": 0, "status": "playing", "state_id": game.state_id,
                "observation": game.observation(seat), "legal": None}

    seated = {"type": "seated", "seat": 0, "token": "t0"}
    # each viewer's own messages pass …
    assert check_stream("shengji", [seated, state(0)], deals, 0) > 0
    check_stream("shengji", [state(None)], deals, None)
    # … another seat's observation fails, and so does any card of its hand put anywhere
    with pytest.raises(AssertionError, match="observation"):
        check_stream("shengji", [seated, state(1)], deals, 0)
    known = deals[0].allowed[game.state_id]
    theirs = sorted(cards_written(game.observation(1)["hand"]) - known[0] - known[None])
    assert theirs, "seat 1 holds no card that seat 0 and a spectator may not know"
    card = format_card(theirs[0])
    sneaky = state(0)
    sneaky["observation"] = {**sneaky["observation"], "note": f"seat 1 has {card}"}
    with pytest.raises(AssertionError, match=f"seat 0 was told of {card}"):
        check_stream("shengji", [seated, sneaky], deals, 0)
    event = {"type": "events", "deal": 0,
             "events": [{"state_id": game.state_id, "type": "action", "cards": card}]}
    with pytest.raises(AssertionError, match=f"a spectator was told of {card}"):
        check_stream("shengji", [state(None), event], deals, None)
    with pytest.raises(AssertionError, match="before any deal"):
        check_stream("shengji", [{"type": "table", "table": {"note": card}}], deals, None)
    # at the deal's end the rules show the hands: not a leak
    over = {"type": "events", "deal": 0,
            "events": [{"state_id": deals[0].final, "type": "action", "cards": card}]}
    check_stream("shengji", [state(None), over], deals, None)
    # a deadline naming a seat the viewer does not see asked fails, and so does a timeout
    # flag that appears for a seat the viewer did not see asked
    timed = state(None)
    hidden = next(i for i in range(4) if i not in timed["observation"]["to_act"])
    timed["deadline"] = {"deal": 0, "state_id": game.state_id, "at": 0.0, "seats": [hidden]}
    with pytest.raises(AssertionError, match="deadline"):
        check_stream("shengji", [timed], deals, None)
    seats = [{"trustee": "timeout" if i == hidden else None} for i in range(4)]
    with pytest.raises(AssertionError, match="timeout"):
        check_stream("shengji", [state(None), {"type": "table", "table": {"seats": seats}}],
                     deals, None)
    # a seat's token or a seed in another connection's message fails too
    with pytest.raises(AssertionError, match="token"):
        check_secrets([{"type": "chat", "text": "t1"}], 0, {0: "t0", 1: "t1"}, [])
    with pytest.raises(AssertionError, match="seed"):
        check_secrets([{"type": "chat", "text": "seed 123456789"}], None, {}, [123456789])
