"""The settings: language, deck, four colours, animation speed, the pause after a trick,
the deal's speed, finishing a hand early, the hand's order, card size, full screen, sound,
hints and the forced card; each change takes effect at once and is saved when the
scene closes."""

from __future__ import annotations

import functools
import logging

import pygame

from .. import __version__
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, set_language
from . import texts
from .theme import available_themes, theme_label
from .widgets import Button, ChoiceRow, FormScene, Heading

log = logging.getLogger(__name__)


def deck_choices(themes: list[str]):
    """(theme id, its name) for a choice row; the name is read when drawn, so it is always
    in the current language."""
    return [(t, functools.partial(theme_label, t)) for t in themes]


ANIMS = [(k, v) for k, v in texts.ANIMATION_LABELS.items()]
SIZES = [(k, v) for k, v in texts.CARD_SIZE_LABELS.items()]


class SettingsScene(FormScene):
    title = N_("Settings")
    column = 0.6
    opaque = True

    def build(self) -> None:
        # the table's own labels (imported here: the first frame needs nothing of the table)
        from .table import finish, hand_order, pace

        st = self.app.settings
        themes = available_themes() or ["classic"]
        self.widgets = [
            ChoiceRow(N_("Language"), [(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES],
                      lambda: st.language or "en", self._set_language),
            ChoiceRow(N_("Deck"), deck_choices(themes), lambda: st.theme, self.app.set_theme),
            ChoiceRow(N_("Four colours"), [(False, texts.ON_OFF[False]),
                                           (True, texts.ON_OFF[True])],
                      lambda: st.four_colour, self.app.set_four_colour,
                      explain=lambda: _("♦ blue and ♣ green in the game's own decks; a deck "
                                        "you added keeps its own pictures.")),
            ChoiceRow(N_("Animation speed"), ANIMS, lambda: st.animation,
                      lambda v: setattr(st, "animation", v)),
            ChoiceRow(N_("Pause after a trick"), list(pace.TRICK_PAUSE_LABELS.items()),
                      lambda: st.trick_pause, lambda v: setattr(st, "trick_pause", v),
                      explain=lambda: _("How long a won trick stays in the middle; or until "
                                        "you click or press a key.")),
            ChoiceRow(N_("Deal speed"), list(pace.DEAL_LABELS.items()), lambda: st.deal_speed,
                      lambda v: setattr(st, "deal_speed", v),
                      explain=lambda: _("Fast: the cards are dealt without the shuffle shown.")),
            ChoiceRow(N_("Finish a hand early"), list(finish.MODE_LABELS.items()),
                      lambda: st.finish_early, lambda v: setattr(st, "finish_early", v),
                      explain=lambda: _("When every remaining trick is certain whatever anyone "
                                        "plays; Ask offers a button.")),
            ChoiceRow(N_("Trumps in your hand"), list(hand_order.TRUMP_LABELS.items()),
                      lambda: st.sort_trumps, functools.partial(self._set_order, "sort_trumps")),
            ChoiceRow(N_("Plain suits in your hand"), list(hand_order.SUIT_LABELS.items()),
                      lambda: st.sort_suits, functools.partial(self._set_order, "sort_suits")),
            ChoiceRow(N_("Cards in your hand"), list(hand_order.DIRECTION_LABELS.items()),
                      lambda: st.sort_direction,
                      functools.partial(self._set_order, "sort_direction")),
            ChoiceRow(N_("Card size"), SIZES, lambda: st.card_size, self._set_card_size),
            ChoiceRow(N_("Full screen (F11)"), [(False, texts.ON_OFF[False]),
                                                (True, texts.ON_OFF[True])],
                      lambda: self.app.fullscreen, lambda v: self.app.toggle_fullscreen()),
            ChoiceRow(N_("Sound"), [(False, texts.ON_OFF[False]), (True, texts.ON_OFF[True])],
                      lambda: st.sound, self._set_sound),
            ChoiceRow(N_("Hints"), [(False, texts.ON_OFF[False]), (True, texts.ON_OFF[True])],
                      lambda: st.hints, lambda v: setattr(st, "hints", v),
                      explain=lambda: _("The strong bot's advice at your turn; never in a "
                                        "serious match.")),
            ChoiceRow(N_("Play a forced card automatically"),
                      [(False, texts.ON_OFF[False]), (True, texts.ON_OFF[True])],
                      lambda: st.auto_play_forced, lambda v: setattr(st, "auto_play_forced", v),
                      explain=lambda: _("When only one card may be played, it is played "
                                        "after a short pause.")),
            Heading(lambda: _("Zole {version}").format(version=__version__), small=True),
            Button(N_("Copy diagnostic info"), self.copy_diagnostics),
        ]
        self.footer = [Button(N_("Back"), self.back, primary=True)]

    def copy_diagnostics(self) -> None:
        """Version, Python, pygame-ce, SDL, system, data folder and log file, to the
        clipboard for a bug report (and into the log)."""
        from .. import logs

        info = logs.diagnostics()
        log.info("diagnostic info:\n%s", info)
        try:
            pygame.scrap.put_text(info)
        except (pygame.error, AttributeError) as e:
            log.warning("the clipboard cannot be used: %s", e)
            self.app.toast(_("The clipboard cannot be used; the diagnostic info is in the "
                             "log file."))
            return
        self.app.toast(_("Diagnostic info copied: paste it into your bug report."))

    def _set_language(self, lang: str) -> None:
        self.app.settings.language = lang
        set_language(lang)
        pygame.display.set_caption(_("Zole"))
        self.app.invalidate()  # every label is translated when drawn: redraw now

    def _set_card_size(self, v: str) -> None:
        self.app.settings.card_size = v
        self.app.stack.resize(self.app.size)

    def _set_order(self, name: str, v: str) -> None:
        """The hand's order: the table under this screen sorts my cards again at once."""
        setattr(self.app.settings, name, v)
        self.app.stack.resize(self.app.size)

    def _set_sound(self, v: bool) -> None:
        self.app.settings.sound = v
        self.app.sound.enabled = v

    def back(self) -> None:
        self.app.save_settings()
        self.stack.pop()
        self.app.stack.resize(self.app.size)
