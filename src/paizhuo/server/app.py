"""The FastAPI application: HTTP endpoints for scripts, one websocket per client.

``create_app(db_url)`` builds it; ``paizhuo serve`` runs it with uvicorn. The protocol and
every endpoint are documented in ``docs/protocol.md`` (and FastAPI's ``/docs``).

This module is the HTTP edge only: each route reads its request, asks the
:class:`~paizhuo.server.hub.Service` (``app.state.service``) or the
:class:`~paizhuo.server.store.Store` (``app.state.store``), and answers; a websocket is handed
to a :class:`~paizhuo.server.sockets.Connection`. Every refusal has one shape,
``{"error", "message"}`` (:func:`add_error_handlers`).
"""

from __future__ import annotations

import asyncio
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

from fastapi import APIRouter, Body, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from paizhuo import __version__
from paizhuo.bots.registry import bot_names
from paizhuo.engine.records import Record
from paizhuo.engine.registry import game_class, game_names
from paizhuo.games.option_docs import describe_options
from paizhuo.server.bus import Bus, LocalBus, PgBus
from paizhuo.server.hub import Service
from paizhuo.server.model import hash_token
from paizhuo.server.protocol import Limits, ProtocolError, lone_surrogate, surrogate_message
from paizhuo.server.replay import MAX_RECORD_BYTES, parse_upload, replay_of, rules_text
from paizhuo.server.sockets import Connection, Guards
from paizhuo.server.store import Store

log = logging.getLogger("paizhuo.server")

STATIC = Path(__file__).parent / "static"
"""The browser table's files, served as they are."""
HTTP_ERROR_CODES = {400: "bad_request", 403: "forbidden", 404: "not_found",
                    405: "method_not_allowed", 409: "conflict", 413: "too_large",
                    429: "rate_limited"}
"""The ``error`` code of an HTTP error the framework raises (no such route, a method the
route does not take, a body it cannot read); another status gets its phrase in snake case."""


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
    app = FastAPI(title="paizhuo", version=__version__, lifespan=_lifespan,
                  description="The card table: Shengji, Gouji and Baohuang with friends and "
                              "bots. The websocket protocol is in docs/protocol.md.")
    app.state.service = service
    app.state.store = store
    app.state.guards = Guards(service.limits)
    add_error_handlers(app)
    app.include_router(routes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The service runs while the application does; the database is let go after it."""
    service = _service(app)
    await service.start()
    try:
        yield
    finally:
        await service.stop()
        service.store.dispose()


def _service(app: Any) -> Service:
    service: Service = app.state.service
    return service


def _guards(app: Any) -> Guards:
    guards: Guards = app.state.guards
    return guards


# -- errors: one shape for every refusal ------------------------------------------------------

class ErrorResponse(JSONResponse):
    """An HTTP error's ``{"error", "message"}``, which always renders: a lone surrogate a
    client sent, quoted back in a message, is written as JSON's own escape for it (UTF-8
    cannot carry it, and a plain ``JSONResponse`` failed with a 500)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8", "backslashreplace")


def add_error_handlers(app: FastAPI) -> None:
    """Answer every error in the documented shape, never FastAPI's ``{"detail": …}``."""
    app.exception_handler(ProtocolError)(_protocol_error)
    app.exception_handler(RequestValidationError)(_bad_request)
    app.exception_handler(StarletteHTTPException)(_http_error)
    app.exception_handler(RecursionError)(_too_deep)
    app.exception_handler(Exception)(_internal)


async def _protocol_error(_: Any, exc: ProtocolError) -> JSONResponse:
    status = {"not_found": 404, "not_over": 409, "over": 409, "too_large": 413,
              "forbidden": 403, "hidden": 403, "rate_limited": 429}.get(exc.code, 400)
    return ErrorResponse({"error": exc.code, "message": exc.message, **exc.extra},
                         status_code=status)


async def _bad_request(_: Any, exc: RequestValidationError) -> JSONResponse:
    # the body or a parameter is not what the endpoint takes (not JSON, not an object, a
    # limit out of range): the same error shape as every other refusal
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


async def _http_error(conn: HTTPConnection, exc: StarletteHTTPException) -> Response:
    # what routing and the framework refuse (no such route, a method the route does not
    # take, a body it cannot parse or that is too large)
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


