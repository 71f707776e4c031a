"""How a widget shows the keyboard focus, the same in the menus, the summary, the score sheet
and at the table (:mod:`.table.marks`): a dashed bar under the label, never colour alone and
never the amber ring, which marks the coach's advice and the review's cards
(:func:`draw_outline`)."""

from __future__ import annotations

import pygame

from . import gfx


def focus_margin(h: int) -> int:
    """How far a focused widget ``h`` pixels high draws outside its rect: the lift, the focus
    ring and its gap (see :meth:`Button.draw`), plus a pixel."""
    return max(1, h // 16) + max(3, h // 14) + 2


def outline_rect(rect: pygame.Rect, w: int | None = None) -> pygame.Rect:
    """The area the focus ring of :func:`draw_outline` covers around ``rect``."""
    w = w or max(3, rect.h // 14)
    return rect.inflate(w * 2 + 2, w * 2 + 2)


def dashed_bar(surface, x0: int, x1: int, y: int, h: int, color=gfx.AMBER) -> pygame.Rect:
    """A dashed bar from ``x0`` to ``x1`` with its top at ``y`` (dashes of 2h, gaps of h, a
    dark edge round each): the keyboard focus, here and at the table."""
    dash, gap = max(4, 2 * h), max(3, h)
    x = x0
    while x < x1:
        seg = pygame.Rect(x, y, min(dash, x1 - x), h)
        pygame.draw.rect(surface, gfx.EDGE, seg.inflate(2, 2))
        pygame.draw.rect(surface, color, seg)
        x += dash + gap
    return pygame.Rect(x0, y, max(0, x1 - x0), h)


def focus_bar(surface, box: pygame.Rect) -> pygame.Rect:
    """The keyboard focus inside ``box`` (a button, a value's box): a dashed bar along its
    foot, under the label."""
    h = max(3, box.h // 11)
    inset = box.h // 3
    return dashed_bar(surface, box.x + inset, box.right - inset,
                      box.bottom - h - max(3, box.h // 9), h)


def draw_outline(surface, rect: pygame.Rect, radius: int, w: int | None = None) -> None:
    w = w or max(3, rect.h // 14)
    pygame.draw.rect(surface, gfx.AMBER, outline_rect(rect, w), width=w,
                     border_radius=radius + w)


def bar_room(box_h: int) -> int:
    """The height a row ``box_h`` pixels high keeps under its label for :func:`label_bar`."""
    return max(3, box_h // 11) + 2


def label_bar(surface, x0: int, x1: int, text_bottom: int, box: pygame.Rect) -> pygame.Rect:
    """The focus (or the current entry) of a list's row ``box``: the dashed bar of
    :func:`dashed_bar` from ``x0`` to ``x1`` just below its label, whose lowest text ends at
    ``text_bottom`` (so clear of the descenders), kept inside the row."""
    h = max(3, box.h // 11)
    return dashed_bar(surface, x0, x1, min(text_bottom + 1, box.bottom - h - 1), h)
