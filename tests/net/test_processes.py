"""A network table as separate processes on loopback: ``serve`` and scripted people, each in
its own process, through whole 12-hand matches (issue 17).  Every wait is bounded."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.net.helpers import leaked
from zole_desktop.rules.record import parse_json, replay

ROOT = Path(__file__).resolve().parents[2]
PLAYER = Path(__file__).with_name("remote_player.py")
LIMIT = 240.0  # seconds for a whole match


class Proc:
    """A child process whose stdout lines are read on a thread (so no read ever hangs)."""

    def __init__(self, args: list[str], env: dict | None = None) -> None:
        self.p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, cwd=ROOT, env=env)
        self.lines: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.seen: list[dict] = []
        self.err: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.put(line)

    def _read_err(self) -> None:
        assert self.p.stderr is not None
        for line in self.p.stderr:
            self.err.append(line)

    def next_json(self, timeout: float) -> dict:
        line = self.lines.get(timeout=timeout)
        d = json.loads(line)
        self.seen.append(d)
        return d

    def wait_for(self, key: str, timeout: float, value=None) -> dict:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {key} in {timeout} s; saw {self.seen[-5:]}; "
                                     f"stderr {''.join(self.err[-10:])}")
            try:
                d = self.next_json(left)
            except queue.Empty:
                continue
            if key in d and (value is None or d[key] == value):
                return d
            if "failed" in d:
                raise AssertionError(f"failed: {d}; stderr {''.join(self.err[-10:])}")

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data: Path, port: int, seats: str, code: str) -> Proc:
    return Proc([sys.executable, "-m", "zole_desktop", "--data-dir", str(data), "serve",
                 "--port", str(port), "--seats", seats, "--code", code, "--hands", "12",
                 "--no-announce", "--seed", "21", "--json", "--grace", "0"])


def player(port: int, code: str, name: str, frames: Path, *extra: str) -> Proc:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return Proc([sys.executable, str(PLAYER), str(port), code, name, str(frames),
                 "--limit", str(LIMIT), *extra], env=env)


def history_match(data: Path):
    files = sorted((data / "history").glob("match-*.json"))
    assert len(files) == 1, files
    return replay(parse_json(files[0].read_bytes())).match


def check_no_leaks(frames: dict[int, Path], match) -> None:
    for seat, path in frames.items():
        got = [line for line in path.read_bytes().split(b"\n") if line]
        assert len(got) > 200
        assert leaked(got, seat, match) == []


def test_a_host_and_two_people_as_three_processes_play_a_whole_match(tmp_path):
    data, port, code = tmp_path / "host", free_port(), "2468"
    host = serve(data, port, "human,human,bot:random", code)
    procs = [host]
    try:
        assert host.wait_for("port", 60)["port"] == port
        frames = {0: tmp_path / "a.frames", 1: tmp_path / "b.frames"}
        a = player(port, code, "Anna", frames[0], "--seed", "1")
        procs.append(a)
        assert a.wait_for("seat", 60)["seat"] == 0
        b = player(port, code, "Jānis", frames[1], "--seed", "2")
        procs.append(b)
        ends = [p.wait_for("final", LIMIT) for p in (a, b)]
        for p in (a, b):
            assert p.p.wait(30) == 0
    finally:
        for p in procs:
            p.stop()
    assert ends[0] == ends[1] and ends[0]["rows"] == 12
    match = history_match(data)
    assert len(match.rows) == 12
    assert list(match.final_totals()) == ends[0]["final"]
    assert not (data / "net-table.json").exists()
    check_no_leaks(frames, match)


def test_three_people_a_bot_a_dropped_player_and_a_host_restart(tmp_path):
    """Issue 17's "done when": three people on three processes play a 12-hand match at a
    table of four with a bot; one drops mid-trick and comes back; the host is killed in
    the middle and started again, and everyone goes on from its save."""
    data, port, code = tmp_path / "host", free_port(), "1357"
    seats = "human,human,human,bot:random"
    host = serve(data, port, seats, code)
    procs = [host]
    try:
        host.wait_for("port", 60)
        frames = {k: tmp_path / f"p{k}.frames" for k in range(3)}
        people = []
        for k in range(3):
            extra = ["--seed", str(k + 1)] + (["--drop-in-hand", "3"] if k == 0 else [])
            p = player(port, code, f"P{k}", frames[k], *extra)
            procs.append(p)
            assert p.wait_for("seat", 60)["seat"] == k
            people.append(p)
        people[0].wait_for("dropped", LIMIT, value=3)
        people[1].wait_for("hand", LIMIT, value=6)
        host.p.send_signal(signal.SIGKILL)  # a crash: nothing is flushed or closed
        host.p.wait(10)
        save = json.loads((data / "net-table.json").read_text("utf-8"))
        assert len(save["match"]["hands"]) >= 5
        host2 = serve(data, port, seats, code)
        procs.append(host2)
        assert host2.wait_for("port", 60)["hand"] >= 6
        for p in people:
            p.wait_for("dropped", 60)  # the host's crash
        ends = [p.wait_for("final", LIMIT) for p in people]
        for p in people:
            assert p.p.wait(30) == 0
        # everyone came back: each one joined at least twice, the dropped one three times
        joins = [sum("seat" in d for d in p.seen) for p in people]
        assert joins[0] >= 3 and min(joins) >= 2
    finally:
        for p in procs:
            p.stop()
    assert all(e == ends[0] for e in ends) and ends[0]["rows"] == 12
    match = history_match(data)
    assert len(match.rows) == 12 and match.players == 4
    assert list(match.final_totals()) == ends[0]["final"]
    check_no_leaks(frames, match)
