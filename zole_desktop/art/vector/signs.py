"""The eight ancient Latvian signs of the Rainis decks as SVG paths: the geometry of
``art/signs.py`` (polygons in a box from -1 to 1, y up, on the 45°/90° grid), each sign one
path whose parts all wind the same way, so that the nonzero fill joins every overlap and leaves
no seam or hole where two strokes meet."""

from __future__ import annotations

from functools import lru_cache

from ..signs import SIGNS
from .kit import f


def _area(poly) -> float:
    return sum(x0 * y1 - x1 * y0
               for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True)) / 2


@lru_cache(maxsize=16)
def sign_d(name: str) -> str:
    """Sign ``name`` as one path in the unit box (-1..1, y down as in SVG)."""
    if name not in SIGNS:
        raise ValueError(f"not a sign: {name!r}; known: {', '.join(sorted(SIGNS))}")
    out = []
    for poly in SIGNS[name]():
        pts = [(x, -y) for x, y in poly]
        if _area(pts) < 0:
            pts.reverse()
        out.append("M" + "L".join(f"{x:.4f} {y:.4f}" for x, y in pts) + "Z")
    return "".join(out)


def sign(name: str, cx: float, cy: float, half: float, color: str) -> str:
    """Sign ``name`` centred on (cx, cy), ``half`` card units from its centre to its box's
    edge, filled with ``color``."""
    return (f'<path transform="translate({f(cx)} {f(cy)}) scale({half:.4f})" '
            f'd="{sign_d(name)}" fill="{color}"/>')


__all__ = ["SIGNS", "sign", "sign_d"]
