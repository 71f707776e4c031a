"""The deck gallery: order, navigation, and "Use this deck"."""

import pygame
import pytest

from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.rules.cards import CARD_NAMES, TRUMP_LADDER
from zole_desktop.ui import pictures
from zole_desktop.ui.gallery import ORDER, GalleryScene
from zole_desktop.ui.scene import CLICK, DOWN, DROP, KEY, LEFT, RIGHT, UP, WHEEL, Action


def test_order_trumps_then_clubs_spades_hearts():
    assert sorted(ORDER) == sorted(CARD_NAMES)
    assert ORDER[:14] == tuple(CARD_NAMES[c] for c in TRUMP_LADDER)
    assert ORDER[0] == "QC"
    assert ORDER[14:] == ("AC", "TC", "KC", "9C", "AS", "TS", "KS", "9S",
                          "AH", "TH", "KH", "9H")
    assert all(pictures.card_title(c) for c in ORDER)


def test_navigation(teach_app):
    app = teach_app()
    g = GalleryScene()
    app.stack.push(g)
    app.draw()
    assert g.ci == 0 and g.themes[g.ti] == "classic"
    g.handle(Action(RIGHT))
    assert g.code == ORDER[1]
    g.handle(Action(LEFT))
    g.handle(Action(LEFT))
    assert g.code == ORDER[-1]
    g.handle(Action(WHEEL, value=-1))
    assert g.ci == 0
    g.handle(Action(DROP, pos=(100, 300), start=(400, 300)))  # a swipe to the left
    assert g.ci == 1
    app.draw()
    g.handle(Action(CLICK, pos=g.thumb_rects[20].center))
    assert g.ci == 20
    g.handle(Action(DOWN))
    assert g.ti == 1
    g.handle(Action(UP))
    assert g.ti == 0
    app.draw()
    g.handle(Action(CLICK, pos=g.tab_rects[-1].center))
    assert g.ti == len(g.themes) - 1
    app.draw()


def test_use_this_deck_changes_the_theme_and_saves(teach_app, teach_data):
    from zole_desktop import storage

    app = teach_app(save=True)
    g = GalleryScene()
    app.stack.push(g)
    app.draw()
    assert not g.use_button.enabled  # the deck in use
    i = g.themes.index("rainis-1")
    g.select_theme(i)
    app.draw()
    g.handle(Action(CLICK, pos=g.use_button.rect.center))
    assert app.settings.theme == "rainis-1"
    assert app.theme.id == "rainis-1"
    assert storage.load_settings([]).theme == "rainis-1"
    g.select_theme(g.themes.index("classic"))
    app.draw()
    g.handle(Action(KEY, value=pygame.K_u, text="u"))  # U: use this deck (Enter opens it large)
    assert app.theme.id == "classic"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_every_deck_draws(teach_app, lang):
    app = teach_app((960, 540))
    set_language(lang)
    g = GalleryScene()
    app.stack.push(g)
    for ti in range(len(g.themes)):
        g.select_theme(ti)
        deck = g.themes[ti]
        pictures_seen: dict[bytes, str] = {}
        for c in range(len(ORDER)):
            app.draw()
            assert g.code == ORDER[c]
            r = g.card_rect
            assert r.w > 0 and r.h > 0 and app.screen.get_rect().contains(r), (deck, r)
            shown = pygame.image.tobytes(app.screen.subsurface(r), "RGB")
            felt = pygame.image.tobytes(app.felt().subsurface(r), "RGB")
            bare = shown == felt
            assert not bare, (lang, deck, ORDER[c])  # the card is drawn, not bare felt
            pictures_seen[shown] = ORDER[c]
            g.handle(Action(RIGHT))
        # every card has a picture of its own
        assert len(pictures_seen) == len(ORDER), (lang, deck, sorted(pictures_seen.values()))
