"""The host killed at random moments (issue 32): ``python -m zole_desktop.net.crashtest
--kills 200``.  Three scripted people play short matches against a ``serve`` child process,
which is killed with SIGKILL after a random time and started again on the same data folder,
again and again.  Each time: nobody saw past the save (the resumed host deals from exactly
where the save stands), the totals in the save are the ones the players were shown, and in
the end every finished match is in the history exactly once.  Prints figures and a JSON line;
exit status 1 when a check failed.  Every wait is bounded."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import saves
from . import protocol as P
from .client import Connection, JoinRefused

log = logging.getLogger(__name__)

CODE = "7532"
STEP = 10.0  # seconds any one message may take
FINISHED: set[str] = set()  # the matches (by seat 0's token) a player saw end
ENDED: set[str] = set()  # every seat's token of a match its player saw end


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Host:
    def __init__(self, data: Path, port: int, hands: int) -> None:
        self.p = subprocess.Popen(
            [sys.executable, "-m", "zole_desktop", "--data-dir", str(data), "serve", "--port",
             str(port), "--seats", "human,human,human", "--code", CODE, "--hands", str(hands),
             "--no-announce", "--json", "--grace", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def started(self, timeout: float = 60.0) -> dict:
        end = time.monotonic() + timeout
        assert self.p.stdout is not None
        while time.monotonic() < end:
            line = self.p.stdout.readline()
            if not line:
                break
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if "port" in d:
                return d
        raise RuntimeError("the host did not start")

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGKILL)
        self.p.wait(10)


def _history(data: Path) -> list[dict]:
    out = []
    for f in sorted((data / "history").glob("match-*.json")):
        out.append(json.loads(f.read_bytes()))
    return out


async def _round(port: int, tokens: dict[int, str], rng: random.Random, play_for: float,
                 seen: dict[int, tuple[int, int]], totals: dict[int, list[int]],
                 ) -> tuple[int, str]:
    """Join (back), check where the host resumed, play ``play_for`` seconds.  (the step
    the host resumed at matched: 1, else 0 ; what went wrong or '')"""
    cs: list[Connection] = []
    for k in range(3):
        try:
            c = await Connection.open("127.0.0.1", port, CODE, f"P{k}", token=tokens.get(k))
        except JoinRefused:  # a new match: the seats are free again
            tokens.clear()
            seen.clear()
            totals.clear()
            c = await Connection.open("127.0.0.1", port, CODE, f"P{k}")
        tokens[c.welcome.seat] = c.welcome.token
        if c.welcome.token in ENDED:  # its seat still there: the finished match resumed
            return 0, "a finished match was taken up again and played on"
        shown = totals.get(c.welcome.seat)  # [hand number, *totals] of its last HandOver
        if shown is not None:  # the sheet may hold later hands, saved but not yet received
            rows = c.welcome.sheet
            if len(rows) < shown[0] or list(rows[shown[0] - 1].totals) != shown[1:]:
                got = list(rows[shown[0] - 1].totals) if len(rows) >= shown[0] else None
                totals.clear()
                problem0 = f"hand {shown[0]}: totals {got} != shown {shown[1:]}"
                return 0, problem0
        cs.append(c)
    stop = time.monotonic() + play_for
    problem = ""

    async def play(c: Connection, seed: int) -> None:
        nonlocal problem
        me = c.welcome.seat
        r = random.Random(seed)
        first = True
        try:
            while time.monotonic() < stop:
                try:
                    left = max(0.01, stop - time.monotonic())
                    m = await asyncio.wait_for(c.recv(), min(STEP, left))
                except TimeoutError:
                    continue
                if isinstance(m, P.HandOver):
                    totals[me] = [m.row.number, *m.row.totals]
                    if m.match_over:
                        ENDED.add(tokens.get(me, ""))
                        if me == 0:
                            FINISHED.add(tokens.get(0, ""))
                    if not m.match_over:
                        await c.send(P.Next())
                elif isinstance(m, P.Update):
                    if first and me in seen and (m.hand, m.step) < seen[me]:
                        problem = f"seat {me} resumed at {(m.hand, m.step)}, saw {seen[me]}"
                    first = False
                    seen[me] = max(seen.get(me, (0, 0)), (m.hand, m.step))
                    if m.obs.current_seat == me and m.obs.legal:
                        await c.send(_intent(m.obs, r))
        except Exception as e:  # the host killed under us: the round is over
            log.debug("a player's connection ended: %s", e)

    await asyncio.gather(*(play(c, rng.randrange(1 << 30)) for c in cs))
    for c in cs:
        try:
            await asyncio.wait_for(c.close(), 2)
        except Exception as e:  # already gone
            log.debug("close: %s", e)
    return (0 if problem else 1), problem


def _intent(obs: P.Obs, r: random.Random) -> P.Intent:
    a = r.choice([x for x in obs.legal if x != "surrender"])
    if obs.phase == "bidding":
        return P.Bid(bid=a)  # type: ignore[arg-type]
    if obs.phase == "burying":
        return P.Bury(card=a)  # type: ignore[arg-type]
    return P.Play(card=a)  # type: ignore[arg-type]


def run(kills: int, seconds: float, seed: int = 1, hands: int = 3,
        data: Path | None = None) -> dict:
    """Kill the host ``kills`` times (stopping early after ``seconds``); the figures."""
    rng = random.Random(seed)
    FINISHED.clear()
    ENDED.clear()
    tmp = tempfile.TemporaryDirectory(prefix="zole-crash-")
    data = data or Path(tmp.name)
    port = _port()
    tokens: dict[int, str] = {}
    seen: dict[int, tuple[int, int]] = {}
    totals: dict[int, list[int]] = {}
    problems: list[str] = []
    done = 0
    end = time.monotonic() + seconds
    started = time.monotonic()
    while done < kills and time.monotonic() < end:
        host = _Host(data, port, hands)
        try:
            host.started()
            _ok, why = asyncio.run(asyncio.wait_for(
                _round(port, tokens, rng, rng.uniform(0.05, 1.5), seen, totals), 60))
            if why:
                problems.append(why)
        finally:
            host.kill()
        done += 1
        saved = saves.load(data / "net-table.json") if (data / "net-table.json").is_file() \
            and (data / "net-table.json").stat().st_size else None
        if saved is not None and seen:
            at = (len(saved.match.rows) + 1,
                  len(saved.current.actions()) if saved.current is not None else 0)
            past = [s for s in seen.values() if s > at]
            if past and not saved.extra.get("history_name"):
                problems.append(f"kill {done}: seen {past} past the save {at}")
    hist = _history(data)
    keys = [json.dumps(h.get("hands"), sort_keys=True) for h in hist]
    doubled = len(keys) - len(set(keys))
    if doubled:
        problems.append(f"{doubled} match(es) stored twice in the history")
    if len(set(keys)) < len(FINISHED):
        problems.append(f"{len(FINISHED)} matches seen to end, {len(set(keys))} kept: lost")
    out = {"kills": done, "seconds": round(time.monotonic() - started, 1),
           "finished_matches": len(hist), "seen_finished": len(FINISHED),
           "doubled": doubled, "problems": problems[:20],
           "problem_count": len(problems)}
    tmp.cleanup()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m zole_desktop.net.crashtest")
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=1800.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=3)
    a = ap.parse_args(argv)
    r = run(a.kills, a.seconds, a.seed, a.hands)
    print(f"{r['kills']} kills in {r['seconds']} s; {r['finished_matches']} finished "
          f"matches "
          f"in the history, {r['doubled']} stored twice; {r['problem_count']} problems")
    print(json.dumps(r))
    return 1 if r["problem_count"] else 0


if __name__ == "__main__":
    sys.exit(main())
