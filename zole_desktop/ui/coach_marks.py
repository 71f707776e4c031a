"""The lessons' coach on the table: the ▼ marker over the move it recommends, its linen box,
the numbers and names in its messages, and the key of a position for its cache of the
solver's cards."""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import ngettext
from ..records.review import card_text
from ..rules.state import HandState
from . import gfx
from .table.layout import TALON_SCALE
from .widgets import Button, draw_outline


def counted(key: str, n: object) -> str:
    """A field of a coach's message as shown: a name as it is, ``card`` a card's name,
    ``trumps`` a count of trumps, any other number card points."""
    if isinstance(n, str):
        return n
    assert isinstance(n, int)
    if key == "card":
        return card_text(n)
    if key == "trumps":
        return ngettext("{n} trump", "{n} trumps", n).format(n=n)
    return ngettext("{n} card point", "{n} card points", n).format(n=n)


def draw_marker(surface, r: pygame.Rect, size: int, card: bool = False) -> pygame.Rect:
    """The ▼ above ``r`` and, on a button, an amber outline round it; on a card (``r`` the
    part that shows) a solid bar along its top instead, as the table marks advice, so that
    the keyboard focus's label at the card's foot stays readable.  Returns the ▼'s rect."""
    if card:
        w = max(4, r.w // 14)
        bar = pygame.Rect(r.x + 2, r.y - w - 2, max(4, r.w - 4), w)
        pygame.draw.rect(surface, gfx.EDGE, bar.inflate(2, 2), border_radius=w // 2)
        pygame.draw.rect(surface, gfx.AMBER, bar, border_radius=w // 2)
        r = bar
    else:
        draw_outline(surface, r.inflate(6, 6), max(4, min(r.w, r.h) // 10))
    x, y = r.centerx, r.y - size // 2 - 6
    pts = [(x - size // 2, y - size // 2), (x + size // 2, y - size // 2), (x, y + size // 3)]
    pygame.draw.polygon(surface, gfx.AMBER, pts)
    pygame.draw.polygon(surface, gfx.EDGE, pts, 2)
    return pygame.Rect(x - size // 2 - 1, y - size // 2 - 1, size + 3, size // 2 + size // 3 + 3)


def position_key(st: HandState) -> tuple:
    """What the coach's card depends on: the cards held, the trick, who is to play."""
    return (tuple(st.hands), tuple(zip(st.trick_pos, st.trick, strict=True)), st.turn,
            st.declarer)


def draw_box(surface, t: Any, who: str, text: str, button: Button | None,
             holds: bool) -> pygame.Rect:
    """The coach's box at the top of table ``t`` (below the talon while it lies there):
    ``who`` in its title line, ``text`` under it and ``button`` ("Got it", drawn primary while
    the message ``holds`` the game) at its bottom right, or no button.  Returns the box."""
    L = t.geo.L
    W, H = L["W"], L["H"]
    m = int(min(W, H) * 0.02)
    bw = int(W * 0.52)
    size = max(13, int(H * 0.025))
    pad = max(10, int(size * 0.8))
    bh = max(32, int(H * 0.055))
    btn_w = 0
    if button is not None:
        btn_w = max(int(W * 0.11), gfx.text_width(button.text(), int(bh * 0.42), True) + bh)
    text_w = bw - 2 * pad - (pad + btn_w if button is not None else 0)
    lines = gfx.wrap(text, size, text_w)
    while len(lines) > 6 and size > 12:
        size -= 1
        lines = gfx.wrap(text, size, text_w)
    lh = int(size * 1.3)
    title_s = max(12, int(size * 0.9))
    h = pad * 2 + int(title_s * 1.4) + lh * len(lines)
    if button is not None:
        h = max(h, pad * 2 + bh)
    box = pygame.Rect((W - bw) // 2, m, bw, h)
    if t.view.talon and t.geo.images is not None:
        # keep the talon in view: the box moves below it, above the bid buttons
        th = t.geo.images.h * TALON_SCALE
        talon_top = L["talon"][1] - th / 2
        if box.bottom > talon_top - m // 2:
            box.y = int(L["talon"][1] + th / 2 + m)
    surface.blit(gfx.panel(bw, h, fill=(0, 0, 0), border=None, alpha=80), box.move(3, 5))
    surface.blit(gfx.panel(bw, h, fill=gfx.LINEN, border=gfx.CARMINE, width=3), box)
    gfx.blit_text(surface, who, gfx.fit_size(who, title_s, text_w, True), gfx.CARMINE,
                  (box.x + pad, box.y + pad), bold=True)
    y = box.y + pad + int(title_s * 1.4)
    for line in lines:
        gfx.blit_text(surface, line, size, gfx.INK, (box.x + pad, y))
        y += lh
    if button is not None:
        button.rect = pygame.Rect(box.right - pad - btn_w, box.bottom - pad - bh, btn_w, bh)
        button.draw(surface, holds)
    return box
