"""What a player sees at a table with more people than seats in a hand, and at a network
table when someone is away, their seat kept, or their names in the history (issue 17)."""

from __future__ import annotations

import random

from tests.ui.ui_helpers import run_until


def _answer(t, rng):
    k = t.waiting_for()
    if k == "bid":
        t.answer(rng.choice(t.state.legal_actions()))
    elif k == "bury":
        t.selected = rng.sample(t.my_hand(), t.bury_need)
        t.confirm_bury()
    elif k == "play":
        t.try_card(rng.choice(sorted(t.legal_cards())))


def test_a_player_sitting_out_has_undo_and_surrender_disabled_in_their_slots(make_app):
    """Four at the table, offline: the hand the person deals they sit out; the corner
    keeps nothing of their last hand: its Undo and Surrender stay in their slots, disabled
    (no button moves into another's place: issue 34)."""
    from zole_desktop.flow.session import Session
    from zole_desktop.rules.options import Rules
    from zole_desktop.ui.hand_end import HandSummary
    from zole_desktop.ui.sheet import ScoreSheet
    from zole_desktop.ui.table.scene import TableScene

    app = make_app()
    s = Session(players=4, names=["", "B1", "B2", "B3"], levels=[None, "random", "random",
                                                              "random"],
                human=0, length=3, seed=5, rules=Rules())
    s.match.dealer = 3  # hand 1: I lead; hand 2: I deal, and sit it out
    t = TableScene(s)
    app.stack.push(t)
    rng = random.Random(1)
    seen_out: list[list[str]] = []
    played_in_first = False
    for _ in range(40_000):
        app.step()
        top = app.stack.top
        st = t.state
        if isinstance(top, (HandSummary, ScoreSheet)):
            if isinstance(top, HandSummary) and 0 not in st.seats:
                seen_out.append([(b.text(), b.enabled) for b in t.corner])  # I sat out
                break
            top.close()
            continue
        if st is not None and 0 in st.seats and t.waiting_for() is not None:
            played_in_first = played_in_first or st.phase == "playing"
            _answer(t, rng)
    assert played_in_first and seen_out, "never sat out after playing a hand"
    assert all(c == [("Last trick (L)", True), ("Undo (Ctrl+Z)", False),
                     ("Surrender", False), ("Menu (Esc)", True)] for c in seen_out), seen_out[-1]


# ------------------------------------------------------------------ a network table
CODE = "5821"


def _host(**kw):
    from zole_desktop.net import host as H

    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Sauna", code=CODE, grace=None, **kw))
    host.start()
    return host


def _table(app, host, name="Anna"):
    from zole_desktop.net.client import Client
    from zole_desktop.net.remote import RemoteDirector, RemoteSession, wait_for_welcome
    from zole_desktop.ui.network_table import NetworkTableScene

    me = Client("127.0.0.1", host.port, CODE, name, retry_for=5)
    me.start()
    welcome, backlog = wait_for_welcome(me)
    session = RemoteSession.from_welcome(welcome)
    t = NetworkTableScene(session, RemoteDirector(session, me, welcome, backlog))
    app.stack.push(t)
    return me, t


def _plate_lines(t, seat: int) -> list[str]:
    r = t.geo.L["plates"][seat]
    return [text for kind, rect, text in t.drawn if kind == "plate-text" and r.contains(rect)]


