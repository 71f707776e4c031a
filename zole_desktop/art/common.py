"""What the card generator's parts share: the deck, the card's size, the folders of the
game's art, the colours' helpers, the felt's texture and the PNG writer.

The cards themselves are SVG masters (:mod:`.vector`); the felt is drawn here with Pillow.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

# --- geometry -------------------------------------------------------------------------------

CARD_W, CARD_H = 640, 896  # output size, 5:7
SS = 2  # the raster geometry's canvas scale (rainis_data's caption box is in its units)
CW, CH = CARD_W * SS, CARD_H * SS

RANKS = "ATKQJ987"
SUITS = "CSHD"
DECK = [r + s for s in SUITS for r in "ATKQJ9"] + ["8D", "7D"]
RANK_TEXT = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8", "7": "7"}

def is_trump(code: str) -> bool:
    return code[0] in "QJ" or code[1] == "D"

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

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
FONT_DIR = REPO_ROOT / "art" / "fonts"
THEMES_DIR = REPO_ROOT / "art" / "themes"

# the corner index's box, in canvas units (the Rainis caption box keeps clear of it)
IDX_BOX = (int(0.02 * CW), int(0.018 * CH), int(0.225 * CW), int(0.33 * CH))

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

PIP_LAYOUTS = {
    "7": [(c, r) for c in (-1, 1) for r in (0, 0.5, 1)] + [(0, 0.25)],
    "8": [(c, r) for c in (-1, 1) for r in (0, 0.5, 1)] + [(0, 0.25), (0, 0.75)],
    "9": [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 0.5)],
    "T": [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 1 / 6), (0, 5 / 6)],
}
