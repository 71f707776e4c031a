"""The host of tables on the local network: a websockets server on its own thread and loop.

The host's rules core is the only authority.  Clients send intents (bid, bury, play,
surrender, undo, next); the host runs each through the table's director, which checks it
with the rules' own legal actions, and sends every connected person their own observation
after each change (:mod:`.protocol`).  Bots fill the other seats and think on a worker
thread, so the loop never waits for them.

Untrusted input: a frame over :data:`~.protocol.MAX_CLIENT_FRAME` bytes, one that is not
one of our messages, a second hello, or more than :data:`BURST` messages at once (then
:data:`RATE` a second) closes that connection with one logged line; the host goes on.  Join
codes are tried as :class:`~.limits.JoinGuard` allows (one at a time per address, slower
and slower, and few a second from all addresses together); a seated player's token never
waits.  The log lines a stranger can cause are rate-limited (:class:`~.limits.LogLimit`).
Nothing from the network is evaluated or names a file.

The parts: :mod:`.spec` (what a table is to be), :mod:`.netsession` (its session and save,
and taking a saved match up again), :mod:`.saver` (the save threads), :mod:`.limits` (rate
limits, the join codes' guard, the log's), :mod:`.conn` (one client's connection),
:mod:`.table` (one table: seats, hands, bots), and here the server that holds them.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..flow.saver import Saver
from ..flow.workers import BOTS
from . import protocol as P
from .conn import FRAME_BURST, FRAME_RATE, Addresses, Conn, GuardedConnection
from .limits import Bucket, JoinGuard, LogLimit
from .netsession import NetSession
from .spec import LEVELS, TableSpec, new_code, parse_seats
from .table import BOT_SECONDS, Table

__all__ = ["BOT_SECONDS", "BURST", "LEVELS", "RATE", "Host", "NetSession", "Saver", "Table",
           "TableSpec", "finish_stopping", "new_code", "parse_seats"]

log = logging.getLogger(__name__)

_stopping: set[threading.Thread] = set()  # hosts stopping in the background
_stopping_lock = threading.Lock()


@atexit.register
def finish_stopping(timeout: float = 30.0) -> bool:
    """Wait (at most ``timeout`` seconds) for the hosts stopping in the background to have
    written their last saves; False if one is still at it."""
    end = time.monotonic() + timeout
    with _stopping_lock:
        threads = list(_stopping)
    for th in threads:
        th.join(max(0.0, end - time.monotonic()))
    return not any(th.is_alive() for th in threads)


HELLO_TIMEOUT = 10.0  # seconds for a new connection to say hello
RATE = 20.0  # messages a second that one connection may send, on average
BURST = 40  # ... and at once
SAVE_WAIT = 10.0  # seconds a join waits for its save before the seat is given anyway


class Host:
    """Tables served on ``address:port`` from a thread of their own.  Add the tables, then
    :meth:`start`; :meth:`call` runs a function on the host's loop (for the UI)."""

    def __init__(self, address: str = "127.0.0.1", port: int = 0,
                 announce: bool = False, rate: float = RATE, burst: int = BURST,
                 guard: JoinGuard | None = None, addresses: Addresses | None = None) -> None:
        self.address = address
        self.rate, self.burst = rate, burst  # per connection (scripted tests play faster)
        # every frame, pings too (see .conn): twice the messages' limits
        self.frame_rate = max(FRAME_RATE, 2 * rate)
        self.frame_burst = max(FRAME_BURST, 2 * burst)
        self.addresses = addresses if addresses is not None else Addresses()
        self.port = port
        self.announce = announce
        self.announcer: Any = None
        self._announcements: queue.SimpleQueue[dict[str, tuple] | None] = queue.SimpleQueue()
        self.tables: dict[str, Table] = {}
        self._specs: list[TableSpec] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._error: BaseException | None = None
        self.guard = guard if guard is not None else JoinGuard()
        self.limit = LogLimit(log)  # the lines strangers can cause
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="zole-bots")
        # one thread for every table's bots ...
        self.bot_threads: dict[str, concurrent.futures.Executor] = {BOTS: self._pool}
        self.saver = Saver()
        self.closed_connections = 0  # connections closed for bad input (for tests)

    def add_table(self, spec: TableSpec) -> None:
        if self.loop is not None:
            raise RuntimeError("add the tables before the host starts")
        self._specs.append(spec)

    # ------------------------------------------------------------------ thread
    def start(self, timeout: float = 10.0) -> None:
        finish_stopping(timeout)  # a host closed just before may still write its last save
        self._thread = threading.Thread(target=self._run, name="zole-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:  # reported to start(); the thread ends
            log.error("the host stopped: %s", e)
            self._error = e
            self._ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        for spec in self._specs:
            table = Table(self, spec)
            if table.code in self.tables:
                raise ValueError(f"two tables with the join code {table.code}")
            self.tables[table.code] = table
        connection = type("HostConnection", (GuardedConnection,), {"host": self})
        async with serve(self._handle, self.address, self.port, compression=None,
                         create_connection=connection, max_size=P.MAX_CLIENT_FRAME,
                         max_queue=8,
                         open_timeout=HELLO_TIMEOUT, ping_interval=20,
                         ping_timeout=20, close_timeout=2) as server:
            sock = next(iter(server.sockets))
            self.port = sock.getsockname()[1]
            if self.announce:
                self._announce_thread = threading.Thread(
                    target=self._announce, name="zole-announce", daemon=True)
                self._announce_thread.start()
                self._announcements.put(self._counts())
            self._ready.set()
            flush = asyncio.get_running_loop().create_task(self._flush_log())
            await self._stop.wait()
            flush.cancel()
            # leaving the block closes every connection (1001, going away) at once
        self.limit.close()

    async def _flush_log(self) -> None:
        """The counts of the log lines held back are said once their window is over."""
        while True:
            await asyncio.sleep(self.limit.window)
            self.limit.flush()

    def stop_later(self) -> None:
        """:meth:`stop` on a thread of its own: the UI closing a table never waits a frame
        for the host's threads (up to 5 s for its loop and 40 s for the saver's threads on
        a slow disk).  The saves still waiting are written before that thread ends; the
        next host started, and the program's exit, wait for it (:func:`finish_stopping`)."""
        def run() -> None:
            try:
                self.stop()
            finally:
                with _stopping_lock:
                    _stopping.discard(th)

        th = threading.Thread(target=run, name="zole-host-stop", daemon=True)
        with _stopping_lock:
            _stopping.add(th)
        th.start()

    def stop(self, timeout: float = 10.0) -> None:
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass  # the loop has just ended
        if self._thread is not None:
            self._thread.join(timeout)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.saver.close()
        self._announcements.put(None)
        th = getattr(self, "_announce_thread", None)
        if th is not None:
            th.join(timeout)
        announcer, self.announcer = self.announcer, None  # once (the host may stop twice)
        if announcer is not None:
            try:
                announcer.close()
            except Exception as e:  # the network went away meanwhile: logged
                log.info("the tables' announcement could not be withdrawn: %s", e)

    def _counts(self) -> dict[str, tuple]:
        """What the announcement says of each table now (on the host's loop)."""
        return {code: (t.name, t.session.players, t.free_seats(), t.away_seats())
                for code, t in self.tables.items()}

    def seats_changed(self, table: Table) -> None:
        """Someone sat down or left: the announcement says so (on its own thread: zeroconf
        waits on the network, the host's loop never does)."""
        if self.announce:
            self._announcements.put(self._counts())

    def _announce(self) -> None:
        """Announce the tables with DNS-SD (on the chosen address's interface only), and
        again with the new counts whenever people sit down or leave."""
        from .discovery import Announcer

        try:
            self.announcer = Announcer(self.address)
        except Exception as e:  # no multicast here: joining by address still works
            log.warning("the tables could not be announced on %s: %s", self.address, e)
            return
        said: dict[str, tuple] = {}
        while True:
            counts = self._announcements.get()
            while counts is not None:  # only the latest counts matter
                try:
                    counts = self._announcements.get_nowait()
                except queue.Empty:
                    break
                if counts is None:
                    return
            if counts is None:
                return
            for code, what in counts.items():
                if said.get(code) == what:
                    continue
                name, players, free, away = what
                try:
                    if code in said:
                        self.announcer.update(code, free, away)
                    else:
                        self.announcer.announce(name, self.port, players, free, away, key=code)
                    said[code] = what
                except Exception as e:  # the network went away meanwhile: logged
                    log.warning("table %r could not be announced: %s", name, e)

    def call(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future:
        """Run ``fn(*args)`` on the host's loop; the future has its result."""
        assert self.loop is not None

        async def run() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop)

    # ------------------------------------------------------------------ connections
    def penalty(self, peer: str) -> float:
        """The wait before the next join code from ``peer`` is looked at."""
        return self.guard.delay(peer)

    async def _handle(self, ws: ServerConnection) -> None:
        who = f"{ws.remote_address[0]}:{ws.remote_address[1]}" if ws.remote_address else "?"
        try:
            await self._serve(ws, who)
        except ConnectionClosed:
            return  # it went away while the host answered
        except Exception:  # a bug: that connection ends with one line (rate-limited)
            self.limit.log("failed", logging.ERROR, "the connection from %s failed", who,
                           exc_info=True)
            await ws.close(1011, "host error")

    async def _serve(self, ws: ServerConnection, who: str) -> None:
        peer = ws.remote_address[0] if ws.remote_address else "?"
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
        except (TimeoutError, ConnectionClosed) as e:
            if getattr(ws, "cut_reason", None) is None:  # else said and counted already
                self.limit.log("no hello", logging.INFO, "connection from %s closed before "
                               "its hello (%s)", who, type(e).__name__)
                self.closed_connections += 1
                self.addresses.abused(peer)
            await ws.close(1008, "no hello")
            return
        try:
            hello = P.decode_client(raw)
        except P.ProtocolError as e:
            return await self._bad(ws, who, f"not a message ({e})")
        if not isinstance(hello, P.Hello):
            return await self._bad(ws, who, f"{type(hello).__name__.lower()} before hello")
        if hello.v != P.VERSION:
            await ws.send(P.encode(P.Refused(reason="version")).decode())
            await ws.close(1000, "version")
            return
        table = self.tables.get(hello.code)
        joined: tuple[int, str] | str | None
        if table is not None and hello.token is not None and table.knows(hello.token):
            joined = table.join(hello)  # a seated player: never waits for strangers
        else:
            joined = await self._try_code(ws, peer, hello)
        if joined is None:
            return  # it went away while its code waited
        if isinstance(joined, str):
            self.limit.log("refused", logging.INFO, "join from %s refused: %s", who, joined)
            await ws.send(P.encode(P.Refused(reason=joined)).decode())  # type: ignore[arg-type]
            await ws.close(1000, joined)
            return
        table = self.tables[hello.code]
        seat, _token = joined
        await self._join_saved(table)
        conn = Conn(ws, who, self.limit)
        table.attach(seat, conn)
        self.limit.log("sits", logging.INFO, "table %r: %s sits at seat %d", table.name, who,
                       seat)
        bucket = Bucket(self.rate, self.burst)
        try:
            async for raw in ws:
                if not bucket.take():
                    return await self._bad(ws, who, "too many messages")
                try:
                    msg = P.decode_client(raw)
                except P.ProtocolError as e:
                    return await self._bad(ws, who, f"not a message ({e})")
                if isinstance(msg, P.Hello):
                    return await self._bad(ws, who, "a second hello")
                table.intent(seat, msg)
        except ConnectionClosed as e:
            if e.rcvd is not None and e.rcvd.code == 1009 or (
                    e.sent is not None and e.sent.code == 1009):
                self.closed_connections += 1
                self.addresses.abused(peer)
                self.limit.log("closed", logging.WARNING, "closed %s: a message over %d bytes",
                               who, P.MAX_CLIENT_FRAME)
        finally:
            table.detach(seat, conn)
            conn.writer.cancel()

    async def _try_code(self, ws: ServerConnection, peer: str,
                        hello: P.Hello) -> tuple[int, str] | str | None:
        """A join with a code (or with a token no seat has): looked at only as the guard
        allows (see :mod:`.limits`), else "busy" without looking; None if the connection
        closed while it waited (the host closing, or the stranger giving up: either way
        the code is not looked at, and the next one waits its own time)."""
        wait = self.guard.arrive(peer)  # counted now, before anything is answered
        if wait is None:
            return "busy"
        try:
            if wait:
                try:
                    await asyncio.wait_for(ws.wait_closed(), wait)
                    return None
                except TimeoutError:
                    pass
            if not self.guard.check():
                return "busy"
            table = self.tables.get(hello.code)
            joined = table.join(hello) if table is not None else "code"
            if not isinstance(joined, str) or joined == "full":  # the code was right
                self.guard.right(peer)
            return joined
        finally:
            self.guard.done(peer)

    async def _join_saved(self, table: Table) -> None:
        """Wait until the join (the seat's token) is on disk: a host killed after sending
        the token would otherwise have lost the seat, and a stranger with the code alone
        could take it.  A save that fails is told by the table (saving stopped)."""
        fut = table.session.last_saved
        if table.spec.save_to is None or fut is None or fut.done():
            return
        try:  # shielded: the saver answers its future, never a cancelled one
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(fut)), SAVE_WAIT)
        except TimeoutError:
            log.warning("table %r: a join's save took over %.0f s; the seat is given "
                        "before it is on disk", table.name, SAVE_WAIT)

    async def _bad(self, ws: ServerConnection, who: str, why: str) -> None:
        self.closed_connections += 1
        if ws.remote_address:
            self.addresses.abused(ws.remote_address[0])
        self.limit.log("closed", logging.WARNING, "closed %s: %s", who, why)
        await ws.close(1008, why[:100])
