"""A seat at a table on another computer.

:class:`Connection` is the asyncio side (one websocket; used as is by the benchmark, many
on one loop).  :class:`Client` runs one on a thread of its own for the game: the pygame
side sends intents with :meth:`Client.send` and reads what arrived with
:meth:`Client.poll`; neither ever waits on the network.  A dropped connection is tried
again with the seat's token for ``retry_for`` seconds, so the player finds the hand where
it stood.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as P
from .limits import MAX_DELAY

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0


class JoinRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def uri(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"ws://{host}:{port}/"


class Connection:
    """One websocket to a host, after a successful join (see :meth:`open`)."""

    def __init__(self, ws: ClientConnection, welcome: P.Welcome,
                 on_raw: Callable[[bytes], None] | None = None) -> None:
        self.ws = ws
        self.welcome = welcome
        self.on_raw = on_raw

    @classmethod
    async def open(cls, address: str, port: int, code: str, name: str = "",
                   token: str | None = None, on_raw: Callable[[bytes], None] | None = None,
                   timeout: float = CONNECT_TIMEOUT, source: str | None = None) -> Connection:
        """Connect and join; raises :class:`JoinRefused`, OSError or TimeoutError.
        ``source``: the local address to connect from (the bench's players, each as if on
        a computer of its own)."""
        extra: dict[str, Any] = {} if source is None else {"local_addr": (source, 0)}
        ws = await asyncio.wait_for(
            connect(uri(address, port), compression=None, max_size=P.MAX_HOST_FRAME,
                    open_timeout=timeout, proxy=None, **extra), timeout)
        try:
            await ws.send(P.encode(P.Hello(v=P.VERSION, code=code, name=name[:40],
                                           token=token)).decode())
            # a code may wait up to MAX_DELAY before the host looks at it (after wrong ones)
            raw = await asyncio.wait_for(ws.recv(), timeout + MAX_DELAY + 5.0)
            data = raw.encode() if isinstance(raw, str) else raw
            if on_raw is not None:
                on_raw(data)
            msg = P.decode_host(data)
            if isinstance(msg, P.Refused):
                raise JoinRefused(msg.reason)
            if not isinstance(msg, P.Welcome):
                raise P.ProtocolError(f"{type(msg).__name__} before welcome")
            return cls(ws, msg, on_raw)
        except BaseException:
            await ws.close()
            raise

    async def send(self, msg: P.Intent) -> None:
        await self.ws.send(P.encode(msg).decode())

    async def recv(self) -> P.HostMsg:
        raw = await self.ws.recv()
        data = raw.encode() if isinstance(raw, str) else raw
        if self.on_raw is not None:
            self.on_raw(data)
        return P.decode_host(data)

    async def close(self) -> None:
        await self.ws.close()


@dataclass(frozen=True)
class Joined:
    """The join went through (again, after a drop): the table as it is."""

    welcome: P.Welcome


@dataclass(frozen=True)
class Dropped:
    """The connection is gone; ``retrying`` while the client tries to come back."""

    reason: str
    retrying: bool


@dataclass(frozen=True)
class Failed:
    """The client has given up: a refused join, or no host for ``retry_for`` seconds."""

    reason: str


class Client:
    """A connection to a host on a thread of its own, talked to through queues."""

    def __init__(self, address: str, port: int, code: str, name: str = "",
                 token: str | None = None, retry_for: float = 120.0,
                 on_raw: Callable[[bytes], None] | None = None,
                 wake: Callable[[], None] | None = None) -> None:
        self.address, self.port, self.code, self.name = address, port, code, name
        self.token = token
        self.retry_for = retry_for
        self.on_raw = on_raw
        self.wake = wake  # called from the network thread after each message (e.g. post an event)
        self.inbox: queue.SimpleQueue[object] = queue.SimpleQueue()
        self.welcome: P.Welcome | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[P.Intent | None] | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._conn: Connection | None = None

    # ------------------------------------------------------------------ the game's side
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="zole-client", daemon=True)
        self._thread.start()

    def send(self, msg: P.Intent) -> None:
        """Queue an intent for the host (never waits)."""
        loop, out = self._loop, self._out
        if loop is None or out is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(out.put_nowait, msg)
        except RuntimeError:
            pass  # the network thread has just ended

    def poll(self) -> list[object]:
        """Everything that arrived since the last poll: host messages, Joined, Dropped,
        Failed (never waits)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, timeout: float = 5.0) -> None:
        self._closing = True
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(out.put_nowait, None)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)

    def drop(self) -> None:
        """Cut the connection as a failing network would (it is tried again): for tests
        and for the player's "reconnect" button."""
        loop, conn = self._loop, self._conn
        if loop is not None and conn is not None and not loop.is_closed():
            loop.call_soon_threadsafe(conn.ws.transport.abort)

    # ------------------------------------------------------------------ the network thread
    def _put(self, item: object) -> None:
        self.inbox.put(item)
        if self.wake is not None:
            self.wake()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # reported to the game, and logged
            log.exception("the network thread failed")
            self._put(Failed(f"error: {e}"))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        loop = self._loop
        give_up = loop.time() + self.retry_for
        delay = 0.25
        while not self._closing:
            try:
                conn = await Connection.open(self.address, self.port, self.code, self.name,
                                             self.token, self.on_raw)
            except JoinRefused as e:
                self._put(Failed(e.reason))
                return
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed,
                    P.ProtocolError) as e:
                if self.welcome is None or loop.time() > give_up:
                    self._put(Failed(f"no connection: {type(e).__name__}: {e}"))
                    return
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
                continue
            self._conn = conn
            self.welcome = conn.welcome
            self.token = conn.welcome.token
            delay = 0.25
            self._put(Joined(conn.welcome))
            reason = await self._pump(conn)
            self._conn = None
            if self._closing:
                break
            give_up = loop.time() + self.retry_for
            self._put(Dropped(reason, retrying=True))
        conn2 = self._conn
        if conn2 is not None:
            await conn2.close()

    async def _pump(self, conn: Connection) -> str:
        """Messages both ways until the connection ends; the reason it ended."""
        assert self._out is not None
        out = self._out

        async def reader() -> str:
            while True:
                try:
                    msg = await conn.recv()
                except ConnectionClosed as e:
                    return f"closed ({e.rcvd.code if e.rcvd else 'no close frame'})"
                except P.ProtocolError as e:
                    log.warning("the host sent a message we do not read: %s", e)
                    await conn.close()
                    return "bad message"
                self._put(msg)

        async def writer() -> str:
            while True:
                msg = await out.get()
                if msg is None:
                    await conn.close()
                    return "closed by us"
                try:
                    await conn.send(msg)
                except ConnectionClosed:
                    return "closed while sending"

        tasks = [asyncio.create_task(reader()), asyncio.create_task(writer())]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in pending:
            t.cancel()
        return next(iter(done)).result()
