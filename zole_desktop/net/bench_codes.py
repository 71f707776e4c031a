"""``python -m zole_desktop bench codes``: how long a stranger takes to guess a join code.

A ``serve`` host with one table runs in its own process (as ``bench net`` starts it); then
strangers on loopback try wrong codes as fast as the host lets them, from 1 address and
from 100 (127.0.0.2, 127.0.0.3, ...: Linux answers on all of 127/8).  Each address is the
best attacker there is: it sends its next code the moment its last one is answered
("code" or "busy"), never two at once (a second one at once is only told "busy").  The
bench counts the codes the host looked at (answered "code"), and from the steady rate (in
the second half of the run) works out when 5,000 codes (the average for a random 4-digit
code) and 9,999 (the worst case) would have been looked at.  Meanwhile a seated player
leaves and comes back with their token, and the time of each rejoin is measured.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from . import limits as L
from . import protocol as P
from .bench import FIRST_CODE, _start_host, _stop
from .client import Connection

CODES = 10_000
TIMEOUT = L.MAX_DELAY + 15.0


async def _try(port: int, code: str, src: str) -> str:
    """One join with ``code`` from ``src``: "welcome", the refusal's reason, or "error"."""
    try:
        ws = await asyncio.wait_for(connect(f"ws://127.0.0.1:{port}/", compression=None,
                                            proxy=None, local_addr=(src, 0)), TIMEOUT)
    except (OSError, TimeoutError):
        return "error"
    try:
        await ws.send(P.encode(P.Hello(v=P.VERSION, code=code, name="X")).decode())
        msg = P.decode_host(await asyncio.wait_for(ws.recv(), TIMEOUT))
        return "welcome" if isinstance(msg, P.Welcome) else getattr(msg, "reason", "?")
    except (ConnectionClosed, TimeoutError, P.ProtocolError):
        return "error"
    finally:
        await ws.close()


async def _attack(port: int, addresses: int, seconds: float) -> dict:
    right = f"{FIRST_CODE:04d}"
    wrong = [f"{c:04d}" for c in range(CODES) if f"{c:04d}" != right]
    random.Random(addresses).shuffle(wrong)
    codes = iter(wrong)
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    until = t0 + seconds
    looked: list[float] = []  # when each code looked at was answered
    answers: dict[str, int] = {}

    async def stranger(src: str, start: float) -> None:
        await asyncio.sleep(start)
        while loop.time() < until:
            what = await _try(port, next(codes), src)
            answers[what] = answers.get(what, 0) + 1
            if what == "code":
                looked.append(loop.time() - t0)
            elif what == "error":
                await asyncio.sleep(0.1)

    player = await Connection.open("127.0.0.1", port, right, "P")
    rejoins: list[float] = []

    async def seated() -> None:
        nonlocal player
        while loop.time() < until - 2.0:
            await asyncio.sleep(max(1.0, seconds / 12))
            await player.close()
            t = time.perf_counter()
            player = await Connection.open("127.0.0.1", port, right, "P",
                                           token=player.welcome.token)
            rejoins.append(time.perf_counter() - t)

    srcs = ["127.0.0.2"] if addresses == 1 else [f"127.0.{1 + i // 250}.{2 + i % 250}"
                                                 for i in range(addresses)]
    # the addresses start spread over one longest wait, so that once they all wait their
    # longest their attempts keep arriving spread out, and each check the budget gives
    # back is taken within moments (all at once, they would arrive in waves)
    await asyncio.gather(seated(), *(stranger(s, i * L.MAX_DELAY / len(srcs))
                                     for i, s in enumerate(srcs)))
    await player.close()
    wall = loop.time() - t0
    # the steady rate, once the first burst is over: the codes looked at in the second
    # half of the run
    rate = sum(1 for t in looked if t >= wall / 2) / (wall / 2)

    def when(n: int) -> float | None:
        if n <= len(looked):
            return looked[n - 1]
        return None if rate == 0 else wall + (n - len(looked)) / rate

    mean, worst = when(CODES // 2), when(CODES - 1)
    return {
        "addresses": addresses, "seconds": round(wall, 1), "looked_at": len(looked),
        "looked_at_first_10_s": sum(1 for t in looked if t < 10),
        "answers": dict(sorted(answers.items())),
        "steady_per_minute": round(rate * 60, 2),
        "expected_hours": None if mean is None else round(mean / 3600, 1),
        "worst_hours": None if worst is None else round(worst / 3600, 1),
        "rejoin_median_ms": round(statistics.median(rejoins) * 1000, 1) if rejoins else None,
        "rejoin_max_ms": round(max(rejoins) * 1000, 1) if rejoins else None,
    }


def bench_codes(addresses: list[int], seconds: float = 120.0, as_json: bool = False) -> int:
    results = []
    with tempfile.TemporaryDirectory(prefix="zole-bench-codes-") as tmp:
        for n in addresses:
            proc, port = _start_host(1, Path(tmp) / f"a{n}")
            try:
                results.append(asyncio.run(_attack(port, n, seconds)))
            finally:
                _stop(proc)
    for r in results:
        print(f"{r['addresses']} address{'es' if r['addresses'] != 1 else ''}, "
              f"{r['seconds']} s: {r['looked_at']} codes looked at "
              f"({r['looked_at_first_10_s']} in the first 10 s), then "
              f"{r['steady_per_minute']} a minute; answers {r['answers']}")
        print(f"  a 4-digit code: {r['expected_hours']} h on average (5,000 codes), "
              f"{r['worst_hours']} h at worst (9,999); a seated player's rejoin "
              f"{r['rejoin_median_ms']} ms median, {r['rejoin_max_ms']} ms max")
    if not all(r["looked_at"] for r in results):
        print("bench codes: no code was looked at", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps({"limits": {"free": L.FREE_TRIES, "max_delay_s": L.MAX_DELAY,
                                     "checks_burst": L.CHECKS_BURST,
                                     "checks_per_minute": L.CHECKS_RATE * 60},
                          "runs": results}))
    return 0
