"""What the illustrations share: the inner margin, type sizes, text shrunk or wrapped to fit,
cards set apart, the highlight ring, signed numbers and players' names."""

from __future__ import annotations

import pygame

from ...i18n import _
from .. import gfx
from .cards import ASPECT

NEGATIVE = (0x8E, 0x22, 0x2C)  # carmine dark enough for text on linen


def pad(area: pygame.Rect) -> pygame.Rect:
    p = max(6, min(area.w, area.h) // 14)
    return area.inflate(-2 * p, -2 * p)


def label_size(area: pygame.Rect) -> int:
    return max(11, min(22, int(area.h * 0.075)))


def player_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def text_in(surface, s: str, size: int, color, pos, width: int, anchor: str = "center",
            bold: bool = False) -> pygame.Rect:
    """``s`` shrunk to fit ``width`` (no smaller than 9 pt)."""
    return gfx.blit_text(surface, s, gfx.fit_size(s, size, max(10, width), bold), color, pos,
                         anchor, bold=bold)


def lines_in(surface, s: str, size: int, color, top_center: tuple[int, int], width: int,
             max_lines: int = 2, bold: bool = False) -> int:
    """``s`` wrapped to ``width`` on at most ``max_lines`` lines (smaller type if need be),
    centred under ``top_center``; the height used."""
    width = max(10, width)
    for sz in range(size, 8, -1):
        lines = gfx.wrap(s, sz, width, bold)
        if len(lines) <= max_lines and all(gfx.text_width(t, sz, bold) <= width
                                           for t in lines):
            break
    x, y = top_center
    lh = int(sz * 1.2)
    for i, t in enumerate(lines):
        gfx.blit_text(surface, t, sz, color, (x, y + i * lh), "midtop", bold=bold)
    return lh * len(lines)


def apart(n: int, area: pygame.Rect, max_h: int, gap: float) -> list[pygame.Rect]:
    """``n`` cards side by side in ``area``, never overlapping (``gap`` in card widths)."""
    ch = min(area.h, max_h, int(area.w / (n + gap * (n - 1)) / ASPECT))
    cw = int(ch * ASPECT)
    step = cw * (1 + gap)
    x0 = area.centerx - (cw + step * (n - 1)) / 2
    y = area.centery - ch // 2
    return [pygame.Rect(int(x0 + i * step), y, cw, ch) for i in range(n)]


def ring(surface, rect: pygame.Rect, color=gfx.AMBER) -> None:
    """A highlight round a card."""
    w = max(3, rect.w // 22)
    pygame.draw.rect(surface, color, rect.inflate(w * 2 + 2, w * 2 + 2), width=w,
                     border_radius=max(4, rect.w // 10) + w)


