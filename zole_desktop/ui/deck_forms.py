"""The deck gallery's forms: add a deck (a folder or a .zip, its path typed or pasted), print a
deck (a PDF for print-and-play) and save one card as a PNG.

There is no file dialog: the path is typed, pasted with Ctrl+V (Cmd+V on a Mac), or the folder
or file is dropped on the window.  The PDF
is written on a worker thread, so the window stays live; the loop is woken when it is done.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pygame

from .. import decks, storage
from ..i18n import N_, _, language
from . import gfx
from .scene import CONFIRM, DROP_FILE, KEY, TEXT, Action
from .widgets import Button, ChoiceRow, FormScene, TextField, Widget, focus_bar

log = logging.getLogger(__name__)

MAX_PATH = 1000


class Note(Widget):
    """A paragraph or a few lines of text in a form (not focusable)."""

    focusable = False

    def __init__(self, text: Callable[[], str | list[str]], lines: int = 2,
                 color=gfx.DIM_LINEN) -> None:
        super().__init__()
        self.text = text
        self.height_factor = 0.55 * lines
        self.color = color

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        got = self.text()
        paras = got if isinstance(got, list) else [got]
        size = max(12, int(r.h / max(1.0, self.height_factor / 0.55) * 0.58))
        lh = int(size * 1.3)
        y = r.y
        for para in paras:
            for line in gfx.wrap(para, size, r.w):
                if y + lh > r.bottom + 2:
                    return
                gfx.blit_text(surface, line, size, self.color, (r.x, y))
                y += lh


class CardPreview(Widget):
    """The card a form is about, drawn with its shadow (not focusable)."""

    focusable = False

    def __init__(self, theme, code: str, rows: float = 4.0) -> None:
        super().__init__()
        self.theme = theme
        self.code = code
        self.height_factor = rows

    def draw(self, surface, focused: bool) -> None:
        from .pictures import ASPECT, blit_card

        r = self.rect
        h = r.h - 8
        card = pygame.Rect(0, 0, round(h * ASPECT), h)
        card.midtop = (r.centerx, r.y + 2)
        blit_card(surface, self.theme, self.code, card)


class PathField(TextField):
    """A text field for a path: a wide box that shows the end of a long path."""

    def box(self) -> pygame.Rect:
        """The box the path is typed in (right of the label)."""
        r = self.rect
        lw = int(r.w * 0.26)
        return pygame.Rect(r.x + lw, r.y + r.h * 0.1, r.w - lw, r.h * 0.8)

    def draw(self, surface, focused: bool) -> None:
        r = self.rect
        size = max(11, int(r.h * 0.36))
        label = _(self.label)
        lw = int(r.w * 0.26)
        gfx.blit_text(surface, label, gfx.fit_size(label, size, lw - 8), gfx.LINEN,
                      (r.x, r.centery), "midleft")
        box = self.box()
        radius = max(4, box.h // 4)
        surface.blit(gfx.panel(box.w, box.h, fill=gfx.LINEN, border=gfx.EDGE, radius=radius,
                               width=3 if focused or self.hover else 2), box)
        if focused:  # the game's focus look (ui/focus_look.py), as on every other field
            focus_bar(surface, box)
        shown = self.get() + ("|" if focused else "")
        room = box.w - 16
        f = gfx.font(size)
        cut = 0
        while cut < len(shown) and f.size(("…" if cut else "") + shown[cut:])[0] > room:
            cut += max(1, (len(shown) - cut) // 12)
        gfx.blit_text(surface, ("…" if cut else "") + shown[cut:], size, gfx.INK,
                      (box.x + 8, box.centery), "midleft")


def paste_text() -> str:
    """Text on the clipboard ('' when there is none or it cannot be read)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        got = pygame.scrap.get_text()
    except (pygame.error, AttributeError) as e:
        log.warning("the clipboard cannot be read: %s", e)
        return ""
    return got or ""


def user_path(text: str) -> Path:
    """A path as the player typed or pasted it: quotes and file:// taken off, ~ expanded."""
    t = text.strip().strip('"').strip("'")
    if t.startswith("file://"):
        from urllib.parse import unquote, urlparse

        t = unquote(urlparse(t).path)
    return Path(os.path.expanduser(t))


