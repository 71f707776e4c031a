"""Print-and-play: a deck as a PDF to print at home and cut.

Every card is a picture of 69 x 94 mm: the 63 x 88 mm card and 3 mm of bleed on every side,
815 x 1110 pixels (300 dpi).  The game's own decks are rendered from their vector masters
(``art.vector``: square, the ground running into the bleed, no line on the cut); a player's
pictures are resampled to the card and their edges mirrored 3 mm outwards.

Six cards a page, lying (88 mm across, 63 mm down) in 2 columns and 3 rows on a portrait page.
Why six: the printable area common to A4 and Letter, with 5 mm that a home printer may not
print on every side, is 200 x 269.4 mm; cards that stand in it fit 3 across only butted
(3 x 63 + 2 gutters of 6 mm + the outer bleeds = 207 mm), 4 cards of 63 mm lying down do
not fit either (270 mm), so 2 x 3 lying is the largest grid with a bleed for every card.
Neighbours are 10 mm apart cut to cut: two bleeds of 3 mm and 4 mm of white paper between
them, where the crop marks of the cut lines sit; more marks at the ends of every cut line in
the margins, all of them at least 5.5 mm from the paper's edges on both papers.

Each page of faces is followed by its page of backs, mirrored left to right (columns swapped,
each back turned the other way), so that a duplex print flipped on the long edge puts every
back behind its face.  The last page sums up the rules in the chosen language, framed by the
deck's back and with one of its court cards, in the deck's colours; DejaVu Sans has the
Latvian and the Cyrillic letters.

reportlab draws the PDF (see docs/THEMES.md for why).  No pygame here: ``zole theme print``
runs without a window.
"""

from __future__ import annotations

import io
import logging
import math
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import decks, resources, storage
from .i18n import _, language
from .rules.cards import CARD_NAMES

if TYPE_CHECKING:
    from PIL import Image

log = logging.getLogger(__name__)

MM = 72 / 25.4  # PDF points per millimetre
DPI = 300
CARD_MM = (63.0, 88.0)  # the card as cut, standing
BLEED_MM = 3.0
FULL_MM = (CARD_MM[0] + 2 * BLEED_MM, CARD_MM[1] + 2 * BLEED_MM)  # 69 x 94 mm
FULL_PX = (round(FULL_MM[0] / 25.4 * DPI), round(FULL_MM[1] / 25.4 * DPI))  # 815 x 1110
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COLS, ROWS = 2, 3  # cards lying: 88 mm across, 63 mm down
PER_PAGE = COLS * ROWS
GUTTER_MM = 10.0  # cut line to cut line between neighbours: 2 bleeds and 4 mm of paper
UNPRINTABLE_MM = 5.0  # what a home printer may leave blank on every side
MARK_SAFE, MARK_GAP, MARK_LEN = 0.5, 0.5, 5.0  # mm: inside the printable area; off a bleed
MARK_WIDTH = 0.25  # points
# the order on the sheets: the trumps from the queen of clubs down, then the plain suits
PRINT_ORDER = ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D",
               "7D", "AC", "TC", "KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH", "KH", "9H")
# the rules guide's pages that make the one-page summary (by their titles)
SUMMARY_PAGES = ("26 cards", "Fourteen trumps", "The plain suits", "Card points",
                 "Everyone speaks once", "Take (ņemu)", "Zole", "Follow suit",
                 "Who wins a trick", "Game points")
FONT, FONT_BOLD = "ZoleSans", "ZoleSans-Bold"
# the rules page: the frame's outer edge from the paper's edge, its depth (as on the card
# back: 15% of the card's width), the white between frame and text, the vignette's width
FRAME_INSET_MM, FRAME_DEPTH, FRAME_PAD_MM, VIGNETTE_MM = 8.0, 0.15, 6.0, 26.0
# the game's own decks: (headings, text) colours and the period of their backs' patterns
DECK_INKS = {"classic": ("#9E3039", "#1E1B18"), "rainis-1": ("#A5232B", "#1E1B18"),
             "rainis-2": ("#B3262E", "#1F2F5C")}
PATTERN_UNITS = 32  # the classic back's lattice repeats every 32 card units (of 640)

assert sorted(PRINT_ORDER) == sorted(CARD_NAMES)


class PrintError(Exception):
    """The deck cannot be printed; one line."""


