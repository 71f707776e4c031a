"""Drawing bugs of the generated card art (issue 33), each measured on the pixels: closed pips,
back patterns inside their field, full-colour gradients, and nothing running into the corner
indices or out of its panel."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter

from zole_desktop.art import classic, rainis
from zole_desktop.art.common import (
    CH,
    CW,
    INK,
    WHITE_STOCK,
    _pip_master,
    hexc,
)

CLEAR = int(0.02 * CW)  # the clear ring round a back's medallion, canvas pixels
THEMES = Path(__file__).resolve().parent.parent / "art" / "themes"


def _notches(mask: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Background pixels inside ``box`` (fractions of the mask) that a morphological closing
    (9 px) fills: a slit or wedge between two shapes that do not meet, not a smooth edge."""
    closed = mask.filter(ImageFilter.MaxFilter(9)).filter(ImageFilter.MinFilter(9))
    gaps = ImageChops.subtract(closed, mask).point(lambda v: 255 if v > 128 else 0)
    n = mask.width
    region = gaps.crop(tuple(int(v * n) for v in box))
    return region.histogram()[255]


@pytest.mark.parametrize("suit, sides", [
    ("H", (0.0, 0.38, 1.0, 0.92)),  # the heart's straight lower sides
    ("S", (0.0, 0.06, 1.0, 0.5)),  # the spade's shoulders
])
def test_pip_is_one_closed_outline(suit, sides):
    # the old heart had 2,225 such pixels in all, the spade 1,040: wedge slits along the sides
    assert _notches(_pip_master(suit), sides) <= 10


def _far(px, colours, tol=20) -> bool:
    return all(max(abs(px[i] - c[i]) for i in range(3)) > tol for c in colours)


def _stray(img: Image.Image, inside, allowed, step=2) -> int:
    """Pixels for which ``inside(x, y)`` is false whose colour is none of ``allowed``."""
    rgb = img.convert("RGB")
    px = rgb.load()
    n = 0
    for y in range(0, rgb.height, step):
        for x in range(0, rgb.width, step):
            if not inside(x, y) and _far(px[x, y], allowed):
                n += 1
    return n


def test_classic_back_pattern_stays_in_its_field():
    img = classic.render_back()
    m = int(0.055 * CW)
    navy = hexc("#1F3357")

    def field(x, y):  # outside: the white border and the gold rule (6 px inward from m)
        return m + 6 <= x <= CW - m - 6 and m + 6 <= y <= CH - m - 6

    assert _stray(img, field, [WHITE_STOCK, (226, 179, 60), navy]) == 0
    # the medallion's clear ring holds the field colour only
    cx, cy, R = CW / 2, CH / 2, CW * 0.2
    assert _ring_stray(img, cx, cy, R + 6, R + CLEAR - 2, [navy]) == 0


def _ring_stray(img, cx, cy, r0, r1, allowed) -> int:
    rgb = img.convert("RGB").load()
    n = 0
    for k in range(720):
        a = k * math.pi / 360
        for r in range(int(r0), int(r1)):
            x, y = int(cx + r * math.cos(a)), int(cy + r * math.sin(a))
            if _far(rgb[x, y], allowed):
                n += 1
    return n


@pytest.mark.parametrize("theme_id, field", [("rainis-1", "#F3EEE2"), ("rainis-2", "#1F2F5C")])
def test_rainis_back_pattern_stays_in_its_field(theme_id, field):
    img = rainis.render_back(theme_id)
    u = int(0.02 * CW)

    def inner(x, y):  # the carmine-white-carmine frame is outside, the black rule on the edge
        return 5 * u - 3 < x < CW - 5 * u + 3 and 5 * u - 3 < y < CH - 5 * u + 3

    assert _stray(img, inner, [hexc("#9E3039"), hexc("#F8F5EC")]) == 0
    cx, cy, R = CW / 2, CH / 2, 0.26 * CW
    assert _ring_stray(img, cx, cy, R + 8, R + CLEAR - 2, [hexc(field)]) == 0
    assert INK  # the rule itself is ink


def test_shipped_cards_keep_their_gradients():
    """The shipped PNGs are full colour: the firelit sky of Lāčplēsis (rainis-1 K♣) has
    about 200 colours in a strip beside his head, where the 256-colour files had 46."""
    with Image.open(THEMES / "rainis-1" / "KC.png") as im:
        assert im.mode in ("RGB", "RGBA")
        strip = im.convert("RGB").crop((150, 90, 230, 300))
    assert len(strip.getcolors(1 << 20)) > 150  # 206 in the full-colour file
