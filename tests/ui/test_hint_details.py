"""The hint in words, its figures one key or click away, on the real (non-fast) loop."""

import pygame
from ui_helpers import button

from zole_desktop.i18n import set_language
from zole_desktop.storage import Settings
from zole_desktop.ui.app import App
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until


def test_i_and_a_click_on_the_hint_line_show_and_hide_the_figures(data_dir):
    from zole_desktop.flow.session import Session
    from zole_desktop.ui.table.scene import TableScene

    set_language("en")
    app = App((1280, 720), Settings(language="en", animation="fast", sound=False, hints=True),
              fast=False, save=False)
    try:
        s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                    human=0, length=2, seed=3)
        s.match.dealer = 2
        table = TableScene(s)
        app.stack.push(table)
        probe = Probe(app)

        def line():
            return next((t for k, _r, t in table.drawn if k == "hint-line"), "")

        def driver():
            assert wait_until(lambda: table.waiting_for() == "bid" and table.buttons, 60)
            take = button(table, "Take")
            probe.send("take", click_events(take.rect.center),
                       lambda: table.waiting_for() != "bid")
            assert wait_until(lambda: table.waiting_for() == "bury"
                              and getattr(getattr(table.hints.value, "reason", None),
                                          "details", None) is not None
                              and "(figures: I)" in line(), 60), line()
            words = line()
            assert "layout" not in words and "%" not in words  # the words, no figures
            probe.send("I", key_events(pygame.K_i, unicode="i"),
                       lambda: "(figures: I)" not in line() and "%" in line())
            assert line().startswith("Hint: ") and "deals of the unseen cards tried" in line()
            assert words.split(":")[1].split()[1] in line()  # the same pair, named
            r = table.hints.line_rect
            probe.send("click on the line", click_events(r.center),
                       lambda: "(figures: I)" in line())
            assert table.waiting_for() == "bury" and not table.selected

        run_with_driver(app, driver, timeout=120)
        assert not probe.errors, probe.errors
    finally:
        app.shutdown()
