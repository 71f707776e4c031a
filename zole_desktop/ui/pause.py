"""The pause menu over the table: resume, the score sheet, the settings, leave the table
(everything is saved after every action, so Continue picks the hand up where it stood)."""

from __future__ import annotations

import pygame

from ..i18n import N_
from . import gfx, trick_log
from .scene import BACK
from .settings import SettingsScene
from .widgets import Button, FormScene


class PauseMenu(FormScene):
    title = N_("Paused")
    column = 0.3
    opaque = False

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table

    def build(self) -> None:
        extra = getattr(self.table, "pause_actions", None)
        self.widgets = [
            Button(N_("Resume"), self.back, primary=True),
            Button(N_("Score sheet"), self.sheet),
            Button(trick_log.TITLE, self._then_resume(
                lambda: trick_log.open_for_table(self.table))),
            *[Button(label, self._then_resume(act)) for label, act in
              (extra() if callable(extra) else [])],
            Button(N_("Settings"), lambda: self.stack.push(SettingsScene())),
            Button(N_("Leave the table"), self.leave),
        ]

    def _then_resume(self, act):
        def run() -> None:
            self.back()
            act()
        return run

    def sheet(self) -> None:
        from .sheet import ScoreSheet

        self.stack.push(ScoreSheet(self.table.session))

    def leave(self) -> None:
        # everything is saved after every action: Continue picks the hand up where it stood
        self.stack.pop()
        self.stack.remove(self.table)

    def handle(self, a) -> None:
        if a.kind == BACK:
            self.back()
            return
        super().handle(a)

    PANEL_FILL = (0x24, 0x20, 0x1C)  # dark wool: the table does not show through

    def panel_rect(self) -> pygame.Rect:
        """The solid panel under the title and the buttons."""
        W, H = self.app.size
        m = max(12, int(H * 0.025))
        title = self.title_rect()
        bottom = self.widgets[-1].rect.bottom + self.pad if self.widgets else self.view.bottom
        inner = pygame.Rect(self.view.x, title.top, self.view.w, bottom - title.top)
        r = inner.union(title).inflate(2 * m, 2 * m)
        return r.clip(pygame.Rect(0, 0, W, H))

    def draw_background(self, surface) -> None:
        W, H = surface.get_size()
        surface.blit(gfx.panel(W, H, fill=(0, 0, 0), border=None, radius=0, alpha=140), (0, 0))
        r = self.panel_rect()
        surface.blit(gfx.panel(r.w, r.h, fill=self.PANEL_FILL, border=gfx.AMBER, width=2,
                               radius=max(8, r.h // 24)), r)
