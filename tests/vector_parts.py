"""Rendering a part of a vector card alone (the tests of art/vector measure corners and
centres of cards rendered at print size)."""

from __future__ import annotations

from PIL import Image

from zole_desktop.art.vector import kit


def render_part(svg: str, width: int, height: int,
                box: tuple[int, int, int, int]) -> Image.Image:
    """The pixels ``box`` (x0, y0, x1, y1) of ``svg`` rendered at ``width`` x ``height``, the
    same as ``kit.render(svg, width, height).crop(box)``, at the cost of the part alone: the
    document's viewBox is narrowed to the part, so its pixels lie on the same grid."""
    m = kit._VIEWBOX.search(svg)  # the document's own: the first one
    assert m is not None, "the card has no viewBox"
    vx, vy, vw, vh = (float(v) for v in m.group(1).split())
    sx, sy = vw / width, vh / height
    x0, y0, x1, y1 = box
    part = (f'viewBox="{vx + x0 * sx:.6f} {vy + y0 * sy:.6f} {(x1 - x0) * sx:.6f} '
            f'{(y1 - y0) * sy:.6f}"')
    return kit.render(svg[:m.start()] + part + svg[m.end():], x1 - x0, y1 - y0)
