"""The guided first game: the real table, dealt the prepared hand of
:mod:`zole_desktop.teaching.tutorial`, with a coach.

:class:`TutorialTableScene` is a :class:`~zole_desktop.ui.table.TableScene` whose match deals
``tutorial_state()`` (the player at seat 0, forehand; easy bots in seats 1 and 2).  The coach
speaks on game events in a linen box with a "Got it" button; the move it recommends
(``advice(state)``) carries an amber outline and a ▼ marker.  Messages at a decision (bid,
bury, lead, follow) wait beside the choice and go away once it is made; the others (welcome,
first trick won or lost, the end) hold the game until "Got it" or Enter.  F1 opens the rules
guide on top; nothing is saved, so a real game in progress is left alone.

The coach's card in play comes from the double-dummy solver (as the hand review's), worked
out on the app's hint worker when it takes a while (the first tricks); the marker shows once
it is known.  A bid other than Take is refused with a short note by the coach; a legal card
or burial other than the coach's is played, and the coach notes what it would have chosen.
A message line of the table (a refused card) is lifted above the ▼ markers.

Push it with ``app.stack.push(TutorialTableScene())``; when the hand's summary is closed the
scene removes itself (back to whatever was below, e.g. the main menu).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from concurrent.futures import wait as wait_for_futures

import pygame

from ..i18n import N_, _
from ..records.review import card_text
from ..rules import cards as C
from ..rules.deal import Deal, active_seats, deal_packets
from ..rules.match import Match
from ..rules.state import BURYING, PLAYING, TAKE_BID, HandState
from ..teaching.tutorial import (
    BURY,
    DEALER,
    HANDS,
    PLAYER,
    STEP_BY_EVENT,
    TALON,
    advice,
    deviation,
    follow_event,
    tutorial_state,
)
from . import gfx, texts
from .scene import BACK, CLICK, CONFIRM, KEY, MOTION, Action
from .session import Session
from .table import _NOT_READY, TALON_SCALE, TableScene, _guarded
from .widgets import Button, draw_outline

BLOCKING = ("start", "trick_won", "trick_lost", "end_won", "end_lost")
BOT_LEVEL = "easy"
NOTE_SECONDS = 6.0  # a coach's note about a move it did not ask for
QUICK_TRICKS = 2  # from this many tricks played on, the solver answers at once

log = logging.getLogger(__name__)


def tutorial_deal() -> Deal:
    """The packets that deal the tutorial's hands and talon (in twos, the tournament way)."""
    hands = {s: C.parse_cards(h.split()) for s, h in HANDS.items()}
    talon = C.parse_cards(TALON.split())
    order = active_seats(3, DEALER)
    deck: list[int] = []
    for r in range(4):
        if r == 2:
            deck += talon
        for s in order:
            deck += hands[s][2 * r:2 * r + 2]
    return deal_packets(deck, 3, DEALER, "twos")


class TutorialMatch(Match):
    """A match whose only hand is the tutorial's prepared deal."""

    def deal(self, rng):
        del rng
        return tutorial_deal(), tutorial_state()


class TutorialSession(Session):
    """Never written to disk: the player's saved game stays as it was."""

    def save(self) -> None:
        pass


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


