"""A deal at a table, from its dealing to its end: the seed it is dealt with (fixed by the
table's ``seed`` setting, else secret), its stored actions played again (:func:`replay`), and
what its end stores (:func:`close_deal`: the result, the record and who may read it, the
history's line) before the next deal is dealt or the table ends.

Functions of a :class:`~paizhuo.server.model.Table`, no state of their own: those that
change it run within a change (:meth:`~paizhuo.server.changes.Changes._change`), with its
transaction and its locked row.
"""

from __future__ import annotations

import secrets
from typing import Any

from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.game import Game
from paizhuo.engine.records import Deal, Record, parse_action
from paizhuo.engine.registry import game_class
from paizhuo.server import store as queries
from paizhuo.server.db import DealRow
from paizhuo.server.model import Table
from paizhuo.server.store import LockedRow, Reader, Tx


def new_game(game_name: str, options: dict[str, Any], seed: int,
             start: dict[str, Any] | None) -> Game:
    return game_class(game_name).from_record(Record(game_name, dict(options), Deal(seed=seed),
                                                    start))


def public_result(game: Game) -> dict[str, Any] | None:
    """The result as a spectator may see it (what the history and results show)."""
    result: dict[str, Any] | None = game.observation(None)["result"]
    return result


def record_viewers(table: Table, game: Game) -> list[str] | None:
    """Who may read the finished deal's record (``DealRow.viewers``): ``None`` anyone, else
    the token hashes of the seats the game names (``record_viewers``) that a person holds.
    A seat a bot holds has no token: a record only a bot's seat saw is read by nobody."""
    seats = game.record_viewers()
    if seats is None:
        return None
    return [seat.token_hash for seat in (table.seats[i] for i in sorted(seats))
            if seat.kind == "person" and seat.token_hash is not None]


def summary(d: DealRow) -> dict[str, Any]:
    """A finished deal as the table's history shows it to anyone."""
    rec = d.record or {}
    return {"deal": d.number, "id": d.id, "result": (d.result or {}).get("public"),
            "returns": d.returns, "match_winners": (d.result or {}).get("match_winners"),
            "actions": len(rec.get("actions", ()))}


def replay(s: Reader, table: Table, d: DealRow, since: int, game: Game | None) -> Game:
    """``game`` (``None``: the deal as dealt) with the deal's actions from ``since`` on
    applied."""
    if game is None:
        game = new_game(table.game_name, table.options, d.seed, d.start)
    for action in queries.actions(s, d.id, since):
        game.apply(parse_action(action))
    return game


def open_deal(s: Tx, row: LockedRow, table: Table, start: dict[str, Any] | None) -> None:
    """Within a change: deal the table's next deal (its first if none was played), from
    ``start`` (what the last deal's result says the next one starts with)."""
    number = row.deal_number if table.game is None and not table.history else \
        row.deal_number + 1
    fixed = table.settings.get("seed")
    seed = secrets.randbits(62) if fixed is None else derive_seed(fixed, number)
    deal_id = f"{table.id}-{number}"
    queries.add_deal(s, deal_id, table.id, number, seed, start)
    row.deal_number = table.deal_number = number
    table.deal_id = deal_id
    table.game = new_game(table.game_name, table.options, seed, start)


def close_deal(s: Tx, row: LockedRow, table: Table) -> None:
    """The deal is over: store its result and record; the next deal or the end."""
    game = table.game
    assert game is not None and table.deal_id is not None
    winners = game.match_winners()
    d = queries.finish_deal(s, table.deal_id,
                            {"public": public_result(game), "match_winners": winners},
                            game.returns(), game.record_for(None).to_json(),
                            record_viewers(table, game))
    table.history.append(summary(d))
    table.last = (table.deal_number, game)
    cap = table.settings.get("deals")
    if winners is not None or (cap is not None and len(table.history) >= cap):
        row.status = table.status = "over"
        row.ended = table.ended = "match" if winners is not None else "deals"
        table.game = None
        table.deal_id = None
    elif table.hold_next_deal():  # dealt once the summary is read (Drivers.deal_next)
        table.game = table.deal_id = None
    else:
        open_deal(s, row, table, game.next_start())
        if not table.clients:
            # nobody is here: the bots do not play on alone. The next deal is dealt and
            # waits; whoever connects resumes it (another process with clients at the
            # table does so when it catches up with this change)
            row.status = table.status = "paused"
    table.meta += 1


__all__ = ["close_deal", "new_game", "open_deal", "public_result", "record_viewers", "replay",
           "summary"]
