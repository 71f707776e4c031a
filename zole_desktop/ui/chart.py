"""A line chart drawn with pygame: axes, a zero line, ticks with hand numbers, the line."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from . import gfx


def nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2, 5 × 10^k) that cuts ``span`` into at most about ``ticks`` parts."""
    if span <= 0 or ticks <= 0:
        return 1
    raw = span / ticks
    mag = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return max(1, int(m * mag))
    return max(1, int(10 * mag))  # pragma: no cover


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[int],
                    x_label: str = "", line_color=gfx.AMBER, text_color=gfx.LINEN,
                    grid_color=(0x3A, 0x6E, 0x4F)) -> pygame.Rect:
    """Values after hand 1, 2, …; the line starts at 0 before the first hand.  Returns the
    plot area."""
    H = surface.get_height()
    size = max(10, int(H * 0.018))
    pts = [0, *values]
    lo, hi = min(0, *pts), max(0, *pts)
    if hi - lo < 4:
        hi, lo = hi + 2, lo - 2
    ystep = nice_step(hi - lo, max(2, rect.h // (size * 3)))
    lo = math.floor(lo / ystep) * ystep
    hi = math.ceil(hi / ystep) * ystep
    label_w = max(gfx.text_width(f"{v:+d}", size) for v in (lo, hi)) + size // 2
    label_h = int(size * 1.5) + (int(size * 1.4) if x_label else 0)
    plot = pygame.Rect(rect.x + label_w, rect.y + size // 2, rect.w - label_w - size // 2,
                       rect.h - label_h - size // 2)
    if plot.w < 10 or plot.h < 10:
        return plot
    n = len(pts) - 1

    def px(i: float) -> int:
        return plot.x + int(plot.w * i / max(1, n))

    def py(v: float) -> int:
        return plot.bottom - int(plot.h * (v - lo) / (hi - lo))

    # grid and y labels
    v = lo
    while v <= hi:
        y = py(v)
        pygame.draw.line(surface, grid_color, (plot.x, y), (plot.right, y), 1)
        label = f"{v:+d}".replace("-", "−") if v else "0"
        gfx.blit_text(surface, label, size, text_color, (plot.x - size // 3, y), "midright")
        v += ystep
    # x ticks: hand numbers
    xstep = nice_step(max(1, n), max(1, plot.w // (size * 4)))
    for i in range(0, n + 1, xstep):
        x = px(i)
        pygame.draw.line(surface, text_color, (x, plot.bottom), (x, plot.bottom + size // 3), 1)
        gfx.blit_text(surface, str(i), size, text_color, (x, plot.bottom + size // 3), "midtop")
    if x_label:
        gfx.blit_text(surface, x_label, size, gfx.DIM_LINEN,
                      (plot.centerx, plot.bottom + int(size * 1.5)), "midtop")
    # axes and the zero line
    pygame.draw.line(surface, text_color, plot.bottomleft, plot.topleft, 2)
    pygame.draw.line(surface, text_color, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, gfx.LINEN, (plot.x, py(0)), (plot.right, py(0)), 2)
    # the line (many hands: one point per pixel column, keeping its extremes)
    if n >= 1:
        if n <= plot.w:
            line = [(px(i), py(p)) for i, p in enumerate(pts)]
        else:
            line = []
            per = n / plot.w
            for col in range(plot.w + 1):
                a, b = int(col * per), min(n, int((col + 1) * per) + 1)
                chunk = pts[a:b] or [pts[-1]]
                line.append((plot.x + col, py(min(chunk))))
                line.append((plot.x + col, py(max(chunk))))
        pygame.draw.lines(surface, line_color, False, line, max(2, H // 240))
        if n <= 60:
            r = max(2, H // 200)
            for x, y in line[1:]:
                pygame.draw.circle(surface, line_color, (x, y), r)
    return plot
