"""Court characters with faces of their own, classic courts that differ within a rank, and a
generator that gives the same bytes on every build (and matches the committed themes: the
shipped PNGs are rendered from the vector masters, ``python -m zole_desktop.art build``)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from zole_desktop.art import figures, rainis, render_card
from zole_desktop.art.classic import FRAME
from zole_desktop.art.common import CARD_W, CW, INK, hexc, save_png

THEMES = Path(__file__).resolve().parent.parent / "art" / "themes"


def _raster(theme: str, code: str, size: tuple[int, int] | None = None,
            four: bool = False) -> Image.Image:
    """The Pillow drawing of a face, which the portrait checks below measure (the shipped
    pictures now come from the vector masters: :func:`render_card`)."""
    from zole_desktop.art import classic
    from zole_desktop.art.common import finish

    canvas = (classic.render(code, four=four) if theme == "classic"
              else rainis.render(theme, code, four=four))
    return finish(canvas, size)


def _changed(a: Image.Image, b: Image.Image, level: int = 40) -> float:
    """Fraction of pixels whose grey level differs by more than ``level``."""
    d = ImageChops.difference(a, b).point(lambda v: 255 if v > level else 0)
    return d.histogram()[255] / (d.width * d.height)


def _bare_face(look: figures.Look) -> Image.Image:
    """The character's head and shoulders with everything that is not face or build taken
    away: no hair, headwear, beard, props or scene; one skin, eye and cloth colour for all."""
    bare = replace(look, hair_style="none", headwear="", beard="", beard_color="", props=[],
                   scene="plain", skin="#E8C4A0", eyes="#405060", style="shirt", c1="#F3EEE2",
                   c2="#F3EEE2", c3="#F3EEE2", pale=False, belt=False)
    img = Image.new("RGB", (400, 460), (255, 255, 255))
    figures.draw_character(img, (0, 0, 400, 460), bare)
    return img.convert("L").crop((110, 60, 290, 280))


def _characters():
    for theme in ("rainis-1", "rainis-2"):
        for code, (_cap, names, _desc, look) in rainis.CARDS[theme].items():
            if code[0] in "KQJ":
                yield f"{theme}:{code}:{names['en']}", look


def test_every_rainis_character_has_a_face_of_their_own():
    """With hair, hats, beards and colours stripped, any two of the 24 characters' faces still
    differ in at least 2.5% of the head region (one shared face template gave 0% for most
    pairs: Uldis and Antiņš, Lāčplēsis and Indulis, ...)."""
    faces = {name: _bare_face(look) for name, look in _characters()}
    assert len(faces) == 24
    same = [(a, b, round(_changed(fa, fb), 4))
            for (a, fa), (b, fb) in itertools.combinations(faces.items(), 2)
            if _changed(fa, fb) < 0.025]
    assert not same, same


@pytest.mark.parametrize("pair", [("rainis-1:QS", "rainis-2:QC"), ("rainis-1:QC", "rainis-1:QD"),
                                  ("rainis-1:KD", "rainis-2:KD"), ("rainis-1:JC", "rainis-1:KC")],
                         ids=["Baiba-Lelde", "Spidola-Saulcerite", "old-men", "Kangars-Lacplesis"])
def test_pairs_a_reader_of_the_plays_tells_apart(pair):
    """Characters who share a costume type (two brides, two old men, a traitor and a hero of the
    same play) differ clearly in the face alone, well beyond the general threshold."""
    looks = {name.rsplit(":", 1)[0]: look for name, look in _characters()}
    a, b = (_bare_face(looks[k]) for k in pair)
    assert _changed(a, b) > 0.05


def test_faces_show_at_table_size():
    """At a table-size card (110 px high) every court character shows a face: enough skin in
    the head region to read (the hooded Kangars of the shared template showed 31 pixels)."""
    for theme in ("rainis-1", "rainis-2"):
        for code, (_cap, names, _desc, look) in rainis.CARDS[theme].items():
            if code[0] not in "KQJ":
                continue
            head = _raster(theme, code, (79, 110)).convert("RGB").crop((26, 8, 54, 40))
            skin = hexc(look.skin)
            shown = sum(1 for y in range(head.height) for x in range(head.width)
                        if sum(abs(a - b) for a, b in
                               zip(head.getpixel((x, y)), skin, strict=True)) < 60)
            assert shown >= 50, (theme, code, names["en"], shown)


def _ink_lines(four: bool, code: str) -> Image.Image:
    """The ink outlines (pure #1E1B18) of the upper half of a classic court's portrait, away
    from the corner pips: the drawing itself, whatever the colours."""
    im = _raster("classic", code, four=four).convert("RGB")
    s = CARD_W / CW
    x0, y0, x1, y1 = (int(v * s) for v in FRAME)
    pad = int(0.12 * CARD_W)
    half = im.crop((x0 + pad, y0 + pad, x1 - pad, (y0 + y1) // 2))
    masks = [ImageChops.difference(ch, Image.new("L", half.size, v)).point(
        lambda d: 255 if d < 14 else 0) for ch, v in zip(half.split(), INK, strict=True)]
    return ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])


@pytest.mark.parametrize("four", [False, True])
@pytest.mark.parametrize("rank", "KQJ")
def test_classic_courts_are_four_different_figures(four, rank):
    """Four kings, four queens, four jacks: the line drawings of any two courts of a rank
    differ in at least 5% of the portrait (one figure per rank told apart by colour differed
    in about 1%)."""
    lines = {suit: _ink_lines(four, rank + suit) for suit in "CSHD"}
    for a, b in itertools.combinations("CSHD", 2):
        d = ImageChops.difference(lines[a], lines[b])
        frac = d.histogram()[255] / (d.width * d.height)
        assert frac > 0.05, (rank + a, rank + b, round(frac, 4))


@pytest.mark.parametrize("four", [False, True])
@pytest.mark.parametrize("code", ["KC", "QH", "JS"])
def test_classic_courts_are_mirrored_halves(four, code):
    """A double-headed court: the portrait's lower half is the upper half turned by 180°."""
    im = _raster("classic", code, four=four)
    s = CARD_W / CW
    x0, y0, x1, y1 = (int(v * s) for v in FRAME)
    mid = (y0 + y1) // 2
    top = im.crop((x0 + 8, y0 + 8, x1 - 8, mid - 4)).convert("L")
    bottom = im.crop((x0 + 8, mid + 4 + (y1 - y0) % 2, x1 - 8, y1 - 8)).convert("L")
    assert _changed(top, bottom.rotate(180), level=60) < 0.03


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
