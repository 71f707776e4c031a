"""The gallery with player-made decks: add one (and refuse a hostile one), list a broken one
with the reason, play with an added deck, print it, save a card, and turn the deck."""

from __future__ import annotations

import zipfile

import pygame
import pytest

from zole_desktop import decks
from zole_desktop.i18n import set_language
from zole_desktop.ui import pictures
from zole_desktop.ui.app import STEP
from zole_desktop.ui.deck_forms import AddDeckScene, SaveScene
from zole_desktop.ui.gallery import GalleryScene
from zole_desktop.ui.gallery_decks import FLIP_SECONDS, TURN_SECONDS
from zole_desktop.ui.scene import CLICK, TEXT, Action


@pytest.fixture
def template(tmp_path):
    d = tmp_path / "src" / "my-deck"
    decks.write_template(d)
    return d


def _click(app, button) -> None:
    app.post_action(Action(CLICK, pos=button.rect.center))
    app.step()


def _gallery(app) -> GalleryScene:
    g = GalleryScene()
    app.stack.push(g)
    app.step()
    return g


def _wait(app, form) -> None:
    """Step the loop until the form's worker is done (it wakes the loop when it is)."""
    for _ in range(2000):
        if form.job is None:
            break
        form.job.join(0.5)
        app.step()
    app.step()


def _add(app, g, path) -> AddDeckScene:
    _click(app, g.add_button)
    form = app.stack.top
    assert isinstance(form, AddDeckScene)
    app.post_action(Action(TEXT, text=str(path)))
    app.step()
    _click(app, form.footer[0])
    # on a worker ("Adding…"), or already done when the refusal came from the zip's directory
    assert form.job is not None or form.result is not None
    _wait(app, form)
    return form


