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
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import queue
import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import saves, storage
from ..bots import make_bot
from ..flow import people
from ..flow.director import Director
from ..flow.session import Session
from ..flow.workers import BOTS, Workers
from ..rules.match import hand_record
from ..rules.options import Rules
from ..rules.state import DONE, SURRENDER, HandState
from . import protocol as P
from .limits import Bucket, JoinGuard, LogLimit

log = logging.getLogger(__name__)

HELLO_TIMEOUT = 10.0  # seconds for a new connection to say hello
RATE = 20.0  # messages a second that one connection may send, on average
BURST = 40  # ... and at once
OUTBOX_LIMIT = 512  # messages waiting for a slow client before it is dropped
LEVELS = ("random", "easy", "normal", "strong", "master")
BOT_SECONDS = 3.0  # the longest a bot may think about one move


class Saver:
    """Writes the tables' saves on threads of their own, so that the host's loop never waits
    for the disk.  Each save is the whole file (``storage.atomic_write``, as the offline
    game's); files are written oldest first, a few at once, one file by one thread at a
    time; a newer save of a file replaces the one still waiting.

    A save wakes one thread at most, and a thread that has written a file takes the next
    save waiting before it sleeps: every thread woken needs the interpreter's lock, which
    the host's loop then waits for.

    A save that cannot be written (a full disk, a folder without write permission) does
    not stop the table: its players would rather play on than wait for a disk.  But the
    update it guards goes out, so the file on disk, which nobody has played past yet, now
    lags behind the game: before the save's future is answered the file is emptied (or
    removed), so that a host started again after a crash never takes the match up at a
    point its players had played past (:meth:`Table._resumed` says why it starts afresh).
    The failure is logged with the file and the error once (and once when saving works
    again); :meth:`failure` tells the host's game, which says it once."""

    def __init__(self, threads: int = 4) -> None:
        self._pending: dict[Path, bytes | None] = {}  # None: remove the file
        self._failures: dict[Path, OSError] = {}  # the files whose latest save failed
        self._told: set[Path] = set()  # files whose failure (and recovery) the log has said
        self._waiting: dict[Path, list[concurrent.futures.Future]] = {}
        self._writing: set[Path] = set()
        lock = threading.Lock()
        self._cv = threading.Condition(lock)  # a save is waiting (or the saver closes)
        self._idle = threading.Condition(lock)  # nothing is waiting or being written
        self._closed = False
        self._threads = [threading.Thread(target=self._run, name="zole-saves", daemon=True)
                         for _ in range(threads)]
        for t in self._threads:
            t.start()

    def put(self, path: Path, data: bytes | None) -> concurrent.futures.Future:
        """Queue ``data`` for ``path``; the future is done once it (or a newer save of the
        same file) is on disk."""
        fut: concurrent.futures.Future = concurrent.futures.Future()
        with self._cv:
            self._pending.pop(path, None)  # the newer save goes to the back of the line
            self._pending[path] = data
            self._waiting.setdefault(path, []).append(fut)
            if path not in self._writing:  # else the thread writing it takes this one next
                self._cv.notify()
        return fut

    def _next(self) -> Path | None:
        for path in self._pending:
            if path not in self._writing:
                return path
        return None

    def _run(self) -> None:
        while True:
            with self._cv:
                while (path := self._next()) is None and not self._closed:
                    self._cv.wait()
                if path is None:
                    return
                data = self._pending.pop(path)
                futures = self._waiting.pop(path, [])
                self._writing.add(path)
            try:
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    storage.atomic_write(path, data)
            except OSError as e:
                if data is None:
                    log.error("the save %s could not be removed: %s", path, e.strerror or e)
                else:
                    self._failed(path, e)
            else:
                with self._cv:
                    again = data is not None and self._failures.pop(path, None) is not None
                if again:  # said once: a nearly full disk may fail every other save
                    (log.debug if path in self._told else log.warning)(
                        "the table is saved again in %s", path)
                    self._told.add(path)
            finally:
                for fut in futures:  # in the order they were saved
                    fut.set_result(None)
                with self._cv:
                    self._writing.discard(path)
                    if not self._pending and not self._writing:
                        self._idle.notify_all()

    def _failed(self, path: Path, e: OSError) -> None:
        """A save of ``path`` failed (on a saver thread, which is writing ``path``): the
        file left on disk is older than what the players will see; it is emptied, or
        removed, so that nobody resumes the match from it."""
        with self._cv:
            first = path not in self._failures and path not in self._told
            self._failures[path] = e
        if not first:
            log.debug("the table could not be saved in %s: %s", path, e.strerror or e)
        else:
            log.error("the table could not be saved in %s: %s; the game goes on unsaved, "
                      "and the save there is emptied so that nobody takes the match up "
                      "again at a point its players have played past", path, e.strerror or e)
        try:
            os.truncate(path, 0)
            return
        except FileNotFoundError:
            return
        except OSError as e1:
            why = e1
        try:
            path.unlink(missing_ok=True)
        except OSError as e2:
            if first:
                log.critical("the save %s could be neither emptied (%s) nor removed (%s): "
                             "a host started again before it is would take the match up "
                             "at a point its players have played past", path,
                             why.strerror or why, e2.strerror or e2)

    def failure(self) -> OSError | None:
        """The error of a save that failed and has not been written since (any file)."""
        with self._cv:
            return next(iter(self._failures.values()), None)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every save is on disk (False if that took over ``timeout``)."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._pending and not self._writing,
                                       timeout)

    def close(self, timeout: float = 10.0) -> None:
        self.flush(timeout)
        with self._cv:
            self._closed = True
            self._cv.notify_all()
        for t in self._threads:
            t.join(timeout)