def test_a_person_away_is_marked_on_their_plate_until_they_are_back(make_app):
    import time

    from zole_desktop.net.client import Client
    from zole_desktop.net.remote import wait_for_welcome

    host = _host(seats=[None, None, "random"], length=3, seed=4)
    me = bruno = None
    try:
        app = make_app()
        me, t = _table(app, host)
        bruno = Client("127.0.0.1", host.port, CODE, "Bruno", retry_for=5)
        bruno.start()
        token = wait_for_welcome(bruno)[0].token
        assert run_until(app, lambda: t.state is not None and t.geo.L, 5000), str(t.cond)
        app.step()
        assert not any("away" in line for line in _plate_lines(t, 1))
        bruno.close()  # Bruno's game is gone; his seat is kept
        assert run_until(app, lambda: t.seat_away(1), 5000)
        app.step()
        lines = _plate_lines(t, 1)
        assert any(line.startswith("away") for line in lines), lines
        assert not t.seat_away(0) and not t.seat_away(2)  # mine, and the bot's
        # Bruno comes back with his token: his plate is as before
        bruno = Client("127.0.0.1", host.port, CODE, "Bruno", token=token, retry_for=5)
        bruno.start()
        wait_for_welcome(bruno)
        end = time.monotonic() + 10
        while time.monotonic() < end and t.seat_away(1):
            app.step()
            time.sleep(0.005)
        app.step()
        assert not t.seat_away(1)
        assert not any("away" in line for line in _plate_lines(t, 1))
    finally:
        for c in (me, bruno):
            if c is not None:
                c.close()
        host.stop()


def test_the_history_shows_the_names_people_typed_as_typed_and_the_bots_translated(
        data_dir, tmp_path):
    """Bruno and Anna at the host's table with a bot; Anna's game goes away after the first
    hand and her seat goes to a bot.  In the host's history, in Russian, "Anna" (typed by a
    person) stays "Anna" in the list, the score lines and the review; the bot's name is
    translated."""
    import asyncio

    from tests.net.helpers import play_match
    from zole_desktop.i18n import _, set_language
    from zole_desktop.net import host as H
    from zole_desktop.net import protocol as P
    from zole_desktop.net.client import Connection
    from zole_desktop.records.history import history_files
    from zole_desktop.ui.history_entries import read_entry
    from zole_desktop.ui.review_scene import ReviewScene

    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Sauna", code=CODE, seats=[None, None, "random"],
                               length=3, seed=12, grace=0.2, grace_level="random",
                               save_to=tmp_path / "table.json"))
    host.start()
    try:
        async def bruno_then_anna():
            b = await Connection.open("127.0.0.1", host.port, CODE, "Bruno")
            a = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
            assert (b.welcome.seat, a.welcome.seat) == (0, 1)
            async def anna():  # one hand, then her game is gone
                m = await play_match(a, random.Random(2),
                                     stop=lambda m: isinstance(m, P.HandOver))
                assert isinstance(m, P.HandOver)
                a.ws.transport.abort()

            task = asyncio.create_task(anna())
            last = await play_match(b, random.Random(3))
            await task
            await b.close()
            return last

        last = asyncio.run(asyncio.wait_for(bruno_then_anna(), 120))
        assert last.match_over
        assert host.tables[CODE].session.levels[1] == "random"  # Anna's seat went to a bot
        files = []
        for _i in range(200):  # the history is written on the host's side; bounded
            files = history_files()
            if files:
                break
            asyncio.run(asyncio.sleep(0.02))
        assert len(files) == 1
        set_language("ru")
        e = read_entry(files[0])
        assert e.human == 0 and e.name(0) == "Bruno"
        assert e.name(1) == "Anna", e.name(1)
        assert e.name(2) == _("Ilze") != "Ilze"  # the bot's name, in Russian
        assert e.shown_names() == f"Bruno, Anna, {_('Ilze')}"
        rv = ReviewScene(e.rep.match.hands[0], names=e.names, viewer=e.human, number=1,
                         typed=e.typed, threaded=False)
        assert rv.name(1) == "Anna" and rv.name(2) == _("Ilze")
    finally:
        set_language("en")
        host.stop()


def _room(app, host, token: str):
    from zole_desktop.net.client import Client
    from zole_desktop.ui.lobby import WaitingRoom

    me = Client("127.0.0.1", host.port, CODE, "Anna", token=token, retry_for=5)
    me.start()
    room = WaitingRoom(me, None, CODE)
    app.stack.push(room)
    return room


def _until(app, cond, seconds: float = 20.0) -> bool:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        if cond():
            return True
        time.sleep(0.005)
    return cond()


