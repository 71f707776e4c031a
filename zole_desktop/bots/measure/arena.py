"""Duplicate matches between bot levels (the engine of ``python -m zole_desktop arena``).

Every deal is a fresh hand (3, 4 or 5 people at the table; the table options given, by default
the tournament rules; empty pools) replayed under several seatings of the bots over the three
active positions (forehand, second, third; with 4 or 5 people the seats that sit out hold no
cards and make no decisions, and pay or not as the table says), so that every bot holds every
hand from every position:

* 3 distinct bots: the 6 permutations of the bots over the 3 seats;
* 2 bots: the 6 assignments of the 3 seats in which both bots are present (aab, aba, baa,
  abb, bab, bba) — each bot sits in every seat 3 times and holds every hand 3 times;
* 1 bot: one seating, the bot in every seat (self-play; each bot has its own seed).

A bot's result on a deal is the mean of its game points over all the (seating, seat) pairs in
which it sat; the figures are means over deals with 95% intervals (1.96·sd/√n).  Each
declarer's game is also checked with the double-dummy solver (all cards open, after the
burial): was 61 makeable?  That gives "declarer success" against "makeable", split into the
share of the makeable games the declarer won (its own play) and the share of the others it
won anyway (the defenders' errors: they play without seeing the cards).

A bot is a level name, or a level with settings changed for an A/B run
(``strong:infer=false:stop_z=3``, ``strong:decl_total=0.8/0.6/0.25``: each a public setting of
the level's class, given a value of the same kind); the two then count as different bots.
With ``galdins_only`` every seat passes, so that under ``all_pass=galdins`` every deal is a
galdiņš: the bots' galdiņš play measured alone, without the spread of the other contracts.

The bots think against a clock.  ``clock="wall"`` (the default) is the real time, as in the
game; ``clock="cpu"`` makes their clock the CPU time of the process playing the deal, so
that a busy machine (other runs, tests) gives every bot the same thinking as an idle one and
does not favour the bot with the longer time budget.  The decision times reported are then
CPU milliseconds.  Each deal is played in a process of its own doing nothing else, so the
switch is made by pointing ``time.perf_counter`` (the bots' clock) at ``time.process_time``
in that process only.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

from ...rules.options import CHOICES, Rules
from ...rules.settlement import GALDINS, MAZA
from ...rules.state import BIDDING, PASS
from ..stats import mean_ci, percentile
from . import strong2026  # noqa: F401 - registers "strong-2026", the frozen reference
from .play import (  # noqa: F401 - also the arena's API
    DD_NODE_CAP,
    Decide,
    Task,
    _dd_makeable,
    arena_bot,
    deal_state,
    parse_rules,
    parse_value,
    play_out,
    setting,
)

Seating = tuple[str, str, str]  # the bot level in positions 0, 1, 2 (from forehand)


@dataclass
class ContractSums:
    """One bot's games as declarer of one contract."""

    games: int = 0
    wins: int = 0
    big_wins: int = 0  # 91 or more, all the tricks, or a won mazā zole
    points: float = 0.0  # game points, summed

    def add(self, other: ContractSums) -> None:
        self.games += other.games
        self.wins += other.wins
        self.big_wins += other.big_wins
        self.points += other.points


@dataclass
class DoubleDummySums:
    """A bot's declarer games (take, zole, dark) checked with all cards open."""

    checked: int = 0
    makeable: int = 0  # 61 was makeable after the burial
    won: int = 0
    won_makeable: int = 0  # won, and 61 was makeable: the declarer's own play held it


@dataclass
class BotSums:
    """One bot's sums over the seatings of one deal."""

    delta: float = 0.0  # game points
    sits: int = 0  # (seating, seat) pairs it sat in
    decl: dict[str, ContractSums] = field(default_factory=dict)
    def_sum: float = 0.0  # game points as a defender
    def_n: int = 0
    times: list[float] = field(default_factory=list)  # ms per decision
    dd: DoubleDummySums = field(default_factory=DoubleDummySums)
    galdins_sum: float = 0.0  # game points in galdiņš (everyone passed)
    galdins_n: int = 0
    galdins_lost: int = 0  # galdiņš hands in which it paid


