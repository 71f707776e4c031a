"""The declarer's critical card decisions: collected once, replayed for any bot.

A lost makeable game (:mod:`.declarer`) mostly turns on one of the declarer's first card
decisions, and a 1,000-deal run of that diagnostic gives only 15-25 such losses to learn from
(in 20-40 minutes with ``--jobs 2``).  This tool measures those decisions directly, on the
same positions for every bot:

``python -m zole_desktop.bots.measure.critical collect --seed S --deals N --out FILE`` deals the
arena's hands (:func:`.arena.deal_state`) to three strong bots (the diagnostic's seeding),
plays each deal up to its third trick and keeps every declarer decision (take, zole, dark) in
the first two tricks that is *critical*: with all cards open, some of the legal cards keep 61
within reach and some do not.  ``--tricks 2-7`` keeps those of the later tricks instead (the
deals are then played further).  One JSON line per position: the seed, the deal, the actions
from the deal to the decision, and the cards that keep 61.

``python -m zole_desktop.bots.measure.critical bench FILE
--bots strong,strong:max_layouts=60/60/60``
asks each bot (arena specs, settings checked as the arena's) in every position and counts how
often its card keeps 61, with a Wilson 95% interval; pairs against the first bot give the mean
difference per position with a 95% interval, and the positions each side alone got right.
Decision times are by the bots' clock (``--clock cpu`` as the arena's); ``starved`` counts
card decisions that solved fewer layouts than the bot's ``decl_min_layouts``.

A position file is untrusted input: at most ``MAX_BYTES`` and ``MAX_POSITIONS``, every line
checked, every action replayed as a legal action of the rules; a bad file is refused with one
line naming the line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ...rules.cards import CARD_INDEX, CARD_NAMES
from ...rules.settlement import DARK, TAKE, ZOLE
from ...rules.state import PLAYING, HandState, Observation
from ..stats import mean_ci, percentile, wilson_ci
from .arena import CLOCKS, arena_bot, deal_state, play_out, use_clock
from .declarer import declarer_legal, keeps_61, make_bots

__all__ = ["MAX_BYTES", "MAX_POSITIONS", "bench", "collect", "load", "main"]

MAX_BYTES = 8 << 20
MAX_POSITIONS = 20_000
_FORMAT = "zole-critical/1"
TRICKS = (0, 1)  # the declarer's decisions in the first two tricks (from 0, inclusive)


class _Enough(Exception):
    """The deal has reached the trick after the last one collected."""


def collect(seed: int, deals: int, start: int = 0, layouts: int | None = None,
            progress: bool = False, tricks: tuple[int, int] = TRICKS) -> list[dict[str, Any]]:
    """The critical declarer decisions in ``tricks`` (the first and the last, counted from
    0) of ``deals`` deals from ``start``, as position records."""
    first, last = tricks
    out: list[dict[str, Any]] = []
    t0 = time.time()
    for i in range(start, start + deals):
        st = deal_state(seed, i)
        bots = make_bots(seed, i, layouts, {})
        by_seat = {st.seats[p]: bots[p] for p in range(3)}
        found: list[HandState] = []

        def decide(st: HandState, obs: Observation, bot: Any,
                   found: list[HandState] = found) -> int:
            if st.phase == PLAYING:
                if len(st.completed) > last:
                    raise _Enough
                if st.turn == st.declarer and st.contract in (TAKE, ZOLE, DARK) and \
                        len(st.completed) >= first:
                    found.append(st.copy())
            action: int = bot.choose(obs)
            return action

        try:
            play_out(st, by_seat, decide=decide)
        except _Enough:
            pass
        for pos in found:
            legal = declarer_legal(pos)
            keep = [c for c in legal if keeps_61(pos, c)]
            if keep and len(keep) < len(legal):
                out.append({"seed": seed, "deal": i,
                            "actions": [a for _, a in pos.actions()],
                            "keep": [CARD_NAMES[c] for c in keep]})
        if progress and (i - start) % 10 == 9:
            print(f"[{i - start + 1}/{deals}] {time.time() - t0:.0f}s, {len(out)} positions",
                  file=sys.stderr, flush=True)
    return out


def write(path: Path, positions: list[dict[str, Any]]) -> None:
    """The positions as JSON lines after a header line (written whole, then renamed)."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(json.dumps({"format": _FORMAT}) + "\n")
        for p in positions:
            f.write(json.dumps(p) + "\n")
    tmp.replace(path)


