"""Tables at one host keep out of each other's way, and the host's own refusals say exactly
why (issue 30: one bot generation per table; the out-of-turn check pinned)."""

from __future__ import annotations

import asyncio
import random
import threading

from tests.net.helpers import intent_for, recv, run
from zole_desktop.bots.base import Bot
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection
from zole_desktop.rules.state import SURRENDER

A, B = "1111", "2222"


class Patient(Bot):
    """Thinks until it is told to stop (or 4 s), and says whether it was told."""

    def __init__(self) -> None:
        super().__init__(0)
        self.thinking = threading.Event()
        self.told: list[bool] = []

    def surrender(self, obs) -> bool:
        return False

    def choose(self, obs, deadline=None, cancel=None) -> int:
        self.thinking.set()
        self.told.append(cancel.wait(4.0))
        return [a for a in obs.legal if a != SURRENDER][0]


async def until(pred, seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not pred():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


def test_an_undo_at_one_table_never_cancels_the_bots_thinking_at_another(make_host):
    host = make_host(H.TableSpec(name="A", seats=[None, "random", "random"], code=A,
                                 length=1, seed=1, grace=None),
                     H.TableSpec(name="B", seats=[None, "random", "random"], code=B,
                                 length=1, seed=2, grace=None))
    ta, tb = host.tables[A], host.tables[B]
    patient = Patient()

    def sit_patients():
        ta.session.bots = {1: patient, 2: patient}

    host.call(sit_patients).result(5)

    async def main():
        # table B: its person plays until it is their turn in the play, their card to come
        b = await Connection.open("127.0.0.1", host.port, B, "Bea")
        rng = random.Random(3)
        while True:
            m = await recv(b)
            if not (isinstance(m, P.Update) and m.obs.current_seat == b.welcome.seat
                    and m.obs.legal):
                continue
            if m.obs.phase == "playing":
                break
            await b.send(intent_for(m.obs, rng))
        # table A: its person sits down and answers when asked; a bot there starts thinking
        a = await Connection.open("127.0.0.1", host.port, A, "Ann")

        async def answer_a():
            while True:
                m = await recv(a, 60)
                if isinstance(m, P.Update) and m.obs.current_seat == a.welcome.seat \
                        and m.obs.legal:
                    await a.send(intent_for(m.obs, rng))

        answering = asyncio.create_task(answer_a())
        await until(patient.thinking.is_set)
        # B's person plays a card and takes it back, while A's bot thinks
        n = len(tb.director.state.actions())
        await b.send(intent_for(m.obs, rng))
        await until(lambda: len(tb.director.state.actions()) > n)
        await b.send(P.Undo())
        m = await recv(b)
        while not (isinstance(m, P.Update) and m.undone):
            m = await recv(b)
        await until(lambda: bool(patient.told), 10.0)
        answering.cancel()
        await a.close()
        await b.close()
        return m

    undone = run(main())
    assert undone.undone >= 1
    assert patient.told[0] is False  # A's bot thought its whole time, untold


def test_the_host_refuses_a_move_out_of_turn_itself_with_its_own_reason(make_host):
    """The director would refuse it too ("not a legal action now"); the host's own check
    comes first and says why: without it no other test noticed."""
    host = make_host(H.TableSpec(seats=[None, None, "random"], code=A, length=1, seed=11,
                                 grace=None))

    async def main():
        a = await Connection.open("127.0.0.1", host.port, A, "A")
        b = await Connection.open("127.0.0.1", host.port, A, "B")
        t = host.tables[A]
        m = await recv(a)
        while not isinstance(m, P.Update):
            m = await recv(a)
        await until(lambda: t.director.state.current_seat in (0, 1))
        st = t.director.state
        mover, other = (a, b) if st.current_seat == a.welcome.seat else (b, a)
        legal = P.obs_msg(st.observation(mover.welcome.seat)).legal
        bid = next(x for x in legal if x != "surrender")
        before = st.actions()
        reasons = []
        await other.send(P.Bid(bid=bid))  # a legal bid, but not theirs to make
        await mover.send(P.Play(card="QC"))  # the mover's, but a card while bidding
        for c in (other, mover):
            m = await recv(c)
            while not isinstance(m, P.Rejected):
                m = await recv(c)
            reasons.append(m.reason)
        after = t.director.state.actions()
        await a.close()
        await b.close()
        return reasons, before, after

    reasons, before, after = run(main())
    assert reasons == ["not your turn", "it is time to bid"]
    assert after == before
