"""Showing the decks (issue 33): the title screen shows the chosen deck's fan of queens, clear
of the buttons at three sizes; the gallery opens a card large with its story in the player's
language; "Use this deck" shows the choice in the same frame."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from zole_desktop import resources
from zole_desktop.i18n import set_language
from zole_desktop.ui.card_view import CardView
from zole_desktop.ui.gallery import GalleryScene
from zole_desktop.ui.menus import MainMenu
from zole_desktop.ui.scene import BACK, CLICK, CONFIRM, RIGHT, Action


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("deck", ["classic", "rainis-1"])
def test_the_title_screen_shows_the_decks_fan_clear_of_the_buttons(make_app, size, deck):
    app = make_app(size=size, theme=deck)
    menu = MainMenu()
    app.stack.push(menu)
    app.step()
    fan = menu.fan_rect
    W, H = size
    assert fan.h >= H * 0.22 and fan.w >= W * 0.12  # cards that read, with the deck's name
    assert pygame.Rect(0, 0, W, H).contains(fan)
    for w in menu.widgets:
        assert not fan.colliderect(w.rect), w.text()
    assert fan.bottom <= H - int(H * 0.06)  # above the F1 line
    # what is drawn there is the deck's queens, not felt: many colours in the fan's box
    shot = app.screen.subsurface(fan).copy()
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, fan.w, 3)
               for y in range(0, fan.h, 3)}
    assert len(colours) > 300


def _gallery(app, deck: str) -> GalleryScene:
    g = GalleryScene()
    app.stack.push(g)
    app.step()
    g.select_theme(g.themes.index(deck))
    app.step()
    return g


def _stories(deck: str) -> dict:
    return tomllib.loads((resources.themes_dir() / deck / "stories.toml").read_text("utf-8"))


@pytest.mark.parametrize("deck", ["rainis-1", "rainis-2"])
def test_every_rainis_court_and_ace_has_a_story_in_three_languages(deck):
    stories = _stories(deck)
    for code in [r + s for s in "CSHD" for r in "AKQJ"]:
        assert set(stories[code]) == {"lv", "en", "ru"}, code
        assert all(30 < len(t) <= 500 for t in stories[code].values()), code


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
def test_a_card_opens_large_with_its_story_in_the_players_language(make_app, lang):
    app = make_app()
    g = _gallery(app, "rainis-1")
    try:
        set_language(lang)
        app.post_action(Action(CONFIRM))  # Enter: the card shown, large
        app.step()
        view = app.stack.top
        assert isinstance(view, CardView) and view.code == "QC"
        assert view.card_rect.h >= app.size[1] * 0.85
        info = g.theme().card_info("QC")
        assert info["story"] == _stories("rainis-1")["QC"][lang]
        assert view.text_bottom <= view.back_button.rect.y  # the story fits above the button
        app.post_action(Action(RIGHT))  # the next card, still large
        app.step()
        assert view.code == "QS" and g.code == "QS"
        app.post_action(Action(BACK))  # Esc: back to the gallery, on the card looked at
        app.step()
        assert app.stack.top is g and g.code == "QS"
        app.post_action(Action(CLICK, pos=g.card_rect.center))  # a click opens it too
        app.step()
        assert isinstance(app.stack.top, CardView)
    finally:
        set_language("en")


def test_every_story_fits_at_the_smallest_window(make_app):
    app = make_app(size=(960, 540))
    for deck in ("rainis-1", "rainis-2"):
        _gallery(app, deck)
        app.post_action(Action(CONFIRM))
        app.step()
        view = app.stack.top
        for lang in ("lv", "ru", "en"):
            set_language(lang)
            for _ in range(26):
                app.post_action(Action(RIGHT))
                app.step()
                assert view.text_bottom <= view.back_button.rect.y, (deck, lang, view.code)
        set_language("en")
        app.stack.pop()
        app.stack.pop()


def test_use_this_deck_shows_the_choice_in_the_same_frame(make_app, monkeypatch):
    app = make_app()
    g = _gallery(app, "rainis-2")
    assert g.use_button.text() == "Use this deck"
    from zole_desktop.ui import theme as theme_mod

    def no_second_load(*a, **k):
        raise AssertionError("the gallery's deck is loaded again")

    monkeypatch.setattr("zole_desktop.ui.app.load_with_fallback", no_second_load)
    monkeypatch.setattr(theme_mod, "load_theme", no_second_load)
    app.post_action(Action(CLICK, pos=g.use_button.rect.center))
    app.step()
    assert app.settings.theme == "rainis-2" and app.theme.id == "rainis-2"
    assert g.in_use() == "rainis-2"
    assert g.use_button.text() == "✓ Your deck" and not g.use_button.enabled
    assert "is your deck now" in app.toast_text
