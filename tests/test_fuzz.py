"""A bounded, seeded fuzz suite over everything the game reads from the player's disk
(issue 13): match records, saves, settings, history files and card themes, mutated at the
byte level and in their structure, plus FIFOs, devices, folders, deeply nested TOML,
control characters, lone surrogates and PNG headers with any size; and a data folder that
is full or read-only.

Each case asserts that nothing raises beyond the documented errors, that nothing blocks
(only regular files are opened: a FIFO would block the test itself), and that nothing the
player had is lost (a file that cannot be used is set aside byte for byte).  The seed is
fixed (``ZOLE_FUZZ_SEED`` changes it) and the number of cases is bounded, so the suite runs
in well under a minute; the PNG bombs' memory is checked in tests/test_robust.py."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from tests.helpers import make_device_link, make_fifo, play_random
from zole_desktop import saves, storage
from zole_desktop.records import history as match_history
from zole_desktop.records import stats
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules
from zole_desktop.rules.record import RecordError, parse_json, replay

SEED = int(os.environ.get("ZOLE_FUZZ_SEED", "20261201"))
NASTY = ["\x00", "\ud800", "\udfff", "\x1b[31m", "\u202e", "\ufeff", "\u200d", "\t", "\n",
         "\x7f", "\x85", "😀", "Ā" * 50, "", " ", '"', "\\", "{", "]"]


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    storage.set_data_dir(d)
    yield d
    storage.set_data_dir(None)


def _match(seed: int, players: int = 3, hands: int = 3) -> Match:
    rng = random.Random(seed)
    m = Match(players=players, rules=Rules(), dealer=rng.randrange(players))
    for n in range(hands):
        _d, st = m.deal(saves.hand_rng(seed, n + 1))
        play_random(st, rng)
        m.finish(st)
    return m


def _save_json(seed: int) -> dict:
    rng = random.Random(seed)
    m = _match(seed, hands=2)
    _d, st = m.deal(saves.hand_rng(seed, 3))
    for _ in range(rng.randrange(0, 12)):
        st.apply(rng.choice([a for a in st.legal_actions() if a != 31]))
    table = saves.Table(["Laima", "Anna", "Jānis"], ["human", "normal", "easy"], seed=seed)
    return saves.to_json(m, table, st, {"length": 12, "serious": False, "human": 0})


def nasty_string(rng: random.Random) -> str:
    return "".join(rng.choice(NASTY + ["a", "Ž", "ы"]) for _ in range(rng.randrange(0, 6)))


def nasty_value(rng: random.Random, depth: int = 0):
    k = rng.randrange(9 if depth < 3 else 6)
    if k == 0:
        return None
    if k == 1:
        return rng.choice([True, False])
    if k == 2:
        return rng.choice([0, -1, 1, 2**63, -(2**70), 10**300])
    if k == 3:
        return rng.choice([0.5, 1e308, -0.0])
    if k in (4, 5):
        return nasty_string(rng)
    if k in (6, 7):
        return [nasty_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {nasty_string(rng): nasty_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def mutate_structure(rng: random.Random, obj):
    """A copy of a JSON value with one node somewhere replaced by something nasty."""
    obj = json.loads(json.dumps(obj))
    path = []
    node = obj
    while isinstance(node, (dict, list)) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return nasty_value(rng)
    parent, key = path[-1]
    r = rng.random()
    if r < 0.15 and isinstance(parent, list):
        del parent[key]
    elif r < 0.25 and isinstance(parent, dict):
        del parent[key]
    elif r < 0.35 and isinstance(parent, list):
        parent.append(json.loads(json.dumps(parent[key])))
    else:
        parent[key] = nasty_value(rng)
    return obj


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        op = rng.randrange(6)
        if not b:
            b += b"{"
        i = rng.randrange(len(b))
        if op == 0:
            b[i] = rng.randrange(256)
        elif op == 1:
            del b[i:i + rng.randrange(1, 64)]
        elif op == 2:
            b[i:i] = rng.choice([b"\x00", b"\xff\xfe", b"\\ud800", b"[" * 50, b"9" * 40,
                                 b"\xed\xa0\x80", b"\\u0000", b'"', b"\n"])
        elif op == 3:
            del b[i:]
        elif op == 4:
            j = rng.randrange(len(b))
            b[i:i] = b[j:j + rng.randrange(1, 200)]
        else:
            b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def _dump(obj) -> bytes:
    # ensure_ascii keeps lone surrogates writable, as "\ud800" escapes
    return json.dumps(obj, ensure_ascii=True).encode("utf-8")


def mutated_json(rng: random.Random, base: dict) -> bytes:
    if rng.random() < 0.5:
        return _dump(mutate_structure(rng, base))
    return mutate_bytes(rng, _dump(base))


# ---------------------------------------------------------------------------- records
def test_fuzz_records_raise_only_record_error():
    rng = random.Random(SEED)
    bases = [_match(SEED + k, players=rng.choice([3, 4, 5]), hands=2).to_record()
             for k in range(4)]
    accepted = refused = 0
    for _ in range(600):
        data = mutated_json(rng, rng.choice(bases))
        try:
            rep = replay(parse_json(data))
        except RecordError as e:
            assert str(e).startswith("hand ") and "\n" not in str(e)
            refused += 1
        else:
            json.dumps(rep.to_json())
            accepted += 1
    assert refused > 100 and accepted > 10


# ---------------------------------------------------------------------------- saves
def test_fuzz_saves_continue_or_are_set_aside_byte_for_byte(data):
    rng = random.Random(SEED + 1)
    bases = [_save_json(SEED + k) for k in range(3)]
    path = saves.save_path()
    continued = aside = 0
    for case in range(250):
        base = rng.choice(bases)
        if rng.random() < 0.2:  # names and other strings with control characters
            base = json.loads(json.dumps(base))
            base["table"]["names"][rng.randrange(3)] = nasty_string(rng)
            data_bytes = _dump(base)
        else:
            data_bytes = mutated_json(rng, base)
        path.write_bytes(data_bytes)
        msgs: list[str] = []
        got = saves.load(messages=msgs)
        if got is None:
            kept = [p for p in data.glob("current-match.json.corrupt-*")]
            assert len(kept) == 1 and kept[0].read_bytes() == data_bytes, case
            assert len(msgs) == 1 and "\n" not in msgs[0]
            kept[0].unlink()
            aside += 1
        else:
            assert path.read_bytes() == data_bytes  # a usable save is left as it was
            kept = [p for p in data.glob("current-match.json.corrupt-*")]
            if got.dropped is not None:  # it goes on from its last readable move: the
                assert len(kept) == 1 and kept[0].read_bytes() == data_bytes, case  # file kept
                assert len(msgs) == 1 and "\n" not in msgs[0]
                kept[0].unlink()
            else:
                assert kept == [] and msgs == [], case
            # what was loaded can be shown and written again
            saves.save(got.match, got.table, got.current, got.extra, path=data / "again.json")
            assert saves.load(data / "again.json") is not None
            continued += 1
        assert not path.exists() or got is not None
    assert continued > 10 and aside > 50


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "dangling"])
def test_a_save_that_is_no_regular_file(data, kind):
    path = saves.save_path()
    if kind == "fifo":
        make_fifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        make_device_link(path)
    else:
        path.symlink_to(data / "nowhere")
    msgs: list[str] = []
    assert saves.load(messages=msgs) is None
    assert len(msgs) == 1
    assert not os.path.lexists(path)  # moved aside, not deleted
    assert len(list(data.glob("current-match.json.corrupt-*"))) == 1


# ---------------------------------------------------------------------------- settings
GOOD_SETTINGS = ('language = "lv"\ntheme = "classic"\nanimation = "fast"\nsound = false\n'
                 'player_name = "Laima"\nwindow_width = 1280\nwindow_height = 720\n')


def _nested_toml(rng: random.Random) -> str:
    depth = rng.choice([100, 998, 1000, 3000, 20000])
    if rng.random() < 0.5:
        return "x = " + "[" * depth + "]" * depth + "\n"
    return "x = " + "{a = " * depth + "1" + "}" * depth + "\n"


def test_fuzz_settings_never_raise_and_keep_the_original(data):
    rng = random.Random(SEED + 2)
    path = storage.settings_path()
    for case in range(300):
        r = rng.random()
        if r < 0.1:
            raw = _nested_toml(rng).encode()
        elif r < 0.4:
            key = rng.choice(["player_name", "theme", "language", "sound", "window_width",
                              "animation", "what"])
            val = json.dumps(nasty_value(rng), ensure_ascii=True) if rng.random() < 0.7 \
                else '"' + nasty_string(rng).encode("utf-8", "replace").decode() + '"'
            raw = (GOOD_SETTINGS + f"{key} = {val}\n").encode("utf-8", "surrogatepass")
        else:
            raw = mutate_bytes(rng, GOOD_SETTINGS.encode())
        for p in data.glob("settings.toml*"):
            p.unlink()
        path.write_bytes(raw)
        msgs: list[str] = []
        s = storage.load_settings(msgs)
        assert all("\n" not in m for m in msgs)
        kept = list(data.glob("settings.toml.corrupt-*"))
        if msgs:  # something could not be used: the player's file is kept, whole
            assert len(kept) == 1 and kept[0].read_bytes() == raw, (case, msgs)
        # written on exit and read again: clean, nothing to say
        storage.save_settings(s)
        again: list[str] = []
        assert storage.load_settings(again) == s and again == [], (case, again)


# ---------------------------------------------------------------------------- history
def test_fuzz_history_and_statistics(data, make_app):
    from zole_desktop.ui import gfx
    from zole_desktop.ui.history import HistoryScene
    from zole_desktop.ui.history_entries import load_history

    rng = random.Random(SEED + 3)
    hist = data / "history"
    hist.mkdir()
    base = _match(SEED, hands=2).to_record({"names": ["Laima", "Anna", "Jānis"],
                                            "human_seat": 0, "finished_at": "20250101-1200"})
    for k in range(60):
        p = hist / f"match-20250101-{k:06d}.json"
        r = rng.random()
        if r < 0.3:
            rec = json.loads(json.dumps(base))
            rec["names"] = [nasty_string(rng) for _ in range(3)]
            rec[nasty_string(rng) or "note"] = nasty_string(rng)
            p.write_bytes(_dump(rec))
        elif r < 0.9:
            p.write_bytes(mutated_json(rng, base))
        elif r < 0.95:
            make_fifo(p)
        else:
            p.mkdir()
    before = {p.name: (p.read_bytes() if p.is_file() else None) for p in hist.iterdir()}
    files = match_history.history_files()
    entries, notes = load_history(files)
    assert len(entries) + len(notes) == len(files)
    st, snotes = stats.from_files(files)
    assert st.matches == len(files) - len(snotes)
    for e in entries:  # every name can be drawn
        for seat in range(e.players):
            gfx.text(e.name(seat), 14)
    app = make_app()
    scene = HistoryScene()
    app.stack.push(scene)
    app.step()
    app.draw()
    after = {p.name: (p.read_bytes() if p.is_file() else None) for p in hist.iterdir()}
    assert after == before  # reading the history changes nothing in it


def test_fuzz_text_rendering():
    from zole_desktop.ui import gfx

    rng = random.Random(SEED + 4)
    for _ in range(400):
        s = "".join(chr(rng.choice([rng.randrange(0, 0x80), rng.randrange(0x80, 0x3000),
                                    rng.randrange(0xD800, 0xE000),
                                    rng.randrange(0x10000, 0x110000)]))
                    for _ in range(rng.randrange(0, 8)))
        assert gfx.text(s, rng.randrange(8, 40), bold=rng.random() < 0.5).get_height() > 0
        gfx.wrap(s + " " + s, 14, 50)
        assert "\x00" not in storage.clean_text(s)
        storage.clean_text(s).encode("utf-8")


# ---------------------------------------------------------------------------- themes
def _png(w: int, h: int, real: bool = True) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    rows = h if real else 2
    raw = b"".join(b"\x00" + b"\x80\x40\x20\xff" * min(w, 64) for _ in range(min(rows, 64)))
    if real:
        raw = b"".join(b"\x00" + b"\x80\x40\x20\xff" * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_fuzz_themes_raise_only_theme_error(tmp_path):
    from zole_desktop.ui import theme as T

    rng = random.Random(SEED + 5)
    good = tmp_path / "good"
    good.mkdir()
    face = _png(20, 30)
    for name in T.CARD_FILES + ("back.png", "felt.png"):
        (good / name).write_bytes(face)
    (good / "theme.toml").write_text('name = "Good"\nfelt_color = "#224433"\n')
    T.load_theme("good", tmp_path)
    loaded = refused = 0
    for case in range(80):
        tid = f"t{case}"
        folder = tmp_path / tid
        shutil.copytree(good, folder)
        target = folder / rng.choice(["theme.toml", "AC.png", "back.png", "felt.png", "7D.png"])
        r = rng.random()
        if target.suffix == ".toml":
            if r < 0.3:
                target.write_text(_nested_toml(rng))
            elif r < 0.4:
                target.unlink()
                make_fifo(target)
            else:
                target.write_bytes(mutate_bytes(rng, target.read_bytes()))
        else:
            if r < 0.35:  # a header claiming any size, with little data
                w = rng.choice([0, 1, 15, 16, 300, 4096, 4097, 20000, 65535, 2**31 - 1])
                h = rng.choice([0, 16, 400, 4096, 5000, 65535])
                target.write_bytes(_png(w, h, real=False))
            elif r < 0.45:
                target.unlink()
                make_fifo(target)
            elif r < 0.5:
                target.unlink()
                make_device_link(target)
            else:
                target.write_bytes(mutate_bytes(rng, face))
        try:
            th = T.load_theme(tid, tmp_path)
        except T.ThemeError as e:
            assert "\n" not in str(e)
            refused += 1
        else:
            assert all(16 <= s <= T.MAX_IMAGE_SIDE for s in th.faces["AC"].get_size())
            loaded += 1
        T.theme_label(tid, tmp_path)
        shutil.rmtree(folder)
    assert refused > 30 and loaded > 3


# ---------------------------------------------------------------------------- a full disk
@pytest.fixture(params=["tmpfs", "simulated"])
def small_disk(request, tmp_path):
    """``tmpfs``: a data folder on a real 256 KB tmpfs, where the machine permits mounting
    one (root on Linux; skipped elsewhere); ``simulated``: None, and the test makes the
    writes fail with ENOSPC and EROFS itself."""
    if request.param == "simulated":
        yield None
        return
    d = tmp_path / "tmpfs"
    d.mkdir()
    if not (sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0
            and shutil.which("mount")):
        pytest.skip("mounting a tmpfs needs root on Linux")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(d)],
                       capture_output=True)
    if r.returncode != 0:
        pytest.skip("this machine does not permit mounting a tmpfs")
    try:
        yield d
    finally:
        subprocess.run(["umount", "-l", str(d)], capture_output=True)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\x00" * 4096)
    except OSError as e:
        assert e.errno == errno.ENOSPC
    finally:
        os.close(fd)


def _remount_ro(folder: Path, ro: bool) -> None:
    opt = "remount,ro" if ro else "remount,rw"
    subprocess.run(["mount", "-o", opt, str(folder)], check=True, capture_output=True)


def test_full_and_read_only_data_folder_lose_nothing(small_disk, tmp_path, monkeypatch):
    """Saves, settings and the history on a folder that fills up or turns read-only: every
    write fails with OSError, the file that was there is byte-identical, no temporary file
    is left behind, and a finished match stays saved."""
    from zole_desktop.flow.session import Session

    real = small_disk is not None
    folder = small_disk if real else tmp_path / "sim"
    folder.mkdir(exist_ok=True)
    storage.set_data_dir(folder)
    try:
        rng = random.Random(SEED + 6)
        m = _match(SEED, hands=1)
        table = saves.Table(["Laima", "Anna", "Jānis"], ["human", "easy", "easy"], SEED)
        extra = {"length": 1, "serious": False, "human": 0}
        saves.save(m, table, None, extra)
        storage.save_settings(storage.Settings(player_name="Laima"))
        save_before = saves.save_path().read_bytes()
        settings_before = storage.settings_path().read_bytes()
        for failure in ("full", "read-only"):
            if real and failure == "full":
                _fill(folder)
            elif real:
                (folder / "filler").unlink()
                _remount_ro(folder, True)
            else:
                code = errno.ENOSPC if failure == "full" else errno.EROFS

                def broken(*_a, _code=code, **_k):
                    raise OSError(_code, os.strerror(_code))

                monkeypatch.setattr(os, "fsync" if failure == "full" else "replace", broken)
            try:
                for _ in range(5):
                    what = rng.choice(["save", "settings", "archive"])
                    with pytest.raises(OSError):
                        if what == "save":
                            m2 = _match(SEED + 1, hands=2)
                            saves.save(m2, table, None, extra)
                        elif what == "settings":
                            storage.save_settings(storage.Settings(player_name="Other"))
                        else:
                            match_history.archive(m, table)
                # a finished match whose history copy cannot be written stays saved
                msgs: list[str] = []
                assert Session.load(msgs) is None and "stays saved" in msgs[-1]
                assert saves.save_path().read_bytes() == save_before
                assert storage.settings_path().read_bytes() == settings_before
                left = [p.name for p in folder.rglob("*.tmp")]
                assert left == []
            finally:
                if real and failure == "read-only":
                    _remount_ro(folder, False)
                monkeypatch.undo()
        # the disk is back: the finished match goes into the history, then the save goes
        msgs = []
        assert Session.load(msgs) is None and "now kept" in msgs[-1]
        assert not saves.save_path().exists()
        assert len(list((folder / "history").glob("match-*.json"))) == 1
    finally:
        storage.set_data_dir(None)
