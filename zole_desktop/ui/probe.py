"""Input as a person gives it, to an App running its real (non-fast) loop.

A :class:`Probe` posts real pygame events from another thread (SDL's event queue is
thread-safe) and measures, for each input, the time and the number of drawn frames from the
moment it was posted to the first frame that shows its effect.  The effect is a predicate
that the main thread evaluates right after each frame is flipped, so "shows" means "is on the
screen", not "was handled".

The real-loop tests play whole hands through it, and ``bench input`` measures latency with it.
Nothing here runs in the fast loop: a probe exists to catch what only the real loop does.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame


@dataclass
class Pending:
    """One input in flight: what was posted and how its effect is recognised."""

    label: str
    effect: Callable[[], bool]
    posted: float
    frames_at_post: int
    done: threading.Event = field(default_factory=threading.Event)
    latency_ms: float | None = None
    frames: int | None = None


class ProbeTimeout(AssertionError):
    pass


class Probe:
    """Attach to an App before its loop starts; call :meth:`send` from a driver thread."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._pending: list[Pending] = []
        self.results: list[Pending] = []
        self.errors: list[BaseException] = []
        self._chained = app.frame_hook
        app.frame_hook = self._on_frame

    # ------------------------------------------------------------------ main thread
    def _on_frame(self, ms: float) -> None:
        now = time.perf_counter()
        if self._chained is not None:
            self._chained(ms)
        with self._lock:
            waiting = list(self._pending)
        for p in waiting:
            try:
                shown = p.effect()
            except Exception as e:  # noqa: BLE001 - a predicate bug fails the driver, not the loop
                self.errors.append(e)
                shown = True
            if shown:
                p.latency_ms = (now - p.posted) * 1000.0
                p.frames = self.app.frames - p.frames_at_post
                with self._lock:
                    if p in self._pending:
                        self._pending.remove(p)
                    self.results.append(p)
                p.done.set()

    # ------------------------------------------------------------------ driver thread
    def send(self, label: str, events: Iterable[pygame.event.Event],
             effect: Callable[[], bool], timeout: float = 10.0) -> Pending:
        """Post ``events`` now and wait until a drawn frame shows ``effect``.  Raises
        :class:`ProbeTimeout` if none does within ``timeout`` seconds."""
        p = Pending(label, effect, time.perf_counter(), self.app.frames)
        with self._lock:
            self._pending.append(p)
        for ev in events:
            pygame.event.post(ev)
        if not p.done.wait(timeout):
            with self._lock:
                if p in self._pending:
                    self._pending.remove(p)
            raise ProbeTimeout(f"{label}: no frame showed its effect within {timeout:.0f} s")
        return p


def wait_shown(app: Any, cond: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Wait until ``cond`` holds and a frame drawn after that shows it: what the main thread
    lays out while drawing (a button's place, say) is then the one on the screen, not the
    last frame's (on a loaded machine the two can be a whole frame apart)."""
    end = time.perf_counter() + timeout
    if not wait_until(cond, timeout):
        return False
    seen = app.frames
    app.invalidate()  # one more frame, even on a table at rest (the loop draws when dirty)
    app.wake()
    return wait_until(lambda: app.frames > seen and cond(), max(0.0, end - time.perf_counter()))


def wait_until(cond: Callable[[], bool], timeout: float = 30.0, poll: float = 0.005) -> bool:
    """Poll ``cond`` from a driver thread (reads only) until it holds or time runs out."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        try:
            if cond():
                return True
        except (AttributeError, IndexError, KeyError, ValueError, TypeError):
            pass  # the main thread was changing what cond reads: look again
        time.sleep(poll)
    return False


def card_point(table: Any, card: int) -> tuple[int, int]:
    """A point on the visible part of one of my cards (the next card may cover its right)."""
    r = table.card_rect(card)
    hand = table.my_hand()
    i = hand.index(card)
    right = r.right
    if i + 1 < len(hand):
        nxt = table.card_rect(hand[i + 1])
        if nxt is not None:
            right = min(r.right, nxt.left)
    return ((r.left + right) // 2, r.centery)


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def drag_events(start: tuple[int, int], end: tuple[int, int]) -> list[pygame.event.Event]:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for p in (mid, end):
        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    return evs


def key_events(k: int, mod: int = 0, unicode: str = "") -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod)]


def run_with_driver(app: Any, driver: Callable[[], None], timeout: float = 120.0) -> None:
    """Run ``app``'s real loop in this (the main) thread while ``driver`` runs in another;
    the loop ends when the driver returns or fails.  A driver failure is raised here."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            driver()
        except BaseException as e:  # noqa: BLE001 - handed to the main thread below
            failure.append(e)
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    assert not app.fast  # a probe drives the real loop, never the fast one
    th = threading.Thread(target=target, name="zole-probe", daemon=True)
    th.start()
    deadline = time.perf_counter() + timeout
    app.run(until=lambda: time.perf_counter() > deadline)
    app.running = False
    th.join(5.0)
    if failure:
        raise failure[0]
    if th.is_alive():
        raise ProbeTimeout(f"the driver did not finish within {timeout:.0f} s")
