"""``python -m zole_desktop bench rules|frames|input|net|codes|save``: the benchmarks.

``rules`` (the speed of the rules core on one core) is here; ``frames`` and ``input`` need
the window and the real loop, so they live in ``ui/bench.py`` and are loaded only for them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from ..rules.match import Match
from ..rules.options import Rules
from ..rules.state import DONE, PLAYING, TAKE_BID
from . import EXIT_BAD_INPUT


def main(args: argparse.Namespace) -> int:
    if args.what == "rules":
        return bench_rules(seconds=args.seconds or 3.0, as_json=args.json)
    if args.what == "net":
        from ..net.bench import bench_net

        if not 1 <= args.tables <= 500 or args.think < 0:
            print("bench net: --tables is 1 to 500, --think at least 0", file=sys.stderr)
            return EXIT_BAD_INPUT
        return bench_net(tables=args.tables, seconds=args.seconds or 10.0, think=args.think,
                         as_json=args.json, save=not args.no_save, flood=args.flood)
    if args.what == "codes":
        from ..net.bench_codes import bench_codes

        try:
            addresses = [int(a) for a in args.addresses.split(",")]
        except ValueError:
            addresses = []
        if not addresses or not all(1 <= a <= 1000 for a in addresses):
            print("bench codes: --addresses is a list of numbers 1 to 1000, e.g. 1,100",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        return bench_codes(addresses, seconds=args.seconds or 120.0, as_json=args.json)
    if args.what == "save":
        from ..flow.bench_save import bench_save

        try:
            lengths = [int(n) for n in args.lengths.split(",")]
        except ValueError:
            lengths = []
        if not lengths or not all(0 <= n <= 2000 for n in lengths):
            print("bench save: --lengths is a list of numbers 0 to 2000, e.g. 12,100,300",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        return bench_save(lengths, as_json=args.json)
    if args.what == "frames":
        from ..ui.bench import bench_frames

        return bench_frames(size=args.size or "1920x1080", as_json=args.json)
    if args.what == "input":
        from ..ui.bench import bench_input

        return bench_input(size=args.size or "1280x720", hands=args.hands, seed=args.seed,
                           as_json=args.json)
    print(f"bench: unknown benchmark {args.what!r}", file=sys.stderr)
    return EXIT_BAD_INPUT


def random_hand(rng: random.Random, match: Match) -> None:
    """Deal, bid, bury and play one hand with random legal actions, then settle it."""
    _deal, state = match.deal(rng)
    choice = rng.choice
    while state.phase != DONE:
        if state.phase == PLAYING:
            mask = state.legal_cards_mask()
            # pick a random set bit
            cards = []
            while mask:
                low = mask & -mask
                cards.append(low.bit_length() - 1)
                mask ^= low
            state.apply(choice(cards))
        else:
            state.apply(choice(state.legal_actions()))
    match.finish(state)


def bench_rules(seconds: float = 3.0, as_json: bool = False) -> int:
    rng = random.Random(12345)
    match = Match(players=3, rules=Rules())
    # warm up
    for _ in range(200):
        random_hand(rng, match)
    match = Match(players=3, rules=Rules())
    n = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for _ in range(100):
            random_hand(rng, match)
        n += 100
        if len(match.rows) > 5000:
            match.rows.clear()
            match.hands.clear()
        now = time.perf_counter()
        if now >= deadline:
            break
    hands_per_s = n / (now - t0)

    _deal, state = Match(3).deal(rng)
    state.apply(TAKE_BID)
    while state.phase != PLAYING:
        state.apply(state.legal_actions()[0])
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    copies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds / 2
    while True:
        for _ in range(1000):
            state.copy()
        copies += 1000
        now = time.perf_counter()
        if now >= deadline:
            break
    copies_per_s = copies / (now - t0)
    print(f"{hands_per_s:.0f} hands/s")
    print(f"{copies_per_s:.0f} copies/s")
    if as_json:
        print(json.dumps({"hands_per_s": round(hands_per_s), "copies_per_s": round(copies_per_s)}))
    return 0
