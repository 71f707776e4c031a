"""The title screen's deck: a fan of the chosen deck's four queens (the highest trumps) with
the deck's name under it, in the free space below the main menu's left column, so that the
first thing a player sees is the deck they play with, not bare buttons on felt."""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from . import gfx
from .theme import Theme, procedural_face

ASPECT = 5 / 7  # as ASPECT (not imported: the guide's pictures wait for the guide)

FAN = ("QD", "QH", "QS", "QC")  # left to right: the queen of clubs, the highest, on top
SPREAD = 17.0  # degrees between two cards of the fan
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def fan_area(left_column_bottom: int, x: int, w: int, size: tuple[int, int]) -> pygame.Rect:
    """Where the fan may draw: below the left column's last button, above the bottom line
    of text (the menu's F1 hint at 4 % from the bottom), as wide as the column."""
    _W, H = size
    top = left_column_bottom + int(H * 0.03)
    bottom = H - int(H * 0.075)
    return pygame.Rect(x, top, w, max(0, bottom - top))


def _card(theme: Theme, code: str, h: int) -> pygame.Surface:
    """One face ``h`` high from the deck's art (never larger than it; a game deck's drawn at
    that size)."""
    if theme.vector is not None:
        return theme.card(code, round(h * ASPECT), h)
    if not theme.faces:
        return procedural_face(code, round(h * ASPECT), h)
    src = theme.faces[code]
    h = min(h, src.get_height())
    return pygame.transform.smoothscale(src, (round(h * ASPECT), h))


def _fan(theme: Theme, card_h: int) -> pygame.Surface:
    key = (theme.id, id(theme), card_h, theme.poll())  # again when crisp cards came
    got = _cache.get(key)
    if got is not None:
        _cache.move_to_end(key)
        return got
    cw = round(card_h * ASPECT)
    n = len(FAN)
    pivot_dy = card_h * 1.3  # the cards turn about a point this far below their centres
    placed = []
    for i, code in enumerate(FAN):
        angle = (i - (n - 1) / 2) * SPREAD
        img = _card(theme, code, card_h)
        shadow = gfx.panel(img.get_width(), img.get_height(), fill=(0, 0, 0), border=None,
                           radius=max(3, cw // 12), alpha=80)
        a = math.radians(angle)
        cx, cy = pivot_dy * math.sin(a), -pivot_dy * math.cos(a) + pivot_dy
        for surf, off in ((shadow, (max(1, cw // 40), max(2, cw // 30))), (img, (0, 0))):
            rot = pygame.transform.rotozoom(surf, -angle, 1.0)
            placed.append((rot, (cx + off[0], cy + off[1])))
    xs = [c[0] - r.get_width() / 2 for r, c in placed]
    ys = [c[1] - r.get_height() / 2 for r, c in placed]
    x0, y0 = min(xs), min(ys)
    x1 = max(x + r.get_width() for x, (r, _p) in zip(xs, placed, strict=True))
    y1 = max(y + r.get_height() for y, (r, _p) in zip(ys, placed, strict=True))
    out = pygame.Surface((int(x1 - x0) + 1, int(y1 - y0) + 1), pygame.SRCALPHA)
    for (rot, _p), x, y in zip(placed, xs, ys, strict=True):
        out.blit(rot, (int(x - x0), int(y - y0)))
    _cache[key] = out
    if len(_cache) > 4:
        _cache.popitem(last=False)
    return out


def draw(surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> pygame.Rect:
    """The fan and the deck's name, centred in ``area``; the rectangle drawn on (empty when
    the area is too small for cards that read)."""
    label_size = max(11, int(surface.get_height() * 0.022))
    room = area.h - int(label_size * 1.8)
    if room < 60 or area.w < 60:
        return pygame.Rect(area.x, area.y, 0, 0)
    fan = _fan(theme, int(room * 0.82))
    scale = min(1.0, area.w / fan.get_width(), room / fan.get_height())
    if scale < 1.0:
        fan = pygame.transform.smoothscale(fan, (int(fan.get_width() * scale),
                                                 int(fan.get_height() * scale)))
    r = fan.get_rect(midtop=(area.centerx, area.y))
    surface.blit(fan, r)
    name = theme.name()
    size = gfx.fit_size(name, label_size, area.w)
    t = gfx.blit_text(surface, name, size, gfx.DIM_LINEN, (area.centerx, r.bottom + 4),
                      "midtop")
    return r.union(t)
