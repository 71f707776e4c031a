"""The pieces every vector card is made of: the card's frame of reference, the suit pips as one
closed path each, the corner index (rank, suit, trump star), the court figures' SVG masters
placed on a card, and the resvg renderer with the game's own fonts.

Card units: a card is 640 x 896 units (5 : 7, poker size 63 x 88 mm); ``bleed`` units lie
outside that box on every side when a card is drawn for print. Pure text in, pixels out: no
pygame, no I/O beyond reading the figure masters and the fonts of ``art/``.
"""

from __future__ import annotations

import io
import math
import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFont

from ..common import FONT_DIR, PIP_LAYOUTS, RANK_TEXT, THEMES_DIR, is_trump

W, H = 640.0, 896.0  # card units
UNITS_PER_MM = W / 63.0
PRINT_BLEED = 3.0 * UNITS_PER_MM  # 3 mm of bleed, in card units

INK = "#1E1B18"
GOLD = "#E2B33C"
GOLD_LIGHT = "#F1D99E"
STOCK = "#FAF8F2"

FONT_FILES = [str(FONT_DIR / "DejaVuSans-Bold.ttf"), str(FONT_DIR / "DejaVuSans.ttf")]
FAMILY = "DejaVu Sans"

# the corner index, in card units (the raster decks' geometry: IDX_BOX and its column)
IDX_X = 0.045 * W
IDX_Y = 0.032 * H
IDX_COL_W = 0.165 * W
RANK_H = 0.125 * H
IDX_PIP = 0.08 * H
STAR = 0.052 * H
RANK_GAP = 0.023 * H  # rank to pip: room under the Q's tail and the J's descender
STAR_GAP = 0.003 * H  # pip to trump star
IDX_BOX = (0.02 * W, 0.018 * H, 0.225 * W, 0.33 * H)
RADIUS = 0.06 * W  # the card's rounded corner
EDGE_W = 2.5  # the screen card's edge line
K_STEM = 0.216  # DejaVu Sans Bold's K stem, in its cap heights (measured): the 10's weight


