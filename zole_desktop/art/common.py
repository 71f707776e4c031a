"""Shared drawing helpers for the card generator: fonts, card stock, indices, pips, trump mark.

Everything is drawn on a canvas at ``SS`` times the output size and scaled down with LANCZOS
at the end (``finish``), which gives smooth edges without relying on antialiased primitives.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path
from typing import cast

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from .shapes import _pip_master, _ten

# --- geometry -------------------------------------------------------------------------------

CARD_W, CARD_H = 640, 896  # output size, 5:7
SS = 2  # supersampling factor
CW, CH = CARD_W * SS, CARD_H * SS  # drawing canvas

RANKS = "ATKQJ987"
SUITS = "CSHD"
DECK = [r + s for s in SUITS for r in "ATKQJ9"] + ["8D", "7D"]
RANK_TEXT = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8", "7": "7"}


def is_trump(code: str) -> bool:
    return code[0] in "QJ" or code[1] == "D"


# --- colours --------------------------------------------------------------------------------

INK = (30, 27, 24)  # #1E1B18
LINEN = (243, 238, 226)  # #F3EEE2
WHITE_STOCK = (250, 248, 242)
GOLD = (226, 179, 60)  # #E2B33C
CARMINE = (158, 48, 57)  # #9E3039


def hexc(s: str) -> tuple[int, int, int]:
    s = s.lstrip("#")
    return tuple(int(s[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def mix(a, b, t: float):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


# --- fonts ----------------------------------------------------------------------------------

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
FONT_DIR = REPO_ROOT / "art" / "fonts"
THEMES_DIR = REPO_ROOT / "art" / "themes"


@lru_cache(maxsize=256)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), max(4, int(size)))


def fit_font(text: str, max_w: float, size: int, bold: bool = True, min_size: int = 10):
    """Largest font not above ``size`` in which ``text`` is at most ``max_w`` wide."""
    while size > min_size:
        f = font(size, bold)
        if f.getlength(text) <= max_w:
            return f
        size -= 2
    return font(min_size, bold)


def text_center(draw: ImageDraw.ImageDraw, cx: float, y: float, text: str, f, fill) -> float:
    """Draw ``text`` centred on ``cx`` with its top at ``y``; return the bottom y."""
    x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=f)
    draw.text((cx - (x1 - x0) / 2 - x0, y - y0), text, font=f, fill=fill)
    return y + (y1 - y0)


# --- pips -----------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def pip_mask(suit: str, size: int, flip: bool = False) -> Image.Image:
    m = _pip_master(suit).resize((size, size), Image.Resampling.LANCZOS)
    return m.rotate(180) if flip else m


def paste_pip(img: Image.Image, suit: str, cx: float, cy: float, size: float, color,
              flip: bool = False, outline=None) -> None:
    s = int(size)
    m = pip_mask(suit, s, flip)
    x, y = int(cx - s / 2), int(cy - s / 2)
    if outline is not None:
        grown = m.filter(ImageFilter.MaxFilter(5))
        img.paste(outline, (x, y), grown)
    img.paste(color, (x, y), m)


# --- index ----------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def rank_mask(rank: str, height: int, max_w: int) -> Image.Image:
    """The rank glyphs (DejaVu Sans Bold), cropped tight, scaled to ``height`` px.  A glyph
    wider than ``max_w`` is narrowed; the "10" is a condensed cut of its own (``_ten``)."""
    if rank == "T":  # the "10" may take 1.1 times the column: the index box has the room
        return _ten(height, stem_width(height), int(max_w * 1.1))
    text = RANK_TEXT[rank]
    f = font(400, True)
    parts = []
    for ch in text:
        box = f.getbbox(ch)
        im = Image.new("L", (int(box[2]) + 20, int(box[3]) + 20), 0)
        ImageDraw.Draw(im).text((10, 10), ch, font=f, fill=255)
        parts.append(im.crop(im.getbbox()))
    gap = 26
    w = sum(p.width for p in parts) + gap * (len(parts) - 1)
    h = max(p.height for p in parts)
    out = Image.new("L", (w, h), 0)
    x = 0
    for p in parts:
        out.paste(p, (x, h - p.height))
        x += p.width + gap
    scale = height / h
    tw = min(int(w * scale), max_w)
    return out.resize((max(1, tw), height), Image.Resampling.LANCZOS)


def ink_runs(mask: Image.Image, y: int, level: int = 128) -> list[int]:
    """Widths of the runs of ink along row ``y`` of a mask, left to right."""
    runs, n = [], 0
    for x in range(mask.width):
        if cast(int, mask.getpixel((x, y))) >= level:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    if n:
        runs.append(n)
    return runs


@lru_cache(maxsize=16)
def stem_width(height: int) -> int:
    """The vertical stem of the bold K at this index height: the weight the "10" keeps."""
    k = rank_mask("K", height, 10**6)
    return ink_runs(k, height // 5)[0]


# index column geometry in canvas pixels
IDX_X = int(0.045 * CW)
IDX_Y = int(0.032 * CH)
IDX_COL_W = int(0.165 * CW)
RANK_H = int(0.125 * CH)
IDX_PIP = int(0.085 * CH)
STAR = int(0.056 * CH)
IDX_BOX = (int(0.02 * CW), int(0.018 * CH), int(0.225 * CW), int(0.33 * CH))


def star_centre_y() -> float:
    """Where the trump star sits under the index's suit: its points stay 0.008 CH inside
    the bottom of the index box (they used to break through it by 20 px)."""
    y = IDX_Y + int(0.012 * CH) + RANK_H + int(0.008 * CH) + IDX_PIP + int(0.006 * CH)
    return y + STAR / 2


def star_points(cx, cy, r_out, r_in, n=5, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_trump_star(draw: ImageDraw.ImageDraw, cx, cy, size) -> None:
    r = size / 2
    draw.polygon(star_points(cx, cy, r, r * 0.45), fill=INK)
    draw.polygon(star_points(cx, cy, r * 0.80, r * 0.34), fill=GOLD)
    draw.polygon(star_points(cx, cy - r * 0.06, r * 0.34, r * 0.15), fill=mix(GOLD, (255,) * 3, .5))


def draw_index(img: Image.Image, code: str, color, *, trump_mark: bool = True,
               box_fill=None, box_outline=None) -> None:
    """Corner index top-left plus the same rotated 180° bottom-right."""
    rank, suit = code[0], code[1]
    layer = Image.new("RGBA", (IDX_BOX[2] + 4, IDX_BOX[3] + 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if box_fill is not None:
        d.rounded_rectangle(IDX_BOX, radius=int(0.03 * CW), fill=box_fill,
                            outline=box_outline, width=int(0.004 * CW) if box_outline else 0)
    cx = IDX_X + IDX_COL_W / 2
    m = rank_mask(rank, RANK_H, int(IDX_COL_W * 0.98))
    layer.paste(color, (int(cx - m.width / 2), IDX_Y + int(0.012 * CH)), m)
    y = IDX_Y + int(0.012 * CH) + RANK_H + int(0.008 * CH)
    paste_pip(layer, suit, cx, y + IDX_PIP / 2, IDX_PIP, color)
    if trump_mark and is_trump(code):
        draw_trump_star(d, cx, star_centre_y(), STAR)
    img.alpha_composite(layer, (0, 0)) if img.mode == "RGBA" else img.paste(layer, (0, 0), layer)
    flipped = layer.rotate(180)
    pos = (CW - layer.width, CH - layer.height)
    if img.mode == "RGBA":
        img.alpha_composite(flipped, pos)
    else:
        img.paste(flipped, pos, flipped)


# --- card stock and output ------------------------------------------------------------------

RADIUS = int(0.06 * CW)
EDGE_W = max(2, int(0.0045 * CW))


def new_card(stock=WHITE_STOCK, grain: float = 0.0, seed: int = 0) -> Image.Image:
    img = Image.new("RGB", (CW, CH), stock)
    if grain:
        img = add_noise(img, grain, seed)
    return img


def add_noise(img: Image.Image, amount: float, seed: int = 0, blur: float = 0.0) -> Image.Image:
    """Monochrome grain: ``amount`` is the standard deviation in 8-bit levels."""
    rnd = random.Random(seed)
    w, h = img.size
    n = seeded_noise((w, h), rnd)
    if blur:
        n = n.filter(ImageFilter.GaussianBlur(blur))
    # shift the noise so that the same seed does not always give the same grain
    n = ImageChops.offset(n, rnd.randrange(w), rnd.randrange(h))
    n = n.point(lambda v: max(0, min(255, int(128 + (v - 128) * amount / 52))))
    return _overlay(img, Image.merge("RGB", (n, n, n)))


def seeded_noise(size: tuple[int, int], rnd: random.Random) -> Image.Image:
    """Reproducible grain centred on 128 (std about 52): the mean of two uniform images."""
    w, h = size
    a = Image.frombytes("L", size, rnd.randbytes(w * h))
    b = Image.frombytes("L", size, rnd.randbytes(w * h))
    return Image.blend(a, b, 0.5)


def _overlay(img: Image.Image, grey: Image.Image) -> Image.Image:
    # additive around mid grey: img + (grey - 128)
    pos = grey.point(lambda v: max(0, v - 128))
    neg = grey.point(lambda v: max(0, 128 - v))
    return ImageChops.subtract(ImageChops.add(img, pos), neg)


@lru_cache(maxsize=2)
def _corner_mask() -> Image.Image:
    m = Image.new("L", (CW, CH), 0)
    ImageDraw.Draw(m).rounded_rectangle([0, 0, CW - 1, CH - 1], radius=RADIUS, fill=255)
    return m.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def draw_edge(img: Image.Image, color=INK) -> None:
    ImageDraw.Draw(img).rounded_rectangle([0, 0, CW - 1, CH - 1], radius=RADIUS,
                                          outline=color, width=EDGE_W)


def finish(img: Image.Image, size: tuple[int, int] | None = None, colors: int = 256
           ) -> Image.Image:
    """Downscale the canvas, cut the rounded corners and return an RGBA card."""
    draw_edge(img)
    out = img.convert("RGB").resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    out.putalpha(_corner_mask())
    if size and tuple(size) != (CARD_W, CARD_H):
        out = out.resize(size, Image.Resampling.LANCZOS)
    return out


def save_png(img: Image.Image, path: Path, colors: int = 0, dither: bool = True) -> None:
    """Write ``img`` as a PNG: full colour (the default; a palette posterises the gradients)
    at zlib's strongest compression, or quantised to ``colors`` for flat textures."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if colors:
        q = img.quantize(colors=colors, method=Image.Quantize.FASTOCTREE,
                         dither=Image.Dither.FLOYDSTEINBERG if dither else Image.Dither.NONE)
        q.save(path, optimize=True)
    else:
        img.save(path, compress_level=9)


