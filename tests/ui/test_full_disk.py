"""An offline match on a full or a read-only disk (issue 32, item 8): the game says what is
true (nothing is saved, so the match is lost, not "saved for Continue"), and it ends without
a traceback, also when the log file cannot take its last lines.  The disk is simulated: the
writes raise OSError(ENOSPC), or the temporary file of an atomic write cannot be made
(EROFS), as they do on a real full or read-only disk (checked by hand on a 64 KB tmpfs, full
and then mounted read-only)."""

from __future__ import annotations

import errno
import io
import os

import pytest

from zole_desktop import logs, saves, storage
from zole_desktop.cli import main
from zole_desktop.records import history


def _raise(code: int):
    def fail(*_a, **_k):
        raise OSError(code, os.strerror(code))
    return fail


class FullStream(io.StringIO):
    """A log file on a full disk: what is written stays in the buffer, which never reaches
    the disk (every flush, also the one of close, fails)."""

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self) -> None:
        if not self.closed:
            super().close()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def full_disk(monkeypatch):
    monkeypatch.setattr(storage, "atomic_write", _raise(errno.ENOSPC))
    monkeypatch.setattr(logs._Handler, "_open", lambda self: FullStream())


@pytest.fixture
def read_only_disk(monkeypatch):
    monkeypatch.setattr(storage.tempfile, "mkstemp", _raise(errno.EROFS))
    monkeypatch.setattr(logs._Handler, "_open", _raise(errno.EROFS))


def _demo(tmp_path, capsys) -> tuple[int, list[str]]:
    rc = main(["demo", "--hands", "1", "--seed", "2", "--size", "960x540",
               "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return rc, err.strip().splitlines()


@pytest.mark.parametrize("disk", ["full_disk", "read_only_disk"])
def test_a_match_on_a_disk_that_takes_nothing_is_said_lost(disk, request, tmp_path, capsys):
    request.getfixturevalue(disk)
    rc, err = _demo(tmp_path, capsys)
    assert rc == 1  # a save failed: the status says so
    said = [ln for ln in err if "could not be kept in the history" in ln]
    assert len(said) == 1, err
    assert "it is lost" in said[0] and "Continue" not in said[0]
    assert not any("stays saved" in ln for ln in err), err
    assert not saves.save_path().exists() or saves.save_path().stat().st_size == 0
    logs.close()


def test_a_log_that_cannot_be_flushed_is_closed_with_one_line(data_dir, monkeypatch, capsys):
    monkeypatch.setattr(logs._Handler, "_open", lambda self: FullStream())
    assert logs.setup() is not None
    logs.log.error("a line that stays in the buffer")
    logs.close()  # raised OSError(ENOSPC) before
    assert logs.current_log() is None
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["zole: the log file cannot be written: [Errno 28] No space left on device"]


def test_a_match_whose_save_holds_but_history_fails_stays_saved(tmp_path, capsys,
                                                                 monkeypatch):
    monkeypatch.setattr(history, "archive", _raise(errno.ENOSPC))
    rc, err = _demo(tmp_path, capsys)
    assert rc == 1
    said = [ln for ln in err if "could not be kept in the history" in ln]
    assert len(said) == 1 and "stays saved for Continue" in said[0], err
    assert saves.save_path().stat().st_size > 0  # true: Continue finds it
