"""Where the player's files live, and how they are written: settings, saves, history.

The folder is the platform's user data folder (platformdirs), unless ``--data-dir`` or the
``ZOLE_DESKTOP_HOME`` environment variable says otherwise.  Every write is atomic: a
temporary file beside the target, flushed and fsynced, then renamed over it.  A file that
cannot be read is moved aside with a ``.corrupt-<time>`` suffix, never overwritten.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import stat
import sys
import tempfile
import time
import tomllib
import unicodedata
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .i18n import _

APP = "zole-desktop"
MAX_SETTINGS_BYTES = 64 * 1024

_override: Path | None = None

log = logging.getLogger(__name__)


def set_data_dir(path: str | os.PathLike | None) -> None:
    global _override
    _override = Path(path) if path else None


def data_dir() -> Path:
    if _override is not None:
        d = _override
    elif os.environ.get("ZOLE_DESKTOP_HOME"):
        d = Path(os.environ["ZOLE_DESKTOP_HOME"])
    else:
        import platformdirs

        d = Path(platformdirs.user_data_dir(APP, appauthor=False))
    d.mkdir(parents=True, exist_ok=True)
    return d


def cache_dir() -> Path:
    """Where the game keeps what it can make again (the four-colour cards): ``cache/`` in
    the data folder when ``--data-dir`` or ``ZOLE_DESKTOP_HOME`` names one, else the
    platform's user cache folder."""
    if _override is not None or os.environ.get("ZOLE_DESKTOP_HOME"):
        d = data_dir() / "cache"
    else:
        import platformdirs

        d = Path(platformdirs.user_cache_dir(APP, appauthor=False))
    d.mkdir(parents=True, exist_ok=True)
    return d


# decks that are no longer decks of their own: the deck a setting naming one now reads, and
# the four-colour setting it stands for (classic-4c was the classic deck in four colours)
RETIRED_DECKS = {"classic-4c": ("classic", True)}


def replace(src: str | Path, dst: Path, tries: int = 6) -> None:
    """``os.replace``; on Windows another program that has the old file open for a moment (an
    antivirus, the search indexer, an editor) makes it fail with a sharing violation: try
    again a few times before giving up."""
    for i in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if sys.platform != "win32" or i == tries - 1:
                raise
            time.sleep(0.05 * (i + 1))


def atomic_write(path: Path, data: bytes | str) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    # as few system calls as can be (the host of network tables saves hundreds of files a
    # second from threads, and every call gives the interpreter's lock away and back)
    try:
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# the temporary files of atomic_write: "<target>.<8 of mkstemp's letters>.tmp"
_TEMP_RE = re.compile(r"(?P<target>.+)\.[a-z0-9_]{8}\.tmp")
# the targets in the data folder itself, which may be a folder of the player's own
# (--data-dir): settings, the offline save, the network tables' saves and kept seats, and
# the .corrupt-<time> copies of each (tests/test_stale_temps.py ties it to their names)
_ROOT_TARGET_RE = re.compile(r"(settings\.toml|current-match\.json|net-table(-\d{1,3})?\.json"
                             r"|net-seats\.json)(\.corrupt-[0-9-]+)?")
# the game's own folders in it, all of whose files are written by atomic_write
_OWN_FOLDERS = ("history", "prints", "cards")
STARTED = time.time()  # this process's start, near enough (the module is read at start)
STALE_MARGIN = 10.0  # seconds: a file another process is writing now is never this old
# the folders of a deck import in ``themes/`` (decks.import_deck): the new deck's files are
# written into ".incoming-<8 letters>", the deck it replaces is moved into
# ".replaced-<8 letters>/<id>" for a moment; a process killed meanwhile leaves them there
INCOMING, REPLACED = ".incoming-", ".replaced-"
_STAGING_RE = re.compile(r"(?P<kind>\.incoming-|\.replaced-)[a-z0-9_]{8}")


