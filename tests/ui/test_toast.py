"""A toast never covers a button of the scene it is shown over."""

import pygame

from zole_desktop.ui import app as app_module
from zole_desktop.ui.app import draw_toast


def test_the_toast_lifts_above_the_buttons_it_would_cover():
    pygame.init()
    surface = pygame.Surface((1280, 720))
    plain = draw_toast(surface, "Exported to /home/anna/Zole/match-20261201.json")
    assert plain.bottom > 690  # at the bottom when nothing is in the way
    row = [pygame.Rect(440, 650, 190, 50), pygame.Rect(650, 650, 190, 50)]
    above = [pygame.Rect(600, 560, 80, 80)]  # a second obstacle the first lift runs into
    lifted = draw_toast(surface, "Exported to /home/anna/Zole/match-20261201.json", row + above)
    assert not any(lifted.colliderect(r) for r in row + above)
    assert lifted.bottom < 560 and lifted.centerx == plain.centerx
    aside = [pygame.Rect(0, 650, 100, 50)]  # a button off to the side stays uncovered as is
    assert draw_toast(surface, "Saved", aside) == draw_toast(surface, "Saved")


def test_the_app_keeps_the_top_scenes_buttons_clear(make_app, monkeypatch):
    from zole_desktop.ui.history import HistoryScene

    app = make_app()
    scene = HistoryScene()
    app.stack.push(scene)
    app.draw()
    assert scene.buttons
    seen = []
    real = draw_toast

    def spy(surface, message, keep_clear=()):
        seen.append(real(surface, message, keep_clear))
        return seen[-1]

    monkeypatch.setattr(app_module, "draw_toast", spy)
    app.toast("Exported to somewhere")
    app.draw()
    assert seen and not any(seen[0].colliderect(b.rect) for b in scene.buttons)