R_CLEAR = int(0.02 * CW)  # clear space between a back's medallion and its pattern


def back_field_mask(inset: int, radius: int, centre, clear_r: float) -> Image.Image:
    """Where a back's pattern may show: the field inset by ``inset`` from the card's edge
    (rounded by ``radius``), less a disc of ``clear_r`` round the medallion's ``centre``."""
    mask = Image.new("L", (CW, CH), 0)
    md = ImageDraw.Draw(mask)
    md.rounded_rectangle([inset, inset, CW - inset, CH - inset], radius=radius, fill=255)
    cx, cy = centre
    md.ellipse([cx - clear_r, cy - clear_r, cx + clear_r, cy + clear_r], fill=0)
    return mask


# --- simple shapes --------------------------------------------------------------------------


def vgradient(img: Image.Image, box, top, bottom) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    d = ImageDraw.Draw(img)
    h = max(1, y1 - y0)
    for y in range(y0, y1):
        d.line([(x0, y), (x1 - 1, y)], fill=mix(top, bottom, (y - y0) / h))


def felt(color, seed: int = 1, size: int = 512) -> Image.Image:
    """A tileable felt texture: fine grain plus a faint fibre cloud, no vignette."""
    base = Image.new("RGB", (size, size), color)
    rnd = random.Random(seed)
    # low-frequency cloud, made tileable by blurring a 3x3 tiled copy and cropping the middle
    cloud = seeded_noise((size, size), rnd).point(lambda v: int(128 + (v - 128) * 40 / 52))
    big = Image.new("L", (size * 3, size * 3))
    for i in range(3):
        for j in range(3):
            big.paste(cloud, (i * size, j * size))
    big = big.filter(ImageFilter.GaussianBlur(9)).crop((size, size, 2 * size, 2 * size))
    big = big.point(lambda v: max(0, min(255, int(128 + (v - 128) * 0.9))))
    fine = seeded_noise((size, size), rnd).point(lambda v: int(128 + (v - 128) * 14 / 52))
    lo = _overlay(base, Image.merge("RGB", (big,) * 3))
    out = _overlay(lo, Image.merge("RGB", (fine,) * 3))
    # a few short fibres
    d = ImageDraw.Draw(out)
    for _ in range(260):
        x, y = rnd.random() * size, rnd.random() * size
        a = rnd.random() * math.pi
        ln = 3 + rnd.random() * 7
        c = mix(color, (255, 255, 255) if rnd.random() < 0.5 else (0, 0, 0), 0.08)
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                d.line([(x + dx, y + dy), (x + dx + ln * math.cos(a), y + dy + ln * math.sin(a))],
                       fill=c, width=1)
    return out


