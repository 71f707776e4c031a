"""A hand as it is played, each step on a real hand from the rules code: a round of bidding,
burying two cards, following suit and winning tricks, and when the declarer may give up."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...i18n import N_, _, ngettext, pgettext, signed
from ...rules.cards import (
    SUIT_OF,
    mask_of,
    name,
    parse_cards,
    points_of,
    sort_for_hand,
    trick_winner_index,
)
from ...rules.deal import deal_packets
from ...rules.settlement import TAKE, ZOLE
from ...rules.state import PASS, PLAYING, SURRENDER, TAKE_BID, ZOLE_BID, HandState
from .. import gfx, texts
from ..theme import Theme
from .cards import blit_card, row_rects, source_height
from .common import apart, label_size, lines_in, pad, ring, text_in


# ------------------------------------------------------------------ a round of bidding
@lru_cache(maxsize=1)
def _bidding_round() -> tuple[tuple[int, ...], int]:
    """Forehand passes and the next player takes, played on a real hand: the bids spoken (in
    order from forehand) and the declarer's position.  The third player is not asked."""
    deal = deal_packets(list(range(26)), 3, 0)
    s = HandState.new(3, 0, deal.hands, deal.talon)
    s.apply(PASS)
    s.apply(TAKE_BID)
    return tuple(s.bids), s.declarer


