"""Drawing the table: the felt, the name plates, the corner panels, the cards (with the
person's focus and the dimmed cards that may not be played), the speech bubbles, the buttons,
the message line and the last trick (the advisor's hints: :mod:`.hint_view`).

Everything drawn is also noted in ``drawn`` (kind, rectangle, text) for the layout tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, language, ngettext, pgettext
from ...rules.judge import side_points
from ...rules.settlement import DARK, TAKE, ZOLE
from ...rules.state import BIDDING, DONE, TABLE
from .. import gfx, texts
from . import buttons
from .conditions import Gather
from .drawn import mark
from .hint_view import draw_hints, line_bottom
from .marks import draw_button_focus, draw_card_marks, draw_turn_marker
from .pace import GATHER_NOTE

if TYPE_CHECKING:
    from .scene import TableScene

READABLE = 12  # px: the smallest type of a line a player must read (at 960x540 too)


def draw(tb: TableScene, surface) -> None:
    app = tb.app
    surface.blit(app.felt(), (0, 0))
    tb.drawn = []
    imgs = tb.geo.laid_out()
    if imgs is None:  # laid out on entering; nothing to draw before
        return
    if tb._lang != language():  # the buttons fit their labels in the new language
        tb._lang = language()
        buttons.place(tb)
    draw_plates(tb, surface)
    draw_panels(tb, surface)
    now = tb.clock
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
    draw_card_marks(tb, surface)
    draw_labels(tb, surface)
    for seat, a in tb.view.bubbles.items():
        draw_bubble(tb, surface, seat, texts.bid_label(a))
    for i, b in enumerate(tb.buttons):
        b.draw(surface, False)
        if tb.pointer.on_button(i) and (tb.pointer.keyboard or not tb.hints.on()):
            draw_button_focus(tb, surface, b.rect)
        mark(tb, "button", b.rect.union(b.rect.move(0, -max(1, b.rect.h // 16))),
                   b.text())
    for b in tb.corner:
        b.draw(surface, False)
        mark(tb, "corner", b.rect, b.text())
    draw_hints(tb, surface)
    if tb.coach is not None:
        tb.coach.draw_marks(surface)
    if tb.notice.text:
        draw_message(tb, surface, tb.notice.text)
    elif isinstance(tb.cond, Gather):
        draw_message(tb, surface, _(GATHER_NOTE))
    if tb.show_last and tb.state and tb.state.completed:
        draw_last_trick(tb, surface)
    if tb.coach is not None:
        tb.coach.draw(surface)


def draw_plates(tb: TableScene, surface) -> None:
    """Who is who: each seat's name and score in large type; below, the bot's level (or
    "you") with dealer or forehand; and the seat's part in this hand as a tag:
    declarer, defender.  The seats that sit out get a smaller, greyed plate; a person who
    is away (their connection dropped, their seat kept) a greyed plate marked "away"."""
    L = tb.geo.L
    H = L["H"]
    st = tb.state
    totals = tb.session.match.totals
    playing = st is not None and st.phase != DONE
    decl = st.declarer_seat if st is not None else None
    for seat, r in L["plates"].items():
        side = tb.geo.sides.get(seat)
        out = side in ("out", "bottom-out")
        compact = side == "out"
        big = max(13, int(H * (0.024 if compact else 0.034)))
        small = max(READABLE, int(H * (0.019 if compact else 0.022)))
        pad = max(4, int(H * (0.008 if compact else 0.012)))
        away = tb.seat_away(seat)
        fill = gfx.DIM_LINEN if out or away else gfx.LINEN
        turn = st is not None and playing and st.current_seat == seat and not out
        surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, alpha=60),
                     r.move(2, 3))
        surface.blit(gfx.panel(r.w, r.h, fill=fill, border=gfx.EDGE, width=2), r)
        if turn:
            draw_turn_marker(tb, surface, r)
        mark(tb, "plate", r, tb.seat_name(seat))
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
        if compact or out or decl is None or st is None or st.phase == BIDDING:
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
    L = tb.geo.L
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
    L = tb.geo.L
    W, H = L["W"], L["H"]
    st = tb.state
    m = int(min(W, H) * 0.02)
    pw = int(W * 0.22)
    size = max(READABLE, int(H * 0.022))
    small = max(READABLE, int(H * 0.019))
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
            lines += [(t, small, False, gfx.LINEN) for t in count_lines(tb)]
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
    ses = tb.session
    if ses.practice and ses.deal_of_hand:  # a deal played again is no hand of a match
        heading = _("Replay of hand {n}").format(n=ses.deal_of_hand)
    elif ses.length:
        heading = _("Hand {n} of {total}").format(n=tb.hand_no, total=ses.length)
    else:
        heading = _("Hand {n}").format(n=tb.hand_no)
    lines = [(heading, size, True, gfx.AMBER)]
    pools = ses.match.pools
    pl = []
    if pools.common:
        pl.append(ngettext("{n} common pool", "{n} common pools", pools.common).format(
            n=pools.common))
    counts = pools.personal_counts(ses.players)
    for seat, n in enumerate(counts):
        if n:
            pl.append(ngettext("{name}: {n} personal pool", "{name}: {n} personal pools",
                               n).format(name=tb.seat_name(seat), n=n))
    if not pl:
        pl.append(_("No pools"))
    lines += [(t, small, False, gfx.LINEN) for t in pl[:3]]
    draw_info(tb, surface, pygame.Rect(W - m - pw, m, pw, 0), lines, pad)


def count_lines(tb: TableScene) -> list[str]:
    """The card points of each side, as the rules core counts them (:func:`side_points`),
    in the tricks that have gone to their piles (a trick counts once it is shown won), and
    saying what is not counted yet: the zole talon goes to the defenders and the buried
    cards to the declarer at the end (the declarer's own count has the buried cards).  Once
    the hand is over and its last trick is gathered, the totals of the summary."""
    st = tb.state
    assert st is not None and st.declarer_seat is not None
    shown = sum(tb.view.pile_tricks.values())
    over = st.phase == DONE and shown >= len(st.completed)
    mine = st.declarer_seat == tb.human
    dp, op = side_points(st, None if over else shown, buried_known=mine)
    if over:
        return [ngettext("Declarer: {n} point", "Declarer: {n} points", dp).format(n=dp),
                ngettext("Defenders: {n} point", "Defenders: {n} points", op).format(n=op)]
    if st.contract == TAKE and mine:
        d = ngettext("Declarer: {n} point, buried included",
                     "Declarer: {n} points, buried included", dp).format(n=dp)
    elif st.contract == TAKE:
        d = ngettext("Declarer: {n} point + buried", "Declarer: {n} points + buried",
                     dp).format(n=dp)
    else:
        d = ngettext("Declarer: {n} point", "Declarer: {n} points", dp).format(n=dp)
    if st.contract in (ZOLE, DARK):
        o = ngettext("Defenders: {n} point + talon", "Defenders: {n} points + talon",
                     op).format(n=op)
    else:
        o = ngettext("Defenders: {n} point", "Defenders: {n} points", op).format(n=op)
    return [d, o]


def draw_info(tb: TableScene, surface, r: pygame.Rect, lines, pad: int) -> None:
    """A dark corner panel sized to its lines: a line too wide is made smaller down to
    READABLE px, then wrapped (never drawn smaller)."""
    if not lines:
        return
    w, rows = r.w - 2 * pad, []
    for t, sz, bold, col in lines:
        sz = gfx.fit_size(t, sz, w, bold, READABLE)
        parts = [t] if gfx.text_width(t, sz, bold) <= w else gfx.wrap(t, sz, w, bold)
        rows += [(part, sz, bold, col) for part in parts]
    lines = rows
    h = pad * 2 + sum(int(sz * 1.2) + pad // 2 for _t, sz, _b, _c in lines) - pad // 2
    r = pygame.Rect(r.x, r.y, r.w, h)
    surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=200, width=1),
                 r)
    mark(tb, "panel", r)
    y = r.y + pad
    for t, sz, bold, col in lines:
        mark(tb, "panel-text", gfx.blit_text(surface, t, sz, col, (r.x + pad, y),
                                               bold=bold), t)
        y += int(sz * 1.2) + pad // 2


def draw_bubble(tb: TableScene, surface, seat: int, t: str) -> None:
    """What a seat said (its bid), in a speech bubble beside its plate."""
    L = tb.geo.L
    r = L["plates"].get(seat)
    if r is None:
        return
    side = tb.geo.sides.get(seat)
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
    L = tb.geo.L
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
    L = tb.geo.L
    W, H = L["W"], L["H"]
    assert tb.state is not None and tb.geo.images is not None  # (shown only after a trick)
    trick = tb.state.completed[-1]
    imgs = tb.geo.images
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
        surface.blit(img, (x, r.y + int(size * 2.6)))
        nm = tb.seat_name(seat)
        gfx.blit_text(surface, nm, gfx.fit_size(nm, size, w + gap), gfx.LINEN,
                      (x + w // 2, r.bottom - int(size * 0.6)), "midbottom")


def clear_of(r: pygame.Rect, marks: list[pygame.Rect], gap: int) -> int:
    """How far up ``r`` moves so that it covers none of ``marks`` (0 or negative)."""
    dy = 0
    for _i in range(len(marks) + 1):
        hit = [m for m in marks if m.colliderect(r.move(0, dy))]
        if not hit:
            break
        dy = min(m.top for m in hit) - gap - r.bottom
    return dy