def f(v: float) -> str:
    """A number as SVG text: two decimals at most, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def poly_d(pts) -> str:
    """A closed path through ``pts``."""
    it = iter(pts)
    x, y = next(it)
    return f"M{f(x)} {f(y)}" + "".join(f"L{f(a)} {f(b)}" for a, b in it) + "Z"


# --- pips -----------------------------------------------------------------------------------


def _arc_point(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _meet(c0: tuple[float, float], c1: tuple[float, float], r: float,
          outer: tuple[float, float]) -> tuple[float, float]:
    """Where two circles of radius ``r`` cross: the crossing nearer to ``outer``."""
    (x0, y0), (x1, y1) = c0, c1
    d = math.hypot(x1 - x0, y1 - y0)
    h = math.sqrt(max(r * r - d * d / 4, 0.0))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    p = (mx - uy * h, my + ux * h)
    q = (mx + uy * h, my - ux * h)
    return min((p, q), key=lambda t: math.hypot(t[0] - outer[0], t[1] - outer[1]))


def _club_d() -> str:
    """Three lobes and a flared stem traced as one outline (arcs of the lobes' outer sides)."""
    r = 0.215
    top, left, right = (0.5, 0.245), (0.255, 0.555), (0.745, 0.555)
    tl = _meet(top, left, r, (0.2, 0.2))
    tr = _meet(top, right, r, (0.8, 0.2))
    # the stem leaves the lower lobes on their inner sides, under the top lobe
    ls = _arc_point(*left, r, 32)
    rs = _arc_point(*right, r, 148)
    rr = f"{r:.4f} {r:.4f}"
    return (f"M{tl[0]:.4f} {tl[1]:.4f}A{rr} 0 1 1 {tr[0]:.4f} {tr[1]:.4f}"
            f"A{rr} 0 1 1 {rs[0]:.4f} {rs[1]:.4f}"
            "C0.545 0.8 0.585 0.915 0.685 0.985L0.315 0.985"
            f"C0.415 0.915 0.455 0.8 {ls[0]:.4f} {ls[1]:.4f}"
            f"A{rr} 0 1 1 {tl[0]:.4f} {tl[1]:.4f}Z")


# each pip one closed outline in a 1 x 1 box, drawn with cubic curves (the club with arcs)
_PIPS = {
    "H": ("M0.5 0.225C0.47 0.095 0.375 0.035 0.27 0.035C0.135 0.035 0.03 0.14 0.03 0.29"
          "C0.03 0.52 0.25 0.66 0.5 0.965C0.75 0.66 0.97 0.52 0.97 0.29"
          "C0.97 0.14 0.865 0.035 0.73 0.035C0.625 0.035 0.53 0.095 0.5 0.225Z"),
    "S": ("M0.5 0.015C0.41 0.2 0.035 0.33 0.035 0.57C0.035 0.705 0.135 0.79 0.265 0.79"
          "C0.36 0.79 0.44 0.745 0.482 0.675C0.475 0.8 0.425 0.905 0.315 0.985L0.685 0.985"
          "C0.575 0.905 0.525 0.8 0.518 0.675C0.56 0.745 0.64 0.79 0.735 0.79"
          "C0.865 0.79 0.965 0.705 0.965 0.57C0.965 0.33 0.59 0.2 0.5 0.015Z"),
    "D": ("M0.5 0.01C0.6 0.18 0.73 0.36 0.88 0.5C0.73 0.64 0.6 0.82 0.5 0.99"
          "C0.4 0.82 0.27 0.64 0.12 0.5C0.27 0.36 0.4 0.18 0.5 0.01Z"),
}


@lru_cache(maxsize=8)
def pip_d(suit: str) -> str:
    """The pip of ``suit`` as ONE closed outline in a 1 x 1 box: no parts that have to meet,
    so no slit or hole can show at any size."""
    if suit == "C":
        return _club_d()
    if suit in _PIPS:
        return _PIPS[suit]
    raise ValueError(f"not a suit: {suit!r}")


def pip(suit: str, cx: float, cy: float, size: float, color: str, *, flip: bool = False,
        extra: str = "") -> str:
    """A pip ``size`` units square centred on (cx, cy); ``flip`` turns it by 180°."""
    tr = f"translate({f(cx - size / 2)} {f(cy - size / 2)}) scale({f(size)})"
    if flip:
        tr = f"rotate(180 {f(cx)} {f(cy)}) " + tr
    return f'<path transform="{tr}" d="{pip_d(suit)}" fill="{color}"{extra}/>'


def pip_layout(code: str, *, cx: float, dx: float, y0: float, y1: float, size: float,
               color: str, extra: str = "") -> str:
    """The pips of a number card (7-10) in their columns; the lower ones turned."""
    out = []
    for col, row in PIP_LAYOUTS[code[0]]:
        y = y0 + (y1 - y0) * row
        out.append(pip(code[1], cx + col * dx, y, size, color, flip=row > 0.5, extra=extra))
    return "".join(out)


# --- the corner index -----------------------------------------------------------------------


@lru_cache(maxsize=4)
def _font(bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_FILES[0 if bold else 1], 1000)


def text_width(text: str, size: float, bold: bool = True) -> float:
    """The advance width of ``text`` in DejaVu Sans at ``size`` units."""
    return _font(bold).getlength(text) * size / 1000


def ink_box(text: str, bold: bool = True) -> tuple[float, float, float, float]:
    """The ink's box of ``text`` at 1000 units, relative to the start of its baseline."""
    font = _font(bold)
    asc = font.getmetrics()[0]
    x0, y0, x1, y1 = font.getbbox(text)
    return x0, y0 - asc, x1, y1 - asc


def _ten_d(x: float, top: float, height: float, max_w: float, stem: float) -> str:
    """The condensed "10" centred on ``x``: a 1 of stem and slanted flag drawn as ONE outline
    (nothing overlaps, so the even-odd rule cuts nothing out of it) and a superelliptic 0
    whose walls have the K's stem weight, its counter cut by the even-odd rule."""
    s = min(stem, max_w / 4.51)
    flag_w, gap, zero_w = s * 0.78, s * 0.18, s * 2.55
    total = flag_w + s + gap + zero_w
    left = x - total / 2 + s * 0.2  # the light flag: the ink's weight centred, not its box
    h = height
    a = left + flag_w  # the stem's left side
    drop = flag_w * 0.62  # the flag falls to the left
    thick = s * 0.78 * math.hypot(flag_w, drop) / flag_w  # its thickness, measured upright
    d = poly_d([(a, top), (a + s, top), (a + s, top + h), (a, top + h), (a, top + thick),
                (left, top + drop + thick), (left, top + drop)])

    def oval(cx: float, cy: float, rx: float, ry: float, e: float = 2.6, n: int = 96) -> str:
        pts = []
        for i in range(n):
            t = 2 * math.pi * i / n
            c, sn = math.cos(t), math.sin(t)
            pts.append((cx + rx * math.copysign(abs(c) ** (2 / e), c),
                        cy + ry * math.copysign(abs(sn) ** (2 / e), sn)))
        return poly_d(pts)

    cx, cy = a + s + gap + zero_w / 2, top + h / 2
    return d + oval(cx, cy, zero_w / 2, h / 2) + oval(cx, cy, zero_w / 2 - s, h / 2 - s * 0.86)


def rank_glyph(rank: str, cx: float, top: float, height: float, max_w: float,
               color: str) -> str:
    """The rank centred on ``cx``, its capitals exactly ``height`` units tall from ``top``;
    a glyph wider than ``max_w`` is narrowed; the ten is the condensed "10"."""
    if rank == "T":
        stem = K_STEM * height
        return (f'<path d="{_ten_d(cx, top, height, max_w * 1.1, stem)}" fill="{color}" '
                f'fill-rule="evenodd"/>')
    text = RANK_TEXT[rank]
    x0, y0, x1, _y1 = ink_box(text)
    cap = -ink_box("K")[1]  # the capital's height at 1000 units
    size = height * 1000 / cap
    ink_w = (x1 - x0) * size / 1000
    sx = min(1.0, max_w / ink_w)
    base = top + height
    # the ink's centre on cx: shift by the ink's left bearing
    left = cx - ink_w * sx / 2 - x0 * size / 1000 * sx
    tr = f"translate({f(left)} {f(base)}) scale({sx:.4f} 1)"
    return (f'<text transform="{tr}" font-family="{FAMILY}" font-weight="bold" '
            f'font-size="{f(size)}" fill="{color}">{text}</text>')


def star_pts(cx: float, cy: float, r_out: float, r_in: float, n: int = 5):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def trump_star(cx: float, cy: float, size: float) -> str:
    """The trump mark: a gold five-pointed star with an ink edge and a light centre."""
    r = size / 2
    return (f'<path d="{poly_d(star_pts(cx, cy, r, r * 0.45))}" fill="{INK}"/>'
            f'<path d="{poly_d(star_pts(cx, cy, r * 0.8, r * 0.34))}" fill="{GOLD}"/>'
            f'<path d="{poly_d(star_pts(cx, cy - r * 0.06, r * 0.34, r * 0.15))}" '
            f'fill="{GOLD_LIGHT}"/>')


def star_centre_y() -> float:
    y = IDX_Y + 0.012 * H + RANK_H + RANK_GAP + IDX_PIP + STAR_GAP
    return y + STAR / 2


def index(code: str, color: str, *, trump_mark: bool = True, box_fill: str | None = None,
          box_edge: str | None = None, inset: tuple[float, float] = (0.0, 0.0)) -> str:
    """The corner index top left and, turned by 180°, bottom right; ``inset`` moves it (and
    its box) that many units right and down from its place, towards the card's middle."""
    rank, suit = code[0], code[1]
    parts = []
    if box_fill is not None:
        x0, y0, x1, y1 = IDX_BOX
        edge = (f' stroke="{box_edge}" stroke-width="{f(0.004 * W * 2)}"' if box_edge else "")
        parts.append(f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
                     f'rx="{f(0.03 * W)}" fill="{box_fill}"{edge}/>')
    cx = IDX_X + IDX_COL_W / 2
    top = IDX_Y + 0.012 * H
    parts.append(rank_glyph(rank, cx, top, RANK_H, IDX_COL_W * 0.98, color))
    y = top + RANK_H + RANK_GAP
    parts.append(pip(suit, cx, y + IDX_PIP / 2, IDX_PIP, color))
    if trump_mark and is_trump(code):
        parts.append(trump_star(cx, star_centre_y(), STAR))
    one = "".join(parts)
    if inset != (0.0, 0.0):
        one = f'<g transform="translate({f(inset[0])} {f(inset[1])})">{one}</g>'
    return f'<g>{one}</g><g transform="rotate(180 {f(W / 2)} {f(H / 2)})">{one}</g>'


# --- the court figures' masters -------------------------------------------------------------

_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.S)
_VIEWBOX = re.compile(r'viewBox="([^"]+)"')


