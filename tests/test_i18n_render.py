"""Every translation can be drawn: the bundled fonts hold all its characters, and each label
fits its button or box at 1280x720 in Latvian, English and Russian without shrinking below
70% of the size the widget asks for."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from tests.helpers import ROOT  # noqa: E402
from zole_desktop import i18n  # noqa: E402
from zole_desktop.tools import catalogs  # noqa: E402

LANGS = ("lv", "en", "ru")
FONTS = [ROOT / "art" / "fonts" / "DejaVuSans.ttf", ROOT / "art" / "fonts" / "DejaVuSans-Bold.ttf"]
SIZE = (1280, 720)
MIN_RATIO = 0.7  # a label may shrink to 70% of its widget's text size, no further
# symbols the UI draws around translated text (gfx constants, card labels)
UI_SYMBOLS = "◀▶▸·—–−…♣♠♥♦→«»„“”№"


# ------------------------------------------------------------------ glyphs
def _catalog_texts(lang: str) -> list[str]:
    with open(catalogs.po_path(lang), "rb") as f:
        cat = read_po(f, locale=lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        out += list(m.id) if isinstance(m.id, tuple) else [m.id]
        out += [s for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
    return out


@pytest.fixture(scope="module")
def fonts():
    pygame.freetype.init()
    return {p.name: pygame.freetype.Font(str(p), 16) for p in FONTS}


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_string_has_its_glyphs(lang, fonts):
    missing = set()
    for text in _catalog_texts(lang) + [UI_SYMBOLS]:
        chars = [ch for ch in text if ch.isprintable()]  # newlines are layout, not glyphs
        if not chars:
            continue
        for name, font in fonts.items():
            for ch, m in zip(chars, font.get_metrics("".join(chars)), strict=True):
                if m is None:
                    missing.add((name, ch, f"U+{ord(ch):04X}", text[:40]))
    assert not missing, sorted(missing)[:10]


# ------------------------------------------------------------------ fitting
@pytest.fixture
def app(tmp_path):
    from zole_desktop import storage
    from zole_desktop.storage import Settings
    from zole_desktop.ui.app import App

    storage.set_data_dir(tmp_path / "data")
    i18n.set_language("en")
    a = App(SIZE, Settings(language="en", animation="instant", sound=False), fast=True,
            save=False)
    yield a
    a.shutdown()
    i18n.set_language("en")
    storage.set_data_dir(None)


def _fitted(text: str, size: int, width: int, bold: bool) -> int:
    from zole_desktop.ui import gfx

    s = size
    while s > 1 and gfx.text_width(text, s, bold) > width:
        s -= 1
    return s


class Fit:
    """Collects every label that would have to shrink below MIN_RATIO."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.bad: list[str] = []
        self.checked = 0

    def check(self, where: str, text: str, size: int, width: int, bold: bool = False) -> None:
        if not text:
            return
        self.checked += 1
        s = _fitted(text, size, width, bold)
        if s < size * MIN_RATIO:
            from zole_desktop.ui import gfx

            need = gfx.text_width(text, size, bold)
            self.bad.append(f"{self.lang} {where}: {text!r} needs {need} px at {size} px, "
                            f"has {width} px (would shrink to {s} px)")

    def button(self, where: str, b, texts: list[str] | None = None) -> None:
        r = b.rect
        assert r.w > 0 and r.h > 0, (where, b.text())
        for t in texts or [b.text()]:
            self.check(where + " button", t, int(r.h * 0.42), r.w - r.h // 2, True)

    def form(self, scene) -> None:
        from zole_desktop.ui.widgets import Button, ChoiceRow, Heading, TextField

        where = type(scene).__name__
        W, H = scene.app.size
        t = scene.title_text()
        self.check(where + " title", t, int(H * 0.055), int(W * 0.9), True)
        for w in scene.all_widgets():
            r = w.rect
            if isinstance(w, Button):
                self.button(where, w)
            elif isinstance(w, ChoiceRow):
                row_h = int(r.h / w.height_factor)
                size = max(11, int(row_h * 0.38))
                label = w.label() if callable(w.label) else i18n._(w.label)
                self.check(where + " row label", label, size, int(r.w * 0.56))
                _left, box, _right = w.arrow_rects()
                for value, lab in w.options:
                    v = lab() if callable(lab) else (i18n._(lab) if lab else str(value))
                    self.check(where + " row value", v, size, box.w - 2 * box.h - 6, True)
                if w.explain:
                    self._explains(where, w, size)
            elif isinstance(w, TextField):
                self.check(where + " field label", i18n._(w.label), max(11, int(r.h * 0.38)),
                           int(r.w * 0.56))
            elif isinstance(w, Heading):
                t = w.label() if callable(w.label) else i18n._(w.label)
                self.check(where + " heading", t, int(r.h * (0.5 if w.small else 0.62)), r.w,
                           True)

    def _explains(self, where: str, row, size: int) -> None:
        """The one-line explanation under a choice row, for every value of the row."""
        es = max(10, int(size * 0.78))
        if not callable(row.explain):
            self.check(where + " explanation", i18n._(row.explain), es, row.rect.w)
            return
        old = row.get()
        try:
            for value, _lab in row.options:
                row.set(value)
                self.check(where + " explanation", row.explain(), es, row.rect.w)
        finally:
            row.set(old)


def _push(app, scene):
    app.stack.push(scene)
    app.step()
    return scene


def _table(app, **rules):
    from zole_desktop.flow.session import Session
    from zole_desktop.rules.options import Rules
    from zole_desktop.ui.table.scene import TableScene

    s = Session(players=3, names=["Me", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=1, seed=3, rules=Rules(**rules))
    s.match.dealer = 2  # the human is forehand and bids first
    table = _push(app, TableScene(s))
    for _ in range(20000):
        if table.waiting_for() == "bid":
            break
        app.step()
    assert table.waiting_for() == "bid"
    return table


@pytest.mark.parametrize("lang", LANGS)
def test_menu_scenes_fit(app, lang):
    from zole_desktop.ui import menus

    i18n.set_language(lang)
    fit = Fit(lang)
    for cls in (menus.MainMenu, menus.NewGameScene, menus.SettingsScene):
        scene = _push(app, cls())
        scene.layout()
        fit.form(scene)
        app.stack.pop()
        app.step()
    assert fit.checked > 60
    assert not fit.bad, "\n".join(fit.bad)


@pytest.mark.parametrize("lang", LANGS)
def test_table_and_pause_fit(app, lang):
    from zole_desktop.rules.state import MAZA_BID, PASS, TAKE_BID, ZOLE_BID
    from zole_desktop.ui.table import buttons as table_buttons
    from zole_desktop.ui.widgets import Button

    i18n.set_language(lang)
    table = _table(app, maza_zole=True, zole_in_dark=True, surrender=True)
    fit = Fit(lang)
    W, H = app.size
    # the bidding row: every bid the rules allow, side by side, inside the window
    table.view.cards_seen = True
    table_buttons.build(table, "bid")
    for b in table.buttons:
        fit.button("bid", b)
    assert set(table.button_actions) == {PASS, TAKE_BID, ZOLE_BID, MAZA_BID}
    row = sorted((b.rect for b in table.buttons), key=lambda r: r.x)
    assert row[0].left >= 0 and row[-1].right <= W, \
        f"{lang}: the bidding buttons span {row[0].left}..{row[-1].right} px of {W}"
    for left, right in zip(row, row[1:], strict=False):  # side by side, none over another
        assert left.right <= right.left and left.y == right.y, (lang, left, right)
    # before looking at the cards: zole in the dark or look
    table.view.cards_seen = False
    table_buttons.build(table, "bid")
    for b in table.buttons:
        fit.button("dark", b)
    # burying: the label changes with the cards chosen, the width is set by the first one
    table.selected = []
    table_buttons.build(table, "bury")
    bury = table.buttons[0]
    table.selected = [0, 1]
    fit.button("bury", bury, [bury.text()])
    table.selected = [0]
    fit.button("bury", bury, [bury.text()])
    table.selected = []
    # the corner column: all labels its buttons can show
    table_buttons.build_corner(table)
    corner = [i18n._(t) for t in ("Last trick (L)", "Undo (Ctrl+Z)", "Surrender",
                                  "Really give up?", "Menu (Esc)")]
    for b in table.corner:
        fit.button("corner", b, corner)
    assert all(isinstance(b, Button) for b in table.corner)
    # the pause menu over the table
    from zole_desktop.ui.pause import PauseMenu

    pause = _push(app, PauseMenu(table))
    pause.layout()
    fit.form(pause)
    assert not fit.bad, "\n".join(fit.bad)


def _buttons_of(scene) -> list:
    from zole_desktop.ui.widgets import Button

    out = []
    for v in vars(scene).values():
        if isinstance(v, Button):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            out += [b for b in v if isinstance(b, Button)]
    return out


def _show(app, scene):
    _push(app, scene)
    app.step()
    app.draw()
    return scene


@pytest.mark.parametrize("lang", LANGS)
def test_other_scenes_buttons_fit(app, lang):
    from zole_desktop.ui.gallery import GalleryScene
    from zole_desktop.ui.guide import GuideScene
    from zole_desktop.ui.history import HistoryScene
    from zole_desktop.ui.sheet import ScoreSheet
    from zole_desktop.ui.stats_scene import StatsScene
    from zole_desktop.ui.widgets import Button

    i18n.set_language(lang)
    fit = Fit(lang)
    W, H = app.size
    for scene in (GuideScene(), GalleryScene(), StatsScene()):
        _show(app, scene)
        bs = [b for b in _buttons_of(scene) if b.rect.w]
        assert bs, type(scene).__name__
        for b in bs:
            fit.button(type(scene).__name__, b)
        app.stack.pop()
    # the history list, a match's hands and the folder prompt share one row of buttons
    hs = _show(app, HistoryScene())
    bh = hs.buttons[0].rect.h
    for labels in (["Back", "Open"], ["Back", "Review hand", "Export to Documents",
                                      "Export to a folder…"], ["Cancel", "Export"]):
        hs.buttons = [Button(t, lambda: None) for t in labels]
        hs.layout_buttons(W, H, bh, hs.buttons[0].rect.y)
        for b in hs.buttons:
            fit.button("HistoryScene", b)
    app.stack.pop()
    # the score sheet's one button: Back, Next hand or Finish
    table = _table(app)
    sheet = _show(app, ScoreSheet(table.session))
    fit.button("ScoreSheet", sheet.buttons[0],
               [i18n._(t) for t in ("Back", "Next hand", "Finish", "Continue", "Review hand")])
    assert not fit.bad, "\n".join(fit.bad)


_ANALYSED: list = []  # the hand's review, analysed by the first language's test


@pytest.mark.parametrize("lang", LANGS)
def test_review_scene_buttons_fit(app, lang):
    from tests.helpers import example
    from zole_desktop.rules.record import parse_json, replay
    from zole_desktop.ui.review_scene import ReviewScene

    i18n.set_language(lang)
    fit = Fit(lang)
    if _ANALYSED:  # the analysis holds no words: each language draws them from it
        hand = _ANALYSED[0]
    else:
        hand = replay(parse_json(example("take-61.json").read_bytes())).match.hands[0]
    sc = _show(app, ReviewScene(hand, names=["Laima", "Anna", "Jānis"], threaded=False,
                                node_limit=50_000))
    assert not sc.analysing and sc.review.moments
    _ANALYSED[:] = [sc.review]
    for b in sc.buttons:
        fit.button("ReviewScene", b)
    assert not fit.bad, "\n".join(fit.bad)
