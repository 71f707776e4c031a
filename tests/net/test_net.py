"""A table on the local network, on loopback: whole matches, the hidden cards, rejoining, a
host restart, and untrusted input (issue 17)."""

from __future__ import annotations

import asyncio
import json
import random
import time

import msgspec
import pytest
from websockets.asyncio.client import connect

from tests.net.helpers import CARD_RE, STEP_TIMEOUT, intent_for, leaked, play_match, recv, run
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Client, Connection, Dropped, Failed, Joined, JoinRefused
from zole_desktop.net.limits import JoinGuard

CODE = "4321"


def table_of(host: H.Host, code: str = CODE) -> H.Table:
    return host.tables[code]


# ------------------------------------------------------------------ whole matches
def test_two_people_and_a_bot_play_a_whole_match_and_see_only_their_own_cards(make_host):
    host = make_host(H.TableSpec(name="Kitchen", seats=[None, None, "random"], code=CODE,
                                 length=12, seed=3))
    frames: dict[int, list[bytes]] = {0: [], 1: []}

    async def main():
        got: list[list[bytes]] = [[], []]
        a = await Connection.open("127.0.0.1", host.port, CODE, "Anna", on_raw=got[0].append)
        b = await Connection.open("127.0.0.1", host.port, CODE, "Jānis", on_raw=got[1].append)
        assert (a.welcome.seat, b.welcome.seat) == (0, 1)
        assert a.welcome.seats[2].kind == "bot"
        ends = await asyncio.gather(play_match(a, random.Random(1)),
                                    play_match(b, random.Random(2)))
        frames[0], frames[1] = got
        await a.close()
        await b.close()
        return ends

    ends = run(main())
    match = table_of(host).session.match
    assert len(match.rows) == 12
    # both saw the same end, the host's
    for end in ends:
        assert end.match_over and end.final == list(match.final_totals())
        assert end.row.totals == list(match.rows[-1].totals)
    assert table_of(host).session.names[:2] == ["Anna", "Jānis"]
    # every byte each person received: no card they were not allowed to know
    for seat in (0, 1):
        assert len(frames[seat]) > 100
        assert leaked(frames[seat], seat, match) == []


def test_the_hidden_card_check_catches_a_leak(make_host, monkeypatch):
    """The check above can fail: a host that sent the talon to everyone is caught."""
    real = P.obs_msg

    def leaky(o):
        m = real(o)
        st = table_of(host).director.state
        import msgspec

        from zole_desktop.rules import cards as C
        return msgspec.structs.replace(m, talon=[C.CARD_NAMES[c] for c in st.talon_cards])

    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=1, seed=3))
    monkeypatch.setattr(P, "obs_msg", leaky)

    async def main():
        got: list[bytes] = []
        a = await Connection.open("127.0.0.1", host.port, CODE, "A", on_raw=got.append)
        b = await Connection.open("127.0.0.1", host.port, CODE, "B")
        await asyncio.gather(play_match(a, random.Random(1)), play_match(b, random.Random(2)))
        return got

    got = run(main())
    assert leaked(got, 0, table_of(host).session.match)


def test_clients_on_their_threads_play_a_match_through_queues(make_host):
    host = make_host(H.TableSpec(seats=[None, None, None, "random"], code=CODE, length=4,
                                 seed=9))
    rng = random.Random(5)
    clients = [Client("127.0.0.1", host.port, CODE, f"P{k}", retry_for=5) for k in range(3)]
    for c in clients:
        c.start()
    done = [None, None, None]
    deadline = time.monotonic() + 120
    while None in done and time.monotonic() < deadline:
        idle = True
        for k, c in enumerate(clients):
            for m in c.poll():
                idle = False
                if isinstance(m, Failed):
                    raise AssertionError(m.reason)
                if isinstance(m, P.HandOver):
                    if m.match_over:
                        done[k] = m
                    else:
                        c.send(P.Next())
                elif (isinstance(m, P.Update) and c.welcome is not None
                      and m.obs.current_seat == c.welcome.seat and m.obs.legal):
                    c.send(intent_for(m.obs, rng))
        if idle:
            time.sleep(0.005)
    for c in clients:
        c.close()
    assert None not in done, "the match did not end in time"
    assert len(table_of(host).session.match.rows) == 4
    assert len({tuple(d.final) for d in done}) == 1


