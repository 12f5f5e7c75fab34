"""One websocket client of a table: its messages read, checked and answered
(:class:`Connection`), and what it is sent written in order by a task of its own
(:class:`Outbox`). Every change a message asks for goes through the
:class:`~paizhuo.server.hub.Service`; this module holds what is the websocket's own: message
sizes and rates, the per-address limits (:class:`Guards`), and a client that does not read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.websockets import WebSocketState

from paizhuo.server.hub import Service
from paizhuo.server.model import CHAT_KEPT, Client, Table
from paizhuo.server.protocol import (
    CLOSE_INTERNAL,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    FLOOD_CLOSE,
    MAX_CHAT,
    MAX_MESSAGE_BYTES,
    AddressLimit,
    Limits,
    Message,
    ProtocolError,
    RateLimit,
    clean_text,
    parse,
)

log = logging.getLogger("paizhuo.server")

OUTBOX_LIMIT = 1000
"""Messages waiting for a client that does not read them, after which it is closed (1008)."""


def encode_message(msg: dict[str, Any]) -> str | None:
    """``msg`` as a websocket message's JSON text, or ``None`` (logged: a server bug) if it
    cannot be: sending never raises. A lone surrogate is written as JSON's own escape for it
    (UTF-8 cannot carry it, and the socket's write would fail)."""
    try:
        text = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        log.exception("a %r message could not be encoded", msg.get("type"))
        return None
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            # a lone surrogate stands only inside a JSON string, where its escape
            # (backslash, u, four hex digits) is the same string
            text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class Outbox:
    """What is to be sent to one websocket, in order, written by a task of its own
    (:meth:`write`): a table's updates never wait for a slow client, one that stops reading
    is closed instead of holding the table up, and one whose write fails is closed instead
    of living on with every later message lost.

    The table's :class:`Client` holds this object's :meth:`send`, not the connection's: no
    reference cycle runs through a connection, so a closed one is freed by reference
    counting at once (``run.py`` leaves the collector's full passes rare)."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.closing = False
        """Closed or closing: nothing more is queued, nor is what the client sends acted on."""

    async def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg`` (never raises: one that cannot be encoded closes the client, which
        reconnects and syncs, rather than leave it without the message)."""
        if self.closing:
            return
        if self.queue.qsize() >= OUTBOX_LIMIT:
            log.info("closing a client that does not read its messages")
            self.close_soon(CLOSE_POLICY, "not reading: reconnect and sync")
            return
        text = encode_message(msg)
        if text is None:
            self.close_soon(CLOSE_INTERNAL, "a message could not be sent: reconnect and sync")
            return
        self.queue.put_nowait(text)

    def close_soon(self, code: int, reason: str) -> None:
        """Close once what is queued before is sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait((code, reason))

    async def write(self) -> None:
        """Send what is queued until the close. A write that fails (the client went away
        mid-write, or the transport refused the text) closes the socket (1011): nothing more
        would reach the client, and its reader, which sees the close, ends the connection."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await self.ws.close(code=item[0], reason=item[1])
                return
            if self.ws.application_state != WebSocketState.CONNECTED:
                self.closing = True
                return
            try:
                await self.ws.send_text(item)
            except Exception as exc:
                self.closing = True
                # the exception's name only: its text may hold the message (a seat's token)
                log.info("closing a client whose write failed (%s)", type(exc).__name__)
                with contextlib.suppress(Exception):
                    await self.ws.close(code=CLOSE_INTERNAL, reason="a write failed: "
                                        "reconnect and sync")
                return


class Connection:
    """One websocket client of one table: it reads, checks and answers its messages; every
    change goes through the :class:`Service`."""

    def __init__(self, service: Service, table: Table, ws: WebSocket,
                 guards: Guards | None = None) -> None:
        self.service = service
        self.table = table
        self.ws = ws
        self.guards = guards or Guards(Limits())
        self.address = ws.client.host if ws.client is not None else ""
        self.limit = RateLimit()
        self.outbox = Outbox(ws)
        self.client = Client(self.outbox.send)  # not self.send: no cycle (see Outbox)

    @property
    def closing(self) -> bool:
        return self.outbox.closing

    async def send(self, msg: dict[str, Any]) -> None:
        await self.outbox.send(msg)

    def close_soon(self, code: int, reason: str) -> None:
        """Close once what is queued before is sent."""
        self.outbox.close_soon(code, reason)

    async def run(self) -> None:
        writer = asyncio.ensure_future(self.outbox.write())
        try:
            await self._run()
        finally:
            if not writer.done():
                self.close_soon(1000, "")
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _run(self) -> None:
        service, table = self.service, self.table
        await service.connect(table, self.client)
        try:
            while True:
                raw = await self.ws.receive()
                if raw["type"] == "websocket.disconnect" or self.closing:
                    break  # closing: what it sends now is not acted on (it hears no answer)
                data = raw.get("text")
                if data is None:
                    data = raw.get("bytes") or b""
                size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) \
                    else len(data)  # the limit is in bytes, not characters
                if size > MAX_MESSAGE_BYTES:
                    await self.send(ProtocolError("too_large", f"a message may be at most "
                                                  f"{MAX_MESSAGE_BYTES} bytes").reply())
                    self.close_soon(CLOSE_TOO_BIG, "message too big")
                    break
                if not self.limit.allow(time.monotonic()):
                    if self.limit.refused > FLOOD_CLOSE:
                        self.close_soon(CLOSE_POLICY, "too many messages")
                        break
                    await self.send(ProtocolError("rate_limited", "too many messages: slow "
                                                  "down", zh="消息发得太快了：慢一点").reply())
                    continue
                ref = None
                try:
                    msg = parse(data)
                    ref = msg.ref
                    await self.handle(msg)
                except ProtocolError as exc:
                    reply = exc.reply(ref)
                    if exc.code == "stale":
                        reply["state"] = service.state_message(table, self.client.seat)
                    await self.send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await service.disconnect(table, self.client)

    async def handle(self, msg: Message) -> None:
        service, table, client = self.service, self.table, self.client
        kind, data = msg.type, msg.data
        if kind == "ping":
            await self.send({"type": "pong", "ref": msg.ref, "time": time.time()})
        elif kind == "sync":
            client.meta = -1
            client.deal = -1
            await service.catch_up(table, client)
        elif kind == "sit":
            if table.bound(client) is not None:
                raise ProtocolError("seated", f"this connection already sits at seat "
                                    f"{client.seat}", zh=f"你已经坐在座位 {client.seat} 了")
            if not self.guards.sit.allow(self.address, time.monotonic()):
                raise ProtocolError("rate_limited", "too many seats taken from this address: "
                                    "wait a minute", zh="从你这里入座太频繁了：请等一分钟")
            token = await service.sit(table, data["seat"], data["name"])
            await self.send({"type": "seated", "ref": msg.ref, "seat": data["seat"],
                             "token": token})
            await service.bind(table, client, data["seat"])
        elif kind == "join":
            seat = service.seat_of(table, data["token"])
            await self.send({"type": "seated", "ref": msg.ref, "seat": seat})
            await service.bind(table, client, seat)
        elif kind == "host":
            if not service.is_host(table, data["token"]):
                raise ProtocolError("bad_token", "this token is not this table's host token")
            client.host = True
            await self.send({"type": "hosting", "ref": msg.ref})
        elif kind == "bot":
            if table.bound(client) is None and not client.host:
                raise ProtocolError("forbidden", "only a seated player or the table's host "
                                    "may seat a bot", zh="只有入座的玩家或桌主才能安排机器人")
            await service.seat_bot(table, data["seat"], data["bot"])
        elif kind == "ready":  # the deal's summary closed (a spectator's is no one's wait)
            await service.ready(table, table.bound(client))
        elif kind == "chat":
            text = clean_text(data["text"], MAX_CHAT, "the message")
            now = time.monotonic()
            if not self.guards.chat_address.allow(self.address, now):
                raise ProtocolError("rate_limited", "too many chat lines from this address: "
                                    "slow down", zh="聊天发得太快了：慢一点")
            if not self.guards.chat_table.allow(table.id, now):
                raise ProtocolError("rate_limited", "this table's chat is too busy: wait a "
                                    "moment", zh="这桌聊天太多了：请稍等")
            speaker = table.bound(client)
            name = None if speaker is None else table.seats[speaker].name
            line = {"type": "chat", "seat": speaker, "name": name, "text": text}
            # kept, with when it was said, for the log of who comes (views.log_message)
            table.chat = [*table.chat[1 - CHAT_KEPT:], {
                **line, "deal": table.deal_number,
                "state_id": None if table.game is None else table.game.state_id}]
            for other in list(table.clients):
                with contextlib.suppress(Exception):
                    await other.send(line)
        else:
            acting = table.bound(client)
            if acting is None:
                raise ProtocolError("spectator", "a spectator cannot act (nor check, ask for a "
                                    "hint, hand over or leave): sit down or join with a "
                                    "seat's token first",
                                    zh="旁观者不能出牌（也不能试牌、提示、托管或离开）：请先入座")
            if kind == "leave":
                await service.leave(table, acting, client)
                await self.send({"type": "left", "ref": msg.ref, "seat": acting})
                if not table.seated(acting):  # the next deal waits for it no more
                    await service.ready(table, acting)
            elif kind == "trustee":
                await service.set_trustee(table, acting, "asked" if data["on"] else None,
                                          holder=client.holder)
            elif kind == "action":
                await service.act(table, acting, data["action"], data["state_id"],
                                  holder=client.holder)
                await self.send({"type": "ok", "ref": msg.ref})
            elif kind == "check":
                await self.send({"type": "checked", "ref": msg.ref,
                                 **service.check(table, acting, data["action"],
                                                 data["state_id"])})
            elif kind == "hint":
                await self.send({"type": "hinted", "ref": msg.ref,
                                 "hint": service.hint(table, acting)})


class Guards:
    """The per-address and per-table limits of one server process (:class:`Limits`)."""

    def __init__(self, limits: Limits) -> None:
        self.create = AddressLimit(limits.create_burst, limits.create_per_minute / 60)
        self.sit = AddressLimit(limits.sit_burst, limits.sit_per_minute / 60)
        self.chat_table = AddressLimit(limits.chat_table_burst, limits.chat_table_per_second)
        self.chat_address = AddressLimit(limits.chat_address_burst,
                                         limits.chat_address_per_second)


__all__ = ["OUTBOX_LIMIT", "Connection", "Guards", "Outbox", "encode_message"]
