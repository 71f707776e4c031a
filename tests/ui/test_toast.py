"""A toast never covers a button of the scene it is shown over."""

import pygame
import pytest

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


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (3840, 2160)])
def test_use_this_deck_toast_stays_off_the_galleries_thumbnails(make_app, monkeypatch, size):
    """"“Rainis characters I” is your deck now." sat over the foot of the thumbnail strip."""
    from zole_desktop.ui.gallery import GalleryScene

    app = make_app(size)
    g = GalleryScene()
    app.stack.push(g)
    app.draw()
    assert len(g.thumb_rects) == 26
    seen = []
    real = draw_toast

    def spy(surface, message, keep_clear=()):
        seen.append(real(surface, message, keep_clear))
        return seen[-1]

    monkeypatch.setattr(app_module, "draw_toast", spy)
    g.select_theme(g.themes.index("rainis-1"))
    g.use()
    app.draw()
    assert seen, "no toast"
    lifted = [r.move(0, -max(3, r.h // 8)) for r in g.thumb_rects]
    assert not any(seen[-1].colliderect(r) for r in g.thumb_rects + lifted), seen[-1]
    assert not any(seen[-1].colliderect(b.rect) for b in g.buttons)
    assert seen[-1].bottom <= app.size[1]
