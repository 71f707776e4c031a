"""The print-and-play PDF's last page: the rules in short, in the deck's own dress.

The page is framed by the edges of the deck's card back at the card's own scale (its four
corners at the page's corners, its four sides repeated along the page's sides: the carmine,
white and carmine bands of the Rainis backs, the white border and the lattice of the classic
one, a player's own back), the deck's queen of clubs stands top right as the game draws it,
and the headings are in the deck's colour.  The text is the rules guide's paragraphs through
the translation functions (``printing.SUMMARY_PAGES``), set in DejaVu Sans and made smaller
until it fits the page inside the frame, on A4 and on Letter.
"""

from __future__ import annotations

import logging

from .i18n import _

log = logging.getLogger(__name__)

TITLE_PT, INTRO_PT = 16.0, 8.5
BODY_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
COLUMN_GAP_MM = 7.0


def _hex(c: str) -> tuple[float, float, float]:
    return (int(c[1:3], 16) / 255, int(c[3:5], 16) / 255, int(c[5:7], 16) / 255)


def frame_box(paper: str, deck) -> tuple[float, float, float, float, float]:
    """(x, y, width, height, depth) of the frame in mm: FRAME_INSET_MM off the paper's
    edges, shortened so that the pattern's repeats meet the far corners whole."""
    from . import printing as p

    pw, ph = p.PAPERS[paper]
    mm_px = p.CARD_MM[0] / deck.frame.size[0]
    depth = round(p.FRAME_DEPTH * deck.frame.size[0]) * mm_px
    w, h = pw - 2 * p.FRAME_INSET_MM, ph - 2 * p.FRAME_INSET_MM
    if deck.period:
        per = deck.period * mm_px
        w = 2 * depth + (w - 2 * depth) // per * per
        h = 2 * depth + (h - 2 * depth) // per * per
    return (pw - w) / 2, (ph - h) / 2, w, h, depth


def _frame(c, paper: str, deck) -> tuple[float, float, float, float]:
    """Draw the frame; returns its inner box (x0, y0, x1, y1) in mm."""
    from . import printing as p

    img = deck.frame
    iw, ih = img.size
    d = round(p.FRAME_DEPTH * iw)
    t = deck.period * max(1, round(2 * d / deck.period)) if deck.period else 2 * d
    mm_px = p.CARD_MM[0] / iw
    x, y, w, h, dm = frame_box(paper, deck)
    tm = t * mm_px
    MM = p.MM
    pieces = {  # name: (crop box in the back's pixels, size in mm)
        "tl": (0, 0, d, d), "tr": (iw - d, 0, iw, d), "bl": (0, ih - d, d, ih),
        "br": (iw - d, ih - d, iw, ih), "top": (d, 0, d + t, d), "bottom": (d, ih - d, d + t, ih),
        "left": (0, d, d, d + t), "right": (iw - d, d, iw, d + t)}
    r = {k: p._reader(img.crop(box)) for k, box in pieces.items()}
    over = 0.1  # mm: each tile runs under the next, so that no hairline shows between them

    def strip(reader, x0: float, y0: float, sw: float, sh: float, along_x: bool) -> None:
        """The tiles of one side, clipped to it, corner to corner: they start where the
        corner ends (one more under it), as on the card."""
        c.saveState()
        path = c.beginPath()
        path.rect(x0 * MM, y0 * MM, sw * MM, sh * MM)
        c.clipPath(path, stroke=0, fill=0)
        n = int((sw if along_x else sh) / tm) + 1
        for i in range(-1, n):
            if along_x:
                c.drawImage(reader, (x0 + dm + i * tm) * MM, y0 * MM, (tm + over) * MM,
                            dm * MM)
            else:  # down from the top
                c.drawImage(reader, x0 * MM, (y0 + sh - dm - (i + 1) * tm - over) * MM,
                            dm * MM, (tm + over) * MM)
        c.restoreState()

    strip(r["top"], x, y + h - dm, w, dm, True)
    strip(r["bottom"], x, y, w, dm, True)
    strip(r["left"], x, y, dm, h, False)
    strip(r["right"], x + w - dm, y, dm, h, False)
    for k, (cx, cy) in {"tl": (x, y + h - dm), "tr": (x + w - dm, y + h - dm), "bl": (x, y),
                        "br": (x + w - dm, y)}.items():  # on top of the sides' ends
        c.drawImage(r[k], cx * MM, cy * MM, dm * MM, dm * MM)
    pad = p.FRAME_PAD_MM
    return x + dm + pad, y + dm + pad, x + w - dm - pad, y + h - dm - pad


