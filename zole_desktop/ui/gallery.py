"""The deck gallery: every theme's 26 cards, large, with the character, play and description
from the theme's theme.toml in the current language."""

from __future__ import annotations

import pygame

from ..i18n import _, ngettext
from ..rules.cards import CARD_NAMES, POINTS, TRUMP_LADDER, is_trump, sort_for_hand
from . import gfx, texts
from .scene import BACK, CLICK, DOWN, LEFT, MOTION, RIGHT, UP, WHEEL, Action, Scene
from .theme import ThemeError, available_themes, load_theme
from .widgets import Button

ORDER = sort_for_hand(range(26))


class GalleryScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.themes: list[str] = []
        self.ti = 0
        self.ci = 0
        self.loaded: dict[str, object] = {}
        self.error = ""
        self.buttons: list[Button] = []

    def enter(self) -> None:
        self.themes = available_themes()
        if self.app.settings.theme in self.themes:
            self.ti = self.themes.index(self.app.settings.theme)
        self.buttons = [Button(lambda: gfx.ARROW_LEFT, lambda: self.move(-1)),
                        Button(lambda: gfx.ARROW_RIGHT, lambda: self.move(1)),
                        Button(lambda: _("Other deck"), lambda: self.theme_move(1)),
                        Button(lambda: _("Back"), lambda: self.stack.pop(), primary=True)]

    def theme(self):
        if not self.themes:
            return None
        tid = self.themes[self.ti]
        if tid not in self.loaded:
            try:
                self.loaded[tid] = load_theme(tid)
                self.error = ""
            except ThemeError as e:
                self.loaded[tid] = None
                self.error = str(e)
        return self.loaded[tid]

    def move(self, d: int) -> None:
        self.ci = (self.ci + d) % 26

    def theme_move(self, d: int) -> None:
        if self.themes:
            self.ti = (self.ti + d) % len(self.themes)

    def handle(self, a: Action) -> None:
        k = a.kind
        if k == BACK:
            self.stack.pop()
        elif k == LEFT:
            self.move(-1)
        elif k == RIGHT:
            self.move(1)
        elif k in (UP, DOWN):
            self.theme_move(1 if k == DOWN else -1)
        elif k == WHEEL:
            self.move(-a.value)
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.pos)
        elif k == CLICK:
            for b in self.buttons:
                if b.rect.collidepoint(a.pos):
                    b.activate()
                    return

    def draw(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = self.app.size
        th = self.theme()
        title = _("Deck gallery")
        gfx.blit_text(surface, title, int(H * 0.05), gfx.LINEN, (W // 2, int(H * 0.06)),
                      "center", bold=True)
        ch = int(H * 0.62)
        cw = ch * 5 // 7
        card = ORDER[self.ci]
        code = CARD_NAMES[card]
        x = int(W * 0.08)
        y = int(H * 0.14)
        if th is not None:
            img = th.cards(cw, ch)[code]
            surface.blit(gfx.panel(cw, ch, fill=(0, 0, 0), border=None, alpha=70),
                         (x + 5, y + 7))
            surface.blit(img, (x, y))
        tx = x + cw + int(W * 0.05)
        tw = W - tx - int(W * 0.06)
        size = max(13, int(H * 0.028))
        yy = y
        name = th.name() if th is not None else self.themes[self.ti] if self.themes else ""
        rr = gfx.blit_text(surface, name, gfx.fit_size(name, int(size * 1.2), tw, True),
                           gfx.AMBER, (tx, yy), bold=True)
        yy = rr.bottom + size
        label = texts.card_label(card)
        if th is not None:
            suit = th.suit_name(code[1])
            if suit:
                label += gfx.WIDE_SEP + suit
        rr = gfx.blit_text(surface, label, int(size * 1.4), gfx.LINEN, (tx, yy), bold=True)
        yy = rr.bottom + size // 2
        if is_trump(card):
            facts = _("Trump: {n} of 14 from the top").format(n=TRUMP_LADDER.index(card) + 1)
        else:
            facts = _("Plain card: follows its suit")
        facts += gfx.WIDE_SEP + ngettext("{n} card point", "{n} card points", POINTS[card]).format(
            n=POINTS[card])
        rr = gfx.blit_text(surface, facts, gfx.fit_size(facts, size, tw), gfx.DIM_LINEN,
                           (tx, yy))
        yy = rr.bottom + size
        info = th.card_info(code) if th is not None else {}
        for key in ("character", "play"):
            if key in info:
                t = info[key] if key == "character" else _("«{play}»").format(play=info[key])
                rr = gfx.blit_text(surface, t, gfx.fit_size(t, size, tw, key == "character"),
                                   gfx.LINEN, (tx, yy), bold=key == "character")
                yy = rr.bottom + size // 3
        if "description" in info:
            for line in gfx.wrap(info["description"], size, tw)[:8]:
                rr = gfx.blit_text(surface, line, size, gfx.DIM_LINEN, (tx, yy))
                yy = rr.bottom + 2
        if self.error:
            gfx.blit_text(surface, self.error, gfx.fit_size(self.error, size, tw),
                          gfx.AMBER, (tx, yy + size))
        pos = _("Card {n} of {total}").format(n=self.ci + 1, total=26)
        gfx.blit_text(surface, pos, size, gfx.DIM_LINEN, (x + cw // 2, y + ch + size // 2),
                      "midtop")
        bh = max(40, int(H * 0.07))
        widths = [bh * 1.4, bh * 1.4, W * 0.2, W * 0.16]
        gap = int(W * 0.015)
        bx = int(W - sum(widths) - gap * 3) // 2
        by = H - bh - int(H * 0.04)
        for b, w in zip(self.buttons, widths, strict=True):
            b.rect = pygame.Rect(bx, by, int(w), bh)
            bx += int(w) + gap
            b.draw(surface, False)
