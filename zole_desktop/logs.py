"""The log file: what went wrong, with its traceback, for a player who reports a bug.

Every module logs through its own ``logging.getLogger(__name__)``.  The game (and the demo
with ``--data-dir``) writes the package's records to ``zole.log`` in the data folder, rotated
at 256 KB with two older files kept (``zole.log.1``, ``zole.log.2``), so the log never takes
more than 768 KB.  Without :func:`setup` (the command-line tools, the tests) nothing is
written anywhere: the package logger has a ``NullHandler``.
"""

from __future__ import annotations

import logging
import platform
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from . import __version__, storage

LOG_NAME = "zole.log"
MAX_LOG_BYTES = 256 * 1024
BACKUPS = 2
PACKAGE = "zole_desktop"

log = logging.getLogger(__name__)
_handler: _Handler | None = None


class _Handler(RotatingFileHandler):
    """A rotating file that, when it cannot be written (a full disk), says so once on
    stderr instead of a traceback per record."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        if not self.failed:
            self.failed = True
            err = sys.exc_info()[1]
            print(f"zole: the log file cannot be written: {err}", file=sys.stderr)  # i18n: ok


def setup(folder: Path | None = None) -> Path | None:
    """Write the package's log records (INFO and up) to ``zole.log`` in ``folder`` (default:
    the data folder).  Returns the file, or None when it cannot be opened: the game goes on
    without a log (a read-only folder must not stop it)."""
    global _handler
    pkg = logging.getLogger(PACKAGE)
    close()
    try:
        path = (folder or storage.data_dir()) / LOG_NAME
        handler = _Handler(path, maxBytes=MAX_LOG_BYTES, backupCount=BACKUPS,
                           encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None  # diagnostics then say "log: -"
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"))
    handler.setLevel(logging.INFO)
    pkg.addHandler(handler)
    pkg.setLevel(logging.INFO)
    _handler = handler
    log.info("start: %s", "; ".join(f"{k} {v}" for k, v in facts(path).items()))
    return path


def close() -> None:
    """Stop writing the log file (tests, a change of data folder)."""
    global _handler
    if _handler is not None:
        logging.getLogger(PACKAGE).removeHandler(_handler)
        try:
            _handler.close()  # flushes what is left: a full disk fails it
        except (OSError, ValueError) as e:
            if not _handler.failed:
                print(f"zole: the log file cannot be written: {e}", file=sys.stderr)  # i18n: ok
        _handler = None


def current_log() -> Path | None:
    """The log file being written, if any."""
    return Path(_handler.baseFilename) if _handler is not None else None


def facts(log_file: Path | None = None) -> dict[str, str]:
    """What a bug report needs: versions, the system, where the player's files are."""
    try:
        import pygame

        pg, sdl = pygame.version.ver, ".".join(map(str, pygame.get_sdl_version()))
    except Exception as e:  # noqa: BLE001 - the report must come out whatever fails
        log.warning("pygame version unknown: %s", e)
        pg = sdl = "?"
    try:
        folder = str(storage.data_dir())
    except OSError as e:
        folder = f"? ({e.strerror or e})"
    lf = log_file or current_log()
    return {
        "Zole": __version__,
        "Python": platform.python_version(),
        "pygame-ce": pg,
        "SDL": sdl,
        "OS": platform.platform(),
        "data folder": folder,
        "log": str(lf) if lf else "-",
    }


def diagnostics() -> str:
    """The facts as lines of text, to paste into a bug report (not translated)."""
    return "\n".join(f"{k}: {v}" for k, v in facts().items())
