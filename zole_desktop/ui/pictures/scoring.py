"""What a hand pays, from the settlement code: the table of result bands for a contract, the
bands on a line from no trick to all tricks, and jāņi for either side."""

from __future__ import annotations

import pygame

from ...i18n import N_, _, signed
from ...rules.cards import TOTAL_POINTS
from ...rules.options import Rules
from ...rules.settlement import (
    ALL_TRICKS,
    DARK,
    LOSS_31,
    LOSS_JANI,
    MAZA,
    MAZA_LOSS,
    MAZA_WIN,
    NO_TRICK,
    TAKE,
    WIN_61,
    WIN_91,
    ZOLE,
    contract_value,
)
from ...teaching.guide import band_ranges
from .. import gfx, texts
from .common import NEGATIVE, pad, text_in

# the declarer's result bands, best first; the points of each come from band_ranges()
SCORE_ROWS = (
    (ALL_TRICKS, N_("All eight tricks")),
    (WIN_91, N_("{lo}–{hi} points")),
    (WIN_61, N_("{lo}–{hi} points")),
    (LOSS_31, N_("{lo}–{hi} points")),
    (LOSS_JANI, N_("{lo}–{hi} points (jāņi)")),
    (NO_TRICK, N_("No trick (bezstiķis)")),
)


def band_label(result_band: str) -> str:
    """A result band in words, its card points taken from the settlement code."""
    label = dict(SCORE_ROWS)[result_band]
    ranges = band_ranges()
    if result_band in ranges:
        lo, hi = ranges[result_band]
        return _(label).format(lo=lo, hi=hi)
    return _(label)


