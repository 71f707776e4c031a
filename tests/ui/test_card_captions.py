"""The Rainis decks at table size: each illustrated card carries a name plate drawn at the size
it is shown, in type that reads (the printed caption, scaled down, cannot be read)."""

import pygame
import pytest
from ui_helpers import new_table, run_until

from zole_desktop.i18n import set_language
from zole_desktop.rules.cards import CARD_NAMES
from zole_desktop.ui import sprites
from zole_desktop.ui.sprites import READABLE_PX, CardImages, table_name
from zole_desktop.ui.theme import load_theme

ILLUSTRATED = [i for i, c in enumerate(CARD_NAMES) if c[0] in "AKQJ"]
# the height of the capital letters of DejaVu Sans Bold at READABLE_PX (0.73 em)
CAP_PX = int(READABLE_PX * 0.73)


def ink_rows(surface: pygame.Surface, rect: pygame.Rect, ink) -> int:
    """How many pixel rows of ``rect`` on ``surface`` hold text in the colour ``ink``."""
    rows = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            r, g, b, *_a = surface.get_at((x, y))
            if abs(r - ink[0]) + abs(g - ink[1]) + abs(b - ink[2]) < 60:
                rows += 1
                break
    return rows


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("theme_id", ["rainis-1", "rainis-2"])
def test_names_read_on_the_table_at_1280x720(make_app, theme_id, lang):
    """On the real table's screen, every illustrated card in my hand shows its name in type
    at least READABLE_PX high, with ink at least a capital's height on the visible part."""
    app = make_app((1280, 720), theme=theme_id)
    set_language(lang)
    table = new_table(app)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    app.step()
    screen = app.screen
    hand = table.my_hand()
    style = table.geo.images.style
    assert style is not None
    seen = 0
    for i, c in enumerate(hand):
        if c not in ILLUSTRATED:
            continue
        sp = table.sprites[c]
        _x, _y, s, face, _wf = sp.state(table.clock)
        assert face
        plate = table.geo.images.plate(c, s)
        assert plate is not None, CARD_NAMES[c]
        assert plate.size >= READABLE_PX
        assert plate.name.rstrip("…") in table_name(app.theme, CARD_NAMES[c])
        card = table.card_rect(c)
        text = plate.text_rects[0].move(card.topleft)
        if i + 1 < len(hand):  # the next card covers the right part of this one
            text.width = max(0, min(text.right, table.card_rect(hand[i + 1]).left) - text.x)
        assert text.width >= READABLE_PX, (CARD_NAMES[c], text)
        assert ink_rows(screen, text, style.ink) >= CAP_PX, CARD_NAMES[c]
        seen += 1
    assert seen, "the deal gave me no illustrated card"


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("theme_id", ["rainis-1", "rainis-2"])
def test_every_name_reads_at_hand_and_trick_size(theme_id, lang):
    """All 16 illustrated cards at the table's hand, trick and talon sizes for 1280x720: in
    type of at least READABLE_PX, inside the plate, and the plate stays on the card; at hand
    and trick size the whole name is there (the smaller talon may cut a long one short)."""
    from zole_desktop.ui.table.layout import CARD_FRACTION, TALON_SCALE, TRICK_SCALE

    set_language(lang)
    theme = load_theme(theme_id)
    images = CardImages(theme, int(720 * CARD_FRACTION["normal"]))
    for s in (1.0, TRICK_SCALE, TALON_SCALE):
        imgs = images.at_scale(s)
        for c in ILLUSTRATED:
            code = CARD_NAMES[c]
            plate = images.plate(c, s)
            assert plate is not None, code
            assert plate.size >= READABLE_PX, (code, s)
            shown = plate.name
            if s == TALON_SCALE and shown.endswith("…"):
                assert table_name(theme, code).startswith(shown[:-1]), (code, shown)
            else:
                assert shown == table_name(theme, code), (code, s, plate.lines)
            img = imgs[code]
            assert img.get_rect().contains(plate.rect), (code, s)
            for r in plate.text_rects:
                assert plate.rect.contains(r), (code, s)
            ink = ink_rows(img, plate.text_rects[0], images.style.ink)
            assert ink >= CAP_PX, (code, s, ink)


def test_the_plates_follow_the_language():
    set_language("lv")
    images = CardImages(load_theme("rainis-1"), 158)
    kc = CARD_NAMES.index("KC")
    assert images.plate(kc).lines == ("Lāčplēsis",)
    set_language("en")
    assert images.plate(kc).lines == ("Bearslayer",)
    assert images.plate(kc, 0.82).lines == ("Bearslayer",)
    set_language("ru")
    assert images.image(kc, True, 1.0) is images.full["KC"]
    assert images.plate(kc).lines == ("Лачплесис",)


def test_the_classic_deck_is_drawn_as_it_is():
    theme = load_theme("classic")
    images = CardImages(theme, 158)
    assert images.style is None
    assert images.full is theme.cards(images.w, images.h)
    images.at_scale(0.82)
    assert not images.plates


@pytest.mark.parametrize("bad", [
    {"box": [0.1, 0.8, 0.05, 0.9], "fill": "#FFFFFF", "ink": "#000000"},
    {"box": [0.1, 0.8, 0.7], "fill": "#FFFFFF", "ink": "#000000"},
    {"box": [0.1, 0.8, 0.7, 1.5], "fill": "#FFFFFF", "ink": "#000000"},
    {"box": [0.1, 0.8, 0.7, 0.9], "fill": "white", "ink": "#000000"},
    {"box": ["a", 0.8, 0.7, 0.9], "fill": "#FFFFFF", "ink": "#000000"},
    "box",
])
def test_a_malformed_table_caption_leaves_the_faces_alone(bad):
    theme = load_theme("rainis-1")
    theme.meta = dict(theme.meta, table_caption=bad)
    assert sprites.caption_style(theme) is None
    images = CardImages(theme, 158)
    assert images.full is theme.cards(images.w, images.h)


def test_long_names_fit_or_are_cut_at_readable_size():
    size, lines, squeeze = sprites.plate_text("Dzīvības zīme", 50, 20)
    assert size >= READABLE_PX and lines == ("Dzīvības", "zīme")
    size, lines, squeeze = sprites.plate_text("Jaunatnācējs", 30, 20)
    assert size == READABLE_PX and lines[0].endswith("…")
    assert squeeze >= sprites.SQUEEZE
