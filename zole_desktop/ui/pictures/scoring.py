"""Drawing shared by the rules guide and the deck gallery: card names, single card images at
any size (never upscaled beyond the theme's art), and the guide's illustrations.

An illustration is a tuple from :mod:`zole_desktop.teaching.guide` (its docstring lists the
kinds).  :func:`draw_picture` draws one inside a rectangle with the theme's cards; every number
in it is computed by the rules code (card points, trick winners, settlement), and every word
goes through the translation functions.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

import pygame

from ...i18n import N_, _, ngettext, pgettext
from ...rules.cards import (
    CARD_INDEX,
    CARD_NAMES,
    NUM_CARDS,
    POINTS,
    SUIT_OF,
    TOTAL_POINTS,
    TRUMP_LADDER,
    draw_strength,
    is_trump,
    mask_of,
    name,
    parse_cards,
    points_of,
    sort_for_hand,
    trick_winner_index,
)
from ...rules.deal import TALON, active_seats, deal_packets, packet_pattern
from ...rules.options import Rules
from ...rules.pools import Pools
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
    band,
    contract_value,
    settle_contract,
    settle_galdins,
    settle_passed,
)
from ...rules.state import PASS, PLAYING, SURRENDER, TAKE_BID, ZOLE_BID, HandState
from ...teaching.guide import band_ranges
from .. import gfx, texts
from ..theme import Theme, procedural_face

ASPECT = 5 / 7

CARD_TITLES = {
    "QC": N_("Queen of clubs"), "QS": N_("Queen of spades"), "QH": N_("Queen of hearts"),
    "QD": N_("Queen of diamonds"), "JC": N_("Jack of clubs"), "JS": N_("Jack of spades"),
    "JH": N_("Jack of hearts"), "JD": N_("Jack of diamonds"), "AD": N_("Ace of diamonds"),
    "TD": N_("Ten of diamonds"), "KD": N_("King of diamonds"), "9D": N_("Nine of diamonds"),
    "8D": N_("Eight of diamonds"), "7D": N_("Seven of diamonds"),
    "AC": N_("Ace of clubs"), "TC": N_("Ten of clubs"), "KC": N_("King of clubs"),
    "9C": N_("Nine of clubs"), "AS": N_("Ace of spades"), "TS": N_("Ten of spades"),
    "KS": N_("King of spades"), "9S": N_("Nine of spades"), "AH": N_("Ace of hearts"),
    "TH": N_("Ten of hearts"), "KH": N_("King of hearts"), "9H": N_("Nine of hearts"),
}

# the gallery's order: trumps from the queen of clubs down, then clubs, spades, hearts
GALLERY_ORDER: tuple[str, ...] = tuple(name(c) for c in TRUMP_LADDER) + (
    "AC", "TC", "KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH", "KH", "9H")

# the declarer's result bands, best first; the points of each come from band_ranges()
SCORE_ROWS = (
    (ALL_TRICKS, N_("All eight tricks")),
    (WIN_91, N_("{lo}–{hi} points")),
    (WIN_61, N_("{lo}–{hi} points")),
    (LOSS_31, N_("{lo}–{hi} points")),
    (LOSS_JANI, N_("{lo}–{hi} points (jāņi)")),
    (NO_TRICK, N_("No trick (bezstiķis)")),
)
NEGATIVE = (0x8E, 0x22, 0x2C)  # carmine dark enough for text on linen


def band_label(result_band: str) -> str:
    """A result band in words, its card points taken from the settlement code."""
    label = dict(SCORE_ROWS)[result_band]
    ranges = band_ranges()
    if result_band in ranges:
        lo, hi = ranges[result_band]
        return _(label).format(lo=lo, hi=hi)
    return _(label)


def card_title(code: str) -> str:
    """The card's name in the current language, e.g. "Queen of clubs"."""
    return _(CARD_TITLES[code])


def trump_rank(code: str) -> int | None:
    """1 for the queen of clubs ... 14 for the seven of diamonds; None for a plain card."""
    c = CARD_INDEX[code]
    return TRUMP_LADDER.index(c) + 1 if is_trump(c) else None


# ------------------------------------------------------------------ card images
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_MAX = 160


def source_height(theme: Theme) -> int:
    """The height of the theme's art (the largest size a card is drawn at)."""
    if theme.faces:
        return next(iter(theme.faces.values())).get_height()
    return 896


def card_image(theme: Theme, code: str, h: int) -> pygame.Surface:
    """One face (or ``"back"``) ``h`` pixels high, scaled from the source art, cached."""
    h = max(12, min(int(h), source_height(theme)))
    w = max(8, round(h * ASPECT))
    key = (theme.id, id(theme), code, w, h)
    img = _cache.get(key)
    if img is not None:
        _cache.move_to_end(key)
        return img
    if theme.faces is None:
        img = theme.cards(w, h)["back"] if code == "back" else procedural_face(code, w, h)
    else:
        src = theme.back if code == "back" else theme.faces[code]
        if src is None:
            img = theme.cards(w, h)[code]
        else:
            img = pygame.transform.smoothscale(src, (w, h))
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                img = img.convert_alpha()
    _cache[key] = img
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return img


