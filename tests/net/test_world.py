"""A client pictures the whole hand from its own observation only (net/world.py): the
picture agrees with every update it received, in whole matches under several table options."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.net.helpers import play_match
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection
from zole_desktop.net.world import picture
from zole_desktop.rules.options import Rules

CODE = "7777"


@pytest.mark.parametrize("rules,seats", [
    (Rules(), [None, None, "random"]),
    (Rules(all_pass="galdins", galdins_talon="lead", maza_zole=True, zole_in_dark=True),
     [None, None, "random"]),
    (Rules(all_pass="galdins", galdins_talon="last"), [None, "random", None, "random"]),
])
def test_the_picture_agrees_with_every_update(rules, seats):
    h = H.Host("127.0.0.1", 0, rate=10_000.0)
    h.add_table(H.TableSpec(seats=seats, rules=rules, code=CODE, length=8, seed=17,
                            grace=None))
    h.start()
    checked = [0]
    hidden_differs = [0]

    def check(m, me, rng):
        if not isinstance(m, P.Update):
            return
        o = P.observation_of(m.obs, rules)
        st = picture(o, m.step, rng)
        assert st.observation(me) == o, (m.hand, m.step)
        real = h.tables[CODE].director.state
        if real is not None and len(real.actions()) == m.step:
            # the same public history (bids and cards played); a burial may differ
            seen = {c for t in o.tricks for c in t.cards} | {c for _s, c in o.trick}

            def public(acts):
                return [(s, a) for s, a in acts if a >= 26 or a in seen]
            assert public(st.actions()) == public(real.actions())
            if st.hands != real.hands:
                hidden_differs[0] += 1
        checked[0] += 1

    async def main():
        conns = [await Connection.open("127.0.0.1", h.port, CODE, f"P{k}")
                 for k in range(seats.count(None))]
        rngs = [random.Random(k) for k in range(len(conns))]

        def stopper(k):
            c = conns[k]

            def stop(m):
                check(m, c.welcome.seat, rngs[k])
                return False
            return stop

        await asyncio.gather(*(play_match(c, random.Random(10 + k), stop=stopper(k))
                               for k, c in enumerate(conns)))

    try:
        asyncio.run(asyncio.wait_for(main(), 300))
    finally:
        h.stop()
    assert checked[0] > 200
    assert hidden_differs[0] > 0  # the hidden cards are placeholders, not the real ones
