"""The FastAPI application: HTTP endpoints for scripts, one websocket per client.

``create_app(db_url)`` builds it; ``paizhuo serve`` runs it with uvicorn. The protocol and
every endpoint are documented in ``docs/protocol.md`` (and FastAPI's ``/docs``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Any

from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.websockets import WebSocketState
from sqlalchemy import func, select
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from paizhuo import __version__
from paizhuo.bots.registry import bot_names
from paizhuo.engine.records import Record
from paizhuo.engine.registry import game_class, game_names
from paizhuo.games.option_docs import describe_options
from paizhuo.server.bus import Bus, LocalBus, PgBus
from paizhuo.server.db import DealRow, Store, TableRow
from paizhuo.server.model import hash_token
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
    lone_surrogate,
    parse,
    surrogate_message,
)
from paizhuo.server.replay import MAX_RECORD_BYTES, parse_upload, replay_of, rules_text
from paizhuo.server.tables import Client, Service, Table

log = logging.getLogger("paizhuo.server")

STATIC = Path(__file__).parent / "static"
"""The browser table's files, served as they are."""
OUTBOX_LIMIT = 1000
"""Messages waiting for a client that does not read them, after which it is closed (1008)."""
HTTP_ERROR_CODES = {400: "bad_request", 403: "forbidden", 404: "not_found",
                    405: "method_not_allowed", 409: "conflict", 413: "too_large",
                    429: "rate_limited"}
"""The ``error`` code of an HTTP error the framework raises (no such route, a method the
route does not take, a body it cannot read); another status gets its phrase in snake case."""


