"""Player-made decks: the format, the checks, the import from a folder or a .zip, and the
template.  No pygame here: the command line's ``theme check`` runs without a window.

A player deck is a folder ``themes/<id>/`` in the user data folder with ``theme.toml``, a
licence file, the 26 faces (``QC.png``, ``TD.jpg``, ...) and optionally ``back`` and ``felt``
images.  docs/THEMES.md describes it for the people who make decks.

A deck is untrusted input.  Every file is read through :func:`storage.read_regular` (regular
files only, size checked before reading); only the known names are ever read or copied; a
symbolic link, a name with a path in it or a zip member that would leave the folder refuses
the whole deck; a zip is refused from its directory (member count, total unpacked size)
before anything is unpacked; an image's width and height are read from its header and
checked before it is decoded.  Every problem is one line: a :class:`Problem`, one whole
message of the catalogs written in the language that is current when it is shown.
"""

from __future__ import annotations

import errno
import io
import os
import re
import shutil
import stat
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from . import resources, storage
from .i18n import N_, LiveText, _, ngettext
from .rules.cards import CARD_NAMES

FACE_CODES: tuple[str, ...] = CARD_NAMES
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
LICENCE_NAMES = ("LICENSE.txt", "LICENCE.txt", "LICENSE.md", "LICENCE.md", "LICENSE", "LICENCE")
TOML_NAME = "theme.toml"

MAX_IMAGE_BYTES = 8 * 1024 * 1024  # one image file
MAX_TOML_BYTES = 64 * 1024
MAX_LICENCE_BYTES = 64 * 1024
MAX_DECK_BYTES = 64 * 1024 * 1024  # all the deck's files together
MAX_ZIP_BYTES = 80 * 1024 * 1024  # the .zip file itself
MAX_ZIP_MEMBERS = 200
MAX_FOLDER_ENTRIES = 500
FACE_MIN = (180, 252)  # width, height of a face or back, in pixels
FACE_MAX = (1500, 2100)
FELT_MIN, FELT_MAX = 64, 2048  # each side of the felt
MAX_PIXELS = FELT_MAX * FELT_MAX  # no image the game reads has more (checked from the header)
ASPECT = 63 / 88  # poker size; the game's own decks are 5:7, within the tolerance
ASPECT_TOLERANCE = 0.03  # relative
ID_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
TEXT_KEYS = ("character", "short", "play", "description", "story")
KNOWN_KEYS = {"format", "id", "name", "author", "licence", "license", "description",
              "felt_color", "back", "felt", "card_width", "card_height", "trump_mark",
              "suits", "cards", "table_caption"}
CAPTION_COLOURS = ("fill", "ink", "edge")  # [table_caption]: the plate over the card's caption
HEX_RE = re.compile(r"#[0-9A-Fa-f]{6}")


class Problem(LiveText):
    """One problem of a deck, one line, written in the language current when it is shown
    (the gallery keeps the problems it found while the player may switch the language)."""


def say(message: str, /, **fields: object) -> Problem:
    """A problem that is one ``N_()`` message with ``{placeholders}`` filled from ``fields``."""
    return Problem(lambda: _(message).format(**fields))


def count(n: int, message: Callable[[int], str], /, **fields: object) -> Problem:
    """A problem that counts ``n`` of something: ``message(n)`` is the ``ngettext()`` call,
    whose ``{n}`` is filled with ``n`` and the rest from ``fields``."""
    return Problem(lambda: message(n).format(n=n, **fields))


class DeckError(Exception):
    """A deck that cannot be used or imported; ``problems`` has one line each.  ``str()``
    is the first line (and how many more), in the language current then."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems) or [say(N_("the deck cannot be used"))]
        super().__init__(self.problems[0])

    def __str__(self) -> str:
        first = str(self.problems[0])
        more = len(self.problems) - 1
        if not more:
            return first
        return ngettext("{problem} (and {n} more)", "{problem} (and {n} more)", more).format(
            problem=first, n=more)


def user_themes_dir() -> Path:
    """``themes/`` in the user data folder, where imported decks live."""
    return storage.data_dir() / "themes"


def builtin_ids() -> set[str]:
    try:
        return {p.name for p in resources.themes_dir().iterdir() if p.is_dir()}
    except OSError:
        return set()


# ------------------------------------------------------------------ names
def classify(name: str) -> tuple[str, str] | None:
    """What a file name is in a deck: ``("toml", name)``, ``("licence", name)``,
    ``("face", code)``, ``("back", "back")``, ``("felt", "felt")``, or ``("bad", reason)``
    for an image whose name is not a card's; None for a file the deck does not use."""
    if name == TOML_NAME:
        return ("toml", name)
    if name in LICENCE_NAMES:
        return ("licence", name)
    stem, dot, suffix = name.rpartition(".")
    if not dot or "." + suffix.lower() not in IMAGE_SUFFIXES + (".gif", ".webp", ".bmp",
                                                               ".tif", ".tiff", ".svg"):
        return None
    if "." + suffix.lower() not in IMAGE_SUFFIXES:
        return ("bad", say(N_("{name}: only PNG and JPEG images are read (.png, .jpg, .jpeg)"),
                           name=name))
    up = stem.upper()
    if up in FACE_CODES:
        return ("face", up)
    if stem.lower() in ("back", "felt"):
        return (stem.lower(), stem.lower())
    if up.startswith("10") and len(up) == 3:
        return ("bad", say(N_("{name}: not a card's name (a ten is T: {ten}); faces are named "
                              "like QC.png or TD.jpg"), name=name, ten=f"T{up[2]}.{suffix}"))
    return ("bad", say(N_("{name}: not a card's name; faces are named like QC.png or TD.jpg"),
                       name=name))


