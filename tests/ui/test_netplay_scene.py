"""Coming back to a network table in the real scene (issue 17), loopback only: the hand
builds up on the table as a continued offline hand does, and the score sheet is the whole
match's as the host has it."""

from __future__ import annotations

import asyncio
import random
import threading
import time

from websockets.exceptions import ConnectionClosed

from tests.net.helpers import intent_for, play_match, recv
from tests.ui.ui_helpers import run_until
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Client, Connection
from zole_desktop.net.remote import RemoteDirector, RemoteSession, wait_for_welcome
from zole_desktop.ui.network_table import NetworkTableScene

CODE = "7319"


def _host(**kw) -> H.Host:
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="Sauna", code=CODE, grace=None, **kw))
    host.start()
    return host


def _drop_after_hands(host: H.Host, hands: int, stop) -> str:
    """Anna (seat 0) and Bruno (seat 1) play ``hands`` hands and on until ``stop(message)``
    holds for one that Anna receives; then Anna's game goes away (the connection fails) while Bruno
    plays on in the background.  Anna's token."""
    out: list = []

    def bruno():
        async def run():
            b = await Connection.open("127.0.0.1", host.port, CODE, "Bruno")
            try:
                await play_match(b, random.Random(5))
            except ConnectionClosed:
                return  # the host closed at the end of the test
            await b.close()
        asyncio.run(asyncio.wait_for(run(), 240))

    async def anna():
        a = await Connection.open("127.0.0.1", host.port, CODE, "Anna")
        threading.Thread(target=bruno, daemon=True).start()
        rng = random.Random(4)
        for _ in range(20_000):
            m = await recv(a)
            done = m.row.number if isinstance(m, P.HandOver) else \
                m.hand - 1 if isinstance(m, P.Update) else 0
            if done >= hands and stop(m):
                a.ws.transport.abort()  # the game is closed: no goodbye
                return a.welcome.token
            if isinstance(m, P.HandOver):
                await a.send(P.Next())
            elif isinstance(m, P.Update) and m.obs.current_seat == 0 and m.obs.legal:
                await a.send(intent_for(m.obs, rng))
        raise AssertionError("never got there")

    out.append(asyncio.run(asyncio.wait_for(anna(), 240)))
    return out[0]


def _open_table(app, host: H.Host, token: str):
    me = Client("127.0.0.1", host.port, CODE, "Anna", token=token, retry_for=5)
    me.start()
    welcome, backlog = wait_for_welcome(me)
    session = RemoteSession.from_welcome(welcome)
    director = RemoteDirector(session, me, welcome, backlog)
    t = NetworkTableScene(session, director)
    app.stack.push(t)
    return me, t


def test_a_player_back_mid_hand_sees_the_hand_build_up_and_the_whole_score_sheet(make_app):
    host = _host(seats=[None, None, "random"], length=6, seed=8)
    me = None
    try:
        def mid_play(u) -> bool:
            return (isinstance(u, P.Update) and u.obs.phase == "playing"
                    and u.obs.current_seat == 0 and len(u.obs.hand) < 8)

        token = _drop_after_hands(host, 2, mid_play)
        ht = host.tables[CODE]
        app = make_app(animation="normal")
        me, t = _open_table(app, host, token)
        # the whole match's score sheet and pools, as the host has them, before any move
        want = [(r.number, r.totals, r.pools) for r in ht.session.match.rows]
        assert len(want) >= 2
        assert [(r.number, r.totals, r.pools) for r in t.session.match.rows] == want
        # the hand builds up: the cards travel from the deck to where the hand stands
        moving: set[int] = set()
        deck_xy = None
        end = time.monotonic() + 60
        for _ in range(3000):
            app.step()
            if t.L and deck_xy is None and t.state is not None:
                deck_xy = t.L["deck"]
            moving |= {sp.card for sp in t.sprites if sp.moving(t.clock)}
            if t.waiting_for() == "play" or time.monotonic() > end:
                break
        assert t.waiting_for() == "play", (
            f"the table is stuck at {t.cond}: hand {t.director.hand_no} rows "
            f"{len(t.session.match.rows)} queued {[(u.hand, u.step) for u in t.director.updates]}"
            f" {list(t.director.trace)}")
        mine = set(t.my_hand())
        assert mine and mine <= moving, "my cards appeared without moving"
        on_table = {c for _s, c in t.state.trick}
        assert on_table <= moving
        st = ht.director.state
        assert t.state.observation(0) == st.observation(0)
        # the next hands go on the same sheet
        assert t.session.match.rows[-1].number == len(want)
    finally:
        if me is not None:
            me.close()
        host.stop()


def test_a_player_back_between_hands_comes_in_through_the_room_and_is_dealt_the_next(
        make_app):
    from zole_desktop.ui.lobby import WaitingRoom

    host = _host(seats=[None, None, "random"], length=6, seed=9)
    me = None
    try:
        token = _drop_after_hands(host, 1, lambda m: isinstance(m, P.HandOver))
        ht = host.tables[CODE]
        assert ht.phase == "between"
        app = make_app()
        me = Client("127.0.0.1", host.port, CODE, "Anna", token=token, retry_for=5)
        me.start()
        room = WaitingRoom(me, None, CODE)
        app.stack.push(room)
        end = time.monotonic() + 60
        while time.monotonic() < end and not isinstance(app.stack.top, NetworkTableScene):
            app.step()
            time.sleep(0.005)
        t = app.stack.top
        assert isinstance(t, NetworkTableScene), "the next hand was never dealt"
        assert run_until(app, lambda: t.state is not None, 5000), str(t.cond)
        assert t.director.hand_no == 2 and not t.director.resumed  # dealt, as a new hand
        assert [r.totals for r in t.session.match.rows] == \
            [r.totals for r in ht.session.match.rows][:1]
    finally:
        if me is not None:
            me.close()
        host.stop()


def test_the_join_list_shows_the_free_seats_as_people_sit_down(make_app, monkeypatch):
    from zole_desktop.ui.lobby import JoinTableScene
    from zole_desktop.ui.widgets import Button

    monkeypatch.setenv("ZOLE_NET_INTERFACES", "127.0.0.1")
    host = H.Host("127.0.0.1", 0, announce=True)
    host.add_table(H.TableSpec(name="Pirts", seats=[None, None, "random"], code=CODE,
                               grace=None))
    host.start()
    app = make_app()
    form = JoinTableScene()
    app.stack.push(form)
    conns: list = []

    def listed(text: str, seconds: float = 20.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()
            if any(isinstance(w, Button) and text in w.text() for w in form.widgets):
                return True
            time.sleep(0.02)
        return False

    async def sit(name: str):
        conns.append(await Connection.open("127.0.0.1", host.port, CODE, name))

    try:
        assert listed("Pirts — at "), "the table was not listed"
        assert listed(": 2 free seats")
        asyncio.run(asyncio.wait_for(sit("Anna"), 20))
        assert listed(": 1 free seat"), [w.text() for w in form.widgets
                                         if isinstance(w, Button)]
        asyncio.run(asyncio.wait_for(sit("Bruno"), 20))
        assert listed(": full")
    finally:
        form.exit()
        host.stop()
