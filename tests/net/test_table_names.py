"""A network table's names on loopback: the bots never have a name a person at the table
typed (in any case or language), nor one another's; the people keep theirs as typed."""

from __future__ import annotations

from tests.net.helpers import recv, run
from zole_desktop.flow import people
from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection

CODE = "4321"


def distinct(names: list[str]) -> bool:
    return all(not people.same_name(a, b) for i, a in enumerate(names) for b in names[i + 1:])


async def seats_when(c: Connection, done) -> list[P.SeatInfo]:
    """The first seats the host sends ``c`` for which ``done(seats)`` holds."""
    seats = c.welcome.seats
    while not done(seats):
        m = await recv(c)
        if isinstance(m, P.Seats):
            seats = m.seats
    return seats


def test_a_five_seat_table_names_its_four_bots_apart_from_the_host_anna(make_host):
    host = make_host(H.TableSpec(name="Kitchen", seats=[None] + ["normal"] * 4, code=CODE,
                                 length=1, seed=3))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
        seats = a.welcome.seats
        assert (await seats_when(a, lambda s: s is not seats)) == seats  # and after it
        await a.close()
        return seats

    seats = run(main())
    names = [s.name for s in seats]
    assert names == ["Anna", "Jānis", "Ilze", "Pēteris", "Kārlis"]
    assert [s.typed for s in seats] == [True, False, False, False, False]
    for lang in LANGUAGES:  # as each player's game shows them
        set_language(lang)
        assert distinct([names[0]] + [people.bot_label(n) for n in names[1:]])
    set_language("en")


def test_a_joiner_who_takes_a_bots_name_sends_that_bot_to_another_name(make_host):
    host = make_host(H.TableSpec(name="Kitchen", seats=[None, "random", None, "normal"],
                                 code=CODE, length=1, seed=3))
    table = host.tables[CODE]
    assert table.session.names == ["", "Jānis", "", "Pēteris"]

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "ANNA")
        b = await Connection.open("127.0.0.1", host.port, CODE, "Петерис")
        seats = await seats_when(a, lambda seats: seats[2].kind == "person"
                                 and seats[2].connected)
        await a.close()
        await b.close()
        return seats, b.welcome.seats

    seats, joined = run(main())
    want = ["ANNA", "Jānis", "Петерис", "Kārlis"]  # Pēteris gives way: the next free name
    assert [s.name for s in joined] == want
    assert [s.name for s in seats] == want  # the host told the first player too
    assert [s.kind for s in seats] == ["person", "bot", "person", "bot"]
    assert table.session.names == want


def test_people_keep_their_typed_names_and_bots_keep_theirs_when_nobody_takes_them(make_host):
    host = make_host(H.TableSpec(name="Kitchen", seats=[None, None, "random"], code=CODE,
                                 length=1, seed=3))
    table = host.tables[CODE]

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "Jan")
        b = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
        await a.close()
        await b.close()
        return b.welcome.seats

    seats = run(main())
    assert [s.name for s in seats] == ["Jan", "Anna", "Ilze"]
    assert table.session.names == ["Jan", "Anna", "Ilze"]


def test_two_people_who_type_one_name_are_told_apart_by_a_number(make_host):
    # "Anna", "anna" and "Anna" at one table: each player must know which plate is whose
    host = make_host(H.TableSpec(name="Kitchen", seats=[None, None, None, "random"],
                                 code=CODE, length=1, seed=3))
    table = host.tables[CODE]

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
        b = await Connection.open("127.0.0.1", host.port, CODE, " anna ")
        c = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
        seats = await seats_when(a, lambda seats: all(s.connected for s in seats[:3]))
        for x in (a, b, c):
            await x.close()
        return seats, c.welcome.seats

    seats, joined = run(main())
    want = ["Anna", "anna 2", "Anna 3", "Pēteris"]
    assert [s.name for s in seats] == want
    assert [s.name for s in joined] == want
    assert table.session.names == want
    assert distinct(want)


def test_a_numbered_name_stays_within_the_forty_characters_a_plate_keeps():
    long = "Ā" * 40
    assert people.unique_name(long, [long]) == "Ā" * 38 + " 2"
    assert people.unique_name("  Jan  ", ["Anna"]) == "Jan"
    assert people.unique_name("", ["", "Anna"]) == ""
    assert people.unique_name("Jānis", ["Janis", "Jānis 2"]) == "Jānis 3"
