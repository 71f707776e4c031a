"""Changing the deck mid-hand redraws the table at once with the new cards."""

import pygame
from ui_helpers import button, click, new_table, run_until


def test_theme_switch_mid_hand_redraws_the_table(make_app):
    app = make_app()
    table = new_table(app)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    click(app, button(table, "Take").rect.center)
    assert run_until(app, lambda: table.waiting_for() == "bury")
    app.step()
    app.invalidate()
    app.step()
    before = pygame.image.tobytes(app.screen, "RGB")
    hand_before = list(table.my_hand())
    rect = table.card_rect(hand_before[-1]).clip(app.screen.get_rect())
    face_before = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    app.set_theme("rainis-1")
    app.step()
    after = pygame.image.tobytes(app.screen, "RGB")
    assert app.theme.id == "rainis-1"
    assert before != after  # the felt and every face changed on the next frame
    face_after = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    assert face_before != face_after
    assert table.my_hand() == hand_before and table.waiting_for() == "bury"
