"""What the table's script waits for between its steps, as small typed values.

The script (:mod:`.script`) is a generator: it yields one of these, and the table's driver
sends it the answer once the condition holds (``None`` for the timers and for a closed scene;
the person's action for :class:`HumanTurn`; a :class:`BotAnswer` for :class:`BotTurn`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...flow.workers import Job

UNDO = -2  # the person's answer when they take back a card


@dataclass(frozen=True)
class Wait:
    """Until the table's clock reaches ``until``."""
    until: float


@dataclass(frozen=True)
class Settle:
    """Until every card has come to rest."""


@dataclass(frozen=True)
class HumanTurn:
    """The person's decision: ``kind`` is "bid", "bury" or "play"."""
    kind: str


@dataclass(frozen=True)
class BotTurn:
    """A bot thinks on the worker; its answer is taken no sooner than ``not_before`` (the
    table's clock), so that a quick bot still seems to think."""
    job: Job
    not_before: float


@dataclass(frozen=True)
class SceneClosed:
    """Until ``scene`` (a summary, a score sheet) has left the stack."""
    scene: Any


@dataclass(frozen=True)
class Saved:
    """Until the director's latest save is on disk (or its failure was told): nobody is
    shown an action before a crash could no longer take it back."""


@dataclass(frozen=True)
class Hold(Wait):
    """A played card landing and a won trick held (``until``, or ``settle``: until every
    card has come to rest): cut short when the person takes a card back."""
    settle: bool = False


@dataclass
class Gather:
    """A won trick stays until the person clicks or presses a key (the trick pause "until a
    click"); the table's input sets ``done``."""
    done: bool = False


Condition = Wait | Settle | HumanTurn | BotTurn | SceneClosed | Saved | Gather


@dataclass(frozen=True)
class BotAnswer:
    """What came of a bot's turn: "ok" with its action, "error" with the exception, or the
    person's "surrender" or "undo" that interrupted it."""
    outcome: str
    action: int | None = None
    error: BaseException | None = None