class NetSession(Session):
    """A session whose people sit at other computers: ``net`` (the table's name, join code
    and the seats' tokens) is kept in the host's save with the match.

    It saves the same ``zole-save/1`` file after every action as the offline game does, but
    the finished hands' records are kept encoded from one save to the next, with the match
    record's head (:func:`saves.save_bytes`: a save costs some 0.1 ms of the host's loop
    instead of replaying and encoding every hand), and the writing happens on the host's
    :class:`Saver` threads."""

    net: dict[str, Any]
    saver: Saver | None = None
    last_saved: concurrent.futures.Future | None = None  # the latest save on its way
    _hand_bytes: list[bytes]  # the finished hands' records, encoded
    _head: tuple[int, Rules, bytes] | None = None  # players, rules -> the record's head

    @property
    def persistent(self) -> bool:
        return not self.practice

    def extra(self) -> dict:
        out = super().extra()
        out["net"] = getattr(self, "net", {})
        return out

    def typed_seats(self) -> set[int]:
        """The people's seats, also one that went to a bot since: its name was typed by a
        person (shown as typed in the history, never translated)."""
        tokens = getattr(self, "net", {}).get("tokens") or []
        return super().typed_seats() | {s for s, t in enumerate(tokens)
                                         if t is not None and s != self.human}

    def save(self, current: HandState | None = None) -> None:
        if self.save_to is None:
            return
        match = self.match
        assert match is not None, "a Session always makes its match"
        done = self.__dict__.setdefault("_hand_bytes", [])
        hands = match.hands
        del done[len(hands):]
        while len(done) < len(hands):
            done.append(saves.part_bytes(hand_record(hands[len(done)])))
        head = self._head
        if head is None or head[0] != match.players or head[1] is not match.rules:
            head = self._head = (match.players, match.rules, saves.match_head(match))
        data = saves.save_bytes(self.table(), head[2], done, current, self.extra())
        if self.saver is not None:
            self.last_saved = self.saver.put(self.save_to, data)
        else:
            storage.atomic_write(self.save_to, data)


@dataclass
class TableSpec:
    """A table to host.  ``seats``: None for a person, else a bot's level."""

    name: str = "Zole"
    seats: list[str | None] = field(default_factory=lambda: [None, None, "normal"])
    rules: Rules = field(default_factory=Rules)
    length: int = 12
    serious: bool = False
    seed: int | None = None
    code: str | None = None
    grace: float | None = 120.0  # a dropped person's seat goes to a bot after this
    grace_level: str = "normal"
    save_to: Path | None = None  # the host's save of this table (None: not saved)


def parse_seats(text: str) -> list[str | None]:
    """``human,human,bot:strong`` -> ``[None, None, "strong"]`` (``bot`` alone: normal)."""
    out: list[str | None] = []
    for part in text.split(","):
        part = part.strip().lower()
        if part in ("human", "person", "people"):
            out.append(None)
        elif part == "bot":
            out.append("normal")
        elif part.startswith("bot:") and part[4:] in LEVELS:
            out.append(part[4:])
        else:
            raise ValueError(f"seat {part!r}: use human, bot or bot:LEVEL "
                             f"({', '.join(LEVELS)})")
    if len(out) not in (3, 4, 5):
        raise ValueError(f"a table has 3, 4 or 5 seats, not {len(out)}")
    if None not in out:
        raise ValueError("a table needs at least one person")
    return out


