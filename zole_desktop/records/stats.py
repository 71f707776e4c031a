"""Player statistics from the finished matches in the history folder (and any record list)."""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..rules.record import RecordError, parse_json, replay
from ..rules.settlement import ALL_TRICKS, LOSS_JANI, NO_TRICK, WIN_91
from ..storage import read_regular
from . import history

CONTRACTS = ("take", "zole", "dark", "maza")


@dataclass
class ContractStats:
    count: int = 0
    won: int = 0
    points: int = 0  # game points won or lost in these hands

    def add(self, other: ContractStats) -> None:
        self.count += other.count
        self.won += other.won
        self.points += other.points

    @property
    def average(self) -> float:
        return self.points / self.count if self.count else 0.0


@dataclass
class Stats:
    matches: int = 0
    hands: int = 0
    hands_played: int = 0  # hands in which the player held cards
    declarer: dict[str, ContractStats] = field(
        default_factory=lambda: {c: ContractStats() for c in CONTRACTS})
    defender: ContractStats = field(default_factory=ContractStats)
    jani_made: int = 0  # as declarer, the defenders left in jāņi (91+ or all tricks)
    jani_suffered: int = 0  # as declarer, left in jāņi (30 or fewer points)
    bezstikis: int = 0  # as declarer, no trick
    galdins_played: int = 0
    galdins_lost: int = 0
    pools_balance: int = 0  # game points won (+) or paid (−) through pools
    total: int = 0
    score_over_time: list[int] = field(default_factory=list)  # running total after each hand

    def merge(self, other: Stats) -> None:
        """Add ``other`` (the statistics of later matches) to these."""
        base = self.total  # other's running totals start from here
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "score_over_time":
                mine.extend(base + v for v in theirs)
            elif isinstance(mine, int):
                setattr(self, f.name, mine + theirs)
            elif isinstance(mine, ContractStats):
                mine.add(theirs)
            elif isinstance(mine, dict):
                for k, c in theirs.items():
                    mine.setdefault(k, ContractStats()).add(c)

    def add_record(self, record: Any, seat: int | None = None) -> None:
        """Add one finished match; ``seat`` is the player's (default: the record's
        ``human_seat`` or 0).  A record that does not replay raises RecordError."""
        rep = replay(record)
        if seat is None:
            hs = record.get("human_seat", 0) if isinstance(record, dict) else 0
            seat = hs if isinstance(hs, int) and 0 <= hs < rep.match.players else 0
        self.matches += 1
        for row in rep.rows:
            self.hands += 1
            delta = row.deltas[seat]
            self.total += delta
            self.score_over_time.append(self.total)
            if seat in row.seats:
                self.hands_played += 1
            for ev in row.events:
                if ev.kind == "closed_common":
                    if ev.seat == seat:
                        self.pools_balance += ev.amount
                    elif seat in row.seats or rep.match.rules.sitting_out_pays:
                        self.pools_balance -= 1
                elif ev.kind == "closed_other":
                    if ev.seat == seat:
                        self.pools_balance += ev.amount
                    elif ev.paid_by == seat:
                        self.pools_balance -= ev.amount
            if row.contract == "galdins":
                if seat in row.seats:
                    self.galdins_played += 1
                    if seat in row.losers:
                        self.galdins_lost += 1
                continue
            if row.declarer is None:
                continue
            if row.declarer == seat:
                c = self.declarer[row.contract]
                c.count += 1
                c.points += delta
                if delta > 0:
                    c.won += 1
                if row.band in (WIN_91, ALL_TRICKS):
                    self.jani_made += 1
                elif row.band == LOSS_JANI:
                    self.jani_suffered += 1
                elif row.band == NO_TRICK:
                    self.bezstikis += 1
                    self.jani_suffered += 1
            elif seat in row.seats:
                d = self.defender
                d.count += 1
                d.points += delta
                if delta > 0:
                    d.won += 1
        extra = record.get("session_end") if isinstance(record, dict) else None
        if isinstance(extra, list) and len(extra) == rep.match.players:
            v = extra[seat]
            if isinstance(v, int):
                self.pools_balance += v
                self.total += v


# the statistics of one history file, by (path, size, modification time): a large history
# is replayed once per run, not at every visit to the Statistics screen
_cache: OrderedDict[tuple[str, int, int], Stats] = OrderedDict()
CACHE_FILES = 6000


def file_stats(path: Path) -> Stats:
    """One history file's statistics (RecordError, OSError), cached while it is unchanged."""
    st = os.stat(path)
    key = (str(path), st.st_size, st.st_mtime_ns)
    got = _cache.get(key)
    if got is not None:
        _cache.move_to_end(key)
        return got
    one = Stats()
    # a regular file only (a FIFO would block), bounded before reading
    one.add_record(parse_json(read_regular(path, history.MAX_HISTORY_BYTES)))
    _cache[key] = one
    while len(_cache) > CACHE_FILES:
        _cache.popitem(last=False)
    return one


def from_files(paths: list[Path]) -> tuple[Stats, list[str]]:
    """Statistics over history files (oldest first); unreadable files are skipped with a
    one-line note each."""
    st = Stats()
    notes: list[str] = []
    for p in sorted(paths):
        try:
            st.merge(file_stats(p))
        except OSError as e:
            notes.append(f"{p.name}: {e.strerror or e}")
        except (RecordError, json.JSONDecodeError) as e:
            notes.append(f"{p.name}: {e}")
    return st, notes