def seatings(bots: list[str]) -> list[Seating]:
    if len(bots) == 3:
        return list(permutations(bots, 3))
    if len(bots) == 2:
        a, b = bots
        out: list[Seating] = []
        for mask in range(1, 7):
            x, y, z = (b if mask >> i & 1 else a for i in range(3))
            out.append((x, y, z))
        return out
    if len(bots) == 1:
        return [(bots[0],) * 3]
    raise ValueError("the arena takes 1, 2 or 3 distinct bots")


def sums_to_json(sums: dict[str, BotSums]) -> dict:
    """One deal's sums as plain JSON data (a line of the deal log)."""
    return {n: asdict(b) for n, b in sums.items()}


def sums_from_json(data: dict) -> dict[str, BotSums]:
    out = {}
    for n, b in data.items():
        b = dict(b)
        decl = {c: ContractSums(**v) for c, v in b.pop("decl").items()}
        dd = DoubleDummySums(**b.pop("dd"))
        out[n] = BotSums(decl=decl, dd=dd, **b)
    return out


class DealLog:
    """A run's deals, one JSON line each, appended as they finish: a long arena that is
    stopped (or runs out of time) is taken up again by running the same command with the
    same ``--log``; only the deals not in the file are played, and the report covers them
    all.  The first line names the run; a log of another run is refused."""

    def __init__(self, path: Path, header: dict) -> None:
        self.path = path
        self.header = header
        self.done: dict[int, dict[str, BotSums]] = {}
        if path.exists():
            self._read()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("w", encoding="utf-8") as f:
                f.write(json.dumps({"arena_log": 1, **header}) + "\n")

    def _read(self) -> None:
        with self.path.open("rb") as f:
            raw = f.read()
        lines = raw.split(b"\n")
        try:
            head = json.loads(lines[0])
        except ValueError:
            raise ValueError(f"{self.path} is not an arena log") from None
        if not isinstance(head, dict) or head.pop("arena_log", None) != 1:
            raise ValueError(f"{self.path} is not an arena log")
        if head != json.loads(json.dumps(self.header)):
            differ = sorted(k for k in set(head) | set(self.header)
                            if head.get(k) != json.loads(json.dumps(self.header.get(k))))
            raise ValueError(f"{self.path} is the log of another run ({', '.join(differ)} "
                             "differ); give another --log")
        good = len(lines[0]) + 1
        for line in lines[1:]:
            if not line.strip():
                good += len(line) + 1
                continue
            try:
                rec = json.loads(line)
                self.done[int(rec["deal"])] = sums_from_json(rec["sums"])
            except (ValueError, KeyError, TypeError):
                break  # a line cut off when the run was stopped: played again
            good += len(line) + 1
        if good < len(raw):
            with self.path.open("r+b") as f:
                f.truncate(good)

    def add(self, index: int, sums: dict[str, BotSums]) -> None:
        self.done[index] = sums
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"deal": index, "sums": sums_to_json(sums)}) + "\n")
            f.flush()
            os.fsync(f.fileno())




