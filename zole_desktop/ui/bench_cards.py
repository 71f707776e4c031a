"""``python -m zole_desktop bench cards [--size 1920x1080,3840x2160] [--deck D] [--json]``:
how long a start takes until the cards are on screen, drawn from the vector masters.

Each start is a process of its own (nothing in memory from the one before), run twice per
window size: with an empty card cache (the first start: every card drawn by resvg, in the card
process the game uses) and with the cache the first one filled (a warm start).  "Cards on
screen": my hand's eight cards and the back, crisp at the table's size; "all": the whole deck.
Also: how long the window's thread was held at most meanwhile, the milliseconds one card takes
to draw, and the cache's size on disk.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..i18n import _

HAND = ("QC", "JS", "AD", "TD", "8D", "AC", "KS", "TH")  # eight cards, trumps and plain ones
SIZES = "1920x1080,3840x2160"
CHILD = "ZOLE_BENCH_CARDS_DATA"  # set: this process is one start (its data folder)


def child(size: str, data: str, deck: str) -> int:
    """One start: the window, the deck, the table's cards; JSON on stdout."""
    t0 = time.perf_counter()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from .. import storage
    from . import vector_cards
    from .sprites import CardImages
    from .table import layout
    from .theme import CARD_CODES, load_theme

    W, H = (int(v) for v in size.split("x"))
    storage.set_data_dir(Path(data))
    vector_cards.set_mode("process")
    pygame.display.init()
    pygame.display.set_mode((W, H))
    ready = time.perf_counter() - t0  # the window is open
    th = load_theme(deck)
    images = CardImages(th, layout.card_height(H, "normal"))
    vc = th.vector
    if vc is None or vc.cache is None:
        print(_("bench cards: {deck} cannot be drawn from its vector masters").format(deck=deck)
              + (f" ({vc.failed})" if vc is not None else ""), file=sys.stderr)
        return 1
    shown = (*HAND, "back")
    on_screen = all_in = None
    stall = 0.0
    last = time.perf_counter()
    while all_in is None and time.perf_counter() - t0 < 300:
        for code in shown:  # what the first frame draws
            images.image(CARD_CODES.index(code) if code != "back" else 0, code != "back", 1.0)
        now = time.perf_counter()
        stall, last = max(stall, now - last), now
        if on_screen is None and all(vc.is_crisp(c, images.w, images.h) for c in shown):
            on_screen = now - t0
        if all(vc.is_crisp(c, images.w, images.h) for c in (*CARD_CODES, "back")):
            all_in = now - t0
        time.sleep(0.005)
    cache = vc.cache
    print(json.dumps({"ready_s": ready, "on_screen_s": on_screen, "all_s": all_in, "stall_s": stall,
                      "card": [images.w, images.h], "renders": cache.renders,
                      "render_s": cache.render_seconds, "failed": vc.failed}))
    vector_cards.stop_process()
    return 0


def _start(size: str, data: str, deck: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{CHILD: data})
    # the same command again (``zole bench cards`` in a bundle, ``-m zole_desktop`` here)
    cmd = [sys.executable] + ([] if getattr(sys, "frozen", False) else ["-m", "zole_desktop"])
    t = time.perf_counter()
    out = subprocess.run(cmd + ["bench", "cards", "--size", size, "--deck", deck],
                         capture_output=True, text=True, env=env, timeout=600, check=False)
    wall = time.perf_counter() - t
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip()
                           else f"exit status {out.returncode}")
    got = json.loads(out.stdout.strip().splitlines()[-1])
    got["process_s"] = wall
    return got


def _r(v: float | None) -> float | None:
    return None if v is None else round(v, 3)


def bench_cards(sizes: str = SIZES, deck: str = "classic", as_json: bool = False) -> int:
    from ..card_cache import disk_bytes

    results: dict[str, dict] = {}
    total_bytes = 0
    for size in sizes.split(","):
        with tempfile.TemporaryDirectory(prefix="zole-bench-cards-") as data:
            first = _start(size, data, deck)
            warm = _start(size, data, deck)
            size_bytes = disk_bytes(Path(data) / "cache" / "cards")
        total_bytes += size_bytes
        results[size] = {
            "card": first["card"],
            "window_s": _r(warm["ready_s"]),
            "first_start_s": _r(first["on_screen_s"]),
            "first_all_s": _r(first["all_s"]),
            "first_stall_ms": round(first["stall_s"] * 1000, 1),
            "warm_start_s": _r(warm["on_screen_s"]),
            "warm_all_s": _r(warm["all_s"]),
            "warm_renders": warm["renders"],
            "render_ms_per_card": round(first["render_s"] / max(1, first["renders"]) * 1000, 1),
            "cache_bytes": size_bytes,
            "failed": first["failed"],
        }
    if any(r["failed"] for r in results.values()):
        print(_("bench cards: resvg cannot draw the cards: {why}").format(
            why=next(r["failed"] for r in results.values() if r["failed"])), file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps({"deck": deck, "sizes": results, "cache_bytes": total_bytes}, indent=1))
        return 0
    print(_("bench cards: deck {deck}, a start until my hand and the back are on screen crisp "
            "(all 27 in brackets), from the program's start (imports and the window included; "
            "the window is open after the time in “window”)").format(deck=deck))
    for size, r in results.items():
        w, h = r["card"]
        print(_("  {size} (cards {w}x{h}, window {window} s): first start {first} s ({all} s), "
                "warm start {warm} s ({warm_all} s, {drawn} drawn); {ms} ms a card; window "
                "held at most {stall} ms; cache {mb} MB").format(
            size=size, w=w, h=h, window=f"{r['window_s']:.2f}",
            first=f"{r['first_start_s']:.2f}", all=f"{r['first_all_s']:.2f}",
            warm=f"{r['warm_start_s']:.2f}", warm_all=f"{r['warm_all_s']:.2f}",
            drawn=r["warm_renders"], ms=f"{r['render_ms_per_card']:.0f}",
            stall=f"{r['first_stall_ms']:.0f}", mb=f"{r['cache_bytes'] / 1e6:.2f}"))
    return 0

