"""Untrusted files and failing disks (issue 13): each crash, hang and loss that a hostile or
unlucky player found has a test here.  Nothing raises beyond the documented errors, nothing
blocks on a file that is not a regular file, and nothing the player had is lost."""

from __future__ import annotations

import errno
import json
import os
import random
import sys
import threading
from pathlib import Path

import pytest

from tests.helpers import play_random
from zole_desktop import saves, storage
from zole_desktop.cli import main
from zole_desktop.records import history as match_history
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules

NUL_NAME = "La\x00ima"
SURROGATE_NAME = "La\ud800ima"


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    storage.set_data_dir(d)
    yield d
    storage.set_data_dir(None)


def mid_hand_save(path: Path, names: list[str], seed: int = 3) -> None:
    """A save of a 3-player match after one finished hand and a few actions of the second;
    the names are written as JSON escapes (a lone surrogate cannot be UTF-8)."""
    rng = random.Random(seed)
    m = Match(players=3, rules=Rules(), dealer=0)
    _d, st = m.deal(saves.hand_rng(seed, 1))
    play_random(st, rng)
    m.finish(st)
    _d, st = m.deal(saves.hand_rng(seed, 2))
    for _ in range(3):
        st.apply(rng.choice([a for a in st.legal_actions() if a != 31]))
    table = saves.Table(names, ["human", "normal", "easy"], seed=seed)
    data = saves.to_json(m, table, st, {"length": 12, "serious": False, "human": 0})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))  # ensure_ascii: "\u0000", "\ud800" stay escapes