def play_deal(args: Task) -> dict[str, BotSums]:
    """Play one deal under every seating; return per-bot sums for this deal."""
    seed, index, bots, n_players, rules, galdins_only = args
    names = sorted(set(bots))
    res = {n: BotSums() for n in names}
    for k, by_pos in enumerate(seatings(list(bots))):
        st = deal_state(seed, index, n_players, rules)
        while galdins_only and st.phase == BIDDING:
            st.apply(PASS)
        # the bot of each active seat (seat numbers as the table has them)
        seating = {st.seats[pos]: by_pos[pos] for pos in range(3)}
        players = {seat: arena_bot(seating[seat], seed * 7919 + index * 31 + k * 7 + pos)
                   for pos, seat in enumerate(st.seats)}
        def timed(seat: int, ms: float, seating: dict[int, str] = seating) -> None:
            res[seating[seat]].times.append(ms)

        dd_flag, _surrendered = play_out(st, players, timed=timed)
        s = st.settle()
        r = st.result()
        for seat in st.seats:
            name = seating[seat]
            rec = res[name]
            rec.delta += s.deltas[seat]
            rec.sits += 1
            if r.contract == GALDINS:
                rec.galdins_sum += s.deltas[seat]
                rec.galdins_n += 1
                rec.galdins_lost += 1 if s.deltas[seat] < 0 else 0
            if r.declarer is None:
                continue
            if r.declarer == seat:
                c = rec.decl.setdefault(r.contract, ContractSums())
                c.games += 1
                c.wins += 1 if r.value > 0 else 0
                c.big_wins += 1 if r.band in ("91", "all_tricks") or (
                    r.contract == MAZA and r.value > 0) else 0
                c.points += s.deltas[seat]
                if dd_flag is not None:
                    rec.dd.checked += 1
                    rec.dd.makeable += 1 if dd_flag else 0
                    rec.dd.won += 1 if r.value > 0 else 0
                    # won although 61 was makeable: the declarer's own play held it
                    rec.dd.won_makeable += 1 if dd_flag and r.value > 0 else 0
            else:
                rec.def_sum += s.deltas[seat]
                rec.def_n += 1
    return res


def _progress(done: int, total: int, t0: float) -> None:
    if done != total and done * 100 // total == (done - 1) * 100 // total:
        return
    width = 30
    fill = int(width * done / max(1, total))
    el = time.time() - t0
    eta = el / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} deals "
                     f"{el:6.0f}s eta {eta:5.0f}s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


CLOCKS = ("wall", "cpu")
_WALL = time.perf_counter


def use_clock(clock: str) -> None:
    """The bots' clock in this process: the real time, or its CPU time (see above)."""
    if clock not in CLOCKS:
        raise ValueError(f"the clock is wall or cpu, not {clock!r}")
    time.perf_counter = _WALL if clock == "wall" else time.process_time


def in_processes(fn: Callable[[Any], Any], tasks: Sequence[Any], jobs: int,
                 start: Callable[..., None], *args: Any) -> Iterator[Any]:
    """``fn`` of each task, in the tasks' order: in ``jobs`` processes (forked; spawned on
    Windows), each first running ``start(*args)`` (its clock, ...), or in this one, after
    ``start(*args)`` here (the caller puts back what ``start`` changed)."""
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing as mp

        ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
        with ctx.Pool(jobs, initializer=start, initargs=args) as pool:
            yield from pool.imap(fn, tasks, chunksize=1)
    else:
        start(*args)
        for t in tasks:
            yield fn(t)


