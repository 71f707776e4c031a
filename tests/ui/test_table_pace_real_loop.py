"""On the real (non-fast) loop, as a person gives input: a trick held until a click goes on
at the click, F finishes a certain hand, T opens and closes the trick log, each within a few
drawn frames."""

import pygame
import pytest
from test_real_loop import idle, quick, settled, top
from test_table_pace import certain_session
from ui_helpers import card_point

from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until
from zole_desktop.ui.table.conditions import Gather
from zole_desktop.ui.table.scene import TableScene
from zole_desktop.ui.trick_log import TrickLog


@pytest.fixture
def real_app(real_app):
    """The shared real-loop App (tests/ui/conftest.py) at 1280x720, nothing saved, with the
    settings given."""
    def make(**settings):
        return real_app(save=False, **settings)
    return make


def test_a_trick_held_until_a_click_goes_on_at_the_click(real_app):
    app = real_app(trick_pause="click", finish_early="never")
    table = TableScene(certain_session(tricks_played=5))
    app.stack.push(table)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: table.waiting_for() == "play" and settled(table), 20)
        c = next(c for c in table.my_hand() if c in table.legal_cards())
        quick(probe, probe.send("my card", click_events(card_point(table, c)),
                                lambda: table.waiting_for() != "play"))
        assert wait_until(lambda: isinstance(table.cond, Gather), 20)
        # the loop goes to sleep with the trick in the middle: nothing sweeps it by itself
        assert wait_until(lambda: idle(app), 10)
        assert len(table.view.trick) == 3 and isinstance(table.cond, Gather)
        W, H = app.size
        quick(probe, probe.send("gather", click_events((W // 2, int(H * 0.3))),
                                lambda: not table.view.trick))

    run_with_driver(app, driver, timeout=60)


def test_f_finishes_a_certain_hand_on_the_real_loop(real_app):
    app = real_app(finish_early="ask")
    s = certain_session(tricks_played=5)
    table = TableScene(s)
    app.stack.push(table)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: table.waiting_for() == "play" and settled(table), 20)
        assert any(b.text() == "Finish the hand (F)" for b in table.buttons)
        n = len(table.state.actions())
        quick(probe, probe.send("finish", key_events(pygame.K_f),
                                lambda: len(table.state.actions()) > n))
        assert wait_until(lambda: isinstance(top(app), HandSummary), 20)
        assert table.state.is_terminal() and len(s.match.hands[0].actions()) == n + 9

    run_with_driver(app, driver, timeout=60)


def test_t_opens_and_closes_the_trick_log_on_the_real_loop(real_app):
    app = real_app(finish_early="never")
    table = TableScene(certain_session(tricks_played=2))
    app.stack.push(table)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: table.waiting_for() == "play" and settled(table), 20)
        assert wait_until(lambda: idle(app), 10)
        quick(probe, probe.send("open", key_events(pygame.K_t),
                                lambda: isinstance(top(app), TrickLog)
                                and len(top(app).lines_drawn) > 2))
        log = top(app)
        assert sum(1 for ln in log.lines_drawn if ln.split(" | ")[0].isdigit()) == 2
        quick(probe, probe.send("close", key_events(pygame.K_t), lambda: top(app) is table))
        # and the table goes on: my card is taken at once
        c = next(c for c in table.my_hand() if c in table.legal_cards())
        quick(probe, probe.send("card", click_events(card_point(table, c)),
                                lambda: table.waiting_for() != "play"))

    run_with_driver(app, driver, timeout=60)