def _replay(rec: Any) -> tuple[HandState, int]:
    """The position of one record and its cards that keep 61 (a mask); ``ValueError``."""
    if not isinstance(rec, dict) or set(rec) != {"seed", "deal", "actions", "keep"}:
        raise ValueError("a position has the keys seed, deal, actions and keep")
    seed, deal, actions, keep = rec["seed"], rec["deal"], rec["actions"], rec["keep"]
    for name, x in (("seed", seed), ("deal", deal)):
        if type(x) is not int or not 0 <= x < 1 << 62:
            raise ValueError(f"{name} is not a whole number from 0")
    if not isinstance(actions, list) or len(actions) > 64 or \
            any(type(a) is not int for a in actions):
        raise ValueError("actions is not a list of at most 64 whole numbers")
    if not isinstance(keep, list) or not keep or any(k not in CARD_INDEX for k in keep):
        raise ValueError("keep is not a list of card names")
    st = deal_state(seed, deal)
    for a in actions:
        if a not in st.legal_actions():
            raise ValueError(f"action {a} is not legal in that deal")
        st.apply(a)
    if st.phase != PLAYING or st.turn != st.declarer or st.contract not in (TAKE, ZOLE, DARK):
        raise ValueError("the actions do not lead to a declarer's card decision")
    mask = sum(1 << CARD_INDEX[k] for k in keep)
    if mask & ~st.hands[st.declarer]:
        raise ValueError("keep names a card the declarer does not hold")
    return st, mask


