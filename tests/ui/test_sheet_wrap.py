"""The score sheet at 960x540 (play34 item 2): a game cell too long for its column wraps onto a
second line, the row growing, instead of being cut with "…" (in Russian the declarer's card
points were lost); nothing under 12 px."""

from __future__ import annotations

import pygame
import pytest
from test_hand_end import _played

from zole_desktop.i18n import set_language
from zole_desktop.ui import gfx
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.sheet import ScoreSheet
from zole_desktop.ui.sheet_table import ELLIPSIS, game_text


@pytest.mark.parametrize("lang", ["ru", "lv", "en"])
@pytest.mark.parametrize("where", ["pause", "final", "between hands", "match end"])
def test_a_twelve_hand_sheet_shows_every_game_cell_whole(make_app, monkeypatch, lang, where):
    set_language(lang)
    try:
        app = make_app(size=(960, 540))
        s = _played(12, seed=7)
        drawn: list[tuple[int, str]] = []
        real = gfx.text

        def text(t, size, color=gfx.INK, bold=False):
            drawn.append((int(size), t))
            return real(t, size, color, bold)

        monkeypatch.setattr(gfx, "text", text)
        row, st = s.match.rows[-1], s.match.hands[-1]
        sheet = {"pause": lambda: ScoreSheet(s), "final": lambda: ScoreSheet(s, final=True),
                 "between hands": lambda: HandSummary(s, st, row, replay=lambda: None),
                 "match end": lambda: HandSummary(s, st, row, final=True)}[where]()
        app.stack.push(sheet)
        split: set[str] = set()
        for scroll in range(len(s.match.rows)):  # every row, scrolled into view
            sheet.scroll = scroll
            drawn.clear()
            app.stack.draw(pygame.Surface((960, 540)))
            assert not [t for _z, t in drawn if ELLIPSIS in t], (lang, drawn)
            assert not [(z, t) for z, t in drawn if z < 12 and t.strip()], lang
            words = " ".join(t for _z, t in drawn)
            cells = [game_text(s, row) for row in s.match.rows]
            whole = [c for c in cells if c in words]
            assert len(whole) >= 3, (lang, scroll, words)  # the rows in view, each whole
            split |= {c for c in whole if c not in {t for _z, t in drawn}}
        if lang == "ru" and where in ("between hands", "match end"):
            # beside the hands the Russian cells need a second line: whole, on two lines
            assert split, "no game cell wrapped in Russian"
    finally:
        set_language("en")


def test_the_sheet_names_the_person_as_the_summary_does_in_latvian():
    """play34 item 9: the row said "Parastā spēle — Tu (115)" under the title "… — tu"."""
    set_language("lv")
    try:
        s = _played(12, seed=7)
        mine = [i for i, row in enumerate(s.match.rows) if row.declarer == s.human]
        assert mine, "the person declared no hand in this match"
        for i in mine:
            row, st = s.match.rows[i], s.match.hands[i]
            cell = game_text(s, row)
            title = HandSummary(s, st, row).subtitle()
            assert " — tu" in cell and " — Tu" not in cell, cell
            assert title.endswith(" — tu"), title
            assert cell.startswith(title.split(": ", 1)[1])  # the same words, the same case
    finally:
        set_language("en")
