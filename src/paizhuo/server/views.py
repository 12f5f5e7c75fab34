"""What a client of a table is sent: built only from the engine's views of its seat
(``observation``, ``events_since``, its own legal actions) and the table's public view, so no
message can hold a card the seat may not see (``docs/protocol.md``)."""

from __future__ import annotations

import random
from typing import Any

from paizhuo.engine.game import Game
from paizhuo.server.model import LEGAL_LIMIT, Client, Table


def state_message(table: Table, seat: int | None) -> dict[str, Any]:
    """The state as ``seat`` (``None``: a spectator) sees it, with its legal actions."""
    game = table.game
    msg: dict[str, Any] = {"type": "state", "deal": table.deal_number,
                           "status": table.status}
    if game is None:
        msg.update(state_id=None, observation=None, legal=None)
        return msg
    obs = game.observation(seat)
    msg["state_id"] = game.state_id
    msg["observation"] = obs
    msg["deadline"] = viewer_deadline(table.deadline, obs)
    if seat is not None and (obs["your_turn"] or game.OUT_OF_TURN_VERBS):
        msg.update(legal_part(game, seat, obs["your_turn"]))
    else:
        msg["legal"] = None
    return msg


def viewer_deadline(deadline: dict[str, Any] | None,
                    obs: dict[str, Any]) -> dict[str, Any] | None:
    """The turn timer as a viewer may know it: only the seats its observation shows asked
    (who is asked may be secret: Shengji's bids while cards are dealt, SJ-13), and none at
    all when it shows none of them."""
    if deadline is None:
        return None
    shown = set(obs["to_act"])
    seats = [s for s in deadline.get("seats", ()) if s in shown]
    if not seats:
        return None
    return {**deadline, "seats": seats}


def legal_part(game: Game, seat: int, your_turn: bool) -> dict[str, Any]:
    """The seat's legal actions (Shengji: also while it may take back), or their count and
    one as a hint where there are more than :data:`LEGAL_LIMIT`."""
    n = game.count_legal(seat)
    if n is not None:
        if n > LEGAL_LIMIT:
            hint = None
            if game.to_act() and game.to_act()[0] == seat:
                hint = game.clone().sample_action(random.Random(game.state_id)).to_json()
            return {"legal": None, "legal_count": n, "hint": hint}
        if n == 0:
            return {"legal": []}
    if not your_turn and not game.OUT_OF_TURN_VERBS:
        return {"legal": None}
    return {"legal": [a.to_json() for a in game.legal_actions(seat)]}


def table_message(table: Table) -> dict[str, Any]:
    return {"type": "table", "table": table.public()}


def log_message(table: Table, seat: int | None) -> dict[str, Any] | None:
    """The deal's log so far for a client that comes (or comes back, or sits down) mid-deal:
    every event of the deal as ``seat`` may see it and the chat said meanwhile, each line with
    the ``state_id`` it was said at; ``None`` when no deal is being played."""
    game = table.game
    if game is None:
        return None
    chat = [line for line in table.chat if line["deal"] == table.deal_number]
    return {"type": "log", "deal": table.deal_number, "events": game.events_since(seat, 0),
            "chat": chat}


def pending(table: Table, client: Client) -> list[dict[str, Any]]:
    """What ``client`` has not been sent: events of its deal (and of the deal just
    finished), the end of a deal, and the state now; the client's place in the stream moves
    on."""
    out: list[dict[str, Any]] = []
    if client.meta != table.meta:
        out.append(table_message(table))
        client.meta = table.meta
    seat = client.seat
    if client.deal >= 0:
        # the deal it followed is over: a next one has begun, or the table is over
        # (or the table is between two deals: the next one waits for the summary to be read)
        if table.last is not None and client.deal == table.last[0] \
                and (client.deal != table.deal_number or table.game is None):
            number, old = table.last
            events = old.events_since(seat, client.state_id)
            if events:
                out.append({"type": "events", "deal": number, "events": events})
            out.append({"type": "deal_over", "deal": number,
                        "result": old.observation(seat)["result"],
                        "returns": old.returns(),
                        "record": f"/api/games/{table.id}-{number}/record",
                        # only the seats the rules let see it all may read it (SJ-13)
                        "restricted": old.record_viewers() is not None})
            client.deal, client.state_id = table.deal_number, 0
        if client.deal == table.deal_number and table.game is not None:
            events = table.game.events_since(seat, client.state_id)
            if events:
                out.append({"type": "events", "deal": table.deal_number,
                            "events": events})
    out.append(state_message(table, seat))
    # a table that is over has no deal left to follow (its last deal_over goes out once)
    client.deal = table.deal_number
    if table.status == "over":
        client.deal = -1
    elif table.game is None and table.history:
        client.deal += 1  # between two deals: it follows the next one
    client.state_id = table.game.state_id if table.game is not None else 0
    return out


__all__ = ["legal_part", "log_message", "pending", "state_message", "table_message",
           "viewer_deadline"]
