"""``python -m zole_desktop bench save``: what the save after every action costs the thread
that plays (the window's), at matches of several lengths.

For each length a match of that many finished hands is played by random legal actions
, a new hand is dealt, and its first actions are applied one by
one through the table's :class:`~.director.Director`, which saves after each: the time spent
inside the director's call is what the window waits for.  ``on disk`` is from the call to the
moment the save is written (the same as the call when the save is written on the calling
thread)."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from .. import saves, storage
from ..rules.state import DONE
from .director import Director
from .session import Session


def _play_hands(session: Session, n: int, rng: random.Random) -> None:
    """``n`` hands dealt and played to the end by random legal actions, then settled."""
    match = session.match
    for _ in range(n):
        _deal, st = match.deal(saves.hand_rng(session.seed, len(match.rows) + 1))
        while st.phase != DONE:
            st.apply(rng.choice(st.legal_actions()))
        match.finish(st)


def measure(hands: int, actions: int = 60, seed: int = 1) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        storage.set_data_dir(Path(tmp))
        try:
            session = Session(players=3, names=["", "Anna", "Jānis"],
                              levels=[None, "random", "random"], human=0, length=0,
                              seed=seed)
            _play_hands(session, hands, rng)
            director = Director(session, saving=True)
            call_ms: list[float] = []
            disk_ms: list[float] = []
            done = 0
            while done < actions:
                st = director.start_hand()
                while st.phase != DONE and done < actions:
                    turn = director.turn()
                    assert turn is not None
                    a = rng.choice(st.legal_actions())
                    t0 = time.perf_counter()
                    director.act(turn.seat, a)
                    t1 = time.perf_counter()
                    director.wait_saved(10.0)
                    t2 = time.perf_counter()
                    call_ms.append((t1 - t0) * 1000)
                    disk_ms.append((t2 - t0) * 1000)
                    done += 1
                if st.phase == DONE:
                    director.finish_hand()
                    director.wait_saved(10.0)
            director.close()
        finally:
            storage.set_data_dir(None)
    q = statistics.quantiles(call_ms, n=20)
    return {"hands": hands, "actions": len(call_ms),
            "call_median_ms": round(statistics.median(call_ms), 3),
            "call_p95_ms": round(q[18], 3), "call_max_ms": round(max(call_ms), 3),
            "on_disk_median_ms": round(statistics.median(disk_ms), 3),
            "on_disk_max_ms": round(max(disk_ms), 3)}


def bench_save(lengths: list[int], as_json: bool = False) -> int:
    rows = [measure(n) for n in lengths]
    if as_json:
        print(json.dumps({"save": rows}))
        return 0
    for r in rows:
        print(f"{r['hands']:4d} hands: the playing thread waits median {r['call_median_ms']} ms,"
              f" p95 {r['call_p95_ms']} ms, max {r['call_max_ms']} ms; on disk median "
              f"{r['on_disk_median_ms']} ms, max {r['on_disk_max_ms']} ms "
              f"({r['actions']} actions)")
    return 0
