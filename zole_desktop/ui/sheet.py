"""The end of a hand: the summary panel, and the score sheet (every hand, running totals,
pools; the session's final settlement when it ends)."""

from __future__ import annotations

import pygame

from ..flow.session import Session
from ..i18n import N_, _, ngettext
from ..rules.match import SheetRow
from ..rules.state import HandState
from . import gfx, texts
from .scene import BACK, CLICK, CONFIRM, DOWN, MOTION, UP, WHEEL, Action, Scene
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


class HandSummary(_Overlay):
    def __init__(self, session: Session, state: HandState, row: SheetRow,
                 auto_continue: float | None = None, viewer: int | None = None) -> None:
        super().__init__(auto_continue)
        self.session = session
        self.state = state
        self.row = row
        self.viewer = viewer if viewer is not None else (
            session.human if session.human is not None else 0)
        self.buttons = [Button(N_("Continue"), self.close, primary=True)]
        if row.contract != "passed":
            self.buttons.append(Button(N_("Review hand"), self.review))

    def review(self) -> None:
        """The hand trick by trick, with the double-dummy give-aways (on top of this)."""
        from .review_scene import ReviewScene

        self.auto_continue = None  # a player reviewing is not hurried on
        self.stack.push(ReviewScene(self.state, names=list(self.session.names),
                                    viewer=self.viewer, number=self.row.number,
                                    typed=self.session.typed_seats()))

    def name(self, seat) -> str:
        return self.session.name(seat)

    def lines(self) -> list[str]:
        row = self.row
        out = []
        c = row.contract
        you = self.session.people.you
        me = row.declarer is not None and row.declarer == you
        if c in ("take", "zole", "dark"):
            dp = row.declarer_points or 0
            nt = row.declarer_tricks or 0
            if me:
                out.append(ngettext("You took {p} card point, the defenders {q}",
                                    "You took {p} card points, the defenders {q}", dp).format(
                    p=dp, q=120 - dp))
                out.append(ngettext("You took {n} trick", "You took {n} tricks", nt).format(
                    n=nt))
            else:
                out.append(ngettext("{name} took {p} card point, the defenders {q}",
                                    "{name} took {p} card points, the defenders {q}",
                                    dp).format(name=self.name(row.declarer), p=dp, q=120 - dp))
                out.append(ngettext("{name} took {n} trick", "{name} took {n} tricks",
                                    nt).format(name=self.name(row.declarer), n=nt))
            if row.surrendered:
                out.append(_("The declarer surrendered: a plain loss"))
            elif row.band:
                out.append(_("Result: {band}").format(band=_(texts.BAND_LABELS[row.band])))
            if c == "take" and row.declarer is not None:
                buried = [x for x in self.state.observation(row.declarer).buried]
                if buried:
                    out.append(_("Buried: {cards}").format(
                        cards=" ".join(texts.card_label(x) for x in buried)))
        elif c == "maza":
            t = row.declarer_tricks or 0
            if me:
                out.append(_("You took no trick: won") if t == 0
                           else _("You took a trick: lost"))
            else:
                out.append(_("{name} took no trick: won").format(name=self.name(row.declarer))
                           if t == 0 else _("{name} took a trick: lost").format(
                               name=self.name(row.declarer)))
        elif c == "passed":
            out.append(_("Everyone passed; the hand is not played"))
        elif c == "galdins":
            for i, s in enumerate(row.seats):
                t, p = row.tricks[i], row.points[i]
                # Translators: a small-table line, e.g. "Anna: 3 tricks, 40 points"
                out.append(_("{name}: {tricks}, {points}").format(
                    name=self.name(s),
                    tricks=ngettext("{n} trick", "{n} tricks", t).format(n=t),
                    points=ngettext("{n} point", "{n} points", p).format(n=p)))
            if row.losers:
                others = ", ".join(self.name(s) for s in row.losers if s != you)
                if you not in row.losers:
                    out.append(ngettext("Pays: {names}", "Pay: {names}",
                                        len(row.losers)).format(names=others))
                elif others:
                    out.append(_("You and {names} pay").format(names=others))
                else:
                    out.append(_("You pay"))
        for ev in row.events:
            said = texts.pool_event_text(ev, self.name, you)
            if said:
                out.append(said)
        return out

    def draw(self, surface) -> None:
        self.shade(surface)
        W, H = surface.get_size()
        pad = int(H * 0.03)
        big, body = max(16, int(H * 0.04)), max(12, int(H * 0.025))
        lines = self.lines()[:8]
        bh = max(40, int(H * 0.07))
        ph = (pad * 5 + int(big * 1.3) + len(lines) * int(body * 1.5)
              + int(body * 1.5) + self.session.players * int(body * 1.35) + bh)
        pw = int(W * 0.56)
        r = pygame.Rect((W - pw) // 2, (H - ph) // 2, pw, ph)
        surface.blit(gfx.panel(pw, ph, fill=gfx.LINEN, border=gfx.EDGE, width=3), r)
        row = self.row
        title = _("Hand {n}: {contract}").format(n=row.number,
                                                 contract=texts.contract_label(row.contract))
        if row.declarer is not None:
            title += gfx.DASH + self.session.people.after_contract(row.declarer)
        y = r.y + pad
        rr = gfx.blit_text(surface, title, gfx.fit_size(title, big, pw - 2 * pad, True),
                           gfx.CARMINE, (r.centerx, y), "midtop", bold=True)
        y = rr.bottom + pad // 2
        for line in lines:
            rr = gfx.blit_text(surface, line, gfx.fit_size(line, body, pw - 2 * pad), gfx.INK,
                               (r.x + pad, y))
            y = rr.bottom + body // 2
        y += pad // 2
        pygame.draw.line(surface, gfx.GREY, (r.x + pad, y), (r.right - pad, y), 1)
        y += pad // 2
        gfx.blit_text(surface, _("Game points"), body, gfx.INK, (r.x + pad, y), bold=True)
        gfx.blit_text(surface, _("This hand"), body, gfx.INK, (r.x + int(pw * 0.62), y),
                      "topright", bold=True)
        gfx.blit_text(surface, _("Total"), body, gfx.INK, (r.right - pad, y), "topright",
                      bold=True)
        y += int(body * 1.5)
        for seat in range(self.session.players):
            d = row.deltas[seat]
            gfx.blit_text(surface, self.name(seat), body, gfx.INK, (r.x + pad, y))
            gfx.blit_text(surface, gfx.signed(d), body,
                          gfx.CARMINE if d < 0 else gfx.INK, (r.x + int(pw * 0.62), y),
                          "topright", bold=True)
            gfx.blit_text(surface, gfx.signed(row.totals[seat]), body,
                          gfx.INK, (r.right - pad, y), "topright")
            y += int(body * 1.35)
        bw = int(W * 0.2)
        n = len(self.buttons)
        gap = int(W * 0.02)
        x = r.centerx - (n * bw + (n - 1) * gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, r.bottom - pad - bh, bw, bh)
            x += bw + gap
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)


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
        s = self.session
        m = s.match
        n = s.players
        pw, ph = int(W * 0.86), int(H * 0.86)
        r = pygame.Rect((W - pw) // 2, int(H * 0.05), pw, ph)
        surface.blit(gfx.panel(pw, ph, fill=gfx.LINEN, border=gfx.EDGE, width=3), r)
        pad = int(H * 0.025)
        big, body = max(16, int(H * 0.038)), max(11, int(H * 0.022))
        title = _("Score sheet") if not self.final else _("Final score sheet")
        gfx.blit_text(surface, title, big, gfx.CARMINE, (r.centerx, r.y + pad), "midtop",
                      bold=True)
        y = r.y + pad + int(big * 1.6)
        # columns: number, contract, then one per seat, then pools
        col_no = r.x + pad
        col_contract = col_no + int(pw * 0.05)
        seats_x0 = col_no + int(pw * 0.34)
        pools_w = int(pw * 0.16)
        seat_w = (r.right - pad - pools_w - seats_x0) // n
        heads = [(_("No."), col_no, "topleft"), (_("Game"), col_contract, "topleft")]
        for seat in range(n):
            nm = s.name(seat)
            heads.append((nm, seats_x0 + seat_w * (seat + 1) - 8, "topright"))
        heads.append((_("Pools"), r.right - pad, "topright"))
        for t, x, anchor in heads:
            sz = gfx.fit_size(t, body, seat_w - 10, True)
            gfx.blit_text(surface, t, sz, gfx.INK, (x, y), anchor, bold=True)
        y += int(body * 1.6)
        pygame.draw.line(surface, gfx.EDGE, (r.x + pad, y - 4), (r.right - pad, y - 4), 2)
        line_h = int(body * 1.45)
        footer_lines = 3 if self.final else 1
        bh = max(40, int(H * 0.07))
        avail = (r.bottom - pad - bh - pad - y) // line_h - footer_lines
        rows = m.rows
        avail = max(1, avail)
        self.scroll = min(self.scroll, max(0, len(rows) - avail))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - avail):end]
        for row in shown:
            self.draw_row(surface, row, y, col_no, col_contract, seats_x0, seat_w, body, r, pad)
            y += line_h
        if self.final:
            pygame.draw.line(surface, gfx.EDGE, (r.x + pad, y), (r.right - pad, y), 1)
            y += 6
            ends = m.session_end()
            gfx.blit_text(surface, _("Personal pools left at the end"), body, gfx.INK,
                          (col_contract, y))
            for seat in range(n):
                d = ends[seat]
                gfx.blit_text(surface, gfx.signed(d), body, gfx.INK,
                              (seats_x0 + seat_w * (seat + 1) - 8, y), "topright")
            y += line_h
            fin = m.final_totals()
            gfx.blit_text(surface, _("Final totals"), body, gfx.CARMINE, (col_contract, y),
                          bold=True)
            for seat in range(n):
                gfx.blit_text(surface, gfx.signed(fin[seat]), body,
                              gfx.CARMINE, (seats_x0 + seat_w * (seat + 1) - 8, y), "topright",
                              bold=True)
        elif not rows:
            gfx.blit_text(surface, _("No hand has been played yet"), body, gfx.GREY,
                          (col_contract, y))
        bw = int(W * 0.2)
        self.buttons[0].rect = pygame.Rect(r.centerx - bw // 2, r.bottom - pad - bh, bw, bh)
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)

    def draw_row(self, surface, row: SheetRow, y, col_no, col_contract, seats_x0, seat_w, body,
                 r, pad) -> None:
        s = self.session
        gfx.blit_text(surface, str(row.number), body, gfx.INK, (col_no, y))
        c = texts.contract_label(row.contract)
        if row.declarer is not None:
            c += gfx.DASH + s.people.after_contract(row.declarer)
            if row.declarer_points is not None:
                c += f" ({row.declarer_points})"
        gfx.blit_text(surface, c, gfx.fit_size(c, body, seats_x0 - col_contract - 10), gfx.INK,
                      (col_contract, y))
        for seat in range(s.players):
            d, t = row.deltas[seat], row.totals[seat]
            x = seats_x0 + seat_w * (seat + 1) - 8
            txt = gfx.signed(t)
            rr = gfx.blit_text(surface, txt, body, gfx.INK, (x, y), "topright", bold=True)
            if d:
                gfx.blit_text(surface, f"({d:+d})", max(9, int(body * 0.8)),
                              gfx.CARMINE if d < 0 else gfx.GREY, (rr.x - 6, y + 2), "topright")
        p = row.pools
        parts = []
        if p.common:
            # Translators: the score sheet's pools column: how many common pools stand
            parts.append(ngettext("{n} common", "{n} common", p.common).format(n=p.common))
        if p.personal:
            k = len(p.personal)
            # Translators: the score sheet's pools column: how many personal pools stand
            parts.append(ngettext("{n} personal", "{n} personal", k).format(n=k))
        pools = ", ".join(parts) if parts else gfx.NOTHING
        gfx.blit_text(surface, pools, gfx.fit_size(pools, body, int((r.w) * 0.15)), gfx.INK,
                      (r.right - pad, y), "topright")