# ------------------------------------------------------------------ image headers
def png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a JPEG's first frame header (SOFn), scanning the markers."""
    if len(data) < 4 or data[:2] != b"\xff\xd8":
        return None
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no frame header before
            return None
        seg = int.from_bytes(data[i + 2:i + 4], "big")
        if seg < 2:
            return None
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > n:
                return None
            h = int.from_bytes(data[i + 5:i + 7], "big")
            w = int.from_bytes(data[i + 7:i + 9], "big")
            return w, h
        i += 2 + seg
    return None


def image_size(name: str, data: bytes) -> tuple[int, int]:
    """The image's size from its header, matching its name's type; DeckError otherwise."""
    suffix = name.rpartition(".")[2].lower()
    if suffix == "png":
        size = png_size(data)
        kind = "PNG"
    else:
        size = jpeg_size(data)
        kind = "JPEG"
    if size is None:
        raise DeckError([say(N_("{name}: not a {kind} image"), name=name, kind=kind)])
    return size


def decode(name: str, data: bytes, size: tuple[int, int]):
    """The image decoded by Pillow as RGBA, after its header size was checked against the
    limits by the caller.  Pillow's own bomb limit (``Image.MAX_IMAGE_PIXELS``) stays in
    force; a size that differs from the header is refused before the pixels are read."""
    from PIL import Image

    if size[0] * size[1] > MAX_PIXELS:
        raise DeckError([say(N_("{name}: {w}x{h} pixels is too many"), name=name, w=size[0],
                             h=size[1])])
    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.size != size:
                raise DeckError([say(N_("{name}: its header and its data disagree on the size"),
                                     name=name)])
            if im.format not in ("PNG", "JPEG"):
                raise DeckError([say(N_("{name}: not a PNG or JPEG image"), name=name)])
            im.load()
            return im.convert("RGBA")
    except DeckError:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
        raise DeckError([say(N_("{name}: cannot be decoded ({error})"), name=name,
                             error=str(e).splitlines()[0][:100])]) from None


# ------------------------------------------------------------------ reading
@dataclass
class DeckFiles:
    """The known files of a deck, read into memory, and the problems found reading them."""

    files: dict[str, bytes] = field(default_factory=dict)  # file name -> bytes
    problems: list[str] = field(default_factory=list)
    source_name: str = ""  # the folder's or the zip's name (for the id when the toml has none)
    refused: bool = False  # refused as a whole (nothing more is checked)

    def refuse(self, problem: str) -> DeckFiles:
        self.problems.append(problem)
        self.refused = True
        return self


def _limit_for(kind: str) -> int:
    return {"toml": MAX_TOML_BYTES, "licence": MAX_LICENCE_BYTES}.get(kind, MAX_IMAGE_BYTES)


def _add(out: DeckFiles, name: str, data: bytes, kinds: dict[tuple[str, str], str]) -> None:
    c = classify(name)
    assert c is not None and c[0] != "bad"
    if c in kinds:
        out.problems.append(say(N_("{name}: {other} is there too; keep one of them"), name=name,
                                other=kinds[c]))
        return
    kinds[c] = name
    out.files[name] = data


