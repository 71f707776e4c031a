"""One client's connection at the host: what comes in is counted frame by frame, what goes
out is bounded and goes in order on its own task.

A stranger may send anything, or stop reading.  So:

- every frame that arrives is counted, pings, pongs, close frames and the pieces of a
  message too (websockets answers a ping by itself, and before this a ping flood was
  answered without end): :data:`FRAME_BURST` at once and :data:`FRAME_RATE` a second after
  that, twice the limits on messages (:data:`~.host.BURST`, :data:`~.host.RATE`), which
  the handler counts as it reads them, or the connection is closed;
- what waits to be sent to one client is bounded: at most :data:`OUTBOX_LIMIT` messages
  and :data:`OUTBOX_BYTES` bytes in its outbox, and at most :data:`WRITE_CAP` bytes in the
  socket's own buffer (more is a client that does not read: its connection is cut);
- one address has at most :data:`ADDRESS_CONNECTIONS` connections at once and opens at
  most :data:`ADDRESS_BURST` at once and :data:`ADDRESS_RATE` a second: the others are cut
  as they open, before any work is done for them (no handshake, no task: the connection
  is dropped where it is accepted);
- an address whose connections are closed for what they sent (too many frames or
  messages, not our messages, no hello, a socket it does not read) more than
  :data:`ABUSE_FREE` times has its new connections cut as they open for
  :data:`ABUSE_FIRST` seconds, twice as long after each further one, up to
  :data:`ABUSE_MAX` (forgotten after :data:`ABUSE_FORGET` quiet seconds): a flood that
  comes back on a new connection each time it is cut makes the host do the work of a
  connection a minute, not five a second.  Its connections already open are not touched.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import msgspec
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame
from websockets.protocol import State

from . import protocol as P
from .limits import Bucket, LogLimit

OUTBOX_LIMIT = 512  # messages waiting for a slow client before it is dropped ...
OUTBOX_BYTES = 1024 * 1024  # ... or bytes
WRITE_CAP = P.MAX_HOST_FRAME + 64 * 1024  # bytes in a socket's buffer: one message and some
PIECE = 512  # bytes parsed at a time (some 20 of the smallest frames)
FRAME_RATE = 40.0  # frames a second one connection may send, on average ...
FRAME_BURST = 80  # ... and at once
ADDRESS_CONNECTIONS = 32  # connections from one address at once
ADDRESS_RATE = 5.0  # new connections a second from one address ...
ADDRESS_BURST = 30  # ... and at once
ABUSE_FREE = 2  # connections of one address closed for what they sent, before it waits
ABUSE_FIRST = 1.0  # seconds its new connections are then cut, doubling ...
ABUSE_MAX = 60.0  # ... up to this
ABUSE_FORGET = 600.0  # seconds without a closed connection after which it starts afresh


@dataclass
class _Abuse:
    count: int = 0  # connections closed for what they sent
    last: float = 0.0  # when the latest was
    until: float = 0.0  # new connections are cut until then


class Addresses:
    """How many connections each address has open, how fast it opens new ones, and how
    long one that abused the host waits."""

    def __init__(self, most: int = ADDRESS_CONNECTIONS, rate: float = ADDRESS_RATE,
                 burst: int = ADDRESS_BURST, abuse_free: int = ABUSE_FREE,
                 abuse_first: float = ABUSE_FIRST, abuse_max: float = ABUSE_MAX,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most, self.rate, self.burst = most, rate, burst
        self.abuse_free, self.abuse_first, self.abuse_max = abuse_free, abuse_first, abuse_max
        self.clock = clock
        self.open: dict[str, int] = {}
        self.buckets: dict[str, Bucket] = {}
        self.abuse: dict[str, _Abuse] = {}  # oldest first
        self.cut = 0  # connections cut as they opened (for tests and the bench)

    def abused(self, peer: str) -> None:
        """A connection from ``peer`` was closed for what it sent: past the free ones, its
        address waits before it may open another (see the module's text)."""
        now = self.clock()
        a = self.abuse.pop(peer, None)  # popped and put back: the dict stays oldest first
        if a is None or now - a.last > ABUSE_FORGET:
            a = _Abuse()
        a.count += 1
        a.last = now
        over = a.count - self.abuse_free
        if over > 0:
            a.until = now + min(self.abuse_max, self.abuse_first * 2.0 ** min(over - 1, 30))
        self.abuse[peer] = a
        while len(self.abuse) > 10_000:  # bounded under a spray of addresses
            del self.abuse[next(iter(self.abuse))]

    def waits(self, peer: str) -> float:
        """Seconds before ``peer`` may open a connection again for its abuse (0: it may)."""
        a = self.abuse.get(peer)
        return 0.0 if a is None else max(0.0, a.until - self.clock())

    def admit(self, peer: str) -> bool:
        a = self.abuse.get(peer)
        if a is not None and a.until > self.clock():
            self.cut += 1
            return False
        bucket = self.buckets.get(peer)
        if bucket is None:
            if len(self.buckets) >= 10_000:  # bounded under a spray of addresses
                for p in [p for p, b in self.buckets.items() if p not in self.open]:
                    del self.buckets[p]
            bucket = self.buckets[peer] = Bucket(self.rate, self.burst)
        took = bucket.take()  # taken by every attempt: a hammering address stays held back
        if not took or self.open.get(peer, 0) >= self.most:
            self.cut += 1
            return False
        self.open[peer] = self.open.get(peer, 0) + 1
        return True

    def gone(self, peer: str) -> None:
        n = self.open.get(peer, 0) - 1
        if n > 0:
            self.open[peer] = n
        else:
            self.open.pop(peer, None)


class GuardedConnection(ServerConnection):
    """The host's websocket connections: the limits of the module's text, applied where the
    bytes arrive (a subclass per host sets :attr:`host`).

    What a read brings (up to 256 KB: a couple of thousand tiny frames) is parsed in pieces
    of :data:`PIECE` bytes, counting each frame as it comes, so that a flood costs the
    loop at most one piece's frames past its limit; and once the messages waiting for the
    handler are over websockets' own limit (``max_queue``), the rest is held back until the
    handler has read them, instead of being parsed into memory all at once."""

    host: Any = None  # the Host: its limits (frame rate, Addresses) and its LogLimit
    cut_reason: str | None = None
    admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        host = self.host
        name = transport.get_extra_info("peername")
        self.peer = name[0] if name else "?"
        self._held = b""
        if not host.addresses.admit(self.peer):
            # dropped where it is accepted: websockets never sees it (no handshake task,
            # no buffers), nothing is read, nothing is logged one by one
            host.limit.log("too many connections", logging.WARNING, "cut a connection "
                           "from %s: too many from that address, or too soon after it "
                           "abused the host", self.peer)
            self.cut_reason = "too many connections"
            cast(asyncio.Transport, transport).abort()
            return
        self.admitted = True
        super().connection_made(transport)
        self.frames = Bucket(host.frame_rate, host.frame_burst)
        self.recv_messages.resume = self._resume  # (the messages' queue is made above)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.admitted:
            if self.cut_reason == "too many connections":
                return  # websockets never had it (see connection_made)
        else:
            self.admitted = False
            self.host.addresses.gone(self.peer)
        self._held = b""
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.cut_reason is not None:
            return
        if self.transport.get_write_buffer_size() > WRITE_CAP:
            self._cut("it does not read what it is sent", polite=False)
            return
        self._feed(data)

    def send_data(self) -> None:
        """What websockets writes (our messages, and the pongs it answers pings with): a
        socket whose buffer grows past :data:`WRITE_CAP` is cut as it grows, not at the next
        read, which may never come (its sender blocked, or the host's loop behind)."""
        super().send_data()
        if (self.cut_reason is None and self.admitted
                and self.transport.get_write_buffer_size() > WRITE_CAP):
            self.loop.call_soon(self._cut_unread)

    def _cut_unread(self) -> None:
        if self.cut_reason is None:
            self._cut("it does not read what it is sent", polite=False)

    def _feed(self, data: bytes) -> None:
        for i in range(0, len(data), PIECE):
            if self.recv_messages.paused:  # the handler has enough to read: wait for it
                self._held = data[i:]
                return
            super().data_received(data[i:i + PIECE])
            if self.cut_reason is not None:
                return

    def _resume(self) -> None:
        """The handler has read what waited: the bytes held back go on, then reading."""
        self.loop.call_soon(self._go_on)

    def _go_on(self) -> None:
        held, self._held = self._held, b""
        if held and self.cut_reason is None:
            self._feed(held)
        if not self._held and self.cut_reason is None:
            self.transport.resume_reading()

    def process_event(self, event: Any) -> None:
        if (isinstance(event, Frame) and self.cut_reason is None
                and self.protocol.state is State.OPEN and not self.frames.take()):
            self._cut("too many frames")
            return
        if self.cut_reason is None or not isinstance(event, Frame):
            super().process_event(event)

    def _cut(self, why: str, polite: bool = True) -> None:
        """Closed at once: with a close frame (1008) when the socket takes it now, then
        cut if the other end has not gone within two seconds; at once without one."""
        self.cut_reason = why
        self.host.closed_connections += 1
        self.host.addresses.abused(self.peer)
        self.host.limit.log("closed", logging.WARNING, "closed %s: %s", self.peer, why)
        self._held = b""
        transport = self.transport
        if polite and transport.get_write_buffer_size() == 0:
            self.protocol.fail(1008, why)
            self.send_data()
            transport.close()  # no more reading; the close frame goes first
            self.loop.call_later(2.0, transport.abort)
        else:
            transport.abort()


class Conn:
    """One client connection: its messages go out in order through its own writer task."""

    def __init__(self, ws: ServerConnection, peer: str, limit: LogLimit) -> None:
        self.ws = ws
        self.peer = peer
        self.limit = limit
        self.closing = False
        self.queued = 0  # bytes in the outbox
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, msg: msgspec.Struct) -> None:
        if self.closing:
            return
        data = P.encode(msg)
        if self.outbox.qsize() >= OUTBOX_LIMIT or self.queued + len(data) > OUTBOX_BYTES:
            self.limit.log("slow", logging.WARNING, "closing %s: it does not read its "
                           "messages", self.peer)
            self.closing = True
            self.outbox.put_nowait(None)
            return
        self.queued += len(data)
        self.outbox.put_nowait(data)

    async def _write(self) -> None:
        try:
            while True:
                data = await self.outbox.get()
                if data is None:
                    self._drop()
                    await self.ws.close(1008, "too slow")
                    return
                self.queued -= len(data)
                await self.ws.send(data, text=True)
        except ConnectionClosed:
            self._drop()
            return

    def _drop(self) -> None:
        """What waits for a client that is gone (or cut) is let go at once."""
        self.closing = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.queued = 0

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.writer.cancel()
        await self.ws.close(code, reason)
