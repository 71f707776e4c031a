"""The review's panel at the top: the hand's title, the analysis as it goes (a bar that fills
trick by trick, the moments appearing as they are found), then what the result turned on,
costliest first, with the chosen moment's reason in words (or its figures, on I).
"""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import _
from ..records import review as R
from ..records import review_moments as M
from ..records import review_words as W
from ..rules.state import TABLE
from . import gfx, texts

# the scene drawn (a review_scene.ReviewScene; not imported: it imports this module)
ReviewScene = Any

MOMENT_LINES = 3  # moments listed in the panel
READABLE = 12  # px: no line a player must read is smaller (at 960x540 too)


def stage_text(sc: ReviewScene) -> str:
    p = sc.progress
    if p is None or p.stage == M.BID:
        return _("Analysing the bidding")
    if p.stage == M.BURIAL:
        return _("Analysing the burial")
    if p.stage == M.BURIAL_DD:
        return _("Playing this deal again with the better burial")
    return _("Analysing trick {n} of {m} with all cards open").format(n=max(1, p.trick),
                                                                       m=p.tricks)


def draw_bar(sc: ReviewScene, surface, r: pygame.Rect) -> None:
    """The analysis' progress: the part done filled, and a light that runs along the part
    being worked on (a long first trick still moves)."""
    p = sc.progress
    done = p.done if p is not None else 0.0
    surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=None, radius=r.h // 2), r)
    w = max(r.h, int(r.w * done))
    surface.blit(gfx.panel(w, r.h, fill=gfx.CARMINE, border=None, radius=r.h // 2), r.topleft)
    run = max(r.h, r.w // 12)
    x = r.x + w + int((sc.clock * 0.6 % 1.0) * max(1, r.w - w - run))
    if r.w - w > run:
        surface.blit(gfx.panel(run, r.h, fill=gfx.AMBER, border=None, radius=r.h // 2,
                               alpha=150), (x, r.y))
    sc.drawn_bar = r


def draw_info(sc: ReviewScene, surface, W_: int, H: int, body: int, small: int) -> pygame.Rect:
    rv = sc.review
    pad = max(8, body // 2)
    r = pygame.Rect(int(W_ * 0.03), int(H * 0.015), int(W_ * 0.94), 0)
    title = texts.contract_label(rv.contract)
    if rv.declarer is not None:
        title += " — " + sc.names_of().after_contract(rv.declarer)
    if sc.number is not None:
        title = _("Hand {n}: {contract}").format(n=sc.number, contract=title)
    # (text, colour, bold, moment or None, is it the progress line)
    lines: list[tuple[str, tuple, bool, M.Moment | None, bool]] = []
    if sc.analysing:
        lines.append((stage_text(sc), gfx.INK, False, None, True))
    else:
        lines.append((R.summary_text(rv, sc.you()), gfx.INK, False, None, False))
    moments = sc.moments()
    chosen = sc.chosen_moment()
    for i, mo in enumerate(moments[:MOMENT_LINES]):
        text = W.moment_text(mo, sc.name, sc.you())
        if i == 0 and not sc.analysing:
            text = _("The costliest moment: {what}").format(what=text)
        lines.append((text, gfx.CARMINE if mo is chosen else gfx.INK, mo is chosen, mo, False))
        if mo is chosen:
            extra = (W.figures_text(mo, rv.declarer == sc.you()) if sc.figures
                     else W.why_text(mo, sc.name, sc.you()))
            if extra and not sc.figures:
                extra = _("{reason} (figures: I)").format(reason=extra)
            elif not extra and not sc.figures:
                extra = _("(figures: I)")
            lines.append(("   " + extra, gfx.INK, False, None, False))
    if not moments and not sc.analysing:
        g = R.giveaway_text(rv.first_giveaway, rv, sc.name, you=sc.you())
        if g:
            lines.append((g, gfx.INK, False, None, False))
    res = "" if sc.analysing else R.result_text(rv, sc.you())
    if res:
        lines.append((res, gfx.INK, False, None, False))
    if rv.analysable or sc.state is not None:  # its height stays as the moments come in
        while len(lines) < 3 + MOMENT_LINES:
            lines.append(("", gfx.INK, False, None, False))
    # each entry in rows of its own size: a moment at the body size, the rest a little
    # smaller, never under READABLE px; an entry too long for its row wraps to a second
    room = r.w - 2 * pad
    rows: list[tuple[str, int, tuple, bool, M.Moment | None, bool]] = []
    for t, color, bold, m, is_progress in lines:
        size = body if m is not None or is_progress else max(READABLE, small + 1)
        width = int(room * 0.55) if is_progress else room
        parts = [t]
        if t and gfx.fit_size(t, size, width, bold) < max(READABLE, size - 2):
            parts = gfx.wrap(t, max(READABLE, size - 2), width, bold)
            size = max(READABLE, size - 2)
            if len(parts) > 2:
                parts = [parts[0], " ".join(parts[1:])]
        for part in parts:
            rows.append((part, gfx.fit_size(part, size, width, bold, READABLE) if part else size,
                         color, bold, m, is_progress))
    line_h = int(body * 1.3)
    r.h = pad * 2 + int(body * 1.6) + line_h * len(rows)
    surface.blit(gfx.panel(r.w, r.h, fill=gfx.LINEN, border=gfx.EDGE, width=2, alpha=245), r)
    sc.drawn_labels.append(("", r))
    step_text = (_("Before the first lead") if sc.step == 0 else
                 _("Trick {n} of {m}").format(n=sc.step, m=len(rv.tricks)))
    if not rv.tricks:
        step_text = ""
    sr = gfx.blit_text(surface, step_text, body, gfx.CARMINE, (r.right - pad, r.y + pad),
                       "topright", bold=True) if step_text else pygame.Rect(r.right, 0, 0, 0)
    gfx.blit_text(surface, title, gfx.fit_size(title, int(body * 1.15), sr.x - r.x - 3 * pad,
                                               True), gfx.INK, (r.x + pad, r.y + pad), bold=True)
    y = r.y + pad + int(body * 1.6)
    sc.moment_rects = []
    for t, size, color, bold, m, is_progress in rows:
        if t:
            gfx.blit_text(surface, t, size, color, (r.x + pad, y), bold=bold)
            sc.drawn_texts.append(t)
            sc.drawn_sizes.append(size)
        if is_progress and t:
            bar_h = max(6, body // 2)
            x0 = r.x + pad + int(room * 0.55) + pad
            draw_bar(sc, surface, pygame.Rect(x0, y + (body - bar_h) // 2 + 2,
                                              r.right - pad - x0, bar_h))
        if m is not None:
            sc.moment_rects.append((pygame.Rect(r.x, y - 2, r.w, line_h), m))
        y += line_h
    return r


def draw_extra(sc: ReviewScene, surface, W: int, H: int, small: int, anchors) -> None:
    """The talon or the buried cards, small, between the side hands."""
    rv = sc.review
    if rv.contract == "take":
        label, cards = _("Buried"), rv.buried
    elif rv.contract in ("zole", "dark"):
        label, cards = _("Talon (to the defenders)"), rv.talon
    elif rv.contract == "maza":
        label, cards = _("Talon (out of play)"), rv.talon
    else:
        label, cards = _("Talon"), rv.talon
    if rv.contract == "galdins" and any(s == TABLE for t in rv.tricks for s, _c in t.plays):
        return
    s = 0.55
    images = sc.images
    assert images is not None  # drawn after the scene's card images are made
    cw = int(images.w * s)
    cx = W // 2
    cy = anchors["left"][1] - int(images.h * 0.55)
    # its label stays clear of the info panel above
    lh = gfx.font(small).get_height()
    cy = max(cy, sc.info_bottom + 4 + lh + 2 + int(images.h * s / 2))
    for i, c in enumerate(cards):
        sc.blit_card(surface, c, (cx - cw * 0.55 + i * cw * 1.1, cy), s)
    sc.label(surface, label, small, gfx.DIM_LINEN,
             (cx, cy - int(images.h * s / 2) - 2), "midbottom")
