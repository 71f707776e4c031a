"""The table scene: a hand of Zole as the person sees and plays it.

The pieces, each in its own module of this package:

- the match (deals, turns, legal checks, undo, saving, the workers) runs in ``flow``;
- :mod:`.script` is the hand's choreography, a generator the scene steps through when
  :mod:`.driver` says its condition holds;
- :mod:`.model` says where each card is in the view, :mod:`.layout` where that is on screen
  (:mod:`.geometry` holds the table laid out for the window);
- :mod:`.pointer` holds where the person points (the keyboard's focus, the mouse's card);
- :mod:`.render` draws it, :mod:`.buttons` and :mod:`.hints` hold the buttons and the
  advisor's hints, :mod:`.controls` turns the person's input into commands;
- :mod:`.coach` is the hook a coach (the guided game) plugs into.

``viewer``: the seat drawn at the bottom (the person's; in the demo, seat 0).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Generator
from typing import Any

import pygame

from ...flow.director import Director
from ...flow.session import Session
from ...flow.workers import BOTS, HINTS, Workers
from ...i18n import N_, _, language
from ...rules.state import PLAYING, SURRENDER, HandState
from .. import texts
from ..scene import Action, Scene
from ..sprites import CardSprite
from ..widgets import Button
from . import buttons, controls, driver, hand_order, layout, render, script
from .coach import TableCoach
from .commands import Choose, Commands, GiveUp, TakeBack
from .conditions import (
    BotTurn,
    Condition,
    HumanTurn,
    Saved,
    Settle,
    Wait,
)
from .geometry import TableGeometry
from .hints import Hints
from .layout import Target
from .model import TableView
from .notice import Notice
from .pointer import Pointer

MOVE = 0.32  # seconds for a card move at normal speed
log = logging.getLogger(__name__)


class TableScene(Scene):
    """``demo``: bots in every seat, the cards of seat 0 shown.  ``coach``: a coach (the
    guided game) consulted at the hook points.  ``score_sheets``: after each hand's summary
    the score sheet (False: one hand, then the table leaves the stack)."""

    def __init__(self, session: Session, demo: bool = False,
                 auto_continue: float | None = None, coach: TableCoach | None = None,
                 score_sheets: bool = True) -> None:
        super().__init__()
        self.session = session
        self.demo = demo
        self.auto_continue = auto_continue
        self.coach = coach
        self.score_sheets = score_sheets
        self.last_label = N_("Continue")  # the summary's button when score_sheets is False
        self.finished = False
        self.human = None if demo else session.human
        self.viewer = session.human if session.human is not None else 0
        self.director = Director(session, saving=False, allow_undo=not demo,
                                 coach=coach)
        self.workers: Workers | None = None
        self.sprites = [CardSprite(c) for c in range(26)]
        self.clock = 0.0
        self.closed = False
        self.rng = random.Random(session.seed * 7 + 3)
        self.script: Generator[Condition, Any, Any] | None = None
        self.cond: Condition | None = None
        self.commands = Commands()  # the person's, waiting for the script to take them
        self.buttons: list[Button] = []
        self.button_actions: list[int | None] = []
        self.corner: list[Button] = []
        self.pointer = Pointer()  # the keyboard's focus, the mouse's card, the card held
        self._was_animating = False
        self.selected: list[int] = []
        self.notice = Notice()  # the line of words, and Surrender armed or not
        self.show_last = False
        self.view = TableView()
        self.geo = TableGeometry()  # the seats' sides, the cards' pictures, where all sits
        self._last_slide = -1.0
        self.bury_need = 2
        self.hints = Hints(self)
        self.drawn: list[tuple[str, pygame.Rect, str]] = []  # what the last frame drew, where
        self._lang = language()

    # ------------------------------------------------------------------ what it shows
    @property
    def state(self) -> HandState | None:
        return self.director.state

    @property
    def hand_no(self) -> int:
        return self.director.hand_no

    @property
    def f(self) -> float:
        return self.app.anim_factor if self.app else 1.0

    def reset_view(self) -> None:
        self.view = TableView(order=self.view.order)
        self.selected = []

    def seat_name(self, seat: int) -> str:
        """The seat's name as shown (the person's as "You" until they type a name)."""
        return self.session.name(seat)

    def seat_away(self, seat: int) -> bool:
        """A person whose seat is kept while they are away (a network table's)."""
        return False

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        app = self.app
        self.director.saving = bool(app.save_enabled) and self.session.persistent
        self.director.on_file_error = app.file_error
        self.workers = Workers({BOTS: app.executor, HINTS: app.hint_executor}, app.wake)
        self.layout()
        self.script = script.run_session(self)
        self.cond = None
        if self.coach is not None:
            self.coach.enter()

    def exit(self) -> None:
        self.closed = True
        if self.workers is not None:
            self.workers.new_generation()
        self.cond = None
        self.hints.stop()

    def resize(self, size) -> None:
        self.layout(snap=True)

    def busy(self) -> bool:
        if self.closed:
            return False
        moving = any(s.moving(self.clock) for s in self.sprites)
        if self.coach is not None:
            if self.coach.holds():
                return moving
            if self.coach.busy():
                return True
        if moving:
            return True
        c = self.cond
        if c is None or isinstance(c, (Wait, Settle, BotTurn, Saved)):
            return True  # (a save is on disk within a frame or two)
        return self.notice.shown(self.clock)

    def animating(self) -> bool:
        now = self.clock
        return any(s.dragging or s.moving(now) for s in self.sprites)

    def handle(self, a: Action) -> None:
        if self.coach is not None and self.coach.handle(a):
            return
        controls.handle(self, a)

    def draw(self, surface) -> None:
        render.draw(self, surface)

    # ------------------------------------------------------------------ the script's driver
    def update(self, dt: float) -> None:
        if self.closed or self.script is None:
            return
        self.clock += dt
        for _i in range(400):
            value = driver.ready(self)
            if value is driver.NOT_READY:
                break
            self.cond = None
            try:
                self.cond = self.script.send(value)
            except StopIteration:
                self.script = None
                break
        self.hints.poll()
        anim = self.animating()
        if self._was_animating and not anim:
            self.app.invalidate()  # draw the cards where they came to rest
        self._was_animating = anim
        if self.notice.expire(self.clock):
            self.app.invalidate()
        if self.coach is not None:
            self.coach.update()

    def wait(self, seconds: float) -> Wait:
        return Wait(self.clock + max(0.0, seconds) * self.f)

    def waiting_for(self) -> str | None:
        """The person's decision the table waits for: "bid", "bury", "play" or None."""
        c = self.cond
        return c.kind if isinstance(c, HumanTurn) else None

    # ------------------------------------------------------------------ seats and cards
    def setup_seats(self, state: HandState) -> None:
        self.geo.seat(self.session.players, list(state.seats), self.viewer)
        self.layout()

    def layout(self, snap: bool = False) -> None:
        """Lay the table out for the window (see :func:`.layout.table_layout`)."""
        if self.app is None:
            return
        W, H = self.app.size
        self.view.order = hand_order.key_for(self.app.settings)
        dealer = self.state.dealer if self.state is not None else 0
        self.geo.lay_out(W, H, self.app.settings.card_size, self.app.theme, dealer,
                         corner_w=buttons.corner_width(W, H))
        buttons.place(self)
        self.relayout(snap=True if snap else None, dur=0.0 if snap else None)

    def _lift(self, c: int, i: int) -> float:
        """How far the ``i``-th card of my hand is raised (in card heights)."""
        kind = self.waiting_for()
        legal = self.legal_cards() if kind in ("play", "bury") else set()
        lift = 0.04 if (c in legal and kind == "play") else 0.0
        p = self.pointer
        if c == p.hover_card or (p.shown_on_card(i) and kind in ("play", "bury")):
            lift = layout.HOVER_LIFT if (c in legal) else 0.02
        if c in self.selected or c == p.auto_card:
            lift = 0.16
        return lift

    def targets(self) -> dict[int, Target]:
        """Where each card belongs now: x, y, scale, face up, z."""
        decl = self.state.declarer_seat if self.state is not None else None
        return self.view.face_talon(layout.card_targets(
            self.geo.L, self.view, self.geo.sides, self.view.cards_seen or self.demo,
            self._lift, decl))

    def relayout(self, snap: bool | None = None, dur: float | None = None) -> None:
        """Send every card towards where it belongs (in ``dur`` seconds at normal speed)."""
        if self.geo.laid_out() is None:
            return
        now = self.clock
        d = (MOVE if dur is None else dur) * self.f
        for c, (x, y, s, face, z) in self.targets().items():
            sp = self.sprites[c]
            if sp.dragging:
                continue
            sp.z = z
            if snap or not sp.visible:
                sp.place(x, y, s, face)
                continue
            dist = ((sp.x1 - x) ** 2 + (sp.y1 - y) ** 2) ** 0.5
            arc = min(dist * 0.12, self.geo.L["H"] * 0.05) if d > 0.15 else 0.0
            sp.move(now, x, y, s, face, d, arc=arc)
        if self.app is not None:
            self.app.invalidate()

    def layout_rects(self) -> list[pygame.Rect]:
        """Every card's resting rectangle and every button (for layout tests)."""
        rects = [self.geo.card_rect(x, y, s) for x, y, s, _face, _z in self.targets().values()]
        rects += [b.rect for b in self.all_buttons()]
        rects += list(self.geo.L["plates"].values())
        return rects

    def slide_sound(self) -> None:
        if self.clock - self._last_slide > 0.05:
            self._last_slide = self.clock
            self.app.sound.play("slide", 0.45)

    def my_hand(self) -> list[int]:
        return self.view.hand(self.viewer)

    def legal_cards(self, kind: str | None = None) -> set[int]:
        """My cards that may be chosen for the decision ``kind`` (by default the one the
        table waits for; the script names it while it sets the decision up, before it
        waits)."""
        kind = kind or self.waiting_for()
        st = self.state
        if kind == "play" and st is not None:
            return {a for a in st.legal_actions() if a < 26}
        if kind == "bury":
            return set(self.view.holding.get(self.viewer, []))
        return set()

    def forced_card(self) -> int | None:
        """My only legal card, when there is exactly one and nothing else to decide."""
        st = self.state
        if st is None or st.phase != PLAYING or st.current_seat != self.human:
            return None
        legal = st.legal_actions()
        cards = [a for a in legal if 0 <= a < 26]
        if len(cards) != 1 or SURRENDER in legal:
            return None
        return cards[0]

    def default_card_focus(self, kind: str | None = None) -> int:
        """Where the keyboard focus goes when my turn comes: the focused card if it may be
        played, else the legal card nearest to it (a greyed card never keeps the focus)."""
        legal = self.legal_cards(kind)
        hand = self.my_hand()
        here = self.pointer.card_index()
        if 0 <= here < len(hand) and hand[here] in legal:
            return here
        near = sorted((abs(i - here), i) for i, c in enumerate(hand) if c in legal)
        return near[0][1] if near else 0

    def focused_card(self) -> int | None:
        hand = self.my_hand()
        i = self.pointer.focus[1]
        return hand[i] if 0 <= i < len(hand) else None

    def card_at(self, pos) -> int | None:
        for c in reversed(self.my_hand()):
            r = self.card_rect(c)
            if r is not None and r.collidepoint(pos):
                return c
        return None

    def card_rect(self, c: int) -> pygame.Rect | None:
        sp = self.sprites[c]
        if not sp.visible or self.geo.images is None:
            return None
        x, y, s, _face, _wf = sp.state(self.clock)
        return self.geo.card_rect(x, y, s)

    # ------------------------------------------------------------------ undo
    def undo_allowed(self) -> bool:
        """The table allows taking back a card: a person against bots, not a serious
        match, not the guided game."""
        return self.human is not None and self.director.allow_undo and self.session.persistent

    def can_undo(self) -> bool:
        return self.undo_allowed() and not self.closed and \
            self.director.undo_count(self.human) > 0

    def request_undo(self) -> None:
        if not self.undo_allowed():
            return
        if not self.can_undo():
            self.say(_("There is no move of yours to undo in this hand"))
            return
        self.commands.give(TakeBack())
        self.app.invalidate()

    def take_back(self) -> bool:
        """Undo my last card and the bots' cards after it; the cards travel back."""
        self.hints.stop()
        if not self.director.undo(self.human):
            return False
        assert self.workers is not None and self.state is not None
        self.workers.new_generation()  # a bot still thinking about the old position is ignored
        self.show_taken_back()
        return True

    def show_taken_back(self) -> None:
        """After an undo: the cards travel back to where the hand now has them."""
        assert self.state is not None
        self.view.bubbles = {}
        self.view.rebuild(self.state)
        self.selected = []
        self.show_last = False
        self.relayout()
        self.slide_sound()

    def all_buttons(self) -> list[Button]:
        return self.buttons + self.corner

    # ------------------------------------------------------------------ commands
    def can_surrender_now(self) -> bool:
        st = self.state
        return bool(st and st.can_surrender() and st.declarer_seat == self.human
                    and not self.view.trick and not self.closed)

    def surrender(self) -> None:
        """The corner button: the first click arms it, the second gives up."""
        if not self.can_surrender_now():
            return
        if not self.notice.surrender_armed:
            self.notice.arm_surrender(buttons.surrender_note(self), self.clock)
            self.app.invalidate()
            return
        self.disarm_surrender()
        if self.waiting_for() == "play":
            self.commands.give(Choose(SURRENDER))
        else:
            self.commands.give(GiveUp())

    def disarm_surrender(self) -> None:
        """The armed Surrender goes back to its first state, and its note with it."""
        self.notice.disarm_surrender()

    def answer(self, a: int) -> None:
        """A bid button (a coach may refuse it with a note)."""
        if self.waiting_for() is None or self.human is None:
            return
        r = self.director.review(self.human, a)
        if r.note and self.coach is not None:
            self.coach.note(r.note)
        if r.allowed:
            self.commands.give(Choose(a))

    def look(self) -> None:
        self.view.cards_seen = True
        buttons.build(self, "bid")
        self.relayout()
        self.hints.start("bid")

    def confirm_bury(self) -> None:
        if self.waiting_for() == "bury" and len(self.selected) == self.bury_need:
            self.commands.give(Choose(tuple(self.selected)))

    def toggle_last(self) -> None:
        if self.state and self.state.completed:
            self.show_last = not self.show_last

    def open_guide(self) -> None:
        """The rules guide on top; the table waits (bots and timers) until it closes."""
        from ...teaching.guide import activity_of, page_for
        from ..guide import GuideScene

        self.stack.push(GuideScene(*page_for(activity_of(self.state))))

    def open_pause(self) -> None:
        from ..pause import PauseMenu

        self.stack.push(PauseMenu(self))

    def say(self, msg: str, seconds: float = 3.5) -> None:
        self.notice.say(msg, self.clock, seconds)
        self.app.invalidate()

    def try_card(self, c: int) -> None:
        """A click, drop or Enter on one of my cards."""
        kind = self.waiting_for()
        st = self.state
        if kind == "play" and st is not None and self.human is not None:
            if c in self.legal_cards():
                self._coach_note(c)
                self.commands.give(Choose(c))
                self.pointer.hover_card = None
            else:
                lead = st.trick[0] if st.trick else None
                self.say(texts.refusal(self.view.holding[self.viewer], lead, c))
                self.relayout(dur=0.12)
        elif kind == "bury":
            if c in self.selected:
                self.selected.remove(c)
            elif len(self.selected) < self.bury_need:
                self._coach_note(c)
                self.selected.append(c)
            else:
                self.say(_("Two cards are chosen; choose one of them again to change your mind"))
            self.relayout(dur=0.12)
        elif kind == "bid" and not self.view.cards_seen:
            self.say(_("Choose first: zole in the dark, or look at your cards"))
        elif self.human is not None and st is not None and \
                st.current_seat != self.human and st.phase == PLAYING:
            self.say(_("Wait for your turn"))

    def _coach_note(self, c: int) -> None:
        """What a coach says about this card (any legal card is played)."""
        if self.coach is not None and self.human is not None:
            note = self.director.review(self.human, c).note
            if note:
                self.coach.note(note)
