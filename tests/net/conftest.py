"""The loopback host the network tests share."""

from __future__ import annotations

import pytest

from zole_desktop.net import host as H
from zole_desktop.net.conn import Addresses


@pytest.fixture
def make_host():
    """``make_host(*specs, rate=..., announce=...)``: a host on 127.0.0.1 at a free port
    with these tables, started; every host made is stopped after the test.  The scripted
    players play at machine speed, so the rate is high unless a test sets the real one."""
    hosts: list[H.Host] = []

    def make(*specs: H.TableSpec, rate: float = 10_000.0, announce: bool = False,
             burst: int = H.BURST, **kw) -> H.Host:
        if "addresses" not in kw and rate > H.RATE:  # the tests' players all on 127.0.0.1
            kw["addresses"] = Addresses(most=10_000, rate=10_000.0, burst=10_000,
                                        abuse_free=10_000)
        h = H.Host("127.0.0.1", 0, announce=announce, rate=rate, burst=burst, **kw)
        for s in specs:
            h.add_table(s)
        h.start()
        hosts.append(h)
        return h

    yield make
    for h in hosts:
        h.stop()
