"""Print-and-play: a deck as a PDF to print at home.

Nine cards a page at poker size (63 x 88 mm), butted together in a 3 x 3 grid centred on the
page, with crop marks in the margins at every cut line.  Each page of faces is followed by a
page of backs laid out mirrored left to right, so that a duplex print flipped on the long edge
puts every back behind its face.  The pictures are resampled to 744 x 1039 pixels, 300 dpi at
that size.  The last page sums up the rules in the chosen language (paragraphs of the rules
guide, through the translation functions), set in DejaVu Sans, which has the Latvian and the
Cyrillic letters.

reportlab draws the PDF (see docs/THEMES.md for why).  No pygame here: ``zole theme print``
runs without a window.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from . import decks, resources, storage
from .i18n import _, language
from .rules.cards import CARD_NAMES

MM = 72 / 25.4  # PDF points per millimetre
CARD_MM = (63.0, 88.0)
DPI = 300
CARD_PX = (round(CARD_MM[0] / 25.4 * DPI), round(CARD_MM[1] / 25.4 * DPI))  # 744 x 1039
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COLS, ROWS = 3, 3
PER_PAGE = COLS * ROWS
MARK_GAP, MARK_LEN = 1.5, 5.0  # mm: crop marks start this far off the cards, this long
# the order on the sheets: the trumps from the queen of clubs down, then the plain suits
PRINT_ORDER = ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D",
               "7D", "AC", "TC", "KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH", "KH", "9H")
# the rules guide's pages that make the one-page summary (by their titles)
SUMMARY_PAGES = ("26 cards", "Fourteen trumps", "The plain suits", "Card points",
                 "Everyone speaks once", "Take (ņemu)", "Zole", "Follow suit",
                 "Who wins a trick", "Game points")
FONT, FONT_BOLD = "ZoleSans", "ZoleSans-Bold"

assert sorted(PRINT_ORDER) == sorted(CARD_NAMES)


class PrintError(Exception):
    """The deck cannot be printed; one line."""


def slots(paper: str) -> list[tuple[float, float]]:
    """The lower-left corners (mm, PDF coordinates: from the bottom) of the nine card
    places, row by row from the top, left to right."""
    pw, ph = PAPERS[paper]
    x0 = (pw - COLS * CARD_MM[0]) / 2
    top = ph - (ph - ROWS * CARD_MM[1]) / 2
    return [(x0 + c * CARD_MM[0], top - (r + 1) * CARD_MM[1])
            for r in range(ROWS) for c in range(COLS)]


def back_slot(i: int) -> int:
    """Where the back of the card in place ``i`` goes on the back page (mirrored columns)."""
    r, c = divmod(i, COLS)
    return r * COLS + (COLS - 1 - c)


# ------------------------------------------------------------------ pictures
def _to_print(img):
    """A card picture as 744 x 1039 RGB on white paper."""
    from PIL import Image

    img = img.convert("RGBA")
    if img.size != CARD_PX:
        img = img.resize(CARD_PX, Image.Resampling.LANCZOS)
    paper = Image.new("RGBA", CARD_PX, (255, 255, 255, 255))
    paper.alpha_composite(img)
    return paper.convert("RGB")


def _plain_back():
    """A back for a deck without one: carmine with a linen frame (as the game draws it)."""
    from PIL import Image, ImageDraw

    w, h = CARD_PX
    img = Image.new("RGB", CARD_PX, (158, 48, 57))
    ImageDraw.Draw(img).rectangle([w // 12, w // 12, w - w // 12, h - w // 12],
                                  outline=(243, 238, 226), width=max(2, w // 30))
    return img


def _builtin_pictures(folder: Path) -> tuple[dict, dict, object]:
    """meta, faces and back of one of the game's own decks, through the same size checks."""
    meta = decks.parse_toml(storage.read_regular(folder / "theme.toml", decks.MAX_TOML_BYTES))
    out = {}
    for code in list(CARD_NAMES) + ["back"]:
        name = f"{code}.png"
        data = storage.read_regular(folder / name, decks.MAX_IMAGE_BYTES)
        size = decks.image_size(name, data)
        out[code] = _to_print(decks.decode(name, data, size))
    back = out.pop("back")
    return meta, out, back


def deck_pictures(theme_id: str) -> tuple[str, dict, object]:
    """(the deck's name in the current language, faces by code, back), ready to print."""
    builtin = resources.themes_dir() / theme_id
    try:
        if decks.ID_RE.fullmatch(theme_id) is None and theme_id not in decks.builtin_ids():
            raise PrintError(_("{id} is not a deck").format(id=repr(theme_id)))
        if builtin.is_dir():
            meta, faces, back = _builtin_pictures(builtin)
        else:
            folder = decks.user_themes_dir() / theme_id
            if folder.is_symlink() or not folder.is_dir():
                raise PrintError(_("no deck {id} (see the deck gallery)").format(
                    id=repr(theme_id)))
            meta, faces, back, _felt = decks.load_checked(
                folder, lambda role, img: None if role == "felt" else _to_print(img))
    except decks.DeckError as e:
        raise PrintError(f"{theme_id}: {e}") from None
    except OSError as e:
        raise PrintError(f"{theme_id}: {e.filename and Path(e.filename).name}: "
                         f"{e.strerror or e}") from None
    name = decks.meta_text(meta.get("name"), language()) or theme_id
    return storage.clean_text(name, 60), faces, back if back is not None else _plain_back()


# ------------------------------------------------------------------ the PDF
def _reader(img):
    """An image for reportlab as a JPEG (quality 92, no chroma subsampling, so that lines
    and letters stay sharp), which the PDF carries as it is: a deck prints to about 6 MB
    where lossless pictures make 15 MB."""
    from reportlab.lib.utils import ImageReader

    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=92, subsampling=0, dpi=(DPI, DPI))
    buf.seek(0)
    return ImageReader(buf)


