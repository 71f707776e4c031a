"""How well the strong bot buries: its pair against the best of the heuristic's first eight.

``python -m zole_desktop.bots.measure.burial --positions N --layouts L --seed S
[--clock cpu] [--json]``
deals hands in which forehand (a hand the normal bot's evaluator rates at least 1.5 below
its take threshold) takes and the others pass, and judges each of the heuristic's eight most
promising burials (:func:`.heuristic.burial_score`) by ``L`` sampled layouts of the
defenders' hands, every game solved with all cards open (the 61 probe, then 91 or 31: game
points per opponent).  That is the reference.  The strong bot then buries as in a game (by
its own clock, or ``--bot-layouts`` fixed layouts), and the heuristic's own first pair is
scored too.  The regret of a burial is the reference value of the best pair minus that of
the pair chosen; the means are printed with 95% intervals.

The reference is slow (a weak take needs 10⁵ nodes and more per probe from the first lead):
about 1-3 minutes of CPU per position at 30 layouts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from ...rules.cards import cards_of, mask_of, points_of
from ...rules.deal import shuffle_and_deal
from ...rules.state import BURYING, PASS, TAKE_BID, HandState
from ..heuristic import TAKE_AT, hand_strength, ranked_burials
from ..solver import NodeLimit, Solver
from ..stats import mean_ci
from ..strong import StrongBot
from .arena import CLOCKS, use_clock

__all__ = ["main", "positions", "reference", "run"]

PAIRS = 8
NODES = 400_000  # per pair and layout; past it the layout is left out of the reference


def positions(n: int, seed: int):
    """(deal index, the state at the burial) of ``n`` takes by forehand."""
    i = 0
    while n > 0:
        i += 1
        d = shuffle_and_deal(random.Random(seed * 100003 + i), 3, 2)
        st = HandState.new(3, 2, d.hands, d.talon)
        seat = st.current_seat
        assert seat is not None, "the bidding has a seat to move"
        if hand_strength(mask_of(st.observation(seat).hand), True) < TAKE_AT - 1.5:
            continue
        st.apply(TAKE_BID)
        while st.phase != BURYING:
            st.apply(PASS)
        n -= 1
        yield i, st


def _pairs(hand10: int) -> list[tuple[int, int]]:
    return ranked_burials(hand10)[:PAIRS]


def reference(st: HandState, layouts: int, rng: random.Random) -> tuple[list[float], int]:
    """The mean game points per opponent of each of the heuristic's first pairs over
    ``layouts`` sampled layouts (fewer if some went over the node cap), and how many."""
    seat = st.current_seat
    assert seat is not None, "the declarer is to bury"
    obs = st.observation(seat)
    hand10 = mask_of(obs.hand)
    pos = obs.seats.index(seat)
    others = [p for p in range(3) if p != pos]
    pairs = _pairs(hand10)
    rest = cards_of(((1 << 26) - 1) & ~hand10)
    totals = [0.0] * len(pairs)
    n = 0
    for _ in range(layouts):
        rng.shuffle(rest)
        hands = [0, 0, 0]
        hands[others[0]] = mask_of(rest[:8])
        hands[others[1]] = mask_of(rest[8:16])
        vals = []
        try:
            for pair in pairs:
                b = (1 << pair[0]) | (1 << pair[1])
                hands[pos] = hand10 & ~b
                s = Solver(hands, pos, node_limit=NODES)
                base = points_of(b)
                if s.reaches(0, [], 61 - base):
                    vals.append(2.0 if s.reaches(0, [], 91 - base) else 1.0)
                else:
                    vals.append(-2.0 if s.reaches(0, [], 31 - base) else -3.0)
        except NodeLimit:
            continue
        n += 1
        for k, x in enumerate(vals):
            totals[k] += x
    return ([t / n for t in totals] if n else [0.0] * len(pairs)), n


def _ci(xs: list[float]) -> list[float]:
    return [round(x, 3) for x in mean_ci(xs)]


def run(n: int, layouts: int, seed: int, bot_layouts: int | None = None,
        progress: bool = False) -> dict:
    rng = random.Random(seed)
    rows = []
    for i, st in positions(n, seed):
        ref, solved = reference(st, layouts, rng)
        if not solved:
            continue
        seat = st.current_seat
        assert seat is not None, "the declarer is to bury"
        obs = st.observation(seat)
        hand10 = mask_of(obs.hand)
        pairs = _pairs(hand10)
        bot = StrongBot(seed * 7919 + i, layouts=bot_layouts)
        t0 = time.perf_counter()
        deadline = float("inf") if bot_layouts else time.perf_counter() + bot.burial_budget
        chosen = tuple(sorted(bot._choose_burial(obs, hand10, deadline, None)))
        seconds = time.perf_counter() - t0
        best = max(ref)
        k = pairs.index(chosen) if chosen in pairs else None  # always among the first 8
        row = {"deal": i, "layouts": solved, "reference": [round(x, 3) for x in ref],
               "strong": k, "strong_regret": round(best - ref[k], 3) if k is not None else None,
               "heuristic_regret": round(best - ref[0], 3), "seconds": round(seconds, 3)}
        rows.append(row)
        if progress:
            print(json.dumps(row), file=sys.stderr, flush=True)
    strong = [r["strong_regret"] for r in rows if r["strong_regret"] is not None]
    heur = [r["heuristic_regret"] for r in rows]
    return {"positions": len(rows), "layouts": layouts, "seed": seed,
            "strong_regret": _ci(strong) if strong else None,
            "heuristic_regret": _ci(heur) if heur else None,
            "strong_seconds_max": max((r["seconds"] for r in rows), default=0.0),
            "rows": rows}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m zole_desktop.bots.measure.burial",
                                description="the strong bot's burials against the best of "
                                "the heuristic's first eight pairs, judged with open cards")
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--layouts", type=int, default=30,
                   help="open-card layouts per pair for the reference")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--bot-layouts", type=int, default=None,
                   help="fixed layouts for the bot's burial, no clock (reproducible)")
    p.add_argument("--clock", choices=CLOCKS, default="wall",
                   help="the bot's clock: real time, or this process's CPU time")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    use_clock(a.clock)
    rep = run(a.positions, a.layouts, a.seed, a.bot_layouts, progress=True)
    for name in ("strong", "heuristic"):
        r = rep[f"{name}_regret"]
        if r is not None:
            print(f"{name:<9} regret {r[0]:+.3f} game points per opponent, 95% "
                  f"[{r[1]:+.3f}, {r[2]:+.3f}] over {rep['positions']} positions")
    print(f"the strong bot's burial took at most {rep['strong_seconds_max']:.2f} s")
    if a.json:
        print(json.dumps(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
