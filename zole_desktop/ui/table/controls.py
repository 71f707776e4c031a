"""The person's input at the table: actions (clicks, drags, keys) turned into the table's
commands.  The keyboard moves a focus over the cards and the buttons; the first key shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import trick_log
from ..scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    DRAG,
    DROP,
    KEY,
    LEFT,
    MOTION,
    NEXT,
    PRESS,
    PREV,
    RIGHT,
    UP,
    Action,
)
from . import finish
from .conditions import Gather

if TYPE_CHECKING:
    from .scene import TableScene


def _gathers(t: TableScene, a: Action) -> bool:
    """A click away from the buttons, Enter or Space: what sends a held trick on."""
    if a.kind == CLICK:
        return not any(b.rect.collidepoint(a.point) for b in t.all_buttons()) \
            and not t.show_last
    return a.kind == CONFIRM or (a.kind == KEY and a.value == pygame.K_SPACE)


def handle(t: TableScene, a: Action) -> None:
    k = a.kind
    if isinstance(t.cond, Gather) and _gathers(t, a):
        t.cond.done = True  # the won trick goes to its pile
        t.app.invalidate()
        return
    if k == BACK:
        if t.show_last:
            t.show_last = False
        else:
            t.open_pause()
        return
    if (k == KEY and a.value == pygame.K_i) or (
            k == CLICK and t.hints.line_rect is not None
            and t.hints.line_rect.collidepoint(a.point)):
        if t.hints.toggle_details():  # the advisor's figures after its reason
            return
    if k == KEY and a.value == pygame.K_l:
        t.toggle_last()
        return
    if k == KEY and a.value == pygame.K_t:
        trick_log.open_for_table(t)
        return
    if k == KEY and a.value == pygame.K_f and finish.offered(t):
        finish.choose(t)
        return
    if k == KEY and a.value == pygame.K_F1:
        t.open_guide()
        return
    if k == KEY and a.value == pygame.K_z and a.text == "ctrl+z":
        t.request_undo()
        return
    if k == MOTION:
        if t.pointer.use_mouse():
            t.relayout(dur=0.1)
        for b in t.all_buttons():
            b.hover = b.rect.collidepoint(a.point)
        c = t.card_at(a.pos) if t.waiting_for() in ("play", "bury") else None
        if t.pointer.hover(c):
            t.relayout(dur=0.1)
        return
    if k == PRESS:
        c = t.card_at(a.pos) if t.waiting_for() in ("play", "bury") else None
        t.pointer.drag_card = c
        return
    if k == DRAG:
        c = t.pointer.drag_card
        if c is not None and a.pos is not None:
            sp = t.sprites[c]
            sp.dragging = True
            sp.dx, sp.dy = a.pos
            sp.z = 500
        return
    if k == DROP:
        c = t.pointer.let_go()
        if c is None or a.pos is None:
            return
        sp = t.sprites[c]
        sp.dragging = False
        sp.x0, sp.y0 = a.pos  # the card travels back (or on) from where it was let go
        sp.x1, sp.y1 = a.pos
        sp.dur = 0
        if a.point[1] < t.geo.L["hand_top"] - t.geo.L["H"] * 0.04:
            t.try_card(c)
        t.relayout(dur=0.2)
        return
    if k == CLICK:
        t.pointer.let_go()
        if t.show_last:
            t.show_last = False
            return
        for b in t.all_buttons():
            if b.rect.collidepoint(a.point):
                b.activate()
                return
        c = t.card_at(a.pos)
        if c is not None:
            t.try_card(c)
        return
    # keyboard
    group, i = t.pointer.focus
    if k in (LEFT, RIGHT, UP, DOWN, NEXT, PREV, CONFIRM) and t.pointer.use_keyboard():
        t.relayout(dur=0.1)
        if k == CONFIRM and group == "card":
            legal = t.legal_cards() if t.waiting_for() == "play" else set()
            if len(legal) != 1:
                return  # the first Enter shows which card has the focus (its label says so)
            t.try_card(next(iter(legal)))  # one card may be played: nothing to choose
            return
    hand = t.my_hand()
    if k in (LEFT, RIGHT):
        d = -1 if k == LEFT else 1
        if group == "card" and hand:
            t.pointer.focus_card((i + d) % len(hand))
            t.relayout(dur=0.1)
        elif group == "button" and t.buttons:
            t.pointer.focus_button((i + d) % len(t.buttons))
        return
    if k in (UP, PREV) and t.buttons:
        t.pointer.focus_button(0 if group != "button" else i)
        t.relayout(dur=0.1)
        return
    if k in (DOWN, NEXT) and hand and t.waiting_for() in ("play", "bury"):
        t.pointer.focus_card(t.default_card_focus() if group != "card" else i)
        t.relayout(dur=0.1)
        return
    if k == CONFIRM:
        if group == "button" and t.buttons:
            t.buttons[min(i, len(t.buttons) - 1)].activate()
        elif group == "card" and hand and t.waiting_for() in ("play", "bury"):
            t.try_card(hand[min(i, len(hand) - 1)])
            if t.waiting_for() == "bury" and len(t.selected) == t.bury_need and t.buttons:
                t.pointer.focus_button(0)  # both cards chosen: Enter now buries them
                t.relayout(dur=0.1)
        elif t.buttons:
            t.buttons[0].activate()
