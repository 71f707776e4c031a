"""The director: runs a match at a table, hand by hand, without a window.

It deals (or resumes the saved hand), says whose decision it is, accepts an action from the
seat whose turn it is when the rules core says it is legal, takes cards back, settles each hand
into the match and saves after every change (atomically, through the session's saver).  It
has no pygame and no clock: the table scene animates what :meth:`Director.act` returns (an
:class:`Applied`), a network host relays it, and the tests drive it directly.

A coach (the guided game) may be consulted before an action is accepted:
:meth:`Coach.review` can refuse it with a note.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..bots.base import Bot
from ..i18n import _
from ..rules.deal import Deal
from ..rules.match import Match, SheetRow
from ..rules.settlement import TAKE
from ..rules.state import BIDDING, BURYING, PLAYING, SURRENDER, HandState, Observation, Trick
from .saver import shared_saver
from .session import Session

log = logging.getLogger(__name__)

BID, BURY, PLAY, GIVE_UP = "bid", "bury", "play", "surrender"
KIND_OF_PHASE = {BIDDING: BID, BURYING: BURY, PLAYING: PLAY}


@dataclass(frozen=True)
class Turn:
    """Whose decision it is, and of what kind; ``bot`` is the seat's bot, None for a person."""
    seat: int
    kind: str
    bot: Bot | None


@dataclass(frozen=True)
class Applied:
    """One accepted action: a bid, a buried card, a card played or the declarer's surrender;
    ``trick`` is the trick this card completed."""
    seat: int
    action: int
    kind: str
    trick: Trick | None


@dataclass(frozen=True)
class Review:
    """A coach's word on an action before it is taken: refused or not, and a note to show."""
    allowed: bool = True
    note: str = ""


class Coach(Protocol):
    """A coach at the table (the guided game): asked about each person's action first."""

    def review(self, state: HandState, seat: int, action: int) -> Review: ...


