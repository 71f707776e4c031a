"""The table's corner buttons (last trick, undo, surrender, menu) fit their labels at the
normal size in Latvian, English and Russian, at the window sizes the game opens at (the
smallest, 960×540, too): the column is as wide as its longest label needs, and my hand keeps
clear of it.  In a window too narrow for its height every corner label shares one size."""

import pygame
import pytest
from test_table_overlaps import Checker, play_hand
from ui_helpers import new_table, run_until

from zole_desktop.i18n import _, set_language
from zole_desktop.ui import gfx
from zole_desktop.ui.table import layout

LANGS = ["lv", "en", "ru"]
SIZES = [(960, 540), (1024, 768), (1280, 720), (1920, 1080)]
# every label the corner shows (Surrender turns into "Really give up?" when armed)
LABELS = ["Last trick (L)", "Undo (Ctrl+Z)", "Surrender", "Really give up?", "Menu (Esc)"]


def _table_at_my_bid(make_app, size, lang):
    app = make_app(size)
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    assert run_until(app, lambda: table.waiting_for() == "bid")
    app.step()
    return app, table


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_corner_label_fits_at_the_normal_size(make_app, size, lang):
    app, table = _table_at_my_bid(make_app, size, lang)
    W, H = size
    corner = table.corner
    assert len(corner) >= 3  # last trick, undo, menu
    widths = {b.rect.w for b in corner}
    assert len(widths) == 1  # one column
    r = corner[0].rect
    normal = int(r.h * 0.42)  # a button's label: 0.42 of its height, in its width less h/2
    for label in LABELS:
        text = _(label)
        assert gfx.text_width(text, normal, True) <= r.w - r.h // 2, (text, normal, r.w)
    assert r.h == layout.corner_height(H)
    for b in corner:
        assert b.text_size == normal, (b.text(), b.text_size, normal)
    # the column stays inside the window, clear of my plate
    window = pygame.Rect(0, 0, W, H)
    plates = table.geo.L["plates"].values()
    for b in corner:
        assert window.contains(b.rect)
        assert not any(b.rect.colliderect(p) for p in plates)


def test_a_window_too_narrow_for_its_height_draws_every_corner_label_at_one_size(make_app):
    """960×1000: the labels would need more than the corner may take; all shrink alike."""
    app, table = _table_at_my_bid(make_app, (960, 1000), "ru")
    r = table.corner[0].rect
    assert r.w == layout.corner_max_width(960)
    sizes = {b.text_size for b in table.corner}
    assert len(sizes) == 1
    size = sizes.pop()
    assert size < int(r.h * 0.42)
    assert gfx.text_width(_("Last trick (L)"), size, True) <= r.w - r.h // 2
    for b in table.corner:  # drawn at that size: each fits it
        assert gfx.fit_size(b.text(), size, r.w - r.h // 2, bold=True) == size


@pytest.mark.parametrize("lang", ["ru", "lv"])
def test_nothing_overlaps_through_a_hand_in_a_four_by_three_window(make_app, lang):
    """The wide Russian and Latvian corner at 1024×768 (the most it takes of the width among
    the usual sizes): my hand of ten cards at the burial and every later frame keep clear of
    it (960×540, 1280×720 and 1920×1080 are played in test_table_overlaps)."""
    app = make_app((1024, 768), animation="fast")
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    c = Checker(app, table)
    play_hand(app, table, c)
    assert not c.found, c.found
    assert {"corner", "card:hand", "card:buried"} <= c.seen