class Painter:
    """Draw in a local frame: (u, v) -> (x0 + u * sx, y0 + v * sy); widths are in u units."""

    def __init__(self, img: Image.Image, x0: float, y0: float, sx: float, sy: float | None = None,
                 flip: bool = False):
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.x0, self.y0, self.sx = x0, y0, sx
        self.sy = sx if sy is None else sy

    def P(self, u: float, v: float) -> tuple[float, float]:
        return (self.x0 + u * self.sx, self.y0 + v * self.sy)

    def W(self, w: float) -> int:
        return max(1, int(round(w * self.sx)))

    def poly(self, pts, fill=None, outline=None, w: float = 0.0) -> None:
        self.d.polygon([self.P(*p) for p in pts], fill=fill, outline=outline,
                       width=self.W(w) if outline is not None else 1)

    def ell(self, cu, cv, ru, rv=None, fill=None, outline=None, w: float = 0.0) -> None:
        rv = ru if rv is None else rv
        self.d.ellipse([self.P(cu - ru, cv - rv), self.P(cu + ru, cv + rv)], fill=fill,
                       outline=outline, width=self.W(w) if outline is not None else 1)

    def rect(self, u0, v0, u1, v1, fill=None, outline=None, w: float = 0.0, r: float = 0.0
             ) -> None:
        box = [self.P(u0, v0), self.P(u1, v1)]
        width = self.W(w) if outline is not None else 1
        if r:
            self.d.rounded_rectangle(box, radius=self.W(r), fill=fill, outline=outline,
                                     width=width)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=width)

    def line(self, pts, fill, w: float, curve: bool = True) -> None:
        self.d.line([self.P(*p) for p in pts], fill=fill, width=self.W(w),
                    joint="curve" if curve else None)
        if curve:
            r = self.W(w) / 2
            for p in (pts[0], pts[-1]):
                x, y = self.P(*p)
                self.d.ellipse([x - r + .5, y - r + .5, x + r - .5, y + r - .5], fill=fill)

    def arc(self, cu, cv, ru, rv, a0, a1, fill, w: float) -> None:
        self.d.arc([self.P(cu - ru, cv - rv), self.P(cu + ru, cv + rv)], a0, a1, fill=fill,
                   width=self.W(w))

    def chord(self, cu, cv, ru, rv, a0, a1, fill=None, outline=None, w: float = 0.0) -> None:
        self.d.chord([self.P(cu - ru, cv - rv), self.P(cu + ru, cv + rv)], a0, a1, fill=fill,
                     outline=outline, width=self.W(w) if outline is not None else 1)

    def pie(self, cu, cv, ru, rv, a0, a1, fill=None, outline=None, w: float = 0.0) -> None:
        self.d.pieslice([self.P(cu - ru, cv - rv), self.P(cu + ru, cv + rv)], a0, a1, fill=fill,
                        outline=outline, width=self.W(w) if outline is not None else 1)

    def star(self, cu, cv, r, fill, n=5, inner=0.45, rot=-math.pi / 2) -> None:
        self.poly(star_points(cu, cv, r, r * inner, n, rot), fill=fill)

    def pip(self, suit, cu, cv, size, color, flip=False) -> None:
        x, y = self.P(cu, cv)
        paste_pip(self.img, suit, x, y, size * self.sx, color, flip)


