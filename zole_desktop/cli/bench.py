"""``python -m zole_desktop bench rules|solver|frames|input|net|codes|save|cards|pace``:
the benchmarks.

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
    if args.what == "solver":
        if not 1 <= args.layouts <= 10_000:
            print("bench solver: --layouts is 1 to 10000", file=sys.stderr)
            return EXIT_BAD_INPUT
        return bench_solver(layouts=args.layouts, as_json=args.json)
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
                           as_json=args.json, animation=args.animation)
    if args.what == "cards":
        from ..ui import bench_cards as bc

        sizes = args.size or bc.SIZES
        ok = all(len(p) == 2 and all(v.isdigit() and 100 <= int(v) <= 8192 for v in p)
                 for p in (s.split("x") for s in sizes.split(",")))
        from ..art.vector import DECK_IDS

        if not ok or args.deck not in DECK_IDS:
            print(f"bench cards: --size is a list of sizes such as 1920x1080,3840x2160; "
                  f"--deck one of {', '.join(DECK_IDS)}", file=sys.stderr)
            return EXIT_BAD_INPUT
        import os

        if os.environ.get(bc.CHILD):  # one of the starts the bench measures
            return bc.child(sizes, os.environ[bc.CHILD], args.deck)
        return bc.bench_cards(sizes, args.deck, as_json=args.json)
    if args.what == "pace":
        from ..ui.bench_pace import bench_pace

        return bench_pace(size=args.size or "1280x720", hands=args.hands, seed=args.seed,
                          as_json=args.json, trick_pause=args.trick_pause, deal=args.deal)
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


def bench_solver(layouts: int = 40, seed: int = 1, runs: int = 3, as_json: bool = False) -> int:
    """The double-dummy solver on ``layouts`` random 3-hand deals played out from the start
    (the best of ``runs``): its speed in nodes a second, and a digest of the values found, which
    a change that keeps the search must keep."""
    import hashlib

    from ..bots.solver import Solver
    from ..rules.cards import NUM_CARDS, mask_of

    best: tuple[float, int, str] | None = None
    for _ in range(runs):
        rng = random.Random(seed)
        values, nodes = [], 0
        t0 = time.perf_counter()
        for _ in range(layouts):
            cards = list(range(NUM_CARDS))
            rng.shuffle(cards)
            hands = [mask_of(cards[i:i + 7]) for i in (0, 7, 14)]
            s = Solver(hands, declarer=rng.randrange(3))
            values.append(s.value(0))
            nodes += s.nodes
        dt = time.perf_counter() - t0
        digest = hashlib.sha256(repr(values).encode()).hexdigest()[:16]
        if best is None or dt < best[0]:
            best = (dt, nodes, digest)
    assert best is not None
    dt, nodes, digest = best
    print(f"{layouts} layouts in {dt:.2f} s: {nodes} nodes, {nodes / dt:.0f} nodes/s")
    print(f"values {digest}")
    if as_json:
        print(json.dumps({"layouts": layouts, "seconds": round(dt, 3), "nodes": nodes,
                          "nodes_per_s": round(nodes / dt), "values": digest}))
    return 0