def run(hands: int, seed: int, bots: list[str], jobs: int = 1, progress: bool = True,
        players: int = 3, rules: Rules | None = None, log: Path | None = None,
        clock: str = "wall", galdins_only: bool = False) -> dict:
    """Play deals 0 .. ``hands``-1 of ``seed`` and report.  With ``log``, every finished
    deal is appended to that file, and the deals already in it are not played again.
    ``galdins_only``: every seat passes, so that every deal is a galdiņš (the table must
    play one when all pass): the bots' galdiņš alone, measured without the other contracts'
    spread."""
    if clock not in CLOCKS:
        raise ValueError(f"the clock is wall or cpu, not {clock!r}")
    for b in bots:
        arena_bot(b, 0)  # unknown level or setting -> ValueError early
    if players not in (3, 4, 5):
        raise ValueError(f"a table has 3, 4 or 5 people, not {players}")
    rules = rules or Rules()
    if galdins_only and rules.all_pass != "galdins":
        raise ValueError("every seat passing makes a galdiņš only with all_pass=galdins "
                         "(give --rules all_pass=galdins)")
    names = sorted(set(bots))
    head: dict = {"seed": seed, "bots": list(bots), "players": players,
                  "rules": rules.to_dict()}
    if clock != "wall":
        head["clock"] = clock
    if galdins_only:
        head["galdins_only"] = True
    book = DealLog(log, head) if log is not None else None
    found: dict[int, dict[str, BotSums]] = dict(book.done) if book is not None else {}
    todo = [i for i in range(hands) if i not in found]
    tasks: list[Task] = [(seed, i, tuple(bots), players, rules, galdins_only) for i in todo]
    t0 = time.time()

    def keep(i: int, r: dict[str, BotSums], done: int) -> None:
        found[i] = r
        if book is not None:
            book.add(i, r)
        if progress:
            _progress(done, len(tasks), t0)

    try:
        for k, r in enumerate(in_processes(play_deal, tasks, jobs, use_clock, clock)):
            keep(tasks[k][1], r, k + 1)
    finally:
        use_clock("wall")
    per_deal = [found[i] for i in range(hands)]
    out_bots = []
    means: dict[str, list[float]] = {}
    for n in names:
        xs = [d[n].delta / d[n].sits for d in per_deal]
        means[n] = xs
        m, lo, hi = mean_ci(xs)
        sits = sum(d[n].sits for d in per_deal)
        decl: dict[str, ContractSums] = {}
        for d in per_deal:
            for c, v in d[n].decl.items():
                decl.setdefault(c, ContractSums()).add(v)
        n_decl = sum(v.games for v in decl.values())
        n_succ = sum(v.wins for v in decl.values())
        times = [t for d in per_deal for t in d[n].times]
        def_n = sum(d[n].def_n for d in per_deal)
        def_sum = sum(d[n].def_sum for d in per_deal)
        dd = [sum(d[n].dd.checked for d in per_deal), sum(d[n].dd.makeable for d in per_deal),
              sum(d[n].dd.won for d in per_deal), sum(d[n].dd.won_makeable for d in per_deal)]
        out_bots.append({
            "name": n,
            "points_per_hand": round(m, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "declarer_rate": round(n_decl / sits, 4) if sits else 0.0,
            "declarer_success": round(n_succ / n_decl, 4) if n_decl else 0.0,
            "contracts": {c: {"games": v.games, "rate": round(v.games / sits, 4),
                              "success": round(v.wins / v.games, 4) if v.games else 0.0,
                              "big_wins": round(v.big_wins / v.games, 4) if v.games else 0.0,
                              "points_per_game": round(v.points / v.games, 3)
                              if v.games else 0.0}
                          for c, v in sorted(decl.items())},
            "defence_points_per_hand": round(def_sum / def_n, 4) if def_n else 0.0,
            "defence_hands": def_n,
            "galdins_hands": sum(d[n].galdins_n for d in per_deal),
            "galdins_points_per_hand": round(sum(d[n].galdins_sum for d in per_deal)
                                             / max(1, sum(d[n].galdins_n for d in per_deal)), 4),
            "galdins_lost": round(sum(d[n].galdins_lost for d in per_deal)
                                  / max(1, sum(d[n].galdins_n for d in per_deal)), 4),
            "dd_checked": dd[0],
            "dd_makeable": round(dd[1] / dd[0], 4) if dd[0] else 0.0,
            "dd_success": round(dd[2] / dd[0], 4) if dd[0] else 0.0,
            # of the makeable games, the share won; of the others, the share won anyway
            "dd_won_makeable": round(dd[3] / dd[1], 4) if dd[1] else 0.0,
            "dd_won_unmakeable": round((dd[2] - dd[3]) / (dd[0] - dd[1]), 4)
            if dd[0] > dd[1] else 0.0,
            "decisions": len(times),
            "ms_median": round(percentile(times, 0.5), 3),
            "ms_p95": round(percentile(times, 0.95), 3),
            "ms_max": round(max(times), 3) if times else 0.0,
        })
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = [x - y for x, y in zip(means[a], means[b], strict=True)]
            m, lo, hi = mean_ci(diff)
            pairs.append({"a": a, "b": b, "diff": round(m, 4), "ci95": [round(lo, 4),
                                                                        round(hi, 4)]})
    return {"hands": hands, "seed": seed, "players": players, "rules": rules.to_dict(),
            "clock": clock, "galdins_only": galdins_only,
            "seatings": len(seatings(list(bots))),
            "seconds": round(time.time() - t0, 1), "bots": out_bots, "pairs": pairs}


def report_text(rep: dict) -> str:
    changed = {k: v for k, v in rep["rules"].items() if v != CHOICES[k][0]}
    rules = ", ".join(f"{k}={str(v).lower()}" for k, v in changed.items()) or "tournament"
    lines = [f"{rep['hands']} duplicate deals, seed {rep['seed']}, {rep['players']} people, "
             f"rules: {rules}"
             + ("; every seat passes: a galdiņš in every deal" if rep.get("galdins_only")
                else "")
             + f"; {rep['seatings']} seatings per deal, {rep['seconds']} s"
             + ("; the bots' clock: CPU time (ms below are CPU)"
                if rep.get("clock") == "cpu" else "")]
    w = max([8] + [len(b["name"]) for b in rep["bots"]])
    lines.append(f"{'bot':<{w}} {'pts/deal':>9} {'95% CI':>19}  {'decl%':>6} {'succ%':>6} "
                 f"{'def pts':>8} {'DD 61%':>7} {'ms med':>7} {'p95':>7} {'max':>8}")
    for b in rep["bots"]:
        lines.append(
            f"{b['name']:<{w}} {b['points_per_hand']:>+9.3f} "
            f"[{b['ci95'][0]:+.3f}, {b['ci95'][1]:+.3f}]  {100 * b['declarer_rate']:>6.1f} "
            f"{100 * b['declarer_success']:>6.1f} {b['defence_points_per_hand']:>+8.3f} "
            f"{100 * b['dd_makeable']:>7.1f} {b['ms_median']:>7.2f} {b['ms_p95']:>7.2f} "
            f"{b['ms_max']:>8.2f}")
    lines.append("by contract (games, rate of seats, success, 91+/all, game points per game):")
    for b in rep["bots"]:
        for c, v in b["contracts"].items():
            lines.append(f"  {b['name']:<{w}} {c:<6} {v['games']:>6} {100 * v['rate']:>6.1f}% "
                         f"{100 * v['success']:>6.1f}% {100 * v['big_wins']:>6.1f}% "
                         f"{v['points_per_game']:>+7.3f}")
        if b["galdins_hands"]:
            lines.append(f"  {b['name']:<{w}} galdins {b['galdins_hands']:>5} hands, paid in "
                         f"{100 * b['galdins_lost']:.1f}%, {b['galdins_points_per_hand']:+.3f} "
                         "game points per hand")
        if b["dd_checked"]:
            lines.append(f"  {b['name']:<{w}} double-dummy: 61 makeable in "
                         f"{100 * b['dd_makeable']:.1f}% of {b['dd_checked']} declarer games, "
                         f"won {100 * b['dd_success']:.1f}%")
            lines.append(f"  {b['name']:<{w}}   won {100 * b['dd_won_makeable']:.1f}% of the "
                         f"makeable ones and {100 * b['dd_won_unmakeable']:.1f}% of the others")
    lines.append("paired differences per deal:")
    for p in rep["pairs"]:
        lines.append(f"  {p['a']} - {p['b']}: {p['diff']:+.3f} "
                     f"[{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}]")
    return "\n".join(lines)