# ------------------------------------------------------------------ geometry (mm)
def slots(paper: str) -> list[tuple[float, float]]:
    """The lower-left corners (mm, PDF coordinates: from the bottom) of the six cut boxes
    (88 x 63 mm, the card lying), row by row from the top, left to right, centred."""
    pw, ph = PAPERS[paper]
    cw, ch = CARD_MM[1], CARD_MM[0]
    x0 = (pw - COLS * cw - (COLS - 1) * GUTTER_MM) / 2
    top = (ph + ROWS * ch + (ROWS - 1) * GUTTER_MM) / 2
    return [(x0 + c * (cw + GUTTER_MM), top - ch - r * (ch + GUTTER_MM))
            for r in range(ROWS) for c in range(COLS)]


def back_slot(i: int) -> int:
    """Where the back of the card in place ``i`` goes on the back page (mirrored columns)."""
    r, c = divmod(i, COLS)
    return r * COLS + (COLS - 1 - c)


def crop_marks(paper: str, places: list[tuple[float, float]]) -> list[tuple[float, ...]]:
    """The crop marks (x1, y1, x2, y2 in mm) for cards cut at ``places``: at both ends of
    each card's four cut lines, from just off its bleed to the next card's bleed (a gutter)
    or the printable area's edge, at most MARK_LEN long; none shorter than 1 mm."""
    pw, ph = PAPERS[paper]
    lo = UNPRINTABLE_MM + MARK_SAFE
    cw, ch = CARD_MM[1], CARD_MM[0]
    b = BLEED_MM
    boxes = [(x - b, y - b, x + cw + b, y + ch + b) for x, y in places]  # the bleed boxes
    out: set[tuple[float, ...]] = set()

    def run(along: float, start: float, step: int, vertical: bool) -> None:
        """A mark on the line at ``along`` from ``start`` in direction ``step`` (+1/-1)."""
        end = start + step * MARK_LEN
        limit = (ph if vertical else pw) - lo if step > 0 else lo
        for x0, y0, x1, y1 in boxes:
            a0, a1, s0, s1 = (x0, x1, y0, y1) if vertical else (y0, y1, x0, x1)
            if a0 <= along <= a1:  # a bleed box across the line ahead stops the mark
                if step > 0 and s0 >= start:
                    limit = min(limit, s0 - MARK_GAP)
                elif step < 0 and s1 <= start:
                    limit = max(limit, s1 + MARK_GAP)
        end = min(end, limit) if step > 0 else max(end, limit)
        if abs(end - start) >= 1.0:
            a, z = sorted((start, end))
            seg = (along, a, along, z) if vertical else (a, along, z, along)
            out.add(tuple(round(v, 3) for v in seg))

    for x, y in places:
        for cx in (x, x + cw):
            run(cx, y + ch + b + MARK_GAP, +1, True)
            run(cx, y - b - MARK_GAP, -1, True)
        for cy in (y, y + ch):
            run(cy, x + cw + b + MARK_GAP, +1, False)
            run(cy, x - b - MARK_GAP, -1, False)
    return sorted(out)


# ------------------------------------------------------------------ pictures
def _render_exact(svg: str, w: int, h: int):
    """An SVG master at exactly ``w`` x ``h`` pixels, RGB on white (kit.render gives the
    root that size with no aspect lock: 63 x 88 mm is not exactly the masters' 5 : 7, and
    resampling a render would blur it)."""
    from PIL import Image

    from .art.vector import kit

    if not svg.startswith("<svg"):
        raise PrintError("the vector card is not an SVG document")
    try:
        img = kit.render(svg, w, h)
    except kit.RenderError as e:
        raise PrintError(f"vector card: {e}") from None
    paper = Image.new("RGBA", img.size, (255, 255, 255, 255))
    paper.alpha_composite(img)
    return paper.convert("RGB")


def _flat(img):
    """Any picture as RGB on white paper."""
    from PIL import Image

    img = img.convert("RGBA")
    paper = Image.new("RGBA", img.size, (255, 255, 255, 255))
    paper.alpha_composite(img)
    return paper.convert("RGB")


def with_bleed(img):
    """A player's card picture (no bleed) at 815 x 1110: the picture resampled to the cut
    (745 x 1040, within 0.05 mm of 63 x 88 mm) and its edges mirrored 35 pixels (3 mm)
    outwards, so that a cut a little off the line still shows the picture's own edge."""
    from PIL import Image

    fw, fh = FULL_PX
    p = (fw - 745) // 2  # 35
    inner = _flat(img).resize((fw - 2 * p, fh - 2 * p), Image.Resampling.LANCZOS)
    iw, ih = inner.size
    out = Image.new("RGB", FULL_PX, (255, 255, 255))
    out.paste(inner, (p, p))
    flip_lr, flip_tb = Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM
    out.paste(inner.crop((0, 0, p, ih)).transpose(flip_lr), (0, p))
    out.paste(inner.crop((iw - p, 0, iw, ih)).transpose(flip_lr), (p + iw, p))
    out.paste(out.crop((0, p, fw, 2 * p)).transpose(flip_tb), (0, 0))
    out.paste(out.crop((0, p + ih - p, fw, p + ih)).transpose(flip_tb), (0, p + ih))
    return out


