"""The table's worker service: answers, errors logged, the owner woken, the bot given the cancel
event and a deadline counted from the start of its work, and stale work stopped."""

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from zole_desktop.bots.base import Bot
from zole_desktop.flow.workers import BOTS, HINTS, Workers
from zole_desktop.rules.match import Match


@pytest.fixture
def workers():
    pools = {BOTS: ThreadPoolExecutor(1), HINTS: ThreadPoolExecutor(1)}
    woken = []
    w = Workers(pools, lambda: woken.append(threading.current_thread().name))
    w.woken = woken
    yield w
    for p in pools.values():
        p.shutdown(wait=True, cancel_futures=True)


def _obs():
    import random

    _deal, st = Match(players=3).deal(random.Random(3))
    return st.observation(st.current_seat)


class Patient(Bot):
    """Thinks until cancelled (or its deadline), then answers its first legal action."""

    def __init__(self):
        super().__init__(1)
        self.got = None
        self.stopped_by = None

    def choose(self, obs, deadline=None, cancel=None):
        self.got = (deadline, cancel)
        end = time.monotonic() + 30
        self.stopped_by = "its own patience"
        while time.monotonic() < end:
            if cancel is not None and cancel.is_set():
                self.stopped_by = "cancel"
                break
            if deadline is not None and time.perf_counter() >= deadline:
                self.stopped_by = "deadline"
                break
            time.sleep(0.005)
        return obs.legal[0]


def test_an_answer_wakes_the_owner_and_a_failure_is_logged_and_raised(workers, caplog):
    job = workers.submit(HINTS, lambda x: x * 2, 21, key="k")
    assert job.future.result(timeout=5) == 42 and job.key == "k"

    def broken():
        raise RuntimeError("advisor bug")

    with caplog.at_level(logging.ERROR, logger="zole_desktop.flow.workers"):
        bad = workers.submit(HINTS, broken)
        with pytest.raises(RuntimeError):
            bad.future.result(timeout=5)
    assert "broken failed in a worker" in caplog.text and "advisor bug" in caplog.text
    assert len(workers.woken) == 2  # woken after the answer and after the failure


def test_a_new_generation_stops_the_running_bot_and_marks_its_answer_stale(workers):
    bot = Patient()
    obs = _obs()
    job = workers.decide(bot, obs)
    for _i in range(500):
        if bot.got is not None:
            break
        time.sleep(0.01)
    deadline, cancel = bot.got
    assert deadline is None and isinstance(cancel, threading.Event) and not cancel.is_set()
    assert not workers.stale(job)
    workers.new_generation()  # an undo, or the table closed
    assert job.future.result(timeout=60) == obs.legal[0]
    assert bot.stopped_by == "cancel"  # stopped, not thought out to its end
    assert cancel.is_set() and workers.stale(job)


def test_a_deadline_counts_from_when_the_work_starts_not_when_it_was_queued(workers):
    gate = threading.Event()
    workers.submit(BOTS, gate.wait, 5)  # the bots' worker is busy for a while
    bot = Patient()
    job = workers.decide(bot, _obs(), seconds=0.2)
    queued = time.perf_counter()
    time.sleep(0.5)
    gate.set()
    job.future.result(timeout=60)
    assert bot.stopped_by == "deadline"
    deadline, _cancel = bot.got
    assert deadline - queued > 0.45  # 0.2 s after the start, which came 0.5 s later