class ErrorResponse(JSONResponse):
    """An HTTP error's ``{"error", "message"}``, which always renders: a lone surrogate a
    client sent, quoted back in a message, is written as JSON's own escape for it (UTF-8
    cannot carry it, and a plain ``JSONResponse`` failed with a 500)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8", "backslashreplace")


def create_app(db_url: str | None = None, bus: Bus | None = None,
               store: Store | None = None, limits: Limits | None = None) -> FastAPI:
    """The server on the database at ``db_url`` (default: SQLite in the data folder), or on
    ``store``; with PostgreSQL, processes sharing the database hear each other through
    LISTEN/NOTIFY. ``limits``: what one address, table and all-bot table may do (default
    :meth:`Limits.from_env`)."""
    if store is None:
        store = Store(db_url)
    if bus is None:
        bus = LocalBus() if store.is_sqlite else PgBus(store.url)
    service = Service(store, bus, limits)
    guards = Guards(service.limits)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()
            store.dispose()

    app = FastAPI(title="paizhuo", version=__version__, lifespan=lifespan,
                  description="The card table: Shengji, Gouji and Baohuang with friends and "
                              "bots. The websocket protocol is in docs/protocol.md.")
    app.state.service = service
    app.state.store = store

    @app.exception_handler(ProtocolError)
    async def _protocol_error(_: Any, exc: ProtocolError) -> JSONResponse:
        status = {"not_found": 404, "not_over": 409, "over": 409, "too_large": 413,
                  "forbidden": 403, "hidden": 403, "rate_limited": 429}.get(exc.code, 400)
        return ErrorResponse({"error": exc.code, "message": exc.message, **exc.extra},
                             status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_: Any, exc: RequestValidationError) -> JSONResponse:
        # the body or a parameter is not what the endpoint takes (not JSON, not an object,
        # a limit out of range): the same error shape as every other refusal
        parts = []
        for err in exc.errors():
            if err.get("type") == "json_invalid":
                why = (err.get("ctx") or {}).get("error")
                parts.append("the body is not JSON" + (f" ({why})" if why else ""))
                continue
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return ErrorResponse({"error": "bad_request", "message": "; ".join(parts)},
                             status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(conn: HTTPConnection, exc: StarletteHTTPException) -> Response:
        # what routing and the framework refuse (no such route, a method the route does not
        # take, a body it cannot parse or that is too large): the documented shape, not
        # FastAPI's {"detail": …}
        status = exc.status_code
        if status < 200 or status in (204, 304):  # no body allowed
            return Response(status_code=status, headers=exc.headers)
        method = conn.scope.get("method", "WEBSOCKET")
        if status == 404:
            message = f"nothing at {method} {conn.url.path} (the API is listed at /docs)"
        elif status == 405:  # (the Allow header names the methods of one route only)
            message = f"{method} is not taken at {conn.url.path} (the API is listed at /docs)"
        elif isinstance(exc.__cause__, RecursionError):  # FastAPI's JSON parse of the body
            message = "the body is nested too deeply"
        else:
            message = str(exc.detail)
        return ErrorResponse({"error": _http_error_code(status), "message": message},
                             status_code=status, headers=exc.headers)

    @app.exception_handler(RecursionError)
    async def _too_deep(conn: HTTPConnection, exc: RecursionError) -> ErrorResponse:
        if conn.scope["type"] != "http":
            raise exc  # a websocket's own loop answers what it can (parse: bad_json)
        return ErrorResponse({"error": "bad_request", "message": "the request is nested too "
                              "deeply"}, status_code=400)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> ErrorResponse:
        # a bug (only HTTP requests come here): the details go to the log, never to the
        # client
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return ErrorResponse({"error": "internal", "message": "the server failed to answer "
                              "this request (the failure is logged)"}, status_code=500)

    @app.get("/healthz", summary="The server is up and its database answers")
    async def healthz() -> dict[str, Any]:
        with store.session() as s:
            count = s.execute(select(func.count()).select_from(TableRow)).scalar_one()
        return {"ok": True, "version": __version__, "database": store.engine.dialect.name,
                "tables": count, "tables_in_memory": len(service.tables)}

    @app.get("/api/games/kinds", summary="Games, their presets and bots")
    async def kinds() -> dict[str, Any]:
        return {"games": [{"name": g, "presets": list(game_class(g).PRESETS),
                           "bots": bot_names(g), "options": describe_options(g)}
                          for g in sorted(game_names())]}

    @app.post("/api/tables", summary="Create a table", status_code=201)
    async def create_table(request: Request,
                           body: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        if not guards.create.allow(_address(request), time.monotonic()):
            raise ProtocolError("rate_limited", "too many tables created from this address: "
                                "wait a minute")
        found = lone_surrogate(body, "body")
        if found is not None:
            raise ProtocolError("bad_request", surrogate_message(*found))
        unknown = set(body) - {"game", "preset", "options", "settings", "bots"}
        if unknown:
            raise ProtocolError("bad_request", "unknown fields: " + ", ".join(sorted(unknown))
                                + " (the fields are game, preset, options, settings, bots)")
        options = body.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ProtocolError("bad_options", "options is an object")
        if body.get("preset") is not None:
            options = {"preset": body["preset"], **options}
        host_token = secrets.token_urlsafe(24)
        table = service.create(body.get("game"), options, body.get("settings"),
                               body.get("bots"), host_hash=hash_token(host_token))
        return {"id": table.id, "code": table.code, "ws": f"/ws/{table.id}",
                "host_token": host_token, "table": table.public()}

    @app.delete("/api/tables/{key}", summary="Close a table (its host only)")
    async def close_table(key: str, request: Request) -> dict[str, Any]:
        table = service.find(key)
        token = _bearer(request)
        if token is None or not service.is_host(table, token):
            raise ProtocolError("forbidden", "only the table's host may close it: send the "
                                "host_token that creating it gave, as 'Authorization: "
                                "Bearer <token>'")
        if not await service.close(table, "closed"):
            raise ProtocolError("over", "the table is over already")
        return {"id": table.id, "status": table.status, "ended": table.ended}

    @app.get("/api/tables", summary="Open tables (waiting or playing)")
    async def list_tables(status: str | None = Query(None)) -> dict[str, Any]:
        with store.session() as s:
            q = select(TableRow).order_by(TableRow.created_at.desc()).limit(200)
            q = q.where(TableRow.status == status) if status else \
                q.where(TableRow.status != "over")
            rows = s.execute(q).scalars().all()
            ids = [r.id for r in rows]
        return {"tables": [service.find(i).public() for i in ids]}

    @app.get("/api/tables/{key}", summary="A table's public view (by id or code)")
    async def get_table(key: str) -> dict[str, Any]:
        table = service.find(key)
        out = table.public()
        out["results"] = table.results()
        return out

    @app.get("/api/tables/{key}/results", summary="A table's deals and running totals")
    async def table_results(key: str) -> dict[str, Any]:
        return service.find(key).results()

    @app.get("/api/games", summary="Finished deals, newest first")
    async def list_games(table: str | None = Query(None),
                         limit: int = Query(50, ge=1, le=500)) -> dict[str, Any]:
        with store.session() as s:
            q = select(DealRow).where(DealRow.status == "over")
            if table is not None:
                q = q.where(DealRow.table_id == service.find(table).id)
            rows = s.execute(q.order_by(DealRow.finished_at.desc()).limit(limit)).scalars()
            games = [{"id": d.id, "table": d.table_id, "deal": d.number,
                      "game": (d.record or {}).get("game"),
                      "result": (d.result or {}).get("public"), "returns": d.returns,
                      "finished_at": d.finished_at,
                      "record": f"/api/games/{d.id}/record",
                      "replay": f"/api/games/{d.id}/replay",
                      "restricted": d.viewers is not None} for d in rows]
        return {"games": games}

    @app.get("/api/games/{deal_id}/record", summary="A finished deal's record (for the judge)")
    async def game_record(deal_id: str, request: Request) -> dict[str, Any]:
        with store.session() as s:
            d = s.get(DealRow, deal_id)
            if d is None:
                raise ProtocolError("not_found", f"no deal {deal_id!r}")
            if d.status != "over" or d.record is None:
                raise ProtocolError("not_over", "the deal is not over: its record is served "
                                    "once it is")
            if d.viewers is not None and not _may_read(d.viewers, _bearer(request)):
                raise ProtocolError("hidden", _HIDDEN + (
                    ": it is served only to the seat that saw them all, with that seat's "
                    "token as 'Authorization: Bearer <token>'" if d.viewers else
                    ", and no person's seat at the table saw them all: it is served to "
                    "nobody"))
            return d.record

    @app.get("/api/games/{deal_id}/replay",
             summary="A finished deal step by step, every hand shown (the replay page's data)")
    async def game_replay(deal_id: str, request: Request) -> dict[str, Any]:
        record = await game_record(deal_id, request)
        # the engine's work (a few tens of ms) in a thread: live tables go on meanwhile
        out = await asyncio.to_thread(replay_of, Record.from_json(record))
        out["deal"] = deal_id
        return out

    @app.post("/api/replay", summary="An uploaded record step by step, every hand shown")
    async def upload_replay(request: Request) -> dict[str, Any]:
        size = request.headers.get("content-length")
        if size is not None and size.isdigit() and int(size) > MAX_RECORD_BYTES:
            raise ProtocolError("too_large", f"a record may be at most {MAX_RECORD_BYTES} "
                                "bytes")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_RECORD_BYTES:
                raise ProtocolError("too_large", f"a record may be at most "
                                    f"{MAX_RECORD_BYTES} bytes")
        return await asyncio.to_thread(replay_of, parse_upload(bytes(body)))

    @app.get("/api/rules/{doc}", summary="A document of the rules reference (markdown)",
             response_class=PlainTextResponse)
    async def rules(doc: str) -> PlainTextResponse:
        return PlainTextResponse(rules_text(doc), media_type="text/markdown; charset=utf-8")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        """The browser table (plain ES modules under ``/static``, no build step)."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.websocket("/ws/{key}")
    async def websocket(ws: WebSocket, key: str) -> None:
        await ws.accept()
        try:
            table = service.find(key)
        except ProtocolError as exc:
            await ws.send_json(exc.reply())
            await ws.close(code=4404, reason="no such table")
            return
        await Connection(service, table, ws, guards).run()

    return app


