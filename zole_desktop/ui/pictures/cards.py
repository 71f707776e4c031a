"""Cards by name and image: each card's title in the current language, the gallery's order,
a trump's rank, and one face (or the back) at any size from the theme's art (never upscaled
beyond it, cached), with its shadow, alone or in a row."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from ...i18n import N_, _
from ...rules.cards import CARD_INDEX, TRUMP_LADDER, is_trump, name
from .. import gfx
from ..theme import Theme, procedural_face

ASPECT = 5 / 7

CARD_TITLES = {
    "QC": N_("Queen of clubs"), "QS": N_("Queen of spades"), "QH": N_("Queen of hearts"),
    "QD": N_("Queen of diamonds"), "JC": N_("Jack of clubs"), "JS": N_("Jack of spades"),
    "JH": N_("Jack of hearts"), "JD": N_("Jack of diamonds"), "AD": N_("Ace of diamonds"),
    "TD": N_("Ten of diamonds"), "KD": N_("King of diamonds"), "9D": N_("Nine of diamonds"),
    "8D": N_("Eight of diamonds"), "7D": N_("Seven of diamonds"),
    "AC": N_("Ace of clubs"), "TC": N_("Ten of clubs"), "KC": N_("King of clubs"),
    "9C": N_("Nine of clubs"), "AS": N_("Ace of spades"), "TS": N_("Ten of spades"),
    "KS": N_("King of spades"), "9S": N_("Nine of spades"), "AH": N_("Ace of hearts"),
    "TH": N_("Ten of hearts"), "KH": N_("King of hearts"), "9H": N_("Nine of hearts"),
}

# the gallery's order: trumps from the queen of clubs down, then clubs, spades, hearts
GALLERY_ORDER: tuple[str, ...] = tuple(name(c) for c in TRUMP_LADDER) + (
    "AC", "TC", "KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH", "KH", "9H")


def card_title(code: str) -> str:
    """The card's name in the current language, e.g. "Queen of clubs"."""
    return _(CARD_TITLES[code])


def trump_rank(code: str) -> int | None:
    """1 for the queen of clubs ... 14 for the seven of diamonds; None for a plain card."""
    c = CARD_INDEX[code]
    return TRUMP_LADDER.index(c) + 1 if is_trump(c) else None


# ------------------------------------------------------------------ card images
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_MAX = 160


VECTOR_MAX_HEIGHT = 1344  # a game deck is drawn at any size: at most 1.5 times its PNGs'


def source_height(theme: Theme) -> int:
    """The height of the theme's art (the largest size a card is drawn at)."""
    if theme.vector is not None:
        return VECTOR_MAX_HEIGHT
    if theme.faces:
        return next(iter(theme.faces.values())).get_height()
    return 896


def card_image(theme: Theme, code: str, h: int) -> pygame.Surface:
    """One face (or ``"back"``) ``h`` pixels high, scaled from the source art (a game deck's
    drawn at that size from its vector master), cached."""
    h = max(12, min(int(h), source_height(theme)))
    w = max(8, round(h * ASPECT))
    if theme.vector is not None:
        return theme.card(code, w, h)  # kept per size, crisp when drawn (theme.poll())
    key = (theme.id, id(theme), code, w, h)
    img = _cache.get(key)
    if img is not None:
        _cache.move_to_end(key)
        return img
    if theme.faces is None:
        img = theme.cards(w, h)["back"] if code == "back" else procedural_face(code, w, h)
    else:
        src = theme.back if code == "back" else theme.faces[code]
        if src is None:
            img = theme.cards(w, h)[code]
        else:
            img = pygame.transform.smoothscale(src, (w, h))
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                img = img.convert_alpha()
    _cache[key] = img
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return img


def blit_card(surface: pygame.Surface, theme: Theme, code: str, rect: pygame.Rect) -> None:
    """A card with its soft shadow, filling ``rect`` (which has the card's aspect)."""
    img = card_image(theme, code, rect.h)
    r = img.get_rect(center=rect.center)
    w = r.w
    surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, radius=max(3, w // 12),
                           alpha=70), r.move(max(1, w // 40), max(2, w // 30)))
    surface.blit(img, r)


def row_rects(n: int, area: pygame.Rect, max_h: int, min_step: float = 0.34,
              gap: float = 0.14) -> list[pygame.Rect]:
    """Rectangles for ``n`` cards in a centred row inside ``area``: side by side when they
    fit, else overlapping (never closer than ``min_step`` of a card width, so that the corner
    index of every card stays visible)."""
    if n <= 0:
        return []
    ch: float = min(area.h, max_h)
    cw = ch * ASPECT
    natural = n * cw + (n - 1) * cw * gap
    if natural > area.w:
        step = (area.w - cw) / max(1, n - 1)
        if step < cw * min_step:
            cw = area.w / (1 + min_step * (n - 1))
            ch = cw / ASPECT
            step = cw * min_step
    else:
        step = cw * (1 + gap)
    cw, ch = int(cw), int(ch)
    total = cw + step * (n - 1)
    x0 = area.centerx - total / 2
    y = area.centery - ch // 2
    return [pygame.Rect(int(x0 + i * step), y, cw, ch) for i in range(n)]
