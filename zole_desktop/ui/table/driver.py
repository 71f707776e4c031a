"""When the table's script may go on, and with what: each condition of :mod:`.conditions`
checked against the clock, the cards in motion, the person's choice, the bot's worker and the
scene stack.  The person's surrender or undo interrupts a bot's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.state import PLAYING, SURRENDER
from .commands import Choose, GiveUp, TakeBack
from .conditions import (
    UNDO,
    BotAnswer,
    BotTurn,
    Gather,
    Hold,
    HumanTurn,
    Saved,
    SceneClosed,
    Settle,
    Wait,
)

if TYPE_CHECKING:
    from .scene import TableScene


class _NotReady:
    def __repr__(self) -> str:
        return "NOT_READY"


NOT_READY: Any = _NotReady()


def ready(t: TableScene) -> Any:
    """The answer for the script's condition, or ``NOT_READY`` while it does not hold (or
    while a coach holds the game)."""
    c = t.cond
    if isinstance(c, Saved):  # between an action and its showing: no coach comes between
        if t.app.fast and not t.director.saved():
            t.director.wait_saved(0.05)  # as for a bot: no spinning without the GIL
        return None if t.director.saved() else NOT_READY
    if t.coach is not None:
        t.coach.watch()
        if t.coach.holds():
            return NOT_READY
    if c is None:
        return None
    if isinstance(c, Hold):
        if t.commands.waiting(TakeBack):
            return None  # taken back: the script goes on to the undo at once
        if c.settle:
            return None if not any(s.moving(t.clock) for s in t.sprites) else NOT_READY
        return None if t.clock >= c.until else NOT_READY
    if isinstance(c, Wait):
        return None if t.clock >= c.until else NOT_READY
    if isinstance(c, Settle):
        return None if not any(s.moving(t.clock) for s in t.sprites) else NOT_READY
    if isinstance(c, HumanTurn):
        return _human_answer(t, c.kind)
    if isinstance(c, BotTurn):
        return _bot_answer(t, c)
    if isinstance(c, Gather):
        return None if c.done or t.closed or t.commands.waiting(TakeBack) else NOT_READY
    if isinstance(c, SceneClosed):
        return None if c.scene not in t.stack.scenes else NOT_READY
    return None


def _human_answer(t: TableScene, kind: str) -> Any:
    if kind == "play" and t.commands.take(GiveUp) is not None:
        return SURRENDER
    if kind == "play" and t.commands.take(TakeBack) is not None:
        return UNDO
    chosen = t.commands.take(Choose)
    return chosen.action if chosen is not None else NOT_READY


def _bot_answer(t: TableScene, c: BotTurn) -> Any:
    job = c.job
    if t.commands.take(GiveUp) is not None:
        return BotAnswer("surrender")
    if t.state is not None and t.state.phase == PLAYING and \
            t.commands.take(TakeBack) is not None:
        return BotAnswer("undo")
    if not job.done() and t.clock >= c.not_before and t.app.fast:
        # demo, bench and tests step without sleeping: let the bot's thread finish
        # rather than spin through thousands of steps without the GIL
        job.wait(0.05)
    if job.done() and t.clock >= c.not_before:
        try:
            return BotAnswer("ok", job.result())
        except Exception as e:  # a bot bug (logged by the worker): a legal action
            return BotAnswer("error", error=e)
    return NOT_READY
