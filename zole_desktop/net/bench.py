"""``python -m zole_desktop bench net``: a ``serve`` host and N tables of scripted remote
players on loopback.

Each table has three people, each a websocket in this process.  The player to move waits
``--think`` seconds, then sends a random legal intent; its round trip is the time from
sending it to the moment the resulting update has reached all three players.  The host runs
in its own process (``serve``, saving every action in a temporary data folder), and its
CPU time is read from the system at the end.  Then the same host is measured idle, with one
table of three connected players and nobody moving.  The players' own process is measured
too (its CPU, and how late its loop wakes for a 5 ms timer), to tell a slow host from slow
players: all the tables' players share this one process and loop.  Each player connects
from an address of its own on loopback (127.1.x.y), as on a network; the host's memory
(RSS) is sampled five times a second.  With ``--flood KIND`` a stranger floods the host
from one more process all the while (:mod:`.flood`), at a table of its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import protocol as P
from .client import Connection

FIRST_CODE = 1000


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _this_program() -> list[str]:
    """How to start this program again: the bundle's own executable, or Python with the
    package (the bundle has no ``-m``)."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "zole_desktop"]


def _start_host(tables: int, data: Path, save: bool = True) -> tuple[subprocess.Popen, int]:
    cmd = _this_program() + ["--data-dir", str(data), "serve",
           "--port", "0", "--tables", str(tables), "--seats", "human,human,human",
           "--code", str(FIRST_CODE), "--hands", "0", "--no-announce", "--seed", "7", "--json"]
    if not save:
        cmd.append("--no-save")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # the first table's line: the host is listening
    if not line:
        proc.kill()
        raise RuntimeError("the host did not start")
    port = json.loads(line)["port"]
    for _ in range(tables - 1):
        proc.stdout.readline()
    return proc, port


class _Table:
    def __init__(self, code: str, think: float, rng: random.Random,
                 times: list[float], until: float, warm: float) -> None:
        self.code, self.think, self.rng = code, think, rng
        self.times, self.until, self.warm = times, until, warm
        self.sent: dict[tuple[int, int], float] = {}
        self.seen: dict[tuple[int, int], int] = {}
        self.conns: list[Connection] = []

    async def run(self, port: int, first: int) -> None:
        for k in range(3):  # each player from an address of its own, as on a network
            self.conns.append(await Connection.open("127.0.0.1", port, self.code, f"P{k}",
                                                    source=_source(first + k)))
        await asyncio.gather(*(self._player(c) for c in self.conns))

    async def _player(self, c: Connection) -> None:
        seat = c.welcome.seat
        loop = asyncio.get_running_loop()
        while loop.time() < self.until:
            try:
                m = await asyncio.wait_for(c.recv(), max(0.01, self.until - loop.time()))
            except TimeoutError:
                break
            if isinstance(m, P.HandOver):
                await c.send(P.Next())
                continue
            if not isinstance(m, P.Update):
                continue
            key = (m.hand, m.step)
            if key in self.sent:
                n = self.seen.get(key, 0) + 1
                self.seen[key] = n
                if n == 3:
                    t0 = self.sent.pop(key)
                    del self.seen[key]
                    if t0 >= self.warm:
                        self.times.append(time.perf_counter() - t0)
            o = m.obs
            if o.current_seat == seat and o.legal:
                if self.think:
                    await asyncio.sleep(self.think)
                a = self.rng.choice([x for x in o.legal if x != "surrender"])
                msg: P.Intent = (P.Bid(bid=a) if o.phase == "bidding" else  # type: ignore[arg-type]
                                 P.Bury(card=a) if o.phase == "burying" else  # type: ignore[arg-type]
                                 P.Play(card=a))  # type: ignore[arg-type]
                self.sent[(m.hand, m.step + 1)] = time.perf_counter()
                await c.send(msg)
        await c.close()


async def _lag(until: float, warm: float, out: list[float], tick: float = 0.005) -> None:
    """How late this process's loop wakes for a timer: the longest a host's message may
    wait here before the players see it (their CPU and loop, not the host's)."""
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        t0 = time.perf_counter()
        await asyncio.sleep(tick)
        if t0 >= warm:
            out.append(time.perf_counter() - t0 - tick)


async def _load(port: int, tables: int, seconds: float, think: float,
                lag: list[float] | None = None, pid: int | None = None,
                rss: list[float] | None = None) -> list[float]:
    times: list[float] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    warm = time.perf_counter() + min(1.0, seconds / 4)
    rng = random.Random(1)
    ts = [_Table(f"{FIRST_CODE + i:04d}", think, random.Random(rng.random()), times, until,
                 warm) for i in range(tables)]
    probe = loop.create_task(_lag(until, warm, lag if lag is not None else []))
    memory = None if pid is None else loop.create_task(
        _rss(pid, until, rss if rss is not None else []))
    await asyncio.gather(*(t.run(port, 3 * i) for i, t in enumerate(ts)))
    await probe
    if memory is not None:
        await memory
    return times