def clean_stale_temps(folder: Path | None = None, before: float | None = None) -> int:
    """Remove the temporary files that a process killed in an atomic write left behind:
    files of atomic_write's naming, for one of the game's targets, in the data folder, its
    own folders and the imported decks' folders, last written before this process started
    (``before``, less :data:`STALE_MARGIN`: another process writing one now is not
    disturbed).  Only regular files; never a link.  Returns how many were removed."""
    root = folder if folder is not None else data_dir()
    cutoff = (STARTED if before is None else before) - STALE_MARGIN
    removed = _clean_staging(root / "themes", cutoff)  # first: a deck put back is seen below
    places: list[tuple[Path, re.Pattern[str] | None]] = [(root, _ROOT_TARGET_RE)]
    places += [(root / name, None) for name in _OWN_FOLDERS]
    try:
        places += [(d, None) for d in (root / "themes").iterdir()
                   if not d.is_symlink() and d.is_dir()]
    except OSError:
        pass  # no imported decks
    for where, targets in places:
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            m = _TEMP_RE.fullmatch(entry.name)
            if m is None or (targets is not None and not targets.fullmatch(m["target"])):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(st.st_mode) or st.st_mtime >= cutoff:
                    continue
                os.unlink(entry.path)
                removed += 1
            except OSError as e:
                log.warning("a stale temporary file %s could not be removed: %s", entry.path,
                            e.strerror or e)
    if removed:
        log.info("%d temporary files or folders left by a stopped process removed from %s",
                 removed, root)
    return removed


