"""The score sheet as a table a newcomer can read: column heads, one row per hand with each
seat's running total and, beside it in colour, that hand's change; the row of the hand just
played marked; a legend under it; at the end of a match the pools' settlement and the final
totals.  Drawn into a rectangle by :func:`draw_sheet` (the screen between hands and the
pause menu's score sheet both use it)."""

from __future__ import annotations

import pygame

from ..flow.session import Session
from ..i18n import _, ngettext
from ..rules.match import SheetRow
from . import gfx, texts

MIN_PX = 12  # nothing a player must read is smaller (at 960x540 too)
GAIN = (0x2E, 0x7D, 0x32)  # a gain, in green (the sign says it too)
MARK = (0xF6, 0xE2, 0xA8)  # the row of the hand just played
ELLIPSIS = "\u2026"
LEGEND = (0x55, 0x50, 0x4A)  # the legend: quieter than the sheet, still easy to read


def fitted(s: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """``s`` at the largest size from ``size`` down to :data:`MIN_PX` that fits ``width``;
    cut with an ellipsis when it does not fit even at the smallest."""
    size = gfx.fit_size(s, size, width, bold, minimum=MIN_PX)
    if gfx.text_width(s, size, bold) <= width:
        return s, size
    while len(s) > 1 and gfx.text_width(s + ELLIPSIS, size, bold) > width:
        s = s[:-1]
    return s.rstrip() + ELLIPSIS, size


def put(surface, s: str, size: int, color, pos, width: int, anchor: str = "topleft",
        bold: bool = False) -> pygame.Rect:
    t, sz = fitted(s, size, max(8, width), bold)
    return gfx.blit_text(surface, t, sz, color, pos, anchor, bold=bold)


def change_color(d: int):
    return GAIN if d > 0 else gfx.CARMINE if d < 0 else gfx.GREY


def game_text(session: Session, row: SheetRow) -> str:
    c = texts.contract_label(row.contract)
    if row.declarer is not None:
        c += gfx.DASH + session.people.after_contract(row.declarer)  # as the summary says it
        if row.declarer_points is not None and row.contract != "maza":
            c += f" ({row.declarer_points})"
    return c


def pools_text(row: SheetRow | None) -> str:
    if row is None:
        return ""
    p = row.pools
    parts = []
    if p.common:
        # Translators: the score sheet's pools line: how many common pools stand
        parts.append(ngettext("{n} common", "{n} common", p.common).format(n=p.common))
    if p.personal:
        k = len(p.personal)
        # Translators: the score sheet's pools line: how many personal pools stand
        parts.append(ngettext("{n} personal", "{n} personal", k).format(n=k))
    if not parts:
        return ""
    return _("Pools on the table: {pools}").format(pools=", ".join(parts))


def row_height(body: int) -> int:
    return int(gfx.font(body).get_height() * 1.25)


def cell_lines(s: str, body: int, width: int) -> tuple[list[str], int]:
    """The game cell ``s`` as lines no wider than ``width`` and their size: one line at the
    largest size from ``body`` down to :data:`MIN_PX` that fits, else wrapped at ``body``
    onto as many lines as it needs (the row grows; nothing is cut)."""
    size = gfx.fit_size(s, body, width, minimum=MIN_PX)
    if gfx.text_width(s, size) <= width:
        return [s], size
    return gfx.wrap(s, body, width), body


def game_row_height(session: Session, row: SheetRow, body: int, width: int) -> int:
    """How tall ``row`` is on the sheet: one :func:`row_height`, plus a line for each line
    its game cell wraps onto."""
    lines, size = cell_lines(game_text(session, row), body, width)
    return row_height(body) + (len(lines) - 1) * gfx.font(size).get_linesize()


def row_heights(session: Session, r: pygame.Rect, body: int) -> list[int]:
    """The height of each of the sheet's rows as :func:`draw_sheet` lays them out in ``r``."""
    body = max(MIN_PX, body)
    game_w = columns(session.players, r, body)[3]
    return [game_row_height(session, row, body, game_w) for row in session.match.rows]


def columns(n: int, r: pygame.Rect, body: int) -> tuple[int, int, int, int, int, int]:
    """Where the sheet's columns are in ``r`` for ``n`` seats: the hand's number (x, width),
    the game (x, width), the seats (x of the first, width of each)."""
    body = max(MIN_PX, body)
    small = max(MIN_PX, int(body * 0.9))
    col_no = r.x
    no_w = max(gfx.text_width("88", body, True), gfx.text_width(_("Hand"), small, True)) + 12
    col_game = col_no + no_w
    seat_w = max(60, int(r.w * (0.5 if n == 3 else 0.58)) // n)
    seats_x0 = r.right - seat_w * n
    return col_no, no_w, col_game, seats_x0 - col_game - 6, seats_x0, seat_w


def draw_sheet(surface, session: Session, r: pygame.Rect, body: int, *,
               current: int | None = None, final: bool = False, scroll: int = 0) -> int:
    """Draw the sheet into ``r``; ``current``: the number of the row to mark.  Returns the
    scroll used (rows hidden at the end, clamped)."""
    body = max(MIN_PX, body)
    small = max(MIN_PX, int(body * 0.9))
    m = session.match
    n = session.players
    rows = m.rows
    lh = row_height(body)
    col_no, no_w, col_game, game_w, seats_x0, seat_w = columns(n, r, body)
    y = r.y
    # the heads: hand, game, then each seat's name
    put(surface, _("Hand"), small, gfx.INK, (col_no, y), no_w, bold=True)
    put(surface, _("Game"), small, gfx.INK, (col_game, y), game_w,
        bold=True)
    for seat in range(n):
        x = seats_x0 + seat_w * (seat + 1) - 4
        put(surface, session.name(seat), small, gfx.INK, (x, y), seat_w - 8, "topright",
            bold=True)
    y += lh
    pygame.draw.line(surface, gfx.EDGE, (r.x, y - 2), (r.right, y - 2), 2)
    legend = [_("Each seat: the running total of game points; beside it, this hand's "
                "change (green a gain, red a loss)"),
              _("Game: the contract, who played it and their card points")]
    if current is not None:
        legend.append(_("The marked row is the hand just played"))
    pools = pools_text(rows[-1] if rows else None)
    if pools:
        legend.append(pools)
    legend_lines: list[str] = []
    for line in legend:
        legend_lines += gfx.wrap(line, small, r.w)
    footer = (2 if final else 0) * lh + len(legend_lines) * int(lh * 0.95) + lh // 2
    space = max(lh, r.bottom - footer - y)
    heights = [game_row_height(session, row, body, game_w) for row in rows]

    def fitting(seq: list[int]) -> int:  # how many of these rows fit in the space (one at least)
        k, used = 0, 0
        for h in seq:
            if k and used + h > space:
                break
            k, used = k + 1, used + h
        return k

    scroll = max(0, min(scroll, len(rows) - fitting(heights)))
    end = len(rows) - scroll
    start = end - fitting(heights[:end][::-1])
    for row, rh in zip(rows[start:end], heights[start:end], strict=True):
        if row.number == current:
            mark = pygame.Rect(r.x - 4, y - 1, r.w + 8, rh)
            pygame.draw.rect(surface, MARK, mark, border_radius=4)
            # its own look (a fill, a dark edge, bold figures), not the hint's amber
            pygame.draw.rect(surface, gfx.EDGE, mark, 1, border_radius=4)
        bold = row.number == current
        gfx.blit_text(surface, str(row.number), body, gfx.INK, (col_no, y), bold=bold)
        lines, size = cell_lines(game_text(session, row), body, game_w)
        for k, line in enumerate(lines):
            gfx.blit_text(surface, line, size, gfx.INK,
                          (col_game, y + k * gfx.font(size).get_linesize()))
        for seat in range(n):
            d, t = row.deltas[seat], row.totals[seat]
            x = seats_x0 + seat_w * (seat + 1) - 4
            ch = gfx.signed(d) if d else ""
            cw = max(gfx.text_width(ch, small), gfx.text_width(gfx.signed(-9), small)) if d else 0
            tr = put(surface, gfx.signed(t), body, gfx.INK, (x - cw - 7, y), seat_w - cw - 12,
                     "topright", bold=True)
            if ch:
                gfx.blit_text(surface, ch, small, change_color(d), (x, tr.y + (body - small)),
                              "topright", bold=bold)
        y += rh
    if not rows:
        put(surface, _("No hand has been played yet"), body, gfx.GREY, (col_game, y), game_w)
        y += lh
    if final:
        pygame.draw.line(surface, gfx.EDGE, (r.x, y + 1), (r.right, y + 1), 1)
        y += 4
        ends = m.session_end()
        put(surface, _("Personal pools left at the end"), small, gfx.INK, (col_no, y),
            seats_x0 - col_no - 6)
        for seat in range(n):
            x = seats_x0 + seat_w * (seat + 1) - 4
            gfx.blit_text(surface, gfx.signed(ends[seat]), body, gfx.INK, (x, y), "topright")
        y += lh
        fin = m.final_totals()
        put(surface, _("Final totals"), body, gfx.CARMINE, (col_no, y), seats_x0 - col_no - 6,
            bold=True)
        for seat in range(n):
            x = seats_x0 + seat_w * (seat + 1) - 4
            gfx.blit_text(surface, gfx.signed(fin[seat]), body, gfx.CARMINE, (x, y),
                          "topright", bold=True)
        y += lh
    y = max(y + lh // 3, r.bottom - len(legend_lines) * int(lh * 0.95))
    for line in legend_lines:
        gfx.blit_text(surface, line, small, LEGEND,
                      (r.x, y))
        y += int(lh * 0.95)
    return scroll
