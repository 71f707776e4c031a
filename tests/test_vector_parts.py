"""The vector tests' part renders (tests/vector_parts.py) are the pixels of the whole card's
render: the top-left quarter byte for byte, a part inside the card within antialiasing."""

from PIL import ImageChops
from vector_parts import render_part

from zole_desktop.art import vector
from zole_desktop.art.vector import kit

FULL = (744, 1039)


def test_a_part_is_the_same_pixels_as_the_whole_cards_render():
    for deck, code in (("classic", "KS"), ("rainis-1", "9C")):
        svg = vector.card_svg(deck, code)
        whole = kit.render(svg, *FULL)
        quarter = (0, 0, FULL[0] // 2, FULL[1] // 2)
        assert render_part(svg, *FULL, quarter).tobytes() == whole.crop(quarter).tobytes()
        inner = (100, 200, 377, 477)
        part = render_part(svg, *FULL, inner)
        assert part.size == (277, 277)
        d = ImageChops.difference(part.convert("RGB"), whole.crop(inner).convert("RGB")
                                  ).convert("L")
        assert max(d.get_flattened_data()) <= 8 and d.histogram()[0] >= 277 * 277 - 20