def blit_card(surface: pygame.Surface, theme: Theme, code: str, rect: pygame.Rect) -> None:
    """A card with its soft shadow, filling ``rect`` (which has the card's aspect)."""
    img = card_image(theme, code, rect.h)
    r = img.get_rect(center=rect.center)
    w = r.w
    surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, radius=max(3, w // 12),
                           alpha=70), r.move(max(1, w // 40), max(2, w // 30)))
    surface.blit(img, r)


def row_rects(n: int, area: pygame.Rect, max_h: int, min_step: float = 0.34,
              gap: float = 0.14) -> list[pygame.Rect]:
    """Rectangles for ``n`` cards in a centred row inside ``area``: side by side when they
    fit, else overlapping (never closer than ``min_step`` of a card width, so that the corner
    index of every card stays visible)."""
    if n <= 0:
        return []
    ch = min(area.h, max_h)
    cw = ch * ASPECT
    natural = n * cw + (n - 1) * cw * gap
    if natural > area.w:
        step = (area.w - cw) / max(1, n - 1)
        if step < cw * min_step:
            cw = area.w / (1 + min_step * (n - 1))
            ch = cw / ASPECT
            step = cw * min_step
    else:
        step = cw * (1 + gap)
    cw, ch = int(cw), int(ch)
    total = cw + step * (n - 1)
    x0 = area.centerx - total / 2
    y = area.centery - ch // 2
    return [pygame.Rect(int(x0 + i * step), y, cw, ch) for i in range(n)]


# ------------------------------------------------------------------ illustrations
def draw_picture(surface: pygame.Surface, picture: tuple | None, area: pygame.Rect,
                 theme: Theme, text_size: int = 22) -> None:
    """Draw a guide illustration inside ``area`` with the theme's cards; its words are no
    larger than ``text_size``."""
    if not picture:
        return
    kind = picture[0]
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    try:
        if kind == "cards":
            _draw_cards(surface, picture[1].split(), area, theme)
        elif kind == "deck":
            _draw_deck(surface, area, theme, text_size)
        elif kind == "ladder":
            _draw_ladder(surface, area, theme)
        elif kind == "suits":
            _draw_suits(surface, area, theme)
        elif kind == "points":
            _draw_points(surface, area, theme, text_size)
        elif kind == "table":
            _draw_seats(surface, int(picture[1]), area)
        elif kind == "tables":
            _draw_tables(surface, picture[1:], area, text_size)
        elif kind == "scores":
            _draw_scores(surface, picture[1], area, text_size)
        elif kind == "draw":
            _draw_draw(surface, picture[1].split(), area, theme, text_size)
        elif kind == "deal":
            _draw_deal(surface, picture[1], area, theme, text_size)
        elif kind == "bids":
            _draw_bids(surface, area, text_size)
        elif kind == "bury":
            _draw_bury(surface, picture[1].split(), picture[2].split(), area, theme, text_size)
        elif kind == "tricks":
            _draw_tricks(surface, picture[1], [t.split() for t in picture[2:]], area, theme,
                         text_size)
        elif kind == "surrender":
            _draw_surrender(surface, area, theme, text_size)
        elif kind == "bands":
            _draw_bands(surface, area, text_size)
        elif kind == "jani":
            _draw_jani(surface, area, text_size)
        elif kind == "sheet":
            _draw_sheet(surface, picture[1], picture[2], picture[3], area, text_size)
        elif kind == "galdins":
            _draw_galdins(surface, picture[1], picture[2], area, text_size)
        elif kind == "options":
            _draw_options(surface, area, text_size)
        else:
            raise ValueError(f"unknown illustration {kind!r}")
    finally:
        surface.set_clip(clip)


# illustrations drawn on linen (tables of numbers); the rest sit on a felt inset
_ON_LINEN = frozenset({"scores", "bands", "jani", "sheet", "galdins", "options"})


def picture_on_felt(picture: tuple | None) -> bool:
    """Illustrations drawn on a felt inset (cards, seats); tables of numbers sit on linen."""
    return bool(picture) and picture[0] not in _ON_LINEN


def _pad(area: pygame.Rect) -> pygame.Rect:
    p = max(6, min(area.w, area.h) // 14)
    return area.inflate(-2 * p, -2 * p)


def _draw_cards(surface, codes: list[str], area: pygame.Rect, theme: Theme) -> None:
    inner = _pad(area)
    for code, r in zip(codes, row_rects(len(codes), inner, source_height(theme)), strict=True):
        blit_card(surface, theme, code, r)


def _draw_deck(surface, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    """The whole deck in four fans by printed suit (two rows of two), each with its number
    of cards."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    label_h = int(size * 1.9)
    order = "ATKQJ987"
    fans = []
    for suit, glyph in (("C", "♣"), ("S", "♠"), ("H", "♥"), ("D", "♦")):
        codes = sorted((n for n in CARD_NAMES if n[1] == suit), key=lambda n: order.index(n[0]))
        fans.append((glyph, codes))
    rows = (fans[:2], fans[2:])
    step, gap = 0.36, 0.5  # in card widths

    def units(row) -> float:
        return sum(1 + step * (len(c) - 1) for _g, c in row) + gap * (len(row) - 1)

    widest = max(units(r) for r in rows)
    ch = min((inner.h - 2 * label_h) // 2, source_height(theme), int(inner.w / widest / ASPECT))
    cw = int(ch * ASPECT)
    big = int(size * 1.15)
    y = inner.y + (inner.h - 2 * (ch + label_h)) // 2
    for row in rows:
        x = inner.centerx - units(row) * cw / 2
        for glyph, codes in row:
            fw = cw * (1 + step * (len(codes) - 1))
            for i, code in enumerate(codes):
                blit_card(surface, theme, code, pygame.Rect(int(x + i * cw * step), y, cw, ch))
            t = f"{len(codes)} {glyph}"
            gfx.blit_text(surface, t, big, gfx.LINEN, (int(x + fw / 2), y + ch + label_h // 2),
                          "center", bold=True)
            x += fw + gap * cw
        y += ch + label_h


def _label_size(area: pygame.Rect) -> int:
    return max(11, min(22, int(area.h * 0.075)))


def _draw_ladder(surface, area: pygame.Rect, theme: Theme) -> None:
    inner = _pad(area)
    size = _label_size(area)
    arrow_h = int(size * 2.0)
    cards_area = pygame.Rect(inner.x, inner.y, inner.w, inner.h - arrow_h)
    rects = row_rects(14, cards_area, source_height(theme))
    codes = [name(c) for c in TRUMP_LADDER]
    for code, r in zip(codes, rects, strict=True):
        blit_card(surface, theme, code, r)
    y = rects[0].bottom + arrow_h // 2 + 2
    hi = _("highest")
    lo = _("lowest")
    left = rects[0].x
    right = rects[-1].right
    lr = gfx.blit_text(surface, hi, size, gfx.LINEN, (left, y), "midleft", bold=True)
    rr = gfx.blit_text(surface, lo, size, gfx.LINEN, (right, y), "midright", bold=True)
    x0, x1 = lr.right + size, rr.x - size
    if x1 - x0 > size * 2:
        pygame.draw.line(surface, gfx.AMBER, (x0, y), (x1 - size // 2, y), max(2, size // 6))
        pygame.draw.polygon(surface, gfx.AMBER, [(x1, y), (x1 - size, y - size // 2),
                                                 (x1 - size, y + size // 2)])


def _draw_suits(surface, area: pygame.Rect, theme: Theme) -> None:
    inner = _pad(area)
    size = _label_size(area)
    label_h = int(size * 1.8)
    groups = (("C", "♣"), ("S", "♠"), ("H", "♥"))
    gap = 0.45  # between groups, in card widths
    step = 0.4  # inside a group
    ch = min(inner.h - label_h, source_height(theme))
    cw = ch * ASPECT
    width = 3 * (cw * (1 + 3 * step)) + 2 * gap * cw
    if width > inner.w:
        cw = inner.w / (3 * (1 + 3 * step) + 2 * gap)
        ch = cw / ASPECT
    cw, ch = int(cw), int(ch)
    gw = cw + 3 * cw * step
    total = 3 * gw + 2 * gap * cw
    x = inner.centerx - total / 2
    y = inner.y + (inner.h - label_h - ch) // 2
    for gi, (suit, glyph) in enumerate(groups):
        gx = x + gi * (gw + gap * cw)
        for i, rank in enumerate("ATK9"):
            blit_card(surface, theme, rank + suit,
                      pygame.Rect(int(gx + i * cw * step), y, cw, ch))
        label = glyph + " " + _(texts.SUIT_LABELS[gi])
        gfx.blit_text(surface, label, gfx.fit_size(label, size, int(gw)), gfx.LINEN,
                      (int(gx + gw / 2), y + ch + label_h // 2), "center", bold=True)


def _draw_points(surface, area: pygame.Rect, theme: Theme, text_size: int = 22) -> None:
    """A pile of cards with each card's points under it and the pile's sum; the deck's total."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    label_h = int(size * 2.4)
    note_h = int(size * 1.6)
    codes = ["AS", "TS", "KS", "QS", "JS", "9S", "8D", "7D"]
    big = int(size * 1.35)
    total = points_of(mask_of(parse_cards(codes)))
    sum_text = f"= {total}"
    sum_w = gfx.text_width(sum_text, big, True) + big
    row = pygame.Rect(inner.x, inner.y, inner.w - sum_w, inner.h - label_h - note_h)
    rects = row_rects(len(codes), row, source_height(theme), min_step=0.9, gap=0.12)
    for code, r in zip(codes, rects, strict=True):
        blit_card(surface, theme, code, r)
        p = POINTS[CARD_INDEX[code]]
        gfx.blit_text(surface, str(p), big, gfx.AMBER if p else gfx.DIM_LINEN,
                      (r.centerx, r.bottom + label_h // 2), "center", bold=True)
    vy = rects[0].bottom + label_h // 2
    gfx.blit_text(surface, sum_text, big, gfx.LINEN, (rects[-1].right + big // 2, vy),
                  "midleft", bold=True)
    note = ngettext("All {cards} cards: {n} point", "All {cards} cards: {n} points",
                    TOTAL_POINTS).format(cards=NUM_CARDS, n=TOTAL_POINTS)
    gfx.blit_text(surface, note, gfx.fit_size(note, size, inner.w), gfx.LINEN,
                  (inner.centerx, rects[0].bottom + label_h + note_h // 2), "center")


def _draw_seats(surface, players: int, area: pygame.Rect, size: int | None = None) -> None:
    """Seats round an oval table: the dealer at the bottom, play passing to the left
    (clockwise as seen from above)."""
    inner = _pad(area)
    size = size or max(10, min(20, int(area.h * 0.058)))
    pw = int(min(inner.w * 0.24, size * 9))
    ph = int(size * 2.7)
    cx, cy = inner.centerx, inner.centery
    rx = (inner.w - pw) / 2
    ry = (inner.h - ph) / 2
    # the table
    tw, th = int(rx * 1.25), int(ry * 1.05)
    table = pygame.Rect(0, 0, tw, th)
    table.center = (cx, cy)
    shade = pygame.Surface(table.size, pygame.SRCALPHA)
    pygame.draw.ellipse(shade, (0, 0, 0, 70), shade.get_rect())
    surface.blit(shade, table)
    pygame.draw.ellipse(surface, gfx.DIM_LINEN, table, width=2)
    # the direction of play: a short arrow turning to the dealer's left
    ar_rx, ar_ry = tw * 0.32, th * 0.30
    pts = []
    for k in range(25):
        a = math.radians(100 + k * 2.6)
        pts.append((cx + ar_rx * math.cos(a), cy + ar_ry * math.sin(a)))
    pygame.draw.lines(surface, gfx.AMBER, False, pts, max(2, size // 6))
    (ex, ey), (px, py) = pts[-1], pts[-2]
    ang = math.atan2(ey - py, ex - px)
    hs = size * 0.7
    pygame.draw.polygon(surface, gfx.AMBER, [
        (ex + hs * math.cos(ang), ey + hs * math.sin(ang)),
        (ex + hs * 0.6 * math.cos(ang + 2.2), ey + hs * 0.6 * math.sin(ang + 2.2)),
        (ex + hs * 0.6 * math.cos(ang - 2.2), ey + hs * 0.6 * math.sin(ang - 2.2))])
    cap = _("to the left")
    gfx.blit_text(surface, cap, gfx.fit_size(cap, size, int(tw * 0.6)), gfx.LINEN,
                  (cx, cy), "center")
    dealer = 0
    active = active_seats(players, dealer)
    forehand = active[0]
    for seat in range(players):
        a = math.radians(90 + seat * 360 / players)
        x = cx + rx * math.cos(a)
        y = cy + ry * math.sin(a)
        r = pygame.Rect(0, 0, pw, ph)
        r.center = (int(x), int(y))
        plays = seat in active
        if seat == dealer:
            role = _("Dealer")
        elif seat == forehand:
            role = _("Forehand")
        else:
            role = _("Player")
        state = _("plays") if plays else _("sits out")
        fill = gfx.LINEN if plays else gfx.GREY
        ink = gfx.INK if plays else (0x2E, 0x2A, 0x27)
        surface.blit(gfx.panel(pw, ph, fill=(0, 0, 0), border=None, alpha=60), r.move(2, 3))
        surface.blit(gfx.panel(pw, ph, fill=fill, border=gfx.EDGE, width=2), r)
        if seat == forehand:
            wid = max(3, ph // 14)
            pygame.draw.rect(surface, gfx.AMBER, r.inflate(wid * 2 + 2, wid * 2 + 2), width=wid,
                             border_radius=max(4, min(pw, ph) // 8) + wid)
        gfx.blit_text(surface, role, gfx.fit_size(role, size, pw - size, True), ink,
                      (r.centerx, r.y + ph * 0.33), "center", bold=True)
        gfx.blit_text(surface, state, gfx.fit_size(state, int(size * 0.85), pw - size), ink,
                      (r.centerx, r.y + ph * 0.72), "center")
        if plays:  # the order of play, in a small badge on the plate's corner
            br = max(8, int(size * 0.75))
            bc = (r.right - br // 2, r.y + br // 2)
            pygame.draw.circle(surface, gfx.EDGE, bc, br)
            pygame.draw.circle(surface, gfx.AMBER, bc, br - 2)
            gfx.blit_text(surface, str(active.index(seat) + 1), int(br * 1.2), gfx.INK, bc,
                          "center", bold=True)


def _draw_scores(surface, contract: str, area: pygame.Rect, text_size: int) -> None:
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


# ------------------------------------------------------------------ helpers for the pages
def _player(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def _text_in(surface, s: str, size: int, color, pos, width: int, anchor: str = "center",
             bold: bool = False) -> pygame.Rect:
    """``s`` shrunk to fit ``width`` (no smaller than 9 pt)."""
    return gfx.blit_text(surface, s, gfx.fit_size(s, size, max(10, width), bold), color, pos,
                         anchor, bold=bold)


def _lines_in(surface, s: str, size: int, color, top_center: tuple[int, int], width: int,
              max_lines: int = 2, bold: bool = False) -> int:
    """``s`` wrapped to ``width`` on at most ``max_lines`` lines (smaller type if need be),
    centred under ``top_center``; the height used."""
    width = max(10, width)
    for sz in range(size, 8, -1):
        lines = gfx.wrap(s, sz, width, bold)
        if len(lines) <= max_lines and all(gfx.text_width(t, sz, bold) <= width
                                           for t in lines):
            break
    x, y = top_center
    lh = int(sz * 1.2)
    for i, t in enumerate(lines):
        gfx.blit_text(surface, t, sz, color, (x, y + i * lh), "midtop", bold=bold)
    return lh * len(lines)


def _apart(n: int, area: pygame.Rect, max_h: int, gap: float) -> list[pygame.Rect]:
    """``n`` cards side by side in ``area``, never overlapping (``gap`` in card widths)."""
    ch = min(area.h, max_h, int(area.w / (n + gap * (n - 1)) / ASPECT))
    cw = int(ch * ASPECT)
    step = cw * (1 + gap)
    x0 = area.centerx - (cw + step * (n - 1)) / 2
    y = area.centery - ch // 2
    return [pygame.Rect(int(x0 + i * step), y, cw, ch) for i in range(n)]


def _ring(surface, rect: pygame.Rect, color=gfx.AMBER) -> None:
    """A highlight round a card."""
    w = max(3, rect.w // 22)
    pygame.draw.rect(surface, color, rect.inflate(w * 2 + 2, w * 2 + 2), width=w,
                     border_radius=max(4, rect.w // 10) + w)


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


# ------------------------------------------------------------------ the dealer: the draw
def _draw_draw(surface, codes: list[str], area: pygame.Rect, theme: Theme,
               text_size: int) -> None:
    """Each player draws a card; the strongest (rules.cards.draw_strength) deals first."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    top_h, bottom_h = int(size * 1.8), int(size * 3.0)
    row = pygame.Rect(inner.x, inner.y + top_h, inner.w, inner.h - top_h - bottom_h)
    rects = row_rects(len(codes), row, source_height(theme), gap=0.9)
    strengths = [draw_strength(CARD_INDEX[c]) for c in codes]
    best = strengths.index(max(strengths))
    for i, (code, r) in enumerate(zip(codes, rects, strict=True)):
        blit_card(surface, theme, code, r)
        _text_in(surface, _player(i), size, gfx.LINEN, (r.centerx, r.y - top_h // 2),
                 int(r.w * 1.8), bold=True)
        if i == best:
            _ring(surface, r)
            _lines_in(surface, _("highest card: deals first"), size, gfx.AMBER,
                      (r.centerx, r.bottom + size // 2), int(r.w * 1.8), bold=True)


# ------------------------------------------------------------------ dealing in packets
def _draw_deal(surface, pattern: str, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    """The packets in dealing order (rules.deal.deal_packets): a row per active player and
    one for the talon, a column per round; each packet numbered in the order dealt."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    dealer = 0
    order = active_seats(3, dealer)
    deal = deal_packets(list(range(26)), 3, dealer, pattern)
    rows = list(order) + [TALON]
    names = {order[0]: _("Forehand"), dealer: _("Dealer")}
    labels = [names.get(s, _("Player")) if s != TALON else _("Talon") for s in rows]
    label_w = min(int(inner.w * 0.26), max(gfx.text_width(t, size, True) for t in labels)
                  + size)
    # the column of each packet: one per element of the pattern
    cols: list[int] = []
    for col, n in enumerate(packet_pattern(pattern)):
        cols += [col] * (1 if n is None else len(order))
    n_cols = len(packet_pattern(pattern))
    row_h = inner.h / len(rows)
    col_w = (inner.w - label_w) / n_cols
    biggest = max(len(p.cards) for p in deal.packets)
    ch = int(min(row_h * 0.9, col_w / ASPECT / (1 + 0.45 * (biggest - 1)) * 0.8))
    cw = int(ch * ASPECT)
    for ri, label in enumerate(labels):
        y = int(inner.y + row_h * ri + row_h / 2)
        _text_in(surface, label, size, gfx.LINEN, (inner.x, y), label_w - size // 2, "midleft",
                 bold=True)
        if ri:
            yy = int(inner.y + row_h * ri)
            pygame.draw.line(surface, gfx.DIM_LINEN, (inner.x, yy), (inner.right, yy), 1)
    badge = max(8, int(size * 0.7))
    for k, (packet, col) in enumerate(zip(deal.packets, cols, strict=True)):
        ri = rows.index(packet.to)
        n = len(packet.cards)
        span = cw + cw * 0.45 * (n - 1)
        x0 = inner.x + label_w + col_w * col + (col_w - span) / 2
        y0 = int(inner.y + row_h * ri + (row_h - ch) / 2)
        for j in range(n):
            blit_card(surface, theme, "back",
                      pygame.Rect(int(x0 + j * cw * 0.45), y0, cw, ch))
        bc = (int(x0 + span), y0 + badge // 2)
        pygame.draw.circle(surface, gfx.EDGE, bc, badge)
        pygame.draw.circle(surface, gfx.AMBER, bc, badge - 2)
        gfx.blit_text(surface, str(k + 1), int(badge * 1.15), gfx.INK, bc, "center", bold=True)


# ------------------------------------------------------------------ four and five players
def _draw_tables(surface, sizes, area: pygame.Rect, text_size: int) -> None:
    size = min(_label_size(area), text_size)
    head_h = int(size * 1.8)
    n = len(sizes)
    w = area.w // n
    for i, players in enumerate(sizes):
        part = pygame.Rect(area.x + i * w, area.y, w, area.h)
        title = ngettext("{n} player", "{n} players", players).format(n=players)
        _text_in(surface, title, size, gfx.AMBER, (part.centerx, part.y + head_h // 2 + 4),
                 w - size, bold=True)
        seats = pygame.Rect(part.x, part.y + head_h, part.w, part.h - head_h)
        _draw_seats(surface, int(players), seats,
                    max(10, min(text_size - 2, int(seats.h * 0.075), int(seats.w / 32))))
        if i:
            pygame.draw.line(surface, gfx.DIM_LINEN, (part.x, part.y + size),
                             (part.x, part.bottom - size), 1)


# ------------------------------------------------------------------ a round of bidding
@lru_cache(maxsize=1)
def _bidding_round() -> tuple[tuple[int, ...], int]:
    """Forehand passes and the next player takes, played on a real hand: the bids spoken (in
    order from forehand) and the declarer's position.  The third player is not asked."""
    deal = deal_packets(list(range(26)), 3, 0)
    s = HandState.new(3, 0, deal.hands, deal.talon)
    s.apply(PASS)
    s.apply(TAKE_BID)
    return tuple(s.bids), s.declarer


def _draw_bids(surface, area: pygame.Rect, text_size: int) -> None:
    inner = _pad(area)
    size = min(max(11, int(area.h * 0.07)), text_size)
    bids, declarer = _bidding_round()
    roles = (_("Forehand"), _("Player"), _("Dealer"))
    n = len(roles)
    gap = int(inner.w * 0.05)
    pw = min(int((inner.w - gap * (n - 1)) / n), size * 12)
    ph = min(inner.h, int(size * 7.5))
    x0 = inner.centerx - (pw * n + gap * (n - 1)) // 2
    y0 = inner.centery - ph // 2
    for i, role in enumerate(roles):
        r = pygame.Rect(x0 + i * (pw + gap), y0, pw, ph)
        spoke = i < len(bids)
        surface.blit(gfx.panel(pw, ph, fill=(0, 0, 0), border=None, alpha=60), r.move(2, 3))
        surface.blit(gfx.panel(pw, ph, fill=gfx.LINEN if spoke else gfx.GREY, border=gfx.EDGE,
                               width=2), r)
        _text_in(surface, f"{i + 1}. {role}", size, gfx.INK, (r.centerx, r.y + ph * 0.17),
                 pw - size, bold=True)
        # what the player said, in a speech bubble
        said = texts.bid_label(bids[i]) if spoke else _("not asked")
        bub = pygame.Rect(0, 0, int(pw * 0.8), int(size * 2.2))
        bub.center = (r.centerx, int(r.y + ph * 0.47))
        if spoke:
            pygame.draw.rect(surface, gfx.AMBER if i == declarer else gfx.DIM_LINEN, bub,
                             border_radius=bub.h // 2)
            pygame.draw.rect(surface, gfx.EDGE, bub, width=1, border_radius=bub.h // 2)
            _text_in(surface, said, int(size * 1.1), gfx.INK,
                     bub.center, bub.w - size, bold=True)
        else:
            _text_in(surface, said, size, gfx.INK, bub.center, bub.w, bold=False)
        who = _("Declarer") if i == declarer else _("Defender")
        _text_in(surface, who, size, gfx.CARMINE if i == declarer else gfx.INK,
                 (r.centerx, int(r.y + ph * 0.8)), pw - size, bold=i == declarer)
        if i == declarer:
            _ring(surface, r)


# ------------------------------------------------------------------ burying
_VOID_NOTES = {
    0: N_("No clubs left: clubs can be trumped"),
    1: N_("No spades left: spades can be trumped"),
    2: N_("No hearts left: hearts can be trumped"),
}


def _draw_bury(surface, kept: list[str], buried: list[str], area: pygame.Rect, theme: Theme,
               text_size: int) -> None:
    """The declarer's ten cards: the eight kept, and the two buried with their points."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    top_h, bottom_h = int(size * 1.8), int(size * 2.8)
    kept_c = sort_for_hand(parse_cards(kept))
    buried_c = parse_cards(buried)
    gap = int(inner.w * 0.06)
    kw = int((inner.w - gap) * 0.72)
    left = pygame.Rect(inner.x, inner.y + top_h, kw, inner.h - top_h - bottom_h)
    right = pygame.Rect(left.right + gap, left.y, inner.right - left.right - gap, left.h)
    kr = row_rects(len(kept_c), left, source_height(theme), min_step=0.3)
    br = row_rects(len(buried_c), right, kr[0].h if kr else source_height(theme), gap=0.1)
    for c, r in zip(kept_c, kr, strict=True):
        blit_card(surface, theme, name(c), r)
    for c, r in zip(buried_c, br, strict=True):
        blit_card(surface, theme, name(c), r)
        _ring(surface, r)
    ty = kr[0].y - top_h // 2
    _text_in(surface, _("Kept"), size, gfx.LINEN, (left.centerx, ty), left.w, bold=True)
    _text_in(surface, _("Buried"), size, gfx.AMBER, (right.centerx, ty), right.w, bold=True)
    by = kr[0].bottom + size // 2
    held = {SUIT_OF[c] for c in kept_c}
    voids = [_(_VOID_NOTES[s]) for s in sorted(_VOID_NOTES) if s not in held]
    if voids:
        _lines_in(surface, " · ".join(voids), size, gfx.LINEN, (left.centerx, by), left.w)
    pts = points_of(mask_of(buried_c))
    note = ngettext("{n} point for the declarer", "{n} points for the declarer",
                    pts).format(n=pts)
    _lines_in(surface, note, size, gfx.AMBER, (right.centerx, by), right.w + gap, bold=True)


# ------------------------------------------------------------------ tricks
def _draw_tricks(surface, mode: str, tricks: list[list[str]], area: pygame.Rect, theme: Theme,
                 text_size: int) -> None:
    """Tricks side by side, the lead first.  ``mode`` "follow": under each card whether it
    follows the suit led (rules.cards.SUIT_OF, trumps being one suit); "win": the card that
    wins (rules.cards.trick_winner_index)."""
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    cap_h = int(size * 2.8)
    n = len(tricks)
    gap = int(inner.w * 0.07)
    tw = (inner.w - gap * (n - 1)) // n
    for ti, codes in enumerate(tricks):
        part = pygame.Rect(inner.x + ti * (tw + gap), inner.y, tw, inner.h - cap_h)
        rects = _apart(len(codes), part, source_height(theme), 0.1)
        cards = parse_cards(codes)
        winner = trick_winner_index(cards)
        for i, (c, r) in enumerate(zip(cards, rects, strict=True)):
            blit_card(surface, theme, name(c), r)
            if mode == "win":
                if i == winner:
                    _ring(surface, r)
                    cap, col = pgettext("trick", "wins"), gfx.AMBER
                elif i == 0:
                    cap, col = pgettext("trick", "leads"), gfx.LINEN
                else:
                    cap, col = "", gfx.LINEN
            elif i == 0:
                cap, col = pgettext("trick", "leads"), gfx.LINEN
            elif SUIT_OF[c] == SUIT_OF[cards[0]]:
                cap, col = _("follows suit"), gfx.AMBER
            else:
                cap, col = _("has none: any card"), gfx.DIM_LINEN
            if cap:
                _lines_in(surface, cap, size, col, (r.centerx, r.bottom + size // 2),
                          int(r.w * 1.08), bold=col == gfx.AMBER)
        if ti:
            x = part.x - gap // 2
            pygame.draw.line(surface, gfx.DIM_LINEN, (x, inner.y + size), (x, inner.bottom - size))


# ------------------------------------------------------------------ giving up
@lru_cache(maxsize=1)
def _surrender_facts() -> tuple[int, tuple[tuple[str, int], ...]]:
    """Played on a real hand: the last trick before which the declarer may still give up,
    and what giving up costs per opponent in an ordinary game and a zole."""
    deal = deal_packets(list(range(26)), 3, 0)
    costs = []
    last = 0
    for bid, contract in ((TAKE_BID, TAKE), (ZOLE_BID, ZOLE)):
        s = HandState.new(3, 0, deal.hands, deal.talon)
        s.apply(bid)
        while s.phase != PLAYING:  # bury the first two cards
            s.apply(next(a for a in s.legal_actions() if a != SURRENDER))
        g = s.copy()
        g.apply(SURRENDER)
        costs.append((contract, g.result().value))
        while s.phase == PLAYING:
            if not s.trick and s.can_surrender():
                last = max(last, len(s.completed) + 1)
            s.apply(next(a for a in s.legal_actions() if a != SURRENDER))
    return last, tuple(costs)


def _draw_surrender(surface, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    inner = _pad(area)
    size = min(_label_size(area), text_size)
    last, costs = _surrender_facts()
    cost_h = int(size * 2.2 * len(costs))
    top_h = int(size * 2.6)
    row = pygame.Rect(inner.x, inner.y + top_h, inner.w, inner.h - top_h - cost_h - size * 2)
    rects = _apart(8, row, source_height(theme), 0.25)
    for i, r in enumerate(rects):
        k = i + 1
        if k < last:  # tricks already played: a face-down pile
            blit_card(surface, theme, "back", r)
        else:
            pygame.draw.rect(surface, gfx.AMBER if k == last else gfx.DIM_LINEN, r,
                             width=3 if k == last else 1, border_radius=max(3, r.w // 10))
        col = gfx.AMBER if k <= last else gfx.DIM_LINEN
        gfx.blit_text(surface, str(k), size, col, (r.centerx, r.bottom + size), "center",
                      bold=k <= last)
    lr = rects[last - 1]
    pygame.draw.line(surface, gfx.AMBER, (rects[0].x, lr.bottom + size * 2),
                     (lr.right, lr.bottom + size * 2), max(2, size // 6))
    _lines_in(surface, _("The declarer may give up before these tricks are led"), size,
              gfx.AMBER, (inner.centerx, inner.y), inner.w, bold=True)
    y = lr.bottom + size * 2 + size // 2
    for contract, value in costs:
        t = _("{contract}: {value} to each opponent").format(
            contract=texts.contract_label(contract), value=_signed(value))
        _text_in(surface, t, size, gfx.LINEN, (inner.centerx, y + int(size * 1.1)), inner.w)
        y += int(size * 2.2)


# ------------------------------------------------------------------ result bands
_BAND_ORDER = (NO_TRICK, LOSS_JANI, LOSS_31, WIN_61, WIN_91, ALL_TRICKS)
_WIN_GREEN = (0x2E, 0x6B, 0x45)


def _band_head(b: str) -> str:
    ranges = band_ranges()
    if b in ranges:
        lo, hi = ranges[b]
        return f"{lo}–{hi}"
    return _("No trick") if b == NO_TRICK else _("All tricks")


def _draw_bands(surface, area: pygame.Rect, text_size: int) -> None:
    """The declarer's result on a line from no trick to all tricks: the card points of each
    band (settlement.band) and what it pays per opponent (settlement.contract_value)."""
    inner = _pad(area)
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
    _text_in(surface, cap, size, gfx.INK, (x0 + col_w * 3, y + row_h // 2), col_w * 6,
             bold=True)
    y += row_h
    for i, h in enumerate(heads):
        _text_in(surface, h, size, gfx.INK, (x0 + col_w * i + col_w // 2, y + row_h // 2),
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
            _text_in(surface, who, max(9, int(size * 0.8)), gfx.LINEN, seg.center, seg.w - 4)
    y += row_h
    for label, values in rows:
        pygame.draw.line(surface, gfx.DIM_LINEN, (inner.x, y), (inner.right, y), 1)
        _text_in(surface, label, size, gfx.INK, (inner.x, y + row_h // 2), label_w - size // 2,
                 "midleft", bold=True)
        for i, v in enumerate(values):
            gfx.blit_text(surface, _signed(v), size, gfx.INK if v > 0 else NEGATIVE,
                          (x0 + col_w * i + col_w // 2, y + row_h // 2), "center", bold=True)
        y += row_h


# ------------------------------------------------------------------ jāņi for either side
def _draw_jani(surface, area: pygame.Rect, text_size: int) -> None:
    """Two lines of card points for the same hands: the declarer's from 0 to 120 and the
    defenders' (what is left) under it; each side's jāņi from settlement.band."""
    inner = _pad(area)
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
        _text_in(surface, label, size, gfx.INK, (inner.x, bar.centery), label_w - size // 2,
                 "midleft", bold=True)
        pygame.draw.rect(surface, gfx.DIM_LINEN, bar, border_radius=bar_h // 3)
        pygame.draw.rect(surface, gfx.EDGE, bar, width=1, border_radius=bar_h // 3)
        sb, lo, hi, cap = segs[i]
        seg = pygame.Rect(x(lo), sb.y, x(hi) - x(lo), sb.h)
        pygame.draw.rect(surface, NEGATIVE, seg, border_radius=bar_h // 3)
        _text_in(surface, cap, size, gfx.LINEN, seg.center, seg.w - 6, bold=True)

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
    _text_in(surface, note, size, gfx.INK,
             (x0 + w // 2, bars[1].bottom + int(size * 2.4)), inner.w)


# ------------------------------------------------------------------ pools on the sheet
def _sheet_rows(common: int, personal: tuple[int, ...], hands: tuple) -> list[tuple]:
    """Each hand settled by the settlement code at a table of three: (label, event notes,
    deltas or None, pools after)."""
    rules = Rules()
    pools = Pools(common, tuple(personal))
    active = (0, 1, 2)
    out: list[tuple] = []
    if pools.any:
        out.append((_("Pools standing"), [], None, pools))
    for hand in hands:
        if hand[0] == "passed":
            st = settle_passed(3, pools)
            label = _("Everyone passed")
        else:
            _kind, declarer, points, tricks = hand
            value = contract_value(TAKE, band(points, tricks), rules)
            st = settle_contract(3, active, declarer, TAKE, value, rules, pools)
            label = ngettext("{name}: ordinary game, {n} point",
                             "{name}: ordinary game, {n} points", points).format(
                name=_player(declarer), n=points)
        notes = []
        for ev in st.events:
            if ev.kind == "common_added":
                notes.append(ngettext("{n} common pool is written",
                                      "{n} common pools are written", ev.count).format(
                    n=ev.count))
            elif ev.kind == "personal_added":
                notes.append(_("the declarer gets a personal pool"))
            elif ev.kind == "closed_own":
                notes.append(_("the declarer closes his own personal pool"))
            elif ev.kind == "closed_common":
                notes.append(_("the declarer closes a common pool: +{n}").format(n=ev.amount))
            elif ev.kind == "closed_other":
                notes.append(_("closes the personal pool of {name}, who pays {n}").format(
                    name=_player(ev.paid_by), n=ev.amount))
        out.append((label, notes, st.deltas, st.pools))
        pools = st.pools
    return out


def _pool_mark(surface, center: tuple[int, int], r: int) -> None:
    """A personal pool on the sheet: a small amber disc."""
    pygame.draw.circle(surface, gfx.EDGE, center, r)
    pygame.draw.circle(surface, gfx.AMBER, center, max(1, r - 2))


def _draw_sheet(surface, common: int, personal: tuple[int, ...], hands: tuple,
                area: pygame.Rect, text_size: int) -> None:
    """A few hands on a score sheet: each player's game points, the common pools, and a disc
    in a player's column for each personal pool he owns (as the settlement code left them)."""
    inner = _pad(area)
    rows = _sheet_rows(common, personal, hands)
    n_lines = 2 + sum(1 + len(notes) for _l, notes, _d, _p in rows)
    size = max(10, min(text_size, int(inner.h / (n_lines * 1.75))))
    small = max(9, int(size * 0.85))
    line_h = int(size * 1.75)
    heads = [_player(i) for i in range(3)]
    seat_w = min(int(inner.w * 0.14),
                 max(int(inner.w * 0.1), max(gfx.text_width(h, size, True) for h in heads)
                     + size))
    pools_head = _("Common pools")
    pools_w = min(int(inner.w * 0.2), gfx.text_width(pools_head, size, True) + size * 2)
    label_w = inner.w - pools_w - 3 * seat_w
    height = line_h * (n_lines - 1)
    y = inner.y + max(0, (inner.h - height - line_h) // 2)
    table = pygame.Rect(inner.x, y, inner.w, height)
    surface.blit(gfx.panel(table.w, table.h, fill=gfx.LINEN, border=gfx.EDGE, radius=6,
                           width=1), table)
    hdr = pygame.Rect(table.x, y, table.w, line_h)
    pygame.draw.rect(surface, gfx.DIM_LINEN, hdr.inflate(-2, -2), border_top_left_radius=5,
                     border_top_right_radius=5)
    cx = [table.x + label_w + seat_w * i + seat_w // 2 for i in range(3)]
    pools_x = table.x + label_w + 3 * seat_w + pools_w // 2
    _text_in(surface, _("Hand"), size, gfx.INK, (table.x + size // 2, y + line_h // 2),
             label_w - size, "midleft", bold=True)
    for i, h in enumerate(heads):
        _text_in(surface, h, size, gfx.INK, (cx[i], y + line_h // 2), seat_w - 4, bold=True)
    _text_in(surface, pools_head, size, gfx.INK, (pools_x, y + line_h // 2), pools_w - 6,
             bold=True)
    mark_r = max(4, int(size * 0.38))
    y += line_h
    for label, notes, deltas, pools in rows:
        pygame.draw.line(surface, gfx.EDGE, (table.x + 1, y), (table.right - 2, y), 1)
        mid = y + line_h // 2
        _text_in(surface, label, size, gfx.INK, (table.x + size // 2, mid), label_w - size,
                 "midleft", bold=True)
        owned = pools.personal_counts(3)
        for i in range(3):
            marks = owned[i]
            shift = marks * mark_r
            if deltas is not None:
                d = deltas[i]
                gfx.blit_text(surface, _signed(d), size, gfx.INK if d >= 0 else NEGATIVE,
                              (cx[i] - shift, mid), "center", bold=True)
            x0 = cx[i] + (size if deltas is not None else -shift) + mark_r - shift
            for k in range(marks):
                _pool_mark(surface, (int(x0 + k * mark_r * 2.4), mid), mark_r)
        t = str(pools.common) if pools.common else gfx.NOTHING
        gfx.blit_text(surface, t, size, gfx.INK, (pools_x, mid), "center", bold=True)
        y += line_h
        for note in notes:
            _text_in(surface, "↳ " + note, small, gfx.CARMINE,
                     (table.x + size, y + line_h // 2 - 2), label_w + 3 * seat_w - size,
                     "midleft")
            y += line_h
    for i in range(4):
        lx = table.x + label_w + seat_w * i
        pygame.draw.line(surface, gfx.EDGE, (lx, table.y + 1), (lx, table.bottom - 2), 1)
    # the legend
    ly = table.bottom + line_h // 2 + 2
    leg = _("personal pool")
    lw = gfx.text_width(leg, small) + mark_r * 3
    lx = table.right - lw
    _pool_mark(surface, (lx + mark_r, ly), mark_r)
    gfx.blit_text(surface, leg, small, gfx.INK, (lx + mark_r * 3, ly), "midleft")


# ------------------------------------------------------------------ galdiņš
def _draw_galdins(surface, tricks: tuple[int, ...], points: tuple[int, ...],
                  area: pygame.Rect, text_size: int) -> None:
    """Three players' tricks and card points, and what each pays or gets
    (settlement.settle_galdins with the default options)."""
    inner = _pad(area)
    rules = Rules()
    st = settle_galdins(3, (0, 1, 2), list(tricks), list(points), rules, Pools())
    heads = (_("Player"), _("Tricks"), _("Card points"), _("Game points"))
    n_lines = 4 + 1
    size = max(10, min(text_size, int(inner.h / (n_lines * 1.8))))
    line_h = int(size * 1.8)
    col_w = min(inner.w // 4, max(gfx.text_width(h, size, True) for h in heads) + size * 2)
    width = col_w * 4
    x = inner.centerx - width // 2
    y = inner.y + max(0, (inner.h - line_h * n_lines) // 2)
    table = pygame.Rect(x, y, width, line_h * 4)
    surface.blit(gfx.panel(table.w, table.h, fill=gfx.LINEN, border=gfx.EDGE, radius=6,
                           width=1), table)
    hdr = pygame.Rect(x, y, width, line_h)
    pygame.draw.rect(surface, gfx.DIM_LINEN, hdr.inflate(-2, -2), border_top_left_radius=5,
                     border_top_right_radius=5)
    for i, h in enumerate(heads):
        _text_in(surface, h, size, gfx.INK, (x + col_w * i + col_w // 2, y + line_h // 2),
                 col_w - 6, bold=True)
    for seat in range(3):
        ry = y + line_h * (seat + 1)
        loser = seat in st.losers
        if loser:
            pygame.draw.rect(surface, gfx.AMBER, pygame.Rect(x + 2, ry + 1, width - 4,
                                                              line_h - 2))
        pygame.draw.line(surface, gfx.EDGE, (x + 1, ry), (x + width - 2, ry), 1)
        d = st.deltas[seat]
        cells = (_player(seat), str(tricks[seat]), str(points[seat]), _signed(d))
        for i, t in enumerate(cells):
            col = NEGATIVE if i == 3 and d < 0 else gfx.INK
            _text_in(surface, t, size, col, (x + col_w * i + col_w // 2, ry + line_h // 2),
                     col_w - 6, bold=i in (0, 3))
    most = max(tricks)
    tied = sum(1 for t in tricks if t == most) > 1
    note = (_("Tied on most tricks: more card points pays") if tied
            else _("Most tricks pays"))
    _text_in(surface, note, size, gfx.INK, (inner.centerx, table.bottom + line_h // 2 + 2),
             inner.w)


# ------------------------------------------------------------------ table options
def _draw_options(surface, area: pygame.Rect, text_size: int) -> None:
    """Every table option with its default (rules.options.Rules())."""
    inner = _pad(area)
    defaults = Rules().to_dict()
    items = []
    for key, label in texts.OPTION_LABELS.items():
        value = dict(texts.option_values(key))[defaults[key]]
        items.append((_(label), _(value)))
    n_cols = 2 if inner.w > 520 else 1
    per_col = -(-len(items) // n_cols)
    size = max(9, min(text_size, int(inner.h / (per_col * 1.6 + 1.8))))
    line_h = int(size * 1.6)
    title = _("The classic tournament game")
    _text_in(surface, title, size, gfx.INK, (inner.centerx, inner.y + line_h // 2), inner.w,
             bold=True)
    gap = size * 2
    cw = (inner.w - gap * (n_cols - 1)) // n_cols
    top = inner.y + int(line_h * 1.2)
    for i, (label, value) in enumerate(items):
        col, row = divmod(i, per_col)
        x = inner.x + col * (cw + gap)
        y = top + row * line_h
        r = pygame.Rect(x, y, cw, line_h - 3)
        pygame.draw.rect(surface, gfx.DIM_LINEN, r, border_radius=4)
        vw = min(int(cw * 0.42), gfx.text_width(value, size, True) + size)
        _text_in(surface, label, size, gfx.INK, (x + size // 2, r.centery), cw - vw - size,
                 "midleft")
        _text_in(surface, value, size, gfx.INK, (r.right - size // 2, r.centery), vw,
                 "midright", bold=True)