def read_folder(folder: Path) -> DeckFiles:
    """The known files of a deck folder; symbolic links and odd files are problems."""
    out = DeckFiles(source_name=folder.name)
    try:
        st = os.stat(folder)
    except OSError as e:
        return out.refuse(say(N_("{folder}: cannot be opened ({error})"), folder=str(folder),
                              error=e.strerror or e))
    if not stat.S_ISDIR(st.st_mode):
        out.problems.append(say(N_("{folder}: not a folder"), folder=str(folder)))
        out.refused = True
        return out
    try:
        with os.scandir(folder) as it:
            entries = []
            for i, entry in enumerate(it):
                if i >= MAX_FOLDER_ENTRIES:
                    out.problems.append(count(MAX_FOLDER_ENTRIES, lambda n: ngettext(
                        "{folder}: more than {n} file", "{folder}: more than {n} files", n),
                        folder=folder.name))
                    out.refused = True
                    return out
                entries.append(entry)
    except OSError as e:
        out.problems.append(say(N_("{folder}: cannot be listed ({error})"), folder=str(folder),
                                error=e.strerror or e))
        out.refused = True
        return out
    kinds: dict[tuple[str, str], str] = {}
    total = 0
    for entry in sorted(entries, key=lambda e: e.name):
        name = entry.name
        c = classify(name)
        if c is None:
            continue
        if c[0] == "bad":
            out.problems.append(c[1])
            continue
        if entry.is_symlink():
            out.problems.append(say(N_("{name}: a symbolic link (refused)"), name=name))
            continue
        try:
            data = storage.read_regular(folder / name, _limit_for(c[0]))
        except OSError as e:
            if e.errno == errno.EFBIG:
                out.problems.append(say(N_("{name}: larger than {size}"), name=name,
                                        size=storage.size_text(_limit_for(c[0]))))
            else:
                out.problems.append(say(N_("{name}: cannot be read ({error})"), name=name,
                                        error=e.strerror or e))
            continue
        total += len(data)
        if total > MAX_DECK_BYTES:
            out.problems.append(say(N_("the deck is larger than {size}"),
                                    size=storage.size_text(MAX_DECK_BYTES)))
            out.refused = True
            return out
        _add(out, name, data, kinds)
    return out


def _member_problem(name: str) -> str | None:
    """Why a zip member's name is refused, or None."""
    leaves = say(N_("{name}: a path that leaves the deck folder (refused)"), name=name)
    if "\\" in name or name.startswith("/") or re.match(r"[A-Za-z]:", name):
        return leaves
    parts = PurePosixPath(name).parts
    if any(p in ("..", ".") for p in parts) or "" in name.split("/")[:-1]:
        return leaves
    if any(ord(ch) < 0x20 for ch in name):
        return say(N_("{name}: a name with control characters (refused)"),
                   name=storage.clean_text(name, 60))
    return None


