"""The one screen between hands: what the hand was (who played what, the card points), won or
lost for the player in words and in colour with a short celebration for a win (and a sound),
every hand as it was dealt, face up, and the score sheet (:mod:`.sheet_table`) with this
hand's row marked; one primary button, Next hand (Enter).  At the end of the match the same
screen is its final: the final sheet, the placing and what to do next (New match, the main
menu, the hand's review)."""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable

import pygame

from ..flow.session import Session
from ..i18n import N_, _
from ..rules import cards as C
from ..rules.match import SheetRow
from ..rules.state import HandState
from . import gfx, texts, trick_log
from .hand_words import result_lines
from .scene import BACK, CONFIRM, KEY, Action
from .sheet import _Overlay
from .sheet_table import GAIN, MIN_PX, draw_sheet, fitted, put
from .widgets import Button

log = logging.getLogger(__name__)

POP = 0.45  # seconds: the title's pop
CELEBRATE = 1.8  # seconds: the confetti of a won hand
RED_SUITS = ("H", "D")
PLAIN = (0x4A, 0x45, 0x40)  # the band of a hand the player neither won nor lost


def ease_out_back(t: float) -> float:
    """0 → 1 with a small overshoot (the title's pop)."""
    t = max(0.0, min(1.0, t))
    c = 1.7
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def outcome(row: SheetRow, you: int | None) -> int:
    """+1 the player won this hand, -1 lost, 0 neither (sat out, or nothing changed)."""
    if you is None or not 0 <= you < len(row.deltas):
        return 0
    d = row.deltas[you]
    return (d > 0) - (d < 0)


def match_outcome(totals: tuple[int, ...], you: int | None) -> int:
    """+1 the player won the match (first, shared or not), -1 came last, 0 in between."""
    if you is None or not 0 <= you < len(totals):
        return 0
    places = dict((s, p) for p, s in placing(totals))
    if places[you] == 1:
        return 1
    return -1 if places[you] == max(places.values()) else 0


