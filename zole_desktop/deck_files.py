"""A deck's files as they are read: the format's names and limits, one problem a line
(:class:`Problem`, :class:`DeckError`), what a file name is, the images' sizes read from
their headers, and the files of a folder or a .zip read within those limits (never a link,
a path or a member that leaves the folder).  :mod:`.decks` checks and imports what this
reads; its docstring says how a deck is treated as untrusted input."""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from . import storage
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
