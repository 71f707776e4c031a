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
            if t.geo.L and deck_xy is None and t.state is not None:
                deck_xy = t.geo.L["deck"]
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


# ------------------------------------------------------------------ undo at a network table
class _Bruno:
    """A person at another computer who bids and buries at once, and plays a card only
    when the test lets him (``allow(step)``: at that step of the hand); what he receives
    is kept."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.allowed: tuple[int, int] | None = None  # (hand, step)
        self.got: list = []
        self.stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        async def run():
            b = await Connection.open("127.0.0.1", self.port, CODE, "Bruno")
            rng = random.Random(6)
            pending = None
            end = time.monotonic() + 200
            while not self.stop and time.monotonic() < end:
                try:
                    m = await asyncio.wait_for(b.recv(), 0.05)
                except TimeoutError:
                    m = None
                except ConnectionClosed:
                    return
                if m is not None:
                    self.got.append(m)
                    if isinstance(m, P.HandOver):
                        await b.send(P.Next())
                    elif isinstance(m, P.Update):
                        mine = m.obs.current_seat == 2 and m.obs.legal
                        pending = m if mine else None
                if pending is not None and (pending.obs.phase != "playing"
                                            or (pending.hand, pending.step) == self.allowed):
                    await b.send(intent_for(pending.obs, rng))
                    pending = None
            await b.close()
        asyncio.run(asyncio.wait_for(run(), 240))

    def allow(self, host: H.Host) -> None:
        """Bruno may play the card the host waits for now."""
        st = host.tables[CODE].director.state
        if st is not None and st.current_seat == 2:
            self.allowed = (host.tables[CODE].hand, len(st.actions()))


def _after_my_last_card(actions, me: int):
    """The actions after ``me``'s last card of the play (None: no card yet)."""
    for i in range(len(actions) - 1, -1, -1):
        s, a = actions[i]
        if s == me and a < 26:
            return actions[i + 1:]
    return None


