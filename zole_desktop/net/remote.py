"""The table's director for a seat at another computer's table (no pygame).

:class:`RemoteDirector` has the table director's API, so the table scene runs a network hand
with the same script as an offline one.  Its state is the hand as this seat pictures it
(:func:`.world.picture`): real for everything the seat may know, placeholders for the
others' cards.  The person's own actions are applied there and sent to the host as intents;
the others' come from the host: each remote seat is a :class:`RemoteSeat` "bot" whose
decision is the next move the host reported for it, so the scene waits for it exactly as it
waits for a bot, on the worker thread, and the game loop never waits on the network.

Before a remote move is handed over, :meth:`RemoteDirector.pump` pictures the hand afresh
from the update that carried it, so the move is legal in the picture; the placeholders that
changed places are reported (``renamed``) so the scene can swap those face-down cards.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot
from ..flow.director import Director
from ..flow.session import Session
from ..rules import cards as C
from ..rules.deal import TALON, deal_packets, packet_pattern
from ..rules.match import SheetRow
from ..rules.options import Rules
from ..rules.state import SURRENDER, HandState, Observation
from . import protocol as P
from .client import Client, Dropped, Failed, Joined
from .world import PictureError, picture

log = logging.getLogger(__name__)


class RemoteSession(Session):
    """The session as a client sees it: never saved here (the host keeps the match)."""

    def save(self, current: HandState | None = None) -> None:
        return

    typed: set[int]  # the seats of people: their names are shown as typed

    @classmethod
    def from_welcome(cls, w: P.Welcome) -> RemoteSession:
        names = [s.name for s in w.seats]
        levels: list[str | None] = [None] * w.players
        s = cls(players=w.players, names=names, levels=levels, human=w.seat,
                rules=Rules.from_dict(dict(w.rules)), length=w.length, seed=1,
                serious=w.serious)
        s.typed = set()
        s.seated(w.seats)
        s.take_sheet(w.sheet)
        return s

    def typed_seats(self) -> set[int]:
        return self.typed - {self.human}

    def seated(self, seats: list[P.SeatInfo]) -> None:
        """Who sits where now: a person's name, once typed, stays shown as typed (also
        after their seat went to a bot); a bot's seat has its level, shown on its plate as
        at an offline table (also a person's seat that went to a bot meanwhile)."""
        for seat, info in enumerate(seats[:self.players]):
            if seat == self.human:
                continue
            self.names[seat] = info.name
            if info.kind == "person" or info.typed:
                self.typed.add(seat)
            if info.kind == "bot" and info.level is not None:
                self.levels[seat] = self.bot_levels[seat] = info.level
            else:
                self.levels[seat] = None
                self.bot_levels.pop(seat, None)

    def take_sheet(self, sheet: list[P.RowMsg], before: int | None = None) -> bool:
        """The host's score sheet and pools (its rows numbered below ``before``, when a
        hand is under way here); False, and nothing changed, if it does not add up."""
        match = self.match
        assert match is not None
        try:
            rows = P.sheet_rows(sheet, self.players)
        except P.ProtocolError as e:
            log.warning("the host's score sheet is not taken: %s", e)
            return False
        if before is not None:
            rows = [r for r in rows if r.number < before]
        if len(rows) < len(match.rows):
            return True  # ours is longer already (we saw more hands than it says)
        match.rows[:] = rows
        if rows:
            match.pools = rows[-1].pools
        return True


class RemoteSeat(Bot):
    """Another seat at the table: its "decision" is the move the host reported for it."""

    level = "remote"

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat
        self.moves: queue.SimpleQueue[int] = queue.SimpleQueue()

    def choose(self, obs: Observation, deadline: float | None = None,
               cancel: threading.Event | None = None) -> int:
        while True:
            try:
                return self.moves.get(timeout=0.05)
            except queue.Empty:
                if cancel is not None and cancel.is_set():
                    return obs.legal[0]  # the table moved on: this answer is stale

    def surrender(self, obs: Observation) -> bool:
        return False


def wait_for_welcome(client: Client, seconds: float = 10.0) -> tuple[P.Welcome, list[object]]:
    """For tests and tools: block until the client has joined; the welcome and what came
    with it (the game itself polls instead, never waiting)."""
    import time

    end = time.monotonic() + seconds
    got: list[object] = []
    while time.monotonic() < end:
        batch = client.poll()
        for i, m in enumerate(batch):
            if isinstance(m, Joined):  # what came after it in the same batch goes with it
                return m.welcome, got + batch[i + 1:]
            if isinstance(m, Failed):
                raise ConnectionError(m.reason)
            got.append(m)
        time.sleep(0.01)
    raise TimeoutError("no welcome from the host")


@dataclass
class Pumped:
    """What the scene has to do after a pump: swap face-down placeholders (``renamed``: card
    -> the card now in its place), or redraw every card where the picture says
    (``rebuilt``); ``surrender``: a remote declarer gave up; ``notes``: lines to show."""

    renamed: dict[int, int]
    rebuilt: bool = False
    surrender: bool = False
    notes: tuple[str, ...] = ()
    undone: int = 0  # actions the host took back (an undo), and whose undo it was
    undone_by: int | None = None
    back: bool = False  # the picture was rebuilt after coming back from a drop
    refused: str = ""  # the host refused my undo: its reason


class RemoteDirector(Director):
    def __init__(self, session: RemoteSession, client: Client, welcome: P.Welcome,
                 backlog: list[object] | None = None) -> None:
        super().__init__(session, saving=False, allow_undo=not session.serious)
        self.rsession = session
        self.undo_sent = False  # my undo is on its way: no second one until it is answered
        self.dropped = False  # the connection went away since the last picture
        self.client = client
        self.backlog = list(backlog or [])  # messages read before the table opened
        self.welcome = welcome
        self.me = welcome.seat
        self.seats_info = list(welcome.seats)
        self.updates: deque[P.Update] = deque()
        self.overs: dict[int, P.HandOver] = {}
        self.rng = random.Random(welcome.token)
        self.remote: dict[int, RemoteSeat] = {
            s: RemoteSeat(s) for s in range(session.players) if s != self.me}
        session.bots = dict(self.remote)
        self.fed_step = -1  # the step of the remote move handed to a RemoteSeat
        self.failed: str | None = None
        self.unsaved: str | None = None  # the host said it can no longer save the match
        self.next_sent = 0  # the hand whose "next" we sent
        self._last: tuple[int, int] | None = None  # the last action of the latest picture
        self.unanswered = 0  # my moves the host has not answered yet
        self.trace: deque[tuple] = deque(maxlen=40)  # the last decisions (for bug reports)

    # ------------------------------------------------------------------ hands
    def hand_ready(self) -> bool:
        """Has the host begun the hand the script is about to start?"""
        want = len(self.match.rows) + 1
        while self.updates and self.updates[0].hand < want:
            self.updates.popleft()
        return bool(self.updates) and self.updates[0].hand == want

    def start_hand(self) -> HandState:
        u = self.updates.popleft()
        o = P.observation_of(u.obs, self.session.rules)
        st = picture(o, u.step, self.rng)
        self.match.dealer = st.dealer
        self.match.pools = st.pools
        deal = None
        if u.step == 0:
            deal = _deal_of(st)
        self.hand_no = u.hand
        self.unanswered = 0
        self.state, self.deal, self.resumed = st, deal, deal is None
        self.fed_step = -1
        return st

    def act(self, seat: int, action: int):
        applied = super().act(seat, action)
        if applied is not None and seat == self.me:
            self.client.send(_intent(applied.kind, action))
            self.unanswered += 1
            self.trace.append(("sent", self.hand_no, action, self.unanswered))
        return applied

    # ------------------------------------------------------------------ undo
    def undo_blocked(self, seat: int | None) -> bool:
        """Another person has acted since ``seat``'s last card: it cannot be taken back
        (only the bots' answers go back with it)."""
        n = self.undo_count(seat)
        st = self.state
        if not n or st is None:
            return False
        people = {s for s, info in enumerate(self.seats_info) if info.kind == "person"}
        return any(s != seat and s in people for s, _a in st.actions()[-n:])

    def send_undo(self) -> None:
        """Ask the host to take back my last card (and the bots' after it): the host does
        it and sends everyone's view again, or refuses."""
        if not self.undo_sent:
            self.undo_sent = True
            self.client.send(P.Undo())

    def undo(self, seat: int | None) -> int:
        """Cards are taken back at the host only (see :meth:`send_undo`)."""
        return 0

    def settled(self) -> bool:
        """The host has answered every move of mine (so the picture holds what it showed
        me: the talon I took, say)."""
        return self.unanswered == 0

    def surrender(self, seat: int):
        applied = super().surrender(seat)
        if applied is not None and seat == self.me:
            self.client.send(P.Surrender())
        return applied

    def finish_hand(self) -> SheetRow:
        row = super().finish_hand()
        over = self.overs.get(self.hand_no)
        if over is not None and list(row.totals) != over.row.totals and not self.welcome.sheet:
            log.error("hand %d: the host's score %s differs from ours %s", self.hand_no,
                      over.row.totals, list(row.totals))
        return row

    def send_next(self) -> None:
        """Ready for the next hand (once per hand)."""
        if self.next_sent != self.hand_no:
            self.next_sent = self.hand_no
            self.client.send(P.Next())

    # ------------------------------------------------------------------ the network
    def pump(self, waiting_seat: int | None, my_turn: bool) -> Pumped:
        """Read what arrived; hand the next remote move to its seat when the script waits
        for that seat (``waiting_seat``) or for me (a surrender)."""
        notes: list[str] = []
        refused = ""
        arrived, self.backlog = self.backlog + self.client.poll(), []
        for m in arrived:
            if isinstance(m, P.Update):
                self.updates.append(m)
            elif isinstance(m, P.HandOver):
                self.overs[m.row.number] = m
            elif isinstance(m, P.Seats):
                self.seats_info = list(m.seats)
                self.rsession.seated(m.seats)  # someone sat down since
            elif isinstance(m, Joined):  # back after a drop: the sheet as the host has it
                self.seats_info = list(m.welcome.seats)
                self.rsession.seated(m.welcome.seats)
                self.rsession.take_sheet(m.welcome.sheet,
                                         self.hand_no if self.state is not None else None)
            elif isinstance(m, P.Rejected):
                log.warning("the host refused: %s", m.reason)
                self.trace.append(("refused", m.reason, self.unanswered))
                if m.reason in (P.UNDO_SERIOUS, P.UNDO_NOTHING, P.UNDO_BLOCKED):  # my undo
                    self.undo_sent = False
                    refused = m.reason
                elif m.reason != "not between hands":  # a move of mine: the next update
                    self.unanswered = max(0, self.unanswered - 1)  # puts the picture right
            elif isinstance(m, P.Unsaved):  # the host's saving stopped (or works again)
                self.unsaved = None if m.saved else m.error
                notes.append("saved" if m.saved else "unsaved")
            elif isinstance(m, Dropped):
                notes.append("dropped")
                self.dropped = True
                self.undo_sent = False  # the host answers nothing sent before the drop
            elif isinstance(m, Failed):
                self.failed = m.reason
                notes.append("failed")
        out = Pumped({}, notes=tuple(notes), refused=refused)
        st = self.state
        if st is None:
            return out
        while self.updates and self.updates[0].hand == self.hand_no:
            u = self.updates[0]
            step = len(st.actions())
            if self.fed_step >= 0:
                if step < self.fed_step:
                    break  # the script has not applied the move it was given yet
                self.fed_step = -1
            if u.undone:  # cards taken back (mine, or another person's and the bots')
                self.updates.popleft()
                if u.undone_by == self.me:
                    self.undo_sent = False
                # each card goes back to the hand that played it, face down
                back = {a: s for s, a in st.actions()[-u.undone:] if s != self.me and a < 26}
                self._rebuild(u, out, keep=back)
                out.undone += u.undone
                out.undone_by = u.undone_by
                continue
            if u.step > step + 1 or (u.step <= step and u.acted is not None
                                     and u.acted.seat != self.me):
                self.updates.popleft()
                self._rebuild(u, out)
                continue
            if u.step <= step:  # the echo of my own move (or the hand's first view)
                self.updates.popleft()
                was_dropped, self.dropped = self.dropped, False
                self.trace.append(("echo", u.hand, u.step, step, u.acted))
                if u.acted is not None and u.acted.seat == self.me:
                    self.unanswered = max(0, self.unanswered - 1)
                if u.step == step and P.obs_msg(st.observation(self.me)) != u.obs:
                    self.dropped = was_dropped
                    self._rebuild(u, out)  # the talon I took, or the end showing it all
                continue
            acted = u.acted
            if acted is None or acted.seat == self.me:
                self.updates.popleft()
                self._rebuild(u, out)
                continue
            if acted.kind == "surrender":
                if not my_turn and waiting_seat is None:
                    break
                self.updates.popleft()
                self._repicture(u, out, before=True)
                out.surrender = True
                self.fed_step = u.step
                break
            if waiting_seat != acted.seat:
                break  # the script is not there yet
            self.updates.popleft()
            if not self._repicture(u, out, before=True):
                continue
            assert self._last is not None
            self.remote[acted.seat].moves.put(self._last[1])
            self.fed_step = u.step
            break
        return out

    def _repicture(self, u: P.Update, out: Pumped, before: bool,
                   keep: dict[int, int] | None = None) -> bool:
        """The hand pictured afresh from ``u`` (one action back with ``before``), put into
        the state object the script holds; the placeholders that moved are noted."""
        st = self.state
        assert st is not None
        o = P.observation_of(u.obs, self.session.rules)
        try:
            try:
                new = picture(o, u.step, self.rng, keep)
            except PictureError:
                if not keep:
                    raise
                new = picture(o, u.step, self.rng)  # the cards may go anywhere hidden
            self._last = new.actions()[-1] if new.actions() else None
            if before:
                new.undo(1)
        except (PictureError, ValueError) as e:
            log.error("hand %d step %d could not be pictured: %s", u.hand, u.step, e)
            return False
        out.renamed.update(_renaming(st, new))
        _assign(st, new)
        return True

    def _rebuild(self, u: P.Update, out: Pumped, keep: dict[int, int] | None = None) -> None:
        self.trace.append(("rebuild", u.hand, u.step, u.acted, u.undone))
        if self._repicture(u, out, before=False, keep=keep):
            out.rebuilt = True
            out.back = out.back or self.dropped
            self.dropped = False


def _intent(kind: str, action: int) -> P.Intent:
    name = P.action_name(action)
    if kind == "bid":
        return P.Bid(bid=name)  # type: ignore[arg-type]
    if kind == "bury":
        return P.Bury(card=name)  # type: ignore[arg-type]
    if action == SURRENDER:
        return P.Surrender()
    return P.Play(card=name)  # type: ignore[arg-type]


def _places(st: HandState) -> dict[int, Any]:
    """Where each unplayed card lies in a picture: a seat's hand, the talon or the burial."""
    out: dict[int, Any] = {}
    for pos, seat in enumerate(st.seats):
        for c in C.cards_of(st.hands[pos]):
            out[c] = seat
    for c in C.cards_of(st.buried):
        out[c] = "buried"
    for c in st.talon_cards:
        if c not in out and not any(c in t.cards for t in st.completed) and c not in st.trick:
            out.setdefault(c, TALON)
    return out


def _renaming(old: HandState, new: HandState) -> dict[int, int]:
    """For the scene: card -> the card that now lies where it lay (face-down placeholders
    that changed places between two pictures of the same moment)."""
    a, b = _places(old), _places(new)
    by_place_old: dict[Any, list[int]] = {}
    by_place_new: dict[Any, list[int]] = {}
    for c, p in a.items():
        if b.get(c) != p:
            by_place_old.setdefault(p, []).append(c)
    for c, p in b.items():
        if a.get(c) != p:
            by_place_new.setdefault(p, []).append(c)
    out: dict[int, int] = {}
    for p, olds in by_place_old.items():
        for o, n in zip(olds, by_place_new.get(p, []), strict=False):
            out[o] = n
    return out


def _assign(st: HandState, new: HandState) -> None:
    """Make ``st`` (the object the script holds) the new picture."""
    for name in HandState.__slots__:
        setattr(st, name, getattr(new, name))


def _deal_of(st: HandState):
    """A deal (deck order and packets) that gives the pictured hands, for the deal's
    animation: the real order of the host's deck is not known here, nor needed."""
    masks, talon = st._initial
    hands = {seat: list(C.cards_of(masks[i])) for i, seat in enumerate(st.seats)}
    deck: list[int] = []
    pattern = st.rules.deal
    for size in packet_pattern(pattern):
        if size is None:
            deck += list(talon)
            continue
        for seat in st.seats:
            deck += hands[seat][:size]
            del hands[seat][:size]
    return deal_packets(deck, st.players, st.dealer, pattern)
