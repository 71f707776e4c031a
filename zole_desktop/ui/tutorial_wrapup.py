"""The guided game's last word: what the hand showed, and what to do next.

When the guided game's hand summary is closed the table leaves the stack and this question
comes up over what was below (the main menu): the result in a sentence, the four things the
hand taught, and the next steps — play a real game, play the guided game again, read the
next lesson (defending), the rules guide, or back to the menu (Esc)."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, _, ngettext
from ..rules.state import HandState
from .confirm import ConfirmScene
from .lesson_coach import leave_lessons

LESSONS = N_("What you did: took the talon and buried two cards to make a void; led trumps "
             "until the defenders had none; then cashed your aces and tens, which nobody "
             "could beat any more.")


def wrap_up_text(state: HandState | None, player: int) -> str:
    """The result in a sentence (from the hand's result) and the hand's lessons."""
    parts = []
    if state is not None and state.is_terminal() and state.declarer_seat is not None:
        r = state.result()
        mine = r.declarer_points or 0
        if r.declarer == player and r.value > 0:
            parts.append(ngettext("You won with {points} card point of 120.",
                                  "You won with {points} card points of 120.", mine)
                         .format(points=mine))
        elif r.declarer == player:
            parts.append(ngettext("You took {points} card point of 120: 61 would have won.",
                                  "You took {points} card points of 120: 61 would have won.",
                                  mine).format(points=mine))
    parts.append(_(LESSONS))
    parts.append(_("Next: a real game against the bots, with hints on. F1 at the table opens "
                   "the rules guide at the page for what you are doing."))
    return " ".join(parts)


def wrap_up_scene(state: HandState | None, player: int, again: Callable[[], None],
                  real_game: Callable[[], None] | None) -> ConfirmScene:
    """The wrap-up question; ``again`` starts the guided game once more, ``real_game`` (the
    menu's New game) a real one."""

    def guide() -> None:
        from .guide import GuideScene

        scene.stack.push(GuideScene())

    def next_lesson() -> None:
        from .lessons import DEFENDING, LessonTableScene

        scene.stack.push(LessonTableScene(DEFENDING, None, real_game))

    text = wrap_up_text(state, player)
    answers = [(N_("Play a real game"), real_game)] if real_game is not None else []
    answers += [(N_("Play the guided game again"), again),
                (N_("Next lesson: defending"), next_lesson), (N_("Rules guide"), guide),
                (N_("Main menu"), lambda: leave_lessons(scene.stack))]
    scene = ConfirmScene(N_("The guided game is over"), lambda: text, answers,
                         cancel=-1, focus=0, primary=0)
    return scene