def read_zip(path: Path) -> DeckFiles:
    """The known files of a zipped deck (its files at the top, or in one folder there).
    The zip's directory is checked first: member count, each member's and the total
    unpacked size, symbolic links and names that leave the folder; only then is anything
    unpacked, and never more than the size the directory stated."""
    out = DeckFiles(source_name=path.stem)
    try:
        raw = storage.read_regular(path, MAX_ZIP_BYTES)
    except OSError as e:
        if e.errno == errno.EFBIG:
            out.problems.append(say(N_("{name}: larger than {size}"), name=path.name,
                                    size=storage.size_text(MAX_ZIP_BYTES)))
        else:
            out.problems.append(say(N_("{name}: cannot be read ({error})"), name=path.name,
                                    error=e.strerror or e))
        out.refused = True
        return out
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
        infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
        out.problems.append(say(N_("{name}: not a readable .zip ({error})"), name=path.name,
                                error=str(e)[:80]))
        out.refused = True
        return out
    if len(infos) > MAX_ZIP_MEMBERS:
        out.problems.append(count(MAX_ZIP_MEMBERS, lambda n: ngettext(
            "{name}: more than {n} file in the zip (refused before unpacking)",
            "{name}: more than {n} files in the zip (refused before unpacking)", n),
            name=path.name))
        out.refused = True
        return out
    total = sum(i.file_size for i in infos)
    if total > MAX_DECK_BYTES:
        out.problems.append(say(N_("{name}: unpacks to more than {size} (refused before "
                                   "unpacking)"), name=path.name,
                                size=storage.size_text(MAX_DECK_BYTES)))
        out.refused = True
        return out
    for info in infos:
        bad = _member_problem(info.filename)
        if bad:
            out.problems.append(bad)
        elif stat.S_ISLNK(info.external_attr >> 16):
            out.problems.append(say(N_("{name}: a symbolic link (refused)"), name=info.filename))
    if out.problems:
        out.refused = True
        return out
    names = [i.filename for i in infos if not i.is_dir()]
    if TOML_NAME in names:
        prefix = ""
    else:
        tops = [n[:-len(TOML_NAME)] for n in names
                if n.endswith("/" + TOML_NAME) and n.count("/") == 1]
        if len(tops) != 1:
            out.problems.append(say(N_("{name}: no {toml} at the top of the zip or in its "
                                       "only folder"), name=path.name, toml=TOML_NAME))
            out.refused = True
            return out
        prefix = tops[0]
        out.source_name = prefix.rstrip("/")
    kinds: dict[tuple[str, str], str] = {}
    for info in infos:
        name = info.filename
        if info.is_dir() or not name.startswith(prefix) or "/" in name[len(prefix):]:
            continue
        rel = name[len(prefix):]
        c = classify(rel)
        if c is None:
            continue
        if c[0] == "bad":
            out.problems.append(c[1])
            continue
        limit = _limit_for(c[0])
        if info.file_size > limit:
            out.problems.append(say(N_("{name}: larger than {size}"), name=rel,
                                    size=storage.size_text(limit)))
            continue
        if info.flag_bits & 0x1:
            out.problems.append(say(N_("{name}: encrypted in the zip"), name=rel))
            continue
        try:
            with zf.open(info) as f:
                data = f.read(limit + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as e:
            out.problems.append(say(N_("{name}: cannot be unpacked ({error})"), name=rel,
                                    error=str(e)[:80]))
            continue
        if len(data) > limit:
            out.problems.append(say(N_("{name}: larger than {size}"), name=rel,
                                    size=storage.size_text(limit)))
            continue
        _add(out, rel, data, kinds)
    return out


def read_source(path: Path) -> DeckFiles:
    """A deck folder or a .zip of one."""
    if path.suffix.lower() == ".zip" and not path.is_dir():
        return read_zip(path)
    return read_folder(path)


# ------------------------------------------------------------------ checking
def _texts_ok(value, where: str, limit: int, problems: list[str]) -> None:
    """A text that is a string or a {lv, en, ru} table of strings."""
    def too_long() -> Problem:
        return count(limit, lambda n: ngettext("{toml}: {key} is longer than {n} character",
                                               "{toml}: {key} is longer than {n} characters",
                                               n), toml=TOML_NAME, key=where)

    if isinstance(value, str):
        if len(value) > limit:
            problems.append(too_long())
        return
    if isinstance(value, dict) and value and all(k in ("lv", "en", "ru") for k in value) \
            and all(isinstance(v, str) for v in value.values()):
        if any(len(v) > limit for v in value.values()):
            problems.append(too_long())
        return
    problems.append(say(N_("{toml}: {key} must be a text or a table of lv, en, ru texts"),
                        toml=TOML_NAME, key=where))


def check_meta(meta: dict, own: bool = False) -> list[str]:
    """Every problem of theme.toml's values; ``own``: the game's own deck in its own folder
    (the only one that may carry its id)."""
    problems: list[str] = []
    for key in meta:
        if key not in KNOWN_KEYS:
            problems.append(say(N_("{toml}: unknown key {key}"), toml=TOML_NAME,
                                key=repr(storage.clean_text(key, 40))))
    if "name" not in meta:
        problems.append(say(N_("{toml}: name is missing (the deck's name, a text)"),
                            toml=TOML_NAME))
    else:
        _texts_ok(meta["name"], "name", 60, problems)
    v = meta.get("author")
    if not isinstance(v, str) or not v.strip():
        problems.append(say(N_("{toml}: author is missing (who made the deck, a text)"),
                            toml=TOML_NAME))
    lic = meta.get("licence", meta.get("license"))
    if not isinstance(lic, str) or not lic.strip():
        problems.append(say(N_("{toml}: licence is missing (e.g. {example})"), toml=TOML_NAME,
                            example='"CC-BY-4.0"'))
    if "id" in meta:
        v = meta["id"]
        if not isinstance(v, str) or not ID_RE.fullmatch(v):
            problems.append(say(N_("{toml}: id must be 1–40 lowercase letters, digits or “-”"),
                                toml=TOML_NAME))
        elif v in builtin_ids() and not own:
            problems.append(say(N_("{toml}: id {id} is one of the game's own decks"),
                                toml=TOML_NAME, id=repr(v)))
    if "description" in meta:
        _texts_ok(meta["description"], "description", 500, problems)
    for key in ("card_width", "card_height"):
        v = meta.get(key)
        if v is not None and not (type(v) is int and FACE_MIN[0] <= v <= FACE_MAX[1]):
            problems.append(say(N_("{toml}: {key} must be a number of pixels from {min} to "
                                   "{max}"), toml=TOML_NAME, key=key, min=FACE_MIN[0],
                                max=FACE_MAX[1]))
    if "trump_mark" in meta and type(meta["trump_mark"]) is not bool:
        problems.append(say(N_("{toml}: {key} must be true or false"), toml=TOML_NAME,
                            key="trump_mark"))
    if "format" in meta and meta["format"] != 1:
        problems.append(say(N_("{toml}: format must be 1"), toml=TOML_NAME))
    if "table_caption" in meta:
        problems += _caption_problems(meta["table_caption"])
    fc = meta.get("felt_color")
    if fc is not None and not (isinstance(fc, str) and HEX_RE.fullmatch(fc)):
        problems.append(say(N_("{toml}: felt_color must be like {example}"), toml=TOML_NAME,
                            example='"#1F5E3B"'))
    for key in ("back", "felt"):
        v = meta.get(key)
        if v is not None and not (isinstance(v, str) and classify(v) == (key, key)):
            problems.append(say(N_("{toml}: {key} may only name {png} or {jpg}"),
                                toml=TOML_NAME, key=key, png=f"{key}.png", jpg=f"{key}.jpg"))
    cards = meta.get("cards", {})
    if not isinstance(cards, dict):
        problems.append(say(N_("{toml}: {key} must be a table"), toml=TOML_NAME, key="cards"))
    else:
        for code, entry in cards.items():
            if code not in FACE_CODES:
                problems.append(say(N_("{toml}: {key} is not a card (QC, TD, 7D, ...)"),
                                    toml=TOML_NAME,
                                    key=f"cards.{storage.clean_text(code, 20)}"))
            elif not isinstance(entry, dict):
                problems.append(say(N_("{toml}: {key} must be a table"), toml=TOML_NAME,
                                    key=f"cards.{code}"))
            else:
                for k, v in entry.items():
                    if k not in TEXT_KEYS:
                        problems.append(say(N_("{toml}: {key} is not known (character, short, "
                                               "play, description, story)"), toml=TOML_NAME,
                                            key=f"cards.{code}.{storage.clean_text(k, 20)}"))
                    else:
                        _texts_ok(v, f"cards.{code}.{k}", 500, problems)
    suits = meta.get("suits", {})
    if not isinstance(suits, dict) or any(k not in "CSHD" or not isinstance(v, dict)
                                          for k, v in suits.items()):
        problems.append(say(N_("{toml}: suits must be a table of C, S, H, D"), toml=TOML_NAME))
    return problems


def _caption_problems(cap) -> list[str]:
    """[table_caption]: ``box`` (left, top, right, bottom as parts of the card, 0 to 1) and
    the plate's ``fill``, ``ink`` and ``edge`` colours."""
    bad = say(N_("{toml}: table_caption must have box = [left, top, right, bottom] (parts of "
                 "the card, 0 to 1) and fill, ink and edge colours like {example}"),
              toml=TOML_NAME, example='"#F3EEE2"')
    if not isinstance(cap, dict) or set(cap) - {"box", *CAPTION_COLOURS}:
        return [bad]
    box = cap.get("box")
    if not (isinstance(box, list) and len(box) == 4
            and all(type(v) in (int, float) and 0 <= v <= 1 for v in box)
            and box[0] < box[2] and box[1] < box[3]):
        return [bad]
    if not all(isinstance(cap.get(k), str) and HEX_RE.fullmatch(cap[k])
               for k in CAPTION_COLOURS):
        return [bad]
    return []


def is_own_folder(folder: Path, meta: dict) -> bool:
    """``folder`` is the game's own deck of the id its theme.toml names (``theme check
    art/themes/rainis-1``): that deck may carry its own id."""
    v = meta.get("id")
    if not isinstance(v, str) or v not in builtin_ids():
        return False
    try:
        return folder.resolve() == (resources.themes_dir() / v).resolve()
    except OSError:
        return False


def parse_toml(data: bytes) -> dict:
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DeckError([say(N_("{toml}: not valid TOML ({error})"), toml=TOML_NAME,
                             error=str(e).splitlines()[0][:100])]) from None
    except RecursionError:
        raise DeckError([say(N_("{toml}: not valid TOML (nested too deeply)"),
                             toml=TOML_NAME)]) from None
    except ValueError:
        # a number of more than 4,300 digits (Python's int-to-string limit); its own words
        # are advice to a programmer (set_int_max_str_digits)
        raise DeckError([say(N_("{toml}: not valid TOML (a number with too many digits)"),
                             toml=TOML_NAME)]) from None


@dataclass
class Checked:
    """A deck that was checked: its meta, its files by role, the problems (none = good)."""

    meta: dict
    faces: dict[str, str]  # code -> file name
    back: str | None
    felt: str | None
    licence: str | None
    problems: list[str]
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)


