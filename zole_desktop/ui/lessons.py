"""The lessons after the guided first game (:mod:`.tutorial`): defending, and reading the
score sheet; the main menu's Lessons lists all three (:mod:`.lessons_menu`).

Each lesson after the guided game is the real table (:class:`LessonTableScene`) dealt real
hands by the rules core from the lesson's seed, with easy bots and the lesson's coach
(:mod:`.lesson_coach`); nothing is saved.  A lesson of two hands plays its second at a fresh
table over the same match, so the score sheet goes on.  The score sheet lesson ends with the
tour of the sheet its hands wrote (:mod:`.sheet_tour`).  Every lesson ends with a wrap-up:
what it taught, and the next step (the next lesson, a real game)."""

from __future__ import annotations

from collections.abc import Callable

from ..flow.session import Session
from ..i18n import N_, _, ngettext
from ..rules.match import Match
from ..teaching import defending, sheet_lesson
from .confirm import ConfirmScene
from .lesson_coach import PLAYER, LessonCoach, Plan, leave_lessons
from .table.scene import TableScene

DEFENDING = Plan(
    key="defending", title=N_("Defending"),
    blurb=N_("Play with a partner against the one who took the talon"),
    seed=defending.SEED, dealer=defending.DEALER, hands=1, bot_level=defending.BOT_LEVEL,
    steps=defending.STEPS, blocking=defending.BLOCKING, advice=defending.advice,
    card_lesson=defending.card_lesson, halfway=defending.halfway_count,
    halfway_at=defending.HALFWAY)
SHEET = Plan(
    key="sheet", title=N_("Reading the score sheet"),
    blurb=N_("Two short hands, then their score sheet, part by part"),
    seed=sheet_lesson.SEED, dealer=sheet_lesson.DEALER, hands=sheet_lesson.HANDS,
    bot_level=sheet_lesson.BOT_LEVEL, steps=sheet_lesson.STEPS,
    blocking=sheet_lesson.BLOCKING, advice=defending.advice)
PLANS = (DEFENDING, SHEET)

WRAP_UPS = {
    # what the lesson taught, not a claim about what this player did (they may have played
    # other cards than the coach's)
    "defending": N_("What the lesson showed: a defender passes and plays with a partner. "
                    "Your tricks and points count together; lead through the declarer so "
                    "that your partner plays last, give points to the tricks your partner "
                    "wins, and play low to the tricks the declarer takes."),
    "sheet": N_("What you saw: a row for every hand; the contract, its declarer and card "
                "points; each player's running total with this hand's change beside it; "
                "the pools an all-pass writes and a win closes; and totals that always "
                "add up to 0."),
}
NEXT = {
    "defending": N_("Next: the lesson on the score sheet, or a real game against the bots."),
    "sheet": N_("Next: a real game against the bots, with hints on. The score sheet is in "
                "the menu at the table (Esc) and after every hand."),
}

NEXT_LABEL = {"sheet": N_("Next lesson: the score sheet")}


def lesson_session(plan: Plan) -> Session:
    names = [_("You"), _("Anna"), _("Jānis")]
    return Session(players=3, names=names, levels=[None, plan.bot_level, plan.bot_level],
                   human=PLAYER, length=plan.hands, seed=plan.seed, practice=True,
                   match=Match(players=3, dealer=plan.dealer))


class LessonTableScene(TableScene):
    """The real table for one hand of a lesson; ``real_game``: what the wrap-up's "Play a
    real game" does (the menu's New game)."""

    coach: LessonCoach

    def __init__(self, plan: Plan, session: Session | None = None,
                 real_game: Callable[[], None] | None = None,
                 auto_continue: float | None = None) -> None:
        self.plan = plan
        coach = LessonCoach(plan)
        super().__init__(session or lesson_session(plan), auto_continue=auto_continue,
                         coach=coach, score_sheets=False)
        coach.table = self
        self.wrapped = False
        self.real_game = real_game

    def exit(self) -> None:
        """After the whole hand: the lesson's next hand, or its end (leaving early from the
        pause menu goes straight back)."""
        super().exit()
        if not self.finished or self.wrapped or self._stack is None:
            return
        self.wrapped = True
        stack = self._stack
        if len(self.session.match.rows) < self.plan.hands:
            nxt = LessonTableScene(self.plan, self.session, self.real_game,
                                   self.auto_continue)
            nxt.coach.seen = set(self.coach.seen)  # what was said is not said again
            nxt.coach.shown = list(self.coach.shown)
            stack.push(nxt)
            return
        wrap = lambda: stack.push(wrap_up_scene(self.plan, self.session,  # noqa: E731
                                                self.real_game))
        if self.plan.key == "sheet":
            from .sheet_tour import SheetTourScene

            stack.push(SheetTourScene(self.session, wrap))
        else:
            wrap()


def wrap_up_text(plan: Plan, session: Session) -> str:
    parts = []
    rows = session.match.rows
    if rows and plan.key == "defending":
        d = rows[-1].deltas[PLAYER]
        parts.append(ngettext("Your side won: the declarer paid you {n} game point.",
                              "Your side won: the declarer paid you {n} game points.", d)
                     .format(n=d) if d > 0 else
                     ngettext("The declarer won this time: you paid {n} game point.",
                              "The declarer won this time: you paid {n} game points.", -d)
                     .format(n=-d))
    parts.append(_(WRAP_UPS[plan.key]))
    parts.append(_(NEXT[plan.key]))
    return " ".join(parts)


def wrap_up_scene(plan: Plan, session: Session,
                  real_game: Callable[[], None] | None) -> ConfirmScene:
    """The lesson's last word and its next steps."""
    stack_of: list = []

    def again() -> None:
        stack_of[0].stack.push(LessonTableScene(plan, None, real_game))

    def main_menu() -> None:
        leave_lessons(stack_of[0].stack)

    answers: list[tuple[str, Callable[[], None]]] = []
    later = [p for p in PLANS if PLANS.index(p) > PLANS.index(plan)]
    if later:
        nxt = later[0]
        def next_lesson() -> None:
            stack_of[0].stack.push(LessonTableScene(nxt, None, real_game))

        answers.append((NEXT_LABEL[nxt.key], next_lesson))
    if real_game is not None:
        answers.append((N_("Play a real game"), real_game))
    # the list of lessons is below the wrap-up: closing it shows the list again
    answers += [(N_("Play this lesson again"), again), (N_("Lessons"), lambda: None),
                (N_("Main menu"), main_menu)]
    text = wrap_up_text(plan, session)
    scene = ConfirmScene(N_("The lesson is over"), lambda: text, answers, cancel=-1,
                         focus=0, primary=0)
    stack_of.append(scene)
    return scene
