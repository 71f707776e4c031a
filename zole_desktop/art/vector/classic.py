"""The classic French-suited deck as vector cards: number cards with their pips in a frame,
aces with an Art-Deco medallion, double-headed courts from the figure masters
(``art/themes/classic/figures``, the top half of each court, viewBox 500 x 380)."""

from __future__ import annotations

import math

from . import kit
from .kit import INK, H, W, f

RED, BLACK = "#C0262E", INK
GREEN4, BLUE4 = "#2F7D32", "#1565C0"
GOLD = kit.GOLD


def suit_color(suit: str, four: bool) -> str:
    if four and suit == "C":
        return GREEN4
    if four and suit == "D":
        return BLUE4
    return RED if suit in "HD" else BLACK


def _mix(a: str, b: str, t: float) -> str:
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(ca, cb, strict=True))


# the court panel: fills the card but for the index's column; its top half is the figure
PANEL = (0.13 * W, 0.045 * H, 0.87 * W, 0.955 * H)


def _court(code: str, four: bool) -> str:
    x0, y0, x1, y1 = PANEL
    w, hh = x1 - x0, (y1 - y0) / 2
    color = suit_color(code[1], four)
    half = (f'<g id="half-{code}">{kit.figure("classic", code, x0, y0, w, hh)}'
            + kit.pip(code[1], x1 - 0.055 * W, y0 + 0.045 * W, 0.06 * W, color) + "</g>")
    turned = f'<use href="#half-{code}" transform="rotate(180 {f(W / 2)} {f(y0 + hh)})"/>'
    frame = (f'<line x1="{f(x0)}" y1="{f(y0 + hh)}" x2="{f(x1)}" y2="{f(y0 + hh)}" '
             f'stroke="{INK}" stroke-width="4"/>'
             f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(w)}" height="{f(2 * hh)}" '
             f'fill="none" stroke="{INK}" stroke-width="4"/>')
    return half + turned + frame


def _ace(code: str, color: str) -> str:
    cx, cy, r = W / 2, H / 2, 0.3 * W
    tint, ring = _mix(color, kit.STOCK, 0.88), _mix(color, kit.STOCK, 0.4)
    rays = []
    for k in range(16):
        a = k * math.pi / 8
        r1 = r * (1.16 if k % 2 else 1.24)
        rays.append(f"M{f(cx + r * 1.06 * math.cos(a))} {f(cy + r * 1.06 * math.sin(a))}"
                    f"L{f(cx + r1 * math.cos(a))} {f(cy + r1 * math.sin(a))}")
    return (f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{tint}" stroke="{ring}" '
            f'stroke-width="2.5"/>'
            f'<path d="{"".join(rays)}" stroke="{ring}" stroke-width="3" '
            f'stroke-linecap="round"/>'
            + kit.pip(code[1], cx, cy, 0.42 * W, color))


def face(code: str, *, four: bool = False, bleed: float | None = None) -> str:
    color = suit_color(code[1], four)
    rank = code[0]
    if rank in "KQJ":
        body = _court(code, four)
    elif rank == "A":
        body = _ace(code, color)
    else:
        body = kit.pip_layout(code, cx=W / 2, dx=0.17 * W, y0=0.15 * H, y1=0.85 * H,
                              size=0.15 * W, color=color)
    return kit.document(body + kit.index(code, color), bleed=bleed)


def back(*, bleed: float | None = None) -> str:
    """Carmine field with a lattice of small diamonds inside a white border."""
    inset = 0.05 * W
    fw, fh = W - 2 * inset, H - 2 * inset
    tile = (f'<pattern id="lattice" width="32" height="32" patternUnits="userSpaceOnUse">'
            f'<path d="M16 2L30 16L16 30L2 16Z" fill="none" stroke="#F3D9D3" '
            f'stroke-width="2"/></pattern>'
            f'<clipPath id="field"><rect x="{f(inset)}" y="{f(inset)}" width="{f(fw)}" '
            f'height="{f(fh)}" rx="{f(0.03 * W)}"/></clipPath>')
    body = (f'<g clip-path="url(#field)"><rect x="{f(inset)}" y="{f(inset)}" width="{f(fw)}" '
            f'height="{f(fh)}" fill="#9E3039"/><rect x="{f(inset)}" y="{f(inset)}" '
            f'width="{f(fw)}" height="{f(fh)}" fill="url(#lattice)"/></g>')
    return kit.document(body, bleed=bleed, defs=tile)