async def _idle(port: int, seconds: float, proc: subprocess.Popen) -> float | None:
    conns = [await Connection.open("127.0.0.1", port, f"{FIRST_CODE:04d}", f"P{k}")
             for k in range(3)]
    await asyncio.sleep(0.5)
    c0 = _cpu_seconds(proc.pid)
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    c1 = _cpu_seconds(proc.pid)
    wall = time.perf_counter() - t0
    for c in conns:
        await c.close()
    if c0 is None or c1 is None:
        return None
    return (c1 - c0) / wall


def _source(i: int) -> str:
    """The ``i``-th player's address on loopback (127.1.0.1, 127.1.0.2, ...)."""
    return f"127.1.{i // 250}.{1 + i % 250}"


def _rss_mb(pid: int) -> float | None:
    """A process's resident memory in MB (Linux /proc; None elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


async def _rss(pid: int, until: float, out: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        mb = _rss_mb(pid)
        if mb is not None:
            out.append(mb)
        await asyncio.sleep(0.2)


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def bench_net(tables: int = 50, seconds: float = 10.0, think: float = 0.1,
              idle_seconds: float = 5.0, as_json: bool = False, save: bool = True,
              flood: str | None = None) -> int:
    """``flood``: one of :data:`.flood.KINDS`, run from another process against a table of
    its own at the same host during the whole measurement."""
    flood_out: dict | None = None
    f0 = f1 = None
    rss: list[float] = []
    with tempfile.TemporaryDirectory(prefix="zole-bench-net-") as tmp:
        proc, port = _start_host(tables + (1 if flood else 0), Path(tmp) / "load", save)
        attacker = None
        try:
            if flood:
                attacker = subprocess.Popen(
                    [sys.executable, "-m", "zole_desktop.net.flood", flood, str(port),
                     f"{FIRST_CODE + tables:04d}", str(seconds + 1.0)],
                    stdout=subprocess.PIPE, text=True)
                time.sleep(0.5)  # the flood is on before the players sit down
            c0, mine0 = _cpu_seconds(proc.pid), time.process_time()
            f0 = None if attacker is None else _cpu_seconds(attacker.pid)
            t0 = time.perf_counter()
            lag: list[float] = []
            times = asyncio.run(_load(port, tables, seconds, think, lag, proc.pid, rss))
            wall = time.perf_counter() - t0
            c1, mine1 = _cpu_seconds(proc.pid), time.process_time()
            f1 = None if attacker is None else _cpu_seconds(attacker.pid)
            if attacker is not None:
                said, _err = attacker.communicate(timeout=seconds + 30)
                flood_out = json.loads(said.strip().splitlines()[-1]) if said.strip() else None
        finally:
            if attacker is not None and attacker.poll() is None:
                attacker.kill()
            _stop(proc)
        proc, port = _start_host(1, Path(tmp) / "idle")
        try:
            idle = asyncio.run(_idle(port, idle_seconds, proc))
        finally:
            _stop(proc)
    if not times:
        print("bench net: no round trip was measured", file=sys.stderr)
        return 1
    ms = [t * 1000 for t in sorted(times)]
    p95 = _p95(ms)
    cpu = None if c0 is None or c1 is None else (c1 - c0) / wall
    out = {
        "tables": tables, "seconds": round(wall, 1), "think_s": think, "save": save,
        "actions": len(ms), "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(p95, 2), "max_ms": round(ms[-1], 2),
        "host_cpu_percent": None if cpu is None else round(cpu * 100, 1),
        "cpu_percent_per_table": None if cpu is None else round(cpu * 100 / tables, 2),
        "idle_table_cpu_percent": None if idle is None else round(idle * 100, 2),
        # the players' side (this process: every table's three websockets on one loop)
        "client_cpu_percent": round((mine1 - mine0) * 100 / wall, 1),
        "client_lag_p95_ms": round(_p95(lag) * 1000, 2) if lag else None,
        "host_rss_max_mb": round(max(rss), 1) if rss else None,
        "flood": flood_out,
        # the stranger's own process shares this machine's cores with the host and players
        "flood_cpu_percent": None if f0 is None or f1 is None else round(
            (f1 - f0) * 100 / wall, 1),
    }
    print(f"{tables} tables, {out['actions']} actions in {out['seconds']} s "
          f"(think {think} s{'' if save else ', no save'}): "
          f"round trip median {out['median_ms']} ms, "
          f"p95 {out['p95_ms']} ms, max {out['max_ms']} ms")
    print(f"host CPU {out['host_cpu_percent']}% of a core "
          f"({out['cpu_percent_per_table']}% per table); one idle table "
          f"{out['idle_table_cpu_percent']}% of a core")
    print(f"players' process (the scripted clients) CPU {out['client_cpu_percent']}% of a "
          f"core; its loop wakes up to {out['client_lag_p95_ms']} ms late (p95)")
    print(f"host memory (RSS) at most {out['host_rss_max_mb']} MB")
    if flood_out is not None:
        print(f"flood {flood}: {flood_out['connections']} connections "
              f"({flood_out['refused']} refused or cut as they opened), "
              f"{flood_out['bytes_sent'] / 1e6:.1f} MB sent; its process took "
              f"{out['flood_cpu_percent']}% of a core")
    if as_json:
        print(json.dumps(out))
    return 0
