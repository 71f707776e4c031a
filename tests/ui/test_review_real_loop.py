"""The hand review on the real (non-fast) loop while its analysis runs (see test_real_loop.py
for the loop): the window stays responsive, a click on a moment chooses it, I shows its
figures, and Esc leaves at once and stops the analysis."""

import time

import pygame
import pytest
from test_real_loop import quick

from tests.helpers import example
from zole_desktop.records.load import load_hand
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until


@pytest.fixture
def real_app(real_app):
    """The shared real-loop App (tests/ui/conftest.py), hints on, nothing saved."""
    def make(size=(1280, 720)):
        return real_app(size=size, save=False, hints=True)
    return make


def test_the_review_answers_while_it_analyses_and_esc_leaves_at_once(real_app):
    from zole_desktop.ui.menus import MainMenu
    from zole_desktop.ui.review_scene import ReviewScene

    st = load_hand(str(example("take-90.json")), 1)
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    sc = ReviewScene(st, names=["Anna", "", "Ilze"], viewer=1, budget=60)
    app.stack.push(sc)
    probe = Probe(app)
    seen = {}

    def send(label, events, effect):
        sent = probe.send(label, events, effect)
        quick(probe, sent)
        return sent

    def driver():
        # the first moment (the burial) is listed while the cards are still being analysed
        assert wait_until(lambda: bool(sc.moment_rects) and sc.analysing, 60), \
            "no moment listed during the analysis"
        send("→ steps to trick 1 meanwhile", key_events(pygame.K_RIGHT), lambda: sc.step == 1)
        r, m = sc.moment_rects[0]
        send("click the moment", click_events(r.center),
             lambda: sc.selected is m and sc.step == m.trick)
        # (a click on the moment already shown toggles its figures, as on the hint line)
        shown = sc.figures
        send("I: its figures or its words", key_events(pygame.K_i, unicode="i"),
             lambda: sc.figures is not shown)
        seen["analysing when left"] = sc.analysing
        job = sc.job
        send("Esc leaves at once", key_events(pygame.K_ESCAPE),
             lambda: app.stack.top is menu)
        t0 = time.monotonic()
        assert job is not None and job.cancel.is_set()
        assert wait_until(job.done, 10), "the analysis went on after the review was left"
        seen["stopped after"] = time.monotonic() - t0

    run_with_driver(app, driver, timeout=180)
    assert seen["analysing when left"], "the analysis ended before Esc: nothing was tested"