def check_files(deck: DeckFiles, decode_images: bool = True,
                folder: Path | None = None) -> Checked:
    """Every problem of a deck, one line each: theme.toml, the licence file, the faces
    (missing, type, size, aspect, all alike), the back and the felt.  ``folder``: where the
    deck was read (the game's own folder may carry its own id)."""
    problems = list(deck.problems)
    meta: dict = {}
    faces: dict[str, str] = {}
    back = felt = licence = None
    if deck.refused:
        return Checked(meta, faces, back, felt, licence, problems)
    for name in deck.files:
        c = classify(name)
        assert c is not None
        if c[0] == "face":
            faces[c[1]] = name
        elif c[0] == "back":
            back = name
        elif c[0] == "felt":
            felt = name
        elif c[0] == "licence":
            licence = licence or name
    if TOML_NAME not in deck.files:
        problems.append(say(N_("{name}: missing"), name=TOML_NAME))
    else:
        try:
            meta = parse_toml(deck.files[TOML_NAME])
            problems += check_meta(meta, folder is not None and is_own_folder(folder, meta))
        except DeckError as e:
            problems += e.problems
    if licence is None:
        problems.append(say(N_("{name}: missing (the licence under which the pictures may be "
                               "used)"), name="LICENSE.txt"))
    else:
        try:
            text = deck.files[licence].decode("utf-8")
            if not text.strip():
                problems.append(say(N_("{name}: empty"), name=licence))
        except UnicodeDecodeError:
            problems.append(say(N_("{name}: not UTF-8 text"), name=licence))
    missing = [c for c in FACE_CODES if c not in faces]
    if missing:
        problems.append(count(len(missing), lambda n: ngettext(
            "faces missing ({n} of {all}): {names}", "faces missing ({n} of {all}): {names}", n),
            all=len(FACE_CODES), names=", ".join(f"{c}.png" for c in missing)))
    sizes: dict[str, tuple[int, int]] = {}
    for role, name in [("face", faces[c]) for c in FACE_CODES if c in faces] + \
            [(r, n) for r, n in (("back", back), ("felt", felt)) if n]:
        data = deck.files[name]
        try:
            w, h = image_size(name, data)
        except DeckError as e:
            problems += e.problems
            continue
        if role == "felt":
            if not (FELT_MIN <= w <= FELT_MAX and FELT_MIN <= h <= FELT_MAX):
                problems.append(say(N_("{name}: {w}x{h} pixels; the felt must be {min} to "
                                       "{max} pixels each way"), name=name, w=w, h=h,
                                    min=FELT_MIN, max=FELT_MAX))
                continue
        else:
            if not (FACE_MIN[0] <= w <= FACE_MAX[0] and FACE_MIN[1] <= h <= FACE_MAX[1]):
                problems.append(say(N_("{name}: {w}x{h} pixels; a card must be from {min} to "
                                       "{max}"), name=name, w=w, h=h,
                                    min=f"{FACE_MIN[0]}x{FACE_MIN[1]}",
                                    max=f"{FACE_MAX[0]}x{FACE_MAX[1]}"))
                continue
            if abs(w / h - ASPECT) > ASPECT * ASPECT_TOLERANCE:
                problems.append(say(N_("{name}: {w}x{h} is not the shape of a card (63 by 88, "
                                       "e.g. {size})"), name=name, w=w, h=h,
                                    size=f"{round(h * ASPECT)}x{h}"))
                continue
        if decode_images:
            try:
                decode(name, data, (w, h))
            except DeckError as e:
                problems += e.problems
                continue
        sizes[name] = (w, h)
    card_sizes = {sizes[n] for n in list(faces.values()) + ([back] if back else [])
                  if n in sizes}
    if len(card_sizes) > 1:
        common = max(card_sizes, key=lambda s: sum(
            1 for n in list(faces.values()) + [back] if n and sizes.get(n) == s))
        odd = [n for n in list(faces.values()) + [back]
               if n and n in sizes and sizes[n] != common]
        problems.append(say(N_("cards of different sizes: {names} differ from {size}"),
                            names=", ".join(odd[:6]) + (" ..." if len(odd) > 6 else ""),
                            size=f"{common[0]}x{common[1]}"))
    return Checked(meta, faces, back, felt, licence, problems, sizes)


