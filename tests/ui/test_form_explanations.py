"""A setting's explanation under its row is read, not squinted at (issue 34, item 8): at
960x540 and in every language it is drawn at 12 px or more, wrapped to the column rather
than shrunk, and its lines stay inside the row (nothing overlaps the next row)."""

from __future__ import annotations

import pytest

from zole_desktop.i18n import set_language
from zole_desktop.ui import widgets
from zole_desktop.ui.menus import NewGameScene
from zole_desktop.ui.settings import SettingsScene
from zole_desktop.ui.widgets import ChoiceRow


@pytest.mark.parametrize("lang", ["en", "lv", "ru"])
@pytest.mark.parametrize("make_scene", [SettingsScene, NewGameScene])
def test_explanations_are_readable_and_inside_their_rows(make_app, monkeypatch, lang,
                                                         make_scene):
    app = make_app(size=(960, 540))
    set_language(lang)
    scene = make_scene()
    app.stack.push(scene)
    app.step()
    drawn: list[tuple[str, int, tuple[int, int]]] = []
    real = widgets.gfx.blit_text

    def spy(surface, s, size, color, pos, anchor="topleft", bold=False):
        if color == widgets.gfx.DIM_LINEN:
            drawn.append((s, size, pos))
        return real(surface, s, size, color, pos, anchor, bold)

    monkeypatch.setattr(widgets.gfx, "blit_text", spy)
    rows = [w for w in scene.widgets if isinstance(w, ChoiceRow) and w.explain]
    assert rows
    for row in rows:
        drawn.clear()
        row.draw(app.screen, False)
        assert drawn, row.label
        for s, size, (_x, y) in drawn:
            assert size >= 12, (lang, s, size)
            assert widgets.gfx.text_width(s, size) <= row.rect.w, (lang, s)
            assert y + widgets.gfx.font(size).get_linesize() <= row.rect.bottom + 2, (lang, s)
        text = " ".join(s for s, _size, _pos in drawn)
        ex = row.explain() if callable(row.explain) else row.explain
        assert text.split() == widgets._(ex).split()  # the whole explanation, nothing cut
    set_language("en")