def no_hang(fn, fifos: list[Path], seconds: float = 20.0):
    """Run ``fn`` in a thread; if it is still blocked after ``seconds`` (on a FIFO), open the
    FIFOs' writing ends to let it go, and fail.  Returns what ``fn`` returned."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed to the test below
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    hung = t.is_alive()
    if hung:
        for p in fifos:
            try:
                os.close(os.open(p, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        t.join(30)
    assert not hung, f"blocked reading a FIFO: {fifos}"
    if "error" in out:
        raise out["error"]
    return out.get("value")


# ---------------------------------------------------------------------------- crashes
@pytest.mark.parametrize("bad", [NUL_NAME, SURROGATE_NAME])
def test_continue_with_a_control_character_or_lone_surrogate_in_a_saved_name(
        tmp_path, capsys, bad):
    d = tmp_path / "data"
    mid_hand_save(d / saves.SAVE_NAME, [bad, "Anna", "Jānis"])
    try:
        rc = main(["demo", "--continue", "--data-dir", str(d), "--hands", "1"])
    finally:
        storage.set_data_dir(None)
    assert rc == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "resumed hand 2 at card 0" or out[0].startswith("resumed hand 2")


def test_text_rendering_survives_any_string():
    from zole_desktop.ui import gfx

    for s in ["a\x00b", "\ud800", "x\udfffy\x00", "\x07\x1b[31m", "tab\there", ""]:
        assert gfx.text(s, 14).get_height() > 0
        assert gfx.text_width(s, 14) >= 0
        assert gfx.wrap(s + " more words", 14, 60)


def test_clean_text_drops_controls_and_lone_surrogates():
    assert storage.clean_text(NUL_NAME) == "Laima"
    assert storage.clean_text(SURROGATE_NAME) == "La\ufffdima"
    assert storage.clean_text("  Anna\tBērziņa\n ") == "Anna Bērziņa"
    assert storage.clean_text("x" * 100, 40) == "x" * 40


def test_settings_player_name_with_a_nul(data, make_app):
    from zole_desktop.ui.menus import NewGameScene

    data.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text('player_name = "La\\u0000ima"\nsound = false\n')
    msgs: list[str] = []
    s = storage.load_settings(msgs)
    assert "\x00" not in s.player_name
    app = make_app()
    app.settings = s
    app.stack.push(NewGameScene())
    app.step()
    app.draw()
    storage.save_settings(s)
    msgs = []
    again = storage.load_settings(msgs)
    assert msgs == [] and again.player_name == s.player_name
    assert not list(data.glob("settings.toml.corrupt-*"))
    # a control character that reached the settings some other way is written as an escape
    s.player_name = "A\x00\x1fB\\\"C"
    storage.save_settings(s)
    assert storage.load_settings(msgs).player_name == storage.clean_text(s.player_name)
    assert msgs == []


def _history_file(d: Path, names: list[str], note: str = "") -> Path:
    rng = random.Random(5)
    m = Match(players=3, rules=Rules(), dealer=0)
    for n in range(2):
        _d, st = m.deal(saves.hand_rng(5, n + 1))
        play_random(st, rng)
        m.finish(st)
    rec = m.to_record({"names": names, "human_seat": 0, "finished_at": "20250101-120000",
                       "note": note})
    p = d / "history" / "match-20250101-120000.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(rec))
    return p


def test_history_with_control_characters_and_surrogates(data, make_app, tmp_path):
    from zole_desktop.ui.history import HistoryScene
    from zole_desktop.ui.history_entries import export_match, load_history

    p = _history_file(data, [NUL_NAME, SURROGATE_NAME, "Ilze"], note="a\ud800b")
    entries, notes = load_history([p])
    assert notes == [] and len(entries) == 1
    assert entries[0].names[:2] == ["Laima", "La\ufffdima"]
    app = make_app()
    scene = HistoryScene()
    app.stack.push(scene)
    app.step()
    scene.open_selected()
    app.step()
    app.draw()
    out = tmp_path / "out"
    out.mkdir()
    target = export_match(entries[0], out)
    assert json.loads(target.read_text("utf-8"))["note"] == "a\ud800b"


def test_deeply_nested_settings_are_set_aside(data):
    data.mkdir(parents=True, exist_ok=True)
    for text in ["x = " + "[" * 1000 + "]" * 1000, "x = " + "{a = " * 1000 + "1" + "}" * 1000]:
        storage.settings_path().write_text(text)
        msgs: list[str] = []
        assert storage.load_settings(msgs) == storage.Settings()
        assert len(msgs) == 1 and "\n" not in msgs[0]
        assert not storage.settings_path().exists()
    assert len(list(data.glob("settings.toml.corrupt-*"))) == 2


def test_deeply_nested_theme_toml(tmp_path, capsys):
    from zole_desktop.ui import theme as T

    root = tmp_path / "themes"
    (root / "deep").mkdir(parents=True)
    (root / "deep" / "theme.toml").write_text("x = " + "[" * 30000 + "]" * 30000)
    with pytest.raises(T.ThemeError):
        T.load_theme("deep", root)
    assert T.theme_label("deep", root) == "deep"
    msgs: list[str] = []
    got = T.load_with_fallback("deep", msgs, root)
    assert got.procedural and msgs


@pytest.mark.parametrize("kind", ["file", "under-a-file"])
def test_demo_continue_with_an_unusable_data_dir(tmp_path, capsys, kind):
    f = tmp_path / "plain"
    f.write_text("x")
    d = f if kind == "file" else f / "data"
    try:
        rc = main(["demo", "--continue", "--data-dir", str(d), "--hands", "1"])
    finally:
        storage.set_data_dir(None)
    assert rc == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "data folder" in err[0]


# ---------------------------------------------------------------------------- hangs
def _fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("this system has no FIFOs")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("cmd", ["replay", "solve"])
def test_replay_and_solve_refuse_a_fifo(tmp_path, capsys, cmd):
    f = _fifo(tmp_path / "pipe.json")
    rc = no_hang(lambda: main([cmd, str(f)]), [f])
    assert rc == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a regular file" in err[0]


def test_save_and_settings_fifos_do_not_block(data):
    save = _fifo(data / saves.SAVE_NAME)
    settings = _fifo(data / "settings.toml")
    msgs: list[str] = []
    assert no_hang(lambda: saves.load(messages=msgs), [save]) is None
    assert no_hang(lambda: storage.load_settings(msgs), [settings]) == storage.Settings()
    assert len(msgs) == 2
    # set aside, not deleted
    assert len(list(data.glob("current-match.json.corrupt-*"))) == 1
    assert len(list(data.glob("settings.toml.corrupt-*"))) == 1


def test_theme_face_fifo_does_not_block(tmp_path):
    import shutil

    from zole_desktop import resources
    from zole_desktop.ui import theme as T

    root = tmp_path / "themes"
    shutil.copytree(resources.themes_dir() / "classic", root / "piped")
    (root / "piped" / "AC.png").unlink()
    f = _fifo(root / "piped" / "AC.png")
    with pytest.raises(T.ThemeError, match="AC.png"):
        no_hang(lambda: T.load_theme("piped", root), [f])


def test_history_fifo_does_not_block(data):
    from zole_desktop.records import stats
    from zole_desktop.ui.history_entries import load_history

    f = _fifo(data / "history" / "match-20250101-000000.json")
    entries, notes = no_hang(lambda: load_history([f]), [f])
    assert entries == [] and len(notes) == 1
    st, notes = no_hang(lambda: stats.from_files([f]), [f])
    assert st.matches == 0 and len(notes) == 1


# ---------------------------------------------------------------------------- data loss
def _enospc(*_a, **_k):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_finished_match_is_kept_when_the_history_cannot_be_written(
        tmp_path, capsys, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setattr(match_history, "archive", _enospc)
    try:
        rc = main(["demo", "--data-dir", str(d), "--hands", "1", "--seed", "4"])
    finally:
        storage.set_data_dir(None)
    assert rc == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "history" in err[0] and "No space left" in err[0]
    # the match is still there, whole: Continue offers it, and it replays
    saved = saves.load(d / saves.SAVE_NAME)
    assert saved is not None and len(saved.match.rows) == 1
    # once the history can be written again, the next finish keeps it and clears the save
    monkeypatch.undo()
    try:
        rc = main(["demo", "--continue", "--data-dir", str(d), "--hands", "1"])
    finally:
        storage.set_data_dir(None)
    assert rc == 0
    assert not (d / saves.SAVE_NAME).exists()
    kept = list((d / "history").glob("match-*.json"))
    assert len(kept) == 1


@pytest.mark.parametrize("content", ["valid", "corrupt", "future"])
def test_demo_without_continue_keeps_an_existing_save(tmp_path, capsys, content):
    d = tmp_path / "data"
    path = d / saves.SAVE_NAME
    if content == "valid":
        mid_hand_save(path, ["Laima", "Anna", "Jānis"])
    else:
        d.mkdir(parents=True)
        path.write_text('{"format": "zole-save/1", "match": ' if content == "corrupt"
                        else '{"format": "zole-save/7"}')
    before = path.read_bytes()
    try:
        rc = main(["demo", "--data-dir", str(d), "--hands", "1"])
    finally:
        storage.set_data_dir(None)
    assert rc == 2
    assert path.read_bytes() == before
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--continue" in err[0]


def test_wrong_typed_settings_keep_the_original(data):
    data.mkdir(parents=True)
    original = 'sound = "loud"\ntheme = "classic"\nfuture_key = 3\n'
    storage.settings_path().write_text(original)
    msgs: list[str] = []
    s = storage.load_settings(msgs)
    assert s.sound is True and msgs
    storage.save_settings(s)  # on exit
    kept = list(data.glob("settings.toml.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == original
    assert any(kept[0].name in m for m in msgs)


# ---------------------------------------------------------------------------- bounded
def png_claiming(w: int, h: int, rows: int = 4) -> bytes:
    """A small PNG whose header claims ``w``x``h`` (RGBA) with only a few rows of data."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\x00" * (rows * (1 + 4 * min(w, 4096))), 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat)
            + chunk(b"IEND", b""))


