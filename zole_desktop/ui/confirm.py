"""A question over the scene below it, answered by one of a few buttons: what a player is
asked before something that cannot be taken back (a new game over a saved match).

Esc, or a click outside the panel, gives the answer that changes nothing (``cancel``); the
focus starts on a safe answer too, so Enter pressed by habit loses nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..i18n import _
from . import gfx
from .scene import BACK, CLICK
from .widgets import Button, FormScene

Text = str | Callable[[], str]


class ConfirmScene(FormScene):
    opaque = False
    column = 0.5

    def __init__(self, title: Text, message: Text,
                 answers: Sequence[tuple[str, Callable[[], None]]], cancel: int = -1,
                 focus: int = 0, primary: int | None = 0) -> None:
        """``title`` and ``message``: a catalog message (translated when shown) or a function
        that gives the text as shown, so that a change of language shows at once.  Each
        answer is (label, action); ``cancel`` is the one that changes nothing (Esc), ``focus``
        the one focused first, ``primary`` the one drawn as the main choice.  The scene closes
        itself before an answer's action runs."""
        super().__init__()
        if not answers:
            raise ValueError("a question needs at least one answer")
        self.question = title
        self.message = message
        self.answers = list(answers)
        self.cancel = cancel % len(self.answers)
        self.first = focus % len(self.answers)
        self.primary = primary
        self.lines: list[str] = []
        self.laid_for: tuple[str, tuple[int, int]] | None = None
        self.body = 12

    @staticmethod
    def shown(text: Text) -> str:
        return text() if callable(text) else _(text)

    def title_text(self) -> str:
        return self.shown(self.question)

    def build(self) -> None:
        self.widgets = [Button(label, self._answer(act), primary=i == self.primary)
                        for i, (label, act) in enumerate(self.answers)]

    def enter(self) -> None:
        super().enter()
        self.focus = self.first

    def _answer(self, act: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            act()
        return run

    def back(self) -> None:
        self.widgets[self.cancel].activate()

    def row_height(self) -> int:
        return max(36, int(self.app.size[1] * 0.07))

    def panel_width(self) -> int:
        W, _H = self.app.size
        return min(W - 24, max(int(W * self.column), 420))

    def layout(self) -> None:
        if self.app is None:
            return
        W, H = self.app.size
        pw = self.panel_width()
        self.body = max(15, int(H * 0.028))
        inner = pw - 2 * max(16, self.body)
        self.laid_for = (self.shown(self.message), (W, H))
        self.lines = gfx.wrap(self.laid_for[0], self.body, inner)
        rh = self.row_height()
        gap = int(rh * 0.25)
        self.pad = max(12, self.body)
        text_h = len(self.lines) * int(self.body * 1.35)
        buttons_h = len(self.widgets) * (rh + gap) - gap
        title_h = int(H * 0.065)
        total = title_h + self.pad + text_h + self.pad + buttons_h
        top = max(8, (H - total) // 2)
        self.box = pygame.Rect((W - pw) // 2, top - self.pad, pw, total + 2 * self.pad)
        self.title_y = top + title_h // 2
        self.text_y = top + title_h + self.pad
        y = self.text_y + text_h + self.pad
        bw = min(inner, int(W * 0.42))
        for w in self.widgets:
            w.rect = pygame.Rect((W - bw) // 2, y, bw, rh)
            y += rh + gap
        self.view = self.box.copy()
        self.content_h = self.view.h

    def handle(self, a) -> None:
        if a.kind == BACK:
            self.back()
            return
        if a.kind == CLICK and a.pos is not None and not self.box.collidepoint(a.pos):
            self.back()
            return
        super().handle(a)

    def draw_background(self, surface) -> None:
        W, H = surface.get_size()
        surface.blit(gfx.panel(W, H, fill=(0, 0, 0), border=None, radius=0, alpha=150), (0, 0))
        r = self.box
        surface.blit(gfx.panel(r.w, r.h, fill=gfx.LINEN, border=gfx.AMBER, width=2,
                               radius=max(8, r.h // 24)), r)

    def draw(self, surface) -> None:
        W, H = self.app.size
        if self.laid_for != (self.shown(self.message), (W, H)):
            self.layout()  # the language changed under the question
        self.draw_background(surface)
        t = self.title_text()
        size = gfx.fit_size(t, int(H * 0.045), self.box.w - 2 * self.pad, True)
        gfx.blit_text(surface, t, size, gfx.CARMINE, (W // 2, self.title_y), "center",
                      bold=True)
        y = self.text_y
        for line in self.lines:
            gfx.blit_text(surface, line, self.body, gfx.INK, (W // 2, y), "midtop")
            y += int(self.body * 1.35)
        for i, w in enumerate(self.widgets):
            w.draw(surface, i == self.focus)
