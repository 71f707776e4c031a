"""The classic French-suited deck as vector cards.

One panel shape runs through the deck: a rectangle with its top-left and bottom-right corners
notched out for the corner indices, inside the 3 mm safe area. The courts fill it with their
double-headed figure (the top half from ``art/themes/classic/figures``, viewBox 500 x 380, the
other half turned by 180°), the figure's keep-clear strip under the index's notch; the number
cards and the aces keep their pips and their medallion inside it on a fine rule.

One line-weight system: the figures' 4 / 2.5 / 1.5 units, scaled as the figure is (``S``), for
frames, dividers and rules, and the same three weights for the aces' and the back's ornament.
"""

from __future__ import annotations

import math

from . import kit
from .kit import INK, H, W, f

RED, BLACK = "#C0262E", INK
GREEN4, BLUE4 = "#2F7D32", "#1565C0"
GOLD, GOLD_DARK = kit.GOLD, "#B8892A"
GROUND = "#F7F0DF"  # the courts' panel: warm ivory against the card's white stock
NAVY, NAVY_DARK = "#1C2A4A", "#141E36"  # the back: the deck's night blue

# the figure's size on the card: two halves (2 x 380 units) fill the height between the top
# and bottom margins; the panel's sides follow the figure's width
MARGIN_Y = 40.0
S = (H - 2 * MARGIN_Y) / 760.0  # card units per figure unit
PANEL = ((W - 500 * S) / 2, MARGIN_Y, (W + 500 * S) / 2, H - MARGIN_Y)
# the index's notch: the figures keep x < 90, y < 250 (figure units) plain, under the index
NOTCH = (PANEL[0] + 90 * S, MARGIN_Y + 250 * S)
HEAVY, MEDIUM, FINE = 4 * S, 2.5 * S, 1.5 * S

# where each court's own panel pip goes: top right, or (where the figure's prop reaches up
# there) top left, just right of the index's notch
PANEL_PIP = 0.072 * W
PIP_AT_LEFT = frozenset({"JS", "KD", "JD"})

# the number cards' pips: classic columns, at least 14 units clear of the corner index's ink
# and inside the 3 mm safe area (tests/test_vector_classic.py measures both)
PIP_SIZE = 0.145 * W
PIP_DX = 0.175 * W
PIP_Y0 = 0.115 * H
PIP_Y1 = H - PIP_Y0


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


def panel_d(inset: float = 0.0) -> str:
    """The notched panel's outline, ``inset`` units inside it (symmetric under 180°)."""
    x0, y0, x1, y1 = (PANEL[0] + inset, PANEL[1] + inset, PANEL[2] - inset, PANEL[3] - inset)
    nx, ny = NOTCH[0] + inset, NOTCH[1] + inset
    return kit.poly_d([(nx, y0), (x1, y0), (x1, H - ny), (W - nx, H - ny), (W - nx, y1),
                       (x0, y1), (x0, ny), (nx, ny)])


def _rule(width: float, color: str = INK, inset: float = 0.0) -> str:
    return (f'<path d="{panel_d(inset)}" fill="none" stroke="{color}" '
            f'stroke-width="{f(width)}" stroke-linejoin="miter"/>')


def panel_pip_centre(code: str) -> tuple[float, float]:
    """The centre of the court's own pip in its top half (card units)."""
    r = PANEL_PIP / 2 + 12
    if code in PIP_AT_LEFT:
        return NOTCH[0] + r, PANEL[1] + r
    return PANEL[2] - r, PANEL[1] + r


def _court(code: str, four: bool) -> str:
    x0, y0, x1, y1 = PANEL
    w, hh = x1 - x0, 380 * S
    color = suit_color(code[1], four)
    fig = kit.figure("classic", code, x0, y0, w, hh, fit="xMidYMid meet")
    fig = fig.replace('<rect width="500" height="380" fill="#FAF5E8"/>',
                      f'<rect width="500" height="380" fill="{GROUND}"/>', 1)
    px, py = panel_pip_centre(code)
    half = (f'<g id="half-{code}">{fig}'
            + kit.pip(code[1], px, py, PANEL_PIP, color) + "</g>")
    turned = f'<use href="#half-{code}" transform="rotate(180 {f(W / 2)} {f(H / 2)})"/>'
    clip = f'<clipPath id="panel-{code}"><path d="{panel_d()}"/></clipPath>'
    divider = (f'<path d="M{f(x0)} {f(H / 2)}H{f(x1)}" stroke="{INK}" '
               f'stroke-width="{f(MEDIUM)}"/>')
    return (f"<defs>{clip}</defs>"
            f'<g clip-path="url(#panel-{code})"><rect x="{f(x0)}" y="{f(y0)}" '
            f'width="{f(w)}" height="{f(y1 - y0)}" fill="{GROUND}"/>{half}{turned}</g>'
            + divider + _rule(HEAVY))


# --- the aces: a medallion each -------------------------------------------------------------


def _ring_of(n: int, r: float, motif, *, start: float = -90.0) -> str:
    cx, cy = W / 2, H / 2
    out = []
    for k in range(n):
        a = math.radians(start + 360.0 * k / n)
        out.append(motif(cx + r * math.cos(a), cy + r * math.sin(a), math.degrees(a) + 90))
    return "".join(out)


