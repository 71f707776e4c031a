"""The lessons' coach on the table: the ▼ marker over the move it recommends, the numbers and
names in its messages, and the key of a position for its cache of the solver's cards."""

from __future__ import annotations

import pygame

from ..i18n import ngettext
from ..records.review import card_text
from ..rules.state import HandState
from . import gfx
from .widgets import draw_outline


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
