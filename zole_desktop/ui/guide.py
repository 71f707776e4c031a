"""The rules guide: chapters on the left, the page on the right (title, paragraphs and an
illustration drawn with the current deck: under the text, or beside it when the text is long).

An opaque scene that is simply pushed on top of whatever is open (the menu, or the table with
F1: the table keeps its state underneath and carries on when the guide is closed)::

    app.stack.push(GuideScene())

Keys: Left/Right, PageUp/PageDown, Tab/Shift+Tab or Enter for pages; Up/Down for chapters;
Home/End; Escape closes.  Mouse: chapters and pages on the left, the Previous/Next buttons,
the wheel.  Text is translated when drawn, so a language switch shows at once.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _
from ..teaching.guide import CHAPTERS, pages
from . import gfx, pictures
from .focus_look import bar_room, label_bar
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    DROP,
    KEY,
    LEFT,
    MOTION,
    NEXT,
    PREV,
    RIGHT,
    UP,
    WHEEL,
    Action,
    Scene,
)
from .widgets import Button


class GuideScene(Scene):
    """``chapter``/``page``: where the guide opens (the first page by default)."""

    opaque = True

    def __init__(self, chapter: int = 0, page: int = 0) -> None:
        super().__init__()
        self.pages = pages()
        self.index = 0
        self.open_at(chapter, page)
        self.hover: tuple[str, int] | None = None
        self.prev_button = Button(lambda: "◀  " + _("Previous"), lambda: self.go(-1),
                                  enabled=lambda: self.index > 0)
        self.next_button = Button(lambda: _("Next") + "  ▶", lambda: self.go(1),
                                  enabled=lambda: self.index < len(self.pages) - 1,
                                  primary=True)
        self.close_button = Button(N_("Close (Esc)"), self.close)
        self.buttons = [self.prev_button, self.next_button, self.close_button]
        self.chapter_rects: list[pygame.Rect] = []
        self.page_rects: list[tuple[int, pygame.Rect]] = []
        # where the page's text lines and its picture were last drawn (for the layout tests)
        self.text_rects: list[pygame.Rect] = []
        self.picture_rect: pygame.Rect | None = None

    # ------------------------------------------------------------------ navigation
    @property
    def chapter(self) -> int:
        return self.pages[self.index][0]

    @property
    def page(self):
        return self.pages[self.index][3]

    def open_at(self, chapter: int, page: int = 0) -> None:
        for i, (ci, pi, _ch, _pg) in enumerate(self.pages):
            if ci == chapter and pi == page:
                self.index = i
                return
        self.index = 0

    def go(self, d: int) -> None:
        self.index = max(0, min(len(self.pages) - 1, self.index + d))
        self.redraw()

    def go_chapter(self, d: int) -> None:
        ci = max(0, min(len(CHAPTERS) - 1, self.chapter + d))
        self.open_at(ci, 0)
        self.redraw()

    # ------------------------------------------------------------------ input
    def handle(self, a: Action) -> None:
        k = a.kind
        if k == BACK:
            self.close()
        elif k in (RIGHT, NEXT, CONFIRM):
            self.go(1)
        elif k in (LEFT, PREV):
            self.go(-1)
        elif k == DOWN:
            self.go_chapter(1)
        elif k == UP:
            self.go_chapter(-1)
        elif k == WHEEL:
            self.go(-a.value)
        elif k == KEY:
            if a.value == pygame.K_PAGEDOWN:
                self.go(1)
            elif a.value == pygame.K_PAGEUP:
                self.go(-1)
            elif a.value == pygame.K_HOME:
                self.go(-len(self.pages))
            elif a.value == pygame.K_END:
                self.go(len(self.pages))
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
            self.hover = self._target_at(a.pos)
        elif k in (CLICK, DROP):
            if k == DROP and a.start is not None:  # a swipe across the page turns it
                dx = a.point[0] - a.start[0]
                if abs(dx) > self.app.size[0] * 0.08:
                    self.go(-1 if dx > 0 else 1)
                return
            for b in self.buttons:
                if b.rect.collidepoint(a.point):
                    b.activate()
                    return
            t = self._target_at(a.pos)
            if t is not None:
                kind, i = t
                if kind == "chapter":
                    self.open_at(i, 0)
                else:
                    self.index = i
                self.redraw()

    def _target_at(self, pos) -> tuple[str, int] | None:
        for ci, r in enumerate(self.chapter_rects):
            if r.collidepoint(pos):
                return ("chapter", ci)
        for i, r in self.page_rects:
            if r.collidepoint(pos):
                return ("page", i)
        return None

    # ------------------------------------------------------------------ drawing
    def layout(self) -> dict:
        W, H = self.app.size
        m = max(10, int(H * 0.03))
        lw = int(W * 0.25)
        bh = max(36, int(H * 0.065))
        left = pygame.Rect(m, m, lw, H - 2 * m)
        page = pygame.Rect(left.right + m, m, W - left.right - 2 * m, H - 3 * m - bh)
        bw = max(int(W * 0.15), int(bh * 3.2))
        self.prev_button.rect = pygame.Rect(page.x, page.bottom + m, bw, bh)
        self.next_button.rect = pygame.Rect(page.right - bw, page.bottom + m, bw, bh)
        self.close_button.rect = pygame.Rect(left.x, left.bottom - bh, lw, bh)
        return {"W": W, "H": H, "m": m, "left": left, "page": page, "bh": bh}

    def draw(self, surface) -> None:
        app = self.app
        surface.blit(app.felt(), (0, 0))
        L = self.layout()
        self.draw_chapters(surface, L)
        self.draw_page(surface, L["page"], L["H"])
        W, H = L["W"], L["H"]
        counter = _("Page {n} of {total}").format(n=self.index + 1, total=len(self.pages))
        pr, nr = self.prev_button.rect, self.next_button.rect
        size = max(12, int(H * 0.024))
        gfx.blit_text(surface, counter, gfx.fit_size(counter, size, nr.x - pr.right - 20),
                      gfx.LINEN, ((pr.right + nr.x) // 2, pr.centery), "center")
        for b in self.buttons:
            b.draw(surface, False)
        del W

    def draw_chapters(self, surface, L) -> None:
        H = L["H"]
        left: pygame.Rect = L["left"]
        ts = max(16, int(H * 0.042))
        title = _("Rules guide")
        tr = gfx.blit_text(surface, title, gfx.fit_size(title, ts, left.w, True), gfx.LINEN,
                           (left.x, left.y), bold=True)
        top = tr.bottom + int(H * 0.025)
        bottom = self.close_button.rect.y - int(H * 0.02)
        n_pages = len(CHAPTERS[self.chapter].pages)
        rh = max(24, min(int(H * 0.058), int((bottom - top) // (len(CHAPTERS) + n_pages * 0.72))))
        ph = int(rh * 0.72)
        size = max(12, min(int(H * 0.025), int(rh * 0.44)))
        psize = max(11, int(size * 0.88))
        self.chapter_rects = []
        self.page_rects = []
        y = top
        for ci, ch in enumerate(CHAPTERS):
            r = pygame.Rect(left.x, y, left.w, rh - 4)
            self.chapter_rects.append(r)
            label = _(ch.title)
            current = ci == self.chapter
            hovered = self.hover == ("chapter", ci)
            if current:  # a fill, bold and the focus's dashed bar under it (not the amber ring)
                surface.blit(gfx.panel(r.w, r.h, fill=gfx.LINEN, border=gfx.EDGE, width=1), r)
                ink = gfx.INK
            else:
                if hovered:
                    surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.DIM_LINEN,
                                           alpha=150, width=1), r)
                ink = gfx.LINEN
            pad = max(6, r.h // 4)
            lift = bar_room(r.h) // 2 if current else 0
            tr = gfx.blit_text(surface, label, gfx.fit_size(label, size, r.w - 2 * pad, current),
                               ink, (r.x + pad, r.centery - lift), "midleft", bold=current)
            if current:
                label_bar(surface, tr.x, max(tr.right, tr.x + r.w // 3), tr.bottom, r)
            y += rh
            if current:
                for pi, pg in enumerate(ch.pages):
                    gi = self.index - self.pages[self.index][1] + pi
                    pr = pygame.Rect(left.x + pad * 2, y, left.w - pad * 2, ph)
                    self.page_rects.append((gi, pr))
                    on = gi == self.index
                    t = ("▸ " if on else "· ") + _(pg.title)
                    col = gfx.AMBER if on else (
                        gfx.LINEN if self.hover == ("page", gi) else gfx.DIM_LINEN)
                    gfx.blit_text(surface, t, gfx.fit_size(t, psize, pr.w - 4, on), col,
                                  (pr.x, pr.centery), "midleft", bold=on)
                    y += ph
                y += int(rh * 0.15)

    def draw_page(self, surface, panel: pygame.Rect, H: int) -> None:
        page = self.page
        surface.blit(gfx.panel(panel.w, panel.h, fill=(0, 0, 0), border=None, alpha=70),
                     panel.move(3, 5))
        surface.blit(gfx.panel(panel.w, panel.h, fill=gfx.LINEN, border=gfx.EDGE, width=2),
                     panel)
        pad = max(12, int(H * 0.035))
        inner = panel.inflate(-2 * pad, -2 * pad)
        chap = _(CHAPTERS[self.chapter].title)
        cs = max(11, int(H * 0.02))
        cr = gfx.blit_text(surface, chap.upper(), gfx.fit_size(chap.upper(), cs, inner.w),
                           gfx.CARMINE, (inner.x, inner.y), bold=True)
        title = _(page.title)
        ts = gfx.fit_size(title, max(16, int(H * 0.042)), inner.w, True)
        tr = gfx.blit_text(surface, title, ts, gfx.INK, (inner.x, cr.bottom + cs // 2),
                           bold=True)
        top = tr.bottom + int(ts * 0.6)
        avail = inner.bottom - top
        paras = [_(p) for p in page.paragraphs]
        pic = page.picture
        base = max(13, int(H * 0.027))
        smallest = max(12, int(base * 0.72))
        want_pic = int(avail * (0.42 if pic[0] in ("cards", "suits") else 0.5))
        min_pic = max(int(H * 0.2), int(avail * 0.36))
        # text above the picture, in smaller type if need be; when even the smallest type
        # leaves the picture too little room, text on the left and the picture on the right
        text_w = inner.w
        size, lines = base, []
        for size in range(base, smallest - 1, -1):
            lines = self._wrap(paras, size, text_w)
            if self._text_height(lines, size) <= avail - want_pic:
                break
        side = self._text_height(lines, size) > avail - min_pic
        if side:
            text_w = int(inner.w * 0.5)
            for size in range(base, smallest - 1, -1):
                lines = self._wrap(paras, size, text_w)
                if self._text_height(lines, size) <= avail:
                    break
        text_h = self._text_height(lines, size)
        y = top
        lh = int(size * 1.38)
        self.text_rects = [cr, tr]
        clip = surface.get_clip()
        surface.set_clip(inner)  # a text too long for the page never runs onto the buttons
        for line in lines:
            if line is None:
                y += lh // 2
                continue
            self.text_rects.append(gfx.blit_text(surface, line, size, gfx.INK, (inner.x, y)))
            y += lh
        surface.set_clip(clip)
        gap = int(size * 0.8)
        if side:
            area = pygame.Rect(inner.x + text_w + gap * 2, top, inner.w - text_w - gap * 2,
                               avail)
        else:
            area = pygame.Rect(inner.x, top + text_h + gap, inner.w,
                               inner.bottom - (top + text_h + gap))
        self.picture_rect = area
        if pictures.picture_on_felt(pic):
            felt = self.app.theme.felt_color
            surface.blit(gfx.panel(area.w, area.h, fill=felt, border=gfx.EDGE, width=1), area)
        pictures.draw_picture(surface, pic, area, self.app.theme, size)

    @staticmethod
    def _wrap(paras: list[str], size: int, width: int) -> list[str | None]:
        out: list[str | None] = []
        for i, p in enumerate(paras):
            if i:
                out.append(None)  # half a line between paragraphs
            out += gfx.wrap(p, size, width)
        return out

    @staticmethod
    def _text_height(lines: list[str | None], size: int) -> int:
        lh = int(size * 1.38)
        return sum(lh // 2 if line is None else lh for line in lines)