@lru_cache(maxsize=64)
def figure_master(theme_id: str, code: str) -> tuple[str, str]:
    """(viewBox, inner markup) of ``art/themes/<deck>/figures/<code>.svg``."""
    text = (THEMES_DIR / theme_id / "figures" / f"{code}.svg").read_text(encoding="utf-8")
    m = _SVG_OPEN.search(text)
    if m is None:
        raise ValueError(f"{theme_id} {code}: the figure is not an SVG")
    vb = _VIEWBOX.search(m.group(0))
    if vb is None:
        raise ValueError(f"{theme_id} {code}: the figure has no viewBox")
    inner = text[m.end():text.rindex("</svg>")]
    return vb.group(1), inner


def figure(theme_id: str, code: str, x: float, y: float, w: float, h: float,
           *, fit: str = "xMidYMid slice") -> str:
    """The figure master placed in the box (x, y, w, h), clipped to it."""
    vb, inner = figure_master(theme_id, code)
    return (f'<svg x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" viewBox="{vb}" '
            f'preserveAspectRatio="{fit}" overflow="hidden">{inner}</svg>')


# --- the card as a document -----------------------------------------------------------------


def document(body: str, *, bleed: float | None, stock: str = STOCK, edge: str = INK,
             defs: str = "") -> str:
    """A whole card. ``bleed is None``: for the screen, the corners rounded (transparent
    outside) and a thin edge line; else for print: square, ``bleed`` units of the card's
    ground beyond every side, no line on the cut."""
    if bleed is None:
        clip = (f'<clipPath id="card-shape"><rect width="{f(W)}" height="{f(H)}" '
                f'rx="{f(RADIUS)}"/></clipPath>')
        line = (f'<rect x="{f(EDGE_W / 2)}" y="{f(EDGE_W / 2)}" width="{f(W - EDGE_W)}" '
                f'height="{f(H - EDGE_W)}" rx="{f(RADIUS - EDGE_W / 2)}" fill="none" '
                f'stroke="{edge}" stroke-width="{f(EDGE_W)}"/>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {f(W)} {f(H)}">'
                f"<defs>{clip}{defs}</defs>"
                f'<g clip-path="url(#card-shape)"><rect width="{f(W)}" height="{f(H)}" '
                f'fill="{stock}"/>{body}</g>{line}</svg>')
    b = bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="{f(-b)} {f(-b)} {f(W + 2 * b)} {f(H + 2 * b)}"><defs>{defs}</defs>'
            f'<rect x="{f(-b)}" y="{f(-b)}" width="{f(W + 2 * b)}" height="{f(H + 2 * b)}" '
            f'fill="{stock}"/>{body}</svg>')