def new_code(rng: random.Random | None = None) -> str:
    return f"{(rng or secrets.SystemRandom()).randrange(10_000):04d}"


class _Conn:
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


class Table:
    """One table at the host: its session, director, seats and connections.  Used on the
    host's loop only."""

    def __init__(self, host: Host, spec: TableSpec) -> None:
        self.host = host
        self.spec = spec
        session = self._resumed(spec)
        if session is None:
            seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
            session = NetSession(players=len(spec.seats), names=[""] * len(spec.seats),
                                 levels=list(spec.seats), human=None, rules=spec.rules,
                                 length=spec.length, seed=seed, serious=spec.serious,
                                 save_to=spec.save_to)
            for seat, lv in enumerate(spec.seats):
                if lv is not None:
                    session.names[seat] = people.bot_name(seat, taken=session.names)
            session.net = {"name": spec.name[:40], "code": spec.code or new_code(),
                           "tokens": [None] * session.players}
        self.session: NetSession = session
        session.saver = host.saver
        self.name: str = session.net["name"]
        self.code: str = session.net["code"]
        self.tokens: list[str | None] = session.net["tokens"]
        self.director = Director(session, saving=spec.save_to is not None,
                                 allow_undo=not session.serious)
        self.conns: dict[int, _Conn] = {}
        self.phase = "waiting"  # waiting -> playing <-> between -> over
        self.ready: set[int] = set()
        self.last_over: P.HandOver | None = None
        self.hand = 0
        self.gen = 0  # changes with every action, so a bot's late answer is dropped
        self.driving = False
        self.timers: dict[int, asyncio.TimerHandle] = {}
        if all(self.tokens[s] is not None for s in self.persons()):
            self._start_hand()  # resumed from the save: everyone had joined

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def _resumed(spec: TableSpec) -> NetSession | None:
        if spec.save_to is None or not spec.save_to.exists():
            return None
        if spec.save_to.stat().st_size == 0:  # emptied by the Saver: see Saver._failed
            log.warning("the save %s is empty: the table could not be saved while its match "
                        "went on, so the match is not taken up again (its players had "
                        "played past the last save); a new match begins", spec.save_to)
            try:
                spec.save_to.unlink()
            except OSError as e:
                log.error("the empty save %s could not be removed: %s", spec.save_to,
                          e.strerror or e)
            return None
        messages: list[str] = []
        saved = saves.load(spec.save_to, messages=messages)
        if saved is None:
            for m in messages:
                log.warning("%s", m)
            return None
        net: Any = saved.extra.get("net")
        ok = (isinstance(net, dict) and isinstance(net.get("name"), str)
              and isinstance(net.get("code"), str) and len(net["code"]) == 4
              and net["code"].isdigit() and isinstance(net.get("tokens"), list)
              and len(net["tokens"]) == saved.match.players
              and all(t is None or (isinstance(t, str) and len(t) == 32)
                      for t in net["tokens"]))
        if not ok:
            log.warning("the save %s is not a network table's; starting afresh", spec.save_to)
            return None
        session = cast(NetSession, NetSession.from_saved(saved))
        session.save_to = spec.save_to
        session.net = {"name": net["name"][:40], "code": net["code"],
                       "tokens": list(net["tokens"])}
        log.info("table %r resumed from %s at hand %d", net["name"], spec.save_to,
                 session.hand_number)
        return session

    def persons(self) -> list[int]:
        return [s for s in range(self.session.players) if s not in self.session.bots]

    def seat_infos(self) -> list[P.SeatInfo]:
        out = []
        for s in range(self.session.players):
            bot = s in self.session.bots
            level = self.session.bot_levels.get(s) if bot else None
            out.append(P.SeatInfo(name=self.session.names[s][:40],
                                  kind="bot" if bot else "person",
                                  level=level if level in LEVELS else None,  # type: ignore[arg-type]
                                  connected=bot or s in self.conns,
                                  typed=self.tokens[s] is not None))
        return out

    def free_seats(self) -> int:
        return sum(1 for s in self.persons() if self.tokens[s] is None)

    def away_seats(self) -> int:
        """People's seats kept for a player who is not connected now."""
        return sum(1 for s in self.persons() if self.tokens[s] is not None
                   and s not in self.conns)

    def _save(self) -> None:
        if self.spec.save_to is not None:
            self.session.save(self.director.state)

    # ------------------------------------------------------------------ joining
    def knows(self, token: str) -> bool:
        """Is ``token`` a seat's at this table (looked at in constant time per seat)?"""
        found = False
        for t in self.tokens:
            found |= t is not None and secrets.compare_digest(t, token)
        return found

    def join(self, hello: P.Hello) -> tuple[int, str] | str:
        """(seat, token) for a hello with the right code, or the reason it is refused."""
        if hello.token is not None:
            for s, t in enumerate(self.tokens):
                if t is not None and secrets.compare_digest(t, hello.token):
                    if s in self.session.bots:
                        return "token"  # the seat went to a bot meanwhile
                    return s, t
            return "token"
        for s in self.persons():
            if self.tokens[s] is None:
                token = secrets.token_hex(16)
                self.tokens[s] = token
                # two people never show the same name: a second "Anna" is "Anna 2"
                others = [self.session.names[x] for x in self.persons() if x != s]
                self.session.names[s] = people.unique_name(hello.name, others)
                self._rename_bots(s)
                self._save()
                return s, token
        return "full"

    def _rename_bots(self, seat: int) -> None:
        """The bot whose name the person at ``seat`` typed (in any case or language) is
        given another, one nobody at the table has; the people keep theirs as typed."""
        names = self.session.names
        for b in sorted(self.session.bots):
            if self.tokens[b] is None and people.same_name(names[b], names[seat]):
                old, names[b] = names[b], people.bot_name(b, taken=names)
                self.host.limit.log("seats", logging.INFO, "table %r: the bot at seat %d is "
                                    "%s now (not %s)", self.name, b, names[b], old)

    def attach(self, seat: int, conn: _Conn) -> None:
        old = self.conns.get(seat)
        if old is not None:
            asyncio.get_running_loop().create_task(old.close(1000, "replaced"))
        self.conns[seat] = conn
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        conn.send(P.Welcome(v=P.VERSION, seat=seat, token=self.tokens[seat] or "",
                            table=self.name, players=self.session.players,
                            rules=self.session.rules.to_dict(), length=self.session.length,
                            serious=self.session.serious, seats=self.seat_infos(),
                            sheet=[P.row_msg(r) for r in self.director.match.rows]))
        self._send_seats()
        if self.phase == "waiting" and all(self.tokens[s] is not None for s in self.persons()):
            self._start_hand()
        elif self.phase == "playing":
            conn.send(self._update(seat))
        elif self.phase in ("between", "over") and self.last_over is not None:
            conn.send(self.last_over)

    def detach(self, seat: int, conn: _Conn) -> None:
        if self.conns.get(seat) is not conn:
            return
        del self.conns[seat]
        self._send_seats()
        grace = self.spec.grace
        if grace is not None and self.phase != "over":
            self.timers[seat] = asyncio.get_running_loop().call_later(
                grace, self.give_to_bot, seat, self.spec.grace_level)

    def give_to_bot(self, seat: int, level: str = "normal") -> bool:
        """A person's seat is played by a bot from now on (they did not come back)."""
        if seat in self.session.bots or seat in self.conns or level not in LEVELS:
            return False
        self.timers.pop(seat, None)
        s = self.session
        s.bots[seat] = make_bot(level, s.seed * 101 + seat)
        s.bot_levels[seat] = level
        s.levels[seat] = level
        log.info("table %r: seat %d is played by a bot (%s) now", self.name, seat, level)
        self._save()
        self._send_seats()
        if self.phase == "between":
            self._maybe_next()
        self._kick()
        return True

    def _send_seats(self) -> None:
        msg = P.Seats(seats=self.seat_infos())
        for c in self.conns.values():
            c.send(msg)
        self.host.seats_changed(self)

    # ------------------------------------------------------------------ the hand
    def _start_hand(self) -> None:
        self.director.start_hand()
        self.director.persist()
        self.phase = "playing"
        self.hand = self.session.hand_number
        self.ready.clear()
        self.gen += 1
        self._broadcast(None, 0)
        self._kick()

    def _update(self, seat: int, acted: P.Acted | None = None, undone: int = 0,
                by: int | None = None) -> P.Update:
        st = self.director.state
        assert st is not None
        return P.Update(hand=self.hand, step=st.n_played + len(st.bids) + st.buried.bit_count()
                        + int(st.surrendered), obs=P.obs_msg(self.director.observation(seat)),
                        acted=acted, undone=undone, undone_by=by)

    def _broadcast(self, applied: Any, undone: int, by: int | None = None) -> None:
        """Every connected person's view now, sent once it is saved."""
        st = self.director.state
        out: list[tuple[_Conn, msgspec.Struct]] = []
        for seat, conn in self.conns.items():
            acted = None
            if applied is not None:
                shown: str | None = P.action_name(applied.action)
                if applied.kind == "bury" and st is not None and st.declarer_seat != seat:
                    shown = None
                acted = P.Acted(seat=applied.seat, kind=applied.kind, action=shown)  # type: ignore[arg-type]
            out.append((conn, self._update(seat, acted, undone, by)))
        self._send_saved(out)

    def _send_saved(self, out: list[tuple[_Conn, msgspec.Struct]]) -> None:
        """Send these messages once the latest save is on disk, so nobody ever sees an
        action that a crash of the host would lose; messages keep their order.  A client
        that (re)joined meanwhile got the table as it is, and is skipped."""
        fut = self.session.last_saved
        if fut is None or self.spec.save_to is None:
            self._deliver(out)
            return
        asyncio.wrap_future(fut).add_done_callback(lambda _f: self._deliver(out))

    def _deliver(self, out: list[tuple[_Conn, msgspec.Struct]]) -> None:
        live = set(map(id, self.conns.values()))
        for conn, msg in out:
            if id(conn) in live:
                conn.send(msg)

    def leave(self, seat: int) -> None:
        """The player leaves the waiting room before the first deal: the seat is free for
        someone else (later, a seat is kept for its player; see :meth:`give_to_bot`)."""
        if self.phase != "waiting" or self.tokens[seat] is None:
            return
        self.tokens[seat] = None
        self.session.names[seat] = ""
        self._save()
        self.host.limit.log("seats", logging.INFO, "table %r: seat %d is free again",
                            self.name, seat)
        self._send_seats()

    def intent(self, seat: int, msg: P.Intent) -> None:
        if isinstance(msg, P.Leave):
            self.leave(seat)
            return
        if isinstance(msg, P.Next):
            if self.phase != "between":
                self._reject(seat, "not between hands")
                return
            self.ready.add(seat)
            self._maybe_next()
            return
        if isinstance(msg, P.Undo):
            self._undo(seat)
            return
        if self.phase != "playing":
            self._reject(seat, "no hand in play")
            return
        turn = self.director.turn()
        if isinstance(msg, P.Surrender):  # the declarer's, between tricks, whoever leads
            applied = self.director.surrender(seat)
        elif turn is None or turn.seat != seat:
            self._reject(seat, "not your turn")
            return
        else:
            want = {P.Bid: "bid", P.Bury: "bury", P.Play: "play"}[type(msg)]
            action = P.intent_action(msg)
            if want != turn.kind or action is None:
                self._reject(seat, f"it is time to {turn.kind}")
                return
            applied = self.director.act(seat, action)
        if applied is None:
            self._reject(seat, "not a legal action now")
            return
        self._after(applied)

    def _undo(self, seat: int) -> None:
        """A person takes back their last card and the bots' cards after it, as offline;
        never another person's action, nor at a serious table.  Every view is sent again.
        A refusal's reason is one of ``P.UNDO_*`` (the client says it in the player's words)."""
        st = self.director.state
        if self.session.serious:
            self._reject(seat, P.UNDO_SERIOUS)
            return
        n = self.director.undo_count(seat) if self.phase == "playing" else 0
        if st is None or n == 0:
            self._reject(seat, P.UNDO_NOTHING)
            return
        # only your own action and the bots' after it: never another person's
        taken = st.actions()[-n:]
        if any(s != seat and s not in self.session.bots for s, _a in taken):
            self._reject(seat, P.UNDO_BLOCKED)
            return
        self.director.undo(seat)
        self.host.workers.new_generation()
        self.gen += 1
        self._broadcast(None, n, by=seat)
        self._kick()

    def _after(self, applied: Any) -> None:
        self.gen += 1
        self._broadcast(applied, 0)
        if self.director.turn() is None and not self.driving:
            self._hand_over()  # at once: the player's "next" may already be on its way
            return
        self._kick()

    def _reject(self, seat: int, reason: str) -> None:
        conn = self.conns.get(seat)
        if conn is not None:
            conn.send(P.Rejected(reason=reason))

    def _kick(self) -> None:
        """Let the bots act, or settle the hand, if it is their move (once at a time)."""
        if not self.driving and self.phase == "playing":
            self.driving = True
            asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        try:
            while self.phase == "playing":
                turn = self.director.turn()
                if turn is None:
                    self._hand_over()
                    return
                if turn.bot is None:
                    return
                gen = self.gen
                obs = self.director.observation(turn.seat)
                job = self.host.workers.decide(turn.bot, obs, key=(self.code, gen),
                                               seconds=BOT_SECONDS)
                try:
                    action = await asyncio.wrap_future(job.future)
                except Exception:  # logged by the worker; the table must not stall
                    action = [a for a in obs.legal if a != SURRENDER][0]
                if gen != self.gen or self.phase != "playing" or self.host.workers.stale(job):
                    continue  # the hand moved meanwhile (an undo): think again
                if action == SURRENDER:
                    applied = self.director.surrender(turn.seat)
                else:
                    applied = self.director.act(turn.seat, action)
                if applied is None:
                    log.error("table %r: the bot at seat %d chose %s, which was refused",
                              self.name, turn.seat, action)
                    legal = [a for a in obs.legal if a != SURRENDER]
                    applied = self.director.act(turn.seat, legal[0])
                    if applied is None:
                        return
                self.gen += 1
                self._broadcast(applied, 0)
        finally:
            self.driving = False

    def _hand_over(self) -> None:
        st = self.director.state
        assert st is not None and st.phase == DONE
        row = self.director.finish_hand()
        over = self.director.over()
        final = list(self.director.match.final_totals()) if over else None
        self.last_over = P.HandOver(row=P.row_msg(row), match_over=over, final=final)
        self.phase = "over" if over else "between"
        self.ready.clear()
        self._send_saved([(c, self.last_over) for c in self.conns.values()])
        if over:
            log.info("table %r: the match is over (%s)", self.name, final)
            for t in self.timers.values():
                t.cancel()
            self.timers.clear()
            self._keep_finished()
        else:
            self._maybe_next()

    def _keep_finished(self) -> None:
        """The finished match goes to the host's history, and its save away (so the next
        start is a new match); a history copy that fails leaves the save in place."""
        save_to = self.spec.save_to
        if save_to is None:
            return
        try:
            self.session.archive()
            self.host.saver.put(save_to, None)  # after the saves still waiting
        except OSError as e:
            log.error("table %r: the finished match could not be kept in the history (%s); "
                      "it stays saved in %s", self.name, e.strerror or e, save_to)

    def _maybe_next(self) -> None:
        if self.phase == "between" and all(s in self.ready for s in self.persons()):
            self._start_hand()