def _clean_staging(themes: Path, cutoff: float) -> int:
    """The folders a deck import killed half-way left in ``themes`` (see :data:`INCOMING`),
    last changed before ``cutoff``: an ``.incoming-`` folder is removed (the deck was not
    imported; the player's own copy is where they imported it from); a deck found in a
    ``.replaced-`` folder goes back to its place when no deck has taken it (the import was
    killed between moving it aside and moving the new one in), else it is removed.  Never
    a link: a folder's links are removed, not followed.  Returns how many were cleaned."""
    try:
        entries = list(os.scandir(themes))
    except OSError:
        return 0
    cleaned = 0
    for entry in entries:
        m = _STAGING_RE.fullmatch(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISDIR(st.st_mode) or st.st_mtime >= cutoff:
                continue
            if m["kind"] == REPLACED:
                for inner in list(os.scandir(entry.path)):
                    back = themes / inner.name
                    if inner.is_dir(follow_symlinks=False) and not os.path.lexists(back):
                        os.replace(inner.path, back)
                        log.warning("the deck %s, moved aside by an import that was "
                                    "stopped, is back in %s", inner.name, themes)
            shutil.rmtree(entry.path)
            cleaned += 1
        except OSError as e:
            log.warning("a deck import's folder %s left by a stopped process could not be "
                        "cleaned up: %s", entry.path, e.strerror or e)
    return cleaned


def size_text(limit: int) -> str:
    """``256 KB``, ``32 MB``: a size limit as the player reads it."""
    if limit >= 1024 * 1024 and limit % (1024 * 1024) == 0:
        return _("{n} MB").format(n=limit // (1024 * 1024))
    return _("{n} KB").format(n=max(1, limit // 1024))


def _too_large(limit: int) -> str:
    return _("the file is too large (over {size})").format(size=size_text(limit))


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Only regular files are read: a FIFO, a device or a folder raises OSError at once instead
    of blocking (the file is opened non-blocking, then checked).  The size is checked before
    anything is read, and no more than ``limit`` bytes are ever read.  Every failure is an
    OSError whose ``strerror`` is one line for the player."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, _("not a regular file"), str(path))
        if st.st_size > limit:
            raise OSError(errno.EFBIG, _too_large(limit), str(path))
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise OSError(errno.EFBIG, _too_large(limit), str(path))
    return data


def clean_text(s: str, limit: int | None = None) -> str:
    """A name or a line from an untrusted file, fit to show and to write: control characters
    dropped, runs of white space made one space, a lone surrogate (not a character, cannot
    be written as UTF-8) replaced by U+FFFD; at most ``limit`` characters."""
    out = []
    for ch in str(s):
        o = ord(ch)
        if 0xD800 <= o <= 0xDFFF:
            out.append("\ufffd")
        elif ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch) != "Cc":
            out.append(ch)
    t = " ".join("".join(out).split())
    return t[:limit] if limit is not None else t


def aside_name(path: Path) -> Path:
    """A free ``<name>.corrupt-<time>[-n]`` name beside ``path``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    return target


def set_aside(path: Path) -> Path:
    """Rename an unreadable file out of the way; returns its new name."""
    target = aside_name(path)
    os.replace(path, target)
    return target


@dataclass
class Settings:
    language: str = ""  # "" until the first start picks the system's language
    theme: str = "classic"
    four_colour: bool = False
    animation: str = "normal"  # slow, normal, fast, instant
    card_size: str = "normal"  # small, normal, large
    fullscreen: bool = False
    sound: bool = True
    hints: bool = True
    auto_play_forced: bool = False
    trick_pause: str = "normal"  # how long a won trick stays: short, normal, long, click
    deal_speed: str = "normal"  # the shuffle and the deal: normal, fast
    finish_early: str = "ask"  # when the rest of a hand is certain: never, ask, always
    sort_trumps: str = "first"  # my hand: trumps first or last
    sort_suits: str = "suits"  # the plain suits: suits (♣ ♠ ♥) or alternate (♣ ♥ ♠)
    sort_direction: str = "down"  # high to low (down) or low to high (up)
    player_name: str = ""
    window_width: int = 1280
    window_height: int = 720

    CHOICES = {
        "animation": ("slow", "normal", "fast", "instant"),
        "card_size": ("small", "normal", "large"),
        "trick_pause": ("short", "normal", "long", "click"),
        "deal_speed": ("normal", "fast"),
        "finish_early": ("never", "ask", "always"),
        "sort_trumps": ("first", "last"),
        "sort_suits": ("suits", "alternate"),
        "sort_direction": ("down", "up"),
    }


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    out = []
    for ch in str(v):
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")  # TOML forbids raw control characters
        elif 0xD800 <= o <= 0xDFFF:
            out.append("\\ufffd")  # a lone surrogate cannot be written as UTF-8
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def settings_path() -> Path:
    return data_dir() / "settings.toml"


def load_settings(messages: list[str] | None = None) -> Settings:
    """Settings from disk; a broken file is set aside, a bad key falls back to its default.
    A file with a value that cannot be used or a key this version does not know is kept as
    a ``.corrupt-<time>`` copy before anything is written over it.
    One-line messages for the player are appended to ``messages``."""
    messages = messages if messages is not None else []
    path = settings_path()
    s = Settings()
    if not os.path.lexists(path):
        return s
    try:
        raw = read_regular(path, MAX_SETTINGS_BYTES)
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError) as e:
        # ValueError: TOMLDecodeError, UnicodeDecodeError; RecursionError: nested too deeply
        reason = (e.strerror if isinstance(e, OSError) and e.strerror
                  else _("nested too deeply") if isinstance(e, RecursionError)
                  else str(e).splitlines()[0][:120])
        log.warning("settings %s could not be read: %s", path, reason)
        try:
            aside = set_aside(path)
        except OSError as e2:
            log.error("settings %s could not be set aside: %s", path, e2)
            messages.append(_("Settings could not be read ({reason}); defaults used.")
                            .format(reason=reason))
            return s
        messages.append(_("Settings could not be read ({reason}); kept as {name}, "
                          "defaults used.").format(reason=reason, name=aside.name))
        return s
    defaults = Settings()
    known = {f.name for f in fields(Settings)}
    lost = False
    for key in data:
        if key not in known:
            lost = True
            messages.append(_("Setting {key} is not known to this version of the game.")
                            .format(key=clean_text(key, 40)))
    for f in fields(Settings):
        if f.name not in data:
            continue
        v = data[f.name]
        default = getattr(defaults, f.name)
        ok = type(v) is type(default)
        if ok and f.name in Settings.CHOICES:
            ok = v in Settings.CHOICES[f.name]
        if ok and isinstance(v, int) and not isinstance(v, bool):
            ok = 320 <= v <= 8192
        if ok and isinstance(v, str):
            v = clean_text(v, 40 if f.name == "player_name" else 100)
        if ok:
            setattr(s, f.name, v)
        else:
            lost = True
            messages.append(_("Setting {key} = {value} is not valid; the default is used.")
                            .format(key=f.name, value=clean_text(repr(v), 40)))
    if s.theme in RETIRED_DECKS:
        log.info("settings: deck %s is now %s with four colours %s", s.theme,
                 *RETIRED_DECKS[s.theme])
        s.theme, four = RETIRED_DECKS[s.theme]
        s.four_colour = s.four_colour or four
    if lost:
        # what could not be used is written over on exit: keep the player's file first
        try:
            kept = keep_copy(path, raw)
            messages.append(_("Your settings file is kept as {name}.").format(name=kept.name))
        except OSError as e:
            log.error("settings %s could not be copied aside: %s", path, e)
    return s


def keep_copy(path: Path, data: bytes) -> Path:
    """Keep ``data`` (the file as it was read) beside ``path`` as a ``.corrupt-<time>``
    copy; the file itself stays.  Returns the copy's path."""
    target = aside_name(path)
    atomic_write(target, data)
    return target


def save_settings(s: Settings) -> None:
    lines = [f"{k} = {_toml_value(v)}" for k, v in asdict(s).items()]
    atomic_write(settings_path(), "\n".join(lines) + "\n")