def test_a_joiner_takes_back_a_card_when_only_bots_answered_and_is_told_why_not_after_a_person(
        make_app):
    from zole_desktop.rules.state import PLAYING

    host = _host(seats=[None, "random", None], length=3, seed=21)
    me = None
    bruno = None
    try:
        app = make_app()
        me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
        me.start()
        welcome, backlog = wait_for_welcome(me)
        bruno = _Bruno(host.port)
        session = RemoteSession.from_welcome(welcome)
        director = RemoteDirector(session, me, welcome, backlog)
        t = NetworkTableScene(session, director)
        app.stack.push(t)
        ht = host.tables[CODE]
        rng = random.Random(2)

        def host_acts():
            st = ht.director.state
            return list(st.actions()) if st is not None else []

        def settled() -> bool:  # Anna's picture is the host's, and nobody is thinking
            st = ht.director.state
            return (st is not None and t.state is not None and director.settled()
                    and len(t.state.actions()) == len(st.actions())
                    and not t.animating() and (st.current_seat != 1 or st.is_terminal()))

        def answer():
            k = t.waiting_for()
            if k == "bid":
                legal = t.state.legal_actions()
                t.answer(27 if 27 in legal else rng.choice(legal))  # Anna takes the talon
            elif k == "bury":
                t.selected = rng.sample(t.my_hand(), t.bury_need)
                t.confirm_bury()
            elif k == "play":
                t.try_card(rng.choice(sorted(t.legal_cards())))

        def play_until(cond, let_bruno: bool, seconds: float = 60.0,
                       answering: bool = True) -> bool:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                app.step()
                calm = settled()  # nobody can move at the host but Anna or Bruno
                if calm and cond():
                    return True
                if let_bruno and calm:
                    # Bruno plays only from a moment that was looked at: a card of his let
                    # go while Anna's table caught up would race the undo asked next
                    bruno.allow(host)
                if (answering and t.waiting_for() is not None and director.settled()
                        and calm):
                    answer()
                time.sleep(0.002)
            return False

        def only_bots_since():
            st = ht.director.state
            after = _after_my_last_card(host_acts(), 0)
            return (st.phase == PLAYING and after and st.current_seat in (0, 2)
                    and all(s == 1 for s, _a in after))

        assert play_until(only_bots_since, let_bruno=True), "never a card of Anna's to undo"
        before = host_acts()
        n = len(before) - max(i for i, (s, a) in enumerate(before) if s == 0 and a < 26)
        mine = before[-n][1]
        assert t.can_undo()
        t.request_undo()
        # Anna waits for her undo: a card of hers meanwhile (a loaded machine can leave her
        # table asking for one until the host's answer arrives) would race it
        assert play_until(lambda: len(host_acts()) == len(before) - n, let_bruno=False,
                          answering=False), (
            f"{n} {before[-4:]} now {host_acts()[-4:]} {t.notice.text!r} {t.cond} "
            f"{list(director.trace)[-6:]}")
        assert run_until(app, lambda: t.waiting_for() == "play", 2000), str(t.cond)
        assert host_acts() == before[:-n]
        assert t.state.observation(0) == ht.director.state.observation(0)
        assert mine in t.my_hand() and t.view.holding[0].count(mine) == 1
        # each card taken back went to the hand that played it (the bot's face down)
        assert all(a in t.view.holding[s] for s, a in before[-n:]), (before[-n:], t.view.holding)
        # Bruno's screen was told: n actions taken back, by Anna
        end = time.monotonic() + 20
        while time.monotonic() < end and not any(
                isinstance(m, P.Update) and m.undone for m in bruno.got):
            time.sleep(0.01)
        undo = [m for m in bruno.got if isinstance(m, P.Update) and m.undone]
        assert [(m.undone, m.undone_by) for m in undo] == [(n, 0)]
        assert undo[0].obs == P.obs_msg(ht.director.state.observation(2))

        # now Anna plays, and Bruno plays after her: that card cannot be taken back
        def bruno_since():
            after = _after_my_last_card(host_acts(), 0)
            st = ht.director.state
            return (st.phase == PLAYING and after is not None and any(s == 2 for s, _a in after)
                    and st.current_seat != 1)

        assert play_until(bruno_since, let_bruno=True), "Bruno never played after Anna"
        still = host_acts()
        assert not t.can_undo()
        t.request_undo()
        assert t.notice.text == "Another player has played since your move, so it cannot be undone"
        # asked on the wire anyway, the host refuses, and says why in Anna's words
        t.notice.clear()
        me.send(P.Undo())
        assert run_until(app, lambda: bool(t.notice.text), 3000)
        assert t.notice.text == "Another player has played since your move, so it cannot be undone"
        assert host_acts() == still
    finally:
        if bruno is not None:
            bruno.stop = True
        if me is not None:
            me.close()
        host.stop()


