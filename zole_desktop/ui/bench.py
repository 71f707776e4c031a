"""``python -m zole_desktop bench frames [--size WxH] [--json]``: start-up time to the first
menu frame, then frame times while a bot-played hand is dealt and played with the normal
animations (dummy video driver unless SDL_VIDEODRIVER says otherwise)."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

import pygame

from ..i18n import _, ngettext


def _percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))
    return s[k]


def _headless_size(size: str) -> tuple[int, int] | None:
    """The dummy SDL drivers unless SDL_*DRIVER says otherwise, and the window size (None
    after a one-line message when it is wrong)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .launch import SizeError, parse_size

    try:
        return parse_size(size)
    except SizeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return None


def bench_frames(size: str = "1920x1080", as_json: bool = False) -> int:
    from .. import STARTED

    t0 = STARTED  # from the first import of the package, pygame's import included
    wh = _headless_size(size)
    if wh is None:
        return 2
    from .. import storage
    from ..i18n import set_language
    from .app import App
    from .menus import MainMenu

    set_language("en")
    settings = storage.Settings(language="en", sound=False)
    app = App(wh, settings, fast=True, save=False)
    try:
        menu = MainMenu()
        app.stack.push(menu)
        app.step()
        startup_ms = (time.perf_counter() - t0) * 1000
        from ..flow.session import Session
        from .hand_end import HandSummary
        from .table.scene import TableScene

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