def test_a_kept_seat_refused_joins_as_a_new_player_in_one_step(make_app):
    from zole_desktop.net import kept

    host = _host(seats=[None, None, "random"], length=3, seed=2)
    room = None
    try:
        app = make_app()
        stale = "ab" * 16  # a seat this table does not keep (it went to a bot, say)
        kept.keep("127.0.0.1", host.port, CODE, stale)
        room = _room(app, host, stale)
        assert _until(app, lambda: room.welcome is not None), room.problem
        assert room.problem == "" and room.heading() == "Sauna"
        assert room.welcome.seat == 0 and room.client.token != stale
        assert kept.token_for("127.0.0.1", host.port, CODE) == room.welcome.token
        assert [s.name for s in room.seats][:1] == ["Anna"]
    finally:
        if room is not None:
            room.client.close()
        host.stop()


def test_a_kept_seat_refused_at_a_full_table_says_so_clearly(make_app):
    import asyncio

    from zole_desktop.net.client import Connection

    host = _host(seats=[None, None, "random"], length=3, seed=2)
    room = None
    conns: list = []

    async def sit(name: str):
        conns.append(await Connection.open("127.0.0.1", host.port, CODE, name))

    try:
        asyncio.run(asyncio.wait_for(sit("Bruno"), 20))
        asyncio.run(asyncio.wait_for(sit("Cilda"), 20))
        app = make_app()
        room = _room(app, host, "cd" * 16)
        assert _until(app, lambda: room.problem and room.as_new
                      and not room.problem.endswith("…")), room.problem
        assert room.problem == ("Your seat at this table went to someone else, and no seat "
                                "is free now.")
        assert room.welcome is None
        assert room.heading() == "Could not join the table"  # not "Joining the table…"
    finally:
        if room is not None:
            room.client.close()
        host.stop()


def test_the_waiting_room_shows_a_person_away_by_name_not_as_a_free_seat(make_app):
    import asyncio

    from zole_desktop.net.client import Connection

    host = _host(seats=[None, None, None], length=3, seed=2)
    room = None
    try:
        app = make_app()
        room = _room(app, host, None)
        assert _until(app, lambda: room.welcome is not None), room.problem

        async def sit_and_go():
            c = await Connection.open("127.0.0.1", host.port, CODE, "Bruno")
            c.ws.transport.abort()  # his game is gone; the seat stays kept

        asyncio.run(asyncio.wait_for(sit_and_go(), 20))
        assert _until(app, lambda: len(room.seats) == 3 and room.seats[1].name == "Bruno"
                      and not room.seats[1].connected), room.seats
        lines = [room.seat_line(i, s) for i, s in enumerate(room.seats)]
        assert lines == ["Anna", "Bruno (away)", "A free seat"], lines
    finally:
        if room is not None:
            room.client.close()
        host.stop()


def test_the_host_gives_the_seat_of_a_person_away_to_a_bot_from_the_pause_menu(make_app):
    """At the host's game, Esc lists 'Give Bruno's seat to a bot' while Bruno is away (not
    before, and never at a joiner's game); chosen, a bot plays his seat at once."""
    import time

    from zole_desktop.net.client import Client
    from zole_desktop.net.remote import RemoteDirector, RemoteSession, wait_for_welcome
    from zole_desktop.ui.network_table import NetworkTableScene
    from zole_desktop.ui.pause import PauseMenu

    host = _host(seats=[None, None, "random"], length=3, seed=4)
    me = bruno = None
    try:
        app = make_app()
        me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
        me.start()
        welcome, backlog = wait_for_welcome(me)
        session = RemoteSession.from_welcome(welcome)
        t = NetworkTableScene(session, RemoteDirector(session, me, welcome, backlog), host)
        app.stack.push(t)
        bruno = Client("127.0.0.1", host.port, CODE, "Bruno", retry_for=5)
        bruno.start()
        wait_for_welcome(bruno)
        assert run_until(app, lambda: t.state is not None and t.geo.L, 5000), str(t.cond)
        assert t.pause_actions() == []  # everyone is here
        bruno.close()
        assert run_until(app, lambda: t.seat_away(1), 5000)
        t.open_pause()
        app.step()
        menu = app.stack.top
        assert isinstance(menu, PauseMenu)
        give = [w for w in menu.widgets if w.text() == "Give Bruno's seat to a bot"]
        assert len(give) == 1, [w.text() for w in menu.widgets]
        give[0].activate()
        assert app.stack.top is t  # the menu closed
        end = time.monotonic() + 10
        while time.monotonic() < end and t.director.seats_info[1].kind != "bot":
            app.step()
            time.sleep(0.005)
        assert t.director.seats_info[1].kind == "bot" and not t.seat_away(1)
        assert t.pause_actions() == []
        t.host = None  # a joiner's game (no host of its own) never offers it
        assert t.pause_actions() == []
    finally:
        for c in (me, bruno):
            if c is not None:
                c.close()
        host.stop()