def draw_bids(surface, area: pygame.Rect, text_size: int) -> None:
    inner = pad(area)
    size = min(max(11, int(area.h * 0.07)), text_size)
    bids, declarer = _bidding_round()
    roles = (_("Forehand"), _("Player"), _("Dealer"))
    n = len(roles)
    gap = int(inner.w * 0.05)
    pw = min(int((inner.w - gap * (n - 1)) / n), size * 12)
    ph = min(inner.h, int(size * 7.5))
    x0 = inner.centerx - (pw * n + gap * (n - 1)) // 2
    y0 = inner.centery - ph // 2
    for i, role in enumerate(roles):
        r = pygame.Rect(x0 + i * (pw + gap), y0, pw, ph)
        spoke = i < len(bids)
        surface.blit(gfx.panel(pw, ph, fill=(0, 0, 0), border=None, alpha=60), r.move(2, 3))
        surface.blit(gfx.panel(pw, ph, fill=gfx.LINEN if spoke else gfx.GREY, border=gfx.EDGE,
                               width=2), r)
        text_in(surface, f"{i + 1}. {role}", size, gfx.INK, (r.centerx, r.y + ph * 0.17),
                pw - size, bold=True)
        # what the player said, in a speech bubble
        said = texts.bid_label(bids[i]) if spoke else _("not asked")
        bub = pygame.Rect(0, 0, int(pw * 0.8), int(size * 2.2))
        bub.center = (r.centerx, int(r.y + ph * 0.47))
        if spoke:
            pygame.draw.rect(surface, gfx.AMBER if i == declarer else gfx.DIM_LINEN, bub,
                             border_radius=bub.h // 2)
            pygame.draw.rect(surface, gfx.EDGE, bub, width=1, border_radius=bub.h // 2)
            text_in(surface, said, int(size * 1.1), gfx.INK,
                    bub.center, bub.w - size, bold=True)
        else:
            text_in(surface, said, size, gfx.INK, bub.center, bub.w, bold=False)
        who = _("Declarer") if i == declarer else _("Defender")
        text_in(surface, who, size, gfx.CARMINE if i == declarer else gfx.INK,
                (r.centerx, int(r.y + ph * 0.8)), pw - size, bold=i == declarer)
        if i == declarer:
            ring(surface, r)


# ------------------------------------------------------------------ burying
_VOID_NOTES = {
    0: N_("No clubs left: clubs can be trumped"),
    1: N_("No spades left: spades can be trumped"),
    2: N_("No hearts left: hearts can be trumped"),
}


def draw_bury(surface, kept: list[str], buried: list[str], area: pygame.Rect, theme: Theme,
              text_size: int) -> None:
    """The declarer's ten cards: the eight kept, and the two buried with their points."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    top_h, bottom_h = int(size * 1.8), int(size * 2.8)
    kept_c = sort_for_hand(parse_cards(kept))
    buried_c = parse_cards(buried)
    gap = int(inner.w * 0.06)
    kw = int((inner.w - gap) * 0.72)
    left = pygame.Rect(inner.x, inner.y + top_h, kw, inner.h - top_h - bottom_h)
    right = pygame.Rect(left.right + gap, left.y, inner.right - left.right - gap, left.h)
    kr = row_rects(len(kept_c), left, source_height(theme), min_step=0.3)
    br = row_rects(len(buried_c), right, kr[0].h if kr else source_height(theme), gap=0.1)
    for c, r in zip(kept_c, kr, strict=True):
        blit_card(surface, theme, name(c), r)
    for c, r in zip(buried_c, br, strict=True):
        blit_card(surface, theme, name(c), r)
        ring(surface, r)
    ty = kr[0].y - top_h // 2
    text_in(surface, _("Kept"), size, gfx.LINEN, (left.centerx, ty), left.w, bold=True)
    text_in(surface, _("Buried"), size, gfx.AMBER, (right.centerx, ty), right.w, bold=True)
    by = kr[0].bottom + size // 2
    held = {SUIT_OF[c] for c in kept_c}
    voids = [_(_VOID_NOTES[s]) for s in sorted(_VOID_NOTES) if s not in held]
    if voids:
        lines_in(surface, " · ".join(voids), size, gfx.LINEN, (left.centerx, by), left.w)
    pts = points_of(mask_of(buried_c))
    note = ngettext("{n} point for the declarer", "{n} points for the declarer",
                    pts).format(n=pts)
    lines_in(surface, note, size, gfx.AMBER, (right.centerx, by), right.w + gap, bold=True)


# ------------------------------------------------------------------ tricks
def draw_tricks(surface, mode: str, tricks: list[list[str]], area: pygame.Rect, theme: Theme,
                text_size: int) -> None:
    """Tricks side by side, the lead first.  ``mode`` "follow": under each card whether it
    follows the suit led (rules.cards.SUIT_OF, trumps being one suit); "win": the card that
    wins (rules.cards.trick_winner_index)."""
    inner = pad(area)
    size = min(label_size(area), text_size)
    cap_h = int(size * 2.8)
    n = len(tricks)
    gap = int(inner.w * 0.07)
    tw = (inner.w - gap * (n - 1)) // n
    for ti, codes in enumerate(tricks):
        part = pygame.Rect(inner.x + ti * (tw + gap), inner.y, tw, inner.h - cap_h)
        rects = apart(len(codes), part, source_height(theme), 0.1)
        cards = parse_cards(codes)
        winner = trick_winner_index(cards)
        for i, (c, r) in enumerate(zip(cards, rects, strict=True)):
            blit_card(surface, theme, name(c), r)
            if mode == "win":
                if i == winner:
                    ring(surface, r)
                    cap, col = pgettext("trick", "wins"), gfx.AMBER
                elif i == 0:
                    cap, col = pgettext("trick", "leads"), gfx.LINEN
                else:
                    cap, col = "", gfx.LINEN
            elif i == 0:
                cap, col = pgettext("trick", "leads"), gfx.LINEN
            elif SUIT_OF[c] == SUIT_OF[cards[0]]:
                cap, col = _("follows suit"), gfx.AMBER
            else:
                cap, col = _("has none: any card"), gfx.DIM_LINEN
            if cap:
                lines_in(surface, cap, size, col, (r.centerx, r.bottom + size // 2),
                         int(r.w * 1.08), bold=col == gfx.AMBER)
        if ti:
            x = part.x - gap // 2
            pygame.draw.line(surface, gfx.DIM_LINEN, (x, inner.y + size), (x, inner.bottom - size))


# ------------------------------------------------------------------ giving up
@lru_cache(maxsize=1)
def _surrender_facts() -> tuple[int, tuple[tuple[str, int], ...]]:
    """Played on a real hand: the last trick before which the declarer may still give up,
    and what giving up costs per opponent in an ordinary game and a zole."""
    deal = deal_packets(list(range(26)), 3, 0)
    costs = []
    last = 0
    for bid, contract in ((TAKE_BID, TAKE), (ZOLE_BID, ZOLE)):
        s = HandState.new(3, 0, deal.hands, deal.talon)
        s.apply(bid)
        while s.phase != PLAYING:  # bury the first two cards
            s.apply(next(a for a in s.legal_actions() if a != SURRENDER))
        g = s.copy()
        g.apply(SURRENDER)
        costs.append((contract, g.result().value))
        while s.phase == PLAYING:
            if not s.trick and s.can_surrender():
                last = max(last, len(s.completed) + 1)
            s.apply(next(a for a in s.legal_actions() if a != SURRENDER))
    return last, tuple(costs)


def draw_surrender(surface, area: pygame.Rect, theme: Theme, text_size: int) -> None:
    inner = pad(area)
    size = min(label_size(area), text_size)
    last, costs = _surrender_facts()
    cost_h = int(size * 2.2 * len(costs))
    top_h = int(size * 2.6)
    row = pygame.Rect(inner.x, inner.y + top_h, inner.w, inner.h - top_h - cost_h - size * 2)
    rects = apart(8, row, source_height(theme), 0.25)
    for i, r in enumerate(rects):
        k = i + 1
        if k < last:  # tricks already played: a face-down pile
            blit_card(surface, theme, "back", r)
        else:
            pygame.draw.rect(surface, gfx.AMBER if k == last else gfx.DIM_LINEN, r,
                             width=3 if k == last else 1, border_radius=max(3, r.w // 10))
        col = gfx.AMBER if k <= last else gfx.DIM_LINEN
        gfx.blit_text(surface, str(k), size, col, (r.centerx, r.bottom + size), "center",
                      bold=k <= last)
    lr = rects[last - 1]
    pygame.draw.line(surface, gfx.AMBER, (rects[0].x, lr.bottom + size * 2),
                     (lr.right, lr.bottom + size * 2), max(2, size // 6))
    lines_in(surface, _("The declarer may give up before these tricks are led"), size,
             gfx.AMBER, (inner.centerx, inner.y), inner.w, bold=True)
    y = lr.bottom + size * 2 + size // 2
    for contract, value in costs:
        t = _("{contract}: {value} to each opponent").format(
            contract=texts.contract_label(contract), value=signed(value))
        text_in(surface, t, size, gfx.LINEN, (inner.centerx, y + int(size * 1.1)), inner.w)
        y += int(size * 2.2)
