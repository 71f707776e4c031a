"""The generated card themes in art/themes/ and the generator's sign geometry."""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

import pytest
from PIL import Image

from zole_desktop.art import render_card
from zole_desktop.art.common import CARD_H, CARD_W, DECK, is_trump, save_png
from zole_desktop.art.signs import SIGNS

THEMES = Path(__file__).resolve().parent.parent / "art" / "themes"
THEME_DIRS = sorted(p for p in THEMES.iterdir() if p.is_dir()) if THEMES.is_dir() else []
LANGS = ("lv", "en", "ru")


def test_expected_themes_present():
    ids = {p.name for p in THEME_DIRS}
    assert {"classic", "rainis-1", "rainis-2"} <= ids
    assert "classic-4c" not in ids  # four colours are a setting for every deck
    assert {p.name for p in RAINIS_DIRS} >= {"rainis-1", "rainis-2"}


def test_deck_is_the_zole_deck():
    assert len(DECK) == 26 and len(set(DECK)) == 26
    assert sum(is_trump(c) for c in DECK) == 14


@pytest.fixture(params=THEME_DIRS, ids=lambda p: p.name)
def theme(request):
    path = request.param
    with open(path / "theme.toml", "rb") as f:
        return path, tomllib.load(f)


def test_theme_toml_fields(theme):
    path, meta = theme
    assert meta["id"] == path.name
    assert all(meta["name"][lang] for lang in LANGS)
    assert meta["author"] == "Zole desktop team"
    assert meta["licence"] == "CC-BY-4.0"
    assert (path / "LICENSE.txt").is_file()
    assert isinstance(meta["trump_mark"], bool)
    assert meta["felt_color"].startswith("#") and len(meta["felt_color"]) == 7
    assert meta["card_width"] * 7 == meta["card_height"] * 5
    assert "cards" in meta


def test_faces_back_felt(theme):
    path, meta = theme
    size = (meta["card_width"], meta["card_height"])
    digests = set()
    for code in DECK:
        with Image.open(path / f"{code}.png") as im:
            assert im.size == size, code
            rgba = im.convert("RGBA")
            digests.add(hashlib.sha1(rgba.tobytes()).hexdigest())
        # full colour (a palette posterised the gradients), zlib level 9: about 80 to 210 KB
        assert (path / f"{code}.png").stat().st_size < 250_000, code
    assert len(digests) == 26, "every face must differ from every other face"
    with Image.open(path / "back.png") as im:
        assert im.size == size
    with Image.open(path / "felt.png") as im:
        assert min(im.size) >= 256


RAINIS_DIRS = [p for p in THEME_DIRS if p.name.startswith("rainis")]


@pytest.mark.parametrize("path", RAINIS_DIRS, ids=lambda p: p.name)
def test_rainis_cards_described(path):
    with open(path / "theme.toml", "rb") as f:
        meta = tomllib.load(f)
    for code in DECK:
        if code[0] not in "AKQJ":
            continue
        info = meta["cards"][code]
        for key in ("character", "play", "description"):
            for lang in LANGS:
                assert info[key][lang].strip(), (code, key, lang)


@pytest.mark.parametrize("name", sorted(SIGNS))
def test_signs_inside_box(name):
    polys = SIGNS[name]()
    assert polys
    for poly in polys:
        assert len(poly) >= 3
        for x, y in poly:
            assert -1.0 <= x <= 1.0 and -1.0 <= y <= 1.0


def test_render_card_api(tmp_path):
    im = render_card("rainis-1", "QC", (100, 140))
    assert im.size == (100, 140) and im.mode == "RGBA"
    assert im.getpixel((0, 0))[3] < 16  # rounded corner is transparent
    assert im.getpixel((50, 70))[3] == 255
    im.save(tmp_path / "QC.png")
    full = render_card("classic", "7D")
    assert full.size == (CARD_W, CARD_H)


def test_theme_toml_is_what_the_generator_writes(theme):
    """theme.toml (names, short names for the table, the caption box) comes from the code."""
    from zole_desktop.art.build import theme_toml

    path, _meta = theme
    assert (path / "theme.toml").read_text(encoding="utf-8") == theme_toml(path.name)


def test_rainis_table_caption_box_and_short_names(theme):
    """The box the game covers at table size lies on the card, left of the bottom-right index,
    and every illustrated card has a short name in each language."""
    from zole_desktop.art.common import IDX_BOX

    path, meta = theme
    if not path.name.startswith("rainis"):
        assert "table_caption" not in meta
        return
    x0, y0, x1, y1 = meta["table_caption"]["box"]
    assert 0 < x0 < x1 < 1 and 0 < y0 < y1 < 1
    assert x1 * CARD_W * 2 < 2 * CARD_W - IDX_BOX[2]  # short of the bottom-right index
    for code in DECK:
        if code[0] in "AKQJ":
            for lang in LANGS:
                short = meta["cards"][code]["short"][lang]
                assert short and len(short) <= 20, (code, lang)


@pytest.mark.parametrize("theme", ["classic", "rainis-1", "rainis-2"])
def test_generator_is_reproducible_and_matches_the_committed_faces(theme, tmp_path):
    """Rendering a court from its vector master twice gives the same bytes, and the committed
    PNGs in art/themes/ are what the generator writes now (a stale prebuilt theme fails here:
    ``python -m zole_desktop.art build`` writes them)."""
    for code in ("KC", "QS", "JD"):
        save_png(render_card(theme, code), tmp_path / "a.png")
        save_png(render_card(theme, code), tmp_path / "b.png")
        first = (tmp_path / "a.png").read_bytes()
        assert first == (tmp_path / "b.png").read_bytes(), (theme, code)
        assert first == (THEMES / theme / f"{code}.png").read_bytes(), (theme, code)


def test_shipped_cards_are_full_colour():
    """The shipped PNGs keep every colour the renderer drew (the 256-colour files had
    posterised gradients): a Rainis court holds far more than a palette's 256."""
    for theme in ("rainis-1", "rainis-2", "classic"):
        with Image.open(THEMES / theme / "KC.png") as im:
            assert im.mode in ("RGB", "RGBA")
            assert len(im.convert("RGB").getcolors(1 << 22)) > 512, theme
