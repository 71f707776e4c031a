"""The table: seats round it and the direction of play, four and five players, the draw for the
first dealer, dealing in packets, and the table's options with their defaults."""

from __future__ import annotations

import math

import pygame

from ...i18n import _, ngettext
from ...rules.cards import CARD_INDEX, draw_strength
from ...rules.deal import TALON, active_seats, deal_packets, packet_pattern
from ...rules.options import Rules
from .. import gfx, texts
from ..theme import Theme
from .cards import ASPECT, blit_card, row_rects, source_height
from .common import label_size, lines_in, pad, player_name, ring, text_in


def draw_seats(surface, players: int, area: pygame.Rect, size: int | None = None) -> None:
    """Seats round an oval table: the dealer at the bottom, play passing to the left
    (clockwise as seen from above)."""
    inner = pad(area)
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
                      (r.centerx, r.y + int(ph * 0.33)), "center", bold=True)
        gfx.blit_text(surface, state, gfx.fit_size(state, int(size * 0.85), pw - size), ink,
                      (r.centerx, r.y + int(ph * 0.72)), "center")
        if plays:  # the order of play, in a small badge on the plate's corner
            br = max(8, int(size * 0.75))
            bc = (r.right - br // 2, r.y + br // 2)
            pygame.draw.circle(surface, gfx.EDGE, bc, br)
            pygame.draw.circle(surface, gfx.AMBER, bc, br - 2)
            gfx.blit_text(surface, str(active.index(seat) + 1), int(br * 1.2), gfx.INK, bc,
                          "center", bold=True)


# ------------------------------------------------------------------ the dealer: the draw
def draw_high_card(surface, codes: list[str], area: pygame.Rect, theme: Theme,
                   text_size: int) -> None:
    """Each player draws a card; the strongest (rules.cards.draw_strength) deals first."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    top_h, bottom_h = int(size * 1.8), int(size * 3.0)
    row = pygame.Rect(inner.x, inner.y + top_h, inner.w, inner.h - top_h - bottom_h)
    rects = row_rects(len(codes), row, source_height(theme), gap=0.9)
    strengths = [draw_strength(CARD_INDEX[c]) for c in codes]
    best = strengths.index(max(strengths))
    for i, (code, r) in enumerate(zip(codes, rects, strict=True)):
        blit_card(surface, theme, code, r)
        text_in(surface, player_name(i), size, gfx.LINEN, (r.centerx, r.y - top_h // 2),
                int(r.w * 1.8), bold=True)
        if i == best:
            ring(surface, r)
            lines_in(surface, _("highest card: deals first"), size, gfx.AMBER,
                     (r.centerx, r.bottom + size // 2), int(r.w * 1.8), bold=True)


# ------------------------------------------------------------------ dealing in packets
def draw_deal(surface, pattern: str, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    """The packets in dealing order (rules.deal.deal_packets): a row per active player and
    one for the talon, a column per round; each packet numbered in the order dealt."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    dealer = 0
    order = active_seats(3, dealer)
    deal = deal_packets(list(range(26)), 3, dealer, pattern)
    rows = list(order) + [TALON]
    names = {order[0]: _("Forehand"), dealer: _("Dealer")}
    labels = [_("Talon") if s == TALON else names.get(int(s), _("Player")) for s in rows]
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
        text_in(surface, label, size, gfx.LINEN, (inner.x, y), label_w - size // 2, "midleft",
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
def draw_tables(surface, sizes, area: pygame.Rect, text_size: int) -> None:
    size = min(label_size(area), text_size)
    head_h = int(size * 1.8)
    n = len(sizes)
    w = area.w // n
    for i, players in enumerate(sizes):
        part = pygame.Rect(area.x + i * w, area.y, w, area.h)
        title = ngettext("{n} player", "{n} players", players).format(n=players)
        text_in(surface, title, size, gfx.AMBER, (part.centerx, part.y + head_h // 2 + 4),
                w - size, bold=True)
        seats = pygame.Rect(part.x, part.y + head_h, part.w, part.h - head_h)
        draw_seats(surface, int(players), seats,
                   max(10, min(text_size - 2, int(seats.h * 0.075), int(seats.w / 32))))
        if i:
            pygame.draw.line(surface, gfx.DIM_LINEN, (part.x, part.y + size),
                             (part.x, part.bottom - size), 1)


# ------------------------------------------------------------------ table options
def draw_options(surface, area: pygame.Rect, text_size: int) -> None:
    """Every table option with its default (rules.options.Rules())."""
    inner = pad(area)
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
    text_in(surface, title, size, gfx.INK, (inner.centerx, inner.y + line_h // 2), inner.w,
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
        text_in(surface, label, size, gfx.INK, (x + size // 2, r.centery), cw - vw - size,
                "midleft")
        text_in(surface, value, size, gfx.INK, (r.right - size // 2, r.centery), vw,
                "midright", bold=True)
