"""The history of finished matches: one ``zole-match/1`` file per match in the data folder's
``history`` folder, written when a match ends and read by the Statistics and History screens.
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Iterable
from pathlib import Path

from .. import storage
from ..i18n import _
from ..rules.match import Match, hand_record
from ..rules.state import HandState
from ..saves import Table, json_bytes

log = logging.getLogger(__name__)

HISTORY_DIR = "history"
MAX_HISTORY_FILES = 5000
# one history file holds one match: about 0.7 KB a hand as written (0.45 KB without the
# indentation, which archive() drops for a very long match), so 8 MB is over 11,000 hands
# (a match of 12 hands is 9 KB).  A larger file is skipped unread; one this size replays in
# a few seconds, once per run for the statistics (stats.file_stats caches it).
MAX_HISTORY_BYTES = 8 * 1024 * 1024


def history_dir() -> Path:
    d = storage.data_dir() / HISTORY_DIR
    d.mkdir(parents=True, exist_ok=True)
    return d


def archive(match: Match, table: Table, when: str | None = None,
            typed: Iterable[int] = (), unfinished: bool = False,
            current: HandState | None = None, name: str | None = None) -> Path | None:
    """Keep a match in the history folder as a ``zole-match/1`` file; ``typed``: the seats
    whose names people typed at other computers (a network table's), shown as typed, never
    translated.  A match left before its end (``unfinished``: the player started another
    one) is kept with ``"unfinished": true`` and no settlement of the pools left standing,
    and ``current``, the hand it was left in, under ``"in_progress"`` when anyone had bid in
    it.  None when there is nothing to keep (no hand played, none begun).  OSError when it
    cannot be written.  ``name``: the file's name, chosen before (and saved with the match,
    :attr:`Session.history_name`); a file of that name already there is this match kept by
    a program killed before it could remove the save: it is not kept twice."""
    if name is not None and (history_dir() / name).exists():
        log.info("the match is already kept in the history as %s", name)
        return history_dir() / name
    begun = None
    if unfinished and current is not None:
        begun = hand_record(current)
        if not begun["bids"]:
            begun = None  # dealt, nobody spoke: nothing of it was played
    if not match.rows and begun is None:
        return None
    stamp = when or time.strftime("%Y%m%d-%H%M%S")
    path = history_dir() / (name or f"match-{stamp}.json")
    k = 1
    while path.exists():
        k += 1
        path = history_dir() / f"match-{stamp}-{k}.json"
    extra: dict = {"names": table.names, "levels": table.levels,
                   "human_seat": table.human_seat, "typed": sorted(set(typed)),
                   "finished_at": stamp}
    if unfinished:
        extra["unfinished"] = True
        if begun is not None:
            extra["in_progress"] = begun
    else:
        extra["session_end"] = list(match.session_end())
    rec = match.to_record(extra)
    data = json_bytes(rec, indent=1)
    if len(data) > MAX_HISTORY_BYTES:  # a very long match: without the indentation
        data = json_bytes(rec)
    if len(data) > MAX_HISTORY_BYTES:  # it would be skipped unread: it stays saved instead
        raise OSError(errno.EFBIG, _("the match is too long for one history file (over {size})")
                      .format(size=storage.size_text(MAX_HISTORY_BYTES)), str(path))
    storage.atomic_write(path, data)
    return path


def is_unfinished(record: object) -> bool:
    """A match kept in the history before its end (its pools were never settled)."""
    return isinstance(record, dict) and record.get("unfinished") is True


def history_listing(paths: list[Path] | None = None) -> tuple[list[Path], list[str]]:
    """The given files, or the history folder's, with a one-line note for the player when
    the folder cannot be read."""
    if paths is not None:
        return list(paths), []
    try:
        return history_files(), []
    except OSError as e:
        return [], [_("The history folder cannot be read: {error}").format(
            error=e.strerror or e)]


def history_files() -> list[Path]:
    """Finished matches, newest first (bounded)."""
    files = sorted(history_dir().glob("match-*.json"), reverse=True)
    return files[:MAX_HISTORY_FILES]