def _plain_back():
    """A back for a deck without one: carmine with a linen frame (as the game draws it)."""
    from PIL import Image, ImageDraw

    w, h = 744, 1039
    img = Image.new("RGB", (w, h), (158, 48, 57))
    ImageDraw.Draw(img).rectangle([w // 12, w // 12, w - w // 12, h - w // 12],
                                  outline=(243, 238, 226), width=max(2, w // 30))
    return img


class Lazy(Mapping):
    """Pictures made when they are asked for, one at a time (a sheet's six are in memory,
    not the deck's 27 at print size)."""

    def __init__(self, codes, make: Callable[[str], Image.Image]) -> None:
        self.codes, self.make = tuple(codes), make

    def __getitem__(self, code: str) -> Image.Image:
        if code not in self.codes:
            raise KeyError(code)
        return self.make(code)

    def __iter__(self) -> Iterator[str]:
        return iter(self.codes)

    def __len__(self) -> int:
        return len(self.codes)


@dataclass
class Deck:
    """A deck ready to print: faces and back standing, with bleed (815 x 1110, RGB), and
    what the rules page is dressed in."""

    name: str
    faces: Mapping[str, Image.Image]
    back: Image.Image
    frame: Image.Image  # the back as cut, standing (RGB), whose edges frame the rules page
    vignette: Image.Image  # a court card as the game shows it (RGB on white)
    heading: str  # "#RRGGBB"
    ink: str
    period: int = 0  # the frame's pattern repeats every this many pixels (0: unknown)


def vector_dress(theme_id: str, four: bool = False) -> dict:
    """What the rules page of one of the game's decks is dressed in (``Deck``'s fields
    ``frame``, ``vignette``, ``heading``, ``ink`` and ``period``), from its vector masters."""
    from .art import vector
    from .art.vector import kit

    # the frame: the back at 1.5 pixels a card unit, the bleed cut off (32 units of it)
    s, b = 1.5, 32
    big = _render_exact(vector.back_svg(theme_id, bleed=b),
                        round((kit.W + 2 * b) * s), round((kit.H + 2 * b) * s))
    frame = big.crop((round(b * s), round(b * s), round((b + kit.W) * s),
                      round((b + kit.H) * s)))
    vw = round(VIGNETTE_MM / 25.4 * DPI)
    vignette = _render_exact(vector.card_svg(theme_id, "QC", four=four), vw,
                             round(vw * CARD_MM[1] / CARD_MM[0]))
    heading, ink = DECK_INKS.get(theme_id, ("#9E3039", kit.INK))
    return {"frame": frame, "vignette": vignette, "heading": heading, "ink": ink,
            "period": round(PATTERN_UNITS * s)}


def _vector_deck(theme_id: str, name: str, four: bool) -> Deck:
    from .art import vector
    from .art.vector import kit

    fw, fh = FULL_PX
    faces = Lazy(PRINT_ORDER, lambda code: _render_exact(
        vector.card_svg(theme_id, code, four=four, bleed=kit.PRINT_BLEED), fw, fh))
    back = _render_exact(vector.back_svg(theme_id, bleed=kit.PRINT_BLEED), fw, fh)
    return Deck(name, faces, back, **vector_dress(theme_id, four))


def _inks_of(picture) -> tuple[str, str]:
    """Headings in the mean colour of a player's back (darkened to read on white), text in
    near-black."""
    from PIL import Image

    r, g, b = picture.convert("RGB").resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    k = min(1.0, 90 / max(lum, 1))
    return "#" + "".join(f"{round(v * k):02X}" for v in (r, g, b)), "#1E1B18"


def _player_deck(theme_id: str, name: str, faces: dict, back) -> Deck:
    back = back if back is not None else _plain_back()
    heading, ink = _inks_of(back)
    return Deck(name, Lazy(faces, lambda code: with_bleed(faces[code])), with_bleed(back), back,
                faces["QC"], heading, ink)


def load_deck(theme_id: str, four: bool = False) -> Deck:
    """The deck ``theme_id`` ready to print (``four``: ♦ and ♣ in the four-colour inks, for
    the game's own decks).  PrintError, one line, when it cannot be."""
    from .art import vector

    builtin = resources.themes_dir() / theme_id
    try:
        if decks.ID_RE.fullmatch(theme_id) is None and theme_id not in decks.builtin_ids():
            raise PrintError(_("{id} is not a deck").format(id=repr(theme_id)))
        if builtin.is_dir():
            meta = decks.parse_toml(storage.read_regular(builtin / "theme.toml",
                                                         decks.MAX_TOML_BYTES))
            if theme_id not in vector.DECK_IDS:
                raise PrintError(_("{id} is not a deck").format(id=repr(theme_id)))
            return _vector_deck(theme_id, _name(meta, theme_id), four)
        folder = decks.user_themes_dir() / theme_id
        if folder.is_symlink() or not folder.is_dir():
            raise PrintError(_("no deck {id} (see the deck gallery)").format(id=repr(theme_id)))
        meta, faces, back, _felt = decks.load_checked(
            folder, lambda role, img: None if role == "felt" else _flat(img))
    except decks.DeckError as e:
        raise PrintError(f"{theme_id}: {e}") from None
    except OSError as e:
        raise PrintError(f"{theme_id}: {e.filename and Path(e.filename).name}: "
                         f"{e.strerror or e}") from None
    return _player_deck(theme_id, _name(meta, theme_id), faces, back)


def _name(meta: dict, theme_id: str) -> str:
    return storage.clean_text(decks.meta_text(meta.get("name"), language()) or theme_id, 60)


# ------------------------------------------------------------------ the PDF
def _reader(img):
    """An image for reportlab as a JPEG (quality 92, no chroma subsampling, so that lines
    and letters stay sharp), which the PDF carries as it is: lossless pictures would make a
    deck three times the size."""
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


def _sheet(c, paper: str, places: list[tuple[float, float]], pictures: list, label: str) -> None:
    """One page of cards: each picture (lying, with bleed) round its cut box, the crop
    marks, and a small label in the top margin."""
    b = BLEED_MM
    for (x, y), img in zip(places, pictures, strict=True):
        c.drawImage(img, (x - b) * MM, (y - b) * MM, FULL_MM[1] * MM, FULL_MM[0] * MM)
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    for x1, y1, x2, y2 in crop_marks(paper, places):
        c.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
    pw, ph = PAPERS[paper]
    c.setFillColorRGB(0.45, 0.43, 0.40)
    c.setFont(FONT, 7)
    c.drawCentredString(pw / 2 * MM, (ph - UNPRINTABLE_MM - 6) * MM, label)


def write_pdf(theme_id: str, paper: str, out: Path, *, four: bool = False) -> int:
    """Write the print-and-play PDF of a deck; returns the number of pages.  The rules page
    is in the current language.  PrintError or OSError when it cannot be done."""
    if paper not in PAPERS:
        raise PrintError(f"paper must be one of {', '.join(PAPERS)}")
    from PIL import Image
    from reportlab import rl_config
    from reportlab.pdfgen import canvas

    from .printing_rules import rules_page

    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85 text
    t0 = time.perf_counter()
    deck = load_deck(theme_id, four)
    _fonts()
    pw, ph = PAPERS[paper]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(pw * MM, ph * MM), invariant=1, pageCompression=1)
    c.setTitle(f"Zole — {deck.name}")
    c.setCreator("Zole desktop")
    c.setAuthor("Zole desktop")
    places = slots(paper)
    # lying: a face's top to the left; its back's top to the right (behind it, flipped)
    back_img = _reader(deck.back.transpose(Image.Transpose.ROTATE_270))
    sheets = math.ceil(len(PRINT_ORDER) / PER_PAGE)
    for s in range(sheets):
        codes = PRINT_ORDER[s * PER_PAGE:(s + 1) * PER_PAGE]
        faces = [_reader(deck.faces[code].transpose(Image.Transpose.ROTATE_90))
                 for code in codes]
        _sheet(c, paper, places[:len(codes)], faces,
               f"{deck.name} · " + _("faces, sheet {n} of {total}").format(n=s + 1,
                                                                           total=sheets))
        c.showPage()
        _sheet(c, paper, [places[back_slot(i)] for i in range(len(codes))],
               [back_img] * len(codes),
               f"{deck.name} · " + _("backs, sheet {n} of {total}").format(n=s + 1,
                                                                           total=sheets))
        c.showPage()
    rules_page(c, paper, deck)
    c.showPage()
    c.save()
    storage.atomic_write(out, buf.getvalue())
    log.info("printed %s (%s) to %s: %d pages, %d bytes, %.1f s", theme_id, paper, out,
             2 * sheets + 1, len(buf.getvalue()), time.perf_counter() - t0)
    return 2 * sheets + 1


def default_pdf_path(theme_id: str, paper: str, folder: Path | None = None) -> Path:
    folder = folder if folder is not None else storage.data_dir() / "prints"
    return folder / f"zole-{theme_id}-{paper}.pdf"
