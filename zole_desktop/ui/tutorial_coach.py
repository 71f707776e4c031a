"""The coach of the guided game (:mod:`zole_desktop.ui.tutorial`): what it says and when,
the move it recommends (the solver's card, worked out on the hint worker), its notes about a
move it did not ask for, the ▼ markers and its linen box.  "Got it" (or Enter) closes a
message; C (or the small "Coach" tab the box leaves behind) brings the last one back.
"""

from __future__ import annotations

import logging

import pygame

from ..flow import people
from ..flow.director import Review
from ..flow.workers import HINTS, Job
from ..i18n import N_, _
from ..records.review import card_text
from ..rules import cards as C
from ..rules.state import BIDDING, BURYING, PLAYING, TAKE_BID, HandState
from ..teaching.tutorial import (
    BURY,
    HALFWAY,
    PLAYER,
    advice,
    deviation,
    follow_event,
    halfway_count,
    step_of,
    trick_lesson,
    tutorial_state,
)
from . import gfx, texts
from .coach_marks import counted as _counted
from .coach_marks import draw_box as _draw_box
from .coach_marks import draw_marker as _draw_marker
from .coach_marks import position_key
from .scene import BACK, CLICK, CONFIRM, KEY, MOTION, Action
from .table.marks import visible_rect
from .table.scene import TableScene
from .widgets import Button

BLOCKING = ("start", "trick_won", "trick_lost", "halfway", "end_won", "end_lost")
BOT_LEVEL = "easy"
NOTE_SECONDS = 6.0  # a coach's note about a move it did not ask for
QUICK_TRICKS = 2  # from this many tricks played on, the solver answers at once
# while the solver works out the coach's card, the coach says so and the play waits
THINKING = N_("The coach is looking at your cards…")

log = logging.getLogger(__name__)


def bury_advice(state: HandState) -> list[int]:
    """Both cards the coach would bury now (``advice`` names them one at a time)."""
    st = state.copy()
    out: list[int] = []
    while st.phase == BURYING and st.current_seat == PLAYER and len(out) < 2:
        c = advice(st)
        if c is None:
            break
        out.append(c)
        st.apply(c)
    return out