class _PathForm(FormScene):
    """A form with a path field that takes Ctrl+V."""

    column = 0.72

    def __init__(self) -> None:
        super().__init__()
        self.path = ""
        self.problems: list[str] = []
        self.swallow = ""  # the text of the key that opened the form, not to be typed here

    def _get(self) -> str:
        return self.path

    def _set(self, v: str) -> None:
        self.path = v
        self.problems = []

    def handle(self, a: Action) -> None:
        swallow, self.swallow = self.swallow, ""
        if a.kind == TEXT and swallow and a.text == swallow:
            return  # SDL sends the letter that opened this form as text too
        if a.kind == KEY and a.text == "ctrl+v":
            t = " ".join(paste_text().split())
            if t:
                self.path = (self.path + t)[:MAX_PATH]
                self.problems = []
                self.redraw()
            return
        if a.kind == DROP_FILE and a.text:  # a folder or file dropped on the window
            self.path = a.text[:MAX_PATH]
            self.problems = []
            if isinstance(self, AddDeckScene):
                self.footer[0].activate()
            self.redraw()
            return
        if a.kind == CONFIRM and isinstance(self._focused(), PathField):
            self.footer[0].activate()  # Enter in the path field does what the first button does
            return
        super().handle(a)

    def _focused(self) -> Widget | None:
        ws = self.all_widgets()
        return ws[self.focus] if 0 <= self.focus < len(ws) else None

    def problem_lines(self) -> list[str]:
        if not self.problems:
            return []
        shown = [str(p) for p in self.problems[:6]]  # a deck's problem is written now
        more = len(self.problems) - len(shown)
        if more:
            shown = shown + [_("… and {n} more").format(n=more)]
        return shown


class AddDeckScene(_PathForm):
    """"Add a deck…": import a folder or a .zip into themes/ after the checks."""

    title = N_("Add a deck")

    def __init__(self, on_added: Callable[[str], None]) -> None:
        super().__init__()
        self.on_added = on_added
        self.job: threading.Thread | None = None  # the import runs beside the loop
        self.result: tuple[str, list[str]] | None = None  # (id, problems)

    def build(self) -> None:
        self.widgets = [
            Note(lambda: _("A deck is a folder (or a .zip of one) with theme.toml, a licence "
                           "file and 26 pictures of the cards. docs/THEMES.md says how to make "
                           "one, and “zole theme template FOLDER” writes a deck to start "
                           "from."), lines=3),
            PathField(N_("Folder or .zip"), self._get, self._set, max_len=MAX_PATH),
            Note(lambda: _("Type the path, paste it with Ctrl+V, or drop the folder or the "
                           ".zip on this window."), lines=1),
            Note(self.problem_lines, lines=7, color=gfx.AMBER),
        ]
        self.footer = [Button(lambda: _("Adding…") if self.job else _("Add this deck"),
                              self.add, primary=True,
                              enabled=lambda: self.job is None and bool(self.path.strip())),
                       Button(N_("Back"), self.back)]

    def enter(self) -> None:
        super().enter()
        self.focus = next(i for i, w in enumerate(self.widgets) if isinstance(w, PathField))

    def busy(self) -> bool:
        return self.job is not None

    def animating(self) -> bool:
        return False

    def back(self) -> None:
        if self.job is None:  # an import under way finishes first (it is a few seconds)
            super().back()

    def add(self) -> None:
        """Check and copy the deck on a worker thread: the window stays live (and a held
        Enter is not repeated into the gallery) while 26 pictures are decoded."""
        if self.job is not None:
            return
        src = user_path(self.path)
        self.result = None
        self.problems = []
        self.job = threading.Thread(target=self._import, args=(src,), name="zole-import",
                                    daemon=True)
        self.job.start()
        self.redraw()

    def _import(self, src: Path) -> None:
        try:
            tid = decks.import_deck(src)
            log.info("deck %s added from %s", tid, src)
            self.result = (tid, [])
        except decks.DeckError as e:
            log.info("deck %s refused: %s", src, "; ".join(e.problems))
            self.result = ("", [decks.say(N_("This deck cannot be added:"))] + e.problems)
        except OSError as e:
            log.warning("deck %s could not be copied: %s", src, e)
            self.result = ("", [_("The deck could not be copied: {error}").format(
                error=e.strerror or e)])
        except Exception:
            log.exception("adding the deck %s failed", src)
            self.result = ("", [_("The deck could not be added; the log file says why.")])
        finally:
            if self.app is not None:
                self.app.wake()

    def update(self, dt: float) -> None:
        if self.job is None or self.job.is_alive():
            return
        self.job = None
        tid, problems = self.result or ("", [_("Nothing was written.")])
        if problems:
            self.problems = problems
            self.redraw()
            return
        if self.on_stack():
            self.close()
        self.on_added(tid)


