"""The match history: every finished match in the history folder, its hands, a review of any
hand, and an export of a match record to a folder the player chooses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ..i18n import N_, _, ngettext, signed
from ..records import history as match_history
from . import gfx, texts
from .focus_look import bar_room, label_bar
from .history_entries import (
    ExportError,
    MatchEntry,
    default_export_dir,
    export_match,
    load_history,
)
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    ERASE,
    MOTION,
    NEXT,
    PREV,
    TEXT,
    UP,
    WHEEL,
    Action,
    Scene,
)
from .widgets import Button, focus_bar


class HistoryScene(Scene):
    """A list of matches; Enter opens one (its hands); Enter on a hand opens its review."""

    def __init__(self, paths: list[Path] | None = None) -> None:
        super().__init__()
        self.paths = paths
        self.entries: list[MatchEntry] = []
        self.notes: list[str] = []
        self.match: MatchEntry | None = None  # the open match (hands view)
        self.sel = 0
        self.top = 0
        self.focus = 0  # 0: the list, 1..: the buttons
        self.rows_rects: list[tuple[int, pygame.Rect]] = []
        self.visible_rows = 8
        self.folder_text: str | None = None  # the folder field, while it is open
        self.message = ""
        self.message_bad = False
        self.buttons: list[Button] = []

    # ------------------------------------------------------------------ data
    def enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        paths, notes = match_history.history_listing(self.paths)
        self.entries, more = load_history(paths)
        self.notes = notes + more
        self.build_buttons()

    def build_buttons(self) -> None:
        if self.match is None:
            self.buttons = [Button(N_("Back"), self.back),
                            Button(N_("Open"), self.open_selected, primary=True,
                                   enabled=lambda: bool(self.entries))]
        elif self.folder_text is not None:
            self.buttons = [Button(N_("Cancel"), self.close_folder),
                            Button(N_("Export"), self.export_typed, primary=True)]
        else:
            self.buttons = [Button(N_("Back"), self.back),
                            Button(N_("Review hand"), self.open_selected, primary=True),
                            Button(N_("Export to Documents"), self.export_default),
                            Button(N_("Export to a folder…"), self.open_folder)]

    def rows(self) -> list[Any]:
        return self.entries if self.match is None else list(range(self.match.hands))

    # ------------------------------------------------------------------ actions
    def back(self) -> None:
        if self.folder_text is not None:
            self.close_folder()
        elif self.match is not None:
            idx = self.entries.index(self.match)
            self.match = None
            self.sel, self.top, self.focus = idx, 0, 0
            self.message = ""
            self.build_buttons()
        else:
            self.stack.pop()

    def open_selected(self) -> None:
        rows = self.rows()
        if not rows:
            return
        if self.match is None:
            self.match = self.entries[self.sel]
            self.sel, self.top, self.focus = 0, 0, 0
            self.message = ""
            self.build_buttons()
            return
        self.open_review(self.sel)

    def open_review(self, i: int) -> None:
        from .review_scene import ReviewScene

        m = self.match
        if m is None:
            return
        self.stack.push(ReviewScene(m.rep.match.hands[i], names=m.names, viewer=m.human,
                                    number=i + 1, typed=m.typed))

    def say(self, msg: str, bad: bool = False) -> None:
        self.message = msg
        self.message_bad = bad
        if not bad:
            self.app.toast(msg)

    def export_to(self, folder) -> bool:
        if self.match is None:
            return False
        try:
            path = export_match(self.match, folder)
        except ExportError as e:
            self.say(str(e), bad=True)
            return False
        self.say(_("Exported to {path}").format(path=path))
        return True

    def export_default(self) -> None:
        self.export_to(default_export_dir())

    def open_folder(self) -> None:
        self.folder_text = str(default_export_dir())
        self.message = ""
        self.build_buttons()
        self.focus = 0

    def close_folder(self) -> None:
        self.folder_text = None
        self.build_buttons()
        self.focus = 0

    def export_typed(self) -> None:
        if self.export_to(self.folder_text or ""):
            self.close_folder()

    def move(self, d: int) -> None:
        n = len(self.rows())
        if n:
            self.sel = max(0, min(n - 1, self.sel + d))
            if self.sel < self.top:
                self.top = self.sel
            elif self.sel >= self.top + self.visible_rows:
                self.top = self.sel - self.visible_rows + 1

    def handle(self, a: Action) -> None:
        k = a.kind
        if self.folder_text is not None and k in (TEXT, ERASE, CONFIRM):
            if k == TEXT:
                s = "".join(ch for ch in a.text if ch.isprintable())
                self.folder_text = (self.folder_text + s)[:1000]
            elif k == ERASE:
                self.folder_text = self.folder_text[:-1]
            elif self.focus == 0:
                self.export_typed()
            else:
                self.buttons[self.focus - 1].activate()
            return
        if k == BACK:
            self.back()
        elif k == UP:
            self.move(-1)
            self.focus = 0
        elif k == DOWN:
            self.move(1)
            self.focus = 0
        elif k in (NEXT, PREV):
            self.focus = (self.focus + (1 if k == NEXT else -1)) % (len(self.buttons) + 1)
        elif k == CONFIRM:
            if self.focus == 0:
                if self.folder_text is None:
                    self.open_selected()
            else:
                self.buttons[self.focus - 1].activate()
        elif k == WHEEL:
            n = len(self.rows())
            self.top = max(0, min(max(0, n - self.visible_rows), self.top - a.value))
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
        elif k == CLICK:
            for b in self.buttons:
                if b.rect.collidepoint(a.point):
                    b.activate()
                    return
            for i, r in self.rows_rects:
                if r.collidepoint(a.point):
                    again = i == self.sel and self.focus == 0
                    self.sel = i
                    self.focus = 0
                    if again and self.folder_text is None:
                        self.open_selected()
                    return

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = surface.get_size()
        big = max(18, int(H * 0.05))
        body = max(12, int(H * 0.025))
        small = max(10, int(H * 0.02))
        if self.match is None:
            title = _("Match history")
        else:
            title = _("Match of {date}").format(date=self.match.when)
        gfx.blit_text(surface, title, gfx.fit_size(title, big, int(W * 0.9), True), gfx.LINEN,
                      (W // 2, int(H * 0.06)), "center", bold=True)
        if self.match is not None:
            sub = self.match.shown_names()
            gfx.blit_text(surface, sub, gfx.fit_size(sub, body, int(W * 0.9)), gfx.DIM_LINEN,
                          (W // 2, int(H * 0.115)), "center")
        bh = max(36, int(H * 0.07))
        foot_y = H - bh - int(H * 0.03)
        self.layout_buttons(W, H, bh, foot_y)
        panel_top = int(H * 0.15)
        bottom = foot_y - int(H * 0.02)
        if self.message or self.notes:
            bottom -= int(small * 1.6)
        if self.folder_text is not None:
            bottom -= int(bh * 1.2)
        r = pygame.Rect(int(W * 0.06), panel_top, int(W * 0.88), bottom - panel_top)
        if not self.rows():
            self.draw_empty(surface, r, body)
        else:
            self.draw_list(surface, r, body, small)
        if self.folder_text is not None:
            self.draw_folder(surface, pygame.Rect(r.x, r.bottom + int(bh * 0.15), r.w,
                                                  int(bh * 0.9)), body)
        line = self.message
        color = gfx.AMBER if self.message_bad else gfx.LINEN
        if not line and self.notes:
            # Translators: shown for two files or more (one file shows its own note), so the
            # singular form is read for 21, 31, … in Latvian and Russian: "the first" stays
            line = self.notes[0] if len(self.notes) == 1 else ngettext(
                "{n} file was skipped; the first: {note}",
                "{n} files were skipped; the first: {note}",
                len(self.notes)).format(n=len(self.notes), note=self.notes[0])
            color = gfx.DIM_LINEN
        if line:
            gfx.blit_text(surface, line, gfx.fit_size(line, small, int(W * 0.94)), color,
                          (W // 2, foot_y - int(H * 0.015)), "midbottom")
        for i, b in enumerate(self.buttons):
            b.draw(surface, self.focus == i + 1)

    def layout_buttons(self, W: int, H: int, bh: int, y: int) -> None:
        n = len(self.buttons)
        gap = max(8, W // 80)
        bw = min(int(W * 0.22), (int(W * 0.9) - gap * (n - 1)) // n)
        x = (W - (n * bw + (n - 1) * gap)) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)

    def draw_empty(self, surface, r: pygame.Rect, body: int) -> None:
        pr = pygame.Rect(0, 0, int(r.w * 0.8), int(body * 7))
        pr.center = r.center
        surface.blit(gfx.panel(pr.w, pr.h, fill=gfx.LINEN, border=gfx.EDGE, width=2), pr)
        y = pr.y + body
        for t, bold in ((_("No finished matches yet"), True),
                        (_("Every match you play is kept here, also one you left for a "
                           "new game (marked unfinished): you can look through its hands "
                           "and export it."), False)):
            size = int(body * 1.25) if bold else body
            for line in gfx.wrap(t, size, pr.w - 2 * body, bold):
                rr = gfx.blit_text(surface, line, size, gfx.CARMINE if bold else gfx.INK,
                                   (pr.centerx, y), "midtop", bold=bold)
                y = rr.bottom + body // 3
            y += body // 2

    def columns(self, r: pygame.Rect) -> list[tuple[str, float, str]]:
        """(heading, x as a fraction of the panel, anchor)."""
        if self.match is None:
            return [(_("Date"), 0.0, "topleft"), (_("Players"), 0.22, "topleft"),
                    (_("Hands"), 0.84, "topright"), (_("Your score"), 1.0, "topright")]
        return [(_("No."), 0.05, "topright"), (_("Game"), 0.09, "topleft"),
                (_("Declarer"), 0.42, "topleft"), (_("Card points"), 0.80, "topright"),
                (_("Your result"), 1.0, "topright")]

    def cells(self, i: int) -> list[str]:
        if self.match is None:
            e = self.entries[i]
            players = e.shown_names()
            if e.unfinished:
                players = _("{players} (unfinished)").format(players=players)
            return [e.when, players, str(e.hands), signed(e.final)]
        m = self.match
        row = m.rep.rows[i]
        who = m.name(row.declarer) if row.declarer is not None else "—"
        pts = str(row.declarer_points) if row.declarer_points is not None else "—"
        if row.contract == "maza":
            pts = ngettext("{n} trick", "{n} tricks", row.declarer_tricks or 0).format(
                n=row.declarer_tricks or 0)
        game = texts.contract_label(row.contract)
        if row.surrendered:
            game += " " + _("(surrendered)")
        you = signed(row.deltas[m.human])
        if m.human not in row.seats:
            you += " " + _("(sat out)")
        return [str(row.number), game, who, pts, you]

    def draw_list(self, surface, r: pygame.Rect, body: int, small: int) -> None:
        surface.blit(gfx.panel(r.w, r.h, fill=gfx.LINEN, border=gfx.EDGE, width=2), r)
        pad = max(10, body)
        inner = r.inflate(-2 * pad, -pad)
        cols = self.columns(inner)
        xs = [inner.x + int(inner.w * f) for _h, f, _a in cols]
        y = inner.y
        for (h, _f, anchor), x in zip(cols, xs, strict=True):
            gfx.blit_text(surface, h, small, gfx.CARMINE, (x, y), anchor, bold=True)
        y += int(small * 1.6)
        pygame.draw.line(surface, gfx.EDGE, (inner.x, y - 3), (inner.right, y - 3), 1)
        row_h = int(body * 1.9)  # room under the text for the focus's bar
        rows = self.rows()
        self.visible_rows = max(1, (inner.bottom - y) // row_h)
        self.top = max(0, min(self.top, max(0, len(rows) - self.visible_rows)))
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.visible_rows:
            self.top = self.sel - self.visible_rows + 1
        self.rows_rects = []
        for i in range(self.top, min(len(rows), self.top + self.visible_rows)):
            rr = pygame.Rect(inner.x - pad // 2, y, inner.w + pad, row_h - 4)
            self.rows_rects.append((i, rr))
            selected = i == self.sel
            if selected:
                surface.blit(gfx.panel(rr.w, rr.h, fill=(0xF6, 0xE2, 0xA8), border=None,
                                       radius=6), rr)
            cells = self.cells(i)
            room = bar_room(rr.h)
            text_bottom = rr.y
            for j, ((_h, _f, anchor), x) in enumerate(zip(cols, xs, strict=True)):
                t = cells[j]
                limit = (xs[j + 1] - x - body) if j + 1 < len(xs) and anchor == "topleft" \
                    else int(inner.w * 0.2)
                size = gfx.fit_size(t, body, max(20, limit), bold=selected)
                th = gfx.font(size, selected).get_height()
                tr = gfx.blit_text(surface, t, size, gfx.INK,
                                   (x, rr.y + (rr.h - room - th) // 2 + 1), anchor,
                                   bold=selected)
                text_bottom = max(text_bottom, tr.bottom)
            if selected and self.focus == 0:  # the keyboard focus, as everywhere: a dashed
                inset = rr.h // 3  # bar, here under the row's text (clear of its descenders)
                label_bar(surface, rr.x + inset, rr.right - inset, text_bottom, rr)
            y += row_h
        if len(rows) > self.visible_rows:
            frac = self.visible_rows / len(rows)
            track = pygame.Rect(r.right - 8, inner.y + int(small * 1.6), 5,
                                inner.bottom - inner.y - int(small * 1.6))
            bar_h = max(16, int(track.h * frac))
            by = track.y + int((track.h - bar_h) * self.top / max(1, len(rows)
                                                                    - self.visible_rows))
            pygame.draw.rect(surface, gfx.GREY, (track.x, by, track.w, bar_h), border_radius=2)

    def draw_folder(self, surface, r: pygame.Rect, body: int) -> None:
        label = _("Folder:")
        lr = gfx.blit_text(surface, label, body, gfx.LINEN, (r.x, r.centery), "midleft",
                           bold=True)
        box = pygame.Rect(lr.right + body, r.y, r.right - lr.right - body, r.h)
        surface.blit(gfx.panel(box.w, box.h, fill=gfx.LINEN, border=gfx.EDGE, radius=8), box)
        if self.focus == 0:
            focus_bar(surface, box)
        t = (self.folder_text or "") + "|"
        size = body
        # show the end of a long path
        while gfx.text_width(t, size) > box.w - 20 and len(t) > 2:
            t = "…" + t[2:]
        gfx.blit_text(surface, t, size, gfx.INK, (box.x + 10, box.centery), "midleft")
