"""A scripted person at a network table, in a process of its own (for the tests).

    python tests/net/remote_player.py PORT CODE NAME FRAMES_FILE [--drop-in-hand N] [--seed S]

It plays through :class:`zole_desktop.net.client.Client` as the game does (queues, never
waiting on the network), moves at random among the legal actions, writes every frame it
received to FRAMES_FILE (one per line) and prints JSON lines: ``{"seat": s}``, ``{"hand": n}``
at each new hand, ``{"dropped": n}`` and ``{"final": [...]}`` at the end.  Gives up (exit 1)
after ``--limit`` seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.net.helpers import intent_for  # noqa: E402
from zole_desktop.net import protocol as P  # noqa: E402
from zole_desktop.net.client import Client, Dropped, Failed, Joined  # noqa: E402


def say(**kw) -> None:
    print(json.dumps(kw), flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("port", type=int)
    ap.add_argument("code")
    ap.add_argument("name")
    ap.add_argument("frames")
    ap.add_argument("--drop-in-hand", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=240.0)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = open(a.frames, "wb")  # noqa: SIM115

    def keep(raw: bytes) -> None:
        out.write(raw + b"\n")

    c = Client("127.0.0.1", a.port, a.code, a.name, retry_for=60.0, on_raw=keep)
    c.start()
    deadline = time.monotonic() + a.limit
    hand = 0
    dropped = False
    try:
        while time.monotonic() < deadline:
            msgs = c.poll()
            if not msgs:
                time.sleep(0.003)
                continue
            for m in msgs:
                if isinstance(m, Failed):
                    say(failed=m.reason)
                    return 1
                if isinstance(m, Joined):
                    say(seat=m.welcome.seat, sheet=len(m.welcome.sheet))
                elif isinstance(m, Dropped):
                    say(dropped=hand, reason=m.reason)
                elif isinstance(m, P.HandOver):
                    if m.match_over:
                        say(final=m.final, rows=m.row.number)
                        return 0
                    c.send(P.Next())
                elif isinstance(m, P.Update):
                    if m.hand != hand:
                        hand = m.hand
                        say(hand=hand)
                    o = m.obs
                    if (not dropped and hand == a.drop_in_hand and o.phase == "playing"
                            and o.trick and o.current_seat == o.seat):
                        dropped = True
                        c.drop()  # the network fails mid-trick; the client comes back
                        continue
                    if o.current_seat == o.seat and o.legal:
                        c.send(intent_for(o, rng))
        say(failed="time")
        return 1
    finally:
        c.close()
        out.close()


if __name__ == "__main__":
    sys.exit(main())
