"""The match in progress on disk: its ``zole-match/1`` record plus the hand being played.

Saved after every action, atomically (storage.atomic_write).  On load the record is replayed
through the rules core, so a save that was edited into an illegal game is refused like any
other untrusted record; a broken, truncated or future-version save is set aside with a
``.corrupt-<time>`` suffix and the player gets a one-line message.
"""

from __future__ import annotations

import json
import logging
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from . import storage
from .bots import LEVELS
from .i18n import _
from .rules.match import Match, hand_record
from .rules.record import (
    MAX_BYTES,
    HandReplay,
    RecordError,
    build_hand,
    parse_json,
    replay,
    replay_hand,
)
from .rules.state import DONE, HandState

SAVE_FORMAT = "zole-save/1"
SAVE_NAME = "current-match.json"

log = logging.getLogger(__name__)


class SaveError(ValueError):
    pass


@dataclass
class Table:
    """Who sits at the table: names and bot levels per seat (``human`` for the player)."""

    names: list[str]
    levels: list[str]
    seed: int
    human_seat: int = 0

    def to_json(self) -> dict:
        return {"names": self.names, "levels": self.levels, "seed": self.seed,
                "human_seat": self.human_seat}

    @classmethod
    def from_json(cls, data: Any, players: int) -> Table:
        if not isinstance(data, dict):
            raise SaveError("the table is missing")
        names, levels = data.get("names"), data.get("levels")
        seed, human = data.get("seed"), data.get("human_seat", 0)
        if (not isinstance(names, list) or len(names) != players
                or not all(isinstance(n, str) and len(n) <= 40 for n in names)):
            raise SaveError("the names of the players are not valid")
        if (not isinstance(levels, list) or len(levels) != players
                or not all(lv == "human" or lv in LEVELS
                           for lv in levels)):
            raise SaveError("the bot levels are not valid")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("the seed is not valid")
        if not isinstance(human, int) or not 0 <= human < players:
            raise SaveError("the player's seat is not valid")
        # a name is shown and written again: no control characters, no lone surrogates
        names = [storage.clean_text(n, 40) for n in names]
        return cls(names, list(levels), seed, human)


def hand_rng(seed: int, number: int) -> random.Random:
    """The shuffle of hand ``number`` (from 1) of a match: reproducible and resumable."""
    return random.Random(f"zole:{seed}:{number}")


@dataclass
class Saved:
    match: Match
    table: Table
    current: HandState | None
    extra: dict = field(default_factory=dict)
    dropped: str | None = None  # why the end of the hand in progress could not be continued

    def describe(self) -> tuple[int, int]:
        """(hand number from 1, cards played in the current hand)."""
        n = len(self.match.rows) + 1
        played = 0
        if self.current is not None:
            played = sum(len(t.cards) for t in self.current.completed) + len(
                self.current.trick)
        return n, played


def save_path() -> Path:
    return storage.data_dir() / SAVE_NAME


def to_json(match: Match, table: Table, current: HandState | None, extra: dict | None = None
            ) -> dict:
    return {
        "format": SAVE_FORMAT,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "table": table.to_json(),
        "match": match.to_record(),
        "current": hand_record(current) if current is not None else None,
        "extra": extra or {},
    }


def save(match: Match, table: Table, current: HandState | None, extra: dict | None = None,
         path: Path | None = None) -> None:
    storage.atomic_write(path or save_path(),
                         json_bytes(to_json(match, table, current, extra)))


def json_bytes(data: Any, indent: int | None = None) -> bytes:
    """UTF-8 JSON; a lone surrogate that came in from a file (it is no character and
    cannot be UTF-8) is written back as the ``\\udXXX`` escape it was read from."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, indent=indent).encode("ascii")


def part_bytes(data: Any) -> bytes:
    """One part of a save as compact UTF-8 JSON (msgspec, several times faster than json);
    a lone surrogate is written as its ``\\udXXX`` escape, as :func:`json_bytes` does."""
    try:
        return msgspec.json.encode(data)
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def match_head(match: Match) -> bytes:
    """The match record's fields but its hands (:func:`save_bytes`): they do not change
    during a match."""
    rec = Match(match.players, match.rules).to_record()
    rec.pop("hands")
    return part_bytes(rec)


def save_bytes(table: Table, head: bytes, hands: Sequence[bytes], current: HandState | None,
               extra: dict | None = None) -> bytes:
    """The same save as ``json_bytes(to_json(match, table, current, extra))`` (equal once
    parsed) from the parts a save after every action keeps: the match record's ``head``
    (:func:`match_head`) and its finished ``hands``, each a hand record's ``part_bytes``."""
    match = head[:-1] + (b',"hands":[' if len(head) > 2 else b'"hands":[') + b",".join(
        hands) + b"]}"
    return msgspec.json.encode({
        "format": SAVE_FORMAT,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "table": msgspec.Raw(part_bytes(table.to_json())),
        "match": msgspec.Raw(match),
        "current": msgspec.Raw(part_bytes(hand_record(current) if current is not None
                                          else None)),
        "extra": msgspec.Raw(part_bytes(extra or {})),
    })


