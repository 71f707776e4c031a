"""Temporary files that a killed process left behind (issue 32, item 10): a host killed in
the middle of an atomic write leaves ``net-table.json.<8 letters>.tmp``; the game and
``serve`` remove the stale ones of their own naming at start, and nothing else."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from zole_desktop import saves, storage
from zole_desktop.net import kept, serve

ROOT = Path(__file__).resolve().parent.parent
HOUR_AGO = time.time() - 3600


def _file(path: Path, old: bool = True) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{")
    if old:
        os.utime(path, (HOUR_AGO, HOUR_AGO))
    return path


def test_the_stale_temporary_files_of_every_target_are_removed_and_nothing_else(data_dir):
    stale = [_file(data_dir / n) for n in (
        "net-table.json.k2x_9q0a.tmp", "net-table-17.json.abcdefgh.tmp",
        "current-match.json.0123abcd.tmp", "settings.toml.zzzzzzzz.tmp",
        "net-seats.json.a1b2c3d4.tmp", "net-table.json.corrupt-20261202-120000.q1w2e3r4.tmp",
        "history/match-20261202-120000.json.abcdefgh.tmp", "prints/zole-x-a4.pdf.abcdefgh.tmp",
        "cards/zole-x-AC.png.abcdefgh.tmp", "themes/my-deck/AC.png.abcdefgh.tmp")]
    kept_ = [_file(data_dir / "net-table.json.fresh123.tmp", old=False),  # being written now
             _file(data_dir / "notes.txt.abcdefgh.tmp"),  # a player's file: not our target
             _file(data_dir / "net-table.json.tmp"),  # not atomic_write's naming
             _file(data_dir / "net-table.json.ABCDEFGH.tmp"),
             _file(data_dir / "net-table.json"), _file(data_dir / "history" / "match-1.json")]
    (data_dir / "current-match.json.dirdirdi.tmp").mkdir()  # a folder is never removed
    link = data_dir / "settings.toml.linklink.tmp"
    os.symlink(kept_[0], link)
    os.utime(link, (HOUR_AGO, HOUR_AGO), follow_symlinks=False)
    assert storage.clean_stale_temps() == len(stale)
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept_)
    assert link.is_symlink() and (data_dir / "current-match.json.dirdirdi.tmp").is_dir()
    assert storage.clean_stale_temps() == 0


def test_the_names_are_those_the_game_writes(data_dir, monkeypatch):
    for name in (saves.SAVE_NAME, serve.SAVE_NAME, "net-table-500.json", kept.FILE,
                 storage.settings_path().name, storage.aside_name(data_dir / serve.SAVE_NAME).name):
        assert storage._ROOT_TARGET_RE.fullmatch(name), name
    made: list[str] = []
    real = tempfile.mkstemp

    def recording(*a, **k):
        fd, name = real(*a, **k)
        made.append(name)
        return fd, name

    monkeypatch.setattr(storage.tempfile, "mkstemp", recording)
    for _ in range(20):
        storage.atomic_write(data_dir / serve.SAVE_NAME, b"{}")
    for name in made:
        m = storage._TEMP_RE.fullmatch(Path(name).name)
        assert m is not None and m["target"] == serve.SAVE_NAME, name


def test_serve_removes_them_at_start(tmp_path):
    from tests.net.test_processes import Proc, free_port

    data = tmp_path / "data"
    left = [_file(data / f"net-table.json.{c * 8}.tmp") for c in "abcdefg"]  # 7 kills
    host = Proc([sys.executable, "-m", "zole_desktop", "--data-dir", str(data), "serve",
                 "--port", str(free_port()), "--no-announce", "--json"])
    try:
        host.wait_for("table", 60)
        assert not any(p.exists() for p in left)
    finally:
        host.stop()


def test_the_game_removes_them_at_start(tmp_path):
    import subprocess

    data = tmp_path / "data"
    left = _file(data / "current-match.json.abcdefgh.tmp")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    # no display: the game stops after its start (status 1), which has cleaned the folder
    r = subprocess.run([sys.executable, "-m", "zole_desktop", "--data-dir", str(data)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no display" in r.stderr, r.stderr
    assert not left.exists()


def _folder(path: Path, files: dict[str, bytes], old: bool = True) -> Path:
    path.mkdir(parents=True)
    for name, data in files.items():
        (path / name).write_bytes(data)
    if old:
        os.utime(path, (HOUR_AGO, HOUR_AGO))
    return path


def test_a_deck_import_stopped_half_way_is_cleaned_up_and_the_replaced_deck_kept(data_dir):
    """A process killed in ``decks.import_deck`` leaves ``.incoming-<8>`` (the new deck's
    files) and, replacing a deck, ``.replaced-<8>/<id>`` (the old one, moved aside): at start
    the first is removed, the deck in the second goes back to its place if nothing took it
    (killed between the two moves), and is removed if the new deck is in place."""
    themes = data_dir / "themes"
    half = _folder(themes / ".incoming-k2x_9q0a", {"theme.toml": b"id = 'x'", "AC.png": b"p"})
    fresh = _folder(themes / ".incoming-abcdefgh", {"AC.png": b"p"}, old=False)  # being written
    lost = _folder(themes / ".replaced-0123abcd" / "my-deck", {"theme.toml": b"id = 'my-deck'"})
    os.utime(lost.parent, (HOUR_AGO, HOUR_AGO))
    _folder(themes / "other", {"theme.toml": b"id = 'other'"})
    done = _folder(themes / ".replaced-zzzzzzzz" / "other", {"theme.toml": b"old"})
    os.utime(done.parent, (HOUR_AGO, HOUR_AGO))
    target = _folder(data_dir / "elsewhere", {"keep.txt": b"mine"})
    os.symlink(target, themes / ".incoming-linklink")  # a link: never followed nor removed
    os.utime(themes / ".incoming-linklink", (HOUR_AGO, HOUR_AGO), follow_symlinks=False)
    player = _folder(themes / ".incoming-notes", {"a.txt": b"x"})  # not mkdtemp's naming

    assert storage.clean_stale_temps() == 3
    assert not half.exists() and fresh.is_dir() and player.is_dir()
    assert not lost.parent.exists()
    assert (themes / "my-deck" / "theme.toml").read_bytes() == b"id = 'my-deck'"  # back
    assert not done.parent.exists()
    assert (themes / "other" / "theme.toml").read_bytes() == b"id = 'other'"  # the new one
    assert (themes / ".incoming-linklink").is_symlink() and (target / "keep.txt").exists()
    assert storage.clean_stale_temps() == 0


def test_the_import_folders_are_named_as_the_cleaning_knows(data_dir, monkeypatch):
    """The import's own folders match the cleaner's naming (a rename of one would leave
    them behind again)."""
    from zole_desktop import decks

    made: list[str] = []
    real = tempfile.mkdtemp

    def recording(*a, **k):
        name = real(*a, **k)
        made.append(Path(name).name)
        return name

    monkeypatch.setattr(decks.tempfile, "mkdtemp", recording)
    source = data_dir.parent / "my-deck"
    decks.write_template(source)
    tid = decks.import_deck(source)
    decks.import_deck(source)  # again: the old copy is moved aside first
    assert (data_dir / "themes" / tid).is_dir()
    assert any(n.startswith(storage.INCOMING) for n in made)
    assert any(n.startswith(storage.REPLACED) for n in made)
    assert all(storage._STAGING_RE.fullmatch(n) for n in made), made