def _fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(resources.fonts_dir() / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(FONT_BOLD,
                                       str(resources.fonts_dir() / "DejaVuSans-Bold.ttf")))


def _crop_marks(c, paper: str, places: list[tuple[float, float]]) -> None:
    """Short lines in the margins on every cut line of the cards at ``places``."""
    pw, ph = PAPERS[paper]
    xs = sorted({round(x, 3) for x, _y in places} | {round(x + CARD_MM[0], 3) for x, _y in places})
    ys = sorted({round(y, 3) for _x, y in places} | {round(y + CARD_MM[1], 3) for _x, y in places})
    left, right = min(xs), max(xs)
    bottom, top = min(ys), max(ys)
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0, 0, 0)
    ln_v = max(1.0, min(MARK_LEN, bottom - MARK_GAP - 0.5, ph - top - MARK_GAP - 0.5))
    ln_h = max(1.0, min(MARK_LEN, left - MARK_GAP - 0.5, pw - right - MARK_GAP - 0.5))
    for x in xs:
        c.line(x * MM, (top + MARK_GAP) * MM, x * MM, (top + MARK_GAP + ln_v) * MM)
        c.line(x * MM, (bottom - MARK_GAP) * MM, x * MM, (bottom - MARK_GAP - ln_v) * MM)
    for y in ys:
        c.line((left - MARK_GAP) * MM, y * MM, (left - MARK_GAP - ln_h) * MM, y * MM)
        c.line((right + MARK_GAP) * MM, y * MM, (right + MARK_GAP + ln_h) * MM, y * MM)


def _rules_page(c, paper: str, deck_name: str) -> None:
    from reportlab.lib.utils import simpleSplit

    from .teaching.guide import CHAPTERS

    pw, ph = PAPERS[paper]
    margin = 18.0
    width = (pw - 2 * margin) * MM
    pages = {p.title: p for ch in CHAPTERS for p in ch.pages}
    sections = [(_(t), [_(par) for par in pages[t].paragraphs]) for t in SUMMARY_PAGES]
    head = _("Zole: the rules in short")
    sub = _("Deck: {deck}. Printed by Zole desktop.").format(deck=deck_name)
    how = _("Print both sides, flipping on the long edge, at 100% (no fit to page). "
            "Cut along the crop marks: each card is 63 by 88 mm.")
    for size in (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0):
        lead = size * 1.3
        lines: list[tuple[str, str, float, float]] = []  # text, font, size, space before
        for t, pars in sections:
            lines.append((t, FONT_BOLD, size * 1.1, lead * 0.6))
            for par in pars:
                for i, ln in enumerate(simpleSplit(par, FONT, size, width)):
                    lines.append((ln, FONT, size, lead * 0.15 if i == 0 else 0.0))
        height = sum(s * 1.3 + before for _t, _f, s, before in lines)
        if height <= (ph - 2 * margin) * MM - 60:
            break
    y = (ph - margin) * MM
    c.setFillColorRGB(0.12, 0.11, 0.09)
    c.setFont(FONT_BOLD, 16)
    c.drawString(margin * MM, y - 16, head)
    y -= 16 * 1.6
    c.setFont(FONT, 9)
    for ln in simpleSplit(sub + " " + how, FONT, 9, width):
        c.drawString(margin * MM, y - 9, ln)
        y -= 9 * 1.3
    y -= 6
    for text, font, s, before in lines:
        y -= before
        c.setFont(font, s)
        c.drawString(margin * MM, y - s, text)
        y -= s * 1.3


def write_pdf(theme_id: str, paper: str, out: Path) -> int:
    """Write the print-and-play PDF of a deck; returns the number of pages.  The rules page
    is in the current language.  PrintError or OSError when it cannot be done."""
    if paper not in PAPERS:
        raise PrintError(f"paper must be one of {', '.join(PAPERS)}")
    from reportlab import rl_config
    from reportlab.pdfgen import canvas

    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85 text

    name, faces, back = deck_pictures(theme_id)
    _fonts()
    pw, ph = PAPERS[paper]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(pw * MM, ph * MM), invariant=1, pageCompression=1)
    c.setTitle(f"Zole — {name}")
    c.setCreator("Zole desktop")
    c.setAuthor("Zole desktop")
    places = slots(paper)
    back_img = _reader(back)
    sheets = math.ceil(len(PRINT_ORDER) / PER_PAGE)
    for s in range(sheets):
        codes = PRINT_ORDER[s * PER_PAGE:(s + 1) * PER_PAGE]
        for i, code in enumerate(codes):
            x, y = places[i]
            c.drawImage(_reader(faces[code]), x * MM, y * MM, CARD_MM[0] * MM,
                        CARD_MM[1] * MM)
        _crop_marks(c, paper, places[:len(codes)])
        c.showPage()
        backs = [places[back_slot(i)] for i in range(len(codes))]
        for x, y in backs:
            c.drawImage(back_img, x * MM, y * MM, CARD_MM[0] * MM, CARD_MM[1] * MM)
        _crop_marks(c, paper, backs)
        c.showPage()
    _rules_page(c, paper, name)
    c.showPage()
    c.save()
    storage.atomic_write(out, buf.getvalue())
    return 2 * sheets + 1


def default_pdf_path(theme_id: str, paper: str, folder: Path | None = None) -> Path:
    folder = folder if folder is not None else storage.data_dir() / "prints"
    return folder / f"zole-{theme_id}-{paper}.pdf"