# ------------------------------------------------------------------ rejoining
def test_a_dropped_player_rejoins_mid_trick_and_finds_the_hand_where_it_stood(make_host):
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=2, seed=4,
                                 grace=None))

    def mid_trick(m):  # a card or two on the table, and it is A's turn
        return (isinstance(m, P.Update) and m.obs.phase == "playing"
                and len(m.obs.trick) in (1, 2) and m.obs.current_seat == 0)

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        b = await Connection.open("127.0.0.1", host.port, CODE, "B")
        rb = random.Random(2)
        # A plays until a trick is begun and it is A's turn; B plays along
        tb = asyncio.create_task(play_match(b, rb))
        seen = await play_match(a, random.Random(1), stop=mid_trick)
        assert isinstance(seen, P.Update)
        token = a.welcome.token
        a.ws.transport.abort()  # the network fails
        await asyncio.sleep(0.2)
        assert 0 not in table_of(host).conns
        # a stranger with no token cannot take the seat, and a made-up token is refused
        with pytest.raises(JoinRefused) as e:
            await Connection.open("127.0.0.1", host.port, CODE, "X")
        assert e.value.reason == "full"
        with pytest.raises(JoinRefused) as e:
            await Connection.open("127.0.0.1", host.port, CODE, "X", token="0" * 32)
        assert e.value.reason == "token"
        a2 = await Connection.open("127.0.0.1", host.port, CODE, "A", token=token)
        assert a2.welcome.seat == 0
        assert a2.welcome.seats[0].connected
        back = await recv(a2)
        while not isinstance(back, P.Update):
            back = await recv(a2)
        st = table_of(host).director.state
        assert back.obs == P.obs_msg(st.observation(0))
        assert (back.hand, back.step) == (seen.hand, seen.step)  # nobody could move without A
        assert back.obs.trick == seen.obs.trick and back.obs.hand == seen.obs.hand
        await a2.send(intent_for(back.obs, random.Random(3)))  # A moves on from there
        end = await play_match(a2, random.Random(3))
        await tb
        await a2.close()
        await b.close()
        return end

    end = run(main())
    assert end.match_over


def test_the_thread_client_comes_back_by_itself_after_a_drop(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1,
                                 seed=2, grace=None))
    c = Client("127.0.0.1", host.port, CODE, "A", retry_for=20)
    c.start()
    got: list[object] = []

    def wait_for(kind, n=1, limit=20.0):
        t = time.monotonic() + limit
        while time.monotonic() < t:
            got.extend(c.poll())
            if sum(isinstance(m, kind) for m in got) >= n:
                return
            time.sleep(0.01)
        raise AssertionError(f"no {kind.__name__} in {limit} s: {got[-5:]}")

    try:
        wait_for(Joined)
        wait_for(P.Update)
        c.drop()
        wait_for(Dropped)
        wait_for(Joined, 2)
        wait_for(P.Update, 2)
    finally:
        c.close()
    assert [m for m in got if isinstance(m, Dropped)][0].retrying
    assert c.token is not None and c.welcome is not None and c.welcome.seat == 0


def test_a_seat_whose_player_does_not_come_back_goes_to_a_bot(make_host):
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=1, seed=6,
                                 grace=0.3, grace_level="random"))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        b = await Connection.open("127.0.0.1", host.port, CODE, "B")
        token = b.welcome.token
        await b.close()
        # A plays on; after the grace period the bot plays B's cards, so the hand ends
        end = await play_match(a, random.Random(1))
        with pytest.raises(JoinRefused):
            await Connection.open("127.0.0.1", host.port, CODE, "B", token=token)
        await a.close()
        return end

    end = run(main())
    assert end.match_over
    assert table_of(host).session.bot_levels[1] == "random"


