"""The table's corner panels and plates read at 960x540 (issue 34, item 8): the contract,
the live count of card points, the hand number, the pools, a seat's level and place are
drawn at 12 px or more in every language; a count too long for its panel goes onto a second
line instead of a smaller type."""

from __future__ import annotations

import pytest
from ui_helpers import new_table, run_until

from zole_desktop.i18n import set_language
from zole_desktop.rules.state import PASS, PLAYING, TAKE_BID
from zole_desktop.ui import gfx


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
def test_panels_and_plates_read_at_12_px_at_960x540(make_app, monkeypatch, lang):
    app = make_app((960, 540), animation="fast")
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.05, "play": 0.05}

    def declared() -> bool:
        if table.waiting_for() == "bid":
            legal = table.state.legal_actions()
            table.answer(TAKE_BID if TAKE_BID in legal else PASS)
        elif table.waiting_for() == "bury":
            table.selected = table.my_hand()[:2]
            table.confirm_bury()
        st = table.state
        return st is not None and st.phase == PLAYING and st.declarer_seat is not None

    assert run_until(app, declared)
    sizes: dict[str, int] = {}
    real = gfx.blit_text

    def spy(surface, s, size, color, pos, anchor="topleft", bold=False):
        sizes[s] = min(size, sizes.get(s, size))
        return real(surface, s, size, color, pos, anchor, bold)

    monkeypatch.setattr(gfx, "blit_text", spy)
    app.draw()
    texts = [(k, r, t) for k, r, t in table.drawn if k in ("panel-text", "plate-text")]
    assert any(k == "panel-text" for k, _r, _t in texts)
    for kind, _r, t in texts:
        if t in sizes:  # a role chip is marked by its rectangle; its word is drawn too
            assert sizes[t] >= 12, (lang, kind, t, sizes[t])
    panels = [r for k, r, _t in table.drawn if k == "panel"]
    for kind, r, t in texts:
        if kind == "panel-text":
            assert any(p.contains(r) for p in panels), (lang, t)
    set_language("en")