class TutorialCoach:
    """The coach of the guided game, plugged into the table through its coach hook
    (:class:`~zole_desktop.ui.table.coach.TableCoach`).  The other lessons' coach
    (:mod:`.lesson_coach`) changes what it says (:meth:`step`, :meth:`events`) and what it
    recommends (:meth:`advise`, :meth:`bury_cards`)."""

    blocking: tuple[str, ...] = BLOCKING
    # a bid other than the coach's is refused with this note ({take}: the coach's bid)
    bid_refusal = N_("In this first game you take the talon: click {take}.")

    def __init__(self) -> None:
        self.table: TableScene | None = None
        self.seen: set[str] = set()
        self.queue: list[str] = []
        self.current: str | None = None
        self.current_wait: str | None = None
        self.shown: list[str] = []  # events in the order the coach spoke (tests, demo)
        self.tricks_seen = 0
        self._focus_key: tuple | None = None
        self.button = Button(N_("Got it"), self.dismiss, primary=True)
        self.rect = pygame.Rect(0, 0, 0, 0)
        # the coach's note about a move it did not ask for (translated text), until when
        self.text = ""
        self.note_until = 0.0
        self.notes: list[str] = []  # every note given (tests)
        # the coach's card per position (actions so far), from the solver
        self.advice_cache: dict[tuple, int | None] = {}
        self.advice_jobs: dict[tuple, Job] = {}
        self.markers: list[pygame.Rect] = []  # the ▼ markers the last frame drew
        self.params: dict[str, dict[str, object]] = {}  # the numbers in an event's text
        self.recalled = False  # the current message was brought back (C): it holds nothing
        self.recall_button = Button(N_("Coach (C)"), self.recall)

    @property
    def t(self) -> TableScene:
        assert self.table is not None  # set by TutorialTableScene
        return self.table

    def enter(self) -> None:
        name = (self.t.app.settings.player_name or "").strip()
        if name:
            names = self.t.session.names
            names[PLAYER] = name[:20]
            for seat in range(len(names)):  # the coach's bots: any names but the player's
                if seat != PLAYER and people.same_name(names[seat], names[PLAYER]):
                    names[seat] = people.bot_name(seat, taken=names)
        st = self.first_position()
        if st is not None:  # the longest search, started now
            self._ask_solver(st)

    def first_position(self) -> HandState | None:
        """The first lead after the coach's bid and burial."""
        st = tutorial_state()
        st.apply(TAKE_BID)
        for card_name in BURY:
            st.apply(C.card(card_name))
        return st

    def step(self, event: str):
        """The step of an event (its message), or None."""
        return step_of(event)

    def advise(self, st: HandState) -> int | None:
        """The coach's move for the player now (the solver's card in play)."""
        return advice(st)

    def bury_cards(self, st: HandState) -> list[int]:
        """Both cards the coach would bury now."""
        return bury_advice(st)

    # ------------------------------------------------------------------ speaking
    def holds(self) -> bool:
        """A message that holds the game until "Got it"."""
        return self.current is not None and self.current in self.blocking and \
            not self.recalled

    def busy(self) -> bool:
        return bool(self.text)

    def thinking(self) -> bool:
        """The player is to play and the coach's card is not known yet: the coach says it is
        looking at the cards, and a card played now is refused (:meth:`review`)."""
        return self.table is not None and self.t.waiting_for() == "play" and \
            not self.coach_card()[0]

    def _say(self, event: str, params: dict | None = None) -> None:
        if event in self.seen or self.step(event) is None:
            return
        self.seen.add(event)
        self.params[event] = dict(params or {})
        self.queue.append(event)

    def text_of(self, event: str) -> str:
        """An event's message as shown (translated, its numbers filled in)."""
        step = self.step(event)
        if step is None:
            return ""
        return _(step.text).format(**{k: _counted(k, n)
                                      for k, n in self.params.get(event, {}).items()})

    def recall(self) -> None:
        """Bring back the coach's last message (C, or the Coach tab), to read it again."""
        if self.current is not None or not self.shown:
            return
        self.text = ""
        self.current = self.shown[-1]
        self.current_wait = self.t.waiting_for()
        self.recalled = True
        if self.t.app is not None:
            self.t.app.invalidate()

    def dismiss(self) -> None:
        app = self.t.app
        if self.text:  # a note over a waiting message: "Got it" closes the note first
            self.text = ""
            if app is not None:
                app.invalidate()
            return
        self.current = None
        self.current_wait = None
        self.recalled = False
        self._next()
        if app is not None:
            app.invalidate()

    def _next(self) -> None:
        if (self.current is None or self.recalled) and self.queue:
            self.recalled = False
            self.current = self.queue.pop(0)
            self.text = ""  # the coach's newer word replaces a note
            self.current_wait = self.t.waiting_for()
            self.shown.append(self.current)
            if self.t.app is not None:
                self.t.app.moment("tutorial")
                self.t.app.invalidate()

    def watch(self) -> None:
        """Look at the hand and speak when something new happens."""
        t = self.t
        st = t.state
        if st is None:
            return
        self.events(st, t.waiting_for())
        # a message about a decision goes once the decision is made
        if self.current is not None and (self.current not in self.blocking or self.recalled) \
                and t.waiting_for() != self.current_wait:
            self.current = None
            self.current_wait = None
            self.recalled = False
        if self.text and t.clock >= self.note_until:
            self.text = ""
            t.app.invalidate()
        self._next()
        self._focus_advice()

    def trick_swept(self) -> bool:
        """The last trick has left the middle of the table: what the coach says about it
        agrees with the counts on the screen."""
        return len(self.t.view.trick) < 3

    def events(self, st: HandState, kind: str | None) -> None:
        """What is new in the hand: the messages it calls for."""
        self._say("start")
        if kind == "bid":
            self._say("your_bid")
        elif kind == "bury":
            self._say("bury")
        elif kind == "play":
            if not st.trick and not st.completed:
                self._say("first_lead")
            ev = follow_event(st)
            if ev:
                self._say(ev)
            known, card = self.coach_card()
            if known:
                ev = deviation(st, card)
                if ev:
                    self._say(ev)
            lesson = trick_lesson(st)
            if lesson is not None:
                self._say(f"{lesson[0]}@{len(st.completed) + 1}", lesson[1])
        n = len(st.completed)
        if n > self.tricks_seen and self.trick_swept():
            self.tricks_seen = n
            winner = st.completed[-1].winner
            if winner == PLAYER:
                self._say("trick_won")
            elif st.declarer_seat == PLAYER:
                self._say("trick_lost")
            if n == HALFWAY and st.declarer_seat == PLAYER and not st.is_terminal():
                self._say("halfway", halfway_count(st))
        if st.is_terminal() and st.declarer_seat is not None:
            r = st.result()
            mine = r.declarer == PLAYER
            self._say("end_won" if (r.value > 0) == mine else "end_lost")

    def _focus_advice(self) -> None:
        """At a new decision put the keyboard focus on the recommended move."""
        t = self.t
        kind = t.waiting_for()
        st = t.state
        if kind is None or st is None:
            self._focus_key = None
            return
        # the burial's choice counts too: after the first card, Enter goes on to the next
        key = (kind, st.phase, len(st.completed), len(st.trick), self.coach_card()[0],
               tuple(sorted(t.selected)))
        if key == self._focus_key:
            return
        self._focus_key = key
        cards, button = self.advised()
        hand = t.my_hand()
        if cards and cards[0] in hand:
            t.pointer.focus_card(hand.index(cards[0]))
            t.relayout(dur=0.1)
        elif button is not None:
            t.pointer.focus_button(t.buttons.index(button))

    def advised(self) -> tuple[list[int], Button | None]:
        """The cards and the button the coach recommends now."""
        t = self.t
        kind = t.waiting_for()
        st = t.state
        if kind is None or st is None:
            return [], None
        if kind == "bid":
            a = self.advise(st)
            label = texts.BID_LABELS.get(a if a is not None else TAKE_BID)
            for b in t.buttons:
                if b.label == label:
                    return [], b
            return [], None
        if kind == "bury":
            want = [c for c in self.bury_cards(st) if c not in t.selected]
            if not want and t.buttons:
                return [], t.buttons[0]
            return want, None
        if kind == "play" and st.phase == PLAYING:
            _known, c = self.coach_card()
            return ([c] if c is not None and c < 26 else []), None
        return [], None

    # ------------------------------------------------------------------ the coach's card
    def coach_card(self) -> tuple[bool, int | None]:
        """(known, card): the coach's card for the player's turn in play.  The solver runs
        on the hint worker while many cards are out (the first tricks take a second), so the
        card may not be known yet."""
        st = self.t.state
        if st is None or st.phase != PLAYING or st.current_seat != PLAYER:
            return True, None
        key = position_key(st)
        if key in self.advice_cache:
            return True, self.advice_cache[key]
        if len(st.completed) >= QUICK_TRICKS or self.t.workers is None:
            self.advice_cache[key] = self.advise(st)
            return True, self.advice_cache[key]
        self._ask_solver(st)
        return False, None

    def _ask_solver(self, st: HandState) -> None:
        key = position_key(st)
        workers = self.t.workers
        if workers is not None and key not in self.advice_jobs and key not in self.advice_cache:
            self.advice_jobs[key] = workers.submit(HINTS, self.advise, st.copy(), key=key)

    def update(self) -> None:
        """The solver's answers as they come; a note whose time is up goes."""
        t = self.t
        st = t.state
        now = position_key(st) if st is not None else None
        for key, job in list(self.advice_jobs.items()):
            if key == now and not job.done() and t.app is not None and t.app.fast:
                # demo and tests step without sleeping: let the worker have the GIL
                job.wait(0.05)
            if not job.done():
                continue
            del self.advice_jobs[key]
            try:
                self.advice_cache[key] = job.result()
            except Exception as e:  # a solver bug: no marker for this card (the worker
                log.warning("the coach's card is unknown: %r", e)  # logged the traceback)
                self.advice_cache[key] = None
            if t.app is not None:
                t.app.invalidate()
            if key == now:
                self.watch()  # the coach may have something to say about this card
        if self.text and t.clock >= self.note_until:
            self.text = ""
            if t.app is not None:
                t.app.invalidate()

    def note(self, text: str) -> None:
        """A short note by the coach about a move it did not ask for."""
        self.text = text
        self.note_until = self.t.clock + NOTE_SECONDS
        self.notes.append(text)
        self.t.app.invalidate()

    def review(self, state: HandState, seat: int, action: int) -> Review:
        """A bid: in this first game only the coach's (Take).  A legal card or burial other
        than the coach's is played, with a note of what the coach would have chosen."""
        del seat
        if state.phase == BIDDING:
            want = self.advise(state)
            if want is not None and action != want:
                return Review(False, _(self.bid_refusal).format(take=texts.bid_label(want)))
            return Review()
        if state.phase == BURYING:
            if action not in self.bury_cards(state):
                return Review(True, _("You may bury any two cards; the coach's choice is "
                                      "marked ▼."))
            return Review()
        if state.phase == PLAYING and action < 26:
            known, want = self.coach_card()
            if not known:  # the coach's box says it is still looking at the cards
                return Review(False)
            if want is not None and action != want:
                return Review(True, _("{card} is allowed too. The coach's card was {best}; "
                                      "the review after the hand shows what each card was "
                                      "worth.").format(card=card_text(action),
                                                       best=card_text(want)))
        return Review()

    def handle(self, a: Action) -> bool:
        """"Got it" (the button, Enter, or Esc on a message that holds the game)."""
        k = a.kind
        if k == KEY and a.value == pygame.K_c:
            if self.current is None and not self.text:
                self.recall()
            else:
                self.dismiss()
            return True
        if self.current is None and not self.text:
            if k == CLICK and self.recall_button.rect.w and \
                    self.recall_button.rect.collidepoint(a.point):
                self.recall()
                return True
            if k == MOTION:
                self.recall_button.hover = self.recall_button.rect.collidepoint(a.point)
            return False
        if k == CONFIRM:
            self.dismiss()
            return True
        if k == CLICK and self.button.rect.collidepoint(a.point):
            self.dismiss()
            return True
        if k == MOTION:
            self.button.hover = self.button.rect.collidepoint(a.point)
        if k == BACK and self.holds():
            self.dismiss()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw_marks(self, surface) -> None:
        """The ▼ markers over the recommended card or button (not while a message holds
        the game)."""
        t = self.t
        self.markers = []
        if self.holds() or not t.geo.L:
            return
        cards, button = self.advised()
        size = max(14, int(t.geo.L["H"] * 0.03))
        for c in cards:
            r = visible_rect(t, c)  # the part of the card that shows
            if r is None or t.sprites[c].moving(t.clock):
                continue
            self.markers.append(_draw_marker(surface, r, size, card=True))
        if button is not None and button.rect.w:
            self.markers.append(_draw_marker(surface, button.rect, size))

    def draw(self, surface) -> None:
        """The coach's box at the top (below the talon while it lies there)."""
        t = self.t
        L = t.geo.L
        self.recall_button.rect = pygame.Rect(0, 0, 0, 0)
        if not L:
            return
        thinking = self.thinking()
        if self.current is None and not self.text and not thinking:
            self._draw_recall(surface)
            return
        if self.text and not self.holds():
            text = self.text
        elif self.current is not None and self.step(self.current) is not None:
            text = self.text_of(self.current)
        elif thinking:
            text = ""
        else:
            return
        if thinking and not self.holds():
            text = (text + " " + _(THINKING)).strip()
        got_it = self.current is not None or bool(self.text)  # nothing to close otherwise
        who = _("Coach")
        if self.holds():
            who += "  ·  " + _("the game waits for you")
        elif self.recalled:
            who += "  ·  " + _("said before")
        self.rect = _draw_box(surface, t, who, text, self.button if got_it else None,
                              self.holds())
        if not got_it:
            self.button.rect = pygame.Rect(0, 0, 0, 0)

    def _draw_recall(self, surface) -> None:
        """The small Coach tab at the top edge: the last message again (also the C key)."""
        if not self.shown or self.t.finished or not self.t.on_stack() or \
                self.t.stack.top is not self.t:  # not under the hand summary
            return
        W, H = self.t.geo.L["W"], self.t.geo.L["H"]
        h = max(28, int(H * 0.045))
        size = int(h * 0.42)
        w = gfx.text_width(self.recall_button.text(), size, True) + h
        self.recall_button.rect = pygame.Rect((W - w) // 2, 0, w, h)
        self.recall_button.draw(surface, False)