def check_folder(folder: Path) -> list[str]:
    """``zole theme check DIR``: every problem of a deck folder (or .zip), one line each."""
    folder = Path(folder)
    return check_files(read_source(folder), folder=folder if folder.is_dir() else None).problems


# ------------------------------------------------------------------ import
def deck_id(meta: dict, source_name: str) -> str:
    v = meta.get("id")
    if isinstance(v, str) and ID_RE.fullmatch(v):
        return v
    slug = re.sub(r"[^a-z0-9]+", "-", source_name.lower()).strip("-")[:40].strip("-")
    if not slug or not slug[0].isalnum():
        slug = "deck"
    return slug if slug not in builtin_ids() else f"{slug}-player"


def import_deck(source: Path, root: Path | None = None) -> str:
    """Copy a deck (a folder or a .zip) into ``themes/`` after the same checks as ``theme
    check``; only the known files are copied.  Returns the deck's id; DeckError otherwise.
    A deck of the same id is replaced (the old copy is moved aside, then removed)."""
    root = root if root is not None else user_themes_dir()
    deck = read_source(Path(source))
    checked = check_files(deck)  # no folder: the game's own ids are refused here
    if checked.problems:
        raise DeckError(checked.problems)
    tid = deck_id(checked.meta, deck.source_name)
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=storage.INCOMING, dir=root))
    try:
        for name, data in deck.files.items():
            storage.atomic_write(staging / name, data)
        target = root / tid
        old = None
        if os.path.lexists(target):
            old = Path(tempfile.mkdtemp(prefix=storage.REPLACED, dir=root))
            os.replace(target, old / tid)
        os.replace(staging, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return tid


def player_theme_ids(root: Path | None = None) -> list[str]:
    """The imported decks: folders in ``themes/`` with a valid id (broken ones too)."""
    root = root if root is not None else user_themes_dir()
    try:
        names = sorted(p.name for p in root.iterdir()
                       if ID_RE.fullmatch(p.name) and not p.is_symlink() and p.is_dir())
    except OSError:
        return []
    builtin = builtin_ids()
    return [n for n in names if n not in builtin]


def load_checked(folder: Path, convert=lambda role, img: img):
    """A player deck after the checks: (meta, faces by code, back or None, felt or None),
    each image decoded (Pillow, RGBA) and passed at once through ``convert(role, image)``,
    so that only one full-size picture is in memory at a time.  DeckError with every
    problem otherwise."""
    deck = read_folder(folder)
    checked = check_files(deck, decode_images=False)
    if checked.problems:
        raise DeckError(checked.problems)
    files = deck.files

    def one(role: str, name: str | None):
        if name is None:
            return None
        return convert(role, decode(name, files[name], checked.sizes[name]))

    faces = {code: one("face", name) for code, name in checked.faces.items()}
    return clean_meta(checked.meta), faces, one("back", checked.back), one("felt", checked.felt)


def meta_text(value, lang: str) -> str:
    """A text from theme.toml that may be a plain string or a {lv, en, ru} table."""
    if isinstance(value, str):
        return value[:500]
    if isinstance(value, dict):
        for k in (lang, "en", "lv", "ru"):
            v = value.get(k)
            if isinstance(v, str):
                return v[:500]
    return ""


def clean_meta(value):
    """theme.toml's texts made fit to show (control characters dropped, at most 500)."""
    if isinstance(value, dict):
        return {storage.clean_text(k, 40): clean_meta(v) for k, v in value.items()}
    if isinstance(value, str):
        return storage.clean_text(value, 500)
    if isinstance(value, list):
        return [clean_meta(v) for v in value[:50]]
    return value


# ------------------------------------------------------------------ the template
TEMPLATE_SIZE = (744, 1039)  # 63 x 88 mm at 300 dpi
_SUIT_GLYPH = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_RANK_TEXT = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8", "7": "7"}

TEMPLATE_TOML = """\
# A deck for Zole desktop: see docs/THEMES.md.  Change the id, the name, the author and the
# licence, put your own pictures in place of these, then run
#     python -m zole_desktop theme check FOLDER
# and add the folder (or a .zip of it) in the deck gallery with "Add a deck...".
format = 1
id = "my-deck"
author = "Your name"
licence = "CC0-1.0"
felt_color = "#1F5E3B"
# The game draws its trump star under the corner index of the 14 trumps (every queen,
# every jack, every diamond); false if your pictures mark them themselves.
trump_mark = true

[name]
lv = "Mana kava"
en = "My deck"
ru = "Моя колода"

# Optional: a few words on any card, shown in the gallery (each a text or lv/en/ru texts).
[cards.QC]
character = "The queen of clubs"
description = { lv = "Augstākais trumpis.", en = "The highest trump.", ru = "Старший козырь." }
"""

TEMPLATE_LICENCE = """\
The pictures in this template were generated by the code of the Zole desktop project
(zole_desktop/decks.py, write_template; the letters are DejaVu Sans, see art/fonts).
They are dedicated to the public domain under CC0 1.0 Universal:
https://creativecommons.org/publicdomain/zero/1.0/

Replace this file with the licence of your own pictures, and say in it who made them.
"""


# the corner index as large as the game's own decks' (art/common.py: the rank 12.5 % of the
# card's height in a column 16.5 % of its width, the suit 8.5 %): it must read at the table
INDEX_RANK_H, INDEX_COL_W, INDEX_PIP_H = 0.125, 0.165, 0.085


def _ink_glyph(text: str, font_path: Path, height: int, max_w: int):
    """``text`` in DejaVu Sans Bold as an L mask cropped to its ink, ``height`` px high and
    at most ``max_w`` wide (a "10" is narrowed, as on the game's own decks)."""
    from PIL import Image, ImageDraw, ImageFont

    bold = font_path.with_name("DejaVuSans-Bold.ttf")
    f = ImageFont.truetype(str(bold if bold.is_file() else font_path), 400)
    box = f.getbbox(text)
    im = Image.new("L", (int(box[2]) + 40, int(box[3]) + 40), 0)
    ImageDraw.Draw(im).text((20, 20), text, font=f, fill=255)
    im = im.crop(im.getbbox())
    w = min(max_w, round(im.width * height / im.height))
    return im.resize((max(1, w), height), Image.Resampling.LANCZOS)


def _template_index(rank: str, suit: str, ink, font_path: Path):
    """The template's corner index (rank over suit) as an RGBA picture."""
    from PIL import Image

    W, H = TEMPLATE_SIZE
    col = round(INDEX_COL_W * W)
    r = _ink_glyph(_RANK_TEXT[rank], font_path, round(INDEX_RANK_H * H), col)
    s = _ink_glyph(_SUIT_GLYPH[suit], font_path, round(INDEX_PIP_H * H), col)
    gap = round(0.014 * H)
    out = Image.new("RGBA", (col, r.height + gap + s.height), (0, 0, 0, 0))
    out.paste(ink, ((col - r.width) // 2, 0), r)
    out.paste(ink, ((col - s.width) // 2, r.height + gap), s)
    return out


def _template_face(code: str, font_path: Path):
    from PIL import Image, ImageDraw, ImageFont

    W, H = TEMPLATE_SIZE
    img = Image.new("RGB", (W, H), (250, 248, 242))
    d = ImageDraw.Draw(img)
    safe = 36  # 3 mm: the cut may stray this far; keep what matters inside the dashed line
    for x in range(safe, W - safe, 24):
        d.line([(x, safe), (x + 12, safe)], fill=(170, 170, 170), width=2)
        d.line([(x, H - safe), (x + 12, H - safe)], fill=(170, 170, 170), width=2)
    for y in range(safe, H - safe, 24):
        d.line([(safe, y), (safe, y + 12)], fill=(170, 170, 170), width=2)
        d.line([(W - safe, y), (W - safe, y + 12)], fill=(170, 170, 170), width=2)
    rank, suit = code[0], code[1]
    red = suit in "HD"
    ink = (176, 34, 46) if red else (30, 27, 24)
    big = ImageFont.truetype(str(font_path), 120)
    small = ImageFont.truetype(str(font_path), 34)
    corner = _template_index(rank, suit, ink, font_path)
    img.paste(corner, (safe + 6, safe + 6), corner)
    flipped = corner.rotate(180)
    img.paste(flipped, (W - safe - 6 - corner.width, H - safe - 6 - corner.height), flipped)
    d.text((W // 2, H // 2 - 40), _RANK_TEXT[rank] + _SUIT_GLYPH[suit], font=big, fill=ink,
           anchor="mm")
    d.text((W // 2, H // 2 + 80), f"{code}.png", font=small, fill=(110, 110, 110),
           anchor="mm")
    if rank in "QJ" or suit == "D":
        d.text((W // 2, H // 2 + 130), "trump", font=small, fill=(160, 120, 30), anchor="mm")
    d.rectangle([0, 0, W - 1, H - 1], outline=(30, 27, 24), width=3)
    return img


def _template_back():
    from PIL import Image, ImageDraw

    W, H = TEMPLATE_SIZE
    img = Image.new("RGB", (W, H), (158, 48, 57))
    d = ImageDraw.Draw(img)
    d.rectangle([60, 60, W - 61, H - 61], outline=(243, 238, 226), width=8)
    for i in range(-H, W, 48):
        d.line([(i, 80), (i + H, 80 + H)], fill=(176, 64, 72), width=6)
    d.rectangle([0, 0, 59, H], fill=(158, 48, 57))
    d.rectangle([W - 60, 0, W, H], fill=(158, 48, 57))
    d.rectangle([0, 0, W, 59], fill=(158, 48, 57))
    d.rectangle([0, H - 60, W, H], fill=(158, 48, 57))
    d.rectangle([60, 60, W - 61, H - 61], outline=(243, 238, 226), width=8)
    return img


def _template_felt():
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (256, 256), (31, 94, 59))
    d = ImageDraw.Draw(img)
    for i in range(0, 256, 8):
        d.line([(i, 0), (i, 255)], fill=(34, 99, 63), width=1)
    return img


def template_files() -> dict[str, bytes]:
    """The template deck's files (docs/theme-template), made by this code."""
    font = resources.fonts_dir() / "DejaVuSans.ttf"
    out: dict[str, bytes] = {TOML_NAME: TEMPLATE_TOML.encode("utf-8"),
                             "LICENSE.txt": TEMPLATE_LICENCE.encode("utf-8")}

    def png(img) -> bytes:
        buf = io.BytesIO()
        img.save(buf, "PNG", optimize=True)
        return buf.getvalue()

    for code in FACE_CODES:
        out[f"{code}.png"] = png(_template_face(code, font).quantize(64))
    out["back.png"] = png(_template_back().quantize(16))
    out["felt.png"] = png(_template_felt())
    return out


def write_template(dest: Path) -> list[str]:
    """Write the template deck into ``dest``; returns the names written."""
    dest.mkdir(parents=True, exist_ok=True)
    files = template_files()
    for name, data in files.items():
        storage.atomic_write(dest / name, data)
    return sorted(files)
