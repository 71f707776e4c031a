"""Every failure on record (issue 13): a log file in the data folder, bounded in size; a bot,
hint or analysis error is survived, logged with its traceback, and said on the screen; the
diagnostic info for a bug report."""

from __future__ import annotations

import logging
import random

import pytest

from tests.helpers import play_random
from zole_desktop import logs, saves, storage
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules


@pytest.fixture
def logfile(data_dir):
    path = logs.setup()
    assert path == data_dir / logs.LOG_NAME and path.is_file()
    yield path
    logs.close()


def recording_toasts(app) -> list[str]:
    seen: list[str] = []
    original = app.toast

    def toast(text, seconds=6.0):
        seen.append(text)
        original(text, seconds)

    app.toast = toast
    return seen


def test_the_log_is_bounded_and_rotates(logfile):
    lg = logging.getLogger("zole_desktop.test")
    line = "x" * 1000
    for i in range(2000):  # about 2 MB of records
        lg.warning("%d %s", i, line)
    files = sorted(logfile.parent.glob(logs.LOG_NAME + "*"))
    assert [f.name for f in files] == ["zole.log", "zole.log.1", "zole.log.2"]
    assert sum(f.stat().st_size for f in files) <= (logs.BACKUPS + 1) * logs.MAX_LOG_BYTES
    assert "1999 " in logfile.read_text("utf-8")


def test_a_bot_error_is_survived_logged_and_said(make_app, logfile):
    from zole_desktop.ui import demo
    from zole_desktop.ui.table.scene import TableScene

    app = make_app()
    toasts = recording_toasts(app)

    class Args:
        players, seed = 3, 4

    session = demo.new_session(Args, 1)

    def broken(obs, deadline=None, cancel=None):
        raise RuntimeError("a bot bug")

    session.bots[1].choose = broken
    table = TableScene(session, demo=True, auto_continue=0.05)
    app.stack.push(table)
    for _ in range(60000):
        if table not in app.stack.scenes:
            break
        app.step()
    assert len(session.match.rows) == 1  # the hand was played out
    assert any("A bot failed" in t for t in toasts)
    text = logfile.read_text("utf-8")
    assert "Traceback" in text and "RuntimeError: a bot bug" in text


def test_an_analysis_error_is_logged_and_not_called_running_out_of_time(
        make_app, logfile, monkeypatch):
    from zole_desktop.records import review as R
    from zole_desktop.ui import review_scene

    rng = random.Random(1)
    m = Match(players=3, rules=Rules(), dealer=0)
    for n in range(1, 30):
        _d, st = m.deal(saves.hand_rng(1, n))
        play_random(st, rng)
        if R.review_hand(st, analyse=False).analysable:
            break
        m.finish(st)

    def broken(*a, **k):
        raise ZeroDivisionError("an analysis bug")

    app = make_app()
    sc = review_scene.ReviewScene(R.review_hand(st, analyse=False), threaded=False)
    monkeypatch.setattr(review_scene.R, "review_hand", broken)
    sc.state = st
    sc.analysing = True
    app.stack.push(sc)
    app.step()
    app.draw()
    assert sc.review.status == R.FAILED
    assert "error" in R.summary_text(sc.review) and "time" not in R.summary_text(sc.review)
    assert "ZeroDivisionError: an analysis bug" in logfile.read_text("utf-8")


def test_a_save_failure_is_one_line_on_stderr_and_in_the_log(
        make_app, logfile, capsys, monkeypatch):
    import errno
    import os

    from zole_desktop.ui import demo
    from zole_desktop.ui.table.scene import TableScene

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage, "atomic_write", full)
    app = make_app(save=True)

    class Args:
        players, seed = 3, 5

    table = TableScene(demo.new_session(Args, 1), demo=True, auto_continue=0.05)
    app.stack.push(table)
    for _ in range(2000):
        if table.state is not None and table.state.actions():
            break
        app.step()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "could not be saved" in err[0] and "No space left" in err[0]
    assert app.file_errors
    assert "could not be saved" in logfile.read_text("utf-8")


def test_copy_diagnostic_info(make_app, logfile):
    import pygame

    from zole_desktop import __version__
    from zole_desktop.ui.menus import SettingsScene

    app = make_app()
    toasts = recording_toasts(app)
    sc = SettingsScene()
    app.stack.push(sc)
    app.step()
    btn = next(w for w in sc.widgets if getattr(w, "label", "") == "Copy diagnostic info")
    btn.on_click()
    info = logs.diagnostics()
    for part in (f"Zole: {__version__}", "Python: ", "pygame-ce: ", "SDL: ", "OS: ",
                 f"data folder: {storage.data_dir()}", f"log: {logfile}"):
        assert part in info
    assert toasts
    if "copied" in toasts[-1]:
        assert pygame.scrap.get_text() == info
    assert "diagnostic info:" in logfile.read_text("utf-8")
