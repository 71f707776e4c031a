"""The score sheet from the pause menu (every hand, running totals, pools; the session's final
settlement when it ends), and the overlay it and the screen between hands share."""

from __future__ import annotations

import pygame

from ..flow.session import Session
from ..i18n import N_, _
from . import gfx
from .scene import BACK, CLICK, CONFIRM, DOWN, MOTION, UP, WHEEL, Action, Scene
from .sheet_table import draw_sheet
from .widgets import Button


class _Overlay(Scene):
    opaque = False

    def __init__(self, auto_continue: float | None = None) -> None:
        super().__init__()
        self.auto_continue = auto_continue
        self.age = 0.0
        self.buttons: list[Button] = []
        self.focus = 0

    def busy(self) -> bool:
        return self.auto_continue is not None

    def animating(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.age += dt
        if self.auto_continue is not None and self.age >= self.auto_continue:
            self.auto_continue = None
            self.close()

    def handle(self, a: Action) -> None:
        if a.kind == CONFIRM:
            if self.buttons:
                self.buttons[self.focus].activate()
        elif a.kind == BACK:
            self.close()
        elif a.kind == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
        elif a.kind == CLICK:
            for b in self.buttons:
                if b.rect.collidepoint(a.point):
                    b.activate()
                    return
        elif a.kind in ("left", "right", "next", "prev") and self.buttons:
            d = 1 if a.kind in ("right", "next") else -1
            self.focus = (self.focus + d) % len(self.buttons)

    def shade(self, surface) -> None:
        W, H = surface.get_size()
        surface.blit(gfx.panel(W, H, fill=(0, 0, 0), border=None, radius=0, alpha=110), (0, 0))


class ScoreSheet(_Overlay):
    """Every hand of the session; ``final`` adds the pools' settlement and final totals."""

    def __init__(self, session: Session, final: bool = False,
                 auto_continue: float | None = None, from_table: bool = False) -> None:
        super().__init__(auto_continue)
        self.session = session
        self.final = final
        self.scroll = 0
        label = N_("Finish") if final else (N_("Next hand") if from_table else N_("Back"))
        self.buttons = [Button(label, self.close, primary=True)]

    def handle(self, a: Action) -> None:
        if a.kind in (UP, DOWN):
            self.scroll = max(0, self.scroll + (1 if a.kind == UP else -1))
            return
        if a.kind == WHEEL:
            self.scroll = max(0, self.scroll + a.value)
            return
        super().handle(a)

    def draw(self, surface) -> None:
        self.shade(surface)
        W, H = surface.get_size()
        r = gfx.linen_panel(surface, 0.86, 0.9)
        pad = int(H * 0.025)
        big, body = max(18, int(H * 0.04)), max(13, int(H * 0.026))
        title = _("Score sheet") if not self.final else _("Final score sheet")
        tr = gfx.blit_text(surface, title, big, gfx.CARMINE, (r.centerx, r.y + pad), "midtop",
                           bold=True)
        bh = max(36, int(H * 0.068))
        area = pygame.Rect(r.x + 2 * pad, tr.bottom + pad, r.w - 4 * pad,
                           r.bottom - tr.bottom - 3 * pad - bh)
        self.scroll = draw_sheet(surface, self.session, area, body, final=self.final,
                                 scroll=self.scroll)
        bw = max(int(W * 0.2), gfx.text_width(self.buttons[0].text(), int(bh * 0.4), True)
                 + bh)
        self.buttons[0].rect = pygame.Rect(r.centerx - bw // 2, r.bottom - pad - bh, bw, bh)
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)
