"""The host's limits on what strangers may do: how fast a connection may send, how fast
join codes may be tried, and how much one attacker may write into the log.

Everything here is used on the host's loop only, costs O(1) per event and holds a bounded
amount of memory whatever arrives.

**Join codes.**  A code is 4 digits: 10,000 of them.  What keeps it from being guessed is
the number of codes a stranger can have *checked* in a given time, so every join that is
not a seated player's own token goes through :class:`JoinGuard`:

- an attempt is counted the moment it arrives (before it is answered, before it waits);
- an address has one attempt at a time: another that arrives meanwhile is answered
  "busy" at once, without its code being looked at;
- after :data:`FREE_TRIES` attempts from one address, each waits before its code is
  looked at, twice as long as the one before, up to :data:`MAX_DELAY` seconds (the
  doubling stops at its cap: the count may grow for ever, the arithmetic never
  overflows);
- the whole host checks at most :data:`CHECKS_BURST` codes at once and
  :data:`CHECKS_RATE` a second after that, whatever the number of addresses: a code
  that finds no budget is answered "busy" without being looked at.  A right code gives
  its check back, so people sitting down never use the budget up; wrong ones do.

A seated player's token (128 random bits) is looked at before all this and never waits:
strangers guessing codes cannot keep a player from their seat.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

FREE_TRIES = 3  # attempts from one address looked at without waiting
FIRST_DELAY = 0.25  # seconds before the first attempt over the free ones ...
MAX_DELAY = 30.0  # ... doubling up to this (the 10th attempt in a row and later)
FORGET_AFTER = 600.0  # seconds after its last attempt when an address's count is forgotten
ADDRESSES = 10_000  # addresses remembered at most (the oldest forgotten first)
CHECKS_BURST = 20  # wrong codes the host checks at once, from all addresses together ...
CHECKS_RATE = 0.05  # ... and a second after that (one every 20 s, 3 a minute)

LOG_LINES = 10  # lines of one kind the log takes in a window ...
LOG_WINDOW = 60.0  # ... of this many seconds; the rest are counted in one line


class Bucket:
    """A token bucket: ``burst`` at once, ``rate`` a second after that."""

    __slots__ = ("tokens", "t", "rate", "burst", "clock")

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, float(burst), clock
        self.tokens = float(burst)
        self.t = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now

    def take(self, n: float = 1.0) -> bool:
        self._fill()
        if self.tokens < n:
            return False
        self.tokens -= n
        return True

    def give_back(self, n: float = 1.0) -> None:
        self._fill()
        self.tokens = min(self.burst, self.tokens + n)


def delay_after(count: int, free: int = FREE_TRIES, first: float = FIRST_DELAY,
                cap: float = MAX_DELAY) -> float:
    """The wait before the ``count``-th attempt from one address is looked at: none for
    the first ``free``, then ``first``, doubling, up to ``cap``.  Any count (a billion
    attempts) gives a number: the exponent stops growing once the cap is reached."""
    over = count - free
    if over <= 0:
        return 0.0
    return min(cap, first * 2.0 ** min(over - 1, 62))


@dataclass
class _Address:
    count: int = 0  # attempts not forgiven
    last: float = 0.0  # when the latest arrived
    trying: bool = False  # one of them is waiting or being looked at now


class JoinGuard:
    """Who may have a join code looked at, and when (see the module's text).

    Use::

        wait = guard.arrive(peer)      # None: "busy" (one at a time per address)
        try:
            await asyncio.sleep(wait)
            if not guard.check():      # the host's budget of checks: "busy"
                ...
            ... look the code up; if it was right: guard.right(peer)
        finally:
            guard.done(peer)
    """

    def __init__(self, free: int = FREE_TRIES, first: float = FIRST_DELAY,
                 cap: float = MAX_DELAY, forget: float = FORGET_AFTER,
                 burst: float = CHECKS_BURST, rate: float = CHECKS_RATE,
                 addresses: int = ADDRESSES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.first, self.cap, self.forget = free, first, cap, forget
        self.addresses = addresses
        self.clock = clock
        self.budget = Bucket(rate, burst, clock)
        self._seen: dict[str, _Address] = {}  # oldest attempt first
        self.busy_answers = 0  # for the bench and tests
        self.checks = 0

    def arrive(self, peer: str) -> float | None:
        """An attempt from ``peer`` arrives, and is counted now.  None if another attempt
        from there is still waiting or being looked at (answer "busy"); else the seconds to
        wait before its code may be looked at."""
        now = self.clock()
        a = self._seen.pop(peer, None)  # popped and put back: the dict stays oldest first
        if a is None:
            a = _Address()
        elif now - a.last > self.forget and not a.trying:
            a.count = 0
        a.count += 1
        a.last = now
        self._seen[peer] = a
        self._bound()
        if a.trying:
            self.busy_answers += 1
            return None
        a.trying = True
        return delay_after(a.count, self.free, self.first, self.cap)

    def check(self) -> bool:
        """May a code be looked at now (the host's budget)?  False: answer "busy"."""
        if self.budget.take():
            self.checks += 1
            return True
        self.busy_answers += 1
        return False

    def right(self, peer: str) -> None:
        """The code was right: its check goes back to the budget and the address starts
        afresh (a person who mistyped twice is not slowed down later)."""
        self.budget.give_back()
        a = self._seen.get(peer)
        if a is not None:
            a.count = 0

    def done(self, peer: str) -> None:
        """The attempt from ``peer`` is answered (or its connection went away)."""
        a = self._seen.get(peer)
        if a is not None:
            a.trying = False

    def delay(self, peer: str) -> float:
        """The wait the next attempt from ``peer`` would have (for tests and the bench)."""
        a = self._seen.get(peer)
        if a is None or self.clock() - a.last > self.forget:
            return 0.0
        return delay_after(a.count + 1, self.free, self.first, self.cap)

    def _bound(self) -> None:
        """At most ``addresses`` remembered: the oldest that is not trying goes (a spray of
        addresses cannot grow the host's memory; the budget still holds them all back)."""
        while len(self._seen) > self.addresses:
            for peer, a in self._seen.items():
                if not a.trying:
                    del self._seen[peer]
                    break
            else:
                return


@dataclass
class _Window:
    start: float
    level: int
    said: int = 0
    skipped: int = 0


class LogLimit:
    """At most ``lines`` log lines of one kind in ``window`` seconds; the others are
    counted, and said in one line when the window is over.  Used for every line that a
    stranger can cause (a refused join, a closed connection): one attacker cannot grow the
    log without bound, and the log still says what happened and how often."""

    def __init__(self, logger: logging.Logger, lines: int = LOG_LINES,
                 window: float = LOG_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger, self.lines, self.window, self.clock = logger, lines, window, clock
        self._windows: dict[str, _Window] = {}

    def log(self, kind: str, level: int, msg: str, *args: object,
            exc_info: bool = False) -> None:
        """Log ``msg % args`` unless ``kind`` has had its lines in this window.  ``kind`` is
        one of a few fixed words (never from the network), so the table of windows stays
        small."""
        now = self.clock()
        w = self._windows.get(kind)
        if w is None or now - w.start >= self.window:
            if w is not None:
                self._summary(kind, w, now)
            w = self._windows[kind] = _Window(now, level)
        if w.said < self.lines:
            w.said += 1
            self.logger.log(level, msg, *args, exc_info=exc_info)
        else:
            w.skipped += 1
            w.level = max(w.level, level)

    def _summary(self, kind: str, w: _Window, now: float) -> None:
        if w.skipped:
            self.logger.log(w.level, "%d more lines of the kind %r in %.0f s were not logged "
                            "one by one (at most %d a %.0f s)", w.skipped, kind,
                            now - w.start, self.lines, self.window)

    def flush(self) -> None:
        """Say the counts of the windows that are over (and of all, at the end)."""
        now = self.clock()
        for kind, w in list(self._windows.items()):
            if now - w.start >= self.window:
                self._summary(kind, w, now)
                del self._windows[kind]

    def close(self) -> None:
        now = self.clock()
        for kind, w in self._windows.items():
            self._summary(kind, w, now)
        self._windows.clear()
