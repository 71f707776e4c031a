"""``python -m zole_desktop bench pace [--hands N] [--size WxH] [--json]``: the table's pace on
the real (non-fast) loop, as a person meets it.

A driver thread plays for the person at seat 0 against two normal bots with the settings as
a new player has them (or ``--trick-pause`` / ``--deal``): it takes every hand it may, buries
two cards, and plays a legal card the moment its turn shows.  It measures, from the posted
click to the first drawn frame that shows the effect:

- ``card_to_turn``: from my card to my next turn (the bots' cards, the trick held and
  gathered, the next lead);
- ``next_to_bid``: from Next hand (Enter on the screen between hands) to my bid buttons;
- ``start_to_bid``: from the table's first frame to my first bid buttons.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import pygame

from ..i18n import _


def bench_pace(size: str = "1280x720", hands: int = 3, seed: int = 1, as_json: bool = False,
               trick_pause: str | None = None, deal: str | None = None) -> int:
    from .bench import _headless_size, _percentile

    wh = _headless_size(size)
    if wh is None:
        return 2
    if not 1 <= hands <= 50:
        print(_("bench: --hands must be between 1 and 50"), file=sys.stderr)
        return 2
    from .. import storage
    from ..flow.session import Session
    from ..i18n import set_language
    from ..rules.state import BURYING, TAKE_BID, HandState
    from .app import App
    from .hand_end import HandSummary
    from .probe import Probe, ProbeTimeout, card_point, click_events, key_events, run_with_driver
    from .probe import wait_until as until
    from .table.scene import TableScene

    set_language("en")
    settings = storage.Settings(language="en", sound=False, hints=False)
    if trick_pause is not None:
        settings.trick_pause = trick_pause
    if deal is not None:
        settings.deal_speed = deal
    settings.finish_early = "never"  # every card is played: the pace of a whole hand
    app = App(wh, settings, fast=False, save=False)
    session = Session(players=3, names=["A", "B", "C"], levels=[None, "normal", "normal"],
                      human=0, length=hands, seed=seed)
    table = TableScene(session)
    probe = Probe(app)
    times: dict[str, list[float]] = {"card_to_turn": [], "next_to_bid": [], "start_to_bid": []}
    pushed = time.perf_counter()

    def top():
        return app.stack.scenes[-1] if app.stack.scenes else None

    def settled() -> bool:
        return not any(s.moving(table.clock) for s in table.sprites)

    def my_turn(kind: str) -> bool:
        return top() is table and table.waiting_for() == kind and bool(
            kind != "bid" or table.buttons)

    def turn_or_end() -> bool:
        return my_turn("play") or my_turn("bid") or isinstance(top(), HandSummary)

    def after_mine():
        """True on the first frame that shows my next turn (or the hand's end) once my card
        has left my hand."""
        gone = [False]

        def effect() -> bool:
            if not gone[0]:
                gone[0] = not my_turn("play")
                return False
            return turn_or_end()

        return effect

    def driver() -> None:
        if not until(lambda: my_turn("bid") or isinstance(top(), HandSummary), 60):
            raise ProbeTimeout("the first bid never came")
        if my_turn("bid"):
            times["start_to_bid"].append((time.perf_counter() - pushed) * 1000)
        while len(session.match.rows) < hands:
            if not until(lambda: turn_or_end() or my_turn("bury"), 60):
                raise ProbeTimeout("the table stopped")
            t = top()
            if isinstance(t, HandSummary):
                if t.final:
                    return
                def next_shown(t: HandSummary = t) -> bool:
                    return (top() is table and table.waiting_for() is not None
                            or isinstance(top(), HandSummary) and top() is not t)

                p = probe.send("next", key_events(pygame.K_RETURN), next_shown, timeout=60)
                if my_turn("bid"):
                    times["next_to_bid"].append(p.latency_ms or 0.0)
                continue
            kind = table.waiting_for()
            st = table.state
            assert st is not None

            def acted(st: HandState = st, n: int = len(st.actions())) -> bool:
                return len(st.actions()) > n

            if kind == "bid":
                take = [b for b, a in zip(table.buttons, table.button_actions, strict=False)
                        if a == TAKE_BID] or table.buttons[:1]
                probe.send("bid", click_events(take[0].rect.center), acted, timeout=30)
            elif kind == "bury":
                until(settled, 10)
                for c in table.my_hand()[-2:]:
                    def chosen(k: int = len(table.selected)) -> bool:
                        return len(table.selected) > k

                    probe.send("select", click_events(card_point(table, c)), chosen, timeout=10)

                def buried(st: HandState = st) -> bool:
                    return st.phase != BURYING

                probe.send("bury", click_events(table.buttons[0].rect.center), buried,
                           timeout=10)
            elif kind == "play":
                until(settled, 10)
                legal = table.legal_cards()
                c = next(c for c in table.my_hand() if c in legal)
                last = len(st.hand_of(0)) == 1
                p = probe.send("card", click_events(card_point(table, c)), after_mine(),
                               timeout=30)
                if not last and my_turn("play"):
                    times["card_to_turn"].append(p.latency_ms or 0.0)

    failed = ""
    app.stack.push(table)
    try:
        run_with_driver(app, driver, timeout=90.0 * hands + 60.0)
    except ProbeTimeout as e:
        failed = str(e)
    finally:
        app.shutdown()

    def stats(ms: list[float]) -> dict:
        return {"count": len(ms), "median_s": round(statistics.median(ms) / 1000, 2) if ms
                else 0.0, "p90_s": round(_percentile(ms, 90) / 1000, 2),
                "max_s": round(max(ms, default=0) / 1000, 2)}

    report: dict = {"size": f"{wh[0]}x{wh[1]}", "hands": len(session.match.rows),
                    "trick_pause": settings.trick_pause, "deal": settings.deal_speed,
                    "animation": settings.animation}
    for k, ms in times.items():
        report[k] = stats(ms)
    print(_("pace on the real loop, {size}, {n} hands against two normal bots (trick pause "
            "{pause}, deal {deal}):").format(size=report["size"], n=report["hands"],
                                             pause=settings.trick_pause,
                                             deal=settings.deal_speed))
    for k in times:
        r = report[k]
        print(_("  {what}: n={n}, median {med} s, p90 {p90} s, max {max} s").format(
            what=k, n=r["count"], med=f"{r['median_s']:.2f}", p90=f"{r['p90_s']:.2f}",
            max=f"{r['max_s']:.2f}"))
    if failed:
        print(f"bench: {failed}", file=sys.stderr)
        report["failed"] = failed
    if as_json:
        print(json.dumps(report))
    return 1 if failed else 0