def test_a_seat_that_goes_to_a_bot_is_announced_as_every_bot_seat(make_host):
    """Bruno does not come back: the seats message that tells Anna, and the welcome of
    someone who comes to the table after, say his seat is a bot's with its level, as the
    bot seat's from the start; they hold no card, and the seats are bounded."""
    host = make_host(H.TableSpec(seats=[None, None, "strong"], code=CODE, length=3, seed=6,
                                 grace=0.2, grace_level="easy"))

    async def main():
        raw: list[bytes] = []
        a = await Connection.open("127.0.0.1", host.port, CODE, "Anna", on_raw=raw.append)
        b = await Connection.open("127.0.0.1", host.port, CODE, "Bruno")
        await b.close()
        while True:
            m = await recv(a)
            if isinstance(m, P.Seats) and m.seats[1].kind == "bot":
                break
        late = await Connection.open("127.0.0.1", host.port, CODE, "Cilda",
                                     token=a.welcome.token)  # Anna's game, again
        await a.close()
        await late.close()
        return m, late.welcome, raw

    seats, welcome, raw = run(main(), 60)
    for infos in (seats.seats, welcome.seats):
        assert (infos[1].kind, infos[1].level, infos[1].connected) == ("bot", "easy", True)
        assert (infos[2].kind, infos[2].level, infos[2].connected) == ("bot", "strong", True)
        assert infos[1].name == "Bruno"
        assert infos[1].typed and not infos[2].typed  # a person typed "Bruno"; not "Ilze"
    assert not any(CARD_RE.search(r) for r in raw
                   if isinstance(P.decode_host(r), (P.Seats, P.Welcome)))
    # a host's seats are bounded: at most five, at a table of 3 to 5
    six = P.encode(P.Seats(seats=[seats.seats[0]] * 6))
    with pytest.raises(P.ProtocolError):
        P.decode_host(six)
    with pytest.raises(P.ProtocolError):
        P.decode_host(P.encode(msgspec.structs.replace(welcome, players=9)))


# ------------------------------------------------------------------ a host restart
def test_a_host_restart_resumes_the_match_from_its_save(make_host, data_dir):
    save = data_dir / "net-table.json"
    spec = H.TableSpec(name="Cottage", seats=[None, None, "random"], code=CODE, length=3,
                       seed=8, save_to=save)
    host = make_host(spec)
    state = {}

    def stop_at(m):
        return isinstance(m, P.Update) and m.hand == 2 and m.step >= 8

    async def first():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        b = await Connection.open("127.0.0.1", host.port, CODE, "B")
        state["tokens"] = (a.welcome.token, b.welcome.token)
        tb = asyncio.create_task(play_match(b, random.Random(2), stop=stop_at))
        ta = asyncio.create_task(play_match(a, random.Random(1), stop=stop_at))
        await asyncio.wait([ta, tb], return_when=asyncio.FIRST_COMPLETED)
        await asyncio.sleep(0.2)  # let the other one's message arrive; nobody acts now

    run(first())
    t = table_of(host)
    before = t.director.state.actions()
    rows = list(t.session.match.rows)
    assert len(rows) == 1 and before
    host.stop()  # the host goes away (as a crash would: the save is written every action)

    host2 = make_host(spec)
    t2 = table_of(host2)
    assert t2.director.state.actions() == before
    assert [r.totals for r in t2.session.match.rows] == [r.totals for r in rows]

    async def second():
        a = await Connection.open("127.0.0.1", host2.port, CODE, "A", token=state["tokens"][0])
        b = await Connection.open("127.0.0.1", host2.port, CODE, "B", token=state["tokens"][1])
        assert (a.welcome.seat, b.welcome.seat) == (0, 1)
        assert a.welcome.table == "Cottage" and len(a.welcome.sheet) == 1
        return await asyncio.gather(play_match(a, random.Random(3)),
                                    play_match(b, random.Random(4)))

    ends = run(second())
    assert all(e.match_over for e in ends)
    assert len(t2.session.match.rows) == 3
    assert t2.session.match.hands[1].actions()[:len(before)] == before
    # the finished match is in the host's history, and no longer saved: the host does both
    # after it has sent the match's end, the removal on its saver thread, so wait for them
    history = data_dir / "history"
    until = time.monotonic() + 10.0
    while (save.exists() or not list(history.glob("match-*.json"))) and \
            time.monotonic() < until:
        time.sleep(0.02)
    assert not save.exists()
    assert len(list(history.glob("match-*.json"))) == 1


