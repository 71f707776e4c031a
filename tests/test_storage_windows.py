"""An atomic save survives a Windows sharing violation on the old file for a moment."""

import os

import pytest

from zole_desktop import storage


def flaky_replace(fails):
    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) <= fails:
            raise PermissionError(32, "The process cannot access the file")
        return real(src, dst)

    return replace, calls


def test_replace_retries_a_sharing_violation_on_windows(tmp_path, monkeypatch):
    target = tmp_path / "current-match.json"
    target.write_text("old")
    replace, calls = flaky_replace(2)
    monkeypatch.setattr(storage.os, "replace", replace)
    monkeypatch.setattr(storage.sys, "platform", "win32")
    monkeypatch.setattr(storage.time, "sleep", lambda s: None)
    storage.atomic_write(target, "new")
    assert target.read_text() == "new" and len(calls) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["current-match.json"]  # no temp file left


def test_replace_gives_up_and_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "settings.toml"
    target.write_text("old")
    replace, calls = flaky_replace(100)
    monkeypatch.setattr(storage.os, "replace", replace)
    monkeypatch.setattr(storage.sys, "platform", "win32")
    monkeypatch.setattr(storage.time, "sleep", lambda s: None)
    with pytest.raises(PermissionError):
        storage.atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_elsewhere_a_permission_error_is_not_retried(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    replace, calls = flaky_replace(1)
    monkeypatch.setattr(storage.os, "replace", replace)
    monkeypatch.setattr(storage.sys, "platform", "linux")
    with pytest.raises(PermissionError):
        storage.atomic_write(target, "new")
    assert len(calls) == 1