class SaveScene(_PathForm):
    """Print this deck (a PDF) or save this card (a PNG) into a folder."""

    folders: dict[str, str] = {}  # the folder last chosen for each kind, for this session
    paper = ""

    def __init__(self, kind: str, theme, code: str = "") -> None:
        super().__init__()
        self.kind = kind  # "pdf" or "png"
        self.theme_ = theme
        self.code = code
        default = storage.data_dir() / ("prints" if kind == "pdf" else "cards")
        self.path = SaveScene.folders.get(kind, str(default))
        if not SaveScene.paper:
            SaveScene.paper = "letter" if language() == "en" and _uses_letter() else "a4"
        self.job: threading.Thread | None = None
        self.result: tuple[Path | None, str] | None = None

    def title_text(self) -> str:
        return _("Print this deck") if self.kind == "pdf" else _("Save this card as a picture")

    def build(self) -> None:
        name = self.theme_.name()
        if self.kind == "pdf":
            self.widgets = [
                Note(lambda: _("{deck}: the 26 cards and their backs at poker size (63 × 88 "
                               "mm), six to a page with crop marks, for printing on both "
                               "sides, and a page of the rules in your language.").format(
                                   deck=name), lines=3),
                ChoiceRow(N_("Paper"), [("a4", N_("A4")), ("letter", N_("Letter"))],
                          lambda: SaveScene.paper, self._set_paper),
            ]
        else:
            from .pictures import card_title

            self.widgets = [Note(lambda: f"{name}: {card_title(self.code)}", lines=1),
                            CardPreview(self.theme_, self.code)]
        self.widgets += [
            PathField(N_("Folder"), self._get, self._set, max_len=MAX_PATH),
            Note(lambda: _("Type the path, or paste it with Ctrl+V."), lines=1),
            Note(self.problem_lines, lines=3, color=gfx.AMBER),
        ]
        label = N_("Write the PDF") if self.kind == "pdf" else N_("Save the PNG")
        self.footer = [Button(lambda: _("Writing…") if self.job else _(label), self.save,
                              primary=True, enabled=lambda: self.job is None
                              and bool(self.path.strip())),
                       Button(N_("Back"), self.back)]

    def enter(self) -> None:
        super().enter()
        self.focus = next(i for i, w in enumerate(self.widgets) if isinstance(w, PathField))

    def _set_paper(self, v: str) -> None:
        SaveScene.paper = v

    def busy(self) -> bool:
        return self.job is not None

    def animating(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        if self.job is not None and not self.job.is_alive():
            self.job = None
            self.finish()

    def target(self) -> Path:
        folder = user_path(self.path)
        if self.kind == "pdf":
            from ..printing import default_pdf_path

            return default_pdf_path(self.theme_.id, SaveScene.paper, folder)
        return folder / f"zole-{self.theme_.id}-{self.code}.png"

    def save(self) -> None:
        if self.job is not None:
            return
        out = self.target()
        SaveScene.folders[self.kind] = self.path
        if self.kind == "png":
            self.result = None
            self._save_png(out)
            self.finish()
            return
        self.result = None
        four = self.app is not None and self.app.settings.four_colour
        self.job = threading.Thread(target=self._write_pdf, args=(out, SaveScene.paper, four),
                                    name="zole-print", daemon=True)
        self.job.start()
        self.redraw()

    def _write_pdf(self, out: Path, paper: str, four: bool) -> None:
        from ..printing import PrintError, write_pdf

        try:
            write_pdf(self.theme_.id, paper, out, four=four)
            self.result = (out, "")
        except PrintError as e:
            log.warning("printing %s: %s", self.theme_.id, e)
            self.result = (None, str(e))
        except OSError as e:
            log.warning("printing %s to %s: %s", self.theme_.id, out, e)
            self.result = (None, _("The file could not be written: {error}").format(
                error=e.strerror or e))
        except Exception:
            log.exception("printing %s failed", self.theme_.id)
            self.result = (None, _("The PDF could not be made; the log file says why."))
        finally:
            if self.app is not None:
                self.app.wake()

    def _save_png(self, out: Path) -> None:
        import io

        th = self.theme_
        buf = io.BytesIO()
        if th.vector is not None:  # a game deck: drawn from its master, in the colours shown
            from ..card_cache import VectorUnavailable, render

            try:
                render(th.id, self.code, 640, 896, th.four).save(buf, "PNG")
            except VectorUnavailable as e:
                log.warning("saving %s %s from its vector master: %s", th.id, self.code, e)
        try:
            if not buf.tell():  # a player's deck, or resvg failed: the picture it has
                img = th.faces.get(self.code) if th.faces else None
                if img is None:
                    from .theme import procedural_face

                    img = procedural_face(self.code, 640, 896)
                pygame.image.save(img, buf, "card.png")
            storage.atomic_write(out, buf.getvalue())
            self.result = (out, "")
        except (OSError, pygame.error) as e:
            log.warning("saving %s: %s", out, e)
            self.result = (None, _("The file could not be written: {error}").format(
                error=getattr(e, "strerror", None) or e))

    def finish(self) -> None:
        out, err = self.result or (None, _("Nothing was written."))
        if out is None:
            self.problems = [err]
            self.redraw()
            return
        msg = (_("The PDF is saved as {path}") if self.kind == "pdf"
               else _("The card is saved as {path}")).format(path=str(out))
        self.app.toast(msg, 10.0)
        if self.on_stack():
            self.close()


def _uses_letter() -> bool:
    """Letter paper where the system's locale says so (the USA, Canada), else A4."""
    import locale

    loc = (locale.getlocale()[0] or os.environ.get("LANG", "")).replace("-", "_")
    return loc.endswith(("_US", "_CA"))