def bezier(p0, p1, p2, n: int = 16, p3=None):
    """Points along a quadratic (or cubic, with p3) Bézier curve."""
    out = []
    for k in range(n + 1):
        t = k / n
        if p3 is None:
            a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
            out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
        else:
            a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
            out.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                        a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
    return out


# --- number-card pip layouts ----------------------------------------------------------------

# (column, row) with columns -1/0/1 and rows 0..1 from top to bottom
PIP_LAYOUTS = {
    "7": [(c, r) for c in (-1, 1) for r in (0, 0.5, 1)] + [(0, 0.25)],
    "8": [(c, r) for c in (-1, 1) for r in (0, 0.5, 1)] + [(0, 0.25), (0, 0.75)],
    "9": [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 0.5)],
    "T": [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 1 / 6), (0, 5 / 6)],
}


def draw_pips(img: Image.Image, code: str, color, *, cx: float, dx: float, y0: float,
              y1: float, size: float, outline=None) -> None:
    rank, suit = code[0], code[1]
    for col, row in PIP_LAYOUTS[rank]:
        y = y0 + (y1 - y0) * row
        flip = row > 0.5 or (row == 0.5 and col == 0 and False)
        paste_pip(img, suit, cx + col * dx, y, size, color, flip=flip, outline=outline)
