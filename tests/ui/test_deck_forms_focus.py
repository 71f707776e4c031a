"""The deck forms (print, save a card, add a deck) show the keyboard focus on their path field
with the game's focus look (ui/focus_look.py): a dashed amber bar inside the box, never the
amber ring round it that marks the coach's advice and the review's cards."""

import pygame
import pytest

from zole_desktop.ui import gfx
from zole_desktop.ui.deck_forms import AddDeckScene, PathField, SaveScene
from zole_desktop.ui.gallery import GalleryScene
from zole_desktop.ui.scene import KEY, Action


def amber_in_row(surface, y, x0, x1) -> int:
    return sum(1 for x in range(x0, x1) if surface.get_at((x, y))[:3] == gfx.AMBER)


def bar_rows(surface, box: pygame.Rect) -> list[int]:
    """Rows inside the box where a dashed amber bar runs (amber on part of the row)."""
    x0, x1 = box.x + box.w // 4, box.right - box.w // 4
    return [y for y in range(box.top, box.bottom)
            if (x1 - x0) * 0.3 < amber_in_row(surface, y, x0, x1) < (x1 - x0) * 0.9]


def ring_rows(surface, box: pygame.Rect) -> list[int]:
    """Rows just above and below the box that are amber nearly all along (a ring)."""
    x0, x1 = box.x + box.w // 4, box.right - box.w // 4
    ys = [*range(max(0, box.top - 12), box.top), *range(box.bottom, box.bottom + 12)]
    return [y for y in ys if y < surface.get_height()
            and amber_in_row(surface, y, x0, x1) > (x1 - x0) * 0.9]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("letter,kind", [(pygame.K_p, SaveScene), (pygame.K_s, SaveScene),
                                         (pygame.K_a, AddDeckScene)])
def test_the_path_field_shows_focus_like_the_rest_of_the_game(make_app, size, letter, kind):
    app = make_app(size)
    app.stack.push(GalleryScene())
    app.step()
    app.post_action(Action(KEY, value=letter, text=chr(letter)))
    form = app.stack.top
    assert isinstance(form, kind)
    field = form.all_widgets()[form.focus]
    assert isinstance(field, PathField)  # each form opens on its path field
    app.invalidate()
    app.step()
    box = field.box()
    assert bar_rows(app.screen, box), f"no focus bar in the path field at {size}"
    assert not ring_rows(app.screen, box), f"an amber ring round the path field at {size}"
    field.hover = True  # under the mouse but not focused: neither the bar nor a ring
    form.focus = next(i for i, w in enumerate(form.all_widgets())
                      if w.focusable and w is not field)
    app.invalidate()
    app.step()
    assert not bar_rows(app.screen, box)
    assert not ring_rows(app.screen, box)


def test_the_print_forms_note_says_how_many_cards_a_sheet_holds(make_app):
    """The note said "nine to a page" while the PDF lays six on each sheet."""
    from zole_desktop import printing
    from zole_desktop.ui.deck_forms import Note

    words = {6: "six", 9: "nine"}
    app = make_app()
    app.stack.push(GalleryScene())
    app.step()
    app.post_action(Action(KEY, value=pygame.K_p, text="p"))
    form = app.stack.top
    assert isinstance(form, SaveScene) and form.kind == "pdf"
    note = next(w for w in form.all_widgets() if isinstance(w, Note))
    text = note.text()
    text = " ".join(text) if isinstance(text, list) else text
    assert f"{words[printing.PER_PAGE]} to a page" in text, text
