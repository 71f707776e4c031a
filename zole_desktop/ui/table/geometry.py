"""The table laid out for its window: each seat's side of the table (seen from the viewer),
the seats that sit this hand out, the cards' pictures at the window's card size and where
everything sits (``L``: :func:`.layout.table_layout`, the rectangles and points by name).

Laid out anew when the window changes size, the card size or the theme changes, or the seats
of a new hand are known; nothing is laid out before the table enters the window (``L`` empty,
no pictures).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from .. import gfx
from ..sprites import CardImages
from ..theme import Theme
from . import layout


@dataclass
class TableGeometry:
    images: CardImages | None = None
    sides: dict[int, str] = field(default_factory=dict)  # seat -> "bottom", "left", ...
    out_seats: list[int] = field(default_factory=list)  # clockwise from the viewer
    L: layout.Layout = field(default_factory=dict)

    def seat(self, players: int, active: list[int], viewer: int) -> None:
        """The sides of the table for a hand's seats (see :func:`.layout.seat_sides`)."""
        self.sides, self.out_seats = layout.seat_sides(players, active, viewer)

    def lay_out(self, W: int, H: int, card_size: str, theme: Theme, dealer: int,
                corner_w: int) -> None:
        """Everything placed for a ``W``×``H`` window; the cards' pictures made anew when
        their size or theme changed, and scaled now to every size they are drawn at."""
        ch = layout.card_height(H, card_size)
        if self.images is None or self.images.h != ch or self.images.theme is not theme:
            self.images = CardImages(theme, ch)
        msg_size = max(13, int(H * 0.026))
        msg_h = gfx.font(msg_size).get_height() + int(msg_size * 0.8)
        self.L = L = layout.table_layout(W, H, self.images.w, self.images.h, self.sides,
                                         self.out_seats, dealer, msg_h, corner_w=corner_w)
        self.images.set_strip(L["strip"])  # the names keep to what the fan shows
        for sc in (L["fan_s"], L["pile_s"], layout.DECK_SCALE, L["trick_s"],
                   layout.TALON_SCALE):
            self.images.at_scale(sc)  # scale once now, never while drawing

    def laid_out(self) -> CardImages | None:
        """The cards' pictures once the table is laid out (None before: nothing to draw)."""
        return self.images if self.L else None

    def card_rect(self, x: float, y: float, s: float) -> pygame.Rect:
        """The rectangle of a card centred on ``x``, ``y`` at scale ``s``."""
        assert self.images is not None  # laid out before a card's rectangle is asked for
        w, h = self.images.size(s)
        return pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)
