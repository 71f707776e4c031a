"""Player-made decks: the template, the checks (one line per problem), the import, and the
broken and hostile decks that must be refused before anything is unpacked or decoded."""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from zole_desktop import decks, resources, storage

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data(tmp_path):
    storage.set_data_dir(tmp_path / "data")
    yield tmp_path / "data"
    storage.set_data_dir(None)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    d = tmp_path_factory.mktemp("tpl") / "my-deck"
    decks.write_template(d)
    return d


def _copy(template: Path, dst: Path) -> Path:
    shutil.copytree(template, dst)
    return dst


def _png_header(w: int, h: int) -> bytes:
    """A PNG that is only a signature and a valid IHDR claiming ``w`` x ``h``."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)) + b"\x00" * 64)


def _jpeg_header(w: int, h: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\x00" * 64


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _deck_bytes(template: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(template.iterdir())}


# ------------------------------------------------------------------ the template
def test_the_template_is_a_good_deck(template):
    assert decks.check_folder(template) == []
    names = {p.name for p in template.iterdir()}
    assert {"theme.toml", "LICENSE.txt", "back.png", "felt.png"} <= names
    assert {f"{c}.png" for c in decks.FACE_CODES} <= names


def test_docs_template_is_what_the_code_makes():
    """docs/theme-template is made by write_template (same texts, same pictures)."""
    from PIL import Image

    folder = ROOT / "docs" / "theme-template"
    made = decks.template_files()
    assert sorted(p.name for p in folder.iterdir()) == sorted(made)
    for name, data in made.items():
        have = (folder / name).read_bytes()
        if name.endswith(".png"):
            a, b = Image.open(io.BytesIO(data)), Image.open(folder / name)
            assert a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()
        else:
            assert have == data, name
    assert decks.check_folder(folder) == []


# ------------------------------------------------------------------ broken decks
def _broken(template: Path, dst: Path) -> Path:
    """A deck with ten kinds of problem."""
    d = _copy(template, dst)
    (d / "KH.png").unlink()  # a missing face
    (d / "9S.png").rename(d / "10S.png")  # a wrong name (and so 9S is missing too)
    (d / "LICENSE.txt").unlink()  # no licence
    from PIL import Image

    Image.new("RGB", (100, 140), "white").save(d / "AC.png")  # too small
    Image.new("RGB", (700, 700), "white").save(d / "AS.png")  # not a card's shape
    Image.new("RGB", (500, 700), "white").save(d / "AH.jpg")  # AH twice (png and jpg)
    (d / "TC.png").write_bytes(b"GIF89a not a png")  # not what its name says
    Image.new("RGB", (600, 840), "white").save(d / "9C.png")  # another size than the rest
    text = (d / "theme.toml").read_text(encoding="utf-8")
    (d / "theme.toml").write_text(text.replace('author = "Your name"\n', 'colour = "red"\n'),
                                  encoding="utf-8")
    return d


def test_every_problem_is_one_line(template, tmp_path):
    problems = decks.check_folder(_broken(template, tmp_path / "bad"))
    assert all("\n" not in p for p in problems)
    joined = "\n".join(problems)
    for needle in ("KH.png", "10S.png: not a card's name (a ten is T: TS.png)", "LICENSE.txt",
                   "AC.png: 100x140", "AS.png: 700x700 is not the shape of a card",
                   "AH.png: AH.jpg is there too", "TC.png: not a PNG image",
                   "9C.png", "theme.toml: unknown key 'colour'", "author is missing"):
        assert needle in joined, needle
    assert any(p.startswith("faces missing (2 of 26)") for p in problems)


@pytest.mark.parametrize("lang,words", [("lv", ("trūkst", "kārt")),
                                        ("ru", ("нет", "карт"))])
def test_every_problem_reads_in_the_players_language(template, tmp_path, lang, words):
    """Each problem line is one whole message in the catalogs, written in the language that
    is current when it is shown (the gallery keeps the lines it found while the player may
    switch the language)."""
    from zole_desktop import i18n

    d = _broken(template, tmp_path / "bad")
    d2 = tmp_path / "bad.zip"  # the zip refusals too
    _zip(d2, {"../up.png": b"x", "theme.toml": b""})
    found = decks.check_folder(d) + decks.check_folder(d2)
    english = [str(p) for p in found]
    assert len(english) == 11 and "faces missing (2 of 26): 9S.png, KH.png" in english
    i18n.set_language(lang)
    try:
        shown = [str(p) for p in found]
        again = [str(p) for p in decks.check_folder(d) + decks.check_folder(d2)]
        error = str(decks.DeckError(found))
    finally:
        i18n.set_language("en")
    assert shown == again
    same = [e for e, s in zip(english, shown, strict=True) if e == s]
    assert not same, same
    joined = "\n".join(shown)
    assert all(w in joined for w in words), joined
    assert "9S.png, KH.png" in joined and "10S.png" in joined and "theme.toml" in joined
    assert error.startswith(shown[0]) and error != str(decks.DeckError(found))
    assert [str(p) for p in found] == english  # and back in English


def test_bad_toml_is_one_line(template, tmp_path):
    d = _copy(template, tmp_path / "bad")
    (d / "theme.toml").write_text("name = [unclosed\n", encoding="utf-8")
    problems = decks.check_folder(d)
    assert len(problems) == 1 and problems[0].startswith("theme.toml: not valid TOML")


def test_game_ids_and_bad_ids_are_refused(template, tmp_path):
    d = _copy(template, tmp_path / "x")
    text = (d / "theme.toml").read_text(encoding="utf-8")
    (d / "theme.toml").write_text(text.replace('id = "my-deck"', 'id = "classic"'),
                                  encoding="utf-8")
    if (resources.themes_dir() / "classic").is_dir():
        assert any("one of the game's own decks" in p for p in decks.check_folder(d))
    (d / "theme.toml").write_text(text.replace('id = "my-deck"', 'id = "../up"'),
                                  encoding="utf-8")
    assert any("id must be" in p for p in decks.check_folder(d))


# ------------------------------------------------------------------ hostile decks
@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights on Windows")
def test_symbolic_links_are_refused(template, tmp_path):
    d = _copy(template, tmp_path / "links")
    (d / "QC.png").unlink()
    secret = tmp_path / "secret.png"
    shutil.copy(template / "QC.png", secret)
    os.symlink(secret, d / "QC.png")
    problems = decks.check_folder(d)
    assert "QC.png: a symbolic link (refused)" in problems
    with pytest.raises(decks.DeckError):
        decks.import_deck(d, tmp_path / "themes")
    assert not (tmp_path / "themes" / "my-deck").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_not_read(template, tmp_path):
    d = _copy(template, tmp_path / "fifo")
    (d / "QC.png").unlink()
    os.mkfifo(d / "QC.png")
    problems = decks.check_folder(d)  # returns at once: the FIFO is never opened to wait
    assert any(p.startswith("QC.png: cannot be read (not a regular file") for p in problems)


def test_an_oversized_file_is_refused_unread(template, tmp_path, monkeypatch):
    d = _copy(template, tmp_path / "big")
    with open(d / "KC.png", "wb") as f:
        f.truncate(decks.MAX_IMAGE_BYTES + 1)
    assert "KC.png: larger than 8 MB" in decks.check_folder(d)


@pytest.mark.parametrize("make", [_png_header, _jpeg_header])
def test_an_image_bomb_is_refused_from_its_header(template, tmp_path, monkeypatch, make):
    """A file of a hundred bytes that claims 60000 x 65000 pixels is refused from its
    header: Pillow is never asked to decode it."""
    d = _copy(template, tmp_path / "bomb")
    ext = "png" if make is _png_header else "jpg"
    (d / "QC.png").unlink()
    (d / f"QC.{ext}").write_bytes(make(60000, 65000))
    decoded = []
    real = decks.decode
    monkeypatch.setattr(decks, "decode", lambda name, data, size: decoded.append(name)
                        or real(name, data, size))
    problems = decks.check_folder(d)
    assert f"QC.{ext}: 60000x65000 pixels; a card must be from 180x252 to 1500x2100" in problems
    assert f"QC.{ext}" not in decoded and len(decoded) == 27  # the other 25 faces, back, felt


def test_header_and_data_must_agree(template, tmp_path):
    """A JPEG header that claims a card's size over data of another is refused when decoded."""
    from PIL import Image

    d = _copy(template, tmp_path / "lie")
    buf = io.BytesIO()
    Image.new("RGB", (744, 1039), "white").save(buf, "JPEG")
    data = buf.getvalue()
    assert decks.jpeg_size(data) == (744, 1039)
    (d / "QC.png").unlink()
    (d / "QC.jpg").write_bytes(data[:200])  # truncated: the header is fine, the data is not
    problems = decks.check_folder(d)
    assert any(p.startswith("QC.jpg: cannot be decoded") for p in problems)


