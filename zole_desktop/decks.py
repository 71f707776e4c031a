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

import os
import re
import shutil
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import resources, storage
from .deck_files import (  # noqa: F401 - the deck format's names, decks' API as before
    ASPECT,
    ASPECT_TOLERANCE,
    CAPTION_COLOURS,
    FACE_CODES,
    FACE_MAX,
    FACE_MIN,
    FELT_MAX,
    FELT_MIN,
    HEX_RE,
    ID_RE,
    IMAGE_SUFFIXES,
    KNOWN_KEYS,
    LICENCE_NAMES,
    MAX_DECK_BYTES,
    MAX_FOLDER_ENTRIES,
    MAX_IMAGE_BYTES,
    MAX_LICENCE_BYTES,
    MAX_PIXELS,
    MAX_TOML_BYTES,
    MAX_ZIP_BYTES,
    MAX_ZIP_MEMBERS,
    TEXT_KEYS,
    TOML_NAME,
    DeckError,
    DeckFiles,
    Problem,
    _add,
    _limit_for,
    _member_problem,
    classify,
    count,
    decode,
    image_size,
    jpeg_size,
    png_size,
    read_folder,
    read_source,
    read_zip,
    say,
)
from .i18n import N_, ngettext


def user_themes_dir() -> Path:
    """``themes/`` in the user data folder, where imported decks live."""
    return storage.data_dir() / "themes"


def builtin_ids() -> set[str]:
    try:
        return {p.name for p in resources.themes_dir().iterdir() if p.is_dir()}
    except OSError:
        return set()


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


# the template a player starts from (its own module; these names were always decks')
from .deck_template import (  # noqa: E402,F401
    TEMPLATE_SIZE,
    template_files,
    write_template,
)
