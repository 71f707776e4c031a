"""Menus: the main menu, a new game, settings and the pause menu."""

from __future__ import annotations

import logging
import random
from functools import partial

import pygame

from ..flow import people
from ..flow.session import Session
from ..i18n import N_, _
from ..rules.options import CHOICES, Rules
from . import gfx, texts, title_deck
from .confirm import ConfirmScene
from .settings import SettingsScene, deck_choices
from .theme import available_themes
from .widgets import Button, ChoiceRow, FormScene, Heading, TextField

log = logging.getLogger(__name__)


class MainMenu(FormScene):
    title = N_("Zole")
    column = 0.34

    def build(self) -> None:
        self.continue_button = Button(N_("Continue"), self.cont, enabled=Session.has_saved)
        self.new_button = Button(N_("New game"), self.new_game)
        self.tutorial_button = Button(N_("Lessons"), self.tutorial,
                                      enabled=lambda: self.offered("tutorial"))
        self.guide_button = Button(N_("Rules guide"), self.guide,
                                   enabled=lambda: self.offered("guide"))
        self.widgets = [
            self.continue_button,
            self.new_button,
            self.tutorial_button,
            Button(N_("Play with friends"), self.friends),
            self.guide_button,
            Button(N_("Statistics"), self.statistics),
            Button(N_("Match history"), self.history),
            Button(N_("Deck gallery"), self.gallery),
            Button(N_("Settings"), lambda: self.stack.push(SettingsScene())),
            Button(N_("Quit"), self.app.quit),
        ]
        self.probed = False
        self.checked: dict[str, bool] = {}  # the guided game and the guide import cleanly

    def first_action(self) -> Button:
        """The one primary button: Continue when a match is saved; on a first start (nothing
        saved, nothing in the history) the lessons (the guided first game first); else New
        game."""
        if self.continue_button.enabled:
            return self.continue_button
        if self.tutorial_button.enabled and first_start():
            return self.tutorial_button
        return self.new_button

    def mark_first_action(self) -> None:
        first = self.first_action()
        for w in self.widgets:
            if isinstance(w, Button):
                w.primary = w is first
        self.focus = self.widgets.index(first)

    # two columns: playing on the left, everything else on the right
    LEFT = 4

    def row_height(self) -> int:
        return max(38, int(self.app.size[1] * 0.078))

    def layout(self) -> None:
        super().layout()
        W, H = self.app.size
        top = int(H * 0.27)
        rh = self.row_height()
        gap = int(rh * 0.28)
        cw = int(W * 0.3)
        between = int(W * 0.04)
        x0 = W // 2 - between // 2 - cw
        x1 = W // 2 + between // 2
        bottom = top
        for col, ws in ((x0, self.widgets[:self.LEFT]), (x1, self.widgets[self.LEFT:])):
            y = top
            for w in ws:
                w.rect = pygame.Rect(col, y, cw, rh)
                y += rh + gap
            bottom = max(bottom, y)
        self.view = pygame.Rect(x0 - 12, top - 8, x1 + cw - x0 + 24, bottom - top + 16)
        self.content_h = self.view.h

    def handle(self, a) -> None:
        # left/right cross between the two columns
        from .scene import LEFT, RIGHT

        if a.kind in (LEFT, RIGHT):
            i = self.focus
            if a.kind == RIGHT and i < self.LEFT:
                j = min(len(self.widgets) - 1, self.LEFT + i)
            elif a.kind == LEFT and self.LEFT <= i < len(self.widgets):
                j = min(self.LEFT - 1, i - self.LEFT)
            else:
                return
            if self.widgets[j].focusable:
                self.focus = j
            return
        super().handle(a)

    def offered(self, what: str) -> bool:
        """The guided game ("tutorial") or the rules guide ("guide") can be opened: until
        that is known, yes.  Knowing it means importing them (a twentieth of a second), which
        waits until the first frame is on the screen (:meth:`update`)."""
        return self.checked.get(what, True)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.checked and self.app.frames > 0:
            self.checked = {"tutorial": tutorial_scene() is not None,
                            "guide": guide_scene() is not None}
            if not all(self.checked.values()):
                self.app.invalidate()

    def busy(self) -> bool:
        return not self.checked or super().busy()  # steps on until the check is done

    def resume(self) -> None:
        super().resume()
        focus = self.focus
        self.mark_first_action()  # back from the table with a match saved: Continue it
        if focus not in (0, 1, 2) and self.all_widgets()[focus].focusable:
            self.focus = focus  # back from the statistics, the gallery ...: where one was
        if not self.all_widgets()[self.focus].focusable:
            self.focus = self._first_focusable()

    def enter(self) -> None:
        super().enter()
        self.probe_save()
        self.mark_first_action()

    def probe_save(self) -> None:
        """A save that cannot be continued is set aside now, with a one-line toast."""
        if self.probed or not Session.has_saved():
            return
        self.probed = True
        msgs: list[str] = []
        if Session.load(msgs) is None and msgs:
            self.say(msgs[-1])

    def say(self, msg: str) -> None:
        app = self.app
        if app.toast_text and app.time < app.toast_until and msg not in app.toast_text:
            msg = app.toast_text + "  " + msg
        app.toast(msg)

    def back(self) -> None:
        self.app.quit()

    def cont(self) -> None:
        from .table.scene import TableScene

        msgs: list[str] = []
        s = Session.load(msgs)
        if s is None:
            self.say(msgs[-1] if msgs else _("There is no saved game to continue"))
            self.mark_first_action()
            return
        self.stack.push(TableScene(s))

    def friends(self) -> None:
        self.stack.push(FriendsScene())

    def tutorial(self) -> None:
        """The list of lessons: the guided first game, defending, the score sheet."""
        cls = tutorial_scene()
        if cls is not None:
            self.stack.push(cls(real_game=self.new_game))

    def statistics(self) -> None:
        from .stats_scene import StatsScene

        self.stack.push(StatsScene())

    def history(self) -> None:
        from .history import HistoryScene

        self.stack.push(HistoryScene())

    def new_game(self) -> None:
        self.stack.push(NewGameScene())

    def guide(self) -> None:
        cls = guide_scene()
        if cls is not None:
            self.stack.push(cls())

    def gallery(self) -> None:
        from .gallery import GalleryScene

        self.stack.push(GalleryScene())

    def fan_area(self) -> pygame.Rect:
        """Below the left column's last button: the chosen deck's fan (title_deck)."""
        last = self.widgets[self.LEFT - 1].rect
        return title_deck.fan_area(last.bottom, last.x, last.w, self.app.size)

    def draw(self, surface) -> None:
        super().draw(surface)
        self.fan_rect = title_deck.draw(surface, self.app.theme, self.fan_area())
        W, H = self.app.size
        sub = _("Latvia's card game for three, four or five")
        gfx.blit_text(surface, sub, gfx.fit_size(sub, int(H * 0.028), int(W * 0.9)),
                      gfx.DIM_LINEN, (W // 2, int(H * 0.145)), "center")
        if not self.guide_button.enabled:
            note = _("The rules guide is not written yet")
            r = self.guide_button.rect
            gfx.blit_text(surface, note, max(10, int(H * 0.017)), gfx.DIM_LINEN,
                          (r.centerx, r.bottom + 2), "midtop")
        hint = _("F1 at the table opens the rules guide")
        gfx.blit_text(surface, hint, max(11, int(H * 0.02)), gfx.DIM_LINEN,
                      (W // 2, H - int(H * 0.04)), "center")


def first_start() -> bool:
    """Nothing played on this computer yet: no match in the history folder."""
    from ..records.history import history_dir

    try:
        return not any(history_dir().glob("*.json"))
    except OSError as e:
        log.warning("cannot read the history folder: %s", e)
        return False


class FriendsScene(FormScene):
    """Play with friends at other computers on this network: host a table or join one."""

    title = N_("Play with friends")
    column = 0.5

    def build(self) -> None:
        self.widgets = [
            Heading(N_("Friends at other computers on this network, no internet needed"),
                    small=True),
            Button(N_("Host a table on this network"), self.host_table),
            Button(N_("Join a table"), self.join_table),
        ]
        self.footer = [Button(N_("Back"), self.back)]

    def host_table(self) -> None:
        from .lobby import HostTableScene

        self.stack.replace(HostTableScene())

    def join_table(self) -> None:
        from .lobby import JoinTableScene

        self.stack.replace(JoinTableScene())


def tutorial_scene():
    """The lessons' list (the guided first game and the lessons after it) when those
    modules import cleanly, else None."""
    try:
        from .lessons_menu import LessonsScene
    except Exception:  # written separately; the menu must work without it
        _log_once("tutorial")
        return None
    return LessonsScene


def guide_scene():
    """The rules guide scene when that module is present and imports cleanly, else None."""
    try:
        from .guide import GuideScene
    except Exception:  # written separately; the menu must work without it
        _log_once("guide")
        return None
    return GuideScene


_import_failures: set[str] = set()


def _log_once(what: str) -> None:
    """Log a failed import with its traceback, once (the menu asks at every frame)."""
    if what not in _import_failures:
        _import_failures.add(what)
        log.exception("the %s cannot be imported; its menu entry is disabled", what)


LENGTHS = [(6, N_("6 hands")), (12, N_("12 hands")), (24, N_("24 hands")),
           (36, N_("36 hands")), (0, N_("No limit"))]


class NewGameScene(FormScene):
    title = N_("New game")
    column = 0.7

    def build(self) -> None:
        st = self.app.settings
        self.players = 3
        self.name = people.stored(st.player_name)  # "": never typed (shown as "You")
        self.levels = ["normal", "normal", "normal", "normal"]
        self.options = Rules().to_dict()
        self.length = 12
        self.serious = False
        self.theme = st.theme
        ws = [Heading(N_("Who plays"), small=True),
              ChoiceRow(N_("People at the table"), [(3, "3"), (4, "4"), (5, "5")],
                        lambda: self.players, self._set_players,
                        explain=lambda: _("Three play each hand; with four the dealer sits "
                                          "out, with five the dealer and one more.")),
              TextField(N_("Your name"), lambda: self.name, self._set_name)]
        for i in range(4):
            ws.append(ChoiceRow(
                partial(self.bot_label, i), [(lv, texts.LEVEL_LABELS[lv]) for lv in texts.LEVELS],
                partial(self.levels.__getitem__, i), partial(self._set_level, i),
                enabled=partial(self.bot_seated, i)))
        ws.append(ChoiceRow(N_("Match length"), LENGTHS, lambda: self.length,
                            self._set_length))
        ws.append(Heading(N_("Table options"), small=True))
        ws.append(ChoiceRow(N_("Serious match"), [(False, texts.ON_OFF[False]),
                                                  (True, texts.ON_OFF[True])],
                            lambda: self.serious, self._set_serious,
                            explain=lambda: _("No undo and no hints: every card counts.")
                            if self.serious else _("Undo and hints are allowed.")))
        for name in CHOICES:
            ws.append(ChoiceRow(texts.OPTION_LABELS[name], texts.option_values(name),
                                partial(self.options.__getitem__, name),
                                partial(self.options.__setitem__, name),
                                explain=partial(self.option_explain, name)))
        ws.append(Heading(N_("Cards"), small=True))
        themes = available_themes() or ["classic"]
        ws.append(ChoiceRow(N_("Deck"), deck_choices(themes), lambda: self.theme,
                            self._set_theme))
        ws.append(Heading(N_("Friends at other computers"), small=True))
        ws.append(Button(N_("Host a table on this network"), self.host_table))
        ws.append(Button(N_("Join a table"), self.join_table))
        self.widgets = ws
        self.footer = [Button(N_("Back"), self.back), Button(N_("Start"), self.start,
                                                             primary=True)]

    def _set_players(self, v) -> None:
        self.players = v

    def bot_label(self, i: int) -> str:
        return _("Bot {name}").format(name=self.bot_names()[i])

    def bot_seated(self, i: int) -> bool:
        """The i-th bot has a seat at a table of this size."""
        return i < self.players - 1

    def option_explain(self, name: str) -> str:
        return texts.option_explain(name, self.options[name])

    def bot_names(self) -> list[str]:
        """The four bots' names: none the name typed above (in any case or language)."""
        names = [people.stored(self.name)[:20]]
        for i in range(4):
            names.append(people.bot_name(i, taken=names))
        return names[1:]

    def host_table(self) -> None:
        """Friends at other computers on this network (ui/lobby.py)."""
        from .lobby import HostTableScene

        self.stack.replace(HostTableScene())

    def join_table(self) -> None:
        from .lobby import JoinTableScene

        self.stack.replace(JoinTableScene())

    def _set_name(self, v: str) -> None:
        self.name = v

    def _set_level(self, i: int, v: str) -> None:
        self.levels[i] = v

    def _set_length(self, v: int) -> None:
        self.length = v

    def _set_theme(self, v: str) -> None:
        self.theme = v

    def _set_serious(self, v: bool) -> None:
        self.serious = v

    def start(self) -> None:
        """Start the match set up here; a match still saved is never replaced unasked."""
        if self.app.save_enabled and Session.has_saved():
            msgs: list[str] = []
            saved = Session.load(msgs)
            if saved is not None:
                self.stack.push(replace_match_question(
                    saved, keep=lambda: self.continue_saved(saved),
                    replace=lambda: self.start_new(saved)))
                return
            if msgs:  # it could not be continued: it was set aside, with this line
                self.app.toast(msgs[-1])
        self.start_new(None)

    def continue_saved(self, saved: Session) -> None:
        from .table.scene import TableScene

        self.stack.replace(TableScene(saved))

    def start_new(self, replaced: Session | None) -> None:
        """The new match; ``replaced``, the saved one it takes the place of, is kept in the
        history first (marked unfinished), and if that fails it stays saved and nothing
        starts."""
        from .table.scene import TableScene

        if replaced is not None:
            try:
                replaced.keep_unfinished()
            except OSError as e:
                log.error("the saved match could not be kept in the history: %s", e)
                self.app.toast(_("The match in progress could not be kept in the history "
                                 "({error}), so it stays saved for Continue and no new game "
                                 "was started.").format(error=e.strerror or e))
                return
        st = self.app.settings
        st.player_name = people.stored(self.name)[:20]
        if self.theme != st.theme:
            self.app.set_theme(self.theme)
        self.app.save_settings()
        names = [st.player_name] + self.bot_names()[: self.players - 1]
        levels: list[str | None] = [None] + self.levels[: self.players - 1]
        session = Session(players=self.players, names=names, levels=levels, human=0,
                          rules=Rules.from_dict(self.options), length=self.length,
                          seed=random.randrange(1, 1 << 30), serious=self.serious)
        if self.app.save_enabled:
            Session.clear_saved()
        self.stack.replace(TableScene(session))


def replace_match_question(saved: Session, keep, replace) -> ConfirmScene:
    """Asked before a new game takes the place of the match still saved."""
    def message() -> str:
        others = [n for n in (saved.name(s) for s in range(saved.players) if s != saved.human)
                  if n]
        return _("{where}, against {others}. A new game puts it away: it is kept in the "
                 "match history, marked unfinished, and can no longer be continued.").format(
            where=saved.describe(), others=", ".join(others))

    return ConfirmScene(N_("A match is in progress"), message,
                        [(N_("Continue that match"), keep),
                         (N_("Start the new game"), replace),
                         (N_("Back"), lambda: None)], cancel=-1, focus=0, primary=0)
