"""The vector cards (zole_desktop.art.vector): every face and back of the game's decks is an
SVG master that renders at exactly the size asked, the same twice, with the game's fonts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PIL import ImageChops

from zole_desktop.art import vector
from zole_desktop.art.common import DECK


@pytest.mark.parametrize("deck", vector.DECK_IDS)
def test_every_master_parses_and_renders_at_the_size_asked(deck):
    for code in DECK:
        ET.fromstring(vector.card_svg(deck, code))
        ET.fromstring(vector.card_svg(deck, code, bleed=vector.kit.PRINT_BLEED))
    ET.fromstring(vector.back_svg(deck))
    for size in ((131, 183), (400, 560)):
        img = vector.render_card(deck, "QC", *size)
        assert img.size == size and img.mode == "RGBA"
        assert img.getpixel((size[0] // 2, size[1] // 2))[3] == 255
        assert img.getpixel((0, 0))[3] < 40  # the rounded corner is transparent on screen
    back = vector.render_back(deck, 131, 183)
    assert back.getpixel((65, 91))[3] == 255


def test_a_render_is_deterministic():
    a = vector.render_card("rainis-1", "KC", 200, 280)
    b = vector.render_card("rainis-1", "KC", 200, 280)
    assert ImageChops.difference(a, b).getbbox() is None


def test_unknown_deck_or_card_is_refused_in_one_line():
    with pytest.raises(ValueError, match="unknown deck"):
        vector.card_svg("nope", "QC")
    with pytest.raises(ValueError, match="not a Zole card"):
        vector.card_svg("classic", "7C")


def test_digest_follows_the_masters():
    assert vector.digest("classic") == vector.digest("classic")
    assert vector.digest("classic") != vector.digest("rainis-1")