# ------------------------------------------------------------------ untrusted input
async def _raw(port: int):
    return await connect(f"ws://127.0.0.1:{port}/", compression=None, proxy=None,
                         open_timeout=5)


async def _closed_code(ws) -> int:
    """The close code once the host closes the connection (bounded in time)."""
    from websockets.exceptions import ConnectionClosed

    try:
        for _ in range(1000):
            await asyncio.wait_for(ws.recv(), STEP_TIMEOUT)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else -1
    raise AssertionError("the connection stayed open")


def _hello(code: str = CODE, **kw) -> str:
    return P.encode(P.Hello(v=P.VERSION, code=code, **kw)).decode()


@pytest.mark.parametrize("frame", [
    "not json at all",
    '{"type": "hello"}',  # fields missing
    '{"type": "hello", "v": 1, "code": "12345"}',  # a code of five digits
    '{"type": "hello", "v": 1, "code": "4321", "name": "A", "extra": 1}',  # unknown field
    '{"type": "exec", "code": "import os"}',  # an unknown message
    '{"type": "play", "card": "QC"}',  # an intent before the hello
    '[1, 2, 3]',
    '{"type": "hello", "v": 1, "code": "4321", "token": "../../etc/passwd"}',
])
def test_a_malformed_first_message_closes_only_that_connection(make_host, frame):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1))

    async def main():
        ws = await _raw(host.port)
        await ws.send(frame)
        return await _closed_code(ws)

    assert run(main()) == 1008
    assert host.closed_connections == 1
    # the host goes on: a real player joins and plays the hand
    async def play():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        return await play_match(a, random.Random(1))

    assert run(play()).match_over


def test_oversized_malformed_and_repeated_hello_messages_after_joining(make_host):
    host = make_host(H.TableSpec(seats=[None, None, None], code=CODE, length=1, grace=None))

    async def main():
        codes = []
        token = None
        for bad in ["x" * (P.MAX_CLIENT_FRAME + 1),
                    '{"type": "play", "card": "ZZ"}',
                    '{"type": "bid", "bid": "everything"}',
                    _hello(),
                    b'\xff\xfe binary junk']:
            ws = await _raw(host.port)
            await ws.send(_hello(name="M", token=token))
            msg = P.decode_host(await asyncio.wait_for(ws.recv(), STEP_TIMEOUT))
            assert isinstance(msg, P.Welcome) and msg.seat == 0
            token = msg.token
            await ws.send(bad)
            codes.append(await _closed_code(ws))
            # the seat is kept for its token, so the next connection rejoins it
            ws2 = await _raw(host.port)
            await ws2.send(_hello(token=token))
            msg = P.decode_host(await asyncio.wait_for(ws2.recv(), STEP_TIMEOUT))
            assert isinstance(msg, P.Welcome) and msg.seat == 0
            await ws2.close()
        return codes

    codes = run(main())
    assert codes == [1009, 1008, 1008, 1008, 1008]
    assert host.closed_connections == 5