def test_a_zip_bomb_is_refused_before_unpacking(template, tmp_path, monkeypatch):
    members = _deck_bytes(template)
    members["padding.bin"] = b"\0" * (decks.MAX_DECK_BYTES + 1)  # 64 MB of zeros: 64 KB packed
    z = _zip(tmp_path / "bomb.zip", members)
    assert z.stat().st_size < 2 * 1024 * 1024
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: pytest.fail("unpacked"))
    problems = decks.check_folder(z)
    assert problems == ["bomb.zip: unpacks to more than 64 MB (refused before unpacking)"]


def test_a_zip_of_many_members_is_refused(template, tmp_path, monkeypatch):
    members = _deck_bytes(template)
    members.update({f"x/{i}.txt": b"" for i in range(decks.MAX_ZIP_MEMBERS)})
    z = _zip(tmp_path / "many.zip", members)
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: pytest.fail("unpacked"))
    assert decks.check_folder(z) == [f"many.zip: more than {decks.MAX_ZIP_MEMBERS} files in "
                                     "the zip (refused before unpacking)"]


@pytest.mark.parametrize("evil", ["../evil.png", "/etc/evil.png", "a/../../evil.png",
                                  "C:/evil.png", "a\\..\\evil.png"])
def test_zip_paths_that_leave_the_folder_are_refused(template, tmp_path, evil):
    members = _deck_bytes(template)
    members[evil] = b"x"
    z = _zip(tmp_path / "evil.zip", members)
    problems = decks.check_folder(z)
    assert problems == [f"{evil}: a path that leaves the deck folder (refused)"]
    with pytest.raises(decks.DeckError):
        decks.import_deck(z, tmp_path / "themes")
    assert not (tmp_path / "evil.png").exists()
    assert not any((tmp_path / "themes").glob("*"))  # nothing left behind


