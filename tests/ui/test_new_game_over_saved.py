"""A new game over a saved match: the player is asked first, and a match put away for a new
one is kept in the history, marked unfinished, with the hand it was left in.  Driven on the
real (non-fast) loop by clicks and keys from another thread, as a person drives it."""

import hashlib
import json
import random

import pygame
import pytest

from zole_desktop import saves
from zole_desktop.flow.session import Session
from zole_desktop.records import history
from zole_desktop.records.stats import Stats
from zole_desktop.rules.record import replay
from zole_desktop.ui.confirm import ConfirmScene
from zole_desktop.ui.history_entries import read_entry
from zole_desktop.ui.menus import MainMenu, NewGameScene
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until


def played_session(hands=2, actions_in_current=4, seed=7) -> Session:
    """A 12-hand match with ``hands`` finished hands and a hand in progress."""
    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"], human=0,
                length=12, seed=seed)
    rng = random.Random(seed)
    m = s.match
    for _ in range(hands):
        _d, st = m.deal(saves.hand_rng(s.seed, len(m.rows) + 1))
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        m.finish(st)
    _d, cur = m.deal(saves.hand_rng(s.seed, len(m.rows) + 1))
    for _ in range(actions_in_current):
        cur.apply(rng.choice(cur.legal_actions()))
    s.current = cur
    return s


def digest(path):
    return hashlib.md5(path.read_bytes()).hexdigest() if path.exists() else None


def history_records(data_dir):
    d = data_dir / history.HISTORY_DIR
    return [json.loads(p.read_text()) for p in sorted(d.glob("match-*.json"))] \
        if d.exists() else []


@pytest.fixture
def saved(data_dir):
    s = played_session()
    s.save(s.current)
    return s


def top(app):
    return app.stack.scenes[-1] if app.stack.scenes else None


def labelled(scene, label):
    for w in scene.all_widgets():
        if getattr(w, "text", None) and w.text() == label:
            return w
    raise AssertionError(f"no {label!r} in {type(scene).__name__}")


def pointed(pos):
    """The mouse moved to ``pos`` (as a person's hand brings it there before a click)."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def to_the_question(app, probe, menu):
    """From the main menu: New game, then Start, by clicks; the question comes up."""
    pos = labelled(menu, "New game").rect.center
    probe.send("new game", [pointed(pos), *click_events(pos)],
               lambda: isinstance(top(app), NewGameScene))
    form = top(app)
    assert wait_until(lambda: form.footer and form.footer[1].rect.w > 0, 5)
    probe.send("start", click_events(labelled(form, "Start").rect.center),
               lambda: isinstance(top(app), ConfirmScene))
    return form, top(app)


def test_the_menu_focuses_continue_when_a_match_is_saved(real_app, saved):
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        assert menu.focus == 0 and menu.widgets[0].enabled
        # Enter by habit continues the match, at the hand it stood
        sent = probe.send("enter", key_events(pygame.K_RETURN),
                          lambda: type(top(app)).__name__ == "TableScene")
        assert sent.frames is not None, "Enter on the menu did nothing"
        assert top(app).session.hand_number == 3

    run_with_driver(app, driver, timeout=60)


def test_new_game_over_a_saved_match_asks_and_keeps_it_unfinished(real_app, saved, data_dir):
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)
    save_file = data_dir / saves.SAVE_NAME
    seen = {}

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        before = digest(save_file)
        form, question = to_the_question(app, probe, menu)
        text = question.shown(question.message)
        assert "Hand 3 of 12" in text and "unfinished" in text
        # the safe answer has the focus: nothing is lost by Enter
        assert question.widgets[question.focus].text() == "Continue that match"
        # Esc changes nothing: back to the form, the save as it was, no history
        probe.send("esc", key_events(pygame.K_ESCAPE), lambda: top(app) is form)
        assert digest(save_file) == before and history_records(data_dir) == []
        # asked again; this time the new game
        _form, question = to_the_question(app, probe, menu)
        probe.send("replace", click_events(labelled(question, "Start the new game").rect.center),
                   lambda: type(top(app)).__name__ == "TableScene")
        seen["table"] = top(app)
        assert wait_until(lambda: digest(save_file) not in (None, before), 10), \
            "the new match was never saved"
        # leave the new match: back on the menu, the first action is to Continue it
        probe.send("pause", key_events(pygame.K_ESCAPE),
                   lambda: type(top(app)).__name__ == "PauseMenu")
        probe.send("leave", click_events(labelled(top(app), "Leave the table").rect.center),
                   lambda: top(app) is menu)
        assert menu.focus == 0 and menu.widgets[0].enabled
        # and no button stays lit from the mouse that opened New game: only one under it now
        assert [w for w in menu.widgets if w.hover] == \
            [w for w in menu.widgets if w.contains(app.pointer)]

    run_with_driver(app, driver, timeout=90)
    table = seen["table"]
    assert table.session.hand_number == 1 and table.session.match.rows == []
    kept = history_records(data_dir)
    assert len(kept) == 1
    rec = kept[0]
    assert rec["unfinished"] is True and "session_end" not in rec
    assert len(rec["hands"]) == 2
    assert rec["in_progress"]["bids"], "the hand it was left in is kept"
    assert rec["in_progress"] == saves.hand_record(saved.current)
    # it is a valid record, settled the same as the match the player had
    rep = replay(rec)
    assert rep.match.totals == saved.match.totals
    # the history lists it as unfinished, with its score as it stood
    path = sorted((data_dir / history.HISTORY_DIR).glob("match-*.json"))[0]
    entry = read_entry(path)
    assert entry.unfinished and entry.final == saved.match.totals[0]
    # statistics count its hands, and settle no pools for it
    st = Stats()
    st.add_record(rec)
    assert st.hands == 2 and st.pools_balance == 0


def test_continue_that_match_from_the_question(real_app, saved, data_dir):
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)
    seen = {}

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        _form, question = to_the_question(app, probe, menu)
        probe.send("keep", key_events(pygame.K_RETURN),
                   lambda: type(top(app)).__name__ == "TableScene")
        seen["table"] = top(app)

    run_with_driver(app, driver, timeout=60)
    s = seen["table"].session
    assert s.hand_number == 3 and s.seed == saved.seed
    assert history_records(data_dir) == []


def test_a_match_that_cannot_be_kept_stays_saved_and_nothing_starts(real_app, saved, data_dir):
    (data_dir / history.HISTORY_DIR).write_text("not a folder")  # the history cannot be made
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)
    save_file = data_dir / saves.SAVE_NAME
    before = digest(save_file)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        form, question = to_the_question(app, probe, menu)
        probe.send("replace", click_events(labelled(question, "Start the new game").rect.center),
                   lambda: top(app) is form and app.toast_text)
        assert "stays saved for Continue" in app.toast_text

    run_with_driver(app, driver, timeout=60)
    assert digest(save_file) == before


def test_nothing_to_keep_from_a_match_with_nothing_played(data_dir):
    s = played_session(hands=0, actions_in_current=0)
    assert s.keep_unfinished() is None
    assert history_records(data_dir) == []
    s = played_session(hands=0, actions_in_current=1)  # a bid: the hand was begun
    assert s.keep_unfinished() is not None
    rec = history_records(data_dir)[0]
    assert rec["hands"] == [] and rec["in_progress"]["bids"]