async def _too_deep(conn: HTTPConnection, exc: RecursionError) -> ErrorResponse:
    if conn.scope["type"] != "http":
        raise exc  # a websocket's own loop answers what it can (parse: bad_json)
    return ErrorResponse({"error": "bad_request", "message": "the request is nested too "
                          "deeply"}, status_code=400)


async def _internal(request: Request, exc: Exception) -> ErrorResponse:
    # a bug (only HTTP requests come here): the details go to the log, never to the client
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return ErrorResponse({"error": "internal", "message": "the server failed to answer "
                          "this request (the failure is logged)"}, status_code=500)


def _http_error_code(status: int) -> str:
    """The ``error`` of an HTTP status (:data:`HTTP_ERROR_CODES`, else its phrase)."""
    if status in HTTP_ERROR_CODES:
        return HTTP_ERROR_CODES[status]
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return f"http_{status}"


# -- the routes -------------------------------------------------------------------------------

routes = APIRouter()
"""Every endpoint of the server, in the order they are matched."""


@routes.get("/healthz", summary="The server is up and its database answers")
async def healthz(request: Request) -> dict[str, Any]:
    service = _service(request.app)
    return {"ok": True, "version": __version__,
            "database": service.store.engine.dialect.name,
            "tables": service.store.count_tables(), "tables_in_memory": len(service.tables)}


@routes.get("/api/games/kinds", summary="Games, their presets and bots")
async def kinds() -> dict[str, Any]:
    return {"games": [{"name": g, "presets": list(game_class(g).PRESETS),
                       "bots": bot_names(g, baselines=False), "options": describe_options(g)}
                      for g in sorted(game_names())]}


