"""One card of the gallery seen large, with its story in the player's language: for a Rainis
card the character, the play they come from, and what the sign on an ace means (the deck's
``story`` texts: ``stories.toml`` beside a game deck's theme.toml, or ``story`` in a player
deck's ``[cards.XX]``).  Left/Right go on to the next card, Esc, Enter or a click go back."""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import N_, _
from . import gfx, pictures
from .scene import BACK, CLICK, CONFIRM, LEFT, MOTION, RIGHT, WHEEL, Action, Scene
from .theme import Theme
from .widgets import Button

TRUMP_NOTE = N_("Every queen, every jack and every diamond is a trump: it beats any plain "
                "card.")
PLAIN_NOTE = N_("A plain card wins a trick only in its own suit, and only when no trump "
                "falls.")


class CardView(Scene):
    """The gallery's card, large.  ``gallery`` is the scene below (its card index moves with
    Left/Right here, so that the gallery shows the last card looked at)."""

    def __init__(self, gallery: Any) -> None:
        super().__init__()
        self.gallery = gallery
        self.back_button = Button(N_("Back (Esc)"), self.close, primary=True)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.text_bottom = 0  # how far the story reached (tests: it fits)

    @property
    def theme(self) -> Theme:
        return self.gallery.theme()

    @property
    def code(self) -> str:
        return self.gallery.code

    def close(self) -> None:
        self.stack.pop()

    def handle(self, a: Action) -> None:
        k = a.kind
        if k in (BACK, CONFIRM):
            self.close()
        elif k in (LEFT, RIGHT):
            self.gallery.move(-1 if k == LEFT else 1)
            self.redraw()
        elif k == WHEEL:
            self.gallery.move(-a.value)
            self.redraw()
        elif k == MOTION:
            self.back_button.hover = self.back_button.rect.collidepoint(a.point)
        elif k == CLICK:
            if self.back_button.rect.collidepoint(a.point) or \
                    self.card_rect.collidepoint(a.point):
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = self.app.size
        th = self.theme
        m = max(12, int(H * 0.04))
        ch = min(H - 2 * m, pictures.source_height(th))
        cw = int(ch * pictures.ASPECT)
        self.card_rect = pygame.Rect(m + int(W * 0.02), (H - ch) // 2, cw, ch)
        pictures.blit_card(surface, th, self.code, self.card_rect)
        px = self.card_rect.right + m
        panel = pygame.Rect(px, m, W - px - m, H - 2 * m)
        surface.blit(gfx.panel(panel.w, panel.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=215,
                               width=1), panel)
        pad = max(12, int(H * 0.03))
        inner = panel.inflate(-2 * pad, -2 * pad)
        bh = max(36, int(H * 0.068))
        self.back_button.rect = pygame.Rect(inner.right - inner.w // 2, inner.bottom - bh,
                                            inner.w // 2, bh)
        self.back_button.draw(surface, True)
        self.text_bottom = self.draw_story(surface, th, inner, self.back_button.rect.y - pad,
                                           H)

    def draw_story(self, surface, th: Theme, inner: pygame.Rect, bottom: int, H: int) -> int:
        code = self.code
        y = inner.y
        s1 = max(11, int(H * 0.022))
        name = th.name().upper()
        r = gfx.blit_text(surface, name, gfx.fit_size(name, s1, inner.w, True), gfx.AMBER,
                          (inner.x, y), bold=True)
        y = r.bottom + s1 // 2
        title = pictures.card_title(code)
        r = gfx.blit_text(surface, title, gfx.fit_size(title, max(16, int(H * 0.042)),
                                                       inner.w, True),
                          gfx.LINEN, (inner.x, y), bold=True)
        y = r.bottom + s1 // 2
        info = th.card_info(code)
        body = max(12, int(H * 0.025))
        lh = int(body * 1.38)
        if "character" in info:
            t = info["character"]
            r = gfx.blit_text(surface, t, gfx.fit_size(t, int(body * 1.3), inner.w, True),
                              gfx.LINEN, (inner.x, y), bold=True)
            y = r.bottom + body // 3
        if "play" in info:
            for line in gfx.wrap(_("from “{play}”").format(play=info["play"]), body, inner.w):
                gfx.blit_text(surface, line, body, gfx.AMBER, (inner.x, y))
                y += lh
        y += body // 2
        pygame.draw.line(surface, gfx.GREY, (inner.x, y), (inner.right, y), 1)
        y += body
        rank = pictures.trump_rank(code)
        paras = [info[k] for k in ("description", "story") if k in info] or \
            [_(TRUMP_NOTE if rank is not None else PLAIN_NOTE)]
        # the longest text that fits: smaller type before a cut story
        for size in (body, int(body * 0.9), int(body * 0.82), max(11, int(body * 0.75))):
            lines = [gfx.wrap(p, size, inner.w) for p in paras]
            height = sum(len(ls) for ls in lines) * int(size * 1.38) + \
                (len(lines) - 1) * size // 2
            if y + height <= bottom:
                break
        lh = int(size * 1.38)
        for ls in lines:
            for line in ls:
                if y + lh > bottom:
                    return y
                gfx.blit_text(surface, line, size, gfx.LINEN, (inner.x, y))
                y += lh
            y += size // 2
        return y
