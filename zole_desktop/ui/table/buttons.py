"""The table's buttons: the decision buttons above my hand (the bids, bury) and the corner
buttons (last trick, undo, surrender, menu), built for the decision at hand and placed by
:mod:`.layout`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...i18n import N_, _, ngettext
from ...rules.judge import surrender_settlement
from ...rules.state import DARK_BID, PASS
from .. import gfx, texts
from ..widgets import Button
from . import layout
from .commands import TakeBack

if TYPE_CHECKING:
    from .scene import TableScene


class TableButton(Button):
    """A button at the table: lifted under the mouse; the keyboard focus (a dashed bar
    under its label, as on every button) is drawn by :mod:`.marks`, where the table knows
    whether the keyboard is in use."""


def build(t: TableScene, kind: str) -> None:
    st = t.state
    bs: list[Button] = []
    acts: list[int | None] = []
    if kind == "bid" and st is not None:
        legal = st.legal_actions()
        if not t.view.cards_seen:
            if DARK_BID in legal:
                bs.append(TableButton(texts.BID_LABELS[DARK_BID],
                                 lambda: t.answer(DARK_BID), primary=True))
                acts.append(DARK_BID)
            bs.append(TableButton(N_("Look at your cards"), t.look))
            acts.append(PASS)  # looking is the way on to passing or taking
        else:
            for a in legal:
                if a == DARK_BID:
                    continue
                bs.append(TableButton(texts.BID_LABELS[a], _answer(t, a), primary=a != PASS))
                acts.append(a)
    elif kind == "bury":
        bs.append(TableButton(lambda: _bury_label(t), t.confirm_bury,
                         enabled=lambda: len(t.selected) == t.bury_need,
                         primary=True))
    t.buttons = bs
    t.button_actions = acts
    build_corner(t)
    place(t)


def _bury_label(t: TableScene) -> str:
    left = t.bury_need - len(t.selected)
    if left > 0:
        return ngettext("Bury {n} more card", "Bury {n} more cards", left).format(n=left)
    return _("Bury these two") if t.bury_need == 2 else _("Bury this card")


LAST_TRICK, UNDO, SURRENDER, SURE, MENU = (
    N_("Last trick (L)"), N_("Undo (Ctrl+Z)"), N_("Surrender"), N_("Really give up?"),
    N_("Menu (Esc)"))
CORNER_LABELS = (LAST_TRICK, UNDO, SURRENDER, SURE, MENU)  # every label the corner shows


def build_corner(t: TableScene) -> None:
    """The corner, the same slots for the whole table: the last trick, Undo (where taking
    back is allowed at this table), Surrender (where the table's rules allow giving up and a
    person sits at it) and the menu.  A button that cannot be used now is disabled, never
    removed, so that no button moves into another's place under the mouse."""
    st = t.state

    def seated() -> bool:
        s = t.state
        return s is not None and t.human is not None and t.human in s.seats

    cs: list[Button] = [TableButton(LAST_TRICK, t.toggle_last,
                                 enabled=lambda: bool(t.state and t.state.completed))]
    if t.undo_allowed():
        cs.append(TableButton(UNDO, t.request_undo,
                              enabled=lambda: seated() and t.can_undo()
                              and not t.commands.waiting(TakeBack)))
    rules = st.rules if st is not None else t.session.rules
    if t.human is not None and rules.surrender:
        cs.append(TableButton(lambda: _(SURE) if t.notice.surrender_armed else _(SURRENDER),
                              t.surrender, enabled=lambda: t.can_surrender_now()))
    cs.append(TableButton(MENU, t.open_pause))
    t.corner = cs
    place(t)


def surrender_note(t: TableScene) -> str:
    """What giving up costs now, from the rules core's settlement of it (said while
    Surrender is armed)."""
    st = t.state
    assert st is not None and t.human is not None
    n = -surrender_settlement(st).deltas[t.human]
    return ngettext("Giving up is a lost game: you pay {n} game point. Click again to "
                    "give up.",
                    "Giving up is a lost game: you pay {n} game points. Click again to "
                    "give up.", n).format(n=n)


def corner_width(W: int, H: int) -> int:
    """The corner buttons' width in the current language: the longest of their labels at
    the normal size with a margin, at least :func:`.layout.corner_min_width` and at most
    :func:`.layout.corner_max_width` (the same for the whole hand: no button jumps when
    Undo comes or Surrender is armed)."""
    size = layout.corner_text_size(H)
    widest = max(gfx.text_width(_(s), size, True) for s in CORNER_LABELS)
    need = widest + int(layout.corner_height(H) * 0.75)
    return min(max(layout.corner_min_width(W), need), layout.corner_max_width(W))


def corner_text_size(H: int, width: int) -> int:
    """One size for every corner label: the normal one, or (a window too narrow for its
    height) the size at which the longest label fits, so that no button's label is smaller
    than its neighbours'."""
    size = layout.corner_text_size(H)
    room = width - layout.corner_height(H) // 2  # as the button fits its label
    return min(gfx.fit_size(_(s), size, room, bold=True) for s in CORNER_LABELS)


def place(t: TableScene) -> None:
    """Put the buttons where the layout says (their widths fit their labels)."""
    if not t.geo.L:
        return
    W, H = t.geo.L["W"], t.geo.L["H"]
    if t.buttons:
        bh = layout.button_height(H)
        widths = [max(int(W * 0.13), gfx.text_width(b.text(), int(bh * 0.42), True) + bh)
                  for b in t.buttons]
        for b, r in zip(t.buttons, layout.button_row(t.geo.L, widths), strict=True):
            b.rect = r
    size = corner_text_size(H, t.geo.L["corner_w"]) if t.corner else None
    for b, r in zip(t.corner, layout.corner_column(t.geo.L, len(t.corner)), strict=True):
        b.rect = r
        b.text_size = size


def _answer(t: TableScene, action: int) -> Callable[[], None]:
    """A button's click: the person's answer ``action``."""
    return lambda: t.answer(action)