def _http_error_code(status: int) -> str:
    """The ``error`` of an HTTP status (:data:`HTTP_ERROR_CODES`, else its phrase)."""
    if status in HTTP_ERROR_CODES:
        return HTTP_ERROR_CODES[status]
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return f"http_{status}"


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
                                                  "down").reply())
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
                                    f"{client.seat}")
            if not self.guards.sit.allow(self.address, time.monotonic()):
                raise ProtocolError("rate_limited", "too many seats taken from this address: "
                                    "wait a minute")
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
                                    "may seat a bot")
            await service.seat_bot(table, data["seat"], data["bot"])
        elif kind == "chat":
            text = clean_text(data["text"], MAX_CHAT, "the message")
            now = time.monotonic()
            if not self.guards.chat_address.allow(self.address, now):
                raise ProtocolError("rate_limited", "too many chat lines from this address: "
                                    "slow down")
            if not self.guards.chat_table.allow(table.id, now):
                raise ProtocolError("rate_limited", "this table's chat is too busy: wait a "
                                    "moment")
            speaker = table.bound(client)
            name = None if speaker is None else table.seats[speaker].name
            for other in list(table.clients):
                with contextlib.suppress(Exception):
                    await other.send({"type": "chat", "seat": speaker, "name": name,
                                      "text": text})
        else:
            acting = table.bound(client)
            if acting is None:
                raise ProtocolError("spectator", "a spectator cannot act (nor check, ask for a "
                                    "hint, hand over or leave): sit down or join with a "
                                    "seat's token first")
            if kind == "leave":
                await service.leave(table, acting, client)
                await self.send({"type": "left", "ref": msg.ref, "seat": acting})
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


def _address(request: Request) -> str:
    """The client's address (behind a reverse proxy: the one uvicorn's proxy headers give)."""
    return request.client.host if request.client is not None else ""


_HIDDEN = ("this deal's record holds cards the rules keep hidden after the deal (SJ-13: the "
           "kitty, where it is not shown after the round)")


def _may_read(viewers: list[str], token: str | None) -> bool:
    """Whether ``token`` is the token of a seat that may read a deal's record (its hash is in
    the deal's ``viewers``; compared in constant time)."""
    if token is None:
        return False
    digest = hash_token(token)
    return any([hmac.compare_digest(digest, h) for h in viewers])


def _bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


class Guards:
    """The per-address and per-table limits of one server process (:class:`Limits`)."""

    def __init__(self, limits: Limits) -> None:
        self.create = AddressLimit(limits.create_burst, limits.create_per_minute / 60)
        self.sit = AddressLimit(limits.sit_burst, limits.sit_per_minute / 60)
        self.chat_table = AddressLimit(limits.chat_table_burst, limits.chat_table_per_second)
        self.chat_address = AddressLimit(limits.chat_address_burst,
                                         limits.chat_address_per_second)


__all__ = ["Connection", "Guards", "Outbox", "create_app", "encode_message"]
