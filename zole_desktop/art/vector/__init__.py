"""Vector cards: every face and back of the game's own decks as an SVG document, rendered by
resvg at the size it is shown (``render_card``) or for print with bleed (``card_svg(...,
bleed=kit.PRINT_BLEED)``).

``card_svg`` and ``back_svg`` are the masters; the decks' modules (``classic``, ``rainis``)
compose them from the pieces in ``kit`` and the court figures in ``art/themes/<deck>/figures``.
"""

from __future__ import annotations

from PIL import Image

from ..common import DECK
from . import classic, kit, rainis

DECK_IDS = ("classic", "rainis-1", "rainis-2")


def _check(theme_id: str, code: str | None = None) -> None:
    if theme_id not in DECK_IDS:
        raise ValueError(f"unknown deck {theme_id!r}; known: {', '.join(DECK_IDS)}")
    if code is not None and code not in DECK:
        raise ValueError(f"not a Zole card: {code!r}")


def card_svg(theme_id: str, code: str, *, four: bool = False,
             bleed: float | None = None) -> str:
    """The SVG master of one face (``"QC"``). ``four``: ♦ and ♣ in the four-colour inks;
    ``bleed``: None for the screen (rounded corners), else card units of bleed for print."""
    _check(theme_id, code)
    if theme_id == "classic":
        return classic.face(code, four=four, bleed=bleed)
    return rainis.face(theme_id, code, four=four, bleed=bleed)


def back_svg(theme_id: str, *, bleed: float | None = None) -> str:
    _check(theme_id)
    if theme_id == "classic":
        return classic.back(bleed=bleed)
    return rainis.back(theme_id, bleed=bleed)


def render_card(theme_id: str, code: str, width: int, height: int, *,
                four: bool = False) -> Image.Image:
    """One face rendered at exactly ``width`` x ``height`` pixels, RGBA."""
    return kit.render(card_svg(theme_id, code, four=four), width, height)


def render_back(theme_id: str, width: int, height: int) -> Image.Image:
    return kit.render(back_svg(theme_id), width, height)


def digest(theme_id: str) -> str:
    """Changes whenever what the deck's vector cards are drawn from changes (cache key)."""
    _check(theme_id)
    return kit.masters_digest(theme_id)


__all__ = ["DECK_IDS", "back_svg", "card_svg", "digest", "kit", "render_back", "render_card"]