class TutorialTableScene(TableScene):
    def __init__(self, auto_continue: float | None = None) -> None:
        names = [_("You"), _("Anna"), _("Jānis")]
        session = TutorialSession(players=3, names=names, levels=[None, BOT_LEVEL, BOT_LEVEL],
                                  human=PLAYER, length=1, seed=7,
                                  match=TutorialMatch(players=3, dealer=DEALER))
        super().__init__(session, demo=False, auto_continue=auto_continue)
        self.seen: set[str] = set()
        self.queue: list[str] = []
        self.current: str | None = None
        self.current_wait: str | None = None
        self.shown: list[str] = []  # events in the order the coach spoke (tests, demo)
        self.tricks_seen = 0
        self.finished = False
        self._focus_key: tuple | None = None
        self.coach_button = Button(N_("Got it"), self.dismiss, primary=True)
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        # the coach's note about a move it did not ask for (translated text), until when
        self.note = ""
        self.note_until = 0.0
        self.notes: list[str] = []  # every note given (tests)
        # the coach's card per position (actions so far), from the solver
        self.advice_cache: dict[tuple, int | None] = {}
        self.advice_futures: dict[tuple, Future] = {}
        # what the last frame drew (tests): the ▼ markers and the table's message line
        self.marker_rects: list[pygame.Rect] = []
        self.message_rect: pygame.Rect | None = None

    def enter(self) -> None:
        name = (self.app.settings.player_name or "").strip()
        if name:
            self.session.names[PLAYER] = name[:20]
        super().enter()
        # the first lead after the coach's bid and burial: the longest search, started now
        st = tutorial_state()
        st.apply(TAKE_BID)
        for name in BURY:
            st.apply(C.card(name))
        self._ask_solver(st)

    # ------------------------------------------------------------------ the coach
    def coach_blocking(self) -> bool:
        return self.current is not None and self.current in BLOCKING

    def _say(self, event: str) -> None:
        if event in self.seen or event not in STEP_BY_EVENT:
            return
        self.seen.add(event)
        self.queue.append(event)

    def dismiss(self) -> None:
        if self.note:  # a note over a waiting message: "Got it" closes the note first
            self.note = ""
            if self.app is not None:
                self.app.invalidate()
            return
        self.current = None
        self.current_wait = None
        self._next()
        if self.app is not None:
            self.app.invalidate()

    def _next(self) -> None:
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
            self.note = ""  # the coach's newer word replaces a note
            self.current_wait = self.waiting_for()
            self.shown.append(self.current)
            if self.app is not None:
                self.app.moment("tutorial")
                self.app.invalidate()

    def watch(self) -> None:
        """Look at the hand and let the coach speak when something new happens."""
        st = self.state
        if st is None:
            return
        self._say("start")
        kind = self.waiting_for()
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
        n = len(st.completed)
        if n > self.tricks_seen:
            self.tricks_seen = n
            winner = st.completed[-1].winner
            if winner == PLAYER:
                self._say("trick_won")
            elif st.declarer_seat == PLAYER:
                self._say("trick_lost")
        if st.is_terminal() and st.declarer_seat is not None:
            r = st.result()
            mine = r.declarer == PLAYER
            self._say("end_won" if (r.value > 0) == mine else "end_lost")
        # a message about a decision goes once the decision is made
        if self.current is not None and self.current not in BLOCKING and \
                self.waiting_for() != self.current_wait:
            self.current = None
            self.current_wait = None
        if self.note and self.clock >= self.note_until:
            self.note = ""
            self.app.invalidate()
        self._next()
        self._focus_advice()

    def _focus_advice(self) -> None:
        """At a new decision put the keyboard focus on the recommended move."""
        kind = self.waiting_for()
        if kind is None:
            self._focus_key = None
            return
        st = self.state
        # the burial's choice counts too: after the first card, Enter goes on to the next
        key = (kind, st.phase, len(st.completed), len(st.trick), self.coach_card()[0],
               tuple(sorted(self.selected)))
        if key == self._focus_key:
            return
        self._focus_key = key
        cards, button = self.advised()
        hand = self.my_hand()
        if cards and cards[0] in hand:
            self.focus = ("card", hand.index(cards[0]))
            self.relayout(dur=0.1)
        elif button is not None:
            self.focus = ("button", self.buttons.index(button))

    def advised(self) -> tuple[list[int], Button | None]:
        """The cards and the button the coach recommends now."""
        kind = self.waiting_for()
        st = self.state
        if kind is None or st is None:
            return [], None
        if kind == "bid":
            a = advice(st)
            label = texts.BID_LABELS.get(a if a is not None else TAKE_BID)
            for b in self.buttons:
                if b.label == label:
                    return [], b
            return [], None
        if kind == "bury":
            want = [c for c in bury_advice(st) if c not in self.selected]
            if not want and self.buttons:
                return [], self.buttons[0]
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
        st = self.state
        if st is None or st.phase != PLAYING or st.current_seat != PLAYER:
            return True, None
        key = position_key(st)
        if key in self.advice_cache:
            return True, self.advice_cache[key]
        if len(st.completed) >= QUICK_TRICKS or self.app is None:
            self.advice_cache[key] = advice(st)
            return True, self.advice_cache[key]
        self._ask_solver(st)
        return False, None

    def _ask_solver(self, st: HandState) -> None:
        key = position_key(st)
        if key not in self.advice_futures and key not in self.advice_cache:
            self.advice_futures[key] = self.app.hint_executor.submit(_guarded, self.app, advice,
                                                                     st.copy())

    def poll_advice(self) -> None:
        st = self.state
        now = position_key(st) if st is not None else None
        for key, fut in list(self.advice_futures.items()):
            if key == now and not fut.done() and self.app is not None and self.app.fast:
                # demo and tests step without sleeping: let the worker have the GIL
                wait_for_futures([fut], timeout=0.05)
            if not fut.done():
                continue
            del self.advice_futures[key]
            try:
                self.advice_cache[key] = fut.result()
            except Exception as e:  # a solver bug: no marker for this card (the worker
                log.warning("the coach's card is unknown: %r", e)  # logged the traceback)
                self.advice_cache[key] = None
            if self.app is not None:
                self.app.invalidate()
            if key == now:
                self.watch()  # the coach may have something to say about this card

    def coach_note(self, text: str) -> None:
        """A short note by the coach about a move it did not ask for."""
        self.note = text
        self.note_until = self.clock + NOTE_SECONDS
        self.notes.append(text)
        self.app.invalidate()

    # ------------------------------------------------------------------ table hooks
    def _ready(self):
        self.watch()
        if self.coach_blocking():
            return _NOT_READY
        return super()._ready()

    def busy(self) -> bool:
        if self.coach_blocking():
            return any(s.moving(self.clock) for s in self.sprites)
        # a solver still at work needs no stepping: its worker wakes the loop when done
        return super().busy() or bool(self.note)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.poll_advice()
        if self.note and self.clock >= self.note_until:
            self.note = ""
            if self.app is not None:
                self.app.invalidate()

    def _answer(self, a) -> None:
        """A bid: in this first game only the coach's (Take) is accepted."""
        st = self.state
        if self.waiting_for() == "bid" and st is not None:
            want = advice(st)
            if want is not None and a != want:
                self.coach_note(_("In this first game you take the talon: click {take}.")
                                .format(take=texts.bid_label(want)))
                return
        super()._answer(a)

    def try_card(self, c: int) -> None:
        """A card: a legal one other than the coach's is played, and the coach says what it
        would have chosen."""
        kind = self.waiting_for()
        st = self.state
        if kind == "play" and st is not None and c in self.legal_cards():
            known, want = self.coach_card()
            if known and want is not None and c != want:
                self.coach_note(_("{card} is allowed too. The coach's card was {best}; the "
                                  "review after the hand shows what each card was worth.")
                                .format(card=card_text(c), best=card_text(want)))
        elif kind == "bury" and st is not None and c not in self.selected and \
                len(self.selected) < self.bury_need and c not in bury_advice(st):
            self.coach_note(_("You may bury any two cards; the coach's choice is marked ▼."))
        super().try_card(c)

    def run_session(self):
        from .sheet import HandSummary

        yield from self.run_hand()
        if self.closed:
            return
        row = self.session.match.finish(self.state)
        summary = HandSummary(self.session, self.state, row, self.auto_continue)
        self.stack.push(summary)
        self.app.moment("hand-summary")
        yield ("scene", summary)
        self.finished = True
        self.stack.remove(self)

    def handle(self, a: Action) -> None:
        k = a.kind
        if k == KEY and a.value == pygame.K_F1:
            from .guide import GuideScene

            self.stack.push(GuideScene())
            return
        if self.current is not None or self.note:
            if k == CONFIRM:
                self.dismiss()
                return
            if k == CLICK and self.coach_button.rect.collidepoint(a.pos):
                self.dismiss()
                return
            if k == MOTION:
                self.coach_button.hover = self.coach_button.rect.collidepoint(a.pos)
            if k == BACK and self.coach_blocking():
                self.dismiss()
                return
        super().handle(a)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        super().draw(surface)
        if not self.L:
            return
        if self.current is not None or self.note:
            self.draw_coach(surface)

    def draw_advice(self, surface) -> None:
        self.marker_rects = []
        if self.coach_blocking():
            return
        cards, button = self.advised()
        H = self.L["H"]
        size = max(14, int(H * 0.03))
        for c in cards:
            r = self.card_rect(c)
            if r is None or self.sprites[c].moving(self.clock):
                continue
            self.marker_rects.append(self._draw_marker(surface, r, size))
        if button is not None and button.rect.w:
            self.marker_rects.append(self._draw_marker(surface, button.rect, size))

    @staticmethod
    def _draw_marker(surface, r: pygame.Rect, size: int) -> pygame.Rect:
        """The amber outline and the ▼ above ``r``; returns the ▼'s rect."""
        draw_outline(surface, r.inflate(6, 6), max(4, min(r.w, r.h) // 10))
        x, y = r.centerx, r.y - size // 2 - 6
        pts = [(x - size // 2, y - size // 2), (x + size // 2, y - size // 2), (x, y + size // 3)]
        pygame.draw.polygon(surface, gfx.AMBER, pts)
        pygame.draw.polygon(surface, gfx.EDGE, pts, 2)
        return pygame.Rect(x - size // 2 - 1, y - size // 2 - 1, size + 3,
                           size // 2 + size // 3 + 3)

    def draw_hints(self, surface) -> None:
        # the ▼ markers go under the table's message line, which then moves clear of them
        super().draw_hints(surface)
        self.draw_advice(surface)

    def draw_message(self, surface, msg: str) -> None:
        """The table's message line (a refused card), lifted above the coach's ▼ markers when
        it would cover one."""
        self.message_rect = None
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        super().draw_message(layer, msg)
        r = layer.get_bounding_rect()
        if not r.w:
            return
        dy = 0
        gap = max(4, self.L["H"] // 120)
        for _i in range(len(self.marker_rects) + 1):
            hit = [m for m in self.marker_rects if m.colliderect(r.move(0, dy))]
            if not hit:
                break
            dy = min(m.top for m in hit) - gap - r.bottom
        surface.blit(layer, r.move(0, dy), area=r)
        self.message_rect = r.move(0, dy)

    def draw_coach(self, surface) -> None:
        L = self.L
        W, H = L["W"], L["H"]
        step = STEP_BY_EVENT.get(self.current or "")
        if self.note and not self.coach_blocking():
            text = self.note
        elif step is not None:
            text = _(step.text)
        else:
            return
        m = int(min(W, H) * 0.02)
        bw = int(W * 0.52)
        size = max(13, int(H * 0.025))
        pad = max(10, int(size * 0.8))
        bh = max(32, int(H * 0.055))
        btn_w = max(int(W * 0.11), gfx.text_width(_("Got it"), int(bh * 0.42), True) + bh)
        text_w = bw - 3 * pad - btn_w
        lines = gfx.wrap(text, size, text_w)
        while len(lines) > 6 and size > 12:
            size -= 1
            lines = gfx.wrap(text, size, text_w)
        lh = int(size * 1.3)
        title_s = max(12, int(size * 0.9))
        h = pad * 2 + int(title_s * 1.4) + lh * len(lines)
        h = max(h, pad * 2 + bh)
        box = pygame.Rect((W - bw) // 2, m, bw, h)
        if self.talon_view and self.images is not None:
            # keep the talon in view: the box moves below it, above the bid buttons
            th = self.images.h * TALON_SCALE
            talon_top = L["talon"][1] - th / 2
            if box.bottom > talon_top - m // 2:
                box.y = int(L["talon"][1] + th / 2 + m)
        self.coach_rect = box
        surface.blit(gfx.panel(bw, h, fill=(0, 0, 0), border=None, alpha=80), box.move(3, 5))
        surface.blit(gfx.panel(bw, h, fill=gfx.LINEN, border=gfx.CARMINE, width=3), box)
        who = _("Coach")
        if self.coach_blocking():
            who += "  ·  " + _("the game waits for you")
        gfx.blit_text(surface, who, gfx.fit_size(who, title_s, text_w, True), gfx.CARMINE,
                      (box.x + pad, box.y + pad), bold=True)
        y = box.y + pad + int(title_s * 1.4)
        for line in lines:
            gfx.blit_text(surface, line, size, gfx.INK, (box.x + pad, y))
            y += lh
        self.coach_button.rect = pygame.Rect(box.right - pad - btn_w, box.bottom - pad - bh,
                                             btn_w, bh)
        self.coach_button.draw(surface, self.coach_blocking())


def drive(table: TutorialTableScene) -> None:
    """Play the player's part by the coach's advice (tests and screenshots): close the
    coach's box, answer each decision as advised, close the hand summary."""
    if table.stack is None or table not in table.stack.scenes:
        return
    top = table.stack.top
    if top is not table:
        close = getattr(top, "close", None)
        if close is not None:
            close()
        return
    if table.current is not None:
        table.dismiss()
        return
    st = table.state
    kind = table.waiting_for()
    if st is None or kind is None or table.human_result is not None:
        return
    if kind == "bury":
        table.human_result = tuple(bury_advice(st))
    elif kind == "bid":
        a = advice(st)
        table.human_result = a if a is not None else st.legal_actions()[0]
    elif kind == "play":
        known, a = table.coach_card()
        if not known:
            return  # the solver is still at it
        table.human_result = a if a is not None else st.legal_actions()[0]


def position_key(st: HandState) -> tuple:
    """What the coach's card depends on: the cards held, the trick, who is to play."""
    return (tuple(st.hands), tuple(zip(st.trick_pos, st.trick, strict=True)), st.turn,
            st.declarer)