def test_add_a_deck_and_play_with_it(make_app, template, data_dir):
    app = make_app()
    g = _gallery(app)
    _add(app, g, template)
    assert app.stack.top is g
    assert g.theme_id == "my-deck" and g.theme() is not None
    assert "“My deck” is added" in app.toast_text
    assert (data_dir / "themes" / "my-deck" / "QC.png").is_file()
    _click(app, g.use_button)
    assert app.settings.theme == "my-deck"
    th = app.theme
    assert th.id == "my-deck" and th.player and len(th.faces) == 26
    # the faces are drawn: the gallery's big card shows the template's queen of clubs
    shot = app.screen.copy()
    r = g.card_rect
    face = pictures.card_image(th, "QC", r.h)
    for x, y in ((r.w // 2, r.h // 8), (r.w // 2, r.h // 2), (r.w // 4, r.h // 2)):
        got, want = shot.get_at((r.x + x, r.y + y)), face.get_at((x, y))
        assert all(abs(a - b) <= 4 for a, b in zip(got[:3], want[:3], strict=True))
    # the table's cards come from the same images, scaled, with rounded corners
    img = pictures.card_image(th, "QC", 200)
    assert img.get_size() == (round(200 * pictures.ASPECT), 200)
    assert all(abs(a - b) < 8 for a, b in zip(img.get_at((img.get_width() // 2, 20))[:3],
                                                (250, 248, 242), strict=True))
    assert img.get_at((0, 0)).a == 0  # the corners are rounded


def test_a_hostile_zip_is_refused_in_the_form(make_app, template, tmp_path, data_dir):
    z = tmp_path / "evil.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for p in template.iterdir():
            zf.writestr(p.name, p.read_bytes())
        zf.writestr("../../evil.png", b"x")
    app = make_app()
    g = _gallery(app)
    form = _add(app, g, z)
    assert app.stack.top is form
    assert form.problems == ["This deck cannot be added:",
                             "../../evil.png: a path that leaves the deck folder (refused)"]
    set_language("ru")  # the form writes them in the language of the moment
    assert form.problem_lines() == ["Эту колоду нельзя добавить:",
                                    "../../evil.png: путь ведёт за пределы папки колоды "
                                    "(отклонено)"]
    assert not (data_dir / "themes").exists() or not any((data_dir / "themes").iterdir())
    assert not (tmp_path.parent / "evil.png").exists()


def test_a_broken_deck_is_listed_with_the_reason_and_never_stops_the_game(make_app, template,
                                                                          data_dir):
    broken = data_dir / "themes" / "broken"
    decks.write_template(broken)
    (broken / "KH.png").unlink()
    from PIL import Image

    Image.new("RGB", (700, 700), "white").save(broken / "AS.png")
    app = make_app(theme="broken")
    assert app.theme.id == "classic"  # the table falls back, with one line
    assert "broken" in app.toast_text and "KH.png" in app.toast_text
    g = _gallery(app)
    assert "broken" in g.themes
    assert g.theme_id == "classic" and g.use_button.text() == "✓ Your deck"  # what is played
    # known broken before it is shown (its tab carries the warning sign), every problem kept
    assert "KH.png" in g.errors["broken"]
    assert len(g.problems["broken"]) == 2 and "AS.png" in g.problems["broken"][1]
    set_language("lv")  # found in English, shown in Latvian
    assert str(g.problems["broken"][1]).startswith("AS.png: 700x700 nav kārts proporcijas")
    assert str(g.errors["broken"]).endswith("(un vēl 1)")
    set_language("en")
    g.select_theme(g.themes.index("broken"))
    app.step()
    assert g.theme() is None
    assert not g.use_button.enabled and not g.print_button.enabled


def test_print_and_save_a_card(make_app, tmp_path, data_dir, monkeypatch):
    monkeypatch.setattr(SaveScene, "folders", {})
    app = make_app()
    g = _gallery(app)
    g.move(3)
    _click(app, g.png_button)
    form = app.stack.top
    assert isinstance(form, SaveScene) and form.path == str(data_dir / "cards")
    _click(app, form.footer[0])
    out = data_dir / "cards" / f"zole-classic-{g.code}.png"
    assert app.stack.top is g and str(out) in app.toast_text
    assert pygame.image.load(out).get_size() == (640, 896)
    # print, into a folder typed by the player
    _click(app, g.print_button)
    form = app.stack.top
    form.path = ""
    app.post_action(Action(TEXT, text=str(tmp_path / "prints")))
    _click(app, form.footer[0])
    for _ in range(2000):  # the PDF is written on a worker; the loop polls it
        if app.stack.top is g:
            break
        if form.job is not None:
            form.job.join(0.5)
        app.step()
    pdf = tmp_path / "prints" / f"zole-classic-{SaveScene.paper}.pdf"
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF-")
    assert str(pdf) in app.toast_text


def test_turning_the_deck(make_app):
    app = make_app()
    g = _gallery(app)
    _click(app, g.turn_button)
    assert g.turning and g.busy()
    assert 0 < g.turn_width() < 1 and g.animating()  # the first card turns up
    widths = []
    t = 0.0
    while t < TURN_SECONDS * 2 + STEP / 2:
        g.update(STEP)
        t += STEP
        widths.append(g.turn_width())
    assert g.ci == 2  # two cards on, slowly: one each TURN_SECONDS
    flat = sum(1 for w in widths if w == 1.0) * STEP
    assert flat > 2 * (TURN_SECONDS - 2 * FLIP_SECONDS) - 0.1
    assert min(widths) < 0.2  # each turn passes edge-on
    _click(app, g.turn_button)
    assert not g.turning and not g.busy()


def test_enter_in_the_path_field_adds_the_deck(make_app, template, data_dir):
    from zole_desktop.ui.scene import CONFIRM

    app = make_app()
    g = _gallery(app)
    _click(app, g.add_button)
    app.post_action(Action(TEXT, text=f'"{template}"'))  # pasted with quotes, as some do
    form = app.stack.top
    app.post_action(Action(CONFIRM))
    app.step()
    _wait(app, form)
    assert app.stack.top is g and g.theme_id == "my-deck"


def test_a_deck_changed_into_a_bomb_after_it_was_added_is_refused_undecoded(make_app, template,
                                                                           data_dir,
                                                                           monkeypatch):
    """themes/ is the player's folder: a face replaced later by a 100-byte PNG that claims
    60000 x 65000 pixels is refused from its header when the game loads the deck."""
    import struct
    import zlib

    tid = decks.import_deck(template)
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", 60000, 65000, 8, 6, 0, 0, 0)
    bomb = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr
            + struct.pack(">I", zlib.crc32(ihdr)) + b"\0" * 64)
    (data_dir / "themes" / tid / "QC.png").write_bytes(bomb)
    real = decks.decode
    decoded = []
    monkeypatch.setattr(decks, "decode", lambda n, d, s: decoded.append(n) or real(n, d, s))
    app = make_app(theme=tid)
    assert app.theme.id == "classic"
    assert "QC.png: 60000x65000 pixels" in app.toast_text
    assert decoded == []  # nothing of the deck was decoded


@pytest.mark.parametrize("key,kind", [(pygame.K_s, SaveScene), (pygame.K_p, SaveScene),
                                      (pygame.K_a, AddDeckScene)])
def test_the_letter_that_opens_a_form_is_not_typed_into_it(make_app, key, kind):
    """SDL sends a letter key as a key and as text: the text must not land in the new form's
    path field (it made /…/cards into /…/cardss)."""
    from zole_desktop.ui.scene import KEY

    app = make_app()
    g = _gallery(app)
    app.post_action(Action(KEY, value=key, text=chr(key)))
    form = app.stack.top
    assert isinstance(form, kind)
    before = form.path
    app.post_action(Action(TEXT, text=chr(key)))
    assert form.path == before
    app.post_action(Action(TEXT, text="x"))  # what is typed after it is typed
    assert form.path == before + "x"
    assert g is not form


@pytest.mark.parametrize("mark", [True, False])
def test_trump_mark_draws_the_games_star_on_a_player_decks_14_trumps(template, data_dir, mark):
    """``trump_mark = true`` (the template's) puts the trump star under the corner index of
    each trump, none on a plain card; ``false`` leaves the pictures as they are."""
    from zole_desktop.ui.theme import load_player_theme, star_box

    if not mark:
        toml = template / "theme.toml"
        toml.write_text(toml.read_text("utf-8").replace("trump_mark = true",
                                                        "trump_mark = false"), "utf-8")
    tid = decks.import_deck(template)
    th = load_player_theme(tid)
    gold = pygame.Color(0xE2, 0xB3, 0x3C)

    def golden(code: str) -> int:
        face = th.faces[code]
        x0, y0, s = star_box(*face.get_size())
        n = 0
        for x in range(x0, x0 + s):
            for y in range(y0, y0 + s):
                c = face.get_at((x, y))
                n += abs(c.r - gold.r) + abs(c.g - gold.g) + abs(c.b - gold.b) < 40
        return n

    trumps = [c for c in decks.FACE_CODES if c[0] in "QJ" or c[1] == "D"]
    assert len(trumps) == 14
    for code in decks.FACE_CODES:
        assert (golden(code) > 20) == (mark and code in trumps), code
