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
    hexc,
)
from zole_desktop.art.shapes import _pip_master

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


def test_trump_star_inside_its_index_box():
    """On the Rainis trumps the star stays inside the index box (it broke through its bottom
    edge by 20 canvas px): drawn on a blank canvas, no gold and no ink below the box."""
    from zole_desktop.art.common import GOLD, IDX_BOX, draw_index

    img = Image.new("RGB", (CW, CH), (255, 255, 255))
    draw_index(img, "QC", INK, box_fill=(240, 240, 240), box_outline=INK)
    px = img.load()
    outline = int(0.004 * CW)
    gold_rows = [y for y in range(IDX_BOX[3] + 30) for x in range(IDX_BOX[0], IDX_BOX[2])
                 if not _far(px[x, y], [GOLD])]
    assert gold_rows and max(gold_rows) <= IDX_BOX[3] - outline - 6
    below = [(x, y) for y in range(IDX_BOX[3] + 2, IDX_BOX[3] + 40)
             for x in range(IDX_BOX[2]) if px[x, y] != (255, 255, 255)]
    assert below == []


def test_caption_inside_its_panel():
    """The caption is centred on the panel that shows, left of the bottom-right index box:
    "MAIJA, TURAIDAS ROZE" ran to 2 px from the box."""
    from zole_desktop.art.common import IDX_BOX

    pal = rainis.PAL["rainis-1"]
    img = Image.new("RGB", (CW, CH), pal["stock"])
    rainis._caption(img, "QH", "MAIJA, TURAIDAS ROZE", "«Mīla stiprāka par nāvi»", pal)
    x0, _, x1, y1 = rainis.FIELD
    top = y1 - rainis.CAPTION_H
    text = img.crop((0, top + 14, CW, y1))  # below the panel's two rules
    bg = Image.new("RGB", text.size, pal["stock"])
    box = ImageChops.difference(text, bg).convert("L").point(lambda v: 255 if v > 40 else 0)
    left, _, right, _ = box.getbbox()
    index_left = CW - IDX_BOX[2]
    assert right <= index_left - int(0.03 * CW)
    assert left >= x0 + int(0.02 * CW)
    # centred between the field's edge and the index box, within 1 % of the card
    assert abs((left + right) / 2 - (x0 + index_left) / 2) <= 0.01 * CW


@pytest.mark.parametrize("theme_id", ["rainis-1", "rainis-2"])
def test_ace_descriptions_print_at_7_pt(theme_id):
    """An ace's description was fitted down to 3.3-5.6 pt on the printed card (63 mm wide);
    now it wraps and keeps 7 pt."""
    pal = rainis.PAL[theme_id]
    pt = CW / (63 / 25.4 * 72)
    for code in ("AC", "AS", "AH", "AD"):
        cap, _names, desc, _sign = rainis.CARDS[theme_id][code]
        img = Image.new("RGB", (CW, CH), pal["stock"])
        lines = rainis._caption(img, code, cap, desc["lv"], pal)
        assert lines, code
        assert min(size for _text, size in lines) / pt >= 7.0, (code, lines)
        left, right = rainis.caption_span()
        from zole_desktop.art.common import font

        for text, size in lines:
            assert font(size, False).getlength(text) <= right - left + 2, (code, text)
        assert len(lines) <= 4, (code, lines)  # rank, name and at most two lines of it
        ink = ImageChops.difference(img, Image.new("RGB", img.size, pal["stock"]))
        bottom = ink.convert("L").point(lambda v: 255 if v > 40 else 0).getbbox()[3]
        assert bottom <= rainis.FIELD[3] - 8, code  # inside its panel


def test_ten_keeps_the_stroke_of_the_other_ranks():
    """The "10" was DejaVu's digits squeezed to 59 % of their width, its stems 0.6 of the
    K's; the condensed 10 keeps the K's stem within 10 % and its full height."""
    from zole_desktop.art.common import IDX_COL_W, RANK_H, ink_runs, rank_mask

    max_w = int(IDX_COL_W * 0.98)
    k = rank_mask("K", RANK_H, max_w)
    t = rank_mask("T", RANK_H, max_w)
    assert t.height == k.height
    stem = ink_runs(k, RANK_H // 5)[0]
    runs = ink_runs(t, RANK_H // 2)  # the 1's stem and the 0's two sides
    assert len(runs) == 3
    for w in runs:
        assert 0.9 * stem <= w <= 1.15 * stem, (runs, stem)
    assert t.width <= IDX_COL_W * 1.1


def test_classic_pips_keep_clear_of_their_frame():
    """The side columns of pips touched the hairline frame (about 3 px at 640 px): no pip ink
    within 0.015 of the card's width inside the frame."""
    margin = int(0.015 * CW)
    x0, y0, x1, y1 = classic.FRAME
    for code in ("9S", "TH", "9C", "TD", "7D", "8D"):
        img = classic.render(code)
        colour = classic.suit_colors(False)[code[1]]
        px = img.load()
        hits = [(x, y) for y in range(y0 + 10, y1 - 10, 2)
                for x in list(range(x0 + 3, x0 + margin)) + list(range(x1 - margin, x1 - 3))
                if not _far(px[x, y], [colour])]
        assert hits == [], code


@pytest.mark.parametrize("four", [False, True])
def test_court_figures_keep_out_of_the_corner_pip(four):
    """No figure ink (the outlines every drawn thing has) round a classic court panel's corner
    pip: the J♠'s feather ran through the ♠, the J♥'s torch, the K♥'s and J♦'s swords and the
    Q♠'s sceptre reached under theirs."""
    zone = classic.corner_pip_zone()
    for code in classic.COURTS:
        half = classic.court_half(code, four).crop(zone)
        px = half.load()
        ink = [(x, y) for y in range(half.height) for x in range(half.width)
               if not _far(px[x, y], [INK], 60)]
        assert ink == [], code