def test_illegal_and_out_of_turn_intents_are_refused_and_change_nothing(make_host):
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=1, seed=11,
                                 grace=None))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        b = await Connection.open("127.0.0.1", host.port, CODE, "B")
        ua = await recv(a)
        while not isinstance(ua, P.Update):
            ua = await recv(a)
        t = table_of(host)
        st = t.director.state
        mover, other = (a, b) if st.current_seat == 0 else (b, a)
        assert st.phase == "bidding"
        before = st.actions()
        other_seat = other.welcome.seat
        # not your turn
        await other.send(P.Bid(bid="take"))
        # a card while bidding; a burial while bidding; undo of nothing; next mid-hand
        await mover.send(P.Play(card="QC"))
        await mover.send(P.Bury(card="QC"))
        await mover.send(P.Undo())
        await mover.send(P.Next())
        reasons = {mover.welcome.seat: [], other_seat: []}
        for c in (other, mover):
            want = 1 if c is other else 4
            while len(reasons[c.welcome.seat]) < want:
                m = await recv(c)
                if isinstance(m, P.Rejected):
                    reasons[c.welcome.seat].append(m.reason)
        assert t.director.state.actions() == before
        # a card the player does not hold, once play begins
        await mover.send(P.Bid(bid="zole"))
        mine = set()
        while True:
            m = await recv(mover)
            if isinstance(m, P.Update) and m.obs.phase == "playing":
                mine = set(m.obs.hand)
                break
        st = t.director.state
        from zole_desktop.rules import cards as C
        not_mine = next(n for n in C.CARD_NAMES if n not in mine)
        while t.director.state.current_seat != mover.welcome.seat:
            await asyncio.sleep(0.01)
        n = len(t.director.state.actions())
        await mover.send(P.Play(card=not_mine))
        m = await recv(mover)
        while not isinstance(m, P.Rejected):
            m = await recv(mover)
        assert len(t.director.state.actions()) == n
        await a.close()
        await b.close()
        return reasons

    reasons = run(main())
    assert list(reasons.values())[0] or list(reasons.values())[1]
    assert all(reasons.values())


def test_a_flood_closes_that_connection_and_the_table_goes_on(make_host):
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=1, seed=2,
                                 grace=None), rate=H.RATE)

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        ws = await _raw(host.port)
        await ws.send(_hello(name="F"))
        flood = P.encode(P.Undo()).decode()
        from websockets.exceptions import ConnectionClosed

        try:
            for _ in range(H.BURST * 5):
                await ws.send(flood)
        except ConnectionClosed:
            pass
        code = await _closed_code(ws)
        return a, code

    async def whole():
        a, code = await main()
        assert code == 1008
        # the flooder's seat (1) comes back with a fresh, well-behaved connection
        tok = table_of(host).tokens[1]
        b = await Connection.open("127.0.0.1", host.port, CODE, "F", token=tok)
        ends = await asyncio.gather(play_match(a, random.Random(1)),
                                    play_match(b, random.Random(2)))
        return ends

    ends = run(whole())
    assert all(e.match_over for e in ends)
    assert host.closed_connections == 1


def test_wrong_codes_are_refused_and_repeated_ones_slowed(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     guard=JoinGuard(free=2, first=0.1, cap=0.4))

    async def main():
        delays = []
        for code in ["0000", "1234", "9999", "4320"]:
            with pytest.raises(JoinRefused) as e:
                await Connection.open("127.0.0.1", host.port, code, "X")
            assert e.value.reason == "code"
            delays.append(host.penalty("127.0.0.1"))
        # the right code still works, and clears the address's count
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        delays.append(host.penalty("127.0.0.1"))
        await a.close()
        return delays

    delays = run(main())
    assert delays == [0, 0.1, 0.2, 0.4, 0]  # the next one's wait: doubling, capped, cleared


def test_a_client_of_another_version_is_refused(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1))

    async def main():
        ws = await _raw(host.port)
        await ws.send(json.dumps({"type": "hello", "v": 99, "code": CODE}))
        return P.decode_host(await asyncio.wait_for(ws.recv(), STEP_TIMEOUT))

    assert run(main()) == P.Refused(reason="version")


def test_seats_parse_and_refuse_nonsense():
    assert H.parse_seats("human,human,bot:strong") == [None, None, "strong"]
    assert H.parse_seats("human, bot, bot:easy, human") == [None, "normal", "easy", None]
    for bad in ["human,human", "bot,bot,bot", "human,human,bot:godlike", "human,x,bot"]:
        with pytest.raises(ValueError):
            H.parse_seats(bad)


