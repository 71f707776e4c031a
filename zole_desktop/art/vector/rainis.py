"""The Rainis character decks as vector cards: each court a character from the figure masters
(``art/themes/<deck>/figures``, viewBox 480 x 580) over a caption naming the card, the
character and the play; aces with their sign; number cards with pips in the deck's inks."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .. import rainis as raster
from . import kit
from .kit import INK, H, W, f

FOUR = {"D": "#1565C0", "C": "#2F7D32"}


def _hex(rgb) -> str:
    return "#" + "".join(f"{int(v):02X}" for v in rgb[:3])


def _pal(theme_id: str) -> dict[str, str]:
    return {k: _hex(v) if isinstance(v, tuple) else str(v)
            for k, v in raster.PAL[theme_id].items()}


M = 0.045 * W  # the ornament band's width
FIELD = (M, M, W - M, H - M)
CAPTION_H = 0.2 * H


def _caption(theme_id: str, code: str, pal: dict[str, str]) -> str:
    x0, _y0, x1, y1 = FIELD
    top = y1 - CAPTION_H
    cap, _names, desc, _look = raster.CARDS[theme_id][code]
    line1 = f"{raster.SUIT_GEN[code[1]]} {raster.RANK_LV[code[0]]}"
    line3 = desc["lv"] if code[0] == "A" else "«" + raster.PLAYS[theme_id][code[1]]["lv"] + "»"
    right = W - kit.IDX_BOX[2] - 8
    cx = (x0 + right) / 2
    out = [f'<rect x="{f(x0)}" y="{f(top)}" width="{f(x1 - x0)}" height="{f(CAPTION_H)}" '
           f'fill="{pal["stock"]}" stroke="{INK}" stroke-width="4"/>']
    for text, size, color, bold, y in ((line1, 0.027 * H, pal["red"], True, top + 0.05 * H),
                                       (cap, 0.045 * H, pal["caption"], True, top + 0.11 * H),
                                       (line3, 0.024 * H, pal["caption"], False,
                                        top + 0.155 * H)):
        width = kit.text_width(text, size, bold)
        fit = min(1.0, (right - x0 - 24) / max(width, 1))
        out.append(f'<text x="{f(cx)}" y="{f(y)}" text-anchor="middle" '
                   f'font-family="{kit.FAMILY}" font-weight="{"bold" if bold else "normal"}" '
                   f'font-size="{f(size * fit)}" fill="{color}">{escape(text)}</text>')
    return "".join(out)


def face(theme_id: str, code: str, *, four: bool = False, bleed: float | None = None) -> str:
    pal = _pal(theme_id)
    color = pal["red"] if code[1] in "HD" else pal["black"]
    if four and code[1] in FOUR:
        color = FOUR[code[1]]
    x0, y0, x1, y1 = FIELD
    band = (f'<rect x="{f(M / 2)}" y="{f(M / 2)}" width="{f(W - M)}" height="{f(H - M)}" '
            f'fill="none" stroke="{pal["thread"]}" stroke-width="{f(M)}"/>')
    rank = code[0]
    if rank in "KQJ":
        body = (kit.figure(theme_id, code, x0, y0, x1 - x0, y1 - CAPTION_H - y0)
                + _caption(theme_id, code, pal))
    elif rank == "A":
        cy = y0 + (y1 - CAPTION_H - y0) / 2
        body = (f'<circle cx="{f(W / 2)}" cy="{f(cy)}" r="{f(0.3 * W)}" fill="{pal["medal"]}" '
                f'stroke="{INK}" stroke-width="4"/>'
                + kit.pip(code[1], W / 2, cy, 0.3 * W, color) + _caption(theme_id, code, pal))
    else:
        body = kit.pip_layout(code, cx=W / 2, dx=0.185 * W, y0=0.17 * H, y1=0.83 * H,
                              size=0.15 * W, color=color)
    body = band + body + kit.index(code, color, box_fill=pal["stock"], box_edge=INK)
    return kit.document(body, bleed=bleed, stock=pal["stock"])


def back(theme_id: str, *, bleed: float | None = None) -> str:
    """Carmine-white-carmine (2:1:2) frame round a field of the deck's sign colour."""
    u = 0.02 * W
    field = "#F3EEE2" if theme_id == "rainis-1" else "#1F2F5C"
    body = (f'<rect x="{f(-W)}" y="{f(-H)}" width="{f(3 * W)}" height="{f(3 * H)}" '
            f'fill="#9E3039"/>'
            f'<rect x="{f(2 * u)}" y="{f(2 * u)}" width="{f(W - 4 * u)}" height="{f(H - 4 * u)}" '
            f'fill="#F8F5EC"/>'
            f'<rect x="{f(3 * u)}" y="{f(3 * u)}" width="{f(W - 6 * u)}" height="{f(H - 6 * u)}" '
            f'fill="#9E3039"/>'
            f'<rect x="{f(5 * u)}" y="{f(5 * u)}" width="{f(W - 10 * u)}" '
            f'height="{f(H - 10 * u)}" fill="{field}"/>')
    return kit.document(body, bleed=bleed)
