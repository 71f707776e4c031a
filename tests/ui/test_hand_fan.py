"""My hand's fan uses the window's width (clear of my plate and the corner buttons), and on a
Rainis deck every card's name lies inside the part of the card the fan leaves visible, at one
type size for the whole deck (issue 34 item 7, issue 33's name plates)."""

import pygame
import pytest
from ui_helpers import button, click, new_table, run_until

from zole_desktop.i18n import set_language
from zole_desktop.rules.cards import CARD_NAMES
from zole_desktop.ui.sprites import READABLE_PX, CardImages, table_name
from zole_desktop.ui.table import layout
from zole_desktop.ui.theme import load_theme


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield
    set_language("en")


def hand_share(table, W: int) -> float:
    rects = [table.card_rect(c) for c in table.my_hand()]
    return (max(r.right for r in rects) - min(r.left for r in rects)) / W


@pytest.mark.parametrize("size,least", [((1920, 1080), 0.55), ((1280, 720), 0.55),
                                        ((960, 540), 0.5)])
def test_the_fan_spreads_over_the_window(make_app, size, least):
    """Eight cards at the bidding take more than half the window's width (they took 47%),
    inside the window, right of my plate and left of the corner buttons, the whole plate
    of every card in view; with the talon taken the ten still do."""
    app = make_app(size, theme="rainis-1")
    table = new_table(app)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    app.step()
    W, H = app.size
    window = pygame.Rect(0, 0, W, H)
    plate = table.geo.L["plates"][table.viewer]
    corner_left = min(b.rect.left for b in table.all_buttons() if b.rect.centerx > W * 0.7
                      and b.rect.top > H * 0.6)
    for stage in ("bid", "bury"):
        hand = table.my_hand()
        rects = [table.card_rect(c) for c in hand]
        share = hand_share(table, W)
        assert share >= least, (stage, share)
        for r in rects:
            assert window.contains(r), (stage, r)
            assert r.left > plate.right, (stage, r, plate)
            assert r.right < corner_left, (stage, r, corner_left)
        steps = {b.left - a.left for a, b in zip(rects[:-1], rects[1:], strict=True)}
        assert max(steps) - min(steps) <= 1, steps  # evenly spread
        if stage == "bid":
            if "Take" not in [b.text() for b in table.buttons]:
                break
            click(app, button(table, "Take").rect.center)
            assert run_until(app, lambda: table.waiting_for() == "bury")
            app.step()


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("card_size", ["small", "normal", "large"])
@pytest.mark.parametrize("theme_id", ["rainis-1", "rainis-2"])
def test_every_name_shows_whole_in_a_full_hand(theme_id, size, card_size, lang):
    """In a hand of ten (the widest it gets), each card shows its left part up to the next
    card: every Rainis name is drawn whole inside that strip, at one size for all 16 cards,
    never below READABLE_PX (names were cut: "Benjami", "Jakubows", "Vecmāmi")."""
    set_language(lang)
    W, H = size
    theme = load_theme(theme_id)
    images = CardImages(theme, layout.card_height(H, card_size))
    L = layout.table_layout(W, H, images.w, images.h, {0: "bottom", 1: "left", 2: "right"},
                            [], 0, 30)
    step = layout.hand_step(L, layout.HAND_CARDS)
    images.set_strip(L["strip"])
    sizes = set()
    for c, code in enumerate(CARD_NAMES):
        plate = images.plate(c, 1.0)
        if plate is None:
            continue
        sizes.add(plate.size)
        assert plate.size >= READABLE_PX, code
        assert plate.name == table_name(theme, code), (code, plate.lines)
        for r in plate.text_rects:
            assert r.right <= step, (code, r, step)
    assert len(sizes) == 1, sizes