# ------------------------------------------------------------------ undo
def test_undo_takes_back_my_card_and_the_bots_but_never_another_persons(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", None], code=CODE, length=1, seed=12,
                                 grace=None))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        c = await Connection.open("127.0.0.1", host.port, CODE, "C")
        t = table_of(host)
        rng = random.Random(1)
        conns = {0: a, 2: c}
        results = []
        # play until a person has played a card and the bot moved after it
        for _ in range(400):
            st = t.director.state
            acts = st.actions()
            if st.phase == "playing" and len(acts) >= 2 and acts[-1][0] == 1 and \
                    acts[-2][0] in conns and 0 <= acts[-2][1] < 26 and st.current_seat in conns:
                break
            seat = st.current_seat
            if seat in conns and st.phase != "done":
                before = len(acts)
                obs = P.obs_msg(st.observation(seat))
                await conns[seat].send(intent_for(obs, rng))
                for _ in range(200):
                    if len(t.director.state.actions()) > before:
                        break
                    await asyncio.sleep(0.01)
            await asyncio.sleep(0.02)
        st = t.director.state
        acts = st.actions()
        mine = acts[-2][0]
        other = 2 if mine == 0 else 0
        assert st.current_seat == other  # the other person is to move now
        # the other person cannot take back my card, nor the bot's
        n = len(acts)
        await conns[other].send(P.Undo())
        m = await recv(conns[other])
        while not isinstance(m, P.Rejected):
            m = await recv(conns[other])
        results.append(len(t.director.state.actions()) == n)
        # I take back my card and the bot's after it
        await conns[mine].send(P.Undo())
        m = await recv(conns[mine])
        while not (isinstance(m, P.Update) and m.undone):
            m = await recv(conns[mine])
        results.append((m.undone, len(t.director.state.actions()), m.obs.current_seat))
        await a.close()
        await c.close()
        return results, n, mine

    results, n, mine = run(main())
    assert results[0] is True
    assert results[1] == (2, n - 2, mine)


def test_a_serious_table_takes_nothing_back(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=6,
                                 seed=3, serious=True))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        rng = random.Random(2)
        t = table_of(host)
        for _ in range(2000):
            m = await recv(a)
            if isinstance(m, P.HandOver):  # all passed: the next hand
                assert not m.match_over
                await a.send(P.Next())
            if isinstance(m, P.Update) and m.obs.current_seat == 0 and m.obs.legal:
                if m.obs.phase == "playing" and any(s == 0 and x < 26 for s, x in
                                                    t.director.state.actions()):
                    n = len(t.director.state.actions())
                    await a.send(P.Undo())
                    r = await recv(a)
                    while not isinstance(r, P.Rejected):
                        r = await recv(a)
                    return n, len(t.director.state.actions())
                await a.send(intent_for(m.obs, rng))
        raise AssertionError("never played a card")

    n, after = run(main())
    assert n == after


# ------------------------------------------------------------------ discovery
def test_a_hosted_table_is_found_by_name_on_loopback_without_its_code():
    from zole_desktop.net.discovery import Finder, Found

    h = H.Host("127.0.0.1", 0, announce=True)
    h.add_table(H.TableSpec(name="Summer cottage", seats=[None, None, "random"], code=CODE))
    h.start()
    finder = Finder(["127.0.0.1"])
    try:
        found = None
        deadline = time.monotonic() + 20
        while found is None and time.monotonic() < deadline:
            for ev in finder.poll():
                if isinstance(ev, Found) and ev.name == "Summer cottage":
                    found = ev
            time.sleep(0.05)
    finally:
        finder.close()
        h.stop()
    assert found is not None, "the table was not found"
    assert (found.address, found.port, found.players, found.free) == ("127.0.0.1", h.port, 3, 2)
    assert found.host
    # the announcement never carries the join code
    assert CODE not in repr(found)


def test_addresses_typed_by_hand():
    from zole_desktop.net.discovery import DEFAULT_PORT, parse_address

    assert parse_address("192.168.1.20:5000") == ("192.168.1.20", 5000)
    assert parse_address(" kitchen.local ") == ("kitchen.local", DEFAULT_PORT)
    assert parse_address("[fe80::1]:7") == ("fe80::1", 7)
    assert parse_address("[fe80::1]") == ("fe80::1", DEFAULT_PORT)
    for bad in ["", "a b", "host:0", "host:70000", "host:x", "http://x/y", "[::1]junk"]:
        with pytest.raises(ValueError):
            parse_address(bad)
