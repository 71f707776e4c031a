"""A scrolled form (New game): a row cut by the edge of the view to a sliver is neither drawn
nor clicked (seen under Xvfb: the bottom edge of a selector showed as a dark line under the
title), a row cut less is drawn as before, and the focused row keeps its focus look."""

import pytest

from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.ui import gfx
from zole_desktop.ui.scene import WHEEL, Action


def _form(make_app, size, lang):
    from zole_desktop.ui.menus import NewGameScene

    app = make_app(size)
    set_language(lang)
    form = NewGameScene()
    app.stack.push(form)
    app.step()
    return app, form


def _rows(surface, ys, x0, x1):
    return [[tuple(surface.get_at((x, y)))[:3] for x in range(x0, x1)] for y in ys]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sliver_of_a_row_shows_at_the_edges_of_a_scrolled_form(make_app, size, lang):
    app, form = _form(make_app, size, lang)
    assert form.max_scroll() > 0, "New game should scroll at this size"
    felt = app.felt()
    slivers = partial = 0
    while True:
        before = form.scroll
        form.handle(Action(WHEEL, value=-1, pos=(0, 0)))
        if form.scroll == before:
            break
        form.focus = len(form.all_widgets()) - 1  # a footer button: no row has the ring
        app.draw()
        v = form.view
        for i, w in enumerate(form.widgets):
            seen = w.rect.clip(v)
            if not (0 < seen.h < w.rect.h):
                continue  # whole, or not in the view at all
            if seen.h < 2 * form.pad:  # a sliver: the cloth shows there, and a click misses
                slivers += 1
                ys = range(seen.top, seen.bottom)
                assert _rows(app.screen, ys, v.left, v.right) == _rows(felt, ys, v.left,
                                                                       v.right), \
                    f"a sliver of row {i} shows at the view's edge (scroll {form.scroll})"
                assert form.widget_at(seen.center) is None
            else:
                partial += 1
                assert form.visible_widget(w) and form.widget_at(seen.center) == i
    assert slivers and partial, "the scroll positions did not cut a row both ways"


def test_the_focused_row_keeps_its_focus_look_at_the_edge(make_app):
    app, form = _form(make_app, (960, 540), "en")
    form.handle(Action(WHEEL, value=-1, pos=(0, 0)))
    form.handle(Action(WHEEL, value=-1, pos=(0, 0)))
    v = form.view
    first = next(i for i, w in enumerate(form.widgets) if w.focusable and w.rect.top >= v.top)
    form.focus = first + 1
    form.move_focus(-1)  # up: the row is brought in against the top edge, ring and all
    form.move_focus(-1)
    w = form.all_widgets()[form.focus]
    assert form.scroll > 0 and w.rect.top - form.pad == v.top
    app.draw()
    # the focus look (the dashed bar) is drawn in the row, and the room above it is kept
    bar = [(x, y) for y in range(w.rect.top, w.rect.bottom) for x in range(v.left, v.right)
           if tuple(app.screen.get_at((x, y)))[:3] == gfx.AMBER]
    assert bar, "the focus bar of the row at the edge is not drawn"
