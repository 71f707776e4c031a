"""Print-and-play PDF: the cards, bleeds, crop marks and the rules page measured in the
written PDF itself.

The PDF is read by a small parser here (objects, the page tree, Flate/ASCII85 streams and the
drawing operators q, Q, cm, Do, m, l, rg, Tm), so the test sees what a printer would be sent:
where each picture lands, how large, how many pixels it has (and the pixels: the JPEGs are
decoded), where the crop marks are and where each line of text starts in which colour.
Where poppler's pdftoppm is installed, pages are also rasterised and measured as printed.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from PIL import Image

from zole_desktop import decks, printing, printing_rules, storage
from zole_desktop.i18n import set_language

MM = 72 / 25.4
TOL_MM = 0.1


# ------------------------------------------------------------------ a small PDF reader
def _objects(data: bytes) -> dict[int, bytes]:
    return {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", data, re.S)}


def _stream(obj: bytes) -> bytes:
    head, _, rest = obj.partition(b"stream")
    body = rest[1:] if rest.startswith(b"\n") else rest[2:] if rest.startswith(b"\r\n") else rest
    length = re.search(rb"/Length (\d+)\b", head)
    body = body[:int(length.group(1))] if length else body[:body.rfind(b"endstream")]
    filters = re.findall(rb"/(ASCII85Decode|FlateDecode|DCTDecode)", head)
    for f in filters:
        if f == b"ASCII85Decode":
            body = body.strip()
            body = base64.a85decode(body[:-2] if body.endswith(b"~>") else body)
        elif f == b"FlateDecode":
            body = zlib.decompress(body if length else body.rstrip(b"\r\n"))
    return body


def _ref(obj: bytes, key: bytes) -> int:
    return int(re.search(rb"/" + key + rb" (\d+) 0 R", obj).group(1))


def read_pdf(path: Path) -> list[dict]:
    """Each page in order: its size (mm), the pictures drawn (box in mm and pixel size) and
    the straight lines stroked (in mm)."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    objs = _objects(data)
    root = next(o for o in objs.values() if re.search(rb"/Type /Catalog\b", o))
    pages_obj = objs[_ref(root, b"Pages")]
    kids = [int(k) for k in re.findall(rb"(\d+) 0 R", re.search(rb"/Kids \[(.*?)\]",
                                                               pages_obj, re.S).group(1))]
    out = []
    for k in kids:
        page = objs[k]
        box = [float(v) for v in re.search(rb"/MediaBox \[(.*?)\]", page).group(1).split()]
        xobjs = {name.decode(): int(num) for name, num in
                 re.findall(rb"/(FormXob\.[0-9a-f]+) (\d+) 0 R", page)}
        content = _stream(objs[_ref(page, b"Contents")]).decode("latin-1")
        images, lines, texts = [], [], []
        fill = (0.0, 0.0, 0.0)
        stack, ctm = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        nums: list[float] = []
        point = None
        for tok in re.findall(r"/[^\s/\[\]<>()]+|\([^)]*\)|[^\s/\[\]<>()]+", content):
            try:
                nums.append(float(tok))
                continue
            except ValueError:
                pass
            if tok == "q":
                stack.append(ctm)
            elif tok == "Q":
                ctm = stack.pop()
            elif tok == "cm":
                a, b, c, d, e, f = nums[-6:]
                A, B, C, D, E, F = ctm
                ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                       e * A + f * C + E, e * B + f * D + F)
            elif tok == "rg":
                fill = tuple(nums[-3:])
            elif tok == "Tm":
                texts.append({"x": nums[-2] / MM, "y": nums[-1] / MM, "fill": fill})
            elif tok == "m":
                point = nums[-2:]
            elif tok == "l" and point is not None:
                lines.append(tuple(v / MM for v in (*point, *nums[-2:])))
            elif tok.startswith("/") and tok[1:] in xobjs:
                pending = tok[1:]
                nums = []
                continue
            elif tok == "Do":
                obj = objs[xobjs[pending]]
                w = int(re.search(rb"/Width (\d+)", obj).group(1))
                h = int(re.search(rb"/Height (\d+)", obj).group(1))
                a, b, c, d, e, f = ctm
                images.append({"x": e / MM, "y": f / MM, "w": a / MM, "h": d / MM,
                               "px": (w, h), "name": pending, "obj": xobjs[pending]})
            nums = []
        out.append({"w": (box[2] - box[0]) / MM, "h": (box[3] - box[1]) / MM,
                    "images": images, "lines": lines, "texts": texts, "objs": objs})
    return out


