"""The player's statistics over the finished matches in the history folder, with a chart of
the score over time."""

from __future__ import annotations

import pygame

from ..i18n import N_, _, decimal, ngettext
from ..i18n import percent as percent_of
from ..records import history as match_history
from ..records import stats
from . import gfx, texts
from .chart import draw_line_chart
from .scene import BACK, CLICK, CONFIRM, MOTION, Action, Scene
from .widgets import Button


def signed(v: float, digits: int = 0) -> str:
    """+3, 0, −2 (a real minus sign); with ``digits``, the decimal comma of Latvian and
    Russian: +2,25."""
    s = decimal(v, digits, sign=True) if digits else f"{int(v):+d}".replace("-", "−")
    if s.strip("+−0.,") == "":
        return "0"
    return s


def percent(part: int, whole: int) -> str:
    return percent_of(round(100 * part / whole)) if whole else "—"


class StatsScene(Scene):
    """``paths``: the history files (default: :func:`match_history.history_files`)."""

    def __init__(self, paths=None) -> None:
        super().__init__()
        self.paths = paths
        self.stats = stats.Stats()  # read from the history when the screen opens
        self.notes: list[str] = []
        self.back_button = Button(N_("Back"), self.back, primary=True)

    def enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        paths, notes = match_history.history_listing(self.paths)
        self.stats, more = stats.from_files(paths)
        self.notes = notes + more

    def back(self) -> None:
        self.stack.pop()

    def handle(self, a: Action) -> None:
        if a.kind in (BACK, CONFIRM):
            self.back()
        elif a.kind == MOTION:
            self.back_button.hover = self.back_button.rect.collidepoint(a.point)
        elif a.kind == CLICK and self.back_button.rect.collidepoint(a.point):
            self.back()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = surface.get_size()
        big = max(18, int(H * 0.05))
        body = max(12, int(H * 0.025))
        small = max(10, int(H * 0.02))
        title = _("Statistics")
        gfx.blit_text(surface, title, gfx.fit_size(title, big, int(W * 0.9), True), gfx.LINEN,
                      (W // 2, int(H * 0.06)), "center", bold=True)
        bh = max(36, int(H * 0.07))
        bw = int(W * 0.2)
        self.back_button.rect = pygame.Rect((W - bw) // 2, H - bh - int(H * 0.03), bw, bh)
        st = self.stats
        top = int(H * 0.12)
        bottom = self.back_button.rect.y - int(H * 0.02)
        if st.matches == 0:
            self.draw_empty(surface, pygame.Rect(int(W * 0.15), top, int(W * 0.7),
                                                 bottom - top), body)
        else:
            pad = int(W * 0.03)
            left = pygame.Rect(pad, top, int(W * 0.47), bottom - top)
            right = pygame.Rect(left.right + pad, top, W - left.right - 2 * pad, bottom - top)
            self.draw_tables(surface, left, body, small)
            self.draw_chart(surface, right, body)
        if self.notes:
            note = self.notes[0] if len(self.notes) == 1 else ngettext(
                "{n} history file was skipped: {first}", "{n} history files were skipped: {first}",
                len(self.notes)).format(n=len(self.notes), first=self.notes[0])
            gfx.blit_text(surface, note, gfx.fit_size(note, small, int(W * 0.94)), gfx.DIM_LINEN,
                          (W // 2, self.back_button.rect.y - int(H * 0.008)), "midbottom")
        self.back_button.draw(surface, True)

    def draw_empty(self, surface, r: pygame.Rect, body: int) -> None:
        pr = pygame.Rect(0, 0, r.w, int(body * 7))
        pr.center = r.center
        surface.blit(gfx.panel(pr.w, pr.h, fill=gfx.LINEN, border=gfx.EDGE, width=2), pr)
        lines = [(_("No finished matches yet"), True),
                 (_("Play a match to the end and your results, contracts and score over "
                    "time will appear here."), False)]
        y = pr.y + body
        for t, bold in lines:
            size = int(body * 1.25) if bold else body
            for line in gfx.wrap(t, size, pr.w - 2 * body, bold):
                rr = gfx.blit_text(surface, line, size, gfx.CARMINE if bold else gfx.INK,
                                   (pr.centerx, y), "midtop", bold=bold)
                y = rr.bottom + body // 3
            y += body // 2

    def draw_tables(self, surface, r: pygame.Rect, body: int, small: int) -> None:
        st = self.stats
        pad = max(8, body // 2 + 4)
        x0, x1 = r.x + pad, r.right - pad
        line_h = int(body * 1.45)
        n_entries = 1 + sum(1 for c in stats.CONTRACTS
                            if c in ("take", "zole") or st.declarer[c].count > 0)
        rows = 2.3 + 1 + n_entries + 0.6 + 4
        # shrink the text if the window is short; the panel fits its content
        while rows * line_h + 2 * pad > r.h and body > 10:
            body -= 1
            line_h = int(body * 1.45)
        r = pygame.Rect(r.x, r.y, r.w, min(r.h, int(rows * line_h) + 2 * pad))
        surface.blit(gfx.panel(r.w, r.h, fill=gfx.LINEN, border=gfx.EDGE, width=2), r)
        y = r.y + pad
        head = ngettext("{n} match", "{n} matches", st.matches).format(n=st.matches)
        head += ", " + ngettext("{n} hand", "{n} hands", st.hands).format(n=st.hands)
        # Translators: how many of those hands were played with cards (not passed out)
        head += " (" + ngettext("{n} with cards", "{n} with cards", st.hands_played).format(
            n=st.hands_played) + ")"
        gfx.blit_text(surface, head, gfx.fit_size(head, body, r.w - 2 * pad, True), gfx.INK,
                      (x0, y), bold=True)
        y += line_h
        total = _("Score over all matches: {n}").format(n=signed(st.total))
        gfx.blit_text(surface, total, gfx.fit_size(total, body, r.w - 2 * pad), gfx.INK, (x0, y))
        y += int(line_h * 1.3)
        # the contracts table
        span = x1 - x0
        rights = [x0 + int(span * f) for f in (0.60, 0.72, 0.86, 1.0)]  # numbers, right-aligned
        label_w = rights[0] - x0 - int(span * 0.1)
        heads = [_("Games"), _("Won"), _("Win rate"), _("Average")]
        t = _("As declarer")
        gfx.blit_text(surface, t, gfx.fit_size(t, body, label_w, True), gfx.CARMINE, (x0, y),
                      bold=True)
        for i, t in enumerate(heads):
            w = rights[i] - (rights[i - 1] if i else rights[0] - int(span * 0.14)) - 6
            gfx.blit_text(surface, t, gfx.fit_size(t, small, w, True), gfx.CARMINE,
                          (rights[i], y + (body - small)), "topright", bold=True)
        y += line_h
        pygame.draw.line(surface, gfx.EDGE, (x0, y - 3), (x1, y - 3), 1)
        shown = [c for c in stats.CONTRACTS if c in ("take", "zole") or st.declarer[c].count]
        entries = [(texts.contract_label(c), st.declarer[c]) for c in shown]
        entries.append((_("As defender"), st.defender))
        for k, (label, cs) in enumerate(entries):
            if k == len(entries) - 1:
                y += line_h // 4
            vals = [str(cs.count), str(cs.won), percent(cs.won, cs.count),
                    signed(cs.average, 2) if cs.count else "—"]
            gfx.blit_text(surface, label, gfx.fit_size(label, body, label_w), gfx.INK, (x0, y),
                          bold=k == len(entries) - 1)
            for i, t in enumerate(vals):
                gfx.blit_text(surface, t, body, gfx.INK, (rights[i], y), "topright")
            y += line_h
        y += line_h // 3
        pygame.draw.line(surface, gfx.GREY, (x0, y - 3), (x1, y - 3), 1)
        facts = [
            _("Defenders left in jāņi by you: {n}").format(n=st.jani_made),
            _("You in jāņi as declarer: {n}, of them bezstiķis: {m}").format(
                n=st.jani_suffered, m=st.bezstikis),
            _("Small table: lost {n} of {m}").format(n=st.galdins_lost, m=st.galdins_played),
            _("Pools balance: {n}").format(n=signed(st.pools_balance)),
        ]
        for t in facts:
            if y + body > r.bottom - pad // 2:
                break
            gfx.blit_text(surface, t, gfx.fit_size(t, body, r.w - 2 * pad), gfx.INK, (x0, y))
            y += line_h

    def draw_chart(self, surface, r: pygame.Rect, body: int) -> None:
        st = self.stats
        t = _("Your score over time")
        gfx.blit_text(surface, t, gfx.fit_size(t, body, r.w, True), gfx.LINEN,
                      (r.x, r.y), bold=True)
        area = pygame.Rect(r.x, r.y + int(body * 1.8), r.w, r.h - int(body * 1.8))
        bg = area.inflate(8, 8)
        surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.PANEL_DARK, border=None, alpha=150), bg)
        draw_line_chart(surface, area, st.score_over_time, x_label=_("Hands played"))
