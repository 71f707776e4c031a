"""Switching the language in Settings redraws every label at once, in the new language."""

import pygame

from zole_desktop.i18n import set_language
from zole_desktop.ui.menus import SettingsScene


def test_language_switch_redraws_at_once(make_app):
    app = make_app()
    scene = SettingsScene()
    app.stack.push(scene)
    app.invalidate()
    app.step()
    before = pygame.image.tobytes(app.screen, "RGB")
    try:
        scene._set_language("lv")
        app.step()
        after = pygame.image.tobytes(app.screen, "RGB")
        assert before != after
        assert scene.footer[0].text() == "Atpakaļ"
        scene._set_language("ru")
        assert scene.footer[0].text() == "Назад"
    finally:
        set_language("en")
