"""One place that finds the game's data: card themes, fonts and translations.

From a source checkout (or an editable install) the data folders ``art/`` and ``locales/``
sit beside the ``zole_desktop`` package; in a PyInstaller bundle they sit in the bundle's
folder (``sys._MEIPASS``).  ``ZOLE_DESKTOP_DATA`` overrides both, for packagers.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path


@cache
def data_root() -> Path:
    env = os.environ.get("ZOLE_DESKTOP_DATA")
    if env:
        return Path(env)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def art_dir() -> Path:
    return data_root() / "art"


def themes_dir() -> Path:
    return art_dir() / "themes"


def fonts_dir() -> Path:
    return art_dir() / "fonts"


def locales_dir() -> Path:
    return data_root() / "locales"


def within(base: Path, relative: str) -> Path:
    """``base / relative``, refusing any path that would leave ``base`` (for names read from
    untrusted files such as themes)."""
    base_r = base.resolve()
    p = (base / relative).resolve()
    if p != base_r and base_r not in p.parents:
        raise ValueError(f"{relative!r} points outside {base}")
    return p
