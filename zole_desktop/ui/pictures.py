"""Drawing shared by the rules guide and the deck gallery: card names, single card images at
any size (never upscaled beyond the theme's art), and the guide's illustrations.

An illustration is a tuple from :mod:`zole_desktop.teaching.guide`: ``("cards", "QC QS")``,
``("ladder",)``, ``("suits",)``, ``("points",)``, ``("table", players)`` or
``("scores", "take" | "zole")``.  :func:`draw_picture` draws one inside a rectangle.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from ..i18n import N_, _
from ..rules.cards import CARD_INDEX, POINTS, TRUMP_LADDER, is_trump, name
from ..rules.deal import active_seats
from ..rules.options import Rules
from ..rules.settlement import (
    ALL_TRICKS,
    DARK,
    LOSS_31,
    LOSS_JANI,
    NO_TRICK,
    TAKE,
    WIN_61,
    WIN_91,
    ZOLE,
    contract_value,
)
from . import gfx, texts
from .theme import Theme, procedural_face

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

SCORE_ROWS = (
    (ALL_TRICKS, N_("All eight tricks")),
    (WIN_91, N_("91–120 points")),
    (WIN_61, N_("61–90 points")),
    (LOSS_31, N_("31–60 points")),
    (LOSS_JANI, N_("0–30 points (jāņi)")),
    (NO_TRICK, N_("No trick (bezstiķis)")),
)
NEGATIVE = (0x8E, 0x22, 0x2C)  # carmine dark enough for text on linen


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
        elif kind == "ladder":
            _draw_ladder(surface, area, theme)
        elif kind == "suits":
            _draw_suits(surface, area, theme)
        elif kind == "points":
            _draw_points(surface, area, theme)
        elif kind == "table":
            _draw_seats(surface, int(picture[1]), area)
        elif kind == "scores":
            _draw_scores(surface, picture[1], area, text_size)
    finally:
        surface.set_clip(clip)


def picture_on_felt(picture: tuple | None) -> bool:
    """Illustrations drawn on a felt inset (cards, seats); the score table sits on linen."""
    return bool(picture) and picture[0] != "scores"


def _pad(area: pygame.Rect) -> pygame.Rect:
    p = max(6, min(area.w, area.h) // 14)
    return area.inflate(-2 * p, -2 * p)


def _draw_cards(surface, codes: list[str], area: pygame.Rect, theme: Theme) -> None:
    inner = _pad(area)
    for code, r in zip(codes, row_rects(len(codes), inner, source_height(theme)), strict=True):
        blit_card(surface, theme, code, r)


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


def _draw_points(surface, area: pygame.Rect, theme: Theme) -> None:
    inner = _pad(area)
    size = _label_size(area)
    label_h = int(size * 2.4)
    codes = ["AS", "TS", "KS", "QS", "JS", "9S", "8D", "7D"]
    rects = row_rects(len(codes), pygame.Rect(inner.x, inner.y, inner.w, inner.h - label_h),
                      source_height(theme), min_step=0.9, gap=0.12)
    big = int(size * 1.35)
    for code, r in zip(codes, rects, strict=True):
        blit_card(surface, theme, code, r)
        p = POINTS[CARD_INDEX[code]]
        gfx.blit_text(surface, str(p), big, gfx.AMBER if p else gfx.DIM_LINEN,
                      (r.centerx, r.bottom + label_h // 2), "center", bold=True)


def _draw_seats(surface, players: int, area: pygame.Rect) -> None:
    """Seats round an oval table: the dealer at the bottom, play passing to the left
    (clockwise as seen from above)."""
    inner = _pad(area)
    size = max(10, min(20, int(area.h * 0.058)))
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
    cols = [TAKE] if contract == TAKE else [ZOLE, DARK]
    heads = [texts.contract_label(c) for c in cols]
    rows = [(_(label), [contract_value(c, band, rules) for c in cols])
            for band, label in SCORE_ROWS]
    n_rows = len(rows) + 1
    size = max(11, min(text_size, int(area.h / (n_rows * 1.65))))
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
        thick = 3 if ri == 3 else 1  # wins above the line, losses below
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
