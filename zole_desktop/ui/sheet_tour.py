"""The score sheet lesson's tour: the real sheet of the lesson's hands, and the coach naming
one part of it at a time (:func:`zole_desktop.teaching.sheet_lesson.tour`), that part marked
with the coach's ▼.  Next (Enter, →) goes on, Back (←) reads the one before again, Esc
leaves the tour; after the last stop, ``done`` (the lesson's wrap-up)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..flow.session import Session
from ..i18n import N_, _
from ..teaching.sheet_lesson import Stop, tour
from . import gfx
from .coach_marks import draw_marker
from .scene import BACK, CLICK, CONFIRM, LEFT, MOTION, NEXT, PREV, RIGHT, Action, Scene
from .sheet_table import MIN_PX, columns, draw_sheet, pools_text, row_height, row_heights
from .widgets import Button, draw_outline


class SheetTourScene(Scene):
    def __init__(self, session: Session, done: Callable[[], None]) -> None:
        super().__init__()
        self.session = session
        self.done = done
        self.index = 0
        self.marked: pygame.Rect | None = None  # the part the last frame marked
        self.back_button = Button(N_("Back"), self.back, enabled=lambda: self.index > 0)
        self.next_button = Button(lambda: _("Finish") if self.last() else _("Next"),
                                  self.next, primary=True)
        self.buttons = [self.back_button, self.next_button]
        self.focus = 1

    def stops(self) -> list[Stop]:
        """The tour in the current language (a switch shows at once)."""
        s = self.session
        return tour(s.match.rows, s.name, s.human if s.human is not None else 0)

    def last(self) -> bool:
        return self.index >= len(self.stops()) - 1

    def next(self) -> None:
        if self.last():
            self.finish()
        else:
            self.index += 1
            self.focus = 1
        self.redraw()

    def back(self) -> None:
        if self.index > 0:
            self.index -= 1
            self.redraw()

    def finish(self) -> None:
        self.stack.remove(self)
        self.done()

    def handle(self, a: Action) -> None:
        k = a.kind
        if k in (RIGHT,):
            self.next()
        elif k in (LEFT,):
            self.back()
        elif k in (NEXT, PREV):
            self.focus = 1 - self.focus if self.back_button.enabled else 1
            self.redraw()
        elif k == CONFIRM:
            self.buttons[self.focus].activate()
        elif k == BACK:
            self.finish()
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
            self.redraw()
        elif k == CLICK:
            for b in self.buttons:
                if b.rect.collidepoint(a.point):
                    b.activate()
                    return

    def redraw(self) -> None:
        if self.app is not None:
            self.app.invalidate()

    # ------------------------------------------------------------------ drawing
    def part_rect(self, part: str, area: pygame.Rect, body: int) -> pygame.Rect:
        """Where ``part`` of the sheet is (as :func:`draw_sheet` lays it out in ``area``)."""
        n = self.session.players
        rows = self.session.match.rows
        lh = row_height(body)
        col_no, no_w, col_game, game_w, seats_x0, seat_w = columns(n, area, body)
        heights = row_heights(self.session, area, body)  # a row whose game wraps is taller
        table_h = lh + sum(heights)
        if part == "hand":
            return pygame.Rect(col_no - 4, area.y, no_w - 6, table_h)  # clear of "Game"
        if part == "game":
            return pygame.Rect(col_game - 1, area.y, game_w, table_h)
        if part.startswith("row:"):
            i = int(part[4:]) - 1
            return pygame.Rect(area.x - 4, area.y + lh + sum(heights[:i]), area.w + 8,
                               heights[i])
        if part.startswith("seat:"):
            seat = int(part[5:])
            return pygame.Rect(seats_x0 + seat_w * seat, area.y, seat_w, table_h)
        if part == "pools":  # the legend's last lines, at the foot of the area
            small = max(MIN_PX, int(body * 0.9))
            k = len(gfx.wrap(pools_text(rows[-1]), small, area.w)) if rows else 1
            h = int(lh * 0.95) * k
            return pygame.Rect(area.x - 4, area.bottom - h - 2, area.w + 8, h + 4)
        return pygame.Rect(area.x - 4, area.y, area.w + 8, table_h)

    def draw(self, surface) -> None:
        W, H = surface.get_size()
        surface.blit(self.app.felt(), (0, 0))
        r = gfx.linen_panel(surface, 0.9, 0.94)
        pad = max(8, int(H * 0.022))
        big, body = max(18, int(H * 0.04)), max(MIN_PX + 1, int(H * 0.028))
        title = _("Reading the score sheet")
        tr = gfx.blit_text(surface, title, gfx.fit_size(title, big, r.w - 2 * pad, True),
                           gfx.CARMINE, (r.centerx, r.y + pad), "midtop", bold=True)
        bh = max(34, int(H * 0.068))
        stops = self.stops()
        self.index = min(self.index, len(stops) - 1)
        stop = stops[self.index]
        # the coach's words under the sheet, as many lines as they need
        size = max(MIN_PX + 1, int(H * 0.027))
        text_w = r.w - 4 * pad
        lines = gfx.wrap(stop.text, size, text_w)
        lh = int(size * 1.3)
        # one height for every stop, so that the sheet stays put from stop to stop
        most = max(len(gfx.wrap(st.text, size, text_w)) for st in stops)
        box_h = pad * 2 + int(size * 1.4) + lh * most
        box = pygame.Rect(r.x + pad, r.bottom - 2 * pad - bh - box_h, r.w - 2 * pad, box_h)
        area = pygame.Rect(r.x + 3 * pad, tr.bottom + pad + max(14, int(H * 0.03)),
                           r.w - 6 * pad, box.y - tr.bottom - 3 * pad - max(14, int(H * 0.03)))
        draw_sheet(surface, self.session, area, body)
        self.marked = self.part_rect(stop.part, area, body)
        mark_size = max(14, int(H * 0.03))
        if stop.part.startswith("row:") or stop.part == "pools":
            # a row: a thin outline (the rows above and below stay readable) and a ▶ in the
            # margin beside it
            draw_outline(surface, self.marked, 4, 2)
            x, y = self.marked.x - 6, self.marked.centery
            pts = [(x - mark_size, y - mark_size // 2), (x - mark_size, y + mark_size // 2),
                   (x - mark_size // 4, y)]
            pygame.draw.polygon(surface, gfx.AMBER, pts)
            pygame.draw.polygon(surface, gfx.EDGE, pts, 2)
        else:
            draw_marker(surface, self.marked.inflate(0, 4), mark_size)
        surface.blit(gfx.panel(box.w, box.h, fill=gfx.LINEN, border=gfx.CARMINE, width=3),
                     box)
        who = _("Coach") + "  ·  " + _("{n} of {total}").format(n=self.index + 1,
                                                                total=len(stops))
        gfx.blit_text(surface, who, max(MIN_PX, int(size * 0.9)), gfx.CARMINE,
                      (box.x + pad, box.y + pad), bold=True)
        y = box.y + pad + int(size * 1.4)
        for line in lines:
            gfx.blit_text(surface, line, size, gfx.INK, (box.x + pad, y))
            y += lh
        bw = max(int(W * 0.16), max(gfx.text_width(b.text(), int(bh * 0.42), True) + bh
                                    for b in self.buttons))
        y = r.bottom - pad - bh
        self.back_button.rect = pygame.Rect(r.centerx - bw - pad, y, bw, bh)
        self.next_button.rect = pygame.Rect(r.centerx + pad, y, bw, bh)
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)