def test_a_zip_symlink_member_is_refused(template, tmp_path):
    members = _deck_bytes(template)
    z = tmp_path / "link.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for name, data in members.items():
            if name != "QC.png":
                zf.writestr(name, data)
        info = zipfile.ZipInfo("QC.png")
        info.external_attr = (0o120777 << 16)
        zf.writestr(info, "/etc/passwd")
    assert "QC.png: a symbolic link (refused)" in decks.check_folder(z)


def test_a_zip_member_that_lies_about_its_size_is_not_unpacked_past_it(template, tmp_path):
    """The directory says 100 bytes; the data inflates to far more: reading stops."""
    members = _deck_bytes(template)
    z = _zip(tmp_path / "lie.zip", members)
    raw = bytearray(z.read_bytes())
    with zipfile.ZipFile(z) as zf:
        info = zf.getinfo("QC.png")
    assert info.file_size > 1000
    # patch the central directory's and the local header's sizes of QC.png to 100
    cd = raw.rfind(b"PK\x01\x02", 0, len(raw))
    while cd != -1:
        name_len = struct.unpack_from("<H", raw, cd + 28)[0]
        if raw[cd + 46:cd + 46 + name_len] == b"QC.png":
            struct.pack_into("<I", raw, cd + 24, 100)
            local = struct.unpack_from("<I", raw, cd + 42)[0]
            struct.pack_into("<I", raw, local + 22, 100)
            break
        cd = raw.rfind(b"PK\x01\x02", 0, cd)
    z.write_bytes(bytes(raw))
    deck = decks.read_zip(z)
    assert "QC.png" not in deck.files or len(deck.files["QC.png"]) <= 100
    assert decks.check_files(deck).problems  # and the deck is refused


# ------------------------------------------------------------------ import
def test_import_copies_only_the_known_files(template, tmp_path, data):
    src = _copy(template, tmp_path / "Some Deck")
    (src / "README.md").write_text("notes", encoding="utf-8")
    (src / "sub").mkdir()
    (src / "sub" / "QC.png").write_bytes(b"x")
    tid = decks.import_deck(src)
    assert tid == "my-deck"  # from theme.toml
    dst = decks.user_themes_dir() / tid
    assert sorted(p.name for p in dst.iterdir()) == sorted(p.name for p in template.iterdir())
    assert decks.player_theme_ids() == ["my-deck"]
    # again, from a zip with the deck in one folder: the old copy is replaced
    members = {f"Deck/{k}": v for k, v in _deck_bytes(template).items()}
    members["Deck/theme.toml"] = members["Deck/theme.toml"].replace(b'en = "My deck"',
                                                                    b'en = "Zipped"')
    members["Deck/extra.txt"] = b"x"
    z = _zip(tmp_path / "deck.zip", members)
    assert decks.import_deck(z) == "my-deck"
    assert b"Zipped" in (dst / "theme.toml").read_bytes()
    assert not (dst / "extra.txt").exists()
    assert [p.name for p in decks.user_themes_dir().iterdir()] == ["my-deck"]


