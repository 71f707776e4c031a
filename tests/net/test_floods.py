"""One stranger's floods (issue 32 item 3), on loopback with raw sockets: pings with no
join code and from a seat, a message in one-byte pieces, a client that stops reading, a
stream of connections.  Each is cut, what the host holds for it stays bounded, and the
table plays on."""

from __future__ import annotations

import asyncio
import random
import socket
import time

import pytest

from tests.net.helpers import play_match, run
from zole_desktop.net import conn as K
from zole_desktop.net import flood as F
from zole_desktop.net import host as H
from zole_desktop.net.client import Connection

CODE = "4321"


def held_bytes(host: H.Host) -> int:
    """What the host holds to send, over all its connections (its loop's view)."""
    def count() -> int:
        total = 0
        for t in host.tables.values():
            for c in t.conns.values():
                total += getattr(c, "queued", 0) + c.ws.transport.get_write_buffer_size()
        return total
    return host.call(count).result(5)


def flood(s: socket.socket, data: bytes, most: int, seconds: float = 20.0) -> int:
    """Send ``data`` up to ``most`` times (without reading) until the host stops taking it;
    how many times it was sent."""
    s.settimeout(2.0)
    end = time.monotonic() + seconds
    n = 0
    try:
        while n < most and time.monotonic() < end:
            s.sendall(data)
            n += 1
    except OSError:
        pass
    return n


def closed_by_host(s: socket.socket, seconds: float = 10.0) -> bool:
    """Does the host close this connection (within ``seconds``), whatever it sent before?"""
    s.settimeout(seconds)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if not s.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


PINGS = F.frame(F.PING, b"x" * 125) * 100


def test_a_ping_flood_with_no_join_code_is_cut(make_host):
    """Before, pings were outside every limit: 2.5 M of them took the host to 272 MB, each
    pong waiting for a stranger who never read it."""
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     rate=H.RATE)
    s = F.connect(host.port)
    sent = flood(s, PINGS, 2000)  # up to 200,000 pings
    assert closed_by_host(s)
    assert sent < 2000
    assert host.closed_connections == 1


def test_a_ping_flood_from_a_seat_is_cut_and_the_player_comes_back(make_host):
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=CODE, length=1, seed=2,
                                 grace=None), rate=H.RATE)
    s, token = F.seat(host.port, CODE, None)
    sent = flood(s, PINGS, 2000)
    assert closed_by_host(s)
    assert sent < 2000

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        b = await Connection.open("127.0.0.1", host.port, CODE, "F", token=token)
        return await asyncio.gather(play_match(a, random.Random(1)),
                                    play_match(b, random.Random(2)))

    assert all(e.match_over for e in run(main()))


def test_a_message_sent_in_one_byte_pieces_is_counted_piece_by_piece(make_host):
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     rate=H.RATE)
    s, _token = F.seat(host.port, CODE, None)
    # empty pieces: the message never grows to its size limit, only the frames add up
    flood(s, F.frame(F.TEXT, b"{", fin=False), 1)
    flood(s, F.frame(F.CONT, b"", fin=False) * 500, 400)
    assert closed_by_host(s)
    assert host.closed_connections == 1


def test_a_client_that_does_not_read_is_cut_and_what_waits_for_it_stays_bounded(
        make_host, monkeypatch):
    """A seated stranger whose pings are within the frame limit but who reads nothing: the
    pongs (and the messages) wait for it in the host's buffers, which are capped."""
    monkeypatch.setattr(K, "WRITE_CAP", 64 * 1024)
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     rate=100_000.0, burst=100_000)  # the frame limit out of the way
    # the small buffer set before connecting: set after, the two ends' windows could stall
    # each other with the pings in the stranger's own send queue and nothing held at the host
    s, _token = F.seat(host.port, CODE, None, rcvbuf=4096)
    most = 0
    s.settimeout(2.0)
    try:
        for _ in range(4000):  # up to 400,000 pings: 50 MB of pongs
            s.sendall(PINGS)
            most = max(most, held_bytes(host))
    except OSError:
        pass
    assert closed_by_host(s)
    assert most <= K.WRITE_CAP + 2 * len(PINGS) + K.OUTBOX_BYTES


def test_the_outbox_of_a_client_that_does_not_read_is_bounded_in_bytes():
    """512 messages of up to 256 KB each could wait for one client (128 MB); now also at
    most OUTBOX_BYTES."""
    from zole_desktop.net import protocol as P
    from zole_desktop.net.limits import LogLimit

    class Stuck:
        """A websocket whose sends never finish (a client that does not read)."""

        closed_with = None

        async def send(self, data, text=None):
            await asyncio.sleep(3600)

        async def close(self, code=1000, reason=""):
            self.closed_with = code

    async def main():
        ws = Stuck()
        c = K.Conn(ws, "x", LogLimit(K.logging.getLogger("test")))
        big = P.Rejected(reason="x" * 100_000)
        most = 0
        for _ in range(200):
            c.send(big)
            most = max(most, c.queued)
        await asyncio.sleep(0)
        c.writer.cancel()
        return c, most

    c, most = run(main())
    assert c.closing
    assert most <= K.OUTBOX_BYTES


