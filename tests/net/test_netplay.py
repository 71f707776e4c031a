"""A network table as its players meet it (issue 17), on loopback: the whole score sheet for
someone who comes back, undo by a person when only bots moved since, the free seats the
announcement tells the lobby, and the names people typed shown as typed."""

from __future__ import annotations

import asyncio
import time

from tests.net.helpers import recv, run
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection

CODE = "6142"


# ------------------------------------------------------------------ the free seats announced
def _found(finder, name: str, want, seconds: float = 20.0):
    """The latest record of the table ``name`` once ``want(found)`` holds (bounded)."""
    from zole_desktop.net.discovery import Found

    last = None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for ev in finder.poll():
            if isinstance(ev, Found) and ev.name == name:
                last = ev
        if last is not None and want(last):
            return last
        time.sleep(0.05)
    raise AssertionError(f"the lobby never saw it; the last record: {last}")


def test_the_announced_free_seats_follow_people_sitting_down_and_leaving(make_host):
    from zole_desktop.net.discovery import Finder

    h = make_host(H.TableSpec(name="Veranda", seats=[None, None, None, "random"], code=CODE,
                              grace=None), announce=True)
    finder = Finder(["127.0.0.1"])
    try:
        assert _found(finder, "Veranda", lambda f: f.free == 3).players == 4

        async def sit_and_leave():
            a = await Connection.open("127.0.0.1", h.port, CODE, "Anna")
            b = await Connection.open("127.0.0.1", h.port, CODE, "Bruno")
            await asyncio.to_thread(_found, finder, "Veranda", lambda f: f.free == 1)
            await b.send(P.Leave())  # Bruno leaves the waiting room: his seat is open again
            await b.close()
            await asyncio.to_thread(_found, finder, "Veranda", lambda f: f.free == 2)
            c = await Connection.open("127.0.0.1", h.port, CODE, "Cilda")
            d = await Connection.open("127.0.0.1", h.port, CODE, "Dace")
            full = await asyncio.to_thread(_found, finder, "Veranda", lambda f: f.free == 0)
            assert full.away == 0
            # the game has begun; a dropped player's seat is kept for them, not free
            d.ws.transport.abort()
            away = await asyncio.to_thread(_found, finder, "Veranda", lambda f: f.away == 1)
            for x in (a, c):
                await x.close()
            return away

        away = run(sit_and_leave(), 120)
        assert away.free == 0
    finally:
        finder.close()


# ------------------------------------------------------------------ names typed by people
def test_names_typed_by_people_are_never_translated_but_the_bots_are(make_host):
    from zole_desktop.i18n import set_language
    from zole_desktop.net.remote import RemoteSession

    h = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, grace=None))

    async def sit():
        a = await Connection.open("127.0.0.1", h.port, CODE, "Jānis")  # a bot's name
        b = await Connection.open("127.0.0.1", h.port, CODE, "Ilze")  # and another's
        seats = await recv(b)
        while not isinstance(seats, P.Seats) or not all(s.name for s in seats.seats):
            seats = await recv(b)
        welcome = b.welcome
        await a.close()
        await b.close()
        return welcome, seats

    welcome, seats = run(sit(), 60)
    try:
        set_language("ru")
        s = RemoteSession.from_welcome(welcome)
        bot = h.tables[CODE].session.names[2]
        assert s.name(0) == "Jānis"  # typed at another computer: as typed, not "Янис"
        assert s.name(1) == "Ilze"  # my own typed name too
        assert s.name(2) not in (bot, "") and s.name(2) == s.people.all()[2]  # the bot's: ru
        assert s.people.after_contract(0) == "Jānis"
        # a person's seat that went to a bot keeps the name the person typed
        s.seated([P.SeatInfo(name="Jānis", kind="bot", level="normal"), *seats.seats[1:]])
        assert s.name(0) == "Jānis"
        set_language("lv")
        assert s.name(0) == "Jānis" and s.name(1) == "Ilze"
    finally:
        set_language("en")


# ------------------------------------------------------------------ the seat kept for a restart
def test_the_seat_is_kept_in_the_data_folder_checked_and_bounded(data_dir):
    from zole_desktop import storage
    from zole_desktop.net import kept

    token = "ab" * 16
    assert kept.token_for("127.0.0.1", 47023, "1234") is None
    kept.keep("127.0.0.1", 47023, "1234", token)
    assert kept.token_for("127.0.0.1", 47023, "1234") == token
    assert kept.token_for("127.0.0.1", 47023, "4321") is None  # another table
    for i in range(20):  # only the latest few tables are remembered
        kept.keep("10.0.0.1", 1000 + i, "0000", f"{i:032x}")
    assert kept.token_for("10.0.0.1", 1019, "0000") == f"{19:032x}"
    assert kept.token_for("127.0.0.1", 47023, "1234") is None
    kept.keep("10.0.0.1", 1019, "0000", None)  # forgotten
    assert kept.token_for("10.0.0.1", 1019, "0000") is None
    kept.keep("10.0.0.1", 1, "0000", "not a token")  # refused, nothing written
    assert kept.token_for("10.0.0.1", 1, "0000") is None
    path = storage.data_dir() / kept.FILE
    for junk in (b"{", b'{"seats": [{"address": "x", "port": 1, "code": "12", "token": "z"}]}',
                 b"x" * (kept.LIMIT + 1)):
        path.write_bytes(junk)
        assert kept.token_for("x", 1, "12") is None  # ignored, never trusted
