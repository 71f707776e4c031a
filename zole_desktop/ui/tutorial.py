"""The guided first game: the real table, dealt the prepared hand of
:mod:`zole_desktop.teaching.tutorial`, with a coach.

:class:`TutorialTableScene` is a :class:`~zole_desktop.ui.table.TableScene` whose match deals
``tutorial_state()`` (the player at seat 0, forehand; easy bots in seats 1 and 2).  The coach
speaks on game events in a linen box with a "Got it" button; the move it recommends
(``advice(state)``) carries a ▼ marker and an amber bar along the top of the part of the
card that shows (a button: an amber outline).  Messages at a decision (bid,
bury, lead, follow) wait beside the choice and go away once it is made; the others (welcome,
first trick won or lost, the end) hold the game until "Got it" or Enter.  F1 opens the rules
guide on top; nothing is saved, so a real game in progress is left alone.

The coach's card in play comes from the double-dummy solver (as the hand review's), worked
out on the app's hint worker when it takes a while (the first tricks); the marker shows once
it is known.  A bid other than Take is refused with a short note by the coach; a legal card
or burial other than the coach's is played, and the coach notes what it would have chosen.
A message line of the table (a refused card) is lifted above the ▼ markers.

Push it with ``app.stack.push(TutorialTableScene())``; when the hand's summary is closed the
scene removes itself (back to whatever was below, e.g. the main menu).
"""

from __future__ import annotations

from collections.abc import Callable

from ..flow.session import Session
from ..i18n import _
from ..rules import cards as C
from ..rules.deal import Deal, active_seats, deal_packets
from ..rules.match import Match
from ..teaching.tutorial import (
    DEALER,
    HANDS,
    PLAYER,
    TALON,
    tutorial_state,
)
from .table.commands import Choose
from .table.scene import TableScene
from .tutorial_coach import BOT_LEVEL, TutorialCoach, bury_advice, position_key
from .tutorial_wrapup import wrap_up_scene

__all__ = ["TutorialCoach", "TutorialMatch", "TutorialTableScene", "bury_advice", "drive",
           "position_key", "tutorial_deal"]

def tutorial_deal() -> Deal:
    """The packets that deal the tutorial's hands and talon (in twos, the tournament way)."""
    hands = {s: C.parse_cards(h.split()) for s, h in HANDS.items()}
    talon = C.parse_cards(TALON.split())
    order = active_seats(3, DEALER)
    deck: list[int] = []
    for r in range(4):
        if r == 2:
            deck += talon
        for s in order:
            deck += hands[s][2 * r:2 * r + 2]
    return deal_packets(deck, 3, DEALER, "twos")


class TutorialMatch(Match):
    """A match whose only hand is the tutorial's prepared deal."""

    def deal(self, rng):
        del rng
        return tutorial_deal(), tutorial_state()


class TutorialTableScene(TableScene):
    """The real table with the tutorial's deal, easy bots, one hand, nothing saved, and the
    coach; ``coach`` holds what it said."""

    coach: TutorialCoach

    def __init__(self, auto_continue: float | None = None,
                 real_game: Callable[[], None] | None = None) -> None:
        """``real_game``: what the wrap-up's "Play a real game" does (the menu's New game);
        without it the wrap-up offers the guided game again, the guide and the menu."""
        names = [_("You"), _("Anna"), _("Jānis")]
        session = Session(players=3, names=names, levels=[None, BOT_LEVEL, BOT_LEVEL],
                          human=PLAYER, length=1, seed=7, practice=True,
                          match=TutorialMatch(players=3, dealer=DEALER))
        coach = TutorialCoach()
        super().__init__(session, auto_continue=auto_continue, coach=coach,
                         score_sheets=False)
        coach.table = self
        self.wrapped = False
        self.real_game = real_game

    def exit(self) -> None:
        """Leaving the table: after the whole hand, the wrap-up with the next steps comes up
        over what was below (leaving early from the pause menu goes straight back)."""
        super().exit()
        if self.finished and not self.wrapped and self._stack is not None:
            self.wrapped = True
            stack = self._stack

            def again() -> None:
                stack.push(TutorialTableScene(self.auto_continue, self.real_game))

            stack.push(wrap_up_scene(self.state, PLAYER, again, self.real_game))


def drive(table: TableScene) -> None:
    """Play the player's part by the coach's advice (tests and screenshots): close the
    coach's box, answer each decision as advised, close the hand summary."""
    if not table.on_stack():
        return
    top = table.stack.top
    if top is not table:
        close = getattr(top, "close", None)
        if close is not None:
            close()
        return
    coach = table.coach
    assert isinstance(coach, TutorialCoach)
    if coach.current is not None:
        coach.dismiss()
        return
    st = table.state
    kind = table.waiting_for()
    if st is None or kind is None or table.commands.waiting(Choose):
        return
    if kind == "bury":
        table.commands.give(Choose(tuple(coach.bury_cards(st))))
    elif kind == "bid":
        a = coach.advise(st)
        table.commands.give(Choose(a if a is not None else st.legal_actions()[0]))
    elif kind == "play":
        known, a = coach.coach_card()
        if not known:
            return  # the solver is still at it
        table.commands.give(Choose(a if a is not None else st.legal_actions()[0]))