def _body(width: float, height: float, sections, cols: int, force: bool = False):
    """The body's lines at the largest size that fits ``cols`` columns of ``width`` points
    into ``height`` points: (size, columns of (text, bold, size, space before)); None when
    none fits, unless ``force``: then the smallest size, the last column running over."""
    from reportlab.lib.utils import simpleSplit

    from . import printing as p

    col_w = (width - (cols - 1) * COLUMN_GAP_MM * p.MM) / cols
    for size in BODY_SIZES:
        lead = size * 1.3
        blocks = []  # one per section: its lines
        for title, pars in sections:
            lines = [(title, True, size * 1.1, lead * 0.6)]
            for par in pars:
                for i, ln in enumerate(simpleSplit(par, p.FONT, size, col_w)):
                    lines.append((ln, False, size, lead * 0.2 if i == 0 else 0.0))
            blocks.append(lines)
        columns: list[list] = [[]]
        used = 0.0
        for lines in blocks:
            need = sum(s * 1.3 + before for _t, _b, s, before in lines)
            if used + need > height and columns[-1]:
                if len(columns) == cols:
                    if force and size == BODY_SIZES[-1]:
                        columns[-1].extend(lines)
                        continue
                    break
                columns.append([])
                used = 0.0
            columns[-1].extend(lines)
            used += need
        else:
            if used <= height or force and size == BODY_SIZES[-1]:
                return size, columns
    return None


def rules_page(c, paper: str, deck) -> None:
    """The rules in short on one page, in the deck's dress (see the module's doc)."""
    from reportlab.lib.utils import simpleSplit

    from . import printing as p
    from .teaching.guide import CHAPTERS

    MM = p.MM
    x0, y0, x1, y1 = _frame(c, paper, deck)
    vw = p.VIGNETTE_MM
    vh = vw * p.CARD_MM[1] / p.CARD_MM[0]
    c.drawImage(p._reader(deck.vignette), (x1 - vw) * MM, (y1 - vh) * MM, vw * MM, vh * MM)
    heading, ink = _hex(deck.heading), _hex(deck.ink)
    # the title and the how-to, left of the vignette
    tw = (x1 - x0 - vw - 5) * MM
    y = y1 * MM
    c.setFillColorRGB(*heading)
    for ln in simpleSplit(_("Zole: the rules in short"), p.FONT_BOLD, TITLE_PT, tw):
        c.setFont(p.FONT_BOLD, TITLE_PT)
        c.drawString(x0 * MM, y - TITLE_PT, ln)
        y -= TITLE_PT * 1.3
    y -= 4
    c.setFillColorRGB(*ink)
    c.setFont(p.FONT, INTRO_PT)
    sub = _("Deck: {deck}. Printed by Zole desktop.").format(deck=deck.name)
    how = _("Print both sides at 100% (actual size, no fit to page), flipping on the long "
            "edge. Cut each card along its crop marks: it is 63 by 88 mm, and its picture "
            "runs 3 mm past the cut, so a cut a little off the line shows no white edge.")
    for par in (sub, how):
        for ln in simpleSplit(par, p.FONT, INTRO_PT, tw):
            c.drawString(x0 * MM, y - INTRO_PT, ln)
            y -= INTRO_PT * 1.3
        y -= 2
    y = min(y, (y1 - vh) * MM) - 5 * MM
    c.setStrokeColorRGB(*heading)
    c.setLineWidth(0.8)
    c.line(x0 * MM, y, x1 * MM, y)
    y -= 3 * MM
    pages = {pg.title: pg for ch in CHAPTERS for pg in ch.pages}
    sections = [(_(t), [_(par) for par in pages[t].paragraphs]) for t in p.SUMMARY_PAGES]
    width, height = (x1 - x0) * MM, y - y0 * MM
    laid = _body(width, height, sections, 1) or _body(width, height, sections, 2)
    if laid is None:
        log.warning("the rules do not fit one page on %s: the last lines run over", paper)
        laid = _body(width, height, sections, 2, force=True)
    assert laid is not None  # forced
    size, columns = laid
    log.debug("rules page on %s: %.1f pt in %d column(s)", paper, size, len(columns))
    col_w = (width - (len(columns) - 1) * COLUMN_GAP_MM * MM) / max(1, len(columns))
    for k, lines in enumerate(columns):
        cx, cy = x0 * MM + k * (col_w + COLUMN_GAP_MM * MM), y
        for text, bold, s, before in lines:
            cy -= before
            c.setFillColorRGB(*(heading if bold else ink))
            c.setFont(p.FONT_BOLD if bold else p.FONT, s)
            c.drawString(cx, cy - s, text)
            cy -= s * 1.3
