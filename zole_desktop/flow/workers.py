"""One service for the table's background work: bots' decisions, hints and the coach's
analysis.  No pygame.

Each job runs on one of two single-thread executors (``bots`` for the players' decisions,
``hints`` for advice, so that a long hint never delays a bot), with a cancel event and an
optional deadline that are passed on to the work; its error is logged with the traceback;
and the owner's ``wake`` is called when it ends, so an idle loop looks at the answer at once.
A job belongs to a generation: after :meth:`Workers.new_generation` (an undo, the table
closed) older jobs are stale, and their answers are thrown away.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for_futures
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import Bot
from ..rules.state import SURRENDER, Observation

log = logging.getLogger(__name__)

BOTS, HINTS = "bots", "hints"


@dataclass(eq=False)
class Job:
    """A piece of background work.  ``key`` says what it is about (to match its answer to
    the question still asked); ``cancel`` is set to stop it early."""
    future: Future
    key: Any
    generation: int
    cancel: threading.Event = field(default_factory=threading.Event)

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Any:
        """The answer (raises the work's error; it has been logged already)."""
        return self.future.result()

    def stop(self) -> None:
        self.cancel.set()

    def wait(self, seconds: float) -> None:
        """Block up to ``seconds`` for the answer (only where nothing else must run: the demo,
        the bench and tests step without sleeping)."""
        wait_for_futures([self.future], timeout=seconds)


class Workers:
    """The table's background work.  ``executors`` maps ``BOTS`` and ``HINTS`` to
    executors; ``wake`` is called from the worker thread when a job ends."""

    def __init__(self, executors: dict[str, Executor],
                 wake: Callable[[], None] | None = None) -> None:
        self.executors = executors
        self.wake = wake
        self.generation = 0
        self._live: set[Job] = set()
        self._lock = threading.Lock()

    def new_generation(self) -> None:
        """Answers to everything asked so far are stale from now on, and the work still
        running is asked to stop (a bot answers at once with its best action so far)."""
        self.generation += 1
        with self._lock:
            live = list(self._live)
        for job in live:
            job.stop()

    def stale(self, job: Job) -> bool:
        return job.generation != self.generation

    def submit(self, pool: str, fn: Callable[..., Any], *args: Any, key: Any = None,
               seconds: float | None = None, limits: bool = False) -> Job:
        """Run ``fn(*args)`` on ``pool``.  With ``seconds`` (or ``limits``), the work gets
        two more arguments: its deadline (``perf_counter`` time, ``seconds`` after it starts,
        not after it was queued; None without ``seconds``) and the job's cancel event."""
        cancel = threading.Event()
        pass_limits = limits or seconds is not None
        fut = self.executors[pool].submit(self._guarded, fn, args, seconds, pass_limits,
                                          cancel)
        job = Job(fut, key, self.generation, cancel)
        with self._lock:
            self._live.add(job)
        fut.add_done_callback(lambda _f: self._forget(job))
        return job

    def _forget(self, job: Job) -> None:
        with self._lock:
            self._live.discard(job)

    def _guarded(self, fn: Callable[..., Any], args: tuple, seconds: float | None,
                 pass_limits: bool, cancel: threading.Event) -> Any:
        """In the worker: ``fn``, its error logged with the traceback (and raised on to the
        future), and the owner woken either way."""
        try:
            if pass_limits:
                deadline = time.perf_counter() + seconds if seconds is not None else None
                args = args + (deadline, cancel)
            return fn(*args)
        except Exception:
            log.exception("%s failed in a worker", getattr(fn, "__name__", fn))
            raise
        finally:
            if self.wake is not None:
                self.wake()

    def decide(self, bot: Bot, obs: Observation, key: Any = None,
               seconds: float | None = None) -> Job:
        """A bot's action for ``obs`` (its surrender first, when it may give up); the bot
        gets the job's cancel event, and a deadline with ``seconds``."""
        return self.submit(BOTS, decide, bot, obs, key=key, seconds=seconds, limits=True)


def decide(bot: Bot, obs: Observation, deadline: float | None = None,
           cancel: threading.Event | None = None) -> int:
    """Run in the worker thread: the bot's action for this observation."""
    if obs.can_surrender and SURRENDER in obs.legal:
        try:
            if bot.surrender(obs):
                return SURRENDER
        except Exception:  # a bot bug must not stop the game: no surrender, and logged
            log.exception("%s.surrender failed; the bot plays on", type(bot).__name__)
    return bot.choose(obs, deadline=deadline, cancel=cancel)


def advise(kind: str, obs: Observation, seed: int, pools: Any, hidden: bool,
           deadline: float, cancel: threading.Event) -> Any:
    """Run in the hint worker: the advisor's answer for a bid (each bid's expected game
    points), a burial or a card."""
    from ..bots import advisor

    if kind == "bid":
        return advisor.estimate_bids(obs, deadline, cancel, seed=seed, pools=pools,
                                     hidden=hidden)
    if kind == "bury":
        return advisor.suggest_burial(obs, deadline, cancel, seed=seed)
    return advisor.suggest_card(obs, deadline, cancel, seed=seed)