def picture(page: dict, im: dict) -> Image.Image:
    """The pixels of a picture drawn on ``page`` (a JPEG: DCTDecode)."""
    obj = page["objs"][im["obj"]]
    assert b"/DCTDecode" in obj
    return Image.open(io.BytesIO(_stream(obj))).convert("RGB")


def _unicode_text(data: bytes) -> set[int]:
    """Every code point the PDF's embedded fonts map to (their ToUnicode tables)."""
    got: set[int] = set()
    for obj in _objects(data).values():
        if b"stream" not in obj:
            continue
        try:
            s = _stream(obj)
        except zlib.error:
            continue
        if b"beginbfchar" in s:
            got |= {int(h, 16) for h in re.findall(rb"<[0-9A-F]{2}> <([0-9A-F]{4})>", s)}
    return got


# ------------------------------------------------------------------ the decks
@pytest.fixture
def template_deck(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    src = tmp_path / "src"
    decks.write_template(src)
    tid = decks.import_deck(src)
    yield tid
    storage.set_data_dir(None)
    set_language("en")


@pytest.fixture(scope="module")
def classic_pdfs(tmp_path_factory):
    """The classic deck's PDF on both papers (rendered once: 27 vector cards each)."""
    folder = tmp_path_factory.mktemp("classic")
    out = {}
    drawn: dict = {}
    render = printing._render_exact

    def once(svg: str, w: int, h: int):  # the second paper prints the same cards
        if (svg, w, h) not in drawn:
            drawn[svg, w, h] = render(svg, w, h)
        return drawn[svg, w, h].copy()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(printing, "_render_exact", once)
        for paper in printing.PAPERS:
            out[paper] = folder / f"classic-{paper}.pdf"
            printing.write_pdf("classic", paper, out[paper])
    return {paper: read_pdf(path) for paper, path in out.items()} | {"paths": out}


def _close(a: float, b: float, tol: float = TOL_MM) -> bool:
    return abs(a - b) <= tol


def _cut_lines(page: dict) -> tuple[list[float], list[float]]:
    """The cut lines the crop marks show: the x of every vertical mark, the y of every
    horizontal one."""
    xs = sorted({round(ln[0], 2) for ln in page["lines"] if _close(ln[0], ln[2], 0.01)})
    ys = sorted({round(ln[1], 2) for ln in page["lines"] if _close(ln[1], ln[3], 0.01)})
    return xs, ys


def _cut_box(page: dict, im: dict) -> tuple[float, float, float, float]:
    """The card's cut box inside picture ``im``: the crop marks' lines that cross it."""
    xs, ys = _cut_lines(page)
    inx = [x for x in xs if im["x"] < x < im["x"] + im["w"]]
    iny = [y for y in ys if im["y"] < y < im["y"] + im["h"]]
    assert len(inx) == 2 and len(iny) == 2, (im, inx, iny)  # two cut lines each way
    return inx[0], iny[0], inx[1], iny[1]


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _box(im: dict) -> tuple[float, float, float, float]:
    return im["x"], im["y"], im["x"] + im["w"], im["y"] + im["h"]


# ------------------------------------------------------------------ the cards
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_are_300_dpi_with_a_3_mm_bleed_and_gutters_for_it(classic_pdfs, paper):
    pages = classic_pdfs[paper]
    pw, ph = printing.PAPERS[paper]
    assert len(pages) == 11
    for p in pages:
        assert _close(p["w"], pw, 0.05) and _close(p["h"], ph, 0.05)
    cards = pages[:10]
    assert [len(p["images"]) for p in cards] == [6, 6, 6, 6, 6, 6, 6, 6, 2, 2]
    for p in cards:
        for im in p["images"]:
            # lying: 94 x 69 mm (the card 88 x 63 and 3 mm every side), 1110 x 815 pixels
            assert im["px"] == (1110, 815), im
            assert abs(im["px"][0] / (im["w"] / 25.4) - 300) < 0.5
            assert abs(im["px"][1] / (im["h"] / 25.4) - 300) < 0.5
            x0, y0, x1, y1 = _cut_box(p, im)
            assert _close(x1 - x0, 88) and _close(y1 - y0, 63)
            for bleed in (x0 - im["x"], y0 - im["y"], im["x"] + im["w"] - x1,
                          im["y"] + im["h"] - y1):
                assert _close(bleed, 3.0), (im, bleed)
        # no card's bleed over a neighbour's card
        for a in p["images"]:
            for b in p["images"]:
                if a is not b:
                    assert not _overlap(_box(a), _cut_box(p, b))
                    assert not _overlap(_box(a), _box(b))


def test_faces_are_the_vector_masters_with_no_line_on_the_cut(classic_pdfs):
    from zole_desktop.art import vector
    from zole_desktop.art.vector import kit

    page = classic_pdfs["a4"][0]
    im = page["images"][0]  # the queen of clubs, lying with her top to the left
    got = picture(page, im)
    want = kit.render(vector.card_svg("classic", "QC", bleed=kit.PRINT_BLEED), 815, 1110)
    want = printing._flat(want).transpose(Image.Transpose.ROTATE_90)
    from PIL import ImageChops, ImageStat

    diff = ImageStat.Stat(ImageChops.difference(got, want)).mean
    assert max(diff) < 3, diff  # the same picture, but for the JPEG's small errors
    # along every cut line (3 mm in from the picture's edges) the paper-coloured ground,
    # no dark outline: no pixel of the 5 pixels across the line darker than the ground
    seen = set()
    for p in classic_pdfs["a4"][:10]:
        for im in p["images"]:
            if im["name"] in seen:
                continue
            seen.add(im["name"])
            a = picture(p, im).convert("L")
            w, h = a.size
            bx, by = round(3 / im["w"] * w), round(3 / im["h"] * h)
            bands = [a.crop((bx - 2, by, bx + 3, h - by)), a.crop((w - bx - 3, by, w - bx + 2,
                                                                   h - by)),
                     a.crop((bx, by - 2, w - bx, by + 3)), a.crop((bx, h - by - 3, w - bx,
                                                                   h - by + 2))]
            for band in bands:
                assert band.getextrema()[0] > 200, (im["name"], band.getextrema())
    assert len(seen) == 27  # 26 faces and the back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_on_every_cut_line_inside_the_printable_area(classic_pdfs, paper):
    pw, ph = printing.PAPERS[paper]
    lo = 5.0  # a home printer may leave 5 mm blank on every side
    for page in classic_pdfs[paper][:10]:
        assert page["lines"]
        for x1, y1, x2, y2 in page["lines"]:
            assert _close(x1, x2, 0.01) or _close(y1, y2, 0.01)  # straight marks
            assert lo <= min(x1, x2) and max(x1, x2) <= pw - lo, (x1, x2)
            assert lo <= min(y1, y2) and max(y1, y2) <= ph - lo, (y1, y2)
            assert abs(x2 - x1) + abs(y2 - y1) >= 1.0
            for im in page["images"]:  # on white paper: not on any card nor its bleed
                seg = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
                assert not _overlap(_box(im), (seg[0] - 0.1, seg[1] - 0.1, seg[2] + 0.1,
                                               seg[3] + 0.1)), (seg, im)
        vertical = [ln for ln in page["lines"] if _close(ln[0], ln[2], 0.01)]
        horizontal = [ln for ln in page["lines"] if _close(ln[1], ln[3], 0.01)]
        for im in page["images"]:  # each cut line of each card marked beyond both ends
            x0, y0, x1, y1 = _cut_box(page, im)
            top, bottom = im["y"] + im["h"], im["y"]
            left, right = im["x"], im["x"] + im["w"]
            for x in (x0, x1):
                near = [ln for ln in vertical if _close(ln[0], x, 0.05)]
                assert any(top < min(ln[1], ln[3]) < top + 3 for ln in near), (x, im)
                assert any(bottom - 3 < max(ln[1], ln[3]) < bottom for ln in near), (x, im)
            for y in (y0, y1):
                near = [ln for ln in horizontal if _close(ln[1], y, 0.05)]
                assert any(right < min(ln[0], ln[2]) < right + 3 for ln in near), (y, im)
                assert any(left - 3 < max(ln[0], ln[2]) < left for ln in near), (y, im)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_are_registered_behind_their_faces(classic_pdfs, paper):
    pages = classic_pdfs[paper]
    pw, _ph = printing.PAPERS[paper]
    seen = set()
    for front, back in zip(pages[0:10:2], pages[1:10:2], strict=True):
        seen |= {im["name"] for im in front["images"]}
        # duplex, flipped on the long edge: each back exactly behind a face, and its cut
        # lines behind the face's
        mirrored = sorted((round(pw - im["x"] - im["w"], 3), round(im["y"], 3), im["w"],
                           im["h"]) for im in front["images"])
        at = sorted((round(im["x"], 3), round(im["y"], 3), im["w"], im["h"])
                    for im in back["images"])
        assert len(mirrored) == len(at)
        for m, a in zip(mirrored, at, strict=True):
            assert all(_close(u, v, 0.01) for u, v in zip(m, a, strict=True)), (m, a)
        fx, fy = _cut_lines(front)
        bx, by = _cut_lines(back)
        assert all(_close(u, v, 0.01) for u, v in zip(sorted(pw - x for x in fx), bx,
                                                       strict=True))
        assert all(_close(u, v, 0.01) for u, v in zip(fy, by, strict=True))
    assert len(seen) == 26
    assert len({im["name"] for p in pages[1:10:2] for im in p["images"]}) == 1


def _two_tone(size: tuple[int, int]) -> Image.Image:
    """A picture red above and blue below: which way up it lies can be seen."""
    img = Image.new("RGB", size, (200, 30, 30))
    img.paste((30, 30, 200), (0, size[1] // 2, size[0], size[1]))
    return img


def test_a_players_back_is_turned_to_fall_behind_its_face(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    try:
        src = tmp_path / "src"
        decks.write_template(src)
        size = Image.open(src / "QC.png").size
        for name in ("QC.png", "back.png"):
            _two_tone(size).save(src / name)
        tid = decks.import_deck(src)
        out = tmp_path / "deck.pdf"
        assert printing.write_pdf(tid, "a4", out) == 11
        pages = read_pdf(out)
    finally:
        storage.set_data_dir(None)
    face = picture(pages[0], pages[0]["images"][0])  # the queen of clubs, top left
    behind = max((im for im in pages[1]["images"] if im["x"] > 100), key=lambda im: im["y"])
    back = picture(pages[1], behind)  # behind her: top right
    red = (200, 30, 30)
    w, h = face.size
    # the face's top (red) lies to the left; seen from the back after the long-edge
    # flip the same edge is to the right, so the back's top (red) is to the right
    assert max(abs(a - b) for a, b in zip(face.getpixel((w // 4, h // 2)), red,
                                          strict=True)) < 40
    assert max(abs(a - b) for a, b in zip(back.getpixel((3 * w // 4, h // 2)), red,
                                          strict=True)) < 40
    assert max(abs(a - b) for a, b in zip(back.getpixel((w // 4, h // 2)), red,
                                          strict=True)) > 100


def test_a_players_picture_gets_a_mirrored_bleed():
    src = Image.new("RGB", (745, 1040), (250, 250, 250))
    src.paste((10, 120, 10), (0, 0, 5, 1040))  # a green stripe on the left edge
    src.paste((10, 10, 160), (0, 1030, 745, 1040))  # a blue one along the bottom
    out = printing.with_bleed(src)
    assert out.size == printing.FULL_PX == (815, 1110)
    # the picture itself unchanged at its place, 35 pixels (3 mm) in from every side
    assert out.crop((35, 35, 780, 1075)).tobytes() == src.tobytes()
    # mirrored outwards: the stripes continue into the bleed, the rest of it as the edge
    assert out.getpixel((34, 500)) == (10, 120, 10) and out.getpixel((30, 500)) == (10, 120, 10)
    assert out.getpixel((25, 500)) == (250, 250, 250)
    assert out.getpixel((400, 1076)) == (10, 10, 160) and out.getpixel((400, 1109)) == (
        250, 250, 250)


def test_a_players_deck_prints_with_the_same_bleeds_and_marks(template_deck, tmp_path):
    out = tmp_path / "deck.pdf"
    assert printing.write_pdf(template_deck, "letter", out) == 11
    pages = read_pdf(out)
    for p in pages[:10]:
        for im in p["images"]:
            assert im["px"] == (1110, 815)
            x0, y0, x1, y1 = _cut_box(p, im)
            assert _close(x0 - im["x"], 3) and _close(im["y"] + im["h"] - y1, 3)


# ------------------------------------------------------------------ the safe area
def _safe_area_intruders(img: Image.Image) -> dict[str, float]:
    """For a print render (815 x 1110, with bleed): on each side, the share of the pixels
    between the cut and 3 mm inside it that differ visibly from the bleed's ground."""
    w, h = img.size
    px = w / printing.FULL_MM[0]
    cut, safe = round(3 * px), round(6 * px)
    ground = img.getpixel((2, 2))
    strips = {"left": (cut, cut, safe, h - cut), "right": (w - safe, cut, w - cut, h - cut),
              "top": (cut, cut, w - cut, safe), "bottom": (cut, h - safe, w - cut, h - cut)}
    out = {}
    for side, box in strips.items():
        strip = img.crop(box)
        data = strip.tobytes()
        n = len(data) // 3
        bad = sum(1 for i in range(0, len(data), 3)
                  if max(abs(data[i + k] - ground[k]) for k in range(3)) > 40)
        out[side] = bad / n
    return out


SAFE_SAMPLE = ("QC", "JS", "KH", "AD", "TD", "7D", "back")


@pytest.mark.parametrize("deck_id", ["classic", "rainis-1", "rainis-2"])
def test_frames_and_indices_keep_3_mm_inside_the_cut(deck_id):
    """On the vector masters as printed: nothing but the card's ground within 3 mm of the
    cut (a cut a little off the line takes no frame nor index with it)."""
    from zole_desktop.art import vector
    from zole_desktop.art.vector import kit

    bad = {}
    for code in SAFE_SAMPLE:
        svg = (vector.back_svg(deck_id, bleed=kit.PRINT_BLEED) if code == "back"
               else vector.card_svg(deck_id, code, bleed=kit.PRINT_BLEED))
        got = _safe_area_intruders(printing._render_exact(svg, *printing.FULL_PX))
        bad |= {f"{code} {side}": share for side, share in got.items() if share > 0}
    assert not bad, bad


# ------------------------------------------------------------------ the printed pages
def _raster(pdf: Path, page: int, dpi: int, tmp: Path) -> Image.Image:
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    stem = tmp / f"p{page}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True, timeout=120)
    return Image.open(f"{stem}.png").convert("L")


def _profiles(mask: Image.Image) -> tuple[list[bool], list[bool]]:
    """Which columns and which rows of a page have any ink."""
    w, h = mask.size
    mask = mask.convert("F")  # a mean that one pixel in a column keeps above zero
    cols = mask.resize((w, 1), Image.Resampling.BOX)
    rows = mask.resize((1, h), Image.Resampling.BOX)
    return ([cols.getpixel((x, 0)) > 0 for x in range(w)],
            [rows.getpixel((0, y)) > 0 for y in range(h)])


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    out, start = [], None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i))
            start = None
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_printed_backs_fall_behind_printed_faces(classic_pdfs, paper, tmp_path):
    """As poppler prints them: the columns and rows that a face page inks (the cards with
    their bleeds, the crop marks) are those its back page inks, turned over (mirrored),
    within the two pixels that antialiasing moves a thin line's faint edge."""
    pdf = classic_pdfs["paths"][paper]
    dpi = 127 if paper == "a4" else 100  # a whole number of pixels across: 1050, 850
    top = round(14 / 25.4 * dpi)  # below the page's label

    def ink(img):  # anything not white paper (the cards' cream bleed included)
        return img.point(lambda v: 255 if v < 252 else 0).crop((0, top, img.width, img.height))

    for face_page in (1, 9):
        front = _profiles(ink(_raster(pdf, face_page, dpi, tmp_path)))
        back = _profiles(ink(_raster(pdf, face_page + 1, dpi, tmp_path).transpose(
            Image.Transpose.FLIP_LEFT_RIGHT)))
        for f, b in zip(front, back, strict=True):
            fr, br = _runs(f), _runs(b)
            assert len(fr) == len(br) >= 3, (fr, br)  # marks, cards, marks (, cards, marks)
            for (f0, f1), (b0, b1) in zip(fr, br, strict=True):  # the antialiasing aside
                assert abs(f0 - b0) <= 2 and abs(f1 - b1) <= 2, (fr, br)


# ------------------------------------------------------------------ the rules page
@pytest.fixture(scope="module")
def dresses():
    from zole_desktop.art import vector

    return {d: printing.vector_dress(d) for d in vector.DECK_IDS}


def _rules_pdf(tmp_path: Path, paper: str, deck: printing.Deck) -> dict:
    from reportlab.pdfgen import canvas

    printing._fonts()
    pw, ph = printing.PAPERS[paper]
    out = tmp_path / f"rules-{paper}.pdf"
    c = canvas.Canvas(str(out), pagesize=(pw * MM, ph * MM), pageCompression=1)
    printing_rules.rules_page(c, paper, deck)
    c.showPage()
    c.save()
    return read_pdf(out)[0] | {"path": out}


@pytest.mark.parametrize("deck_id", ["classic", "rainis-1", "rainis-2"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
def test_rules_page_in_the_decks_dress_fits_one_page(dresses, tmp_path, deck_id, paper, lang):
    set_language(lang)
    try:
        deck = printing.Deck("Test", {}, dresses[deck_id]["frame"], **dresses[deck_id])
        page = _rules_pdf(tmp_path, paper, deck)
    finally:
        set_language("en")
    pw, ph = printing.PAPERS[paper]
    fx, fy, fw, fh, depth = printing_rules.frame_box(paper, deck)
    # the frame: the back's corners at the frame's corners, its sides repeated between them
    assert _close(depth, 0.15 * 63, 0.05)
    assert 5 < fx and fx + fw < pw - 5 and 5 < fy and fy + fh < ph - 5
    corners = sorted((im["x"], im["y"]) for im in page["images"]
                     if _close(im["w"], depth, 0.01) and _close(im["h"], depth, 0.01))
    want = sorted((x, y) for x in (fx, fx + fw - depth) for y in (fy, fy + fh - depth))
    assert len(corners) == 4
    assert all(_close(a, b, 0.01) for c, w in zip(corners, want, strict=True)
               for a, b in zip(c, w, strict=True)), (corners, want)
    for along, fixed, start, length in ((0, fy + fh - depth, fx, fw), (0, fy, fx, fw),
                                        (1, fx, fy, fh), (1, fx + fw - depth, fy, fh)):
        tiles = [im for im in page["images"] if not _close(im["w"], im["h"], 0.01)
                 and _close((im["y"], im["x"])[along], fixed, 0.01)]
        spans = sorted(((im["x"], im["w"]), (im["y"], im["h"]))[along] for im in tiles)
        assert spans, (along, fixed)
        reach = start + depth  # the tiles run on from corner to corner without a gap
        for s, n in spans:
            assert s <= reach + 0.01
            reach = max(reach, s + n)
        assert reach >= start + length - depth - 0.01
    # the vignette: the deck's queen of clubs as the game draws it, 26 mm wide
    vign = [im for im in page["images"] if _close(im["w"], printing.VIGNETTE_MM)]
    assert len(vign) == 1 and vign[0]["px"] == dresses[deck_id]["vignette"].size
    # every line of text inside the frame, the headings in the deck's colour
    inner = (fx + depth + printing.FRAME_PAD_MM - 0.01, fy + depth + printing.FRAME_PAD_MM,
             fx + fw - depth - printing.FRAME_PAD_MM, fy + fh - depth)
    assert len(page["texts"]) > 30
    for t in page["texts"]:
        assert inner[0] <= t["x"] < inner[2] and inner[1] <= t["y"] < inner[3], t
    heading = tuple(round(int(deck.heading[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))
    fills = {tuple(round(v, 2) for v in t["fill"]) for t in page["texts"]}
    assert heading in fills and len(fills) == 2, fills


def test_the_printed_rules_page_keeps_its_text_off_the_frame(dresses, tmp_path):
    """As poppler prints it: nothing in the 5 mm a printer may not print; between the frame
    and the text (6 mm of it) the paper is white, but for the vignette."""
    set_language("ru")  # the longest
    try:
        deck = printing.Deck("Test", {}, dresses["rainis-2"]["frame"], **dresses["rainis-2"])
        page = _rules_pdf(tmp_path, "letter", deck)
    finally:
        set_language("en")
    img = _raster(page["path"], 1, 100, tmp_path)
    fx, fy, fw, fh, depth = printing_rules.frame_box("letter", deck)
    ph = printing.PAPERS["letter"][1]
    px = 100 / 25.4
    x0, x1 = (fx + depth + 0.6) * px, (fx + fw - depth - 0.6) * px
    y_top, y_bottom = (ph - fy - fh + depth + 0.6) * px, (ph - fy - depth - 0.6) * px
    pad = (printing.FRAME_PAD_MM - 1.2) * px
    strips = [(x0, y_top + pad + 45 * px, x0 + pad, y_bottom),  # left, below the vignette
              (x0, y_bottom - pad, x1, y_bottom),  # bottom
              (x1 - pad, y_top + pad + 45 * px, x1, y_bottom)]  # right
    w, h = img.size
    edge = 5 * px
    strips += [(0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)]
    for box in strips:
        assert img.crop(tuple(round(v) for v in box)).getextrema()[0] > 245, box
    # and the text is there: dark pixels inside
    assert img.crop((round(x0 + pad), round(y_top + 60 * px), round(x1 - pad),
                     round(y_bottom - pad))).getextrema()[0] < 60


@pytest.mark.parametrize("lang,letters", [("lv", "āņš"), ("ru", "Козыр")])
def test_rules_page_is_in_the_chosen_language(template_deck, tmp_path, lang, letters):
    set_language(lang)
    out = tmp_path / "deck.pdf"
    printing.write_pdf(template_deck, "a4", out)
    cps = _unicode_text(out.read_bytes())
    assert {ord(ch) for ch in letters} <= cps


def test_a_broken_deck_is_one_line(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    try:
        bad = decks.user_themes_dir() / "bad"
        decks.write_template(bad)
        (bad / "KH.png").unlink()
        with pytest.raises(printing.PrintError) as e:
            printing.write_pdf("bad", "a4", tmp_path / "bad.pdf")
        assert "KH.png" in str(e.value) and "\n" not in str(e.value)
        assert not (tmp_path / "bad.pdf").exists()
        with pytest.raises(printing.PrintError):
            printing.write_pdf("../classic", "a4", tmp_path / "x.pdf")
    finally:
        storage.set_data_dir(None)


def test_summary_pages_are_in_the_guide():
    from zole_desktop.teaching.guide import CHAPTERS

    titles = {p.title for ch in CHAPTERS for p in ch.pages}
    assert set(printing.SUMMARY_PAGES) <= titles
