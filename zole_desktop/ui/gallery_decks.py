"""The deck gallery's part for decks beyond looking at them: the player's decks (found broken
before they are shown, added from a form or a drop), printing a deck, saving a card, and the
slow "turn the deck" show.  A mixin of :class:`~zole_desktop.ui.gallery.GalleryScene`, which
holds the state (``themes``, ``ti``, ``ci``, ``loaded``, ``errors``, ``problems``,
``turning``, ``turn_t``) and the lookups (``theme()``, ``code``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _
from . import pictures
from .theme import available_themes, is_player_theme

ORDER = pictures.GALLERY_ORDER
TURN_SECONDS = 3.5  # how long each card stays when the deck is turned
FLIP_SECONDS = 0.35  # half a turn: the card narrows to its edge, then the next one widens


class DeckTools:
    app: Any
    stack: Any
    themes: list[str]
    ti: int
    ci: int
    loaded: dict[str, Any]
    errors: dict[str, str]
    problems: dict[str, list[str]]
    turning: bool
    turn_t: float
    # and from the scene (GalleryScene): the deck shown, the card's code, a redraw
    theme: Callable[[], Any]
    redraw: Callable[[], None]

    @property
    def code(self) -> str:
        """The code of the card shown (GalleryScene's)."""
        raise NotImplementedError

    def check_player_decks(self) -> None:
        """Find the broken player decks before they are shown, so that their tabs carry the
        warning sign: the checks without decoding (names, headers, sizes), a few ms a deck."""
        from .. import decks

        for tid in self.themes:
            if tid in self.loaded or not is_player_theme(tid):
                continue
            problems = decks.check_files(decks.read_folder(decks.user_themes_dir() / tid),
                                         decode_images=False).problems
            if problems:
                self.loaded[tid] = None
                # written when shown, in the language of the moment (as the problems are)
                self.errors[tid] = decks.Problem(decks.DeckError(problems).__str__)
                self.problems[tid] = problems

    def deck_added(self, tid: str) -> None:
        """A deck was imported: list it, show it (loaded afresh: it may replace one)."""
        self.themes = available_themes() or [self.app.theme.id]
        self.loaded.pop(tid, None)
        self.errors.pop(tid, None)
        self.problems.pop(tid, None)
        self.check_player_decks()
        if tid == self.app.settings.theme:
            self.app.load_theme()  # the deck in use was replaced
        if tid in self.themes:
            self.ti = self.themes.index(tid)
        self.ci = 0
        th = self.theme()
        name = th.name() if th is not None else tid
        if th is None:
            self.app.toast(_("“{name}” was added, but it cannot be used: {reason}").format(
                name=name, reason=self.errors.get(tid, "")))
        else:
            self.app.toast(_("“{name}” is added: choose “Use this deck” to play with it.")
                           .format(name=name), 8.0)
        self.redraw()

    def add_deck(self) -> None:
        from .deck_forms import AddDeckScene

        self.turning = False
        self.stack.push(AddDeckScene(self.deck_added))

    def print_deck(self) -> None:
        th = self.theme()
        if th is None:
            return
        from .deck_forms import SaveScene

        self.turning = False
        self.stack.push(SaveScene("pdf", th))

    def save_card(self) -> None:
        th = self.theme()
        if th is None:
            return
        from .deck_forms import SaveScene

        self.turning = False
        self.stack.push(SaveScene("png", th, self.code))

    def toggle_turning(self) -> None:
        self.turning = not self.turning and self.theme() is not None
        self.turn_t = 0.0
        self.redraw()

    def update(self, dt: float) -> None:
        if not self.turning:
            return
        before = self.turn_t
        self.turn_t += dt
        if before < TURN_SECONDS <= self.turn_t:
            self.ci = (self.ci + 1) % len(ORDER)
            self.turn_t -= TURN_SECONDS
            self.redraw()

    def busy(self) -> bool:
        return self.turning

    def animating(self) -> bool:
        return self.turning and self.turn_width() < 1.0

    def turn_width(self) -> float:
        """How wide the card is drawn while the deck turns (1 = flat, 0 = on its edge)."""
        if not self.turning:
            return 1.0
        t = self.turn_t
        if t < FLIP_SECONDS:
            return max(0.02, t / FLIP_SECONDS)
        if t > TURN_SECONDS - FLIP_SECONDS:
            return max(0.02, (TURN_SECONDS - t) / FLIP_SECONDS)
        return 1.0

    def drop_file(self, path: str) -> None:
        """A deck's folder or .zip dropped on the window: add it."""
        from .deck_forms import AddDeckScene

        self.turning = False
        form = AddDeckScene(self.deck_added)
        self.stack.push(form)
        form.path = path
        form.add()
