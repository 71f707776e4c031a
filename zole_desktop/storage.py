"""Where the player's files live, and how they are written: settings, saves, history.

The folder is the platform's user data folder (platformdirs), unless ``--data-dir`` or the
``ZOLE_DESKTOP_HOME`` environment variable says otherwise.  Every write is atomic: a
temporary file beside the target, flushed and fsynced, then renamed over it.  A file that
cannot be read is moved aside with a ``.corrupt-<time>`` suffix, never overwritten.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .i18n import _

APP = "zole-desktop"
MAX_SETTINGS_BYTES = 64 * 1024

_override: Path | None = None


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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename an unreadable file out of the way; returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
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
    player_name: str = ""
    window_width: int = 1280
    window_height: int = 720

    CHOICES = {
        "animation": ("slow", "normal", "fast", "instant"),
        "card_size": ("small", "normal", "large"),
    }


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{s}"'


def settings_path() -> Path:
    return data_dir() / "settings.toml"


def load_settings(messages: list[str] | None = None) -> Settings:
    """Settings from disk; a broken file is set aside, a bad key falls back to its default.
    One-line messages for the player are appended to ``messages``."""
    messages = messages if messages is not None else []
    path = settings_path()
    s = Settings()
    if not path.exists():
        return s
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise ValueError("the file is too large")
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError) as e:
        aside = set_aside(path)
        messages.append(_("Settings could not be read ({reason}); kept as {name}, "
                          "defaults used.").format(reason=e, name=aside.name))
        return s
    defaults = Settings()
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
        if ok:
            setattr(s, f.name, v)
        else:
            messages.append(_("Setting {key} = {value} is not valid; the default is used.")
                            .format(key=f.name, value=repr(v)[:40]))
    return s


def save_settings(s: Settings) -> None:
    lines = [f"{k} = {_toml_value(v)}" for k, v in asdict(s).items()]
    atomic_write(settings_path(), "\n".join(lines) + "\n")
