"""The deck gallery: every theme's 26 cards, large, with the card's name and, for the
illustrated decks, the character, the play and a line about them from the theme's
theme.toml, in the current language.

Order: the trumps from the queen of clubs down, then clubs, spades, hearts.  Left/Right, the
wheel, a swipe, the arrows or a thumbnail move between cards; Up/Down, Tab or the tabs switch
the deck; a click on the card or Enter shows it large with its story (ui/card_view.py); U or
"Use this deck" makes it the game's deck (at once, saved); Escape goes back.

The decks the player added (``themes/`` in the data folder) stand beside the game's own; one
that cannot be used is listed with a warning sign and the reason.  "Add a deck…" (A) imports
a folder or a .zip (or drop one on the window), "Print…" (P) writes a print-and-play PDF,
"Save card…" (S) saves the card shown as a PNG, and "Turn the deck" (T) shows the cards one
after another, slowly, turning each over to the next.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _, ngettext
from ..rules.cards import CARD_INDEX, POINTS
from . import gfx, pictures
from .gallery_decks import DeckTools
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    DRAG,
    DROP,
    DROP_FILE,
    KEY,
    LEFT,
    MOTION,
    NEXT,
    PRESS,
    PREV,
    RIGHT,
    UP,
    WHEEL,
    Action,
    Scene,
)
from .theme import (
    Theme,
    ThemeError,
    available_themes,
    is_player_theme,
    load_theme,
    theme_label,
)
from .widgets import Button, draw_outline

ORDER = pictures.GALLERY_ORDER
TRUMP_NOTE = N_("Every queen, every jack and every diamond is a trump: it beats any plain "
                "card.")
PLAIN_NOTE = N_("A plain card wins a trick only in its own suit, and only when no trump "
                "falls.")


class GalleryScene(DeckTools, Scene):
    def __init__(self) -> None:
        super().__init__()
        self.themes: list[str] = []
        self.ti = 0
        self.ci = 0
        self.loaded: dict[str, Theme | None] = {}
        self.errors: dict[str, str] = {}
        self.problems: dict[str, list[str]] = {}  # a broken player deck's problems, each a line
        self.drag_dx = 0
        self.hover: tuple[str, int] | None = None
        self.tab_rects: list[pygame.Rect] = []
        self.thumb_rects: list[pygame.Rect] = []
        self.arrow_rects: list[pygame.Rect] = []
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.use_button = Button(self._use_label, self.use, enabled=self._can_use, primary=True)
        self.back_button = Button(N_("Back (Esc)"), self.close)
        self.add_button = Button(N_("Add a deck…"), self.add_deck)
        self.print_button = Button(N_("Print…"), self.print_deck,
                                   enabled=lambda: self.theme() is not None)
        self.png_button = Button(N_("Save card…"), self.save_card,
                                 enabled=lambda: self.theme() is not None)
        self.turn_button = Button(lambda: _("Stop turning") if self.turning
                                  else _("Turn the deck"), self.toggle_turning,
                                  enabled=lambda: self.theme() is not None)
        self.tool_buttons = [self.add_button, self.print_button, self.png_button,
                             self.turn_button]
        self.buttons = [self.use_button, self.back_button] + self.tool_buttons
        self.turning = False
        self.turn_t = 0.0

    # ------------------------------------------------------------------ state
    def enter(self) -> None:
        self.themes = available_themes() or [self.app.theme.id]
        if self.in_use() in self.themes:
            self.ti = self.themes.index(self.in_use())
        self.check_player_decks()

    @property
    def theme_id(self) -> str:
        return self.themes[self.ti] if self.themes else ""

    @property
    def code(self) -> str:
        return ORDER[self.ci]

    def theme(self) -> Theme | None:
        tid = self.theme_id
        if tid not in self.loaded:
            current = self.app.theme
            if current.id == tid:
                self.loaded[tid] = current
            else:
                try:
                    th = self.loaded[tid] = load_theme(tid, four=self.app.settings.four_colour)
                    if th.vector is not None:  # crisp cards drawn meanwhile wake the window
                        th.vector.on_ready = self.app.wake
                except ThemeError as e:
                    self.loaded[tid] = None
                    self.errors[tid] = str(e)
        return self.loaded[tid]

    def move(self, d: int) -> None:
        self.ci = (self.ci + d) % len(ORDER)
        self.redraw()

    def select_theme(self, i: int) -> None:
        if self.themes:
            self.ti = i % len(self.themes)
        if self.theme() is None:
            self.turning = False
        self.redraw()

    def in_use(self) -> str:
        """The deck the table uses: the chosen one, or classic when the chosen one broke."""
        return self.app.theme.id

    def _can_use(self) -> bool:
        return bool(self.themes) and self.theme() is not None and \
            self.theme_id != self.in_use()

    def _use_label(self) -> str:
        if self.themes and self.theme_id == self.in_use():
            return "✓ " + _("Your deck")
        return _("Use this deck")

    def use(self) -> None:
        """The deck shown becomes the game's, at once: the copy loaded for the gallery is
        the one the table takes (the ✓ moves to its tab and the button says so in the same
        frame), saved in the settings."""
        if not self._can_use():
            return
        self.app.set_theme(self.theme_id, self.theme())
        self.loaded[self.theme_id] = self.app.theme
        self.app.save_settings()
        self.app.toast(_("“{name}” is your deck now.").format(name=self.app.theme.name()), 3.0)
        self.redraw()

    def open_large(self) -> None:
        """The card shown, large, with its story (Esc goes back)."""
        th = self.theme()
        if th is None:
            return
        from .card_view import CardView

        self.turning = False
        self.stack.push(CardView(self))

    # ------------------------------------------------------------------ input
    def handle(self, a: Action) -> None:
        k = a.kind
        if k == BACK:
            self.close()
        elif k == LEFT:
            self.move(-1)
        elif k == RIGHT:
            self.move(1)
        elif k in (UP, PREV):
            self.select_theme(self.ti - 1)
        elif k in (DOWN, NEXT):
            self.select_theme(self.ti + 1)
        elif k == WHEEL:
            self.move(-a.value)
        elif k == CONFIRM:
            self.open_large()
        elif k == DROP_FILE:
            self.drop_file(a.text)
        elif k == KEY:
            if a.value == pygame.K_HOME:
                self.move(-self.ci)
            elif a.value == pygame.K_END:
                self.move(len(ORDER) - 1 - self.ci)
            elif a.text.startswith("ctrl+"):
                pass
            elif a.value in (pygame.K_a, pygame.K_p, pygame.K_s):
                {pygame.K_a: self.add_button, pygame.K_p: self.print_button,
                 pygame.K_s: self.png_button}[a.value].activate()
                form = self.stack.top if self.on_stack() else None
                if form is not None and form is not self and hasattr(form, "swallow"):
                    form.swallow = a.text  # the letter's own text input is not typed there
            elif a.value in (pygame.K_t, pygame.K_SPACE):
                self.turn_button.activate()
            elif a.value == pygame.K_u:
                self.use()
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
            self.hover = self._target_at(a.pos)
        elif k == PRESS:
            self.drag_dx = 0
        elif k == DRAG:
            if self._swipe_start(a) and a.start is not None:
                self.drag_dx = a.point[0] - a.start[0]
                self.redraw()
        elif k == DROP:
            self.drag_dx = 0
            dx = a.point[0] - a.start[0] if self._swipe_start(a) and a.start is not None else 0
            if abs(dx) > max(30, self.card_rect.w * 0.2):
                self.move(-1 if dx > 0 else 1)
            self.redraw()
        elif k == CLICK:
            for b in self.buttons:
                if b.rect.collidepoint(a.point):
                    b.activate()
                    return
            if self.card_rect.collidepoint(a.point):
                self.open_large()
                return
            t = self._target_at(a.pos)
            if t is None:
                return
            kind, i = t
            if kind == "tab":
                self.select_theme(i)
            elif kind == "thumb":
                self.ci = i
                self.redraw()
            elif kind == "arrow":
                self.move(-1 if i == 0 else 1)

    def _swipe_start(self, a: Action) -> bool:
        """A drag that starts on the card or the panel beside it swipes between cards."""
        if a.start is None or a.pos is None:
            return False
        zone = pygame.Rect(0, self.card_rect.y, self.app.size[0], self.card_rect.h)
        return zone.collidepoint(a.start)

    def _target_at(self, pos) -> tuple[str, int] | None:
        for i, r in enumerate(self.tab_rects):
            if r.collidepoint(pos):
                return ("tab", i)
        for i, r in enumerate(self.thumb_rects):
            if r.collidepoint(pos):
                return ("thumb", i)
        for i, r in enumerate(self.arrow_rects):
            if r.collidepoint(pos):
                return ("arrow", i)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = self.app.size
        m = max(10, int(H * 0.03))
        top = self.draw_tabs(surface, W, H, m)
        strip_top = self.draw_strip(surface, W, H, m)
        self.draw_main(surface, pygame.Rect(m, top, W - 2 * m, strip_top - top - m), H)
        for b in self.buttons:
            b.draw(surface, False)

    def draw_tabs(self, surface, W: int, H: int, m: int) -> int:
        ts = max(16, int(H * 0.042))
        title = _("Deck gallery")
        tr = gfx.blit_text(surface, title, gfx.fit_size(title, ts, int(W * 0.3), True),
                           gfx.LINEN, (m, m), bold=True)
        th = max(30, int(H * 0.058))
        x0 = tr.right + 2 * m
        n = max(1, len(self.themes))
        gap = max(6, m // 2)
        tw = min(int(W * 0.2), (W - m - x0 - gap * (n - 1)) // n)
        size = max(11, int(th * 0.4))
        self.tab_rects = []
        y = tr.centery - th // 2
        labels = [theme_label(t) for t in self.themes]
        for i, tid in enumerate(self.themes):
            r = pygame.Rect(x0 + i * (tw + gap), y, tw, th)
            self.tab_rects.append(r)
            on = i == self.ti
            hov = self.hover == ("tab", i)
            fill = gfx.LINEN if on else gfx.DIM_LINEN
            rr = r.move(0, -2) if (on or hov) else r
            radius = max(4, th // 4)
            surface.blit(gfx.panel(r.w, r.h, fill=fill, border=gfx.EDGE, radius=radius), rr)
            if on:
                draw_outline(surface, rr, radius)
            label = labels[i]
            if labels.count(label) > 1 and is_player_theme(tid):
                label = f"{label} ({tid})"  # two decks of one name: the folder tells them apart
            if tid in self.errors:
                label = "⚠ " + label
            elif tid == self.in_use():
                label = "✓ " + label
            gfx.blit_text(surface, label, gfx.fit_size(label, size, r.w - th // 2, on),
                          gfx.INK, rr.center, "center", bold=on)
        return max(tr.bottom, y + th) + m

    def toast_keep_clear(self) -> list[pygame.Rect]:
        """The thumbnails, lifted or not: a toast ("… is your deck now.") goes above them."""
        return [r.union(r.move(0, -max(3, r.h // 8))) for r in self.thumb_rects]

    def draw_strip(self, surface, W: int, H: int, m: int) -> int:
        th = self.theme()
        n = len(ORDER)
        gap = max(2, W // 400)
        group_gap = gap * 5
        avail = W - 2 * m - gap * (n - 1) - group_gap * 3
        tw = min(int(H * 0.095 * pictures.ASPECT), avail // n)
        tht = int(tw / pictures.ASPECT)
        y = H - m - tht
        total = tw * n + gap * (n - 1) + group_gap * 3
        x = (W - total) // 2
        self.thumb_rects = []
        for i, code in enumerate(ORDER):
            if i in (14, 18, 22):
                x += group_gap
            r = pygame.Rect(x, y, tw, tht)
            self.thumb_rects.append(r)
            on = i == self.ci
            rr = r.move(0, -max(3, tht // 8)) if (on or self.hover == ("thumb", i)) else r
            if th is not None:
                surface.blit(pictures.card_image(th, code, tht), rr)
            if on:
                draw_outline(surface, rr, max(3, tw // 10))
            x += tw + gap
        return y - max(3, tht // 8) - 4

    def draw_main(self, surface, area: pygame.Rect, H: int) -> None:
        th = self.theme()
        aw = max(28, int(H * 0.055))
        ch = min(int(H * 0.6), area.h - int(H * 0.05),
                 pictures.source_height(th) if th else 896)
        cw = int(ch * pictures.ASPECT)
        size = max(12, int(H * 0.024))
        top = area.y + max(0, (area.h - ch - size * 2) // 3)
        card = pygame.Rect(area.x + aw + area.w // 40, top, cw, ch)
        self.card_rect = card
        if th is not None:
            shown = card.move(self.drag_dx, 0)
            clip = surface.get_clip()
            surface.set_clip(pygame.Rect(area.x, area.y - 10, card.right + aw - area.x + 4,
                                         area.h + 20))
            f = self.turn_width()
            if f < 1.0:  # turning over: the card seen edge-on
                img = pictures.card_image(th, self.code, shown.h)
                w = max(1, int(img.get_width() * f))
                thin = pygame.transform.scale(img, (w, img.get_height()))
                surface.blit(thin, thin.get_rect(center=shown.center))
            else:
                pictures.blit_card(surface, th, self.code, shown)
            surface.set_clip(clip)
        # the arrows either side of the card
        self.arrow_rects = []
        for i, (glyph, cx) in enumerate((("◀", card.x - aw // 2 - 4),
                                         ("▶", card.right + aw // 2 + 4))):
            r = pygame.Rect(0, 0, aw, aw)
            r.center = (cx, card.centery)
            self.arrow_rects.append(r)
            hov = self.hover == ("arrow", i)
            surface.blit(gfx.panel(aw, aw, fill=gfx.LINEN if hov else gfx.DIM_LINEN,
                                   border=gfx.EDGE, radius=aw // 2), r)
            gfx.blit_text(surface, glyph, int(aw * 0.45), gfx.INK, r.center, "center")
        pos = _("Card {n} of {total}").format(n=self.ci + 1, total=len(ORDER))
        gfx.blit_text(surface, pos, size, gfx.DIM_LINEN, (card.centerx, card.bottom + size // 2),
                      "midtop")
        # the information panel
        px = card.right + aw + area.w // 30
        panel = pygame.Rect(px, top, area.right - px, ch + size * 2)
        self.draw_info(surface, panel, th, H)

    def draw_info(self, surface, panel: pygame.Rect, th: Theme | None, H: int) -> None:
        surface.blit(gfx.panel(panel.w, panel.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=205,
                               width=1), panel)
        pad = max(12, int(H * 0.03))
        inner = panel.inflate(-2 * pad, -2 * pad)
        bh = max(36, int(H * 0.068))
        gap = max(8, pad // 2)
        bw = (inner.w - gap) // 2
        self.use_button.rect = pygame.Rect(inner.x, inner.bottom - bh, bw, bh)
        self.back_button.rect = pygame.Rect(inner.x + bw + gap, inner.bottom - bh, bw, bh)
        th2 = max(30, int(bh * 0.8))
        n = len(self.tool_buttons)
        tw = (inner.w - gap * (n - 1)) // n
        ty = self.use_button.rect.y - gap - th2
        for i, b in enumerate(self.tool_buttons):
            b.rect = pygame.Rect(inner.x + i * (tw + gap), ty, tw, th2)
        bottom = ty - pad // 2
        code = self.code
        y = inner.y
        name = th.name() if th is not None else theme_label(self.theme_id)
        s1 = max(11, int(H * 0.022))
        r = gfx.blit_text(surface, name.upper(), gfx.fit_size(name.upper(), s1, inner.w, True),
                          gfx.AMBER, (inner.x, y), bold=True)
        y = r.bottom + s1 // 2
        title = pictures.card_title(code)
        s2 = gfx.fit_size(title, max(16, int(H * 0.045)), inner.w, True)
        r = gfx.blit_text(surface, title, s2, gfx.LINEN, (inner.x, y), bold=True)
        y = r.bottom + s1 // 3
        p = POINTS[CARD_INDEX[code]]
        tags = [ngettext("{n} point", "{n} points", p).format(n=p)]
        rank = pictures.trump_rank(code)
        if rank is not None:
            tags.insert(0, _("Trump {n} of 14").format(n=rank))
        else:
            tags.insert(0, _("Plain card"))
        tag = "  ·  ".join(tags)
        r = gfx.blit_text(surface, tag, gfx.fit_size(tag, s1, inner.w), gfx.DIM_LINEN,
                          (inner.x, y))
        y = r.bottom + s1
        pygame.draw.line(surface, gfx.GREY, (inner.x, y), (inner.right, y), 1)
        y += s1
        body = max(12, int(H * 0.026))
        lh = int(body * 1.35)
        if th is None:
            err = self.errors.get(self.theme_id, "")
            paras = [err]
            if is_player_theme(self.theme_id):
                paras = [_("This deck cannot be used:")] + self.problems.get(self.theme_id,
                                                                              [err])
            for para in paras:
                for line in gfx.wrap(str(para), body, inner.w):  # a deck's problem: str()
                    if y + lh > bottom:
                        return
                    gfx.blit_text(surface, line, body, gfx.AMBER, (inner.x, y))
                    y += lh
            return
        info = th.card_info(code)
        if "character" in info:
            t = info["character"]
            r = gfx.blit_text(surface, t, gfx.fit_size(t, int(body * 1.25), inner.w, True),
                              gfx.LINEN, (inner.x, y), bold=True)
            y = r.bottom + body // 3
        if "play" in info:
            t = _("from “{play}”").format(play=info["play"])
            for line in gfx.wrap(t, body, inner.w):
                gfx.blit_text(surface, line, body, gfx.AMBER, (inner.x, y))
                y += lh
            y += body // 2
        text = info.get("description") or _(TRUMP_NOTE if rank is not None else PLAIN_NOTE)
        color = gfx.LINEN if "description" in info else gfx.DIM_LINEN
        for line in gfx.wrap(text, body, inner.w):
            if y + lh > bottom:
                break
            gfx.blit_text(surface, line, body, color, (inner.x, y))
            y += lh
