"""Zole in the dark (*melnais*) before looking: what it is worth from each seat, measured.

``python -m zole_desktop.bots.measure.dark [--deals N] [--seed S]`` deals random hands and, for the
bidder in each position (forehand, second, third; the earlier ones passed), asks the
double-dummy solver whether a zole from that unseen hand reaches 61, 91 or 31 (the talon goes
to the defenders).  Open-card solving favours neither side much in zole: the declarer knows
the layout too.  The expected game points per opponent of melnais from the seat, before
looking, follow from the bands under the table's scoring (double the zole rates).  A
position's passes before the bid are ignored: they only make the remaining cards weaker for
the defenders, which this figure leaves as an upper bound on melnais for the forehand.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from ...rules.cards import FULL_DECK, cards_of, mask_of
from ...rules.options import Rules
from ...rules.settlement import DARK, LOSS_31, LOSS_JANI, WIN_61, WIN_91, contract_value
from ..solver import NodeLimit, Solver
from ..stats import mean_ci

__all__ = ["dark_values"]


def dark_values(deals: int, seed: int, rules: Rules | None = None,
                node_limit: int = 400_000) -> dict:
    """Per position: layouts solved, the share of each band, and the mean game points per
    opponent (with a 95% interval)."""
    rules = rules or Rules(zole_in_dark=True)
    vals = [contract_value(DARK, b, rules) for b in (WIN_91, WIN_61, LOSS_31, LOSS_JANI)]
    rng = random.Random(seed)
    out: dict[str, object] = {}
    per: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for _ in range(deals):
        deck = cards_of(FULL_DECK)
        rng.shuffle(deck)
        hands = [mask_of(deck[8 * p:8 * p + 8]) for p in range(3)]
        for pos in range(3):
            s = Solver(hands, pos, node_limit=node_limit)
            try:
                if s.reaches(0, (), 61):
                    v = vals[0] if s.reaches(0, (), 91) else vals[1]
                else:
                    v = vals[2] if s.reaches(0, (), 31) else vals[3]
            except NodeLimit:
                continue
            per[pos].append(v)
    for pos, xs in per.items():
        n = len(xs)
        m, lo, hi = mean_ci(xs)
        won = sum(1 for x in xs if x > 0) / n if n else 0.0
        out[("forehand", "second", "third")[pos]] = {
            "layouts": n, "won": round(won, 4), "points_per_opponent": round(m, 3),
            "ci95": [round(lo, 3), round(hi, 3)]}
    # won needed to break even against a plain 61-90 win / 31-60 loss
    w, lo = vals[1], vals[2]
    out["break_even_won"] = round(-lo / (w - lo), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m zole_desktop.bots.measure.dark")
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    rep = dark_values(a.deals, a.seed)
    for k, v in rep.items():
        print(k, v)
    print(json.dumps(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
