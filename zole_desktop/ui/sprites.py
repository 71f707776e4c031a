"""Card sprites that move on eased arcs, and the card image cache they draw from."""

from __future__ import annotations

import math

import pygame

from . import gfx
from .theme import CARD_CODES, Theme


def ease_out_cubic(u: float) -> float:
    u = 1.0 - u
    return 1.0 - u * u * u


class CardSprite:
    """One card's place on the table.  Positions are card centres; ``scale`` is relative to
    the hand card size; a change of face while moving flips the card at mid-flight."""

    __slots__ = ("card", "x0", "y0", "s0", "f0", "x1", "y1", "s1", "f1", "t0", "dur", "arc",
                 "z", "visible", "dragging", "dx", "dy")

    def __init__(self, card: int) -> None:
        self.card = card
        self.x0 = self.x1 = 0.0
        self.y0 = self.y1 = 0.0
        self.s0 = self.s1 = 0.5
        self.f0 = self.f1 = False
        self.t0 = 0.0
        self.dur = 0.0
        self.arc = 0.0
        self.z = 0
        self.visible = False
        self.dragging = False
        self.dx = self.dy = 0.0

    def moving(self, now: float) -> bool:
        return self.dur > 0 and now < self.t0 + self.dur

    def state(self, now: float) -> tuple[float, float, float, bool, float]:
        """x, y, scale, face up, width factor (for the flip)."""
        if self.dragging:
            return self.dx, self.dy, self.s1, self.f1, 1.0
        if self.dur <= 0 or now >= self.t0 + self.dur:
            return self.x1, self.y1, self.s1, self.f1, 1.0
        if now <= self.t0:
            return self.x0, self.y0, self.s0, self.f0, 1.0
        u = (now - self.t0) / self.dur
        e = ease_out_cubic(u)
        x = self.x0 + (self.x1 - self.x0) * e
        y = self.y0 + (self.y1 - self.y0) * e - self.arc * math.sin(math.pi * e)
        s = self.s0 + (self.s1 - self.s0) * e
        if self.f0 != self.f1:
            wf = abs(1.0 - 2.0 * e)
            return x, y, s, (self.f0 if e < 0.5 else self.f1), max(0.04, wf)
        return x, y, s, self.f1, 1.0

    def place(self, x: float, y: float, s: float, face: bool) -> None:
        """Put the card there without moving (first appearance, window resize)."""
        self.x0 = self.x1 = x
        self.y0 = self.y1 = y
        self.s0 = self.s1 = s
        self.f0 = self.f1 = face
        self.dur = 0.0
        self.visible = True

    def move(self, now: float, x: float, y: float, s: float, face: bool, dur: float,
             delay: float = 0.0, arc: float = 0.0) -> bool:
        """Start moving to the target; False if already there (or heading there)."""
        if (abs(self.x1 - x) < 0.5 and abs(self.y1 - y) < 0.5 and abs(self.s1 - s) < 1e-3
                and self.f1 == face) and not self.dragging:
            return False
        cx, cy, cs, cf, _wf = self.state(now)
        self.dragging = False
        self.x0, self.y0, self.s0, self.f0 = cx, cy, cs, cf
        self.x1, self.y1, self.s1, self.f1 = x, y, s, face
        self.t0 = now + delay
        self.dur = dur
        self.arc = arc
        self.visible = True
        if dur <= 0:
            self.x0, self.y0, self.s0, self.f0 = x, y, s, face
        return True


class CardImages:
    """Scaled card images per size, from the theme's cache, plus shadows and dim masks."""

    def __init__(self, theme: Theme, card_h: int) -> None:
        self.theme = theme
        self.h = max(20, int(card_h))
        self.w = max(14, self.h * 5 // 7)
        self.full = theme.cards(self.w, self.h)
        self._by_scale: dict[int, dict[str, pygame.Surface]] = {}
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self._dim: dict[tuple[int, int], pygame.Surface] = {}

    def size(self, s: float) -> tuple[int, int]:
        return max(4, int(self.w * s)), max(6, int(self.h * s))

    def at_scale(self, s: float) -> dict[str, pygame.Surface] | None:
        """Cached images for a rest scale (hundredths)."""
        key = round(s * 100)
        if key == 100:
            return self.full
        got = self._by_scale.get(key)
        if got is None:
            size = self.size(key / 100)
            got = {k: pygame.transform.smoothscale(v, size) for k, v in self.full.items()}
            self._by_scale[key] = got
        return got

    def image(self, card: int, face: bool, s: float, wf: float = 1.0,
              moving: bool = False) -> pygame.Surface:
        code = CARD_CODES[card] if face else "back"
        key = round(s * 100)
        if not moving or key in self._by_scale or key == 100:
            img = self.at_scale(s)[code]
        else:
            img = pygame.transform.scale(self.full[code], self.size(s))
        if wf < 0.999:
            img = pygame.transform.scale(img, (max(2, int(img.get_width() * wf)),
                                               img.get_height()))
        return img

    def _card_shape(self, cache: dict, w: int, h: int, fill, alpha: int) -> pygame.Surface:
        """A translucent card-shaped panel of one size, made once."""
        sh = cache.get((w, h))
        if sh is None:
            sh = gfx.panel(w, h, fill=fill, border=None, radius=max(3, w // 12), alpha=alpha)
            cache[(w, h)] = sh
        return sh

    def shadow(self, w: int, h: int) -> pygame.Surface:
        return self._card_shape(self._shadow, w, h, (0, 0, 0), 70)

    def dim(self, w: int, h: int) -> pygame.Surface:
        return self._card_shape(self._dim, w, h, (20, 20, 24), 120)