class RenderError(Exception):
    """An SVG card could not be rendered; one line."""


def render(svg: str, width: int, height: int) -> Image.Image:
    """Rasterise ``svg`` at exactly ``width`` x ``height`` pixels (RGBA), antialiased, with
    the game's fonts only (no system font changes a card)."""
    import resvg_py

    # the document itself asks for exactly width x height (resvg's own fit keeps the aspect and
    # is a pixel off at most card sizes, which a resample would then blur)
    sized = _SVG_OPEN.sub(lambda m: m.group(0)[:4] + f' width="{width}" height="{height}" '
                          f'preserveAspectRatio="none"' + m.group(0)[4:], svg, count=1)
    try:
        data = resvg_py.svg_to_bytes(svg_string=sized,
                                     skip_system_fonts=True, font_files=FONT_FILES,
                                     font_family=FAMILY, sans_serif_family=FAMILY)
    except ValueError as e:
        raise RenderError(str(e).splitlines()[0] if str(e) else "resvg failed") from e
    with Image.open(io.BytesIO(bytes(data))) as png:
        img = png.convert("RGBA")
    if img.size != (width, height):
        raise RenderError(f"resvg drew {img.size[0]}x{img.size[1]}, not {width}x{height}")
    return img


def masters_digest(theme_id: str) -> str:
    """A short digest of what a deck's vector cards are drawn from (its figure masters and the
    drawing code of this package): the disk cache keys its pictures by it."""
    import hashlib

    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for p in sorted(here.glob("*.py")):
        h.update(p.read_bytes())
    for p in (Path(__file__).resolve().parent.parent / "common.py",):
        h.update(p.read_bytes())
    fig = THEMES_DIR / theme_id / "figures"
    if fig.is_dir():
        for p in sorted(fig.glob("*.svg")):
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]
