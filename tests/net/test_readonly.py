"""A host whose data folder turns read-only mid-match (issue 32, item 6): the save can be
neither written nor emptied, so the host marks it as stale elsewhere, and a host started
again never takes the match up behind what its players saw, whether the folder is still
read-only or writable again; nothing is lost (the stale save is left as it is, or kept as
``.corrupt-<time>``).  Three read-only folders: the OS error injected (works as anyone),
a real tmpfs remounted read-only (root on Linux), and chmod (anyone but root)."""

from __future__ import annotations

import errno
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.helpers import intent_for, recv, run
from zole_desktop.flow import saver as S
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection

WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class ReadOnly:
    """A folder that turns read-only on :meth:`set` (and writable again)."""

    def __init__(self, kind: str, folder: Path, monkeypatch) -> None:
        self.kind, self.folder, self.on = kind, folder, False
        if kind == "injected":
            self._inject(monkeypatch)

    def _inside(self, p) -> bool:
        return self.on and os.path.abspath(os.fspath(p)).startswith(str(self.folder) + os.sep)

    def _refuse(self, p):
        raise OSError(errno.EROFS, "Read-only file system", os.fspath(p))

    def _inject(self, monkeypatch) -> None:
        """Every call that writes in the folder fails with EROFS, as on a read-only mount:
        creating or opening a file for writing (atomic_write's mkstemp too), emptying,
        removing and renaming."""
        real_open, real_truncate = os.open, os.truncate
        real_unlink, real_replace, real_rename = os.unlink, os.replace, os.rename

        def open_(p, flags, *a, **k):
            if flags & WRITE and self._inside(p):
                self._refuse(p)
            return real_open(p, flags, *a, **k)

        def one(real):
            def call(p, *a, **k):
                if self._inside(p):
                    self._refuse(p)
                return real(p, *a, **k)
            return call

        def two(real):
            def call(src, dst, *a, **k):
                if self._inside(src) or self._inside(dst):
                    self._refuse(src)
                return real(src, dst, *a, **k)
            return call

        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "truncate", one(real_truncate))
        monkeypatch.setattr(os, "unlink", one(real_unlink))
        monkeypatch.setattr(os, "replace", two(real_replace))
        monkeypatch.setattr(os, "rename", two(real_rename))

    def set(self, on: bool) -> None:
        if self.kind == "tmpfs":
            opt = "remount,ro" if on else "remount,rw"
            subprocess.run(["mount", "-o", opt, str(self.folder)], check=True,
                           capture_output=True)
        elif self.kind == "chmod":
            for p in self.folder.iterdir():
                p.chmod(0o444 if on else 0o644)
            self.folder.chmod(0o555 if on else 0o755)
        self.on = on


@pytest.fixture(params=["injected", "tmpfs", "chmod"])
def read_only(request, tmp_path, monkeypatch):
    folder = tmp_path / "disk"
    folder.mkdir()
    kind = request.param
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if kind == "tmpfs":
        if not (sys.platform.startswith("linux") and is_root and shutil.which("mount")):
            pytest.skip("mounting a tmpfs needs root on Linux")
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                           capture_output=True)
        if r.returncode != 0:
            pytest.skip("this machine does not permit mounting a tmpfs")
    if kind == "chmod" and (is_root or sys.platform == "win32"):
        pytest.skip("chmod does not stop root (the injected and tmpfs cases do)")
    ro = ReadOnly(kind, folder, monkeypatch)
    try:
        yield ro
    finally:
        if ro.on:
            ro.set(False)
        if kind == "tmpfs":
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@pytest.fixture
def markers(tmp_path, monkeypatch, data_dir):
    """The markers' folders, in the test's own (never the user's cache; after data_dir,
    which points them at one folder of the test's)."""
    dirs = [tmp_path / "cache" / "stale-saves", tmp_path / "tmp" / "zole-u" / "stale-saves"]
    monkeypatch.setattr(S, "marker_dirs", lambda: list(dirs), raising=False)
    return dirs


async def _first_updates(cs):
    first = [await recv(c) for c in cs]
    while not all(isinstance(m, P.Update) for m in first):
        first = [m if isinstance(m, P.Update) else await recv(c)
                 for m, c in zip(first, cs, strict=True)]
    return first


def _play_unsaved(spec: H.TableSpec, ro: ReadOnly) -> bytes:
    """Three people sit down and the first update is saved; the folder turns read-only and
    a move is played (the players are told, then see it).  The host stops.  What the save
    held when the folder turned read-only."""
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()
    assert spec.save_to is not None

    async def go():
        cs = [await Connection.open("127.0.0.1", host.port, spec.code, f"P{k}")
              for k in range(3)]
        first = await _first_updates(cs)
        saved = spec.save_to.read_bytes()
        ro.set(True)
        seat = first[0].obs.current_seat
        await cs[seat].send(intent_for(first[seat].obs, random.Random(1)))
        for c in cs:
            told = await recv(c)
            assert isinstance(told, P.Unsaved) and told.error, told
            seen = await recv(c)
            assert isinstance(seen, P.Update) and seen.step == 1, seen
        for c in cs:
            await c.close()
        return saved

    try:
        return run(go(), 60)
    finally:
        host.stop()