class Director:
    """Runs ``session``'s match.  ``saving``: save the match after every change (not in the
    demo, the bench or the guided game), on the session's :class:`Saver` threads (a
    process-wide one for the offline game when the session brings none), so the caller's
    thread never waits for the disk: :meth:`saved` says when the latest save is on disk
    (show nobody an action before it is), and a save that failed is told once through
    ``on_file_error``.  ``allow_undo``: a person may take back a card (not at a serious
    table).  ``on_file_error`` gets a one-line message when a save or the history copy
    fails (the game goes on)."""

    def __init__(self, session: Session, *, saving: bool = True, allow_undo: bool = True,
                 on_file_error: Callable[[str], None] | None = None,
                 coach: Coach | None = None) -> None:
        self.session = session
        self.saving = saving and session.persistent
        self.allow_undo = allow_undo and not session.serious
        self.on_file_error = on_file_error
        self.coach = coach
        self.state: HandState | None = None
        self.deal: Deal | None = None
        self.resumed = False
        self.hand_no = session.hand_number
        self._save_failed = False
        # the coach's answers about the decision in hand, by (seat, action): the scene asks
        # when the person chooses (to show the note at once) and act() takes that answer
        # rather than asking again
        self._reviews: dict[tuple[int, int], Review] = {}
        self._reviews_for: tuple | None = None

    @property
    def match(self) -> Match:
        m = self.session.match
        if m is None:  # a Session always makes one; a broken caller is told plainly
            raise RuntimeError("the session has no match")
        return m

    # ------------------------------------------------------------------ the hand
    def start_hand(self) -> HandState:
        """Deal the next hand, or take up the saved one where it stood."""
        match = self.match
        resumed = self.session.take_current()
        if resumed is not None:
            deal, state = None, resumed
        else:
            deal, state = match.deal(self.session.rng_for_hand())
        self.hand_no = len(match.rows) + 1
        self.deal, self.state, self.resumed = deal, state, resumed is not None
        return state

    def turn(self) -> Turn | None:
        """Whose decision it is now; None when the hand is over (or not started)."""
        st = self.state
        if st is None or st.is_terminal():
            return None
        seat = st.current_seat
        if seat is None:
            return None
        return Turn(seat, KIND_OF_PHASE.get(st.phase, PLAY), self.session.bots.get(seat))

    def observation(self, seat: int) -> Observation:
        if self.state is None:
            raise RuntimeError("no hand has been dealt")
        return self.state.observation(seat)

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and seat not in self.session.bots

    def review(self, seat: int, action: int) -> Review:
        """The coach's word on a person's action (always allowed without a coach).  The
        answer is kept for :meth:`act`, so an action the scene has had reviewed is not
        put to the coach a second time."""
        st = self.state
        if self.coach is None or st is None or not self.is_person(seat):
            return Review()
        r = self.coach.review(st, seat, action)
        self._reviews_at(st)[(seat, action)] = r
        return r

    def _reviews_at(self, st: HandState) -> dict[tuple[int, int], Review]:
        """The answers kept for the decision ``st`` stands at.  Both cards of a burial are
        one decision (the person picks them together, before either goes under)."""
        done = len(st.bids) if st.phase == BURYING else len(st.actions())
        at = (self.hand_no, st.phase, done)
        if at != self._reviews_for:
            self._reviews_for, self._reviews = at, {}
        return self._reviews

    def _reviewed(self, seat: int, action: int) -> Review:
        """The coach's word for :meth:`act`: the one the scene was given for this very
        choice, else asked now."""
        st = self.state
        if self.coach is None or st is None or not self.is_person(seat):
            return Review()
        kept = self._reviews_at(st).pop((seat, action), None)
        return kept if kept is not None else self.coach.review(st, seat, action)

    def act(self, seat: int, action: int) -> Applied | None:
        """Take ``action`` for ``seat`` if it is that seat's turn and the action is legal (and
        the coach does not refuse it); the hand is saved.  None when it is refused."""
        st = self.state
        if st is None or st.is_terminal() or st.current_seat != seat:
            return None
        if action not in st.legal_actions():
            return None
        if not self._reviewed(seat, action).allowed:
            return None
        kind = GIVE_UP if action == SURRENDER else KIND_OF_PHASE[st.phase]
        n_before = len(st.completed)
        st.apply(action)
        self.persist()
        trick = st.completed[-1] if len(st.completed) > n_before else None
        applied = Applied(seat, action, kind, trick)
        return applied

    def surrender(self, seat: int) -> Applied | None:
        """The declarer gives up (between tricks, while the table allows it), whoever's turn
        it is."""
        st = self.state
        if st is None or not st.can_surrender() or st.declarer_seat != seat:
            return None
        st.apply(SURRENDER)
        self.persist()
        applied = Applied(seat, SURRENDER, GIVE_UP, None)
        return applied

    # ------------------------------------------------------------------ undo
    def undo_count(self, seat: int | None) -> int:
        """How many actions go back to before ``seat``'s last card (0: nothing to take
        back, or taking back is not allowed at this table)."""
        st = self.state
        if (not self.allow_undo or seat is None or not self.is_person(seat) or st is None
                or st.phase != PLAYING or st.is_terminal()):
            return 0
        acts = st.actions()
        start = len(st.bids) + (2 if st.contract == TAKE else 0)
        for i in range(len(acts) - 1, start - 1, -1):
            s, a = acts[i]
            if s == seat and 0 <= a < 26:
                return len(acts) - i
        return 0

    def undo(self, seat: int | None) -> int:
        """Take back ``seat``'s last card and every card after it; returns how many actions
        went back (0: none)."""
        n = self.undo_count(seat)
        if not n or self.state is None or seat is None:
            return 0
        self.state.undo(n)
        self.persist()
        return n

    # ------------------------------------------------------------------ the match
    def finish_hand(self) -> SheetRow:
        """Settle the finished hand into the match (score sheet, pools, next dealer); saved."""
        st = self.state
        if st is None or not st.is_terminal():
            raise RuntimeError("the hand is not over")
        row = self.match.finish(st)
        self.persist(finished=True)
        return row

    def over(self) -> bool:
        return self.session.over()

    def finish_session(self) -> None:
        """The session is over: keep it in the history, and then no Continue for it."""
        if not self.saving:
            return
        self.session.name_history()
        try:  # the save knows its history file before that file is written
            self.session.save(None)
        except OSError as e:  # a session that writes on this thread
            self._save_result(e)
        self.wait_saved(10.0)  # whether the finished match is saved decides what is said
        try:
            self.session.archive()
        except OSError as e:
            if self._save_failed:  # the save was emptied or never written: nothing to continue
                self._file_error(_("The match could not be kept in the history ({error}), "
                                   "and it could not be saved either: it is lost.").format(
                    error=e.strerror or e))
            else:
                self._file_error(_("The match could not be kept in the history ({error}); "
                                   "it stays saved for Continue.").format(
                    error=e.strerror or e))
            return  # never delete the save before its history copy is safely on disk
        try:
            self.session.clear_save()
        except OSError as e:
            log.warning("the finished match's save could not be removed: %s", e)

    def persist(self, finished: bool = False) -> None:
        """Save the match and the hand in progress (after every action; atomic)."""
        if not self.saving:
            return
        session = self.session
        if session.saver is None:
            session.saver = shared_saver()
        try:
            session.save(None if finished else self.state)
        except OSError as e:  # a session that writes on this thread
            self._save_result(e)
            return
        self.saved()

    def saved(self) -> bool:
        """The latest save is on disk, or its failure was told (always, when not saving)."""
        fut = self.session.last_saved
        if fut is None or not self.saving:
            return True
        if not fut.done():
            return False
        saver = self.session.saver
        self._save_result(saver.failure(self.session.save_path()) if saver is not None
                          else None)
        return True

    def wait_saved(self, timeout: float) -> bool:
        """Block until :meth:`saved` (True) or ``timeout`` passed (the demo, the bench, the
        tests, and a table that closes)."""
        fut = self.session.last_saved
        if fut is not None and self.saving:
            try:
                fut.result(timeout)
            except TimeoutError:
                return False
        return self.saved()

    def _save_result(self, error: OSError | None) -> None:
        if error is None:
            if self._save_failed:
                log.info("the game is saved again")
            self._save_failed = False
            return
        if not self._save_failed:  # say it once, not after every card
            log.error("the game could not be saved: %s", error)
            self._file_error(_("The game could not be saved: {error}").format(
                error=error.strerror or error))
        self._save_failed = True

    def close(self) -> None:
        """The table closes: the saves still on their way are written first (bounded)."""
        if self.saving and not self.wait_saved(10.0):
            log.error("the last save was not on disk 10 s after the table closed")

    def _file_error(self, message: str) -> None:
        if self.on_file_error is not None:
            self.on_file_error(message)
