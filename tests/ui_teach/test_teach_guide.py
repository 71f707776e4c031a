"""The rules guide scene: every page in every language, every illustration, navigation."""

import pygame
import pytest

from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.teaching.guide import CHAPTERS, pages
from zole_desktop.ui import pictures
from zole_desktop.ui.guide import GuideScene
from zole_desktop.ui.scene import BACK, CLICK, DOWN, KEY, LEFT, RIGHT, UP, WHEEL, Action
from zole_desktop.ui.theme import load_theme, procedural_theme


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_draws_in_every_language(teach_app, lang):
    app = teach_app((960, 540))
    set_language(lang)
    g = GuideScene()
    app.stack.push(g)
    seen = set()
    for _i in range(len(g.pages)):
        app.draw()
        seen.add(g.index)
        g.handle(Action(RIGHT))
    assert seen == set(range(len(pages())))
    assert g.index == len(g.pages) - 1  # stops at the last page


@pytest.mark.parametrize("theme_id", ["classic", "rainis-1", None])
def test_every_illustration_draws(teach_app, theme_id):
    teach_app((960, 540))
    theme = load_theme(theme_id) if theme_id else procedural_theme()
    pics = {pg.picture for _c, _p, _ch, pg in pages() if pg.picture}
    assert {p[0] for p in pics} == {
        "deck", "ladder", "suits", "points", "draw", "deal", "tables", "bids", "bury",
        "scores", "tricks", "surrender", "bands", "jani", "sheet", "galdins", "options"}
    for pic in sorted(pics, key=str):
        for size in ((700, 300), (420, 160)):
            surf = pygame.Surface((size[0] + 40, size[1] + 40))
            surf.fill((0, 0, 0))
            area = pygame.Rect(20, 20, *size)
            pictures.draw_picture(surf, pic, area, theme)
            # something was drawn, and nothing outside the area
            assert pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255)).count() < \
                surf.get_width() * surf.get_height() - 500, pic
            outside = surf.copy()
            outside.fill((0, 0, 0), area)
            assert pygame.transform.average_color(outside)[:3] == (0, 0, 0), pic


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_a_picture_clear_of_its_text(teach_app, monkeypatch, lang, size):
    """Each page, drawn as the player sees it, has an illustration of a fair size that is
    really drawn (the page differs from the same page without it, and only inside the
    picture's rectangle) and that no line of the text overlaps."""
    app = teach_app(size)
    set_language(lang)
    W, H = size
    g = GuideScene()
    app.stack.push(g)
    real = pictures.draw_picture
    for i in range(len(g.pages)):
        g.index = i
        title = g.page.title
        monkeypatch.setattr(pictures, "draw_picture", lambda *a, **k: None)
        app.draw()
        without = app.screen.copy()
        monkeypatch.setattr(pictures, "draw_picture", real)
        app.draw()
        area = g.picture_rect
        assert area is not None and area.w >= W * 0.3 and area.h >= H * 0.2, (title, area)
        assert app.screen.get_rect().contains(area)
        for r in g.text_rects:
            assert not r.colliderect(area), (title, r, area)
        for b in g.buttons:
            assert not b.rect.colliderect(area), title
        # what the picture drew: a good part of its rectangle, and nothing outside it
        changed = pygame.mask.from_threshold(app.screen, (0, 0, 0), (1, 1, 1, 255),
                                             without, 1)
        changed.invert()
        inside = pygame.Mask(area.size)
        inside.fill()
        drawn_inside = changed.overlap_area(inside, area.topleft)
        assert drawn_inside >= area.w * area.h * 0.04, (title, drawn_inside)
        assert changed.count() == drawn_inside, title