def test_back_in_the_same_window_after_a_drop_the_hand_builds_up_again(make_app, monkeypatch):
    from zole_desktop.net import client as net_client
    from zole_desktop.rules.state import PLAYING

    gate = threading.Event()  # the way back is open (the network is up again)
    gate.set()
    real_open = net_client.Connection.open.__func__

    async def slow_open(cls, *args, **kw):
        for _ in range(3000):  # bounded: 30 s
            if gate.is_set():
                break
            await asyncio.sleep(0.01)
        return await real_open(cls, *args, **kw)

    monkeypatch.setattr(net_client.Connection, "open", classmethod(slow_open))

    host = _host(seats=[None, "random", None], length=3, seed=23)
    me = None
    bruno = None
    try:
        app = make_app(animation="normal")
        me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=20)
        me.start()
        welcome, backlog = wait_for_welcome(me)
        bruno = _Bruno(host.port)
        session = RemoteSession.from_welcome(welcome)
        director = RemoteDirector(session, me, welcome, backlog)
        t = NetworkTableScene(session, director)
        app.stack.push(t)
        ht = host.tables[CODE]
        rng = random.Random(3)
        end = time.monotonic() + 90
        # play (Bruno only when let) until it is Bruno's turn in the play
        while time.monotonic() < end:
            app.step()
            st = ht.director.state
            if st is not None and st.phase == PLAYING and st.current_seat == 2 and \
                    director.settled() and not t.animating() and \
                    len(t.state.actions()) == len(st.actions()):
                break
            if t.waiting_for() is not None and director.settled():
                _answer(t, rng)
            time.sleep(0.002)
        steps = len(ht.director.state.actions())
        gate.clear()
        me.drop()  # the network fails; Bruno plays meanwhile
        assert run_until(app, lambda: bool(t.notice.text), 3000)
        bruno.allow(host)
        end = time.monotonic() + 30
        while len(ht.director.state.actions()) == steps and time.monotonic() < end:
            time.sleep(0.01)
        assert len(ht.director.state.actions()) > steps
        gate.set()
        # back: every card starts from the deck and travels to where the hand stands
        starts: dict[int, tuple[float, float]] = {}
        end = time.monotonic() + 30
        while time.monotonic() < end and not starts:
            app.step()
            starts = {sp.card: (sp.x0, sp.y0) for sp in t.sprites if sp.moving(t.clock)}
            time.sleep(0.005)
        deck = t.geo.L["deck"]
        mine = set(t.my_hand())
        assert mine and mine <= set(starts), "my cards did not travel after coming back"
        assert all(starts[c] == deck for c in mine)
        assert run_until(app, lambda: not t.animating(), 2000)
        assert t.state.observation(0) == ht.director.state.observation(0)
    finally:
        if bruno is not None:
            bruno.stop = True
        if me is not None:
            me.close()
        host.stop()


def _answer(t, rng):
    k = t.waiting_for()
    if k == "bid":
        legal = t.state.legal_actions()
        t.answer(27 if 27 in legal else rng.choice(legal))
    elif k == "bury":
        t.selected = rng.sample(t.my_hand(), t.bury_need)
        t.confirm_bury()
    elif k == "play":
        t.try_card(rng.choice(sorted(t.legal_cards())))


def test_each_trick_is_counted_once_on_the_table_at_the_end_of_every_hand(make_app):
    from zole_desktop.ui.hand_end import HandSummary
    from zole_desktop.ui.sheet import ScoreSheet

    host = _host(seats=[None, "random", None], length=4, seed=31)
    me = None
    try:
        app = make_app(animation="normal")  # a trick stays on show a moment after it is won
        me = Client("127.0.0.1", host.port, CODE, "Anna", retry_for=5)
        me.start()
        welcome, backlog = wait_for_welcome(me)

        def other():
            async def run():
                c = await Connection.open("127.0.0.1", host.port, CODE, "Bruno")
                try:
                    await play_match(c, random.Random(8))
                except ConnectionClosed:
                    return
                await c.close()
            asyncio.run(asyncio.wait_for(run(), 200))

        threading.Thread(target=other, daemon=True).start()
        session = RemoteSession.from_welcome(welcome)
        director = RemoteDirector(session, me, welcome, backlog)
        t = NetworkTableScene(session, director)
        app.stack.push(t)
        rng = random.Random(5)
        counted = []
        end = time.monotonic() + 150
        while time.monotonic() < end and t in app.stack.scenes:
            app.step()
            top = app.stack.top
            if isinstance(top, HandSummary):
                played = len(t.state.completed)
                counted.append((sum(t.view.pile_tricks.values()), played))
                top.close()
            elif isinstance(top, ScoreSheet):
                top.close()
            elif t.waiting_for() is not None and director.settled():
                _answer(t, rng)
            time.sleep(0.001)
        assert len(counted) == 4, counted
        assert all(shown == played for shown, played in counted), counted
    finally:
        if me is not None:
            me.close()
        host.stop()
