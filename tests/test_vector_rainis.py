"""The Rainis decks' vector cards (art/vector/rainis.py), measured on what resvg renders and on
the SVG masters' own text: captions inside their panel and clear of the index box, type no
smaller than 7 pt on the printed card, the trump star inside its index box, the backs' pattern
inside its field and clear of the medallion's ring, truecolour renders (no posterised palette),
closed pips, a seamless belt frame, the twelve court figures of a deck told apart at the
table's size, and the four-colour inks."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from vector_parts import render_part

from zole_desktop.art import rainis_data as data
from zole_desktop.art import vector
from zole_desktop.art.common import DECK, is_trump
from zole_desktop.art.vector import kit
from zole_desktop.art.vector import rainis as vr

DECKS = ("rainis-1", "rainis-2")
COURTS = [c for c in DECK if c[0] in "KQJ"]
CAPTIONED = [c for c in DECK if c[0] in "KQJA"]
FULL = (744, 1039)  # 300 dpi at 63 x 88 mm
TABLE_720 = (112, 158)  # the table's card at 1280x720 (22 % of the height, 5:7)
PT7 = 7 * 25.4 / 72 * kit.UNITS_PER_MM  # 7 printed points in card units
SVG = "{http://www.w3.org/2000/svg}"

# the caption panel (the rows the table's name plate covers, caption_box) and the bottom-right
# index box's left edge, in card units
PANEL = (vr.FIELD[0], vr.CAPTION_TOP, vr.FIELD[2], vr.FIELD[3])
INDEX_LEFT = kit.W - vr.INDEX_BOX[2]
CLEAR = 0.015 * kit.W  # the least room between caption text and the index box


def _texts(svg: str) -> list[tuple[str, float, float, float, bool, str]]:
    """Every <text> of a master: (text, x0, x1, baseline, bold, size), its extent measured
    with kit.text_width from its anchor."""
    out = []
    for el in ET.fromstring(svg).iter(SVG + "text"):
        if "transform" in el.attrib:
            continue  # the corner index's rank glyph, placed by kit
        text = "".join(el.itertext())
        size = float(el.get("font-size", "0"))
        bold = el.get("font-weight") == "bold"
        x, y = float(el.get("x", "0")), float(el.get("y", "0"))
        w = kit.text_width(text, size, bold)
        anchor = el.get("text-anchor", "start")
        x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        out.append((text, x0, x0 + w, y, bold, size))
    return out


def _scale(box, size=FULL):
    sx, sy = size[0] / kit.W, size[1] / kit.H
    return (box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy)


@pytest.mark.parametrize("deck", DECKS)
def test_caption_text_lies_inside_its_panel_and_clear_of_the_index_box(deck):
    for code in CAPTIONED:
        texts = _texts(vector.card_svg(deck, code))
        assert len(texts) >= 3, (deck, code)
        for text, x0, x1, base, _bold, size in texts:
            where = f"{deck} {code} {text!r}"
            assert x0 >= PANEL[0] + 1, f"{where} starts {PANEL[0] - x0:.1f} left of the panel"
            assert x1 <= INDEX_LEFT - CLEAR, f"{where} runs to {x1:.1f}, box at {INDEX_LEFT}"
            assert base - vr.ASCENT * size >= PANEL[1], f"{where} rises above the panel"
            assert base + vr.DESCENT * size <= PANEL[3], f"{where} hangs below the panel"
        # and each line is centred on the panel's visible part, not on the card
        left, right = PANEL[0], INDEX_LEFT
        for text, x0, x1, _b, _bo, _s in texts:
            assert abs((x0 + x1) / 2 - (left + right) / 2) < 0.01 * kit.W, (deck, code, text)


@pytest.mark.parametrize("deck", DECKS)
def test_no_text_under_7_pt_at_print_size(deck):
    for code in CAPTIONED:
        for text, _x0, _x1, _b, _bold, size in _texts(vector.card_svg(deck, code)):
            assert size >= PT7 - 1e-6, f"{deck} {code} {text!r}: {size / PT7 * 7:.1f} pt"


@pytest.mark.parametrize("deck", DECKS)
def test_ace_descriptions_print_whole_at_7_pt_or_more(deck):
    for suit in "CSHD":
        code = "A" + suit
        desc = data.CARDS[deck][code][2]["lv"]
        lines = vr.caption_lines(deck, code)
        body = lines[2:]
        assert " ".join(ln.text for ln in body) == desc  # the whole description, wrapped
        assert all(ln.pt >= 7.0 for ln in body), [(ln.text, round(ln.pt, 1)) for ln in body]
        svg_texts = [t[0] for t in _texts(vector.card_svg(deck, code))]
        assert [ln.text for ln in body] == svg_texts[2:]


@pytest.mark.parametrize("deck", DECKS)
def test_caption_lines_fit_and_do_not_touch_for_every_card(deck):
    left, right = vr.caption_span()
    assert right <= INDEX_LEFT - CLEAR
    for code in CAPTIONED:
        lines = vr.caption_lines(deck, code)
        for ln in lines:
            assert kit.text_width(ln.text, ln.size, ln.bold) == pytest.approx(ln.x1 - ln.x0)
            assert left - 0.01 <= ln.x0 and ln.x1 <= right + 0.01, (deck, code, ln.text)
        for a, b in itertools.pairwise(lines):
            assert a.bottom <= b.top + 0.5, (deck, code, a.text, b.text)
        assert lines[0].top >= PANEL[1] and lines[-1].bottom <= PANEL[3], (deck, code)


@pytest.mark.parametrize("deck", DECKS)
def test_caption_ink_keeps_off_the_panel_edge_and_the_index_box(deck):
    """On the rendered card: the strips of the panel along its left edge and along the index
    box hold no ink, only the panel's own colour."""
    stock = Image.new("RGB", (1, 1), data.PAL[deck]["stock"]).getpixel((0, 0))
    sx, sy = FULL[0] / kit.W, FULL[1] / kit.H
    rows = (int((PANEL[1] + 12) * sy), int((PANEL[3] - 4) * sy))
    strips = [(int((PANEL[0] + 4) * sx), int((PANEL[0] + 0.01 * kit.W) * sx)),
              (int((INDEX_LEFT - CLEAR) * sx), int((INDEX_LEFT - 3) * sx))]
    left = strips[0][0]  # rendered: the band from the first strip to the end of the second
    for code in ("QH", "JH", "KH", "AH", "AD", "JD", "KC"):
        band = render_part(vector.card_svg(deck, code), *FULL,
                           (left, rows[0], strips[1][1], rows[1])).convert("RGB")
        for x0, x1 in strips:
            crop = band.crop((x0 - left, 0, x1 - left, rows[1] - rows[0]))
            worst = max(max(abs(a - b) for a, b in zip(px, stock, strict=True))
                        for px in crop.get_flattened_data())
            assert worst <= 6, f"{deck} {code}: ink in the strip x {x0}..{x1}"


