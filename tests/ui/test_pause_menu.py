"""The pause menu over the table: its focused button is drawn whole, with the table's
focus look, and it sits on a solid
panel, so that no card of the table shows between its buttons."""

import pygame
import pytest
from ui_helpers import key, new_table, run_until

from zole_desktop.i18n import set_language
from zole_desktop.ui import gfx
from zole_desktop.ui.pause import PauseMenu

SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def open_pause(make_app, size, lang="en"):
    app = make_app(size, theme="rainis-1")
    set_language(lang)
    table = new_table(app)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    app.step()
    return app, table, menu


def amber_in_row(surface, y, x0, x1) -> int:
    return sum(1 for x in range(x0, x1) if surface.get_at((x, y))[:3] == gfx.AMBER)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def focus_bar_rows(surface, b) -> list[int]:
    """The rows inside the (lifted) button where the focus's dashed amber bar runs: dashes
    and gaps, so amber covers part of the row, not all of it (a ring would)."""
    x0, x1 = b.rect.x + b.rect.w // 4, b.rect.right - b.rect.w // 4
    rows = []
    for y in range(b.rect.top - 4, b.rect.bottom):
        n = amber_in_row(surface, y, x0, x1)
        if (x1 - x0) * 0.3 < n < (x1 - x0) * 0.9:
            rows.append(y)
    return rows


def edge_rows(surface, b, x0, x1) -> list[int]:
    """Rows above the button's rect where its dark edge runs (the lift of a focused one)."""
    return [y for y in range(max(0, b.rect.top - 12), b.rect.top)
            if sum(1 for x in range(x0, x1) if surface.get_at((x, y))[:3] == gfx.EDGE)
            > (x1 - x0) * 0.9]


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_focused_button_is_drawn_whole(make_app, size, lang):
    """The focused top button (Resume, focused when the menu opens) is lifted whole, its top
    edge not cut off by the menu's scrolling view, and it carries the table's focus look (a
    dashed bar under the label), not an amber ring round it."""
    app, _table, menu = open_pause(make_app, size, lang)
    assert menu.focus == 0
    b = menu.widgets[0]
    screen = app.screen
    x0, x1 = b.rect.x + b.rect.w // 4, b.rect.right - b.rect.w // 4
    assert edge_rows(screen, b, x0, x1), f"the lifted button's top edge is cut at {size}"
    assert focus_bar_rows(screen, b), f"no focus bar in the focused button at {size}"
    above = [y for y in range(max(0, b.rect.top - 20), b.rect.top)
             if amber_in_row(screen, y, x0, x1) > (x1 - x0) * 0.9]
    assert not above, "an amber ring is drawn round the focused button"
    assert not focus_bar_rows(screen, menu.widgets[1]), "an unfocused button has the bar"
    # the same after moving the focus down and back up with the keyboard
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    app.step()
    assert menu.focus == 0
    assert focus_bar_rows(app.screen, b)


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_sits_on_a_solid_panel(make_app, size):
    """Between the buttons and around them, the menu shows its own panel in one colour: the
    talon, the hands and the felt of the table do not show through."""
    app, _table, menu = open_pause(make_app, size)
    panel = menu.panel_rect()
    for w in menu.widgets:
        assert panel.contains(w.rect.inflate(0, 8)), (w.rect, panel)
    screen = app.screen
    colours = set()
    assert menu.focus == 0
    for a, b in zip(menu.widgets[1:], menu.widgets[2:], strict=False):
        # the rows between two unfocused buttons, below the upper one's shadow
        top, bottom = a.rect.bottom + max(2, a.rect.h // 12) + 1, b.rect.top
        assert bottom > top, "no room between the buttons"
        for y in range(top, bottom):
            for x in range(a.rect.x, a.rect.right, 3):
                colours.add(screen.get_at((x, y))[:3])
    # beside the buttons, inside the panel
    for y in range(menu.widgets[0].rect.y, menu.widgets[-1].rect.bottom, 3):
        for x in (panel.x + 4, panel.right - 5):
            colours.add(screen.get_at((x, y))[:3])
    assert len(colours) == 1, f"{len(colours)} colours show between the buttons"
    assert colours == {menu.PANEL_FILL}


def test_the_panel_holds_the_title(make_app):
    app, _table, menu = open_pause(make_app, (1280, 720), "ru")
    panel = menu.panel_rect()
    t = menu.title_rect()
    assert panel.contains(t), (t, panel)
    assert t.bottom <= menu.widgets[0].rect.top - 8
