"""The rules guide marks its current chapter with the game's focus look (ui/focus_look.py):
a fill, bold and a dashed bar under the label, never the amber ring that marks the coach's
advice (play34 item 6)."""

import pygame
import pytest

from zole_desktop.ui import gfx
from zole_desktop.ui.guide import GuideScene
from zole_desktop.ui.scene import DOWN, Action


def amber_in_row(surface, y, x0, x1) -> int:
    return sum(1 for x in range(x0, x1) if surface.get_at((x, y))[:3] == gfx.AMBER)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_current_chapter_has_the_focus_bar_not_the_amber_ring(teach_app, size):
    app = teach_app(size)
    g = GuideScene()
    app.stack.push(g)
    for _step in range(2):  # the first chapter, then the next one (Down)
        surf = pygame.Surface(size)
        app.stack.draw(surf)
        r = g.chapter_rects[g.chapter]
        x0, x1 = r.x + r.w // 8, r.right - r.w // 8
        # no ring: no row just above or below it amber nearly all along, nor its sides
        around = [*range(max(0, r.top - 10), r.top), *range(r.bottom, r.bottom + 10)]
        assert not [y for y in around if amber_in_row(surf, y, x0, x1) > (x1 - x0) * 0.9]
        sides = [x for x in range(r.x - 10, r.x) if x >= 0
                 and sum(surf.get_at((x, y))[:3] == gfx.AMBER
                         for y in range(r.top, r.bottom)) > r.h * 0.8]
        assert not sides, f"an amber ring's side at {size}"
        # the dashed bar: amber on part of a row inside the lower half, none in the top half
        bar = [y for y in range(r.centery, r.bottom) if amber_in_row(surf, y, r.x, r.right) > 6]
        assert bar, f"no focus bar under the current chapter at {size}"
        assert not [y for y in range(r.top, r.centery - 2)
                    if amber_in_row(surf, y, r.x, r.right)]
        # and none on the other chapters
        for ci, other in enumerate(g.chapter_rects):
            if ci != g.chapter:
                assert not any(amber_in_row(surf, y, other.x, other.right)
                               for y in range(other.top, other.bottom)), ci
        g.handle(Action(DOWN))
