"""The classic deck's vector cards (zole_desktop.art.vector.classic and the kit's pieces),
measured on their renders as a publisher checks a deck: every pip one closed shape, the back's
pattern inside its field and no line on the cut, the trump star inside the index column,
the 10 as strong as the K, nothing running into a corner index or a court's own pip, the
courts' halves turned copies of each other, the queens told apart at table size, four colours
that recolour only the ♦ and ♣ marks, and renders crisp at exactly the size the table asks."""

from __future__ import annotations

import io

import pytest
import resvg_py
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat
from vector_parts import render_part

from zole_desktop.art import vector
from zole_desktop.art.common import DECK, is_trump
from zole_desktop.art.vector import classic, kit

COURTS = [c for c in DECK if c[0] in "KQJ"]
NUMBERS = [c for c in DECK if c[0] in "789T"]
GOLD = (0xE2, 0xB3, 0x3C)
# the table's cards (ui/table/layout.card_height, ui/sprites.CardImages): 22 % of the
# window's height, 5 : 7 (h * 5 // 7 wide); and the print size at 300 dpi
TABLE_SIZES = [(112, 158), (339, 475), (131, 183), (744, 1039)]
PIP_CLEAR = 14  # card units between a number card's pips and its index's ink, at least


def _rgb(hexc: str) -> tuple[int, int, int]:
    return int(hexc[1:3], 16), int(hexc[3:5], 16), int(hexc[5:7], 16)


_RENDERS: dict[tuple, Image.Image] = {}


def _kept(key: tuple, draw) -> Image.Image:
    """A render drawn once per file: the key holds the drawing functions a test may swap."""
    key += (kit.figure_master, classic.suit_color)
    if key not in _RENDERS:
        _RENDERS[key] = draw()
    return _RENDERS[key].copy()


def _face(code: str, w: int = 640, h: int = 896, four: bool = False) -> Image.Image:
    return _kept(("face", code, w, h, four), lambda: vector.render_card(
        "classic", code, w, h, four=four).convert("RGB"))


def _index_only(code: str, w: int = 640, h: int = 896, four: bool = False) -> Image.Image:
    """The card's corner indices alone on its stock."""
    colour = classic.suit_color(code[1], four)
    return _kept(("index", code, w, h, colour), lambda: kit.render(
        kit.document(kit.index(code, colour), bleed=None), w, h).convert("RGB"))


def _mask(a: Image.Image, b: Image.Image, tol: int = 24) -> Image.Image:
    """255 where ``a`` and ``b`` differ by more than ``tol`` in some channel."""
    r, g, bl = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), bl).point(lambda v: 255 if v > tol else 0)


def _grow(mask: Image.Image, px: int) -> Image.Image:
    """The mask grown by ``px`` in every direction (a square of 2 px + 1): ``px`` passes of
    the 3 x 3 maximum give exactly the one wide maximum, four times faster."""
    for _ in range(px):
        mask = mask.filter(ImageFilter.MaxFilter(3))
    return mask


def _count(mask: Image.Image) -> int:
    return mask.histogram()[255]


def _ink_of_index(code: str, four: bool = False) -> Image.Image:
    stock = Image.new("RGB", (640, 896), _rgb(kit.STOCK))
    m = _mask(_index_only(code, four=four), stock)
    m.paste(0, (0, 0, 640, 8))  # the card's own edge line is not the index
    m.paste(0, (0, 0, 8, 896))
    m.paste(0, (0, 888, 640, 896))
    m.paste(0, (632, 0, 640, 896))
    return m


# --- the pips -------------------------------------------------------------------------------


def _pip_mask(suit: str, px: int) -> Image.Image:
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.1 -0.1 1.2 1.2" '
           f'width="{px}" height="{px}"><path d="{kit.pip_d(suit)}"/></svg>')
    png = resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True)
    alpha = Image.open(io.BytesIO(bytes(png))).convert("RGBA").getchannel("A")
    return alpha.point(lambda v: 255 if v > 127 else 0)


def _holes(mask: Image.Image) -> int:
    """Background pixels that the background round the shape does not reach."""
    m = mask.copy()
    ImageDraw.floodfill(m, (0, 0), 128)
    return m.histogram()[0]


def _pieces(mask: Image.Image) -> int:
    """How many separate pieces of ink the mask holds."""
    m = mask.copy()
    n = 0
    while True:
        box = m.point(lambda v: 255 if v == 255 else 0).getbbox()
        if box is None:
            return n
        y = box[1]
        row = [m.getpixel((x, y)) for x in range(box[0], box[2])]
        x = box[0] + row.index(255)
        ImageDraw.floodfill(m, (x, y), 60)
        n += 1


