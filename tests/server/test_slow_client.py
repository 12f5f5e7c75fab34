"""A client that stops reading never holds its table up: what it is sent waits in its own
queue, written by its own task, and once that queue is full the client is closed (1008) —
it may reconnect and ``sync``. The table's other clients are sent everything at once."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.websockets import WebSocketState

from paizhuo.server.protocol import CLOSE_POLICY
from paizhuo.server.sockets import OUTBOX_LIMIT, Connection


class StuckSocket:
    """A websocket whose peer never reads: every send waits for good."""

    application_state = WebSocketState.CONNECTED
    client = None

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.never = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await self.never.wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


class FineSocket(StuckSocket):
    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


async def _scenario() -> tuple[StuckSocket, FineSocket, float]:
    stuck, fine = StuckSocket(), FineSocket()
    slow = Connection(None, None, stuck)  # type: ignore[arg-type]
    good = Connection(None, None, fine)  # type: ignore[arg-type]
    writers = [asyncio.ensure_future(c.outbox.write()) for c in (slow, good)]
    loop = asyncio.get_running_loop()
    began = loop.time()
    for i in range(OUTBOX_LIMIT + 50):  # as a table publishes to both
        msg: dict[str, Any] = {"type": "state", "state_id": i}
        await slow.send(msg)
        await good.send(msg)
        await asyncio.sleep(0)  # between changes the loop runs (the writers among others)
    took = loop.time() - began
    await asyncio.sleep(0.05)
    assert slow.closing, "a client that does not read was not closed"
    # the stuck writer still waits on its first message; the close is queued behind it
    writers[0].cancel()
    good.close_soon(1000, "")
    await asyncio.wait_for(writers[1], 5)
    return stuck, fine, took


def test_a_client_that_does_not_read_is_closed_and_holds_nothing_up() -> None:
    stuck, fine, took = asyncio.run(_scenario())
    assert took < 1.0, "publishing waited for the client that does not read"
    assert len(fine.sent) == OUTBOX_LIMIT + 50, "the reading client missed messages"
    assert len(stuck.sent) == 1  # its first send never returned
    assert fine.closed == (1000, "")
    assert CLOSE_POLICY == 1008
