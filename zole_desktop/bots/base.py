"""The bot interface: given only a seat's observation, choose one of its legal actions."""

from __future__ import annotations

import random

from ..rules.state import Observation


class Bot:
    """Base class.  ``choose`` is called when it is the bot's turn (bid, bury, play);
    ``surrender`` when the bot is declarer at a trick start where surrender is allowed.

    Every level accepts two optional keywords, so that a UI can run it on a worker thread:
    ``deadline`` (an absolute ``time.perf_counter()`` value by which to answer) and ``cancel``
    (a ``threading.Event``; once set, the bot answers at once with its best action so far).
    Bots are not thread-safe: use one instance per thread."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        raise NotImplementedError

    def surrender(self, obs: Observation) -> bool:
        return False


class RandomBot(Bot):
    """Any legal action (a reference for measurements, not offered to players)."""

    level = "random"

    def choose(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        from ..rules.state import SURRENDER

        legal = [a for a in obs.legal if a != SURRENDER]
        return self.rng.choice(legal)


LEVELS: tuple[str, ...] = ("random", "easy", "normal", "strong", "master")
"""Every bot level, weakest first: the one list (saves, the network's schema, the host's seat
specs and the menus read it; bots/levels.py registers a class for each)."""
OFFERED = LEVELS[1:]
"""The levels a player chooses from ("random" is for tests and the measuring tools)."""

_LEVELS: dict[str, type[Bot]] = {"random": RandomBot}


def register(level: str, cls: type[Bot]) -> None:
    _LEVELS[level] = cls


def make_bot(level: str, seed: int | None = None) -> Bot:
    if level not in _LEVELS:
        # levels register themselves on import
        from . import levels  # noqa: F401
    try:
        return _LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(sorted(_LEVELS))}")\
            from None