def draw_scores(surface, contract: str, area: pygame.Rect, text_size: int) -> None:
    rules = Rules()
    if contract == MAZA:
        cols = [MAZA]
        rows = [(_(N_("No trick taken")), [MAZA_WIN]), (_(N_("Any trick taken")), [MAZA_LOSS])]
    else:
        cols = [TAKE] if contract == TAKE else [ZOLE, DARK]
        rows = [(band_label(b), [contract_value(c, b, rules) for c in cols])
                for b, _label in SCORE_ROWS]
    heads = [texts.contract_label(c) for c in cols]
    first_loss = next(i for i, (_t, v) in enumerate(rows) if v[0] < 0)
    n_rows = len(rows) + 1
    size = max(11, min(int(text_size * 1.15), int(area.h / (n_rows * 1.65))))
    row_h = int(size * 1.65)
    label_w = max(gfx.text_width(t, size) for t, _v in rows) + size * 2
    head_w = max(gfx.text_width(h, size, True) for h in heads) + size * 2
    col_w = max(int(size * 5), head_w)
    width = min(area.w, label_w + col_w * len(cols))
    label_w = width - col_w * len(cols)
    height = row_h * n_rows
    x = area.centerx - width // 2
    y = area.y + max(0, (area.h - height) // 2)
    table = pygame.Rect(x, y, width, height)
    surface.blit(gfx.panel(table.w, table.h, fill=gfx.LINEN, border=gfx.EDGE, radius=6,
                           width=1), table)
    # header
    hdr = pygame.Rect(x, y, width, row_h)
    pygame.draw.rect(surface, gfx.DIM_LINEN, hdr.inflate(-2, -2), border_top_left_radius=5,
                     border_top_right_radius=5)
    lab = _("Declarer's result")
    gfx.blit_text(surface, lab, gfx.fit_size(lab, size, label_w - size, True), gfx.INK,
                  (x + size // 2, y + row_h // 2), "midleft", bold=True)
    for i, h in enumerate(heads):
        cx = x + label_w + col_w * i + col_w // 2
        gfx.blit_text(surface, h, gfx.fit_size(h, size, col_w - size // 2, True), gfx.INK,
                      (cx, y + row_h // 2), "center", bold=True)
    for ri, (label, values) in enumerate(rows):
        ry = y + row_h * (ri + 1)
        thick = 3 if ri == first_loss else 1  # wins above the line, losses below
        pygame.draw.line(surface, gfx.EDGE, (x + 1, ry), (x + width - 2, ry), thick)
        gfx.blit_text(surface, label, gfx.fit_size(label, size, label_w - size), gfx.INK,
                      (x + size // 2, ry + row_h // 2), "midleft")
        for i, v in enumerate(values):
            cx = x + label_w + col_w * i + col_w // 2
            t = f"+{v}" if v > 0 else f"−{-v}"
            gfx.blit_text(surface, t, size, gfx.INK if v > 0 else NEGATIVE,
                          (cx, ry + row_h // 2), "center", bold=True)
    for i in range(len(cols)):
        lx = x + label_w + col_w * i
        pygame.draw.line(surface, gfx.EDGE, (lx, y + 1), (lx, y + height - 2), 1)


# ------------------------------------------------------------------ result bands
_BAND_ORDER = (NO_TRICK, LOSS_JANI, LOSS_31, WIN_61, WIN_91, ALL_TRICKS)
_WIN_GREEN = (0x2E, 0x6B, 0x45)


def _band_head(b: str) -> str:
    ranges = band_ranges()
    if b in ranges:
        lo, hi = ranges[b]
        return f"{lo}–{hi}"
    return _("No trick") if b == NO_TRICK else _("All tricks")


def draw_bands(surface, area: pygame.Rect, text_size: int) -> None:
    """The declarer's result on a line from no trick to all tricks: the card points of each
    band (settlement.band) and what it pays per opponent (settlement.contract_value)."""
    inner = pad(area)
    rules = Rules()
    contracts = (TAKE, ZOLE)
    heads = [_band_head(b) for b in _BAND_ORDER]
    rows = [(texts.contract_label(c), [contract_value(c, b, rules) for b in _BAND_ORDER])
            for c in contracts]
    n_rows = 3 + len(rows)  # caption, heads, the line, then one row per contract
    # the largest type (up to the body text's) in which every head fits its column
    for size in range(max(10, min(text_size, int(inner.h / (n_rows * 1.9)))), 8, -1):
        label_w = max(gfx.text_width(t, size, True) for t, _v in rows) + size
        col_w = (inner.w - label_w) // len(_BAND_ORDER)
        if max(gfx.text_width(h, size, True) for h in heads) <= col_w - 4:
            break
    row_h = int(size * 1.9)
    height = row_h * n_rows
    y = inner.y + max(0, (inner.h - height) // 2)
    x0 = inner.x + label_w
    cap = _("Declarer's card points")
    text_in(surface, cap, size, gfx.INK, (x0 + col_w * 3, y + row_h // 2), col_w * 6,
            bold=True)
    y += row_h
    for i, h in enumerate(heads):
        text_in(surface, h, size, gfx.INK, (x0 + col_w * i + col_w // 2, y + row_h // 2),
                col_w - 4, bold=True)
    y += row_h
    # the line: losses in carmine, wins in green, the jāņi ends marked
    bar = pygame.Rect(x0, y + row_h // 4, col_w * len(_BAND_ORDER), row_h // 2)
    for i, b in enumerate(_BAND_ORDER):
        seg = pygame.Rect(x0 + col_w * i + 1, bar.y, col_w - 2, bar.h)
        win = contract_value(TAKE, b, rules) > 0
        pygame.draw.rect(surface, _WIN_GREEN if win else NEGATIVE, seg,
                         border_radius=bar.h // 3)
        if b in (LOSS_JANI, WIN_91):
            who = _("declarer in jāņi") if b == LOSS_JANI else _("defenders in jāņi")
            text_in(surface, who, max(9, int(size * 0.8)), gfx.LINEN, seg.center, seg.w - 4)
    y += row_h
    for label, values in rows:
        pygame.draw.line(surface, gfx.DIM_LINEN, (inner.x, y), (inner.right, y), 1)
        text_in(surface, label, size, gfx.INK, (inner.x, y + row_h // 2), label_w - size // 2,
                "midleft", bold=True)
        for i, v in enumerate(values):
            gfx.blit_text(surface, signed(v), size, gfx.INK if v > 0 else NEGATIVE,
                          (x0 + col_w * i + col_w // 2, y + row_h // 2), "center", bold=True)
        y += row_h


# ------------------------------------------------------------------ jāņi for either side
def draw_jani(surface, area: pygame.Rect, text_size: int) -> None:
    """Two lines of card points for the same hands: the declarer's from 0 to 120 and the
    defenders' (what is left) under it; each side's jāņi from settlement.band."""
    inner = pad(area)
    ranges = band_ranges()
    jani_hi = ranges[LOSS_JANI][1]  # the declarer in jāņi up to here
    win91 = ranges[WIN_91][0]  # the defenders in jāņi from here on (the declarer's points)
    size = max(10, min(text_size, int(inner.h / 9)))
    labels = (_("Declarer"), _("Defenders"))
    label_w = min(int(inner.w * 0.22), max(gfx.text_width(t, size, True) for t in labels)
                  + size)
    x0, w = inner.x + label_w, inner.w - label_w - size

    def x(p: float) -> int:  # the left edge of the declarer's point p
        return int(x0 + w * p / (TOTAL_POINTS + 1))

    bar_h = int(size * 1.8)
    gap = int(size * 3.4)
    top = inner.y + max(0, (inner.h - (2 * bar_h + gap + size * 3)) // 2) + int(size * 1.2)
    bars = (pygame.Rect(x0, top, x(TOTAL_POINTS + 1) - x0, bar_h),
            pygame.Rect(x0, top + bar_h + gap, x(TOTAL_POINTS + 1) - x0, bar_h))
    # the jāņi segments: the declarer's points up to jani_hi; the defenders' when the
    # declarer has win91 or more (they have TOTAL_POINTS - win91 or fewer)
    segs = ((bars[0], 0, jani_hi + 1, _("declarer in jāņi")),
            (bars[1], win91, TOTAL_POINTS + 1, _("defenders in jāņi")))
    for i, (label, bar) in enumerate(zip(labels, bars, strict=True)):
        text_in(surface, label, size, gfx.INK, (inner.x, bar.centery), label_w - size // 2,
                "midleft", bold=True)
        pygame.draw.rect(surface, gfx.DIM_LINEN, bar, border_radius=bar_h // 3)
        pygame.draw.rect(surface, gfx.EDGE, bar, width=1, border_radius=bar_h // 3)
        sb, lo, hi, cap = segs[i]
        seg = pygame.Rect(x(lo), sb.y, x(hi) - x(lo), sb.h)
        pygame.draw.rect(surface, NEGATIVE, seg, border_radius=bar_h // 3)
        text_in(surface, cap, size, gfx.LINEN, seg.center, seg.w - 6, bold=True)

    # the numbers: the declarer's above the top line, the defenders' (120 - p) under the
    # bottom one, at both ends and at the two jāņi edges
    def tick(p_left: int, bar: pygame.Rect, above: bool, defenders: bool) -> None:
        """A boundary between the declarer's p_left and p_left + 1."""
        bx = x(p_left + 1)
        pygame.draw.line(surface, gfx.EDGE, (bx, bar.y - 3), (bx, bar.bottom + 3), 2)
        a, b = p_left, p_left + 1
        if defenders:
            a, b = TOTAL_POINTS - a, TOTAL_POINTS - b
        y = bar.y - size * 0.8 if above else bar.bottom + size * 0.8
        gfx.blit_text(surface, str(a), size, gfx.INK, (bx - size // 3, int(y)), "midright",
                      bold=True)
        gfx.blit_text(surface, str(b), size, gfx.INK, (bx + size // 3, int(y)), "midleft",
                      bold=True)

    for p_left in (jani_hi, win91 - 1):
        tick(p_left, bars[0], True, False)
        tick(p_left, bars[1], False, True)
    for bar, above, ends in ((bars[0], True, (0, TOTAL_POINTS)),
                             (bars[1], False, (TOTAL_POINTS, 0))):
        y = int(bar.y - size * 0.8 if above else bar.bottom + size * 0.8)
        gfx.blit_text(surface, str(ends[0]), size, gfx.INK, (bar.x, y), "midleft")
        gfx.blit_text(surface, str(ends[1]), size, gfx.INK, (bar.right, y), "midright")
    note = _("The two sides share {n} card points.").format(n=TOTAL_POINTS)
    text_in(surface, note, size, gfx.INK,
            (x0 + w // 2, bars[1].bottom + int(size * 2.4)), inner.w)
