"""``python -m zole_desktop bench frames [--size WxH] [--json]``: start-up time to the first
menu frame, then frame times while a bot-played hand is dealt and played with the normal
animations (dummy video driver unless SDL_VIDEODRIVER says otherwise)."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

from ..i18n import _


def _percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))
    return s[k]


def bench_frames(size: str = "1920x1080", as_json: bool = False) -> int:
    from .. import STARTED

    t0 = STARTED  # from the first import of the package, pygame's import included
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App, SizeError, parse_size

    try:
        wh = parse_size(size)
    except SizeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    from .. import storage
    from ..i18n import set_language
    from .menus import MainMenu

    set_language("en")
    settings = storage.Settings(language="en", sound=False)
    app = App(wh, settings, fast=True, save=False)
    try:
        menu = MainMenu()
        app.stack.push(menu)
        app.step()
        startup_ms = (time.perf_counter() - t0) * 1000
        from .session import Session
        from .sheet import HandSummary
        from .table import TableScene

        times: list[float] = []
        app.frame_hook = times.append
        for seed in range(1, 30):
            session = Session(players=3, names=["A", "B", "C"], levels=["random"] * 3,
                              human=None, length=1, seed=seed)
            table = TableScene(session, demo=True, auto_continue=0.5)
            app.stack.push(table)
            app.run(until=lambda: any(isinstance(s, HandSummary)
                                      for s in app.stack.scenes), max_steps=20000)
            played = session.match.rows and session.match.rows[-1].contract != "passed"
            app.stack.remove(table)
            for s in list(app.stack.scenes):
                if s is not menu:
                    app.stack.remove(s)
            if played and len(times) > 200:
                break
    finally:
        app.shutdown()
    med = statistics.median(times) if times else 0.0
    p99 = _percentile(times, 99)
    mx = max(times) if times else 0.0
    print(f"size {wh[0]}x{wh[1]}: {len(times)} frames")
    print(_("frame time: median {med} ms, p99 {p99} ms, max {max} ms").format(
        med=f"{med:.2f}", p99=f"{p99:.2f}", max=f"{mx:.2f}"))
    print(_("start-up to the first menu frame: {ms} ms").format(ms=f"{startup_ms:.0f}"))
    if as_json:
        print(json.dumps({"size": f"{wh[0]}x{wh[1]}", "frame_ms_median": round(med, 2),
                          "frame_ms_p99": round(p99, 2), "frame_ms_max": round(mx, 2),
                          "startup_ms": round(startup_ms)}))
    return 0