def test_one_address_cannot_hold_every_connection_nor_open_them_without_end(make_host):
    addresses = K.Addresses(most=8, rate=2.0, burst=12)
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     rate=H.RATE, addresses=addresses)
    held, cut = [], 0
    for _ in range(20):  # silent connections from one address
        try:
            held.append(F.connect(host.port, src="127.0.0.5"))
        except OSError:
            cut += 1
    assert len(held) == 8 and cut == 12
    for s in held:
        s.close()
    time.sleep(0.2)
    # another address is not held back by that one
    other = F.connect(host.port, src="127.0.0.6")
    other.close()
    # the first address, its connections gone, opens new ones only at its rate
    opened = 0
    for _ in range(10):
        try:
            F.connect(host.port, src="127.0.0.5").close()
            opened += 1
        except OSError:
            pass
    assert opened <= 2
    assert addresses.cut >= 12 + 8


@pytest.mark.parametrize("kind", ["ping", "seated-ping", "noread", "pieces", "reconnect"])
def test_each_flood_of_the_bench_runs_and_the_host_plays_on(make_host, kind):
    """The bench's floods, briefly, against a host at the real limits; meanwhile a person
    plays a whole match at another table."""
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=2,
                                 seed=4, grace=None),
                     H.TableSpec(seats=[None, None, None], code="9999", length=1),
                     rate=H.RATE)

    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A")
        loop = asyncio.get_running_loop()
        attack = loop.run_in_executor(None, F.run, kind, host.port, "9999", 3.0)
        end = await play_match(a, random.Random(5))
        return end, await attack

    end, sent = run(main())
    assert end.match_over
    assert sent["connections"] >= 1


def test_an_address_whose_connections_abuse_the_host_waits_longer_each_time():
    """Past the free ones, each connection closed for what it sent keeps the address out
    for twice as long as the one before, up to the cap; forgotten after a quiet while;
    another address is not held back."""
    now = [1000.0]
    a = K.Addresses(clock=lambda: now[0])
    waits = []
    for _ in range(12):
        a.abused("10.0.0.1")
        waits.append(round(a.waits("10.0.0.1"), 3))
    first = K.ABUSE_FIRST
    assert waits[:K.ABUSE_FREE] == [0.0] * K.ABUSE_FREE
    assert waits[K.ABUSE_FREE:K.ABUSE_FREE + 4] == [first, 2 * first, 4 * first, 8 * first]
    assert waits[-1] == K.ABUSE_MAX
    assert not a.admit("10.0.0.1") and a.admit("10.0.0.2")
    now[0] += K.ABUSE_MAX + 0.1
    assert a.admit("10.0.0.1")  # its time is over
    a.abused("10.0.0.1")  # and the next abuse keeps it out for the cap again
    assert a.waits("10.0.0.1") == K.ABUSE_MAX
    now[0] += K.ABUSE_FORGET + 1
    a.abused("10.0.0.1")  # after a quiet while it starts afresh
    assert a.waits("10.0.0.1") == 0.0
    for i in range(10_050):  # a spray of addresses: bounded
        a.abused(f"10.1.{i // 250}.{i % 250}")
    assert len(a.abuse) <= 10_000


@pytest.mark.parametrize("kind", ["seated-ping", "ping", "pieces"])
def test_a_flood_that_comes_back_on_new_connections_is_held_back(make_host, kind):
    """A stranger whose connection is cut for flooding opens another at once, five a
    second and thirty at once before: each one a handshake, a join and 80 frames for the
    host.  Now after the free ones its address waits, longer each time."""
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     H.TableSpec(seats=[None, None, None], code="9999", length=1),
                     rate=H.RATE)
    sent = F.run(kind, host.port, "9999", 3.0)
    # 2 free, then out for 1 s and 2 s: at most two more in 3 s (30 before, the burst)
    assert sent["connections"] <= 4, sent
    assert sent["refused"] > 10, sent
    # meanwhile a person from another address sits down and plays
    async def main():
        a = await Connection.open("127.0.0.1", host.port, CODE, "A", source="127.0.0.9")
        return await play_match(a, random.Random(3))

    assert run(main()).match_over


def test_a_connection_cut_as_it_opens_costs_no_handshake(make_host, monkeypatch):
    """The connections an address may not open are dropped where they are accepted:
    websockets starts no handshake (nor its task, nor its buffers) for them."""
    from websockets.asyncio.server import ServerConnection

    started = []
    real = ServerConnection.handshake

    async def counting(self, *a, **k):
        started.append(1)
        return await real(self, *a, **k)

    monkeypatch.setattr(ServerConnection, "handshake", counting)
    addresses = K.Addresses(most=4, rate=0.01, burst=4)
    host = make_host(H.TableSpec(seats=[None, "random", "random"], code=CODE, length=1),
                     rate=H.RATE, addresses=addresses)
    held, cut = [], 0
    for _ in range(40):
        try:
            held.append(F.connect(host.port, src="127.0.0.7"))
        except OSError:
            cut += 1
    time.sleep(0.3)
    assert len(held) == 4 and cut == 36
    assert len(started) == 4, len(started)
    for s in held:
        s.close()
