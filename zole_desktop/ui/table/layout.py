"""Where everything sits on the table: pure geometry (rectangles and points), no drawing.

:func:`table_layout` places the name plates, the opponents' fans and piles, the trick, the
talon, the deck and the line for hints and messages, in fractions of the window;
:func:`card_targets` says where each card rests; :func:`button_row` and :func:`corner_column`
place the decision buttons and the corner buttons.  The unit tests check them at several window
sizes and table sizes without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...i18n import ngettext
from ...rules.state import TABLE
from .. import gfx
from .model import TableView

CARD_FRACTION = {"small": 0.19, "normal": 0.22, "large": 0.25}
SMALL = 0.55  # bots' hands (at most FAN_HEIGHT of the window's height)
PILE_SCALE = 0.6  # won tricks (at most PILE_HEIGHT of the window's height)
FAN_HEIGHT = 0.12
PILE_HEIGHT = 0.132
DECK_SCALE = 0.55
TRICK_SCALE = 1.0  # the trick in the middle: as large as the cards in the hand
TALON_SCALE = 0.66
HOVER_LIFT = 0.1  # of a card's height: the hovered or focused card in the hand
HAND_STEP = 0.8  # of a card's width: the most one card of my hand shows of itself (its plate)
HAND_CARDS = 10  # the most cards my hand holds (with the talon taken)
CORNER_MAX = 0.25  # of the window's width: the corner buttons at their widest

Layout = dict[str, Any]
Target = tuple[float, float, float, bool, int]  # x, y, scale, face up, z


def card_height(H: int, card_size: str) -> int:
    return int(H * CARD_FRACTION.get(card_size, 0.22))


def seat_sides(players: int, active: list[int], viewer: int) -> tuple[dict[int, str], list[int]]:
    """Each seat's side of the table seen from ``viewer`` (bottom, left, right, top; "out"
    for those who sit this hand out, "bottom-out" for the viewer sitting out), and the seats
    that sit out, clockwise from the viewer."""
    order = [(viewer + k) % players for k in range(players)]
    others = [s for s in order if s in active and s != viewer]
    sides: dict[int, str] = {}
    if viewer in active:
        sides[viewer] = "bottom"
        sides[others[0]] = "left"
        sides[others[1]] = "right"
    else:
        sides[others[0]] = "left"
        sides[others[1]] = "top"
        sides[others[2]] = "right"
    out_seats = [s for s in order if s not in active and s != viewer]
    if viewer not in active:
        sides[viewer] = "bottom-out"
    for s in out_seats:
        sides[s] = "out"
    return sides, out_seats


def table_layout(W: int, H: int, cw: int, ch: int, sides: dict[int, str], out_seats: list[int],
                 dealer: int, msg_h: int, corner_w: int | None = None) -> Layout:
    """Where everything sits, for a ``W``×``H`` window and cards of ``cw``×``ch``.

    The sides: each opponent's name plate, their hand as a small fan below it and their won
    tricks below that.  The bottom: my hand in the middle, my plate at the left with my tricks
    above it, the corner buttons at the right (``corner_w`` wide: as wide as their longest
    label needs, at least :func:`corner_min_width`).  My hand spreads as wide as the room
    between my plate and the corner allows (``hand_left`` to ``hand_right``), each card
    showing at most ``HAND_STEP`` of itself, centred in the window where it fits; ``strip``
    is the part of a card (of its width) that every card of a full hand shows.  The
    middle: the trick, as large as the cards in my hand, the talon just above it, and
    between the trick and my hand one line for a hint or a message (``msg_h`` high), above
    the "Hint" tag of a lifted card.  When I sit out, the third player sits at the top and
    the talon lies below the trick."""
    m = int(min(W, H) * 0.02)
    fan_s = min(SMALL, H * FAN_HEIGHT / ch)
    pile_s = min(PILE_SCALE, H * PILE_HEIGHT / ch)
    L: Layout = {"W": W, "H": H, "ch": ch, "cw": cw, "m": m, "fan_s": fan_s, "pile_s": pile_s}
    hand_cy = H - m - ch / 2 - H * 0.012
    L["hand_cy"] = hand_cy
    L["hand_top"] = hand_top = hand_cy - ch / 2
    # name plates
    pw, ph = max(160, int(W * 0.19)), max(56, int(H * 0.125))
    bpw = max(140, min(pw, int(W * 0.19) - 2 * m))  # left of my hand at its widest
    # my hand ends left of the corner buttons
    L["corner_w"] = corner_w = max(corner_min_width(W), corner_w or 0)
    L["hand_right"] = W - 2 * m - corner_w
    L["hand_left"] = m + bpw + m
    L["strip"] = min(1.0, hand_step(L, HAND_CARDS) / cw)
    opw, oph = int(pw * 0.85), max(40, int(H * 0.08))
    L["plate"] = (pw, ph)
    n_out = len(out_seats)
    top_limit = m + oph + m if n_out else m  # below the seats that sit out
    plates: dict[int, pygame.Rect] = {}
    for seat, side in sides.items():
        if side == "left":
            plates[seat] = pygame.Rect(m, int(H * 0.165), pw, ph)
        elif side == "right":
            plates[seat] = pygame.Rect(W - m - pw, int(H * 0.165), pw, ph)
        elif side in ("bottom", "bottom-out"):
            plates[seat] = pygame.Rect(m, H - m - ph, bpw, ph)
        elif side == "top":
            plates[seat] = pygame.Rect((W - pw) // 2, top_limit, pw, ph)
    if n_out:
        gap = int(W * 0.015)
        total = n_out * opw + (n_out - 1) * gap
        x0 = (W - total) // 2
        for i, s in enumerate(out_seats):
            plates[s] = pygame.Rect(x0 + i * (opw + gap), m, opw, oph)
    L["plates"] = plates
    L["bubble_size"] = bubble_size = max(14, int(H * 0.03))
    L["bubble_h"] = int(bubble_size * 2.1)
    L["bubble_gap"] = max(10, int(bubble_size * 0.7))  # room for the tail
    _fans_and_piles(L, sides, cw, ch, fan_s, pile_s, m)
    _clear_my_pile_label(L, sides, m)
    # the line for hints and messages: above a lifted card and its "Hint" tag
    small = max(11, int(H * 0.021))
    L["tag_h"] = int(small * 1.5)
    L["outline"] = max(2, cw // 22)
    L["line_play"] = int(hand_top - HOVER_LIFT * ch - L["outline"] - 3 - L["tag_h"]
                         - max(3, m // 3))
    _middle(L, sides, cw, ch, top_limit, msg_h, m)
    _deck(L, sides, dealer, cw, ch, m)
    return L


def _clear_my_pile_label(L: Layout, sides: dict[int, str], m: int) -> None:
    """My won tricks' count ("10 tricks", right of my pile above my plate: render's pile
    labels) is kept clear of my hand: where the hand reaches that high, it starts right of the
    longest such label (in a 4:3 window the wide fan ran over it)."""
    me = next((s for s, side in sides.items() if side == "bottom"), None)
    if me is None or me not in L["piles"]:
        return
    px, py = L["piles"][me]
    size = max(12, int(L["H"] * 0.024))
    if L["hand_top"] > py + size:
        return
    pcw = L["cw"] * L["pile_s"]
    label = ngettext("{n} trick", "{n} tricks", 10).format(n=10)
    right = px + pcw / 2 + max(6, m // 2) + pcw * 0.3 + 6 + gfx.text_width(label, size, True)
    if right + m > L["hand_left"]:
        L["hand_left"] = int(right + m)
        L["strip"] = min(1.0, hand_step(L, HAND_CARDS) / L["cw"])


def _fans_and_piles(L: Layout, sides: dict[int, str], cw: int, ch: int, fan_s: float,
                    pile_s: float, m: int) -> None:
    """The opponents' fans and won tricks; mine just above my plate."""
    fcw, fch = cw * fan_s, ch * fan_s
    pcw, pch = cw * pile_s, ch * pile_s
    fans: dict[int, tuple[float, float, float, bool]] = {}  # x, y, step, right-aligned
    piles: dict[int, tuple[float, float]] = {}
    pile_dir: dict[int, int] = {}  # which way the trick count (and buried cards) go
    for seat, r in L["plates"].items():
        side = sides.get(seat)
        if side == "left":
            fans[seat] = (r.x + fcw / 2, r.bottom + m + fch / 2, fcw * 0.24, False)
            piles[seat] = (r.x + pcw / 2, r.bottom + 2 * m + fch + pch / 2)
            pile_dir[seat] = 1
        elif side == "right":
            fans[seat] = (r.right - fcw / 2, r.bottom + m + fch / 2, fcw * 0.24, True)
            piles[seat] = (r.right - pcw / 2, r.bottom + 2 * m + fch + pch / 2)
            pile_dir[seat] = -1
        elif side == "top":
            fans[seat] = (r.right + m + fcw / 2, r.centery, fcw * 0.24, False)
            piles[seat] = (r.x - m - pcw / 2, r.centery)
            pile_dir[seat] = -1
        elif side == "bottom":
            piles[seat] = (r.x + pcw / 2, r.y - m - pch / 2)
            pile_dir[seat] = 1
    L["fans"], L["piles"], L["pile_dir"] = fans, piles, pile_dir