def test_a_seat_given_to_a_bot_looks_like_any_bot_seat_on_the_others_screens(make_app):
    """Anna's table (a joiner's: no host of its own): the bot seat's plate shows its level.
    Bruno's game goes away (his plate says away); the host gives his seat to a bot (as its
    pause menu does, or the grace period running out): on Anna's screen his plate loses the
    away mark and shows the bot's level as the other bot seat does, his name as typed."""
    import time

    from zole_desktop.net.client import Client
    from zole_desktop.net.remote import wait_for_welcome

    host = _host(seats=[None, None, "strong"], length=3, seed=4)
    me = bruno = None
    try:
        app = make_app()
        me, t = _table(app, host)
        bruno = Client("127.0.0.1", host.port, CODE, "Bruno", retry_for=5)
        bruno.start()
        wait_for_welcome(bruno)
        assert run_until(app, lambda: t.state is not None and t.geo.L, 5000), str(t.cond)
        app.step()
        assert _plate_lines(t, 2)[2].startswith("Strong"), _plate_lines(t, 2)
        bruno.close()
        assert run_until(app, lambda: t.seat_away(1), 5000)
        app.step()
        assert _plate_lines(t, 1)[2].startswith("away"), _plate_lines(t, 1)
        table = host.tables[CODE]
        assert host.call(table.give_to_bot, 1, "easy").result(10)
        end = time.monotonic() + 10
        while time.monotonic() < end and t.seat_away(1):
            app.step()
            time.sleep(0.005)
        app.step()
        lines = _plate_lines(t, 1)
        assert lines[1].lstrip("▸ ") == "Bruno", lines
        assert lines[2].startswith("Easy") and "away" not in lines[2], lines
        assert t.session.bot_levels == {1: "easy", 2: "strong"}
    finally:
        for c in (me, bruno):
            if c is not None:
                c.close()
        host.stop()


def test_the_waiting_room_shows_a_typed_name_as_typed_and_a_bots_name_translated(make_app):
    """In Russian: Ilze (a person's typed name, which reads like a bot's) sits down and her
    game goes away; her seat goes to a bot.  The waiting room lists her seat as 'Ilze'
    with the bot's level, never as the bot name 'Илзе'; the table's own bot by its name in
    Russian.  A table opened from that room shows her name as typed too."""
    import asyncio

    import msgspec

    from zole_desktop.i18n import _, lower_first, set_language
    from zole_desktop.net.client import Connection
    from zole_desktop.net.remote import RemoteSession
    from zole_desktop.ui import texts

    host = _host(seats=[None, None, None, "normal"], length=3, seed=2)
    host.tables[CODE].spec.grace = 0.2
    host.tables[CODE].spec.grace_level = "random"
    room = None
    try:
        set_language("ru")
        app = make_app()
        room = _room(app, host, None)
        assert _until(app, lambda: room.welcome is not None), room.problem

        async def sit_and_go():
            c = await Connection.open("127.0.0.1", host.port, CODE, "Ilze")
            c.ws.transport.abort()  # her game is gone

        asyncio.run(asyncio.wait_for(sit_and_go(), 20))
        assert _until(app, lambda: len(room.seats) == 4 and room.seats[1].kind == "bot"), \
            room.seats
        lines = [room.seat_line(i, s) for i, s in enumerate(room.seats)]
        bot = _("{name} (bot, {level})")
        assert _("Ilze") != "Ilze" and _("Pēteris") != "Pēteris"
        # the level as a word inside the parentheses: "(бот, случайный)" (GLOSSARY.md)
        assert lines[1] == bot.format(name="Ilze",
                                      level=lower_first(_(texts.LEVEL_LABELS["random"])))
        assert lines[1].endswith("(бот, случайный)"), lines[1]
        assert lines[3] == bot.format(name=_("Pēteris"),
                                      level=lower_first(_(texts.LEVEL_LABELS["normal"])))
        session = RemoteSession.from_welcome(msgspec.structs.replace(room.welcome,
                                                                      seats=room.seats))
        assert session.name(1) == "Ilze" and session.name(3) == _("Pēteris")
    finally:
        set_language("en")
        if room is not None:
            room.client.close()
        host.stop()


