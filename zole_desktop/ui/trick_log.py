"""The trick log: one page with every trick of the hand so far (who led, the cards in the
order they were played with the one that took it underlined, who took it and its card
points) and, once the hand is over, every seat's cards as dealt, the talon and what was
buried.  During the hand only my own dealt
cards are listed (the others' are not known yet).

Opened with T (or the corner's button) at the table and from the screen between hands; T,
Esc, Enter or the button closes it.  It is drawn from the hand's state, as the rules core
recorded it: nothing here decides who took a trick.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import N_, _, ngettext
from ..rules import cards as C
from ..rules.settlement import TAKE
from ..rules.state import TABLE, HandState
from . import gfx, texts
from .scene import BACK, CLICK, CONFIRM, DOWN, KEY, UP, WHEEL, Action
from .sheet import _Overlay
from .sheet_table import MIN_PX, put
from .widgets import Button

RED = (0xB0, 0x20, 0x28)
TITLE = N_("Trick log (T)")


def card_colour(c: int) -> tuple[int, int, int]:
    """Hearts and diamonds red, clubs and spades ink, as on the cards."""
    return RED if texts.card_label(c)[-1] in "♥♦" else gfx.INK


class TrickLog(_Overlay):
    """``state``: the hand; ``name(seat)``: a seat's name as shown; ``viewer``: whose dealt
    cards are listed while the hand goes on; ``number``: the hand's number (for the title);
    ``again``: the hand is a deal played again."""

    def __init__(self, state: HandState, name: Callable[[int], str], viewer: int | None,
                 number: int, again: int | None = None) -> None:
        super().__init__()
        self.state = state
        self.name = name
        self.viewer = viewer
        self.number = number
        self.again = again
        self.scroll = 0
        self.lines_drawn: list[str] = []  # every line as drawn (for the tests)
        self.buttons = [Button(N_("Close"), self.close, primary=True)]

    # ------------------------------------------------------------------ what it lists
    def title(self) -> str:
        if self.again:
            return _("Tricks of hand {n}, played again").format(n=self.again)
        return _("Tricks of hand {n}").format(n=self.number)

    def who(self, seat: int) -> str:
        return _("Talon") if seat == TABLE else self.name(seat)

    def trick_rows(self) -> list[tuple[str, str, list[int], str, str, int]]:
        """(number, who led, the cards in order, who took it, its points, the winning card)
        for each trick."""
        out = []
        for i, t in enumerate(self.state.completed, 1):
            won = t.cards[t.seats.index(t.winner)]
            out.append((str(i), self.who(t.leader), list(t.cards), self.who(t.winner),
                        ngettext("{n} point", "{n} points", t.points).format(n=t.points), won))
        return out

    def dealt(self) -> list[tuple[str, list[int]]]:
        """Each seat's cards as dealt (all seats once the hand is over, else only mine),
        then, once it is over, the talon and the buried cards."""
        st = self.state
        masks, talon = st._initial
        over = st.is_terminal()
        out = []
        for i, s in enumerate(st.seats):
            if over or s == self.viewer:
                out.append((self.name(s), C.sort_for_hand(C.cards_of(masks[i]))))
        if over:
            out.append((_("Talon"), list(talon)))
            if st.contract == TAKE and st.buried:
                out.append((_("Buried"), C.sort_for_hand(C.cards_of(st.buried))))
        return out

    # ------------------------------------------------------------------ input
    def handle(self, a: Action) -> None:
        if a.kind == KEY and a.value == pygame.K_t:
            self.close()
            return
        if a.kind in (UP, DOWN):
            self.scroll = max(0, self.scroll + (1 if a.kind == DOWN else -1))
            return
        if a.kind == WHEEL:
            self.scroll = max(0, self.scroll - a.value)
            return
        if a.kind in (CONFIRM, BACK, CLICK):
            super().handle(a)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        self.shade(surface)
        W, H = surface.get_size()
        r = gfx.linen_panel(surface, 0.86, 0.92)
        pad = max(8, int(H * 0.022))
        big, body = max(18, int(H * 0.04)), max(MIN_PX + 1, int(H * 0.027))
        lh = int(gfx.font(body).get_height() * 1.3)
        self.lines_drawn = []
        tr = put(surface, self.title(), big, gfx.CARMINE, (r.centerx, r.y + pad), r.w - 2 * pad,
                 "midtop", bold=True)
        bh = max(36, int(H * 0.068))
        area = pygame.Rect(r.x + 2 * pad, tr.bottom + pad, r.w - 4 * pad,
                           r.bottom - tr.bottom - 3 * pad - bh)
        rows = self.layout_rows()
        fit = max(1, area.h // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        clip = surface.get_clip()
        surface.set_clip(area)
        cols = self.columns(area)
        y = area.y
        for row in rows[self.scroll:self.scroll + fit]:
            self.draw_row(surface, row, cols, y, body)
            y += lh
        surface.set_clip(clip)
        b = self.buttons[0]
        bw = max(int(W * 0.18), gfx.text_width(b.text(), int(bh * 0.4), True) + bh)
        b.rect = pygame.Rect(r.centerx - bw // 2, r.bottom - pad - bh, bw, bh)
        b.draw(surface, True)

    def layout_rows(self) -> list[tuple]:
        """What each line shows: ("head", texts...), ("trick", ...), ("note", text),
        ("hand", name, cards)."""
        rows: list[tuple] = [("head", _("No."), _("Led by"), _("Cards"), _("Taken by"),
                              _("Points"))]
        tricks = self.trick_rows()
        rows += [("trick", *t) for t in tricks]
        if not tricks:
            rows.append(("note", _("No trick has been played yet.")))
        hands = self.dealt()
        if hands:
            rows.append(("gap",))
            rows.append(("note", _("As dealt") if self.state.is_terminal()
                         else _("Your cards as dealt")))
            rows += [("hand", n, cs) for n, cs in hands]
        return rows

    def columns(self, area: pygame.Rect) -> list[tuple[int, int]]:
        """(x, width) of the five columns of the trick lines."""
        w = area.w
        parts = (0.07, 0.22, 0.35, 0.22, 0.14)
        out, x = [], area.x
        for p in parts:
            out.append((x, int(w * p) - 6))
            x += int(w * p)
        return out

    def draw_row(self, surface, row: tuple, cols: list[tuple[int, int]], y: int,
                 body: int) -> None:
        kind = row[0]
        if kind == "head":
            for (x, w), t in zip(cols, row[1:], strict=True):
                put(surface, t, body, gfx.GREY, (x, y), w, bold=True)
            self.lines_drawn.append(" | ".join(row[1:]))
        elif kind == "trick":
            no, led, cards, took, pts, won = row[1:]
            put(surface, no, body, gfx.INK, (cols[0][0], y), cols[0][1], bold=True)
            put(surface, led, body, gfx.INK, (cols[1][0], y), cols[1][1])
            self.draw_cards(surface, cards, cols[2][0], y, cols[2][1], body, won)
            put(surface, took, body, gfx.INK, (cols[3][0], y), cols[3][1], bold=True)
            put(surface, pts, body, gfx.INK, (cols[4][0], y), cols[4][1])
            self.lines_drawn.append(" | ".join(
                (no, led, " ".join(texts.card_label(c) for c in cards), took, pts)))
        elif kind == "note":
            put(surface, row[1], body, gfx.CARMINE, (cols[0][0], y), sum(w for _x, w in cols),
                bold=True)
            self.lines_drawn.append(row[1])
        elif kind == "hand":
            name, cards = row[1:]
            put(surface, name, body, gfx.INK, (cols[0][0], y), cols[0][1] + cols[1][1],
                bold=True)
            self.draw_cards(surface, cards, cols[2][0], y,
                            cols[2][1] + cols[3][1] + cols[4][1], body)
            self.lines_drawn.append(name + ": " + " ".join(texts.card_label(c) for c in cards))

    def draw_cards(self, surface, cards: list[int], x: int, y: int, width: int,
                   body: int, won: int | None = None) -> None:
        """Each card's label in its suit's colour, one space apart; the card that took the
        trick (``won``) underlined."""
        labels = [texts.card_label(c) for c in cards]
        size = gfx.fit_size("  ".join(labels), body, width, True, minimum=MIN_PX)
        gap = gfx.text_width(" ", size, True)
        for c, t in zip(cards, labels, strict=True):
            r = gfx.blit_text(surface, t, size, card_colour(c), (x, y), bold=True)
            if c == won:
                pygame.draw.line(surface, card_colour(c), (r.x, r.bottom - 1),
                                 (r.right, r.bottom - 1), max(2, size // 8))
            x = r.right + gap


def open_log(stack, state: HandState | None, name: Callable[[int], str], viewer: int | None,
             number: int, again: int | None = None) -> None:
    """The trick log on top of ``stack`` (nothing while no hand is dealt)."""
    if state is None:
        return
    stack.push(TrickLog(state, name, viewer, number, again))


def open_for_table(t) -> None:
    """From the table (T or the corner's button): the hand being played, or the last one."""
    s = t.session
    open_log(t.stack, t.state, t.seat_name, t.viewer, t.hand_no,
             s.deal_of_hand if s.practice else None)