def _middle(L: Layout, sides: dict[int, str], cw: int, ch: int, top_limit: int, msg_h: int,
            m: int) -> None:
    """The trick: as large as it can be, up to TRICK_SCALE, between what is above and
    below; the talon above it (below it when I sit out)."""
    W, H = L["W"], L["H"]
    tcw_t, tch_t = cw * TALON_SCALE, ch * TALON_SCALE
    cx = W / 2
    viewer_out = any(side == "top" for side in sides.values())
    if not viewer_out:
        bottom = L["line_play"] - msg_h - m // 2
        # side cards from cy - 0.58 th; my card down to cy + 0.95 th; the talon above
        th = min(ch * TRICK_SCALE, (bottom - top_limit - m - tch_t) / 1.53)
        ts = max(0.5, th / ch)
        th, tw = ch * ts, cw * ts
        cy = bottom - 0.95 * th
        slots = {"bottom": (cx, cy + th * 0.45), "left": (cx - tw * 0.9, cy - th * 0.08),
                 "right": (cx + tw * 0.9, cy - th * 0.08), "top": (cx, cy - th * 0.5),
                 "table": (cx + tw * 0.12, cy - th * 0.08)}  # galdiņš: a talon card led
        L["talon"] = (cx, cy - 0.58 * th - m - tch_t / 2)
    else:
        top = next(r for s, r in L["plates"].items() if sides.get(s) == "top")
        room = H - m - top.bottom - m - m - tch_t
        th = min(ch * TRICK_SCALE, room / 1.42)
        ts = max(0.5, th / ch)
        th, tw = ch * ts, cw * ts
        ty = top.bottom + m + th / 2
        slots = {"top": (cx, ty), "left": (cx - tw * 0.9, ty + th * 0.42),
                 "right": (cx + tw * 0.9, ty + th * 0.42), "bottom": (cx, ty + th * 0.42),
                 "table": (cx + tw * 0.12, ty + th * 0.42)}
        L["talon"] = (cx, ty + 0.92 * th + m + tch_t / 2)
    L["trick_s"] = ts
    L["slots"] = slots
    L["talon_half"] = tcw_t * 1.04
    L["table_pile"] = (cx + L["talon_half"] + m + cw * L["pile_s"] / 2, L["talon"][1])


