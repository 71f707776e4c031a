"""Drawing shared by the rules guide and the deck gallery: card names, single card images at
any size (never upscaled beyond the theme's art), and the guide's illustrations.

An illustration is a tuple from :mod:`zole_desktop.teaching.guide` (its docstring lists the
kinds).  :func:`draw_picture` draws one inside a rectangle with the theme's cards; every number
in it is computed by the rules code (card points, trick winners, settlement), and every word
goes through the translation functions.

The modules, by what the pictures show: :mod:`.cards` (a card's name and image), :mod:`.deck`
(the cards, the suits, the trump ladder, card points), :mod:`.seats` (the table, the draw,
dealing, the options), :mod:`.play` (bidding, burying, tricks, giving up), :mod:`.scoring`
(what a hand pays) and :mod:`.sheet` (the score sheet, galdiņš); :mod:`.common` holds what
they share.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..theme import Theme
from . import deck, play, scoring, seats, sheet
from .cards import (
    ASPECT,
    GALLERY_ORDER,
    blit_card,
    card_image,
    card_title,
    source_height,
    trump_rank,
)

# each kind of illustration: how to draw it from (surface, picture, area, theme, text_size)
Drawer = Callable[[pygame.Surface, tuple, pygame.Rect, Theme, int], None]
DRAWERS: dict[str, Drawer] = {
    "cards": lambda s, p, a, th, ts: deck.draw_cards(s, p[1].split(), a, th),
    "deck": lambda s, p, a, th, ts: deck.draw_deck(s, a, th, ts),
    "ladder": lambda s, p, a, th, ts: deck.draw_ladder(s, a, th),
    "suits": lambda s, p, a, th, ts: deck.draw_suits(s, a, th),
    "points": lambda s, p, a, th, ts: deck.draw_points(s, a, th, ts),
    "table": lambda s, p, a, th, ts: seats.draw_seats(s, int(p[1]), a),
    "tables": lambda s, p, a, th, ts: seats.draw_tables(s, p[1:], a, ts),
    "draw": lambda s, p, a, th, ts: seats.draw_high_card(s, p[1].split(), a, th, ts),
    "deal": lambda s, p, a, th, ts: seats.draw_deal(s, p[1], a, th, ts),
    "options": lambda s, p, a, th, ts: seats.draw_options(s, a, ts),
    "bids": lambda s, p, a, th, ts: play.draw_bids(s, a, ts),
    "bury": lambda s, p, a, th, ts: play.draw_bury(s, p[1].split(), p[2].split(), a, th, ts),
    "tricks": lambda s, p, a, th, ts: play.draw_tricks(s, p[1], [t.split() for t in p[2:]], a,
                                                       th, ts),
    "surrender": lambda s, p, a, th, ts: play.draw_surrender(s, a, th, ts),
    "scores": lambda s, p, a, th, ts: scoring.draw_scores(s, p[1], a, ts),
    "bands": lambda s, p, a, th, ts: scoring.draw_bands(s, a, ts),
    "jani": lambda s, p, a, th, ts: scoring.draw_jani(s, a, ts),
    "sheet": lambda s, p, a, th, ts: sheet.draw_sheet(s, p[1], p[2], p[3], a, ts),
    "galdins": lambda s, p, a, th, ts: sheet.draw_galdins(s, p[1], p[2], a, ts),
}

# illustrations drawn on linen (tables of numbers); the rest sit on a felt inset
_ON_LINEN = frozenset({"scores", "bands", "jani", "sheet", "galdins", "options"})


def draw_picture(surface: pygame.Surface, picture: tuple | None, area: pygame.Rect,
                 theme: Theme, text_size: int = 22) -> None:
    """Draw a guide illustration inside ``area`` with the theme's cards; its words are no
    larger than ``text_size``."""
    if not picture:
        return
    kind = picture[0]
    drawer = DRAWERS.get(kind)
    if drawer is None:
        raise ValueError(f"unknown illustration {kind!r}")
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    try:
        drawer(surface, picture, area, theme, text_size)
    finally:
        surface.set_clip(clip)


def picture_on_felt(picture: tuple | None) -> bool:
    """Illustrations drawn on a felt inset (cards, seats); tables of numbers sit on linen."""
    return picture is not None and bool(picture) and picture[0] not in _ON_LINEN


# what the guide, the gallery and the deck forms use
__all__ = ["ASPECT", "DRAWERS", "GALLERY_ORDER", "blit_card", "card_image", "card_title",
           "draw_picture", "picture_on_felt", "source_height", "trump_rank"]