def _without(svg: str, part: str) -> str:
    assert part in svg
    return svg.replace(part, "")


def _diff_box(a: Image.Image, b: Image.Image, level: int = 24):
    d = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return d.point(lambda v: 255 if v > level else 0).getbbox(), d


@pytest.mark.parametrize("deck", DECKS)
def test_the_trump_star_sits_inside_its_index_box(deck):
    star = kit.trump_star(kit.IDX_X + kit.IDX_COL_W / 2, kit.star_centre_y(), kit.STAR)
    x0, y0, x1, y1 = _scale(vr.INDEX_BOX)
    edge = 0.008 * kit.W * FULL[0] / kit.W
    half = (0, 0, FULL[0] // 2, FULL[1] // 2)
    for code in [c for c in DECK if is_trump(c)]:
        svg = vector.card_svg(deck, code)
        assert svg.count(star) == 2, (deck, code)  # top left and, turned, bottom right
        box, _d = _diff_box(render_part(svg, *FULL, half),
                            render_part(_without(svg, star), *FULL, half))
        assert box is not None, (deck, code)
        bx0, by0, bx1, by1 = box
        assert bx0 >= x0 + edge and by0 >= y0 + edge, (deck, code, box)
        assert bx1 <= x1 - edge and by1 <= y1 - edge, (deck, code, box, (x1, y1))


def _pattern_group(svg: str) -> str:
    m = re.search(r'<g id="back-pattern">.*?</g>', svg, re.S)
    assert m is not None, "the back has no pattern group"
    return m.group(0)


@pytest.mark.parametrize("deck", DECKS)
def test_the_back_pattern_stays_in_its_field_and_off_the_medallion_ring(deck):
    svg = vector.back_svg(deck)
    plain = _without(svg, _pattern_group(svg))
    box, d = _diff_box(kit.render(svg, *FULL), kit.render(plain, *FULL), level=8)
    assert box is not None
    fx0, fy0, fx1, fy1 = _scale(vr.BACK_INNER)
    assert box[0] >= fx0 - 1 and box[1] >= fy0 - 1, box
    assert box[2] <= fx1 + 1 and box[3] <= fy1 + 1, box
    # a real pattern: it covers a good part of its field
    ink = sum(1 for v in d.get_flattened_data() if v > 24)
    assert ink > 0.05 * (fx1 - fx0) * (fy1 - fy0), ink
    # nothing between the medallion's outline and the end of its clear ring
    ring = Image.new("L", FULL, 0)
    sx = FULL[0] / kit.W
    cx, cy = FULL[0] / 2, FULL[1] / 2
    r_out = (vr.BACK_R + vr.BACK_CLEAR) * sx - 1.5  # less the clip edge's antialiasing
    r_in = (vr.BACK_R + vr.HEAVY) * sx
    draw = ImageDraw.Draw(ring)
    draw.ellipse((cx - r_out, cy - r_out, cx + r_out, cy + r_out), fill=255)
    draw.ellipse((cx - r_in, cy - r_in, cx + r_in, cy + r_in), fill=0)
    inside = ImageChops.multiply(d.point(lambda v: 255 if v > 8 else 0), ring)
    assert inside.getbbox() is None, "the pattern shows inside the medallion's clear ring"


@pytest.mark.parametrize("deck", DECKS)
def test_the_print_back_runs_its_ground_to_the_bleed_with_no_line_on_the_cut(deck):
    b = kit.PRINT_BLEED
    svg = vector.back_svg(deck, bleed=b)
    w = round((kit.W + 2 * b) / kit.UNITS_PER_MM / 25.4 * 300)
    h = round((kit.H + 2 * b) / kit.UNITS_PER_MM / 25.4 * 300)
    img = kit.render(svg, w, h).convert("RGB")
    carmine = Image.new("RGB", (1, 1), data.CARMINE).getpixel((0, 0))
    for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 1), (1, h // 2)):
        assert img.getpixel(p) == carmine, p
    cut = round(b / kit.UNITS_PER_MM / 25.4 * 300)
    for x in (cut - 1, cut, cut + 1):  # along the cut line the carmine runs on
        column = img.crop((x, h // 4, x + 1, 3 * h // 4))
        assert set(column.get_flattened_data()) == {carmine}, x


@pytest.mark.parametrize("deck", DECKS)
def test_renders_are_truecolour_not_a_posterised_palette(deck):
    for code in ("KC", "QH"):
        fresh = vector.render_card(deck, code, *FULL)
        assert fresh.mode == "RGBA"
        # a 256-colour palette (what the old PNGs were quantised to) caps this at 256; the
        # antialiased edges of flat fields give a fresh render many more
        colours = len(set(fresh.convert("RGB").get_flattened_data()))
        assert colours > 512, (code, colours)


def _holes(mask: Image.Image) -> int:
    """Pixels of the background that the outside cannot reach: holes in the ink."""
    w, h = mask.size
    big = Image.new("L", (w + 2, h + 2), 0)
    big.paste(mask, (1, 1))
    ImageDraw.floodfill(big, (0, 0), 128)
    return sum(1 for v in big.get_flattened_data() if v == 0)


@pytest.mark.parametrize("deck", DECKS)
def test_every_pip_is_one_closed_shape(deck):
    for suit in "CSHD":
        code = "9" + suit
        ink = Image.new("RGB", (1, 1), vr.suit_color(deck, suit, False)).getpixel((0, 0))
        size = 0.15 * kit.W * 1488 / kit.W
        cx, cy = 1488 / 2, 2078 / 2
        crop = render_part(vector.card_svg(deck, code), 1488, 2078, (
            int(cx - size * 0.62), int(cy - size * 0.62), int(cx + size * 0.62),
            int(cy + size * 0.62))).convert("RGB")
        mask = Image.new("L", crop.size, 0)
        mask.putdata([255 if max(abs(a - b) for a, b in zip(px, ink, strict=True)) < 90 else 0
                      for px in crop.get_flattened_data()])
        assert ImageStat.Stat(mask).mean[0] > 40, (deck, code)
        assert _holes(mask) == 0, f"{deck} {code}: the pip has holes"


@pytest.mark.parametrize("deck", DECKS)
def test_the_belt_frame_is_seamless_and_turns_into_itself(deck):
    """The frame's edge stripe runs unbroken through the corners, and the frame is the same
    turned by 180° (as the card is)."""
    img = vector.render_card(deck, "9C", *FULL).convert("RGB")
    sx = FULL[0] / kit.W
    red = Image.new("RGB", (1, 1), data.PAL[deck]["band"]).getpixel((0, 0))
    # the outer edge stripe: its centre line, from the top-right corner square to the left
    stripe = vr.BAND * 0.075
    off = vr.MEDIUM / 2 + stripe * 0.7 + stripe / 2
    y = round((vr.M + off) * sx)
    run = img.crop((int(kit.W * 0.3 * sx), y, int((kit.W - vr.M - off) * sx) - 2, y + 1))
    close = [max(abs(a - b) for a, b in zip(px, red, strict=True)) < 40
             for px in run.get_flattened_data()]
    assert all(close), f"{deck}: the edge stripe breaks ({close.count(False)} px)"
    x = round((kit.W - vr.M - off) * sx)
    run = img.crop((x, int(kit.H * 0.4 * sx), x + 1, int(kit.H * 0.6 * sx)))
    assert all(max(abs(a - b) for a, b in zip(px, red, strict=True)) < 40
               for px in run.get_flattened_data()), f"{deck}: the right stripe breaks"
    # the band (top and right strips, clear of the index boxes) turned by 180°
    band = round((vr.M + vr.BAND) * sx) + 2
    top = img.crop((int(0.3 * FULL[0]), 0, FULL[0] - band, band))
    bottom = img.crop((band, FULL[1] - band, int(0.7 * FULL[0]), FULL[1])).rotate(180)
    diff = min(ImageStat.Stat(ImageChops.difference(
        top, ImageChops.offset(bottom, dx, dy)).convert("L")).mean[0]
        for dx in (-1, 0, 1) for dy in (-1, 0, 1))  # a pixel's rounding either way
    assert diff < 3, diff


@pytest.mark.parametrize("deck", DECKS)
def test_the_twelve_courts_differ_at_table_size(deck):
    x0, y0, x1, _y1 = _scale(vr.FIELD, TABLE_720)
    panel = (int(x0) + 1, int(y0) + 1, int(x1) - 1, int(vr.CAPTION_TOP * TABLE_720[1] / kit.H))
    crops = {c: vector.render_card(deck, c, *TABLE_720).convert("RGB").crop(panel)
             for c in COURTS}
    for a, b in itertools.combinations(COURTS, 2):
        d = ImageStat.Stat(ImageChops.difference(crops[a], crops[b]).convert("L")).mean[0]
        assert d > 30, f"{deck}: {a} and {b} look alike at the table ({d:.1f})"


@pytest.mark.parametrize("deck", DECKS)
def test_four_colours_recolour_the_diamonds_and_clubs(deck):
    for code, suit in (("9D", "D"), ("AC", "C"), ("KD", "D")):
        plain = vector.card_svg(deck, code)
        four = vector.card_svg(deck, code, four=True)
        assert vr.FOUR[suit] in four and vr.FOUR[suit] not in plain, (deck, code)
    assert vector.card_svg(deck, "9H", four=True) == vector.card_svg(deck, "9H")


@pytest.mark.parametrize("deck", DECKS)
def test_in_four_colours_the_four_suits_have_four_inks(deck):
    """♠ black, ♥ red, ♦ blue, ♣ green: in rainis-2, whose black is navy, the ♠ and the blue
    ♦ were two blues at thumbnail size."""
    def rgb(c: str) -> tuple[int, ...]:
        return tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))

    inks = [rgb(vr.suit_color(deck, s, True)) for s in "CSHD"]
    for i, a in enumerate(inks):
        for b in inks[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 120, (deck, inks)
    s_ink = rgb(vr.suit_color(deck, "S", True))
    assert max(s_ink) < 60  # a black, not a blue


def test_the_ace_medallion_keeps_clear_of_both_index_boxes_and_the_caption():
    cx, cy = vr.ace_centre()
    r = vr.ACE_R + vr.HEAVY / 2
    x0, y0, x1, y1 = vr.INDEX_BOX
    rx = 0.03 * kit.W  # the box's rounded corner
    corner = (x1 - rx, y1 - rx)
    gap = ((cx - corner[0]) ** 2 + (cy - corner[1]) ** 2) ** 0.5 - rx - r
    assert gap >= 4, gap
    assert cy + r <= kit.H - y1 - 4  # above the turned index box (which starts lower)
    assert cy + r <= vr.CAPTION_TOP - 8 and cy - r >= vr.FIELD[1] + 8


def test_the_figures_keep_clear_zone_covers_the_index_box():
    """The figure masters keep their top-left 110 x 240 (tests/test_figures.py) plain: placed
    on the card (the figure panel, "xMidYMid slice") that zone must hold the whole index box,
    its edge stroke included."""
    x0, y0, x1, _y1 = vr.FIELD
    y1 = vr.CAPTION_TOP
    w, h = x1 - x0, y1 - y0
    s = max(w / 480, h / 580)
    ox, oy = x0 + (w - 480 * s) / 2, y0 + (h - 580 * s) / 2
    edge = 0.004 * kit.W  # half the box's stroke
    assert vr.INDEX_BOX[2] + edge <= ox + 110 * s
    assert vr.INDEX_BOX[3] + edge <= oy + 240 * s


@pytest.mark.parametrize("deck", DECKS)
def test_number_pips_keep_clear_of_the_index_boxes(deck):
    """On the rendered 10s (the widest and tallest layout): no pip ink within 8 units of an
    index box."""
    sx, sy = FULL[0] / kit.W, FULL[1] / kit.H
    pad = 8
    bx0, by0, bx1, by1 = vr.INDEX_BOX
    for suit in "CSHD":
        code = "T" + suit
        svg = vector.card_svg(deck, code)
        pips = kit.pip_layout(code, cx=kit.W / 2, dx=vr.PIP_DX, y0=0.17 * kit.H,
                              y1=0.83 * kit.H, size=vr.PIP_SIZE,
                              color=vr.suit_color(deck, suit, False))
        box, _d = _diff_box(kit.render(svg, *FULL), kit.render(_without(svg, pips), *FULL))
        assert box is not None, (deck, code)
        # the pips' ink lies between the two boxes' inner edges, with room to spare
        assert box[0] >= (bx1 + pad) * sx, (deck, code, box)
        assert box[2] <= (kit.W - bx1 - pad) * sx, (deck, code, box)
        assert box[1] >= by0 * sy and box[3] <= (kit.H - by0) * sy, (deck, code, box)