def resume_hand(match: Match, h: Any) -> HandReplay:
    """Rebuild the hand in progress from its record entry: its deal must be valid (else
    RecordError); its actions are applied up to the first one that does not apply, and the
    result says why it stopped there (the rest is dropped: the hand goes on from there)."""
    n = len(match.rows) + 1
    expected = match.dealer if match.rows else None
    return replay_hand(n, build_hand(n, match, h, expected), h, strict=False)


def from_json(data: Any) -> Saved:
    if not isinstance(data, dict):
        raise SaveError("not a save file")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        if isinstance(fmt, str) and fmt.startswith("zole-save/"):
            raise SaveError(f"made by a newer version of the game ({fmt})")
        raise SaveError("not a save file")
    record = data.get("match")
    try:
        rep = replay(record)
    except RecordError as e:
        raise SaveError(f"the match record is not valid: {e}") from None
    match = rep.match
    table = Table.from_json(data.get("table"), match.players)
    current = None
    dropped = None
    cur = data.get("current")
    if cur is not None:
        try:
            resumed = resume_hand(match, cur)
        except RecordError as e:
            raise SaveError(f"the hand in progress is not valid: {e}") from None
        current, dropped = resumed.state, resumed.stopped
        if dropped is not None:
            log.warning("the hand in progress goes on after its %d valid actions; the rest "
                        "was dropped: %s", resumed.applied, dropped)
        if current.phase == DONE:
            match.finish(current)
            current = None
    extra = data.get("extra")
    return Saved(match, table, current, extra if isinstance(extra, dict) else {}, dropped)


def load(path: Path | None = None, messages: list[str] | None = None) -> Saved | None:
    """The saved match, or None.  A save that cannot be used is set aside, never deleted."""
    path = path or save_path()
    messages = messages if messages is not None else []
    if not os.path.lexists(path):
        return None
    if _behind(path, messages):
        return None
    try:
        raw = storage.read_regular(path, MAX_BYTES)
        saved = from_json(parse_json(raw))
    except (SaveError, RecordError, OSError) as e:
        reason = (e.strerror or str(e)) if isinstance(e, OSError) else str(e)
        log.warning("the save %s could not be continued: %s", path, reason)
        try:
            aside = storage.set_aside(path)
            messages.append(_("The saved match could not be continued ({reason}); "
                              "kept as {name}.").format(reason=reason, name=aside.name))
        except OSError as e2:
            log.error("the save %s could not be set aside: %s", path, e2)
            messages.append(_("The saved match could not be continued ({reason}).")
                            .format(reason=reason))
        return None
    if saved.dropped is not None:
        # the hand goes on from its last readable move; the file as it was is kept
        try:
            copy = storage.keep_copy(path, raw)
            messages.append(_("The end of the saved hand could not be read ({reason}); play goes "
                              "on from the last move that could be read, and the file as it was "
                              "is kept as {name}.").format(reason=saved.dropped, name=copy.name))
        except OSError as e:
            log.error("a copy of the save %s could not be kept: %s", path, e)
            messages.append(_("The end of the saved hand could not be read ({reason}); play goes "
                              "on from the last move that could be read.").format(
                reason=saved.dropped))
    return saved


def _behind(path: Path, messages: list[str]) -> bool:
    """Is the save marked as behind what the player saw (a save that failed and could be
    neither written nor emptied: flow.saver.mark_stale)?  Then it is not continued, so that
    no move seen is played again differently; it is set aside, never deleted."""
    from .flow.saver import set_aside_stale, stale_marker

    mark = stale_marker(path)
    if mark is None:
        return False
    log.warning("the save %s is marked as behind the moves played (%s, %s): not continued",
                path, mark.get("error"), mark.get("time"))
    aside = set_aside_stale(path)
    if isinstance(aside, OSError):
        log.error("the save %s could not be set aside: %s", path, aside)
        messages.append(_("The saved match is behind the last moves you saw (the data "
                          "folder could not be written), so it is not continued."))
        return True
    messages.append(_("The saved match is behind the last moves you saw (the data folder "
                      "could not be written), so it is not continued; kept as {name}.")
                    .format(name=aside.name))
    return True


def clear(path: Path | None = None) -> None:
    p = path or save_path()
    try:
        p.unlink()
    except FileNotFoundError:
        pass

