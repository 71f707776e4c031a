"""Widgets drawn by us: buttons, choice rows (toggles are two-value choice rows) and a text
field, plus :class:`FormScene`, a scrolling column of widgets with mouse and keyboard focus.

The keyboard focus shows as the table shows it (:mod:`.table.marks`): a dashed bar under
the label (or the value), and a focused button is lifted with a heavier edge; the mouse's
hover is the lift and the edge alone.  Never colour alone, and not the hint's amber ring.
Labels are kept as message ids and translated when drawn, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..i18n import _
from . import gfx
from .focus_look import dashed_bar, draw_outline, focus_bar, focus_margin, outline_rect
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    ERASE,
    LEFT,
    MOTION,
    NEXT,
    PREV,
    RIGHT,
    TEXT,
    UP,
    WHEEL,
    Action,
    Scene,
)

__all__ = ["Button", "ChoiceRow", "FormScene", "Heading", "TextField", "Widget", "dashed_bar",
           "draw_outline", "focus_bar", "focus_margin", "outline_rect"]
READABLE = 12  # px: the smallest type of a line a player must read (at 960x540 too)


class Widget:
    height_factor = 1.0  # rows in units of the base row height

    def fit(self, rh: int, width: int) -> None:
        """Set ``height_factor`` for the row height ``rh`` and ``width`` (text that wraps)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._enabled: bool | Callable[[], bool] = True
        self.hover = False

    @property
    def enabled(self) -> bool:
        """A flag, or a function asked each time (a button that depends on the game)."""
        e = self._enabled
        return bool(e()) if callable(e) else bool(e)

    @enabled.setter
    def enabled(self, v: bool | Callable[[], bool]) -> None:
        self._enabled = v

    @property
    def focusable(self) -> bool:
        return self.enabled

    def contains(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def click(self, pos) -> None:
        self.activate()

    def activate(self) -> None:
        pass

    def left(self) -> bool:
        return False

    def right(self) -> bool:
        return False

    def type_text(self, s: str) -> bool:
        return False

    def erase(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        pass


class Button(Widget):

    def __init__(self, label: str | Callable[[], str], on_click: Callable[[], Any],
                 enabled: bool | Callable[[], bool] = True, primary: bool = False,
                 note: str = "") -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self._enabled = enabled
        self.primary = primary
        self.note = note  # shown under a disabled button (message id)
        self.text_size: int | None = None  # the label's size (None: from the height)

    def text(self) -> str:
        return self.label() if callable(self.label) else _(self.label)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        radius = max(6, r.h // 4)
        lifted = (focused or self.hover) and self.enabled
        rr = r.move(0, -max(1, r.h // 16)) if lifted else r
        if self.enabled:
            fill = gfx.CARMINE if self.primary else gfx.LINEN
            color = gfx.LINEN if self.primary else gfx.INK
        else:
            fill = gfx.DIM_LINEN
            color = (0x6A, 0x65, 0x60)
        surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, radius=radius, alpha=70),
                     r.move(0, max(2, r.h // 12)))
        edge = max(1, r.h // 24) + (1 if lifted else 0)
        surface.blit(gfx.panel(r.w, r.h, fill=fill, border=gfx.EDGE, radius=radius,
                               width=edge), rr)
        if focused and self.enabled:
            focus_bar(surface, rr)
        label = self.text()
        size = gfx.fit_size(label, self.text_size or int(r.h * 0.42), r.w - r.h // 2,
                            bold=True)
        gfx.blit_text(surface, label, size, color, rr.center, "center", bold=True)


class ChoiceRow(Widget):
    """A label, the current value between ◀ ▶, and an optional one-line explanation."""

    def __init__(self, label: str | Callable[[], str],
                 options: Sequence[tuple[Any, str | Callable[[], str]]],
                 get: Callable[[], Any], set_: Callable[[Any], None],
                 explain: str | Callable[[], str] = "",
                 enabled: bool | Callable[[], bool] = True) -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.get = get
        self.set = set_
        self.explain = explain
        self._enabled = enabled
        self.height_factor = 1.55 if explain else 1.0

    def index(self) -> int:
        v = self.get()
        for i, (val, _label) in enumerate(self.options):
            if val == v:
                return i
        return 0

    def _move(self, d: int) -> bool:
        if not self.enabled or not self.options:
            return False
        i = (self.index() + d) % len(self.options)
        self.set(self.options[i][0])
        return True

    def left(self) -> bool:
        return self._move(-1)

    def right(self) -> bool:
        return self._move(1)

    def activate(self) -> None:
        self._move(1)

    def explain_lines(self, rh: int, width: int) -> tuple[int, int, list[str]]:
        """The explanation's size (never under READABLE), line height and lines: wrapped,
        not shrunk."""
        ex = self.explain() if callable(self.explain) else _(self.explain)
        es = max(READABLE, int(max(11, int(rh * 0.38)) * 0.78))
        return es, gfx.font(es).get_linesize(), gfx.wrap(ex, es, width) if ex else []

    def fit(self, rh: int, width: int) -> None:
        _es, lh, lines = self.explain_lines(rh, width) if self.explain else (0, 0, [])
        if lines:
            self.height_factor = max(1.55, 1 + (2 + len(lines) * lh) / max(1, rh))

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        r = self.rect
        row_h = int(r.h / self.height_factor)
        vw = int(r.w * 0.42)
        box = pygame.Rect(r.right - vw, r.y + row_h * 0.1, vw, row_h * 0.8)
        a = box.h
        return (pygame.Rect(box.x, box.y, a, box.h), box,
                pygame.Rect(box.right - a, box.y, a, box.h))

    def click(self, pos) -> None:
        left, box, right = self.arrow_rects()
        if left.collidepoint(pos):
            self._move(-1)
        else:
            self._move(1)

    def value_text(self) -> str:
        """The current value's label in the current language: a message id, or a callable
        that names the value when drawn (a deck's name from its theme.toml)."""
        lab = self.options[self.index()][1] if self.options else ""
        if callable(lab):
            lab = lab()
            return lab if lab else str(self.get())
        return _(lab) if lab else str(self.get())

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        row_h = int(r.h / self.height_factor)
        size = max(11, int(row_h * 0.38))
        color = gfx.LINEN if self.enabled else gfx.GREY
        label = self.label() if callable(self.label) else _(self.label)
        lab_w = int(r.w * 0.56)
        gfx.blit_text(surface, label, gfx.fit_size(label, size, lab_w), color,
                      (r.x, r.y + row_h // 2), "midleft")
        left, box, right = self.arrow_rects()
        fill = gfx.LINEN if self.enabled else gfx.DIM_LINEN
        radius = max(4, box.h // 4)
        lit = (focused or self.hover) and self.enabled
        surface.blit(gfx.panel(box.w, box.h, fill=fill, border=gfx.EDGE, radius=radius,
                               width=3 if lit else 2), box)
        if focused and self.enabled:
            focus_bar(surface, box)
        ink = gfx.INK if self.enabled else gfx.GREY
        gfx.blit_text(surface, gfx.ARROW_LEFT, size, ink, left.center, "center")
        gfx.blit_text(surface, gfx.ARROW_RIGHT, size, ink, right.center, "center")
        v = self.value_text()
        gfx.blit_text(surface, v, gfx.fit_size(v, size, box.w - 2 * box.h - 6, bold=True), ink,
                      box.center, "center", bold=True)
        if self.explain:
            es, lh, lines = self.explain_lines(row_h, r.w)
            for j, line in enumerate(lines):
                gfx.blit_text(surface, line, es, gfx.DIM_LINEN, (r.x, r.y + row_h + 1 + j * lh))


class TextField(Widget):
    def __init__(self, label: str, get: Callable[[], str], set_: Callable[[str], None],
                 max_len: int = 20) -> None:
        super().__init__()
        self.label = label
        self.get = get
        self.set = set_
        self.max_len = max_len

    def type_text(self, s: str) -> bool:
        v = self.get()
        s = "".join(ch for ch in s if ch.isprintable())
        if s and len(v) < self.max_len:
            self.set((v + s)[: self.max_len])
            return True
        return False

    def erase(self) -> bool:
        v = self.get()
        if v:
            self.set(v[:-1])
            return True
        return False

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        size = max(11, int(r.h * 0.38))
        label = _(self.label)
        gfx.blit_text(surface, label, gfx.fit_size(label, size, int(r.w * 0.56)), gfx.LINEN,
                      (r.x, r.centery), "midleft")
        vw = int(r.w * 0.42)
        box = pygame.Rect(r.right - vw, r.y + r.h * 0.1, vw, r.h * 0.8)
        radius = max(4, box.h // 4)
        surface.blit(gfx.panel(box.w, box.h, fill=gfx.LINEN, border=gfx.EDGE, radius=radius,
                               width=3 if focused or self.hover else 2), box)
        if focused:
            focus_bar(surface, box)
        v = self.get()
        shown = v + ("|" if focused else "")
        gfx.blit_text(surface, shown, gfx.fit_size(shown, size, box.w - 12), gfx.INK,
                      (box.x + 8, box.centery), "midleft")


class Heading(Widget):
    focusable = False

    def __init__(self, label: str | Callable[[], str], small: bool = False) -> None:
        super().__init__()
        self.label = label
        self.small = small
        self.height_factor = 0.9 if small else 1.2

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        t = self.label() if callable(self.label) else _(self.label)
        size = int(r.h * (0.5 if self.small else 0.62))
        gfx.blit_text(surface, t, gfx.fit_size(t, size, r.w, bold=True),
                      gfx.AMBER if self.small else gfx.LINEN, (r.x, r.bottom - 2), "bottomleft",
                      bold=True)


class FormScene(Scene):
    """A titled column of widgets that scrolls; bottom buttons stay fixed below it."""

    title = ""
    column = 0.62  # width as a fraction of the window

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Widget] = []
        self.footer: list[Button] = []
        self.focus = 0
        self.scroll = 0
        self.content_h = 0
        self.pad = 0

    def title_text(self) -> str:
        return _(self.title) if self.title else ""

    def build(self) -> None:
        """Fill ``self.widgets`` and ``self.footer``."""

    def enter(self) -> None:
        self.build()
        self.focus = self._first_focusable()
        self.layout()

    def resume(self) -> None:
        self.layout()
        # the mouse may have moved while another scene was on top: light only the row under
        # it now, not the one that was under it when that scene opened
        self.hover_at(getattr(self.app, "pointer", None))

    def resize(self, size) -> None:
        self.layout()

    def all_widgets(self) -> list[Widget]:
        return self.widgets + list(self.footer)

    def _first_focusable(self) -> int:
        for i, w in enumerate(self.all_widgets()):
            if w.focusable:
                return i
        return 0

    def row_height(self) -> int:
        return max(34, int(self.app.size[1] * 0.07))

    def layout(self) -> None:
        if self.app is None:
            return
        W, H = self.app.size
        rh = self.row_height()
        cw = int(W * self.column)
        x = (W - cw) // 2
        top = int(H * 0.15)
        foot_h = int(rh * 1.1) if self.footer else 0
        self.view = pygame.Rect(x - 12, top, cw + 24, H - top - foot_h - int(H * 0.06))
        # room inside the view above the first and below the last widget for the focus ring
        self.pad = focus_margin(rh)
        y = self.pad
        gap = int(rh * 0.18)
        for w in self.widgets:
            w.fit(rh, cw)
            h = int(rh * w.height_factor)
            w.rect = pygame.Rect(x, top + y - self.scroll, cw, h)
            y += h + gap
        self.content_h = y - gap + self.pad
        if self.footer:
            n = len(self.footer)
            bw = min(int(W * 0.24), (cw - (n - 1) * 16) // n)
            total = n * bw + (n - 1) * 16
            fx = (W - total) // 2
            fy = H - foot_h - int(H * 0.035)
            for i, b in enumerate(self.footer):
                b.rect = pygame.Rect(fx + i * (bw + 16), fy, bw, int(rh * 0.95))

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    def ensure_visible(self) -> None:
        ws = self.all_widgets()
        if not (0 <= self.focus < len(self.widgets)):
            return
        w = ws[self.focus]
        if w.rect.top - self.pad < self.view.top:
            self.scroll -= self.view.top - (w.rect.top - self.pad)
        elif w.rect.bottom + self.pad > self.view.bottom:
            self.scroll += w.rect.bottom + self.pad - self.view.bottom
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        self.layout()

    def move_focus(self, d: int) -> None:
        ws = self.all_widgets()
        if not ws:
            return
        i = self.focus
        for _step in range(len(ws)):
            i = (i + d) % len(ws)
            if ws[i].focusable:
                self.focus = i
                break
        self.ensure_visible()

    def back(self) -> None:
        self.stack.pop()

    def visible_widget(self, w: Widget) -> bool:
        """Drawn and clickable: a footer button, or a row of which at least ``2 * pad`` pixels
        (or all) show in the view; a sliver cut by its edge would show as a stray line."""
        if w in self.footer:
            return True
        seen = w.rect.clip(self.view).h
        return seen > 0 and seen >= min(w.rect.h, 2 * self.pad)

    def widget_at(self, pos) -> int | None:
        for i, w in enumerate(self.all_widgets()):
            if w.contains(pos) and self.visible_widget(w) and (
                    w in self.footer or self.view.collidepoint(pos)):
                return i
        return None

    def hover_at(self, pos) -> None:
        i = self.widget_at(pos) if pos is not None else None
        for j, w in enumerate(self.all_widgets()):
            w.hover = j == i

    def handle(self, a: Action) -> None:
        ws = self.all_widgets()
        k = a.kind
        if k == BACK:
            self.back()
        elif k in (DOWN, NEXT):
            self.move_focus(1)
        elif k in (UP, PREV):
            self.move_focus(-1)
        elif k == LEFT and ws:
            ws[self.focus].left()
        elif k == RIGHT and ws:
            ws[self.focus].right()
        elif k == CONFIRM and ws:
            ws[self.focus].activate()
        elif k == TEXT and ws:
            ws[self.focus].type_text(a.text)
        elif k == ERASE and ws:
            ws[self.focus].erase()
        elif k == WHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - a.value * self.row_height()))
            self.layout()
            if a.pos is not None:  # the rows moved under a still mouse
                self.hover_at(a.pos)
        elif k == MOTION:
            self.hover_at(a.pos)
        elif k == CLICK:
            i = self.widget_at(a.pos)
            if i is not None and ws[i].enabled:
                self.focus = i
                ws[i].click(a.pos)

    def draw_background(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))

    def title_size(self) -> int:
        W, H = self.app.size
        return gfx.fit_size(self.title_text(), int(H * 0.055), int(W * 0.9), True)

    def title_rect(self) -> pygame.Rect:
        """Where the title is drawn (empty without a title)."""
        W, H = self.app.size
        t = self.title_text()
        if not t:
            return pygame.Rect(W // 2, int(H * 0.075), 0, 0)
        return gfx.text(t, self.title_size(), gfx.LINEN, True).get_rect(
            center=(W // 2, int(H * 0.075)))

    def draw(self, surface) -> None:
        self.draw_background(surface)
        W, H = self.app.size
        t = self.title_text()
        if t:
            gfx.blit_text(surface, t, self.title_size(), gfx.LINEN, (W // 2, int(H * 0.075)),
                          "center", bold=True)
        ws = self.all_widgets()
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for i, w in enumerate(self.widgets):
            if self.visible_widget(w):
                w.draw(surface, i == self.focus)
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            frac = self.view.h / max(1, self.content_h)
            bar_h = max(20, int(self.view.h * frac))
            y = self.view.y + int((self.view.h - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, gfx.DIM_LINEN, (self.view.right + 8, y, 6, bar_h),
                             border_radius=3)
        for j, b in enumerate(self.footer):
            b.draw(surface, len(self.widgets) + j == self.focus)
        del ws
