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


def _deck_row(scene):
    rows = [w for w in scene.widgets if getattr(w, "label", None) == "Deck"]
    assert len(rows) == 1
    return rows[0]


def test_deck_name_follows_a_live_language_switch(make_app):
    """The deck's name in Settings and in New game is the current language's, not the
    language the scene was opened in."""
    from zole_desktop.ui.menus import NewGameScene

    app = make_app()
    settings = SettingsScene()
    app.stack.push(settings)
    app.step()
    row = _deck_row(settings)
    assert row.value_text() == "Classic"
    try:
        settings._set_language("ru")
        app.step()
        assert row.value_text() == "Классическая"
        settings._set_language("lv")
        app.step()
        assert row.value_text() == "Klasiskās"
        row.right()  # the next deck, still in Latvian
        assert app.settings.theme == "rainis-1"
        assert row.value_text() == "Raiņa tēli I"
        app.stack.pop()
        new = NewGameScene()
        app.stack.push(new)
        app.step()
        new_row = _deck_row(new)
        set_language("ru")
        app.step()
        assert new_row.value_text() == "Герои Райниса I"
        set_language("en")
        app.step()
        assert new_row.value_text() == "Rainis characters I"
    finally:
        set_language("en")
