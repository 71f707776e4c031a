"""Every card, plate and button stays inside the window, small and very large."""

import pygame
import pytest
from ui_helpers import button, click, new_table, run_until


@pytest.mark.parametrize("size,card_size,players", [
    ((960, 540), "normal", 3), ((960, 540), "large", 5), ((3840, 2160), "normal", 4),
    ((1920, 1080), "small", 3)])
def test_everything_inside_the_window(make_app, size, card_size, players):
    app = make_app(size)
    app.settings.card_size = card_size
    table = new_table(app, players=players)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    window = pygame.Rect(0, 0, *app.size)
    for r in table.layout_rects():
        assert window.contains(r), (r, app.size)
    if table.viewer in table.state.seats and "Take" in [b.text() for b in table.buttons]:
        click(app, button(table, "Take").rect.center)
        assert run_until(app, lambda: table.waiting_for() == "bury")
        for r in table.layout_rects():
            assert window.contains(r), (r, app.size)
        hand_rects = [table.card_rect(c) for c in table.my_hand()]
        for b in table.all_buttons():
            for r in hand_rects:
                assert not b.rect.colliderect(r), (b.text(), b.rect, r)
