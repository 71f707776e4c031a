"""Nobody is shown an action before its save is on disk: with the disk held still, the card
the person played stays in their hand on the screen, and moves once the save is written."""

import threading

import pytest
from ui_helpers import run_until

from zole_desktop import storage
from zole_desktop.flow.saver import flush_shared
from zole_desktop.flow.session import Session
from zole_desktop.i18n import set_language
from zole_desktop.rules.state import TAKE_BID
from zole_desktop.storage import Settings
from zole_desktop.ui.app import App
from zole_desktop.ui.table.scene import TableScene


@pytest.fixture
def app(data_dir):
    set_language("en")
    a = App((1280, 720), Settings(language="en", animation="instant", sound=False,
                                  hints=False), fast=True, save=True)
    yield a
    a.shutdown()


def test_a_played_card_is_shown_only_once_it_is_saved(app, monkeypatch):
    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=1, seed=3)
    s.match.dealer = 2  # I am forehand: I take the talon, bury and lead
    t = TableScene(s)
    app.stack.push(t)
    assert run_until(app, lambda: t.waiting_for() is not None, 20000)
    while t.waiting_for() != "play":
        kind = t.waiting_for()
        if kind == "bid":
            t.answer(TAKE_BID)
        elif kind == "bury":
            t.selected = t.my_hand()[:t.bury_need]
            t.confirm_bury()
        app.step()
        assert run_until(app, lambda: t.waiting_for() is not None
                         or app.stack.top is not t, 20000)
    gate = threading.Event()
    real = storage.atomic_write

    def held(path, data):
        assert gate.wait(10)
        real(path, data)

    monkeypatch.setattr(storage, "atomic_write", held)
    try:
        card = min(t.legal_cards())
        t.try_card(card)
        for _ in range(20):
            app.step()
        assert card in t.view.holding[0], "the card left the hand before it was saved"
        assert card not in t.director.state.hand_of(0)  # the rules core has it played
        gate.set()
        assert run_until(app, lambda: card not in t.view.holding[0], 2000)
    finally:
        gate.set()
        flush_shared()
