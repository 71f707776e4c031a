"""One table at the host: its session, director, seats and connections."""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

import msgspec

from ..bots import make_bot
from ..flow import people
from ..flow.director import Director
from ..flow.workers import Workers
from ..rules.state import DONE, SURRENDER
from . import protocol as P
from .conn import Conn
from .netsession import NetSession, resume
from .spec import LEVELS, TableSpec, new_code

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger(__name__)

BOT_SECONDS = 3.0  # the longest a bot may think about one move
KEEP_RETRY = 30.0  # seconds between tries to keep a finished match on a full disk


class Table:
    """One table at the host: its session, director, seats and connections.  Used on the
    host's loop only."""

    def __init__(self, host: Host, spec: TableSpec) -> None:
        self.host = host
        self.spec = spec
        session = None if spec.fresh else resume(spec)
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
        # ... and each table its own generations: an undo here never cancels (nor throws
        # away) what the bots of another table are thinking
        self.workers = Workers(host.bot_threads)
        self.director = Director(session, saving=spec.save_to is not None,
                                 allow_undo=not session.serious)
        self.conns: dict[int, Conn] = {}
        self.phase = "waiting"  # waiting -> playing <-> between -> over
        self.ready: set[int] = set()
        self.last_over: P.HandOver | None = None
        self.hand = 0
        self.gen = 0  # changes with every action, so a bot's late answer is dropped
        self.driving = False
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.keep_tries = 0  # tries to keep the finished match on a full disk
        self.unsaved: P.Unsaved | None = None  # told to the players: saving has stopped
        if all(self.tokens[s] is not None for s in self.persons()):
            self._start_hand()  # resumed from the save: everyone had joined

    # ------------------------------------------------------------------ set-up
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

    def attach(self, seat: int, conn: Conn) -> None:
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
        if self.unsaved is not None:
            conn.send(self.unsaved)
        if self.phase == "waiting" and all(self.tokens[s] is not None for s in self.persons()):
            self._start_hand()
        elif self.phase == "playing":
            conn.send(self._update(seat))
        elif self.phase in ("between", "over") and self.last_over is not None:
            conn.send(self.last_over)

    def detach(self, seat: int, conn: Conn) -> None:
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
        out: list[tuple[Conn, msgspec.Struct]] = []
        for seat, conn in self.conns.items():
            acted = None
            if applied is not None:
                shown: str | None = P.action_name(applied.action)
                if applied.kind == "bury" and st is not None and st.declarer_seat != seat:
                    shown = None
                acted = P.Acted(seat=applied.seat, kind=applied.kind, action=shown)  # type: ignore[arg-type]
            out.append((conn, self._update(seat, acted, undone, by)))
        self._send_saved(out)

    def _send_saved(self, out: list[tuple[Conn, msgspec.Struct]]) -> None:
        """Send these messages once the latest save is on disk, so nobody ever sees an
        action that a crash of the host would lose; messages keep their order.  A client
        that (re)joined meanwhile got the table as it is, and is skipped."""
        fut = self.session.last_saved
        if fut is None or self.spec.save_to is None:
            self._deliver(out)
            return
        asyncio.wrap_future(fut).add_done_callback(lambda _f: self._deliver(out))

    def _deliver(self, out: list[tuple[Conn, msgspec.Struct]]) -> None:
        self._tell_saving()
        live = set(map(id, self.conns.values()))
        for conn, msg in out:
            if id(conn) in live:
                conn.send(msg)

    def _tell_saving(self) -> None:
        """The players are told, before the first move the save could not keep, that the
        match is no longer saved (and when it is saved again)."""
        if self.spec.save_to is None:
            return
        failed = self.host.saver.failure(self.spec.save_to)
        if (failed is None) == (self.unsaved is None):
            return
        if failed is not None:
            self.unsaved = P.Unsaved(error=str(failed.strerror or failed)[:200])
            msg = self.unsaved
        else:
            self.unsaved, msg = None, P.Unsaved(saved=True)
        for conn in self.conns.values():
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
        self.workers.new_generation()
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
                job = self.workers.decide(turn.bot, obs, key=(self.code, gen),
                                               seconds=BOT_SECONDS)
                try:
                    action = await asyncio.wrap_future(job.future)
                except Exception:  # logged by the worker; the table must not stall
                    action = [a for a in obs.legal if a != SURRENDER][0]
                if gen != self.gen or self.phase != "playing" or self.workers.stale(job):
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
        if over and self.spec.save_to is not None:  # the end goes out once the save
            self.session.name_history()  # knows the history file it will be kept as
            self.session.save(None)
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
        start is a new match).  The save first learns the history file's name, and the copy
        is written only once that is on disk: a host killed before the save is removed
        finds the copy and never keeps (nor plays) the match twice."""
        save_to = self.spec.save_to
        if save_to is None:
            return
        fut = self.session.last_saved  # the one that named the history file
        loop = asyncio.get_running_loop()
        if fut is None:
            self._archive_finished()
            return

        def saved(_f: object) -> None:
            try:
                loop.call_soon_threadsafe(self._archive_finished)
            except RuntimeError:  # the host stopped meanwhile: its next start keeps it
                log.info("table %r: the finished match is kept in the history at the "
                         "host's next start", self.name)

        fut.add_done_callback(saved)

    def _archive_finished(self) -> None:
        """Keep the finished match in the history, then remove its save.  When neither the
        history nor the save can hold it (a full disk), it is held here and tried again
        every :data:`KEEP_RETRY` seconds while the host runs (the log says so)."""
        save_to = self.spec.save_to
        assert save_to is not None
        try:
            self.session.archive()
        except OSError as e:
            failed = self.host.saver.failure(save_to)
            if failed is None:
                log.error("table %r: the finished match could not be kept in the history "
                          "(%s); it stays saved in %s", self.name, e.strerror or e, save_to)
                return
            if not self.keep_tries:
                log.critical("table %r: the finished match could be kept neither in the "
                             "history (%s) nor in %s (%s); the host keeps it and tries "
                             "again every %.0f s: it is lost if the host stops first",
                             self.name, e.strerror or e, save_to, failed.strerror or failed,
                             KEEP_RETRY)
            self.keep_tries += 1
            self.session.save(None)  # the save may take it first, once there is room
            asyncio.get_running_loop().call_later(KEEP_RETRY, self._archive_finished)
            return
        if self.keep_tries:
            log.warning("table %r: the finished match is kept in the history now",
                        self.name)
        self.keep_tries = 0
        self.host.saver.put(save_to, None)  # after the saves still waiting

    def _maybe_next(self) -> None:
        if self.phase == "between" and all(s in self.ready for s in self.persons()):
            self._start_hand()