BOMB_SCRIPT = r"""
import os, resource, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
from pathlib import Path
from zole_desktop.ui import theme as T
root = Path(sys.argv[1])
for tid in sys.argv[2:]:
    try:
        T.load_theme(tid, root)
        print(tid, "loaded")
    except T.ThemeError as e:
        print(tid, "refused:", e)
# the peak of this process's own memory since its exec: /proc's VmHWM (getrusage's
# ru_maxrss would also count the pages of the pytest process it was forked from)
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            peak_kb = int(line.split()[1])
except OSError:
    pass
print("peak_mb", peak_kb // 1024)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the child reads its peak memory from /proc")
def test_png_bombs_are_refused_from_the_header_in_little_memory(tmp_path):
    import shutil
    import subprocess
    import sys

    from zole_desktop import resources

    root = tmp_path / "themes"
    ids = []
    for w, h in [(20000, 20000), (65535, 65535), (4097, 16), (1, 5000)]:
        tid = f"bomb-{w}x{h}"
        shutil.copytree(resources.themes_dir() / "classic", root / tid)
        (root / tid / "QC.png").write_bytes(png_claiming(w, h))
        ids.append(tid)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    r = subprocess.run([sys.executable, "-c", BOMB_SCRIPT, str(root), *ids],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    for tid, line in zip(ids, lines, strict=False):
        assert line.startswith(f"{tid} refused: QC.png"), line
        assert "dimensions" in line
    peak = int(lines[-1].split()[1])
    assert peak < 300, f"peak RSS {peak} MB"


def test_a_number_too_long_speaks_of_the_record(tmp_path, capsys):
    from zole_desktop.rules.record import RecordError, parse_json

    with pytest.raises(RecordError) as e:
        parse_json('{"format": "zole-match/1", "players": ' + "9" * 5000 + "}")
    msg = str(e.value)
    assert msg.startswith("hand 1:") and "record" in msg and "set_int_max_str_digits" not in msg
    f = tmp_path / "big.json"
    f.write_text('{"players": ' + "9" * 5000 + "}")
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert "set_int_max_str_digits" not in err and "digits" in err


def test_theme_toml_size_message_states_the_limit(tmp_path):
    from zole_desktop.ui import theme as T

    root = tmp_path / "themes"
    (root / "fat").mkdir(parents=True)
    (root / "fat" / "theme.toml").write_text("# " + "x" * T.MAX_TOML_BYTES)
    with pytest.raises(T.ThemeError) as e:
        T.load_theme("fat", root)
    assert "256 KB" in str(e.value)


def test_a_history_file_is_bounded(data):
    from zole_desktop.records import stats
    from zole_desktop.ui.history_entries import load_history

    p = data / "history" / "match-20250101-000000.json"
    p.parent.mkdir(parents=True)
    p.write_bytes(b" " * (match_history.MAX_HISTORY_BYTES + 1))
    entries, notes = load_history([p])
    assert entries == [] and "too large" in notes[0]
    st, notes = stats.from_files([p])
    assert st.matches == 0 and "too large" in notes[0]


def test_a_finished_match_still_saved_is_kept_in_the_history_at_the_next_start(
        data, monkeypatch):
    from zole_desktop.flow.session import Session

    rng = random.Random(2)
    m = Match(players=3, rules=Rules(), dealer=0)
    _d, st = m.deal(saves.hand_rng(2, 1))
    play_random(st, rng)
    m.finish(st)
    saves.save(m, saves.Table(["Laima", "Anna", "Jānis"], ["human", "easy", "easy"], 2),
               None, {"length": 1, "serious": False, "human": 0})
    monkeypatch.setattr(match_history, "archive", _enospc)
    msgs: list[str] = []
    assert Session.load(msgs) is None
    assert "stays saved" in msgs[-1] and saves.save_path().is_file()
    monkeypatch.undo()
    msgs = []
    assert Session.load(msgs) is None
    assert "now kept" in msgs[-1] and not saves.save_path().exists()
    assert len(list((data / "history").glob("match-*.json"))) == 1


def test_the_readme_says_what_the_game_promises_about_the_players_files(tmp_path):
    """The README's promise, checked against the code that keeps it (the behaviours
    themselves are the tests above)."""
    from zole_desktop import logs

    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md")
                      .read_text("utf-8").split())
    promise = ("What the game promises about your files: it never deletes or writes over a "
               "file of yours that it could not read or use (it keeps a `.corrupt-<time>` "
               "copy first), and it deletes the saved match only once its copy in `history/` "
               "is safely on disk; it reads only regular files (never a pipe or a device) and "
               "checks a file's size before reading it.")
    assert promise in readme
    log_sentence = (f"to `{logs.LOG_NAME}` in the data folder (at most "
                    f"{storage.size_text(logs.MAX_LOG_BYTES)}, with two older files "
                    f"`{logs.LOG_NAME}.1` and `{logs.LOG_NAME}.2`)")
    assert log_sentence in readme and logs.BACKUPS == 2
    assert match_history.HISTORY_DIR == "history"
    import re

    f = tmp_path / "settings.toml"
    f.write_text("x")
    assert re.fullmatch(r"settings\.toml\.corrupt-\d{8}-\d{6}", storage.set_aside(f).name)


def test_statistics_of_a_large_history_are_cached_and_exact(data, monkeypatch):
    """Each history file is replayed once while it is unchanged; the merged statistics equal
    those of one pass over every record."""
    from zole_desktop.records import stats

    hist = data / "history"
    hist.mkdir(parents=True)
    records = []
    for k in range(6):
        rng = random.Random(k)
        m = Match(players=3, rules=Rules(), dealer=k % 3)
        for n in range(3 + k):
            _d, st = m.deal(saves.hand_rng(k, n + 1))
            play_random(st, rng)
            m.finish(st)
        rec = m.to_record({"human_seat": k % 3, "session_end": list(m.session_end())})
        records.append(rec)
        (hist / f"match-2025010{k}-000000.json").write_text(json.dumps(rec))
    expected = stats.Stats()
    for rec in records:
        expected.add_record(rec)
    paths = match_history.history_files()
    first, notes = stats.from_files(paths)
    assert notes == [] and first == expected
    calls = []
    real = stats.Stats.add_record
    monkeypatch.setattr(stats.Stats, "add_record",
                        lambda self, *a, **k: (calls.append(1), real(self, *a, **k)))
    again, _n = stats.from_files(paths)
    assert again == expected and calls == []
    # a file that changes is read again
    p = paths[0]
    p.write_text(json.dumps(records[0]) + " ")
    stats.from_files(paths)
    assert len(calls) == 1


def test_a_match_too_long_for_a_history_file_is_not_written_to_be_skipped(data, monkeypatch):
    """archive() never writes a history file that reading would skip: a very long match
    is written without indentation, and one still too long raises (so it stays saved)."""
    rng = random.Random(8)
    m = Match(players=3, rules=Rules(), dealer=0)
    for n in range(4):
        _d, st = m.deal(saves.hand_rng(8, n + 1))
        play_random(st, rng)
        m.finish(st)
    table = saves.Table(["Laima", "Anna", "Jānis"], ["human", "easy", "easy"], 8)
    rec = m.to_record({"names": table.names})
    compact = len(json.dumps(rec, ensure_ascii=False))
    monkeypatch.setattr(match_history, "MAX_HISTORY_BYTES", compact + 400)
    p = match_history.archive(m, table, when="20250101-000000")
    assert p.stat().st_size <= match_history.MAX_HISTORY_BYTES and "\n" not in p.read_text("utf-8")
    monkeypatch.setattr(match_history, "MAX_HISTORY_BYTES", compact // 2)
    with pytest.raises(OSError, match="too long"):
        match_history.archive(m, table, when="20250101-000001")
    assert not (data / "history" / "match-20250101-000001.json").exists()


def test_pillow_keeps_its_decompression_bomb_guard():
    """Themes are decoded by SDL_image after the header check; Pillow (the art tools) keeps
    its own guard: nothing in the package turns it off."""
    import importlib

    from PIL import Image

    default = Image.MAX_IMAGE_PIXELS
    for mod in ("art.common", "art.vector", "art.rainis_data", "art.build",
                "tools.make_icon"):
        importlib.import_module(f"zole_desktop.{mod}")
    assert Image.MAX_IMAGE_PIXELS == default and 0 < default < 2**31


def test_the_match_history_is_read_once_while_unchanged(data, monkeypatch):
    """A long history is not replayed at every visit to the Match history screen: each file
    is read once while it is unchanged (and in the language of the day), again when it
    changes; a match past the cache's size is read afresh and not kept in memory."""
    from zole_desktop.i18n import set_language
    from zole_desktop.ui import history_entries as H

    hist = data / "history"
    hist.mkdir(parents=True)
    for k in range(4):
        rng = random.Random(k)
        m = Match(players=3, rules=Rules(), dealer=k % 3)
        for n in range(4):
            _d, st = m.deal(saves.hand_rng(k, n + 1))
            play_random(st, rng)
            m.finish(st)
        (hist / f"match-2025010{k}-000000.json").write_text(json.dumps(m.to_record({})))
    paths = match_history.history_files()
    calls = []
    real = H.read_entry
    monkeypatch.setattr(H, "read_entry", lambda p: (calls.append(p.name), real(p))[1])
    monkeypatch.setattr(H, "_entries", type(H._entries)())
    first, notes = H.load_history(paths)
    assert notes == [] and len(first) == 4 and len(calls) == 4
    again, _n = H.load_history(paths)
    assert len(calls) == 4 and [e.hands for e in again] == [e.hands for e in first]
    assert first[0].names[1] == "Seat 2"  # a record without names
    set_language("lv")
    try:
        lv, _n = H.load_history(paths[:1])
        assert lv[0].names[1] != "Seat 2" and len(calls) == 5
    finally:
        set_language("en")
    os.utime(paths[0], ns=(0, 10**9))  # a file that changes is read again
    H.load_history(paths)
    assert len(calls) == 6
    monkeypatch.setattr(H, "CACHE_MAX_BYTES", 10)  # too large to keep: read every time
    monkeypatch.setattr(H, "_entries", type(H._entries)())
    H.load_history(paths[:1])
    H.load_history(paths[:1])
    assert len(calls) == 8 and not H._entries


@pytest.mark.parametrize("lang, words", [("lv", ("ir lielāks par", "256 KB")),
                                         ("ru", ("больше", "256 КБ"))])
def test_file_size_problems_read_in_the_players_language(tmp_path, lang, words):
    """The theme's and the storage's one-line problems are whole translated messages, size
    units included (they are shown inside translated sentences)."""
    from zole_desktop import i18n, storage
    from zole_desktop.ui import theme as T

    root = tmp_path / "themes"
    (root / "fat").mkdir(parents=True)
    (root / "fat" / "theme.toml").write_text("# " + "x" * T.MAX_TOML_BYTES)
    big = tmp_path / "big.bin"
    big.write_bytes(b"x" * 2048)
    i18n.set_language(lang)
    try:
        with pytest.raises(T.ThemeError) as e:
            T.load_theme("fat", root)
        assert all(w in str(e.value) for w in words), str(e.value)
        with pytest.raises(OSError) as e2:
            storage.read_regular(big, 1024)
        assert "too large" not in str(e2.value.strerror) and \
            storage.size_text(1024) in str(e2.value.strerror)
    finally:
        i18n.set_language("en")
