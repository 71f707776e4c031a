"""Drawing the table: the felt, the name plates, the corner panels, the cards (with the
person's focus and the dimmed cards that may not be played), the speech bubbles, the buttons,
the advisor's hints, the message line and the last trick.

Everything drawn is also noted in ``drawn`` (kind, rectangle, text) for the layout tests.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, decimal, language, ngettext, pgettext
from ...rules.cards import points_of
from ...rules.state import BIDDING, DARK_BID, DONE, PASS, TABLE
from .. import gfx, texts
from ..widgets import draw_outline
from . import buttons

if TYPE_CHECKING:
    from .scene import TableScene


def draw(tb: TableScene, surface) -> None:
    app = tb.app
    surface.blit(app.felt(), (0, 0))
    tb.drawn = []
    L = tb.L
    if not L:
        return
    if tb._lang != language():  # the buttons fit their labels in the new language
        tb._lang = language()
        buttons.place(tb)
    draw_plates(tb, surface)
    draw_panels(tb, surface)
    now = tb.clock
    imgs = tb.images
    kind = tb.waiting_for()
    legal = tb.legal_cards() if kind == "play" else None
    groups = tb.view.groups(tb.viewer)
    order = sorted((s for s in tb.sprites if s.visible),
                   key=lambda s: (s.dragging or s.moving(now), s.z))
    for sp in order:
        x, y, s, face, wf = sp.state(now)
        moving = sp.moving(now) or sp.dragging
        img = imgs.image(sp.card, face, s, wf, moving)
        w, h = img.get_size()
        r = img.get_rect(center=(int(x), int(y)))
        surface.blit(imgs.shadow(w, h), r.move(max(1, w // 40), max(2, w // 30)))
        surface.blit(img, r)
        mark(tb, ("moving:" if moving else "card:") + groups.get(sp.card, "other"), r)
        if legal is not None and sp.card in tb.view.holding.get(tb.viewer, ()) and \
                sp.card not in legal and not moving:
            surface.blit(imgs.dim(w, h), r)
        if sp.card in tb.selected or (
                kind in ("play", "bury") and tb.focus[0] == "card" and tb.keyboard
                and tb.focused_card() == sp.card and not moving):
            draw_outline(surface, r, max(3, w // 12), max(3, h // 45))
    draw_labels(tb, surface)
    for seat, a in tb.view.bubbles.items():
        draw_bubble(tb, surface, seat, texts.bid_label(a))
    for i, b in enumerate(tb.buttons):
        b.draw(surface, tb.focus == ("button", i) and (tb.keyboard or not tb.hints.on()))
        mark(tb, "button", b.rect.union(b.rect.move(0, -max(1, b.rect.h // 16))),
                   b.text())
    for b in tb.corner:
        b.draw(surface, False)
        mark(tb, "corner", b.rect, b.text())
    draw_hints(tb, surface)
    if tb.coach is not None:
        tb.coach.draw_marks(surface)
    if tb.message:
        draw_message(tb, surface, tb.message)
    if tb.show_last and tb.state and tb.state.completed:
        draw_last_trick(tb, surface)
    if tb.coach is not None:
        tb.coach.draw(surface)


def mark(tb: TableScene, kind: str, rect: pygame.Rect, text: str = "") -> None:
    """Note what was drawn where, and its text (the layout tests read ``drawn``)."""
    tb.drawn.append((kind, pygame.Rect(rect), text))


def draw_hints(tb: TableScene, surface) -> None:
    """The advisor's suggestion: the card (amber outline and a tag above it) with its
    reason, or each bid's expected game points with the advised bid tagged."""
    if not tb.hints.on():
        return
    L = tb.L
    H = L["H"]
    small = max(11, int(H * 0.021))
    kind = tb.waiting_for()
    quiet = bool(tb.message)  # a message has the line for now
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
        rects = [tb.card_rect(c) for c in cards]
        if any(r is None or tb.sprites[c].moving(tb.clock) for c, r in zip(cards, rects,
                                                                            strict=True)):
            return
        for r in rects:
            assert r is not None
            w = max(2, r.w // 22)
            pygame.draw.rect(surface, gfx.AMBER, r.inflate(2 * w + 4, 2 * w + 4), width=w,
                             border_radius=max(4, r.w // 12) + w)
        reason = getattr(tb.hints.value, "reason", "")
        if reason and not quiet:
            hint_line(tb, surface, _("Hint: {reason}").format(reason=_(reason)), small)
        # one tag, above the (higher of the) hinted cards; cards lifted toward a button
        # (the advised pair chosen for the burial) move it sideways, still over the cards
        top = min(rects, key=lambda r: (r.y, -r.centerx))
        bottom = top.y - max(2, top.w // 22) - 3
        span = (min(r.left for r in rects), max(r.right for r in rects))
        x = clear_of_buttons(tb, top.centerx, bottom, tag_width(tb, small), span)
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
            hint_tag(tb, surface, b.rect.centerx,
                           b.rect.y - max(1, b.rect.h // 16) - 3, small)
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


def tag_width(tb: TableScene, size: int) -> int:
    return gfx.text_width(_("Hint"), size, True) + size


def clear_of_buttons(tb: TableScene, x: int, bottom: int, w: int, span: tuple[int, int]) -> int:
    """Where a tag ``w`` wide with its bottom at ``bottom`` goes near ``x``: there, or the
    nearest place within ``span`` (left, right) that keeps it off every button."""
    h = tb.L["tag_h"]

    def free(cx: int) -> bool:
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (cx, bottom)
        return not any(r.colliderect(b.rect) for b in tb.buttons)

    if free(x):
        return x
    lo, hi = span[0] + w // 2, span[1] - w // 2
    edges = [b.rect.right + 2 + w // 2 for b in tb.buttons] + \
        [b.rect.left - 2 - (w - w // 2) for b in tb.buttons]
    ok = [cx for cx in edges if lo <= cx <= hi and free(cx)]
    return min(ok, key=lambda cx: abs(cx - x)) if ok else x


def hint_tag(tb: TableScene, surface, x: int, bottom: int, size: int) -> None:
    """The small amber "Hint" label on what the advisor suggests."""
    tag = _("Hint")
    tr = pygame.Rect(0, 0, tag_width(tb, size), tb.L["tag_h"])
    tr.midbottom = (x, bottom)
    surface.blit(gfx.panel(tr.w, tr.h, fill=gfx.AMBER, border=gfx.EDGE, radius=tr.h // 2,
                           width=1), tr)
    gfx.blit_text(surface, tag, size, gfx.INK, tr.center, "center", bold=True)
    mark(tb, "hint-tag", tr, tag)


def line_bottom(tb: TableScene) -> int:
    """Where the line for a hint or a message ends: above the bid buttons and the tag on
    them, or, with no buttons, above a lifted card and its "Hint" tag."""
    L = tb.L
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
    L = tb.L
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


def draw_plates(tb: TableScene, surface) -> None:
    """Who is who: each seat's name and score in large type; below, the bot's level (or
    "you") with dealer or forehand; and the seat's part in this hand as a tag:
    declarer, defender.  The seats that sit out get a smaller, greyed plate; a person who
    is away (their connection dropped, their seat kept) a greyed plate marked "away"."""
    L = tb.L
    H = L["H"]
    st = tb.state
    totals = tb.session.match.totals
    playing = st is not None and st.phase != DONE
    decl = st.declarer_seat if st is not None else None
    for seat, r in L["plates"].items():
        side = tb.sides.get(seat)
        out = side in ("out", "bottom-out")
        compact = side == "out"
        big = max(13, int(H * (0.024 if compact else 0.034)))
        small = max(11, int(H * (0.019 if compact else 0.022)))
        pad = max(4, int(H * (0.008 if compact else 0.012)))
        away = tb.seat_away(seat)
        fill = gfx.DIM_LINEN if out or away else gfx.LINEN
        turn = playing and st.current_seat == seat and not out
        surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, alpha=60),
                     r.move(2, 3))
        surface.blit(gfx.panel(r.w, r.h, fill=fill, border=gfx.EDGE, width=2), r)
        ow = max(3, r.h // 14)
        if turn:
            draw_outline(surface, r, max(4, min(r.w, r.h) // 8), ow)
        mark(tb, "plate", r.inflate(2 * ow + 2, 2 * ow + 2), tb.seat_name(seat))
        ink = gfx.INK if not (out or away) else (0x55, 0x50, 0x4B)
        score = gfx.signed(totals[seat])
        sr = gfx.blit_text(surface, score, big, ink, (r.right - pad, r.y + pad), "topright",
                           bold=True)
        mark(tb, "plate-text", sr, score)
        name = tb.seat_name(seat)
        if turn:
            name = gfx.TURN_MARK + name
        nw = sr.x - pad - (r.x + pad)
        mark(tb, "plate-text", gfx.blit_text(
            surface, name, gfx.fit_size(name, big, nw, True), ink, (r.x + pad, r.y + pad),
            bold=True), name)
        if seat == tb.human:
            sub = _("you")
        else:
            lv = tb.session.bot_levels.get(seat, "")
            sub = _(texts.LEVEL_LABELS.get(lv, lv)) if lv else ""
        marks = [sub] if sub and not compact else []
        if away:
            marks.insert(0, pgettext("a player whose connection dropped", "away"))
        if out:
            marks.append(_("sits out"))
        if st is not None and seat == st.dealer:
            marks.append(_("dealer"))
        if st is not None and not out and seat == st.forehand:
            marks.append(_("forehand"))
        line = gfx.SEP.join(marks)
        y2 = r.y + pad + int(big * 1.25)
        if line:
            mark(tb, "plate-text", gfx.blit_text(
                surface, line, gfx.fit_size(line, small, r.w - 2 * pad), ink, (r.x + pad, y2)),
                line)
        if compact or out or decl is None or st.phase == BIDDING:
            continue
        # the part in this hand, as a tag that reads at a glance
        if seat == decl:
            role, chip = _("declarer"), gfx.CARMINE
        else:
            role, chip = _("defender"), gfx.EDGE
        rs = gfx.fit_size(role, small, r.w - 2 * pad - small, True)
        cr = pygame.Rect(0, 0, gfx.text_width(role, rs, True) + small, int(small * 1.45))
        cr.bottomleft = (r.x + pad, r.bottom - pad)
        surface.blit(gfx.panel(cr.w, cr.h, fill=chip, border=None, radius=cr.h // 2), cr)
        gfx.blit_text(surface, role, rs, gfx.LINEN, cr.center, "center", bold=True)
        mark(tb, "plate-text", cr, role)


def draw_labels(tb: TableScene, surface) -> None:
    """Trick counts beside the piles (on the side away from the plate's edge)."""
    L = tb.L
    st = tb.state
    if st is None:
        return
    size = max(12, int(L["H"] * 0.024))
    pcw = L["cw"] * L["pile_s"]
    gap = max(6, L["m"] // 2)
    for seat, cards in tb.view.piles.items():
        if not cards or seat == TABLE:
            continue
        px, py = L["piles"].get(seat, L["deck"])
        d = L["pile_dir"].get(seat, 1)
        n = tb.view.pile_tricks.get(seat, 0)
        t = ngettext("{n} trick", "{n} tricks", n).format(n=n)
        x = px + d * (pcw / 2 + gap)
        if seat == st.declarer_seat and tb.view.buried:
            x += d * (pcw * 0.3 + 3 * len(tb.view.buried))
        anchor = "midleft" if d > 0 else "midright"
        mark(tb, "pile-label", gfx.blit_text(surface, t, size, gfx.LINEN,
                                               (int(x), int(py)), anchor, bold=True), t)


def draw_panels(tb: TableScene, surface) -> None:
    L = tb.L
    W, H = L["W"], L["H"]
    st = tb.state
    m = int(min(W, H) * 0.02)
    pw = int(W * 0.22)
    size = max(11, int(H * 0.022))
    small = max(10, int(H * 0.019))
    # left: contract, declarer, card points
    pad = max(6, int(H * 0.012))
    lines: list[tuple[str, int, bool, tuple]] = []
    if st is not None:
        if st.contract:
            c = texts.contract_label(st.contract)
            if tb.session.people.is_you(st.declarer_seat):
                c = _("{contract}: you").format(contract=c)
            elif st.declarer_seat is not None:
                c = _("{contract}: {name}").format(contract=c,
                                                   name=tb.seat_name(st.declarer_seat))
            lines.append((c, size, True, gfx.AMBER))
        elif st.phase == BIDDING and not tb.view.deck:
            lines.append((_("Bidding"), size, True, gfx.AMBER))
        else:
            lines.append((_("Shuffling and dealing"), size, True, gfx.AMBER))
        if st.declarer_seat is not None and st.phase != BIDDING:
            d = st.declarer_seat
            dp = sum(st.points_won[i] for i, s in enumerate(st.seats) if s == d)
            op = sum(st.points_won[i] for i, s in enumerate(st.seats) if s != d)
            if d == tb.human or st.phase == DONE:
                # the buried cards count for the declarer; only the declarer knows them
                # before the end
                dp += points_of(st.buried)
            lines.append((ngettext("Declarer: {n} point", "Declarer: {n} points", dp).format(
                n=dp), small, False, gfx.LINEN))
            lines.append((ngettext("Defenders: {n} point", "Defenders: {n} points", op).format(
                n=op), small, False, gfx.LINEN))
        elif st.contract == "galdins":
            for i, s in enumerate(st.seats):
                t, p = st.tricks_won[i], st.points_won[i]
                # Translators: a small-table line, e.g. "Anna: 3 tricks, 40 points"
                lines.append((_("{name}: {tricks}, {points}").format(
                    name=tb.seat_name(s),
                    tricks=ngettext("{n} trick", "{n} tricks", t).format(n=t),
                    points=ngettext("{n} point", "{n} points", p).format(n=p)),
                    small, False, gfx.LINEN))
    draw_info(tb, surface, pygame.Rect(m, m, pw, 0), lines[:4], pad)
    # right: hand number and pools
    s = tb.session
    if s.length:
        t = _("Hand {n} of {total}").format(n=tb.hand_no, total=s.length)
    else:
        t = _("Hand {n}").format(n=tb.hand_no)
    lines = [(t, size, True, gfx.AMBER)]
    pools = s.match.pools
    pl = []
    if pools.common:
        pl.append(ngettext("{n} common pool", "{n} common pools", pools.common).format(
            n=pools.common))
    counts = pools.personal_counts(s.players)
    for seat, n in enumerate(counts):
        if n:
            pl.append(ngettext("{name}: {n} personal pool", "{name}: {n} personal pools",
                               n).format(name=tb.seat_name(seat), n=n))
    if not pl:
        pl.append(_("No pools"))
    lines += [(t, small, False, gfx.LINEN) for t in pl[:3]]
    draw_info(tb, surface, pygame.Rect(W - m - pw, m, pw, 0), lines, pad)


def draw_info(tb: TableScene, surface, r: pygame.Rect, lines, pad: int) -> None:
    """A dark corner panel sized to its lines."""
    if not lines:
        return
    h = pad * 2 + sum(int(sz * 1.2) + pad // 2 for _t, sz, _b, _c in lines) - pad // 2
    r = pygame.Rect(r.x, r.y, r.w, h)
    surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=200, width=1),
                 r)
    mark(tb, "panel", r)
    y = r.y + pad
    for t, sz, bold, col in lines:
        sz2 = gfx.fit_size(t, sz, r.w - 2 * pad, bold)
        mark(tb, "panel-text", gfx.blit_text(surface, t, sz2, col, (r.x + pad, y),
                                               bold=bold), t)
        y += int(sz * 1.2) + pad // 2


def draw_bubble(tb: TableScene, surface, seat: int, t: str) -> None:
    """What a seat said (its bid), in a speech bubble beside its plate."""
    L = tb.L
    r = L["plates"].get(seat)
    if r is None:
        return
    side = tb.sides.get(seat)
    W = L["W"]
    size = L["bubble_size"]
    g = L["bubble_gap"]
    tail_w = max(6, size // 3)
    if side == "left":  # up to the talon in the middle
        room = int(W / 2 - L["talon_half"] - L["m"] - (r.right + g))
    elif side == "right":
        room = int(r.x - g - (W / 2 + L["talon_half"] + L["m"]))
    else:
        room = int(W * 0.3)
    size = gfx.fit_size(t, size, room - size * 2, True)
    bw, bh = gfx.text_width(t, size, True) + size * 2, L["bubble_h"]
    if side == "left":
        b = pygame.Rect(r.right + g, r.centery - bh // 2, bw, bh)
        tail = [(b.x + 1, b.centery - tail_w), (r.right + 2, b.centery),
                (b.x + 1, b.centery + tail_w)]
    elif side == "right":
        b = pygame.Rect(r.x - g - bw, r.centery - bh // 2, bw, bh)
        tail = [(b.right - 1, b.centery - tail_w), (r.x - 2, b.centery),
                (b.right - 1, b.centery + tail_w)]
    elif side == "top":
        b = pygame.Rect(r.centerx - bw // 2, r.bottom + g, bw, bh)
        tail = [(b.centerx - tail_w, b.y + 1), (b.centerx, r.bottom + 2),
                (b.centerx + tail_w, b.y + 1)]
    else:  # above my plate, or above my tricks and buried cards when there are some
        top = r.y
        st = tb.state
        if seat in L["piles"] and (tb.view.piles.get(seat) or (
                tb.view.buried and st is not None and st.declarer_seat == seat)):
            top = int(L["piles"][seat][1] - L["ch"] * L["pile_s"] / 2) - 6
        b = pygame.Rect(r.x + 10, top - g - bh, bw, bh)
        tail = [(b.x + 16, b.bottom - 1), (b.x + 22, top - 2), (b.x + 30, b.bottom - 1)]
    pygame.draw.polygon(surface, gfx.LINEN, tail)
    pygame.draw.lines(surface, gfx.EDGE, False, tail, 2)
    surface.blit(gfx.panel(bw, bh, fill=gfx.LINEN, border=gfx.EDGE, radius=bh // 2), b)
    gfx.blit_text(surface, t, size, gfx.INK, b.center, "center", bold=True)
    mark(tb, "bubble", b, t)


def draw_message(tb: TableScene, surface, msg: str) -> None:
    """A message to me (why a card may not be played, …) in the line above my hand."""
    L = tb.L
    W, H = L["W"], L["H"]
    size = gfx.fit_size(msg, max(13, int(H * 0.026)), int(W * 0.7))
    t = gfx.text(msg, size, gfx.INK)
    r = t.get_rect(midbottom=(W // 2, line_bottom(tb) - int(size * 0.4)))
    bg = r.inflate(size * 1.4, size * 0.8)
    if tb.coach is not None:  # lifted above the coach's marks when it would cover one
        dy = clear_of(bg, tb.coach.markers, max(4, H // 120))
        r, bg = r.move(0, dy), bg.move(0, dy)
    surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.LINEN, border=gfx.CARMINE, width=3), bg)
    surface.blit(t, r)
    mark(tb, "message", bg, msg)


def draw_last_trick(tb: TableScene, surface) -> None:
    L = tb.L
    W, H = L["W"], L["H"]
    trick = tb.state.completed[-1]
    imgs = tb.images
    s = 0.7
    w, h = imgs.size(s)
    n = len(trick.cards)
    gap = int(w * 0.25)
    size = max(11, int(H * 0.02))
    pw = n * w + (n + 1) * gap
    ph = h + size * 5
    r = pygame.Rect((W - pw) // 2, int(H * 0.2), pw, ph)
    surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=235), r)
    if tb.session.people.is_you(trick.winner):
        t = _("Last trick: you took it")
    else:
        t = _("Last trick: {name} took it").format(name=tb.seat_name(trick.winner))
    gfx.blit_text(surface, t, gfx.fit_size(t, size, pw - 2 * gap, True), gfx.AMBER,
                  (r.centerx, r.y + size), "midtop", bold=True)
    for i, (seat, c) in enumerate(zip(trick.seats, trick.cards, strict=True)):
        x = r.x + gap + i * (w + gap)
        img = imgs.image(c, True, s)
        surface.blit(img, (x, r.y + size * 2.6))
        nm = tb.seat_name(seat)
        gfx.blit_text(surface, nm, gfx.fit_size(nm, size, w + gap), gfx.LINEN,
                      (x + w // 2, r.bottom - size * 0.6), "midbottom")


def clear_of(r: pygame.Rect, marks: list[pygame.Rect], gap: int) -> int:
    """How far up ``r`` moves so that it covers none of ``marks`` (0 or negative)."""
    dy = 0
    for _i in range(len(marks) + 1):
        hit = [m for m in marks if m.colliderect(r.move(0, dy))]
        if not hit:
            break
        dy = min(m.top for m in hit) - gap - r.bottom
    return dy

