"""The game's version.  It lives in ``pyproject.toml`` only.  A source checkout reads it from
``pyproject.toml`` beside the package (so an editable install never shows a stale number); an
installed package, or the PyInstaller bundle, which carries the package's metadata, reads it
from its metadata."""

from __future__ import annotations

import re
from pathlib import Path

DIST = "zole-desktop"
_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def from_pyproject(path: Path = _PYPROJECT) -> str | None:
    try:
        with open(path, "rb") as f:
            text = f.read(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
    if not re.search(r'^name\s*=\s*"zole-desktop"', text, re.MULTILINE):
        return None  # some other project's file
    m = re.search(r'^version\s*=\s*"([^"\n]+)"', text, re.MULTILINE)
    return m.group(1) if m else None


def version() -> str:
    v = from_pyproject()
    if v:
        return v
    from importlib import metadata  # only here: it costs a tenth of a second at start-up

    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        return "unknown"