def test_the_host_is_told_once_that_the_table_cannot_be_saved(make_app, tmp_path,
                                                                monkeypatch):
    """Every save of the host's table fails (a full disk): the host's game says so in one
    line, once, however many saves fail after; the bots play on."""
    from zole_desktop import storage
    from zole_desktop.net import host as H
    from zole_desktop.net.client import Client
    from zole_desktop.net.remote import RemoteDirector, RemoteSession, wait_for_welcome
    from zole_desktop.ui.network_table import NetworkTableScene

    failed = []

    def full(path, data):
        failed.append(path)
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(storage, "atomic_write", full)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Sauna", code=CODE, seats=[None, "random", "random"],
                               length=3, seed=4, grace=None, save_to=tmp_path / "t.json"))
    host.start()
    me = None
    try:
        app = make_app()
        me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
        me.start()
        welcome, backlog = wait_for_welcome(me)
        session = RemoteSession.from_welcome(welcome)
        t = NetworkTableScene(session, RemoteDirector(session, me, welcome, backlog), host)
        app.stack.push(t)
        rng = random.Random(3)
        assert run_until(app, lambda: t.state is not None and t.geo.L, 5000), str(t.cond)
        saved_before = len(failed)
        for _ in range(3000):
            app.step()
            if t.state is not None and t.state.current_seat == 0:
                _answer(t, rng)
            if len(failed) >= saved_before + 6 and t.state is not None:
                break
        assert len(failed) >= saved_before + 6  # the hand went on, and every save failed
        assert app.file_errors == ["The table cannot be saved (No space left on device); "
                                   "if the game on this computer stops, the match cannot "
                                   "be resumed."], app.file_errors
    finally:
        if me is not None:
            me.close()
        host.stop()


def test_the_moves_that_come_with_the_first_deal_are_not_lost_on_the_way_to_the_table(
        make_app):
    """The bots are first to bid and answer at once: the first deal and their bids reach
    the waiting room in one batch.  The table it opens gets all of them (it kept only the
    deal, and waited for the first bot's bid for ever: seen under Xvfb at a host's table
    with two bots)."""
    import time

    host = _host(seats=[None, "random", "random"], length=3, seed=3)  # seat 2 bids first
    room = None
    try:
        app = make_app()
        room = _room(app, host, None)
        end = time.monotonic() + 20
        while time.monotonic() < end and room.client.inbox.qsize() < 4:
            time.sleep(0.01)  # Joined, Seats, the deal and a bot's bid wait in one batch
        assert room.client.inbox.qsize() >= 4
        app.step()
        t = app.stack.top
        assert t is not room and t.director.backlog[-1].step >= 1, t.director.backlog
        assert run_until(app, lambda: t.state is not None and t.state.current_seat == 0
                         and len(t.state.bids) == 1, 20_000), (t.cond, t.state)
    finally:
        if room is not None:
            room.client.close()
        host.stop()
