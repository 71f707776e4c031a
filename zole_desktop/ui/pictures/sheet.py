"""The score sheet: a few hands settled with the pools they write and close, and galdiņš (what
each of three players pays when everyone passed)."""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext, signed
from ...rules.options import Rules
from ...rules.pools import Pools
from ...rules.settlement import (
    TAKE,
    band,
    contract_value,
    settle_contract,
    settle_galdins,
    settle_passed,
)
from .. import gfx
from .common import NEGATIVE, pad, player_name, text_in


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
                name=player_name(declarer), n=points)
        notes = []
        for ev in st.events:
            if ev.kind == "common_added":
                notes.append(ngettext("{n} common pool is written",
                                      "{n} common pools are written", ev.count).format(
                    n=ev.count))
            elif ev.kind == "personal_added":
                notes.append(_("the declarer gets a personal pool"))
            elif ev.kind == "closed_own":
                notes.append(_("the declarer closes their own personal pool"))
            elif ev.kind == "closed_common":
                notes.append(_("the declarer closes a common pool: +{n}").format(n=ev.amount))
            elif ev.kind == "closed_other" and ev.paid_by is not None:
                notes.append(_("closes the personal pool of {name}, who pays {n}").format(
                    name=player_name(ev.paid_by), n=ev.amount))
        out.append((label, notes, st.deltas, st.pools))
        pools = st.pools
    return out


def _pool_mark(surface, center: tuple[int, int], r: int) -> None:
    """A personal pool on the sheet: a small amber disc."""
    pygame.draw.circle(surface, gfx.EDGE, center, r)
    pygame.draw.circle(surface, gfx.AMBER, center, max(1, r - 2))


def draw_sheet(surface, common: int, personal: tuple[int, ...], hands: tuple,
               area: pygame.Rect, text_size: int) -> None:
    """A few hands on a score sheet: each player's game points, the common pools, and a disc
    in a player's column for each personal pool he owns (as the settlement code left them)."""
    inner = pad(area)
    rows = _sheet_rows(common, personal, hands)
    n_lines = 2 + sum(1 + len(notes) for _l, notes, _d, _p in rows)
    size = max(10, min(text_size, int(inner.h / (n_lines * 1.75))))
    small = max(9, int(size * 0.85))
    line_h = int(size * 1.75)
    heads = [player_name(i) for i in range(3)]
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
    text_in(surface, _("Hand"), size, gfx.INK, (table.x + size // 2, y + line_h // 2),
            label_w - size, "midleft", bold=True)
    for i, h in enumerate(heads):
        text_in(surface, h, size, gfx.INK, (cx[i], y + line_h // 2), seat_w - 4, bold=True)
    text_in(surface, pools_head, size, gfx.INK, (pools_x, y + line_h // 2), pools_w - 6,
            bold=True)
    mark_r = max(4, int(size * 0.38))
    y += line_h
    for label, notes, deltas, pools in rows:
        pygame.draw.line(surface, gfx.EDGE, (table.x + 1, y), (table.right - 2, y), 1)
        mid = y + line_h // 2
        text_in(surface, label, size, gfx.INK, (table.x + size // 2, mid), label_w - size,
                "midleft", bold=True)
        owned = pools.personal_counts(3)
        for i in range(3):
            marks = owned[i]
            shift = marks * mark_r
            if deltas is not None:
                d = deltas[i]
                gfx.blit_text(surface, signed(d), size, gfx.INK if d >= 0 else NEGATIVE,
                              (cx[i] - shift, mid), "center", bold=True)
            x0 = cx[i] + (size if deltas is not None else -shift) + mark_r - shift
            for k in range(marks):
                _pool_mark(surface, (int(x0 + k * mark_r * 2.4), mid), mark_r)
        t = str(pools.common) if pools.common else gfx.NOTHING
        gfx.blit_text(surface, t, size, gfx.INK, (pools_x, mid), "center", bold=True)
        y += line_h
        for note in notes:
            text_in(surface, "↳ " + note, small, gfx.CARMINE,
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
def draw_galdins(surface, tricks: tuple[int, ...], points: tuple[int, ...],
                 area: pygame.Rect, text_size: int) -> None:
    """Three players' tricks and card points, and what each pays or gets
    (settlement.settle_galdins with the default options)."""
    inner = pad(area)
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
        text_in(surface, h, size, gfx.INK, (x + col_w * i + col_w // 2, y + line_h // 2),
                col_w - 6, bold=True)
    for seat in range(3):
        ry = y + line_h * (seat + 1)
        loser = seat in st.losers
        if loser:
            pygame.draw.rect(surface, gfx.AMBER, pygame.Rect(x + 2, ry + 1, width - 4,
                                                              line_h - 2))
        pygame.draw.line(surface, gfx.EDGE, (x + 1, ry), (x + width - 2, ry), 1)
        d = st.deltas[seat]
        cells = (player_name(seat), str(tricks[seat]), str(points[seat]), signed(d))
        for i, t in enumerate(cells):
            col = NEGATIVE if i == 3 and d < 0 else gfx.INK
            text_in(surface, t, size, col, (x + col_w * i + col_w // 2, ry + line_h // 2),
                    col_w - 6, bold=i in (0, 3))
    most = max(tricks)
    tied = sum(1 for t in tricks if t == most) > 1
    note = (_("Tied on most tricks: more card points pays") if tied
            else _("Most tricks pays"))
    text_in(surface, note, size, gfx.INK, (inner.centerx, table.bottom + line_h // 2 + 2),
            inner.w)
