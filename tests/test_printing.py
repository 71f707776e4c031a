"""Print-and-play PDF: the card boxes measured in the written PDF itself.

The PDF is read by a small parser here (objects, the page tree, Flate/ASCII85 streams and the
drawing operators q, Q, cm, Do, m, l), so the test sees what a printer would be sent: where
each picture lands, how large, how many pixels it has, and where the crop marks are.
"""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path

import pytest

from zole_desktop import decks, printing, storage
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
    body = body[:body.rfind(b"endstream")]
    filters = re.findall(rb"/(ASCII85Decode|FlateDecode|DCTDecode)", head)
    for f in filters:
        if f == b"ASCII85Decode":
            body = body.strip()
            body = base64.a85decode(body[:-2] if body.endswith(b"~>") else body)
        elif f == b"FlateDecode":
            body = zlib.decompress(body.rstrip(b"\r\n"))
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
        images, lines = [], []
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
                               "px": (w, h), "name": pending})
            nums = []
        out.append({"w": (box[2] - box[0]) / MM, "h": (box[3] - box[1]) / MM,
                    "images": images, "lines": lines})
    return out


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


# ------------------------------------------------------------------ the deck
@pytest.fixture
def template_deck(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    src = tmp_path / "src"
    decks.write_template(src)
    tid = decks.import_deck(src)
    yield tid
    storage.set_data_dir(None)
    set_language("en")


def _close(a: float, b: float, tol: float = TOL_MM) -> bool:
    return abs(a - b) <= tol


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_are_poker_size_and_backs_fall_behind_faces(template_deck, tmp_path, paper):
    out = tmp_path / f"deck-{paper}.pdf"
    assert printing.write_pdf(template_deck, paper, out) == 7
    pages = read_pdf(out)
    pw, ph = printing.PAPERS[paper]
    assert len(pages) == 7
    for p in pages:
        assert _close(p["w"], pw, 0.05) and _close(p["h"], ph, 0.05)
    faces = [pages[0], pages[2], pages[4]]
    backs = [pages[1], pages[3], pages[5]]
    assert [len(p["images"]) for p in faces] == [9, 9, 8]
    assert [len(p["images"]) for p in backs] == [9, 9, 8]
    assert pages[6]["images"] == []  # the rules page
    seen = set()
    for front, back in zip(faces, backs, strict=True):
        for im in front["images"] + back["images"]:
            # 63 x 88 mm, and 744 x 1039 pixels: 300 dpi
            assert _close(im["w"], 63) and _close(im["h"], 88), im
            assert im["px"] == (744, 1039)
            assert 0 <= im["x"] and im["x"] + im["w"] <= pw
            assert 0 <= im["y"] and im["y"] + im["h"] <= ph
        seen |= {im["name"] for im in front["images"]}
        # duplex, flipped on the long edge: each back mirrors a face left to right
        mirrored = sorted((round(pw - im["x"] - im["w"], 2), round(im["y"], 2))
                          for im in front["images"])
        at = sorted((round(im["x"], 2), round(im["y"], 2)) for im in back["images"])
        assert mirrored == at
        # no two cards overlap
        ims = front["images"]
        for i, a in enumerate(ims):
            for b in ims[i + 1:]:
                assert (a["x"] + a["w"] <= b["x"] + TOL_MM or b["x"] + b["w"] <= a["x"] + TOL_MM
                        or a["y"] + a["h"] <= b["y"] + TOL_MM or b["y"] + b["h"] <= a["y"]
                        + TOL_MM)
    assert len(seen) == 26  # 26 different faces
    assert len({im["name"] for p in backs for im in p["images"]}) == 1  # one back, reused


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_on_every_cut_line_outside_the_cards(template_deck, tmp_path, paper):
    out = tmp_path / "deck.pdf"
    printing.write_pdf(template_deck, paper, out)
    page = read_pdf(out)[0]
    ims = page["images"]
    xs = sorted({round(v, 2) for im in ims for v in (im["x"], im["x"] + im["w"])})
    ys = sorted({round(v, 2) for im in ims for v in (im["y"], im["y"] + im["h"])})
    assert len(xs) == 4 and len(ys) == 4  # three columns and three rows of cut lines
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    vertical = [ln for ln in page["lines"] if _close(ln[0], ln[2], 0.01)]
    horizontal = [ln for ln in page["lines"] if _close(ln[1], ln[3], 0.01)]
    for x in xs:
        marks = [ln for ln in vertical if _close(ln[0], x, 0.05)]
        assert any(min(ln[1], ln[3]) >= top + 1 for ln in marks), x  # above the grid
        assert any(max(ln[1], ln[3]) <= bottom - 1 for ln in marks), x  # below it
    for y in ys:
        marks = [ln for ln in horizontal if _close(ln[1], y, 0.05)]
        assert any(max(ln[0], ln[2]) <= left - 1 for ln in marks), y
        assert any(min(ln[0], ln[2]) >= right + 1 for ln in marks), y
    pw, ph = printing.PAPERS[paper]
    for x1, y1, x2, y2 in page["lines"]:  # every mark on the paper, none across a card
        assert 0 < min(x1, x2) and max(x1, x2) < pw and 0 < min(y1, y2) and max(y1, y2) < ph
        for im in ims:
            inside_x = im["x"] + 0.5 < max(x1, x2) and min(x1, x2) < im["x"] + im["w"] - 0.5
            inside_y = im["y"] + 0.5 < max(y1, y2) and min(y1, y2) < im["y"] + im["h"] - 0.5
            assert not (inside_x and inside_y)


@pytest.mark.parametrize("lang,letters", [("lv", "āņš"), ("ru", "Козыр")])
def test_rules_page_is_in_the_chosen_language(template_deck, tmp_path, lang, letters):
    set_language(lang)
    out = tmp_path / "deck.pdf"
    printing.write_pdf(template_deck, "a4", out)
    cps = _unicode_text(out.read_bytes())
    assert {ord(ch) for ch in letters} <= cps


def test_the_games_own_deck_prints_and_a_broken_one_is_one_line(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    try:
        out = tmp_path / "classic.pdf"
        assert printing.write_pdf("classic", "a4", out) == 7
        assert len(read_pdf(out)[0]["images"]) == 9
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
