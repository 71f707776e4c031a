"""New game → host a table and join it, headless on loopback (issue 17): two apps, the
forms, the waiting room with the code, then both at the same hand."""

from __future__ import annotations

import time

from zole_desktop.ui.lobby import HostTableScene, JoinTableScene, WaitingRoom
from zole_desktop.ui.menus import NewGameScene
from zole_desktop.ui.network_table import NetworkTableScene


def test_host_a_table_and_join_it_from_the_new_game_form(make_app, monkeypatch):
    monkeypatch.setenv("ZOLE_NET_INTERFACES", "127.0.0.1")
    host_app = make_app()
    form = NewGameScene()
    host_app.stack.push(form)
    host_app.step()
    labels = [w.text() for w in form.widgets if hasattr(w, "text")]
    assert "Host a table on this network" in labels and "Join a table" in labels
    form.host_table()
    hosting = host_app.stack.top
    assert isinstance(hosting, HostTableScene)
    assert hosting.address == "127.0.0.1"
    hosting._set_name("Anna")
    hosting._set_seat(1, "random")  # seat 3: a bot; seat 2 stays a friend
    hosting.start()
    room = host_app.stack.top
    assert isinstance(room, WaitingRoom) and room.host is not None
    code, port = room.code, room.host.port
    assert len(code) == 4 and code.isdigit()
    try:
        end = time.monotonic() + 30
        while room.welcome is None and time.monotonic() < end:
            host_app.step()
            time.sleep(0.005)
        assert room.welcome is not None and room.seats[0].name == "Anna"
        # the joiner: another app (the same process here), by address and code
        join_app = make_app()
        joining = JoinTableScene()
        join_app.stack.push(joining)
        join_app.step()
        joining._set_name("Jānis")
        joining._set_address(f"127.0.0.1:{port}")
        joining._set_code("0000" if code != "0000" else "1111")  # a wrong code first
        joining.join()
        bad = join_app.stack.top
        assert isinstance(bad, WaitingRoom)
        end = time.monotonic() + 30
        while not bad.problem and time.monotonic() < end:
            join_app.step()
            time.sleep(0.005)
        assert bad.problem == "That code is not right for this table."
        bad.leave()
        joining._set_code(code)
        joining.join()
        end = time.monotonic() + 60
        while time.monotonic() < end and not (
                isinstance(host_app.stack.top, NetworkTableScene)
                and isinstance(join_app.stack.top, NetworkTableScene)):
            host_app.step()
            join_app.step()
            time.sleep(0.005)
        ht, jt = host_app.stack.top, join_app.stack.top
        assert isinstance(ht, NetworkTableScene) and isinstance(jt, NetworkTableScene)
        assert (ht.session.human, jt.session.human) == (0, 1)
        assert jt.session.names[:2] == ["Anna", "Jānis"]
        host_app.step()  # the host's table reads who sat down
        assert ht.session.names[:2] == ["Anna", "Jānis"]
    finally:
        for app in (host_app,):
            top = app.stack.top
            if isinstance(top, NetworkTableScene):
                app.stack.pop()
        room.host.stop()
