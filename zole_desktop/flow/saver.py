"""Saves written on threads of their own (:class:`Saver`): the network host's tables and the
offline game's match, so that the thread that plays never waits for the disk."""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import logging
import os
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .. import storage

log = logging.getLogger(__name__)

STALE_DIR = "stale-saves"
MARKER_BYTES = 16 * 1024


def marker_dirs() -> list[Path]:
    """Where a save left behind the game is marked (see :meth:`Saver._failed`): the user's
    cache folder, kept when the computer restarts, then a folder of this user's own in the
    system's temporary folder.  Never the data folder: that is the one that cannot be
    written."""
    import platformdirs

    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return [Path(platformdirs.user_cache_dir(storage.APP, appauthor=False)) / STALE_DIR,
            Path(tempfile.gettempdir()) / f"{storage.APP}-{user}" / STALE_DIR]


def _marker_name(path: Path) -> str:
    """The marker's file name: the save's identity is its absolute path."""
    key = str(path.absolute()).encode("utf-8", "surrogateescape")
    return hashlib.sha256(key).hexdigest()[:32] + ".json"


def _digest(path: Path) -> str | None:
    """The SHA-256 of the file's bytes (None when it cannot be read)."""
    try:
        with open(path, "rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return None


def _own_folder(d: Path) -> bool:
    """``d`` (made if need be) is a folder of this user's own, not a link: in a temporary
    folder that every user shares, nobody else's folder is written into."""
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    for f in (d, d.parent):
        st = os.lstat(f)
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid")
                                            and st.st_uid != os.getuid()):
            return False
    return True


def mark_stale(path: Path, error: OSError) -> Path | None:
    """Mark the save ``path`` as behind what its players saw: a small file elsewhere that
    names it and the digest of the bytes it holds now.  Where it was written (None: in none
    of :func:`marker_dirs`)."""
    mark = json.dumps({"save": str(path.absolute()), "sha256": _digest(path),
                       "error": str(error.strerror or error)[:200],
                       "time": time.strftime("%Y-%m-%d %H:%M:%S")}).encode()
    for d in marker_dirs():
        try:
            if not _own_folder(d):
                log.warning("%s is not a folder of this user's own: no marker there", d)
                continue
            storage.atomic_write(d / _marker_name(path), mark)
            return d / _marker_name(path)
        except OSError as e:
            log.warning("a stale save's marker could not be written in %s: %s", d,
                        e.strerror or e)
    return None


def stale_marker(path: Path) -> dict[str, Any] | None:
    """The marker of ``path`` (see :func:`mark_stale`) if the file still holds the bytes it
    held when it was marked; a marker the file has changed since is removed."""
    name = _marker_name(path)
    for d in marker_dirs():
        try:
            mark = json.loads(storage.read_regular(d / name, MARKER_BYTES))
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as e:
            log.warning("the stale save's marker %s cannot be read (%s): the save is "
                        "not taken up", d / name, getattr(e, "strerror", None) or e)
            return {"save": str(path), "error": str(e)}
        if not isinstance(mark, dict) or mark.get("save") != str(path.absolute()):
            continue
        digest = mark.get("sha256")
        if digest is None or digest == _digest(path):
            return mark
        log.info("the save %s was written since it was marked as stale: marker removed",
                 path)
        clear_marker(path)
    return None


def clear_marker(path: Path) -> None:
    """The save ``path`` is current again (written, or set aside): its markers go."""
    for d in marker_dirs():
        try:
            (d / _marker_name(path)).unlink(missing_ok=True)
        except OSError as e:
            log.warning("the stale save's marker in %s could not be removed: %s", d,
                        e.strerror or e)