def _leaf(x: float, y: float, rot: float, size: float, fill: str) -> str:
    d = (f"M0 {f(-size)}C{f(size * 0.5)} {f(-size * 0.5)} {f(size * 0.5)} {f(size * 0.5)} 0 "
         f"{f(size)}C{f(-size * 0.5)} {f(size * 0.5)} {f(-size * 0.5)} {f(-size * 0.5)} 0 "
         f"{f(-size)}Z")
    return (f'<path transform="translate({f(x)} {f(y)}) rotate({f(rot)})" d="{d}" '
            f'fill="{fill}" stroke="{INK}" stroke-width="{f(FINE)}"/>')


def _ace(code: str, color: str) -> str:
    suit = code[1]
    cx, cy = W / 2, H / 2
    r = 0.335 * W  # the medallion's outer ring
    tint = GROUND if suit in "SC" else _mix(color, kit.STOCK, 0.9)
    band = {"S": NAVY, "C": "#E9E4D0", "D": "#F2E2BC"}.get(suit, _mix(color, kit.STOCK, 0.72))
    parts = [f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{band}" stroke="{INK}" '
             f'stroke-width="{f(MEDIUM)}"/>',
             f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r * 0.8)}" fill="{tint}" stroke="{INK}" '
             f'stroke-width="{f(FINE)}"/>']
    rb = r * 0.9  # the middle of the band
    if suit == "S":  # the ornate ace: gold beads and fleurons round a gilded spade
        parts.append(_ring_of(24, rb, lambda x, y, a: (
            f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r * 0.035)}" fill="{GOLD}" '
            f'stroke="{INK}" stroke-width="{f(FINE)}"/>') if round(a) % 30 else
            _leaf(x, y, a, r * 0.075, GOLD)))
        parts.append(_ring_of(24, rb, lambda x, y, a: _leaf(x, y, a + 90, r * 0.045, GOLD_DARK),
                              start=-90 + 7.5))
    elif suit == "H":  # a garland of small hearts
        parts.append(_ring_of(16, rb, lambda x, y, a: (
            f'<g transform="rotate({f(a)} {f(x)} {f(y)})">'
            + kit.pip("H", x, y, r * 0.12, color) + "</g>")))
    elif suit == "C":  # a laurel wreath
        parts.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(rb)}" fill="none" '
                     f'stroke="{GREEN_STEM}" stroke-width="{f(FINE)}"/>')
        for side in (-1, 1):  # the leaves in pairs along the wreath's stem
            parts.append(_ring_of(28, rb + side * r * 0.045, lambda x, y, a, side=side: _leaf(
                x, y, a + 90 - side * 50, r * 0.055, GREEN_LEAF)))
    else:  # the diamonds: a sunburst of rays (the trump suit's ace)
        rays = []
        for k in range(32):
            a = math.radians(k * 360 / 32)
            r0, r1 = r * 0.82, r * (0.98 if k % 2 == 0 else 0.9)
            rays.append(f"M{f(cx + r0 * math.cos(a))} {f(cy + r0 * math.sin(a))}"
                        f"L{f(cx + r1 * math.cos(a))} {f(cy + r1 * math.sin(a))}")
        parts.append(f'<path d="{"".join(rays)}" stroke="{GOLD_DARK}" '
                     f'stroke-width="{f(MEDIUM)}" stroke-linecap="round"/>')
    big = 0.41 * W if suit != "S" else 0.47 * W
    parts.append(kit.pip(suit, cx, cy, big, color))
    if suit == "S":  # a gold rule inside the spade's blade, a gold rosette at its heart
        shrink = 0.74
        tr = (f"translate({f(cx - big / 2 + big * 0.5 * (1 - shrink))} "
              f"{f(cy - big / 2 + big * 0.47 * (1 - shrink))}) scale({f(big * shrink)})")
        parts.append(f'<path transform="{tr}" d="{SPADE_BLADE}" fill="none" stroke="{GOLD}" '
                     f'stroke-width="{f(MEDIUM / (big * shrink))}"/>')
        ry = cy - big * 0.03  # not the trump star: the A♠ is no trump in Zole
        for turn in range(0, 360, 45):
            a = math.radians(turn)
            d = big * 0.075
            parts.append(_leaf(cx + d * math.sin(a), ry - d * math.cos(a), turn, big * 0.05,
                               GOLD if turn % 90 == 0 else GOLD_DARK))
        parts.append(f'<circle cx="{f(cx)}" cy="{f(ry)}" r="{f(big * 0.035)}" fill="{GOLD}" '
                     f'stroke="{INK}" stroke-width="{f(FINE)}"/>')
    return "".join(parts)


GREEN_LEAF, GREEN_STEM = "#5E8C3A", "#3E6426"
# the spade's blade without its stem (the A♠'s inner gold rule), in the pip's 1 x 1 box
SPADE_BLADE = ("M0.5 0.015C0.41 0.2 0.035 0.33 0.035 0.57C0.035 0.705 0.135 0.79 0.265 0.79"
               "C0.36 0.79 0.44 0.745 0.5 0.66C0.56 0.745 0.64 0.79 0.735 0.79"
               "C0.865 0.79 0.965 0.705 0.965 0.57C0.965 0.33 0.59 0.2 0.5 0.015Z")


