"""The cards themselves: a row of cards, the whole deck by printed suit, the trump ladder, the
plain suits, and the card points of a pile and of the deck."""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext
from ...rules.cards import (
    CARD_INDEX,
    CARD_NAMES,
    NUM_CARDS,
    POINTS,
    TOTAL_POINTS,
    TRUMP_LADDER,
    mask_of,
    name,
    parse_cards,
    points_of,
)
from .. import gfx, texts
from ..theme import Theme
from .cards import ASPECT, blit_card, row_rects, source_height
from .common import label_size, pad


def draw_cards(surface, codes: list[str], area: pygame.Rect, theme: Theme) -> None:
    inner = pad(area)
    for code, r in zip(codes, row_rects(len(codes), inner, source_height(theme)), strict=True):
        blit_card(surface, theme, code, r)


def draw_deck(surface, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    """The whole deck in four fans by printed suit (two rows of two), each with its number
    of cards."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    label_h = int(size * 1.9)
    order = "ATKQJ987"
    fans = []
    for suit, glyph in (("C", "♣"), ("S", "♠"), ("H", "♥"), ("D", "♦")):
        codes = sorted((n for n in CARD_NAMES if n[1] == suit), key=lambda n: order.index(n[0]))
        fans.append((glyph, codes))
    rows = (fans[:2], fans[2:])
    step, gap = 0.36, 0.5  # in card widths

    def units(row) -> float:
        return sum(1 + step * (len(c) - 1) for _g, c in row) + gap * (len(row) - 1)

    widest = max(units(r) for r in rows)
    ch = min((inner.h - 2 * label_h) // 2, source_height(theme), int(inner.w / widest / ASPECT))
    cw = int(ch * ASPECT)
    big = int(size * 1.15)
    y = inner.y + (inner.h - 2 * (ch + label_h)) // 2
    for row in rows:
        x = inner.centerx - units(row) * cw / 2
        for glyph, codes in row:
            fw = cw * (1 + step * (len(codes) - 1))
            for i, code in enumerate(codes):
                blit_card(surface, theme, code, pygame.Rect(int(x + i * cw * step), y, cw, ch))
            t = f"{len(codes)} {glyph}"
            gfx.blit_text(surface, t, big, gfx.LINEN, (int(x + fw / 2), y + ch + label_h // 2),
                          "center", bold=True)
            x += fw + gap * cw
        y += ch + label_h


def draw_ladder(surface, area: pygame.Rect, theme: Theme) -> None:
    inner = pad(area)
    size = label_size(area)
    arrow_h = int(size * 2.0)
    cards_area = pygame.Rect(inner.x, inner.y, inner.w, inner.h - arrow_h)
    rects = row_rects(14, cards_area, source_height(theme))
    codes = [name(c) for c in TRUMP_LADDER]
    for code, r in zip(codes, rects, strict=True):
        blit_card(surface, theme, code, r)
    y = rects[0].bottom + arrow_h // 2 + 2
    hi = _("highest")
    lo = _("lowest")
    left = rects[0].x
    right = rects[-1].right
    lr = gfx.blit_text(surface, hi, size, gfx.LINEN, (left, y), "midleft", bold=True)
    rr = gfx.blit_text(surface, lo, size, gfx.LINEN, (right, y), "midright", bold=True)
    x0, x1 = lr.right + size, rr.x - size
    if x1 - x0 > size * 2:
        pygame.draw.line(surface, gfx.AMBER, (x0, y), (x1 - size // 2, y), max(2, size // 6))
        pygame.draw.polygon(surface, gfx.AMBER, [(x1, y), (x1 - size, y - size // 2),
                                                 (x1 - size, y + size // 2)])


def draw_suits(surface, area: pygame.Rect, theme: Theme) -> None:
    inner = pad(area)
    size = label_size(area)
    label_h = int(size * 1.8)
    groups = (("C", "♣"), ("S", "♠"), ("H", "♥"))
    gap = 0.45  # between groups, in card widths
    step = 0.4  # inside a group
    ch: float = min(inner.h - label_h, source_height(theme))
    cw = ch * ASPECT
    width = 3 * (cw * (1 + 3 * step)) + 2 * gap * cw
    if width > inner.w:
        cw = inner.w / (3 * (1 + 3 * step) + 2 * gap)
        ch = cw / ASPECT
    cw, ch = int(cw), int(ch)
    gw = cw + 3 * cw * step
    total = 3 * gw + 2 * gap * cw
    x = inner.centerx - total / 2
    y = inner.y + (inner.h - label_h - ch) // 2
    for gi, (suit, glyph) in enumerate(groups):
        gx = x + gi * (gw + gap * cw)
        for i, rank in enumerate("ATK9"):
            blit_card(surface, theme, rank + suit,
                      pygame.Rect(int(gx + i * cw * step), y, cw, ch))
        label = glyph + " " + _(texts.SUIT_LABELS[gi])
        gfx.blit_text(surface, label, gfx.fit_size(label, size, int(gw)), gfx.LINEN,
                      (int(gx + gw / 2), y + ch + label_h // 2), "center", bold=True)


def draw_points(surface, area: pygame.Rect, theme: Theme, text_size: int = 22) -> None:
    """A pile of cards with each card's points under it and the pile's sum; the deck's total."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    label_h = int(size * 2.4)
    note_h = int(size * 1.6)
    codes = ["AS", "TS", "KS", "QS", "JS", "9S", "8D", "7D"]
    big = int(size * 1.35)
    total = points_of(mask_of(parse_cards(codes)))
    sum_text = f"= {total}"
    sum_w = gfx.text_width(sum_text, big, True) + big
    row = pygame.Rect(inner.x, inner.y, inner.w - sum_w, inner.h - label_h - note_h)
    rects = row_rects(len(codes), row, source_height(theme), min_step=0.9, gap=0.12)
    for code, r in zip(codes, rects, strict=True):
        blit_card(surface, theme, code, r)
        p = POINTS[CARD_INDEX[code]]
        gfx.blit_text(surface, str(p), big, gfx.AMBER if p else gfx.DIM_LINEN,
                      (r.centerx, r.bottom + label_h // 2), "center", bold=True)
    vy = rects[0].bottom + label_h // 2
    gfx.blit_text(surface, sum_text, big, gfx.LINEN, (rects[-1].right + big // 2, vy),
                  "midleft", bold=True)
    note = ngettext("All {cards} cards: {n} point", "All {cards} cards: {n} points",
                    TOTAL_POINTS).format(cards=NUM_CARDS, n=TOTAL_POINTS)
    gfx.blit_text(surface, note, gfx.fit_size(note, size, inner.w), gfx.LINEN,
                  (inner.centerx, rects[0].bottom + label_h + note_h // 2), "center")