def _restart(spec: H.TableSpec) -> tuple[list, str]:
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()
    try:
        t = host.tables[spec.code]  # type: ignore[index]
        return list(t.tokens), t.phase
    finally:
        host.stop()


def test_a_save_neither_written_nor_emptied_is_never_taken_up_behind_the_players(
        read_only, markers, data_dir, caplog):
    save = read_only.folder / "net-table.json"
    spec = H.TableSpec(name="T", seats=[None, None, None], code="6161", seed=4, save_to=save)
    with caplog.at_level("WARNING"):
        saved = _play_unsaved(spec, read_only)
    # the file could not be emptied: it still holds step 0, which the players played past
    assert save.read_bytes() == saved
    # started again with the folder still read-only: a new match, the save left as it is
    assert _restart(spec) == ([None, None, None], "waiting")
    assert save.read_bytes() == saved
    marks = [p for d in markers for p in d.glob("*.json")]
    assert len(marks) == 1, marks
    assert any("marked as stale" in r.getMessage() for r in caplog.records)
    # and once it can be written again: still a new match; the stale save kept aside
    read_only.set(False)
    caplog.clear()
    with caplog.at_level("WARNING"):
        assert _restart(spec) == ([None, None, None], "waiting")
    aside = list(read_only.folder.glob("net-table.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == saved, aside
    assert not [p for d in markers for p in d.glob("*.json")]  # its marker is gone
    said = [r.getMessage() for r in caplog.records if "not taken up" in r.getMessage()]
    assert len(said) == 1 and "marked as stale" in said[0], said


def test_with_no_marker_possible_a_read_only_save_is_not_taken_up(
        read_only, tmp_path, monkeypatch, data_dir, caplog):
    """No folder can take the marker either (each one's parent is a file: unwritable even
    for root): the log says so, critically, and a host started again while the folder is
    read-only does not take the match up (it could neither save it nor empty it)."""
    blocker = tmp_path / "a-file"
    blocker.write_bytes(b"")
    monkeypatch.setattr(S, "marker_dirs", lambda: [blocker / "cache", blocker / "tmp"],
                        raising=False)
    save = read_only.folder / "net-table.json"
    spec = H.TableSpec(name="T", seats=[None, None, None], code="6162", seed=5, save_to=save)
    with caplog.at_level("WARNING"):
        saved = _play_unsaved(spec, read_only)
    assert any(r.levelname == "CRITICAL" and "nor marked as stale" in r.getMessage()
               for r in caplog.records)
    assert _restart(spec) == ([None, None, None], "waiting")
    assert save.read_bytes() == saved  # left as it is: nothing lost


def test_a_save_written_again_is_current_and_taken_up(markers, tmp_path, monkeypatch,
                                                     data_dir):
    """The folder is writable again while the host plays: the next save is written, the
    marker goes, and a host started again takes the match up (a marker never outlives the
    staleness it marks)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    ro = ReadOnly("injected", folder, monkeypatch)
    saver = S.Saver(threads=1)
    path = folder / "net-table.json"
    try:
        saver.put(path, b"one").result(10)
        ro.set(True)
        saver.put(path, b"two").result(10)
        assert path.read_bytes() == b"one"
        assert S.stale_marker(path) is not None  # "one" is behind what was played
        ro.set(False)
        saver.put(path, b"three").result(10)
        assert path.read_bytes() == b"three" and S.stale_marker(path) is None
        assert not [p for d in markers for p in d.glob("*.json")]
        # a file written since its marker (by another host) is not held back by it
        ro.set(True)
        saver.put(path, b"four").result(10)
        ro.set(False)
        path.write_bytes(b"five")
        assert S.stale_marker(path) is None
        assert not [p for d in markers for p in d.glob("*.json")]
    finally:
        saver.close(10)


def test_serve_new_on_a_read_only_folder_begins_a_new_match(tmp_path, monkeypatch, data_dir):
    """``serve --new`` where the save cannot be removed: a new match all the same (it went
    on to take the old match up, or stopped with a traceback)."""
    from zole_desktop.net import table

    save = tmp_path / "net-table.json"
    spec = H.TableSpec(name="T", seats=[None, "easy", "easy"], code="6163", seed=6,
                       save_to=save, fresh=True)
    monkeypatch.setattr(table, "resume", lambda _spec: pytest.fail("taken up"))
    assert _restart(spec) == ([None, None, None], "waiting")