def _numbers(code: str, color: str) -> str:
    return kit.pip_layout(code, cx=W / 2, dx=PIP_DX, y0=PIP_Y0, y1=PIP_Y1, size=PIP_SIZE,
                          color=color)


def face(code: str, *, four: bool = False, bleed: float | None = None) -> str:
    color = suit_color(code[1], four)
    rank = code[0]
    if rank in "KQJ":
        body = _court(code, four)
    elif rank == "A":
        body = _ace(code, color)
    else:
        body = _numbers(code, color)
    return kit.document(body + kit.index(code, color), bleed=bleed)


def back(*, bleed: float | None = None) -> str:
    """A night-blue field inside the white border: a lattice of gold-ruled lozenges centred on
    the card (the same either way up), clipped inside the field's gold rule and outside the
    medallion's clear ring, each cut edge finished by a gold rule; in the medallion the trump
    star among the four suits."""
    inset = 0.05 * W  # the white border, inside the 3 mm safe area
    x0, y0, x1, y1 = inset, inset, W - inset, H - inset
    rule = inset + 10  # the field's gold rule
    cx, cy = W / 2, H / 2
    step = 40.0
    rx, ry = 0.25 * W, 0.19 * H  # the medallion
    ring = 14.0  # clear space round it, then its own gold rule
    lo = rule + 6  # the lattice stops short of the field's rule
    tile = (f'<pattern id="lozenge" width="{f(step)}" height="{f(step * 1.25)}" '
            f'patternUnits="userSpaceOnUse" x="{f(cx - step / 2)}" y="{f(cy - step * 0.625)}">'
            f'<path d="M{f(step / 2)} 0L{f(step)} {f(step * 0.625)}L{f(step / 2)} '
            f'{f(step * 1.25)}L0 {f(step * 0.625)}Z" fill="none" stroke="{GOLD_DARK}" '
            f'stroke-width="{f(FINE)}"/>'
            f'<circle cx="{f(step / 2)}" cy="{f(step * 0.625)}" r="2.6" fill="{GOLD}"/>'
            f'<circle cx="0" cy="0" r="1.8" fill="{GOLD_DARK}"/>'
            f'<circle cx="{f(step)}" cy="0" r="1.8" fill="{GOLD_DARK}"/>'
            f'<circle cx="0" cy="{f(step * 1.25)}" r="1.8" fill="{GOLD_DARK}"/>'
            f'<circle cx="{f(step)}" cy="{f(step * 1.25)}" r="1.8" fill="{GOLD_DARK}"/>'
            f'</pattern>'
            # the lattice's field: inside the rule, outside the medallion and its clear ring
            f'<clipPath id="back-field"><path clip-rule="evenodd" d="'
            f'M{f(lo)} {f(lo)}H{f(W - lo)}V{f(H - lo)}H{f(lo)}Z'
            + _ellipse_d(cx, cy, rx + ring + MEDIUM, ry + ring + MEDIUM) + '"/></clipPath>')
    medal = (f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx + ring)}" ry="{f(ry + ring)}" '
             f'fill="none" stroke="{GOLD}" stroke-width="{f(FINE)}"/>'
             f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{NAVY_DARK}" '
             f'stroke="{GOLD}" stroke-width="{f(HEAVY)}"/>'
             f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx - 10)}" ry="{f(ry - 10)}" '
             f'fill="none" stroke="{GOLD}" stroke-width="{f(FINE)}"/>')
    d = 0.12 * W
    for k, suit in enumerate("SHCDSHCD"):  # the four suits twice, each pointing outwards
        medal += (f'<g transform="rotate({45 * k} {f(cx)} {f(cy)})">'
                  + kit.pip(suit, cx, cy - d, 0.075 * W, kit.GOLD_LIGHT) + "</g>")
    medal += kit.trump_star(cx, cy, 0.16 * W)
    body = (f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
            f'rx="{f(0.03 * W)}" fill="{NAVY}"/>'
            f'<g clip-path="url(#back-field)"><rect x="{f(x0)}" y="{f(y0)}" '
            f'width="{f(x1 - x0)}" height="{f(y1 - y0)}" fill="url(#lozenge)"/></g>'
            f'<rect x="{f(rule)}" y="{f(rule)}" width="{f(W - 2 * rule)}" '
            f'height="{f(H - 2 * rule)}" rx="{f(0.015 * W)}" fill="none" stroke="{GOLD}" '
            f'stroke-width="{f(MEDIUM)}"/>' + medal)
    return kit.document(body, bleed=bleed, defs=tile)


def _ellipse_d(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f"M{f(cx - rx)} {f(cy)}A{f(rx)} {f(ry)} 0 1 0 {f(cx + rx)} {f(cy)}"
            f"A{f(rx)} {f(ry)} 0 1 0 {f(cx - rx)} {f(cy)}Z")
