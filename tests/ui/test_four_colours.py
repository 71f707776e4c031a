"""Four colours are a setting for every deck of the game's own (issue 33): ♦ blue and ♣ green
in the pips and indices, drawn so by the deck's vector masters at the size shown and kept in
the card cache; a player's deck keeps its pictures; the retired classic-4c deck reads as
classic with four colours."""

from __future__ import annotations

import pygame
import pytest

from zole_desktop import decks, storage
from zole_desktop.ui.settings import SettingsScene
from zole_desktop.ui.theme import load_theme

BLUE, GREEN = (0x15, 0x65, 0xC0), (0x2F, 0x7D, 0x32)


def _share(face: pygame.Surface, colour, box=(0.0, 0.0, 0.25, 0.32)) -> float:
    """The part of the corner index's pixels near ``colour``."""
    w, h = face.get_size()
    n = hit = 0
    for x in range(int(box[0] * w), int(box[2] * w), 2):
        for y in range(int(box[1] * h), int(box[3] * h), 2):
            c = face.get_at((x, y))
            n += 1
            hit += sum(abs(a - b) for a, b in zip((c.r, c.g, c.b), colour, strict=True)) < 60
    return hit / n


def _drawn(th, w=200, h=280) -> dict[str, pygame.Surface]:
    """The deck's pictures at one size, once the vector cards are drawn."""
    th.cards(w, h)
    assert th.vector.wait()
    return th.cards(w, h)


@pytest.mark.parametrize("tid", ["classic", "rainis-1", "rainis-2"])
def test_four_colours_recolour_diamonds_and_clubs_in_every_game_deck(tid, vector_pictures):
    two = _drawn(load_theme(tid))
    th = load_theme(tid, four=True)
    four = _drawn(th)
    assert th.four
    for code in ("AD", "TD", "7D", "QD"):  # the index's ink (a deck's ground may be green)
        assert _share(four[code], BLUE) > _share(two[code], BLUE) + 0.02, code
    for code in ("AC", "TC", "9C", "KC"):
        assert _share(four[code], GREEN) > _share(two[code], GREEN) + 0.02, code
    from zole_desktop.art.rainis_data import PAL
    from zole_desktop.art.vector.kit import INK

    # hearts as they were; spades too where the deck's black is black (rainis-2's navy ♠ turn
    # black in four colours, else they and the blue ♦ are two blues)
    same = ("KH", "9H") if PAL.get(tid, {}).get("black", INK) != INK else ("TS", "KH", "QS", "9H")
    for code in same:
        assert pygame.image.tobytes(four[code], "RGBA") == \
            pygame.image.tobytes(two[code], "RGBA")
    cached = list(th.vector.cache.size_dir(200, 280).glob("*.png"))
    assert th.vector.cache.size_dir(200, 280).name == "200x280-four" and len(cached) == 27
    again = load_theme(tid, four=True).cards(200, 280)  # from the cache: the same picture
    assert pygame.image.tobytes(again["AD"], "RGBA") == pygame.image.tobytes(four["AD"], "RGBA")


def test_a_player_deck_keeps_its_own_pictures(tmp_path, data_dir):
    src = tmp_path / "mine"
    decks.write_template(src)
    tid = decks.import_deck(src)
    th = load_theme(tid, four=True)
    assert th.player and not th.four and th.four_asked


def test_settings_naming_classic_4c_load_as_classic_with_four_colours(data_dir):
    storage.settings_path().write_text('theme = "classic-4c"\nfour_colour = false\n', "utf-8")
    s = storage.load_settings([])
    assert (s.theme, s.four_colour) == ("classic", True)
    th = load_theme("classic-4c")
    assert th.id == "classic"


def test_the_settings_row_recolours_the_table_at_once(make_app, vector_pictures):
    app = make_app()
    assert not app.theme.four
    scene = SettingsScene()
    app.stack.push(scene)
    app.step()
    row = next(w for w in scene.widgets if getattr(w, "label", "") == "Four colours")
    row.right()
    app.step()
    assert app.settings.four_colour and app.theme.four
    assert _share(_drawn(app.theme)["AD"], BLUE) > 0.02
    row.left()
    app.step()
    assert not app.settings.four_colour and not app.theme.four


def test_no_deck_at_all_is_loaded_once_with_four_colours(make_app, monkeypatch, data_dir):
    """Without any deck folder the cards are drawn without pictures, and the window keeps
    that deck: it is not loaded again on every frame because four colours are on."""
    from zole_desktop.ui import theme as theme_mod

    app = make_app()
    app.settings.four_colour = True
    monkeypatch.setattr(theme_mod.resources, "themes_dir", lambda: data_dir / "none")
    calls = []
    real = theme_mod.load_theme
    monkeypatch.setattr(theme_mod, "load_theme", lambda *a, **k: calls.append(a) or real(*a, **k))
    app.load_theme()
    first = app.theme
    assert first.procedural and app.theme is first and app.theme is first
    assert len(calls) == 1  # classic, once
