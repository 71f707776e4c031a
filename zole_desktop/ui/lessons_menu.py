"""The main menu's Lessons: the guided first game, then the lessons of :mod:`.lessons`, each
with a line on what it teaches."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..i18n import N_
from .lesson_coach import Plan
from .lessons import PLANS, LessonTableScene
from .tutorial import TutorialTableScene
from .widgets import Button, FormScene, Heading, Widget


class LessonsScene(FormScene):
    """The list of lessons, each with a line on what it teaches."""

    title = N_("Lessons")
    column = 0.62
    lessons_list = True  # left with the lessons for the main menu (:func:`leave_lessons`)

    def __init__(self, real_game: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.real_game = real_game

    def build(self) -> None:
        self.guided = Button(N_("Guided first game"), self.guided_game, primary=True)
        # each lesson's line on what it teaches just above its button
        self.widgets: list[Widget] = [
            Heading(N_("Play a whole hand as the declarer, with a coach"), small=True),
            self.guided]
        self.lesson_buttons: list[Button] = []
        for plan in PLANS:
            b = Button(plan.title, partial(self.start, plan))
            self.lesson_buttons.append(b)
            self.widgets += [Heading(plan.blurb, small=True), b]
        self.footer = [Button(N_("Back"), self.back)]

    def guided_game(self) -> None:
        self.stack.push(TutorialTableScene(real_game=self.real_game))

    def start(self, plan: Plan) -> None:
        self.stack.push(LessonTableScene(plan, None, self.real_game))
