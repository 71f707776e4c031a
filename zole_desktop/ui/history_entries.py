"""The finished matches that the Match history screen lists: each file read and checked like
any untrusted record (cached by its size and modification time), the seats' names as shown,
and the export of a record to a folder the player chooses.  No pygame here."""

from __future__ import annotations

import json
import logging
import os
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from .. import storage
from ..flow.people import Names
from ..i18n import _, language
from ..records import history as match_history
from ..rules.record import RecordError, Replay, dumps, parse_json, replay

MAX_NAME = 20

log = logging.getLogger(__name__)


@dataclass
class MatchEntry:
    path: Path
    data: dict
    rep: Replay
    names: list[str]
    human: int
    when: str  # "2025-01-31 18:05"
    typed: frozenset[int] = frozenset()  # the seats whose names people typed (network)

    @property
    def players(self) -> int:
        return self.rep.match.players

    @property
    def hands(self) -> int:
        return len(self.rep.rows)

    @property
    def unfinished(self) -> bool:
        """Left before its end for another match (kept so that nothing played is lost)."""
        return match_history.is_unfinished(self.data)

    @property
    def final(self) -> int:
        """The player's score with the pools left at the end settled (an unfinished match's
        pools were never settled: its score as it stood)."""
        m = self.rep.match
        return (m.totals if self.unfinished else m.final_totals())[self.human]

    def name(self, seat: int | None) -> str:
        """The seat's name as shown now (the person's untyped name as "You"; the names
        other people typed as typed, the bots' in today's language)."""
        return self.people(seat)

    @property
    def people(self) -> Names:
        return Names(self.names, self.human, self.typed)

    def shown_names(self) -> str:
        return ", ".join(self.people.all())


def _when(data: dict, path: Path) -> str:
    stamp = data.get("finished_at")
    if not isinstance(stamp, str):
        stamp = path.stem.removeprefix("match-")
    digits = stamp.replace("-", "").replace("T", "").replace(":", "")
    if len(digits) >= 12 and digits[:12].isdigit():
        return f"{digits[0:4]}-{digits[4:6]}-{digits[6:8]} {digits[8:10]}:{digits[10:12]}"
    try:
        stamp_format = "%Y-%m-%d %H:%M"  # i18n: ok
        return time.strftime(stamp_format, time.localtime(path.stat().st_mtime))
    except OSError:
        return "?"


def read_entry(path: Path) -> MatchEntry:
    """One history file, checked like any untrusted record (RecordError, OSError)."""
    # a regular file only (a FIFO would block), bounded before reading (see saves)
    data = parse_json(storage.read_regular(path, match_history.MAX_HISTORY_BYTES))
    rep = replay(data)
    players = rep.match.players
    human = data.get("human_seat", 0)
    if not (isinstance(human, int) and not isinstance(human, bool) and 0 <= human < players):
        human = 0
    names = data.get("names")
    # the person's name is empty when they never typed one (shown as "You")
    if not (isinstance(names, list) and len(names) == players
            and all(isinstance(n, str) and (n.strip() or s == human)
                    for s, n in enumerate(names))):
        names = [_("Seat {n}").format(n=s + 1) for s in range(players)]
    names = [storage.clean_text(n, MAX_NAME) for n in names]  # no NUL, no lone surrogate
    return MatchEntry(path, data, rep, names, human, _when(data, path),
                      _typed(data, players, human))


def _typed(data: dict, players: int, human: int) -> frozenset[int]:
    """The seats whose names people typed at other computers: the record's ``typed``, or,
    in a record from before it was kept, the seats of people other than the player's."""
    typed = data.get("typed")
    if isinstance(typed, list):
        return frozenset(s for s in typed if isinstance(s, int) and not isinstance(s, bool)
                         and 0 <= s < players and s != human)
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == players:
        return frozenset(s for s, lv in enumerate(levels) if lv == "human" and s != human)
    return frozenset()


# read matches by (path, size, modification time): a long history is replayed once per run,
# not at every visit.  A match of more than CACHE_MAX_BYTES (thousands of hands) is read
# afresh each time rather than kept in memory.
_entries: OrderedDict[tuple[str, int, int, str], MatchEntry] = OrderedDict()
CACHE_FILES = 6000
CACHE_MAX_BYTES = 512 * 1024


def cached_entry(path: Path) -> MatchEntry:
    st = os.stat(path)
    # the language too: a record without names is shown with "Seat 1" in the language of the day
    key = (str(path), st.st_size, st.st_mtime_ns, language())
    got = _entries.get(key)
    if got is not None:
        _entries.move_to_end(key)
        return got
    entry = read_entry(path)
    if st.st_size <= CACHE_MAX_BYTES:
        _entries[key] = entry
        while len(_entries) > CACHE_FILES:
            _entries.popitem(last=False)
    return entry


def load_history(paths: list[Path]) -> tuple[list[MatchEntry], list[str]]:
    """Readable matches (in the order given) and a one-line note per skipped file."""
    entries: list[MatchEntry] = []
    notes: list[str] = []
    for p in paths:
        try:
            entries.append(cached_entry(p))
        except (OSError, RecordError, ValueError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            notes.append(_("{file} was skipped: {reason}").format(
                file=p.name, reason=reason.splitlines()[0][:120] if reason else "?"))
    return entries, notes


def default_export_dir() -> Path:
    """The player's Documents folder, else Downloads, else the home folder."""
    import platformdirs

    for get in (platformdirs.user_documents_dir, platformdirs.user_downloads_dir):
        try:
            d = Path(get())
        except Exception:  # noqa: BLE001 - platformdirs may fail on odd systems
            log.exception("no documents or downloads folder from platformdirs")
            continue
        if d.is_dir():
            return d
    return Path.home()


class ExportError(ValueError):
    """The export failed; ``str()`` is one line for the player."""


def export_match(entry: MatchEntry, folder: str | Path) -> Path:
    """Write a copy of the match record into ``folder`` under a new name; returns its path."""
    text = str(folder).strip()
    if not text:
        raise ExportError(_("Type the path of a folder"))
    d = Path(text).expanduser()
    if not d.is_dir():
        raise ExportError(_("Not an existing folder: {path}").format(path=d))
    stamp = entry.when.replace("-", "").replace(":", "").replace(" ", "-")
    base = f"zole-match-{stamp}" if stamp != "?" else "zole-match"
    target = d / f"{base}.json"
    k = 1
    while target.exists():
        k += 1
        target = d / f"{base}-{k}.json"
    try:
        text = dumps(entry.data) + "\n"
        try:
            payload = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate in the file: kept as its JSON escape
            payload = (json.dumps(entry.data, indent=1) + "\n").encode("ascii")
        storage.atomic_write(target, payload)
    except OSError as e:
        raise ExportError(_("The match could not be exported: {error}").format(
            error=e.strerror or e)) from None
    return target