def cannot_keep(path: Path) -> OSError | None:
    """Why a save of ``path`` that fails now could be neither written nor emptied (a
    read-only folder and file), or None: a file can be made beside it, or it can be opened
    for writing (and emptied)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except OSError as e:
        first = e
    else:
        os.close(fd)
        os.unlink(tmp)
        return None
    try:
        fd = os.open(path, os.O_WRONLY)
    except FileNotFoundError:
        return None
    except OSError:
        return first
    os.close(fd)
    return None


def set_aside_stale(path: Path) -> Path | OSError:
    """Set aside the save ``path`` that is behind its players (marked as stale, or one that
    could be neither written nor emptied), so that it is never taken up: kept as
    ``.corrupt-<time>`` (:func:`storage.set_aside`) and its markers gone.  Returns its new
    name, or why it could not be set aside (then it is left as it is, markers and all)."""
    try:
        aside = storage.set_aside(path)
    except OSError as e:
        return e
    clear_marker(path)
    return aside


class Saver:
    """Writes saves on threads of their own, so that the thread that plays (the host's loop,
    the window's) never waits for the disk.  Each save is the whole file
    (``storage.atomic_write``); files are written oldest first, a few at once, one file by
    one thread at a time; a newer save of a file replaces the one still waiting.

    A save wakes one thread at most, and a thread that has written a file takes the next
    save waiting before it sleeps: every thread woken needs the interpreter's lock, which
    the host's loop then waits for.

    A save that cannot be written (a full disk, a folder without write permission) does
    not stop the table: its players would rather play on than wait for a disk.  But the
    update it guards goes out, so the file on disk, which nobody has played past yet, now
    lags behind the game: before the save's future is answered the file is emptied (or
    removed), so that a host started again after a crash never takes the match up at a
    point its players had played past (``netsession.resume`` says why it starts afresh).
    Where it can be neither (a read-only folder and file), it is marked as stale elsewhere
    (:func:`mark_stale`), and a host started again does not take it up either.
    The failure is logged with the file and the error once (and once when saving works
    again); :meth:`failure` tells the host's game, which says it once."""

    def __init__(self, threads: int = 4) -> None:
        self._pending: dict[Path, bytes | None] = {}  # None: remove the file
        self._failures: dict[Path, OSError] = {}  # the files whose latest save failed
        self._told: set[Path] = set()  # files whose failure (and recovery) the log has said
        self._marked: set[Path] = set()  # files marked as stale (see _failed)
        self._waiting: dict[Path, list[concurrent.futures.Future]] = {}
        self._writing: set[Path] = set()
        lock = threading.Lock()
        self._cv = threading.Condition(lock)  # a save is waiting (or the saver closes)
        self._idle = threading.Condition(lock)  # nothing is waiting or being written
        self._closed = False
        self._threads = [threading.Thread(target=self._run, name="zole-saves", daemon=True)
                         for _ in range(threads)]
        for t in self._threads:
            t.start()

    def put(self, path: Path, data: bytes | None) -> concurrent.futures.Future:
        """Queue ``data`` for ``path``; the future is done once it (or a newer save of the
        same file) is on disk."""
        fut: concurrent.futures.Future = concurrent.futures.Future()
        with self._cv:
            self._pending.pop(path, None)  # the newer save goes to the back of the line
            self._pending[path] = data
            self._waiting.setdefault(path, []).append(fut)
            if path not in self._writing:  # else the thread writing it takes this one next
                self._cv.notify()
        return fut

    def _next(self) -> Path | None:
        for path in self._pending:
            if path not in self._writing:
                return path
        return None

    def _run(self) -> None:
        while True:
            with self._cv:
                while (path := self._next()) is None and not self._closed:
                    self._cv.wait()
                if path is None:
                    return
                data = self._pending.pop(path)
                futures = self._waiting.pop(path, [])
                self._writing.add(path)
            try:
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    storage.atomic_write(path, data)
            except OSError as e:
                if data is None:
                    log.error("the save %s could not be removed: %s", path, e.strerror or e)
                else:
                    self._failed(path, e)
            else:
                with self._cv:
                    again = data is not None and self._failures.pop(path, None) is not None
                if again and path in self._marked:  # the file is current again
                    self._marked.discard(path)
                    clear_marker(path)
                if again:  # said once: a nearly full disk may fail every other save
                    (log.debug if path in self._told else log.warning)(
                        "the table is saved again in %s", path)
                    self._told.add(path)
            finally:
                for fut in futures:  # in the order they were saved
                    fut.set_result(None)
                with self._cv:
                    self._writing.discard(path)
                    if not self._pending and not self._writing:
                        self._idle.notify_all()

    def _failed(self, path: Path, e: OSError) -> None:
        """A save of ``path`` failed (on a saver thread, which is writing ``path``): the
        file left on disk is older than what the players will see; it is emptied, or
        removed, or else marked as stale elsewhere (:func:`mark_stale`, once while the
        saves fail), so that nobody resumes the match from it."""
        with self._cv:
            first = path not in self._failures and path not in self._told
            self._failures[path] = e
        if not first:
            log.debug("the table could not be saved in %s: %s", path, e.strerror or e)
        else:
            log.error("the table could not be saved in %s: %s; the game goes on unsaved, "
                      "and the save there is emptied so that nobody takes the match up "
                      "again at a point its players have played past", path, e.strerror or e)
        try:
            os.truncate(path, 0)
            return
        except FileNotFoundError:
            return
        except OSError as e1:
            why = e1
        try:
            path.unlink(missing_ok=True)
        except OSError as e2:
            if path in self._marked:  # marked (or tried) once: its bytes are the same
                return
            where = mark_stale(path, e)
            self._marked.add(path)  # not tried again at every move, nor logged again
            if where is not None:
                log.error("the save %s could be neither emptied (%s) nor removed (%s): it "
                          "is marked as stale in %s, so that a host started again does not "
                          "take the match up from it", path, why.strerror or why,
                          e2.strerror or e2, where)
            elif first:
                log.critical("the save %s could be neither emptied (%s) nor removed (%s), "
                             "nor marked as stale elsewhere: a host started again once "
                             "this folder can be written would take the match up at a "
                             "point its players have played past (start it with --new)",
                             path, why.strerror or why, e2.strerror or e2)

    def failure(self, path: Path | None = None) -> OSError | None:
        """The error of a save of ``path`` (any file when None) that failed and has not been
        written since."""
        with self._cv:
            if path is not None:
                return self._failures.get(path)
            return next(iter(self._failures.values()), None)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every save is on disk (False if that took over ``timeout``)."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._pending and not self._writing,
                                       timeout)

    def close(self, timeout: float = 10.0) -> None:
        self.flush(timeout)
        with self._cv:
            self._closed = True
            self._cv.notify_all()
        for t in self._threads:
            t.join(timeout)


_shared: Saver | None = None
_shared_lock = threading.Lock()


def shared_saver() -> Saver:
    """The offline game's saver: one thread, made when the first save is wanted, and
    flushed when the program ends (a save on its way is written, within 10 s)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            import atexit

            _shared = Saver(threads=1)
            atexit.register(_shared.flush, 10.0)
        return _shared


def flush_shared(timeout: float = 5.0) -> bool:
    """The offline game's saves still on their way are written (before the save is read
    back: Continue must find the last action, not the one before)."""
    return _shared is None or _shared.flush(timeout)
