"""What the table marks on my cards and buttons, one look per meaning (never by colour
alone, and only on the part of a card that shows in the fan):

- a card chosen for the burial: lifted, a linen outline and a ✓ badge on its corner;
- the keyboard focus (a card or a button): a dashed bar under it, and on a focused card a
  small label that says what Enter does;
- the two cards I took from the talon, until the burial is done: a "talon" tag across the
  foot of the part that shows, on a dark pill with a linen edge (:func:`draw_talon_tags`);
- the advisor's hint (:mod:`.hint_view`): a bar above the card and the "Hint" tag;
- whose turn it is: a bar beside that seat's name plate (:func:`draw_turn_marker`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...rules.state import BURYING
from .. import gfx
from ..widgets import dashed_bar
from .drawn import mark

if TYPE_CHECKING:
    from .scene import TableScene


def visible_rect(tb: TableScene, c: int) -> pygame.Rect | None:
    """The part of my card ``c`` that shows: the next card of the fan covers its right."""
    r = tb.card_rect(c)
    if r is None:
        return None
    hand = tb.my_hand()
    if c not in hand:
        return r
    i = hand.index(c)
    if i + 1 < len(hand):
        nxt = tb.card_rect(hand[i + 1])
        if nxt is not None and r.left < nxt.left < r.right:
            return pygame.Rect(r.left, r.top, nxt.left - r.left, r.h)
    return r


def bar_height(tb: TableScene) -> int:
    return max(3, tb.geo.L["H"] // 140)


def draw_card_marks(tb: TableScene, surface) -> None:
    """The chosen cards and the keyboard focus on my cards (after every card is drawn, so a
    mark on one card is never hidden under the next)."""
    kind = tb.waiting_for()
    tags = draw_talon_tags(tb, surface)
    for c in tb.selected:
        if tb.sprites[c].moving(tb.clock):
            continue
        r = tb.card_rect(c)
        v = visible_rect(tb, c)
        if r is None or v is None:
            continue
        w = max(3, r.w // 24)
        radius = max(4, r.w // 12)
        # round the part that shows (the next card keeps its own face clear)
        pygame.draw.rect(surface, gfx.EDGE, v.inflate(2 * w + 4, 2 * w + 4), width=2,
                         border_radius=radius + w + 2)
        pygame.draw.rect(surface, gfx.LINEN, v.inflate(2 * w, 2 * w), width=w,
                         border_radius=radius + w)
        size = max(12, int(r.w * 0.17))
        badge = pygame.Rect(0, 0, int(size * 1.5), int(size * 1.5))
        badge.center = (v.x + max(badge.w // 2 + 2, v.w // 2), r.centery)
        pygame.draw.circle(surface, gfx.EDGE, badge.center, badge.w // 2 + 2)
        pygame.draw.circle(surface, gfx.CARMINE, badge.center, badge.w // 2)
        gfx.blit_text(surface, "\u2713", size, gfx.LINEN, badge.center, "center", bold=True)
        mark(tb, "chosen", badge, "\u2713")
    if kind not in ("play", "bury") or not tb.pointer.shown_on_card():
        return
    f = tb.focused_card()
    if f is None or tb.sprites[f].moving(tb.clock):
        return
    v = visible_rect(tb, f)
    if v is None:
        return
    h = bar_height(tb)
    bottom = tb.geo.L["H"] - 2
    y = min(v.bottom + max(2, h), bottom - h)
    mark(tb, "focus-bar", dashed_bar(surface, v.x + 3, v.right - 3, y, h))
    legal = f in tb.legal_cards()
    if kind == "play":
        t = _("Enter: play") if legal else _("Not this card")
    else:
        t = _("Enter: keep it") if f in tb.selected else _("Enter: choose")
    # read at 12 px at least (at 960x540 too): the label may reach over the next card
    size = max(12, int(tb.geo.L["H"] * 0.022))
    tw = gfx.text_width(t, size, True) + size
    lab = pygame.Rect(0, 0, tw, int(size * 1.5))
    lab.midbottom = (v.centerx, y - 3)
    place_focus_label(tb, lab, v, tags)
    surface.blit(gfx.panel(lab.w, lab.h, fill=gfx.EDGE, border=gfx.AMBER, radius=lab.h // 2,
                           width=1, alpha=230), lab)
    gfx.blit_text(surface, t, size, gfx.LINEN if legal else gfx.DIM_LINEN, lab.center,
                  "center", bold=True)
    mark(tb, "focus-label", lab, t)


def place_focus_label(tb: TableScene, lab: pygame.Rect, v: pygame.Rect,
                      tags: list[pygame.Rect]) -> None:
    """Move the focus label (centred on the part of the card that shows) off what a player
    reads beside it: sideways off the name plates and the corner buttons (my plate on the
    left of the fan, the corner on its right), up off the "talon" tags, and into the window."""
    gap = max(2, tb.geo.L["H"] // 270)
    window = pygame.Rect(0, 0, tb.geo.L["W"], tb.geo.L["H"])
    beside = list(tb.geo.L["plates"].values()) + [b.rect for b in tb.corner]

    def sideways() -> None:
        for r in beside:
            if lab.top < r.bottom + gap and r.top - gap < lab.bottom:  # in the label's row
                if r.centerx < v.centerx:
                    lab.left = max(lab.left, r.right + gap)
                else:
                    lab.right = min(lab.right, r.left - gap)

    sideways()
    for tag in sorted(tags, key=lambda r: r.top):
        if lab.colliderect(tag.inflate(2 * gap, 2 * gap)):
            lab.bottom = tag.top - gap
    sideways()
    lab.clamp_ip(window)


def draw_talon_tags(tb: TableScene, surface) -> list[pygame.Rect]:
    """The cards I took from the talon, while I bury: a small "talon" tag at the foot of
    the part of each card that shows, above the name plate of a card that has one (the ✓ of
    a chosen card is at its middle, the focus bar under it and the hint's bar above it).
    Returns the tags' rectangles (the focus label keeps off them)."""
    out: list[pygame.Rect] = []
    if tb.state is None or tb.state.phase != BURYING:  # buried: like any other card
        return out
    hand = tb.my_hand()
    t = pgettext("a tag on a card taken from the talon", "talon")
    for c in tb.view.from_talon:
        if c not in hand or tb.sprites[c].moving(tb.clock):
            continue
        r = tb.card_rect(c)
        v = visible_rect(tb, c)
        if r is None or v is None:
            continue
        room = max(8, v.w - 2)  # the pill within the part that shows
        size = gfx.fit_size(t, max(12, int(r.w * 0.15)), room - 6, True, minimum=10)
        tag = pygame.Rect(0, 0, min(room, gfx.text_width(t, size, True) + 8),
                          int(size * 1.4))
        bottom = min(r.bottom, tb.geo.L["H"]) - max(4, r.h // 12)
        imgs = tb.geo.images
        plate = imgs.plate(c, tb.sprites[c].state(tb.clock)[2]) if imgs else None
        if plate is not None:  # a Rainis court: above its name plate, never over the name
            bottom = min(bottom, r.y + plate.rect.top - max(2, r.h // 40))
        tag.midbottom = (v.centerx, bottom)
        surface.blit(gfx.panel(tag.w, tag.h, fill=gfx.EDGE, border=gfx.LINEN,
                               radius=tag.h // 2, width=1), tag)
        gfx.blit_text(surface, t, size, gfx.LINEN, tag.center, "center", bold=True)
        mark(tb, "talon-tag", tag, t)
        out.append(tag)
    return out


def draw_button_focus(tb: TableScene, surface, r: pygame.Rect) -> None:
    """The keyboard focus on a button: a dashed bar under its label, inside the button
    (below the button are the bids' expected points)."""
    h = bar_height(tb)
    mark(tb, "focus-bar", dashed_bar(surface, r.x + r.h // 3, r.right - r.h // 3,
                                     r.bottom - h - max(4, r.h // 9), h))


def draw_turn_marker(tb: TableScene, surface, r: pygame.Rect) -> None:
    """Whose turn it is: an amber bar beside the left edge of that seat's plate, in the
    margin (the name also starts with ▸); the plate keeps its usual edge."""
    m = tb.geo.L["m"]
    w = max(4, m // 2)
    bar = pygame.Rect(r.x - w - 3, r.y + 2, w, r.h - 4)
    pygame.draw.rect(surface, gfx.EDGE, bar.inflate(2, 2), border_radius=w // 2)
    pygame.draw.rect(surface, gfx.AMBER, bar, border_radius=w // 2)
    mark(tb, "turn-marker", bar)
