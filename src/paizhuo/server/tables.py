"""The one path by which a table changes: create, sit, seat a bot, leave, hand over (托管),
act, close — each a locked change of one table. :class:`Tables` is the lowest of the server's
three layers, built in three modules, each on the one before:

- :class:`~paizhuo.server.changes.Changes` (:mod:`paizhuo.server.changes`): the tables in
  memory, loaded and caught up with the database, and the locked path every change takes
  (:meth:`~paizhuo.server.changes.Changes._change`), with the three hooks by which it calls
  the layers above;
- :class:`~paizhuo.server.seats.Seats` (:mod:`paizhuo.server.seats`): the changes of seats —
  sit, seat a bot, leave, hand over — and the first deal once the seats are full;
- :class:`Tables` (here): creating a table and closing it, and the actions of a deal —
  applied (``act``), tried on a copy (``check``), or asked of a bot (``hint``).

A deal's own life (dealt, played again from the database, its end stored) is the functions of
:mod:`paizhuo.server.deals`. :mod:`paizhuo.server.hub` says how the three layers stack: this
one knows no connection and drives no bot.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from paizhuo import parse_action as parse_typed
from paizhuo.bots.base import decision_of
from paizhuo.bots.policies import playout_bot
from paizhuo.bots.registry import bot_names
from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError, PaizhuoError
from paizhuo.engine.game import Game
from paizhuo.engine.records import parse_action
from paizhuo.engine.registry import game_class, game_names
from paizhuo.server import store as queries
from paizhuo.server.deals import close_deal
from paizhuo.server.model import Table, check_bots, check_settings
from paizhuo.server.protocol import MALFORMED_ZH, ProtocolError
from paizhuo.server.seats import Seats
from paizhuo.server.store import LockedRow, Tx


class Tables(Seats):
    """Every table of this process, and the one path by which they change."""

    # -- a table's beginning and end -------------------------------------------------------

    def create(self, game_name: Any, options: Any = None, settings: Any = None,
               bots: Any = None, host_hash: str | None = None) -> Table:
        """A new table (validated by the engine: an invalid option gets its message);
        ``host_hash``: the hash of the host's token (it may seat bots and close the table).
        A table with a bot in every seat plays by itself: it needs a deal cap and a bot
        delay within :attr:`limits`."""
        if not isinstance(game_name, str) or game_name not in game_names():
            raise ProtocolError("bad_game", f"unknown game {game_name!r}; the games are "
                                + ", ".join(sorted(game_names())))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ProtocolError("bad_options", "options is an object")
        try:
            trial = game_class(game_name).new(dict(options), seed=0)
        except MalformedError as exc:
            raise ProtocolError("bad_options", str(exc), field=exc.field) from None
        n = trial.num_seats
        table_settings = check_settings(settings)
        bot_seats = check_bots(bots, n, bot_names(game_name))
        if len(bot_seats) == n:
            self._check_demo(table_settings)
        table_id = self.store.create_table(game_name, dict(options), table_settings, n,
                                           bot_seats, host_hash)
        table = self._load(table_id)
        assert table is not None
        return table

    def _end(self, s: Tx, row: LockedRow, table: Table, why: str) -> None:
        """Within a change: the table is over now (the deal in play is abandoned)."""
        if table.deal_id is not None:
            queries.abandon_deal(s, table.deal_id)
        row.status = table.status = "over"
        row.ended = table.ended = why
        row.deadline = table.deadline = None
        table.game = table.between = None
        table.deal_id = None
        table.meta += 1

    async def close(self, table: Table, why: str = "closed") -> bool:
        """End the table now (its host closed it, or nobody came back): the deal being
        played is abandoned (its actions stay stored), finished deals keep their records.
        Returns whether this closed it (``False``: it was over already)."""
        def fn(s: Tx, row: LockedRow) -> bool:
            if table.status == "over":
                return False
            self._end(s, row, table, why)
            return True

        done: bool = await self._change(table, fn)
        return done

    # -- actions ---------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, action: Any, state_id: int,
                  by_bot: bool = False, holder: str | None = None,
                  for_person: bool = False) -> None:
        """Apply ``seat``'s action made against ``state_id``: refused if stale, malformed or
        illegal (``ProtocolError`` with the engine's rule and message); with ``holder`` (a
        connection's binding) also if the seat changed hands. A bot (``by_bot``) acts for a
        person's seat only while it is 托管, or once where the person's timer ran out on a
        decision nobody else saw asked (``for_person``)."""
        def fn(s: Tx, row: LockedRow) -> None:
            self._check_holder(table, seat, holder, holder is not None)
            held = table.seats[seat]
            if by_bot and not for_person and held.kind == "person" and held.trustee is None:
                # the person took the seat back (perhaps through another process) while the
                # bot thought
                raise ProtocolError("stale", "the seat's person plays it again",
                                    zh="这个座位的玩家又自己打了")
            game = table.game
            if game is None:
                raise ProtocolError("not_playing", "no deal is being played at this table",
                                    zh="这张桌子现在没有在打牌")
            deal_ref = table.deal_number
            if state_id != game.state_id:
                raise ProtocolError("stale", f"the action was made against state {state_id}, "
                                    f"the deal is at state {game.state_id}",
                                    zh="牌局已经往下走了：这一步是按旧的局面出的",
                                    state_id=game.state_id, deal=deal_ref)
            act = self._parse_action(game, seat, action)
            if act.seat != seat:
                raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not "
                                    f"seat {act.seat}", zh=f"你只能替座位 {seat} 出牌")
            try:
                game.apply(act)
            except IllegalActionError as exc:
                raise ProtocolError("illegal", exc.message, rule=exc.rule,
                                    zh=exc.zh) from None
            except MalformedError as exc:
                # the engine names the action's part ("[1]" the verb): within the message
                # that is the field "action[1]", as the parser names it
                where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
                raise ProtocolError("malformed", exc.message, field=where,
                                    zh=exc.zh or MALFORMED_ZH) from None
            stored = game.actions[-1]
            assert table.deal_id is not None
            s.add_action(table.deal_id, game.state_id - 1, stored.to_json(), by_bot)
            seat_row = table.seats[seat]
            if not by_bot and seat_row.trustee in ("timeout", "disconnect", "left"):
                self._store_seat(s, table, seat, replace(seat_row, trustee=None))
            if game.is_over:
                close_deal(s, row, table)

        await self._change(table, fn)

    def check(self, table: Table, seat: int, action: Any, state_id: int) -> dict[str, Any]:
        """Would ``seat``'s action be accepted now? Tried on a copy (nothing changes, nothing
        is stored or sent): ``{"ok": true}`` or the refusal's ``code`` / ``rule`` /
        ``message`` — what a player interface shows before the play button is pressed."""
        game = table.game
        if game is None:
            raise ProtocolError("not_playing", "no deal is being played at this table",
                                zh="这张桌子现在没有在打牌")
        if state_id != game.state_id:
            raise ProtocolError("stale", f"the check was made against state {state_id}, the "
                                f"deal is at state {game.state_id}", state_id=game.state_id,
                                zh="牌局已经往下走了：这一步是按旧的局面出的",
                                deal=table.deal_number)
        act = self._parse_action(game, seat, action)
        if act.seat != seat:
            raise ProtocolError("forbidden", f"this connection acts for seat {seat}, not seat "
                                f"{act.seat}", zh=f"你只能替座位 {seat} 出牌")
        try:
            game.clone().apply(act)
        except IllegalActionError as exc:
            return {"ok": False, "code": "illegal", "rule": exc.rule, "message": exc.message,
                    "message_zh": exc.zh}
        except MalformedError as exc:
            where = f"action{exc.field}" if exc.field.startswith("[") else exc.field
            return {"ok": False, "code": "malformed", "field": where, "message": exc.message,
                    "message_zh": exc.zh or MALFORMED_ZH}
        return {"ok": True}

    def hint(self, table: Table, seat: int) -> dict[str, Any] | None:
        """What a bot would play for ``seat`` now, from the seat's own view only; ``None``
        when the seat has nothing to decide. The bot is the best that answers at once: the
        game's heuristic (well under 50 ms a decision; the search takes up to a second), or
        ``greedy`` for a game without one (:func:`~paizhuo.bots.policies.playout_bot`)."""
        game = table.game
        if game is None or seat not in game.to_act():
            return None
        bot = playout_bot(table.game_name)
        action = decision_of(game, seat, bot, random.Random(game.state_id))
        return {"action": action.to_json(), "bot": bot.name}

    @staticmethod
    def _parse_action(game: Game, seat: int, action: Any) -> Action:
        try:
            if isinstance(action, str):
                return parse_typed(game, seat, action)
            return parse_action(action)
        except MalformedError as exc:
            raise ProtocolError("malformed", str(exc), field=exc.field,
                                zh=exc.zh or MALFORMED_ZH) from None
        except PaizhuoError as exc:
            raise ProtocolError("malformed", str(exc), zh=MALFORMED_ZH) from None


__all__ = ["Tables"]
