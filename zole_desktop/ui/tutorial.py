"""The guided first game: the real table, dealt the prepared hand of
:mod:`zole_desktop.teaching.tutorial`, with a coach.

:class:`TutorialTableScene` is a :class:`~zole_desktop.ui.table.TableScene` whose match deals
``tutorial_state()`` (the player at seat 0, forehand; easy bots in seats 1 and 2).  The coach
speaks on game events in a linen box with a "Got it" button; the move it recommends
(``advice(state)``) carries an amber outline and a ▼ marker.  Messages at a decision (bid,
bury, lead, follow) wait beside the choice and go away once it is made; the others (welcome,
first trick won or lost, the end) hold the game until "Got it" or Enter.  F1 opens the rules
guide on top; nothing is saved, so a real game in progress is left alone.

Push it with ``app.stack.push(TutorialTableScene())``; when the hand's summary is closed the
scene removes itself (back to whatever was below, e.g. the main menu).
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _
from ..rules import cards as C
from ..rules.deal import Deal, active_seats, deal_packets
from ..rules.match import Match
from ..rules.state import BURYING, PLAYING, TAKE_BID, HandState
from ..teaching.tutorial import (
    DEALER,
    HANDS,
    PLAYER,
    STEP_BY_EVENT,
    TALON,
    advice,
    follow_event,
    tutorial_state,
)
from . import gfx, texts
from .scene import BACK, CLICK, CONFIRM, KEY, MOTION, Action
from .session import Session
from .table import _NOT_READY, TALON_SCALE, TableScene
from .widgets import Button, draw_outline

BLOCKING = ("start", "trick_won", "trick_lost", "end_won", "end_lost")
BOT_LEVEL = "easy"


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

    def enter(self) -> None:
        name = (self.app.settings.player_name or "").strip()
        if name:
            self.session.names[PLAYER] = name[:20]
        super().enter()

    # ------------------------------------------------------------------ the coach
    def coach_blocking(self) -> bool:
        return self.current is not None and self.current in BLOCKING

    def _say(self, event: str) -> None:
        if event in self.seen or event not in STEP_BY_EVENT:
            return
        self.seen.add(event)
        self.queue.append(event)

    def dismiss(self) -> None:
        self.current = None
        self.current_wait = None
        self._next()
        if self.app is not None:
            self.app.invalidate()

    def _next(self) -> None:
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
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
        self._next()
        self._focus_advice()

    def _focus_advice(self) -> None:
        """At a new decision put the keyboard focus on the recommended move."""
        kind = self.waiting_for()
        if kind is None:
            self._focus_key = None
            return
        st = self.state
        key = (kind, st.phase, len(st.completed), len(st.trick))
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
            c = advice(st)
            return ([c] if c is not None and c < 26 else []), None
        return [], None

    # ------------------------------------------------------------------ table hooks
    def _ready(self):
        self.watch()
        if self.coach_blocking():
            return _NOT_READY
        return super()._ready()

    def busy(self) -> bool:
        if self.coach_blocking():
            return any(s.moving(self.clock) for s in self.sprites)
        return super().busy()

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
        if self.current is not None:
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
        if not self.coach_blocking():
            self.draw_advice(surface)
        if self.current is not None:
            self.draw_coach(surface)

    def draw_advice(self, surface) -> None:
        cards, button = self.advised()
        H = self.L["H"]
        size = max(14, int(H * 0.03))
        for c in cards:
            r = self.card_rect(c)
            if r is None or self.sprites[c].moving(self.clock):
                continue
            self._mark(surface, r, size)
        if button is not None and button.rect.w:
            self._mark(surface, button.rect, size)

    @staticmethod
    def _mark(surface, r: pygame.Rect, size: int) -> None:
        draw_outline(surface, r.inflate(6, 6), max(4, min(r.w, r.h) // 10))
        x, y = r.centerx, r.y - size // 2 - 6
        pts = [(x - size // 2, y - size // 2), (x + size // 2, y - size // 2), (x, y + size // 3)]
        pygame.draw.polygon(surface, gfx.AMBER, pts)
        pygame.draw.polygon(surface, gfx.EDGE, pts, 2)

    def draw_coach(self, surface) -> None:
        L = self.L
        W, H = L["W"], L["H"]
        step = STEP_BY_EVENT.get(self.current or "")
        if step is None:
            return
        m = int(min(W, H) * 0.02)
        bw = int(W * 0.52)
        size = max(13, int(H * 0.025))
        pad = max(10, int(size * 0.8))
        bh = max(32, int(H * 0.055))
        btn_w = max(int(W * 0.11), gfx.text_width(_("Got it"), int(bh * 0.42), True) + bh)
        text_w = bw - 3 * pad - btn_w
        lines = gfx.wrap(_(step.text), size, text_w)
        while len(lines) > 6 and size > 12:
            size -= 1
            lines = gfx.wrap(_(step.text), size, text_w)
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
    elif kind in ("bid", "play"):
        a = advice(st)
        table.human_result = a if a is not None else st.legal_actions()[0]