def load(path: Path) -> list[tuple[HandState, int]]:
    """The positions of a file written by :func:`write`; ``ValueError`` with one line."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ValueError(f"{path}: {size} bytes, more than the {MAX_BYTES} a position file "
                         "may have")
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("format") != _FORMAT:
        raise ValueError(f"{path}: not a position file (its first line is not "
                         f'{{"format": "{_FORMAT}"}})')
    out: list[tuple[HandState, int]] = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if len(out) >= MAX_POSITIONS:
            raise ValueError(f"{path}: more than {MAX_POSITIONS} positions")
        try:
            out.append(_replay(json.loads(line)))
        except (ValueError, RecursionError) as e:
            raise ValueError(f"{path}, line {n}: {e}") from None
    return out


def bench(positions: list[tuple[HandState, int]], specs: list[str], reps: int = 1,
          seed: int = 1) -> dict[str, Any]:
    """Every bot of ``specs`` asked ``reps`` times in every position."""
    rows: dict[str, list[int]] = {}  # per bot: the times each position's card kept 61
    report: list[dict[str, Any]] = []
    for spec in specs:
        per: list[int] = []
        ms: list[float] = []
        starved = 0
        t0 = time.time()
        for j, (st, keep) in enumerate(positions):
            ok = 0
            obs = st.observation(st.seats[st.declarer])
            for r in range(reps):
                bot = arena_bot(spec, seed * 7919 + j * 31 + r)
                t = time.perf_counter()
                card = bot.choose(obs)
                ms.append((time.perf_counter() - t) * 1000)
                ok += keep >> card & 1
                need = getattr(bot, "decl_min_layouts", None)
                k = min(len(st.completed), 2)
                if need is not None and getattr(bot, "last_layouts", need[k]) < need[k]:
                    starved += 1
            per.append(ok)
        n = len(per) * reps
        kept = sum(per)
        lo, hi = wilson_ci(kept, n)
        rows[spec] = per
        report.append({
            "bot": spec, "decisions": n, "kept": kept,
            "rate": round(kept / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "starved": starved,
            "ms_median": round(percentile(ms, 0.5), 1),
            "ms_p90": round(percentile(ms, 0.9), 1),
            "ms_max": round(max(ms, default=0.0), 1),
            "seconds": round(time.time() - t0, 1)})
    pairs = []
    first = specs[0]
    for spec in specs[1:]:
        d = [(b - a) / reps for a, b in zip(rows[first], rows[spec], strict=True)]
        m, lo, hi = mean_ci(d)
        pairs.append({"a": spec, "b": first, "diff": round(m, 4),
                      "ci95": [round(lo, 4), round(hi, 4)],
                      "better": sum(x > 0 for x in d), "worse": sum(x < 0 for x in d)})
    return {"positions": len(positions), "reps": reps, "bots": report, "pairs": pairs}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m zole_desktop.bots.measure.critical",
                                description="the declarer's critical card decisions")
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="play deals and keep the critical positions")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--deals", type=int, default=100)
    c.add_argument("--start", type=int, default=0, help="the first deal index")
    c.add_argument("--layouts", type=int, default=None,
                   help="fixed layouts per decision for the bots that play, no clock")
    c.add_argument("--tricks", default="0-1", metavar="FIRST-LAST",
                   help="the tricks whose decisions are kept, counted from 0 (default 0-1)")
    c.add_argument("--out", type=Path, required=True)
    b = sub.add_parser("bench", help="ask bots in the positions of a file")
    b.add_argument("file", type=Path)
    b.add_argument("--bots", default="strong", help="arena specs, comma-separated")
    b.add_argument("--reps", type=int, default=1, help="times each bot is asked (seeds)")
    b.add_argument("--seed", type=int, default=1, help="the bots' seeds")
    b.add_argument("--json", action="store_true")
    for q in (c, b):
        q.add_argument("--clock", choices=CLOCKS, default="wall",
                       help="the bots' clock (cpu: this process's CPU time, as the arena's)")
    a = p.parse_args(argv)
    use_clock(a.clock)
    if a.cmd == "collect":
        if a.deals < 1 or a.start < 0:
            p.error("--deals must be 1 or more and --start 0 or more")
        first, dash, last = a.tricks.partition("-")
        if not (first.isdigit() and last.isdigit() and dash) or \
                not int(first) <= int(last) <= 7:
            p.error("--tricks must be FIRST-LAST, from 0 to 7 (as 0-1 or 2-7)")
        if not a.out.parent.is_dir():  # found out before the deals are played, not after
            p.error(f"--out: no folder {a.out.parent}")
        pos = collect(a.seed, a.deals, a.start, layouts=a.layouts, progress=True,
                      tricks=(int(first), int(last)))
        try:
            write(a.out, pos)
        except OSError as e:
            print(f"critical: cannot write {a.out}: {e}", file=sys.stderr)
            return 1
        print(f"{len(pos)} critical positions from {a.deals} deals of seed {a.seed} "
              f"-> {a.out}")
        return 0
    if a.reps < 1:
        p.error("--reps must be 1 or more")
    specs = [s.strip() for s in a.bots.split(",") if s.strip()]
    try:
        for s in specs:
            arena_bot(s, 0)
        positions = load(a.file)
    except (ValueError, OSError) as e:
        print(f"critical: {e}", file=sys.stderr)
        return 2
    rep = bench(positions, specs, a.reps, a.seed)
    print(f"{rep['positions']} positions × {a.reps}, {a.clock} clock")
    width = max(len(s) for s in specs)
    for r in rep["bots"]:
        print(f"  {r['bot']:<{width}}  keeps 61 in {r['kept']}/{r['decisions']} = "
              f"{100 * r['rate']:.1f}% [{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}]"
              f"  starved {r['starved']}  ms median {r['ms_median']:.0f} p90 "
              f"{r['ms_p90']:.0f} max {r['ms_max']:.0f}  ({r['seconds']} s)")
    for q in rep["pairs"]:
        print(f"  {q['a']} - {q['b']}: {100 * q['diff']:+.1f} points "
              f"[{100 * q['ci95'][0]:+.1f}, {100 * q['ci95'][1]:+.1f}], better in "
              f"{q['better']}, worse in {q['worse']} positions")
    if a.json:
        print(json.dumps(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
