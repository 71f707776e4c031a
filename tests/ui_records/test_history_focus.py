"""The match history's selected row shows the keyboard focus with the game's focus look: the
dashed bar under the row's text, clear of its descenders (play34 item 6: it ran through
them)."""

import pygame
import pytest

from tests.ui_records.conftest import make_history
from zole_desktop.i18n import set_language
from zole_desktop.ui import gfx


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_focus_bar_runs_under_the_selected_rows_text(app, data_dir, lang, size):
    from zole_desktop.ui.history import HistoryScene

    set_language(lang)
    try:
        make_history(3, 2)
        hs = HistoryScene()
        app.stack.push(hs)
        for _ in range(3):
            app.step()
        assert hs.focus == 0 and hs.entries
        surf = pygame.Surface(size)
        hs.focus = 1  # the focus elsewhere: the row's text alone, where it is drawn
        hs.draw(surf)
        rr = next(r for i, r in hs.rows_rects if i == hs.sel)
        ink = [y for y in range(rr.top, rr.bottom)
               if any(surf.get_at((x, y))[:3] == gfx.INK for x in range(rr.x, rr.right))]
        hs.focus = 0
        hs.draw(surf)
        amber = [y for y in range(rr.top, rr.bottom)
                 if sum(surf.get_at((x, y))[:3] == gfx.AMBER for x in range(rr.x, rr.right))
                 > rr.w // 4]
        assert ink and amber, (ink, amber)
        assert min(amber) > max(ink), f"the bar crosses the text at {size}: {amber} {ink}"
        assert max(amber) < rr.bottom  # inside the row
    finally:
        set_language("en")