def placing(totals: tuple[int, ...]) -> list[tuple[int, int]]:
    """(place, seat) from the first: equal totals share a place."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    out: list[tuple[int, int]] = []
    for i, s in enumerate(order):
        place = out[-1][0] if i and totals[s] == totals[order[i - 1]] else i + 1
        out.append((place, s))
    return out


class HandSummary(_Overlay):
    """``final``: the match is over.  ``replay``: plays this deal again (None: not offered,
    e.g. at a network table).  ``next_label``: the primary button's message id when it is
    not Next hand (a hand played on its own: the guided game's, a deal played again)."""

    def __init__(self, session: Session, state: HandState, row: SheetRow,
                 auto_continue: float | None = None, viewer: int | None = None,
                 final: bool = False, replay: Callable[[], None] | None = None,
                 next_label: str | None = None) -> None:
        super().__init__(auto_continue)
        self.session = session
        self.state = state
        self.row = row
        self.final = final
        self.choice = "next"  # what the player chose: "next", "new" (match) or "menu"
        self.viewer = viewer if viewer is not None else (
            session.human if session.human is not None else 0)
        self.result = (match_outcome(session.match.final_totals(), session.people.you)
                       if final else outcome(row, session.people.you))
        self.rng = random.Random(row.number * 31 + 7)
        self.confetti = [(self.rng.random(), self.rng.random(), self.rng.random(),
                          self.rng.choice((GAIN, gfx.AMBER, gfx.CARMINE, gfx.LINEN)))
                         for _i in range(48)] if self.result > 0 else []
        self.scroll = 0
        if final:
            self.buttons = [Button(N_("New game"), lambda: self.leave("new"), primary=True),
                            Button(N_("Main menu"), lambda: self.leave("menu"))]
        else:
            self.buttons = [Button(next_label or N_("Next hand"), self.close, primary=True)]
        if row.contract != "passed":
            self.buttons.append(Button(N_("Review hand"), self.review))
        if row.contract != "passed":
            self.buttons.append(Button(trick_log.TITLE, self.trick_log))
        if replay is not None and not final:
            self.buttons.append(Button(N_("Play this deal again"), replay))

    # ------------------------------------------------------------------ scene
    def enter(self) -> None:
        if self.app is not None and self.result:
            self.app.sound.play("win" if self.result > 0 else "lose", 0.5)

    def resume(self) -> None:
        """Back from the review or a deal played again: no button stays lit under a mouse
        that has moved away meanwhile."""
        for b in self.buttons:
            b.hover = False
        self.focus = 0

    def animating(self) -> bool:
        return self.age < (CELEBRATE if self.confetti else POP)

    def leave(self, choice: str) -> None:
        self.choice = choice
        self.close()

    def trick_log(self) -> None:
        """Every trick of the hand and every seat's cards as dealt (on top of this)."""
        self.auto_continue = None
        trick_log.open_log(self.stack, self.state, self.name, self.viewer, self.row.number,
                           self.session.deal_of_hand if self.session.practice else None)

    def handle(self, a: Action) -> None:
        if a.kind == KEY and a.value == pygame.K_t and self.row.contract != "passed":
            self.trick_log()
            return
        if a.kind == BACK:
            self.leave("menu") if self.final else self.close()
            return
        if a.kind == CONFIRM and not self.buttons:
            return
        super().handle(a)

    def review(self) -> None:
        """The hand trick by trick, with the double-dummy give-aways (on top of this)."""
        from .review_scene import ReviewScene

        self.auto_continue = None  # a player reviewing is not hurried on
        self.stack.push(ReviewScene(self.state, names=list(self.session.names),
                                    viewer=self.viewer, number=self.row.number,
                                    typed=self.session.typed_seats()))

    def name(self, seat) -> str:
        return self.session.name(seat)

    # ------------------------------------------------------------------ words
    def title(self) -> str:
        you = self.session.people.you
        if self.final:
            fin = self.session.match.final_totals()
            places = placing(fin)
            if you is None:
                return _("The match is over")
            mine = next(p for p, s in places if s == you)
            if mine == 1:
                shared = sum(1 for p, _s in places if p == 1) > 1
                return _("You share first place!") if shared else _("You won the match!")
            return _("Match over: you came {place} of {n}").format(
                place=mine, n=self.session.players)
        if self.result > 0:
            return _("You won this hand!")
        if self.result < 0:
            return _("You lost this hand")
        row = self.row
        if row.contract == "passed":
            return _("Everyone passed")
        if row.declarer is not None:
            won = row.deltas[row.declarer] > 0
            return (_("{name} won the game") if won else _("{name} lost the game")).format(
                name=self.name(row.declarer))
        return _("Hand {n} is over").format(n=row.number)

    def subtitle(self) -> str:
        row = self.row
        again = self.session.deal_of_hand if self.session.practice else None
        if again:
            out = _("Hand {n} played again: {contract}").format(
                n=again, contract=texts.contract_label(row.contract))
        else:
            out = _("Hand {n}: {contract}").format(n=row.number,
                                                   contract=texts.contract_label(row.contract))
        if row.declarer is not None:
            out += gfx.DASH + self.session.people.after_contract(row.declarer)
        return out

    def lines(self) -> list[str]:
        return result_lines(self.session, self.state, self.row)

    def dealt(self) -> list[tuple[str, list[int]]]:
        """Every active seat's eight cards as dealt, then the talon (from the hand's record:
        the state's first position)."""
        masks, talon = self.state._initial
        out = [(self.name(s), C.sort_for_hand(C.cards_of(masks[i])))
               for i, s in enumerate(self.state.seats)]
        out.append((_("Talon"), list(talon)))
        return out

    # ------------------------------------------------------------------ drawing
    def update(self, dt: float) -> None:
        before = self.animating()
        super().update(dt)
        if before and self.app is not None:
            self.app.invalidate()

    def draw(self, surface) -> None:
        self.shade(surface)
        W, H = surface.get_size()
        r = gfx.linen_panel(surface, 0.94, 0.94)
        pad = max(8, int(H * 0.022))
        body = max(MIN_PX + 1, int(H * 0.026))
        big = max(22, int(H * 0.05))
        band_h = int(big * 1.7)
        band = pygame.Rect(r.x + 3, r.y + 3, r.w - 6, band_h)
        fill = GAIN if self.result > 0 else gfx.CARMINE if self.result < 0 else PLAIN
        pygame.draw.rect(surface, fill, band, border_top_left_radius=10,
                         border_top_right_radius=10)
        self.draw_title(surface, band, big)
        bh = max(36, int(H * 0.068))
        inner = pygame.Rect(r.x + pad, band.bottom + pad, r.w - 2 * pad,
                            r.bottom - band.bottom - 3 * pad - bh)
        left_w = int(inner.w * 0.47)
        left = pygame.Rect(inner.x, inner.y, left_w, inner.h)
        right = pygame.Rect(left.right + 2 * pad, inner.y, inner.right - left.right - 2 * pad,
                            inner.h)
        pygame.draw.line(surface, gfx.DIM_LINEN, (left.right + pad, inner.y),
                         (left.right + pad, inner.bottom), 2)
        self.draw_left(surface, left, body)
        self.scroll = draw_sheet(surface, self.session, right, body,
                                 current=self.row.number, final=self.final,
                                 scroll=self.scroll)
        self.place_buttons(r, W, pad, bh)
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)
        if self.confetti:
            self.draw_confetti(surface, r, band)

    def draw_title(self, surface, band: pygame.Rect, big: int) -> None:
        title = self.title()
        t, size = fitted(title, big, band.w - 40, True)
        k = 0.55 + 0.45 * ease_out_back(self.age / POP)  # from half its size, a pop
        img = gfx.text(t, size, gfx.LINEN, True)
        if k < 0.999:
            w, h = img.get_size()
            img = pygame.transform.smoothscale(img, (max(1, int(w * k)), max(1, int(h * k))))
        surface.blit(img, img.get_rect(center=band.center))

    def draw_left(self, surface, r: pygame.Rect, body: int) -> None:
        small = max(MIN_PX, int(body * 0.9))
        lh = int(gfx.font(body).get_height() * 1.25)
        y = r.y
        y = put(surface, self.subtitle(), body, gfx.INK, (r.x, y), r.w, bold=True).bottom + 4
        if self.final:
            y = self.draw_placing(surface, r, y, body, lh)
        for line in self.lines()[:7]:
            for part in gfx.wrap(line, body, r.w)[:2]:
                gfx.blit_text(surface, part, body, gfx.INK, (r.x, y))
                y += lh
        y += lh // 3
        if y + lh * 2 > r.bottom:
            return
        put(surface, _("The hands as dealt"), small, gfx.INK, (r.x, y), r.w, bold=True)
        y += lh
        rows = self.dealt()
        name_w = min(int(r.w * 0.3), max(gfx.text_width(n, small) for n, _c in rows) + 8)
        for who, cards in rows:
            if y + lh > r.bottom:
                break
            put(surface, who, small, gfx.INK, (r.x, y), name_w - 6)
            self.draw_cards(surface, cards, (r.x + name_w, y - 2), r.right - r.x - name_w,
                            int(body * 1.15))
            y += lh

    def draw_cards(self, surface, cards: list[int], pos, width: int, body: int) -> None:
        x, y = pos
        size = body
        labels = [texts.card_label(c) for c in cards]
        while size > MIN_PX and sum(gfx.text_width(s + " ", size, True) for s in labels) > width:
            size -= 1
        for c, s in zip(cards, labels, strict=True):
            color = gfx.CARMINE if C.CARD_NAMES[c][1] in RED_SUITS else gfx.INK
            rr = gfx.blit_text(surface, s, size, color, (x, y), bold=True)
            x = rr.right + gfx.text_width(" ", size)

    def draw_placing(self, surface, r: pygame.Rect, y: int, body: int, lh: int) -> int:
        fin = self.session.match.final_totals()
        for place, seat in placing(fin):
            # Translators: the final placing, e.g. "1. Anna: +24"
            line = _("{place}. {name}: {points}").format(place=place, name=self.name(seat),
                                                          points=gfx.signed(fin[seat]))
            you = seat == self.session.people.you
            put(surface, line, body, GAIN if place == 1 else gfx.INK, (r.x + 8, y), r.w - 8,
                bold=you or place == 1)
            y += lh
        return y + lh // 3

    def draw_confetti(self, surface, r: pygame.Rect, band: pygame.Rect) -> None:
        """The confetti of a win, over the panel below the title's band (it falls out from
        under the band: never a piece over the title)."""
        t = self.age / CELEBRATE
        if t >= 1:
            return
        old = surface.get_clip()
        surface.set_clip(pygame.Rect(r.x, band.bottom, r.w, r.bottom - band.bottom).clip(old))
        try:
            self.draw_pieces(surface, r, t)
        finally:
            surface.set_clip(old)

    def draw_pieces(self, surface, r: pygame.Rect, t: float) -> None:
        size = max(5, r.h // 70)
        for fx, fy, spin, color in self.confetti:
            x = r.x + fx * r.w + math.sin(t * 6 + spin * 9) * r.w * 0.02
            y = r.y + (fy * 0.3 - 0.2 + t * (1.0 + spin * 0.5)) * r.h
            if not r.y <= y <= r.bottom:
                continue
            w = max(2, int(size * abs(math.cos(t * 12 + spin * 6))))
            pygame.draw.rect(surface, color, pygame.Rect(int(x), int(y), w, size))

    def place_buttons(self, r: pygame.Rect, W: int, pad: int, bh: int) -> None:
        n = len(self.buttons)
        gap = int(W * 0.015)
        widths = []
        for b in self.buttons:
            size = max(MIN_PX + 1, int(bh * 0.4))
            widths.append(max(int(W * 0.17), gfx.text_width(b.text(), size, True) + 2 * bh // 2))
        total = sum(widths) + gap * (n - 1)
        scale = min(1.0, (r.w - 2 * pad) / total) if total else 1.0
        x = r.centerx - int(total * scale) // 2
        for b, w in zip(self.buttons, widths, strict=True):
            b.rect = pygame.Rect(x, r.bottom - pad - bh, int(w * scale), bh)
            x += int((w + gap) * scale)
