"""The table scene at a network table (issue 17): the person plays in the real scene, run by
the remote director, against a person on another client and a bot at the host; loopback."""

from __future__ import annotations

import asyncio
import random
import threading

from tests.net.helpers import play_match
from tests.ui.ui_helpers import run_until
from zole_desktop.net import host as H
from zole_desktop.net.client import Client, Connection
from zole_desktop.net.remote import RemoteDirector, RemoteSession, wait_for_welcome
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.network_table import NetworkTableScene
from zole_desktop.ui.sheet import ScoreSheet

CODE = "2580"


def _answer(app, t, rng):
    k = t.waiting_for()
    if k == "bid":
        legal = t.state.legal_actions()
        t.answer(rng.choice(legal))
    elif k == "bury":
        t.selected = rng.sample(t.my_hand(), t.bury_need)
        t.confirm_bury()
    elif k == "play":
        t.try_card(rng.choice(sorted(t.legal_cards())))
    app.step()


def test_a_person_plays_a_match_at_a_network_table_in_the_real_scene(make_app):
    app = make_app()
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Kitchen", seats=[None, "random", None], code=CODE,
                               length=3, seed=5, grace=None))
    host.start()
    me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
    me.start()
    welcome, backlog = wait_for_welcome(me)
    other_done = []

    def other():
        async def run():
            c = await Connection.open("127.0.0.1", host.port, CODE, "Jānis")
            other_done.append(await play_match(c, random.Random(3)))
            await c.close()
        asyncio.run(asyncio.wait_for(run(), 200))

    th = threading.Thread(target=other, daemon=True)
    th.start()
    try:
        session = RemoteSession.from_welcome(welcome)
        director = RemoteDirector(session, me, welcome, backlog)
        t = NetworkTableScene(session, director)
        app.stack.push(t)
        rng = random.Random(1)
        import time
        end = time.monotonic() + 120  # a stuck table fails the test, never hangs it
        for _ in range(3000):
            if time.monotonic() > end:
                break
            run_until(app, lambda: (t.waiting_for() is not None and director.settled())
                      or app.stack.top is not t or t not in app.stack.scenes, 500)
            top = app.stack.top
            if t not in app.stack.scenes:
                break
            if isinstance(top, (HandSummary, ScoreSheet)):
                top.close()
                app.step()
                continue
            if t.waiting_for() is not None and director.settled():
                # what the scene shows for me is the host's view of my seat
                real = host.tables[CODE].director.state
                if real is not None and len(real.actions()) == len(t.state.actions()):
                    assert t.state.observation(0) == real.observation(0), \
                        str(list(director.trace)[-8:])
                _answer(app, t, rng)
        ht = host.tables[CODE]
        assert t not in app.stack.scenes, (
            f"the match did not end: {t.cond} {t.state} rows {len(session.match.rows)} "
            f"hand {director.hand_no} queued {[(u.hand, u.step) for u in director.updates]} "
            f"host {ht.phase} hand {ht.hand} ready {ht.ready} rows {len(ht.session.match.rows)}"
            f" host state {ht.director.state} {ht.director.state and ht.director.state.actions()}"
            f" ours {t.state and t.state.actions()}")
        th.join(60)
        real_rows = host.tables[CODE].session.match.rows
        assert [r.totals for r in session.match.rows] == [r.totals for r in real_rows]
        assert len(real_rows) == 3 and other_done and other_done[0].match_over
    finally:
        me.close()
        host.stop()


def test_closing_the_network_table_never_waits_for_the_hosts_disk(make_app, data_dir,
                                                                  monkeypatch):
    """The scene's exit ran the host's stop on the UI thread: up to 5 s for its loop and
    10 s + 4 x 10 s for the saver on a slow disk, every frame frozen.  Now it returns while
    a save is still stuck on the disk, and that save is written all the same."""
    from zole_desktop import storage

    app = make_app()
    save = data_dir / "net-table.json"
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Kitchen", seats=[None, "random", "random"], code=CODE,
                               length=3, seed=5, grace=None, save_to=save))
    host.start()
    me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
    me.start()
    welcome, backlog = wait_for_welcome(me)
    session = RemoteSession.from_welcome(welcome)
    director = RemoteDirector(session, me, welcome, backlog)
    t = NetworkTableScene(session, director, host=host)
    app.stack.push(t)
    app.step()
    disk = threading.Event()  # the disk answers when this is set
    watchdog = threading.Timer(20.0, disk.set)  # a test that fails never hangs
    watchdog.start()
    real = storage.atomic_write

    def slow(path, data):
        disk.wait()
        real(path, data)

    monkeypatch.setattr(storage, "atomic_write", slow)
    table = host.tables[CODE]
    host.call(lambda: table.session.names.__setitem__(0, "Anna K")).result(5)
    host.call(table._save).result(5)  # a save on its way, stuck on the disk
    try:
        app.stack.pop()  # the scene's exit, on this (the UI) thread
        returned_while_stuck = not disk.is_set()
    finally:
        disk.set()
        watchdog.cancel()
    assert returned_while_stuck
    assert H.finish_stopping(20.0)
    assert b"Anna K" in save.read_bytes()  # the last save was written, after the exit