def _deck(L: Layout, sides: dict[int, str], dealer: int, cw: int, ch: int, m: int) -> None:
    """The deck beside the dealer's plate, with room for the riffle and the cut."""
    H = L["H"]
    cx = L["W"] / 2
    dcw, dch = cw * DECK_SCALE, ch * DECK_SCALE
    pr = L["plates"].get(dealer)
    side = sides.get(dealer)
    spread = 1.1 * dcw + 26 * 0.4  # half a riffle's width, and the stack's slant
    if pr is None:
        L["deck"], L["cut"] = (cx, H * 0.4), (1, 1)
    elif side == "left":
        L["deck"], L["cut"] = (pr.right + m + spread, pr.centery), (1, 1)
    elif side == "right":
        L["deck"], L["cut"] = (pr.x - m - spread + 26 * 0.4, pr.centery), (-1, 1)
    elif side in ("bottom", "bottom-out"):
        L["deck"], L["cut"] = (pr.centerx, pr.y - m - dch / 2 - 0.35 * dcw), (1, -1)
    else:
        L["deck"], L["cut"] = (pr.centerx + 26 * 0.4, pr.bottom + m + dch / 2 + 26 * 0.4), \
            (1, 1)


def button_row(L: Layout, widths: list[int]) -> list[pygame.Rect]:
    """The decision buttons (bids, bury), centred above my hand; ``widths`` fit the labels."""
    W, H = L["W"], L["H"]
    bh = button_height(H)
    gap = int(W * 0.015)
    total = sum(widths) + gap * (len(widths) - 1)
    x = (W - total) // 2
    y = int(L["hand_top"] - bh - H * 0.06)
    out = []
    for w in widths:
        out.append(pygame.Rect(x, y, w, bh))
        x += w + gap
    return out


def button_height(H: int) -> int:
    """The decision buttons' height (their labels are sized from it)."""
    return max(40, int(H * 0.075))


