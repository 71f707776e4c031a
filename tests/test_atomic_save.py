"""The atomic save, tested without root: the order of its steps (the new bytes go to a
temporary file beside the target, are flushed to the disk, and only then take the target's
name) and what a process killed at any moment leaves (the old file or the new one, whole)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT
from zole_desktop import storage


def spy(monkeypatch, events: list[tuple]) -> None:
    """Record the writes, flushes, closes and renames (with the file each fd is)."""
    names: dict[int, str] = {}
    real_mkstemp = storage.tempfile.mkstemp
    real_write, real_fsync, real_close = os.write, os.fsync, os.close
    real_replace = os.replace

    def mkstemp(*a, **kw):
        fd, name = real_mkstemp(*a, **kw)
        names[fd] = name
        events.append(("create", name))
        return fd, name

    def write(fd, data):
        events.append(("write", names.get(fd, fd), len(data)))
        return real_write(fd, data)

    def fsync(fd):
        events.append(("fsync", names.get(fd, fd)))
        return real_fsync(fd)

    def close(fd):
        events.append(("close", names.get(fd, fd)))
        return real_close(fd)

    def replace(src, dst):
        events.append(("replace", str(src), str(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "close", close)
    monkeypatch.setattr(os, "replace", replace)


def test_the_new_bytes_are_on_the_disk_before_they_take_the_name(tmp_path, monkeypatch):
    target = tmp_path / "current-match.json"
    target.write_bytes(b"old")
    events: list[tuple] = []
    spy(monkeypatch, events)
    storage.atomic_write(target, b"x" * 100_000)
    monkeypatch.undo()
    assert target.read_bytes() == b"x" * 100_000
    kinds = [e[0] for e in events]
    tmp = events[0][1]
    assert kinds[0] == "create" and Path(tmp).parent == tmp_path, "a temporary file beside it"
    assert Path(tmp) != target
    writes = [e for e in events if e[0] == "write"]
    assert writes and all(e[1] == tmp for e in writes), "only the temporary file is written"
    assert sum(e[2] for e in writes) >= 100_000
    f = events.index(("fsync", tmp))
    c = events.index(("close", tmp))
    r = events.index(("replace", tmp, str(target)))
    assert max(i for i, e in enumerate(events) if e[0] == "write") < f < c < r, \
        f"flushed after the last write, before the rename: {kinds}"
    assert r == len(events) - 1, "the rename is the last step"
    assert not list(tmp_path.glob("*.tmp")), "no temporary file is left"


def test_a_failed_flush_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "settings.toml"
    target.write_bytes(b"old")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        storage.atomic_write(target, b"new" * 1000)
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


WRITER = """
import sys
from pathlib import Path
from zole_desktop import storage
target = Path(sys.argv[1])
a, b = b"A" * 300_000, b"B" * 200_000
print("ready", flush=True)
i = 0
while True:
    storage.atomic_write(target, a if i % 2 else b)
    i += 1
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_writer_killed_at_any_moment_leaves_a_whole_file(tmp_path):
    """20 kills at random moments of a process that saves over and over: each time the file
    is the old save or the new one, whole, never a mixture or a cut one."""
    import random

    rng = random.Random(5)
    target = tmp_path / "net-table.json"
    target.write_bytes(b"B" * 200_000)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(20):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.001, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdout.close()
        data = target.read_bytes()
        assert data in (b"A" * 300_000, b"B" * 200_000), (len(data), data[:1], data[-1:])
    # the temporary files of killed writers are left behind (a start cleans them up)
    assert all(p.name.startswith("net-table.json.") for p in tmp_path.glob("*.tmp"))
