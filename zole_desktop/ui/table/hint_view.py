"""Drawing the advisor's hints at the table: the advised card or burial pair (an amber bar
over the part of the card that shows and a "Hint" tag on it), each bid's expected game
points with the advised bid tagged, and the line with the reason, above the buttons or the
hand (the message line uses the same place)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, after_label, decimal
from ...rules.state import DARK_BID, PASS
from .. import gfx, texts
from .drawn import mark
from .marks import visible_rect

if TYPE_CHECKING:
    from .scene import TableScene


def draw_hints(tb: TableScene, surface) -> None:
    """The advisor's suggestion: the card (a bar and a tag above it) with its
    reason, or each bid's expected game points with the advised bid tagged."""
    tb.hints.line_rect = None
    if not tb.hints.on():
        return
    L = tb.geo.L
    H = L["H"]
    small = max(11, int(H * 0.021))
    kind = tb.waiting_for()
    quiet = bool(tb.notice.text)  # a message has the line for now
    if kind in ("play", "bury"):
        if kind == "play":
            c = tb.hints.card()
            cards = [c] if c is not None else []
        else:
            cards = list(tb.hints.burial() or ())
        if not cards:
            if tb.hints.job is not None and not quiet:
                hint_line(tb, surface, _("Hint: thinking…"), small, dim=True)
            return
        rects = [visible_rect(tb, c) for c in cards]
        if any(r is None or tb.sprites[c].moving(tb.clock) for c, r in zip(cards, rects,
                                                                            strict=True)):
            return
        for r in rects:
            assert r is not None
            # a solid bar along the top of the part that shows (no ring round the card:
            # the next card's part is left alone, and a ring is no one's mark here)
            w = outline_width(r)
            bar = pygame.Rect(r.x + 2, r.y - w - 2, max(4, r.w - 4), w)
            pygame.draw.rect(surface, gfx.EDGE, bar.inflate(2, 2), border_radius=w // 2)
            pygame.draw.rect(surface, gfx.AMBER, bar, border_radius=w // 2)
            mark(tb, "hint-bar", bar)
        reason = getattr(tb.hints.value, "reason", "")
        if reason and not quiet:
            hint_line(tb, surface, reason_line(reason, tb.hints.details), small)
            if getattr(reason, "details", None) is not None:
                tb.hints.line_rect = tb.drawn[-1][1] if tb.drawn else None
        # one tag, above a hinted card, clear of the buttons
        x, bottom = tag_place(tb, [r for r in rects if r is not None], tag_width(small))
        hint_tag(tb, surface, x, bottom, small)
        return
    if kind != "bid":
        return
    best, values = tb.hints.bid()
    if not values:
        if tb.hints.job is not None and tb.buttons and not quiet:
            hint_line(tb, surface, _("Hint: weighing the bids…"), small, dim=True)
        return
    for b, a in zip(tb.buttons, tb.button_actions, strict=False):
        if a is None or a not in values or (not tb.view.cards_seen and a != DARK_BID):
            continue
        v = round(values[a], 1) + 0.0  # no "-0.0"
        t = _("≈ {value} game points").format(value=decimal(v, 1, sign=True))
        mark(tb, "bid-value", gfx.blit_text(
            surface, t, gfx.fit_size(t, small, b.rect.w), gfx.LINEN,
            (b.rect.centerx, b.rect.bottom + 4), "midtop", bold=a == best), t)
    if best is None:
        return
    # the advised bid; before I look at my cards, "look at your cards" (its action: PASS)
    want = best if (tb.view.cards_seen or best == DARK_BID) else PASS
    for b, a in zip(tb.buttons, tb.button_actions, strict=False):
        if a == want:
            hint_tag(tb, surface, b.rect.centerx, b.rect.y - max(1, b.rect.h // 16) - 3,
                     small)
    if not tb.view.cards_seen:
        if best == DARK_BID:
            line = _("Hint: zole in the dark pays off on average")
        else:
            line = _("Hint: look at your cards first")
    else:
        line = _("Hint: {bid}. Under each bid: your expected game points").format(
            bid=texts.bid_label(best))
    if tb.buttons and not quiet:
        hint_line(tb, surface, line, small)


def reason_line(reason: str, details: bool = False) -> str:
    """The hint line for a card or a burial: "Hint: " and the reason in a player's words,
    which Latvian and Russian go on with in lower case ("Padoms: ar Q♣ tu…").  A reason with
    the advisor's figures (``reason.details``) offers them, "(figures: I)", and with
    ``details`` shows them in its place (the figures name the cards; both would not fit the
    line's two lines; the I key or a click on the line toggles)."""
    text = after_label(str(_(reason)))
    figures = getattr(reason, "details", None)
    if figures is not None:
        if details:
            text = after_label(str(figures))
        else:
            text = _("{reason} (figures: I)").format(reason=text)
    return _("Hint: {reason}").format(reason=text)


def tag_width(size: int) -> int:
    return gfx.text_width(_("Hint"), size, True) + size


def outline_width(r: pygame.Rect) -> int:
    """The amber outline's width around a hinted card ``r`` (the tag sits above it)."""
    return max(2, r.w // 22)


def tag_place(tb: TableScene, rects: list[pygame.Rect], w: int) -> tuple[int, int]:
    """Where the "Hint" tag (``w`` wide) goes for the hinted cards ``rects``: (centre x,
    bottom) above the higher of them (the right one of two as high), else above the other;
    when both lie under a button (the advised pair chosen for the burial lifts toward the bury
    button), moved sideways as little as keeps it off the buttons and over a hinted card."""
    h = tb.geo.L["tag_h"]

    def free(cx: int, bottom: int) -> bool:
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (cx, bottom)
        return not any(r.colliderect(b.rect) for b in tb.buttons)

    order = sorted(rects, key=lambda r: (r.y, -r.centerx))
    spots = [(r, r.y - outline_width(r) - 3) for r in order]
    for r, bottom in spots:
        if free(r.centerx, bottom):
            return r.centerx, bottom
    edges = [b.rect.right + 2 + w // 2 for b in tb.buttons] + \
        [b.rect.left - 2 - (w - w // 2) for b in tb.buttons]
    for r, bottom in spots:
        near = sorted(edges, key=lambda cx: abs(cx - r.centerx))
        for cx in near:
            if r.left + w // 2 <= cx <= r.right - w // 2 and free(cx, bottom):
                return cx, bottom
    return order[0].centerx, spots[0][1]


def hint_tag(tb: TableScene, surface, x: int, bottom: int, size: int) -> None:
    """The small amber "Hint" label on what the advisor suggests."""
    tag = _("Hint")
    tr = pygame.Rect(0, 0, tag_width(size), tb.geo.L["tag_h"])
    tr.midbottom = (x, bottom)
    surface.blit(gfx.panel(tr.w, tr.h, fill=gfx.AMBER, border=gfx.EDGE, radius=tr.h // 2,
                           width=1), tr)
    gfx.blit_text(surface, tag, size, gfx.INK, tr.center, "center", bold=True)
    mark(tb, "hint-tag", tr, tag)


def line_bottom(tb: TableScene) -> int:
    """Where the line for a hint or a message ends: above the bid buttons and the tag on
    them, or, with no buttons, above a lifted card and its "Hint" tag."""
    L = tb.geo.L
    if tb.buttons:
        top = min(b.rect.y - max(1, b.rect.h // 16) for b in tb.buttons)
        return int(top - 3 - L["tag_h"] - max(3, L["m"] // 3))
    return L["line_play"]


@functools.lru_cache(maxsize=64)
def hint_lines(text: str, size: int, width: int) -> tuple[tuple[str, ...], int]:
    """The lines and the size for a hint or message ``width`` pixels wide at most: one line
    at ``size``; else two even lines, at ``size`` if they fit (a long reason, as the Russian
    ones often are, stays as large as a short one), smaller if they must; a text with no
    space to break at is made smaller.  Kept for the frames to come: a hint stays up for
    many frames, and measuring it again costs dozens of font size calls per frame."""
    if gfx.text_width(text, size) <= width or " " not in text.strip():
        return (text,), gfx.fit_size(text, size, width)
    for s in range(size, 8, -1):
        a, b = gfx.two_lines(text, s)
        if a and max(gfx.text_width(a, s), gfx.text_width(b, s)) <= width:
            return (a, b), s
    return (text,), gfx.fit_size(text, size, width)


def hint_line(tb: TableScene, surface, text: str, size: int, dim: bool = False) -> None:
    L = tb.geo.L
    W = L["W"]
    lines, size = hint_lines(text, size, int(W * 0.6))
    color = gfx.DIM_LINEN if dim else gfx.LINEN
    parts = [gfx.text(x, size, color) for x in lines]
    gap = max(1, size // 5)
    r = pygame.Rect(0, 0, max(p.get_width() for p in parts),
                    sum(p.get_height() for p in parts) + gap * (len(parts) - 1))
    r.midbottom = (W // 2, line_bottom(tb) - int(size * 0.35))
    bg = r.inflate(size * 1.4, size * 0.7)
    surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=215,
                           width=1), bg)
    y = r.y
    for p in parts:
        surface.blit(p, p.get_rect(midtop=(W // 2, y)))
        y += p.get_height() + gap
    mark(tb, "hint-line", bg, text)