def test_keyboard_and_mouse_navigation(teach_app):
    app = teach_app()
    g = GuideScene()
    app.stack.push(g)
    app.draw()
    g.handle(Action(DOWN))
    assert g.chapter == 1 and g.pages[g.index][1] == 0
    g.handle(Action(UP))
    assert g.index == 0
    g.handle(Action(KEY, value=pygame.K_PAGEDOWN))
    assert g.index == 1
    g.handle(Action(KEY, value=pygame.K_PAGEUP))
    g.handle(Action(LEFT))
    assert g.index == 0
    g.handle(Action(WHEEL, value=-1))
    assert g.index == 1
    g.handle(Action(KEY, value=pygame.K_END))
    assert g.index == len(g.pages) - 1
    app.draw()
    g.handle(Action(CLICK, pos=g.chapter_rects[2].center))
    assert g.chapter == 2 and g.pages[g.index][1] == 0
    app.draw()
    g.handle(Action(CLICK, pos=g.next_button.rect.center))
    assert g.pages[g.index][:2] == (2, 1)
    app.draw()
    g.handle(Action(CLICK, pos=g.page_rects[-1][1].center))
    assert g.pages[g.index][:2] == (2, len(CHAPTERS[2].pages) - 1)
    g.handle(Action(CLICK, pos=g.prev_button.rect.center))
    assert g.pages[g.index][:2] == (2, len(CHAPTERS[2].pages) - 2)
    g.handle(Action(BACK))
    assert g not in app.stack.scenes


def test_pushed_over_another_scene_leaves_it_alone(teach_app):
    from zole_desktop.ui.scene import Scene

    app = teach_app()

    class Below(Scene):
        drawn = 0

        def draw(self, surface):
            self.drawn += 1

    below = Below()
    app.stack.push(below)
    g = GuideScene(chapter=3, page=1)
    app.stack.push(g)
    assert g.pages[g.index][:2] == (3, 1)
    app.draw()
    assert below.drawn == 0  # opaque: the scene below is not drawn
    g.handle(Action(BACK))
    assert app.stack.top is below


def test_pictures_follow_the_chosen_deck(teach_app, monkeypatch):
    """The cards in the guide's pictures are the deck chosen in the settings: with the Rainis
    deck chosen, every page that shows cards (or their backs) differs from the same page
    drawn with the classic cards on the same felt."""
    app = teach_app((1280, 720))
    app.set_theme("rainis-1")
    g = GuideScene()
    app.stack.push(g)
    classic = load_theme("classic")
    real = pictures.cards.card_image
    card_kinds = {"deck", "ladder", "suits", "points", "draw", "deal", "bury", "tricks",
                  "surrender"}
    shown = 0
    for i in range(len(g.pages)):
        if g.pages[i][3].picture[0] not in card_kinds:
            continue
        g.index = i
        app.draw()
        chosen = app.screen.subsurface(g.picture_rect).copy()
        monkeypatch.setattr(pictures.cards, "card_image",
                            lambda theme, code, h: real(classic, code, h))
        app.draw()
        other = app.screen.subsurface(g.picture_rect).copy()
        monkeypatch.setattr(pictures.cards, "card_image", real)
        same = pygame.mask.from_threshold(chosen, (0, 0, 0), (1, 1, 1, 255), other, 1)
        area = chosen.get_width() * chosen.get_height()
        assert area - same.count() > area * 0.03, g.page.title
        shown += 1
    assert shown >= 9


def test_a_long_page_puts_its_picture_beside_the_text(teach_app):
    """When the text leaves too little room under it, the picture goes to the right of the
    text, full height, still clear of every line."""
    from zole_desktop.teaching.guide import Page

    app = teach_app((960, 540))
    g = GuideScene()
    app.stack.push(g)
    ci, pi, ch, pg = g.pages[0]
    long = " ".join(["The declarer picks up the two talon cards unseen by the others."] * 14)
    g.pages[0] = (ci, pi, ch, Page(pg.title, (long, long), ("bands",)))
    g.index = 0
    app.draw()
    area = g.picture_rect
    lines = g.text_rects[2:]
    assert area.x > max(r.right for r in lines)  # beside, not under
    assert area.h >= 540 * 0.4 and area.w >= 960 * 0.25
    assert not any(r.colliderect(area) for r in g.text_rects)