def corner_height(H: int) -> int:
    """The corner buttons' height (their labels are sized from it: :func:`corner_text_size`)."""
    return max(34, int(H * 0.058))


def corner_text_size(H: int) -> int:
    """The corner buttons' labels at their normal size (a button's label at 0.42 of its
    height, as :class:`~zole_desktop.ui.widgets.Button` draws it)."""
    return int(corner_height(H) * 0.42)


def corner_min_width(W: int) -> int:
    """The corner buttons' width when their labels are short."""
    return max(150, int(W * 0.15))


def corner_max_width(W: int) -> int:
    """The widest the corner buttons grow for a long label (my hand keeps its room)."""
    return max(corner_min_width(W), int(W * CORNER_MAX))


def corner_column(L: Layout, n: int) -> list[pygame.Rect]:
    """The corner buttons at the bottom right, the first on top."""
    W, H = L["W"], L["H"]
    ch = corner_height(H)
    cw = L.get("corner_w") or corner_min_width(W)
    m = int(min(W, H) * 0.02)
    y = H - m - ch
    out: list[pygame.Rect] = []
    for _i in range(n):
        out.append(pygame.Rect(W - m - cw, y, cw, ch))
        y -= ch + m // 2
    return list(reversed(out))


def hand_step(L: Layout, k: int) -> float:
    """How far apart the ``k`` cards of my hand lie: as wide as the room between my plate
    and the corner buttons allows, at most ``HAND_STEP`` of a card's width."""
    cw = L["cw"]
    room = L["hand_right"] - L["hand_left"] - cw
    return max(1.0, min(cw * HAND_STEP, room / max(1, k - 1)))


def card_targets(L: Layout, view: TableView, sides: dict[int, str], my_face_up: bool,
                 lift: Callable[[int, int], float], declarer: int | None) -> dict[int, Target]:
    """Where each card belongs now: x, y, scale, face up, z.  ``lift(card, i)``: how far the
    ``i``-th card of my hand is raised, in card heights."""
    out: dict[int, Target] = {}
    cw, ch = L["cw"], L["ch"]
    dx, dy = L["deck"]
    n = len(view.deck)
    for i, c in enumerate(view.deck):
        out[c] = (dx - i * 0.4, dy - i * 0.4, DECK_SCALE, False, 100 + n - i)
    tx, ty = L["talon"]
    tcw = cw * TALON_SCALE
    for i, c in enumerate(view.talon):
        out[c] = (tx + (i - 0.5) * tcw * 1.08, ty, TALON_SCALE, False, 150 + i)
    for seat, cards in view.holding.items():
        side = sides.get(seat)
        if side == "bottom":
            hand = view.hand(seat)
            k = len(hand)
            step = hand_step(L, k)
            span = (k - 1) * step + cw
            left = max(L["hand_left"], min(L["W"] / 2 - span / 2, L["hand_right"] - span))
            x0 = left + cw / 2
            for i, c in enumerate(hand):
                off = (i - (k - 1) / 2) / max(1, k)
                y = L["hand_cy"] + off * off * ch * 0.16
                out[c] = (x0 + i * step, y - lift(c, i) * ch, 1.0, my_face_up, 200 + i)
        elif seat in L["fans"]:
            fx, fy, st, right = L["fans"][seat]
            if right:  # the last card at the plate's right edge
                fx -= st * (len(cards) - 1)
            for i, c in enumerate(cards):
                out[c] = (fx + i * st, fy, L["fan_s"], False, 200 + i)
        else:
            px, py = L["deck"]
            for c in cards:
                out[c] = (px, py, L["fan_s"], False, 200)
    slots = L["slots"]
    for i, (seat, c) in enumerate(view.trick):
        side = "table" if seat == TABLE else sides.get(seat, "top")
        sx, sy = slots.get(side, slots["top"])
        out[c] = (sx, sy, L["trick_s"], True, 300 + i)
    pile_s = L["pile_s"]
    for seat, cards in view.piles.items():
        if seat == TABLE:
            px, py = L["table_pile"]
        else:
            px, py = L["piles"].get(seat, L["deck"])
        for i, c in enumerate(cards):
            tilt = ((i // 3) % 3 - 1) * 1.5
            out[c] = (px + tilt, py - (i // 3) * 1.2, pile_s, False, 50 + i)
    if view.buried and declarer is not None:
        px, py = L["piles"].get(declarer, L["deck"])
        d = L["pile_dir"].get(declarer, 1)
        for i, c in enumerate(view.buried):
            out[c] = (px + d * (cw * pile_s * 0.3 + i * 3), py + 3, pile_s, False, 40 + i)
    return out