def bench_input(size: str = "1280x720", hands: int = 3, seed: int = 1,
                as_json: bool = False, animation: str = "normal") -> int:
    """``bench input``: the real loop, a person's input at random moments.

    A driver thread posts real events (clicks on bid buttons and cards, Enter on the summary
    and the score sheet, Esc to pause and resume) while a hand against two normal bots is
    dealt and played with the animations of the player's setting (normal unless
    ``--animation`` says otherwise).  For each input it measures the time from
    posting to the first drawn frame that shows its effect, and sorts it by the moment it
    came at: an idle table waiting for the person, an animation, a bot thinking, an overlay.
    """
    wh = _headless_size(size)
    if wh is None:
        return 2
    from .app import App
    if hands < 1 or hands > 50:
        print(_("bench: --hands must be between 1 and 50"), file=sys.stderr)
        return 2
    import random
    import threading

    from .. import storage
    from ..flow.session import Session
    from ..i18n import set_language
    from .hand_end import HandSummary
    from .pause import PauseMenu
    from .probe import (
        Probe,
        ProbeTimeout,
        card_point,
        click_events,
        key_events,
        run_with_driver,
    )
    from .table.conditions import BotTurn
    from .table.scene import TableScene

    set_language("en")
    settings = storage.Settings(language="en", sound=False, hints=True, animation=animation,
                                deal_speed="normal" if animation in ("slow", "normal")
                                else "fast")
    app = App(wh, settings, fast=False, save=False)
    session = Session(players=3, names=["A", "B", "C"], levels=[None, "normal", "normal"],
                      human=0, length=hands, seed=seed)
    table = TableScene(session)
    app.stack.push(table)
    probe = Probe(app)
    rng = random.Random(seed)
    kinds: dict[int, str] = {}
    stop = threading.Event()

    def top():
        return app.stack.scenes[-1] if app.stack.scenes else None

    def settled() -> bool:
        return not any(s.moving(table.clock) for s in table.sprites)

    def moment() -> str:
        c = table.cond
        if not settled():
            return "animation"
        if isinstance(c, BotTurn):
            return "bot"
        return "idle"

    def one() -> None:
        t = top()
        if t is None or table.closed:
            stop.set()
            return
        if isinstance(t, HandSummary):
            if t.final:
                stop.set()
                return
            send("overlay", key_events(pygame.K_RETURN), lambda t=t: top() is not t)
            return
        if isinstance(t, PauseMenu):
            send("pause", key_events(pygame.K_ESCAPE), lambda: top() is table)
            return
        if t is not table:
            return
        kind = table.waiting_for()
        when = moment()
        st = table.state
        if kind is not None and when == "idle":
            n = len(st.actions())
            if kind == "bid":
                bs = [b for b in table.buttons if b.enabled]
                b = bs[0] if rng.random() < 0.7 else rng.choice(bs)  # mostly Pass
                send("idle", click_events(b.rect.center), lambda n=n: len(st.actions()) > n)
            elif kind == "play":
                legal = table.legal_cards()
                hand = table.my_hand()
                c = rng.choice([c for c in hand if c in legal])
                send("idle", click_events(card_point(table, c)),
                     lambda n=n: len(st.actions()) > n)
            elif kind == "bury":
                hand = table.my_hand()
                if len(table.selected) < table.bury_need:
                    k = len(table.selected)
                    c = rng.choice([c for c in hand if c not in table.selected])
                    send("idle", click_events(card_point(table, c)),
                         lambda k=k: len(table.selected) != k)
                else:
                    b = table.buttons[0]
                    send("idle", click_events(b.rect.center),
                         lambda: st.phase != "burying" and table.waiting_for() != "bury")
            return
        # an animation or a bot thinking: Esc opens the pause menu (the next moment closes it)
        send(when, key_events(pygame.K_ESCAPE), lambda: isinstance(top(), PauseMenu))

    def send(kind: str, events, effect) -> None:
        p = probe.send(kind, events, effect, timeout=10.0)
        kinds[id(p)] = kind

    def driver() -> None:
        deadline = time.perf_counter() + 60.0 * hands + 60.0
        while not stop.is_set() and time.perf_counter() < deadline:
            time.sleep(rng.uniform(0.03, 0.5))
            try:
                one()
            except (AttributeError, IndexError, KeyError, ValueError, TypeError):
                continue  # the table changed under the driver's look: try again
        stop.set()

    failed = ""
    try:
        run_with_driver(app, driver, timeout=60.0 * hands + 90.0)
    except ProbeTimeout as e:
        failed = str(e)
    finally:
        app.shutdown()
    rows = [p for p in probe.results if p.latency_ms is not None]
    report: dict = {"size": f"{wh[0]}x{wh[1]}", "hands": len(session.match.rows)}

    def stats(ms: list[float]) -> dict:
        return {"count": len(ms), "median_ms": round(statistics.median(ms), 1) if ms else 0.0,
                "p95_ms": round(_percentile(ms, 95), 1), "max_ms": round(max(ms, default=0), 1)}

    report["all"] = stats([p.latency_ms for p in rows if p.latency_ms is not None])
    report["frames_max"] = max((p.frames or 0 for p in rows), default=0)
    for k in ("idle", "animation", "bot", "overlay", "pause"):
        ms = [p.latency_ms for p in rows if p.latency_ms is not None and kinds.get(id(p)) == k]
        if ms:
            report[k] = stats(ms)
    print(ngettext("input latency on the real loop, {size}, {n} hand against two normal bots "
                   "(from the event to the first frame that shows its effect):",
                   "input latency on the real loop, {size}, {n} hands against two normal bots "
                   "(from the event to the first frame that shows its effect):",
                   report["hands"]).format(size=report["size"], n=report["hands"]))
    for k in ("all", "idle", "animation", "bot", "overlay", "pause"):
        if k in report:
            r = report[k]
            print(_("  {kind}: n={n}, median {med} ms, p95 {p95} ms, max {max} ms").format(
                kind=k, n=r["count"], med=f"{r['median_ms']:.1f}", p95=f"{r['p95_ms']:.1f}",
                max=f"{r['max_ms']:.1f}"))
    print(ngettext("  at most {n} frame from an input to its effect",
                   "  at most {n} frames from an input to its effect",
                   report["frames_max"]).format(n=report["frames_max"]))
    if failed:
        print(f"bench: {failed}", file=sys.stderr)
        report["failed"] = failed
    if as_json:
        print(json.dumps(report))
    return 1 if failed else 0

