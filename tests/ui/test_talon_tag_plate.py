"""The "talon" tag on the two cards I took, while I bury, never covers a Rainis court's name
plate (it sat on the plate's foot: "S[talon]" for Spīdola, "Vikt[talon]" for Viktors)."""

import pytest
from ui_helpers import new_table, run_until

from zole_desktop.rules.cards import CARD_NAMES
from zole_desktop.rules.state import TAKE_BID
from zole_desktop.ui.table.marks import visible_rect

SEED_COURT_IN_TALON = 5  # the talon holds at least one illustrated card (asserted below)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
@pytest.mark.parametrize("theme_id", ["rainis-1", "rainis-2"])
def test_the_talon_tag_stays_off_the_name_plate(make_app, theme_id, size):
    app = make_app(size, theme=theme_id)
    t = new_table(app, seed=SEED_COURT_IN_TALON)
    assert run_until(app, lambda: t.waiting_for() == "bid")
    t.answer(TAKE_BID)
    assert run_until(app, lambda: t.waiting_for() == "bury" and not t.animating())
    app.draw()
    tags = [r for k, r, _x in t.drawn if k == "talon-tag"]
    assert len(tags) == 2
    plated = 0
    for c in t.view.from_talon:
        r = t.card_rect(c)
        v = visible_rect(t, c)
        tag = next(g for g in tags if v.contains(g))  # on the part of the card that shows
        plate = t.geo.images.plate(c, t.sprites[c].state(t.clock)[2])
        if plate is None:
            continue
        plated += 1
        on_screen = plate.rect.move(r.topleft)
        assert not tag.colliderect(on_screen), (CARD_NAMES[c], tag, on_screen)
        for text in plate.text_rects:
            assert not tag.colliderect(text.move(r.topleft)), CARD_NAMES[c]
    assert plated, [CARD_NAMES[c] for c in t.view.from_talon]