class Host:
    """Tables served on ``address:port`` from a thread of their own.  Add the tables, then
    :meth:`start`; :meth:`call` runs a function on the host's loop (for the UI)."""

    def __init__(self, address: str = "127.0.0.1", port: int = 0,
                 announce: bool = False, rate: float = RATE, burst: int = BURST,
                 guard: JoinGuard | None = None) -> None:
        self.address = address
        self.rate, self.burst = rate, burst  # per connection (scripted tests play faster)
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
        self.workers = Workers({BOTS: self._pool})
        self.saver = Saver()
        self.closed_connections = 0  # connections closed for bad input (for tests)

    def add_table(self, spec: TableSpec) -> None:
        if self.loop is not None:
            raise RuntimeError("add the tables before the host starts")
        self._specs.append(spec)

    # ------------------------------------------------------------------ thread
    def start(self, timeout: float = 10.0) -> None:
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
        async with serve(self._handle, self.address, self.port, compression=None,
                         max_size=P.MAX_CLIENT_FRAME, max_queue=8,
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
            self.limit.log("no hello", logging.INFO, "connection from %s closed before its "
                           "hello (%s)", who, type(e).__name__)
            self.closed_connections += 1
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
        conn = _Conn(ws, who, self.limit)
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

    async def _bad(self, ws: ServerConnection, who: str, why: str) -> None:
        self.closed_connections += 1
        self.limit.log("closed", logging.WARNING, "closed %s: %s", who, why)
        await ws.close(1008, why[:100])
