"""One client's connection at the host: what goes out to it, in order, on its own task."""

from __future__ import annotations

import asyncio
import logging

import msgspec
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol as P
from .limits import LogLimit

OUTBOX_LIMIT = 512  # messages waiting for a slow client before it is dropped


class Conn:
    """One client connection: its messages go out in order through its own writer task."""

    def __init__(self, ws: ServerConnection, peer: str, limit: LogLimit) -> None:
        self.ws = ws
        self.peer = peer
        self.limit = limit
        self.closing = False
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, msg: msgspec.Struct) -> None:
        if self.closing:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.limit.log("slow", logging.WARNING, "closing %s: it does not read its "
                           "messages", self.peer)
            self.closing = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(P.encode(msg))

    async def _write(self) -> None:
        try:
            while True:
                data = await self.outbox.get()
                if data is None:
                    await self.ws.close(1008, "too slow")
                    return
                await self.ws.send(data.decode("utf-8"))
        except ConnectionClosed:
            return

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.writer.cancel()
        await self.ws.close(code, reason)