def test_import_without_id_takes_the_folder_name(template, tmp_path, data):
    src = _copy(template, tmp_path / "Rīga Club Deck!")
    text = (src / "theme.toml").read_text(encoding="utf-8")
    (src / "theme.toml").write_text(text.replace('id = "my-deck"\n', ""), encoding="utf-8")
    assert decks.import_deck(src) == "r-ga-club-deck"


# ------------------------------------------------------------------ one format (issue 33)
BUILTIN = ("classic", "rainis-1", "rainis-2")


@pytest.mark.parametrize("tid", BUILTIN)
def test_every_builtin_deck_passes_theme_check(tid):
    assert decks.check_folder(resources.themes_dir() / tid) == []


def test_a_player_deck_may_use_every_key_a_builtin_deck_uses(template, tmp_path):
    import tomllib

    d = _copy(template, tmp_path / "rich")
    for tid in BUILTIN:
        meta = tomllib.loads((resources.themes_dir() / tid / "theme.toml").read_text("utf-8"))
        text = (template / "theme.toml").read_text("utf-8")
        keys = [k for k in meta if k not in ("id", "name", "author", "licence", "felt_color",
                                             "trump_mark", "cards")]
        lines = []
        for k in keys:
            v = meta[k]
            if isinstance(v, dict):
                lines.append(f"[{k}]")
                for kk, vv in v.items():
                    lines.append(f"{kk} = {_toml(vv)}")
            else:
                text = f"{k} = {_toml(v)}\n" + text
        (d / "theme.toml").write_text(text + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
        assert decks.check_folder(d) == [], tid


def _toml(v) -> str:
    import json

    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return json.dumps(v, ensure_ascii=False)


@pytest.mark.parametrize("bad", ['box = [0.1, 0.2]\nfill = "#FFFFFF"\nink = "#000000"\n'
                                 'edge = "#000000"',
                                 'box = [0, 0, 1, 1]\nfill = "white"\nink = "#000000"\n'
                                 'edge = "#000000"',
                                 'box = [0, 0, 2, 1]\nfill = "#FFFFFF"\nink = "#000000"\n'
                                 'edge = "#000000"'])
def test_a_bad_table_caption_is_one_line(template, tmp_path, bad):
    d = _copy(template, tmp_path / "cap")
    with open(d / "theme.toml", "a", encoding="utf-8") as f:
        f.write("\n[table_caption]\n" + bad + "\n")
    problems = decks.check_folder(d)
    assert len(problems) == 1 and "table_caption" in problems[0]


def test_a_builtin_id_is_still_refused_outside_its_folder_and_on_import(template, tmp_path):
    d = _copy(resources.themes_dir() / "rainis-1", tmp_path / "rainis-1")
    assert any("one of the game's own decks" in p for p in decks.check_folder(d))
    with pytest.raises(decks.DeckError):
        decks.import_deck(resources.themes_dir() / "rainis-1", tmp_path / "themes")


def _rank_height(path: Path) -> float:
    """The corner rank's ink height as a part of the card's height (top left corner)."""
    from PIL import Image

    im = Image.open(path).convert("L")
    w, h = im.size
    corner = im.crop((0, 0, int(w * 0.23), int(h * 0.3)))
    rows = [y for y in range(corner.height)
            if corner.crop((0, y, corner.width, y + 1)).getextrema()[0] < 110]
    first, run = rows[0], rows[0]
    for y in rows[1:]:
        if y != run + 1:
            break
        run = y
    return (run - first + 1) / h


@pytest.mark.parametrize("code", ["QC", "TD", "KS", "9H"])
def test_the_templates_corner_index_is_as_large_as_the_game_decks(template, code):
    own = _rank_height(resources.themes_dir() / "classic" / f"{code}.png")
    assert _rank_height(template / f"{code}.png") >= 0.9 * own