@routes.post("/api/tables", summary="Create a table", status_code=201)
async def create_table(request: Request,
                       body: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
    if not _guards(request.app).create.allow(_address(request), time.monotonic()):
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
    table = _service(request.app).create(body.get("game"), options, body.get("settings"),
                                         body.get("bots"), host_hash=hash_token(host_token))
    return {"id": table.id, "code": table.code, "ws": f"/ws/{table.id}",
            "host_token": host_token, "table": table.public()}


@routes.delete("/api/tables/{key}", summary="Close a table (its host only)")
async def close_table(key: str, request: Request) -> dict[str, Any]:
    service = _service(request.app)
    table = service.find(key)
    token = _bearer(request)
    if token is None or not service.is_host(table, token):
        raise ProtocolError("forbidden", "only the table's host may close it: send the "
                            "host_token that creating it gave, as 'Authorization: Bearer "
                            "<token>'")
    if not await service.close(table, "closed"):
        raise ProtocolError("over", "the table is over already")
    return {"id": table.id, "status": table.status, "ended": table.ended}


@routes.get("/api/tables", summary="Open tables (waiting or playing)")
async def list_tables(request: Request, status: str | None = Query(None)) -> dict[str, Any]:
    service = _service(request.app)
    return {"tables": [service.find(i).public() for i in service.store.table_ids(status)]}


@routes.get("/api/tables/{key}", summary="A table's public view (by id or code)")
async def get_table(key: str, request: Request) -> dict[str, Any]:
    table = _service(request.app).find(key)
    out = table.public()
    out["results"] = table.results()
    return out


@routes.get("/api/tables/{key}/results", summary="A table's deals and running totals")
async def table_results(key: str, request: Request) -> dict[str, Any]:
    return _service(request.app).find(key).results()


@routes.get("/api/games", summary="Finished deals, newest first")
async def list_games(request: Request, table: str | None = Query(None),
                     limit: int = Query(50, ge=1, le=500)) -> dict[str, Any]:
    service = _service(request.app)
    table_id = None if table is None else service.find(table).id
    return {"games": [{"id": d.id, "table": d.table_id, "deal": d.number,
                       "game": (d.record or {}).get("game"),
                       "result": (d.result or {}).get("public"), "returns": d.returns,
                       "finished_at": d.finished_at,
                       "record": f"/api/games/{d.id}/record",
                       "replay": f"/api/games/{d.id}/replay",
                       "restricted": d.viewers is not None}
                      for d in service.store.finished_deals(table_id, limit)]}


@routes.get("/api/history", summary="Finished deals grouped by table, newest first")
async def history(request: Request, limit: int = Query(20, ge=1, le=100),
                  deals: int = Query(10, ge=1, le=100)) -> dict[str, Any]:
    """The ``limit`` tables whose last deal finished most lately, that one first: each with
    its game, options, status (and why it ended), seats, how many deals it finished and their
    totals, and its newest ``deals`` finished deals, newest first."""
    out = []
    for row, seats, done in _service(request.app).store.finished_by_table(limit):
        totals = [0.0] * len(seats)
        for d in done:
            for i, r in enumerate(d.returns or ()):
                totals[i] += r
        out.append({
            "id": row.id, "code": row.code, "game": row.game, "options": row.options,
            "status": row.status, "ended": row.ended,
            "seats": [{"name": x.name, "kind": x.kind, "bot": x.bot} for x in seats],
            "deals_played": len(done), "totals": totals, "finished_at": done[0].finished_at,
            "deals": [{"id": d.id, "deal": d.number, "result": (d.result or {}).get("public"),
                       "returns": d.returns, "finished_at": d.finished_at,
                       "record": f"/api/games/{d.id}/record",
                       "replay": f"/api/games/{d.id}/replay",
                       "restricted": d.viewers is not None} for d in done[:deals]]})
    return {"tables": out}


_HIDDEN = ("this deal's record holds cards the rules keep hidden after the deal (SJ-13: the "
           "kitty, where it is not shown after the round)")


@routes.get("/api/games/{deal_id}/record", summary="A finished deal's record (for the judge)")
async def game_record(deal_id: str, request: Request) -> dict[str, Any]:
    d = _service(request.app).store.deal(deal_id)
    if d is None:
        raise ProtocolError("not_found", f"no deal {deal_id!r}")
    if d.status != "over" or d.record is None:
        raise ProtocolError("not_over", "the deal is not over: its record is served once "
                            "it is")
    if d.viewers is not None and not _may_read(d.viewers, _bearer(request)):
        raise ProtocolError("hidden", _HIDDEN + (
            ": it is served only to the seat that saw them all, with that seat's token as "
            "'Authorization: Bearer <token>'" if d.viewers else
            ", and no person's seat at the table saw them all: it is served to nobody"))
    return d.record


@routes.get("/api/games/{deal_id}/replay",
            summary="A finished deal step by step, every hand shown (the replay page's data)")
async def game_replay(deal_id: str, request: Request) -> dict[str, Any]:
    record = await game_record(deal_id, request)
    # the engine's work (a few tens of ms) in a thread: live tables go on meanwhile
    out = await asyncio.to_thread(replay_of, Record.from_json(record))
    out["deal"] = deal_id
    return out


@routes.post("/api/replay", summary="An uploaded record step by step, every hand shown")
async def upload_replay(request: Request) -> dict[str, Any]:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_RECORD_BYTES:
        raise ProtocolError("too_large", f"a record may be at most {MAX_RECORD_BYTES} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_RECORD_BYTES:
            raise ProtocolError("too_large", f"a record may be at most {MAX_RECORD_BYTES} "
                                "bytes")
    return await asyncio.to_thread(replay_of, parse_upload(bytes(body)))


@routes.get("/api/rules/{doc}", summary="A document of the rules reference (markdown)",
            response_class=PlainTextResponse)
async def rules(doc: str) -> PlainTextResponse:
    return PlainTextResponse(rules_text(doc), media_type="text/markdown; charset=utf-8")


@routes.get("/", include_in_schema=False)
async def index() -> FileResponse:
    """The browser table (plain ES modules under ``/static``, no build step)."""
    return FileResponse(STATIC / "index.html", media_type="text/html")


@routes.websocket("/ws/{key}")
async def websocket(ws: WebSocket, key: str) -> None:
    await ws.accept()
    service = _service(ws.app)
    try:
        table = service.find(key)
    except ProtocolError as exc:
        await ws.send_json(exc.reply())
        await ws.close(code=4404, reason="no such table")
        return
    await Connection(service, table, ws, _guards(ws.app)).run()


# -- what a request says about its sender ----------------------------------------------------

def _address(request: Request) -> str:
    """The client's address (behind a reverse proxy: the one uvicorn's proxy headers give)."""
    return request.client.host if request.client is not None else ""


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


__all__ = ["ErrorResponse", "add_error_handlers", "create_app", "routes"]