@pytest.mark.parametrize("suit", "SHCD")
@pytest.mark.parametrize("px", [18, 40, 130, 600])
def test_each_pip_is_one_closed_shape(suit, px):
    """Each pip fills as one piece with no hole in its mask (the first composer's club left
    two wedge holes between its lobes and its stem: its parts were wound against each other)."""
    m = _pip_mask(suit, px)
    assert _holes(m) == 0
    assert _pieces(m) == 1


# --- the back and print ---------------------------------------------------------------------


def test_back_pattern_stays_inside_its_field():
    img = vector.render_back("classic", 640, 896).convert("RGB")
    inset = 0.05 * kit.W
    stock, navy = _rgb(kit.STOCK), img.getpixel((320, round(inset) + 3))  # the field's own
    # the white border: stock only (away from the card's edge line and rounded corners)
    border = Image.new("L", img.size, 0)
    d = ImageDraw.Draw(border)
    d.rectangle((6, 40, 640 - 7, 896 - 41), fill=255)
    d.rectangle((40, 6, 640 - 41, 896 - 7), fill=255)
    d.rectangle((inset - 2, inset - 2, 640 - inset + 1, 896 - inset + 1), fill=0)
    off = ImageChops.multiply(_mask(img, Image.new("RGB", img.size, stock), 10), border)
    assert _count(off) == 0
    # between the field's edge and its gold rule, and in the medallion's clear ring: the
    # field's own colour only (the lattice is clipped short of both)
    band = Image.new("L", img.size, 0)
    d = ImageDraw.Draw(band)
    e = inset + 2
    d.rectangle((e + 30, e, 640 - e - 30, e + 4), fill=255)
    cx, cy = kit.W / 2, kit.H / 2
    rx, ry = 0.25 * kit.W, 0.19 * kit.H
    d.ellipse((cx - rx - 11, cy - ry - 11, cx + rx + 11, cy + ry + 11), fill=255)
    d.ellipse((cx - rx - 5, cy - ry - 5, cx + rx + 5, cy + ry + 5), fill=0)
    off = ImageChops.multiply(_mask(img, Image.new("RGB", img.size, navy), 12), band)
    assert _count(off) == 0
    # and the lattice is there: gold in the field
    field = img.crop((100, 60, 540, 200))
    assert _count(_mask(field, Image.new("RGB", field.size, navy), 40)) > 500


def _print_render(svg: str) -> Image.Image:
    b = kit.PRINT_BLEED
    return kit.render(svg, round(kit.W + 2 * b), round(kit.H + 2 * b)).convert("RGB")


@pytest.mark.parametrize("which", ["back", "KC", "TH", "AS"])
def test_print_runs_its_ground_to_the_bleed_with_no_line_on_the_cut(which):
    svg = (vector.back_svg("classic", bleed=kit.PRINT_BLEED) if which == "back" else
           vector.card_svg("classic", which, bleed=kit.PRINT_BLEED))
    img = _print_render(svg)
    b = round(kit.PRINT_BLEED)
    stock = Image.new("RGB", img.size, _rgb(kit.STOCK))
    off = _mask(img, stock, 8)
    w, h = img.size
    # the bleed and 3 mm inside the cut (the safe area): the card's ground, nothing drawn
    ring = Image.new("L", img.size, 255)
    ImageDraw.Draw(ring).rectangle((2 * b + 1, 2 * b + 1, w - 2 * b - 2, h - 2 * b - 2), fill=0)
    assert _count(ImageChops.multiply(off, ring)) == 0
    assert img.getpixel((0, 0)) == img.getpixel((w - 1, h - 1)) == _rgb(kit.STOCK)


# --- the corner index ----------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c in DECK if is_trump(c)])
def test_trump_star_inside_its_index_column(code):
    img = _index_only(code, 1280, 1792)
    gold = _mask(img, Image.new("RGB", img.size, GOLD), 40).point(lambda v: 255 - v)
    gold = gold.crop((0, 0, 640, 896))
    box = gold.getbbox()
    assert box is not None, "no trump star"
    x0, y0, x1, y1 = (v / 2 for v in box)
    bx0, by0, bx1, by1 = kit.IDX_BOX
    assert kit.IDX_X - 1 <= x0 and x1 <= kit.IDX_X + kit.IDX_COL_W + 1
    assert by0 + 4 <= y0 and y1 <= by1 - 4, (y0, y1, kit.IDX_BOX)


