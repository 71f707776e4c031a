"""The coach of the lessons after the guided game (defending, the score sheet): the guided
game's coach (:class:`~.tutorial_coach.TutorialCoach`: its box, "Got it", C to read a
message again, the ▼ marker, the solver on the hint worker) with a lesson's own messages and
advice, from a :class:`Plan` of :mod:`zole_desktop.teaching`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import N_
from ..rules.state import HandState
from ..teaching.lesson import Step
from .tutorial_coach import TutorialCoach

PLAYER = 0


@dataclass(frozen=True)
class Plan:
    """A lesson: its deals (``seed``, the first ``dealer``, ``hands`` hands), its bots, what
    its coach says (``steps``; ``blocking`` hold the game until "Got it") and advises.
    ``card_lesson(state, card)``: the coach's word on its card, or None; ``halfway(state)``:
    the numbers of the halfway count (None: no count)."""

    key: str
    title: str  # N_-marked
    blurb: str  # N_-marked: one line in the list of lessons
    seed: int
    dealer: int
    hands: int
    bot_level: str
    steps: tuple[Step, ...]
    blocking: tuple[str, ...]
    advice: Callable[[HandState], int | None]
    card_lesson: Callable[[HandState, int | None], tuple[str, dict] | None] | None = None
    halfway: Callable[[HandState], dict[str, int]] | None = None
    halfway_at: int = 4


class LessonCoach(TutorialCoach):
    """The guided game's coach speaking a lesson's :class:`Plan`."""

    bid_refusal = N_("In this lesson someone else takes the talon: click {take}.")

    def __init__(self, plan: Plan) -> None:
        super().__init__()
        self.plan = plan
        self.blocking = plan.blocking
        self._steps = {s.event: s for s in plan.steps}
        self.ours_seen = self.theirs_seen = False

    def first_position(self) -> HandState | None:
        return None  # the first lead's search starts when the lead comes

    def step(self, event: str) -> Step | None:
        return self._steps.get(event.split("@")[0])

    def advise(self, st: HandState) -> int | None:
        return self.plan.advice(st)

    def bury_cards(self, st: HandState) -> list[int]:
        return []  # in these lessons the player never buries

    def events(self, st: HandState, kind: str | None) -> None:
        t = self.t
        hand = t.hand_no
        self._say("start")
        if kind == "bid":
            self._say("your_bid")
        decl = st.declarer_seat
        if decl is not None and decl != PLAYER:
            partner = next(s for s in st.seats if s not in (decl, PLAYER))
            self._say("partner", {"declarer": t.seat_name(decl), "partner": t.seat_name(partner)})
        if kind == "play" and self.plan.card_lesson is not None:
            n = len(st.completed)
            if n == 7:
                self._say("last_trick")
            else:
                known, card = self.coach_card()
                lesson = self.plan.card_lesson(st, card) if known else None
                if lesson is not None:
                    self._say(f"{lesson[0]}@{hand}.{n + 1}", lesson[1])
        n = len(st.completed)
        if n > self.tricks_seen and decl is not None and self.trick_swept():
            self.tricks_seen = n
            ours = st.completed[-1].winner != decl
            if ours and not self.ours_seen:
                self.ours_seen = True
                self._say("trick_ours")
            elif not ours and not self.theirs_seen:
                self.theirs_seen = True
                self._say("trick_theirs")
            if n == self.plan.halfway_at and self.plan.halfway is not None and \
                    not st.is_terminal():
                self._say("halfway", self.plan.halfway(st))
        if st.is_terminal():
            if decl is None:
                self._say("all_passed")
            else:
                self._say("end_lost" if st.result().value > 0 else "end_won")


def leave_lessons(stack) -> None:
    """A wrap-up's "Main menu": the list of lessons below it goes too."""
    for scene in list(stack.scenes):
        if getattr(scene, "lessons_list", False):
            stack.remove(scene)