def _runs(img: Image.Image, y: int) -> list[int]:
    row = [img.getpixel((x, y)) < 128 for x in range(img.width)]
    out, n = [], 0
    for ink in row + [False]:
        if ink:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def _rank_crop(code: str, scale: int = 4) -> Image.Image:
    top = kit.IDX_Y + 0.012 * kit.H
    return render_part(kit.document(kit.index(code, "#000000"), bleed=None, stock="#FFFFFF",
                                    edge="#FFFFFF"), 640 * scale, 896 * scale,
                       (8 * scale, int((top - 4) * scale), int(kit.IDX_BOX[2] * scale),
                        int((top + kit.RANK_H + 2) * scale))).convert("L")


def test_the_ten_is_as_strong_as_the_king_and_its_one_reads_as_a_one():
    k, t = _rank_crop("KS"), _rank_crop("TS")
    stem = _runs(k, int(k.height * 0.3))[0]
    runs = _runs(t, t.height // 2)  # the 1's stem and the 0's two walls
    assert len(runs) == 3
    for w in runs:
        assert 0.95 * stem <= w <= 1.1 * stem, (runs, stem)
    # the 1 is one solid shape with its flag: the only hole in the 10 is the 0's counter
    mask = t.point(lambda v: 255 if v < 128 else 0)
    padded = Image.new("L", (mask.width + 4, mask.height + 4), 0)
    padded.paste(mask, (2, 2))
    m = padded.copy()
    ImageDraw.floodfill(m, (0, 0), 128)
    counter = m.point(lambda v: 255 if v == 0 else 0)
    assert _pieces(counter) == 1
    assert _pieces(padded) == 2  # the 1 and the 0


@pytest.mark.parametrize("code", DECK)
def test_nothing_runs_into_the_corner_index(code):
    """Round every index's ink (8 units), the card shows the index on its stock and nothing
    else: the first composer's court frame ran through the K, Q and J and their trump star."""
    zone = _grow(_ink_of_index(code), 8)
    off = ImageChops.multiply(_mask(_face(code), _index_only(code), 40), zone)
    assert _count(off) <= 4, code


# --- number cards and courts ----------------------------------------------------------------


@pytest.mark.parametrize("code", NUMBERS + [c for c in DECK if c[0] == "A"])
def test_pips_keep_clear_of_the_index_and_inside_the_safe_area(code):
    pips = _mask(_face(code), _index_only(code), 24)
    box = pips.getbbox()
    assert box is not None
    safe = 3 * kit.UNITS_PER_MM
    assert box[0] >= safe and box[1] >= safe and box[2] <= kit.W - safe
    assert box[3] <= kit.H - safe
    near = ImageChops.multiply(pips, _grow(_ink_of_index(code), PIP_CLEAR))
    assert _count(near) == 0, code


def _blank_figures(monkeypatch):
    """The courts' figure masters replaced by their bare ground."""
    def bare(theme_id: str, code: str) -> tuple[str, str]:
        return "0 0 500 380", '<rect width="500" height="380" fill="#FAF5E8"/>'
    monkeypatch.setattr(kit, "figure_master", bare)


def test_court_figures_keep_out_of_their_corner_pip_and_the_index(monkeypatch):
    """What the figure paints stays 5 units clear of the court's own pip and of the index (the
    first composer's J♠ halberd, K♦ axe and J♦ banner ran under their top-right pip). The
    suit's marks are drawn in a signal green to find them; a bare figure shows what is not
    the figure."""
    monkeypatch.setattr(classic, "suit_color", lambda suit, four: "#00FF00")
    # the four-colour inks change only the suit's colour, green here: those courts are these
    assert all(vector.card_svg("classic", c, four=True) == vector.card_svg("classic", c)
               for c in COURTS)
    full = {c: _face(c) for c in COURTS}
    _blank_figures(monkeypatch)
    green = Image.new("RGB", (640, 896), (0, 255, 0))
    for code in COURTS:
        bare = _face(code)
        figure = _mask(full[code], bare, 30)
        marks = _mask(bare, green, 90).point(lambda v: 255 - v)  # the pips and the index
        assert _count(marks) > 1000
        assert _count(ImageChops.multiply(figure, _grow(marks, 5))) <= 6, code


def test_court_pip_sits_inside_its_panel_clear_of_the_frame():
    x0, y0, x1, _y1 = classic.PANEL
    r = classic.PANEL_PIP / 2
    for code in COURTS:
        cx, cy = classic.panel_pip_centre(code)
        assert cx - r >= max(x0, classic.NOTCH[0]) + classic.HEAVY + 6
        assert cx + r <= x1 - classic.HEAVY - 6 and cy - r >= y0 + classic.HEAVY + 6


@pytest.mark.parametrize("code", COURTS)
def test_a_courts_halves_are_turned_copies(code):
    img = _face(code)
    turned = img.rotate(180)
    diff = ImageChops.difference(img, turned).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 1.0
    assert _count(diff.point(lambda v: 255 if v > 64 else 0)) < 0.002 * 640 * 896


def _silhouette(panel: Image.Image) -> Image.Image:
    """What differs from the panel's commonest colour (its ground): the figure's shape."""
    ground = max(panel.getcolors(1 << 16) or [(0, (0, 0, 0))])[1]
    return _mask(panel, Image.new("RGB", panel.size, ground), 40)


def test_the_four_queens_are_told_apart_at_table_size():
    """At 1280 x 720 (cards 112 x 158) each pair of queens differs by silhouette (at least
    23.5 % of their shapes' union not shared: the old deck's one mannequin re-dressed shared
    all but 16 to 23 % in five pairs of six) and by colour (a mean of 40 levels or more)."""
    qs = {q: _face(q, 112, 158).crop((28, 16, 84, 142)) for q in ("QC", "QS", "QH", "QD")}
    names = list(qs)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            sa, sb = _silhouette(qs[a]).convert("1"), _silhouette(qs[b]).convert("1")
            xor = _count(ImageChops.logical_xor(sa, sb).convert("L"))
            union = _count(ImageChops.logical_or(sa, sb).convert("L"))
            assert xor >= 0.235 * union, (a, b, xor / union)
            diff = ImageStat.Stat(ImageChops.difference(qs[a], qs[b])).mean
            assert sum(diff) / 3 >= 40, (a, b, diff)


# --- four colours ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", DECK)
def test_four_colours_recolour_only_the_diamond_and_club_marks(monkeypatch, code):
    two, four = _face(code, 320, 448), _face(code, 320, 448, four=True)
    changed = _mask(two, four, 8)
    if code[1] in "SH":
        assert _count(changed) == 0
        return
    assert _count(changed) > 200
    # what changed took the four-colour ink's hue (blue for ♦, green for ♣; the A♦'s tint with it)
    px, on = four.load(), changed.load()
    hits = total = 0
    for y in range(0, 448, 2):
        for x in range(0, 320, 2):
            if on[x, y]:
                r, g, b = px[x, y]
                total += 1
                hits += (b > r) if code[1] == "D" else (g > r and g > b)
    assert hits >= 0.9 * total, (hits, total)
    if code[0] in "KQJ":  # and never the figure: the same pixels change with a bare figure
        _blank_figures(monkeypatch)
        bare = _mask(_face(code, 320, 448), _face(code, 320, 448, four=True), 8)
        assert _count(ImageChops.multiply(changed, _grow(bare, 1).point(lambda v: 255 - v))) == 0


# --- crisp at the size shown ----------------------------------------------------------------


def _transition(line: list[int], lo: int, hi: int) -> int:
    """From the white border inwards: how many pixels lie between the border's level and the
    field's before the field's level is reached."""
    start = next(i for i, v in enumerate(line) if v < hi - 12)
    n = 0
    for v in line[start:]:
        if v <= lo + 12:
            return n
        n += 1
    return n


@pytest.mark.parametrize("size", TABLE_SIZES)
def test_a_render_is_crisp_at_the_size_the_table_asks(size):
    """Drawn at exactly the size asked (the first renderer drew 113 x 159 for 112 x 158 and
    resampled it): the back's field edges go from the white border to the night blue within
    two pixels, across and down."""
    w, h = size
    img = vector.render_back("classic", w, h).convert("L")
    assert img.size == size
    hi = Image.new("RGB", (1, 1), _rgb(kit.STOCK)).convert("L").getpixel((0, 0))
    edge_y = round(0.05 * kit.W * h / kit.H)
    col = [img.getpixel((w // 2 + 3, y)) for y in range(max(2, edge_y - 3), edge_y + 6)]
    edge_x = round(0.05 * kit.W * w / kit.W)
    row = [img.getpixel((x, h // 3)) for x in range(max(2, edge_x - 3), edge_x + 6)]
    assert _transition(col, min(col), hi) <= 2, col
    assert _transition(row, min(row), hi) <= 2, row
    face = vector.render_card("classic", "KH", w, h)
    assert face.size == size
